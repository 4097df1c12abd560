//! Carrying out one order. [`immediate`] and [`full_day`] find the order's
//! module by its keyword; each module is named after the orders it runs.
//!
//! Orders adjudicated by later parts of the rules (goods, skills, titles,
//! combat) stay in the list untouched and are reported once a turn as
//! [`What::NotAdjudicated`]: a player's orders are never lost.

pub mod attack;
pub mod conditions;
pub mod demote;
pub mod disband;
pub mod earn;
pub mod forget;
pub mod give;
pub mod goods;
pub mod guard;
pub mod market;
pub mod merge;
pub mod naming;
pub mod oath;
pub mod pillage;
pub mod recruit;
pub mod split;
pub mod stacks;
pub mod stance;
pub mod structures;
pub mod study;
pub mod tactic;
pub mod teach;
pub mod titles;
pub mod travel;
pub mod withdraw;
pub mod work;
// --- production ---
pub mod equip;
pub mod skill_work;
pub mod target;
pub mod use_skill;
// --- engagement ---

use super::log::{Dropped, What};
use super::pending::{Outcome, drop_invalid};
use super::state::Turn;
use crate::orders::spec::Who;
use crate::orders::{Order, UnitOrder};
use crate::rules::races::RaceKind;
use crate::world::UnitId;

/// Run immediate order `i` of unit `u`'s list.
pub fn immediate(t: &mut Turn<'_>, u: UnitId, i: usize) -> Outcome {
    let Some(order) = t.live(u).list.get(i).map(|p| p.order.clone()) else {
        return Outcome::wait("the order is no longer in the list");
    };
    if !allowed(t, u, &order) {
        return not_allowed(t, u, i, &order);
    }
    use UnitOrder as O;
    match &order.order {
        O::At(o) => conditions::at(t, u, o),
        O::Day(o) => conditions::day(t, u, o),
        O::Have(o) => conditions::have(t, u, o),
        O::Leader(o) => conditions::leader(t, u, o.unit),
        O::Leading(o) => conditions::leading(t, u, o.unit),
        O::See(o) => conditions::see(t, u, o.unit),
        O::Size(o) => conditions::size(t, u, o),
        O::Skill(o) => conditions::skill(t, u, o),
        O::Wait(_) => conditions::wait(t, u, i),
        O::Synchro(o) => conditions::synchro(t, u, o.unit),
        O::Name(o) => naming::name(t, u, o),
        O::Describe(o) => naming::describe(t, u, o),
        O::Christen(o) => naming::christen(t, u, o),
        O::Demote(_) => demote::demote(t, u, i),
        O::Setting(o) => naming::setting(t, u, i, o),
        O::Stance(o) => stance::stance(t, u, o),
        O::Stack(o) => stacks::stack(t, u, o.under),
        O::Unstack(_) => stacks::unstack_order(t, u),
        O::Eject(o) => stacks::eject(t, u, o.unit),
        O::Promote(o) => stacks::promote(t, u, o.unit),
        O::Enter(o) => structures::enter(t, u, o),
        O::Leave(o) => structures::leave(t, u, o),
        O::Guard(_) => guard::guard(t, u, i),
        O::Tactic(o) => tactic::tactic(t, u, o),
        O::Combat(o) => tactic::combat(t, u, o),
        O::Split(o) => split::split(t, u, o),
        O::Give(o) => give::give(t, u, o),
        O::Get(o) => goods::get(t, u, o),
        O::Drop(o) => goods::drop(t, u, o),
        O::Swap(o) => goods::swap(t, u, o),
        O::Oath(o) => oath::oath(t, u, i, &order, o.unit),
        O::Disband(_) => disband::disband(t, u),
        O::Bestow(o) => titles::bestow(t, u, i, &order, o),
        O::Yield(o) => titles::yield_title(t, u, i, &order, o),
        O::Cancel(o) => titles::cancel(t, u, i, &order, o),
        O::Buy(o) => market::buy(t, u, i, o),
        O::Sell(o) => market::sell(t, u, i, o),
        O::Recruit(o) => recruit::recruit(t, u, i, o),
        O::Withdraw(o) => withdraw::withdraw(t, u, i, o),
        O::Forget(o) => forget::forget(t, u, o),
        O::Merge(o) => merge::merge(t, u, o),
        O::Equip(o) => equip::equip(t, u, i, o),
        O::Target(o) => target::target(t, u, i, o),
        // Special orders fire from other units' actions (OV-SCH-017):
        // ACCEPT when someone stacks, STAY when the stack sets out.
        O::Accept(_) | O::Stay(_) => {
            Outcome::wait("it runs only when another unit's action calls it")
        }
        // RETREAT runs before day 1 (`travel_day::retreats`); one met in
        // the days came later (a unit made this month) and has no journey
        // to turn back from.
        O::Retreat(_) => drop_order(t, u, i, &order, Dropped::Misplaced),
        _ => not_adjudicated(t, u, i, &order),
    }
}

