//! How far an element may move: the TACTICAL & MARCH MOVES table, the grade
//! adjustments under it and the 100p cap (DBR-MOVE-001 to 041).
//!
//! One table serves tactical and march moves (DBR-MOVE-029). The answer
//! lists every step: the table cell, each adjustment with the checklist item
//! that gave it, the cap, and any ruling that decided something.

use serde::Serialize;

use crate::Dbr;
use crate::error::DbrError;
use crate::model::{ElementType, Going, Grade};
use crate::rulings::RulingId;
use crate::units::{Distance, Units};

/// A river being crossed during the move (DBR-MOVE-038/039).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum River {
    /// An easy river: the cap applies while the front edge of a lone
    /// element, or of a column's leading element, crosses it.
    Easy,
    /// A tricky river: the cap applies while any part crosses it.
    Tricky,
    /// A dangerous river: as tricky.
    Dangerous,
}

/// The question: how far may this element move?
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveQuery {
    /// The element's type.
    pub element: ElementType,
    /// Its grade; `None` is read as (O), which has no move adjustment.
    pub grade: Option<Grade>,
    /// The going the move passes through (at least one; several is a
    /// mixed-going move, DBR-MOVE-041).
    pub going: Vec<Going>,
    /// A march move rather than a tactical move (same distance).
    pub march: bool,
    /// The move ends, or is part of a group move that ends, in contact with
    /// enemy (DBR-MOVE-030).
    pub ends_in_contact: bool,
    /// The move is inside a BUA (DBR-MOVE-032/033).
    pub in_bua: bool,
    /// Night and/or weather reduce visibility to 100p (DBR-MOVE-037).
    pub low_visibility: bool,
    /// A river being crossed (DBR-MOVE-038/039).
    pub river: Option<River>,
}

impl MoveQuery {
    /// A plain move: one going, no conditions.
    pub fn new(element: ElementType, going: Going) -> MoveQuery {
        MoveQuery {
            element,
            grade: None,
            going: vec![going],
            march: false,
            ends_in_contact: false,
            in_bua: false,
            low_visibility: false,
            river: None,
        }
    }
}

/// One step of the working.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveStep {
    /// The checklist item that gave this step.
    pub rule: &'static str,
    /// What happened, in words (distances are in `change` and `result`).
    pub text: String,
    /// The change, in half-paces (negative for a deduction); `None` for a
    /// step that sets the value.
    #[serde(skip)]
    pub change: Option<i64>,
    /// The running distance after the step (`None`: no move).
    #[serde(skip)]
    pub result: Option<Distance>,
    /// The ruling that decided this step, if any.
    pub ruling: Option<&'static str>,
}

/// The answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveAnswer {
    /// The maximum move; `None` where the sheet has a dash (or the type does
    /// not move at all).
    pub distance: Option<Distance>,
    /// Every step, in order.
    pub steps: Vec<MoveStep>,
    /// The going that limited a mixed-going move.
    pub limiting_going: Going,
}

impl MoveAnswer {
    /// The rulings that decided something.
    pub fn rulings(&self) -> Vec<&'static str> {
        let mut r: Vec<_> = self.steps.iter().filter_map(|s| s.ruling).collect();
        r.dedup();
        r
    }

    /// The working, one line per step, distances in `units`.
    pub fn explain(&self, units: Units) -> Vec<String> {
        self.steps
            .iter()
            .map(|s| {
                let mut line = format!("{}: {}", s.rule, s.text);
                if let Some(c) = s.change {
                    let d = half(c.unsigned_abs());
                    line.push_str(&format!(
                        " {}{}",
                        if c < 0 { "-" } else { "+" },
                        d.show(units)
                    ));
                }
                match s.result {
                    Some(d) => line.push_str(&format!(" => {}", d.show(units))),
                    None => line.push_str(" => no move"),
                }
                if let Some(r) = s.ruling {
                    line.push_str(&format!(" [ruling {r}]"));
                }
                line
            })
            .collect()
    }

    /// The answer as JSON: `distance` in `units` (null for a dash), and the
    /// working.
    pub fn to_json(&self, query: &MoveQuery, units: Units) -> serde_json::Value {
        serde_json::json!({
            "element": query.element.name(),
            "grade": query.grade.map(Grade::letter),
            "going": query.going.iter().map(|g| g.name()).collect::<Vec<_>>(),
            "march": query.march,
            "units": units.name(),
            "distance": self.distance.map(|d| d.to_json(units)),
            "steps": self.explain(units),
            "rulings": self.rulings(),
        })
    }
}

fn half(n: u64) -> Distance {
    Distance::from_half_paces(n)
}

fn half_paces(d: Distance) -> i64 {
    i64::try_from(d.half_paces()).unwrap_or(i64::MAX)
}

