//! The premonthly phase (3.1): as many actions as the player likes
//! (EG-MON-003), run in the fixed sequence of [`STEPS`] whatever order he
//! wrote them in (EG-PRE-001). Every player's step 1 runs before anyone's
//! step 2, so a gift made in the giving step is there for the appointments.

use crate::events::{What, When};
use crate::model::{Post, Rank};
use crate::orders::Phase;
use crate::orders::ast::{Crowns, Premonthly};
use crate::spsl::Sp;
use crate::world::{Appointment, Character, CharacterId, Whereabouts};

use super::Month;
use super::conditions::choose;

/// The premonthly sequence (decision EG-PRE-001), one step per kind of
/// action.
pub const STEPS: [&str; 14] = [
    "announce",
    "repay debts",
    "borrow",
    "sell horses",
    "buy horses",
    "leave club",
    "join club",
    "leave regiment",
    "apply to a regiment",
    "buy a commission",
    "conspicuous consumption",
    "give money",
    "appointments",
    "volunteer for the front",
];

/// The step an action runs in (index into [`STEPS`]).
pub fn step_of(order: &Premonthly) -> usize {
    match order {
        Premonthly::Announce(_) => 0,
        Premonthly::Repay(_) => 1,
        Premonthly::Borrow(_) => 2,
        Premonthly::SellHorses(_) => 3,
        Premonthly::BuyHorses(_) => 4,
        Premonthly::LeaveClub => 5,
        Premonthly::JoinClub(_) => 6,
        Premonthly::LeaveRegiment => 7,
        Premonthly::Apply { .. } => 8,
        Premonthly::BuyCommission(_) => 9,
        Premonthly::Consume(_) => 10,
        Premonthly::Give { .. } => 11,
        Premonthly::Appoint { .. } => 12,
        Premonthly::Volunteer => 13,
    }
}

/// A player's premonthly orders, each with its step and line.
type Plan = Vec<(usize, Premonthly, u32)>;

/// Most a character may owe the moneylender: this times his SL (decision).
pub const DEBT_LIMIT_PER_SL: Crowns = 50;

/// Run the premonthly phase for every player.
pub fn run(m: &mut Month<'_>) {
    let players = m.players();
    let mut chosen: Vec<(CharacterId, Plan)> = Vec::new();
    for &id in &players {
        let Some(sheet) = m.orders.get(&id) else {
            continue;
        };
        let blocks = sheet.premonthly.clone();
        let mut list: Plan = choose(m, id, &blocks, Phase::Premonthly)
            .into_iter()
            .map(|c| (step_of(&c.order), c.order, c.line))
            .collect();
        // Stable: same step keeps the written order.
        list.sort_by_key(|(s, _, _)| *s);
        chosen.push((id, list));
    }
    for step in 0..STEPS.len() {
        if step == 12 {
            appointments(m, &chosen);
            continue;
        }
        for (id, list) in &chosen {
            for (s, order, _) in list {
                if *s == step {
                    one(m, *id, order, list);
                }
            }
        }
    }
}

fn one(m: &mut Month<'_>, id: CharacterId, order: &Premonthly, all: &[(usize, Premonthly, u32)]) {
    let w = When::Premonthly;
    let Some(c) = m.ch(id).cloned() else { return };
    match order {
        Premonthly::Announce(text) => {
            m.facts.announced.insert(id);
            m.record(
                w,
                id,
                What::Announced { text: text.clone() },
                Sp::ZERO,
                0,
                true,
            );
        }
        Premonthly::Repay(amount) => repay(m, id, &c, *amount),
        Premonthly::Borrow(amount) => borrow(m, id, &c, *amount),
        Premonthly::SellHorses(n) => sell_horses(m, id, &c, *n),
        Premonthly::BuyHorses(n) => buy_horses(m, id, &c, *n),
        Premonthly::LeaveClub => {
            let Some(club) = c.club.clone() else {
                m.refuse(w, id, "leave club", "you are not in a club");
                return;
            };
            let wait = m.tables.society.club_rejoin_wait;
            let month = m.month;
            if let Some(ch) = m.ch_mut(id) {
                ch.club = None;
                ch.club_wait_until = month + wait;
            }
            m.record(w, id, What::LeftClub { club }, Sp::ZERO, 0, true);
        }
        Premonthly::JoinClub(name) => join_club(m, id, name),
        Premonthly::LeaveRegiment => leave_regiment(m, id, &c),
        Premonthly::Apply { regiment, rank } => apply(m, id, regiment, *rank),
        Premonthly::BuyCommission(rank) => {
            let Some(reg) = c.regiment.clone() else {
                m.refuse(
                    w,
                    id,
                    format!("buy commission {}", rank.name()),
                    "you are not in a regiment",
                );
                return;
            };
            buy_ranks(m, id, &reg, *rank);
        }
        Premonthly::Consume(times) => consume(m, id, &c, *times, all),
        Premonthly::Give {
            to,
            amount,
            if_appointed: None,
        } => {
            give(m, w, id, to, *amount);
        }
        // Conditional gifts and appointments are settled in `appointments`.
        Premonthly::Give { .. } | Premonthly::Appoint { .. } => {}
        Premonthly::Volunteer => volunteer(m, id, &c),
    }
}

