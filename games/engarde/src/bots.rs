//! NPC players: order sheets written as a player would write them, for the
//! demo and the long simulation. They go through the same parser and
//! checker as players' mail.
//!
//! The bot is a sensible social climber: it keeps money in hand, joins the
//! best club and regiment it can, keeps a mistress or visits the
//! bawdyhouse, does its duty, toadies to its colonel, carouses and gambles
//! a little, and caps its death roll at the front.

use std::fmt::Write as _;

use umpire_core::dice::Dice;

use crate::model::{Rank, Weapon};
use crate::orders::ast::Crowns;
use crate::tables::Tables;
use crate::world::{Appointment, Character, CharacterId, World};

/// The sheet a bot writes for `id` this month.
pub fn orders_text(world: &World, tables: &Tables, id: CharacterId) -> String {
    let Some(c) = world.character(id) else {
        return String::new();
    };
    let mut dice =
        Dice::for_turn(world.seed, world.month).derive_indexed("bot", u64::from(id.raw()));
    let mut s = String::new();
    let _ = writeln!(s, "CHARACTER {}", c.name);
    if !c.password.is_empty() {
        let _ = writeln!(s, "PASSWORD {}", c.password);
    }
    let _ = writeln!(s, "PREMONTHLY");
    let mut cash = c.cash;
    let upkeep = tables.society.upkeep_per_sl * c.sl;
    if c.debt > 0 && cash > 20 * c.sl {
        let _ = writeln!(s, "  REPAY ALL");
        cash -= c.debt.min(cash);
    }
    if cash < 6 * c.sl {
        let amount = 10 * c.sl;
        if c.debt + amount <= 50 * c.sl {
            let _ = writeln!(s, "  BORROW {amount}");
            cash += amount;
        }
    }
    // The best club he may join and afford.
    if c.club.is_none() && c.club_wait_until <= world.month {
        let best = tables
            .clubs
            .iter()
            .filter(|k| {
                k.brigade_only.is_none() && k.min_sl.is_some_and(|min| c.sl >= i64::from(min))
            })
            .filter(|k| cash >= 4 * k.dues)
            .max_by_key(|k| k.sp);
        if let Some(k) = best {
            let _ = writeln!(s, "  JOIN {}", k.name);
        }
    }
    regiment(&mut s, tables, c, &mut cash);
    if cash > 25 * c.sl && dice.roll(6) >= 3 {
        let _ = writeln!(s, "  ANNOUNCE {} gives a supper for his friends", c.name);
        let _ = writeln!(s, "  CONSUME");
        cash -= 3 * c.sl;
    }
    // The weeks.
    let colonel = c
        .regiment
        .as_ref()
        .and_then(|r| world.holder(&Appointment::Colonel(r.clone())))
        .filter(|&h| h != id)
        .and_then(|h| world.character(h))
        .map(|h| h.name.clone());
    let duty = c
        .rank
        .filter(|r| r.is_regimental())
        .and_then(|r| tables.regimental_rank(r))
        .map_or(0, |r| r.duty_weeks);
    let mut weeks: Vec<String> = Vec::new();
    for _ in 0..duty {
        weeks.push("DUTY".into());
    }
    if c.mistress.is_none() {
        let lady = world
            .mistresses
            .iter()
            .filter(|l| l.lover.is_none() && l.sl <= c.sl + 1 && l.sl >= c.sl - 3)
            .max_by_key(|l| l.sl);
        match lady {
            Some(l) if cash >= 6 * l.sl + upkeep => {
                weeks.push(format!("COURT {} WITH {}", l.name, 6 * l.sl));
                cash -= 6 * l.sl;
            }
            _ if cash >= 2 * c.sl + upkeep => {
                weeks.push(format!("BAWDYHOUSE {}", 3 * c.sl));
                cash -= 2 * c.sl;
            }
            _ => {}
        }
    }
    if let Some(col) = &colonel {
        if weeks.len() < 4 {
            weeks.push(format!("TOADY TO {col}"));
        }
    }
    while weeks.len() < 4 {
        let roll = dice.roll(6);
        let w = if c.club.is_some() && roll >= 5 && cash > 20 * c.sl {
            let stake = (2 * c.sl).max(10);
            cash -= stake;
            format!("GAMBLE {stake} CUT 5, {stake}")
        } else if roll >= 3 && cash > c.sl + upkeep {
            cash -= c.sl;
            "CAROUSE".to_string()
        } else {
            format!(
                "PRACTISE {}",
                Weapon::ALL[(roll as usize) % Weapon::ALL.len()].name()
            )
        };
        weeks.push(w);
    }
    for (i, w) in weeks.iter().enumerate() {
        let week = i + 1;
        // After a toady, try again if received, else carouse.
        if i > 0 && weeks[i - 1].starts_with("TOADY") && !w.starts_with("DUTY") {
            if let Some(col) = &colonel {
                let _ = writeln!(
                    s,
                    "WEEK {week}\n  IF {col} RECEIVED ME LAST WEEK\n    TOADY TO {col}\n  ELSE\n    {w}\n  ENDIF"
                );
                continue;
            }
        }
        let _ = writeln!(s, "WEEK {week}: {w}");
    }
    let _ = writeln!(
        s,
        "FRONT\n  IF DEATH ROLL OVER 12, REDUCE IT TO 12. IF DR UNDER 10, INCREASE IT TO 10."
    );
    s
}

/// A regiment: the best he may join, with a horse if it is mounted; or
/// the next commission in his own.
fn regiment(s: &mut String, tables: &Tables, c: &Character, cash: &mut Crowns) {
    if c.regiment.is_none() {
        let best = tables
            .regiments
            .iter()
            .filter(|r| r.min_sl.is_none_or(|min| c.sl >= i64::from(min)))
            .filter(|r| !r.mounted || c.horses > 0 || *cash >= tables.society.horse_price + 50)
            .min_by_key(|r| r.pay_class);
        if let Some(r) = best {
            if r.mounted && c.horses == 0 {
                let _ = writeln!(s, "  BUY HORSE");
                *cash -= tables.society.horse_price;
            }
            let rank = tables
                .price(Rank::Subaltern, r.pay_class)
                .filter(|&p| *cash > p + 10 * c.sl);
            match rank {
                Some(p) => {
                    let _ = writeln!(s, "  APPLY TO {} AS Subaltern", r.name);
                    *cash -= p;
                }
                None => {
                    let _ = writeln!(s, "  APPLY TO {}", r.name);
                }
            }
        }
    } else if let (Some(rank), Some(reg)) = (
        c.rank,
        c.regiment.as_deref().and_then(|r| tables.regiment(r)),
    ) {
        if let Some(next) = rank.next().filter(|n| *n <= Rank::Major) {
            let ok_sl = tables
                .rank_min_sl(next, reg.pay_class)
                .is_some_and(|min| c.sl >= i64::from(min));
            if let Some(p) = tables
                .price(next, reg.pay_class)
                .filter(|&p| ok_sl && *cash > p + 15 * c.sl)
            {
                let _ = writeln!(s, "  BUY COMMISSION {}", next.name());
                *cash -= p;
            }
        }
    }
}
