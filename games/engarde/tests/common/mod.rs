//! A small Paris for the month's tests: the NPC officers of a new game and
//! the players named, with their figures set by the test.

#![allow(dead_code)]

use std::collections::BTreeMap;

use umpire_core::source::SourceFile;
use umpire_engarde::events::{Event, What, When};
use umpire_engarde::mail;
use umpire_engarde::model::Rank;
use umpire_engarde::month::{MonthOutcome, run_month};
use umpire_engarde::setup::{NewPlayer, new_game};
use umpire_engarde::tables::Tables;
use umpire_engarde::world::{Appointment, CharacterId, World};

pub fn tables() -> &'static Tables {
    match Tables::builtin() {
        Ok(t) => t,
        Err(e) => panic!("built-in tables: {e}"),
    }
}

/// A new game in March (not the campaign season) with these players, each
/// at SL `sl` with `cash` crowns, MA 5, no SP.
pub fn paris(players: &[(&str, i64, i64)]) -> World {
    paris_in(3, 1, players)
}

/// As [`paris`], in calendar month `month_of_year`, with `seed`.
pub fn paris_in(month_of_year: u8, seed: u64, players: &[(&str, i64, i64)]) -> World {
    let roster: Vec<NewPlayer> = players
        .iter()
        .map(|(n, _, _)| NewPlayer {
            name: (*n).to_string(),
            password: String::new(),
            address: String::new(),
        })
        .collect();
    let mut w = new_game("test", seed, month_of_year, &roster, tables());
    for (n, sl, cash) in players {
        let id = id(&w, n);
        let c = &mut w.characters[id.raw() as usize];
        c.sl = *sl;
        c.cash = *cash;
        c.ma = 5;
    }
    w
}

pub fn id(w: &World, name: &str) -> CharacterId {
    match w.find_character(name) {
        Some(id) => id,
        None => panic!("no character {name}"),
    }
}

/// Put a character in a regiment at a rank.
pub fn enlist(w: &mut World, name: &str, regiment: &str, rank: Rank) {
    let id = id(w, name);
    let c = &mut w.characters[id.raw() as usize];
    c.regiment = Some(regiment.to_string());
    c.rank = Some(rank);
}

/// Give a character a command, taking it from whoever held it.
pub fn command(w: &mut World, name: &str, post: Appointment) {
    for c in &mut w.characters {
        c.appointments.retain(|a| a != &post);
    }
    let id = id(w, name);
    w.characters[id.raw() as usize].appointments.push(post);
}

/// Play a month with these sheets (each must name its character).
pub fn play(w: &World, sheets: &[&str]) -> MonthOutcome {
    let mut orders = BTreeMap::new();
    for (i, text) in sheets.iter().enumerate() {
        let read = mail::read(
            w,
            tables(),
            &SourceFile::new(format!("sheet{i}"), (*text).to_string()),
        );
        let Some(who) = read.character else {
            panic!("sheet {i} refused: {:?}", read.diagnostics)
        };
        orders.insert(who, read.sheet);
    }
    run_month(w, tables(), &orders)
}

/// A character's events, in order.
pub fn events<'a>(out: &'a MonthOutcome, name: &str) -> Vec<&'a Event> {
    let who = id(&out.world, name);
    out.events.iter().filter(|e| e.who == who).collect()
}

/// A character's events in one part of the month.
pub fn events_at<'a>(out: &'a MonthOutcome, name: &str, when: When) -> Vec<&'a What> {
    events(out, name)
        .into_iter()
        .filter(|e| e.when == when)
        .map(|e| &e.what)
        .collect()
}

pub fn cash(w: &World, name: &str) -> i64 {
    w.characters[id(w, name).raw() as usize].cash
}
