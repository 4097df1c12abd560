//! Every diagnostic the order checker can give, with its stable code.
//!
//! A code never changes meaning; retired codes stay in the table. Codes
//! starting with `E` make the order (or the submission) invalid, `W` means
//! the server will accept it but probably not as the player meant, `N` is
//! information. `umpire overlord explain CODE` prints the explanation.
//!
//! | range | about |
//! |---|---|
//! | 00xx | the message and its envelopes (GAME, PRESS, RUMOR, REPORT, END) |
//! | 01xx | the structure of an order set (faction block, UNIT sections) |
//! | 02xx | order prefixes (`-`, `+`, `@`, counts, `Dnn`) |
//! | 03xx | order arguments |

use umpire_core::Severity;

/// One diagnostic kind.
#[derive(Debug)]
pub struct Code {
    pub code: &'static str,
    pub severity: Severity,
    pub title: &'static str,
    pub explanation: &'static str,
}

macro_rules! codes {
    ($($name:ident = $code:literal, $sev:ident, $title:literal, $expl:literal;)+) => {
        $(pub const $name: Code = Code {
            code: $code,
            severity: Severity::$sev,
            title: $title,
            explanation: $expl,
        };)+
        /// All codes, in code order.
        pub const ALL: &[&Code] = &[$(&$name),+];
    };
}

