//! What a player reads after sending orders, and before sending orders
//! with errors: the lines that were (or would be) left out, each with its
//! finding, and what each unit they belonged to will do instead. Read
//! from the text as sent, the checker's findings on it and the orders as
//! stored, so it is the same whether the orders came by the editor, the
//! API or a mail.
//!
//! A unit whose every order was left out has none: in a game with a
//! default order (`GameKind::default_order`: Overlord's WORK) it does
//! that, and it is said so, rather than leaving the player to find out
//! from the next report.
//!
//! Orders are grouped by the `UNIT` line that opens each unit's section,
//! the way the games with units write them; orders of a game without
//! units (En Garde!'s character sheets) all fall outside any unit.

use maud::{Markup, html};
use umpire_core::Diagnostic;
use umpire_host::kind::view::DefaultOrder;
use umpire_host::receipt::orders_of_unit;

/// A line of the orders as sent that is not (or would not be) kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftOut {
    pub line: u32,
    pub text: String,
    /// The first error found on it.
    pub why: String,
}

/// What became of one unit's orders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fate {
    /// The unit, as its `UNIT` line names it; empty for lines outside any
    /// unit's section (the faction's orders, the header).
    pub unit: String,
    pub left_out: Vec<LeftOut>,
    /// Its orders as stored; empty when none are left.
    pub will_do: Vec<String>,
}

/// The first word of a line, in capitals.
fn keyword(line: &str) -> String {
    line.split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_uppercase()
}

/// Whether a line opens or closes an envelope (`#GAME …`, `#END`).
fn header(line: &str) -> bool {
    line.trim_start().starts_with('#')
}

/// The unit whose section holds line `n` (1-based) of `text`.
pub fn unit_at(text: &str, n: u32) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let upto = (n as usize).min(lines.len());
    for l in lines[..upto].iter().rev() {
        if header(l) {
            break;
        }
        if keyword(l) == "UNIT" {
            return l.split_whitespace().nth(1).unwrap_or("").to_string();
        }
    }
    String::new()
}

/// Every line with an error, the first error of each, in line order.
pub fn left_out(text: &str, found: &[Diagnostic]) -> Vec<LeftOut> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<LeftOut> = Vec::new();
    for d in found.iter().filter(|d| d.is_error()) {
        let Some(p) = d.position else { continue };
        if out.iter().any(|l| l.line == p.line) {
            continue;
        }
        let written = lines
            .get((p.line as usize).saturating_sub(1))
            .map_or("", |l| l.trim());
        out.push(LeftOut {
            line: p.line,
            text: written.to_string(),
            why: format!("{} {}", d.code, d.message),
        });
    }
    out.sort_by_key(|l| l.line);
    out
}

/// What each unit with a line left out will do: grouped by unit, in the
/// order the units come in `sent`; `stored` is the orders as kept (None
/// when nothing was kept).
pub fn fates(sent: &str, found: &[Diagnostic], stored: Option<&str>) -> Vec<Fate> {
    let mut out: Vec<Fate> = Vec::new();
    for l in left_out(sent, found) {
        let unit = unit_at(sent, l.line);
        match out.iter_mut().find(|f| f.unit == unit) {
            Some(f) => f.left_out.push(l),
            None => out.push(Fate {
                will_do: if unit.is_empty() {
                    Vec::new()
                } else {
                    stored.map(|s| orders_of_unit(s, &unit)).unwrap_or_default()
                },
                unit,
                left_out: vec![l],
            }),
        }
    }
    out
}

/// How many lines the fates leave out.
pub fn count(fates: &[Fate]) -> usize {
    fates.iter().map(|f| f.left_out.len()).sum()
}

