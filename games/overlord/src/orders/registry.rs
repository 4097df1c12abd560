//! The one table of orders. The parser finds keywords here, the checker
//! reads timings and traits here, and `umpire overlord help` and the manual
//! print from here. Each entry is declared beside its grammar in `catalog/`.

use std::fmt;
use std::sync::OnceLock;

use serde::Serialize;

use super::args::Args;
use super::catalog::{
    combat, conditions, faction, goods, movement, settings, skills, stacks, titles, units,
};
use super::spec::{Alias, Keyword, OrderSpec};

/// Every order, indexed by [`Keyword`] (alphabetical).
pub static ORDERS: [&OrderSpec; 61] = [
    &stacks::ACCEPT,
    &conditions::AT,
    &combat::ATTACK,
    &titles::BESTOW,
    &skills::BUILD,
    &goods::BUY,
    &titles::CANCEL,
    &movement::CARAVAN,
    &titles::CHRISTEN,
    &titles::CLAIM,
    &combat::COMBAT,
    &conditions::DAY,
    &units::DEMOTE,
    &units::DESCRIBE,
    &units::DISBAND,
    &goods::DROP,
    &stacks::EJECT,
    &faction::EMAIL,
    &movement::ENTER,
    &goods::EQUIP,
    &skills::FORGET,
    &goods::GET,
    &goods::GIVE,
    &combat::GUARD,
    &conditions::HAVE,
    &conditions::LEADER,
    &conditions::LEADING,
    &movement::LEAVE,
    &movement::MARCH,
    &units::MERGE,
    &movement::MOVE,
    &units::NAME,
    &units::OATH,
    &faction::PASSWORD,
    &combat::PILLAGE,
    &stacks::PROMOTE,
    &units::RECRUIT,
    &faction::RESHOW,
    &faction::RESIGN,
    &movement::RETREAT,
    &conditions::SEE,
    &goods::SELL,
    &settings::SETTING,
    &conditions::SIZE,
    &conditions::SKILL,
    &units::SPLIT,
    &stacks::STACK,
    &settings::STANCE,
    &stacks::STAY,
    &skills::STUDY,
    &goods::SWAP,
    &conditions::SYNCHRO,
    &combat::TACTIC,
    &skills::TARGET,
    &skills::TEACH,
    &stacks::UNSTACK,
    &skills::USE,
    &conditions::WAIT,
    &goods::WITHDRAW,
    &units::WORK,
    &titles::YIELD,
];

impl Keyword {
    pub fn spec(self) -> &'static OrderSpec {
        ORDERS[self as usize]
    }
}

/// What a keyword word turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    pub keyword: Keyword,
    /// Set when the word was an alias rather than the canonical spelling.
    pub alias: Option<&'static Alias>,
}

/// Keywords are at most 16 bytes, so an upper-cased keyword packs into one
/// `u128` (big-endian, zero-padded) and lookup is a binary search over
/// integers.
const LONGEST: usize = 16;

fn pack(word: &[u8]) -> Option<u128> {
    if word.is_empty() || word.len() > LONGEST {
        return None;
    }
    // Shifted in a register: writing bytes to a buffer and reading it back
    // as one integer stalls on store forwarding.
    let mut key: u128 = 0;
    for &c in word {
        key = (key << 8) | u128::from(c.to_ascii_uppercase());
    }
    Some(key << (8 * (LONGEST - word.len())))
}

/// Slots of the keyword table: a power of two, at least three times the
/// number of spellings, so that probes are short.
const SLOTS: usize = 256;

fn slot(key: u128) -> usize {
    let folded = (key as u64) ^ ((key >> 64) as u64);
    (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize % SLOTS
}

/// Open-addressed table from packed spelling to keyword: one multiply and
/// usually one comparison per lookup.
fn table() -> &'static [Option<(u128, Found)>; SLOTS] {
    static TABLE: OnceLock<[Option<(u128, Found)>; SLOTS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [None; SLOTS];
        for spec in ORDERS {
            let spellings = std::iter::once((spec.name, None))
                .chain(spec.aliases.iter().map(|a| (a.spelling, Some(a))));
            for (spelling, alias) in spellings {
                let Some(key) = pack(spelling.as_bytes()) else {
                    continue;
                };
                let mut i = slot(key);
                while t[i].is_some() {
                    i = (i + 1) % SLOTS;
                }
                t[i] = Some((
                    key,
                    Found {
                        keyword: spec.keyword,
                        alias,
                    },
                ));
            }
        }
        t
    })
}

