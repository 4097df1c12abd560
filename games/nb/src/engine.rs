//! The staff officer's work, phase by phase: writing orders, riding
//! messengers, reading and rolling for activation, orders taking effect,
//! reserves placed and arriving. Every function takes the dice as a
//! closure (seeded or typed in by the caller) and leaves a log entry for
//! whoever may read it.

use umpire_core::working::Step;

use crate::error::NbError;
use crate::ids::{FormationId, GeneralId, OrderId};
use crate::log::{ArrivalRoll, Event, OutOfRange};
use crate::model::{Level, OrderKind, Phase, ReserveKind};
use crate::rulings::{RulingId, Rulings};
use crate::state::{Formation, Game, General, Messenger, Order, Pending, Side, WrittenOrder};
use crate::tables::Tables;

/// Dice: `roll(sides, what)`, where `what` names the roll whole (the
/// formation and the order): each is rolled once in a game, from the
/// game's dice, so it comes out the same whatever else was rolled.
pub type Roll<'a> = &'a mut dyn FnMut(u32, &str) -> Result<u32, NbError>;

fn refuse<T>(text: impl Into<String>) -> Result<T, NbError> {
    Err(NbError::Refused(text.into()))
}

fn need_phase(game: &Game, phase: Phase, what: &str) -> Result<(), NbError> {
    if game.phase == phase {
        Ok(())
    } else {
        refuse(format!(
            "{what} happens in the {}; it is now the {} of turn {} (`next` moves on)",
            phase.name(),
            game.phase.name(),
            game.turn
        ))
    }
}

/// Where a written order goes.
#[derive(Debug, Clone, PartialEq)]
pub struct Writing {
    pub side: String,
    pub to: Vec<String>,
    pub kind: OrderKind,
    pub objective: String,
    /// The general the messenger rides to (default: the commander of the
    /// first formation named).
    pub via: Option<String>,
    /// Inches from the army commander to the recipient, as measured.
    pub distance: f64,
}

/// Write an order in the Communications step (NB-ISS, NB-MSG-001).
pub fn write_order(
    game: &mut Game,
    tables: &Tables,
    w: &Writing,
) -> Result<(OrderId, Vec<Step>), NbError> {
    need_phase(game, Phase::Communications, "Writing orders")?;
    let side = game.side(&w.side)?.clone();
    let chief = game.army_commander(&side.name)?.clone();
    let rulings = game.rulings()?;
    if chief.attached_to_unit {
        return refuse(format!(
            "{} is attached to a combat unit and can issue no orders (NB-ATT-002, NB-ISS-008)",
            chief.name
        ));
    }
    if w.kind == OrderKind::Reserve {
        return refuse(
            "a change of orders gives Attack/Maneuver or Defend; Reserve is a status that cannot be ordered (NB-ORD-003)",
        );
    }
    if w.to.is_empty() {
        return refuse("an order names the formation(s) it is for");
    }
    if w.objective.trim().is_empty() {
        return refuse("an order names its single objective or position (NB-ISS-007, NB-DEF-001)");
    }
    let formations = addressed(game, w, &side)?;
    let mut steps = allowance(game, tables, &side, &rulings)?;
    let rec = recipient(game, w, &side, &formations)?;
    let first = formations.first().cloned();
    let id = OrderId(game.next_order);
    game.next_order += 1;
    let order = WrittenOrder {
        id,
        side: side.name.clone(),
        to: formations.iter().map(Formation::id).collect(),
        kind: w.kind,
        objective: w.objective.clone(),
        written_turn: game.turn,
    };
    if let Some(e) = game.written.iter_mut().find(|(s, _)| s == &side.name) {
        e.1 += 1;
    } else {
        game.written.push((side.name.clone(), 1));
    }
    // The army commander with the formation's general: activated in the
    // next Command step, no messenger, no roll (NB-ATT-004).
    let with = chief.attached_to_general.as_deref().is_some_and(|g| {
        first
            .as_ref()
            .is_some_and(|f| f.general.eq_ignore_ascii_case(g))
    });
    if with {
        let turn = game.turn;
        for f in &order.to {
            game.formation_mut(f)?.pending.push(Pending {
                order: order.clone(),
                formation: f.clone(),
                read_turn: turn,
                roll: None,
                delay: 1,
                acts_from: turn + 1,
            });
        }
        steps.push(Step::new("NB-ATT-004", format!("{} is with {}: the order takes effect in the next Command step, with no messenger and no roll", chief.name, rec.name), 0));
        game.record(
            Some(&side.name),
            Event::GivenInPerson {
                order: id,
                to: order.to.clone(),
                kind: w.kind,
                objective: w.objective.clone(),
                chief: chief.id(),
                recipient: rec.id(),
                acts_from: turn + 1,
            },
        );
        return Ok((id, steps));
    }
    game.messengers.push(Messenger {
        order: order.clone(),
        recipient: rec.id(),
        distance_left: w.distance.max(0.0),
        delivered: None,
        read: false,
    });
    steps.push(Step::new(
        "NB-MSG-001",
        format!("a messenger rides to {} ({}\" to go)", rec.name, w.distance),
        w.distance as i64,
    ));
    game.record(
        Some(&side.name),
        Event::OrderSent {
            order: id,
            to: order.to.clone(),
            kind: w.kind,
            objective: w.objective.clone(),
            recipient: rec.id(),
            distance: w.distance,
        },
    );
    game.record(
        None,
        Event::MessengerSetsOut {
            side: side.name.clone(),
        },
    );
    Ok((id, steps))
}

