//! The opening of a faction's report (OV-REP-001..005), as the rules'
//! sample report lays it out:
//!
//! ```text
//! alpha Report for Turn 2 for Wolves [f05], <wolf@example.org>
//! Next turn: Sunday 6 December
//! // Faction stats
//!
//! Faction funds:
//! 4840 coins [coin].
//! Control Points: 3 of 200
//!
//! // Diplomacy (Stances)
//! Default attitude is Neutral
//! Attitude to Itorians [f01] is Friendly
//! ```
//!
//! The turn is the one the report follows (the world's turn after the
//! run); the next turn's date is the game master's, passed in. Control
//! points are those the faction's units use ([`control::needed`]) against
//! its limit ([`control::limit`]). Stances are listed in faction order.

use std::fmt::Write as _;

use crate::orders::FactionRef;
use crate::orders::print::one_line;
use crate::rules::Rules;
use crate::turn::control;
use crate::world::{FactionId, Stance, World};

/// The report's opening for `faction`: header, faction stats and
/// diplomacy. An unknown faction gives an empty string.
pub fn opening(world: &World, rules: &Rules, faction: FactionId, next_turn: &str) -> String {
    let used: u32 = world
        .units_of(faction)
        .filter(|(_, u)| !u.gone)
        .map(|(_, u)| control::needed(rules, u))
        .sum();
    let limit = control::limit(world, rules, faction);
    opening_with(world, rules, faction, next_turn, (used, limit))
}

/// [`opening`] with the control points (used, limit) already counted.
pub fn opening_with(
    world: &World,
    rules: &Rules,
    faction: FactionId,
    next_turn: &str,
    (used, limit): (u32, u32),
) -> String {
    let Some(f) = world.factions.get(faction) else {
        return String::new();
    };
    let mut out = String::new();
    let email = if f.email.trim().is_empty() {
        String::new()
    } else {
        format!(", <{}>", one_line(&f.email))
    };
    let _ = writeln!(
        out,
        "{} Report for Turn {} for {} [{}]{email}",
        one_line(&world.game),
        world.turn,
        one_line(&f.name),
        FactionRef::Player(f.number)
    );
    let next = one_line(next_turn);
    let _ = writeln!(
        out,
        "Next turn: {}",
        if next.trim().is_empty() {
            "to be announced"
        } else {
            next.trim()
        }
    );
    out.push_str("// Faction stats\n\nFaction funds:\n");
    let coin = rules.item("coin").and_then(|c| rules.items.get(c));
    let _ = writeln!(
        out,
        "{} {} [{}].",
        f.funds,
        coin.map_or("coins", |c| if f.funds == 1 { &c.name } else { &c.plural }),
        coin.map_or("coin", |c| c.tag.as_str())
    );
    let _ = writeln!(out, "Control Points: {used} of {limit}");
    out.push_str("\n// Diplomacy (Stances)\n");
    let _ = writeln!(out, "Default attitude is {}", attitude(f.default_stance));
    for &(other, stance) in &f.stances {
        if let Some(o) = world.factions.get(other) {
            let _ = writeln!(
                out,
                "Attitude to {} [{}] is {}",
                one_line(&o.name),
                FactionRef::Player(o.number),
                attitude(stance)
            );
        }
    }
    out
}

/// A stance as the sample report words it.
fn attitude(s: Stance) -> &'static str {
    match s {
        Stance::Enemy => "Enemy",
        Stance::Hostile => "Hostile",
        Stance::Neutral => "Neutral",
        Stance::Friendly => "Friendly",
        Stance::Ally => "Allied",
    }
}
