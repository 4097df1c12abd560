//! Going places: MOVE, MARCH, CARAVAN, RETREAT, and ENTER and LEAVE for
//! buildings and vessels.

use std::fmt;

use serde::Serialize;

use crate::orders::args::Args;
use crate::orders::codes;
use crate::orders::print::{each, opt};
use crate::orders::refs::{LocationRef, StructureRef};
use crate::orders::spec::{Alias, Keyword, OrderSpec, Placement, Timing, Traits, Who};
use crate::orders::words::Direction;

/// Where a journey goes: a direction or a reachable location.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Destination {
    Direction(Direction),
    Location(LocationRef),
}

impl fmt::Display for Destination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Destination::Direction(d) => d.fmt(f),
            Destination::Location(l) => l.fmt(f),
        }
    }
}

impl Destination {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Destination> {
        if a.peek_is_location() {
            return a.location().map(Destination::Location);
        }
        if a.peek_is_structure() {
            let tok = a.take()?;
            let text = a.text_of(tok);
            let d = a
                .diag_at(
                    &codes::WRONG_ARGUMENT,
                    tok,
                    format!("`{text}` is a structure, not a location"),
                )
                .with_help(format!(
                    "to go inside a building or vessel, use `ENTER {text}`"
                ));
            return a.fail(d);
        }
        a.direction().map(Destination::Direction)
    }
}

macro_rules! journey {
    ($name:ident, $word:literal) => {
        #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
        pub struct $name {
            pub to: Destination,
        }

        impl $name {
            pub fn parse(a: &mut Args<'_, '_>) -> Option<$name> {
                Some($name {
                    to: Destination::parse(a)?,
                })
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($word, " {}"), self.to)
            }
        }
    };
}

journey!(Move, "MOVE");
journey!(March, "MARCH");

pub const MOVE: OrderSpec = OrderSpec {
    keyword: Keyword::Move,
    name: "MOVE",
    aliases: &[],
    syntax: "MOVE direction|location-id",
    timing: Timing::FullDay,
    who: Who::LeaderOrCreature,
    traits: Traits::MOVEMENT,
    placement: Placement::Unit,
    summary: "Travels in a direction (N, NE, SE, S, SW, NW, IN, OUT) or to a reachable location.",
    details: "A stacked unit leaves its stack first; a stack leader takes the whole stack. The \
              journey takes as long as the report shows for the stack's way of travelling, \
              and cannot be stopped except by RETREAT. A count is ignored. With `@` the order \
              stays and the unit keeps going that way until blocked (decision OV-UO-058). A \
              guard that bars the way turns the stack back. Followers with scouting may move \
              on their own.",
    examples: &[
        "MOVE L48",
        "MOVE SOUTHWEST",
        "@MOVE NE  # keep going north-east until blocked",
    ],
    checklist: &[
        "OV-UO-056",
        "OV-UO-057",
        "OV-UO-058",
        "OV-ORD-025",
        "OV-ORD-026",
    ],
};

pub const MARCH: OrderSpec = OrderSpec {
    keyword: Keyword::March,
    name: "MARCH",
    aliases: &[],
    syntax: "MARCH direction|location-id",
    timing: Timing::FullDay,
    who: Who::LeaderOrCreature,
    traits: Traits::MOVEMENT,
    placement: Placement::Unit,
    summary: "Like MOVE, but a guard barring the way is attacked instead of turning back.",
    details: "",
    examples: &["MARCH N", "MARCH L47"],
    checklist: &["OV-UO-050"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Caravan {
    /// At least two stops.
    pub stops: Vec<LocationRef>,
}

impl Caravan {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Caravan> {
        let mut stops = vec![a.location()?];
        stops.push(a.location()?);
        while !a.at_end() {
            stops.push(a.location()?);
        }
        Some(Caravan { stops })
    }
}

impl fmt::Display for Caravan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CARAVAN")?;
        each(f, &self.stops)
    }
}

pub const CARAVAN: OrderSpec = OrderSpec {
    keyword: Keyword::Caravan,
    name: "CARAVAN",
    aliases: &[],
    syntax: "CARAVAN location-id location-id ...",
    timing: Timing::FullDay,
    who: Who::LeaderOrCreature,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Moves along a route of locations, one leg per execution, and back again.",
    details: "Executes when the unit stands in one of the listed locations and the next one is \
              reachable; it then moves there as MOVE does. When the leg leads to the last \
              location, the list is reversed, so `@CARAVAN` shuttles back and forth.",
    examples: &["CARAVAN L47 L49 L51"],
    checklist: &["OV-UO-015", "OV-UO-016"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Retreat;

impl Retreat {
    pub fn parse(_: &mut Args<'_, '_>) -> Option<Retreat> {
        Some(Retreat)
    }
}

impl fmt::Display for Retreat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RETREAT")
    }
}

pub const RETREAT: OrderSpec = OrderSpec {
    keyword: Keyword::Retreat,
    name: "RETREAT",
    aliases: &[],
    syntax: "RETREAT",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::SPECIAL,
    placement: Placement::Unit,
    summary: "Cancels the journey under way and goes back, taking as long as the way out took.",
    details: "Must be the unit's first order of the turn (E0111). Given by a stack leader, the \
              whole stack turns back; given by a unit inside a moving stack, that unit breaks \
              away and goes back alone (decision OV-UO-076). A retreat cannot be retreated from.",
    examples: &["RETREAT"],
    checklist: &["OV-UO-074", "OV-UO-075", "OV-UO-076", "OV-UO-077"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Enter {
    pub structure: StructureRef,
}

impl Enter {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Enter> {
        Some(Enter {
            structure: a.structure()?,
        })
    }
}

impl fmt::Display for Enter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ENTER {}", self.structure)
    }
}

pub const ENTER: OrderSpec = OrderSpec {
    keyword: Keyword::Enter,
    name: "ENTER",
    aliases: &[],
    syntax: "ENTER structure-id",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Goes inside a building or vessel present at the location.",
    details: "Fails if the structure's owner does not count the unit's faction at least \
              friendly. Inner locations are entered with MOVE, not ENTER. A follower may ENTER; \
              doing so takes it out of its stack.",
    examples: &["ENTER B220"],
    checklist: &["OV-UO-030", "OV-UO-031", "OV-UO-032"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Leave {
    /// Checked against the structure the unit is in, when given.
    pub structure: Option<StructureRef>,
}

impl Leave {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Leave> {
        let structure = if a.at_end() {
            None
        } else {
            Some(a.structure()?)
        };
        Some(Leave { structure })
    }
}

impl fmt::Display for Leave {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("LEAVE")?;
        opt(f, &self.structure)
    }
}

pub const LEAVE: OrderSpec = OrderSpec {
    keyword: Keyword::Leave,
    name: "LEAVE",
    aliases: &[Alias {
        spelling: "EXIT",
        legacy: false,
    }],
    syntax: "LEAVE [structure-id]",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Steps out of the building or vessel the unit is in.",
    details: "EXIT is the same order (decision OV-UO-036). The rules' examples name the \
              structure (`LEAVE B209`, `EXIT B220`), so an optional structure id is accepted \
              and the order executes only when the unit is inside that structure (decisions \
              OV-UO-036, OV-UO-049). A follower may LEAVE; doing so takes it out of its stack.",
    examples: &["LEAVE", "LEAVE B199", "EXIT B220"],
    checklist: &["OV-UO-036", "OV-UO-049"],
};
