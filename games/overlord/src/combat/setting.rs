//! A unit's standing battle settings: TACTIC (engagement, rank, file,
//! movement) and COMBAT (its action list), kept on the unit as text
//! (`Unit::tactics`, `Unit::combat_orders`) and read here.
//!
//! Decisions (RULES-DECISIONS "Combat"):
//! - OV-CMB-024: the battle chapter's FRONT/CENTER/REAR ranks and
//!   LEFT/MIDDLE/RIGHT files and the TACTIC order's FRONT/MIDDLE/REAR and
//!   LEFT/CENTER/RIGHT are both accepted: MIDDLE, CENTER and CENTRE fill
//!   the rank when no rank was given before them, else the file. So the
//!   original engine's `attack middle center charge` is the middle rank,
//!   centre file, and `FIGHT FRONT CENTER CHARGE` the front rank, centre
//!   file. `ATTACK` is the original's FIGHT.
//! - A unit that never gave TACTIC fights FRONT CENTER CHARGE. The rules
//!   name no default; they make fighting the norm and AVOID a choice ("do
//!   not enter battle unless attacked"), and their first TACTIC example is
//!   `TACTIC FIGHT FRONT CENTER CHARGE`, also the setting the sample game's
//!   units choose most often when they choose one (68 of 186). The
//!   original engine's default differs (AVOID REAR CENTER FLEE, carried by
//!   the 89 sample units that never chose): an imported game keeps it on
//!   those units (`legacy::world::ORIGINAL_DEFAULT_TACTICS`).
//! - A unit that never gave TACTIC and whose COMBAT list shoots before it
//!   strikes (RANGED before any MELEE), and that can shoot (a ranged
//!   weapon equipped), is not marched into melee by a setting it never
//!   chose: whatever the default, it takes the MIDDLE rank, two squares
//!   from the enemy's front rank and within reach of every ranged weapon,
//!   and SUPPORT, which advances as FIRE does and steps back when an enemy
//!   comes adjacent (where RANGED is skipped), so it keeps its distance
//!   and shoots while it has targets in range ([`Setting::of_unit`]).
//!   Its engagement and file are the default's. A unit that gave TACTIC
//!   fights as it said.
//! - Words that are none of these are ignored when reading saved text (the
//!   order checker already refused them in orders).
//! - A COMBAT list holds MELEE, PARRY, RANGED and skill or item tags; the
//!   original's `@ CHARGE` lines (a movement) and `@ Apply tag` (a skill)
//!   are read too.

use crate::orders::words::{CombatMove, Engage, File, Rank};

use super::army::Action;

/// TACTIC's four settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    pub engage: Engage,
    pub rank: Rank,
    pub file: File,
    pub movement: CombatMove,
}

impl Default for Setting {
    fn default() -> Self {
        Setting {
            engage: Engage::Fight,
            rank: Rank::Front,
            file: File::Center,
            movement: CombatMove::Charge,
        }
    }
}

fn ambiguous(word: &str) -> bool {
    ["MIDDLE", "CENTER", "CENTRE"]
        .iter()
        .any(|w| w.eq_ignore_ascii_case(word))
}

impl Setting {
    /// Read saved settings text, starting from the defaults.
    pub fn parse(text: &str) -> Setting {
        let mut s = Setting::default();
        let mut rank_set = false;
        for w in text.split_whitespace() {
            if let Some(e) = Engage::from_word(w) {
                s.engage = e;
            } else if ambiguous(w) {
                if !rank_set {
                    s.rank = Rank::Middle;
                    rank_set = true;
                } else {
                    s.file = File::Center;
                }
            } else if let Some(r) = Rank::from_word(w) {
                s.rank = r;
                rank_set = true;
            } else if let Some(f) = File::from_word(w) {
                s.file = f;
            } else if let Some(m) = CombatMove::from_word(w) {
                s.movement = m;
            }
        }
        s
    }

