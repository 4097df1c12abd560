//! Skills, spells and items used in battle (OV-CMB-046..052, 065,
//! OV-MAG-013): what a COMBAT tag does once [`super::muster`] has
//! resolved it into a [`Special`], and how the round carries it out.
//!
//! A tag is usable when it names a skill the unit knows at a level with
//! `combat` data, or an item it holds with `combat` data; anything else
//! is impossible and skipped (OV-CMB-046). An action is also impossible —
//! skipped, the unit going on down its list — without a valid target in
//! range, without its components, or without its equipment; a spell the
//! mage lacks the mana for is skipped the same way and logged as a wait
//! (OV-CMB-051).
//!
//! Decisions (RULES-DECISIONS "Combat actions"):
//! - **Initiative.** An action's own initiative modifier is its `stats`
//!   plus `bonus` initiative (fire bolts +3, hailstones of the earth −1),
//!   as PARRY's +2.
//! - **Attacks** (`melee`, `ranged`) follow the MELEE and RANGED rules
//!   (OV-CMB-065). Each rating of the attack is the action's own `stats`
//!   value where it has one (a fireball's missile 6 is the spell's, not
//!   the mage's), else the user's; the action's `bonus` is added to the
//!   user for the round (OV-CMB-052) and so to the attack. A ranged
//!   attack deals its own `ranged_damage`, else its own `damage`, else
//!   the user's ranged damage. Each using figure strikes the attack's
//!   *hits* at once, dealt over the targets like more attackers
//!   (OV-CMB-053): a fireball of 20 hits is 20 blows; no MELEE/PARRY is
//!   rescheduled after a special attack (that is OV-CMB-031's, for
//!   MELEE). Reach: `range` squares; a melee action of range 1 (or none)
//!   takes MELEE's adjacent targets, a longer one any enemy within its
//!   range, nearest first; a ranged one RANGED's targets up to its range
//!   (its weapon's when the data gives none), never while engaged.
//! - **Targets.** `leader` and `opposing_leader` put the enemy units of a
//!   leader race first, in range, then the others; every other target
//!   of an attack is the opposing army. An enchantment's targets: `self`
//!   the user; `own_side`, `opposite_side`, `all` every unit of the
//!   user's side, the other side, both; `opposing` (and the leader
//!   targets) the first enemy unit in range in the attack order;
//!   `friendly` the nearest other unit of the side in range, else the
//!   user; `friendly_leader` the nearest leader of the side in range.
//!   A missing range is the whole battlefield.
//! - **Enchantments** lay their `grants` for `amount` rounds, counted
//!   from the round they are laid; their enchantment's `stats` and
//!   `combat.bonus` count while they last. Laid again on a unit that
//!   has it, the longer duration stands (no stacking). One with a
//!   `secondary` action is laid on the user, and its secondary action
//!   (MELEE or RANGED, with its usual targets, needed for the casting)
//!   follows at once: the reference's strength of the boar gives the mage
//!   the boar's strength, then its melee strikes the opposing unit. After
//!   that MELEE the unit's hits (with the enchantment's) give it the
//!   extra MELEE/PARRY of OV-CMB-031. `secondary_next_round` is not used:
//!   no data entry has a secondary action to delay.
//! - **Summonings** bring, per casting, `count` figures of each race the
//!   use's `summons` lists: race ratings, innate skills, the `summoned`
//!   skills, items (equipped) and settings. With `combat_tactics` they
//!   stand where those place them, else on the caster's square. They take
//!   the field at the end of the round and fight from the next; they are
//!   the battle's only (the turn does not keep them).
//! - **Spells** (skills flagged magic) cost `use.mana` (default 0) plus
//!   any `mana` the use consumes, and their other `consume` items, once
//!   per casting, whatever the caster's figures (mages are leaders). Once
//!   cast a spell leaves the list (OV-CMB-048); when, as a round's list
//!   is drawn up, none of the spells left can be paid for, the whole
//!   list comes back. Non-magic skills and items stay (OV-CMB-049).
//! - **Mana** (OV-MAG-013): at the end of each round every mage below its
//!   maximum regains 1; above it nothing is lost in battle.
//! - **Equipment** (OV-CMB-047): a skill level whose `use.tool` names an
//!   item, or a ranged skill action with no missile of its own (target
//!   the leader, marksmanship: the archers shoot their own bows), needs
//!   every standing figure equipped with that item or with a ranged
//!   weapon. The data names no skill's equipment, so the second reading
//!   carries the rules' "target the leader needs a longbow per figure";
//!   any ranged weapon will do.
//! - **Items** (OV-CMB-050): only as many figures as have the item
//!   equipped use it (their fallen comrades' items are picked up: the
//!   users are the lesser of the items equipped and the figures
//!   standing); the others do nothing that round. The wielders fight
//!   with the item's full ratings, not the unit's share of them.
//! - **Bonuses** (OV-CMB-052) count for the whole unit, for the round.
//!   When a life bonus ends, a figure that stood only by it keeps one
//!   life point and is *doomed*: the next hit kills it, whatever it
//!   carries then. Battle enchantments end with the battle.
//! - **Damage types** (OV-CMB-065): the data gives attacks a type (fire,
//!   earth, air, void) but no spell, item, race or enchantment a
//!   protection against one, so a type is reported and changes nothing.

