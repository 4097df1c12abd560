//! Where a unit moves when it first acts in a round (OV-CMB-032..041):
//! one square at most, by its TACTIC movement setting. A square may hold
//! any number of units; "an enemy in a square" means a living enemy unit
//! standing there.
//!
//! Decisions (RULES-DECISIONS "Combat"):
//! - FLEE and RETREAT step back toward the side's rear rank; at the rear
//!   they step toward the flank file whose nearest enemy is farthest
//!   (the "least exposed"), staying put when already there or when both
//!   flanks are alike. Counting the three quiet rounds before a fleeing
//!   unit leaves is the round's business (OV-CMB-032).
//! - ADVANCE steps into the square in front when no enemy is there.
//! - SWEEP does not advance while an enemy stands on its line in an
//!   adjacent file.
//! - FLANK: while an enemy stands on its line in another file, it steps
//!   toward the centre file; once none does, it steps back toward its own
//!   file, and otherwise sweeps.
//! - CHARGE steps to the free neighbouring square nearest the nearest
//!   enemy (ahead before sideways); never into an enemy's square.
//! - FIRE advances only when every enemy is at least 3 squares away, so
//!   that after the step at least one square lies between it and the
//!   nearest enemy; SUPPORT does the same and steps back when an enemy is
//!   adjacent.
//! - A flying unit (OV-CMB-069) moves "any distance" by the same setting:
//!   [`flight`] takes step after step until the setting would not move it
//!   further (or would bring it back to a square it has passed), all in
//!   its one move of the round. It still needs its three quiet rounds at
//!   the rear to flee.

use crate::orders::words::CombatMove;

use super::field::{SQUARES, Side, Square};

/// OV-CMB-069: where a flying unit ends its move this round — as many
/// [`step`]s as its setting takes it, stopping where it would stand still
/// or turn back.
pub fn flight(mv: CombatMove, side: Side, at: Square, home_file: u8, enemies: &[Square]) -> Square {
    let mut path = vec![at];
    let mut here = at;
    while path.len() <= SQUARES {
        let next = step(mv, side, here, home_file, enemies);
        if next == here || path.contains(&next) {
            break;
        }
        path.push(next);
        here = next;
    }
    here
}