/// The formations an order is for: the side's own, and several only if
/// they are corps of one wing (NB-ISS-006/007).
fn addressed(game: &Game, w: &Writing, side: &Side) -> Result<Vec<Formation>, NbError> {
    let mut formations = Vec::new();
    for f in &w.to {
        let f = game.formation(f)?.clone();
        if f.side != side.name {
            return refuse(format!("{} is not {}'s", f.name, side.name));
        }
        formations.push(f);
    }
    if formations.len() > 1 {
        // Several formations: corps of one wing, one objective (NB-ISS-007).
        let parents: Vec<Option<FormationId>> =
            formations.iter().map(|f| f.parent.clone()).collect();
        if formations.iter().any(|f| f.level != Level::Corps)
            || parents.windows(2).any(|p| p[0] != p[1])
        {
            return refuse(
                "an order for several formations must be for corps of one wing, with one objective (NB-ISS-006/007); write separate orders",
            );
        }
    }
    Ok(formations)
}

/// How many orders the side may still write this turn (NB-ISS-002/005):
/// the working, or a refusal once they are written.
fn allowance(
    game: &Game,
    tables: &Tables,
    side: &Side,
    rulings: &Rulings,
) -> Result<Vec<Step>, NbError> {
    let allowance = tables.allowance(&side.nation);
    let written = game
        .written
        .iter()
        .find(|(s, _)| s == &side.name)
        .map_or(0, |(_, n)| *n);
    let mut steps = vec![
        Step::new(
            "NB-ISS-002",
            format!(
                "{} may write {allowance} order(s) a turn; {written} written",
                side.nation
            ),
            i64::from(allowance),
        )
        .by(RulingId::Allowance.name()),
    ];
    if rulings.is(RulingId::Allowance, "bonus-only") {
        let bonus = allowance.saturating_sub(1);
        steps.push(
            Step::new(
                "NB-ISS-005",
                format!("the bonus alone: {bonus}"),
                i64::from(bonus),
            )
            .by(RulingId::Allowance.name()),
        );
    }
    let limit = if rulings.is(RulingId::Allowance, "bonus-only") {
        allowance.saturating_sub(1)
    } else {
        allowance
    };
    if written >= limit {
        return refuse(format!(
            "{} has written its {limit} order(s) this turn (NB-ISS-005)",
            side.name
        ));
    }
    Ok(steps)
}

/// The general the messenger rides to, routed as the rules allow
/// (NB-ROUTE): the formation's own general, its corps commander (a
/// division's order, NB-ROUTE-003/005) or its wing commander (NB-ROUTE-006).
fn recipient(
    game: &Game,
    w: &Writing,
    side: &Side,
    formations: &[Formation],
) -> Result<General, NbError> {
    let recipient = match &w.via {
        Some(g) => game.general(g)?.id(),
        None => formations
            .first()
            .map(|f| f.general.clone())
            .unwrap_or_default(),
    };
    let rec = game.general(&recipient)?.clone();
    if rec.side != side.name {
        return refuse(format!("{} is not {}'s general", rec.name, side.name));
    }
    // Routing (NB-ROUTE): to the formation's own general, its corps
    // commander (a division's order, NB-ROUTE-003/005) or its wing
    // commander (NB-ROUTE-006).
    if let Some(f) = formations.first() {
        let is_own = rec.formation.as_deref() == Some(f.name.as_str());
        let is_parent = f
            .parent
            .as_ref()
            .is_some_and(|p| rec.formation.as_deref() == Some(p.as_str()));
        if !is_own && !is_parent {
            return refuse(format!(
                "{} neither commands {} nor the formation above it (NB-ROUTE)",
                rec.name, f.name
            ));
        }
        if is_parent && f.level == Level::Division {
            let div = game.general(&f.general)?;
            if !div.in_superior_range {
                return refuse(format!(
                    "{} is out of {}'s command range: the messenger must ride to him (NB-ROUTE-005)",
                    div.name, rec.name
                ));
            }
        }
    }
    Ok(rec)
}

/// Re-measure a messenger's distance, or turn him toward another general
/// (the wing commander, NB-MSG-006).
pub fn redirect(
    game: &mut Game,
    id: OrderId,
    to: Option<&str>,
    distance: f64,
) -> Result<String, NbError> {
    let recipient = match to {
        Some(g) => Some(game.general(g)?.id()),
        None => None,
    };
    let m = game
        .messengers
        .iter_mut()
        .find(|m| m.order.id == id && m.delivered.is_none())
        .ok_or_else(|| NbError::Refused(format!("no messenger on the road with order {id}")))?;
    if let Some(r) = recipient {
        m.recipient = r;
    }
    m.distance_left = distance.max(0.0);
    let side = m.order.side.clone();
    let event = Event::MessengerRedirected {
        order: id,
        recipient: m.recipient.clone(),
        distance: m.distance_left,
    };
    Ok(game.record(Some(&side), event))
}

