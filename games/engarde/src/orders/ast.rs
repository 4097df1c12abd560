//! The parsed form of one character's orders for one month.
//!
//! Names of characters, mistresses, clubs and regiments are kept as the
//! player wrote them (trimmed); the engine resolves them, case-insensitively,
//! against the world, so that the parser needs no world.

use serde::Serialize;
use umpire_core::source::Span;

use crate::model::{Post, Rank, Weapon};

/// Money, in whole crowns.
pub type Crowns = i64;

/// One character's orders for one month.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct OrderSheet {
    /// `CHARACTER name` (required once per sheet).
    pub character: Option<Spanned<String>>,
    /// `PASSWORD word`.
    pub password: Option<String>,
    /// The premonthly block, in the order written (the engine runs them in
    /// the rules' fixed sequence, not this order).
    pub premonthly: Vec<Block<Premonthly>>,
    /// Weeks 1 to 4.
    pub weeks: [Vec<Block<Weekly>>; 4],
    /// Death-roll modifiers for a character at the front (`FRONT` block).
    pub front: Vec<Spanned<FrontClause>>,
    /// Lines the parser could not read: held for the GM (EG-ORD-001,
    /// EG-ORD-005), never dropped.
    pub for_gm: Vec<Spanned<String>>,
}

/// A value with the place in the source it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
    /// 1-based line.
    pub line: u32,
}

/// An order, or a conditional group of orders.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Block<A> {
    Order(Spanned<A>),
    If {
        cond: Spanned<Cond>,
        then: Vec<Block<A>>,
        /// Empty when there is no ELSE.
        otherwise: Vec<Block<A>>,
    },
}

/// A premonthly action (see `RULES-DECISIONS.md` for the fixed sequence in
/// which the engine runs them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Premonthly {
    /// `BORROW 200`: from the moneylender.
    Borrow(Crowns),
    /// `REPAY 200` / `PAY DEBTS 200` / `REPAY ALL`: `None` = all.
    Repay(Option<Crowns>),
    /// `BUY HORSE [n]`.
    BuyHorses(u32),
    /// `SELL HORSE [n]`.
    SellHorses(u32),
    /// `JOIN CLUB name` / `JOIN name`.
    JoinClub(String),
    /// `RESIGN CLUB` / `LEAVE CLUB`.
    LeaveClub,
    /// `APPLY regiment [AS rank]`: rank bought on entry (up to Major).
    Apply {
        regiment: String,
        rank: Option<Rank>,
    },
    /// `BUY COMMISSION rank` / `BUY rank`: in one's own regiment.
    BuyCommission(Rank),
    /// `RESIGN COMMISSION` / `LEAVE REGIMENT`.
    LeaveRegiment,
    /// `CONSUME` / `CONSPICUOUS CONSUMPTION [n]`: n times (default 1).
    Consume(u32),
    /// `GIVE name 300 [IF HE APPOINTS ME post]` (EG-COND-008).
    Give {
        to: String,
        amount: Crowns,
        if_appointed: Option<Post>,
    },
    /// `APPOINT name post [IF HE GIVES ME 300]` (EG-COND-010).
    Appoint {
        who: String,
        post: Post,
        if_given: Option<Crowns>,
    },
    /// `VOLUNTEER` (for the front).
    Volunteer,
    /// `ANNOUNCE text`: a public announcement in the gazette (EG-PRE-002).
    Announce(String),
}

/// A weekly action: one per week (EG-MON-004).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Weekly {
    /// `CAROUSE`: at one's club, or at a tavern if not a member.
    Carouse,
    /// `GAMBLE 50 [CUT 5] [, 50 ...]` or `GAMBLE 3 x 50 CUT 4`: up to 9 bets.
    Gamble(Vec<Bet>),
    /// `COURT name WITH 60` / `COURT name 60 [OPENLY]`: `purse` is `None`
    /// when the player gave no sum (an error, EG-WK-002).
    Court {
        mistress: String,
        purse: Option<Crowns>,
        /// Indiscreet courting is public (EG-COND-006).
        openly: bool,
    },
    /// `BAWDYHOUSE 40` / `VISIT BAWDYHOUSE WITH 40`: `None` without a sum
    /// (an error, EG-WK-003).
    Bawdyhouse { purse: Option<Crowns> },
    /// `PRACTISE sabre` (also `PRACTICE`).
    Practise(Weapon),
    /// `TOADY TO name` / `TOADY name`.
    Toady(String),
    /// `DUTY` / `REGIMENTAL DUTY`.
    Duty,
    /// `REST`.
    Rest,
    /// `GIVE name 300 [IF HE APPOINTS ME post]` inside a week: a gift at any
    /// point of the month (EG-COND-009); does not use the week's action.
    Give {
        to: String,
        amount: Crowns,
        if_appointed: Option<Post>,
    },
}