use umpire_core::dice::Dice;

use crate::rules::combat::{CombatActionKind, CombatTarget};
use crate::rules::common::Stats;

use super::army::{Action, Fighter, Ratings, Summoned};
pub use super::army::{Boon, Equipment, Source, Special, Summon};
use super::board::Candidate;
use super::field::Side;
use super::log::{Deed, Round};
use super::strike::{self, Acted, Blows, Marks};
use super::targets;

/// Can the unit pay for a casting?
enum Pay {
    Yes,
    Mana { have: u32, needs: u32 },
    Components,
}

fn pay(f: &Fighter, s: &Special) -> Pay {
    if f.mana < s.mana {
        return Pay::Mana {
            have: f.mana,
            needs: s.mana,
        };
    }
    let short = s.consume.iter().any(|&(item, n)| {
        f.components
            .iter()
            .find(|c| c.item == item)
            .is_none_or(|c| c.held.saturating_sub(c.used) < n)
    });
    if short { Pay::Components } else { Pay::Yes }
}

/// OV-CMB-048: before a round's list is drawn up, a unit none of whose
/// remaining spells can be paid for gets its whole list back. True when
/// it did.
pub fn restore(f: &mut Fighter) -> bool {
    if f.cast.is_empty() {
        return false;
    }
    let castable = f
        .actions
        .iter()
        .enumerate()
        .filter(|(i, _)| !f.cast.contains(i))
        .any(|(_, a)| match a {
            Action::Special(tag) => f
                .special(tag)
                .is_some_and(|s| s.magic && matches!(pay(f, s), Pay::Yes)),
            _ => false,
        });
    if castable {
        return false;
    }
    f.cast.clear();
    true
}

/// Add (`sign` 1) or take away (−1) a boon's ratings.
fn shift(r: &mut Ratings, s: &Stats, sign: i32) {
    r.melee += sign * s.melee;
    r.missile += sign * s.missile;
    r.defense += sign * s.defense;
    r.initiative += sign * s.initiative;
    r.damage += sign * s.damage;
    r.ranged_damage += sign * s.ranged_damage;
    r.hits += sign * s.hits;
    r.life += sign * s.life;
    r.stealth += sign * s.stealth;
    r.observation += sign * s.observation;
}

