//! Dice for the table: rolled by the umpire from a seed (replayable, each
//! roll logged), or typed in as the players rolled them.
//!
//! Typed-in dice are taken in order; when they run out the roll fails with
//! a message that says how many more are needed, never guessing.

use std::collections::VecDeque;

use serde::Serialize;
use thiserror::Error;

use crate::dice::Dice;

/// What can go wrong with dice at the table: typed-in dice that ran out, or
/// a face that is not a die's. The message is the whole text; games wrap it
/// in their own error keeping it as it is.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RollError {
    /// Typed-in dice ran out.
    #[error("{0}")]
    NotEnoughDice(String),
    /// Typed-in text that is not a die face, or a face the die cannot show.
    #[error("{0}")]
    NotAFace(String),
}

/// One die as rolled or typed, for the working and the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Die {
    pub sides: u32,
    pub value: u32,
}

/// Where dice come from.
#[derive(Debug, Clone)]
pub enum Roller {
    /// The umpire rolls, from a seeded stream: the command's, and the
    /// game's for rolls keyed by what they are for ([`Rolls::die_keyed`]).
    Seeded { command: Box<Dice>, game: Box<Dice> },
    /// The players rolled and typed the faces in.
    Typed(VecDeque<u32>),
}

/// A source of dice that remembers what it gave.
///
/// Seeded dice are drawn per purpose: the k-th die rolled for `what` comes
/// from a stream derived from the command's dice, `what` and k, so a die
/// for one purpose never depends on how many were rolled for another (a
/// side's roll is the same whether or not the other side's secret roll
/// came first in the same command).
#[derive(Debug, Clone)]
pub struct Rolls {
    roller: Roller,
    given: Vec<Die>,
    /// Dice drawn so far for each purpose.
    drawn: Vec<(String, u64)>,
}

impl Rolls {
    /// The umpire rolls from `dice`.
    pub fn seeded(dice: Dice) -> Rolls {
        Rolls::seeded_for(dice.clone(), dice)
    }

    /// The umpire rolls from `command` (this command's dice), and keyed
    /// rolls from `game` (the same for the whole game).
    pub fn seeded_for(command: Dice, game: Dice) -> Rolls {
        Rolls {
            roller: Roller::Seeded {
                command: Box::new(command),
                game: Box::new(game),
            },
            given: Vec::new(),
            drawn: Vec::new(),
        }
    }

    /// The players' dice, in the order they will be used.
    pub fn typed(faces: impl IntoIterator<Item = u32>) -> Rolls {
        Rolls {
            roller: Roller::Typed(faces.into_iter().collect()),
            given: Vec::new(),
            drawn: Vec::new(),
        }
    }

