//! Titles and ownership: CLAIM, BESTOW, CANCEL, YIELD, CHRISTEN.

use std::fmt;

use serde::Serialize;

use crate::orders::args::Args;
use crate::orders::print::{opt, quoted};
use crate::orders::refs::{LocationRef, Tag};
use crate::orders::spec::{Keyword, OrderSpec, Placement, Timing, Traits, Who};
use crate::orders::vocabulary::TagKind;

use super::stacks::unit_order;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Claim {
    pub title: Tag,
    /// `None`: the unit's current location (decision OV-UO-021).
    pub location: Option<LocationRef>,
    /// Only while the title is vacant.
    pub free: bool,
}

impl Claim {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Claim> {
        let title = a.tag(TagKind::Title)?;
        let location = if a.peek_is_location() {
            Some(a.location()?)
        } else {
            None
        };
        let free = a.eat_word("FREE");
        Some(Claim {
            title,
            location,
            free,
        })
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CLAIM {}", self.title)?;
        opt(f, &self.location)?;
        if self.free {
            f.write_str(" FREE")?;
        }
        Ok(())
    }
}

pub const CLAIM: OrderSpec = OrderSpec {
    keyword: Keyword::Claim,
    name: "CLAIM",
    aliases: &[],
    syntax: "CLAIM title-tag [location-id] [FREE]",
    timing: Timing::FullDay,
    who: Who::Leader,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Claims a title of the location the unit is in, challenging its holder if need be.",
    details: "Succeeds if the title is vacant, or the claimant has the required skill and wins \
              the challenge; the title's cost is paid either way. With FREE, executes only \
              while the title is vacant. Without a location id, the unit's current location is \
              meant (the rules' `CLAIM MAYO` and the original engine's `claim over`; decision \
              OV-UO-021).",
    examples: &["CLAIM mayo L67", "CLAIM mayo L67 FREE", "CLAIM MAYO"],
    checklist: &["OV-UO-019", "OV-UO-020", "OV-UO-021"],
};

unit_order!(Bestow, "BESTOW", "bestow a title on");

pub const BESTOW: OrderSpec = OrderSpec {
    keyword: Keyword::Bestow,
    name: "BESTOW",
    aliases: &[],
    syntax: "BESTOW unit-id",
    timing: Timing::Immediate,
    who: Who::Leader,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Hands the unit's title to another unit once it is present.",
    details: "",
    examples: &["BESTOW U509"],
    checklist: &["OV-UO-007"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cancel {
    pub title: Tag,
    pub location: LocationRef,
}

impl Cancel {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Cancel> {
        let title = a.tag(TagKind::Title)?;
        let location = a.location()?;
        Some(Cancel { title, location })
    }
}

impl fmt::Display for Cancel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CANCEL {} {}", self.title, self.location)
    }
}

pub const CANCEL: OrderSpec = OrderSpec {
    keyword: Keyword::Cancel,
    name: "CANCEL",
    aliases: &[],
    syntax: "CANCEL title-tag location-id",
    timing: Timing::Immediate,
    who: Who::TitleHolder,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Revokes a lesser title at a location, if the unit's own title gives that power.",
    details: "Executes once the unit is at that location; the revoked title becomes vacant.",
    examples: &["CANCEL mayo L47"],
    checklist: &["OV-UO-014"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Yield {
    /// Checked against the title held, when given.
    pub title: Option<Tag>,
}

impl Yield {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Yield> {
        let title = if a.at_end() {
            None
        } else {
            Some(a.tag(TagKind::Title)?)
        };
        Some(Yield { title })
    }
}

impl fmt::Display for Yield {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("YIELD")?;
        opt(f, &self.title)
    }
}

pub const YIELD: OrderSpec = OrderSpec {
    keyword: Keyword::Yield,
    name: "YIELD",
    aliases: &[],
    syntax: "YIELD [title-tag]",
    timing: Timing::Immediate,
    who: Who::Leader,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Gives up the title the unit holds; it becomes vacant.",
    details: "The title tag is optional and, when given, must be the title held (decision \
              OV-UO-119).",
    examples: &["YIELD", "YIELD MAYO  # gives up the mayor title"],
    checklist: &["OV-UO-119"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Christen {
    pub name: String,
}

impl Christen {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Christen> {
        Some(Christen {
            name: a.name_text("the name")?,
        })
    }
}

impl fmt::Display for Christen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CHRISTEN ")?;
        quoted(f, &self.name)
    }
}

pub const CHRISTEN: OrderSpec = OrderSpec {
    keyword: Keyword::Christen,
    name: "CHRISTEN",
    aliases: &[],
    syntax: "CHRISTEN \"structure name\"",
    timing: Timing::Immediate,
    who: Who::StructureOwner,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Names the structure the unit owns, or a location still named after its type.",
    details: "Executes once the unit is the structure's owner (the first unit inside). A \
              location whose name is its type word (a castle called \"castle\", plains called \
              \"plains\") may be named too. Names only appear in reports.",
    examples: &["CHRISTEN “Nirmal’s Roost”"],
    checklist: &["OV-UO-017", "OV-UO-018"],
};
