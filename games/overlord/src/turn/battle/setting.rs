//! A unit's battle setting, as TACTIC sets it (OV-UO-106) and the world
//! keeps it: the text of `Unit::tactics`, four words in
//! the original engine's order — engagement, rank, file, movement
//! (`attack front center charge`, `avoid rear center flee`).
//!
//! Decisions (RULES-DECISIONS, "Engagement and guarding (issue 6)"):
//! - The words are read whatever their order and case; `attack`, the
//!   original engine's word for FIGHT (`combat_stances.var`), reads as
//!   FIGHT. Words that are none of the four kinds are ignored.
//! - A unit whose text names no engagement FIGHTs: that is the TACTIC
//!   order's plain setting, and the original engine's files give one to
//!   two-thirds of their units; units made by the generator and by
//!   RECRUIT have no text.
//! - TACTIC changes only the parts it names and writes the text back in
//!   the original engine's order and lower case, FIGHT as `fight`
//!   (which the original engine also reads).

use crate::orders::catalog::combat::Tactic;
use crate::orders::words::{CombatMove, Engage, File, Rank};
use crate::world::Unit;

/// The four parts of a battle setting, each possibly unset.
pub fn read(text: &str) -> Tactic {
    let mut t = Tactic::default();
    for word in text.split_whitespace() {
        if word.eq_ignore_ascii_case("attack") {
            t.engage = Some(Engage::Fight);
        } else if let Some(v) = Engage::from_word(word) {
            t.engage = Some(v);
        } else if let Some(v) = Rank::from_word(word) {
            t.rank = Some(v);
        } else if let Some(v) = File::from_word(word) {
            t.file = Some(v);
        } else if let Some(v) = CombatMove::from_word(word) {
            t.movement = Some(v);
        }
    }
    t
}

/// Whether the unit joins battles: AVOID, DEFEND or FIGHT (the default).
/// The same answer as [`read`]'s, looking at the engagement words only
/// (it is asked of every unit in every battle).
pub fn engage(unit: &Unit) -> Engage {
    let mut e = Engage::Fight;
    for word in unit.tactics.text.split_whitespace() {
        if word.eq_ignore_ascii_case("attack") {
            e = Engage::Fight;
        } else if let Some(v) = Engage::from_word(word) {
            e = v;
        }
    }
    e
}

/// The unit's setting with the parts `change` names replaced (TACTIC).
pub fn apply(unit: &mut Unit, change: &Tactic) {
    let mut t = read(&unit.tactics.text);
    t.engage = change.engage.or(t.engage);
    t.rank = change.rank.or(t.rank);
    t.file = change.file.or(t.file);
    t.movement = change.movement.or(t.movement);
    let words: Vec<String> = [
        t.engage.map(Engage::as_str),
        t.rank.map(Rank::as_str),
        t.file.map(File::as_str),
        t.movement.map(CombatMove::as_str),
    ]
    .into_iter()
    .flatten()
    .map(str::to_ascii_lowercase)
    .collect();
    unit.tactics.text = words.join(" ");
}
