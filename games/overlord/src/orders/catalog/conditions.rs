//! Conditions: AT, DAY, HAVE, LEADER, LEADING, SEE, SIZE, SKILL, SYNCHRO,
//! WAIT. A condition is an immediate order that "executes" when what it
//! tests is true, then leaves the list, releasing the dashed orders below it
//! (OV-SCH-002).

use std::fmt;

use serde::Serialize;

use crate::orders::args::Args;
use crate::orders::print::opt;
use crate::orders::refs::{LocationRef, StructureRef, Tag, UnitRef};
use crate::orders::spec::{Keyword, OrderSpec, Placement, Timing, Traits, Who};
use crate::orders::vocabulary::TagKind;
use crate::orders::words::SkillMeasure;

/// A location or a structure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Place {
    Location(LocationRef),
    Structure(StructureRef),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Location(l) => l.fmt(f),
            Place::Structure(s) => s.fmt(f),
        }
    }
}

impl Place {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Place> {
        if a.peek_is_structure() {
            a.structure().map(Place::Structure)
        } else if a.peek_is_location() || a.at_end() {
            a.location().map(Place::Location)
        } else {
            let tok = a.take()?;
            a.wrong(tok, "a location or structure id (such as L47 or B220)")
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct At {
    pub place: Place,
}

impl At {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<At> {
        Some(At {
            place: Place::parse(a)?,
        })
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AT {}", self.place)
    }
}

pub const AT: OrderSpec = OrderSpec {
    keyword: Keyword::At,
    name: "AT",
    aliases: &[],
    syntax: "AT location-id|structure-id",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::CONDITION,
    placement: Placement::Unit,
    summary: "Succeeds when the unit is at the given location or inside the given structure.",
    details: "With a location id, succeeds while the unit stands in that location outside any \
              structure; with a structure id, once the unit is inside that structure.",
    examples: &[
        "AT L47",
        "-10 USE LUMB  # once at L47, harvest lumber for 10 days",
        "+STUDY LUMB 2  # until then, study",
    ],
    checklist: &["OV-UO-003", "OV-UO-004", "OV-SCH-007"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Day {
    /// 1 to 30.
    pub day: u8,
}

impl Day {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Day> {
        let d = a.number_in("a day of the month", 1, 30)?;
        Some(Day { day: d as u8 })
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DAY {}", self.day)
    }
}

pub const DAY: OrderSpec = OrderSpec {
    keyword: Keyword::Day,
    name: "DAY",
    aliases: &[],
    syntax: "DAY number",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::CONDITION_ONE_SHOT,
    placement: Placement::Unit,
    summary: "Succeeds on the given day of the month (1 to 30).",
    details: "Use it to hold the dashed orders below it until a given day. Compare the `Dnn` \
              prefix, which restricts a single order to one day.",
    examples: &["DAY 15", "-NAME \"Master of Miltonville\""],
    checklist: &["OV-UO-024"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Have {
    pub item: Tag,
    /// `None` means 1.
    pub count: Option<u32>,
}

impl Have {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Have> {
        let item = a.tag(TagKind::Item)?;
        let count = a.opt_number("a number of items")?;
        Some(Have { item, count })
    }
}

impl fmt::Display for Have {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HAVE {}", self.item)?;
        opt(f, &self.count)
    }
}

pub const HAVE: OrderSpec = OrderSpec {
    keyword: Keyword::Have,
    name: "HAVE",
    aliases: &[],
    syntax: "HAVE item-tag [number]",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::CONDITION,
    placement: Placement::Unit,
    summary: "Succeeds when the unit holds at least that many of the item (1 if no number).",
    details: "",
    examples: &[
        "HAVE food 5",
        "-GIVE U222 food 5  # once it has 5 food, hand them over",
    ],
    checklist: &["OV-UO-046", "OV-SCH-004"],
};

/// LEADER, LEADING, SEE and SYNCHRO take one unit id.
macro_rules! unit_condition {
    ($name:ident, $word:literal) => {
        #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
        pub struct $name {
            pub unit: UnitRef,
        }

        impl $name {
            pub fn parse(a: &mut Args<'_, '_>) -> Option<$name> {
                Some($name {
                    unit: a.other_unit("wait for")?,
                })
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($word, " {}"), self.unit)
            }
        }
    };
}

unit_condition!(Leader, "LEADER");
unit_condition!(Leading, "LEADING");
unit_condition!(See, "SEE");
unit_condition!(Synchro, "SYNCHRO");

pub const LEADER: OrderSpec = OrderSpec {
    keyword: Keyword::Leader,
    name: "LEADER",
    aliases: &[],
    syntax: "LEADER unit-id",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::CONDITION,
    placement: Placement::Unit,
    summary: "Succeeds when the given unit leads the unit's stack, directly or higher up.",
    details: "",
    examples: &["LEADER U222", "-NAME \"Munchkin\""],
    checklist: &["OV-UO-047"],
};

pub const LEADING: OrderSpec = OrderSpec {
    keyword: Keyword::Leading,
    name: "LEADING",
    aliases: &[],
    syntax: "LEADING unit-id",
    timing: Timing::Immediate,
    who: Who::Leader,
    traits: Traits::CONDITION,
    placement: Placement::Unit,
    summary: "Succeeds when the given unit is visible anywhere in the stack this leader leads.",
    details: "",
    examples: &["LEADING U222", "-10 TEACH U222 CMBT"],
    checklist: &["OV-UO-048"],
};

pub const SEE: OrderSpec = OrderSpec {
    keyword: Keyword::See,
    name: "SEE",
    aliases: &[],
    syntax: "SEE unit-id",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::CONDITION,
    placement: Placement::Unit,
    summary: "Succeeds when the given unit is visible in the same location.",
    details: "",
    examples: &[
        "SEE U290",
        "-GIVE U290 0 IRON 10  # once U290 is seen, give it all iron but 10",
    ],
    checklist: &["OV-UO-078"],
};

pub const SYNCHRO: OrderSpec = OrderSpec {
    keyword: Keyword::Synchro,
    name: "SYNCHRO",
    aliases: &[],
    syntax: "SYNCHRO unit-id",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::SPECIAL_CONDITION,
    placement: Placement::Unit,
    summary: "Succeeds at the same instant as the given unit's matching SYNCHRO.",
    details: "Both units must issue SYNCHRO naming each other; both succeed together, at most \
              once a day. Units of one faction synchronise anywhere; units of different \
              factions only where they can interact.",
    examples: &[
        "DAY 10",
        "-SYNCHRO U222",
        "--DESCRIBE \"THE OVERLORD SMELLS LIKE A PIG\"",
    ],
    checklist: &["OV-UO-103", "OV-UO-104"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Size {
    pub figures: u32,
}

impl Size {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Size> {
        Some(Size {
            figures: a.number("a number of figures")?,
        })
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SIZE {}", self.figures)
    }
}

pub const SIZE: OrderSpec = OrderSpec {
    keyword: Keyword::Size,
    name: "SIZE",
    aliases: &[],
    syntax: "SIZE number",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::CONDITION,
    placement: Placement::Unit,
    summary: "Succeeds when the unit has at least that many figures.",
    details: "",
    examples: &[
        "SIZE 50",
        "-@PILLAGE",
        "+30 STUDY CMBT  # study until 50 strong, then pillage",
    ],
    checklist: &["OV-UO-088", "OV-SCH-008"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Skill {
    pub skill: Tag,
    pub amount: u32,
    /// `None` means LEVEL.
    pub measure: Option<SkillMeasure>,
}

impl Skill {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Skill> {
        let skill = a.tag(TagKind::Skill)?;
        let amount = a.number("a level or a number of days")?;
        let measure = if a.at_end() { None } else { Some(a.word()?) };
        Some(Skill {
            skill,
            amount,
            measure,
        })
    }
}

impl fmt::Display for Skill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SKILL {} {}", self.skill, self.amount)?;
        opt(f, &self.measure)
    }
}

pub const SKILL: OrderSpec = OrderSpec {
    keyword: Keyword::Skill,
    name: "SKILL",
    aliases: &[],
    syntax: "SKILL skill-tag number [LEVEL|DAYS]",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::CONDITION,
    placement: Placement::Unit,
    summary: "Succeeds when the unit has that level (or that many days of experience) in the skill.",
    details: "LEVEL is the default. The skill tag is required: the syntax line of the rules \
              omits it, but every example has it (decision OV-UO-089).",
    examples: &[
        "SKILL CMBT 2 LEVEL",
        "-CLAIM MAYO  # at combat 2, claim the mayor title",
        "SKILL BLDE 95 DAYS",
    ],
    checklist: &["OV-UO-089"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Wait {
    pub days: u32,
}

impl Wait {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Wait> {
        Some(Wait {
            days: a.number_in("a number of days", 1, u32::MAX)?,
        })
    }
}

impl fmt::Display for Wait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "WAIT {}", self.days)
    }
}

pub const WAIT: OrderSpec = OrderSpec {
    keyword: Keyword::Wait,
    name: "WAIT",
    aliases: &[],
    syntax: "WAIT number",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::CONDITION,
    placement: Placement::Unit,
    summary: "Succeeds once that many days have passed since the order was first reached.",
    details: "The count starts on the day the order is first reached (decision OV-UO-116).",
    examples: &["WAIT 10", "-MOVE N  # wait 10 days, then go north"],
    checklist: &["OV-UO-116"],
};
