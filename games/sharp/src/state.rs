//! The lasting state of a battle: sides, Big Men, Groups, Formations,
//! Blinds, the deck and the bonus deck, hands, the turn and the card in
//! play. It is plain data (serde), saved after every command so a game can
//! stop and resume; the umpire never pretends to know the table's geometry
//! — distances and who is where are typed in by the players.

use serde::{Deserialize, Serialize};

use crate::error::SharpError;
use crate::model::{Arm, Character, Formation, Instrument, Quality, Status, Weapon};

/// A lasting condition on a Group or a Big Man (from random events,
/// firing and hits), with the Tiffin cards it still has to run, if it
/// clears by itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    /// Its id, as in the random-event tables: `low-ammunition`,
    /// `damp-powder`, `fouled-barrels`, `needs-water`, `twisted-ankle`, …
    pub id: String,
    /// Tiffin cards left before it clears by itself (smoke: 3).
    pub tiffins_left: Option<u32>,
}

/// How badly a Big Man is hurt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Wound {
    Unhurt,
    Light,
    Bad,
    Dead,
}

/// A Big Man.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BigMan {
    pub name: String,
    pub side: String,
    pub status: Status,
    /// Physique: Robust 3, Healthy 2, Weak 1, Sickly Cove 0 (ruling
    /// `physique`).
    pub physique: u32,
    pub wound: Wound,
    /// The Group he is with, by name.
    pub group: Option<String>,
    /// His attached musician's instrument, if any.
    pub musician: Option<Instrument>,
    pub conditions: Vec<Condition>,
    /// Off the table (carried off, or fled).
    pub off_table: bool,
}

impl BigMan {
    /// Whether he can still influence the game (SP-HIT-011).
    pub fn can_act(&self) -> bool {
        matches!(self.wound, Wound::Unhurt | Wound::Light) && !self.off_table
    }
}

/// A Group of men.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    pub name: String,
    pub side: String,
    pub men: u32,
    pub quality: Quality,
    pub character: Character,
    pub arm: Arm,
    pub weapon: Weapon,
    pub formation: Formation,
    /// The Formation it belongs to, by name.
    pub formation_of: Option<String>,
    pub mounted: bool,
    pub shock: u32,
    pub loaded: bool,
    pub tap_loaded: bool,
    /// It has fired at least once this game (ruling `first-volley`).
    pub first_volley_used: bool,
    /// A chosen man is with it (rifle light infantry only).
    pub chosen_man: bool,
    /// Its chosen man has used up his fine powder (SP-CM-006).
    pub chosen_man_spent: bool,
    /// Made ready this turn (SP-INI-014).
    pub ready: bool,
    /// Gunners lost (artillery).
    pub gunners_lost: u32,
    pub conditions: Vec<Condition>,
    /// Still under a Blind (not yet on the table).
    pub hidden: bool,
    /// Limits from a lost fight on its next turn: "fire-only" or "none".
    pub next_turn_limit: Option<String>,
}

impl Group {
    /// Whether it carries a condition.
    pub fn has(&self, id: &str) -> bool {
        self.conditions.iter().any(|c| c.id == id)
    }
}

/// A Formation of Groups.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormationState {
    pub name: String,
    pub side: String,
    pub kind: Formation,
    pub groups: Vec<String>,
}

/// A Blind: troops not yet on the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blind {
    pub name: String,
    pub side: String,
    /// What is under it (hidden from the other side).
    pub groups: Vec<String>,
    pub big_men: Vec<String>,
}

/// A card of the main deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "card", content = "of")]
pub enum Card {
    /// A Big Man's card.
    BigMan(String),
    /// A side's Blinds move.
    Blinds(String),
    /// The card of one of this side's Big Men who is under a Blind, as the
    /// other side sees it: whose, and nothing more.
    HiddenBigMan(String),
    /// A side's Grasp the Nettle card in the main deck (ruling `deck`).
    GraspTheNettle(String),
    /// Ends the turn.
    Tiffin,
    /// A card the scenario adds to the main deck (a national card, an
    /// event): its name and what it does, for a side or for both.
    Extra {
        name: String,
        side: Option<String>,
        text: String,
    },
}

