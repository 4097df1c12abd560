//! A battle's account as text (OV-CMB "Combat detail"): in full, blow by
//! blow, or terse — per round the actions other than MELEE and PARRY, and
//! the round's dead. Rendered from the engine's typed log
//! ([`crate::combat::log`]); the engine itself formats nothing.

use std::fmt::Write;

use crate::combat::army::{Action, Fighter};
use crate::combat::field::{Side, Square};
use crate::combat::log::{Deed, Ending, Report};
use crate::orders::print::one_line;
use crate::turn::log::{Event, What};
use crate::turn::{control, visibility};
use crate::world::UnitId;

use super::event::day_label;
use super::model::{self, BattleSide, UnitRatings};
use super::names::Names;
use super::unit::{ratings, stats};

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Attacker => "attackers",
        Side::Defender => "defenders",
    }
}

/// "the defenders' front rank, centre".
pub fn square_name(sq: Square) -> String {
    let (side, rank) = match sq.line {
        0 => (Side::Attacker, "rear"),
        1 => (Side::Attacker, "middle"),
        2 => (Side::Attacker, "front"),
        3 => (Side::Defender, "front"),
        4 => (Side::Defender, "middle"),
        _ => (Side::Defender, "rear"),
    };
    // Files as the attackers see them.
    let file = match sq.file {
        0 => "left",
        1 => "centre",
        _ => "right",
    };
    format!("the {}' {rank} rank, {file}", side_name(side))
}

fn figures(n: u32) -> String {
    if n == 1 {
        "1 figure".to_string()
    } else {
        format!("{n} figures")
    }
}

/// One unit of a battle as its account needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The unit's number (`U12` is 12).
    pub number: u32,
    pub side: Side,
    /// Figures at the start and still standing at the end.
    pub start: u32,
    pub alive: u32,
    pub fled: bool,
    /// Called onto the field by a summoning spell.
    pub summoned: Option<crate::combat::army::Summoned>,
    /// How the account names it after its id ("Swordsmen"); may be empty.
    pub name: String,
}

impl Entry {
    pub fn of(f: &Fighter, name: &str) -> Entry {
        Entry {
            number: f.number,
            side: f.side,
            start: f.start,
            alive: f.alive(),
            fled: f.fled,
            summoned: f.summoned.clone(),
            name: name.to_string(),
        }
    }
}

/// The text of a battle. `names[i]` names `fighters[i]`; creatures
/// summoned in the battle are named by what they are and who called them.
pub fn account(report: &Report, fighters: &[Fighter], names: &[String], terse: bool) -> String {
    let entries: Vec<Entry> = fighters
        .iter()
        .enumerate()
        .map(|(i, f)| Entry::of(f, names.get(i).map_or("", String::as_str)))
        .collect();
    account_of(report, &entries, terse)
}

/// The text of a battle from its roster (see [`account`]).
pub fn account_of(report: &Report, fighters: &[Entry], terse: bool) -> String {
    let mut out = String::new();
    write_sides(&mut out, fighters);
    write_opening(&mut out, report);
    for round in &report.rounds {
        if round.rout {
            let _ = writeln!(out, "\nRound {}: the rout", round.number);
        } else {
            let _ = writeln!(out, "\nRound {}", round.number);
        }
        for deed in &round.deeds {
            if let Some(l) = deed_line(fighters, deed, terse) {
                let _ = writeln!(out, "  {l}");
            }
        }
        let _ = writeln!(
            out,
            "  Killed: attackers {}, defenders {}.",
            round.killed[0], round.killed[1]
        );
    }
    let _ = writeln!(out);
    write_ending(&mut out, report);
    write_survivors(&mut out, fighters);
    out
}

/// How the account names fighter `number`: `U12 Guards`, or the creatures
/// a summoner called, numbered from the second calling on.
fn fighter_name(fighters: &[Entry], number: u32) -> String {
    match fighters.iter().position(|f| f.number == number) {
        None => format!("U{number}"),
        Some(i) => match &fighters[i].summoned {
            Some(s) => {
                // The second and later callings of the same creatures
                // by the same summoner are numbered.
                let nth = fighters[..i]
                    .iter()
                    .filter(|f| f.summoned.as_ref() == Some(s))
                    .count();
                if nth == 0 {
                    format!("{} of U{}", s.name, s.by)
                } else {
                    format!("{} of U{} ({})", s.name, s.by, nth + 1)
                }
            }
            None if fighters[i].name.is_empty() => format!("U{number}"),
            None => format!("U{number} {}", fighters[i].name),
        },
    }
}

