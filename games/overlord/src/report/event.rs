//! The turn's typed events in words, as a faction's report tells them
//! (OV-REP-006, 017, 029).
//!
//! - [`action`] words an event for the action log of the unit that acted
//!   ("studies combat [cmbt]", "arrives at Massada [L278]"); the report
//!   puts "Day N - " before it. Events that are bookkeeping rather than
//!   news (the daily mana regain, orders read) give `None`.
//! - [`faction_event`] words an event no unit acted in, for the global
//!   events section ("166 coins of taxes from Windfort [L15] collected").
//! - [`day_label`] names the steps before day 1 and after day 30.
//! - [`collapse`] merges runs of the same line on consecutive days into
//!   one ("Days 1-14 - studies combat [cmbt]"), so a month of study reads
//!   as the sample report's two lines, not thirty.
//!
//! Nothing here decides who may read an event: the report shows only
//! events whose `seen_by` holds the faction.

use std::fmt;

use crate::combat::field::Side;
use crate::turn::log::{Act, Purse};
use crate::turn::log::{
    BEFORE_DAY_1, BattleCause, Dropped, Event, GuardRefusal, MONTH_END, NotTaken, Refusal, Stuck,
    StudyBlock, UseProblem, What,
};
use crate::world::{Aim, JourneyKind};

use super::model::Line;
use super::names::Names;

/// "Day 7", "Before day 1", "Month end".
pub fn day_label(day: u8) -> String {
    match day {
        BEFORE_DAY_1 => "Before day 1".to_string(),
        MONTH_END => "Month end".to_string(),
        d => format!("Day {d}"),
    }
}

/// Lines of one log, `(day, text)` in order, with runs of the same text
/// on consecutive days merged: "Days 1-14 - studies combat [cmbt]".
pub fn collapse(lines: &[(u8, String)]) -> Vec<Line> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (first, text) = &lines[i];
        let mut last = *first;
        let mut j = i + 1;
        while j < lines.len()
            && lines[j].1 == *text
            && (lines[j].0 == last || lines[j].0 == last + 1)
            && (1..=30).contains(&lines[j].0)
        {
            last = lines[j].0;
            j += 1;
        }
        out.push(Line {
            day: *first,
            last_day: last,
            text: text.clone(),
        });
        i = j;
    }
    out
}

/// "Day 7 - …", "Days 1-14 - …", "Month end - …".
impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.last_day == self.day {
            write!(f, "{} - {}", day_label(self.day), self.text)
        } else {
            write!(f, "Days {}-{} - {}", self.day, self.last_day, self.text)
        }
    }
}

fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn side_word(s: Side) -> &'static str {
    match s {
        Side::Attacker => "attackers",
        Side::Defender => "defenders",
    }
}

fn act_word(a: Act) -> &'static str {
    match a {
        Act::Trade => "trading",
        Act::Recruit => "recruiting",
        Act::Harvest => "harvesting",
        Act::Pillage => "pillaging",
        Act::Enter => "entering",
        Act::Work => "working",
        Act::Tax => "taxing",
        Act::Entertain => "entertaining",
    }
}

/// Why a journey could not begin, in the words the report gives.
fn stuck(n: &Names<'_>, why: &Stuck) -> String {
    match why {
        Stuck::Impassable => "the way is impassable for the stack".to_string(),
        Stuck::Overloaded { weight, capacity } => format!(
            "the stack is overloaded: it weighs {weight} and can carry {} walking",
            (*capacity).max(0)
        ),
        Stuck::TooHeavy { days } => format!(
            "the stack is so overloaded that walking there would take {}",
            plural(u64::from(*days), "day", "days")
        ),
        Stuck::VesselOverloaded {
            structure,
            weight,
            capacity,
        } => format!(
            "{} is overloaded: the stack and its cargo weigh {weight}, and it carries {}",
            n.structure(*structure),
            (*capacity).max(0)
        ),
        Stuck::VesselUncrewed {
            structure,
            crew,
            needed,
        } => format!(
            "{} needs a crew of {needed} able to sail it; the stack has {crew}",
            n.structure(*structure)
        ),
        // The unit in charge is not named: it may be one the faction
        // does not see.
        Stuck::VesselNotCommanded { structure, captain } => match captain {
            Some(_) => format!(
                "{} is in the charge of a unit that is not in the stack",
                n.structure(*structure)
            ),
            None => format!("{} has nobody in charge", n.structure(*structure)),
        },
        Stuck::VesselUnfinished { structure } => {
            format!("{} is not finished", n.structure(*structure))
        }
    }
}

