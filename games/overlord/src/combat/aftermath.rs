//! What a battle leaves behind (OV-CMB-081..083, OV-UNIT-020): the loot
//! of the slain and the leaders who prove themselves heroes. Pure rules on
//! plain numbers; the turn applies them to the world.
//!
//! Decisions (RULES-DECISIONS "Combat"):
//! - OV-CMB-081: a unit wiped out leaves half of each thing it had,
//!   rounded down, as loot ([`half`]); a unit that only lost figures keeps
//!   everything, its survivors carrying it.
//! - OV-CMB-083: loot goes in lots, one lot per kind of item, each to one
//!   winning unit drawn at random; in a draw nobody loots and the loot is
//!   left on the ground.
//! - OV-CMB-082: a lot with weight may go only to a winner already unable
//!   to walk, or one that can still walk carrying it (its spare walking
//!   capacity is then used up by the lot's weight); weightless lots (coins)
//!   go to any winner. A lot nobody can take stays on the ground.
//! - OV-UNIT-020: each leader that fought becomes a hero with a chance in
//!   percent equal to the greatest of its melee, missile and initiative
//!   statistics ("factor" read as the statistic), at most 100%.

use umpire_core::dice::Dice;

use super::army::Ratings;
use super::odds::Chance;

/// Half of what a slain unit had, per kind, rounded down.
pub fn half(count: u64) -> u64 {
    count / 2
}

/// A winning unit as loot sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carrier {
    /// Already too heavy to walk: takes anything.
    pub overloaded: bool,
    /// Walking capacity left, in weight units.
    pub spare: u64,
}

/// One lot of loot: how much it weighs in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lot {
    pub weight: u64,
}

/// Who gets each lot: for each lot, the index of its carrier, or `None`
/// when nobody can take it.
pub fn share(lots: &[Lot], carriers: &mut [Carrier], dice: &mut Dice) -> Vec<Option<usize>> {
    lots.iter()
        .map(|lot| {
            let able: Vec<usize> = (0..carriers.len())
                .filter(|&i| {
                    lot.weight == 0 || carriers[i].overloaded || carriers[i].spare >= lot.weight
                })
                .collect();
            if able.is_empty() {
                return None;
            }
            let n = u32::try_from(able.len()).unwrap_or(u32::MAX);
            let pick = able[dice.below(n) as usize];
            let c = &mut carriers[pick];
            if !c.overloaded {
                c.spare -= lot.weight.min(c.spare);
            }
            Some(pick)
        })
        .collect()
}

/// OV-UNIT-020: the chance a leader who fought becomes a hero.
pub fn hero_chance(r: &Ratings) -> Chance {
    Chance::percent(i64::from(r.melee.max(r.missile).max(r.initiative)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ov_cmb_081_half_of_each_thing_rounded_down() {
        assert_eq!((half(10), half(7), half(1), half(0)), (5, 3, 0, 0));
    }

    #[test]
    fn ov_cmb_082_heavy_lots_go_only_to_who_can_carry_them() {
        let mut dice = Dice::from_seed(3);
        let mut carriers = [
            Carrier {
                overloaded: false,
                spare: 10,
            },
            Carrier {
                overloaded: false,
                spare: 500,
            },
        ];
        // 400 weighs too much for the first; then 200 fits no one but an
        // overloaded unit, and there is none; coins go to anyone.
        let got = share(
            &[Lot { weight: 400 }, Lot { weight: 200 }, Lot { weight: 0 }],
            &mut carriers,
            &mut dice,
        );
        assert_eq!(got[0], Some(1));
        assert_eq!(got[1], None);
        assert!(got[2].is_some());
        assert_eq!(carriers[1].spare, 100);
        // An overloaded winner takes anything.
        let mut slow = [Carrier {
            overloaded: true,
            spare: 0,
        }];
        assert_eq!(
            share(&[Lot { weight: 9_999 }], &mut slow, &mut dice),
            [Some(0)]
        );
        // No winners: nothing is taken.
        assert_eq!(share(&[Lot { weight: 0 }], &mut [], &mut dice), [None]);
    }

    #[test]
    fn ov_cmb_083_lots_spread_at_random_over_the_winners() {
        let mut dice = Dice::from_seed(4);
        let mut carriers = [Carrier {
            overloaded: true,
            spare: 0,
        }; 4];
        let lots = vec![Lot { weight: 1 }; 4000];
        let got = share(&lots, &mut carriers, &mut dice);
        for i in 0..4 {
            let n = got.iter().filter(|g| **g == Some(i)).count();
            // 1000 each; four deviations is about 110.
            assert!((890..=1110).contains(&n), "{i}: {n}");
        }
    }

    #[test]
    fn ov_unit_020_hero_chance_is_the_best_statistic() {
        let r = Ratings {
            melee: 7,
            missile: 3,
            initiative: 9,
            ..Ratings::default()
        };
        assert_eq!(hero_chance(&r), Chance::percent(9));
        assert_eq!(hero_chance(&Ratings::default()), Chance::percent(0));
        let big = Ratings {
            melee: 300,
            ..Ratings::default()
        };
        assert_eq!(hero_chance(&big), Chance::percent(100));
    }
}
