//! The log: what happened, as typed events the engine writes, each with
//! who may read it, and the one renderer that turns an event into the
//! sentence a report shows.
//!
//! A game saved before the events were typed keeps its entries as the
//! sentences they were ([`Event::Written`]).

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::ids::{FormationId, GeneralId, OrderId};
use crate::model::{OrderKind, Phase, Quality};

/// One entry of the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "SavedNote")]
pub struct Note {
    pub turn: u32,
    pub phase: Phase,
    /// Who may read it: a side, or both (`None`).
    pub to: Option<String>,
    pub event: Event,
}

impl Note {
    /// The entry as the log reads.
    pub fn text(&self) -> String {
        self.event.render()
    }
}

/// A log entry as saved: an event, or (saved before events were typed)
/// its sentence.
#[derive(Deserialize)]
#[serde(untagged)]
enum SavedNote {
    Event {
        turn: u32,
        phase: Phase,
        to: Option<String>,
        event: Event,
    },
    Text {
        turn: u32,
        phase: Phase,
        to: Option<String>,
        text: String,
    },
}

impl From<SavedNote> for Note {
    fn from(saved: SavedNote) -> Note {
        match saved {
            SavedNote::Event {
                turn,
                phase,
                to,
                event,
            } => Note {
                turn,
                phase,
                to,
                event,
            },
            SavedNote::Text {
                turn,
                phase,
                to,
                text,
            } => Note {
                turn,
                phase,
                to,
                event: Event::Written { text },
            },
        }
    }
}

/// How an off-board reserve's arrival roll came out (NB-OFF-006..009).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArrivalRoll {
    pub die: u32,
    /// The general's quality, and its modifier.
    pub quality: Quality,
    pub modifier: i32,
    pub total: i32,
    /// Turns late (negative: early).
    pub late: i32,
    /// The table's row.
    pub row: String,
    /// Early, but held to the planned turn (ruling `early-arrival`).
    pub early_blocked: bool,
}

/// What a unit out of its general's range is told (NB-CMD-003..005).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum OutOfRange {
    /// Exempt, for the reason the players gave.
    Exempt(String),
    /// Marked for the GM's penalty.
    Penalty { general: GeneralId },
    /// Must try to get back, no penalty.
    NoPenalty { general: GeneralId },
}

