//! Dice for the table: rolled by the umpire from a seed (replayable, each
//! roll logged), or typed in as the players rolled them.
//!
//! Typed-in dice are taken in order; when they run out the roll fails with
//! a message that says how many more are needed, never guessing.

use std::collections::VecDeque;

use serde::Serialize;
use umpire_core::dice::Dice;

use crate::error::SharpError;

/// One die as rolled or typed, for the working and the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Die {
    pub sides: u32,
    pub value: u32,
}

/// Where dice come from.
#[derive(Debug, Clone)]
pub enum Roller {
    /// The umpire rolls, from a seeded stream.
    Seeded(Box<Dice>),
    /// The players rolled and typed the faces in.
    Typed(VecDeque<u32>),
}

/// A source of dice that remembers what it gave.
#[derive(Debug, Clone)]
pub struct Rolls {
    roller: Roller,
    given: Vec<Die>,
}

impl Rolls {
    /// The umpire rolls from `dice`.
    pub fn seeded(dice: Dice) -> Rolls {
        Rolls {
            roller: Roller::Seeded(Box::new(dice)),
            given: Vec::new(),
        }
    }

    /// The players' dice, in the order they will be used.
    pub fn typed(faces: impl IntoIterator<Item = u32>) -> Rolls {
        Rolls {
            roller: Roller::Typed(faces.into_iter().collect()),
            given: Vec::new(),
        }
    }

    /// Read typed dice: "5,3,6" or "5 3 6".
    pub fn parse_typed(text: &str) -> Result<Rolls, SharpError> {
        let mut faces = Vec::new();
        for part in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty())
        {
            let v: u32 = part.parse().map_err(|_| {
                SharpError::Invalid(format!(
                    "`{part}` is not a die face; type the dice as 5,3,6"
                ))
            })?;
            if v == 0 || v > 20 {
                return Err(SharpError::Invalid(format!("`{v}` is not a die face")));
            }
            faces.push(v);
        }
        Ok(Rolls::typed(faces))
    }

    /// One die of `sides` faces.
    pub fn die(&mut self, sides: u32, what: &str) -> Result<u32, SharpError> {
        let value = match &mut self.roller {
            Roller::Seeded(d) => d.roll(sides),
            Roller::Typed(q) => {
                let Some(v) = q.pop_front() else {
                    return Err(SharpError::NotEnoughDice(format!(
                        "not enough dice typed in: one more d{sides} is needed for {what} ({} used so far)",
                        self.given.len()
                    )));
                };
                if v > sides {
                    return Err(SharpError::Invalid(format!(
                        "{v} cannot be rolled on a d{sides} ({what})"
                    )));
                }
                v
            }
        };
        self.given.push(Die { sides, value });
        Ok(value)
    }

    /// `n` dice of `sides` faces.
    pub fn dice(&mut self, n: u32, sides: u32, what: &str) -> Result<Vec<u32>, SharpError> {
        (0..n).map(|_| self.die(sides, what)).collect()
    }

    /// Every die given so far.
    pub fn given(&self) -> &[Die] {
        &self.given
    }

    /// Typed dice left over (none for seeded rolls).
    pub fn left_over(&self) -> usize {
        match &self.roller {
            Roller::Typed(q) => q.len(),
            Roller::Seeded(_) => 0,
        }
    }
}