impl Card {
    /// How it reads.
    pub fn describe(&self) -> String {
        match self {
            Card::BigMan(n) => format!("{n}'s card"),
            Card::HiddenBigMan(s) => format!("the card of a {s} Big Man under a Blind"),
            Card::Blinds(s) => format!("{s}'s Blinds"),
            Card::GraspTheNettle(s) => format!("{s}'s Grasp the Nettle"),
            Card::Tiffin => "Tiffin".to_string(),
            Card::Extra { name, side, .. } => match side {
                Some(s) => format!("{s}'s {name}"),
                None => name.clone(),
            },
        }
    }
}

/// A bonus card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BonusCard {
    /// Its id: `grasp-the-nettle-2`, `damnation`, `water`, …
    pub id: String,
    pub name: String,
    pub text: String,
    /// Must be played as soon as it is drawn (SP-CARD-004).
    pub at_once: bool,
    /// For Grasp the Nettle: its rating (status level).
    pub rating: Option<u32>,
}

/// A side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    pub name: String,
    /// Bonus cards held (at most 3, SP-CARD-003).
    pub hand: Vec<BonusCard>,
}

/// The card in play and what is left of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activation {
    pub card: Card,
    /// For a Big Man's card: initiatives left.
    pub initiatives: u32,
    /// Grasp the Nettle cards played for him this activation.
    pub grasped: u32,
    /// Groups he has commanded this card (SP-INI-013).
    pub commanded: Vec<String>,
    /// He gave Make ready! (costs all initiative, SP-INI-014).
    pub made_ready: bool,
    /// Action dice left to each activated Group (or Blind) this card
    /// (SP-ACT-001: 2; a Blind 3).
    #[serde(default)]
    pub dice: Vec<(String, u32)>,
    /// Groups whose chosen man he called forward (SP-INI-012).
    #[serde(default)]
    pub chosen: Vec<String>,
    /// Groups he encouraged into fisticuffs (SP-INI-008).
    #[serde(default)]
    pub encouraged: Vec<String>,
    /// Points of fervour he added to a charge (SP-INI-009).
    #[serde(default)]
    pub fervour: u32,
}

impl Activation {
    /// A card with no initiative spent yet.
    pub fn new(card: Card, initiatives: u32) -> Activation {
        Activation {
            card,
            initiatives,
            grasped: 0,
            commanded: Vec::new(),
            made_ready: false,
            dice: Vec::new(),
            chosen: Vec::new(),
            encouraged: Vec::new(),
            fervour: 0,
        }
    }

    /// Give a Group (or Blind) its action dice.
    pub fn activate(&mut self, who: &str, dice: u32) {
        if let Some(e) = self
            .dice
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(who))
        {
            e.1 = e.1.max(dice);
        } else {
            self.dice.push((who.to_string(), dice));
        }
    }

    /// Spend `cost` action dice of a Group: the dice left, or why not.
    pub fn spend(&mut self, who: &str, cost: u32, what: &str) -> Result<u32, SharpError> {
        let Some(e) = self
            .dice
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(who))
        else {
            return Err(SharpError::Invalid(format!(
                "{who} is not activated on this card: a Big Man must spend initiative on it first (`initiative activate {who}`, SP-INI-002/003)"
            )));
        };
        if e.1 < cost {
            return Err(SharpError::Invalid(format!(
                "{who} has {} action dice left; {what} costs {cost} (SP-ACT)",
                e.1
            )));
        }
        e.1 -= cost;
        Ok(e.1)
    }
}

/// A session: the battle (`session.state`), its history for `undo`, and
/// the log.
pub type Session = umpire_core::session::Session<Battle>;

/// The whole battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    pub name: String,
    pub seed: u64,
    pub turn: u32,
    pub sides: Vec<Side>,
    pub big_men: Vec<BigMan>,
    pub groups: Vec<Group>,
    pub formations: Vec<FormationState>,
    pub blinds: Vec<Blind>,
    /// Cards still to be drawn this turn.
    pub deck: Vec<Card>,
    /// Cards drawn this turn, in order.
    pub drawn: Vec<Card>,
    /// The bonus deck, top first.
    pub bonus_deck: Vec<BonusCard>,
    pub bonus_discards: Vec<BonusCard>,
    pub active: Option<Activation>,
    /// Rulings switched from their defaults for this game (name, option).
    pub rulings: Vec<(String, String)>,
    /// Commands that rolled dice from the seed so far, each actor's: the
    /// index of its next roll's dice (a command that rolls nothing never
    /// moves them).
    #[serde(default)]
    pub rolls: umpire_core::session::RollCounts,
    /// Cards the scenario adds to every turn's main deck (ruling `deck`).
    #[serde(default)]
    pub extra_cards: Vec<Card>,
}

