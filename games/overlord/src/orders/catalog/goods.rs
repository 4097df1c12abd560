//! Moving goods: GIVE, GET, DROP, EQUIP, SWAP, WITHDRAW, and the market
//! orders BUY and SELL.

use std::fmt;

use serde::Serialize;

use crate::orders::args::Args;
use crate::orders::print::opt;
use crate::orders::refs::{LocationRef, Tag, UnitRef};
use crate::orders::spec::{Keyword, OrderSpec, Placement, Timing, Traits, Who};
use crate::orders::vocabulary::TagKind;

/// How many items GIVE, GET and DROP move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Quantity {
    /// No number: as many as possible.
    All,
    /// That many (0 with a kept amount means "all but").
    Count { count: u32 },
    /// `count kept`: move `count` (0 = all) but keep at least `kept`.
    Keeping { count: u32, kept: u32 },
}

impl fmt::Display for Quantity {
    /// With a leading space, or nothing for `All`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Quantity::All => Ok(()),
            Quantity::Count { count } => write!(f, " {count}"),
            Quantity::Keeping { count, kept } => write!(f, " {count} {kept}"),
        }
    }
}

/// `item [number [kept]]`, or `number item [kept]` as the rules' own SEE
/// example writes it (`GIVE U290 0 IRON 10`; decision OV-UO-044).
fn item_and_quantity(a: &mut Args<'_, '_>, kept_what: &str) -> Option<(Tag, Quantity)> {
    if a.peek_is_number() {
        let count = a.number("a number of items")?;
        let item = a.tag(TagKind::Item)?;
        let q = match a.opt_number(kept_what)? {
            Some(kept) => Quantity::Keeping { count, kept },
            None => Quantity::Count { count },
        };
        return Some((item, q));
    }
    let item = a.tag(TagKind::Item)?;
    let q = match a.opt_number("a number of items")? {
        None => Quantity::All,
        Some(count) => match a.opt_number(kept_what)? {
            Some(kept) => Quantity::Keeping { count, kept },
            None => Quantity::Count { count },
        },
    };
    Some((item, q))
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Give {
    pub to: UnitRef,
    pub item: Tag,
    pub quantity: Quantity,
}

impl Give {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Give> {
        let to = a.other_unit("give to")?;
        let (item, quantity) = item_and_quantity(a, "a number of items to keep")?;
        Some(Give { to, item, quantity })
    }
}

impl fmt::Display for Give {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GIVE {} {}{}", self.to, self.item, self.quantity)
    }
}

pub const GIVE: OrderSpec = OrderSpec {
    keyword: Keyword::Give,
    name: "GIVE",
    aliases: &[],
    syntax: "GIVE unit-id item-tag [number [kept]]",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Hands items to another unit that is present and visible.",
    details: "Without a number, gives as many as possible. With `number kept`, the giver must \
              hold at least number + kept; `0 kept` gives all but `kept`, as long as one item \
              can be given. A unit of another faction receives only if its faction accepts \
              gifts from yours. The number may also stand before the item, as in the rules' \
              own `GIVE U290 0 IRON 10` (decision OV-UO-044); the template writes it after.",
    examples: &[
        "GIVE U229 ston 100  # gives 100 stones to unit 229",
        "GIVE U882 swrd 0 5  # gives all swords but 5 to unit 882",
    ],
    checklist: &["OV-UO-041", "OV-UO-042", "OV-UO-043", "OV-UO-044"],
};

/// Where GET takes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Source {
    Unit(UnitRef),
    Location(LocationRef),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Unit(u) => u.fmt(f),
            Source::Location(l) => l.fmt(f),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Get {
    pub from: Source,
    pub item: Tag,
    pub quantity: Quantity,
}

impl Get {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Get> {
        let from = if a.peek_is_location() {
            Source::Location(a.location()?)
        } else if a.peek_is_unit() {
            Source::Unit(a.other_unit("get from")?)
        } else {
            let Some(tok) = a.take() else {
                return a.missing("a unit or location id");
            };
            return a.wrong(tok, "a unit or location id (such as U229 or L47)");
        };
        let (item, quantity) = item_and_quantity(a, "a number of items to leave")?;
        Some(Get {
            from,
            item,
            quantity,
        })
    }
}

