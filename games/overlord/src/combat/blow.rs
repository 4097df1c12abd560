//! One figure's blow at another (OV-CMB-056..063): strike, hit, then as
//! many blows as the attack's damage, deadly or wounding.
//!
//! - The attacker strikes with [`odds::strike`] of its melee statistic
//!   (OV-CMB-056); a missile attack uses its missile statistic instead
//!   (decision: "melee stat" is the attack's own statistic).
//! - A strike hits with [`odds::hit`] (OV-CMB-057, 058).
//! - A hit inflicts `damage` blows, all or none (OV-CMB-062): every blow
//!   but the last is deadly; the last is deadly with [`odds::deadly`]
//!   (OV-CMB-059, 060), else a wound. A figure already wounded takes
//!   every blow as deadly (OV-CMB-061).
//! - A deadly blow costs a life point; a figure whose lost life points
//!   reach its life dies (OV-CMB-063). Wounds are settled after the
//!   battle (OV-CMB-079).
//! - A figure kept standing only by a life bonus that has ended is
//!   *doomed*: the next hit kills it, whatever its damage (OV-CMB-052,
//!   [`super::special`]).

use umpire_core::dice::Dice;

use super::odds;

/// What a figure has suffered in this battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Body {
    /// Life points lost to deadly blows.
    pub lost: u32,
    pub wounded: bool,
    /// Alive only on a life bonus that ended: the next hit kills.
    pub doomed: bool,
}

impl Body {
    pub fn dead(self, life: u32) -> bool {
        self.lost >= life.max(1)
    }
}

/// The ratings one blow is struck with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    /// The statistic that decides whether the figure strikes at all.
    pub strike_stat: i32,
    /// Attack against the target's defence.
    pub attack: i32,
    /// The attacker's combat statistic without equipment.
    pub base_combat: i32,
    /// Blows a hit inflicts (at least 1).
    pub damage: u32,
}

/// How a blow went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The figure did not strike.
    NoStrike,
    /// It struck and missed.
    Missed,
    /// It hit: `deadly` blows landed, `wound` says whether the last only
    /// wounded; `killed` whether the target died.
    Hit {
        deadly: u32,
        wound: bool,
        killed: bool,
    },
}