/// Find an order keyword, any case.
pub fn lookup(word: &str) -> Option<Found> {
    let key = pack(word.as_bytes())?;
    let t = table();
    let mut i = slot(key);
    loop {
        match &t[i] {
            Some((k, found)) if *k == key => return Some(*found),
            Some(_) => i = (i + 1) % SLOTS,
            None => return None,
        }
    }
}

/// Every spelling, canonical names first, for "did you mean".
pub fn spellings() -> impl Iterator<Item = &'static str> {
    ORDERS.iter().map(|s| s.name).chain(
        ORDERS
            .iter()
            .flat_map(|s| s.aliases.iter().map(|a| a.spelling)),
    )
}

/// Where a parsed order goes. The parser's own sink pushes it onto its list
/// with an always-inlined method, so that each order is written once, in
/// place; any closure taking the order is a sink too.
pub(crate) trait Emit<T> {
    fn emit(self, order: T);
}

impl<T, F: FnOnce(T)> Emit<T> for F {
    fn emit(self, order: T) {
        self(order);
    }
}

/// Declare the order enums from one list, so that the variant, its keyword,
/// its printer and its parser can never disagree.
macro_rules! order_enum {
    ($(#[$meta:meta])* $enum_name:ident, $parse_fn:ident { $($variant:ident => $ty:ty),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
        #[serde(tag = "order", rename_all = "UPPERCASE")]
        pub enum $enum_name { $($variant($ty)),+ }

        impl $enum_name {
            pub fn keyword(&self) -> Keyword {
                match self { $($enum_name::$variant(_) => Keyword::$variant),+ }
            }

            pub fn spec(&self) -> &'static OrderSpec {
                self.keyword().spec()
            }
        }

        impl fmt::Display for $enum_name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self { $($enum_name::$variant(o) => o.fmt(f)),+ }
            }
        }

        /// Parse the arguments of `keyword` and hand the order to `emit`
        /// (which can store it in place: no copy of the whole enum passes
        /// back through the caller). `None` when the keyword is not of this
        /// kind, `Some(false)` when the arguments were wrong (and reported),
        /// `Some(true)` when `emit` got the order.
        #[inline]
        pub(crate) fn $parse_fn(
            keyword: Keyword,
            a: &mut Args<'_, '_>,
            emit: impl Emit<$enum_name>,
        ) -> Option<bool> {
            match keyword {
                $(Keyword::$variant => Some(match <$ty>::parse(a) {
                    Some(o) => {
                        emit.emit($enum_name::$variant(o));
                        true
                    }
                    None => false,
                }),)+
                #[allow(unreachable_patterns)]
                _ => None,
            }
        }
    };
}

order_enum! {
    /// An order under a UNIT line.
    UnitOrder, parse_unit_order {
        Accept => stacks::Accept,
        At => conditions::At,
        Attack => combat::Attack,
        Bestow => titles::Bestow,
        Build => skills::Build,
        Buy => goods::Buy,
        Cancel => titles::Cancel,
        Caravan => movement::Caravan,
        Christen => titles::Christen,
        Claim => titles::Claim,
        Combat => combat::Combat,
        Day => conditions::Day,
        Demote => units::Demote,
        Describe => units::Describe,
        Disband => units::Disband,
        Drop => goods::Drop,
        Eject => stacks::Eject,
        Enter => movement::Enter,
        Equip => goods::Equip,
        Forget => skills::Forget,
        Get => goods::Get,
        Give => goods::Give,
        Guard => combat::Guard,
        Have => conditions::Have,
        Leader => conditions::Leader,
        Leading => conditions::Leading,
        Leave => movement::Leave,
        March => movement::March,
        Merge => units::Merge,
        Move => movement::Move,
        Name => units::Name,
        Oath => units::Oath,
        Pillage => combat::Pillage,
        Promote => stacks::Promote,
        Recruit => units::Recruit,
        Retreat => movement::Retreat,
        See => conditions::See,
        Sell => goods::Sell,
        Setting => settings::Setting,
        Size => conditions::Size,
        Skill => conditions::Skill,
        Split => units::Split,
        Stack => stacks::Stack,
        Stance => settings::Stance,
        Stay => stacks::Stay,
        Study => skills::Study,
        Swap => goods::Swap,
        Synchro => conditions::Synchro,
        Tactic => combat::Tactic,
        Target => skills::Target,
        Teach => skills::Teach,
        Unstack => stacks::Unstack,
        Use => skills::Use,
        Wait => conditions::Wait,
        Withdraw => goods::Withdraw,
        Work => units::Work,
        Yield => titles::Yield,
    }
}

