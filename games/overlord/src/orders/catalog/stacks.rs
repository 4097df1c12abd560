//! Stacks: STACK, UNSTACK, ACCEPT, EJECT, PROMOTE, STAY.

use std::fmt;

use serde::Serialize;

use crate::orders::args::Args;
use crate::orders::print::opt;
use crate::orders::refs::UnitRef;
use crate::orders::spec::{Keyword, OrderSpec, Placement, Timing, Traits, Who};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stack {
    /// `None`: just unstack.
    pub under: Option<UnitRef>,
}

impl Stack {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Stack> {
        let under = if a.at_end() {
            None
        } else {
            Some(a.other_unit("stack under")?)
        };
        Some(Stack { under })
    }
}

impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("STACK")?;
        opt(f, &self.under)
    }
}

pub const STACK: OrderSpec = OrderSpec {
    keyword: Keyword::Stack,
    name: "STACK",
    aliases: &[],
    syntax: "STACK [unit-id]",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Joins the stack of the given unit (unstacking first if needed); alone, just unstacks.",
    details: "Under another faction's unit it succeeds only if that faction counts yours an \
              ally or its leader has given ACCEPT for this unit. Stacking under a follower or \
              creature, or under a unit of one's own substack, is refused (decision OV-UO-095).",
    examples: &["STACK U222  # stacks under unit 222", "STACK  # unstacks"],
    checklist: &["OV-UO-092", "OV-UO-093", "OV-UO-094", "OV-UO-095"],
};

/// Orders without arguments.
macro_rules! bare {
    ($name:ident, $word:literal) => {
        #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
        pub struct $name;

        impl $name {
            pub fn parse(_: &mut Args<'_, '_>) -> Option<$name> {
                Some($name)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str($word)
            }
        }
    };
}
pub(crate) use bare;

bare!(Unstack, "UNSTACK");
bare!(Stay, "STAY");

pub const UNSTACK: OrderSpec = OrderSpec {
    keyword: Keyword::Unstack,
    name: "UNSTACK",
    aliases: &[],
    syntax: "UNSTACK",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Leaves the stack, taking along any units stacked below this one.",
    details: "Always executes; a unit that is not stacked, or leads the whole stack, is unaffected.",
    examples: &["UNSTACK"],
    checklist: &["OV-UO-113"],
};

pub const STAY: OrderSpec = OrderSpec {
    keyword: Keyword::Stay,
    name: "STAY",
    aliases: &[],
    syntax: "STAY",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::SPECIAL,
    placement: Placement::Unit,
    summary: "When the unit's stack sets off, the unit leaves the stack just before and stays.",
    details: "",
    examples: &["STAY"],
    checklist: &["OV-UO-097"],
};

/// ACCEPT, EJECT and PROMOTE take one other unit.
macro_rules! unit_order {
    ($name:ident, $word:literal, $role:literal) => {
        #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
        pub struct $name {
            pub unit: $crate::orders::refs::UnitRef,
        }

        impl $name {
            pub fn parse(a: &mut Args<'_, '_>) -> Option<$name> {
                Some($name {
                    unit: a.other_unit($role)?,
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
pub(crate) use unit_order;

unit_order!(Accept, "ACCEPT", "accept");
unit_order!(Eject, "EJECT", "eject");
unit_order!(Promote, "PROMOTE", "promote");

pub const ACCEPT: OrderSpec = OrderSpec {
    keyword: Keyword::Accept,
    name: "ACCEPT",
    aliases: &[],
    syntax: "ACCEPT unit-id",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::SPECIAL,
    placement: Placement::Unit,
    summary: "Lets the given unit of another faction stack under this one, whatever the stances.",
    details: "Executes when that unit tries to STACK under this leader. A placeholder of \
              another faction may be named (`ACCEPT f02nU98`) and follows the unit to its \
              permanent id once it is created.",
    examples: &[
        "ACCEPT U20022",
        "ACCEPT f02nU98  # a new unit of another faction",
    ],
    checklist: &["OV-UO-001", "OV-UO-002"],
};

pub const EJECT: OrderSpec = OrderSpec {
    keyword: Keyword::Eject,
    name: "EJECT",
    aliases: &[],
    syntax: "EJECT unit-id",
    timing: Timing::Immediate,
    who: Who::Leader,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Throws a unit stacked directly under this leader out of the stack.",
    details: "The overall stack leader unstacks it completely; a substack leader moves it out \
              of the substack to just after itself in the parent stack.",
    examples: &["EJECT U250", "AT L47", "-EJECT U999  # once at L47"],
    checklist: &["OV-UO-029"],
};

pub const PROMOTE: OrderSpec = OrderSpec {
    keyword: Keyword::Promote,
    name: "PROMOTE",
    aliases: &[],
    syntax: "PROMOTE unit-id",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Unit,
    summary: "Moves a unit that comes later in the report, at the same stack level, in front of this one.",
    details: "",
    examples: &["PROMOTE U222"],
    checklist: &["OV-UO-066"],
};
