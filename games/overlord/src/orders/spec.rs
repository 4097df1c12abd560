//! What the rules say about an order, as data: its keyword and spellings,
//! its syntax, when it runs, who may give it, what kind of order it is, and
//! its documentation. One [`OrderSpec`] per order lives beside that order's
//! grammar in `catalog/`; the registry lists them all, and the parser, the
//! checker, `umpire overlord help` and the manual all read from there.

use serde::Serialize;

/// When an order runs (the order reference's "Duration").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Timing {
    /// Takes no time; any number may run in a day.
    Immediate,
    /// Takes the unit's whole day; one per day, after the immediate orders.
    FullDay,
    /// GUARD: immediate, but the day's full-day order runs at half efficiency.
    HalfDay,
    /// A faction order, applied before day 1.
    Faction,
}

impl Timing {
    pub fn describe(self) -> &'static str {
        match self {
            Timing::Immediate => "immediate",
            Timing::FullDay => "full-day",
            Timing::HalfDay => "half-day",
            Timing::Faction => "faction, before day 1",
        }
    }
}

/// Who may give the order (the order reference's "Unit restrictions").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Who {
    /// A faction order: given by the faction, not by a unit.
    Faction,
    Any,
    Leader,
    LeaderOrCreature,
    FollowerOrCreature,
    LeaderOrFollower,
    TitleHolder,
    StructureOwner,
}

impl Who {
    pub fn describe(self) -> &'static str {
        match self {
            Who::Faction => "the faction",
            Who::Any => "any unit",
            Who::Leader => "leaders only",
            Who::LeaderOrCreature => "leaders and creatures",
            Who::FollowerOrCreature => "followers and creatures",
            Who::LeaderOrFollower => "leaders and followers",
            Who::TitleHolder => "title holders",
            Who::StructureOwner => "structure owners",
        }
    }
}

/// The order reference's "Order type", plus movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Traits {
    /// Removed the first time it succeeds; `@` has no effect (OV-SCH-016).
    pub condition: bool,
    /// Removed after its first execution; a count has no effect (OV-SCH-015).
    pub one_shot: bool,
    /// Depends on another unit's action or on a journey under way (OV-SCH-017).
    pub special: bool,
    /// A journey: takes as long as it takes; a count has no effect (OV-SCH-014).
    pub movement: bool,
}

impl Traits {
    pub const NONE: Traits = Traits {
        condition: false,
        one_shot: false,
        special: false,
        movement: false,
    };
    pub const CONDITION: Traits = Traits {
        condition: true,
        ..Traits::NONE
    };
    pub const ONE_SHOT: Traits = Traits {
        one_shot: true,
        ..Traits::NONE
    };
    pub const SPECIAL: Traits = Traits {
        special: true,
        ..Traits::NONE
    };
    pub const CONDITION_ONE_SHOT: Traits = Traits {
        condition: true,
        one_shot: true,
        ..Traits::NONE
    };
    pub const SPECIAL_CONDITION: Traits = Traits {
        condition: true,
        special: true,
        ..Traits::NONE
    };
    pub const MOVEMENT: Traits = Traits {
        one_shot: true,
        movement: true,
        ..Traits::NONE
    };

    pub fn describe(self) -> String {
        let mut v = Vec::new();
        if self.movement {
            v.push("movement");
        }
        if self.condition {
            v.push("condition");
        }
        if self.one_shot {
            v.push("one-shot");
        }
        if self.special {
            v.push("special");
        }
        if v.is_empty() {
            "normal".into()
        } else {
            v.join(", ")
        }
    }
}

/// Where in an order set the order may stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Placement {
    /// Under a UNIT line.
    Unit,
    /// Between the GAME line and the first UNIT line.
    Faction,
    /// Either; before the first UNIT line it acts for the faction.
    Both,
}

/// Another spelling of an order keyword.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Alias {
    pub spelling: &'static str,
    /// Accepted for compatibility with the original engine's files, and
    /// reported as a note (N0114).
    pub legacy: bool,
}

/// Everything the rules say about one order.
#[derive(Debug, Serialize)]
pub struct OrderSpec {
    pub keyword: Keyword,
    /// Canonical spelling.
    pub name: &'static str,
    pub aliases: &'static [Alias],
    /// Syntax line as in the order reference.
    pub syntax: &'static str,
    pub timing: Timing,
    pub who: Who,
    pub traits: Traits,
    pub placement: Placement,
    /// One line.
    pub summary: &'static str,
    /// The rule in full, in our words, including the decisions we made.
    pub details: &'static str,
    /// Example orders, each optionally followed by `# comment`.
    pub examples: &'static [&'static str],
    /// Checklist items this order implements.
    pub checklist: &'static [&'static str],
}

impl OrderSpec {
    /// Whether a day count means something on this order (full-day orders
    /// and GUARD, but not movement or one-shot orders).
    pub fn takes_count(&self) -> bool {
        matches!(self.timing, Timing::FullDay | Timing::HalfDay) && !self.traits.one_shot
    }

    /// Whether `@` means something on this order (not on conditions).
    pub fn takes_repeat(&self) -> bool {
        !self.traits.condition
    }
}

macro_rules! keywords {
    ($($variant:ident),+ $(,)?) => {
        /// Every order keyword, unit and faction orders alike, in
        /// alphabetical order.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        #[serde(rename_all = "UPPERCASE")]
        pub enum Keyword { $($variant),+ }

        impl Keyword {
            pub const ALL: &'static [Keyword] = &[$(Keyword::$variant),+];
        }
    };
}

keywords!(
    Accept, At, Attack, Bestow, Build, Buy, Cancel, Caravan, Christen, Claim, Combat, Day, Demote,
    Describe, Disband, Drop, Eject, Email, Enter, Equip, Forget, Get, Give, Guard, Have, Leader,
    Leading, Leave, March, Merge, Move, Name, Oath, Password, Pillage, Promote, Recruit, Reshow,
    Resign, Retreat, See, Sell, Setting, Size, Skill, Split, Stack, Stance, Stay, Study, Swap,
    Synchro, Tactic, Target, Teach, Unstack, Use, Wait, Withdraw, Work, Yield,
);
