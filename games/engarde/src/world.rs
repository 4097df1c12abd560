//! Paris: the characters (players' and NPCs'), the mistresses, the calendar.
//!
//! The commanders the front needs (the army's general, each brigade's
//! brigadier, each regiment's colonel) are characters too: a player's
//! character who holds the post, or else an NPC officer. NPCs take no orders
//! and do not convert SPs; they are there to command, to be toadied to and
//! to appoint staff.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use umpire_core::typed_id;

use crate::model::{MonthOfYear, Post, Rank, Weapon};
use crate::spsl::Sp;
use crate::tables::{Crowns, Tables};

typed_id!(
    /// A character, by position in [`World::characters`].
    pub CharacterId
);
typed_id!(
    /// A mistress, by position in [`World::mistresses`].
    pub MistressId
);

/// Where a character is this month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Whereabouts {
    Paris,
    Front,
    Dead,
}

/// A command or staff post a character holds.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Appointment {
    /// The army's commanding general.
    Army,
    /// Brigadier of a brigade (by id).
    Brigadier(String),
    /// Colonel commanding a regiment (by id).
    Colonel(String),
    /// A staff post: adjutant of a regiment or brigade major of a brigade.
    Staff(Post, String),
}

impl Appointment {
    /// How it reads in a report: "Brigade Major of the Guards Brigade".
    pub fn describe(&self, tables: &Tables) -> String {
        let brigade = |id: &str| {
            tables
                .brigade(id)
                .map_or(id.to_string(), |b| b.name.clone())
        };
        let regiment = |id: &str| {
            tables
                .regiment(id)
                .map_or(id.to_string(), |r| r.name.clone())
        };
        match self {
            Appointment::Army => "commanding the army".to_string(),
            Appointment::Brigadier(b) => format!("Brigadier of the {}", brigade(b)),
            Appointment::Colonel(r) => format!("Colonel of the {}", regiment(r)),
            Appointment::Staff(Post::BrigadeMajor, b) => {
                format!("Brigade Major of the {}", brigade(b))
            }
            Appointment::Staff(Post::Adjutant, r) => format!("Adjutant of the {}", regiment(r)),
        }
    }
}

/// A character of Parisian society.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub name: String,
    /// Player's password (empty for NPCs).
    pub password: String,
    /// Player's mail address (empty for NPCs).
    pub address: String,
    /// An NPC: takes no orders, does not convert SPs.
    pub npc: bool,
    /// Social level, at least 1.
    pub sl: i64,
    /// SPs carried in from last month (the month's running total starts here).
    pub sp: Sp,
    pub cash: Crowns,
    /// Owed to the moneylender.
    pub debt: Crowns,
    /// Military Ability, 1..=10.
    pub ma: i32,
    /// Regiment id, if any.
    pub regiment: Option<String>,
    /// Rank, if in a regiment (or a general).
    pub rank: Option<Rank>,
    /// A brevet rank: the title without the pay (paid as the rank below)
    /// until his SL reaches the rank's minimum.
    pub brevet: bool,
    pub appointments: Vec<Appointment>,
    /// Club id, if a member.
    pub club: Option<String>,
    /// Game month from which he may join a club again.
    pub club_wait_until: u32,
    pub mistress: Option<MistressId>,
    pub horses: u32,
    /// Expertise by weapon.
    pub expertise: BTreeMap<Weapon, u32>,
    /// Months in a row without female companionship.
    pub lonely_months: u32,
    pub whereabouts: Whereabouts,
    /// Mentions in despatches won this month, paid as SP on return.
    pub mentions_due: u32,
    /// Owes one SL for unpaid upkeep, taken at the conversion.
    pub owes_sl: bool,
}

impl Character {
    /// A new player's character in Paris.
    pub fn new(name: impl Into<String>, sl: i64, cash: Crowns, ma: i32) -> Character {
        Character {
            name: name.into(),
            password: String::new(),
            address: String::new(),
            npc: false,
            sl: sl.max(1),
            sp: Sp::ZERO,
            cash,
            debt: 0,
            ma: ma.clamp(1, 10),
            regiment: None,
            rank: None,
            brevet: false,
            appointments: Vec::new(),
            club: None,
            club_wait_until: 0,
            mistress: None,
            horses: 0,
            expertise: BTreeMap::new(),
            lonely_months: 0,
            whereabouts: Whereabouts::Paris,
            mentions_due: 0,
            owes_sl: false,
        }
    }

