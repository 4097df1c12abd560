//! Lines held for the game master (EG-ORD-001/005): a sheet's lines the
//! reader could not take as orders. The game master reviews each one —
//! approves it (and does what it asks by hand, saying what) or refuses it
//! with a reason — and the player's report of the month tells what became
//! of every such line, reviewed or not. None vanishes without a word.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

/// What the game master decided of a held line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "fate", rename_all = "kebab-case")]
pub enum Fate {
    /// Not reviewed before the month ran: it did not run.
    NotReviewed,
    /// Approved: the game master does what it asks, as the note says.
    Approved { note: String },
    /// Refused, for this reason.
    Refused { reason: String },
}

/// A held line of a sheet and its fate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    /// The line in the sheet (1-based).
    pub line: u32,
    /// The line as the player wrote it.
    pub text: String,
    pub fate: Fate,
}

/// A game master's decision on one line of one character's sheet, kept
/// until the month runs. It holds the line's text: a decision on a line
/// the player has since rewritten does not carry over to the new line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// The character's name.
    pub character: String,
    pub line: u32,
    pub text: String,
    pub fate: Fate,
}

/// The held lines of one sheet, each with the decision taken on it (the
/// same line, the same text), else not reviewed.
pub fn fates(character: &str, lines: &[(u32, String)], decisions: &[Decision]) -> Vec<Held> {
    lines
        .iter()
        .map(|(line, text)| Held {
            line: *line,
            text: text.clone(),
            fate: decisions
                .iter()
                .rev()
                .find(|d| {
                    crate::world::normalise(&d.character) == crate::world::normalise(character)
                        && d.line == *line
                        && d.text == *text
                })
                .map_or(Fate::NotReviewed, |d| d.fate.clone()),
        })
        .collect()
}

/// The report's part on held lines; empty when there were none.
pub fn render(held: &[Held]) -> String {
    if held.is_empty() {
        return String::new();
    }
    let mut s = String::from("\nLines held for the game master\n");
    for h in held {
        let fate = match &h.fate {
            Fate::NotReviewed => "not reviewed before the month ran: it did not run".to_string(),
            Fate::Approved { note } if note.is_empty() => "approved by the game master".to_string(),
            Fate::Approved { note } => format!("approved by the game master: {note}"),
            Fate::Refused { reason } => format!("refused by the game master: {reason}"),
        };
        let _ = writeln!(s, "  line {}: `{}`: {fate}.", h.line, h.text.trim());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_holds_for_its_own_line_and_text_only() {
        let lines = vec![
            (4, "DUEL Porthos AT DAWN".to_string()),
            (6, "SING".to_string()),
        ];
        let decisions = vec![
            Decision {
                character: "athos".into(),
                line: 4,
                text: "DUEL Porthos AT DAWN".into(),
                fate: Fate::Approved {
                    note: "the duel is fought at dawn in week 2".into(),
                },
            },
            Decision {
                character: "Athos".into(),
                line: 6,
                text: "DANCE".into(),
                fate: Fate::Refused {
                    reason: "no such thing".into(),
                },
            },
        ];
        let held = fates("Athos", &lines, &decisions);
        assert_eq!(
            held[0].fate,
            Fate::Approved {
                note: "the duel is fought at dawn in week 2".into()
            }
        );
        assert_eq!(held[1].fate, Fate::NotReviewed, "the line was rewritten");
        let text = render(&held);
        assert!(text.contains(
            "line 4: `DUEL Porthos AT DAWN`: approved by the game master: the duel is fought at dawn in week 2."
        ));
        assert!(
            text.contains("line 6: `SING`: not reviewed before the month ran: it did not run.")
        );
        assert_eq!(render(&[]), "");
    }
}
