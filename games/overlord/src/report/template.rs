//! The order template that ends a faction's report (OV-REP-041): a
//! `#GAME` envelope with a `UNIT` section for every unit the faction has,
//! in the world's order, holding the unit's pending orders exactly as the
//! engine keeps them — remaining durations included (`5 USE digg` after
//! five of ten days) — then `#END`. Each `UNIT` line carries, after `#`,
//! the unit's name and where it is, which the order reader ignores.
//!
//! The world keeps only a hash of the password, so the template has
//! [`PASSWORD_PLACEHOLDER`](crate::orders::ast::PASSWORD_PLACEHOLDER)
//! unless the caller knows the real one. Sent back
//! unchanged, the template replaces every unit's pending list with the
//! same list.

use std::fmt::Write as _;

use crate::orders::UnitRef;
use crate::orders::ast::Header;
use crate::orders::print::one_line;
use crate::world::{FactionId, UnitId, World};

/// The template for `faction`, with `password` on the `#GAME` line
/// (empty: [`PASSWORD_PLACEHOLDER`](crate::orders::ast::PASSWORD_PLACEHOLDER)). An unknown faction gives an empty
/// string.
pub fn template(world: &World, faction: FactionId, password: &str) -> String {
    let units: Vec<UnitId> = world
        .units_of(faction)
        .filter(|(_, u)| !u.gone)
        .map(|(id, _)| id)
        .collect();
    template_of(world, faction, password, &units)
}

/// [`template`] for the faction's `units`, listed already.
pub fn template_of(world: &World, faction: FactionId, password: &str, units: &[UnitId]) -> String {
    let Some(f) = world.factions.get(faction) else {
        return String::new();
    };
    let mut out = String::new();
    let _ = writeln!(out, "#{}", Header::game(f.number, password, &world.game));
    for unit in units.iter().filter_map(|&u| world.units.get(u)) {
        let place = world
            .locations
            .get(unit.location)
            .map(|l| format!("{} [{}]", one_line(&l.name), l.code()))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "UNIT {}  # {}, {place}",
            UnitRef::Id(unit.number),
            one_line(&unit.name)
        );
        for order in &unit.orders {
            let _ = writeln!(out, "{order}");
        }
    }
    out.push_str("#END\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_faction_has_no_template() {
        let w = World::default();
        assert_eq!(template(&w, FactionId::new(3), "x"), "");
    }
}
