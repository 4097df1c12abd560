//! Engagement (OV-CMB-001..013): from a battle begun — who attacked whom —
//! to the two sides' units, the factions that withdraw and the spectators.
//!
//! **Factions** (OV-CMB-002..008), in the rules' five steps:
//! 1. the attacking unit's faction attacks (OV-CMB-002; who that is for
//!    each cause is the caller's: ATTACK, Enemy on sight, a MARCH into a
//!    guarded place, a guard's interception or a pillager caught);
//! 2. the attacked unit's faction defends (OV-CMB-004);
//! 3. every other faction with a unit on guard here today joins the
//!    defenders when it holds the attacked unit Friendly or better, as it
//!    acts toward it: Friendly lapses to Neutral while the attacked
//!    faction holds it Hostile, and a unit it does not recognise is judged
//!    by its default stance (OV-CMB-005, OV-FAC-018/021/026);
//! 4. every faction present that holds one of the factions of steps 1–3
//!    Ally joins that faction's side — only those, never an ally's ally
//!    (OV-CMB-006): it must see that faction in the unit that brought it
//!    in (the attacking unit, the attacked unit, the guard) and its
//!    alliance lapses while that faction holds it Hostile
//!    ([`relations::joins_battle_for`], OV-FAC-017/018);
//! 5. a faction other than the first two that is now on both sides
//!    withdraws (OV-CMB-007).
//!
//! Everyone else with a unit here (not travelling) is a spectator
//! (OV-CMB-008).
//!
//! **Units** (OV-CMB-009..013), in the location's order:
//! - the attacking unit and the attacked unit always fight, whatever their
//!   battle setting (OV-CMB-009), and so does the rest of their stacks:
//!   the attacker with the units under it, the attacked unit with its
//!   whole stack from the top ("if the stack is attacked or decides to
//!   attack, regardless of their tactic setting");
//! - every unit of a faction of either side fights unless it is set to
//!   AVOID, or to DEFEND on the attacking side (OV-CMB-009/010);
//! - a unit that fights brings the units stacked under it, each unless its
//!   own setting keeps it out, whatever their faction (OV-CMB-011); such a
//!   unit does not bring in its faction's other units (OV-CMB-012);
//! - units of a faction that has units on both sides withdraw
//!   (OV-CMB-013): all of them for a third faction (which is then listed
//!   as withdrawn, like the factions of step 5, whose units stay out
//!   "entirely" even from the stacks above), and for the attacking or the
//!   defending faction those that ended up on the other side — never the
//!   attacking and the attacked unit themselves.
//!
//! Only units present fight: a stack on a journey is on the road, listed
//! where it set out but neither fighting nor watching there. A unit with
//! no figures (a stockpile) does not fight.
//!
//! Decisions (RULES-DECISIONS, "Engagement and guarding (issue 6)"):
//! OV-CMB-008 (what spectators learn), OV-CMB-011 (whose stack joins
//! regardless of settings), OV-CMB-012 (the scope: all willing units of
//! the factions involved, plus the stacks they lead).

use umpire_core::ids::TypedId;

use super::super::relations;
use super::super::state::{Clash, Turn};
use super::setting;
use crate::orders::words::Engage;
use crate::world::{FactionId, Stance, UnitId};

/// Who is in a battle and who watches it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Engagement {
    /// The attacking side's units, in the location's order.
    pub attackers: Vec<UnitId>,
    /// The defending side's units, in the location's order.
    pub defenders: Vec<UnitId>,
    /// Factions present that take no part (OV-CMB-008), ascending.
    pub spectators: Vec<FactionId>,
    /// Factions that found themselves on both sides and stayed out
    /// (OV-CMB-007, OV-CMB-013), ascending.
    pub withdrawn: Vec<FactionId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Attacking,
    Defending,
}

/// The factions on each side, with the unit through which each joined.
#[derive(Default)]
struct Factions {
    attacking: Vec<(FactionId, UnitId)>,
    defending: Vec<(FactionId, UnitId)>,
    withdrawn: Vec<FactionId>,
}

