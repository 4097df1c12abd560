//! The month (EG-MON-001): the premonthly phase, the front, weeks 1 to 4,
//! then the end of the month — a pure function of the world, the tables and
//! the orders. The dice come from the game's seed and the month's number.
//!
//! - [`premonthly`]: the premonthly actions, in the fixed sequence of
//!   [`premonthly::STEPS`];
//! - [`front`]: who is at the front, battle results, the four rolls;
//! - [`weekly`]: one action a week for those in Paris;
//! - [`endmonth`]: pay, SPs, dues and upkeep, companionship, the SP→SL
//!   conversion;
//! - [`conditions`]: what an IF may test, and its answer.

pub mod conditions;
pub mod endmonth;
pub mod front;
pub mod premonthly;
pub mod weekly;

use std::collections::{BTreeMap, BTreeSet};

use umpire_core::dice::Dice;

use crate::events::{Event, What, When};
use crate::orders::ast::{ActionKind, OrderSheet};
use crate::spsl::Sp;
use crate::tables::{Crowns, Tables};
use crate::world::{CharacterId, Whereabouts, World};

/// What a month produced.
#[derive(Debug, Clone)]
pub struct MonthOutcome {
    /// The game month that was played.
    pub month: u32,
    /// The world after it (its `month` is the next one).
    pub world: World,
    /// Everything that happened, in order.
    pub events: Vec<Event>,
}

/// Facts a later order may test (EG-COND-001).
#[derive(Debug, Clone, Default)]
pub struct Facts {
    /// (character, week) → what he did, and whether openly (courting).
    pub acted: BTreeMap<(CharacterId, u8), (ActionKind, bool)>,
    /// (toadier, week) → (target, received).
    pub toadied: BTreeMap<(CharacterId, u8), (CharacterId, bool)>,
    /// Gifts made this month: (from, to) → total.
    pub gifts: BTreeMap<(CharacterId, CharacterId), Crowns>,
    /// Who visited a bawdyhouse this month (companionship).
    pub bawdyhouse: BTreeSet<CharacterId>,
    /// Weeks of regimental duty done this month.
    pub duty: BTreeMap<CharacterId, u8>,
    /// Who announced something this month (EG-PRE-002).
    pub announced: BTreeSet<CharacterId>,
    /// Who was appointed to what this month, by whom: (appointee, post).
    pub appointed: BTreeSet<(CharacterId, crate::model::Post, CharacterId)>,
}

/// The month being played.
pub struct Month<'a> {
    pub tables: &'a Tables,
    /// The world as the month began.
    pub before: &'a World,
    pub world: World,
    pub month: u32,
    pub orders: &'a BTreeMap<CharacterId, OrderSheet>,
    pub events: Vec<Event>,
    pub facts: Facts,
    dice: Dice,
}

impl<'a> Month<'a> {
    /// Get ready to play `world.month`.
    pub fn new(
        world: &'a World,
        tables: &'a Tables,
        orders: &'a BTreeMap<CharacterId, OrderSheet>,
    ) -> Month<'a> {
        Month {
            tables,
            before: world,
            month: world.month,
            world: world.clone(),
            orders,
            events: Vec::new(),
            facts: Facts::default(),
            dice: Dice::for_turn(world.seed, world.month),
        }
    }

    /// A character's own dice for one part of the month: each character and
    /// phase has its own stream, so one player's orders never change
    /// another's rolls.
    pub fn dice_for(&self, who: CharacterId, label: &str) -> Dice {
        self.dice
            .derive_indexed("character", u64::from(who.raw()))
            .derive(label)
    }

    /// Dice for something that is nobody's in particular (a battle).
    pub fn dice_named(&self, label: &str) -> Dice {
        self.dice.derive(label)
    }

    /// Record an event and apply its SP and cash to the character.
    pub fn record(
        &mut self,
        when: When,
        who: CharacterId,
        what: What,
        sp: Sp,
        cash: Crowns,
        public: bool,
    ) {
        if let Some(c) = self.world.characters.get_mut(who.raw() as usize) {
            c.sp += sp;
            c.cash = c.cash.saturating_add(cash);
        }
        self.events.push(Event {
            when,
            who,
            what,
            sp,
            cash,
            public,
        });
    }

    /// Record an order that could not be carried out.
    pub fn refuse(
        &mut self,
        when: When,
        who: CharacterId,
        order: impl Into<String>,
        reason: impl Into<String>,
    ) {
        self.record(
            when,
            who,
            What::Refused {
                order: order.into(),
                reason: reason.into(),
            },
            Sp::ZERO,
            0,
            false,
        );
    }

    /// Character by id (a copy of what is needed is usually better; this is
    /// for reading).
    pub fn ch(&self, id: CharacterId) -> Option<&crate::world::Character> {
        self.world.characters.get(id.raw() as usize)
    }

    /// Mutable character.
    pub fn ch_mut(&mut self, id: CharacterId) -> Option<&mut crate::world::Character> {
        self.world.characters.get_mut(id.raw() as usize)
    }

    /// Player characters (not NPCs) who are alive, in id order.
    pub fn players(&self) -> Vec<CharacterId> {
        self.world
            .ids()
            .filter(|&id| self.ch(id).is_some_and(|c| !c.npc && c.is_alive()))
            .collect()
    }

    /// Whether a character is in Paris.
    pub fn in_paris(&self, id: CharacterId) -> bool {
        self.ch(id)
            .is_some_and(|c| c.whereabouts == Whereabouts::Paris)
    }

    /// A character's name, for messages.
    pub fn name(&self, id: CharacterId) -> String {
        self.ch(id)
            .map_or_else(|| format!("#{}", id.raw()), |c| c.name.clone())
    }
}

/// Play one month.
pub fn run_month(
    world: &World,
    tables: &Tables,
    orders: &BTreeMap<CharacterId, OrderSheet>,
) -> MonthOutcome {
    let mut m = Month::new(world, tables, orders);
    front::post_units(&mut m);
    premonthly::run(&mut m);
    front::run(&mut m);
    for week in 1..=4 {
        weekly::run(&mut m, week);
    }
    endmonth::run(&mut m);
    let month = m.month;
    m.world.month = month + 1;
    MonthOutcome {
        month,
        world: m.world,
        events: m.events,
    }
}