/// The Maneuver phase opens with the messengers (NB-SEQ-002, NB-MSG-002):
/// each rides the army commander's command range; delivered when that
/// covers the distance (ruling `reaching`). An on-board reserve acts on its
/// order at once (NB-RES-003).
pub fn ride(game: &mut Game) -> Result<Vec<String>, NbError> {
    need_phase(game, Phase::Maneuver, "Messengers ride")?;
    let turn = game.turn;
    let mut out = Vec::new();
    for i in 0..game.messengers.len() {
        let m = game.messengers[i].clone();
        if m.delivered.is_some() {
            continue;
        }
        let speed = game.army_commander(&m.order.side)?.command_range;
        let recipient = game.general(&m.recipient)?.clone();
        if recipient.fallen {
            let event = Event::MessengerWaits {
                order: m.order.id,
                recipient: recipient.id(),
            };
            out.push(game.record(Some(&m.order.side), event));
            continue;
        }
        let left = (m.distance_left - speed).max(0.0);
        game.messengers[i].distance_left = left;
        if left > 0.0 {
            let event = Event::MessengerRides {
                order: m.order.id,
                speed,
                left,
            };
            out.push(game.record(Some(&m.order.side), event));
            continue;
        }
        game.messengers[i].delivered = Some(turn);
        let event = Event::MessengerArrives {
            order: m.order.id,
            recipient: recipient.id(),
            turn,
        };
        out.push(game.record(Some(&m.order.side), event));
        // On-board reserves act at once (NB-RES-003, ruling
        // `reserve-same-turn`).
        for f in m.order.to.clone() {
            let on_board = game
                .formation(&f)?
                .reserve
                .as_ref()
                .is_some_and(|r| r.kind == ReserveKind::OnBoard);
            if on_board {
                game.messengers[i].read = true;
                take_effect(game, &f, &m.order)?;
                let event = Event::ReserveActsAtOnce {
                    formation: f.clone(),
                    order: m.order.id,
                    kind: m.order.kind,
                    objective: m.order.objective.clone(),
                };
                out.push(game.record(Some(&m.order.side), event));
            }
        }
    }
    Ok(out)
}

/// The divisions under `formation` (and theirs, down the chain) take its
/// order: only corps and divisions answering to the army commander hold
/// orders of their own (ruling `starting-orders`, NB-SETUP-006).
/// An order taken by a formation passes down to the formations under it
/// (NB-ISS-006): all but one with an order of its own written no earlier
/// than this one, which keeps it (the seed: "separate orders must be
/// written to the Division and Corps respectively", so the division's own
/// order is not silently replaced by its corps'). Returns the formations
/// that kept their own order, each with it.
fn pass_down(game: &mut Game, formation: &str) -> Vec<String> {
    let Some(order) = game
        .formations
        .iter()
        .find(|f| f.name == formation)
        .map(|f| f.order.clone())
    else {
        return Vec::new();
    };
    let below: Vec<String> = game
        .formations
        .iter()
        .filter(|f| f.parent.as_deref() == Some(formation))
        .map(|f| f.name.clone())
        .collect();
    let mut kept = Vec::new();
    for name in below {
        if let Some(f) = game.formations.iter_mut().find(|f| f.name == name) {
            if f.order.direct && f.order.written >= order.written {
                kept.push(format!(
                    "{} keeps its own order, {} {} (NB-ISS-006)",
                    f.name,
                    f.order.kind.name(),
                    f.order.objective
                ));
                continue;
            }
            f.order = Order {
                direct: false,
                ..order.clone()
            };
        }
        kept.extend(pass_down(game, &name));
    }
    kept
}

/// An order takes effect for a formation.
fn take_effect(
    game: &mut Game,
    formation: &str,
    order: &WrittenOrder,
) -> Result<Vec<String>, NbError> {
    let turn = game.turn;
    let f = game.formation_mut(formation)?;
    f.order = Order {
        kind: order.kind,
        objective: order.objective.clone(),
        since: turn,
        direct: true,
        written: order.written_turn,
    };
    if f.reserve.take().is_some() {
        f.left_reserve = true;
        f.on_table = true;
    }
    Ok(pass_down(game, formation))
}

/// The activation roll for one formation (NB-ACT): d10 + nationality +
/// the testing general's quality → delay.
pub fn activation(
    tables: &Tables,
    game: &Game,
    formation: &str,
    die: u32,
) -> Result<(i32, u32, Vec<Step>), NbError> {
    let f = game.formation(formation)?;
    let general = game.general(&f.general)?;
    let side = game.side(&f.side)?;
    let (nat, listed) = tables.nationality_modifier(&side.nation, side.year);
    let q = tables.activation_quality(general.quality);
    let total = i32::try_from(die).unwrap_or(0) + nat + q;
    let delay = tables.delay(total);
    let mut steps = vec![
        Step::new(
            "NB-ACT-001",
            format!("{} reads: d10 = {die}", general.name),
            i64::from(die),
        )
        .by(RulingId::ActivationDie.name()),
    ];
    let nat_step = Step::new(
        if listed { "NB-ACT-007" } else { "NB-ACT-015" },
        format!("{} {}: {nat:+}", side.nation, side.year),
        i64::from(nat),
    );
    steps.push(if listed {
        nat_step
    } else {
        nat_step.by(RulingId::UnlistedNations.name())
    });
    steps.push(Step::new(
        "NB-ACT-007",
        format!(
            "{} general ({}): {q:+}",
            general.quality.letter(),
            general.name
        ),
        i64::from(q),
    ));
    let row = match delay {
        4 => "NB-ACT-002",
        3 => "NB-ACT-003",
        2 => "NB-ACT-004",
        1 => "NB-ACT-005",
        _ => "NB-ACT-006",
    };
    let mut s = Step::new(
        row,
        format!(
            "total {total}: {}",
            if delay == 0 {
                "immediate".to_string()
            } else {
                format!("{delay} turn(s)' delay")
            }
        ),
        i64::from(delay),
    );
    if total < 1 {
        s = s.by(RulingId::ActivationLow.name());
    }
    steps.push(s);
    Ok((total, delay, steps))
}