/// REPAY: pay back debt, as much as cash allows.
fn repay(m: &mut Month<'_>, id: CharacterId, c: &Character, amount: Option<Crowns>) {
    let w = When::Premonthly;
    let want = amount.unwrap_or(c.debt).min(c.debt);
    let pay = want.min(c.cash).max(0);
    if pay <= 0 {
        m.refuse(
            w,
            id,
            "repay",
            if c.debt == 0 {
                "you owe nothing"
            } else {
                "you have no cash"
            },
        );
        return;
    }
    if let Some(ch) = m.ch_mut(id) {
        ch.debt -= pay;
    }
    m.record(w, id, What::Repaid { amount: pay }, Sp::ZERO, -pay, false);
}

/// BORROW: from the moneylender, up to 50 crowns an SL of debt.
fn borrow(m: &mut Month<'_>, id: CharacterId, c: &Character, amount: Crowns) {
    let w = When::Premonthly;
    let limit = DEBT_LIMIT_PER_SL * c.sl;
    let room = (limit - c.debt).max(0);
    let lend = amount.min(room);
    if lend <= 0 {
        m.refuse(
            w,
            id,
            format!("borrow {amount}"),
            format!("the moneylender will not lend beyond {limit} crowns (50 x SL)"),
        );
        return;
    }
    if let Some(ch) = m.ch_mut(id) {
        ch.debt += lend;
    }
    m.record(
        w,
        id,
        What::Borrowed { amount: lend },
        Sp::ZERO,
        lend,
        false,
    );
}

/// SELL HORSE: at half price.
fn sell_horses(m: &mut Month<'_>, id: CharacterId, c: &Character, n: u32) {
    let w = When::Premonthly;
    let n = n.min(c.horses);
    if n == 0 {
        m.refuse(w, id, "sell horse", "you have no horse");
        return;
    }
    let price = m.tables.society.horse_price / 2 * Crowns::from(n);
    if let Some(ch) = m.ch_mut(id) {
        ch.horses -= n;
    }
    m.record(w, id, What::SoldHorses { count: n }, Sp::ZERO, price, false);
}

/// BUY HORSE.
fn buy_horses(m: &mut Month<'_>, id: CharacterId, c: &Character, n: u32) {
    let w = When::Premonthly;
    let price = m.tables.society.horse_price * Crowns::from(n);
    if price > c.cash {
        m.refuse(
            w,
            id,
            format!("buy {n} horse(s)"),
            format!("they cost {price} crowns; you have {}", c.cash),
        );
        return;
    }
    if let Some(ch) = m.ch_mut(id) {
        ch.horses += n;
    }
    m.record(
        w,
        id,
        What::BoughtHorses { count: n },
        Sp::ZERO,
        -price,
        false,
    );
}

/// RESIGN COMMISSION: not while the regiment is at the front.
fn leave_regiment(m: &mut Month<'_>, id: CharacterId, c: &Character) {
    let w = When::Premonthly;
    let Some(reg) = c.regiment.clone() else {
        m.refuse(w, id, "leave regiment", "you are not in a regiment");
        return;
    };
    if c.whereabouts == Whereabouts::Front {
        m.refuse(w, id, "leave regiment", "your regiment is at the front");
        return;
    }
    if let Some(ch) = m.ch_mut(id) {
        ch.regiment = None;
        ch.rank = None;
        ch.brevet = false;
        ch.appointments.retain(|a| matches!(a, Appointment::Army));
    }
    m.record(
        w,
        id,
        What::LeftRegiment { regiment: reg },
        Sp::ZERO,
        0,
        true,
    );
}

