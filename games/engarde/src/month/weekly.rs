//! The four weeks (3.2): one action a week for each character in Paris
//! (EG-MON-004). The first action the sheet gives for the week runs; any
//! further one is skipped and reported (EG-MON-005). Gifts run first and do
//! not use the week (EG-COND-009). A character at the front has no weeks
//! (EG-FRONT-002).
//!
//! Everyone's week is resolved at once: conditions may look only at earlier
//! weeks (EG-COND-005), so the order in which characters are taken does not
//! matter — except two suitors for one lady the same week, where the larger
//! purse is taken first.
//!
//! The actions and their figures (decisions EG-WK-001..006):
//! - **carouse**: SL crowns, +1 SP;
//! - **gamble** (at one's club): up to 9 bets, each within the house limit
//!   and at least its minimum; the house rolls 1d6; with a cut, a roll at or
//!   above the cut loses half the stake and 1 SP; otherwise the player rolls
//!   1d6 against the house's die: higher wins the stake (paid double: stake
//!   back plus as much) and +1 SP, a tie or lower loses the stake and 1 SP;
//!   bonus SP = ⌊total staked / the club's divisor⌋, cut bets counting half;
//! - **court** a mistress with a purse: at least 3 × her SL; 1d6 needed by
//!   the SL difference (table), +1 to the die for every further 3 × her SL
//!   in the purse, a natural 1 always fails; the whole purse is spent;
//! - **bawdyhouse** with a purse: a visit costs 2 × SL (companionship for
//!   the month, +1 SP); mugging chance on the way home (1d100) is 10% for
//!   every full 5 × SL crowns carried beyond the price, at most 60%; a
//!   mugging takes the rest of the purse;
//! - **practise** a weapon: +1 expertise (at most 20);
//! - **toady** to a character: received when his SL is at most yours + 2,
//!   otherwise on 1d6 ≥ the difference + 1 (a 6 always); +2 SP when
//!   received; nobody receives from the front or the grave;
//! - **duty**: one week of regimental duty;
//! - **rest**.

use crate::events::{BetOutcome, BetResult, What, When};
use crate::orders::Phase;
use crate::orders::ast::{Bet, Crowns, Weekly};
use crate::spsl::Sp;
use crate::world::{CharacterId, Whereabouts};

use super::Month;
use super::conditions::choose;
use super::premonthly::give;

/// Most expertise in one weapon.
pub const MAX_EXPERTISE: u32 = 20;

/// Run one week for everyone.
pub fn run(m: &mut Month<'_>, week: u8) {
    let w = When::Week(week);
    let mut actions: Vec<(CharacterId, Weekly)> = Vec::new();
    for id in m.players() {
        let Some(sheet) = m.orders.get(&id) else {
            continue;
        };
        let blocks = sheet
            .weeks
            .get(usize::from(week) - 1)
            .cloned()
            .unwrap_or_default();
        if !m.in_paris(id) {
            if !blocks.is_empty()
                && m.ch(id)
                    .is_some_and(|c| c.whereabouts == Whereabouts::Front)
            {
                m.record(w, id, What::WeekAtTheFront, Sp::ZERO, 0, false);
            }
            continue;
        }
        let chosen = choose(m, id, &blocks, Phase::Week(week));
        let mut action: Option<Weekly> = None;
        for c in chosen {
            if let Weekly::Give {
                to,
                amount,
                if_appointed,
            } = &c.order
            {
                weekly_gift(m, week, id, to, *amount, *if_appointed);
                continue;
            }
            // A courting or a visit without a sum cannot run (EG-WK-002/003),
            // so it does not take the week: the next valid order does.
            if matches!(
                c.order,
                Weekly::Court { purse: None, .. } | Weekly::Bawdyhouse { purse: None }
            ) {
                let what = c.order.kind().word();
                m.refuse(
                    w,
                    id,
                    format!("{what} (line {})", c.line),
                    "no sum given: say how much you take",
                );
                continue;
            }
            if action.is_some() {
                m.record(
                    w,
                    id,
                    What::Skipped {
                        order: format!("{} (line {})", c.order.kind().word(), c.line),
                        reason: "one weekly action a week: the first valid one given runs".into(),
                    },
                    Sp::ZERO,
                    0,
                    false,
                );
                continue;
            }
            action = Some(c.order);
        }
        if let Some(a) = action {
            actions.push((id, a));
        }
    }
    // Courting: larger purses first, then by character.
    let mut courting: Vec<(CharacterId, Weekly)> = Vec::new();
    for (id, a) in actions {
        if matches!(a, Weekly::Court { .. }) {
            courting.push((id, a));
        } else {
            act(m, week, id, &a);
        }
    }
    courting.sort_by_key(|(id, a)| match a {
        Weekly::Court { purse, .. } => (std::cmp::Reverse(purse.unwrap_or(0)), *id),
        _ => (std::cmp::Reverse(0), *id),
    });
    for (id, a) in courting {
        act(m, week, id, &a);
    }
}