impl Dbr<'_> {
    /// The maximum move for `query` (DBR-MOVE-001 to 041).
    pub fn max_move(&self, query: &MoveQuery) -> Result<MoveAnswer, DbrError> {
        let Some(first) = query.going.first().copied() else {
            return Err(DbrError::Invalid(
                "a move needs at least one going".to_string(),
            ));
        };
        if query.going.len() == 1 {
            return Ok(self.move_in(query, first));
        }
        let answers: Vec<MoveAnswer> = query
            .going
            .iter()
            .map(|g| self.move_in(query, *g))
            .collect();
        let ruling = RulingId::MixedGoing;
        let (mut chosen, text) = if self.rulings.is(ruling, "starting") {
            (
                answers[0].clone(),
                format!("mixed going: the starting going ({first}) sets the limit"),
            )
        } else {
            // The slowest: a dash beats any distance.
            let mut best = answers[0].clone();
            for a in &answers[1..] {
                let slower = match (a.distance, best.distance) {
                    (None, Some(_)) => true,
                    (Some(x), Some(y)) => x < y,
                    _ => false,
                };
                if slower {
                    best = a.clone();
                }
            }
            let g = best.limiting_going;
            (
                best,
                format!("mixed going: the slowest going entered ({g}) limits the whole move"),
            )
        };
        chosen.steps.insert(
            0,
            MoveStep {
                rule: "DBR-MOVE-041",
                text,
                change: None,
                result: chosen.distance,
                ruling: Some(ruling.name()),
            },
        );
        Ok(chosen)
    }

    fn move_in(&self, q: &MoveQuery, going: Going) -> MoveAnswer {
        let e = q.element;
        let t = self.tables;
        let mut steps = Vec::new();
        let done = |steps: Vec<MoveStep>, distance| MoveAnswer {
            distance,
            steps,
            limiting_going: going,
        };
        if !t.moves(e) {
            steps.push(MoveStep {
                rule: "RULES-DECISIONS (bridges)",
                text: format!("{e} is not in the move table: bridges do not move"),
                change: None,
                result: None,
                ruling: None,
            });
            return done(steps, None);
        }
        let cell = t.move_cell(e, going);
        let id = move_item(e, going);
        steps.push(MoveStep {
            rule: id,
            text: format!(
                "{e}, {going}{}: the table gives",
                if q.march {
                    " (march move; same table as tactical, DBR-MOVE-029)"
                } else {
                    ""
                }
            ),
            change: None,
            result: cell,
            ruling: if e.is_naval() {
                Some(RulingId::NavalWater.name())
            } else {
                None
            },
        });
        let Some(base) = cell else {
            return done(steps, None);
        };
        let grade = q.grade.unwrap_or(Grade::O);
        let off_road = going != Going::Road;
        let naval = e.is_naval();

        // Grade adjustments (DBR-MOVE-030 to 036).
        let adjustments = self.grade_adjustments(q, going, grade);

        // The cap (DBR-MOVE-037 to 039): land moves off-road, and every move
        // on water.
        let cap_reason = cap_reason(q, off_road || naval);

        let cap_first = self.rulings.is(RulingId::MoveCapOrder, "cap-then-adjust");
        // The order only decides something when a cap and an adjustment
        // both apply.
        let order_ruling = (!adjustments.is_empty() && cap_reason.is_some())
            .then_some(RulingId::MoveCapOrder.name());
        let mut value = base;
        let apply_cap = |value: Distance, steps: &mut Vec<MoveStep>| -> Distance {
            let Some((rule, why)) = cap_reason else {
                return value;
            };
            let capped = value.min(t.cap);
            steps.push(MoveStep {
                rule,
                text: format!("{why}: capped"),
                change: None,
                result: Some(capped),
                ruling: order_ruling,
            });
            capped
        };
        if cap_first {
            value = apply_cap(value, &mut steps);
        }
        for mut s in adjustments {
            let c = s.change.unwrap_or(0);
            value = if c >= 0 {
                value.plus(half(c.unsigned_abs()))
            } else {
                value.minus(half(c.unsigned_abs()))
            };
            s.result = Some(value);
            steps.push(s);
        }
        if !cap_first {
            value = apply_cap(value, &mut steps);
        }
        if q.grade.is_none() {
            steps.push(MoveStep {
                rule: "DBR-UNIT-003",
                text: "no grade given: read as (O), which has no move adjustment".to_string(),
                change: None,
                result: Some(value),
                ruling: None,
            });
        }
        done(steps, Some(value))
    }

    /// The grade's adjustments to a move (DBR-MOVE-030 to 036), each a
    /// step whose change is in half paces.
    fn grade_adjustments(&self, q: &MoveQuery, going: Going, grade: Grade) -> Vec<MoveStep> {
        let e = q.element;
        let t = self.tables;
        let off_road = going != Going::Road;
        let naval = e.is_naval();
        let mut adjustments: Vec<MoveStep> = Vec::new();
        let mut adj = |rule, text: String, sign: i64, d: Distance, ruling: Option<RulingId>| {
            adjustments.push(MoveStep {
                rule,
                text,
                change: Some(sign * half_paces(d)),
                result: None,
                ruling: ruling.map(RulingId::name),
            });
        };
        if matches!(grade, Grade::F | Grade::X) && off_road {
            let listed = matches!(
                e,
                ElementType::LH | ElementType::Cm | ElementType::Bd | ElementType::Art
            ) || naval;
            let always = self.rulings.is(RulingId::FastBonus, "always-off-road");
            if listed && always {
                adj(
                    "DBR-MOVE-031",
                    format!("{e} {grade} off-road adds"),
                    1,
                    t.grade_bonus,
                    Some(RulingId::FastBonus),
                );
            } else if q.ends_in_contact {
                adj(
                    "DBR-MOVE-030",
                    format!("{grade} off-road, ending in contact with enemy, adds"),
                    1,
                    t.grade_bonus,
                    listed.then_some(RulingId::FastBonus),
                );
            }
        }
        if grade == Grade::S {
            match e {
                ElementType::Bd | ElementType::Art if off_road && !q.in_bua => adj(
                    if e == ElementType::Bd {
                        "DBR-MOVE-032"
                    } else {
                        "DBR-MOVE-033"
                    },
                    format!("{e} (S) not along a road nor in a BUA deducts"),
                    -1,
                    t.grade_penalty,
                    None,
                ),
                ElementType::Ships | ElementType::Gal => adj(
                    if e == ElementType::Ships {
                        "DBR-MOVE-034"
                    } else {
                        "DBR-MOVE-035"
                    },
                    format!("{e} (S) always deduct"),
                    -1,
                    t.grade_penalty,
                    None,
                ),
                ElementType::Pk if going == Going::Good => adj(
                    "DBR-MOVE-036",
                    "Pk (S) off-road in good going adds".to_string(),
                    1,
                    t.grade_bonus,
                    None,
                ),
                _ => {}
            }
        }
        adjustments
    }
}

