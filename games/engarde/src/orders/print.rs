//! A sheet written back out in canonical form: every order in its
//! documented spelling, section by section, with the names as the game
//! knows them (`TOADY TO the Comte de Villars` for `toady comte de
//! villars`, `APPLY TO Gascons (GAS)` for `apply the gascons`). The
//! answer to a player's sheet shows it, so a player sees at once what
//! was read, and how (`docs/engarde-orders.md` has the forms). The text
//! reads back as the same orders.

use std::fmt::Write as _;

use super::ast::{Bet, Block, Cond, FrontClause, OrderSheet, Premonthly, WeekRef, Weekly};
use crate::tables::Tables;
use crate::world::World;

/// How names are written back: as the game knows them.
pub struct Names<'a> {
    pub world: &'a World,
    pub tables: &'a Tables,
}

impl Names<'_> {
    fn person(&self, name: &str) -> String {
        if name == "me" {
            return name.to_string();
        }
        if let Some(c) = self
            .world
            .find_character(name)
            .and_then(|id| self.world.character(id))
        {
            return c.name.clone();
        }
        if let Some(m) = self
            .world
            .find_mistress(name)
            .and_then(|id| self.world.mistresses.get(id.raw() as usize))
        {
            return m.name.clone();
        }
        name.to_string()
    }

    fn regiment(&self, name: &str) -> String {
        self.tables
            .regiment(name)
            .map_or_else(|| name.to_string(), |r| format!("{} ({})", r.name, r.id))
    }

    fn club(&self, name: &str) -> String {
        self.tables
            .club(name)
            .map_or_else(|| name.to_string(), |c| c.name.clone())
    }
}

/// The orders of `sheet` (not its CHARACTER or PASSWORD lines), each
/// section under its header, blocks indented; empty for a sheet with no
/// orders.
pub fn print(sheet: &OrderSheet, names: &Names<'_>) -> String {
    let mut out = String::new();
    if !sheet.premonthly.is_empty() {
        out.push_str("PREMONTHLY\n");
        blocks(
            &mut out,
            &sheet.premonthly,
            1,
            &|o| premonthly(o, names),
            names,
        );
    }
    for (n, week) in (1..).zip(&sheet.weeks) {
        if !week.is_empty() {
            let _ = writeln!(out, "WEEK {n}");
            blocks(&mut out, week, 1, &|o| weekly(o, names), names);
        }
    }
    if !sheet.front.is_empty() {
        out.push_str("FRONT\n");
        for c in &sheet.front {
            let _ = writeln!(out, "  {}", front(&c.value));
        }
    }
    out
}

fn blocks<A>(
    out: &mut String,
    list: &[Block<A>],
    depth: usize,
    order: &dyn Fn(&A) -> String,
    names: &Names<'_>,
) {
    let pad = "  ".repeat(depth);
    for b in list {
        match b {
            Block::Order(o) => {
                let _ = writeln!(out, "{pad}{}", order(&o.value));
            }
            Block::If {
                cond,
                then,
                otherwise,
            } => {
                let _ = writeln!(out, "{pad}IF {} THEN", condition(&cond.value, names));
                blocks(out, then, depth + 1, order, names);
                if !otherwise.is_empty() {
                    let _ = writeln!(out, "{pad}ELSE");
                    blocks(out, otherwise, depth + 1, order, names);
                }
                let _ = writeln!(out, "{pad}ENDIF");
            }
        }
    }
}

fn premonthly(o: &Premonthly, names: &Names<'_>) -> String {
    match o {
        Premonthly::Borrow(n) => format!("BORROW {n}"),
        Premonthly::Repay(Some(n)) => format!("REPAY {n}"),
        Premonthly::Repay(None) => "REPAY ALL".to_string(),
        Premonthly::BuyHorses(n) => horses("BUY", *n),
        Premonthly::SellHorses(n) => horses("SELL", *n),
        Premonthly::JoinClub(c) => format!("JOIN CLUB {}", names.club(c)),
        Premonthly::LeaveClub => "RESIGN CLUB".to_string(),
        Premonthly::Apply { regiment, rank } => {
            let mut s = format!("APPLY TO {}", names.regiment(regiment));
            if let Some(r) = rank {
                let _ = write!(s, " AS {}", r.name());
            }
            s
        }
        Premonthly::BuyCommission(r) => format!("BUY COMMISSION {}", r.name()),
        Premonthly::LeaveRegiment => "RESIGN COMMISSION".to_string(),
        Premonthly::Consume(1) => "CONSUME".to_string(),
        Premonthly::Consume(n) => format!("CONSUME {n}"),
        Premonthly::Give {
            to,
            amount,
            if_appointed,
        } => gift(to, *amount, *if_appointed, names),
        Premonthly::Appoint {
            who,
            post,
            if_given,
        } => {
            let mut s = format!("APPOINT {} AS {}", names.person(who), post.name());
            if let Some(n) = if_given {
                let _ = write!(s, " IF HE GIVES ME {n}");
            }
            s
        }
        Premonthly::Volunteer => "VOLUNTEER".to_string(),
        Premonthly::Announce(text) => format!("ANNOUNCE {text}"),
    }
}