impl Battle {
    /// A Big Man by name (any case, `_` for a space), or the one name it
    /// begins.
    pub fn big_man(&self, name: &str) -> Result<&BigMan, SharpError> {
        let found = find(
            "Big Man",
            name,
            self.big_men.iter().map(|b| b.name.as_str()),
        )?;
        self.big_men
            .iter()
            .find(|b| b.name == found)
            .ok_or_else(|| SharpError::Invalid(format!("no Big Man `{found}`")))
    }

    /// A Big Man, to change.
    pub fn big_man_mut(&mut self, name: &str) -> Result<&mut BigMan, SharpError> {
        let found = find(
            "Big Man",
            name,
            self.big_men.iter().map(|b| b.name.as_str()),
        )?;
        self.big_men
            .iter_mut()
            .find(|b| b.name == found)
            .ok_or_else(|| SharpError::Invalid(format!("no Big Man `{found}`")))
    }

    /// A Group by name (any case), or the one name it begins.
    pub fn group(&self, name: &str) -> Result<&Group, SharpError> {
        let found = find("Group", name, self.groups.iter().map(|g| g.name.as_str()))?;
        self.groups
            .iter()
            .find(|g| g.name == found)
            .ok_or_else(|| SharpError::Invalid(format!("no Group `{found}`")))
    }

    /// A Group, to change.
    pub fn group_mut(&mut self, name: &str) -> Result<&mut Group, SharpError> {
        let found = find("Group", name, self.groups.iter().map(|g| g.name.as_str()))?;
        self.groups
            .iter_mut()
            .find(|g| g.name == found)
            .ok_or_else(|| SharpError::Invalid(format!("no Group `{found}`")))
    }

    /// A Blind by name (any case, `_` or `-` for a space).
    pub fn blind(&self, name: &str) -> Result<&Blind, SharpError> {
        let found = find("Blind", name, self.blinds.iter().map(|b| b.name.as_str()))?;
        self.blinds
            .iter()
            .find(|b| b.name == found)
            .ok_or_else(|| SharpError::Invalid(format!("no Blind `{found}`")))
    }

    /// A side by name (any case).
    pub fn side_mut(&mut self, name: &str) -> Result<&mut Side, SharpError> {
        let found = find("side", name, self.sides.iter().map(|s| s.name.as_str()))?;
        self.sides
            .iter_mut()
            .find(|s| s.name == found)
            .ok_or_else(|| SharpError::Invalid(format!("no side `{found}`")))
    }

    /// The Big Men with a Group.
    pub fn big_men_with(&self, group: &str) -> Vec<&BigMan> {
        self.big_men
            .iter()
            .filter(|b| {
                b.group
                    .as_deref()
                    .is_some_and(|g| g.eq_ignore_ascii_case(group))
                    && b.wound != Wound::Dead
            })
            .collect()
    }

    /// The rulings in force for this game.
    pub fn rulings(&self) -> Result<crate::Rulings, SharpError> {
        let mut r = crate::Rulings::default();
        for (name, option) in &self.rulings {
            r.set(name, option)?;
        }
        Ok(r)
    }
}

/// `given` among the battle's `names` of one kind: the same name (any case,
/// `_` or `-` for a space) or the one it begins; otherwise why not, naming
/// only what is in this battle (a side's view holds only what it may see).
fn find<'a>(
    what: &'static str,
    given: &str,
    names: impl Iterator<Item = &'a str>,
) -> Result<String, SharpError> {
    let all: Vec<&str> = names.collect();
    match umpire_core::text::find_name(given, all.iter().copied()) {
        Ok(n) => Ok(n.to_string()),
        Err(umpire_core::text::NameError::Ambiguous(many)) => Err(SharpError::Invalid(format!(
            "`{}` could be {}: type more of the name",
            umpire_core::text::clip(given),
            many.join(" or ")
        ))),
        Err(umpire_core::text::NameError::Unknown { hint }) => Err(SharpError::Invalid(format!(
            "no {what} `{}`{}; {}",
            umpire_core::text::clip(given),
            hint.map(|h| format!(" (did you mean `{h}`?)"))
                .unwrap_or_default(),
            if all.is_empty() {
                format!("there is no {what} to name")
            } else {
                format!("the {what}s are {}", all.join(", "))
            }
        ))),
    }
}