/// CONSPICUOUS CONSUMPTION: announced, in Paris, as often as cash allows.
fn consume(
    m: &mut Month<'_>,
    id: CharacterId,
    c: &Character,
    times: u32,
    all: &[(usize, Premonthly, u32)],
) {
    let w = When::Premonthly;
    let going = c.whereabouts == Whereabouts::Front
        || all
            .iter()
            .any(|(_, o, _)| matches!(o, Premonthly::Volunteer));
    if going {
        // EG-FRONT-001.
        m.refuse(
            w,
            id,
            "consume conspicuously",
            "not while at the front: there is nobody there to impress",
        );
        return;
    }
    if !m.facts.announced.contains(&id) {
        // EG-PRE-002.
        m.record(
            w,
            id,
            What::Skipped {
                order: "conspicuous consumption".into(),
                reason: "it must be announced (add an ANNOUNCE line saying what you give)".into(),
            },
            Sp::ZERO,
            0,
            false,
        );
        return;
    }
    let each = m.tables.society.consume_per_sl * c.sl;
    let afford = if each > 0 { (c.cash / each).max(0) } else { 0 };
    let n = i64::from(times).min(afford);
    if n <= 0 {
        m.refuse(
            w,
            id,
            "consume conspicuously",
            format!("it costs {each} crowns; you have {}", c.cash),
        );
        return;
    }
    let sp = Sp::whole(n * i64::from(m.tables.society.consume_sp));
    m.record(
        w,
        id,
        What::Consumed {
            times: u32::try_from(n).unwrap_or(u32::MAX),
        },
        sp,
        -(each * n),
        true,
    );
}

/// VOLUNTEER for the front.
fn volunteer(m: &mut Month<'_>, id: CharacterId, c: &Character) {
    let w = When::Premonthly;
    if c.whereabouts != Whereabouts::Paris {
        m.refuse(w, id, "volunteer", "you are already at the front");
        return;
    }
    let unit = c
        .regiment
        .clone()
        .unwrap_or_else(|| "unattached".to_string());
    if let Some(ch) = m.ch_mut(id) {
        ch.whereabouts = Whereabouts::Front;
    }
    m.record(w, id, What::Volunteered, Sp::ZERO, 0, true);
    m.record(
        w,
        id,
        What::AtTheFront {
            unit,
            volunteer: true,
        },
        Sp::ZERO,
        0,
        true,
    );
}

/// Give money now (EG-COND-009: a gift may be made at any point).
pub fn give(m: &mut Month<'_>, w: When, id: CharacterId, to: &str, amount: Crowns) -> bool {
    let Some(target) = m.world.find_character(to) else {
        m.refuse(
            w,
            id,
            format!("give {to} {amount}"),
            format!("there is no character called {to}"),
        );
        return false;
    };
    let cash = m.ch(id).map_or(0, |c| c.cash);
    if amount <= 0 || amount > cash || target == id || !m.ch(target).is_some_and(|c| c.is_alive()) {
        let why = if amount > cash {
            format!("you have {cash} crowns")
        } else {
            "not a gift that can be made".to_string()
        };
        m.refuse(w, id, format!("give {to} {amount}"), why);
        return false;
    }
    m.record(
        w,
        id,
        What::Gave { to: target, amount },
        Sp::ZERO,
        -amount,
        false,
    );
    m.record(
        w,
        target,
        What::GotGift { from: id, amount },
        Sp::ZERO,
        amount,
        false,
    );
    *m.facts.gifts.entry((id, target)).or_default() += amount;
    true
}

