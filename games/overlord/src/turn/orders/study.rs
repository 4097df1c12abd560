//! STUDY skill [level] (OV-UO-098..102, OV-SKL-005..021, OV-SKL-023,
//! OV-MAG-001..004, OV-MAG-007): a full-day order adding a day of study to
//! the unit's experience and costing the level's `study_cost` for every
//! figure, paid from the unit's coins, then from the treasury in a city
//! (`money::pay(.., Draw::InCity)`, OV-ECON-015/016).
//!
//! **Dropped or waiting (OV-SKL-018).** A STUDY that can never succeed is
//! dropped as invalid: an innate skill (`no_learn`), a creature-only skill,
//! a leader-only or magic skill (OV-MAG-002) for a unit whose race does not
//! study as a leader. Creatures may not give STUDY at all (OV-UO-099, the
//! order's own unit restriction). Everything else waits in the list, told
//! once a turn with [`What::StudyWaits`]: a missing prerequisite, the next
//! level past the unit's limit with no teacher, a specialist skill with no
//! teacher or teaching structure, a follower's second basic skill, the
//! day's cost. While it waits the unit's day goes to its next full-day
//! order or WORK.
//!
//! **Prerequisites (OV-UO-101).** When the unit lacks a prerequisite level
//! (the skill's own or the next level's) and its faction knows the asked
//! skill, the day goes to the first missing prerequisite, deepest first;
//! no teacher helps with it (the study must be explicit). When the faction
//! does not know the skill, the order waits.
//!
//! **Limits (OV-SKL-012..016).** The highest level a unit reaches alone is
//! its race's `student` type's: followers 1st (combat skills 2nd), leaders
//! 2nd (combat 3rd, magic 1st), creatures none; plus every
//! `learning_level` bonus for the skill of its race (heroes: combat +1,
//! hence 4th), of its titles and of items every figure has equipped. A
//! teacher of a higher level lets it study on up to the teacher's level
//! (the teacher must know the skill better than the pupil), at normal
//! speed and with at most 10 figures (OV-UO-110). Magic skills stop at 2nd
//! level even with a teacher, and a guild's teaching does not lift this
//! (decision OV-SKL-014): past it only use raises them. A skill's last
//! level, or a `closed` one, ends study: the order is then complete.
//!
//! **Seats of teaching (OV-MAG-019, 020).** A structure may teach skills
//! of its own (`Structure::teaches`: a mage guild its element and one or
//! two of its spells, a magic tower its element), each up to a level: a
//! unit inside studies them up to that level with no teacher, past its own
//! limit and specialist spells included ([`seat_teaches`]).
//!
//! **Follower basic skill.** A skill's basic skills are the roots of its
//! prerequisite chain (skills that require nothing). A follower unit may
//! know one only, scouting with combat excepted (as MERGE allows): a
//! follower studying into a second tree waits until it FORGETs the first.
//! A tree it already has some experience of is not a second one, so a
//! craftsman with some combat from a battle may finish 1st combat
//! (OV-UNIT-016). A follower knowing two basic skills studies nothing
//! beyond 1st level, taught or not (OV-UNIT-015).
//!
//! **Elements (OV-MAG-004).** A unit may know one elemental skill (the
//! data's `elemental` flag: earth, fire, water, air, void) per level of
//! magecraft: a new element waits (`elements`) while it already knows as
//! many as its magecraft level. An element counts as known from its first
//! day of study (any experience), so a half-studied element holds its
//! place; FORGET frees it.
//!
//! **Speed (OV-SKL-019..023).** Percent of a plain day, added up: 100,
//! +10 when a unit above it in its stack knows the skill at a higher
//! level, +20 inside a completed structure teaching it, plus the data's
//! `bonuses.study` for the skill of the unit's race, its titles, items
//! every figure has equipped, its enchantments, the season (`climate.toml`, by the calendar)
//! and the weather where it stands (never below 0). A teacher then doubles
//! it (`(1 + 0.1 + 0.2) × 2` = 260 %) for up to 50 figures: a pupil of more
//! figures gets the doubling on 50 of them only (OV-SKL-022), and when a
//! teacher has several (leader) pupils each counts as 10 figures and the
//! 50 are shared. A guarding unit studies at half strength: half the
//! figures pay and the day counts half (OV-GRD-006); it cannot be taught.
//!
//! **Teachers and pupils in one day.** TEACH and STUDY meet in the
//! full-day pass, where units act in the day's order. A teacher that has
//! run TEACH today lists its lessons in [`Live::teaching`]; a pupil coming
//! later finds them. A pupil coming before its teacher looks at the
//! teacher's first ready full-day order instead: if it is a TEACH for it,
//! the pupil takes the speed bonus and the teacher, when its turn comes,
//! finds the pupil's [`Live::studied`] and spends its day teaching. A pupil
//! that *needs* its teacher (past its limit, or a specialist skill) must
//! come after it (OV-UO-111): before it, its STUDY waits that day.
//!
//! **Stop.** `STUDY cmbt 2` with neither count nor `@` renews itself each
//! day until the level is reached (OV-UO-100); a count or `@` runs as
//! written and still stops at the level (the stop is checked before the
//! day, in `orders::stop_reached`, and after it here).
//!
//! [`Live::teaching`]: super::super::state::Live::teaching
//! [`Live::studied`]: super::super::state::Live::studied