/// Lay a boon on a unit; one it already has lasts the longer of the two.
pub fn lay(f: &mut Fighter, boon: &Boon) {
    if boon.rounds == 0 {
        return;
    }
    if let Some(b) = f.boons.iter_mut().find(|b| b.tag == boon.tag) {
        b.rounds = b.rounds.max(boon.rounds);
        return;
    }
    shift(&mut f.ratings, &boon.stats, 1);
    f.boons.push(boon.clone());
}

/// Take the boon `i` away; returns the figures it leaves doomed.
fn lift(f: &mut Fighter, i: usize) -> u32 {
    if i >= f.boons.len() {
        return 0;
    }
    let b = f.boons.remove(i);
    let before = f.life();
    shift(&mut f.ratings, &b.stats, -1);
    let after = f.life();
    let mut doomed = 0;
    if after < before {
        for body in &mut f.bodies {
            if !body.dead(before) && body.dead(after) {
                body.lost = after - 1;
                body.doomed = true;
                doomed += 1;
            }
        }
    }
    doomed
}

/// The end of a round: mana comes back (OV-MAG-013), and bonuses and
/// battle enchantments count down.
pub fn end_of_round(fighters: &mut [Fighter], round: &mut Round) {
    for f in fighters.iter_mut() {
        if f.present() && f.mana < f.max_mana {
            f.mana += 1;
        }
        let mut doomed = 0;
        let mut i = 0;
        while i < f.boons.len() {
            f.boons[i].rounds = f.boons[i].rounds.saturating_sub(1);
            if f.boons[i].rounds == 0 {
                doomed += lift(f, i);
            } else {
                i += 1;
            }
        }
        if doomed > 0 {
            round.deeds.push(Deed::Doomed {
                unit: f.number,
                figures: doomed,
            });
        }
    }
}

/// The battle is over: its enchantments end.
pub fn end_of_battle(fighters: &mut [Fighter]) {
    for f in fighters.iter_mut() {
        while !f.boons.is_empty() {
            lift(f, f.boons.len() - 1);
        }
    }
}

/// The ratings a special attack strikes with (see the module doc).
fn blows(f: &Fighter, s: &Special) -> Blows {
    let (r, own, b, w) = (&f.ratings, &s.stats, &s.bonus, &s.wielder);
    // The user's ratings already carry the bonus.
    let pick = |own: i32, bonus: i32, user: i32, wield: i32| {
        if own != 0 { own + bonus } else { user + wield }
    };
    let ranged = s.kind == CombatActionKind::Ranged;
    let stat = if ranged {
        pick(own.missile, b.missile, r.missile, w.missile)
    } else {
        pick(own.melee, b.melee, r.melee, w.melee)
    };
    let damage = if ranged {
        let own_damage = if own.ranged_damage != 0 {
            own.ranged_damage
        } else {
            own.damage
        };
        pick(
            own_damage,
            b.ranged_damage,
            r.ranged_damage,
            w.ranged_damage,
        )
    } else {
        pick(own.damage, b.damage, r.damage, w.damage)
    };
    let hits = pick(own.hits, b.hits, r.hits, w.hits).max(1);
    Blows {
        ranged,
        stat,
        damage,
        base_combat: r.base_combat,
        per_figure: u32::try_from(hits).unwrap_or(1),
    }
}

fn leader_target(t: CombatTarget) -> bool {
    matches!(t, CombatTarget::Leader | CombatTarget::OpposingLeader)
}

/// Leader units first, keeping the order otherwise.
fn leaders_first(fighters: &[Fighter], idx: &[usize], order: &mut [usize]) {
    order.sort_by_key(|&k| !fighters[idx[k]].leader);
}