fn weekly_gift(
    m: &mut Month<'_>,
    week: u8,
    id: CharacterId,
    to: &str,
    amount: Crowns,
    if_appointed: Option<crate::model::Post>,
) {
    let w = When::Week(week);
    if let Some(post) = if_appointed {
        let Some(target) = m.world.find_character(to) else {
            m.refuse(
                w,
                id,
                format!("give {to} {amount}"),
                format!("there is no character called {to}"),
            );
            return;
        };
        if !m.facts.appointed.contains(&(id, post, target)) {
            m.refuse(
                w,
                id,
                format!("give {to} {amount}"),
                format!("{to} has not appointed you {}", post.name()),
            );
            return;
        }
    }
    give(m, w, id, to, amount);
}

fn mark(
    m: &mut Month<'_>,
    week: u8,
    id: CharacterId,
    kind: crate::orders::ast::ActionKind,
    openly: bool,
) {
    m.facts.acted.insert((id, week), (kind, openly));
}

fn act(m: &mut Month<'_>, week: u8, id: CharacterId, action: &Weekly) {
    let w = When::Week(week);
    let Some(c) = m.ch(id).cloned() else { return };
    mark(m, week, id, action.kind(), false);
    match action {
        Weekly::Carouse => {
            let cost = c.sl;
            if c.cash < cost {
                m.refuse(
                    w,
                    id,
                    "carouse",
                    format!("it costs {cost} crowns; you have {}", c.cash),
                );
                return;
            }
            m.record(w, id, What::Caroused, Sp::whole(1), -cost, false);
        }
        Weekly::Gamble(bets) => gamble(m, week, id, bets),
        Weekly::Court {
            mistress,
            purse,
            openly,
        } => court(m, week, id, mistress, *purse, *openly),
        Weekly::Bawdyhouse { purse } => bawdyhouse(m, week, id, *purse),
        Weekly::Practise(weapon) => {
            let now = c.expertise.get(weapon).copied().unwrap_or(0);
            let next = (now + 1).min(MAX_EXPERTISE);
            if let Some(ch) = m.ch_mut(id) {
                ch.expertise.insert(*weapon, next);
            }
            m.record(
                w,
                id,
                What::Practised {
                    weapon: *weapon,
                    expertise: next,
                },
                Sp::ZERO,
                0,
                false,
            );
        }
        Weekly::Toady(name) => {
            let Some(target) = m.world.find_character(name) else {
                m.refuse(
                    w,
                    id,
                    format!("toady to {name}"),
                    format!("there is no character called {name}"),
                );
                return;
            };
            let there = m.in_paris(target) && target != id;
            let their_sl = m.ch(target).map_or(0, |t| t.sl);
            let difference = their_sl - c.sl;
            let received = there
                && (difference <= 2 || {
                    let needed = (difference + 1).min(6);
                    i64::from(m.dice_for(id, &format!("toady:{week}")).roll(6)) >= needed
                });
            m.facts.toadied.insert((id, week), (target, received));
            let sp = if received { Sp::whole(2) } else { Sp::ZERO };
            m.record(
                w,
                id,
                What::Toadied {
                    to: target,
                    received,
                },
                sp,
                0,
                false,
            );
        }
        Weekly::Duty => {
            if c.regiment.is_none() {
                m.refuse(w, id, "do regimental duty", "you are not in a regiment");
                return;
            }
            *m.facts.duty.entry(id).or_default() += 1;
            m.record(w, id, What::Duty, Sp::ZERO, 0, false);
        }
        Weekly::Rest => m.record(w, id, What::Rested, Sp::ZERO, 0, false),
        Weekly::Give { .. } => {}
    }
}

