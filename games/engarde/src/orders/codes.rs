//! Every diagnostic the En Garde! order parser and checker can give.
//!
//! A code never changes meaning; retired codes stay in the table. `E` codes
//! mean an order (or a whole IF block) will not run as written, `W` codes
//! mean the umpire goes on but probably not as the player meant (lines held
//! for the GM are warnings), `N` codes are information. `20xx` come from the
//! parser, `21xx` from the checker, `22xx` from reading a player's mail
//! against the game (`crate::mail`). The player's guide
//! (`docs/engarde-orders.md`) has the same table.

use umpire_core::Severity;

/// One diagnostic kind.
#[derive(Debug)]
pub struct Code {
    pub code: &'static str,
    pub severity: Severity,
    pub title: &'static str,
}

macro_rules! codes {
    ($($name:ident = $code:literal, $sev:ident, $title:literal;)+) => {
        $(pub const $name: Code = Code {
            code: $code,
            severity: Severity::$sev,
            title: $title,
        };)+
        /// All codes, in code order.
        pub const ALL: &[&Code] = &[$(&$name),+];
    };
}

codes! {
    UNKNOWN_ORDER = "W2001", Warning, "unknown order: the line is held for the GM";
    UNREADABLE_ORDER = "W2002", Warning, "order not understood: the line is held for the GM";
    COURT_WITHOUT_SUM = "E2003", Error, "COURT without a sum of money";
    BAWDYHOUSE_WITHOUT_SUM = "E2004", Error, "BAWDYHOUSE without a sum of money";
    UNCLOSED_IF = "E2005", Error, "IF without ENDIF";
    ELSE_WITHOUT_IF = "E2006", Error, "ELSE without IF";
    ENDIF_WITHOUT_IF = "E2007", Error, "ENDIF without IF";
    SECOND_ELSE = "E2008", Error, "second ELSE in one IF";
    UNREADABLE_CONDITION = "W2009", Warning, "condition not understood: the IF block is held for the GM";
    BAD_WEEK = "E2010", Error, "no such week: the orders under it are held for the GM";
    WRONG_SECTION = "W2011", Warning, "order in the wrong part of the sheet: held for the GM";
    SECOND_HEADER = "W2012", Warning, "second CHARACTER or PASSWORD line";
    EXTRA_WORDS = "W2013", Warning, "words after the order ignored";
    FRONT_CLAUSE_MOVED = "N2014", Note, "death-roll modifier outside the FRONT block";
    SUM_TOO_LARGE = "E2015", Error, "a sum larger than any purse";
    ILLEGAL_CONDITION = "E2101", Error, "illegal condition: the whole IF block is skipped";
    SECOND_WEEK_ACTION = "W2102", Warning, "more than one action in a week: only the first runs";
    UNKNOWN_CHARACTER = "E2103", Error, "no character by that name";
    UNKNOWN_MISTRESS = "E2104", Error, "no mistress by that name";
    UNKNOWN_CLUB = "E2105", Error, "no club by that name";
    UNKNOWN_REGIMENT = "E2106", Error, "no regiment by that name";
    NOT_POSITIVE = "E2107", Error, "a sum or count that is not positive";
    TOO_MANY_BETS = "E2108", Error, "more than 9 bets in one GAMBLE";
    NO_CHARACTER = "E2109", Error, "no CHARACTER line";
    NO_SUCH_CHARACTER = "E2201", Error, "the CHARACTER line names nobody in this game: the sheet is refused";
    BAD_PASSWORD = "E2202", Error, "wrong or missing password: the sheet is refused";
    NPC_SHEET = "E2203", Error, "the character is an NPC: the sheet is refused";
    DEAD_CHARACTER = "E2204", Error, "the character is dead: the sheet is refused";
}

/// The code with this name (`"E2101"`), if any.
pub fn find(code: &str) -> Option<&'static Code> {
    ALL.iter()
        .copied()
        .find(|c| c.code.eq_ignore_ascii_case(code))
}
