//! The ambush advantage (OV-CMB-014..019), weighed before the first round.
//!
//! - Each army's ambush level (OV-CMB-014) is its figure-weighted average
//!   stealth, rounded down, plus the ambush [ambu] level of the army as if
//!   all its units were merged into one (the figure-weighted average of
//!   their ambush experience, read against the skill's levels).
//! - The defenders add 1 for each unit that was on GUARD and their
//!   figure-weighted average observation, rounded down (OV-CMB-015).
//! - When the defenders' level is higher and the battle did not come from
//!   an ATTACK order, the roles are swapped (OV-CMB-016): the armies change
//!   sides of the board, the new defenders' guard and observation bonuses
//!   count instead of the old ones, and both levels are halved (rounded
//!   down).
//! - The attackers' lead over the defenders is their ambush advantage
//!   (OV-CMB-017). For each level, every defending unit is displaced at
//!   random (OV-CMB-018): 1, one file to the side; 2, one file and one
//!   rank; 3, any file; 4 or more, any file and any rank — always within
//!   its own half of the board.
//! - The advantage is added to the attackers' tactic level
//!   (OV-CMB-019), in [`super::fight`].
//!
//! The original engine did not implement ambush (the checklist's
//! "alpha-off"); the rules text does, and so do we.

use umpire_core::dice::Dice;

use super::army::Fighter;
use super::field::{FILES, LINES, Side, Square};

/// How the battle opened, as the ambush rules need it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// It began with an ATTACK order: no swapping of roles.
    pub by_attack: bool,
    /// Experience needed for each level of ambush [ambu], from the rules;
    /// empty: nobody knows ambush.
    pub ambush_levels: Vec<u32>,
}

/// What the ambush weighing decided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Outcome {
    /// The armies' ambush levels (attackers, defenders), after any swap.
    pub levels: [i32; 2],
    /// The defenders had the higher level and became the attackers.
    pub swapped: bool,
    /// The attackers' lead: the defenders were displaced this much.
    pub advantage: i32,
}

fn weighted(fighters: &[Fighter], side: Side, value: impl Fn(&Fighter) -> i64) -> i64 {
    let (sum, n) = fighters
        .iter()
        .filter(|f| f.side == side && f.present())
        .fold((0i64, 0i64), |(s, n), f| {
            let k = i64::from(f.alive());
            (s + value(f) * k, n + k)
        });
    if n == 0 { 0 } else { sum.div_euclid(n) }
}

/// An army's level before the defenders' bonuses.
fn base_level(fighters: &[Fighter], side: Side, opening: &Opening) -> i32 {
    let stealth = weighted(fighters, side, |f| i64::from(f.ratings.stealth));
    let xp =
        u32::try_from(weighted(fighters, side, |f| i64::from(f.ambush_xp)).max(0)).unwrap_or(0);
    let skill = opening
        .ambush_levels
        .iter()
        .filter(|&&need| xp >= need)
        .count();
    i32::try_from(stealth).unwrap_or(0) + i32::try_from(skill).unwrap_or(0)
}

/// The defenders' bonus: guards and observation.
fn defence_bonus(fighters: &[Fighter], side: Side) -> i32 {
    let guards = fighters
        .iter()
        .filter(|f| f.side == side && f.present() && f.guarding)
        .count();
    let obs = weighted(fighters, side, |f| i64::from(f.ratings.observation));
    i32::try_from(guards).unwrap_or(0) + i32::try_from(obs).unwrap_or(0)
}

/// Weigh the ambush, swap roles and displace the ambushed.
pub fn weigh(fighters: &mut [Fighter], opening: &Opening, dice: &mut Dice) -> Outcome {
    let a = base_level(fighters, Side::Attacker, opening);
    let d = base_level(fighters, Side::Defender, opening) + defence_bonus(fighters, Side::Defender);
    let mut out = Outcome {
        levels: [a, d],
        ..Outcome::default()
    };
    if d > a && !opening.by_attack {
        for f in fighters.iter_mut() {
            f.side = f.side.other();
            f.square = Square {
                line: LINES - 1 - f.square.line,
                file: FILES - 1 - f.square.file,
            };
            f.home_file = FILES - 1 - f.home_file;
        }
        // The old defenders attack now, without their bonuses; the new
        // defenders (the old attackers) have theirs.
        let na = base_level(fighters, Side::Attacker, opening);
        let nd =
            base_level(fighters, Side::Defender, opening) + defence_bonus(fighters, Side::Defender);
        out.levels = [na / 2, nd / 2];
        out.swapped = true;
    }
    out.advantage = (out.levels[0] - out.levels[1]).max(0);
    if out.advantage > 0 {
        for f in fighters.iter_mut().filter(|f| f.side == Side::Defender) {
            f.square = displaced(f.square, out.advantage, dice);
        }
    }
    out
}

