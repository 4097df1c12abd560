//! The front (3.2, section 7.7 reconstructed; decisions EG-FRONT-*).
//!
//! **Who goes** (decided at the start of the month, before the premonthly
//! phase, so the weeks are void from the start — EG-FRONT-002): every
//! regiment of the Frontier Brigade, every month; in the campaign season
//! (June to August) every brigade; and anyone who volunteers in the
//! premonthly phase (with his regiment's unit, or the Frontier Brigade's if
//! he has none).
//!
//! **Battle results** are worked top-down: the army, then each brigade with
//! someone at the front, then each regiment. A commander's effective MA is
//! his MA, +1 when his adjutant or brigade major has MA at least his + 2,
//! +1 for each superior unit whose BR was 1-2 and −1 for each whose BR was
//! 5-6, clamped to 1..10; 1d6 on the Battle Result table gives the BR. Each
//! brigade rolls its mission on its mission row.
//!
//! **A character's rolls** (EG-FRONT-004): his death roll (DR) is the
//! number needed on 2d6 to die — the Personal Outcome figure for his unit's
//! BR and mission, plus his regiment's (staff officers: none; volunteers
//! without a regiment: the unattached row) and his rank's modifiers. His
//! FRONT clauses then change the DR (EG-BRAVE). 2d6 at or above the DR
//! kills him (EG-BRAVE-001: equality kills). A survivor rolls for a
//! mention, promotion and cash, each succeeding at or above its number;
//! reckless bravery of b takes b off each of those numbers.

use std::collections::{BTreeMap, BTreeSet};

use crate::events::{FrontRoll, What, When};
use crate::model::{Mission, Rank};
use crate::orders::ast::FrontClause;
use crate::spsl::Sp;
use crate::tables::FrontMods;
use crate::world::{Appointment, CharacterId, Whereabouts};

use super::Month;

/// The brigade that is at the front every month.
pub const FRONTIER: &str = "frontier";

/// Whether a brigade is at the front this month.
pub fn brigade_at_front(m: &Month<'_>, brigade: &str) -> bool {
    brigade == FRONTIER || m.world.month_of_year(m.month).is_campaign_season()
}

/// Send every player whose brigade is at the front (before the premonthly
/// phase).
pub fn post_units(m: &mut Month<'_>) {
    for id in m.players() {
        let Some(c) = m.ch(id) else { continue };
        let Some(reg) = c.regiment.as_deref().and_then(|r| m.tables.regiment(r)) else {
            continue;
        };
        if c.whereabouts == Whereabouts::Paris && brigade_at_front(m, &reg.brigade) {
            let unit = reg.id.clone();
            if let Some(ch) = m.ch_mut(id) {
                ch.whereabouts = Whereabouts::Front;
            }
            m.record(
                When::Premonthly,
                id,
                What::AtTheFront {
                    unit,
                    volunteer: false,
                },
                Sp::ZERO,
                0,
                false,
            );
        }
    }
}

/// One unit's battle.
#[derive(Debug, Clone)]
struct Fought {
    br: u8,
    mission: Mission,
    /// Cumulative MA modifier for the units below.
    cascade: i32,
}

fn cascade_of(br: u8) -> i32 {
    match br {
        1 | 2 => 1,
        5 | 6 => -1,
        _ => 0,
    }
}

/// Commander of a unit: (character, name, MA), if anyone holds the post.
fn commander(m: &Month<'_>, post: &Appointment) -> Option<(CharacterId, String, i32)> {
    let id = m.world.holder(post)?;
    let c = m.ch(id)?;
    Some((id, c.styled(), c.ma))
}

/// +1 when the staff officer's MA is at least the commander's + 2.
fn adjutant_bonus(m: &Month<'_>, staff: &Appointment, ma: i32) -> i32 {
    m.world
        .holder(staff)
        .and_then(|id| m.ch(id))
        .is_some_and(|s| s.ma >= ma + 2)
        .into()
}