/// Strike `body` (with `life` life points, defending at `defense`).
pub fn strike(a: Attack, defense: i32, life: u32, body: &mut Body, dice: &mut Dice) -> Outcome {
    if !odds::strike(a.strike_stat).roll(dice) {
        return Outcome::NoStrike;
    }
    if !odds::hit(a.attack, defense).roll(dice) {
        return Outcome::Missed;
    }
    let blows = a.damage.max(1);
    let mut deadly = blows - 1;
    let last_deadly = body.wounded || odds::deadly(a.attack, defense, a.base_combat).roll(dice);
    let wound = !last_deadly;
    if last_deadly {
        deadly += 1;
    }
    body.lost = body.lost.saturating_add(deadly);
    if wound {
        body.wounded = true;
    }
    if body.doomed {
        body.lost = body.lost.max(life.max(1));
    }
    Outcome::Hit {
        deadly,
        wound,
        killed: body.dead(life),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn swordsman(attack: i32) -> Attack {
        Attack {
            strike_stat: 15, // always strikes
            attack,
            base_combat: 0,
            damage: 1,
        }
    }

    #[test]
    fn ov_cmb_059_063_a_higher_attack_kills_a_one_life_figure() {
        let mut dice = Dice::from_seed(1);
        for _ in 0..100 {
            let mut b = Body::default();
            // 3 against 0: always hits, always deadly.
            let o = strike(swordsman(3), 0, 1, &mut b, &mut dice);
            assert_eq!(
                o,
                Outcome::Hit {
                    deadly: 1,
                    wound: false,
                    killed: true
                }
            );
        }
    }

    #[test]
    fn ov_cmb_061_a_wounded_figure_takes_deadly_blows() {
        let mut dice = Dice::from_seed(2);
        let mut b = Body {
            lost: 0,
            wounded: true,
            doomed: false,
        };
        // 1 against 1 hits half the time, and a hit would be deadly only
        // by a roll; on a wounded figure every hit is deadly.
        let mut hits = 0;
        for _ in 0..200 {
            let mut body = b;
            if let Outcome::Hit { deadly, wound, .. } =
                strike(swordsman(1), 1, 2, &mut body, &mut dice)
            {
                hits += 1;
                assert_eq!((deadly, wound), (1, false));
            }
        }
        assert!(hits > 50);
        b.lost = 1;
        assert!(!b.dead(2));
        b.lost = 2;
        assert!(b.dead(2));
    }

    #[test]
    fn ov_cmb_062_damage_lands_all_or_nothing_last_may_wound() {
        let mut dice = Dice::from_seed(3);
        let a = Attack {
            damage: 3,
            ..swordsman(2)
        };
        let mut seen_wound = false;
        let mut seen_deadly = false;
        for _ in 0..400 {
            let mut b = Body::default();
            // 2 against 2: half hit; deadly at 50% (equal is not higher).
            match strike(a, 2, 10, &mut b, &mut dice) {
                Outcome::Hit {
                    deadly: 2,
                    wound: true,
                    killed: false,
                } => {
                    seen_wound = true;
                    assert_eq!(
                        b,
                        Body {
                            lost: 2,
                            wounded: true,
                            doomed: false,
                        }
                    );
                }
                Outcome::Hit {
                    deadly: 3,
                    wound: false,
                    killed: false,
                } => {
                    seen_deadly = true;
                    assert_eq!(b.lost, 3);
                }
                Outcome::Missed | Outcome::NoStrike => assert_eq!(b, Body::default()),
                other => panic!("{other:?}"),
            }
        }
        assert!(seen_wound && seen_deadly);
    }

    #[test]
    fn ov_cmb_052_a_doomed_figure_dies_at_the_next_hit() {
        let mut dice = Dice::from_seed(5);
        for _ in 0..50 {
            let mut b = Body {
                lost: 2,
                wounded: false,
                doomed: true,
            };
            // 3 against 0 always hits; 1 damage would leave a 5-life
            // figure standing, but this one lived on borrowed life.
            let o = strike(swordsman(3), 0, 5, &mut b, &mut dice);
            assert!(matches!(o, Outcome::Hit { killed: true, .. }), "{o:?}");
            assert!(b.dead(5));
        }
        // Without the doom the same hit leaves it standing.
        let mut b = Body {
            lost: 2,
            ..Body::default()
        };
        let o = strike(swordsman(3), 0, 5, &mut b, &mut dice);
        assert!(matches!(o, Outcome::Hit { killed: false, .. }), "{o:?}");
    }

    #[test]
    fn ov_cmb_056_to_060_rates_over_many_blows() {
        // Melee 0 strikes 40%; 2 against 7 hits 1/7; 2 < 7 so deadly at
        // 50% + 5% × base combat 2 = 60%. Killing chance of a 1-life figure
        // per blow: 0.4 × 1/7 × 0.6 = 3.4286%.
        let mut dice = Dice::from_seed(4);
        let a = Attack {
            strike_stat: 0,
            attack: 2,
            base_combat: 2,
            damage: 1,
        };
        let n = 200_000;
        let (mut struck, mut hit, mut killed) = (0u32, 0u32, 0u32);
        for _ in 0..n {
            let mut b = Body::default();
            match strike(a, 7, 1, &mut b, &mut dice) {
                Outcome::NoStrike => {}
                Outcome::Missed => struck += 1,
                Outcome::Hit { killed: k, .. } => {
                    struck += 1;
                    hit += 1;
                    killed += u32::from(k);
                }
            }
        }
        let rate = |x: u32| f64::from(x) / f64::from(n);
        assert!((rate(struck) - 0.40).abs() < 0.005, "{}", rate(struck));
        assert!((rate(hit) - 0.4 / 7.0).abs() < 0.002, "{}", rate(hit));
        assert!(
            (rate(killed) - 0.4 / 7.0 * 0.6).abs() < 0.0015,
            "{}",
            rate(killed)
        );
    }
}
