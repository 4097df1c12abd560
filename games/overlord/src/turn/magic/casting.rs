//! World spells cast with USE (OV-MAG-008, 011, 016..018): skills whose
//! `use.kind` is `enchant`, `summon` or `action` (and a use with no kind
//! that produces an action or an effect: 4th-level scouting's
//! reconnaissance, icing). Combat spells (`kind = "combat"`, or a use
//! with no kind and no world effect at a level with a battle action: fire
//! ball, hailstones, stone scales…) are cast in battle from the COMBAT
//! list; a USE of one is refused, said once a turn (`CannotUse`,
//! `combat_only`).
//!
//! **A casting is piece work** (decision), run by the same machinery as
//! crafting (`skill_work::work_pieces`): each casting takes its man-days
//! of the caster's work (one a day for a lone mage), its mana (`use.mana`,
//! OV-MAG-011) and its components (`use.consume`) are taken when it
//! begins, and its effect comes when its man-days are done. The man-days
//! of a casting are `use.produces.days` when the data gives them
//! (meditation and ritual 1, dream walking 5/2/1, 4th-level scouting 10),
//! else 1, and for a summoning the `count` of its `summons`: the reference
//! describes higher levels of the calls as summoning "faster" (grey wolf
//! 15 → 8) and gives a void drake, a leader race, a count of 60, so the
//! count is read as man-days per creature, not creatures per casting
//! (decision; raise zombies and raise skeletons, whose counts rise with
//! the level, are read the same way and so get slower — flagged in
//! RULES-DECISIONS).
//!
//! **Count** (OV-MAG-018): `USE spell N` completes after N castings (N
//! creatures for a summoning); without a count the order runs as its
//! prefix says. Castings go on while the mana and components for the next
//! one are there; when they are missing the order waits, said once a turn
//! (`no_mana`, `no_materials`).
//!
//! **Target** (OV-MAG-016). Decisions:
//! - `use.target` absent or `self`: the caster itself.
//! - `unit`: the unit the caster's TARGET names, which must be in the
//!   same location, not travelling, and seen by the caster's faction; any
//!   faction's unit will do (blinding an enemy). Without one the USE is
//!   skipped and said once a turn (`no_target`): a unit target is never
//!   chosen for the caster.
//! - `near_location`: the location TARGET names, which must be one an
//!   exit of the caster's location leads to.
//! - A summoning needs no target: the creatures come to the caster (see
//!   [`super::summoning`]).
//! - Pick pockets, assassinate and bury name a unit other than the
//!   caster (see [`super::thievery`]).
//! - Enchantments of structures or locations are not kept (decision
//!   OV-ENCH-001): such spells, and actions other than ritual,
//!   reconnoitre, pickpocket, assassinate and bury, stay in the list as
//!   not adjudicated.
//!
//! **Enchanting** (decision). A casting lays, for each of `use.grants`,
//! `amount × multiple` figure-days of the enchantment (and for a
//! `produces` effect, `multiple` figure-days), shared over the target's
//! figures: its days grow by figure-days / figures, rounded down. A lone
//! mage walking on water at 1st level gets 4 days a casting (8 at 2nd,
//! "longer durations"); war paints give 10 warriors 10 days for one iron.
//! The same measure as dilution (OV-ENCH-005): figure-days are what
//! merging keeps. A casting that would give the target's figures less
//! than a day is not begun: the USE waits, said once (`too_many_figures`).
//!
//! **Interrupted castings** (OV-MAG-017, decision). A casting that takes
//! more than a day's work must go on every day until done: a casting
//! under way that the caster did not work on today (another order, a
//! journey, a missing target or mana) is spoiled at the end of the day
//! after the full-day pass, its mana and components lost
//! (`CastingSpoiled`) — unlike crafts, which wait for their maker. Moving
//! loses it as it loses any work (OV-PROD-008). Switching TARGET in the
//! middle of a casting keeps half the time spent, and the mana and
//! components are taken again when the casting goes on (the rules'
//! "negates 50% of the time spent casting").