fn journey_verb(k: JourneyKind) -> &'static str {
    match k {
        JourneyKind::Move => "sets out",
        JourneyKind::March => "marches",
        JourneyKind::Retreat => "retreats",
    }
}

fn refusal(r: Refusal) -> &'static str {
    match r {
        Refusal::UnknownFaction => "no such faction in this game",
        Refusal::WrongPassword => "wrong password",
        Refusal::OtherTurn => "they name another turn",
        Refusal::UnknownUnit => "no such unit",
        Refusal::NotYourUnit => "not your unit",
        Refusal::NotCreated => "that unit was never created",
        Refusal::Resigned => "the faction has resigned",
    }
}

fn dropped(d: Dropped) -> &'static str {
    match d {
        Dropped::UncreatedUnit => "it names a unit never created",
        Dropped::NotAllowed => "this unit may not give it",
        Dropped::Misplaced => "RETREAT must be the first order, with something to retreat from",
        Dropped::NoWay => "there is no such way from here",
        Dropped::Unreadable => "it no longer reads as an order",
        Dropped::OwnTarget => "it aims at the faction's own",
        Dropped::OwnFaction => "the unit is of that faction already",
        Dropped::AlternativeNotNeeded => {
            "the order above it was carried out (`+` is an alternative)"
        }
    }
}

fn study_block(b: StudyBlock) -> &'static str {
    match b {
        StudyBlock::Cost => "the day's fee cannot be paid",
        StudyBlock::Prerequisite => "a prerequisite is missing",
        StudyBlock::Limit => "the next level needs a teacher",
        StudyBlock::Specialist => "a specialist skill needs a teacher or a seat of teaching",
        StudyBlock::OtherBasicSkill => "followers keep to one basic skill",
        StudyBlock::Elements => "magecraft does not allow another element yet",
        StudyBlock::Teacher => {
            "the teacher it needs comes after it in the day's order and has not taught yet"
        }
        StudyBlock::TooManyToTeach => {
            "it needs a teacher to pass its limit, and only a unit of 10 figures or fewer is taught past it"
        }
    }
}

fn use_problem(p: UseProblem) -> &'static str {
    match p {
        UseProblem::Unskilled => "the unit lacks the 1st level",
        UseProblem::NoUse => "the skill has no use to make",
        UseProblem::NoResource => "there is none of that resource here",
        UseProblem::ResourceExhausted => "the land here had none of it left today",
        UseProblem::Forbidden { .. } => "the land's masters do not allow it",
        UseProblem::NoMaterials => "the materials are missing",
        UseProblem::NoTarget => "no TARGET has been given for it",
        UseProblem::WrongTarget => "its TARGET is not one it can work on",
        UseProblem::TargetOutOfReach => "its TARGET is not here or not seen",
        UseProblem::TargetNotNear => "its TARGET place is not next to this one",
        UseProblem::NothingToFit => "its TARGET needs no more of this work",
        UseProblem::NotAPerson => "only a lone figure, a leader or hero, can be assassinated",
        UseProblem::NotUndead => "only the walking dead (zombies, skeletons) are buried",
        UseProblem::CannotBuildHere => "nothing can be built here",
        UseProblem::PurseEmpty => "the place has no more to give this month",
        UseProblem::NoMana => "there is not enough mana",
        UseProblem::TooManyFigures => "the target has too many figures",
        UseProblem::CombatOnly => "it is used in battle, from the COMBAT list",
    }
}

fn cause(c: BattleCause) -> &'static str {
    match c {
        BattleCause::GuardAttacks => "guards fall on arrivals",
        BattleCause::MarchForces => "a march forces its way past guards",
        BattleCause::RivalGuards => "rival guards clash",
        BattleCause::Pillage => "guards fall on pillagers",
        BattleCause::Attack => "an attack",
        BattleCause::OnSight => "enemies meet",
    }
}

/// SETTING SILENT (OV-FO-014): a silent unit's routine lines, its skill
/// use (harvesting, making and how far it got, earning, the materials
/// taken) and its giving
/// and getting, are left out of its action log.
fn silenced(n: &Names<'_>, e: &Event) -> bool {
    matches!(
        e.what,
        What::Gave { .. }
            | What::Got { .. }
            | What::Swapped { .. }
            | What::Harvested { .. }
            | What::Produced { .. }
            | What::UseProgress { .. }
            | What::MaterialsUsed { .. }
            | What::Earned { .. }
    ) && e
        .unit
        .and_then(|u| n.world.units.get(u))
        .is_some_and(|u| u.settings.silent)
}