/// Fight one unit's battle and record it.
#[allow(clippy::too_many_arguments)]
fn fight(
    m: &mut Month<'_>,
    unit: &str,
    unit_name: String,
    post: Appointment,
    staff: Option<Appointment>,
    above: i32,
    mission: Option<Mission>,
    mission_row: Option<[Mission; 6]>,
) -> Fought {
    let (who, cname, ma) =
        commander(m, &post).unwrap_or((CharacterId::new(0), "an unnamed officer".into(), 1));
    let bonus = staff.map_or(0, |s| adjutant_bonus(m, &s, ma));
    let effective = (ma + bonus + above).clamp(1, 10);
    let mut dice = m.dice_named(&format!("battle:{unit}"));
    let roll = u8::try_from(dice.roll(6)).unwrap_or(1);
    let br = m.tables.battle_result(effective, roll);
    let mission = match (mission, mission_row) {
        (Some(mi), _) => mi,
        (None, Some(row)) => {
            let d = dice.roll(6) as usize;
            row.get(d.saturating_sub(1))
                .copied()
                .unwrap_or(Mission::Field)
        }
        (None, None) => Mission::Field,
    };
    let result = m
        .tables
        .result_name(mission, br)
        .unwrap_or("inconclusive")
        .to_string();
    m.record(
        When::Front,
        who,
        What::Battle {
            unit: unit_name,
            commander: cname,
            ma,
            effective_ma: effective,
            roll,
            br,
            mission,
            result,
        },
        Sp::ZERO,
        0,
        true,
    );
    Fought {
        br,
        mission,
        cascade: above + cascade_of(br),
    }
}

/// The unit a character fights with, for his Personal Outcome.
enum Unit {
    Army,
    Brigade(String),
    Regiment(String),
    Unattached,
}

fn unit_of(m: &Month<'_>, id: CharacterId) -> Unit {
    let Some(c) = m.ch(id) else {
        return Unit::Unattached;
    };
    for a in &c.appointments {
        match a {
            Appointment::Brigadier(b) | Appointment::Staff(crate::model::Post::BrigadeMajor, b) => {
                return Unit::Brigade(b.clone());
            }
            Appointment::Army => return Unit::Army,
            _ => {}
        }
    }
    if c.rank.is_some_and(|r| !r.is_regimental()) {
        return Unit::Army;
    }
    match &c.regiment {
        Some(r) => Unit::Regiment(r.clone()),
        None => Unit::Unattached,
    }
}

/// Fight the month's battles and roll for everyone at the front.
pub fn run(m: &mut Month<'_>) {
    let at_front: Vec<CharacterId> = m
        .players()
        .into_iter()
        .filter(|&id| {
            m.ch(id)
                .is_some_and(|c| c.whereabouts == Whereabouts::Front)
        })
        .collect();
    if at_front.is_empty() {
        return;
    }
    let units: Vec<Unit> = at_front.iter().map(|&id| unit_of(m, id)).collect();
    let mut regiments: BTreeSet<String> = BTreeSet::new();
    let mut brigades: BTreeSet<String> = BTreeSet::new();
    for u in &units {
        match u {
            Unit::Regiment(r) => {
                regiments.insert(r.clone());
                if let Some(reg) = m.tables.regiment(r) {
                    brigades.insert(reg.brigade.clone());
                }
            }
            Unit::Brigade(b) => {
                brigades.insert(b.clone());
            }
            Unit::Unattached => {
                brigades.insert(FRONTIER.to_string());
            }
            Unit::Army => {}
        }
    }
    let army = fight(
        m,
        "army",
        "the Army".into(),
        Appointment::Army,
        None,
        0,
        Some(Mission::Field),
        None,
    );
    let mut brigade_results: BTreeMap<String, Fought> = BTreeMap::new();
    for b in brigades {
        let Some(brigade) = m.tables.brigade(&b).cloned() else {
            continue;
        };
        let f = fight(
            m,
            &b,
            brigade.name.clone(),
            Appointment::Brigadier(b.clone()),
            Some(Appointment::Staff(
                crate::model::Post::BrigadeMajor,
                b.clone(),
            )),
            army.cascade,
            None,
            Some(brigade.missions),
        );
        brigade_results.insert(b, f);
    }
    let mut regiment_results: BTreeMap<String, Fought> = BTreeMap::new();
    for r in regiments {
        let Some(reg) = m.tables.regiment(&r).cloned() else {
            continue;
        };
        let Some(above) = brigade_results.get(&reg.brigade).cloned() else {
            continue;
        };
        let f = fight(
            m,
            &r,
            reg.name.clone(),
            Appointment::Colonel(r.clone()),
            Some(Appointment::Staff(crate::model::Post::Adjutant, r.clone())),
            above.cascade,
            Some(above.mission),
            None,
        );
        regiment_results.insert(r, f);
    }
    for (id, unit) in at_front.into_iter().zip(units) {
        let (fought, mods) = match &unit {
            Unit::Army => (Some(&army), FrontMods::default()),
            Unit::Brigade(b) => (brigade_results.get(b), FrontMods::default()),
            Unit::Regiment(r) => (
                regiment_results.get(r),
                m.tables.regiment(r).map(|r| r.front).unwrap_or_default(),
            ),
            Unit::Unattached => (brigade_results.get(FRONTIER), m.tables.unattached_front),
        };
        let Some(fought) = fought.cloned() else {
            continue;
        };
        personal(m, id, &fought, mods);
    }
}