fn gamble(m: &mut Month<'_>, week: u8, id: CharacterId, bets: &[Bet]) {
    let w = When::Week(week);
    let Some(c) = m.ch(id).cloned() else { return };
    let Some(club) = c.club.as_deref().and_then(|k| m.tables.club(k)).cloned() else {
        m.refuse(
            w,
            id,
            "gamble",
            "you gamble at your club, and you are in none",
        );
        return;
    };
    let mut dice = m.dice_for(id, &format!("gamble:{week}"));
    let mut outcomes = Vec::new();
    let (mut cash, mut net, mut sp, mut staked_quarters) = (c.cash, 0, 0, 0i64);
    for bet in bets.iter().take(m.tables.society.max_bets) {
        let stake = club.house_limit.map_or(bet.stake, |l| bet.stake.min(l));
        if stake < club.minimum_bet || stake <= 0 || stake > cash {
            continue;
        }
        let house = u8::try_from(dice.roll(6)).unwrap_or(1);
        let (player, result, delta, dsp) = match bet.cut {
            Some(cut) if house >= cut => (None, BetResult::Cut, -(stake / 2), -1),
            _ => {
                let p = u8::try_from(dice.roll(6)).unwrap_or(1);
                if p > house {
                    (Some(p), BetResult::Won, stake, 1)
                } else {
                    (Some(p), BetResult::Lost, -stake, -1)
                }
            }
        };
        staked_quarters += if result == BetResult::Cut {
            stake * 2
        } else {
            stake * 4
        };
        cash += delta;
        net += delta;
        sp += dsp;
        outcomes.push(BetOutcome {
            stake,
            cut: bet.cut,
            house,
            player,
            result,
        });
    }
    if outcomes.is_empty() {
        m.refuse(
            w,
            id,
            "gamble",
            format!(
                "no bet could be placed (house limit {}, minimum {}, cash {})",
                club.house_limit
                    .map_or("none".to_string(), |l| l.to_string()),
                club.minimum_bet,
                c.cash
            ),
        );
        return;
    }
    m.record(
        w,
        id,
        What::Gambled { bets: outcomes },
        Sp::whole(sp),
        net,
        false,
    );
    let bonus = staked_quarters / 4 / club.gambling_divisor.max(1);
    if bonus > 0 {
        m.record(
            w,
            id,
            What::GamblingBonus {
                staked: staked_quarters / 4,
            },
            Sp::whole(bonus),
            0,
            false,
        );
    }
}

/// The chance (in sixths) of a courting succeeding, for the property test
/// and the report: the die needed after the purse's bonus.
pub fn courting_die_needed(table_needed: u8, purse: Crowns, her_sl: i64) -> Option<u8> {
    let unit = 3 * her_sl.max(1);
    if purse < unit {
        return None;
    }
    let bonus = (purse - unit) / unit;
    let needed = i64::from(table_needed) - bonus;
    Some(u8::try_from(needed.clamp(2, 7)).unwrap_or(7))
}

