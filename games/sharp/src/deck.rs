//! The deck and the turn (SP-BM-005/006, ruling `deck`), and the bonus deck
//! (SP-CARD).
//!
//! The main deck holds one card for each Big Man who can still act, one
//! Blinds card for each side with Blinds on the table, and the Tiffin card
//! (with ruling `deck` = `with-grasp`, also one Grasp the Nettle card per
//! side). It is shuffled at the start of each turn from the game's seed and
//! drawn one card at a time. The Tiffin card ends the turn: conditions that
//! clear after some Tiffin cards count one down, the turn's limits lapse,
//! and a new turn's deck is shuffled.
//!
//! The bonus deck (data/deck.toml) is drawn from the top. A side holds at
//! most three bonus cards: on drawing a fourth it must discard down to
//! three at once (ruling `hand-limit`). A card that must be played at once
//! is played as it is drawn.

use std::sync::OnceLock;

use serde::Deserialize;
use umpire_core::dice::Dice;

use crate::error::SharpError;
use crate::rulings::{RulingId, Rulings};
use crate::state::{Activation, Battle, BonusCard, Card, Wound};

/// The bonus deck's file, compiled in.
pub const DECK_TOML: &str = include_str!("../data/deck.toml");

/// Most bonus cards a side may hold (SP-CARD-003).
pub const HAND_LIMIT: usize = 3;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    card: Vec<CardEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardEntry {
    id: String,
    name: String,
    text: String,
    #[serde(default)]
    at_once: bool,
    rating: Option<u32>,
    count: u32,
}

/// Read a bonus deck file: every card as many times as its count, in file
/// order (shuffle it with [`shuffle`]).
pub fn bonus_deck_from_toml(file: &str, text: &str) -> Result<Vec<BonusCard>, SharpError> {
    let parsed: DeckFile = toml::from_str(text).map_err(|e| SharpError::Data {
        file: file.to_string(),
        entry: "(file)".to_string(),
        message: e.to_string(),
    })?;
    let mut cards = Vec::new();
    for c in parsed.card {
        if c.count == 0 || c.id.is_empty() {
            return Err(SharpError::Data {
                file: file.to_string(),
                entry: c.id,
                message: "a card needs an id and a count of at least 1".to_string(),
            });
        }
        if c.rating.is_some_and(|r| !(1..=4).contains(&r)) {
            return Err(SharpError::Data {
                file: file.to_string(),
                entry: c.id,
                message: "a rating is a status, 1 to 4".to_string(),
            });
        }
        for _ in 0..c.count {
            cards.push(BonusCard {
                id: c.id.clone(),
                name: c.name.clone(),
                text: c.text.clone(),
                at_once: c.at_once,
                rating: c.rating,
            });
        }
    }
    Ok(cards)
}

/// The built-in bonus deck, unshuffled.
pub fn builtin_bonus_deck() -> Result<&'static [BonusCard], SharpError> {
    static CELL: OnceLock<Result<Vec<BonusCard>, SharpError>> = OnceLock::new();
    CELL.get_or_init(|| bonus_deck_from_toml("data/deck.toml", DECK_TOML))
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
}

/// Shuffle in place (Fisher-Yates) from a dice stream.
pub fn shuffle<T>(items: &mut [T], dice: &mut Dice) {
    for i in (1..items.len()).rev() {
        let j = dice.below(u32::try_from(i + 1).unwrap_or(u32::MAX)) as usize;
        items.swap(i, j);
    }
}

/// The main deck for a turn, unshuffled (SP-BM-006, ruling `deck`).
pub fn main_deck(battle: &Battle, rulings: &Rulings) -> Vec<Card> {
    let mut cards: Vec<Card> = battle
        .big_men
        .iter()
        .filter(|b| b.can_act())
        .map(|b| Card::BigMan(b.name.clone()))
        .collect();
    for side in &battle.sides {
        if battle.blinds.iter().any(|b| b.side == side.name) {
            cards.push(Card::Blinds(side.name.clone()));
        }
        if rulings.is(RulingId::Deck, "with-grasp") {
            cards.push(Card::GraspTheNettle(side.name.clone()));
        }
    }
    cards.extend(battle.extra_cards.iter().cloned());
    cards.push(Card::Tiffin);
    cards
}

/// Start turn `battle.turn`: a shuffled main deck.
pub fn start_turn(battle: &mut Battle, rulings: &Rulings) {
    let mut cards = main_deck(battle, rulings);
    let mut dice = Dice::from_seed(battle.seed).derive_indexed("deck", u64::from(battle.turn));
    shuffle(&mut cards, &mut dice);
    battle.deck = cards;
    battle.drawn.clear();
    battle.active = None;
}

