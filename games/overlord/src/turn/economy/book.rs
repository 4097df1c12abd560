//! The market's book: the day's BUY, SELL and RECRUIT offers as they are
//! placed, their sums, and the month's dealings with the towns, settled
//! at the day's end by [`super::market`] and [`super::recruits`].

use rustc_hash::FxHashMap;

use crate::orders::{Order, UnitRef};
use crate::rules::{ItemId, RaceId};
use crate::world::{LocationId, UnitId};

/// Which side of the market an offer is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Buy,
    Sell,
}

/// A unit's BUY or SELL offer for today.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bid {
    pub day: u8,
    pub unit: UnitId,
    pub place: LocationId,
    pub item: ItemId,
    pub side: Side,
    /// 0: as many as possible.
    pub count: u64,
    pub price: u32,
    /// The order that placed it, to be counted down once settled.
    pub order: Order,
}

/// A leader's RECRUIT request for today.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hire {
    pub day: u8,
    pub unit: UnitId,
    pub place: LocationId,
    pub race: RaceId,
    pub into: UnitRef,
    /// 0: as many as possible.
    pub count: u32,
    pub price: u32,
    pub order: Order,
}

/// The day's offers and the month's dealings with the towns.
#[derive(Clone, Debug, Default)]
pub struct Book {
    pub bids: Vec<Bid>,
    pub hires: Vec<Hire>,
    /// Items each town sold to units this month.
    pub town_sold: FxHashMap<(LocationId, ItemId), u64>,
    /// Items each town bought from units this month.
    pub town_bought: FxHashMap<(LocationId, ItemId), u64>,
    /// Figures hired in each place this month.
    pub hired: FxHashMap<(LocationId, RaceId), u32>,
    /// Today's offers summed, so that placing one costs a lookup, not a
    /// pass over every offer of the day (see [`Book::note`]).
    pub today: Today,
}

/// Sums of the offers placed on one day.
#[derive(Clone, Debug, Default)]
pub struct Today {
    pub day: u8,
    /// Coins each unit promised to its BUY and RECRUIT offers.
    pub cash: FxHashMap<UnitId, u64>,
    /// Items each unit offered in its SELL offers.
    pub items: FxHashMap<(UnitId, ItemId), u64>,
    /// Offers by place, item and side, and each unit's share of them.
    pub offers: FxHashMap<(LocationId, ItemId, Side), u32>,
    pub own: FxHashMap<(UnitId, LocationId, ItemId, Side), u32>,
}

impl Book {
    /// The sums of day `day`, started afresh on a new day.
    pub fn today(&mut self, day: u8) -> &mut Today {
        if self.today.day != day {
            self.today = Today {
                day,
                ..Today::default()
            };
        }
        &mut self.today
    }

    /// Count a BUY or SELL offer placed today.
    pub fn note(&mut self, b: &Bid) {
        let today = self.today(b.day);
        match b.side {
            Side::Buy => {
                let c = today.cash.entry(b.unit).or_insert(0);
                *c = c.saturating_add(b.count.max(1).saturating_mul(u64::from(b.price)));
            }
            Side::Sell => {
                let c = today.items.entry((b.unit, b.item)).or_insert(0);
                *c = c.saturating_add(b.count.max(1));
            }
        }
        *today.offers.entry((b.place, b.item, b.side)).or_insert(0) += 1;
        *today
            .own
            .entry((b.unit, b.place, b.item, b.side))
            .or_insert(0) += 1;
    }

    /// Count a RECRUIT offer placed today.
    pub fn note_hire(&mut self, h: &Hire) {
        let today = self.today(h.day);
        let c = today.cash.entry(h.unit).or_insert(0);
        *c = c.saturating_add(u64::from(h.count.max(1)).saturating_mul(u64::from(h.price)));
    }
}