impl fmt::Display for Get {
    /// The documented form puts the number before the item.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.quantity {
            Quantity::All => write!(f, "GET {} {}", self.from, self.item),
            Quantity::Count { count } => write!(f, "GET {} {count} {}", self.from, self.item),
            Quantity::Keeping { count, kept } => {
                write!(f, "GET {} {count} {} {kept}", self.from, self.item)
            }
        }
    }
}

pub const GET: OrderSpec = OrderSpec {
    keyword: Keyword::Get,
    name: "GET",
    aliases: &[],
    syntax: "GET unit-id|location-id [number] item-tag [left]",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Takes items from a unit of your faction, or from the ground of the location.",
    details: "Without a number, takes as many as possible. With `left`, the source must hold at \
              least number + left; `0 … left` takes all but `left`. Taking from a location \
              works only if it has no owner or its owner counts you as an ally. The item may \
              also come before the number, as with GIVE.",
    examples: &[
        "GET U229 100 iron  # gets 100 iron from unit 229",
        "GET L47 0 coin 50  # gets all coins but 50 from location 47",
    ],
    checklist: &["OV-UO-038", "OV-UO-039", "OV-UO-040"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Drop {
    pub item: Tag,
    pub quantity: Quantity,
}

impl Drop {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Drop> {
        let (item, quantity) = item_and_quantity(a, "a number of items to keep")?;
        Some(Drop { item, quantity })
    }
}

impl fmt::Display for Drop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DROP {}{}", self.item, self.quantity)
    }
}

pub const DROP: OrderSpec = OrderSpec {
    keyword: Keyword::Drop,
    name: "DROP",
    aliases: &[],
    syntax: "DROP item-tag [number [kept]]",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Puts items on the ground, into the location's inventory.",
    details: "Without a number, drops all of the item, as GIVE does (decision OV-UO-028). \
              `0 kept` drops all but `kept`.",
    examples: &[
        "DROP ston 15  # drops 15 stones",
        "DROP iron 0 10  # drops all iron but 10",
    ],
    checklist: &["OV-UO-027", "OV-UO-028"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Equip {
    pub item: Tag,
    /// `None`: as many as allowed; `Some(0)`: unequip all.
    pub count: Option<u32>,
}

impl Equip {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Equip> {
        let item = a.tag(TagKind::Item)?;
        let count = a.opt_number("a number of items")?;
        Some(Equip { item, count })
    }
}

impl fmt::Display for Equip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EQUIP {}", self.item)?;
        opt(f, &self.count)
    }
}

pub const EQUIP: OrderSpec = OrderSpec {
    keyword: Keyword::Equip,
    name: "EQUIP",
    aliases: &[],
    syntax: "EQUIP item-tag [number]",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Equips (or unequips down to) that many items, if the unit has the skill to use them.",
    details: "Without a number, equips as many as allowed; 0 unequips all; a number below the \
              equipped count unequips down to it; above the limit, equips the maximum. Items \
              already equipped in the same category count against the per-figure limit.",
    examples: &["EQUIP swrd 20", "EQUIP hrse 0"],
    checklist: &["OV-UO-033", "OV-UO-034", "OV-UO-035"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Swap {
    pub with: UnitRef,
    pub give_count: u32,
    pub give_item: Tag,
    pub take_count: u32,
    pub take_item: Tag,
}

impl Swap {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Swap> {
        let with = a.other_unit("swap with")?;
        let give_count = a.number_in("the number of items given", 1, u32::MAX)?;
        let give_item = a.tag(TagKind::Item)?;
        let take_count = a.number_in("the number of items received", 1, u32::MAX)?;
        let take_item = a.tag(TagKind::Item)?;
        Some(Swap {
            with,
            give_count,
            give_item,
            take_count,
            take_item,
        })
    }
}

impl fmt::Display for Swap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SWAP {} {} {} {} {}",
            self.with, self.give_count, self.give_item, self.take_count, self.take_item
        )
    }
}