    /// Read typed dice: "5,3,6" or "5 3 6".
    pub fn parse_typed(text: &str) -> Result<Rolls, RollError> {
        let mut faces = Vec::new();
        for part in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty())
        {
            let v: u32 = part.parse().map_err(|_| {
                RollError::NotAFace(format!(
                    "`{part}` is not a die face; type the dice as 5,3,6"
                ))
            })?;
            if v == 0 || v > 20 {
                return Err(RollError::NotAFace(format!("`{v}` is not a die face")));
            }
            faces.push(v);
        }
        Ok(Rolls::typed(faces))
    }

    /// How many dice were drawn for `what` before this one.
    fn next_for(&mut self, what: &str) -> u64 {
        match self.drawn.iter_mut().find(|(w, _)| w == what) {
            Some((_, k)) => {
                *k += 1;
                *k - 1
            }
            None => {
                self.drawn.push((what.to_string(), 1));
                0
            }
        }
    }

    /// One die of `sides` faces, from this command's dice.
    pub fn die(&mut self, sides: u32, what: &str) -> Result<u32, RollError> {
        self.roll(sides, what, false)
    }

    /// One die of `sides` faces for a purpose the game rolls for once
    /// (`what` names it whole: "the arrival roll of VI-Corps"): from the
    /// game's dice, so it comes out the same whatever was rolled before it,
    /// by anyone, and whenever it is rolled.
    pub fn die_keyed(&mut self, sides: u32, what: &str) -> Result<u32, RollError> {
        self.roll(sides, what, true)
    }

    fn roll(&mut self, sides: u32, what: &str, keyed: bool) -> Result<u32, RollError> {
        let k = match &self.roller {
            Roller::Seeded { .. } => self.next_for(what),
            Roller::Typed(_) => 0,
        };
        let value = match &mut self.roller {
            Roller::Seeded { command, game } => {
                let from = if keyed { game } else { command };
                from.derive_indexed(what, k).roll(sides)
            }
            Roller::Typed(q) => {
                let Some(v) = q.pop_front() else {
                    return Err(RollError::NotEnoughDice(format!(
                        "not enough dice typed in: one more d{sides} is needed for {what} ({} used so far)",
                        self.given.len()
                    )));
                };
                if v > sides {
                    return Err(RollError::NotAFace(format!(
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
    pub fn dice(&mut self, n: u32, sides: u32, what: &str) -> Result<Vec<u32>, RollError> {
        (0..n).map(|_| self.die(sides, what)).collect()
    }

    /// Every die given so far.
    pub fn given(&self) -> &[Die] {
        &self.given
    }

    /// Whether the dice come from the seed (not typed in).
    pub fn is_seeded(&self) -> bool {
        matches!(self.roller, Roller::Seeded { .. })
    }

    /// Typed dice left over (none for seeded rolls).
    pub fn left_over(&self) -> usize {
        match &self.roller {
            Roller::Typed(q) => q.len(),
            Roller::Seeded { .. } => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_dice_are_given_in_order_and_logged() {
        let mut r = Rolls::typed([5, 3]);
        assert_eq!(r.die(6, "a test"), Ok(5));
        assert_eq!(r.left_over(), 1);
        assert_eq!(r.dice(1, 6, "a test"), Ok(vec![3]));
        assert_eq!(
            r.given(),
            &[Die { sides: 6, value: 5 }, Die { sides: 6, value: 3 }]
        );
        assert_eq!(r.left_over(), 0);
    }

    #[test]
    fn running_out_says_what_is_needed() {
        let mut r = Rolls::typed([4]);
        assert_eq!(r.die(6, "the first"), Ok(4));
        assert_eq!(
            r.die(10, "the test").map_err(|e| e.to_string()),
            Err(
                "not enough dice typed in: one more d10 is needed for the test (1 used so far)"
                    .to_string()
            )
        );
    }

    #[test]
    fn bad_faces_are_refused() {
        assert_eq!(
            Rolls::parse_typed("5,x").map(|r| r.left_over()),
            Err(RollError::NotAFace(
                "`x` is not a die face; type the dice as 5,3,6".into()
            ))
        );
        assert_eq!(
            Rolls::parse_typed("0").map(|r| r.left_over()),
            Err(RollError::NotAFace("`0` is not a die face".into()))
        );
        let mut r = Rolls::typed([7]);
        assert_eq!(
            r.die(6, "a shot"),
            Err(RollError::NotAFace(
                "7 cannot be rolled on a d6 (a shot)".into()
            ))
        );
        assert_eq!(Rolls::parse_typed("5, 3 6").map(|r| r.left_over()), Ok(3));
    }

    #[test]
    fn a_purpose_draws_the_same_dice_whatever_was_rolled_for_another() {
        let dice = Dice::from_seed(11);
        let mut a = Rolls::seeded(dice.clone());
        let mut b = Rolls::seeded(dice.clone());
        let _ = b.dice(3, 6, "a secret roll");
        assert_eq!(
            a.dice(4, 10, "the activation"),
            b.dice(4, 10, "the activation")
        );
        // A keyed roll is the game's: the same from any command's dice.
        let mut c = Rolls::seeded_for(Dice::from_seed(1), dice.clone());
        let mut d = Rolls::seeded_for(Dice::from_seed(2), dice);
        assert_eq!(
            c.die_keyed(10, "arrival of VI"),
            d.die_keyed(10, "arrival of VI")
        );
        assert_ne!(
            (0..6).map(|_| c.die(20, "x")).collect::<Vec<_>>(),
            (0..6).map(|_| d.die(20, "x")).collect::<Vec<_>>()
        );
    }

    #[test]
    fn seeded_dice_replay() {
        let mut a = Rolls::seeded(Dice::from_seed(7));
        let mut b = Rolls::seeded(Dice::from_seed(7));
        assert_eq!(a.dice(5, 6, "x"), b.dice(5, 6, "x"));
        assert_eq!(a.left_over(), 0);
    }
}