/// The checklist item of a move-table cell.
fn move_item(e: ElementType, going: Going) -> &'static str {
    use ElementType as E;
    let row = match e {
        E::LH => 0,
        E::Si | E::Dr => 1,
        E::Ln | E::Pi | E::Cm | E::El => 2,
        E::Sh | E::Bw | E::Sk | E::Wb => 3,
        E::Pk | E::Bd | E::Hd | E::Pont | E::Bg => 4,
        E::Art | E::WWg => 5,
        _ => 6,
    };
    const IDS: [[&str; 4]; 7] = [
        [
            "DBR-MOVE-001",
            "DBR-MOVE-002",
            "DBR-MOVE-003",
            "DBR-MOVE-004",
        ],
        [
            "DBR-MOVE-005",
            "DBR-MOVE-006",
            "DBR-MOVE-007",
            "DBR-MOVE-008",
        ],
        [
            "DBR-MOVE-009",
            "DBR-MOVE-010",
            "DBR-MOVE-011",
            "DBR-MOVE-012",
        ],
        [
            "DBR-MOVE-013",
            "DBR-MOVE-014",
            "DBR-MOVE-015",
            "DBR-MOVE-016",
        ],
        [
            "DBR-MOVE-017",
            "DBR-MOVE-018",
            "DBR-MOVE-019",
            "DBR-MOVE-020",
        ],
        [
            "DBR-MOVE-021",
            "DBR-MOVE-022",
            "DBR-MOVE-023",
            "DBR-MOVE-024",
        ],
        [
            "DBR-MOVE-025",
            "DBR-MOVE-026",
            "DBR-MOVE-027",
            "DBR-MOVE-028",
        ],
    ];
    let col = match going {
        Going::Road => 0,
        Going::Good => 1,
        Going::Rough => 2,
        Going::Difficult => 3,
    };
    IDS[row][col]
}

/// Why a move is capped (DBR-MOVE-037 to 039), if it is: only land moves
/// off-road and every move on water are.
fn cap_reason(q: &MoveQuery, capped_kind: bool) -> Option<(&'static str, &'static str)> {
    if !capped_kind {
        None
    } else if q.low_visibility {
        Some(("DBR-MOVE-037", "visibility reduced by night and/or weather"))
    } else {
        match q.river {
            Some(River::Easy) => Some(("DBR-MOVE-038", "crossing an easy river")),
            Some(River::Tricky) => Some(("DBR-MOVE-039", "crossing a tricky river")),
            Some(River::Dangerous) => Some(("DBR-MOVE-039", "crossing a dangerous river")),
            None => None,
        }
    }
}