use umpire_core::ids::TypedId;

use super::super::experience::{self, DAY};
use super::super::log::{Dropped, StudyBlock, What};
use super::super::money::{self, Draw};
use super::super::pending::Outcome;
use super::super::state::Turn;
use super::super::{calendar, orders::drop_order};
use crate::orders::Repeat;
use crate::orders::UnitOrder;
use crate::orders::catalog::skills::{Pupils, Study};
use crate::rules::common::SkillBonus;
use crate::rules::races::{RaceKind, StudentType};
use crate::rules::skills::{Learning, Skill};
use crate::rules::{Rules, SkillId};
use crate::world::UnitId;

/// Figures whose study a teacher doubles (OV-UO-110).
pub const TAUGHT_FIGURES: u64 = 50;
/// What a leader pupil counts for when a teacher shares its 50 figures
/// among several pupils (OV-SKL-022).
pub const LEADER_PUPIL: u64 = 10;
/// Most figures a pupil that needs its teacher may have (OV-UO-110).
pub const NEEDY_FIGURES: u32 = 10;
/// Magic skills are studied to this level at most, taught or not
/// (OV-SKL-014, OV-MAG-003).
pub const MAGIC_CAP: u8 = 2;
/// Bonus for a unit above in the stack knowing the skill better (OV-SKL-019).
pub const STACK_BONUS: i64 = 10;
/// Bonus inside a structure teaching the skill (OV-SKL-020).
pub const PLACE_BONUS: i64 = 20;

/// A lesson: the pupil (`None`: any unit here studying it) and the skill.
pub type Lesson = (Option<UnitId>, SkillId);

/// A teacher found for a pupil today.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Teacher {
    pub unit: UnitId,
    /// Its TEACH has run today (it comes before the pupil).
    pub ran: bool,
    /// Figures of the pupil doubled, out of `of` (`of` = 0: none).
    pub doubled: u64,
    pub of: u64,
}

