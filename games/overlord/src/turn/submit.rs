//! Orders in: each faction's order set is checked (faction, password,
//! turn) and its UNIT sections replace the named units' pending lists
//! (OV-ORD: new orders clear what was left from last turn; a unit with no
//! section keeps its list). Sections for placeholders wait until the unit
//! is created. The faction block runs before day 1 (decision OV-SCH-042).
//!
//! Pending lists are kept between turns as canonical order text; they are
//! read back here. Text that no longer reads (it cannot happen to text this
//! engine wrote, but a save may have been edited) is dropped with an event.

use umpire_core::ids::TypedId;

use super::log::{Dropped, Readers, Refusal, What};
use super::orders::stance;
use super::pending::{Pending, drop_invalid};
use super::settings;
use super::state::Turn;
use crate::orders::refs::{Shape, shape};
use crate::orders::{FactionOrder, OrderSet, Scope, UnitRef, parse_order_line};
use crate::world::faction::{hash_password, password_matches};
use crate::world::{FactionId, UnitId};

/// Read every unit's pending list from the world.
pub fn read_pending(t: &mut Turn<'_>) {
    for u in t.world.units.ids() {
        let texts = std::mem::take(&mut t.world.units[u].orders);
        let scope = Scope {
            faction: None,
            unit: Some(UnitRef::Id(t.world.units[u].number)),
            vocabulary: None,
        };
        let mut list = Vec::with_capacity(texts.len());
        for text in texts {
            match parse_order_line(&text, scope) {
                (Some(o), _) => list.push(Pending::new(o)),
                (None, _) => t.private(
                    u,
                    What::OrderDropped {
                        order: text,
                        reason: Dropped::Unreadable,
                    },
                ),
            }
        }
        t.live(u).list = list;
    }
}

/// Take the order sets; a later set from the same faction replaces an
/// earlier one. Returns the faction blocks to run before day 1.
pub fn take<'o>(t: &mut Turn<'_>, sets: &'o [OrderSet]) -> Vec<(FactionId, &'o OrderSet)> {
    let mut taken: Vec<(FactionId, &OrderSet)> = Vec::new();
    for set in sets {
        let Some(f) = stance::faction_ref(t, set.header.faction) else {
            t.log.events.push(super::log::Event {
                day: 0,
                unit: None,
                place: None,
                what: What::OrdersRefused {
                    faction: None,
                    reason: Refusal::UnknownFaction,
                },
                seen_by: Readers::new(),
            });
            continue;
        };
        let hash = &t.world.factions[f].password_hash;
        if !set.header.password_checked
            && !hash.is_empty()
            && !password_matches(hash, &set.header.password)
        {
            refuse(t, f, Refusal::WrongPassword);
            continue;
        }
        if set.header.turn.is_some_and(|n| n != t.log.turn) {
            refuse(t, f, Refusal::OtherTurn);
            continue;
        }
        if t.world.factions[f].resigned {
            refuse(t, f, Refusal::Resigned);
            continue;
        }
        taken.push((f, set));
    }
    // A later set from the same faction replaces an earlier one.
    let mut last: rustc_hash::FxHashMap<FactionId, usize> = rustc_hash::FxHashMap::default();
    for (i, (f, _)) in taken.iter().enumerate() {
        last.insert(*f, i);
    }
    let mut i = 0;
    taken.retain(|(f, _)| {
        let keep = last.get(f) == Some(&i);
        i += 1;
        keep
    });
    for &(f, set) in &taken {
        let mut units = 0;
        for (section, orders) in set.sections() {
            let list: Vec<Pending> = orders
                .iter()
                .map(|w| Pending::new(w.value.clone()))
                .collect();
            match section.unit {
                UnitRef::Id(n) => match t.numbers.units.get(&n).copied() {
                    Some(u) if t.world.units[u].faction == f => {
                        t.live(u).list = list;
                        units += 1;
                    }
                    Some(_) => section_refused(t, f, section.unit, Refusal::NotYourUnit),
                    None => section_refused(t, f, section.unit, Refusal::UnknownUnit),
                },
                UnitRef::New(id) if id.faction == t.world.factions[f].number => {
                    t.deferred.insert(id, list);
                    units += 1;
                }
                UnitRef::New(_) => section_refused(t, f, section.unit, Refusal::NotYourUnit),
            }
        }
        t.faction_event(f, What::OrdersTaken { faction: f, units });
    }
    taken
}

