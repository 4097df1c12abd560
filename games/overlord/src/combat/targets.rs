//! Who a unit's figures strike (OV-CMB-043, 044, 053..055).
//!
//! - **Melee** reaches adjacent squares only: enemies on the same file
//!   first; if none, enemies on the same line (OV-CMB-043). None adjacent:
//!   the action is skipped.
//! - **Ranged** reaches squares at distance 2 up to its range, and is
//!   skipped while any enemy is adjacent (OV-CMB-044, 064).
//! - Among the reachable units (OV-CMB-054, 055): lowest stealth first;
//!   at equal stealth, for melee, the target side's front rank before its
//!   middle and rear, and on a rank the centre file before the flanks
//!   (decision: "front, then flank, then rear units" read as depth, then
//!   centre before flank); a ranged attack takes the nearest first, then
//!   the same order. Ties keep the army's order.
//! - A unit whose stealth exceeds the attacker's observation escapes the
//!   whole attack with 10% per point of difference (OV-CMB-054), rolled
//!   once per attack and target unit (decision), capped at 100%.
//! - A skill or spell reaching further than melee ([`within`], for
//!   [`super::special`]) takes any enemy within its range, nearest first,
//!   then the same order.
//! - Each attacking figure takes a different figure where it can
//!   (OV-CMB-053): figures are dealt over the ordered targets' living
//!   figures, wrapping round when the attackers outnumber them
//!   ([`deal`]).

use umpire_core::dice::Dice;

use super::field::{Side, Square};
use super::odds::Chance;

/// An enemy unit as the attacker sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Enemy {
    pub side: Side,
    pub square: Square,
    pub stealth: i32,
    /// Living figures.
    pub figures: u32,
}

/// How deep in its own army a square is: 0 front, 1 middle, 2 rear.
pub(super) fn depth(side: Side, sq: Square) -> u8 {
    match side {
        Side::Attacker => 2u8.saturating_sub(sq.line),
        Side::Defender => sq.line.saturating_sub(3),
    }
}

fn order_key(e: &Enemy) -> (i32, u8, u8) {
    (
        e.stealth,
        depth(e.side, e.square),
        u8::from(!e.square.is_centre()),
    )
}

/// The indices of `enemies` a melee attack from `from` may strike, in the
/// order figures are dealt to them. Empty: no melee possible.
pub fn melee(from: Square, enemies: &[Enemy]) -> Vec<usize> {
    let alive = |e: &&Enemy| e.figures > 0;
    let same_file: Vec<usize> = (0..enemies.len())
        .filter(|&i| alive(&&enemies[i]))
        .filter(|&i| enemies[i].square.file == from.file && enemies[i].square.adjacent(from))
        .collect();
    let mut picked = if same_file.is_empty() {
        (0..enemies.len())
            .filter(|&i| alive(&&enemies[i]))
            .filter(|&i| enemies[i].square.line == from.line && enemies[i].square.adjacent(from))
            .collect()
    } else {
        same_file
    };
    picked.sort_by_key(|&i| order_key(&enemies[i]));
    picked
}

/// The indices of `enemies` a ranged attack from `from` reaching `range`
/// squares may strike, nearest first. Empty when an enemy is adjacent or
/// none is in range.
pub fn ranged(from: Square, range: u8, enemies: &[Enemy]) -> Vec<usize> {
    let alive: Vec<usize> = (0..enemies.len())
        .filter(|&i| enemies[i].figures > 0)
        .collect();
    if alive.iter().any(|&i| enemies[i].square.adjacent(from)) {
        return Vec::new();
    }
    let mut picked: Vec<usize> = alive
        .into_iter()
        .filter(|&i| {
            let d = enemies[i].square.distance(from);
            d >= 2 && d <= range
        })
        .collect();
    picked.sort_by_key(|&i| {
        let (s, d, f) = order_key(&enemies[i]);
        (enemies[i].square.distance(from), s, d, f)
    });
    picked
}

/// The indices of `enemies` at 1 to `range` squares from `from`, nearest
/// first, then by stealth, depth and centre.
pub fn within(from: Square, range: u8, enemies: &[Enemy]) -> Vec<usize> {
    let mut picked: Vec<usize> = (0..enemies.len())
        .filter(|&i| enemies[i].figures > 0)
        .filter(|&i| {
            let d = enemies[i].square.distance(from);
            d >= 1 && d <= range
        })
        .collect();
    picked.sort_by_key(|&i| {
        let (s, d, f) = order_key(&enemies[i]);
        (enemies[i].square.distance(from), s, d, f)
    });
    picked
}