/// Run STUDY, order `i` of unit `u`.
pub fn study(t: &mut Turn<'_>, u: UnitId, i: usize, o: &Study) -> Outcome {
    let Some(order) = t.live(u).list.get(i).map(|p| p.order.clone()) else {
        return Outcome::wait("the order is no longer in the list");
    };
    let Some(asked) = t.skill(o.skill) else {
        return drop_order(t, u, i, &order, Dropped::NotAllowed);
    };
    if !may_ever_study(t, u, asked) {
        return drop_order(t, u, i, &order, Dropped::NotAllowed);
    }
    let skill = match day_skill(t, u, asked) {
        Ok(s) => s,
        Err(why) => return wait(t, u, i, asked, why),
    };
    let explicit = skill == asked;
    let Some(sk) = t.rules.skills.get(skill) else {
        return Outcome::wait("there is no such skill");
    };
    let level = t.level(u, skill);
    let next = level.saturating_add(1);
    let top = ceiling(sk);
    let magic_capped = sk.flags.magic && next > MAGIC_CAP;
    if next > top || magic_capped {
        // Nothing more to study here: the order is done with, or (for a
        // prerequisite) the asked skill cannot be reached by study.
        return if explicit {
            t.private(u, What::StudyAtTop { skill, level });
            Outcome::Finished
        } else {
            wait(t, u, i, asked, StudyBlock::Limit)
        };
    }
    if other_basic_skill(t, u, skill) || (next > 1 && two_basic_skills(t, u)) {
        return wait(t, u, i, asked, StudyBlock::OtherBasicSkill);
    }
    if elements_full(t, u, skill) {
        return wait(t, u, i, asked, StudyBlock::Elements);
    }
    let seat = seat_teaches(t, u, skill, next);
    let place = seat || place_teaches(t, u, skill, next);
    let specialist = sk.flags.specialist && !place;
    let needs = specialist || (next > unaided_limit(t, u, skill) && !seat);
    let guarding = t.live(u).guarding;
    let teacher = if explicit && !guarding {
        index_teachers(t);
        find_teacher(t, u, skill)
    } else {
        None
    };
    let figures = t.world.units.get(u).map_or(0, |x| x.figures);
    let (doubled, of) = match (needs, teacher) {
        (false, Some(tc)) => (tc.doubled, tc.of),
        (false, None) => (0, 0),
        (true, Some(tc)) if tc.ran && figures <= NEEDY_FIGURES => (0, 0),
        (true, Some(_)) if figures > NEEDY_FIGURES => {
            return wait(t, u, i, asked, StudyBlock::TooManyToTeach);
        }
        (true, Some(_)) => return wait(t, u, i, asked, StudyBlock::Teacher),
        (true, None) => {
            let why = if specialist {
                StudyBlock::Specialist
            } else {
                StudyBlock::Limit
            };
            return wait(t, u, i, asked, why);
        }
    };
    let acting = if guarding { figures / 2 } else { figures };
    if acting == 0 {
        return Outcome::wait("no figure is free to study (half are on guard)");
    }
    let per_figure = sk
        .levels
        .get(usize::from(level))
        .map_or(0, |l| u64::from(l.study_cost));
    let cost = per_figure * u64::from(acting);
    if money::pay(t, u, cost, Draw::InCity).is_none() {
        return wait(t, u, i, asked, StudyBlock::Cost);
    }
    let percent = speed(t, u, skill, level, place);
    let base = u64::from(DAY) * percent / 100;
    let mut gain = base;
    gain += (base * doubled).checked_div(of).unwrap_or(0);
    if guarding {
        gain /= 2;
    }
    let gain = u32::try_from(gain).unwrap_or(u32::MAX);
    experience::gain_with_basics(t, u, skill, gain, 10);
    if explicit {
        t.live(u).studied = Some((skill, teacher.map(|x| x.unit)));
    }
    t.private(
        u,
        What::Studied {
            skill,
            gain,
            percent: u32::try_from(percent).unwrap_or(u32::MAX),
            cost,
            teacher: teacher.map(|x| x.unit),
        },
    );
    let now = t.level(u, skill);
    let stop = o.level.is_some_and(|l| u32::from(now) >= l);
    if explicit && (stop || now >= top) {
        return Outcome::Finished;
    }
    if o.level.is_some() && order.prefix.repeat == Repeat::Once {
        return Outcome::Kept;
    }
    Outcome::Done
}

/// Tell once a turn why the STUDY waits, and keep it.
fn wait(t: &mut Turn<'_>, u: UnitId, i: usize, skill: SkillId, why: StudyBlock) -> Outcome {
    let first = match t.live(u).list.get_mut(i) {
        Some(p) if !p.noted => {
            p.noted = true;
            true
        }
        _ => false,
    };
    if first {
        t.private(u, What::StudyWaits { skill, why });
    }
    Outcome::wait("the study waits (see the reason above)")
}

/// Could this unit ever study the skill (OV-SKL-018, OV-MAG-002)?
pub fn may_ever_study(t: &Turn<'_>, u: UnitId, skill: SkillId) -> bool {
    let (Some(sk), Some(student)) = (t.rules.skills.get(skill), student(t, u)) else {
        return false;
    };
    if sk.flags.no_learn || student == StudentType::Creature {
        return false;
    }
    match sk.learning {
        Learning::Creature => false,
        Learning::Leader => student == StudentType::Leader,
        Learning::Normal => !sk.flags.magic || student == StudentType::Leader,
    }
}

