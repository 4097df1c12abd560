//! How orders name things: units, locations, structures, factions, and the
//! short tags of items, skills, races, titles and construction types.
//!
//! These are *text-level* references, exactly what a player can write. The
//! world resolves them to dense ids later. Numbers are stored without their
//! leading zeros and printed canonically (`U12`, `L47`, `B220`, `f06`, `np1`).
//!
//! New-entity placeholders (`f06nU01`, `f06nB01`) are case-sensitive
//! (OV-ORD-008): the faction letter `f` and the `n` are lower case, the kind
//! letter (`U` or `B`) upper case, and the number has exactly two digits
//! (OV-ORD-020, OV-ORD-021).

use std::fmt;

use serde::{Serialize, Serializer};

/// A faction as orders name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FactionRef {
    /// `f06`, `F99`.
    Player(u32),
    /// A non-player faction: `np1` (the RESIGN spelling) or `NPC1` (the
    /// sample report's), printed `np1`.
    Npc(u32),
}

impl fmt::Display for FactionRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FactionRef::Player(n) => write!(f, "f{n:02}"),
            FactionRef::Npc(n) => write!(f, "np{n}"),
        }
    }
}

/// Which kind of entity a placeholder will create.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NewKind {
    /// `f06nU01`: a unit made by RECRUIT or SPLIT.
    Unit,
    /// `f06nB01`: a building or vessel begun by BUILD.
    Building,
}

/// A placeholder for an entity created this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NewId {
    /// The number of the creating faction (`6` in `f06nU01`).
    pub faction: u32,
    pub kind: NewKind,
    /// `0..=99`.
    pub number: u8,
}

impl NewId {
    pub fn owner(self) -> FactionRef {
        FactionRef::Player(self.faction)
    }
}

impl fmt::Display for NewId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = match self.kind {
            NewKind::Unit => 'U',
            NewKind::Building => 'B',
        };
        write!(f, "f{:02}n{k}{:02}", self.faction, self.number)
    }
}

/// A unit: `U222`, or a new unit's placeholder `f06nU01`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UnitRef {
    Id(u32),
    New(NewId),
}

impl fmt::Display for UnitRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnitRef::Id(n) => write!(f, "U{n}"),
            UnitRef::New(id) => id.fmt(f),
        }
    }
}

/// A location: `L47`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocationRef(pub u32);

impl fmt::Display for LocationRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "L{}", self.0)
    }
}

/// A building or vessel: `B220`, or a new one's placeholder `f06nB01`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StructureRef {
    Id(u32),
    New(NewId),
}

impl fmt::Display for StructureRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StructureRef::Id(n) => write!(f, "B{n}"),
            StructureRef::New(id) => id.fmt(f),
        }
    }
}

/// The longest tag accepted. The alpha data's longest is seven letters.
pub const TAG_MAX: usize = 15;

/// A rules tag (`swrd`, `cmbt`, `man`, `mayo`, `barr`), stored lower-case
/// inline so that orders hold no heap allocation for it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tag {
    len: u8,
    bytes: [u8; TAG_MAX],
}

impl Tag {
    /// A tag from a word of ASCII letters, digits and `_`, starting with a
    /// letter, at most [`TAG_MAX`] long; case is folded.
    pub fn new(word: &str) -> Option<Tag> {
        let b = word.as_bytes();
        if b.is_empty() || b.len() > TAG_MAX || !b[0].is_ascii_alphabetic() {
            return None;
        }
        let mut bytes = [0u8; TAG_MAX];
        for (slot, &c) in bytes.iter_mut().zip(b) {
            if !(c.is_ascii_alphanumeric() || c == b'_') {
                return None;
            }
            *slot = c.to_ascii_lowercase();
        }
        Some(Tag {
            len: b.len() as u8,
            bytes,
        })
    }

    /// A tag from a literal known to be valid; use in `const` items so that
    /// an invalid literal fails the build.
    pub const fn literal(word: &'static str) -> Tag {
        let b = word.as_bytes();
        assert!(!b.is_empty() && b.len() <= TAG_MAX && b[0].is_ascii_lowercase());
        let mut bytes = [0u8; TAG_MAX];
        let mut i = 0;
        while i < b.len() {
            assert!(b[i].is_ascii_lowercase() || b[i].is_ascii_digit() || b[i] == b'_');
            bytes[i] = b[i];
            i += 1;
        }
        Tag {
            len: b.len() as u8,
            bytes,
        }
    }