    /// Alive (in Paris or at the front).
    pub fn is_alive(&self) -> bool {
        self.whereabouts != Whereabouts::Dead
    }

    /// How he is styled: "Capt. Athos" / "BCapt. Athos" / "Athos".
    pub fn styled(&self) -> String {
        match self.rank {
            Some(r) if self.brevet => format!("B{}. {}", r.short(), self.name),
            Some(r) => format!("{}. {}", r.short(), self.name),
            None => self.name.clone(),
        }
    }
}

/// A lady of Paris who may be courted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mistress {
    pub name: String,
    pub sl: i64,
    pub beautiful: bool,
    /// A wealthy mistress asks for no upkeep.
    pub wealthy: bool,
    /// Her lover, if any.
    pub lover: Option<CharacterId>,
}

/// The whole game state between months.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct World {
    /// Name of the game.
    pub game: String,
    /// Seed of every die of the game.
    pub seed: u64,
    /// The game month to be played next, from 1.
    pub month: u32,
    /// Calendar month of game month 1 (1 = January).
    pub first_month_of_year: u8,
    pub characters: Vec<Character>,
    pub mistresses: Vec<Mistress>,
}

impl World {
    /// Calendar month of game month `month`.
    pub fn month_of_year(&self, month: u32) -> MonthOfYear {
        let start = u32::from(self.first_month_of_year.clamp(1, 12)) - 1;
        let m = (start + month.saturating_sub(1)) % 12;
        MonthOfYear(u8::try_from(m + 1).unwrap_or(1))
    }

    /// A character by id.
    pub fn character(&self, id: CharacterId) -> Option<&Character> {
        self.characters.get(id.raw() as usize)
    }

    /// A character by name, case-insensitively ("me" is not resolved here).
    pub fn find_character(&self, name: &str) -> Option<CharacterId> {
        let want = normalise(name);
        self.characters
            .iter()
            .position(|c| normalise(&c.name) == want)
            .and_then(|i| u32::try_from(i).ok())
            .map(CharacterId::new)
    }

    /// A mistress by name, case-insensitively.
    pub fn find_mistress(&self, name: &str) -> Option<MistressId> {
        let want = normalise(name);
        self.mistresses
            .iter()
            .position(|m| normalise(&m.name) == want)
            .and_then(|i| u32::try_from(i).ok())
            .map(MistressId::new)
    }

    /// Who holds an appointment.
    pub fn holder(&self, post: &Appointment) -> Option<CharacterId> {
        self.characters
            .iter()
            .position(|c| c.is_alive() && c.appointments.contains(post))
            .and_then(|i| u32::try_from(i).ok())
            .map(CharacterId::new)
    }

    /// Every character id, in order.
    pub fn ids(&self) -> impl Iterator<Item = CharacterId> + use<> {
        (0..u32::try_from(self.characters.len()).unwrap_or(u32::MAX)).map(CharacterId::new)
    }

    /// The names the order checker resolves against.
    pub fn vocabulary(&self, tables: &Tables) -> crate::orders::ast::Vocabulary {
        crate::orders::ast::Vocabulary {
            characters: self.characters.iter().map(|c| c.name.clone()).collect(),
            mistresses: self.mistresses.iter().map(|m| m.name.clone()).collect(),
            clubs: tables.clubs.iter().map(|c| c.name.clone()).collect(),
            regiments: tables
                .regiments
                .iter()
                .map(|r| (r.id.clone(), r.name.clone()))
                .collect(),
            ..Default::default()
        }
        .indexed()
    }

    /// An index from [`normalise`]d names to characters, for reading the
    /// mail of a large game (`find_character` scans).
    pub fn name_index(&self) -> std::collections::HashMap<String, CharacterId> {
        let mut index = std::collections::HashMap::with_capacity(self.characters.len());
        for id in self.ids() {
            if let Some(c) = self.character(id) {
                index.entry(normalise(&c.name)).or_insert(id);
            }
        }
        index
    }
}

/// Names compare case-insensitively with runs of spaces folded.
pub use crate::orders::ast::name_key as normalise;