fn student(t: &Turn<'_>, u: UnitId) -> Option<StudentType> {
    let unit = t.world.units.get(u)?;
    t.rules.races.get(unit.race).map(|r| r.student)
}

/// The skill the day goes to: the asked one, or its first missing
/// prerequisite when the faction knows the asked skill (OV-UO-101).
fn day_skill(t: &Turn<'_>, u: UnitId, asked: SkillId) -> Result<SkillId, StudyBlock> {
    let mut s = asked;
    for _ in 0..=t.rules.skills.len() {
        match missing_prerequisite(t, u, s) {
            None => return Ok(s),
            Some(m) => {
                if s == asked && !faction_knows(t, u, asked) {
                    return Err(StudyBlock::Prerequisite);
                }
                s = m;
            }
        }
    }
    Err(StudyBlock::Prerequisite)
}

/// The first prerequisite of `s` (of the skill, or of its next level) the
/// unit lacks.
pub fn missing_prerequisite(t: &Turn<'_>, u: UnitId, s: SkillId) -> Option<SkillId> {
    let sk = t.rules.skills.get(s)?;
    let level = usize::from(t.level(u, s));
    let of_level = sk.levels.get(level).map(|l| l.requires.as_slice());
    sk.requires
        .iter()
        .chain(of_level.unwrap_or(&[]).iter())
        .find(|r| t.level(u, r.skill.id()) < r.level)
        .map(|r| r.skill.id())
}

fn faction_knows(t: &Turn<'_>, u: UnitId, skill: SkillId) -> bool {
    t.world
        .units
        .get(u)
        .and_then(|x| t.world.factions.get(x.faction))
        .is_some_and(|f| f.known_skills.iter().any(|&(s, _)| s == skill))
}

