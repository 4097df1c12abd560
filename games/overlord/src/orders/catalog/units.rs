//! The unit itself: NAME, DESCRIBE, DISBAND, MERGE, SPLIT, RECRUIT, OATH, WORK.

use std::fmt;

use serde::Serialize;

use crate::orders::args::Args;
use crate::orders::codes;
use crate::orders::print::quoted;
use crate::orders::refs::{NewId, Tag, UnitRef};
use crate::orders::spec::{Keyword, OrderSpec, Placement, Timing, Traits, Who};
use crate::orders::vocabulary::TagKind;

use super::stacks::{bare, unit_order};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Name {
    pub name: String,
}

impl Name {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Name> {
        Some(Name {
            name: a.name_text("the name")?,
        })
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("NAME ")?;
        quoted(f, &self.name)
    }
}

pub const NAME: OrderSpec = OrderSpec {
    keyword: Keyword::Name,
    name: "NAME",
    aliases: &[],
    syntax: "NAME \"name\"",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Both,
    summary: "Renames the faction (before the first UNIT line) or the unit (after it).",
    details: "Names only appear in reports. The name may be quoted with straight or \
              typographic quotes, or written bare to the end of the line (as the rules' own \
              `NAME The Emperor`); its letter case is kept.",
    examples: &[
        "NAME \"The Hooterville Posse\"",
        "NAME “Biscuithead”",
        "NAME The Emperor",
    ],
    checklist: &["OV-FO-002", "OV-UO-059", "OV-ORD-007", "OV-ORD-010"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Describe {
    /// `None` erases the description.
    pub text: Option<String>,
}

impl Describe {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Describe> {
        if a.at_end() {
            return Some(Describe { text: None });
        }
        let text = a.text("a description")?;
        Some(Describe {
            text: (!text.is_empty()).then_some(text),
        })
    }
}

impl fmt::Display for Describe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DESCRIBE")?;
        match &self.text {
            Some(t) => {
                f.write_str(" ")?;
                quoted(f, t)
            }
            None => Ok(()),
        }
    }
}

pub const DESCRIBE: OrderSpec = OrderSpec {
    keyword: Keyword::Describe,
    name: "DESCRIBE",
    aliases: &[],
    syntax: "DESCRIBE [\"unit look\"]",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Sets the unit's description for reports; with no text, erases it.",
    details: "",
    examples: &["DESCRIBE \"wearing a dark hood to conceal deformity from previous battles\""],
    checklist: &["OV-UO-025"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Disband;

impl Disband {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Disband> {
        if a.eat_word("CONFIRM") {
            return Some(Disband);
        }
        let d = match a.peek() {
            Some(tok) => a.diag_at(&codes::MISSING_CONFIRM, tok, "DISBAND must be confirmed"),
            None => {
                let end = a.ctx.text.trim_end().len() as u32;
                a.ctx.diag(
                    &codes::MISSING_CONFIRM,
                    end,
                    end,
                    "DISBAND must be confirmed",
                )
            }
        };
        a.fail(d.with_help("write `DISBAND CONFIRM`: the unit and all it carries will be gone"))
    }
}

impl fmt::Display for Disband {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DISBAND CONFIRM")
    }
}

pub const DISBAND: OrderSpec = OrderSpec {
    keyword: Keyword::Disband,
    name: "DISBAND",
    aliases: &[],
    syntax: "DISBAND CONFIRM",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Disbands the unit: it vanishes with everything it carries.",
    details: "Its figures join the local population. Without CONFIRM the order is refused.",
    examples: &["DISBAND CONFIRM"],
    checklist: &["OV-UO-026"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Merge {
    pub into: UnitRef,
    /// 0: all figures and all possessions.
    pub figures: u32,
}

impl Merge {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Merge> {
        let into = a.other_unit("merge into")?;
        let figures = a.number("a number of figures (0 for all, with possessions)")?;
        Some(Merge { into, figures })
    }
}

impl fmt::Display for Merge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MERGE {} {}", self.into, self.figures)
    }
}

pub const MERGE: OrderSpec = OrderSpec {
    keyword: Keyword::Merge,
    name: "MERGE",
    aliases: &[],
    syntax: "MERGE unit-id number",
    timing: Timing::Immediate,
    who: Who::FollowerOrCreature,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Moves figures into another unit of your faction (or a stockpile) at the same place.",
    details: "Skills are mixed and averaged; figures that would give the target two basic \
              skills first forget theirs (scouting with combat excepted). Items stay behind \
              unless the number is 0, which moves all figures with all possessions. Moving \
              exactly all figures leaves the items behind as a stockpile and wipes its orders.",
    examples: &[
        "MERGE U222 5  # five followers join unit 222",
        "MERGE U199 0  # everyone and everything joins unit 199",
    ],
    checklist: &[
        "OV-UO-051",
        "OV-UO-052",
        "OV-UO-053",
        "OV-UO-054",
        "OV-UO-055",
    ],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Split {
    pub new_unit: NewId,
    pub figures: u32,
}

impl Split {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Split> {
        let new_unit = a.own_new_unit()?;
        let figures = a.number_in("a number of figures", 1, u32::MAX)?;
        Some(Split { new_unit, figures })
    }
}

impl fmt::Display for Split {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SPLIT {} {}", self.new_unit, self.figures)
    }
}

pub const SPLIT: OrderSpec = OrderSpec {
    keyword: Keyword::Split,
    name: "SPLIT",
    aliases: &[],
    syntax: "SPLIT new-unit-id number",
    timing: Timing::Immediate,
    who: Who::FollowerOrCreature,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Splits that many figures off into a new unit, right after this one.",
    details: "Needs at least number + 1 figures. The new unit keeps the skills. Unequipped \
              figures go first, then equipped ones with their equipment; unequipped items \
              stay behind.",
    examples: &["SPLIT f06nU01 10  # ten figures form the new unit f06nU01"],
    checklist: &["OV-UO-090", "OV-UO-091", "OV-ORD-022"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Recruit {
    pub into: UnitRef,
    /// 0: as many as possible.
    pub count: u32,
    pub race: Tag,
    /// 0: the price in the report.
    pub price: u32,
}

impl Recruit {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Recruit> {
        let tok = a.peek();
        let into = a.other_unit("recruit into")?;
        if let (UnitRef::New(id), Some(tok)) = (into, tok) {
            a.check_own(tok, id)?;
        }
        let count = a.number("a number of figures (0 for as many as possible)")?;
        let race = a.tag(TagKind::Race)?;
        let price = a.number("a price per figure (0 for the price in the report)")?;
        Some(Recruit {
            into,
            count,
            race,
            price,
        })
    }
}

impl fmt::Display for Recruit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "RECRUIT {} {} {} {}",
            self.into, self.count, self.race, self.price
        )
    }
}