use super::super::log::{UseProblem, What};
use super::super::orders::skill_work::{self, Piece};
use super::super::pending::Outcome;
use super::super::state::Turn;
use super::{enchantments, meditation, reconnoitre, summoning, thievery};
use crate::rules::enchantments::ActionKind;
use crate::rules::skills::{Product, SkillUse, UseKind, UseTarget};
use crate::rules::{Rules, SkillId};
use crate::world::{Aim, UnitId};
use umpire_core::ids::TypedId;

/// What a world spell does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spell {
    /// Lays enchantments on a unit.
    Enchant,
    /// Calls creatures.
    Summon,
    /// Gives mana (meditation, ritual).
    Ritual,
    /// Looks into a neighbouring location.
    Reconnoitre,
    /// Picks a unit's pockets ([`thievery`]).
    Pickpocket,
    /// Tries to kill a lone figure ([`thievery`]).
    Assassinate,
    /// Lays undead figures to rest ([`thievery`]).
    Bury,
}

/// Is this use a world spell (or other special action) of this module?
pub fn is_spell(use_: &SkillUse) -> bool {
    match use_.kind {
        Some(UseKind::Enchant | UseKind::Summon | UseKind::Action) => true,
        None => matches!(
            use_.produces.as_ref().map(|p| &p.what),
            Some(Product::Action(_) | Product::Effect(_))
        ),
        _ => false,
    }
}

/// Is `skill` cast as a world spell at any level?
pub fn is_spell_skill(rules: &Rules, skill: SkillId) -> bool {
    rules.skills.get(skill).is_some_and(|s| {
        s.levels
            .iter()
            .any(|l| l.use_.as_ref().is_some_and(is_spell))
    })
}

/// What the use does, if this build carries it out.
pub fn classify(rules: &Rules, use_: &SkillUse) -> Option<Spell> {
    let on_unit = matches!(
        use_.target,
        None | Some(UseTarget::SelfOnly) | Some(UseTarget::Unit)
    );
    if use_.kind == Some(UseKind::Summon) {
        return (!use_.summons.is_empty()).then_some(Spell::Summon);
    }
    match use_.produces.as_ref().map(|p| &p.what) {
        Some(Product::Action(a)) => {
            let kind = rules.actions.get(a.id())?.kind;
            match kind {
                ActionKind::Ritual if on_unit => Some(Spell::Ritual),
                ActionKind::Reconnoitre if use_.target == Some(UseTarget::NearLocation) => {
                    Some(Spell::Reconnoitre)
                }
                ActionKind::Pickpocket if use_.target == Some(UseTarget::Unit) => {
                    Some(Spell::Pickpocket)
                }
                ActionKind::Assassinate if use_.target == Some(UseTarget::Unit) => {
                    Some(Spell::Assassinate)
                }
                ActionKind::Bury if use_.target == Some(UseTarget::Unit) => Some(Spell::Bury),
                _ => None,
            }
        }
        Some(Product::Effect(_)) if on_unit => Some(Spell::Enchant),
        None if !use_.grants.is_empty() && on_unit => Some(Spell::Enchant),
        _ => None,
    }
}

/// A casting of a world spell on its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Casting(pub Aim);

impl Piece for Casting {
    fn days(&self, use_: &SkillUse) -> u32 {
        man_days(use_)
    }

    fn finish(&self, t: &mut Turn<'_>, u: UnitId, skill: SkillId, use_: &SkillUse) -> u64 {
        complete(t, u, skill, use_, self.0)
    }

    fn tells_progress(&self) -> bool {
        true
    }
}

/// Man-days of one casting (see the module doc).
pub fn man_days(use_: &SkillUse) -> u32 {
    if use_.kind == Some(UseKind::Summon) {
        return use_
            .summons
            .iter()
            .map(|s| s.count)
            .max()
            .unwrap_or(1)
            .max(1);
    }
    use_.produces.as_ref().map_or(1, |p| p.days).max(1)
}