fn join_club(m: &mut Month<'_>, id: CharacterId, name: &str) {
    let w = When::Premonthly;
    let Some(c) = m.ch(id).cloned() else { return };
    let Some(club) = m.tables.club(name).cloned() else {
        m.refuse(w, id, format!("join {name}"), "there is no such club");
        return;
    };
    let order = format!("join {}", club.name);
    if c.club.as_deref() == Some(club.id.as_str()) {
        m.refuse(w, id, order, "you are already a member");
        return;
    }
    if c.club.is_some() {
        m.refuse(
            w,
            id,
            order,
            "one club at a time: leave yours first (LEAVE CLUB)",
        );
        return;
    }
    if c.club_wait_until > m.month {
        m.refuse(
            w,
            id,
            order,
            format!(
                "you left a club too recently; you may join again in month {}",
                c.club_wait_until
            ),
        );
        return;
    }
    if let Some(min) = club.min_sl.filter(|&min| c.sl < i64::from(min)) {
        m.refuse(w, id, order, format!("members must be SL {min} or more"));
        return;
    }
    if let Some(b) = &club.brigade_only {
        let in_brigade = c
            .regiment
            .as_deref()
            .and_then(|r| m.tables.regiment(r))
            .is_some_and(|r| &r.brigade == b);
        if !in_brigade {
            m.refuse(
                w,
                id,
                order,
                format!(
                    "only officers of the {} may join",
                    m.tables.brigade(b).map_or(b.as_str(), |b| b.name.as_str())
                ),
            );
            return;
        }
    }
    if let Some(ch) = m.ch_mut(id) {
        ch.club = Some(club.id.clone());
    }
    m.record(
        w,
        id,
        What::JoinedClub { club: club.name },
        Sp::ZERO,
        0,
        true,
    );
}

/// Apply to a regiment; accepted on 1d6 ≥ 5 − ⌊(SL − minimum)/2⌋ (open
/// regiments take everyone); then buy ranks up to the one asked, at most
/// Major.
fn apply(m: &mut Month<'_>, id: CharacterId, regiment: &str, rank: Option<Rank>) {
    let w = When::Premonthly;
    let Some(c) = m.ch(id).cloned() else { return };
    let Some(reg) = m.tables.regiment(regiment).cloned() else {
        m.refuse(
            w,
            id,
            format!("apply to {regiment}"),
            "there is no such regiment",
        );
        return;
    };
    let order = format!("apply to the {}", reg.name);
    if c.regiment.is_some() {
        m.refuse(
            w,
            id,
            order,
            "you are already in a regiment: leave it first",
        );
        return;
    }
    if c.whereabouts != Whereabouts::Paris {
        m.refuse(w, id, order, "you are at the front");
        return;
    }
    if let Some(min) = reg.min_sl.filter(|&min| c.sl < i64::from(min)) {
        m.refuse(
            w,
            id,
            order,
            format!("the {} takes no one below SL {min}", reg.name),
        );
        return;
    }
    if reg.mounted && c.horses == 0 {
        m.refuse(w, id, order, "a cavalry regiment: buy a horse first");
        return;
    }
    if rank.is_some_and(|r| r > Rank::Major) {
        m.refuse(w, id, order, "rank may be bought on entry only up to Major");
        return;
    }
    let needed: u8 = match reg.min_sl {
        None => 1,
        Some(min) => {
            let n = 5 - (c.sl - i64::from(min)).max(0) / 2;
            u8::try_from(n.clamp(1, 6)).unwrap_or(6)
        }
    };
    let roll = if needed <= 1 {
        6
    } else {
        u8::try_from(m.dice_for(id, "apply").roll(6)).unwrap_or(1)
    };
    let accepted = roll >= needed;
    m.record(
        w,
        id,
        What::Applied {
            regiment: reg.name.clone(),
            roll,
            needed,
            accepted,
        },
        Sp::ZERO,
        0,
        accepted,
    );
    if !accepted {
        return;
    }
    if let Some(ch) = m.ch_mut(id) {
        ch.regiment = Some(reg.id.clone());
        ch.rank = Some(Rank::Private);
        ch.brevet = false;
    }
    if let Some(r) = rank.filter(|&r| r > Rank::Private) {
        buy_ranks(m, id, &reg.id, r);
    }
}