pub const RECRUIT: OrderSpec = OrderSpec {
    keyword: Keyword::Recruit,
    name: "RECRUIT",
    aliases: &[],
    syntax: "RECRUIT unit-id number race amount-per-figure",
    timing: Timing::Immediate,
    who: Who::Leader,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Hires figures from the local population into a unit, at the end of the day.",
    details: "A placeholder id creates the unit, stacked under the leader; an existing unit \
              must be one of yours of the same race. Number 0 hires as many as the month's \
              offer and the leader's own coins allow (faction funds are never used); price 0 \
              pays the price in the report. A recruiting leader cannot start a move that day.",
    examples: &[
        "RECRUIT f06nU01 10 man 51  # ten men into a new unit",
        "RECRUIT U2095 0 man 50  # as many men as possible into unit 2095",
        "RECRUIT f06nU99 1 ldr 0  # one leader at the report's price",
    ],
    checklist: &[
        "OV-UO-067",
        "OV-UO-068",
        "OV-UO-069",
        "OV-UO-070",
        "OV-UO-071",
        "OV-UO-072",
        "OV-UO-073",
    ],
};

unit_order!(Oath, "OATH", "swear an oath to");

pub const OATH: OrderSpec = OrderSpec {
    keyword: Keyword::Oath,
    name: "OATH",
    aliases: &[],
    syntax: "OATH unit-id",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Pledges the unit to the faction of the unit it meets; it changes sides at turn end.",
    details: "Your faction keeps control and pays the upkeep until the end of the turn; then \
              the unit reports to its new faction and its orders reset to WORK (decision \
              OV-UO-060).",
    examples: &["OATH U222"],
    checklist: &["OV-UO-060"],
};

bare!(Demote, "DEMOTE");

pub const DEMOTE: OrderSpec = OrderSpec {
    keyword: Keyword::Demote,
    name: "DEMOTE",
    aliases: &[],
    syntax: "DEMOTE",
    timing: Timing::Immediate,
    who: Who::Leader,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Makes a hero a plain leader again.",
    details: "A hero with a combat skill at 4th level or higher must FORGET it first; until then \
              the order waits. A leader that is no hero cannot be demoted: the order is dropped. \
              A plain leader costs one control point less (decision OV-UNIT-021).",
    examples: &["DEMOTE"],
    checklist: &["OV-UNIT-021"],
};

bare!(Work, "WORK");

pub const WORK: OrderSpec = OrderSpec {
    keyword: Keyword::Work,
    name: "WORK",
    aliases: &[],
    syntax: "WORK",
    timing: Timing::FullDay,
    who: Who::LeaderOrFollower,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Works for the local wage; what a unit does when it has nothing else to do.",
    details: "Wages are paid at the end of the month for the days worked, and lost if the \
              unit left the location.",
    examples: &["10 WORK", "@WORK"],
    checklist: &["OV-UO-118", "OV-SCH-025"],
};
