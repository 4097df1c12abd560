//! What one side may see (fog of war): its own formations, orders, pending
//! delays, messengers and reserves, and of the enemy only what the rules
//! make public (messengers setting out, reserves held, arrival rolls,
//! engagement, formations entering). The full log is for the reveal.

use std::fmt::Write as _;

use crate::error::NbError;
use crate::model::ReserveKind;
use crate::state::Game;

/// A side's report for the turn so far.
pub fn side_report(game: &Game, side: &str) -> Result<String, NbError> {
    let side = game.side(side)?.name.clone();
    let mut s = format!(
        "{} -- {} -- turn {}, {}\n",
        game.name,
        side,
        game.turn,
        game.phase.name()
    );
    let _ = writeln!(s, "\nYour formations");
    for f in game.formations.iter().filter(|f| f.side == side) {
        let _ = write!(
            s,
            "  {} ({:?}, {}): {}",
            f.name,
            f.level,
            f.general,
            f.order.kind.name()
        );
        if !f.order.objective.is_empty() {
            let _ = write!(s, " — {}", f.order.objective);
        }
        if f.engaged {
            s.push_str(" [engaged]");
        }
        s.push('\n');
        for (id, duty) in crate::engine::duties(game, &f.name)? {
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
    let mine: Vec<_> = game
        .messengers
        .iter()
        .filter(|m| m.order.side == side && !m.read)
        .collect();
    if !mine.is_empty() {
        let _ = writeln!(s, "\nYour messengers");
        for m in mine {
            let _ = writeln!(
                s,
                "  order {} to {}: {}",
                m.order.id,
                m.recipient,
                match m.delivered {
                    Some(t) => format!("delivered turn {t}, to be read next Communications step"),
                    None => format!("{}\" to go", m.distance_left),
                }
            );
        }
    }
    let _ = writeln!(s, "\nThe log");
    for n in game
        .log
        .iter()
        .filter(|n| n.to.as_deref().is_none_or(|t| t == side))
    {
        let _ = writeln!(s, "  turn {} {}: {}", n.turn, n.phase.name(), n.text);
    }
    Ok(s)
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
            n.text
        );
    }
    s
}