/// The Communications step's reading (NB-MSG-005, NB-ACT, NB-ROUTE): every
/// order delivered in an earlier turn is read by its recipient (unless he
/// is attached to a unit, NB-ATT-003, or has fallen), and each formation
/// that tests rolls for its delay.
pub fn read_orders(
    game: &mut Game,
    tables: &Tables,
    roll: Roll<'_>,
) -> Result<Vec<String>, NbError> {
    need_phase(game, Phase::Communications, "Reading orders")?;
    let turn = game.turn;
    let mut out = Vec::new();
    for i in 0..game.messengers.len() {
        let m = game.messengers[i].clone();
        let Some(delivered) = m.delivered else {
            continue;
        };
        if m.read || delivered >= turn {
            continue;
        }
        let rec = game.general(&m.recipient)?.clone();
        if rec.attached_to_unit {
            let event = Event::WaitsForDetaching {
                general: rec.id(),
                order: m.order.id,
            };
            out.push(game.record(Some(&m.order.side), event));
            continue;
        }
        if rec.fallen {
            continue;
        }
        game.messengers[i].read = true;
        // Who tests (NB-ROUTE).
        let mut testers: Vec<FormationId> = Vec::new();
        for f in &m.order.to {
            let form = game.formation(f)?.clone();
            let own = rec.formation.as_deref() == Some(form.name.as_str());
            if own {
                testers.push(form.id());
                // A corps order: its divisions out of range do not act
                // (NB-ROUTE-011, ruling `corps-range-check`: at reading).
                if form.level == Level::Corps {
                    for d in game
                        .formations
                        .iter()
                        .filter(|d| d.parent.as_deref() == Some(form.name.as_str()))
                    {
                        let dg = game.general(&d.general)?;
                        if !dg.in_superior_range {
                            let text = format!(
                                "{} is out of {}'s range: it does not act on the corps order {} (NB-ROUTE-011) [ruling corps-range-check].",
                                d.name, rec.name, m.order.id
                            );
                            out.push(text);
                        }
                    }
                }
                continue;
            }
            // Delivered to the superior: a division via its corps commander
            // (NB-ROUTE-002/004/010), or corps via the wing (NB-ROUTE-007/008).
            // A messenger reaches one general: a formation he does not
            // command, directly or from just above, never hears of it.
            let superior = form
                .parent
                .as_deref()
                .is_some_and(|p| rec.formation.as_deref() == Some(p));
            if !superior {
                let event = Event::NeverReceived {
                    order: m.order.id,
                    recipient: rec.id(),
                    formation: form.id(),
                };
                out.push(game.record(Some(&m.order.side), event));
                continue;
            }
            let g = game.general(&form.general)?;
            if g.in_superior_range {
                testers.push(form.id());
            } else {
                let event = Event::DoesNotTest {
                    general: g.id(),
                    recipient: rec.id(),
                    order: m.order.id,
                };
                out.push(game.record(Some(&m.order.side), event));
            }
        }
        for f in testers {
            let die = roll(
                10,
                &format!("the activation of {f} for order {}", m.order.id),
            )?;
            let (total, delay, steps) = activation(tables, game, &f, die)?;
            let acts_from = turn + delay;
            let working = steps
                .iter()
                .map(|s| {
                    format!(
                        "{}: {}{}",
                        s.rule,
                        s.text,
                        s.ruling
                            .map(|r| format!(" [ruling {r}]"))
                            .unwrap_or_default()
                    )
                })
                .collect::<Vec<_>>()
                .join("; ");
            let event = Event::OrderRead {
                formation: f.clone(),
                order: m.order.id,
                kind: m.order.kind,
                objective: m.order.objective.clone(),
                turn,
                working,
                acts_from,
            };
            let side = m.order.side.clone();
            game.formation_mut(&f)?.pending.push(Pending {
                order: m.order.clone(),
                formation: f.clone(),
                read_turn: turn,
                roll: Some((die, total)),
                delay,
                acts_from,
            });
            out.push(game.record(Some(&side), event));
        }
    }
    Ok(out)
}

/// The Command step: orders whose delay has run take effect; until then a
/// formation keeps its previous order (NB-ACT-025, ruling `keeps-order`).
pub fn command_step(game: &mut Game) -> Result<Vec<String>, NbError> {
    need_phase(game, Phase::Command, "Orders take effect")?;
    let turn = game.turn;
    let mut out = Vec::new();
    for i in 0..game.formations.len() {
        let mut due: Vec<Pending> = Vec::new();
        game.formations[i].pending.retain(|p| {
            if p.acts_from <= turn {
                due.push(p.clone());
                false
            } else {
                true
            }
        });
        let name = game.formations[i].name.clone();
        if game.commander_of(&name)?.fallen {
            // NB-MISC-002/003: the order waits for the replacement.
            game.formations[i].pending.extend(due);
            continue;
        }
        for p in due {
            let kept = take_effect(game, &name, &p.order)?;
            let event = Event::OrderTakesEffect {
                formation: FormationId::new(&name),
                order: p.order.id,
                kind: p.order.kind,
                objective: p.order.objective.clone(),
                turn,
                kept,
            };
            out.push(game.record(Some(&p.order.side), event));
        }
    }
    Ok(out)
}

