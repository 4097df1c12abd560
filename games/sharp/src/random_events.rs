//! Random events (SP-RND): more 1s than 6s in a movement or firing roll
//! triggers one; 2D6 on the grid (first die the row) gives its number, and
//! the firing or movement table its effect and the lasting condition it
//! leaves.

use serde::Serialize;
use umpire_core::working::Step;

use crate::error::SharpError;
use crate::roll::Rolls;
use crate::rulings::{RulingId, Rulings};
use crate::tables::{EventEntry, EventOn, Tables};

/// Which table an event is read from (SP-RND-002).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    Firing,
    Movement,
}

impl EventKind {
    /// Read "firing" or "movement".
    pub fn parse(text: &str) -> Result<EventKind, SharpError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "firing" | "fire" => Ok(EventKind::Firing),
            "movement" | "move" => Ok(EventKind::Movement),
            _ => Err(SharpError::unknown(
                "event table",
                text,
                ["firing", "movement"].into_iter(),
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            EventKind::Firing => "firing",
            EventKind::Movement => "movement",
        }
    }
}

/// Whether a roll's faces trigger a random event: more 1s than 6s
/// (SP-RND-001, ruling `event-unit`: each roll on its own). Returns the
/// 1s, the 6s and the verdict.
pub fn triggers(faces: &[u32]) -> (u32, u32, bool) {
    let ones = faces.iter().filter(|f| **f == 1).count() as u32;
    let sixes = faces.iter().filter(|f| **f == 6).count() as u32;
    (ones, sixes, ones > sixes)
}

/// The event number at a grid cell (SP-RND-004 to 009).
pub fn event_from_grid(tables: &Tables, row: u32, column: u32) -> Result<u32, SharpError> {
    if !(1..=6).contains(&row) || !(1..=6).contains(&column) {
        return Err(SharpError::Invalid(format!(
            "the grid runs 1 to 6 each way; ({row}, {column}) is off it"
        )));
    }
    Ok(tables.events.grid[row as usize - 1][column as usize - 1])
}

/// The entry of an event table.
pub fn event_entry(
    tables: &Tables,
    kind: EventKind,
    number: u32,
) -> Result<&EventEntry, SharpError> {
    let table = match kind {
        EventKind::Firing => &tables.events.firing,
        EventKind::Movement => &tables.events.movement,
    };
    table.iter().find(|e| e.number == number).ok_or_else(|| {
        SharpError::Invalid(format!(
            "the {} events run 1 to 10, not {number}",
            kind.name()
        ))
    })
}

/// A random event rolled.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventAnswer {
    pub kind: EventKind,
    /// The grid cell: (row die, column die).
    pub cell: (u32, u32),
    pub number: u32,
    pub entry: EventEntry,
    pub steps: Vec<Step>,
}

/// Roll a random event (SP-RND-003): the first die is the row.
pub fn random_event(
    tables: &Tables,
    rulings: &Rulings,
    kind: EventKind,
    rolls: &mut Rolls,
) -> Result<EventAnswer, SharpError> {
    let _ = rulings.choice(RulingId::EventGrid);
    let row = rolls.die(6, "random event grid row")?;
    let col = rolls.die(6, "random event grid column")?;
    let number = event_from_grid(tables, row, col)?;
    let entry = event_entry(tables, kind, number)?.clone();
    let grid_rule = match row {
        1 => "SP-RND-004",
        2 => "SP-RND-005",
        3 => "SP-RND-006",
        4 => "SP-RND-007",
        5 => "SP-RND-008",
        _ => "SP-RND-009",
    };
    let steps = vec![
        Step::new(
            "SP-RND-003",
            format!("2D6 on the grid: row {row}, column {col}"),
            i64::from(row * 10 + col),
        )
        .by(RulingId::EventGrid.name()),
        Step::new(
            grid_rule,
            format!("row {row}, column {col}: event {number}"),
            i64::from(number),
        ),
        Step::new("SP-RND-002", format!("the {} table", kind.name()), 0),
        Step::new(
            entry.rule.0,
            format!("{} {}: {}", number, entry.name, entry.effect),
            i64::from(number),
        ),
    ];
    Ok(EventAnswer {
        kind,
        cell: (row, col),
        number,
        entry,
        steps,
    })
}

/// Who the event may fall on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct EventTarget {
    /// A Big Man is with the Group (the target Group, for firing event 8).
    pub has_big_man: bool,
    /// The Group is part of a Formation.
    pub in_formation: bool,
}

/// What an event does here.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventOutcome {
    /// Whether it has any effect.
    pub applies: bool,
    /// What it falls on.
    pub on: EventOn,
    /// Men who leave the Group (looting, calling on ladies).
    pub men: Option<u32>,
    /// The lasting condition it leaves, by id.
    pub condition: Option<String>,
    pub steps: Vec<Step>,
}

/// Apply event `number` of `kind` to a target, rolling what it needs
/// (looters' count, SP-RND-016; the ladies' callers, SP-RND-028).
pub fn event_effect(
    tables: &Tables,
    rulings: &Rulings,
    kind: EventKind,
    number: u32,
    target: EventTarget,
    rolls: &mut Rolls,
) -> Result<EventOutcome, SharpError> {
    let entry = event_entry(tables, kind, number)?;
    let mut steps = vec![Step::new(
        entry.rule.0,
        entry.name.clone(),
        i64::from(number),
    )];
    let mut out = EventOutcome {
        applies: true,
        on: entry.on,
        men: None,
        condition: entry.condition.clone(),
        steps: Vec::new(),
    };
    match entry.on {
        EventOn::BigMan if !target.has_big_man => {
            let mut s = Step::new(
                if kind == EventKind::Movement {
                    "SP-RND-031"
                } else {
                    entry.rule.0
                },
                "no Big Man with the Group: no effect",
                0,
            );
            if kind == EventKind::Movement {
                let _ = rulings.choice(RulingId::NoBigMan);
                s = s.by(RulingId::NoBigMan.name());
            }
            steps.push(s);
            out.applies = false;
            out.condition = None;
        }
        EventOn::Formation if !target.in_formation => {
            steps.push(Step::new(
                entry.rule.0,
                "a single Group ignores this event",
                0,
            ));
            out.applies = false;
            out.condition = None;
        }
        EventOn::Men if kind == EventKind::Firing => {
            let _ = rulings.choice(RulingId::Looters);
            let d = rolls.die(6, "looters")?;
            let men = if d <= 3 { 2 } else { 3 };
            steps.push(
                Step::new(
                    entry.rule.0,
                    format!("D6 {d}: {men} men go looting"),
                    i64::from(men),
                )
                .by(RulingId::Looters.name()),
            );
            out.men = Some(men);
        }
        EventOn::Men => {
            let d = rolls.die(6, "men calling on the ladies")?;
            let n = i64::from(d) - 2;
            if n <= 0 {
                let _ = rulings.choice(RulingId::LadiesNone);
                steps.push(
                    Step::new(entry.rule.0, format!("D6 {d} - 2 = {n}: no one goes"), 0)
                        .by(RulingId::LadiesNone.name()),
                );
                out.men = Some(0);
                out.applies = false;
                out.condition = None;
            } else {
                steps.push(Step::new(
                    entry.rule.0,
                    format!("D6 {d} - 2 = {n} men go"),
                    n,
                ));
                out.men = Some(n as u32);
            }
        }
        _ => {}
    }
    if let Some(c) = &out.condition {
        steps.push(Step::new(
            entry.rule.0,
            format!("lasting condition: {c}"),
            1,
        ));
    }
    out.steps = steps;
    Ok(out)
}
