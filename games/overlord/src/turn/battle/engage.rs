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
//! What a faction sees or recognises here (steps 3 and 4) it sees through
//! its own units present, not those passing on the road.
//!
//! Decisions (RULES-DECISIONS, "Engagement and guarding"):
//! OV-CMB-008 (what spectators learn), OV-CMB-011 (whose stack joins
//! regardless of settings), OV-CMB-012 (the scope: all willing units of
//! the factions involved, plus the stacks they lead).

use rustc_hash::{FxHashMap, FxHashSet};
use umpire_core::ids::TypedId;

use super::super::control;
use super::super::relations;
use super::super::state::{Clash, Turn};
use super::super::visibility;
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
    /// Units that would have joined but refused for their faction's
    /// missing control points (OV-CP-011), in the order they were asked.
    pub refused: Vec<UnitId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Attacking = 0,
    Defending = 1,
}

/// The factions on each side, and those that withdrew.
#[derive(Default)]
struct Factions {
    side: FxHashMap<FactionId, Side>,
    withdrawn: Vec<FactionId>,
}

impl Factions {
    fn side(&self, f: FactionId) -> Option<Side> {
        self.side.get(&f).copied()
    }

    fn involved(&self, f: FactionId) -> bool {
        self.side.contains_key(&f) || self.withdrawn.binary_search(&f).is_ok()
    }
}

/// The units present, by faction (factions ascending): what each faction
/// sees there it sees through these.
struct Here {
    units: Vec<UnitId>,
    by_faction: Vec<(FactionId, Vec<UnitId>)>,
}

impl Here {
    fn new(t: &Turn<'_>, order: &[UnitId]) -> Here {
        let units: Vec<UnitId> = order.iter().copied().filter(|&u| present(t, u)).collect();
        let mut by: FxHashMap<FactionId, Vec<UnitId>> = FxHashMap::default();
        for &u in &units {
            if let Some(f) = faction(t, u) {
                by.entry(f).or_default().push(u);
            }
        }
        let mut by_faction: Vec<(FactionId, Vec<UnitId>)> = by.into_iter().collect();
        by_faction.sort_unstable_by_key(|x| x.0);
        Here { units, by_faction }
    }

    fn of(&self, f: FactionId) -> &[UnitId] {
        self.by_faction
            .binary_search_by_key(&f, |x| x.0)
            .map_or(&[][..], |i| self.by_faction[i].1.as_slice())
    }