/// Setting a formation's starting order (NB-SETUP-004/005): in force from
/// turn 1, no roll.
pub fn starting_order(
    game: &mut Game,
    formation: &str,
    kind: OrderKind,
    objective: &str,
) -> Result<(), NbError> {
    if kind == OrderKind::Reserve {
        return refuse("reserves are set with `reserve`, not as a starting order");
    }
    let f = game.formation_mut(formation)?;
    f.order = Order {
        kind,
        objective: objective.to_string(),
        since: 1,
        direct: true,
        written: 0,
    };
    let name = f.name.clone();
    pass_down(game, &name);
    Ok(())
}

/// Put a formation in reserve at the start (NB-SETUP-001..003): off board
/// with an entry square and a secret planned turn d6 + 4.
pub fn make_reserve(
    game: &mut Game,
    tables: &Tables,
    formation: &str,
    kind: ReserveKind,
    square: Option<&str>,
    roll: Roll<'_>,
) -> Result<String, NbError> {
    if game.turn > 1 || game.phase != Phase::Arrival {
        return refuse("reserves are chosen before play (turn 1, before the Communications step)");
    }
    let planned = match kind {
        ReserveKind::OffBoard => {
            if square.is_none() {
                return refuse(
                    "an off-board reserve needs its entry grid square (e.g. A5) (NB-OFF-001)",
                );
            }
            let d = roll(
                tables.off_board.entry_die,
                &format!("the secret entry turn of {formation}"),
            )?;
            Some(d + tables.off_board.entry_add)
        }
        ReserveKind::OnBoard => None,
    };
    let f = game.formation_mut(formation)?;
    f.order = Order {
        kind: OrderKind::Reserve,
        objective: String::new(),
        since: 1,
        direct: true,
        written: 0,
    };
    f.on_table = kind == ReserveKind::OnBoard;
    f.reserve = Some(crate::state::Reserve {
        kind,
        entry_square: square.map(str::to_string),
        planned_turn: planned,
        general_placed: false,
        arrival_roll: None,
        arrival_turn: None,
        entry_order: None,
        threatened: false,
    });
    let side = f.side.clone();
    let name = f.name.clone();
    let formation = FormationId::new(name);
    let event = match (kind, planned) {
        (ReserveKind::OffBoard, Some(planned)) => Event::OffBoardReserve {
            formation,
            square: square.unwrap_or("").to_string(),
            planned,
            die_add: tables.off_board.entry_add,
        },
        _ => Event::OnBoardReserve {
            formation,
            within: tables.distances.on_board_reserve,
        },
    };
    Ok(game.record(Some(&side), event))
}

/// The Arrival step, two turns before the planned turn: the general goes
/// on the table edge with the order the formation follows on entry, and
/// the arrival roll is made in the open (NB-OFF-003..015).
pub fn place_general(
    game: &mut Game,
    tables: &Tables,
    formation: &str,
    kind: OrderKind,
    objective: &str,
    roll: Roll<'_>,
) -> Result<String, NbError> {
    need_phase(
        game,
        Phase::Arrival,
        "Placing an off-board reserve's general",
    )?;
    if kind == OrderKind::Reserve {
        return refuse("the order on entry is Attack/Maneuver or Defend");
    }
    let f = game.formation(formation)?.clone();
    let Some(r) = f
        .reserve
        .clone()
        .filter(|r| r.kind == ReserveKind::OffBoard)
    else {
        return refuse(format!("{} is not an off-board reserve", f.name));
    };
    let Some(planned) = r.planned_turn else {
        return refuse("no planned turn");
    };
    let due = planned.saturating_sub(tables.off_board.placed_before);
    if game.turn != due {
        return refuse(format!(
            "{}'s general is placed in the Arrival Step of turn {due}, two turns before its planned turn",
            f.name
        ));
    }
    if r.general_placed {
        return refuse("the general is already on the table edge");
    }
    let general = game.general(&f.general)?.clone();
    let rulings: Rulings = game.rulings()?;
    let die = roll(10, &format!("the arrival roll of {formation}"))?;
    let q = tables.arrival_quality(general.quality);
    let total = i32::try_from(die).unwrap_or(0) + q;
    let mut late = tables.arrival_late(total);
    let early_blocked = late < 0 && rulings.is(RulingId::EarlyArrival, "planned-is-earliest");
    if early_blocked {
        late = 0;
    }
    let arrival = u32::try_from(i64::from(planned) + i64::from(late)).unwrap_or(planned);
    let row = match late {
        2 => "NB-OFF-006",
        1 => "NB-OFF-007",
        0 => "NB-OFF-008",
        _ => "NB-OFF-009",
    };
    let game_turn = game.turn;
    {
        let fm = game.formation_mut(formation)?;
        if let Some(res) = &mut fm.reserve {
            res.general_placed = true;
            res.arrival_roll = Some((die, total, late));
            res.arrival_turn = Some(arrival);
            res.entry_order = Some(Order {
                kind,
                objective: objective.to_string(),
                since: arrival,
                direct: true,
                written: game_turn,
            });
        }
    }
    let square = r.entry_square.clone().unwrap_or_default();
    let placed = Event::GeneralPlaced {
        side: f.side.clone(),
        general: general.id(),
        square,
        roll: ArrivalRoll {
            die,
            quality: general.quality,
            modifier: q,
            total,
            late,
            row: row.to_string(),
            early_blocked,
        },
    };
    let public = game.record(None, placed);
    let planned = Event::EntryPlanned {
        formation: f.id(),
        arrival,
        kind,
        objective: objective.to_string(),
    };
    let private = game.record(Some(&f.side), planned);
    Ok(format!("{public}\n{private}"))
}