    /// The setting a unit fights with: the TACTIC it gave (`text`), or,
    /// when it never gave one (`text` is blank), the default — except that
    /// a unit that shoots first (`actions`: RANGED before any MELEE) and
    /// can shoot (`range` > 0) keeps its distance, MIDDLE rank and SUPPORT.
    pub fn of_unit(text: &str, actions: &[Action], range: u8) -> Setting {
        let mut s = Setting::parse(text);
        if text.trim().is_empty() && range > 0 && shoots_first(actions) {
            s.rank = Rank::Middle;
            s.movement = CombatMove::Support;
        }
        s
    }

    /// The canonical text kept on the unit: `FIGHT FRONT CENTER CHARGE`.
    pub fn text(&self) -> String {
        format!(
            "{} {} {} {}",
            self.engage.as_str(),
            self.rank.as_str(),
            self.file.as_str(),
            self.movement.as_str()
        )
    }
}

/// Does the COMBAT list shoot before it strikes: RANGED comes before any
/// MELEE?
pub fn shoots_first(actions: &[Action]) -> bool {
    actions
        .iter()
        .find(|a| matches!(a, Action::Melee | Action::Ranged))
        .is_some_and(|a| *a == Action::Ranged)
}

/// A unit's COMBAT list, from its saved lines. A line may hold several
/// actions (`MELEE RANGED`); `@` prefixes are dropped; the original's
/// `APPLY tag` is the skill `tag`; a movement word (`CHARGE`) in the list
/// is not an action and is skipped.
pub fn actions(lines: &[String]) -> Vec<Action> {
    let mut out = Vec::new();
    for line in lines {
        let mut words = line
            .split_whitespace()
            .map(|w| w.trim_start_matches('@'))
            .filter(|w| !w.is_empty())
            .peekable();
        while let Some(w) = words.next() {
            let action = match w.to_ascii_uppercase().as_str() {
                "MELEE" => Action::Melee,
                "PARRY" => Action::Parry,
                "RANGED" => Action::Ranged,
                "APPLY" => match words.next() {
                    Some(tag) => Action::Special(tag.to_ascii_lowercase()),
                    None => continue,
                },
                _ if CombatMove::from_word(w).is_some() => continue,
                _ => Action::Special(w.to_ascii_lowercase()),
            };
            out.push(action);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ov_cmb_024_both_namings_of_the_middle() {
        let alpha = Setting::parse("attack middle center charge");
        assert_eq!(
            (alpha.engage, alpha.rank, alpha.file, alpha.movement),
            (
                Engage::Fight,
                Rank::Middle,
                File::Center,
                CombatMove::Charge
            )
        );
        let ours = Setting::parse("FIGHT FRONT CENTER CHARGE");
        assert_eq!((ours.rank, ours.file), (Rank::Front, File::Center));
        let left = Setting::parse("DEFEND LEFT MIDDLE SUPPORT");
        assert_eq!(
            (left.engage, left.rank, left.file, left.movement),
            (
                Engage::Defend,
                Rank::Middle,
                File::Left,
                CombatMove::Support
            )
        );
        assert_eq!(
            Setting::parse("avoid rear center flee").text(),
            "AVOID REAR CENTER FLEE"
        );
        assert_eq!(Setting::parse(""), Setting::default());
        assert_eq!(Setting::default().text(), "FIGHT FRONT CENTER CHARGE");
    }

    #[test]
    fn combat_lists_old_and_new() {
        let old = [
            "@ CHARGE".to_string(),
            "@ Apply fhit".to_string(),
            "@ MELEE".to_string(),
        ];
        assert_eq!(
            actions(&old),
            [Action::Special("fhit".into()), Action::Melee]
        );
        let ours = ["RANGED sboa PARRY".to_string()];
        assert_eq!(
            actions(&ours),
            [
                Action::Ranged,
                Action::Special("sboa".into()),
                Action::Parry
            ]
        );
    }
}