/// The highest level study can reach in the skill at all: its last level
/// before the first `closed` one.
pub fn ceiling(sk: &Skill) -> u8 {
    let n = sk.levels.iter().take_while(|l| !l.closed).count();
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// The highest level the unit may study the skill to without a teacher
/// (OV-SKL-012, 016).
pub fn unaided_limit(t: &Turn<'_>, u: UnitId, skill: SkillId) -> u8 {
    let (Some(sk), Some(student)) = (t.rules.skills.get(skill), student(t, u)) else {
        return 0;
    };
    let base: i64 = match student {
        StudentType::Leader if sk.flags.magic => 1,
        StudentType::Leader if sk.flags.combat => 3,
        StudentType::Leader => 2,
        StudentType::Follower if sk.flags.combat => 2,
        StudentType::Follower => 1,
        StudentType::Creature => 0,
    };
    let extra = bonuses(t, u, skill, |b| &b.learning_level) + mastery(t, u, skill);
    u8::try_from((base + extra).max(0)).unwrap_or(u8::MAX)
}

/// An Elementary Master's learning bonus for its element reaches every
/// magic skill built on that element (OV-TTL-023: "any magic skill of
/// that element to 2nd level without a teacher"). Other titles' bonuses
/// count for their own skill only: the Head of Guild's for magecraft does
/// not reach the spells.
fn mastery(t: &Turn<'_>, u: UnitId, skill: SkillId) -> i64 {
    if !t.rules.skills.get(skill).is_some_and(|s| s.flags.magic) {
        return 0;
    }
    experience::basics(t.rules, skill)
        .into_iter()
        .filter(|&e| t.rules.skills.get(e).is_some_and(|s| s.flags.elemental))
        .map(|e| titles_bonus(t, u, e, |b| &b.learning_level))
        .sum()
}

/// The basic skills (roots of the prerequisite chain) of a skill.
pub fn roots(rules: &Rules, skill: SkillId) -> Vec<SkillId> {
    let plain = |s: SkillId| rules.skills.get(s).is_some_and(|x| x.requires.is_empty());
    if plain(skill) {
        return vec![skill];
    }
    experience::basics(rules, skill)
        .into_iter()
        .filter(|&s| plain(s))
        .collect()
}

/// The basic skills a unit knows something of, sorted.
pub fn known_roots(rules: &Rules, skills: &[crate::world::Knowledge]) -> Vec<SkillId> {
    let mut out: Vec<SkillId> = skills
        .iter()
        .filter(|k| k.experience > 0)
        .flat_map(|k| roots(rules, k.skill))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// May a follower unit know all these basic skills together? One, or
/// scouting with combat (OV-UO-052).
pub fn roots_compatible(rules: &Rules, roots: &[SkillId]) -> bool {
    if roots.len() <= 1 {
        return true;
    }
    let pair = [rules.skill("scou"), rules.skill("cmbt")];
    roots.iter().all(|r| pair.contains(&Some(*r)))
}

/// Would studying `skill` give a follower unit a second basic skill? A
/// skill whose basic skills the unit already has some experience of adds
/// none: a follower that came out of a battle with some combat beside its
/// craft may still study combat to 1st level (OV-UNIT-016).
fn other_basic_skill(t: &Turn<'_>, u: UnitId, skill: SkillId) -> bool {
    if student(t, u) != Some(StudentType::Follower) {
        return false;
    }
    let Some(unit) = t.world.units.get(u) else {
        return false;
    };
    let mut all = known_roots(t.rules, &unit.skills);
    let new = roots(t.rules, skill);
    if new.iter().all(|r| all.contains(r)) {
        return false;
    }
    all.extend(new);
    all.sort_unstable();
    all.dedup();
    !roots_compatible(t.rules, &all)
}

/// Does this follower unit know two basic skills or more (scouting with
/// combat, or a craft with combat from a battle)? Then it studies nothing
/// beyond 1st level, even when taught or in a seat of teaching
/// (OV-UNIT-015).
fn two_basic_skills(t: &Turn<'_>, u: UnitId) -> bool {
    student(t, u) == Some(StudentType::Follower)
        && t.world
            .units
            .get(u)
            .is_some_and(|x| known_roots(t.rules, &x.skills).len() >= 2)
}

/// Would studying `skill` give the unit more elements than its magecraft
/// level allows (OV-MAG-004)?
pub fn elements_full(t: &Turn<'_>, u: UnitId, skill: SkillId) -> bool {
    let elemental = |s: SkillId| t.rules.skills.get(s).is_some_and(|x| x.flags.elemental);
    let Some(unit) = t.world.units.get(u) else {
        return false;
    };
    if !elemental(skill) || unit.experience(skill) > 0 {
        return false;
    }
    let known = unit
        .skills
        .iter()
        .filter(|k| k.experience > 0 && elemental(k.skill))
        .count();
    known >= usize::from(t.level_of(u, "mage"))
}

/// Is the unit inside a completed structure teaching `skill` toward level
/// `next` (OV-SKL-020)? A structure teaches the skills its construction's
/// `bonuses.study` lists with a positive value, to any level, and the
/// prerequisites of those skills up to the levels they require.
pub fn place_teaches(t: &Turn<'_>, u: UnitId, skill: SkillId, next: u8) -> bool {
    let Some(s) = t
        .world
        .units
        .get(u)
        .and_then(|x| x.structure)
        .and_then(|s| t.world.structures.get(s))
    else {
        return false;
    };
    if !s.complete {
        return false;
    }
    let Some(c) = t.rules.constructions.get(s.kind) else {
        return false;
    };
    c.bonuses
        .study
        .iter()
        .filter(|b| b.value > 0)
        .any(|b| b.skill.id() == skill || requires_up_to(t.rules, b.skill.id(), skill, next))
}

/// Is the unit inside a completed structure that teaches `skill` itself up
/// to level `next` or beyond ([`crate::world::structure::Teaching`]: a
/// mage guild's element and spells, a magic tower's element; OV-MAG-019,
/// 020)? Such a seat of teaching lets it study past what it could reach
/// alone, a specialist skill included, and counts as a structure teaching
/// the skill for speed (OV-SKL-020).
pub fn seat_teaches(t: &Turn<'_>, u: UnitId, skill: SkillId, next: u8) -> bool {
    t.world
        .units
        .get(u)
        .and_then(|x| x.structure)
        .and_then(|s| t.world.structures.get(s))
        .is_some_and(|s| {
            s.complete
                && s.teaches
                    .iter()
                    .any(|x| x.skill == skill && next <= x.level)
        })
}

/// Does `taught` need `skill` at level `next` or more, down its chain?
fn requires_up_to(rules: &Rules, taught: SkillId, skill: SkillId, next: u8) -> bool {
    let mut todo = vec![taught];
    let mut seen: Vec<SkillId> = Vec::new();
    while let Some(s) = todo.pop() {
        if seen.contains(&s) {
            continue;
        }
        seen.push(s);
        let Some(sk) = rules.skills.get(s) else {
            continue;
        };
        for r in &sk.requires {
            if r.skill.id() == skill && r.level >= next {
                return true;
            }
            todo.push(r.skill.id());
        }
    }
    false
}

/// The day's speed in percent of a plain study day, before a teacher.
pub fn speed(t: &Turn<'_>, u: UnitId, skill: SkillId, level: u8, place: bool) -> u64 {
    let mut pct: i64 = 100;
    if leader_above_knows(t, u, skill, level) {
        pct += STACK_BONUS;
    }
    if place {
        pct += PLACE_BONUS;
    }
    pct += bonuses(t, u, skill, |b| &b.study);
    pct += super::super::magic::enchantments::study_bonus(t, u, skill);
    pct += climate(t, u, skill);
    u64::try_from(pct.max(0)).unwrap_or(0)
}

/// A unit above `u` in its stack knows the skill above `level` (OV-SKL-019).
fn leader_above_knows(t: &Turn<'_>, u: UnitId, skill: SkillId, level: u8) -> bool {
    let mut cur = t.world.units.get(u).and_then(|x| x.stack_parent);
    let mut steps = 0;
    while let Some(p) = cur {
        if t.level(p, skill) > level {
            return true;
        }
        steps += 1;
        if steps > t.world.units.len() {
            break;
        }
        cur = t.world.units.get(p).and_then(|x| x.stack_parent);
    }
    false
}

fn sum(list: &[SkillBonus], skill: SkillId) -> i64 {
    list.iter()
        .filter(|b| b.skill.id() == skill)
        .map(|b| i64::from(b.value))
        .sum()
}

/// The unit's own bonuses for a skill: its race's, its titles' (leaders
/// only hold titles) and those of items every figure has equipped.
fn bonuses(
    t: &Turn<'_>,
    u: UnitId,
    skill: SkillId,
    pick: impl Fn(&crate::rules::common::Bonuses) -> &Vec<SkillBonus>,
) -> i64 {
    let Some(unit) = t.world.units.get(u) else {
        return 0;
    };
    let mut total = t
        .rules
        .races
        .get(unit.race)
        .map_or(0, |r| sum(pick(&r.bonuses), skill));
    for h in &unit.items {
        if h.equipped == 0 || h.equipped < u64::from(unit.figures) {
            continue;
        }
        if let Some(item) = t.rules.items.get(h.item) {
            total += sum(pick(&item.bonuses), skill);
        }
    }
    total + titles_bonus(t, u, skill, pick)
}

/// The bonuses for a skill of the titles the unit holds (leaders only
/// hold titles).
fn titles_bonus(
    t: &Turn<'_>,
    u: UnitId,
    skill: SkillId,
    pick: impl Fn(&crate::rules::common::Bonuses) -> &Vec<SkillBonus>,
) -> i64 {
    let titled = t
        .rules
        .titles
        .values()
        .any(|x| pick(&x.bonuses).iter().any(|b| b.skill.id() == skill));
    if !titled || t.kind(u) != Some(RaceKind::Leader) {
        return 0;
    }
    t.held
        .get(&u)
        .map_or(&[][..], |v| v.as_slice())
        .iter()
        .filter_map(|&held| t.rules.titles.get(held))
        .map(|title| sum(pick(&title.bonuses), skill))
        .sum()
}

/// The season's and the local weather's study bonuses for the skill.
fn climate(t: &Turn<'_>, u: UnitId, skill: SkillId) -> i64 {
    let mut total = calendar::season(t.rules, t.log.turn)
        .and_then(|s| t.rules.seasons.get(s))
        .map_or(0, |s| sum(&s.bonuses.study, skill));
    if let Some(w) = t
        .world
        .units
        .get(u)
        .and_then(|x| t.world.locations.get(x.location))
        .and_then(|l| t.rules.weathers.get(l.weather))
    {
        total += sum(&w.bonuses.study, skill);
    }
    total
}

/// The lessons a unit offers today: those its TEACH gave if it has run,
/// else those of its first ready full-day order if that is a TEACH.
fn lessons(t: &Turn<'_>, c: UnitId) -> Option<(bool, Vec<Lesson>)> {
    let live = t.live.get(c.index())?;
    if !live.teaching.is_empty() {
        return Some((true, live.teaching.clone()));
    }
    if live.day_used || live.refusing || live.guarding {
        return None;
    }
    let p = live.list.iter().find(|p| p.ready(t.day) && p.full_day())?;
    let UnitOrder::Teach(o) = &p.order.order else {
        return None;
    };
    Some((false, lessons_of(t, &o.pupils)))
}

/// A TEACH order's lessons, with its units and skills looked up.
pub fn lessons_of(t: &Turn<'_>, pupils: &Pupils) -> Vec<Lesson> {
    match pupils {
        Pupils::Named(list) => list
            .iter()
            .filter_map(|l| Some((Some(t.unit_ref(l.pupil)?), t.skill(l.skill)?)))
            .collect(),
        Pupils::Anyone(s) => t.skill(*s).map(|s| (None, s)).into_iter().collect(),
    }
}

/// What a pupil weighs in a teacher's 50 figures: a leader 10, a
/// follower unit its figures.
fn weight(t: &Turn<'_>, p: UnitId) -> u64 {
    match t.kind(p) {
        Some(RaceKind::Leader) => LEADER_PUPIL,
        _ => t.world.units.get(p).map_or(0, |x| u64::from(x.figures)),
    }
}

/// Index today's possible teachers by place, once a day: the units that
/// have taught today or have an awake TEACH in their list, so that a pupil in a crowded place
/// does not look at everyone.
pub fn index_teachers(t: &mut Turn<'_>) {
    if t.teachers.is_some() {
        return;
    }
    let mut by: rustc_hash::FxHashMap<crate::world::LocationId, Vec<UnitId>> =
        rustc_hash::FxHashMap::default();
    for (place, loc) in t.world.locations.iter() {
        for &c in &loc.units {
            // A TEACH already given today has left a one-day order's list.
            let teaches = t.live.get(c.index()).is_some_and(|l| {
                !l.teaching.is_empty()
                    || l.list
                        .iter()
                        .any(|p| !p.dormant() && matches!(p.order.order, UnitOrder::Teach(_)))
            });
            if teaches {
                by.entry(place).or_default().push(c);
            }
        }
    }
    t.teachers = Some(by);
}

/// A leader here teaching `u` the skill today, knowing it better
/// (OV-UO-109), with the pupil's share of the doubled figures. Looks at
/// the place's teachers indexed by [`index_teachers`] (everyone here when
/// there is no index).
pub fn find_teacher(t: &Turn<'_>, u: UnitId, skill: SkillId) -> Option<Teacher> {
    let unit = t.world.units.get(u)?;
    let pupil_level = t.level(u, skill);
    let here = t.world.locations.get(unit.location)?;
    let candidates: &[UnitId] = match &t.teachers {
        Some(by) => by.get(&unit.location).map_or(&[], Vec::as_slice),
        None => &here.units,
    };
    for &c in candidates {
        if c == u
            || t.kind(c) != Some(RaceKind::Leader)
            || t.travelling(c)
            || t.level(c, skill) <= pupil_level
        {
            continue;
        }
        let Some((ran, lessons)) = lessons(t, c) else {
            continue;
        };
        let mine = lessons
            .iter()
            .any(|&(p, s)| s == skill && (p == Some(u) || p.is_none()));
        if !mine {
            continue;
        }
        let named: Vec<UnitId> = lessons.iter().filter_map(|&(p, _)| p).collect();
        let load: u64 = if named.contains(&u) {
            named.iter().map(|&p| weight(t, p)).sum()
        } else {
            weight(t, u)
        };
        // The pupil's study doubled on its share of the teacher's 50.
        let (doubled, of) = if load <= TAUGHT_FIGURES {
            (1, 1)
        } else {
            (TAUGHT_FIGURES, load)
        };
        return Some(Teacher {
            unit: c,
            ran,
            doubled,
            of,
        });
    }
    None
}