/// The Arrival step of the arrival turn: the formation enters and its
/// original order takes effect (NB-OFF-021).
pub fn arrivals(game: &mut Game) -> Vec<String> {
    let turn = game.turn;
    let mut out = Vec::new();
    let due: Vec<(String, String, Order)> = game
        .formations
        .iter()
        .filter_map(|f| {
            let r = f.reserve.as_ref()?;
            (r.kind == ReserveKind::OffBoard && r.arrival_turn == Some(turn))
                .then(|| (f.name.clone(), f.side.clone(), r.entry_order.clone()))
        })
        .filter_map(|(n, s, o)| o.map(|o| (n, s, o)))
        .collect();
    for (name, side, order) in due {
        if let Some(f) = game.formations.iter_mut().find(|f| f.name == name) {
            if f.reserve.take().is_some() {
                f.left_reserve = true;
            }
            f.on_table = true;
            f.order = order.clone();
        }
        pass_down(game, &name);
        let formation = FormationId::new(&name);
        game.record(
            None,
            Event::EntersTable {
                side: side.clone(),
                formation: formation.clone(),
            },
        );
        let arrives = Event::Arrives {
            formation,
            kind: order.kind,
            objective: order.objective.clone(),
        };
        out.push(game.record(Some(&side), arrives));
    }
    out
}

/// Move to the next phase, doing what the new phase does by itself.
pub fn next_phase(
    game: &mut Game,
    tables: &Tables,
    roll: Roll<'_>,
) -> Result<Vec<String>, NbError> {
    // NB-OFF-003: an off-board reserve's general is placed in the Arrival
    // Step two turns before its planned turn. Leaving that step without
    // him would strand the reserve off the table for good.
    if game.phase == Phase::Arrival {
        let unplaced: Vec<String> = game
            .formations
            .iter()
            .filter(|f| {
                f.reserve.as_ref().is_some_and(|r| {
                    r.kind == ReserveKind::OffBoard
                        && !r.general_placed
                        && r.planned_turn.is_some_and(|p| {
                            p.saturating_sub(tables.off_board.placed_before) == game.turn
                        })
                })
            })
            .map(|f| format!("{} ({})", f.name, f.side))
            .collect();
        if !unplaced.is_empty() {
            return Err(NbError::Refused(format!(
                "the Arrival Step cannot end yet: {} must have its general placed now, two turns before its planned turn (NB-OFF-003), or it never enters: `place FORMATION attack|defend OBJECTIVE`",
                unplaced.join(", ")
            )));
        }
    }
    let (phase, new_turn) = game.phase.next();
    if new_turn {
        game.turn += 1;
        game.written.clear();
    }
    game.phase = phase;
    let mut out = vec![format!("Turn {}, {}.", game.turn, phase.name())];
    match phase {
        Phase::Arrival => {
            out.extend(arrivals(game));
            for f in &game.formations {
                if let Some(r) = &f.reserve {
                    if r.kind == ReserveKind::OffBoard
                        && !r.general_placed
                        && r.planned_turn.is_some_and(|p| {
                            p.saturating_sub(tables.off_board.placed_before) == game.turn
                        })
                    {
                        out.push(format!("{} ({}): place {}'s general now, with its order on entry (`place {} attack|defend OBJECTIVE`).", f.side, f.name, f.name, f.name));
                    }
                }
            }
        }
        Phase::Communications => out.extend(read_orders(game, tables, roll)?),
        Phase::Command => out.extend(command_step(game)?),
        Phase::Maneuver => out.extend(ride(game)?),
        Phase::Rest => {}
    }
    Ok(out)
}

/// A formation's engagement, as the players report it (NB-ENG, ruling
/// `engagement-ends`).
pub fn set_engaged(game: &mut Game, formation: &str, engaged: bool) -> Result<String, NbError> {
    let f = game.formation_mut(formation)?;
    if f.level != Level::Division {
        return Err(NbError::Refused(
            "engagement is decided division by division (NB-ENG-004)".into(),
        ));
    }
    f.engaged = engaged;
    let event = Event::Engagement {
        formation: f.id(),
        engaged,
    };
    Ok(game.record(None, event))
}

/// A formation completes its attack or move: it goes on Defend
/// (NB-ATK-007, ruling `completion`).
pub fn complete(game: &mut Game, formation: &str) -> Result<String, NbError> {
    let turn = game.turn;
    let f = game.formation_mut(formation)?;
    if f.order.kind != OrderKind::Attack {
        return Err(NbError::Refused(format!(
            "{} is not on Attack/Maneuver",
            f.name
        )));
    }
    f.order = Order {
        kind: OrderKind::Defend,
        objective: f.order.objective.clone(),
        since: turn,
        ..f.order.clone()
    };
    let event = Event::Completed {
        formation: f.id(),
        objective: f.order.objective.clone(),
    };
    let side = f.side.clone();
    let name = f.name.clone();
    pass_down(game, &name);
    Ok(game.record(Some(&side), event))
}