/// Buy each rank in turn up to `target` (EG: "paying for each rank in
/// turn"); stops at the first one he cannot have.
fn buy_ranks(m: &mut Month<'_>, id: CharacterId, regiment: &str, target: Rank) {
    let w = When::Premonthly;
    let Some(reg) = m.tables.regiment(regiment).cloned() else {
        return;
    };
    if target > Rank::Colonel {
        m.refuse(
            w,
            id,
            format!("buy commission {}", target.name()),
            "a general's rank cannot be bought",
        );
        return;
    }
    let held = m
        .ch(id)
        .map(|c| (c.rank.unwrap_or(Rank::Private), c.brevet));
    if let Some((current, false)) = held {
        if current >= target {
            m.refuse(
                w,
                id,
                format!("buy commission {}", target.name()),
                format!("you already hold the rank of {}", current.name()),
            );
            return;
        }
    }
    loop {
        let Some(c) = m.ch(id).cloned() else { return };
        let current = c.rank.unwrap_or(Rank::Private);
        // A brevet rank is made substantive by buying it.
        let next = if c.brevet {
            current
        } else {
            match current.next() {
                Some(n) => n,
                None => return,
            }
        };
        let order = format!("buy commission {}", next.name());
        let Some(price) = m.tables.price(next, reg.pay_class) else {
            m.refuse(w, id, order, "that rank is not for sale");
            return;
        };
        if let Some(min) = m
            .tables
            .rank_min_sl(next, reg.pay_class)
            .filter(|&min| c.sl < i64::from(min))
        {
            m.refuse(
                w,
                id,
                order,
                format!(
                    "a {} of the {} must be SL {min} or more",
                    next.name(),
                    reg.name
                ),
            );
            return;
        }
        if price > c.cash {
            m.refuse(
                w,
                id,
                order,
                format!("it costs {price} crowns; you have {}", c.cash),
            );
            return;
        }
        let colonelcy = Appointment::Colonel(reg.id.clone());
        if next == Rank::Colonel {
            if let Some(h) = m.world.holder(&colonelcy) {
                if m.ch(h).is_some_and(|h| !h.npc) {
                    m.refuse(w, id, order, "the regiment already has a colonel");
                    return;
                }
                if let Some(npc) = m.ch_mut(h) {
                    npc.appointments.retain(|a| a != &colonelcy);
                }
            }
        }
        if let Some(ch) = m.ch_mut(id) {
            ch.rank = Some(next);
            ch.brevet = false;
            if next == Rank::Colonel {
                ch.appointments.push(colonelcy.clone());
            }
        }
        m.record(
            w,
            id,
            What::BoughtCommission {
                regiment: reg.name.clone(),
                rank: next,
            },
            Sp::ZERO,
            -price,
            true,
        );
        if next >= target {
            return;
        }
    }
}

/// The post an appointer gives, and where, if he can give it.
fn command_for(m: &Month<'_>, by: CharacterId, post: Post) -> Option<String> {
    let c = m.ch(by)?;
    c.appointments.iter().find_map(|a| match (a, post) {
        (Appointment::Colonel(r), Post::Adjutant) => Some(r.clone()),
        (Appointment::Brigadier(b), Post::BrigadeMajor) => Some(b.clone()),
        _ => None,
    })
}

/// Whether `by` may appoint `who` to `post` now; the reason if not.
pub fn can_appoint(
    m: &Month<'_>,
    by: CharacterId,
    who: CharacterId,
    post: Post,
) -> Result<Appointment, String> {
    let Some(unit) = command_for(m, by, post) else {
        return Err(match post {
            Post::Adjutant => "only a regiment's colonel appoints its adjutant".to_string(),
            Post::BrigadeMajor => "only a brigadier appoints his brigade major".to_string(),
        });
    };
    let Some(target) = m.ch(who) else {
        return Err("no such character".into());
    };
    if !target.is_alive() {
        return Err(format!("{} is dead", target.name));
    }
    let in_unit = match post {
        Post::Adjutant => target.regiment.as_deref() == Some(unit.as_str()),
        Post::BrigadeMajor => target
            .regiment
            .as_deref()
            .and_then(|r| m.tables.regiment(r))
            .is_some_and(|r| r.brigade == unit),
    };
    if !in_unit {
        return Err(format!("{} does not serve under you", target.name));
    }
    let least = match post {
        Post::Adjutant => Rank::Captain,
        Post::BrigadeMajor => Rank::Major,
    };
    if target.rank.is_none_or(|r| r < least) {
        return Err(format!(
            "the {} must be at least a {}",
            post.name(),
            least.name()
        ));
    }
    Ok(Appointment::Staff(post, unit))
}