impl Factions {
    fn side(&self, f: FactionId) -> Option<Side> {
        if self.attacking.iter().any(|x| x.0 == f) {
            Some(Side::Attacking)
        } else if self.defending.iter().any(|x| x.0 == f) {
            Some(Side::Defending)
        } else {
            None
        }
    }

    fn involved(&self, f: FactionId) -> bool {
        self.side(f).is_some() || self.withdrawn.contains(&f)
    }
}

/// Work out the sides of a battle begun as `clash` says.
pub fn engage(t: &Turn<'_>, clash: &Clash) -> Engagement {
    let (a, d) = (clash.attacker, clash.defender);
    let (Some(fa), Some(fd)) = (faction(t, a), faction(t, d)) else {
        return Engagement::default();
    };
    let order: &[UnitId] = t
        .world
        .locations
        .get(clash.place)
        .map_or(&[][..], |l| l.units.as_slice());
    let here: Vec<UnitId> = order.iter().copied().filter(|&u| present(t, u)).collect();
    let sides = factions(t, &here, a, d, fa, fd);

    // Each unit's side, first come first served.
    let mut side_of: Vec<(UnitId, Side)> = vec![(a, Side::Attacking), (d, Side::Defending)];
    let put = |list: &mut Vec<(UnitId, Side)>, u: UnitId, s: Side| {
        if !list.iter().any(|x| x.0 == u) {
            list.push((u, s));
        }
    };
    // The attacked stack and the attacking one, whatever their settings.
    let top = t.top(d);
    let d_root = if t.stack_of(top).contains(&a) { d } else { top };
    for m in t.stack_of(d_root) {
        if present(t, m) {
            put(&mut side_of, m, Side::Defending);
        }
    }
    for m in t.stack_of(a) {
        if present(t, m) {
            put(&mut side_of, m, Side::Attacking);
        }
    }
    // The willing units of the factions on each side…
    let mut fighters: Vec<UnitId> = side_of.iter().map(|x| x.0).collect();
    for &u in &here {
        let Some(s) = faction(t, u).and_then(|f| sides.side(f)) else {
            continue;
        };
        if !side_of.iter().any(|x| x.0 == u) && willing(t, u, s) {
            put(&mut side_of, u, s);
            fighters.push(u);
        }
    }
    // …bring the units stacked under them (OV-CMB-011).
    for &u in &fighters {
        let Some(s) = side_of.iter().find(|x| x.0 == u).map(|x| x.1) else {
            continue;
        };
        for m in t.stack_of(u).into_iter().skip(1) {
            if present(t, m) && willing(t, m, s) {
                put(&mut side_of, m, s);
            }
        }
    }

    // OV-CMB-007/013: a third faction with units on both sides stays out
    // entirely; the attacking and the defending faction lose only their
    // units on the other side.
    let mut withdrawn = sides.withdrawn.clone();
    let on = |s: Side| -> Vec<FactionId> {
        side_of
            .iter()
            .filter(|x| x.1 == s)
            .filter_map(|x| faction(t, x.0))
            .collect()
    };
    let (att, def) = (on(Side::Attacking), on(Side::Defending));
    withdrawn.extend(
        att.into_iter()
            .filter(|f| *f != fa && *f != fd && def.contains(f)),
    );
    withdrawn.sort_unstable();
    withdrawn.dedup();
    side_of.retain(|&(u, s)| {
        if u == a || u == d {
            return true;
        }
        let Some(f) = faction(t, u) else {
            return false;
        };
        let other_side = match s {
            Side::Attacking => f == fd,
            Side::Defending => f == fa,
        };
        !withdrawn.contains(&f) && !other_side
    });

    let in_order = |s: Side| -> Vec<UnitId> {
        let mut v: Vec<UnitId> = side_of.iter().filter(|x| x.1 == s).map(|x| x.0).collect();
        v.sort_by_key(|u| order.iter().position(|x| x == u).unwrap_or(usize::MAX));
        v
    };
    let attackers = in_order(Side::Attacking);
    let defenders = in_order(Side::Defending);
    let fighting: Vec<FactionId> = side_of.iter().filter_map(|x| faction(t, x.0)).collect();
    let mut spectators: Vec<FactionId> = here
        .iter()
        .filter_map(|&u| faction(t, u))
        .filter(|f| !sides.involved(*f) && !withdrawn.contains(f) && !fighting.contains(f))
        .collect();
    spectators.sort_unstable();
    spectators.dedup();
    Engagement {
        attackers,
        defenders,
        spectators,
        withdrawn,
    }
}