/// Each side's units and figures.
fn write_sides(out: &mut String, fighters: &[Entry]) {
    for side in [Side::Attacker, Side::Defender] {
        let units: Vec<&Entry> = fighters
            .iter()
            .filter(|f| f.side == side && f.summoned.is_none())
            .collect();
        let total: u32 = units.iter().map(|f| f.start).sum();
        let _ = writeln!(
            out,
            "The {}: {} unit{}, {}.",
            side_name(side),
            units.len(),
            if units.len() == 1 { "" } else { "s" },
            figures(total)
        );
    }
}

/// What happened before the first round: the sides swapped, an ambush, a
/// tactical advantage.
fn write_opening(out: &mut String, report: &Report) {
    let am = &report.ambush;
    if am.swapped {
        let _ = writeln!(
            out,
            "The defenders saw them coming and struck first: the sides are swapped."
        );
    }
    if am.advantage > 0 {
        let _ = writeln!(
            out,
            "Ambush: the {} are caught off guard (ambush {} against {}).",
            side_name(Side::Defender),
            am.levels[0],
            am.levels[1]
        );
    }
    if let Some((side, adv)) = report.advantage {
        let _ = writeln!(out, "Tactical advantage: the {} by {adv}.", side_name(side));
    }
}

/// The line of one deed in a round, or `None` for a deed the account
/// leaves out (most of them when `terse`).
fn deed_line(fighters: &[Entry], deed: &Deed, terse: bool) -> Option<String> {
    let who = |number: u32| fighter_name(fighters, number);
    match deed {
        Deed::Moved { unit, to } if !terse => {
            Some(format!("{} moves to {}.", who(*unit), square_name(*to)))
        }
        Deed::Parried { unit } if !terse => Some(format!("{} parries.", who(*unit))),
        Deed::Attacked {
            unit,
            ranged,
            target,
            strikes,
            hits,
            killed,
            wounded,
        } if !terse || *ranged => Some(format!(
            "{} {} {}: {} {hits} hit; {killed} killed, {wounded} wounded.",
            who(*unit),
            if *ranged { "shoots at" } else { "attacks" },
            who(*target),
            if *strikes == 1 {
                "1 blow,".to_string()
            } else {
                format!("{strikes} blows,")
            }
        )),
        Deed::Unseen { unit } => Some(format!("{} finds no one to strike.", who(*unit))),
        Deed::Skipped {
            unit,
            action: Action::Special(tag),
        } => Some(format!("{} cannot use {tag}.", who(*unit))),
        Deed::Fled { unit } => Some(format!("{} flees the battlefield.", who(*unit))),
        Deed::Used {
            unit,
            tag,
            users,
            mana,
            damage_type,
            ..
        } => {
            let mut l = format!("{} uses {tag}", who(*unit));
            let f = fighters.iter().find(|f| f.number == *unit);
            if f.is_some_and(|f| f.start > 1) {
                let _ = write!(l, " ({})", figures(*users));
            }
            if *mana > 0 {
                let _ = write!(l, ", spending {mana} mana");
            }
            if let Some(t) = damage_type {
                let _ = write!(l, ", {t} damage");
            }
            l.push('.');
            Some(l)
        }
        Deed::Enchanted {
            unit,
            target,
            effect,
            rounds,
        } if !terse || unit != target => Some(format!(
            "{} lays {effect} on {} for {}.",
            who(*unit),
            if unit == target {
                "itself".to_string()
            } else {
                who(*target)
            },
            if *rounds == 1 {
                "the round".to_string()
            } else {
                format!("{rounds} rounds")
            }
        )),
        Deed::Summoned {
            unit,
            summoned,
            figures: n,
        } => Some(format!(
            "{} calls {} ({}) onto the field.",
            who(*unit),
            who(*summoned),
            figures(*n)
        )),
        Deed::Waited {
            unit,
            tag,
            mana,
            needs,
        } if !terse => Some(format!(
            "{} waits to cast {tag}: {mana} mana of the {needs} it needs.",
            who(*unit)
        )),
        Deed::Restored { unit } if !terse => {
            Some(format!("{} takes up its spells again.", who(*unit)))
        }
        Deed::Doomed { unit, figures: n } => Some(format!(
            "{}: {} standing on borrowed life.",
            who(*unit),
            figures(*n)
        )),
        _ => None,
    }
}