/// The enemy units (indices into `idx`) an attack or enchantment of `s`
/// reaches, in order; `enchant`: any distance up to the range.
fn reached(
    fighters: &[Fighter],
    u: usize,
    s: &Special,
    routed: Option<Side>,
    enchant: bool,
) -> (Vec<usize>, Vec<targets::Enemy>, Vec<usize>) {
    let (idx, es) = strike::enemies_of(fighters, u, routed);
    let me = &fighters[u];
    let mut order = if enchant {
        targets::within(me.square, s.range.unwrap_or(u8::MAX), &es)
    } else if s.kind == CombatActionKind::Ranged {
        let reach = s.range.unwrap_or(me.ratings.range);
        targets::ranged(me.square, reach, &es)
    } else {
        match s.range {
            None | Some(0 | 1) => targets::melee(me.square, &es),
            Some(r) => targets::within(me.square, r, &es),
        }
    };
    if leader_target(s.target) {
        leaders_first(fighters, &idx, &mut order);
    }
    (idx, es, order)
}

/// The units an enchantment without a secondary action is laid on.
fn enchanted(fighters: &[Fighter], u: usize, s: &Special, routed: Option<Side>) -> Vec<usize> {
    let me = &fighters[u];
    let in_reach = |i: usize| {
        s.range
            .is_none_or(|r| fighters[i].square.distance(me.square) <= r)
    };
    let all = || (0..fighters.len()).filter(|&i| fighters[i].present());
    let nearest = |pick: &dyn Fn(usize) -> bool| {
        all()
            .filter(|&i| fighters[i].side == me.side && in_reach(i) && pick(i))
            .min_by_key(|&i| (fighters[i].square.distance(me.square), i))
    };
    match s.target {
        CombatTarget::SelfOnly => vec![u],
        CombatTarget::OwnSide => all().filter(|&i| fighters[i].side == me.side).collect(),
        CombatTarget::OppositeSide => all().filter(|&i| fighters[i].side != me.side).collect(),
        CombatTarget::All => all().collect(),
        CombatTarget::Friendly => vec![nearest(&|i| i != u).unwrap_or(u)],
        CombatTarget::FriendlyLeader => nearest(&|i| fighters[i].leader).into_iter().collect(),
        CombatTarget::Opposing | CombatTarget::Leader | CombatTarget::OpposingLeader => {
            let (idx, _, order) = reached(fighters, u, s, routed, true);
            order.first().map(|&k| idx[k]).into_iter().collect()
        }
    }
}

/// Is a plain MELEE or RANGED possible for `u` now?
fn plain_possible(fighters: &[Fighter], u: usize, ranged: bool, routed: Option<Side>) -> bool {
    let me = &fighters[u];
    let (_, es) = strike::enemies_of(fighters, u, routed);
    if ranged {
        me.ratings.missile > 0
            && me.ratings.range > 0
            && !targets::ranged(me.square, me.ratings.range, &es).is_empty()
    } else {
        !targets::melee(me.square, &es).is_empty()
    }
}

