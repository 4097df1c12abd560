//! The end of the month (decision EG-MON-002), in this order for each
//! player's character who is alive:
//!
//! 1. back from the front: mentions paid as SP (EG-FRONT-008), back in Paris;
//! 2. pay for his rank (a brevet rank is paid as the rank below);
//! 3. SP of his rank, of brigade staff, of his club (whether he went or
//!    not) and of his mistress (+1, +1 if beautiful, + the SL difference
//!    when hers is higher);
//! 4. club dues (unpaid: out of the club), mistress's upkeep (2 × her SL,
//!    none for a wealthy one; unpaid: she leaves), upkeep (2 × SL; unpaid:
//!    he loses an SL at the conversion);
//! 5. regimental duty missed: 2 SP for each week short (not for a month at
//!    the front, nor for one who joined his regiment this month);
//! 6. female companionship: a month with neither mistress nor bawdyhouse
//!    costs 2 SP, 2 more for each further month in a row;
//! 7. interest on debts: 10% a month, rounded up;
//! 8. the SP→SL conversion (EG-SPSL);
//!
//! and then NPC commanders fill a vacant adjutant or brigade major post with
//! the senior-SL officer who toadied to them and was received this month.

use crate::events::{What, When};
use crate::model::{Post, Rank};
use crate::spsl::{Sp, convert};
use crate::tables::Club;
use crate::world::{Appointment, Character, CharacterId, Mistress, Whereabouts};

use super::Month;
use super::premonthly::install;

/// SP lost for each week of duty missed.
pub const DUTY_SP: i64 = 2;
/// Interest on debt a month, in percent.
pub const INTEREST_PERCENT: i64 = 10;

/// Run the end of the month.
pub fn run(m: &mut Month<'_>) {
    for id in m.players() {
        let Some(c) = m.ch(id).cloned() else { continue };
        let was_at_front = c.whereabouts == Whereabouts::Front;
        // 1. Back from the front.
        if was_at_front {
            back_from_front(m, id, &c);
        }
        // 2-3. Pay and SP of rank, staff and club.
        let club = pay_and_standing(m, id, &c);
        let Some(c) = m.ch(id).cloned() else { continue };
        let lady = mistress_sp(m, id, &c);
        // 4. Dues, mistress's upkeep, upkeep.
        dues_and_upkeep(m, id, &c, club, lady.as_ref());
        // 5. Duty, for those who were in a regiment as the month began.
        duty(m, id, &c, was_at_front);
        // 6. Companionship.
        companionship(m, id, &c, lady.is_some());
        // 7. Interest.
        interest(m, id);
        // 8. SP→SL.
        conversion(m, id);
    }
    npc_appointments(m);
}

fn back_from_front(m: &mut Month<'_>, id: CharacterId, c: &Character) {
    let w = When::Endmonth;
    if c.mentions_due > 0 {
        let sp = Sp::whole(i64::from(c.mentions_due) * i64::from(m.tables.society.mention_sp));
        m.record(
            w,
            id,
            What::MentionsPaid {
                mentions: c.mentions_due,
            },
            sp,
            0,
            false,
        );
    }
    if let Some(ch) = m.ch_mut(id) {
        ch.mentions_due = 0;
        ch.whereabouts = Whereabouts::Paris;
    }
}