/// USE of a world spell.
pub fn cast(
    t: &mut Turn<'_>,
    u: UnitId,
    i: usize,
    skill: SkillId,
    use_: &SkillUse,
    count: Option<u32>,
) -> Outcome {
    let Some(spell) = classify(t.rules, use_) else {
        return skill_work::unhandled(t, u, i);
    };
    let aim = match aim(t, u, use_, spell) {
        Ok(a) => a,
        Err(why) => return skill_work::cannot(t, u, i, skill, why),
    };
    if spell == Spell::Enchant
        && let Aim::Unit(x) = aim
        && !laid(t, use_, x).iter().any(|&(_, d)| d > 0)
    {
        return skill_work::cannot(t, u, i, skill, UseProblem::TooManyFigures);
    }
    let out = skill_work::work_pieces(t, u, i, skill, use_, Casting(aim), count);
    if !matches!(out, Outcome::Skip(_)) {
        t.live(u).casting = Some(skill);
    }
    out
}

/// The spell's target today (OV-MAG-016).
fn aim(t: &Turn<'_>, u: UnitId, use_: &SkillUse, spell: Spell) -> Result<Aim, UseProblem> {
    let chosen = t.world.units.get(u).and_then(|x| x.target);
    // Why a unit target will not do: none given, not a unit (or the
    // caster itself, for a spell on another), or out of reach.
    let unit_missing = |chosen: Option<Aim>| match chosen {
        None => UseProblem::NoTarget,
        Some(Aim::Unit(x)) if x == u => UseProblem::WrongTarget,
        Some(Aim::Unit(_)) => UseProblem::TargetOutOfReach,
        Some(_) => UseProblem::WrongTarget,
    };
    match (spell, use_.target) {
        (Spell::Summon, _) | (_, None | Some(UseTarget::SelfOnly)) => Ok(Aim::Unit(u)),
        (Spell::Pickpocket | Spell::Assassinate | Spell::Bury, _) => match chosen {
            Some(Aim::Unit(x)) if x != u && unit_in_reach(t, u, x) => match spell {
                Spell::Assassinate if !thievery::is_person(t, x) => Err(UseProblem::NotAPerson),
                Spell::Bury if !thievery::is_undead(t, x) => Err(UseProblem::NotUndead),
                _ => Ok(Aim::Unit(x)),
            },
            other => Err(unit_missing(other)),
        },
        (_, Some(UseTarget::Unit)) => match chosen {
            Some(Aim::Unit(x)) if unit_in_reach(t, u, x) => Ok(Aim::Unit(x)),
            other => Err(unit_missing(other)),
        },
        (_, Some(UseTarget::NearLocation)) => {
            let here = t.world.units.get(u).map(|x| x.location);
            let near = |l| {
                here.and_then(|h| t.world.locations.get(h))
                    .is_some_and(|loc| loc.exits.iter().any(|e| e.to == l))
            };
            match chosen {
                Some(Aim::Location(l)) if near(l) => Ok(Aim::Location(l)),
                Some(Aim::Location(_)) => Err(UseProblem::TargetNotNear),
                None => Err(UseProblem::NoTarget),
                Some(_) => Err(UseProblem::WrongTarget),
            }
        }
        (_, Some(UseTarget::Construction)) => Err(match chosen {
            None => UseProblem::NoTarget,
            Some(_) => UseProblem::WrongTarget,
        }),
    }
}

/// May `u` cast on unit `x`: here, not travelling, seen?
fn unit_in_reach(t: &Turn<'_>, u: UnitId, x: UnitId) -> bool {
    let (Some(me), Some(it)) = (t.world.units.get(u), t.world.units.get(x)) else {
        return false;
    };
    if it.gone || it.figures == 0 || it.location != me.location || t.travelling(x) {
        return false;
    }
    x == u || t.sees(me.faction, x)
}