/// The square `at` moves to this round (itself when it stays).
pub fn step(mv: CombatMove, side: Side, at: Square, home_file: u8, enemies: &[Square]) -> Square {
    let free = |sq: Square| !enemies.contains(&sq);
    let nearest = |sq: Square| enemies.iter().map(|e| e.distance(sq)).min();
    let advance = || at.forward(side).filter(|&s| free(s)).unwrap_or(at);
    let beside_on_line = || {
        enemies
            .iter()
            .any(|e| e.line == at.line && e.file.abs_diff(at.file) == 1)
    };
    let toward_file = |file: u8| -> Square {
        let f = match file.cmp(&at.file) {
            std::cmp::Ordering::Less => at.file - 1,
            std::cmp::Ordering::Greater => at.file + 1,
            std::cmp::Ordering::Equal => at.file,
        };
        let to = Square { file: f, ..at };
        if free(to) { to } else { at }
    };
    match mv {
        CombatMove::Stand => at,
        CombatMove::Flee | CombatMove::Retreat => {
            if let Some(back) = at.back(side) {
                return if free(back) { back } else { at };
            }
            let exposure = |file: u8| nearest(Square { file, ..at }).unwrap_or(u8::MAX);
            let (left, right) = (exposure(0), exposure(2));
            let goal = match left.cmp(&right) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Less => 2,
                std::cmp::Ordering::Equal if at.file != 1 => at.file,
                std::cmp::Ordering::Equal => 1,
            };
            toward_file(goal)
        }
        CombatMove::Advance => advance(),
        CombatMove::Sweep => {
            if beside_on_line() {
                at
            } else {
                advance()
            }
        }
        CombatMove::Flank => {
            let on_line = enemies
                .iter()
                .any(|e| e.line == at.line && e.file != at.file);
            if on_line {
                toward_file(1)
            } else if at.file != home_file {
                toward_file(home_file)
            } else if beside_on_line() {
                at
            } else {
                advance()
            }
        }
        CombatMove::Charge => {
            let Some(here) = nearest(at) else {
                return at;
            };
            let ahead = at.forward(side);
            let mut best = at;
            let mut best_d = here;
            for sq in ahead.into_iter().chain(at.neighbours()) {
                if !free(sq) {
                    continue;
                }
                if let Some(d) = nearest(sq)
                    && d < best_d
                {
                    best = sq;
                    best_d = d;
                }
            }
            best
        }
        CombatMove::Fire | CombatMove::Support => {
            if mv == CombatMove::Support && enemies.iter().any(|e| e.adjacent(at)) {
                return at.back(side).filter(|&s| free(s)).unwrap_or(at);
            }
            match nearest(at) {
                Some(d) if d < 3 => at,
                _ => advance(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::words::CombatMove as M;

    const A: Side = Side::Attacker;

    fn sq(line: u8, file: u8) -> Square {
        Square { line, file }
    }

    #[test]
    fn ov_cmb_069_a_flyer_goes_as_far_as_its_setting_takes_it() {
        // Charging from the rear at an enemy on the far side: straight to
        // the square next to it, where a walker would take one step.
        let foes = [sq(5, 1)];
        assert_eq!(step(M::Charge, A, sq(0, 1), 1, &foes), sq(1, 1));
        assert_eq!(flight(M::Charge, A, sq(0, 1), 1, &foes), sq(4, 1));
        // Advancing stops before the first enemy square.
        assert_eq!(flight(M::Advance, A, sq(0, 0), 0, &[sq(3, 0)]), sq(2, 0));
        // Fleeing: to the rear in one move, then to the flank farther
        // from the enemy.
        assert_eq!(flight(M::Flee, A, sq(2, 1), 1, &foes), sq(0, 1));
        assert_eq!(flight(M::Flee, A, sq(2, 1), 1, &[sq(5, 0)]), sq(0, 2));
        // Standing stays.
        assert_eq!(flight(M::Stand, A, sq(2, 1), 1, &foes), sq(2, 1));
        // Fire keeps a square between it and the nearest enemy.
        assert_eq!(flight(M::Fire, A, sq(0, 1), 1, &foes), sq(3, 1));
    }

    #[test]
    fn ov_cmb_034_035_stand_and_advance() {
        assert_eq!(step(M::Stand, A, sq(1, 1), 1, &[]), sq(1, 1));
        assert_eq!(step(M::Advance, A, sq(1, 1), 1, &[]), sq(2, 1));
        assert_eq!(step(M::Advance, A, sq(2, 1), 1, &[sq(3, 1)]), sq(2, 1));
        assert_eq!(step(M::Advance, Side::Defender, sq(4, 1), 1, &[]), sq(3, 1));
        // The far edge: nowhere to go.
        assert_eq!(step(M::Advance, A, sq(5, 0), 0, &[]), sq(5, 0));
    }

    #[test]
    fn ov_cmb_032_033_flee_and_retreat_go_back_then_to_the_safer_flank() {
        assert_eq!(step(M::Flee, A, sq(2, 1), 1, &[]), sq(1, 1));
        assert_eq!(step(M::Retreat, A, sq(1, 1), 1, &[]), sq(0, 1));
        // At the rear: the enemy is on the left, so go right.
        assert_eq!(step(M::Flee, A, sq(0, 1), 1, &[sq(3, 0)]), sq(0, 2));
        assert_eq!(step(M::Flee, A, sq(0, 2), 1, &[sq(3, 0)]), sq(0, 2));
        // An enemy behind blocks the way back.
        assert_eq!(step(M::Retreat, A, sq(1, 1), 1, &[sq(0, 1)]), sq(1, 1));
    }

    #[test]
    fn ov_cmb_037_sweep_holds_while_an_enemy_is_beside_it() {
        assert_eq!(step(M::Sweep, A, sq(2, 1), 1, &[sq(2, 0)]), sq(2, 1));
        assert_eq!(step(M::Sweep, A, sq(2, 1), 1, &[sq(5, 0)]), sq(3, 1));
    }

    #[test]
    fn ov_cmb_038_flank_closes_to_the_centre_then_returns() {
        // Enemy on its line, two files over: step toward the centre.
        assert_eq!(step(M::Flank, A, sq(3, 0), 0, &[sq(3, 2)]), sq(3, 1));
        // No enemy on its line any more: back toward its own file.
        assert_eq!(step(M::Flank, A, sq(3, 1), 0, &[sq(5, 2)]), sq(3, 0));
        // At home with nothing on the line: advance.
        assert_eq!(step(M::Flank, A, sq(3, 0), 0, &[sq(5, 2)]), sq(4, 0));
    }

    #[test]
    fn ov_cmb_039_charge_heads_for_the_nearest_enemy() {
        assert_eq!(step(M::Charge, A, sq(1, 1), 1, &[sq(4, 1)]), sq(2, 1));
        // Ahead first when ahead and sideways are as good.
        assert_eq!(step(M::Charge, A, sq(2, 0), 0, &[sq(4, 2)]), sq(3, 0));
        // Already adjacent: stays.
        assert_eq!(step(M::Charge, A, sq(2, 1), 1, &[sq(3, 1)]), sq(2, 1));
        // Nobody left: stays.
        assert_eq!(step(M::Charge, A, sq(2, 1), 1, &[]), sq(2, 1));
    }

    #[test]
    fn ov_cmb_040_041_fire_keeps_its_distance_support_falls_back() {
        assert_eq!(step(M::Fire, A, sq(0, 1), 1, &[sq(4, 1)]), sq(1, 1));
        assert_eq!(step(M::Fire, A, sq(1, 1), 1, &[sq(3, 1)]), sq(1, 1));
        assert_eq!(step(M::Support, A, sq(1, 1), 1, &[sq(2, 1)]), sq(0, 1));
        assert_eq!(step(M::Support, A, sq(0, 1), 1, &[sq(4, 1)]), sq(1, 1));
    }
}