/// Pay and SP of rank and staff, and the club's SP; the club, for its dues.
fn pay_and_standing(m: &mut Month<'_>, id: CharacterId, c: &Character) -> Option<Club> {
    let w = When::Endmonth;
    if let Some(rank) = c.rank {
        let class = c
            .regiment
            .as_deref()
            .and_then(|r| m.tables.regiment(r))
            .map_or(0, |r| r.pay_class);
        let paid_as = if c.brevet {
            Rank::ALL
                .get(rank.index().saturating_sub(1))
                .copied()
                .unwrap_or(rank)
        } else {
            rank
        };
        let pay = m.tables.pay(paid_as, class);
        if pay > 0 {
            m.record(w, id, What::Pay { rank: paid_as }, Sp::ZERO, pay, false);
        }
        let sp = m.tables.rank_sp(paid_as, class);
        if sp != 0 {
            m.record(w, id, What::RankSp, Sp::whole(i64::from(sp)), 0, false);
        }
    }
    let staff: i32 = c
        .appointments
        .iter()
        .filter_map(|a| match a {
            Appointment::Brigadier(b) | Appointment::Staff(Post::BrigadeMajor, b) => {
                m.tables.brigade(b)
            }
            _ => None,
        })
        .map(|b| b.staff_sp)
        .sum();
    if staff != 0 {
        m.record(w, id, What::StaffSp, Sp::whole(i64::from(staff)), 0, false);
    }
    let club = c.club.as_deref().and_then(|k| m.tables.club(k)).cloned();
    if let Some(club) = &club {
        m.record(w, id, What::ClubSp, Sp::whole(i64::from(club.sp)), 0, false);
    }
    club
}

/// The mistress's SP; the mistress, for her upkeep.
fn mistress_sp(m: &mut Month<'_>, id: CharacterId, c: &Character) -> Option<Mistress> {
    let w = When::Endmonth;
    let lady = c
        .mistress
        .and_then(|mi| m.world.mistresses.get(mi.raw() as usize))
        .cloned();
    if let Some(lady) = &lady {
        let sp = 1 + i64::from(lady.beautiful) + (lady.sl - c.sl).max(0);
        m.record(
            w,
            id,
            What::MistressSp {
                mistress: lady.name.clone(),
            },
            Sp::whole(sp),
            0,
            false,
        );
    }
    lady
}

fn dues_and_upkeep(
    m: &mut Month<'_>,
    id: CharacterId,
    c: &Character,
    club: Option<Club>,
    lady: Option<&Mistress>,
) {
    let w = When::Endmonth;
    if let Some(club) = club {
        let paid = m.ch(id).is_some_and(|c| c.cash >= club.dues);
        if paid {
            m.record(
                w,
                id,
                What::ClubDues {
                    club: club.name.clone(),
                    paid,
                },
                Sp::ZERO,
                -club.dues,
                false,
            );
        } else {
            let wait = m.tables.society.club_rejoin_wait;
            let month = m.month;
            if let Some(ch) = m.ch_mut(id) {
                ch.club = None;
                ch.club_wait_until = month + wait;
            }
            m.record(
                w,
                id,
                What::ClubDues {
                    club: club.name.clone(),
                    paid,
                },
                Sp::ZERO,
                0,
                true,
            );
        }
    }
    if let (Some(lady), Some(mi)) = (lady, c.mistress) {
        if !lady.wealthy {
            let cost = 2 * lady.sl;
            if m.ch(id).is_some_and(|c| c.cash >= cost) {
                m.record(
                    w,
                    id,
                    What::MistressUpkeep {
                        mistress: lady.name.clone(),
                    },
                    Sp::ZERO,
                    -cost,
                    false,
                );
            } else {
                if let Some(ch) = m.ch_mut(id) {
                    ch.mistress = None;
                }
                if let Some(l) = m.world.mistresses.get_mut(mi.raw() as usize) {
                    l.lover = None;
                }
                m.record(
                    w,
                    id,
                    What::MistressLeft {
                        mistress: lady.name.clone(),
                        reason: format!("you could not keep her ({cost} crowns a month)"),
                    },
                    Sp::ZERO,
                    0,
                    true,
                );
            }
        }
    }
    let upkeep = m.tables.society.upkeep_per_sl * c.sl;
    let cash = m.ch(id).map_or(0, |c| c.cash);
    let paid = cash >= upkeep;
    let taken = if paid { upkeep } else { cash.max(0) };
    if !paid {
        if let Some(ch) = m.ch_mut(id) {
            ch.owes_sl = true;
        }
    }
    m.record(w, id, What::Upkeep { paid }, Sp::ZERO, -taken, false);
}