/// The days one casting lays on unit `x`, per enchantment.
fn laid(t: &Turn<'_>, use_: &SkillUse, x: UnitId) -> Vec<(crate::rules::EnchantmentId, u32)> {
    let figures = t.world.units.get(x).map_or(0, |y| y.figures).max(1);
    let multiple = use_.multiple.unwrap_or(1).max(1);
    let produced = match use_.produces.as_ref().map(|p| &p.what) {
        Some(Product::Effect(e)) => Some((e.id(), multiple)),
        _ => None,
    };
    use_.grants
        .iter()
        .map(|g| (g.effect.id(), g.amount.saturating_mul(multiple)))
        .chain(produced)
        .map(|(e, figure_days)| (e, figure_days / figures))
        .collect()
}

/// A casting's man-days are done: its effect. Returns the products it
/// counts for (creatures summoned, else 1).
pub fn complete(t: &mut Turn<'_>, u: UnitId, skill: SkillId, use_: &SkillUse, aim: Aim) -> u64 {
    let Some(spell) = classify(t.rules, use_) else {
        return 0;
    };
    match (spell, aim) {
        (Spell::Enchant, Aim::Unit(x)) => {
            for (e, days) in laid(t, use_, x) {
                if days == 0 {
                    continue;
                }
                let now = enchantments::lay(t, x, e, days);
                t.private(
                    u,
                    What::Enchanted {
                        skill,
                        target: x,
                        enchantment: e,
                        days: now,
                    },
                );
                if x != u {
                    t.private(
                        x,
                        What::EnchantmentGained {
                            enchantment: e,
                            days: now,
                        },
                    );
                }
            }
            1
        }
        (Spell::Summon, _) => summoning::summon(t, u, skill, use_),
        (Spell::Ritual, Aim::Unit(x)) => {
            meditation::ritual(t, u, skill, use_, x);
            1
        }
        (Spell::Reconnoitre, Aim::Location(l)) => {
            reconnoitre::reconnoitre(t, u, skill, l);
            1
        }
        // The mark may have gone since the casting began.
        (Spell::Pickpocket | Spell::Assassinate | Spell::Bury, Aim::Unit(x))
            if !unit_in_reach(t, u, x) =>
        {
            0
        }
        (Spell::Pickpocket, Aim::Unit(x)) => {
            thievery::pick_pockets(t, u, skill, x);
            1
        }
        (Spell::Assassinate, Aim::Unit(x)) => {
            thievery::assassinate(t, u, skill, x);
            1
        }
        (Spell::Bury, Aim::Unit(x)) => {
            thievery::bury(t, u, x, use_.multiple.unwrap_or(1));
            1
        }
        _ => 0,
    }
}

/// TARGET changed: castings under way keep half their time and will take
/// their mana and components again (OV-MAG-016).
pub fn retargeted(t: &mut Turn<'_>, u: UnitId) {
    let rules = t.rules;
    let Some(unit) = t.world.units.get_mut(u) else {
        return;
    };
    let mut halved = Vec::new();
    for m in &mut unit.making {
        if (m.started || m.done > 0) && is_spell_skill(rules, m.skill) {
            m.done /= 2;
            m.started = false;
            halved.push(m.skill);
        }
    }
    for skill in halved {
        t.private(u, What::CastingRetargeted { skill });
    }
}

/// After the full-day pass: castings under way that were not worked on
/// today are spoiled (OV-MAG-017).
pub fn spoil_interrupted(t: &mut Turn<'_>) {
    let rules = t.rules;
    let mut spoiled: Vec<(UnitId, SkillId)> = Vec::new();
    for (i, unit) in t.world.units.values_mut().enumerate() {
        let id = UnitId::from_index(i);
        if unit.making.is_empty() {
            continue;
        }
        let today = t.live.get(id.index()).and_then(|l| l.casting);
        unit.making.retain(|m| {
            let lost = (m.started || m.done > 0)
                && today != Some(m.skill)
                && is_spell_skill(rules, m.skill);
            if lost {
                spoiled.push((id, m.skill));
            }
            !lost
        });
    }
    for (u, skill) in spoiled {
        t.private(u, What::CastingSpoiled { skill });
    }
}
