//! USE of taxing [taxe] and entertainment [ente]: coins from the land
//! (OV-ECON-029, OV-ECON-030, OV-RSK-071).
//!
//! Both skills are ours from the seed (RULES-DECISIONS "Taxing and
//! entertainment"): taxing as the rules give it (1st level, combat skill,
//! 1 coin a day); entertainment, which the rules name but never define, a
//! basic skill whose level is the coins a figure earns a day.
//!
//! A day of USE gives, per figure, the skill's coins per batch of
//! man-days (`use.produces`), work counted as for any USE
//! ([`day_work`]: half on guard, climate bonuses) and carried
//! over as fractions from day to day. The coins come from a limited purse:
//! - **taxes**: the place's taxes for the month (`Location::taxes`), the
//!   same purse the title holder's automatic collection draws on day by
//!   day. The land's controller must hold the taxer Ally
//!   ([`policy::Act::Tax`]); on land nobody owns anyone may tax. Taxers
//!   are paid at the end of the full-day pass, before the day's automatic
//!   collection, and a month in which anyone taxed a place counts as taxed
//!   for its optimum (OV-WLD-017);
//! - **entertainment**: the place's entertainment money
//!   ([`economy::entertainment`]); the controller must let the unit trade.
//!
//! Guards here keep both purses from factions they do not hold Friendly,
//! and the taxes from units whose faction they do not know (OV-GRD-009,
//! `guard::stopped`, said once a turn).
//!
//! When the day's asks exceed what is left, the purse is shared in
//! proportion ([`share_out`]). Pillagers, who act during the pass, are
//! served first, as the rules say PILLAGE has priority. With a count,
//! `USE taxe 100` stops after 100 coins (OV-UO-115). Experience as for
//! any USE (OV-SKL-025).

pub use super::super::economy::asks::Earning;
use super::super::economy::entertainment;
pub use super::super::log::Purse;
use super::super::log::{UseProblem, What};
use super::super::money;
use super::super::pending::Outcome;
use super::super::policy::{self, Act};
use super::super::share::share_out;
use super::super::state::Turn;
use super::skill_work::{cannot, count_down, day_work, making, practised};
use crate::rules::SkillId;
use crate::rules::skills::SkillUse;
use crate::world::{LocationId, UnitId};

/// A day of taxing or entertaining.
pub fn earn(
    t: &mut Turn<'_>,
    u: UnitId,
    i: usize,
    skill: SkillId,
    use_: &SkillUse,
    purse: Purse,
    count: Option<u32>,
) -> Outcome {
    let act = match purse {
        Purse::Taxes => Act::Tax,
        Purse::Entertainment => Act::Entertain,
    };
    if !policy::permits(t, u, act) {
        let owner = policy::named_ruler(t, t.world.units[u].location);
        return cannot(t, u, i, skill, UseProblem::Forbidden { owner });
    }
    if super::guard::stopped(t, u, i, act) {
        return Outcome::wait("a guard stops the work");
    }
    let place = t.world.units[u].location;
    if left(t, place, purse) == 0 {
        return cannot(t, u, i, skill, UseProblem::PurseEmpty);
    }
    let (days, coins) = use_.produces.as_ref().map_or((1, 1), |p| {
        (
            u64::from(p.days.max(1)),
            u64::from(use_.multiple.unwrap_or(1).max(1)),
        )
    });
    let work = day_work(t, u, skill, use_.tool.as_ref().map(|r| r.id()));
    if work == 0 {
        return Outcome::wait("no figure is free to work today (one is on guard)");
    }
    let batch = days * 100;
    let k = making(t, u, skill);
    let m = &mut t.world.units[u].making[k];
    m.done += work;
    let batches = m.done / batch;
    m.done %= batch;
    let left = count.map_or(u64::MAX, u64::from);
    t.earnings.push(Earning {
        unit: u,
        skill,
        place,
        purse,
        want: (batches * coins).min(left),
        counted: count.is_some(),
    });
    practised(t, u, skill);
    if count.is_some() {
        Outcome::Kept
    } else {
        Outcome::Done
    }
}

/// What is left in a purse.
fn left(t: &Turn<'_>, place: LocationId, purse: Purse) -> u64 {
    match purse {
        Purse::Taxes => t.world.locations.get(place).map_or(0, |l| l.taxes),
        Purse::Entertainment => entertainment::left(t, place),
    }
}

/// Pay the day's taxers and entertainers.
pub fn settle(t: &mut Turn<'_>) {
    if t.earnings.is_empty() {
        return;
    }
    let asks = std::mem::take(&mut t.earnings);
    let mut got = vec![0u64; asks.len()];
    let mut done = vec![false; asks.len()];
    for a in 0..asks.len() {
        if done[a] {
            continue;
        }
        let (place, purse) = (asks[a].place, asks[a].purse);
        let group: Vec<usize> = (a..asks.len())
            .filter(|&b| asks[b].place == place && asks[b].purse == purse)
            .collect();
        let wants: Vec<u64> = group.iter().map(|&b| asks[b].want).collect();
        for (&b, share) in group.iter().zip(share_out(left(t, place, purse), &wants)) {
            done[b] = true;
            got[b] = share;
        }
        let taken: u64 = group.iter().map(|&b| got[b]).sum();
        match purse {
            Purse::Taxes => {
                let loc = &mut t.world.locations[place];
                loc.taxes -= taken.min(loc.taxes);
            }
            Purse::Entertainment => {
                entertainment::take(t, place, taken);
            }
        }
    }
    for (e, coins) in asks.iter().zip(got) {
        if coins == 0 {
            continue;
        }
        money::add_cash(t, e.unit, coins);
        t.private(
            e.unit,
            What::Earned {
                skill: e.skill,
                purse: e.purse,
                coins,
            },
        );
        if e.counted {
            count_down(t, e.unit, e.skill, coins);
        }
    }
}

/// Is this USE one of the purse skills?
pub fn purse_of(use_: &SkillUse) -> Option<Purse> {
    match use_.kind {
        Some(crate::rules::skills::UseKind::Tax) => Some(Purse::Taxes),
        Some(crate::rules::skills::UseKind::Entertain) => Some(Purse::Entertainment),
        _ => None,
    }
}