/// Something that happened, for the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// The game begins.
    Opening { game: String },
    /// A formation's starting order, as the command named it.
    StartingOrder {
        formation: String,
        kind: OrderKind,
        objective: String,
    },
    /// An order given in person by the army commander (NB-ATT-004).
    GivenInPerson {
        order: OrderId,
        to: Vec<FormationId>,
        kind: OrderKind,
        objective: String,
        chief: GeneralId,
        recipient: GeneralId,
        acts_from: u32,
    },
    /// An order written and sent with a messenger (NB-MSG-001).
    OrderSent {
        order: OrderId,
        to: Vec<FormationId>,
        kind: OrderKind,
        objective: String,
        recipient: GeneralId,
        distance: f64,
    },
    /// What the other side sees of it.
    MessengerSetsOut { side: String },
    /// A messenger re-measured or turned toward another general.
    MessengerRedirected {
        order: OrderId,
        recipient: GeneralId,
        distance: f64,
    },
    /// A messenger whose general has fallen waits.
    MessengerWaits {
        order: OrderId,
        recipient: GeneralId,
    },
    /// A messenger rides on.
    MessengerRides {
        order: OrderId,
        speed: f64,
        left: f64,
    },
    /// A messenger reaches his general.
    MessengerArrives {
        order: OrderId,
        recipient: GeneralId,
        turn: u32,
    },
    /// An on-board reserve acts on its order at once (NB-RES-003).
    ReserveActsAtOnce {
        formation: FormationId,
        order: OrderId,
        kind: OrderKind,
        objective: String,
    },
    /// An order waits for its general to detach (NB-ATT-003).
    WaitsForDetaching { general: GeneralId, order: OrderId },
    /// An order carried to a general who commands neither the formation
    /// nor the one above it.
    NeverReceived {
        order: OrderId,
        recipient: GeneralId,
        formation: FormationId,
    },
    /// A formation's general out of range does not test (NB-ROUTE-008/010).
    DoesNotTest {
        general: GeneralId,
        recipient: GeneralId,
        order: OrderId,
    },
    /// A formation reads an order and rolls for its delay (NB-ACT-021).
    OrderRead {
        formation: FormationId,
        order: OrderId,
        kind: OrderKind,
        objective: String,
        turn: u32,
        /// The activation's working, step by step.
        working: String,
        acts_from: u32,
    },
    /// An order's delay has run: it takes effect.
    OrderTakesEffect {
        formation: FormationId,
        order: OrderId,
        kind: OrderKind,
        objective: String,
        turn: u32,
        /// Divisions keeping an order of their own.
        kept: Vec<String>,
    },
    /// An off-board reserve and its secret planned turn (NB-OFF-002).
    OffBoardReserve {
        formation: FormationId,
        square: String,
        planned: u32,
        die_add: u32,
    },
    /// An on-board reserve (NB-RES-001).
    OnBoardReserve { formation: FormationId, within: f64 },
    /// An off-board reserve's general placed, and the open arrival roll.
    GeneralPlaced {
        side: String,
        general: GeneralId,
        square: String,
        roll: ArrivalRoll,
    },
    /// The turn and order an off-board reserve enters with (NB-OFF-004).
    EntryPlanned {
        formation: FormationId,
        arrival: u32,
        kind: OrderKind,
        objective: String,
    },
    /// What both sides see of an arrival.
    EntersTable {
        side: String,
        formation: FormationId,
    },
    /// The arriving side's own account of it (NB-OFF-016..021).
    Arrives {
        formation: FormationId,
        kind: OrderKind,
        objective: String,
    },
    /// A division engaged, or no longer (NB-ENG).
    Engagement {
        formation: FormationId,
        engaged: bool,
    },
    /// An attack or move completed (NB-ATK-007).
    Completed {
        formation: FormationId,
        objective: String,
    },
    /// The army commander joins another general (NB-ATT-004).
    JoinsGeneral {
        general: GeneralId,
        joined: GeneralId,
    },
    /// A general attaches to a combat unit (NB-ATT-001..003).
    AttachesToUnit { general: GeneralId, army: bool },
    /// A general detaches.
    Detaches { general: GeneralId },
    /// A general is killed or captured (NB-MISC).
    Falls { general: GeneralId },
    /// His replacement arrives.
    Replaced { new: GeneralId, old: GeneralId },
    /// Within his superior's command range, or not.
    Range { general: GeneralId, within: bool },
    /// A reserve threatened, or no longer (NB-RES-004/005).
    Threat {
        formation: FormationId,
        threatened: bool,
    },
    /// A unit out of its division general's range (NB-CMD-002..005).
    UnitOutOfRange {
        unit: String,
        formation: FormationId,
        verdict: OutOfRange,
    },
    /// An entry saved as its sentence, before events were typed.
    Written { text: String },
}

fn joined(ids: &[FormationId]) -> String {
    ids.iter()
        .map(FormationId::as_str)
        .collect::<Vec<_>>()
        .join(", ")
}

fn late_words(late: i32) -> &'static str {
    match late {
        2 => "2 turns late",
        1 => "1 turn late",
        0 => "as planned",
        _ => "1 turn early",
    }
}

