//! Shooting ranges by type and grade (DBR-RNG-001 to 047), with Gal (F)'s
//! longer reach over water (DBR-RNG-046).

use crate::Dbr;
use crate::error::DbrError;
use crate::model::{ElementType, Grade};
use crate::rulings::RulingId;
use crate::units::{Distance, Units};

/// The answer to "how far does this element shoot?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeAnswer {
    /// The type.
    pub element: ElementType,
    /// The grade.
    pub grade: Grade,
    /// The range; `None` where the sheet has a dash or the type does not
    /// shoot.
    pub range: Option<Distance>,
    /// The longer range allowed when only water, beach, marsh or ice lies
    /// between the shooter's and the target's edges (Gal (F) only).
    pub water_range: Option<Distance>,
    /// The checklist item of the cell.
    pub rule: &'static str,
    /// The working, in words.
    pub note: String,
}

impl RangeAnswer {
    /// One line of working, in `units`.
    pub fn explain(&self, units: Units) -> Vec<String> {
        let mut lines = vec![format!(
            "{}: {} {}: {}",
            self.rule,
            self.element,
            self.grade,
            match self.range {
                Some(d) => d.show(units),
                None => format!("no range ({})", self.note),
            }
        )];
        if let Some(w) = self.water_range {
            lines.push(format!(
                "DBR-RNG-046: {} {} may shoot {} if only water, beach, marsh or ice is between shooting and target edges",
                self.element,
                self.grade,
                w.show(units)
            ));
        }
        lines
    }

    /// As JSON: `range` in `units` (null for a dash).
    pub fn to_json(&self, units: Units) -> serde_json::Value {
        serde_json::json!({
            "element": self.element.name(),
            "grade": self.grade.letter(),
            "units": units.name(),
            "range": self.range.map(|d| d.to_json(units)),
            "water_range": self.water_range.map(|d| d.to_json(units)),
            "steps": self.explain(units),
        })
    }
}

impl Dbr<'_> {
    /// The shooting range of `element` graded `grade`.
    ///
    /// Under the default ruling `dash-grade = non-shooter` a dash is simply
    /// no range; under `reject`, a type that shoots may not have a grade its
    /// row dashes out (DBR-RNG-047).
    pub fn range(&self, element: ElementType, grade: Grade) -> Result<RangeAnswer, DbrError> {
        let t = self.tables;
        let rule = range_item(element, grade);
        let range = t.range_cell(element, grade);
        let note = if !t.shoots(element) {
            format!("{element} does not shoot: it is not in the range table")
        } else if range.is_none() {
            if self.rulings.is(RulingId::DashGrade, "reject") {
                return Err(DbrError::GradeNotAllowed {
                    element: element.name().to_string(),
                    grade: grade.to_string(),
                    reason: format!(
                        "its range row has a dash there, and ruling `{}` is `reject`",
                        RulingId::DashGrade.name()
                    ),
                });
            }
            format!(
                "a dash on the sheet; {element} {grade} cannot shoot [ruling {}]",
                RulingId::DashGrade.name()
            )
        } else {
            String::new()
        };
        let (we, wg, wr) = t.water_range;
        let water_range = (element == we && grade == wg).then_some(wr);
        Ok(RangeAnswer {
            element,
            grade,
            range,
            water_range,
            rule,
            note,
        })
    }
}

/// The checklist item of a range-table cell (DBR-RNG-047 for types that do
/// not shoot).
fn range_item(e: ElementType, grade: Grade) -> &'static str {
    use ElementType as E;
    const IDS: [[&str; 5]; 9] = [
        [
            "DBR-RNG-001",
            "DBR-RNG-002",
            "DBR-RNG-003",
            "DBR-RNG-004",
            "DBR-RNG-005",
        ],
        [
            "DBR-RNG-006",
            "DBR-RNG-007",
            "DBR-RNG-008",
            "DBR-RNG-009",
            "DBR-RNG-010",
        ],
        [
            "DBR-RNG-011",
            "DBR-RNG-012",
            "DBR-RNG-013",
            "DBR-RNG-014",
            "DBR-RNG-015",
        ],
        [
            "DBR-RNG-016",
            "DBR-RNG-017",
            "DBR-RNG-018",
            "DBR-RNG-019",
            "DBR-RNG-020",
        ],
        [
            "DBR-RNG-021",
            "DBR-RNG-022",
            "DBR-RNG-023",
            "DBR-RNG-024",
            "DBR-RNG-025",
        ],
        [
            "DBR-RNG-026",
            "DBR-RNG-027",
            "DBR-RNG-028",
            "DBR-RNG-029",
            "DBR-RNG-030",
        ],
        [
            "DBR-RNG-031",
            "DBR-RNG-032",
            "DBR-RNG-033",
            "DBR-RNG-034",
            "DBR-RNG-035",
        ],
        [
            "DBR-RNG-036",
            "DBR-RNG-037",
            "DBR-RNG-038",
            "DBR-RNG-039",
            "DBR-RNG-040",
        ],
        [
            "DBR-RNG-041",
            "DBR-RNG-042",
            "DBR-RNG-043",
            "DBR-RNG-044",
            "DBR-RNG-045",
        ],
    ];
    let row = match e {
        E::Art => 0,
        E::Ships => 1,
        E::Boats => 2,
        E::Gal => 3,
        E::Bw => 4,
        E::Sh | E::Dr => 5,
        E::Sk => 6,
        E::Pi | E::LH => 7,
        E::WWg => 8,
        _ => return "DBR-RNG-047",
    };
    let col = Grade::ALL.iter().position(|g| *g == grade).unwrap_or(0);
    IDS[row][col]
}
