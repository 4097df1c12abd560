//! A faction's whole text report, rendered from its
//! [`model::Report`](super::model::Report) in the order the rules'
//! sample report gives it:
//!
//! 1. the opening ([`faction`](super::faction)): header, funds, control
//!    points, stances;
//! 2. `// Global events`: what the faction took part in or saw that no
//!    unit of its own did (taxes collected, stances set, battles fought),
//!    by day (OV-REP-006);
//! 3. `// Units`: every unit it has at the turn's end
//!    ([`unit`](super::unit)) with its day-by-day actions, then units lost
//!    during the turn with their actions up to the loss (OV-REP-007, 017);
//! 4. `// Battles`: the account of each battle its units fought, in full
//!    or terse as the faction's SETTING TERSE asks (OV-REP-042, 043);
//! 5. `// Structures`: its buildings and vessels (OV-REP-018);
//! 6. `// Locations`: every place it was during the turn
//!    ([`location`](super::location));
//! 7. `// Knowledge`: items and skill levels new to it
//!    ([`knowledge`](super::knowledge));
//! 8. `// Newspaper`: the turn's signed press, then its rumours, each
//!    under its own heading;
//! 9. `// Orders template` ([`template`](super::template)).
//!
//! The report is a pure function of its [`Inputs`] and the faction: the
//! same inputs give the same bytes. [`Reports`] prepares what every
//! faction's report shares once, for writing all the reports of a turn;
//! what a report tells is decided there, once, and only laid out here.

use std::fmt::Write as _;

use crate::world::FactionId;

use super::model::{ArticleKind, Line, Named, Report};
use super::{battle, faction, knowledge, location, structure, unit};

pub use super::reports::{Inputs, Reports};

/// The full text report of `faction` alone; an unknown faction gives an
/// empty string. For all the factions of a turn, build [`Reports`] once.
pub fn report(inputs: Inputs<'_>, faction: FactionId) -> String {
    Reports::new(inputs).report(faction)
}

/// The text of a report.
pub fn render(r: &Report<'_>) -> String {
    let mut out = String::new();
    faction::render(&r.header, &mut out);

    if !r.global_events.is_empty() {
        out.push_str("\n// Global events\n");
        for line in &r.global_events {
            let _ = writeln!(out, "{line}");
        }
    }

    out.push_str("\n// Units\n");
    for u in &r.units {
        out.push('\n');
        unit::render(u, &mut out);
        actions(&u.unit, &u.actions, &mut out);
    }
    for u in &r.lost_units {
        let why = u
            .now_with
            .as_ref()
            .map_or_else(|| "gone".to_string(), |f| format!("now with {f}"));
        let _ = writeln!(out, "\n{} ({why})", u.unit);
        actions(&u.unit, &u.actions, &mut out);
    }

    if !r.battles.is_empty() {
        out.push_str("\n// Battles\n");
        for b in &r.battles {
            out.push('\n');
            battle::render(b, &mut out);
        }
    }

    if !r.structures.is_empty() {
        out.push_str("\n// Structures\n");
        for s in &r.structures {
            out.push('\n');
            structure::render(s, &mut out);
            out.push('\n');
        }
    }

    if !r.locations.is_empty() {
        out.push_str("\n// Locations\n");
        for l in &r.locations {
            out.push('\n');
            location::render(l, &mut out);
        }
    }

    let knowledge = knowledge::render(&r.knowledge);
    if !knowledge.is_empty() {
        out.push_str("\n// Knowledge\n\n");
        out.push_str(&knowledge);
    }

    if !r.newspaper.is_empty() {
        out.push_str("\n// Newspaper\n");
        // Signed articles, then rumours, each in the order received
        // (OV-PRESS-002, 008).
        for (kind, heading) in [
            (ArticleKind::Signed, "Signed articles:"),
            (ArticleKind::Rumour, "Rumours:"),
        ] {
            let mut section = r.newspaper.iter().filter(|a| a.kind == kind).peekable();
            if section.peek().is_none() {
                continue;
            }
            let _ = writeln!(out, "\n{heading}");
            for a in section {
                out.push('\n');
                for l in &a.lines {
                    let _ = writeln!(out, "{l}");
                }
                match &a.author {
                    Some(f) => {
                        let _ = writeln!(out, "  -- {f}");
                    }
                    None => out.push_str("  -- a rumour\n"),
                }
            }
        }
    }

    out.push_str("\n// Orders template\n\n");
    out.push_str(&r.template);
    out
}

/// "Name [U1]'s actions:" and a line per day (OV-REP-017).
fn actions(unit: &Named<'_>, lines: &[Line], out: &mut String) {
    if lines.is_empty() {
        return;
    }
    let _ = writeln!(out, "{unit}'s actions:");
    for l in lines {
        let _ = writeln!(out, "  {l}");
    }
}