impl Weekly {
    /// Whether this order uses the week's one action (a gift does not).
    pub fn uses_the_week(&self) -> bool {
        !matches!(self, Weekly::Give { .. })
    }

    /// The kind, for conditions and reports.
    pub fn kind(&self) -> ActionKind {
        match self {
            Weekly::Carouse => ActionKind::Carouse,
            Weekly::Gamble(_) => ActionKind::Gamble,
            Weekly::Court { .. } => ActionKind::Court,
            Weekly::Bawdyhouse { .. } => ActionKind::Bawdyhouse,
            Weekly::Practise(_) => ActionKind::Practise,
            Weekly::Toady(_) => ActionKind::Toady,
            Weekly::Duty => ActionKind::Duty,
            Weekly::Rest => ActionKind::Rest,
            Weekly::Give { .. } => ActionKind::Give,
        }
    }
}

/// One bet at the gaming table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bet {
    pub stake: Crowns,
    /// The "cut": the house rolls 1d6 and at or above this the bet is cut.
    pub cut: Option<u8>,
}

/// The kinds of weekly action, named in conditions (`IF X DID CAROUSE IN
/// WEEK 1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum ActionKind {
    Carouse,
    Gamble,
    Court,
    Bawdyhouse,
    Practise,
    Toady,
    Duty,
    Rest,
    Give,
}

impl ActionKind {
    /// Every kind.
    pub const ALL: [ActionKind; 9] = [
        ActionKind::Carouse,
        ActionKind::Gamble,
        ActionKind::Court,
        ActionKind::Bawdyhouse,
        ActionKind::Practise,
        ActionKind::Toady,
        ActionKind::Duty,
        ActionKind::Rest,
        ActionKind::Give,
    ];

    /// The keyword.
    pub fn word(self) -> &'static str {
        match self {
            ActionKind::Carouse => "carouse",
            ActionKind::Gamble => "gamble",
            ActionKind::Court => "court",
            ActionKind::Bawdyhouse => "bawdyhouse",
            ActionKind::Practise => "practise",
            ActionKind::Toady => "toady",
            ActionKind::Duty => "duty",
            ActionKind::Rest => "rest",
            ActionKind::Give => "give",
        }
    }
}

/// Which week a condition looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum WeekRef {
    /// `IN WEEK 2`.
    Week(u8),
    /// `LAST WEEK`: the week before the one the condition guards.
    Last,
}

/// A condition of an IF.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Cond {
    /// `NOT cond`.
    Not(Box<Cond>),
    /// `cond AND cond`.
    And(Box<Cond>, Box<Cond>),
    /// `cond OR cond`.
    Or(Box<Cond>, Box<Cond>),
    /// `name IS IN PARIS` (`I AM IN PARIS` uses the name "me").
    InParis(String),
    /// `name IS AT THE FRONT`.
    AtFront(String),
    /// `name RECEIVED ME [IN WEEK n | LAST WEEK]` (my toadying; EG-COND-003).
    Received { by: String, week: WeekRef },
    /// `name DID action IN WEEK n` / `LAST WEEK` (EG-COND-005).
    Did {
        who: String,
        action: ActionKind,
        week: WeekRef,
    },
    /// `I HAVE AT LEAST 300` (crowns in hand, now).
    CashAtLeast(Crowns),
    /// `name GIVES ME 300`: allowed only as the guard of an APPOINT of the
    /// giver (the mutual exception, EG-COND-010); elsewhere a diagnostic.
    Gives { who: String, amount: Crowns },
    /// `name APPOINTS ME post`: allowed only as the guard of a GIVE to that
    /// name (EG-COND-008); elsewhere a diagnostic.
    Appoints { who: String, post: Post },
    /// `DEATH ROLL OVER n` / `UNDER n`: only in the FRONT block (EG-COND-012).
    DeathRoll { over: Option<u8>, under: Option<u8> },
}