/// Why the battle ended, who won, and the wounded after it.
fn write_ending(out: &mut String, report: &Report) {
    let why = match report.ending {
        Ending::Wiped => "a side has no one left on the field",
        Ending::Morale => "a side lost half its figures and broke",
        Ending::Quiet => "five rounds passed without a wound",
        Ending::Limit => "a hundred rounds were fought",
    };
    let _ = match report.winner {
        Some(w) => writeln!(out, "The battle ends: {why}. The {} win.", side_name(w)),
        None => writeln!(out, "The battle ends: {why}. It is a draw."),
    };
    let healed: u32 = report.healed.iter().sum();
    let died: u32 = report.died_of_wounds.iter().sum();
    if healed + died > 0 {
        let _ = writeln!(
            out,
            "After the battle {healed} wounded recover and {died} die of their wounds."
        );
    }
}

/// Every fighter's figures left standing of those it started with.
fn write_survivors(out: &mut String, fighters: &[Entry]) {
    let who = |number: u32| fighter_name(fighters, number);
    let _ = writeln!(out, "\nSurvivors:");
    for f in fighters {
        let state = if f.fled { ", fled" } else { "" };
        let _ = writeln!(
            out,
            "  {} ({}): {} of {}{state}.",
            who(f.number),
            match f.side {
                Side::Attacker => "attacker",
                Side::Defender => "defender",
            },
            f.alive,
            f.start
        );
    }
}

/// A battle as a faction's report tells it (OV-REP-042..045): where,
/// when, on which side, the account (`terse` as the faction's SETTING
/// TERSE asks) and, for the winners, every unit's statistics. `is_ours`
/// says which units are the reader's, the slain included, so a side wiped
/// out is still the reader's side. `None` for an event that is not a
/// battle fought.
pub fn fought<'a>(
    n: &Names<'a>,
    e: &Event,
    is_ours: &dyn Fn(UnitId) -> bool,
    terse: bool,
) -> Option<model::Battle<'a>> {
    let What::BattleFought {
        place,
        units,
        standing,
        report,
    } = &e.what
    else {
        return None;
    };
    let (world, rules) = (n.world, n.rules);
    let entries: Vec<Entry> = units
        .iter()
        .zip(standing)
        .map(|(&(u, side), s)| {
            let unit = world.units.get(u);
            Entry {
                number: unit.map_or(0, |x| x.number),
                side,
                start: s.start,
                alive: s.alive,
                fled: s.fled,
                summoned: None,
                name: unit.map_or_else(String::new, |x| one_line(&x.name)),
            }
        })
        .collect();
    let ours = |side: Side| units.iter().any(|&(u, s)| s == side && is_ours(u));
    let side = if ours(Side::Attacker) {
        BattleSide::Attacker
    } else if ours(Side::Defender) {
        BattleSide::Defender
    } else {
        BattleSide::Party
    };
    // OV-REP-045: the winners see every unit's statistics.
    let statistics = report.winner.is_some_and(ours).then(|| {
        units
            .iter()
            .filter_map(|&(u, _)| {
                let x = world.units.get(u)?;
                Some(UnitRatings {
                    unit: n.unit_ref(u),
                    stats: ratings(
                        &visibility::ratings(world, rules, x),
                        control::needed(rules, x),
                    ),
                })
            })
            .collect()
    });
    Some(model::Battle {
        place: n.place_ref(*place),
        day: e.day,
        side,
        account: account_of(report, &entries, terse),
        statistics,
    })
}

/// A battle's part of the report.
pub fn render(b: &model::Battle<'_>, out: &mut String) {
    let side = match b.side {
        BattleSide::Attacker => "attacker",
        BattleSide::Defender => "defender",
        BattleSide::Party => "party",
    };
    let _ = write!(
        out,
        "Battle at {} on {}, your units as {side}:\n{}",
        b.place,
        day_label(b.day).to_lowercase(),
        b.account
    );
    if let Some(list) = &b.statistics {
        out.push_str("\nBattle statistics:\n");
        for u in list {
            let _ = writeln!(out, "  {}: {}.", u.unit, stats(&u.stats));
        }
    }
}