    pub fn as_str(&self) -> &str {
        // Only ASCII bytes are ever stored.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tag({})", self.as_str())
    }
}

macro_rules! serialize_as_display {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
    )*};
}
serialize_as_display!(FactionRef, NewId, UnitRef, LocationRef, StructureRef, Tag);

/// What one word of an order looks like, before the order says what it
/// should be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Digits only.
    Number(u32),
    /// Digits only, but more than fit in 32 bits.
    TooLarge,
    Unit(u32),
    Location(u32),
    Structure(u32),
    Faction(FactionRef),
    New(NewId),
    /// A placeholder written with the wrong letter case; carries the id it
    /// was probably meant to be.
    NewWrongCase(NewId),
    /// `f06nU1`, `f06nU001`: a placeholder without exactly two digits.
    NewBadDigits,
    /// Anything else starting with a letter: a tag or keyword, if it is a
    /// valid one.
    Word,
    /// Anything else.
    Other,
}

/// Classify one word. Tags and keywords are recognised from their first
/// two bytes alone (a letter not followed by a digit), so the common case
/// costs two comparisons; whether a word is a valid tag is checked by
/// [`Tag::new`] where a tag is expected.
pub fn shape(word: &str) -> Shape {
    let b = word.as_bytes();
    let Some(&c0) = b.first() else {
        return Shape::Other;
    };
    if c0.is_ascii_digit() {
        return if b.iter().all(u8::is_ascii_digit) {
            number(b)
        } else {
            Shape::Other
        };
    }
    if !c0.is_ascii_alphabetic() {
        return Shape::Other;
    }
    match b.get(1) {
        Some(c1) if c1.is_ascii_digit() => id_shape(b),
        Some(c1) if c0.eq_ignore_ascii_case(&b'n') && c1.eq_ignore_ascii_case(&b'p') => {
            npc_shape(b)
        }
        _ => Shape::Word,
    }
}

/// A letter followed by a digit: `U12`, `L47`, `B220`, `f06`, `f06nU01`.
fn id_shape(b: &[u8]) -> Shape {
    if let Some(s) = placeholder(b) {
        return s;
    }
    if !b[1..].iter().all(u8::is_ascii_digit) {
        return Shape::Word;
    }
    let digits = &b[1..];
    match b[0].to_ascii_uppercase() {
        b'U' => id(digits, Shape::Unit),
        b'L' => id(digits, Shape::Location),
        b'B' => id(digits, Shape::Structure),
        b'F' => id(digits, |n| Shape::Faction(FactionRef::Player(n))),
        _ => Shape::Word,
    }
}

/// `np1`, `NPC6`.
fn npc_shape(b: &[u8]) -> Shape {
    let digits_after = |n: usize| b.len() > n && b[n..].iter().all(u8::is_ascii_digit);
    if digits_after(2) {
        return id(&b[2..], |n| Shape::Faction(FactionRef::Npc(n)));
    }
    if b.len() > 3 && b[2].eq_ignore_ascii_case(&b'c') && digits_after(3) {
        return id(&b[3..], |n| Shape::Faction(FactionRef::Npc(n)));
    }
    Shape::Word
}

fn number(digits: &[u8]) -> Shape {
    match parse_u32(digits) {
        Some(n) => Shape::Number(n),
        None => Shape::TooLarge,
    }
}

fn id(digits: &[u8], make: impl Fn(u32) -> Shape) -> Shape {
    match parse_u32(digits) {
        Some(n) => make(n),
        None => Shape::TooLarge,
    }
}

/// Parse ASCII digits into a u32; `None` on overflow or an empty slice.
pub fn parse_u32(digits: &[u8]) -> Option<u32> {
    if digits.is_empty() {
        return None;
    }
    let mut n: u32 = 0;
    for &d in digits {
        n = n
            .checked_mul(10)?
            .checked_add(u32::from(d.wrapping_sub(b'0')))?;
    }
    Some(n)
}