/// A death-roll modifier at the front (EG-BRAVE).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum FrontClause {
    /// `BRAVE b` / `RECKLESS b`: always take b off the death roll.
    Brave(u8),
    /// `POLTROON p`: always add p to the death roll.
    Poltroon(u8),
    /// `IF DEATH ROLL OVER n REDUCE IT TO n`: reckless bravery of the excess.
    CapAt(u8),
    /// `IF DEATH ROLL UNDER n RAISE IT TO n`: poltroonery of the shortfall.
    FloorAt(u8),
}

/// Names the checker can resolve against (from the world), so that it can
/// say "no character called …, did you mean …".
#[derive(Debug, Clone, Default)]
pub struct Vocabulary {
    pub characters: Vec<String>,
    pub mistresses: Vec<String>,
    pub clubs: Vec<String>,
    /// Regiments by short id ("RFG") and full name.
    pub regiments: Vec<(String, String)>,
    /// [`name_key`]s of `characters`, filled by [`Vocabulary::indexed`]; when
    /// empty, lookups scan the list (fine for a handful of names).
    pub character_keys: std::collections::HashSet<String>,
    /// [`name_key`]s of `mistresses`, likewise.
    pub mistress_keys: std::collections::HashSet<String>,
}

impl Vocabulary {
    /// The same names, indexed for lookups in constant time: for checking
    /// the sheets of a game of thousands.
    pub fn indexed(mut self) -> Vocabulary {
        self.character_keys = self.characters.iter().map(|n| name_key(n)).collect();
        self.mistress_keys = self.mistresses.iter().map(|n| name_key(n)).collect();
        self
    }
}

/// How the names of people are compared: case, accents and runs of
/// spaces ignored ("count  DE rochefort" is "Count de Rochefort", `Sevigne`
/// is `Sévigné`); a leading "the" is not part of a name ("Comte de Villars"
/// is "the Comte de Villars"); a typographic apostrophe is an apostrophe
/// (`d’Artagnan` is `d'Artagnan`, as mail programs type it).
pub fn name_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    let mut words = name.split_whitespace().peekable();
    if let Some(first) = words.next() {
        let lone = words.peek().is_none();
        if lone || !first.eq_ignore_ascii_case("the") {
            push_word(&mut key, first);
        }
    }
    for word in words {
        if !key.is_empty() {
            key.push(' ');
        }
        push_word(&mut key, word);
    }
    key
}

fn push_word(key: &mut String, word: &str) {
    for c in word.chars().flat_map(char::to_lowercase) {
        match c {
            '\u{2019}' | '\u{2018}' | '\u{02BC}' | '`' | '\u{00B4}' => key.push('\''),
            c => match unaccented(c) {
                Some(plain) => key.push_str(plain),
                None => key.push(c),
            },
        }
    }
}

/// How the names of things (regiments, clubs) are compared: "the"
/// dropped, `&` read as "and", then only letters and digits, lower case,
/// accents ignored ("The King's Musketeers" and "kings musketeers" both
/// give `kingsmusketeers`; "Frog & Peach" is "frog and peach").
pub fn table_key(word: &str) -> String {
    word.replace('&', " and ")
        .split_whitespace()
        .filter(|w| !w.eq_ignore_ascii_case("the"))
        .flat_map(str::chars)
        .flat_map(char::to_lowercase)
        .flat_map(|c| match unaccented(c) {
            Some(plain) => plain.chars().collect::<Vec<_>>(),
            None => vec![c],
        })
        .filter(char::is_ascii_alphanumeric)
        .collect()
}

/// A lower-case letter of the French (and neighbouring) alphabets without
/// its accent, so `Sevigne` finds `Sévigné`; None when `c` has none.
fn unaccented(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => "a",
        'æ' => "ae",
        'ç' => "c",
        'è' | 'é' | 'ê' | 'ë' => "e",
        'ì' | 'í' | 'î' | 'ï' => "i",
        'ñ' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => "o",
        'œ' => "oe",
        'ù' | 'ú' | 'û' | 'ü' => "u",
        'ý' | 'ÿ' => "y",
        'ß' => "ss",
        _ => return None,
    })
}