/// Steps 1–5: the factions on each side (OV-CMB-002..007).
fn factions(
    t: &Turn<'_>,
    here: &[UnitId],
    a: UnitId,
    d: UnitId,
    fa: FactionId,
    fd: FactionId,
) -> Factions {
    let mut s = Factions {
        attacking: vec![(fa, a)],
        defending: vec![(fd, d)],
        withdrawn: Vec::new(),
    };
    if fa == fd {
        return s;
    }
    // Step 3: the guards who think well of the attacked.
    for &g in here {
        let Some(gf) = faction(t, g) else { continue };
        let on_guard = t.live.get(g.index()).is_some_and(|l| l.guarding);
        if !on_guard || gf == fa || gf == fd || s.defending.iter().any(|x| x.0 == gf) {
            continue;
        }
        let look = t.glance(gf, d);
        if relations::acting_stance(t.world, gf, d, look.recognized) >= Stance::Friendly {
            s.defending.push((gf, g));
        }
    }
    // Step 4: the allies of those, one step only.
    let (called_a, called_d) = (s.attacking.clone(), s.defending.clone());
    let mut present: Vec<FactionId> = here.iter().filter_map(|&u| faction(t, u)).collect();
    present.sort_unstable();
    present.dedup();
    for h in present {
        if h == fa || h == fd {
            continue;
        }
        let allies = |called: &[(FactionId, UnitId)]| {
            called.iter().any(|&(f, by)| {
                f != h && relations::joins_battle_for(t.world, h, by, t.glance(h, by).recognized)
            })
        };
        let (with_a, with_d) = (allies(&called_a), allies(&called_d));
        let on_a = s.attacking.iter().any(|x| x.0 == h);
        let on_d = s.defending.iter().any(|x| x.0 == h);
        if with_a && !on_a {
            s.attacking.push((h, a));
        }
        if with_d && !on_d {
            s.defending.push((h, d));
        }
    }
    // Step 5: a third faction on both sides stays out.
    let both: Vec<FactionId> = s
        .attacking
        .iter()
        .map(|x| x.0)
        .filter(|f| *f != fa && *f != fd && s.defending.iter().any(|y| y.0 == *f))
        .collect();
    s.attacking.retain(|x| !both.contains(&x.0));
    s.defending.retain(|x| !both.contains(&x.0));
    s.withdrawn = both;
    s
}

/// Does the unit join a battle on this side of its own accord
/// (OV-CMB-009/010)?
fn willing(t: &Turn<'_>, u: UnitId, side: Side) -> bool {
    let Some(unit) = t.world.units.get(u) else {
        return false;
    };
    match setting::engage(unit) {
        Engage::Avoid => false,
        Engage::Defend => side == Side::Defending,
        Engage::Fight => true,
    }
}

/// Is the unit here to fight: in the world, with figures, not on a
/// journey?
fn present(t: &Turn<'_>, u: UnitId) -> bool {
    t.world
        .units
        .get(u)
        .is_some_and(|x| !x.gone && x.figures > 0)
        && !t.travelling(u)
}

fn faction(t: &Turn<'_>, u: UnitId) -> Option<FactionId> {
    t.world.units.get(u).map(|x| x.faction)
}
