//! The working of an answer, step by step, as the umpire aids show it: each
//! step names the checklist item it applies and, when a ruling decided it,
//! the ruling.

use serde::Serialize;

/// One line of working.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The checklist item.
    pub rule: &'static str,
    /// What applied.
    pub text: String,
    /// The value added (or the value, for a base figure or a die).
    pub value: i64,
    /// The ruling that decided it, if any.
    pub ruling: Option<&'static str>,
}

impl Step {
    /// A step no ruling decided.
    pub fn new(rule: &'static str, text: impl Into<String>, value: i64) -> Step {
        Step {
            rule,
            text: text.into(),
            value,
            ruling: None,
        }
    }

    /// The same step, decided by a ruling.
    pub fn by(mut self, ruling: &'static str) -> Step {
        self.ruling = Some(ruling);
        self
    }
}

/// The distinct rulings named in some steps, in first-use order.
pub fn rulings_named<'a>(steps: impl IntoIterator<Item = &'a Step>) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for s in steps {
        if let Some(r) = s.ruling {
            if !out.contains(&r) {
                out.push(r);
            }
        }
    }
    out
}
