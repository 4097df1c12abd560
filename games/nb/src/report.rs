//! What one side may see (fog of war): its own formations, orders, pending
//! delays, messengers and reserves, and of the enemy only what the rules
//! make public (messengers setting out, arrival rolls, engagement,
//! formations entering). The view is decided once (`side_view`) and
//! rendered as text or JSON; the full log is for the reveal.

use std::fmt::Write as _;

use serde::Serialize;

use crate::error::NbError;
use crate::ids::OrderId;
use crate::log::Note;
use crate::model::{Level, OrderKind, Phase, ReserveKind};
use crate::state::{Game, Pending};

/// A reserve, as its own side sees it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReserveView {
    pub kind: ReserveKind,
    pub entry_square: Option<String>,
    /// Secret from the enemy.
    pub planned_turn: Option<u32>,
    pub arrival_turn: Option<u32>,
    pub threatened: bool,
}

/// One of the side's formations.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FormationView {
    pub name: String,
    pub level: Level,
    pub general: String,
    pub order: OrderKind,
    pub objective: String,
    pub engaged: bool,
    pub pending: Vec<Pending>,
    pub reserve: Option<ReserveView>,
    /// What its order and state require this turn, with checklist ids.
    pub duties: Vec<(String, String)>,
    /// Its combat units (name, arm), when the scenario lists them.
    pub units: Vec<(String, String)>,
}

/// One of the side's messengers not yet read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MessengerView {
    pub order: OrderId,
    pub recipient: String,
    pub delivered: Option<u32>,
    pub distance_left: f64,
}

/// One log entry, as its reader reads it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NoteView {
    pub turn: u32,
    pub phase: Phase,
    /// Who may read it: a side, or both (`None`).
    pub to: Option<String>,
    pub text: String,
}

impl From<&Note> for NoteView {
    fn from(n: &Note) -> NoteView {
        NoteView {
            turn: n.turn,
            phase: n.phase,
            to: n.to.clone(),
            text: n.text(),
        }
    }
}

/// Everything one side may see.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideView {
    pub schema: &'static str,
    pub version: u32,
    pub game: String,
    pub side: String,
    pub turn: u32,
    pub phase: Phase,
    pub formations: Vec<FormationView>,
    pub messengers: Vec<MessengerView>,
    /// The log entries for this side or for both.
    pub log: Vec<NoteView>,
}

/// Decide what a side may see.
pub fn side_view(game: &Game, side: &str) -> Result<SideView, NbError> {
    let side = game.side(side)?.name.clone();
    let mut formations = Vec::new();
    for f in game.formations.iter().filter(|f| f.side == side) {
        formations.push(FormationView {
            name: f.name.clone(),
            level: f.level,
            general: f.general.to_string(),
            order: f.order.kind,
            objective: f.order.objective.clone(),
            engaged: f.engaged,
            pending: f.pending.clone(),
            reserve: f.reserve.as_ref().map(|r| ReserveView {
                kind: r.kind,
                entry_square: r.entry_square.clone(),
                planned_turn: r.planned_turn,
                arrival_turn: r.arrival_turn,
                threatened: r.threatened,
            }),
            duties: crate::engine::duties(game, &f.name)?
                .into_iter()
                .map(|(id, d)| (id.to_string(), d))
                .collect(),
            units: game
                .units
                .iter()
                .filter(|u| u.formation == f.name)
                .map(|u| (u.name.clone(), u.arm.clone()))
                .collect(),
        });
    }
    Ok(SideView {
        schema: "umpire-nb-side-view",
        version: 1,
        game: game.name.clone(),
        side: side.clone(),
        turn: game.turn,
        phase: game.phase,
        formations,
        messengers: game
            .messengers
            .iter()
            .filter(|m| m.order.side == side && !m.read)
            .map(|m| MessengerView {
                order: m.order.id,
                recipient: m.recipient.to_string(),
                delivered: m.delivered,
                distance_left: m.distance_left,
            })
            .collect(),
        log: game
            .log
            .iter()
            .filter(|n| n.to.as_deref().is_none_or(|t| t == side))
            .map(NoteView::from)
            .collect(),
    })
}

/// A side's report as text.
pub fn render(v: &SideView) -> String {
    let mut s = format!(
        "{} -- {} -- turn {}, {}\n",
        v.game,
        v.side,
        v.turn,
        v.phase.name()
    );
    let _ = writeln!(s, "\nYour formations");
    for f in &v.formations {
        let _ = write!(
            s,
            "  {} ({:?}, {}): {}",
            f.name,
            f.level,
            f.general,
            f.order.name()
        );
        if !f.objective.is_empty() {
            let _ = write!(s, " — {}", f.objective);
        }
        if f.engaged {
            s.push_str(" [engaged]");
        }
        s.push('\n');
        if !f.units.is_empty() {
            let _ = writeln!(
                s,
                "    units: {}",
                f.units
                    .iter()
                    .map(|(n, a)| format!("{n} ({a})"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        for (id, duty) in &f.duties {
            let _ = writeln!(s, "    - {duty} ({id})");
        }
        for p in &f.pending {
            let _ = writeln!(
                s,
                "    order {} ({} {}) read turn {}{}: acts from turn {}",
                p.order.id,
                p.order.kind.name(),
                p.order.objective,
                p.read_turn,
                p.roll
                    .map(|(d, t)| format!(", rolled {d} (total {t})"))
                    .unwrap_or_default(),
                p.acts_from
            );
        }
        if let Some(r) = &f.reserve {
            match r.kind {
                ReserveKind::OnBoard => {
                    let _ = writeln!(
                        s,
                        "    on-board reserve{}",
                        if r.threatened {
                            " (defending itself)"
                        } else {
                            ""
                        }
                    );
                }
                ReserveKind::OffBoard => {
                    let _ = writeln!(
                        s,
                        "    off-board reserve at {}: planned turn {}{}",
                        r.entry_square.clone().unwrap_or_default(),
                        r.planned_turn.map_or("?".to_string(), |t| t.to_string()),
                        r.arrival_turn
                            .map(|t| format!(", arrives turn {t}"))
                            .unwrap_or_default()
                    );
                }
            }
        }
    }
    if !v.messengers.is_empty() {
        let _ = writeln!(s, "\nYour messengers");
        for m in &v.messengers {
            let _ = writeln!(
                s,
                "  order {} to {}: {}",
                m.order,
                m.recipient,
                match m.delivered {
                    Some(t) => format!("delivered turn {t}, to be read next Communications step"),
                    None => format!("{}\" to go", m.distance_left),
                }
            );
        }
    }
    let _ = writeln!(s, "\nThe log");
    for n in &v.log {
        let _ = writeln!(s, "  turn {} {}: {}", n.turn, n.phase.name(), n.text);
    }
    s
}

/// A side's report for the turn so far, as text.
pub fn side_report(game: &Game, side: &str) -> Result<String, NbError> {
    Ok(render(&side_view(game, side)?))
}

/// Every entry, for the post-game reveal.
pub fn full_log(game: &Game) -> String {
    let mut s = String::new();
    for n in &game.log {
        let _ = writeln!(
            s,
            "turn {} {} [{}]: {}",
            n.turn,
            n.phase.name(),
            n.to.as_deref().unwrap_or("both"),
            n.text()
        );
    }
    s
}