/// The formations a side may see the orders of (its own).
pub fn own<'a>(game: &'a Game, side: &str) -> impl Iterator<Item = &'a Formation> + 'a {
    let side = side.to_string();
    game.formations
        .iter()
        .filter(move |f| f.side.eq_ignore_ascii_case(&side))
}

/// Attach a general to a combat unit (NB-ATT-001..003) or, for the army
/// commander, to another general (NB-ATT-004, ruling `attached-chain`).
pub fn attach(
    game: &mut Game,
    general: &str,
    to_general: Option<&str>,
    unit: Option<&str>,
) -> Result<String, NbError> {
    let target = match to_general {
        Some(t) => Some(game.general(t)?.name.clone()),
        None => None,
    };
    let unit = match unit {
        Some(u) => {
            let side = game.general(general)?.side.clone();
            let found = game
                .units
                .iter()
                .find(|x| x.name.eq_ignore_ascii_case(u))
                .ok_or_else(|| {
                    NbError::unknown("unit", u, game.units.iter().map(|x| x.name.as_str()))
                })?;
            if found.side != side {
                return Err(NbError::Refused(format!("{} is not {side}'s", found.name)));
            }
            Some(found.name.clone())
        }
        None => None,
    };
    let g = game.general_mut(general)?;
    let event = match &target {
        Some(t) => {
            if g.level != crate::model::Level::Army {
                return Err(NbError::Refused(
                    "only the army commander attaches to another general (NB-ATT-004)".into(),
                ));
            }
            g.attached_to_general = Some(GeneralId::new(t));
            g.attached_to_unit = false;
            Event::JoinsGeneral {
                general: g.id(),
                joined: GeneralId::new(t),
            }
        }
        None => {
            g.attached_to_unit = true;
            g.attached_unit = unit.clone();
            g.attached_to_general = None;
            Event::AttachesToUnit {
                general: g.id(),
                army: g.level == crate::model::Level::Army,
            }
        }
    };
    let side = g.side.clone();
    Ok(game.record(Some(&side), event))
}

/// Detach a general (he reads waiting orders at the next Communications
/// step, ruling `after-detaching`).
pub fn detach(game: &mut Game, general: &str) -> Result<String, NbError> {
    let g = game.general_mut(general)?;
    g.attached_to_unit = false;
    g.attached_unit = None;
    g.attached_to_general = None;
    let event = Event::Detaches { general: g.id() };
    let side = g.side.clone();
    Ok(game.record(Some(&side), event))
}

/// A general is killed or captured (NB-MISC): his formation keeps its last
/// order and receives none until he is replaced; messengers wait, orders
/// already read keep their delay (ruling `casualty`).
pub fn fall(game: &mut Game, general: &str) -> Result<String, NbError> {
    let g = game.general_mut(general)?;
    g.fallen = true;
    let event = Event::Falls { general: g.id() };
    Ok(game.record(None, event))
}

/// The replacement arrives (under the normal NB rules, NB-MISC-001).
pub fn replace(
    game: &mut Game,
    general: &str,
    new_name: Option<&str>,
    quality: Option<crate::model::Quality>,
) -> Result<String, NbError> {
    let old = game.general(general)?.name.clone();
    let g = game.general_mut(general)?;
    if !g.fallen {
        return Err(NbError::Refused(format!(
            "{old} has not fallen: a general is replaced only once he is killed or captured (`fall {old}` first)"
        )));
    }
    g.fallen = false;
    if let Some(q) = quality {
        g.quality = q;
    }
    if let Some(n) = new_name {
        g.name = n.to_string();
    }
    let new = g.name.clone();
    for f in &mut game.formations {
        if f.general == old {
            f.general = GeneralId::new(&new);
        }
    }
    for m in &mut game.messengers {
        if m.recipient == old {
            m.recipient = GeneralId::new(&new);
        }
    }
    let event = Event::Replaced {
        new: GeneralId::new(new),
        old: GeneralId::new(old),
    };
    Ok(game.record(None, event))
}

/// Whether a general is within his superior's command range, as the players
/// measure it (NB-ROUTE, NB-CMD-001).
pub fn set_range(game: &mut Game, general: &str, within: bool) -> Result<String, NbError> {
    let g = game.general_mut(general)?;
    g.in_superior_range = within;
    let event = Event::Range {
        general: g.id(),
        within,
    };
    let side = g.side.clone();
    Ok(game.record(Some(&side), event))
}

/// A reserve threatened by enemy within 17" defends itself, still in
/// reserve (NB-RES-004/005).
pub fn threat(game: &mut Game, formation: &str, threatened: bool) -> Result<String, NbError> {
    let f = game.formation_mut(formation)?;
    let Some(r) = &mut f.reserve else {
        return Err(NbError::Refused(format!("{} is not in reserve", f.name)));
    };
    r.threatened = threatened;
    let event = Event::Threat {
        formation: f.id(),
        threatened,
    };
    let side = f.side.clone();
    Ok(game.record(Some(&side), event))
}