pub const SWAP: OrderSpec = OrderSpec {
    keyword: Keyword::Swap,
    name: "SWAP",
    aliases: &[],
    syntax: "SWAP unit-id amount-1 item-tag-1 amount-2 item-tag-2",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Exchanges goods with a unit that issues the mirror SWAP, whatever the stances.",
    details: "Gives amount-1 of item-1 and receives amount-2 of item-2, at the same instant as \
              the other unit's SWAP with the amounts and items reversed.",
    examples: &[
        "SWAP U231 1000 coin 15 fish",
        "SWAP U234 15 fish 1000 coin  # the other side",
    ],
    checklist: &["OV-UO-105"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Withdraw {
    pub amount: u32,
    /// `None`: coins.
    pub item: Option<Tag>,
}

impl Withdraw {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Withdraw> {
        let amount = a.number("an amount")?;
        let item = if a.at_end() {
            None
        } else {
            Some(a.tag(TagKind::Item)?)
        };
        Some(Withdraw { amount, item })
    }
}

impl fmt::Display for Withdraw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "WITHDRAW {}", self.amount)?;
        opt(f, &self.item)
    }
}

pub const WITHDRAW: OrderSpec = OrderSpec {
    keyword: Keyword::Withdraw,
    name: "WITHDRAW",
    aliases: &[],
    syntax: "WITHDRAW amount [item-tag]",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Takes up to that many coins (or items) from the faction funds; only in a city.",
    details: "0 withdraws nothing; a very large amount withdraws everything. Study and upkeep \
              draw on faction funds by themselves; market purchases and recruiting need the \
              coins withdrawn first.",
    examples: &[
        "WITHDRAW 3450  # 3450 coins from the faction funds",
        "WITHDRAW 10 FOOD",
    ],
    checklist: &["OV-UO-117"],
};

/// BUY and SELL share a shape.
macro_rules! market_order {
    ($name:ident, $word:literal) => {
        #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
        pub struct $name {
            /// 0: as many as possible.
            pub count: u32,
            pub item: Tag,
            pub price: Option<u32>,
        }

        impl $name {
            pub fn parse(a: &mut Args<'_, '_>) -> Option<$name> {
                let count = a.number("a number of items (0 for as many as possible)")?;
                let item = a.tag(TagKind::Item)?;
                let price = a.opt_number("a price per item")?;
                Some($name { count, item, price })
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($word, " {} {}"), self.count, self.item)?;
                opt(f, &self.price)
            }
        }
    };
}

market_order!(Buy, "BUY");
market_order!(Sell, "SELL");

pub const BUY: OrderSpec = OrderSpec {
    keyword: Keyword::Buy,
    name: "BUY",
    aliases: &[],
    syntax: "BUY number item-tag [price]",
    timing: Timing::Immediate,
    who: Who::Leader,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Buys items on the local market at that price or lower, at the end of a market day.",
    details: "The unit must already hold the coins (faction funds are not drawn on: WITHDRAW \
              first). 0 buys as many as can be had, and with `@` the order stays for the next \
              market day. A partial purchase leaves the order with the count reduced.",
    examples: &[
        "BUY 10 lbow 200  # 10 longbows at 200 coins each at most",
        "@BUY 0 iron 25  # all the iron on offer at 25, every market day",
    ],
    checklist: &["OV-UO-010", "OV-UO-011", "OV-UO-012", "OV-UO-013"],
};

pub const SELL: OrderSpec = OrderSpec {
    keyword: Keyword::Sell,
    name: "SELL",
    aliases: &[],
    syntax: "SELL number item-tag [price]",
    timing: Timing::Immediate,
    who: Who::Leader,
    traits: Traits::NONE,
    placement: Placement::Unit,
    summary: "Sells items on the local market at that price or higher, at the end of a market day.",
    details: "0 sells as many as possible, and with `@` the order stays for the next market \
              day. A partial sale leaves the order with the count reduced. A selling unit does \
              not move that day and drops out of a stack that moves.",
    examples: &[
        "SELL 0 FOOD 8  # all the food at 8 coins or more",
        "@SELL 987 STON 20",
    ],
    checklist: &["OV-UO-079", "OV-UO-080", "OV-UO-081", "OV-UO-082"],
};