/// Apply a character's FRONT clauses to his DR: (DR, bravery, poltroonery).
pub fn apply_clauses(dr: i32, clauses: &[FrontClause]) -> (i32, i32, i32) {
    let (mut dr, mut brave, mut poltroon) = (dr, 0, 0);
    for c in clauses {
        match *c {
            FrontClause::Brave(b) => {
                dr -= i32::from(b);
                brave += i32::from(b);
            }
            FrontClause::Poltroon(p) => {
                dr += i32::from(p);
                poltroon += i32::from(p);
            }
            FrontClause::CapAt(n) => {
                let n = i32::from(n);
                if dr > n {
                    brave += dr - n;
                    dr = n;
                }
            }
            FrontClause::FloorAt(n) => {
                let n = i32::from(n);
                if dr < n {
                    poltroon += n - dr;
                    dr = n;
                }
            }
        }
    }
    (dr, brave, poltroon)
}

fn roll2d6(d: &mut umpire_core::dice::Dice) -> u8 {
    u8::try_from(d.sum(2, 6)).unwrap_or(2)
}

fn personal(m: &mut Month<'_>, id: CharacterId, fought: &Fought, reg: FrontMods) {
    let w = When::Front;
    let Some(c) = m.ch(id).cloned() else { return };
    let Some(outcome) = m.tables.outcome(fought.mission, fought.br) else {
        return;
    };
    let rank = c.rank.map(|r| m.tables.rank_front(r)).unwrap_or_default();
    let base = outcome.death + reg.death + rank.death;
    let clauses: Vec<FrontClause> = m
        .orders
        .get(&id)
        .map(|s| s.front.iter().map(|c| c.value).collect())
        .unwrap_or_default();
    let (dr, brave, poltroon) = apply_clauses(base, &clauses);
    let mut dice = m.dice_for(id, "front");
    let roll = roll2d6(&mut dice);
    m.record(
        w,
        id,
        What::DeathRoll {
            base,
            adjusted: dr,
            bravery: brave,
            poltroonery: poltroon,
            roll,
        },
        Sp::ZERO,
        0,
        false,
    );
    if i32::from(roll) >= dr {
        kill(m, id);
        return;
    }
    // Poltroonery: 1-2 unnoticed (no plunder); 3-5 noticed (no mention,
    // promotion or cash, -3 SP); 6 caught (cashiered, -6 SP) — EG-BRAVE-005.
    let mut rewards = true;
    let mut plunder = true;
    if poltroon > 0 {
        let die = u8::try_from(dice.roll(6)).unwrap_or(1);
        let (noticed, cashiered, sp) = match die {
            1 | 2 => (false, false, 0),
            3..=5 => (true, false, -3),
            _ => (true, true, -6),
        };
        plunder = false;
        rewards = !noticed;
        m.record(
            w,
            id,
            What::Poltroonery {
                die,
                noticed,
                cashiered,
            },
            Sp::whole(sp),
            0,
            noticed,
        );
        if cashiered {
            if let Some(ch) = m.ch_mut(id) {
                ch.regiment = None;
                ch.rank = None;
                ch.brevet = false;
                ch.appointments.clear();
            }
            return;
        }
    }
    if !rewards {
        return;
    }
    let mention = roll_against(
        &mut dice,
        outcome.mention + reg.mention + rank.mention - brave,
    );
    if mention.success {
        if let Some(ch) = m.ch_mut(id) {
            ch.mentions_due += 1;
        }
    }
    m.record(w, id, What::Mention(mention), Sp::ZERO, 0, mention.success);
    let promotion = roll_against(
        &mut dice,
        outcome.promotion + reg.promotion + rank.promotion - brave,
    );
    if promotion.success {
        promote(m, id, promotion);
    } else {
        m.record(
            w,
            id,
            What::Promotion {
                roll: promotion,
                rank: None,
                brevet: false,
                as_mention: false,
            },
            Sp::ZERO,
            0,
            false,
        );
    }
    if let Some(cash) = outcome.cash {
        let r = roll_against(&mut dice, cash + reg.cash + rank.cash - brave);
        let amount = if r.success && plunder {
            i64::from(dice.sum(outcome.plunder_dice, 6)) * outcome.plunder_times
        } else {
            0
        };
        m.record(
            w,
            id,
            What::Plunder { roll: r, amount },
            Sp::ZERO,
            amount,
            false,
        );
    }
}