impl Event {
    /// The sentence the log shows.
    #[expect(
        clippy::too_many_lines,
        reason = "the one renderer of every event: one arm a sentence, read side by side"
    )]
    pub fn render(&self) -> String {
        match self {
            Event::Opening { game } => {
                format!("{game}: turn 1, Arrival Step. Choose reserves and give starting orders.")
            }
            Event::StartingOrder {
                formation,
                kind,
                objective,
            } => format!(
                "{formation} starts on {} {objective}, in force from turn 1 with no roll (NB-SETUP-004/005).",
                kind.name()
            ),
            Event::GivenInPerson {
                order,
                to,
                kind,
                objective,
                chief,
                recipient,
                acts_from,
            } => format!(
                "Order {order} for {}: {} {objective} — given in person by {chief} to {recipient}; acts from turn {acts_from}.",
                joined(to),
                kind.name()
            ),
            Event::OrderSent {
                order,
                to,
                kind,
                objective,
                recipient,
                distance,
            } => format!(
                "Order {order} for {}: {} {objective}; messenger to {recipient} ({distance}\").",
                joined(to),
                kind.name()
            ),
            Event::MessengerSetsOut { side } => {
                format!("{side} writes an order; a messenger sets out.")
            }
            Event::MessengerRedirected {
                order,
                recipient,
                distance,
            } => format!(
                "Messenger with order {order} now rides to {recipient} ({distance}\" to go)."
            ),
            Event::MessengerWaits { order, recipient } => format!(
                "Messenger with order {order} waits: {recipient} has fallen (ruling casualty)."
            ),
            Event::MessengerRides { order, speed, left } => {
                format!("Messenger with order {order} rides {speed}\": {left}\" to go.")
            }
            Event::MessengerArrives {
                order,
                recipient,
                turn,
            } => format!("Messenger with order {order} reaches {recipient} (turn {turn})."),
            Event::ReserveActsAtOnce {
                formation,
                order,
                kind,
                objective,
            } => format!(
                "{formation}, in reserve, acts on order {order} at once: {} {objective} (NB-RES-003) [ruling reserve-same-turn].",
                kind.name()
            ),
            Event::WaitsForDetaching { general, order } => format!(
                "{general} is attached to a combat unit: order {order} waits until he detaches (NB-ATT-003) [ruling after-detaching]."
            ),
            Event::NeverReceived {
                order,
                recipient,
                formation,
            } => format!(
                "Order {order} was carried to {recipient}, who commands neither {formation} nor the formation above it: {formation} never receives it (one messenger reaches one general; send {formation} its own)."
            ),
            Event::DoesNotTest {
                general,
                recipient,
                order,
            } => format!(
                "{general} is out of {recipient}'s range: it does not test on order {order} (NB-ROUTE-008/010)."
            ),
            Event::OrderRead {
                formation,
                order,
                kind,
                objective,
                turn,
                working,
                acts_from,
            } => format!(
                "{formation} reads order {order} ({} {objective}) on turn {turn}: {working}; acts from turn {acts_from} (NB-ACT-021).",
                kind.name()
            ),
            Event::OrderTakesEffect {
                formation,
                order,
                kind,
                objective,
                turn,
                kept,
            } => {
                let mut text = format!(
                    "{formation} now acts on order {order}: {} {objective} (turn {turn}).",
                    kind.name()
                );
                if !kept.is_empty() {
                    let _ = write!(text, " {}.", kept.join("; "));
                }
                text
            }
            Event::OffBoardReserve {
                formation,
                square,
                planned,
                die_add,
            } => format!(
                "{formation} is an off-board reserve entering at {square}; planned turn {planned} (secret; d6 + {die_add}) (NB-OFF-002)."
            ),
            Event::OnBoardReserve { formation, within } => format!(
                "{formation} is an on-board reserve: deploy it within {within}\" of your base edge (NB-RES-001)."
            ),
            Event::GeneralPlaced {
                side,
                general,
                square,
                roll,
            } => format!(
                "{side}: {general} is placed at {square} (NB-OFF-003); arrival roll d10 = {} {:+} ({}) = {}: {} ({}) [ruling arrival-die]{}.",
                roll.die,
                roll.modifier,
                roll.quality.letter(),
                roll.total,
                late_words(roll.late),
                roll.row,
                if roll.early_blocked {
                    " — but not before the planned turn [ruling early-arrival]"
                } else {
                    ""
                }
            ),
            Event::EntryPlanned {
                formation,
                arrival,
                kind,
                objective,
            } => format!(
                "{formation} will enter on turn {arrival} under {} {objective} (NB-OFF-004).",
                kind.name()
            ),
            Event::EntersTable { side, formation } => {
                format!("{side}'s {formation} enters the table.")
            }
            Event::Arrives {
                formation,
                kind,
                objective,
            } => format!(
                "{formation} enters the table within 6\" of its general, no closer than 8\" to un-routed enemy, and may not start combat this turn (NB-OFF-016..020); it acts on {} {objective} (NB-OFF-021).",
                kind.name()
            ),
            Event::Engagement {
                formation,
                engaged: true,
            } => format!(
                "{formation} is engaged: an un-routed enemy unit is within 17\"; it may respond only to the formations it is engaged with (NB-ENG-002/005)."
            ),
            Event::Engagement {
                formation,
                engaged: false,
            } => format!(
                "{formation} is no longer engaged (NB-ENG-006) [ruling engagement-ends]; an Attack/Maneuver formation resumes its order and its half-speed minimum (NB-ATK-006)."
            ),
            Event::Completed {
                formation,
                objective,
            } => format!(
                "{formation} has completed its attack or move and now defends {objective} (NB-ATK-007) [ruling completion]."
            ),
            Event::JoinsGeneral { general, joined } => format!(
                "{general} joins {joined}: orders he writes for {joined}'s formation take effect in the next Command step (NB-ATT-004) [ruling attached-chain]."
            ),
            Event::AttachesToUnit {
                general,
                army: true,
            } => format!(
                "{general} attaches to a combat unit: he can issue no orders while attached (NB-ATT-002)."
            ),
            Event::AttachesToUnit {
                general,
                army: false,
            } => format!(
                "{general} attaches to a combat unit, keeping his command range (NB-CMD-006); orders delivered to him wait until he detaches (NB-ATT-003)."
            ),
            Event::Detaches { general } => format!(
                "{general} detaches; orders waiting for him are read at the next Communications step [ruling after-detaching]."
            ),
            Event::Falls { general } => format!(
                "{general} is killed or captured: his formation carries on with its last order and can receive none until he is replaced (NB-MISC-001..003) [ruling casualty]."
            ),
            Event::Replaced { new, old } => {
                format!("{new} takes over from {old}; waiting messengers ride on to him.")
            }
            Event::Range { general, within } => format!(
                "{general} is {} his superior's command range.",
                if *within { "within" } else { "outside" }
            ),
            Event::Threat {
                formation,
                threatened: true,
            } => format!(
                "{formation} is threatened: it defends itself as if on Defend, still in reserve (NB-RES-004)."
            ),
            Event::Threat {
                formation,
                threatened: false,
            } => format!("{formation}: the threat has passed; plain reserve again (NB-RES-005)."),
            Event::UnitOutOfRange {
                unit,
                formation,
                verdict,
            } => match verdict {
                OutOfRange::Exempt(why) => format!(
                    "{unit} of {formation} is out of its general's range but exempt: {why} (NB-CMD-003) [ruling exceptions]."
                ),
                OutOfRange::Penalty { general } => format!(
                    "{unit} of {formation} ended its move out of {general}'s range: marked for the GM's penalty (NB-CMD-005) [ruling out-of-range]."
                ),
                OutOfRange::NoPenalty { general } => format!(
                    "{unit} of {formation} ended its move out of {general}'s range: it must try to get back (NB-CMD-004); no penalty (NB-CMD-005) [ruling out-of-range]."
                ),
            },
            Event::Written { text } => text.clone(),
        }
    }
}