/// Give the post (the previous holder loses it).
pub fn install(m: &mut Month<'_>, w: When, by: CharacterId, who: CharacterId, post: Appointment) {
    if let Some(old) = m.world.holder(&post) {
        if let Some(o) = m.ch_mut(old) {
            o.appointments.retain(|a| a != &post);
        }
    }
    if let Some(t) = m.ch_mut(who) {
        t.appointments.push(post.clone());
    }
    if let Appointment::Staff(p, _) = &post {
        m.facts.appointed.insert((who, *p, by));
    }
    m.record(w, who, What::Appointed { post, by }, Sp::ZERO, 0, true);
}

/// The appointments step, with the two exceptions of 3.4: a gift made on
/// condition of an appointment (EG-COND-008) and the mutual pair that
/// resolves together (EG-COND-010, -011: both halves or neither).
fn appointments(m: &mut Month<'_>, chosen: &[(CharacterId, Plan)]) {
    let w = When::Premonthly;
    // Conditional gifts: (giver, recipient, amount, post), not yet settled.
    let mut pending: Vec<(CharacterId, CharacterId, Crowns, Post, bool)> = Vec::new();
    for (id, list) in chosen {
        for (_, o, _) in list {
            if let Premonthly::Give {
                to,
                amount,
                if_appointed: Some(post),
            } = o
            {
                match m.world.find_character(to) {
                    Some(t) => pending.push((*id, t, *amount, *post, false)),
                    None => m.refuse(
                        w,
                        *id,
                        format!("give {to} {amount}"),
                        format!("there is no character called {to}"),
                    ),
                }
            }
        }
    }
    for (by, list) in chosen {
        for (_, o, _) in list {
            let Premonthly::Appoint {
                who,
                post,
                if_given,
            } = o
            else {
                continue;
            };
            let order = format!("appoint {who} {}", post.name());
            let Some(target) = m.world.find_character(who) else {
                m.refuse(w, *by, order, format!("there is no character called {who}"));
                continue;
            };
            let appointment = match can_appoint(m, *by, target, *post) {
                Ok(a) => a,
                Err(why) => {
                    m.refuse(w, *by, order, why);
                    continue;
                }
            };
            match if_given {
                None => {
                    install(m, w, *by, target, appointment);
                }
                Some(n) => {
                    let given = m.facts.gifts.get(&(target, *by)).copied().unwrap_or(0);
                    if given >= *n {
                        install(m, w, *by, target, appointment);
                        continue;
                    }
                    // The mutual pair: his gift waits on this appointment.
                    let pair = pending.iter().position(|&(g, r, amount, p, done)| {
                        !done && g == target && r == *by && p == *post && amount >= *n
                    });
                    let Some(i) = pair else {
                        m.refuse(
                            w,
                            *by,
                            order,
                            format!("{} did not give you {n} crowns", m.name(target)),
                        );
                        continue;
                    };
                    let amount = pending[i].2;
                    let cash = m.ch(target).map_or(0, |c| c.cash);
                    if cash < amount {
                        pending[i].4 = true;
                        let why = format!(
                            "{} cannot pay the {amount} crowns, so neither half goes through",
                            m.name(target)
                        );
                        m.refuse(w, *by, order.clone(), why.clone());
                        m.refuse(w, target, format!("give {} {amount}", m.name(*by)), why);
                        continue;
                    }
                    pending[i].4 = true;
                    install(m, w, *by, target, appointment);
                    give(m, w, target, &m.name(*by), amount);
                }
            }
        }
    }
    // Gifts whose appointment happened (by anyone's unconditional order).
    for (giver, to, amount, post, done) in pending {
        if done {
            continue;
        }
        let appointed = m.facts.appointed.contains(&(giver, post, to));
        let name = m.name(to);
        if appointed {
            give(m, w, giver, &name, amount);
        } else {
            m.refuse(
                w,
                giver,
                format!("give {name} {amount}"),
                format!("{name} did not appoint you {}", post.name()),
            );
        }
    }
}