fn horses(verb: &str, n: u32) -> String {
    if n == 1 {
        format!("{verb} HORSE")
    } else {
        format!("{verb} HORSE {n}")
    }
}

fn gift(
    to: &str,
    amount: i64,
    if_appointed: Option<crate::model::Post>,
    names: &Names<'_>,
) -> String {
    let mut s = format!("GIVE {} {amount}", names.person(to));
    if let Some(p) = if_appointed {
        let _ = write!(s, " IF HE APPOINTS ME {}", p.name());
    }
    s
}

fn weekly(o: &Weekly, names: &Names<'_>) -> String {
    match o {
        Weekly::Carouse => "CAROUSE".to_string(),
        Weekly::Gamble(bets) => format!("GAMBLE {}", gamble(bets)),
        Weekly::Court {
            mistress,
            purse,
            openly,
        } => {
            let mut s = format!("COURT {}", names.person(mistress));
            if let Some(p) = purse {
                let _ = write!(s, " WITH {p}");
            }
            if *openly {
                s.push_str(" OPENLY");
            }
            s
        }
        Weekly::Bawdyhouse { purse: Some(p) } => format!("BAWDYHOUSE WITH {p}"),
        Weekly::Bawdyhouse { purse: None } => "BAWDYHOUSE".to_string(),
        Weekly::Practise(w) => format!("PRACTISE {}", w.name()),
        Weekly::Toady(who) => format!("TOADY TO {}", names.person(who)),
        Weekly::Duty => "DUTY".to_string(),
        Weekly::Rest => "REST".to_string(),
        Weekly::Give {
            to,
            amount,
            if_appointed,
        } => gift(to, *amount, *if_appointed, names),
    }
}

fn gamble(bets: &[Bet]) -> String {
    bets.iter()
        .map(|b| match b.cut {
            Some(c) => format!("{} CUT {c}", b.stake),
            None => b.stake.to_string(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn week(w: WeekRef) -> String {
    match w {
        WeekRef::Week(n) => format!("IN WEEK {n}"),
        WeekRef::Last => "LAST WEEK".to_string(),
    }
}

fn condition(c: &Cond, names: &Names<'_>) -> String {
    match c {
        Cond::Not(a) => format!("NOT {}", condition(a, names)),
        Cond::And(a, b) => format!("{} AND {}", condition(a, names), condition(b, names)),
        Cond::Or(a, b) => format!("{} OR {}", condition(a, names), condition(b, names)),
        Cond::InParis(n) if n == "me" => "I AM IN PARIS".to_string(),
        Cond::InParis(n) => format!("{} IS IN PARIS", names.person(n)),
        Cond::AtFront(n) if n == "me" => "I AM AT THE FRONT".to_string(),
        Cond::AtFront(n) => format!("{} IS AT THE FRONT", names.person(n)),
        Cond::Received { by, week: w } => {
            format!("{} RECEIVED ME {}", names.person(by), week(*w))
        }
        Cond::Did {
            who,
            action,
            week: w,
        } => format!(
            "{} DID {} {}",
            names.person(who),
            action.word().to_uppercase(),
            week(*w)
        ),
        Cond::CashAtLeast(n) => format!("I HAVE AT LEAST {n}"),
        Cond::Gives { who, amount } => format!("{} GIVES ME {amount}", names.person(who)),
        Cond::Appoints { who, post } => {
            format!("{} APPOINTS ME {}", names.person(who), post.name())
        }
        Cond::DeathRoll { over, under } => match (over, under) {
            (Some(n), _) => format!("DEATH ROLL OVER {n}"),
            (None, Some(n)) => format!("DEATH ROLL UNDER {n}"),
            (None, None) => "DEATH ROLL".to_string(),
        },
    }
}

fn front(c: &FrontClause) -> String {
    match c {
        FrontClause::Brave(b) => format!("BRAVE {b}"),
        FrontClause::Poltroon(p) => format!("POLTROON {p}"),
        FrontClause::CapAt(n) => format!("IF DEATH ROLL OVER {n} REDUCE IT TO {n}"),
        FrontClause::FloorAt(n) => format!("IF DEATH ROLL UNDER {n} RAISE IT TO {n}"),
    }
}