/// Carry out the COMBAT tag `tag` of unit `u` (`slot`: its place in the
/// unit's COMBAT list).
#[allow(clippy::too_many_arguments)]
pub(super) fn carry_out(
    fighters: &mut [Fighter],
    u: usize,
    tag: &str,
    slot: Option<usize>,
    standing: u32,
    routed: Option<Side>,
    marks: &mut Marks,
    round: &mut Round,
    dice: &mut Dice,
) -> Acted {
    let Some(s) = fighters[u].special(tag).cloned() else {
        return Acted::Impossible;
    };
    let users = match s.equipment {
        Equipment::None => standing,
        Equipment::Wielded(n) => u32::try_from(n.min(u64::from(standing))).unwrap_or(standing),
        Equipment::Every(n) if n < u64::from(fighters[u].alive()) => 0,
        Equipment::Every(_) => standing,
    };
    if users == 0 {
        return Acted::Impossible;
    }
    match pay(&fighters[u], &s) {
        Pay::Yes => {}
        Pay::Mana { have, needs } => return Acted::Waited { mana: have, needs },
        Pay::Components => return Acted::Impossible,
    }
    // The targets, before anything is spent.
    let mut attack = None;
    let mut laid_on = Vec::new();
    match s.kind {
        CombatActionKind::Melee | CombatActionKind::Ranged => {
            let (idx, es, order) = reached(fighters, u, &s, routed, false);
            if order.is_empty() {
                return Acted::Impossible;
            }
            attack = Some((idx, es, order));
        }
        CombatActionKind::Enchant => match s.secondary {
            Some(k) => {
                let ranged = k == CombatActionKind::Ranged;
                if matches!(k, CombatActionKind::Melee | CombatActionKind::Ranged)
                    && !plain_possible(fighters, u, ranged, routed)
                {
                    return Acted::Impossible;
                }
                laid_on.push(u);
            }
            None => {
                laid_on = enchanted(fighters, u, &s, routed);
                if laid_on.is_empty() {
                    return Acted::Impossible;
                }
            }
        },
        CombatActionKind::Summon => {
            if s.summons.is_empty() {
                return Acted::Impossible;
            }
        }
    }
    // Pay, and a spell leaves the list (OV-CMB-048).
    let me = &mut fighters[u];
    me.mana -= s.mana;
    for &(item, n) in &s.consume {
        if let Some(c) = me.components.iter_mut().find(|c| c.item == item) {
            c.used += n;
        }
    }
    if s.magic
        && let Some(i) = slot
    {
        me.cast.push(i);
    }
    round.deeds.push(Deed::Used {
        unit: me.number,
        tag: s.tag.clone(),
        kind: s.kind,
        users,
        mana: s.mana,
        damage_type: s.damage_type,
    });
    if s.bonus != Stats::default() {
        lay(
            me,
            &Boon {
                tag: s.tag.clone(),
                stats: s.bonus,
                rounds: 1,
            },
        );
    }
    if let Some((idx, es, order)) = attack {
        let b = blows(&fighters[u], &s);
        let candidates: Vec<Candidate> = order
            .iter()
            .map(|&k| Candidate {
                unit: idx[k],
                stealth: es[k].stealth,
            })
            .collect();
        strike::volley(fighters, u, b, users, &candidates, marks, round, dice);
        return Acted::Done { melee_hits: None };
    }
    let number = fighters[u].number;
    for &t in &laid_on {
        for g in &s.grants {
            lay(&mut fighters[t], g);
            round.deeds.push(Deed::Enchanted {
                unit: number,
                target: fighters[t].number,
                effect: g.tag.clone(),
                rounds: g.rounds,
            });
        }
    }
    if s.kind == CombatActionKind::Summon {
        summon(fighters, u, &s, marks, round);
    }
    match s.secondary {
        Some(k @ (CombatActionKind::Melee | CombatActionKind::Ranged))
            if s.kind == CombatActionKind::Enchant =>
        {
            let ranged = k == CombatActionKind::Ranged;
            strike::plain(fighters, u, ranged, standing, routed, marks, round, dice);
            Acted::Done {
                melee_hits: (!ranged).then_some(fighters[u].ratings.hits),
            }
        }
        _ => Acted::Done { melee_hits: None },
    }
}

/// Call a summoning's creatures: they take the field at the round's end.
fn summon(fighters: &[Fighter], u: usize, s: &Special, marks: &mut Marks, round: &mut Round) {
    let me = &fighters[u];
    for t in &s.summons {
        let number = fighters
            .iter()
            .chain(marks.arrivals.iter())
            .map(|f| f.number)
            .max()
            .unwrap_or(0)
            .saturating_add(1);
        let mut f = t.fighter.clone();
        f.number = number;
        f.side = me.side;
        if t.at_caster {
            f.square = me.square;
            f.home_file = me.square.file;
        }
        f.summoned = Some(Summoned {
            by: me.number,
            name: t.name.clone(),
        });
        round.deeds.push(Deed::Summoned {
            unit: me.number,
            summoned: number,
            figures: f.start,
        });
        marks.arrivals.push(f);
    }
}