fn court(
    m: &mut Month<'_>,
    week: u8,
    id: CharacterId,
    name: &str,
    purse: Option<Crowns>,
    openly: bool,
) {
    let w = When::Week(week);
    let order = format!("court {name}");
    let Some(purse) = purse else {
        // EG-WK-002: never guess a sum.
        m.refuse(
            w,
            id,
            order,
            "no sum given: say how much you take (COURT name WITH 60)",
        );
        return;
    };
    let Some(mid) = m.world.find_mistress(name) else {
        m.refuse(w, id, order, format!("there is no lady called {name}"));
        return;
    };
    let Some(c) = m.ch(id).cloned() else { return };
    let Some(lady) = m.world.mistresses.get(mid.raw() as usize).cloned() else {
        return;
    };
    m.facts
        .acted
        .insert((id, week), (crate::orders::ast::ActionKind::Court, openly));
    if lady.lover == Some(id) {
        m.refuse(
            w,
            id,
            order,
            format!("{} is already your mistress", lady.name),
        );
        return;
    }
    if purse > c.cash {
        m.refuse(
            w,
            id,
            order,
            format!("you have {} crowns, not {purse}", c.cash),
        );
        return;
    }
    let table = m
        .tables
        .courting_needed(i32::try_from(c.sl - lady.sl).unwrap_or(0));
    let Some(needed) = courting_die_needed(table, purse, lady.sl) else {
        m.refuse(
            w,
            id,
            order,
            format!(
                "courting {} costs at least {} crowns a week",
                lady.name,
                3 * lady.sl
            ),
        );
        return;
    };
    let roll = u8::try_from(m.dice_for(id, &format!("court:{week}")).roll(6)).unwrap_or(1);
    let won = roll != 1 && roll >= needed && lady.lover.is_none_or(|l| l != id);
    m.record(
        w,
        id,
        What::Courted {
            mistress: lady.name.clone(),
            purse,
            roll,
            needed,
            won,
            openly,
        },
        Sp::ZERO,
        -purse,
        openly,
    );
    if !won {
        return;
    }
    if let Some(old) = lady.lover {
        if let Some(o) = m.ch_mut(old) {
            o.mistress = None;
        }
        m.record(
            w,
            old,
            What::MistressLeft {
                mistress: lady.name.clone(),
                reason: format!("she has a new admirer, {}", c.name),
            },
            Sp::ZERO,
            0,
            false,
        );
    }
    if let Some(prev) = c.mistress {
        if let Some(p) = m.world.mistresses.get_mut(prev.raw() as usize) {
            p.lover = None;
        }
    }
    if let Some(l) = m.world.mistresses.get_mut(mid.raw() as usize) {
        l.lover = Some(id);
    }
    if let Some(ch) = m.ch_mut(id) {
        ch.mistress = Some(mid);
    }
}

/// Mugging chance, in percent, for a purse at an SL (EG-WK-005): 10% for
/// every full 5 × SL crowns carried beyond the price of the visit, at most
/// 60%. Never goes down as the purse goes up.
pub fn mugging_percent(purse: Crowns, sl: i64) -> u32 {
    let price = 2 * sl.max(1);
    let excess = (purse - price).max(0);
    let steps = excess / (5 * sl.max(1));
    u32::try_from((steps * 10).min(60)).unwrap_or(60)
}

fn bawdyhouse(m: &mut Month<'_>, week: u8, id: CharacterId, purse: Option<Crowns>) {
    let w = When::Week(week);
    let Some(purse) = purse else {
        m.refuse(
            w,
            id,
            "visit a bawdyhouse",
            "no sum given: say how much you take (BAWDYHOUSE 40)",
        );
        return;
    };
    let Some(c) = m.ch(id).cloned() else { return };
    if purse > c.cash || purse <= 0 {
        m.refuse(
            w,
            id,
            "visit a bawdyhouse",
            format!("you have {} crowns, not {purse}", c.cash),
        );
        return;
    }
    let price = 2 * c.sl;
    let served = purse >= price;
    let spent = if served { price } else { 0 };
    if served {
        m.facts.bawdyhouse.insert(id);
    }
    m.record(
        w,
        id,
        What::Bawdyhouse {
            purse,
            spent,
            served,
        },
        if served { Sp::whole(1) } else { Sp::ZERO },
        -spent,
        false,
    );
    let chance = mugging_percent(purse, c.sl);
    let mut dice = m.dice_for(id, &format!("bawdyhouse:{week}"));
    if chance > 0 && dice.chance_percent(chance) {
        let lost = purse - spent;
        m.record(
            w,
            id,
            What::Mugged {
                lost,
                chance_percent: chance,
            },
            Sp::ZERO,
            -lost,
            false,
        );
    }
}