/// A unit out of its division general's range at the end of movement: the
/// umpire reports it (NB-CMD-002..005, rulings `exceptions`, `out-of-range`).
pub fn out_of_range(
    game: &mut Game,
    unit: &str,
    division: &str,
    exempt: Option<&str>,
) -> Result<String, NbError> {
    let f = game.formation(division)?.clone();
    if !game.units.is_empty() {
        let u = game
            .units
            .iter()
            .find(|x| x.name.eq_ignore_ascii_case(unit))
            .ok_or_else(|| {
                NbError::unknown("unit", unit, game.units.iter().map(|x| x.name.as_str()))
            })?;
        if u.formation != f.name {
            return Err(NbError::Refused(format!(
                "{} belongs to {}, not {}",
                u.name, u.formation, f.name
            )));
        }
    }
    let rulings = game.rulings()?;
    let verdict = match exempt {
        Some(why) => OutOfRange::Exempt(why.to_string()),
        None if rulings.is(RulingId::OutOfRange, "penalty") => OutOfRange::Penalty {
            general: f.general.clone(),
        },
        None => OutOfRange::NoPenalty {
            general: f.general.clone(),
        },
    };
    let event = Event::UnitOutOfRange {
        unit: unit.to_string(),
        formation: f.id(),
        verdict,
    };
    Ok(game.record(Some(&f.side), event))
}

/// What a formation's order and state require of it now, each with its
/// checklist item: the reminders a side's report prints (the umpire does
/// not see the table, so these are the rules the players apply).
pub fn duties(game: &Game, formation: &str) -> Result<Vec<(&'static str, String)>, NbError> {
    let f = game.formation(formation)?;
    let rulings = game.rulings()?;
    let mut d: Vec<(&'static str, String)> = Vec::new();
    if let Some(r) = &f.reserve {
        match r.kind {
            ReserveKind::OnBoard => {
                d.push((
                    "NB-RES-001",
                    "stay deployed within 12\" of your base edge".into(),
                ));
                if r.threatened {
                    d.push((
                        "NB-RES-004",
                        "enemy within 17\": defend yourself as if on Defend, still in reserve"
                            .into(),
                    ));
                }
                d.push((
                    "NB-RES-003",
                    "an order delivered to you is acted on at once, with no roll".into(),
                ));
            }
            ReserveKind::OffBoard => {
                d.push((
                    "NB-OFF-016",
                    "on arrival, enter within 6\" of your general, in any formation".into(),
                ));
                d.push((
                    "NB-OFF-017",
                    "end the arrival move no closer than 8\" to un-routed enemy".into(),
                ));
                d.push((
                    "NB-OFF-020",
                    "start no combat in the turn you arrive".into(),
                ));
            }
        }
        return Ok(d);
    }
    match f.order.kind {
        OrderKind::Attack => {
            d.push((
                "NB-ATK-001",
                format!("Attack/Maneuver: {}", f.order.objective),
            ));
            if f.engaged {
                d.push((
                    "NB-ATK-005",
                    "engaged: the half-speed minimum does not apply".into(),
                ));
                d.push((
                    "NB-ENG-005",
                    "respond only to the formations you are engaged with".into(),
                ));
                d.push((
                    "NB-ATK-004",
                    "within 17\" of the enemy: units may form line".into(),
                ));
            } else {
                d.push(("NB-ATK-002", "every unit in column or march column".into()));
                d.push((
                    "NB-ATK-003",
                    "move at least half the speed of your slowest unit".into(),
                ));
                d.push((
                    "NB-ATK-004",
                    "no unit may form line until within 17\" of the enemy".into(),
                ));
                if rulings.is(RulingId::BackToColumn, "yes") {
                    d.push((
                        "NB-ATK-006",
                        "units that formed line go back into column [ruling back-to-column]".into(),
                    ));
                }
            }
        }
        OrderKind::Defend => {
            d.push(("NB-DEF-001", format!("Defend: {}", f.order.objective)));
            d.push((
                "NB-DEF-003",
                "units may redeploy into defensive positions within the division general's range"
                    .into(),
            ));
            if f.engaged {
                d.push((
                    "NB-DEF-004",
                    "engaged: units may attack beyond the division general's range".into(),
                ));
                d.push(("NB-DEF-005", "units beyond range come back once out of combat, on their next move [ruling return-to-range]".into()));
            }
        }
        OrderKind::Reserve => {}
    }
    let has_cavalry = game.units.is_empty()
        || game
            .units
            .iter()
            .any(|u| u.formation == f.name && u.arm == "cavalry");
    if !has_cavalry {
        // No cavalry: nothing to React.
    } else if may_react(game, formation)? {
        d.push(("NB-DEF-006", "cavalry may go on React".into()));
    } else {
        d.push((
            "NB-DEF-006",
            "cavalry may not go on React (only when engaged or on Defend)".into(),
        ));
    }
    if f.level == crate::model::Level::Division {
        d.push(("NB-CMD-002", "every unit ends its movement within the division general's range, unless it initiated combat, is routed or is a detachment [ruling exceptions]".into()));
    }
    Ok(d)
}

/// Whether the formation's cavalry may go on React (NB-DEF-006).
pub fn may_react(game: &Game, formation: &str) -> Result<bool, NbError> {
    let f = game.formation(formation)?;
    Ok(f.engaged || f.order.kind == OrderKind::Defend)
}