/// What drawing a card did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Drawn {
    /// A Big Man's card: his initiatives (SP-BM-005).
    BigMan { name: String, initiatives: u32 },
    /// A Big Man's card whose Big Man can no longer act: passed.
    Passed { name: String },
    /// The card of a Big Man under a Blind, as the other side sees it.
    HiddenBigMan { side: String },
    /// A side's Blinds may move.
    Blinds { side: String },
    /// A Grasp the Nettle card in the main deck: the side takes it into its
    /// hand as a bonus card.
    Grasp { side: String },
    /// A scenario's own card: what it says.
    Extra {
        name: String,
        side: Option<String>,
        text: String,
    },
    /// Tiffin: the turn ends; conditions that cleared, and the new turn.
    Tiffin {
        cleared: Vec<String>,
        next_turn: u32,
    },
}

/// Draw the next card of the main deck.
pub fn draw(battle: &mut Battle, rulings: &Rulings) -> Result<Drawn, SharpError> {
    if battle.deck.is_empty() {
        start_turn(battle, rulings);
    }
    if battle.deck.is_empty() {
        return Err(SharpError::Invalid("the deck is empty".into()));
    }
    let card = battle.deck.remove(0);
    battle.drawn.push(card.clone());
    battle.active = None;
    Ok(match card {
        Card::BigMan(name) => {
            let bm = battle.big_man(&name)?;
            if !bm.can_act() {
                return Ok(Drawn::Passed { name });
            }
            let initiatives = bm.status.level();
            battle.active = Some(Activation::new(Card::BigMan(name.clone()), initiatives));
            Drawn::BigMan { name, initiatives }
        }
        Card::HiddenBigMan(side) => {
            battle.active = Some(Activation::new(Card::HiddenBigMan(side.clone()), 0));
            Drawn::HiddenBigMan { side }
        }
        Card::Blinds(side) => {
            let mut a = Activation::new(Card::Blinds(side.clone()), 0);
            for b in battle.blinds.iter().filter(|b| b.side == side) {
                // SP-ACT-016, ruling `blind-dice`: a Blind has 3 action dice.
                a.activate(&b.name, 3);
            }
            battle.active = Some(a);
            Drawn::Blinds { side }
        }
        Card::GraspTheNettle(side) => {
            let card = BonusCard {
                id: "grasp-the-nettle".to_string(),
                name: "Grasp the Nettle".to_string(),
                text: "Play for an active Big Man: one more initiative this card.".to_string(),
                at_once: false,
                rating: None,
            };
            battle.side_mut(&side)?.hand.push(card);
            Drawn::Grasp { side }
        }
        Card::Extra { name, side, text } => Drawn::Extra { name, side, text },
        Card::Tiffin => {
            let cleared = tiffin(battle);
            battle.turn += 1;
            start_turn(battle, rulings);
            Drawn::Tiffin {
                cleared,
                next_turn: battle.turn,
            }
        }
    })
}

/// The end of a turn: count down the conditions that clear by themselves
/// (smoke clears on the third Tiffin card), and lift this turn's limits.
fn tiffin(battle: &mut Battle) -> Vec<String> {
    let mut cleared = Vec::new();
    let mut dice = Dice::from_seed(battle.seed).derive_indexed("flints", u64::from(battle.turn));
    for g in &mut battle.groups {
        // Firing event 3 (SP-RND-013): each turn a 5 or 6 replaces the flint.
        if g.has("broken-flint") {
            let d = dice.roll(6);
            if d >= 5 {
                g.conditions.retain(|c| c.id != "broken-flint");
                cleared.push(format!("{}: broken-flint (rolled {d})", g.name));
            }
        }
        g.ready = false;
        g.next_turn_limit = None;
        for c in &mut g.conditions {
            if let Some(n) = &mut c.tiffins_left {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    cleared.push(format!("{}: {}", g.name, c.id));
                }
            }
        }
        g.conditions.retain(|c| c.tiffins_left != Some(0));
    }
    cleared
}

/// What drawing a bonus card did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BonusDrawn {
    pub card: BonusCard,
    /// Played at once (SP-CARD-004).
    pub played: bool,
    /// The side now holds more than [`HAND_LIMIT`] and must discard one
    /// (ruling `hand-limit`).
    pub must_discard: bool,
}