/// The defenders' half: lines 3 to 5.
fn displaced(at: Square, advantage: i32, dice: &mut Dice) -> Square {
    let shift = |v: u8, lo: u8, hi: u8, dice: &mut Dice| -> u8 {
        let mut options = Vec::new();
        if v > lo {
            options.push(v - 1);
        }
        if v < hi {
            options.push(v + 1);
        }
        if options.is_empty() {
            return v;
        }
        let n = u32::try_from(options.len()).unwrap_or(1);
        options[dice.below(n) as usize]
    };
    let (lo, hi) = (3, LINES - 1);
    match advantage {
        1 => Square {
            file: shift(at.file, 0, FILES - 1, dice),
            ..at
        },
        2 => Square {
            file: shift(at.file, 0, FILES - 1, dice),
            line: shift(at.line, lo, hi, dice),
        },
        3 => Square {
            file: u8::try_from(dice.below(u32::from(FILES))).unwrap_or(0),
            ..at
        },
        _ => Square {
            file: u8::try_from(dice.below(u32::from(FILES))).unwrap_or(0),
            line: lo + u8::try_from(dice.below(u32::from(hi - lo + 1))).unwrap_or(0),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combat::army::Ratings;
    use crate::orders::words::CombatMove;

    fn unit(side: Side, figures: u32, stealth: i32, observation: i32) -> Fighter {
        let sq = match side {
            Side::Attacker => Square { line: 2, file: 1 },
            Side::Defender => Square { line: 3, file: 1 },
        };
        Fighter::new(
            1,
            side,
            sq,
            CombatMove::Stand,
            Ratings {
                stealth,
                observation,
                ..Ratings::default()
            },
            figures,
        )
    }

    #[test]
    fn ov_cmb_014_average_stealth_rounded_down_plus_merged_ambush() {
        // 20 men at 0 and 10 at 3: one point.
        let mut fs = vec![
            unit(Side::Attacker, 20, 0, 0),
            unit(Side::Attacker, 10, 3, 0),
            unit(Side::Defender, 10, 0, 0),
        ];
        let o = weigh(&mut fs, &Opening::default(), &mut Dice::from_seed(1));
        assert_eq!(o.levels, [1, 0]);
        assert_eq!(o.advantage, 1);
        // Ambush experience, merged: 30 figures averaging 4000 reach the
        // first level (at 3000) but not the second.
        let mut fs = vec![
            unit(Side::Attacker, 20, 0, 0),
            unit(Side::Attacker, 10, 0, 0),
            unit(Side::Defender, 10, 0, 0),
        ];
        fs[0].ambush_xp = 3000;
        fs[1].ambush_xp = 6000;
        let opening = Opening {
            by_attack: true,
            ambush_levels: vec![3000, 18000],
        };
        let o = weigh(&mut fs, &opening, &mut Dice::from_seed(1));
        assert_eq!(o.levels, [1, 0]);
    }

    #[test]
    fn ov_cmb_015_016_guards_and_observation_can_turn_the_tables() {
        let mut fs = vec![
            unit(Side::Attacker, 10, 1, 0),
            unit(Side::Defender, 10, 0, 2),
            unit(Side::Defender, 10, 0, 2),
        ];
        fs[1].guarding = true;
        // Defenders: 0 + 1 guard + 2 observation = 3 > 1: not by ATTACK,
        // so the roles swap and the levels are halved; the old attackers'
        // observation (0) now counts for them: [0 / 2, 1 / 2].
        let o = weigh(&mut fs, &Opening::default(), &mut Dice::from_seed(2));
        assert!(o.swapped);
        assert_eq!(o.levels, [0, 0]);
        assert_eq!(fs[0].side, Side::Defender);
        assert_eq!(fs[0].square, Square { line: 3, file: 1 });
        assert_eq!(fs[1].side, Side::Attacker);
        // An ATTACK order keeps the roles.
        let mut fs2 = vec![
            unit(Side::Attacker, 10, 1, 0),
            unit(Side::Defender, 10, 0, 2),
        ];
        let o = weigh(
            &mut fs2,
            &Opening {
                by_attack: true,
                ..Opening::default()
            },
            &mut Dice::from_seed(2),
        );
        assert!(!o.swapped);
        assert_eq!((o.levels, o.advantage), ([1, 2], 0));
    }

    #[test]
    fn ov_cmb_018_displacement_grows_with_the_advantage() {
        let at = Square { line: 3, file: 1 };
        let mut dice = Dice::from_seed(3);
        for _ in 0..200 {
            let one = displaced(at, 1, &mut dice);
            assert_eq!(one.line, 3);
            assert_eq!(one.file.abs_diff(1), 1);
            let two = displaced(at, 2, &mut dice);
            assert_eq!(two.file.abs_diff(1), 1);
            assert_eq!(two.line, 4, "one rank back, the only way within the half");
            let four = displaced(at, 4, &mut dice);
            assert!((3..=5).contains(&four.line) && four.file < 3);
        }
    }
}