fn roll_against(dice: &mut umpire_core::dice::Dice, needed: i32) -> FrontRoll {
    let roll = roll2d6(dice);
    FrontRoll {
        needed,
        roll,
        success: i32::from(roll) >= needed,
    }
}

/// A promotion: the next regimental rank (taking the colonelcy from an
/// NPC); brevet when his SL is below the rank's minimum. A Colonel or
/// above, a character without a rank, or one whose colonel is a player
/// cannot be promoted: a mention instead (EG-FRONT-007).
fn promote(m: &mut Month<'_>, id: CharacterId, roll: FrontRoll) {
    let w = When::Front;
    let Some(c) = m.ch(id).cloned() else { return };
    let reg = c
        .regiment
        .as_deref()
        .and_then(|r| m.tables.regiment(r))
        .cloned();
    let next = c
        .rank
        .and_then(Rank::next)
        .filter(|r| *r <= Rank::Colonel && !c.brevet);
    let colonelcy = reg.as_ref().map(|r| Appointment::Colonel(r.id.clone()));
    let blocked = next == Some(Rank::Colonel)
        && colonelcy
            .as_ref()
            .and_then(|p| m.world.holder(p))
            .is_some_and(|h| m.ch(h).is_some_and(|h| !h.npc));
    let (Some(next), Some(reg), false) = (next, reg, blocked) else {
        if let Some(ch) = m.ch_mut(id) {
            ch.mentions_due += 1;
        }
        m.record(
            w,
            id,
            What::Promotion {
                roll,
                rank: None,
                brevet: false,
                as_mention: true,
            },
            Sp::ZERO,
            0,
            true,
        );
        return;
    };
    let brevet = m
        .tables
        .rank_min_sl(next, reg.pay_class)
        .is_some_and(|min| c.sl < i64::from(min));
    if next == Rank::Colonel {
        if let Some(p) = colonelcy {
            if let Some(h) = m.world.holder(&p) {
                if let Some(npc) = m.ch_mut(h) {
                    npc.appointments.retain(|a| a != &p);
                }
            }
            if let Some(ch) = m.ch_mut(id) {
                ch.appointments.push(p);
            }
        }
    }
    if let Some(ch) = m.ch_mut(id) {
        ch.rank = Some(next);
        ch.brevet = brevet;
    }
    m.record(
        w,
        id,
        What::Promotion {
            roll,
            rank: Some(next),
            brevet,
            as_mention: false,
        },
        Sp::ZERO,
        0,
        true,
    );
}

/// Death at the front: his posts fall vacant, his mistress is free.
fn kill(m: &mut Month<'_>, id: CharacterId) {
    let mistress = m.ch(id).and_then(|c| c.mistress);
    if let Some(ch) = m.ch_mut(id) {
        ch.whereabouts = Whereabouts::Dead;
        ch.appointments.clear();
        ch.mistress = None;
    }
    if let Some(mi) = mistress.and_then(|mi| m.world.mistresses.get_mut(mi.raw() as usize)) {
        mi.lover = None;
    }
    m.record(When::Front, id, What::Killed, Sp::ZERO, 0, true);
}