/// The line of an event in the action log of the unit that acted, or
/// `None` for bookkeeping.
#[expect(
    clippy::too_many_lines,
    reason = "an event renderer: one match arm per event kind, each turning it into its sentence"
)]
pub fn action(n: &Names<'_>, e: &Event) -> Option<String> {
    let rules = n.rules;
    if silenced(n, e) {
        return None;
    }
    let line = match &e.what {
        What::OrdersTaken { .. }
        | What::ControlChecked { .. }
        | What::FactionRenamed { .. }
        | What::EmailChanged { .. }
        | What::PasswordChanged { .. }
        | What::StanceSet { .. }
        | What::Resigned { .. }
        | What::ResignRefused { .. }
        | What::FactionSetting { .. }
        | What::ReshowAsked { .. }
        | What::OrdersRefused { .. }
        | What::TaxesCollected { .. }
        | What::BattleFought { .. } => return None,
        What::ManaChanged { by, now } if *by < 0 => {
            format!("loses {} mana to overcharge ({now} left)", -by)
        }
        What::ManaChanged { .. } => return None,
        What::SectionRefused { unit, reason, .. } => {
            format!("orders for {unit} refused: {}", refusal(*reason))
        }
        What::NotAdjudicated { order } => format!(
            "{} is not carried out yet and stays in the list",
            format!("{order:?}").to_uppercase()
        ),
        What::OrderKept { order, why } => {
            format!("order `{order}` is kept for next month: {why}")
        }
        What::WaitedInVain { order, why } => {
            format!("order `{order}` waited all month: {why}")
        }
        What::TargetGone { target } => format!(
            "its attack on {} came to nothing: the target was gone before the battle",
            n.unit(*target)
        ),
        What::NotStacked => "is in no stack, so has none to leave".to_string(),
        What::OrderCarried { order } => format!("order `{order}` carried out"),
        What::OrderDropped { order, reason } => {
            format!("order `{order}` dropped: {}", dropped(*reason))
        }
        What::ConditionMet { order } => {
            format!("condition {} met", format!("{order:?}").to_uppercase())
        }
        What::UnitRenamed => "takes a new name".to_string(),
        What::UnitDescribed => "takes a new description".to_string(),
        What::SettingChanged { setting, on } => {
            format!("setting {setting} {}", if *on { "on" } else { "off" })
        }
        What::Refuses { missing } => format!(
            "refuses to act this month: the faction lacks {}",
            plural(u64::from(*missing), "control point", "control points")
        ),
        What::RefusesBattle { missing } => format!(
            "refuses to join the battle: the faction lacks {}",
            plural(u64::from(*missing), "control point", "control points")
        ),
        What::Stacked { under } => format!("stacks under {}", n.unit(*under)),
        What::Unstacked { from } => format!("leaves the stack of {}", n.unit(*from)),
        What::Ejected { unit } => format!("ejects {} from its stack", n.unit(*unit)),
        What::Promoted { unit } => format!("promotes {}", n.unit(*unit)),
        What::Accepted { unit } => format!("accepts {} into its stack", n.unit(*unit)),
        What::Stayed { leader } => format!("stays behind as {} sets out", n.unit(*leader)),
        What::Synchronised { with } => format!("synchronises with {}", n.unit(*with)),
        What::Gave { to, item, count } => {
            format!("gives {} to {}", n.items(*item, *count), n.unit(*to))
        }
        What::Entered { structure } => format!("enters {}", n.structure(*structure)),
        What::Left { structure } => format!("leaves {}", n.structure(*structure)),
        What::Guarding => "guards".to_string(),
        What::Departed {
            to,
            mode,
            days,
            kind,
            ..
        } => format!(
            "{} for {} ({}, {})",
            journey_verb(*kind),
            n.place(*to),
            plural(u64::from(*days), "day", "days"),
            mode.as_str()
        ),
        What::CannotTravel { to, why } => {
            format!("cannot set out for {}: {}", n.place(*to), stuck(n, why))
        }
        What::Arrived { at, .. } => format!("arrives at {}", n.place(*at)),
        What::Entering { to, .. } => format!(
            "is half way: seen at {} from now on, on its way",
            n.place(*to)
        ),
        What::TurnedBack {
            toward,
            days,
            guard,
        } => match guard {
            Some(g) => format!(
                "is turned back toward {} by {} ({})",
                n.place(*toward),
                n.unit(*g),
                plural(u64::from(*days), "day", "days")
            ),
            None => format!(
                "turns back toward {} ({})",
                n.place(*toward),
                plural(u64::from(*days), "day", "days")
            ),
        },
        What::Battle {
            attacker,
            defender,
            cause: c,
            ..
        } => format!(
            "battle: {} against {} ({})",
            n.unit(*attacker),
            n.unit(*defender),
            cause(*c)
        ),
        What::AttackWaits => "ATTACK waits: the target is not here or not seen".to_string(),
        What::GuardRefused { reason } => match reason {
            GuardRefusal::NoCombat => "may not guard: guards need 1st combat".to_string(),
            GuardRefusal::NoRight => "may not guard here: the faction has no right to".to_string(),
        },
        What::StoppedByGuard { guard, act } => {
            format!("{} stops it {}", n.unit(*guard), act_word(*act))
        }
        What::Worked { days } => format!(
            "worked {} this month",
            plural(u64::from(*days), "day", "days")
        ),
        What::Created { placeholder, unit } => {
            format!("forms {} (ordered as {placeholder})", n.unit(*unit))
        }
        What::PlaceholderUnused { placeholder } => {
            format!("orders for {placeholder} removed: it was never created")
        }
        What::Split { new, figures } => format!(
            "splits {} into {}",
            plural(u64::from(*figures), "figure", "figures"),
            n.unit(*new)
        ),
        What::Reverted { to } => format!("returns to the wild, to {}", n.faction(*to)),
        What::Allegiance { to } => format!("follows its leader into {}", n.faction(*to)),
        What::Got { from, item, count } => match from {
            Some(u) => format!("gets {} from {}", n.items(*item, *count), n.unit(*u)),
            None => format!("picks up {}", n.items(*item, *count)),
        },
        What::DroppedItems { item, count } => format!("drops {}", n.items(*item, *count)),
        What::Swapped { with, gave, got } => format!(
            "swaps {} for {} with {}",
            n.items(gave.0, gave.1),
            n.items(got.0, got.1),
            n.unit(*with)
        ),
        What::Disbanded { figures } => format!(
            "disbands ({})",
            plural(u64::from(*figures), "figure", "figures")
        ),
        What::Pledged { to } => format!("pledges itself to {}", n.faction(*to)),
        What::ChangedFaction { to } => format!("joins {}", n.faction(*to)),
        What::LevelReached { skill, level } => format!(
            "achieves {}",
            super::unit::skill_name(rules, *skill, *level)
        ),
        What::StudyGoalMet { skill, level } => format!(
            "has {} as its STUDY asked: the order is complete",
            super::unit::skill_name(rules, *skill, *level)
        ),
        What::UseProgress {
            skill,
            item,
            percent,
        } => match item {
            Some(item) => format!(
                "works at {}: the next {} is {percent}% done",
                n.skill(*skill),
                n.item(*item)
            ),
            None => format!("casts {}: {percent}% done", n.skill(*skill)),
        },
        What::StudyAtTop { skill, level } => format!(
            "has {}, the most study can reach: STUDY is done with",
            super::unit::skill_name(rules, *skill, *level)
        ),
        What::TitleClaimed { title, seat } => {
            format!("claims the title of {}!", n.seat(*title, *seat))
        }
        What::Challenge { .. } => challenge(n, &e.what)?,
        What::TitleLost { title, seat } => format!("loses the title of {}", n.seat(*title, *seat)),
        What::TitleBestowed { title, seat, to } => format!(
            "bestows the title of {} on {}",
            n.seat(*title, *seat),
            n.unit(*to)
        ),
        What::TitleYielded { title, seat } => {
            format!("yields the title of {}", n.seat(*title, *seat))
        }
        What::TitleCancelled {
            title,
            seat,
            holder,
        } => format!(
            "cancels the title of {} held by {}",
            n.seat(*title, *seat),
            n.unit(*holder)
        ),
        What::TitleInherited { title, seat, from } => format!(
            "inherits the title of {} from {}",
            n.seat(*title, *seat),
            n.unit(*from)
        ),
        What::Occupied { place } => format!("occupies {}", n.place(*place)),
        What::Pillaged {
            taxes,
            wages,
            entertainment,
        } => format!(
            "pillages: {} of taxes, {} of wages, {} of entertainment",
            plural(*taxes, "coin", "coins"),
            plural(*wages, "coin", "coins"),
            plural(*entertainment, "coin", "coins")
        ),
        What::PillageTooWeak { force, needed } => {
            format!("pillages in vain: a force of {force} where {needed} is needed")
        }
        What::OfferNotTaken {
            item,
            buying,
            price,
            why,
        } => {
            let what = if *buying { "bid for" } else { "offer of" };
            let because = match (why, buying) {
                (NotTaken::Coins, _) => {
                    "the unit had too few coins left at the day's end".to_string()
                }
                (NotTaken::Goods, _) => "the unit held none left at the day's end".to_string(),
                (NotTaken::Price { cleared: Some(c) }, _) => format!("the market cleared at ${c}"),
                (NotTaken::Price { cleared: None }, true) => {
                    "nobody sold at that price".to_string()
                }
                (NotTaken::Price { cleared: None }, false) => {
                    "nobody bought at that price".to_string()
                }
            };
            format!("{what} {} at ${price} not taken: {because}", n.item(*item))
        }
        What::Bought {
            item, count, price, ..
        } => format!("buys {} at ${price}", n.items(*item, *count)),
        What::Sold {
            item, count, price, ..
        } => format!("sells {} at ${price}", n.items(*item, *count)),
        What::Recruited {
            race,
            figures,
            price,
            into,
        } => format!(
            "recruits {} at ${price} into {}",
            n.figures(*race, *figures),
            n.unit(*into)
        ),
        What::Withdrew { amount } => format!(
            "withdraws {} from the treasury",
            plural(*amount, "coin", "coins")
        ),
        What::WithdrewItems { item, count, asked } => {
            if *count == 0 && *asked > 0 {
                format!(
                    "withdraws no {}: the faction funds hold none",
                    n.item(*item)
                )
            } else if count < asked {
                format!(
                    "withdraws {} from the faction funds, all they held",
                    n.items(*item, *count)
                )
            } else {
                format!(
                    "withdraws {} from the faction funds",
                    n.items(*item, *count)
                )
            }
        }
        What::Studied { skill, teacher, .. } => match teacher {
            Some(t) => format!("studies {} with {}", n.skill(*skill), n.unit(*t)),
            None => format!("studies {}", n.skill(*skill)),
        },
        What::StudyWaits { skill, why } => {
            format!("cannot study {}: {}", n.skill(*skill), study_block(*why))
        }
        What::Taught { lessons } => {
            let mut skills: Vec<String> = lessons.iter().map(|(_, s)| n.skill(*s)).collect();
            skills.dedup();
            format!("teaches {}", skills.join(", "))
        }
        What::Forgot { skills } => format!(
            "forgets {}",
            skills
                .iter()
                .map(|s| n.skill(*s))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        What::Merged {
            into,
            figures,
            possessions,
            ..
        } => format!(
            "merges {}{} into {}",
            plural(u64::from(*figures), "figure", "figures"),
            if *possessions {
                " and its possessions"
            } else {
                ""
            },
            n.unit(*into)
        ),
        What::BecameStockpile => "has no figures left: a stockpile".to_string(),
        What::WagesPaid { days, amount } => format!(
            "is paid {} for {} of work",
            plural(*amount, "coin", "coins"),
            plural(u64::from(*days), "day", "days")
        ),
        What::WagesLost { days } => format!(
            "loses the wages of {}: it worked somewhere else",
            plural(u64::from(*days), "day", "days")
        ),
        What::UpkeepPaid {
            due,
            rations,
            from_unit,
            from_others,
            from_funds,
        } => {
            // What was paid, not what was owed: a unit that paid nothing
            // is not told it paid.
            let paid = from_unit
                .saturating_add(*from_others)
                .saturating_add(*from_funds);
            let coins = if paid >= *due {
                format!("pays {} of upkeep", plural(*due, "coin", "coins"))
            } else if paid == 0 {
                format!(
                    "pays nothing of the {} of upkeep it owes",
                    plural(*due, "coin", "coins")
                )
            } else {
                format!(
                    "pays {paid} of the {} of upkeep it owes",
                    plural(*due, "coin", "coins")
                )
            };
            if *rations > 0 {
                format!("eats {} and {coins}", plural(*rations, "ration", "rations"))
            } else {
                coins
            }
        }
        What::Unpaid { short, dissent } => format!(
            "is {} short of its upkeep; unpaid {} running",
            plural(*short, "coin", "coins"),
            plural(u64::from(*dissent), "month", "months")
        ),
        What::PressReward { amount } => format!(
            "earns {} for the faction's press",
            plural(*amount, "coin", "coins")
        ),
        What::Famine { died } => format!(
            "sees famine strike: {} die",
            plural(u64::from(*died), "person", "people")
        ),
        What::Plague { died } => format!(
            "sees plague strike: {} die",
            plural(u64::from(*died), "person", "people")
        ),
        What::Deserted { figures } => format!(
            "is deserted by {}: unpaid two months running",
            plural(u64::from(*figures), "figure", "figures")
        ),
        What::Harvested {
            skill, item, count, ..
        } => format!(
            "harvests {} with {}",
            n.items(*item, *count),
            n.skill(*skill)
        ),
        What::BattleLosses {
            killed,
            fled,
            spent,
        } => {
            let mut l = format!(
                "loses {} in battle",
                plural(u64::from(*killed), "figure", "figures")
            );
            if *fled {
                l.push_str(" and flees the field");
            }
            if !spent.is_empty() {
                l.push_str(&format!("; spends {}", n.item_list(spent)));
            }
            l
        }
        What::Perished { items } => {
            format!("is slain; with it perish {}", n.item_list(items))
        }
        What::Looted { item, count, from } => {
            format!("loots {} from {}", n.items(*item, *count), n.unit(*from))
        }
        What::BecameHero => "proves a hero in battle!".to_string(),
        What::TacticSet { text } => format!("TACTIC {text}"),
        What::CombatListSet { actions } => {
            if actions.is_empty() {
                "COMBAT cleared: MELEE PARRY".to_string()
            } else {
                format!("COMBAT {actions}")
            }
        }
        What::Earned {
            skill,
            purse,
            coins,
        } => format!(
            "earns {} {} with {}",
            plural(*coins, "coin", "coins"),
            match purse {
                Purse::Taxes => "in taxes",
                Purse::Entertainment => "entertaining",
            },
            n.skill(*skill)
        ),
        What::Produced { skill, item, count } => {
            format!("makes {} with {}", n.items(*item, *count), n.skill(*skill))
        }
        What::MaterialsUsed { skill, items } => format!(
            "takes {} for work with {}",
            n.item_list(items),
            n.skill(*skill)
        ),
        What::WorkLost { skill } => format!(
            "loses its work under way with {}: it moved",
            n.skill(*skill)
        ),
        What::CannotUse {
            skill,
            why: UseProblem::Forbidden { owner },
        } => match owner {
            Some(f) => format!(
                "cannot use {}: {}, which owns the land, does not allow it",
                n.skill(*skill),
                n.faction(*f)
            ),
            None => format!(
                "cannot use {}: the land's occupier does not allow it",
                n.skill(*skill)
            ),
        },
        What::CannotUse { skill, why } => {
            format!("cannot use {}: {}", n.skill(*skill), use_problem(*why))
        }
        What::Equipped { item, equipped } => {
            format!("now has {} equipped", n.items(*item, *equipped))
        }
        What::CannotEquip { item } => format!("cannot equip {}: it lacks the skill", n.item(*item)),
        What::Targeted { aim } => format!(
            "targets {}",
            match *aim {
                Aim::Unit(x) => n.unit(x),
                Aim::Location(x) => n.place(x),
                Aim::Structure(x) => n.structure(x),
                Aim::Kind(k) => format!("a new {}", n.construction(k)),
            }
        ),
        What::StructureBegun { structure } => format!("begins {}", n.structure(*structure)),
        What::Pickpocketed {
            target,
            coins,
            noticed,
        } => {
            if *noticed {
                format!("is caught picking the pockets of {}", n.unit(*target))
            } else if *coins == 0 {
                format!("picks the pockets of {}: they are empty", n.unit(*target))
            } else {
                format!(
                    "picks the pockets of {}: {}",
                    n.unit(*target),
                    plural(*coins, "coin", "coins")
                )
            }
        }
        What::PocketsPicked { coins, thief } => match thief {
            Some(by) => format!("catches {} trying to pick its pockets", n.unit(*by)),
            None => format!(
                "has its pockets picked by someone unseen: {} gone",
                plural(*coins, "coin", "coins")
            ),
        },
        What::AssassinationTried {
            target,
            killed,
            noticed,
        } => {
            if *noticed {
                format!(
                    "is seen trying to assassinate {} and fails",
                    n.unit(*target)
                )
            } else if *killed {
                format!("assassinates {}", n.unit(*target))
            } else {
                format!(
                    "tries to assassinate {}, unseen, and misses",
                    n.unit(*target)
                )
            }
        }
        What::AssassinationSurvived { by } => {
            format!("sees {} trying to assassinate it, and lives", n.unit(*by))
        }
        What::Assassinated => "is assassinated by someone unseen".to_string(),
        What::Buried { target, figures } => format!(
            "lays to rest {} of {}",
            plural(u64::from(*figures), "figure", "figures"),
            n.unit(*target)
        ),
        What::LaidToRest { figures } => format!(
            "loses {} laid to rest by others",
            plural(u64::from(*figures), "figure", "figures")
        ),
        What::Demoted => "is a plain leader again, no longer a hero".to_string(),
        What::StructureChristened { structure } => {
            format!("christens the structure {}", n.structure(*structure))
        }
        What::PlaceChristened { place } => format!("christens the place {}", n.place(*place)),
        What::Refitted {
            structure,
            from,
            to,
        } => format!(
            "rebuilds {}, a {}, as a {}",
            n.structure(*structure),
            n.construction(*from),
            n.construction(*to)
        ),
        What::BuiltWork {
            structure, count, ..
        } => format!(
            "builds {} of work into {}",
            plural(u64::from(*count), "unit", "units"),
            n.structure(*structure)
        ),
        What::StructureCompleted { structure } => {
            format!("completes {}", n.structure(*structure))
        }
        What::VesselSailed { structure, to, .. } => format!(
            "sails aboard {} for {}",
            n.structure(*structure),
            n.place(*to)
        ),
        What::VesselArrived { structure, at, .. } => format!(
            "comes in aboard {} at {}",
            n.structure(*structure),
            n.place(*at)
        ),
        What::SteppedAshore { structure } => {
            format!("is left behind as {} sails", n.structure(*structure))
        }
        What::Drowned {
            figures,
            items,
            vanished,
        } => {
            if *vanished {
                "drowns, with all it had".to_string()
            } else {
                format!(
                    "loses {} to the water, and {}",
                    plural(u64::from(*figures), "figure", "figures"),
                    n.item_list(items)
                )
            }
        }
        What::SettlementFounded { place, .. } => {
            format!("founds {}", n.place(*place))
        }
        What::ManaSpent { skill, mana } => {
            format!("spends {mana} mana on {}", n.skill(*skill))
        }
        What::Enchanted {
            skill,
            target,
            enchantment,
            days,
        } => format!(
            "casts {} on {}: {} for {}",
            n.skill(*skill),
            if Some(*target) == e.unit {
                "itself".to_string()
            } else {
                n.unit(*target)
            },
            rules
                .enchantments
                .get(*enchantment)
                .map_or("an enchantment", |x| x.name.as_str()),
            plural(u64::from(*days), "day", "days")
        ),
        What::EnchantmentGained { enchantment, days } => format!(
            "is enchanted: {} for {}",
            rules
                .enchantments
                .get(*enchantment)
                .map_or("an enchantment", |x| x.name.as_str()),
            plural(u64::from(*days), "day", "days")
        ),
        What::EnchantmentExpired { enchantment } => format!(
            "{} wears off",
            rules
                .enchantments
                .get(*enchantment)
                .map_or("an enchantment", |x| x.name.as_str())
        ),
        What::Summoned {
            skill,
            unit,
            race,
            items,
            ..
        } => {
            let mut l = format!(
                "summons {} into {} with {}",
                n.figures(*race, 1)
                    .trim_start_matches("1 ")
                    .to_string()
                    .as_str(),
                n.unit(*unit),
                n.skill(*skill)
            );
            if !items.is_empty() {
                l.push_str(&format!(": {}", n.item_list(items)));
            }
            l
        }
        What::Ritual {
            skill,
            target,
            mana,
            now,
        } => format!(
            "gives {} {mana} mana with {} (now {now})",
            if Some(*target) == e.unit {
                "itself".to_string()
            } else {
                n.unit(*target)
            },
            n.skill(*skill)
        ),
        What::ManaReceived { from, mana, now } => {
            format!("receives {mana} mana from {} (now {now})", n.unit(*from))
        }
        What::Reconnoitred {
            skill,
            place,
            units,
        } => {
            let seen: Vec<String> = units.iter().map(|u| n.unit(*u)).collect();
            format!(
                "looks into {} with {}: {}",
                n.place(*place),
                n.skill(*skill),
                if seen.is_empty() {
                    "no one".to_string()
                } else {
                    seen.join(", ")
                }
            )
        }
        What::CastingSpoiled { skill } => format!(
            "loses its casting of {}: mana, components and time",
            n.skill(*skill)
        ),
        What::CastingRetargeted { skill } => format!(
            "retargets its casting of {}: half the time kept",
            n.skill(*skill)
        ),
    };
    Some(line)
}

/// The line of an event in the global events section: things the faction
/// saw or took part in that no unit of its own acted in.
/// A title challenge (OV-TTL-005), as the challenger's unit and the
/// challenged holder's faction read it.
fn challenge(n: &Names<'_>, what: &What) -> Option<String> {
    let What::Challenge {
        title,
        seat,
        challenger,
        holder,
        percent,
        won,
    } = what
    else {
        return None;
    };
    Some(format!(
        "{} challenges {} for {}: {percent}% of the holder's experience, {}",
        n.unit(*challenger),
        n.unit(*holder),
        n.seat(*title, *seat),
        if *won {
            "the challenger wins"
        } else {
            "the holder keeps it"
        }
    ))
}

pub fn faction_event(n: &Names<'_>, e: &Event) -> Option<String> {
    let line = match &e.what {
        What::Challenge { .. } => challenge(n, &e.what)?,
        What::TaxesCollected { place, amount } => format!(
            "{} of taxes from {} collected",
            plural(*amount, "coin", "coins"),
            n.place(*place)
        ),
        What::OrdersTaken { faction, units } => format!(
            "orders of {} read: {}",
            n.faction(*faction),
            plural(u64::from(*units), "unit", "units")
        ),
        What::OrdersRefused { reason, .. } => {
            format!("orders refused: {}", refusal(*reason))
        }
        What::SectionRefused { unit, reason, .. } => {
            format!("orders for {unit} refused: {}", refusal(*reason))
        }
        What::FactionRenamed { faction } => format!("the faction is now {}", n.faction(*faction)),
        What::EmailChanged { .. } => "the faction's address changed".to_string(),
        What::PasswordChanged { .. } => "the faction's password changed".to_string(),
        What::StanceSet {
            faction,
            toward,
            stance,
        } => match toward {
            Some(f) => format!(
                "{}'s stance toward {} set to {}",
                n.faction(*faction),
                n.faction(*f),
                stance.as_str()
            ),
            None => format!(
                "{}'s default stance set to {}",
                n.faction(*faction),
                stance.as_str()
            ),
        },
        What::ControlChecked { needed, limit, .. } => {
            format!("control points checked: {needed} needed of {limit}")
        }
        What::Resigned { faction, to } => format!(
            "{} resigns, its units going to {}",
            n.faction(*faction),
            n.faction(*to)
        ),
        What::ResignRefused { .. } => {
            "RESIGN refused: units may not go to that faction".to_string()
        }
        What::FactionSetting { setting, on, .. } => format!(
            "faction setting {setting} {}",
            if *on { "on" } else { "off" }
        ),
        What::ReshowAsked { what, .. } => format!("descriptions asked for again: {what}"),
        What::Famine { died } => format!(
            "famine at {}: {} die",
            e.place
                .map_or_else(|| "an unknown place".to_string(), |p| n.place(p)),
            plural(u64::from(*died), "person", "people")
        ),
        What::Plague { died } => format!(
            "plague at {}: {} die",
            e.place
                .map_or_else(|| "an unknown place".to_string(), |p| n.place(p)),
            plural(u64::from(*died), "person", "people")
        ),
        What::Occupied { place } => format!("{} is occupied", n.place(*place)),
        What::PressReward { amount } => format!(
            "the faction's press earns {}",
            plural(*amount, "coin", "coins")
        ),
        What::BattleFought { place, units, .. } => {
            let count = |s: Side| units.iter().filter(|(_, x)| *x == s).count() as u64;
            format!(
                "battle at {}: {} against {}",
                n.place(*place),
                plural(count(Side::Attacker), "attacker", side_word(Side::Attacker)),
                plural(count(Side::Defender), "defender", side_word(Side::Defender))
            )
        }
        _ => return action(n, e),
    };
    Some(line)
}