/// OV-CMB-054: does the target unit escape this attack unnoticed?
pub fn escapes(stealth: i32, observation: i32, dice: &mut Dice) -> bool {
    let over = i64::from(stealth) - i64::from(observation);
    over > 0 && Chance::percent(10 * over).roll(dice)
}

/// OV-CMB-053: the target of each of `attackers` figures, as (index into
/// `order`, figure number among that unit's living figures).
pub fn deal(attackers: u32, order: &[(usize, u32)]) -> Vec<(usize, u32)> {
    let total: u32 = order.iter().map(|&(_, n)| n).sum();
    if total == 0 {
        return Vec::new();
    }
    (0..attackers)
        .map(|k| {
            let mut slot = k % total;
            for &(unit, n) in order {
                if slot < n {
                    return (unit, slot);
                }
                slot -= n;
            }
            (order[0].0, 0)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enemy(line: u8, file: u8, stealth: i32) -> Enemy {
        Enemy {
            side: Side::Defender,
            square: Square { line, file },
            stealth,
            figures: 10,
        }
    }

    #[test]
    fn ov_cmb_043_melee_prefers_the_same_file_then_the_same_line() {
        let from = Square { line: 2, file: 1 };
        // In front on the same file, and beside on the same line.
        let es = [enemy(2, 0, 0), enemy(3, 1, 0)];
        assert_eq!(melee(from, &es), [1]);
        // Only the one beside: taken.
        assert_eq!(melee(from, &es[..1]), [0]);
        // Nothing adjacent: no melee.
        assert!(melee(from, &[enemy(4, 1, 0), enemy(3, 0, 0)]).is_empty());
        // The dead are not targets.
        let mut dead = enemy(3, 1, 0);
        dead.figures = 0;
        assert!(melee(from, &[dead]).is_empty());
    }

    #[test]
    fn ov_cmb_044_ranged_skips_while_an_enemy_is_adjacent() {
        let from = Square { line: 1, file: 1 };
        let far = [enemy(3, 1, 0), enemy(4, 1, 0), enemy(5, 0, 0)];
        assert_eq!(ranged(from, 4, &far), [0, 1]);
        assert_eq!(ranged(from, 10, &far), [0, 1, 2]);
        let close = [enemy(2, 1, 0), enemy(4, 1, 0)];
        assert!(ranged(from, 10, &close).is_empty());
    }

    #[test]
    fn ov_cmb_054_055_lowest_stealth_then_front_then_centre() {
        let from = Square { line: 2, file: 1 };
        let es = [
            Enemy {
                side: Side::Attacker,
                square: Square { line: 2, file: 0 },
                stealth: 2,
                figures: 5,
            },
            Enemy {
                side: Side::Attacker,
                square: Square { line: 2, file: 2 },
                stealth: 0,
                figures: 5,
            },
        ];
        assert_eq!(melee(from, &es), [1, 0]);
        // Ranged, same distance: stealth, then depth, then centre first.
        let from = Square { line: 0, file: 1 };
        let es = [
            enemy(4, 0, 1), // middle, flank, stealth 1: distance 5
            enemy(3, 0, 0), // front flank: distance 4
            enemy(3, 2, 0), // front flank: distance 4
            enemy(4, 1, 0), // middle centre: distance 4
        ];
        assert_eq!(ranged(from, 6, &es), [1, 2, 3, 0]);
    }

    #[test]
    fn ov_cmb_065_a_long_reach_takes_the_nearest_even_when_engaged() {
        let from = Square { line: 2, file: 1 };
        let es = [enemy(5, 1, 0), enemy(3, 1, 0), enemy(4, 0, 0)];
        assert_eq!(within(from, 3, &es), [1, 2, 0]);
        assert_eq!(within(from, 2, &es), [1]);
        assert!(within(from, 0, &es).is_empty());
    }

    #[test]
    fn ov_cmb_054_stealth_above_observation_escapes_ten_percent_a_point() {
        let mut dice = Dice::from_seed(9);
        assert!((0..1000).all(|_| !escapes(2, 2, &mut dice)));
        assert!((0..1000).all(|_| escapes(12, 1, &mut dice)));
        let n = 20_000;
        let got = (0..n).filter(|_| escapes(3, 0, &mut dice)).count();
        // 30% of 20,000: 6,000, four deviations about 260.
        assert!((5_740..=6_260).contains(&got), "{got}");
    }

    #[test]
    fn ov_cmb_053_figures_take_different_targets_then_wrap() {
        assert_eq!(deal(3, &[(0, 2), (1, 2)]), [(0, 0), (0, 1), (1, 0)]);
        assert_eq!(
            deal(5, &[(0, 2), (1, 1)]),
            [(0, 0), (0, 1), (1, 0), (0, 0), (0, 1)]
        );
        assert!(deal(4, &[]).is_empty());
    }
}