/// The fates as a page's card: `sent` says whether the orders were sent
/// (they were left out) or are about to be (they would be);
/// `default_order` is what a unit left with no orders does, when its game
/// has such an order.
pub fn card(fates: &[Fate], sent: bool, default_order: Option<DefaultOrder>) -> Markup {
    let n = count(fates);
    html! {
        section.card.bad #left-out {
            h2 {
                @if sent { (n) " line" (if n == 1 { " was" } else { "s were" }) " left out" }
                @else { (n) " line" (if n == 1 { "" } else { "s" }) " would be left out" }
            }
            @if fates.iter().flat_map(|f| &f.left_out).any(|l| l.why.starts_with(umpire_host::host::web::OTHER_SEAT)) {
                p { strong { "These orders are headed for another seat: the whole set " (if sent { "was" } else { "would be" }) " refused." } }
            }
            @for f in fates {
                div.fate data-unit=(f.unit) {
                    @if f.unit.is_empty() {
                        h3 { "Outside any unit's orders" }
                    } @else {
                        h3 { (f.unit) }
                    }
                    ul {
                        @for l in &f.left_out {
                            li data-line=(l.line) { "line " (l.line) ": " code { (l.text) } " — " (l.why) }
                        }
                    }
                    @if !f.unit.is_empty() {
                        p.will {
                            (f.unit) " will do: "
                            @if !f.will_do.is_empty() {
                                @for (i, o) in f.will_do.iter().enumerate() { @if i > 0 { ", " } code { (o) } }
                            } @else if let Some(d) = default_order {
                                code { (d.order) } " — no order of it is left, so it does the default order, " (d.does)
                            } @else {
                                "none of these orders"
                            }
                            "."
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use umpire_core::source::Position;

    /// The default order of the game these orders are written for.
    fn work() -> Option<DefaultOrder> {
        umpire_host::kind::kind("overlord").ok()?.default_order()
    }

    fn error_at(line: u32, message: &str) -> Diagnostic {
        let mut d = Diagnostic::error("E0308", "orders".into(), message);
        d.position = Some(Position {
            line,
            column: 1,
            end_column: 1,
        });
        d
    }

    #[test]
    fn a_unit_whose_only_order_was_wrong_is_said_to_work() {
        let sent =
            "#GAME f05 \"\" spring\nUNIT U117\nMOVE nowhere\nUNIT U118\nSTUDY scou\nFLY\n#END\n";
        let found = [
            error_at(3, "expected a direction"),
            error_at(6, "unknown order"),
        ];
        let stored = "#GAME f05 \"\" spring\nUNIT U118\nSTUDY scou\n#END\n";
        let f = fates(sent, &found, Some(stored));
        assert_eq!(f.len(), 2);
        assert_eq!(f[0].unit, "U117");
        assert!(f[0].will_do.is_empty());
        assert_eq!(f[1].unit, "U118");
        assert_eq!(f[1].will_do, ["STUDY scou"]);
        assert_eq!(count(&f), 2);
        let page = card(&f, true, work()).into_string();
        assert!(page.contains("2 lines were left out"), "{page}");
        assert!(page.contains("U117 will do: <code>WORK</code>"), "{page}");
        assert!(
            page.contains("U118 will do: <code>STUDY scou</code>"),
            "{page}"
        );
        assert!(page.contains("<code>MOVE nowhere</code>"), "{page}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// Whatever the orders and wherever the errors, every line with an
        /// error is told once, under the unit whose section holds it, and
        /// a unit is said to do only orders it has in the stored set.
        #[test]
        fn every_line_with_an_error_is_told_once_under_its_unit(
            lines in proptest::collection::vec(
                proptest::sample::select(vec!["#GAME f05 \"\" g", "UNIT U1", "UNIT U2", "STUDY scou", "MOVE N", "FLY", "", "#END"]),
                0..30,
            ),
            errors in proptest::collection::vec(1u32..32, 0..10),
        ) {
            let sent: String = lines.iter().map(|l| format!("{l}\n")).collect();
            let found: Vec<Diagnostic> = errors.iter().map(|n| error_at(*n, "bad")).collect();
            let stored = "#GAME f05 \"\" g\nUNIT U2\nSTUDY scou\n#END\n";
            let f = fates(&sent, &found, Some(stored));
            let mut distinct = errors.clone();
            distinct.sort_unstable();
            distinct.dedup();
            proptest::prop_assert_eq!(count(&f), distinct.len());
            for fate in &f {
                for l in &fate.left_out {
                    proptest::prop_assert_eq!(&unit_at(&sent, l.line), &fate.unit);
                }
                let allowed = orders_of_unit(stored, &fate.unit);
                proptest::prop_assert!(fate.will_do.iter().all(|o| allowed.contains(o)));
            }
        }
    }

    #[test]
    fn a_line_outside_any_unit_is_told_apart() {
        let sent = "#GAME f06 \"\" spring\nUNIT U1\nWORK\n#END\n";
        let f = fates(sent, &[error_at(1, "orders for f06")], None);
        assert_eq!(f[0].unit, "");
        assert!(
            card(&f, false, work())
                .into_string()
                .contains("1 line would be left out")
        );
    }
}