/// The side that triggered a bonus card takes the top card (SP-CARD-001).
pub fn draw_bonus(battle: &mut Battle, side: &str) -> Result<BonusDrawn, SharpError> {
    if battle.bonus_deck.is_empty() {
        let mut discards = std::mem::take(&mut battle.bonus_discards);
        // Reshuffled by the turn and how many cards come back: the same
        // whoever's dice rolled before.
        let mut dice = Dice::from_seed(battle.seed)
            .derive_indexed("bonus-reshuffle", u64::from(battle.turn))
            .derive_indexed("cards", discards.len() as u64);
        shuffle(&mut discards, &mut dice);
        battle.bonus_deck = discards;
    }
    if battle.bonus_deck.is_empty() {
        return Err(SharpError::Invalid("the bonus deck is empty".into()));
    }
    let card = battle.bonus_deck.remove(0);
    if card.at_once {
        if card.id == "damnation" {
            battle.active = None;
        }
        battle.bonus_discards.push(card.clone());
        return Ok(BonusDrawn {
            card,
            played: true,
            must_discard: false,
        });
    }
    let s = battle.side_mut(side)?;
    s.hand.push(card.clone());
    let must_discard = s.hand.len() > HAND_LIMIT;
    Ok(BonusDrawn {
        card,
        played: false,
        must_discard,
    })
}

/// Take a card out of a side's hand by id or name.
fn take(battle: &mut Battle, side: &str, card: &str) -> Result<BonusCard, SharpError> {
    let s = battle.side_mut(side)?;
    let Some(i) = s
        .hand
        .iter()
        .position(|c| c.id.eq_ignore_ascii_case(card) || c.name.eq_ignore_ascii_case(card))
    else {
        return Err(SharpError::unknown(
            "card in hand",
            card,
            s.hand.iter().map(|c| c.id.as_str()),
        ));
    };
    Ok(s.hand.remove(i))
}

/// Throw a held card away (SP-CARD-002).
pub fn discard(battle: &mut Battle, side: &str, card: &str) -> Result<BonusCard, SharpError> {
    let c = take(battle, side, card)?;
    battle.bonus_discards.push(c.clone());
    Ok(c)
}

/// Play a held card: the Big Man whose card is in play may play any card
/// his side holds (SP-CARD-005/006). Grasp the Nettle gives him one more
/// initiative, if his wound allows a card of that rating (SP-HIT-009).
pub fn play(battle: &mut Battle, side: &str, card: &str) -> Result<BonusCard, SharpError> {
    let active = battle.active.clone();
    let Some(Activation {
        card: Card::BigMan(bm),
        ..
    }) = active
    else {
        return Err(SharpError::Invalid(
            "a bonus card is played by the Big Man whose card is in play; draw his card first"
                .into(),
        ));
    };
    let big_man = battle.big_man(&bm)?.clone();
    if !big_man.side.eq_ignore_ascii_case(side) {
        return Err(SharpError::Invalid(format!(
            "{} is not of {side}: only the active Big Man's side may play its cards now",
            big_man.name
        )));
    }
    let held = battle
        .sides
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(side))
        .and_then(|s| {
            s.hand
                .iter()
                .find(|c| c.id.eq_ignore_ascii_case(card) || c.name.eq_ignore_ascii_case(card))
                .cloned()
        });
    if let Some(c) = &held {
        if c.id.starts_with("grasp-the-nettle") {
            let rating = c.rating.unwrap_or(4);
            // A card rated II is for a Big Man of status II or higher.
            if let Some(r) = c.rating
                && r > big_man.status.level()
            {
                let roman = ["I", "II", "III", "IV"];
                return Err(SharpError::Invalid(format!(
                    "{} is for a Big Man of status {} or higher, and {} is of status {}",
                    c.name,
                    roman
                        .get(r.saturating_sub(1) as usize)
                        .copied()
                        .unwrap_or("IV"),
                    big_man.name,
                    big_man.status
                )));
            }
            if big_man.wound == Wound::Light && rating >= big_man.status.level() {
                return Err(SharpError::Invalid(format!(
                    "{} is lightly wounded: he may play only Grasp the Nettle cards rated below his status {} (this one is rated {rating})",
                    big_man.name, big_man.status
                )));
            }
        }
    }
    let c = take(battle, side, card)?;
    if c.id.starts_with("grasp-the-nettle") {
        if let Some(a) = &mut battle.active {
            a.initiatives += 1;
            a.grasped += 1;
        }
    }
    battle.bonus_discards.push(c.clone());
    Ok(c)
}