/// `f<digits>n<U|B><digits>` in any case.
fn placeholder(b: &[u8]) -> Option<Shape> {
    if !b[0].eq_ignore_ascii_case(&b'f') {
        return None;
    }
    let fdigits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    if fdigits == 0 {
        return None;
    }
    let rest = &b[1 + fdigits..];
    if rest.len() < 3 || !rest[0].eq_ignore_ascii_case(&b'n') {
        return None;
    }
    let kind = match rest[1].to_ascii_uppercase() {
        b'U' => NewKind::Unit,
        b'B' => NewKind::Building,
        _ => return None,
    };
    let num = &rest[2..];
    if !num.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let faction = parse_u32(&b[1..1 + fdigits])?;
    if num.len() != 2 {
        return Some(Shape::NewBadDigits);
    }
    let number = (num[0] - b'0') * 10 + (num[1] - b'0');
    let new = NewId {
        faction,
        kind,
        number,
    };
    let exact = b[0] == b'f' && rest[0] == b'n' && (rest[1] == b'U' || rest[1] == b'B');
    Some(if exact {
        Shape::New(new)
    } else {
        Shape::NewWrongCase(new)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_print_canonically() {
        assert_eq!(UnitRef::Id(222).to_string(), "U222");
        assert_eq!(LocationRef(47).to_string(), "L47");
        assert_eq!(StructureRef::Id(220).to_string(), "B220");
        assert_eq!(FactionRef::Player(6).to_string(), "f06");
        assert_eq!(FactionRef::Player(106).to_string(), "f106");
        assert_eq!(FactionRef::Npc(5).to_string(), "np5");
        let n = NewId {
            faction: 6,
            kind: NewKind::Unit,
            number: 1,
        };
        assert_eq!(n.to_string(), "f06nU01");
        assert_eq!(
            StructureRef::New(NewId {
                kind: NewKind::Building,
                ..n
            })
            .to_string(),
            "f06nB01"
        );
    }

    #[test]
    fn shapes() {
        assert_eq!(shape("U222"), Shape::Unit(222));
        assert_eq!(shape("u0222"), Shape::Unit(222));
        assert_eq!(shape("L47"), Shape::Location(47));
        assert_eq!(shape("b220"), Shape::Structure(220));
        assert_eq!(shape("F99"), Shape::Faction(FactionRef::Player(99)));
        assert_eq!(shape("np1"), Shape::Faction(FactionRef::Npc(1)));
        assert_eq!(shape("NPC6"), Shape::Faction(FactionRef::Npc(6)));
        assert_eq!(shape("206"), Shape::Number(206));
        assert_eq!(shape("99999999999"), Shape::TooLarge);
        assert_eq!(shape("U99999999999"), Shape::TooLarge);
        assert_eq!(shape("swrd"), Shape::Word);
        assert_eq!(shape("lbow"), Shape::Word);
        assert_eq!(shape("U"), Shape::Word);
        assert_eq!(shape("-5"), Shape::Other);
        assert_eq!(shape("a-b"), Shape::Word);
        assert_eq!(shape("U12x"), Shape::Word);
        assert_eq!(shape("12x"), Shape::Other);
        assert_eq!(shape("ldr2"), Shape::Word);
    }

    #[test]
    fn ov_ord_008_placeholders_are_case_sensitive() {
        let new = NewId {
            faction: 6,
            kind: NewKind::Unit,
            number: 1,
        };
        assert_eq!(shape("f06nU01"), Shape::New(new));
        assert_eq!(shape("F06NU01"), Shape::NewWrongCase(new));
        assert_eq!(shape("f06nu01"), Shape::NewWrongCase(new));
        assert_eq!(
            shape("f06nB99"),
            Shape::New(NewId {
                kind: NewKind::Building,
                number: 99,
                ..new
            })
        );
    }

    #[test]
    fn ov_ord_020_placeholders_have_two_digits() {
        assert_eq!(shape("f06nU1"), Shape::NewBadDigits);
        assert_eq!(shape("f06nU001"), Shape::NewBadDigits);
    }

    #[test]
    fn tags_fold_case_and_reject_bad_words() {
        assert_eq!(Tag::new("SWRD").map(|t| t.to_string()), Some("swrd".into()));
        assert!(Tag::new("9lives").is_none());
        assert!(Tag::new("a-b").is_none());
        assert!(Tag::new("abcdefghijklmnop").is_none());
        assert!(Tag::new("").is_none());
    }
}
