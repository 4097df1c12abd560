//! The opening of a faction's report (OV-REP-001..005), as the rules'
//! sample report lays it out:
//!
//! ```text
//! alpha Report for Turn 2 for Wolves [f05], <wolf@example.org>
//! Next turn: Sunday 6 December
//! // Faction stats
//!
//! Faction funds:
//! 4840 coins [coin], 50 food [food].
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

use crate::orders::print::one_line;
use crate::rules::Rules;
use crate::turn::control;
use crate::world::{FactionId, Stance, World};

use super::model::{ControlPoints, Header, Quantity, StanceToward};
use super::names::{Names, line};

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
    control_points: (u32, u32),
) -> String {
    let names = Names::new(world, rules);
    let mut out = String::new();
    if let Some(h) = header(&names, faction, next_turn, control_points) {
        render(&h, &mut out);
    }
    out
}

/// What the opening tells; `None` for an unknown faction.
pub fn header<'a>(
    n: &Names<'a>,
    faction: FactionId,
    next_turn: &str,
    (used, limit): (u32, u32),
) -> Option<Header<'a>> {
    let (world, rules) = (n.world, n.rules);
    let f = world.factions.get(faction)?;
    let next = one_line(next_turn);
    let coin = rules.item("coin").and_then(|c| rules.items.get(c));
    Some(Header {
        game: line(&world.game),
        turn: world.turn,
        faction: n.faction_ref(faction),
        email: (!f.email.trim().is_empty()).then(|| one_line(&f.email)),
        next_turn: (!next.is_empty()).then_some(next),
        funds: Quantity {
            count: f.funds,
            name: coin.map_or("coins", |c| if f.funds == 1 { &c.name } else { &c.plural }),
            tag: Some(coin.map_or("coin", |c| c.tag.as_str())),
        },
        stock: f
            .stock
            .iter()
            .map(|&(item, count)| n.quantity(item, count))
            .collect(),
        control_points: ControlPoints { used, limit },
        default_stance: f.default_stance,
        stances: f
            .stances
            .iter()
            .filter(|(other, _)| world.factions.get(*other).is_some())
            .map(|&(other, stance)| StanceToward {
                faction: n.faction_ref(other),
                stance,
            })
            .collect(),
    })
}

/// The opening's text.
pub fn render(h: &Header<'_>, out: &mut String) {
    let email = h
        .email
        .as_ref()
        .map_or_else(String::new, |e| format!(", <{e}>"));
    let _ = writeln!(
        out,
        "{} Report for Turn {} for {}{email}",
        h.game, h.turn, h.faction
    );
    let _ = writeln!(
        out,
        "Next turn: {}",
        h.next_turn.as_deref().unwrap_or("to be announced")
    );
    out.push_str("// Faction stats\n\nFaction funds:\n");
    let _ = write!(out, "{}", h.funds);
    for q in &h.stock {
        let _ = write!(out, ", {q}");
    }
    out.push_str(".\n");
    let _ = writeln!(
        out,
        "Control Points: {} of {}",
        h.control_points.used, h.control_points.limit
    );
    out.push_str("\n// Diplomacy (Stances)\n");
    let _ = writeln!(out, "Default attitude is {}", attitude(h.default_stance));
    for s in &h.stances {
        let _ = writeln!(out, "Attitude to {} is {}", s.faction, attitude(s.stance));
    }
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