codes! {
    NO_ENVELOPE = "E0001", Error, "no GAME, PRESS, RUMOR or REPORT line",
        "The server ignores every line before the first header line, so a message without \
         one does nothing. Start the orders with `GAME faction-id password` (or `#GAME …`).";
    MISSING_END = "W0002", Warning, "envelope not closed by END",
        "Orders, articles and rumours end at a line reading END (or #END). Without it the \
         server reads to the end of the message, signatures and quoted mail included, or to \
         the next header line. Add END after the last order.";
    HEADER_FACTION = "E0003", Error, "header without a faction id",
        "A header line names the faction: `GAME f06 password`. Faction ids are `f` and a \
         number. Without it the submission cannot be stored.";
    HEADER_PASSWORD = "E0004", Error, "header without a password",
        "Every submission carries the faction's password after the faction id: \
         `GAME f06 password`. Without it the server rejects the whole submission.";
    HEADER_EXTRA = "E0005", Error, "unexpected field in a header line",
        "After the faction id and password a header may carry the game name and, for GAME \
         and REPORT, a turn number: `GAME f06 password alpha 7`. Anything more is an error.";
    NOT_UTF8 = "W0006", Warning, "file is not UTF-8",
        "The file was not valid UTF-8 and was read as Windows-1252, the usual encoding of \
         older mail programs. Check that names with accented letters came out right, or save \
         the file as UTF-8.";
    EMPTY_ARTICLE = "W0007", Warning, "empty article",
        "A PRESS or RUMOR envelope with no text publishes nothing and earns no reward.";
    DUPLICATE_ORDER_SET = "W0008", Warning, "second order set for the same faction",
        "When several order sets for one faction arrive, the last one replaces the earlier \
         ones entirely. Within one message, the later GAME envelope wins.";
    TURN_IGNORED = "W0009", Warning, "turn number ignored",
        "PRESS and RUMOR articles are published in the next newspaper; a turn number on \
         their header line has no effect.";

    UNIT_ORDER_IN_FACTION_BLOCK = "E0101", Error, "unit order before the first UNIT line",
        "Between the GAME line and the first UNIT line only faction orders are accepted: \
         NAME, PASSWORD, EMAIL, RESIGN, SETTING, RESHOW and STANCE. Put unit orders under a \
         `UNIT id` line. The order is skipped; the rest of the file is unaffected.";
    UNKNOWN_KEYWORD = "E0102", Error, "unknown order",
        "The first word of an order line must be an order keyword (see `umpire overlord \
         help`). The line is skipped.";
    FACTION_ORDER_IN_UNIT_SECTION = "E0103", Error, "faction order after a UNIT line",
        "EMAIL, PASSWORD, RESIGN and RESHOW concern the whole faction and must come between \
         the GAME line and the first UNIT line. The order is skipped.";
    BAD_UNIT_LINE = "E0104", Error, "UNIT line without a valid unit id",
        "A UNIT line names the unit that receives the following orders: `UNIT U222`, or a \
         new unit's placeholder such as `UNIT f06nU01`. The orders under an invalid UNIT line \
         are checked but not stored.";
    FOREIGN_PLACEHOLDER = "E0105", Error, "placeholder of another faction",
        "New units and structures are named after the faction that creates them: faction \
         f06 writes `f06nU01`. Another faction's placeholder may only be referred to (e.g. \
         ACCEPT f02nU98), not created or given orders.";
    DUPLICATE_UNIT_SECTION = "W0106", Warning, "unit given orders twice",
        "The same unit has two UNIT sections in one order set. Their orders are joined, in \
         file order.";
    EMPTY_UNIT_SECTION = "N0107", Note, "UNIT section without orders",
        "A UNIT line with no orders under it clears that unit's pending orders, so it will \
         WORK. To keep last turn's orders, leave the unit out of the order set entirely.";
    TOO_MANY_ORDERS = "W0108", Warning, "more than 50 orders for one unit",
        "A unit's order list holds at most 50 orders; the rest are discarded.";
    PLACEHOLDER_NEVER_CREATED = "W0109", Warning, "orders for a unit nothing creates",
        "Orders under a placeholder UNIT wait until an order creates that unit (RECRUIT, \
         SPLIT, or a summoning). No order in this set creates it; unless something else does, \
         the orders are discarded at the end of the turn.";
    EXPECTED_KEYWORD = "E0110", Error, "line does not start with an order",
        "An order line starts with optional prefixes and then an order keyword.";
    RETREAT_NOT_FIRST = "E0111", Error, "RETREAT is not the first order",
        "RETREAT cancels a journey under way and must be the unit's very first order of the \
         turn.";
    SELF_REFERENCE = "E0112", Error, "order names the unit itself",
        "This order needs another unit: a unit cannot give to, stack under, teach or merge \
         into itself.";
    UNIT_LINE_EXTRA = "W0113", Warning, "extra text on a UNIT line",
        "A UNIT line takes one unit id. The rest of the line is ignored; put notes after a \
         `#`.";
    LEGACY_SPELLING = "N0114", Note, "spelling of the original engine",
        "The order is written the way the original Overlord engine accepted it. It is \
         understood; the canonical spelling is shown.";
    NOT_THE_FACTIONS_UNIT = "W0115", Warning, "a unit that is not the faction's",
        "The server checks UNIT sections against the game: a unit that is not the faction's \
         (another faction's, or none at all) will not take these orders when the turn runs.";

    PREFIX_WITHOUT_ORDER = "E0201", Error, "prefix without an order",
        "Prefixes (`-`, `+`, `@`, a day count, `Dnn`) must be followed by an order keyword \
         on the same line.";
    REPEAT_WITH_COUNT = "E0202", Error, "`@` combined with a day count",
        "An order either repeats (`@`) or runs for a number of days (`10 USE digg`), not both.";
    DUPLICATE_PREFIX = "E0203", Error, "prefix given twice",
        "An order takes at most one count or `@` and at most one day restriction.";
    ZERO_COUNT = "E0204", Error, "count of zero days",
        "A day count must be at least 1. Leave it out to run the order for one day.";
    DAY_OUT_OF_RANGE = "E0205", Error, "day restriction out of range",
        "A month has days 1 to 30; `D0` and `D31` never happen.";
    PREFIX_ORDER = "W0206", Warning, "prefixes out of order",
        "Prefixes are written dashes first, then `+`, then `@` or a count, then `Dnn`: \
         `-+@D10 ORDER`. The order is understood; the canonical form is shown.";
    COUNT_IGNORED = "W0207", Warning, "count ignored",
        "Only full-day orders (and GUARD) run for a number of days. Movement orders take as \
         long as the journey takes, one-shot orders end when they execute, and other \
         immediate orders have no duration, so the count has no effect.";
    REPEAT_IGNORED = "W0208", Warning, "`@` ignored on a condition",
        "A condition (AT, DAY, HAVE, SEE, …) is removed the first time it succeeds, so `@` \
         has no effect on it.";
    PREFIX_ON_FACTION_ORDER = "E0209", Error, "prefix on a faction order",
        "Prefixes apply to unit orders only; faction orders take effect before day 1.";
    TOO_MANY_DASHES = "E0210", Error, "too many dashes",
        "More than 99 dashes cannot be meant.";
    DUPLICATE_PLUS = "W0211", Warning, "`+` given twice",
        "One `+` marks an alternative; more have no further effect.";

    MISSING_ARGUMENT = "E0301", Error, "missing argument",
        "The order needs more arguments; see its syntax with `umpire overlord help ORDER`.";
    WRONG_ARGUMENT = "E0302", Error, "wrong kind of argument",
        "The argument is not of the kind the order expects at this place (a unit id, a \
         location id, a tag, a number, …).";
    NOT_A_NUMBER = "E0303", Error, "expected a number",
        "Counts, amounts and prices are whole numbers of zero or more, written in digits.";
    NUMBER_OUT_OF_RANGE = "E0304", Error, "number out of range",
        "The number is outside what this argument accepts (for example DAY takes 1 to 30, \
         and no number may exceed 4294967295).";
    PLACEHOLDER_CASE = "E0305", Error, "placeholder id with wrong letter case",
        "Placeholder ids for new units and structures are case-sensitive: a lower-case `f` \
         and `n`, an upper-case `U` or `B`: `f06nU01`.";
    PLACEHOLDER_DIGITS = "E0306", Error, "placeholder id without two digits",
        "A placeholder ends in exactly two digits, 00 to 99: `f06nU01`, not `f06nU1`.";
    UNKNOWN_TAG = "E0307", Error, "unknown tag",
        "The tag is not an item, skill, race, title or construction of this game of the kind \
         the order expects here.";
    UNKNOWN_WORD = "E0308", Error, "unknown word",
        "The order expects one of a fixed set of words here (a direction, stance, setting, \
         tactic, …).";
    NO_EAST_WEST = "E0309", Error, "no east or west on a hex map",
        "Locations are hexes with exits N, NE, SE, S, SW and NW (and IN/OUT for inner \
         locations). There is no east or west.";
    UNTERMINATED_STRING = "W0310", Warning, "missing closing quote",
        "The quoted text has no closing quote; it is taken to run to the end of the line.";
    EXTRA_ARGUMENTS = "E0311", Error, "unexpected extra argument",
        "The order has more arguments than it takes. The order is skipped so that it does \
         not do something other than intended.";
    EMPTY_TEXT = "E0312", Error, "empty text",
        "A name must have at least one character.";
    BAD_EMAIL = "E0313", Error, "not an e-mail address",
        "EMAIL takes an address such as `john@example.com`.";
    MISSING_CONFIRM = "E0314", Error, "DISBAND without CONFIRM",
        "DISBAND destroys the unit and everything it carries, so it must be written \
         `DISBAND CONFIRM`.";
    UNPRINTABLE_TEXT = "E0315", Error, "text mixes both kinds of quote",
        "A text may contain straight double quotes or a closing typographic quote, but not \
         both, or it could not be written back into an order template.";
    DUPLICATE_TACTIC = "E0316", Error, "TACTIC part given twice",
        "TACTIC takes at most one engagement, rank, file and movement setting.";
}

/// Look a code up by its text, case-insensitively.
pub fn find(code: &str) -> Option<&'static Code> {
    ALL.iter()
        .copied()
        .find(|c| c.code.eq_ignore_ascii_case(code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_sorted_and_prefixed_by_severity() {
        for pair in ALL.windows(2) {
            assert!(
                pair[0].code[1..] < pair[1].code[1..],
                "{} {}",
                pair[0].code,
                pair[1].code
            );
        }
        for c in ALL {
            let want = match c.severity {
                Severity::Error => 'E',
                Severity::Warning => 'W',
                Severity::Note => 'N',
            };
            assert!(c.code.starts_with(want), "{}", c.code);
            assert_eq!(c.code.len(), 5);
        }
    }

    #[test]
    fn find_is_case_insensitive() {
        assert_eq!(find("e0102").map(|c| c.title), Some("unknown order"));
        assert!(find("E9999").is_none());
    }
}