fn refuse(t: &mut Turn<'_>, f: FactionId, reason: Refusal) {
    t.faction_event(
        f,
        What::OrdersRefused {
            faction: Some(f),
            reason,
        },
    );
}

fn section_refused(t: &mut Turn<'_>, f: FactionId, unit: UnitRef, reason: Refusal) {
    t.faction_event(
        f,
        What::SectionRefused {
            faction: f,
            unit,
            reason,
        },
    );
}

/// The faction block, before day 1 (OV-SCH-033, OV-SCH-042): NAME, EMAIL,
/// PASSWORD and STANCE take effect here. RESIGN, RESHOW and the faction's
/// SETTINGs belong to the economy and reports and are reported as not
/// adjudicated.
pub fn faction_orders(t: &mut Turn<'_>, f: FactionId, set: &OrderSet) {
    for o in &set.faction_orders {
        match &o.value {
            FactionOrder::Name(n) => {
                t.world.factions[f].name = n.name.clone();
                t.faction_event(f, What::FactionRenamed { faction: f });
            }
            FactionOrder::Email(e) => {
                t.world.factions[f].email = e.address.clone();
                t.faction_event(f, What::EmailChanged { faction: f });
            }
            FactionOrder::Password(p) => {
                let salt = t.world.factions[f].code();
                t.world.factions[f].password_hash = hash_password(&p.password, &salt);
                t.faction_event(f, What::PasswordChanged { faction: f });
            }
            FactionOrder::Stance(s) => {
                stance::apply(t, f, s);
            }
            FactionOrder::Setting(s) => faction_setting(t, f, s),
            FactionOrder::Resign(r) => resign(t, f, r.to),
            FactionOrder::Reshow(r) => t.faction_event(
                f,
                What::ReshowAsked {
                    faction: f,
                    what: r.to_string(),
                },
            ),
        }
    }
}

/// A faction-wide SETTING (OV-FO-010, decision OV-FO-019): the faction's
/// value, and every unit's that has not set its own.
fn faction_setting(t: &mut Turn<'_>, f: FactionId, s: &crate::orders::catalog::settings::Setting) {
    use crate::orders::words::{OnOff, SettingName};
    let on = !matches!(s.value, Some(OnOff::Off));
    if s.name == SettingName::Terse {
        t.world.factions[f].terse = on;
    } else {
        settings::apply(&mut t.world.factions[f].settings, s.name, on);
        let bit = settings::bit(s.name);
        for u in t.world.units.values_mut() {
            if u.faction == f && !u.gone && u.own_settings & bit == 0 {
                settings::apply(&mut u.settings, s.name, on);
            }
        }
    }
    t.faction_event(
        f,
        What::FactionSetting {
            faction: f,
            setting: s.name.as_str().to_ascii_lowercase(),
            on,
        },
    );
}

/// RESIGN (OV-FO-004..009): every unit goes to the named non-player
/// faction, creatures to the creatures' faction, always accepted; the
/// faction is marked resigned and sends no more orders. Decisions OV-FO-008
/// and 009: the target is named by its number in this world (`np2`, `f02`)
/// and must be a non-player faction playing the Imperials, Citizens, Free
/// People or Outlaws ([`crate::world::Role`]); a world without Free People
/// refuses them. The units keep
/// their items; their order lists are emptied (they WORK for their new
/// masters).
fn resign(t: &mut Turn<'_>, f: FactionId, to: crate::orders::FactionRef) {
    let target = stance::faction_ref(t, to).filter(|&g| {
        g != f
            && t.world.factions[g]
                .npc_role()
                .is_some_and(|r| r.takes_resigned_units())
    });
    let Some(g) = target else {
        t.faction_event(f, What::ResignRefused { faction: f });
        return;
    };
    let wild = t.world.creatures.unwrap_or(g);
    let units: Vec<UnitId> = t.world.units_of(f).map(|(id, _)| id).collect();
    for u in units {
        let creature = t.kind(u) == Some(crate::rules::races::RaceKind::Creature);
        t.change_faction(u, if creature { wild } else { g });
        t.live(u).list.clear();
    }
    t.world.factions[f].resigned = true;
    t.faction_event(f, What::Resigned { faction: f, to: g });
}