    /// What faction `of` makes of `target`, through its units here.
    fn glance(&self, t: &Turn<'_>, of: FactionId, target: UnitId) -> visibility::Glance {
        let eyes = self.of(of).iter().copied();
        visibility::glance(t.world, t.rules, of, eyes, target, t.exposure(target))
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
    let here = Here::new(t, order);
    let sides = factions(t, &here, a, d, fa, fd);

    // Each unit's side, first come first served.
    let mut side_of: FxHashMap<UnitId, Side> = FxHashMap::default();
    side_of.insert(a, Side::Attacking);
    side_of.insert(d, Side::Defending);
    // The attacked stack and the attacking one, whatever their settings.
    let top = t.top(d);
    let d_root = if t.stack_of(top).contains(&a) { d } else { top };
    for (root, side) in [(d_root, Side::Defending), (a, Side::Attacking)] {
        for m in t.stack_of(root) {
            if present(t, m) {
                side_of.entry(m).or_insert(side);
            }
        }
    }
    // The willing units of the factions on each side…
    let mut fighters: Vec<(UnitId, Side)> = side_of.iter().map(|(&u, &s)| (u, s)).collect();
    fighters.sort_unstable_by_key(|x| x.0);
    let mut refused: Vec<UnitId> = Vec::new();
    for &u in &here.units {
        let Some(s) = faction(t, u).and_then(|f| sides.side(f)) else {
            continue;
        };
        if !side_of.contains_key(&u) && willing(t, u, s) {
            if control::refuses_battle(t, u) {
                refused.push(u);
                continue;
            }
            side_of.insert(u, s);
            fighters.push((u, s));
        }
    }
    // …bring the units stacked under them (OV-CMB-011).
    let leaders: FxHashSet<UnitId> = here
        .units
        .iter()
        .filter_map(|&u| t.world.units.get(u).and_then(|x| x.stack_parent))
        .collect();
    for &(u, s) in &fighters {
        if !leaders.contains(&u) {
            continue;
        }
        for m in t.stack_of(u).into_iter().skip(1) {
            if !side_of.contains_key(&m) && present(t, m) && willing(t, m, s) {
                if control::refuses_battle(t, m) {
                    if !refused.contains(&m) {
                        refused.push(m);
                    }
                    continue;
                }
                side_of.insert(m, s);
            }
        }
    }

    // OV-CMB-007/013: a third faction with units on both sides stays out
    // entirely; the attacking and the defending faction lose only their
    // units on the other side.
    let mut on: [FxHashSet<FactionId>; 2] = Default::default();
    for (&u, &s) in &side_of {
        if let Some(f) = faction(t, u) {
            on[s as usize].insert(f);
        }
    }
    let mut withdrawn = sides.withdrawn.clone();
    withdrawn.extend(
        on[Side::Attacking as usize]
            .iter()
            .copied()
            .filter(|f| *f != fa && *f != fd && on[Side::Defending as usize].contains(f)),
    );
    withdrawn.sort_unstable();
    withdrawn.dedup();
    side_of.retain(|&u, &mut s| {
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
        withdrawn.binary_search(&f).is_err() && !other_side
    });

    // Both sides in the location's order.
    let (mut attackers, mut defenders) = (Vec::new(), Vec::new());
    for u in order {
        match side_of.get(u) {
            Some(Side::Attacking) => attackers.push(*u),
            Some(Side::Defending) => defenders.push(*u),
            None => {}
        }
    }
    if attackers.len() + defenders.len() < side_of.len() {
        // A unit not listed here (the world keeps every unit listed where
        // it is, so this should not happen): after the others.
        let mut rest: Vec<(UnitId, Side)> = side_of
            .iter()
            .filter(|(u, _)| !order.contains(u))
            .map(|(&u, &s)| (u, s))
            .collect();
        rest.sort_unstable_by_key(|x| x.0);
        for (u, s) in rest {
            match s {
                Side::Attacking => attackers.push(u),
                Side::Defending => defenders.push(u),
            }
        }
    }
    let fighting: FxHashSet<FactionId> = side_of.keys().filter_map(|&u| faction(t, u)).collect();
    let spectators: Vec<FactionId> = here
        .by_faction
        .iter()
        .map(|x| x.0)
        .filter(|f| {
            !sides.involved(*f) && withdrawn.binary_search(f).is_err() && !fighting.contains(f)
        })
        .collect();
    Engagement {
        attackers,
        defenders,
        spectators,
        withdrawn,
        refused,
    }
}

/// Steps 1–5: the factions on each side (OV-CMB-002..007).
fn factions(
    t: &Turn<'_>,
    here: &Here,
    a: UnitId,
    d: UnitId,
    fa: FactionId,
    fd: FactionId,
) -> Factions {
    let mut s = Factions::default();
    s.side.insert(fa, Side::Attacking);
    s.side.insert(fd, Side::Defending);
    if fa == fd {
        return s;
    }
    // The factions called in by steps 1–3, each with the unit that
    // brought it.
    let mut called: Vec<(FactionId, UnitId, Side)> =
        vec![(fa, a, Side::Attacking), (fd, d, Side::Defending)];
    // Step 3: the guards who think well of the attacked, each faction
    // judged once.
    for (gf, units) in &here.by_faction {
        let guard = units
            .iter()
            .copied()
            .find(|g| t.live.get(g.index()).is_some_and(|l| l.guarding));
        let Some(g) = guard.filter(|_| *gf != fa && *gf != fd) else {
            continue;
        };
        let friendly =
            |recognized| relations::acting_stance(t.world, *gf, d, recognized) >= Stance::Friendly;
        let (known, unknown) = (friendly(true), friendly(false));
        let friend = if known == unknown {
            known
        } else {
            friendly(here.glance(t, *gf, d).recognized)
        };
        if friend {
            s.side.insert(*gf, Side::Defending);
            called.push((*gf, g, Side::Defending));
        }
    }
    // Step 4: the allies of those, one step only; step 5: a third faction
    // on both sides stays out.
    let called_by: FxHashMap<FactionId, (UnitId, Side)> = called
        .iter()
        .map(|&(f, by, side)| (f, (by, side)))
        .collect();
    for (h, _) in &here.by_faction {
        let h = *h;
        if h == fa || h == fd {
            continue;
        }
        // Only a declared Ally can join: the factions called in that `h`
        // holds Ally (its explicit Allies, or all when Ally is its
        // default); a glance only when recognising the unit changes the
        // answer (it may identify itself quietly).
        let Some(hf) = t.world.factions.get(h) else {
            continue;
        };
        let candidates: Vec<(FactionId, UnitId, Side)> = if hf.default_stance == Stance::Ally {
            called.clone()
        } else {
            hf.stances
                .iter()
                .filter(|x| x.1 == Stance::Ally)
                .filter_map(|x| called_by.get(&x.0).map(|&(by, side)| (x.0, by, side)))
                .collect()
        };
        let allies = |side: Side| {
            candidates.iter().any(|&(f, by, s)| {
                let joins = |recognized| relations::joins_battle_for(t.world, h, by, recognized);
                s == side
                    && f != h
                    && relations::declared(t.world, h, f) == Stance::Ally
                    && (joins(false) || joins(here.glance(t, h, by).recognized))
            })
        };
        let with_a = allies(Side::Attacking);
        let with_d = s.side(h) == Some(Side::Defending) || allies(Side::Defending);
        match (with_a, with_d) {
            (true, true) => {
                s.side.remove(&h);
                s.withdrawn.push(h);
            }
            (true, false) => {
                s.side.insert(h, Side::Attacking);
            }
            (false, true) => {
                s.side.insert(h, Side::Defending);
            }
            (false, false) => {}
        }
    }
    s.withdrawn.sort_unstable();
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