order_enum! {
    /// An order between the GAME line and the first UNIT line.
    FactionOrder, parse_faction_order {
        Email => faction::Email,
        Name => units::Name,
        Password => faction::Password,
        Resign => faction::Resign,
        Reshow => faction::Reshow,
        Setting => settings::Setting,
        Stance => settings::Stance,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::spec::Placement;

    #[test]
    fn table_is_indexed_by_keyword() {
        assert_eq!(ORDERS.len(), Keyword::ALL.len());
        for (i, k) in Keyword::ALL.iter().enumerate() {
            assert_eq!(ORDERS[i].keyword, *k, "entry {i} is {}", ORDERS[i].name);
            assert_eq!(k.spec().keyword, *k);
        }
    }

    #[test]
    fn names_match_keywords_and_are_sorted() {
        for w in ORDERS.windows(2) {
            assert!(w[0].name < w[1].name, "{} {}", w[0].name, w[1].name);
        }
        for s in ORDERS {
            let debug = format!("{:?}", s.keyword).to_ascii_uppercase();
            assert_eq!(debug, s.name);
            assert!(s.syntax.starts_with(s.name), "{}", s.syntax);
            assert!(!s.summary.is_empty());
            assert!(!s.examples.is_empty(), "{} has no example", s.name);
            assert!(
                !s.checklist.is_empty(),
                "{} cites no checklist item",
                s.name
            );
        }
    }

    #[test]
    fn lookup_is_case_insensitive_and_knows_aliases() {
        assert_eq!(lookup("give").map(|f| f.keyword), Some(Keyword::Give));
        assert_eq!(lookup("Move").map(|f| f.keyword), Some(Keyword::Move));
        let patrol = lookup("patrol").unwrap();
        assert_eq!(patrol.keyword, Keyword::Guard);
        assert!(!patrol.alias.unwrap().legacy);
        let co = lookup("COMBAT_ORDER").unwrap();
        assert_eq!(co.keyword, Keyword::Combat);
        assert!(co.alias.unwrap().legacy);
        assert_eq!(lookup("EXIT").map(|f| f.keyword), Some(Keyword::Leave));
        assert_eq!(
            lookup("SETTINGS").map(|f| f.keyword),
            Some(Keyword::Setting)
        );
        assert_eq!(lookup("MOEV"), None);
        assert_eq!(lookup(""), None);
        assert_eq!(lookup("AVERYLONGWORDINDEEDYES"), None);
        for s in ORDERS {
            assert_eq!(
                lookup(&s.name.to_ascii_lowercase()).map(|f| f.keyword),
                Some(s.keyword)
            );
            for a in s.aliases {
                assert_eq!(lookup(a.spelling).map(|f| f.keyword), Some(s.keyword));
            }
        }
    }

    #[test]
    fn every_keyword_parses_in_its_placement() {
        // Each keyword is reachable through exactly the enum(s) its
        // placement promises.
        for s in ORDERS {
            let unit = matches!(s.placement, Placement::Unit | Placement::Both);
            let faction = matches!(s.placement, Placement::Faction | Placement::Both);
            let mut diags = Vec::new();
            let src: std::sync::Arc<str> = std::sync::Arc::from("t");
            let ctx = crate::orders::context::LineCtx {
                source: &src,
                number: 1,
                text: "",
                offset: 0,
            };
            let mut a = Args::new(
                ctx,
                &[],
                s.name,
                s.syntax,
                0,
                0,
                Default::default(),
                &mut diags,
            );
            assert_eq!(
                parse_unit_order(s.keyword, &mut a, drop).is_some(),
                unit,
                "{}",
                s.name
            );
            let mut a = Args::new(
                ctx,
                &[],
                s.name,
                s.syntax,
                0,
                0,
                Default::default(),
                &mut diags,
            );
            assert_eq!(
                parse_faction_order(s.keyword, &mut a, drop).is_some(),
                faction,
                "{}",
                s.name
            );
        }
    }
}