/// At the end of the month: write every list back as text, naming new
/// units by their numbers, and drop orders that name placeholders never
/// created (OV-ORD-022).
pub fn write_pending(t: &mut Turn<'_>) {
    let bound: rustc_hash::FxHashMap<crate::orders::NewId, String> = t
        .placeholders
        .iter()
        .map(|(p, u)| (*p, format!("U{}", t.world.units[*u].number)))
        .collect();
    // Orders written for placeholders never made go with them.
    t.deferred.clear();
    for i in 0..t.live.len() {
        let u = UnitId::from_index(i);
        if t.world.units.get(u).is_none() {
            continue;
        }
        let mut list = std::mem::take(&mut t.live[i].list);
        let mut out: Vec<String> = Vec::with_capacity(list.len());
        let mut k = 0;
        while k < list.len() {
            let (text, unbound) = rewrite_placeholders(&list[k].order.to_string(), &bound);
            if let Some(id) = unbound {
                // Why it never ran comes first: a RECRUIT into a new unit
                // that waited all month is dropped with the unit it never
                // made, and its player must still learn why it waited.
                if !list[k].ran
                    && let Some(why) = &list[k].waiting
                {
                    t.private(
                        u,
                        What::WaitedInVain {
                            order: text.clone(),
                            why: why.to_string(),
                        },
                    );
                }
                // Removed as invalid: the dashed orders below wake, as for
                // any order dropped (OV-SCH-002).
                t.private(u, What::PlaceholderUnused { placeholder: id });
                t.private(
                    u,
                    What::OrderDropped {
                        order: text,
                        reason: Dropped::UncreatedUnit,
                    },
                );
                drop_invalid(&mut list, k);
                continue;
            }
            // No order ends the month unexplained: each kept says why.
            if let Some(why) = super::pending::kept_why(&list[k])
                && !t.world.units[u].gone
            {
                t.private(
                    u,
                    What::OrderKept {
                        order: text.clone(),
                        why,
                    },
                );
            }
            out.push(text);
            k += 1;
        }
        t.world.units[u].orders = out;
    }
}

/// Replace every placeholder word outside quotes that became a unit by
/// that unit's id, in one pass; also return the first placeholder left
/// that never became one.
fn rewrite_placeholders(
    text: &str,
    bound: &rustc_hash::FxHashMap<crate::orders::NewId, String>,
) -> (String, Option<crate::orders::NewId>) {
    let mut unbound = None;
    let mut out = String::with_capacity(text.len());
    let mut quoted = false;
    let mut word = String::new();
    let mut flush = |word: &mut String, out: &mut String| {
        match shape(word) {
            Shape::New(id) => match bound.get(&id) {
                Some(to) => out.push_str(to),
                None => {
                    unbound.get_or_insert(id);
                    out.push_str(word);
                }
            },
            _ => out.push_str(word),
        }
        word.clear();
    };
    for c in text.chars() {
        if c == '"' {
            flush(&mut word, &mut out);
            quoted = !quoted;
            out.push(c);
        } else if quoted {
            out.push(c);
        } else if c.is_whitespace() {
            flush(&mut word, &mut out);
            out.push(c);
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    (out, unbound)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_replaced_outside_quotes_only() {
        let Shape::New(id) = shape("f06nU01") else {
            panic!("a placeholder")
        };
        let Shape::New(other) = shape("f06nU02") else {
            panic!("a placeholder")
        };
        let bound = [(id, "U88".to_string())].into_iter().collect();
        assert_eq!(
            rewrite_placeholders("GIVE f06nU01 swrd 1", &bound),
            ("GIVE U88 swrd 1".to_string(), None)
        );
        assert_eq!(
            rewrite_placeholders("NAME \"f06nU01\"", &bound),
            ("NAME \"f06nU01\"".to_string(), None)
        );
        assert_eq!(
            rewrite_placeholders("GIVE f06nU02 swrd 1", &bound),
            ("GIVE f06nU02 swrd 1".to_string(), Some(other))
        );
    }
}