fn duty(m: &mut Month<'_>, id: CharacterId, c: &Character, was_at_front: bool) {
    let w = When::Endmonth;
    let served = m
        .before
        .character(id)
        .is_some_and(|b| b.regiment.is_some() && b.regiment == c.regiment);
    if !was_at_front && served {
        if let Some(rank) = c.rank.filter(|r| r.is_regimental()) {
            let needed = m.tables.regimental_rank(rank).map_or(0, |r| r.duty_weeks);
            let done = m.facts.duty.get(&id).copied().unwrap_or(0);
            let missed = needed.saturating_sub(done);
            if missed > 0 {
                m.record(
                    w,
                    id,
                    What::DutyMissed { weeks: missed },
                    Sp::whole(-DUTY_SP * i64::from(missed)),
                    0,
                    false,
                );
            }
        }
    }
}

fn companionship(m: &mut Month<'_>, id: CharacterId, c: &Character, has_mistress: bool) {
    let w = When::Endmonth;
    let kept = m.ch(id).is_some_and(|c| c.mistress.is_some())
        || has_mistress
        || m.facts.bawdyhouse.contains(&id);
    if kept {
        if let Some(ch) = m.ch_mut(id) {
            ch.lonely_months = 0;
        }
    } else {
        let months = c.lonely_months + 1;
        if let Some(ch) = m.ch_mut(id) {
            ch.lonely_months = months;
        }
        let s = &m.tables.society;
        let sp = i64::from(s.lonely_sp) + i64::from(s.lonely_sp_step) * i64::from(months - 1);
        m.record(w, id, What::Lonely { months }, Sp::whole(-sp), 0, false);
    }
}

fn interest(m: &mut Month<'_>, id: CharacterId) {
    let w = When::Endmonth;
    let debt = m.ch(id).map_or(0, |c| c.debt);
    if debt > 0 {
        let interest = (debt * INTEREST_PERCENT + 99) / 100;
        if let Some(ch) = m.ch_mut(id) {
            ch.debt += interest;
        }
        m.record(w, id, What::Interest, Sp::ZERO, 0, false);
    }
}

fn conversion(m: &mut Month<'_>, id: CharacterId) {
    let w = When::Endmonth;
    let Some(c) = m.ch(id).cloned() else { return };
    let conv = convert(c.sl, c.sp);
    let mut sl_next = conv.sl_next;
    if c.owes_sl {
        sl_next = (sl_next - 1).max(crate::spsl::MIN_SL);
    }
    let delta = conv.sp_next - c.sp;
    if let Some(ch) = m.ch_mut(id) {
        ch.sl = sl_next;
        ch.owes_sl = false;
    }
    m.record(
        w,
        id,
        What::Conversion(conv),
        delta,
        0,
        conv.sl_change != 0 || c.owes_sl,
    );
}

/// NPC commanders fill vacant staff posts from those who toadied to them.
fn npc_appointments(m: &mut Month<'_>) {
    let w = When::Endmonth;
    let npcs: Vec<CharacterId> = m
        .world
        .ids()
        .filter(|&id| m.ch(id).is_some_and(|c| c.npc && c.is_alive()))
        .collect();
    for npc in npcs {
        let commands: Vec<(Post, String)> = m.ch(npc).map_or_else(Vec::new, |c| {
            c.appointments
                .iter()
                .filter_map(|a| match a {
                    Appointment::Colonel(r) => Some((Post::Adjutant, r.clone())),
                    Appointment::Brigadier(b) => Some((Post::BrigadeMajor, b.clone())),
                    _ => None,
                })
                .collect()
        });
        for (post, unit) in commands {
            let staff = Appointment::Staff(post, unit);
            if m.world.holder(&staff).is_some() {
                continue;
            }
            let mut suitors: Vec<(i64, CharacterId)> = m
                .facts
                .toadied
                .iter()
                .filter(|(_, (t, received))| *t == npc && *received)
                .map(|((who, _), _)| *who)
                .filter(|&who| super::premonthly::can_appoint(m, npc, who, post).is_ok())
                .filter_map(|who| m.ch(who).map(|c| (c.sl, who)))
                .collect();
            suitors.sort_by_key(|&(sl, who)| (std::cmp::Reverse(sl), who));
            if let Some(&(_, who)) = suitors.first() {
                install(m, w, npc, who, staff);
            }
        }
    }
}