/// Run full-day order `i` of unit `u`'s list.
pub fn full_day(t: &mut Turn<'_>, u: UnitId, i: usize) -> Outcome {
    let Some(order) = t.live(u).list.get(i).map(|p| p.order.clone()) else {
        return Outcome::wait("the order is no longer in the list");
    };
    if !allowed(t, u, &order) {
        return not_allowed(t, u, i, &order);
    }
    use UnitOrder as O;
    match &order.order {
        O::Move(o) => travel::set_out(t, u, i, o.to, crate::world::JourneyKind::Move),
        O::March(o) => travel::set_out(t, u, i, o.to, crate::world::JourneyKind::March),
        O::Caravan(o) => travel::caravan(t, u, i, &o.stops),
        O::Work(_) => work::work(t, u),
        O::Claim(o) => titles::claim(t, u, o),
        O::Pillage(_) => pillage::pillage(t, u),
        O::Study(o) if stop_reached(t, u, o) => {
            if let Some(skill) = t.skill(o.skill) {
                let level = t.level(u, skill);
                t.private(u, What::StudyGoalMet { skill, level });
            }
            Outcome::Finished
        }
        O::Study(o) => study::study(t, u, i, o),
        O::Teach(o) => teach::teach(t, u, i, o),
        O::Use(o) => use_skill::use_order(t, u, i, o),
        O::Build(o) => target::build(t, u, i, o),
        O::Attack(o) => attack::attack(t, u, i, o),
        _ => not_adjudicated(t, u, i, &order),
    }
}

/// A stop condition met (OV-SCH-021): `10 STUDY cmbt 1` is complete once
/// the unit has level 1, whatever days are left. Studying itself is the
/// skills' rule; the stop is the order list's.
fn stop_reached(t: &Turn<'_>, u: UnitId, o: &crate::orders::catalog::skills::Study) -> bool {
    let (Some(level), Some(skill)) = (o.level, t.skill(o.skill)) else {
        return false;
    };
    u32::from(t.level(u, skill)) >= level
}

/// May this kind of unit give this order at all (the order reference's
/// "unit restrictions")? Followers who know scouting may MOVE and MARCH
/// on their own (OV-UO-056).
pub fn allowed(t: &Turn<'_>, u: UnitId, order: &Order) -> bool {
    let Some(kind) = t.kind(u) else {
        return false;
    };
    let journey = matches!(
        order.order,
        UnitOrder::Move(_) | UnitOrder::March(_) | UnitOrder::Caravan(_)
    );
    if journey && kind == RaceKind::Follower {
        return t.level_of(u, "scou") >= 1;
    }
    match order.order.spec().who {
        Who::Leader => kind == RaceKind::Leader,
        Who::LeaderOrCreature => kind != RaceKind::Follower,
        Who::FollowerOrCreature => kind != RaceKind::Leader,
        Who::LeaderOrFollower => kind != RaceKind::Creature,
        // Title holders and structure owners are checked by those orders.
        Who::Any | Who::Faction | Who::TitleHolder | Who::StructureOwner => true,
    }
}

/// Remove an order the unit may never carry out, with an event.
pub fn not_allowed(t: &mut Turn<'_>, u: UnitId, i: usize, order: &Order) -> Outcome {
    drop_order(t, u, i, order, Dropped::NotAllowed)
}

/// Remove order `i` as impossible, saying why.
pub fn drop_order(
    t: &mut Turn<'_>,
    u: UnitId,
    i: usize,
    order: &Order,
    reason: Dropped,
) -> Outcome {
    t.private(
        u,
        What::OrderDropped {
            order: order.to_string(),
            reason,
        },
    );
    drop_invalid(&mut t.live(u).list, i);
    Outcome::Dropped
}

pub fn not_adjudicated(t: &mut Turn<'_>, u: UnitId, i: usize, order: &Order) -> Outcome {
    // Once per order and turn is enough to tell the player.
    let Some(p) = t.live(u).list.get_mut(i) else {
        return Outcome::wait("the order is no longer in the list");
    };
    if !p.noted {
        p.noted = true;
        t.private(
            u,
            What::NotAdjudicated {
                order: order.order.keyword(),
            },
        );
    }
    Outcome::wait(format!(
        "{} is not carried out yet",
        format!("{:?}", order.order.keyword()).to_uppercase()
    ))
}
