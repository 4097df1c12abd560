//! Factions: players and the game's own NPC factions.

use serde::{Deserialize, Serialize};

use super::ids::FactionId;
use crate::rules::{ConstructionId, EnchantmentId, ItemId, RaceId, SkillId, TerrainId, TitleId};

/// How a faction regards another, from least to most friendly (OV-FAC-012;
/// the original engine's `stances.var` codes 1 to 5). Comparisons follow
/// that order: `Stance::Hostile < Stance::Neutral`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stance {
    /// Attacks on sight (OV-FAC-025).
    Enemy,
    /// Kept out of owned land; fought when marching in (OV-FAC-023).
    Hostile,
    Neutral,
    Friendly,
    Ally,
}

impl Stance {
    pub const ALL: [Stance; 5] = [
        Stance::Enemy,
        Stance::Hostile,
        Stance::Neutral,
        Stance::Friendly,
        Stance::Ally,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Stance::Enemy => "enemy",
            Stance::Hostile => "hostile",
            Stance::Neutral => "neutral",
            Stance::Friendly => "friendly",
            Stance::Ally => "ally",
        }
    }

    pub fn from_name(s: &str) -> Option<Stance> {
        Stance::ALL
            .into_iter()
            .find(|x| x.as_str().eq_ignore_ascii_case(s))
    }
}

/// A rules entry a faction knows the description of.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Known {
    Item(ItemId),
    Race(RaceId),
    Terrain(TerrainId),
    Title(TitleId),
    Construction(ConstructionId),
    Enchantment(EnchantmentId),
}

/// Who plays a faction.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    /// A person, sending orders by mail.
    Human,
    /// The game itself: the Emperor, guards, creatures.
    Npc,
}

/// What a non-player faction is to the rules. The rules give the Imperials
/// [f01] and the Citizens [f02] guards anywhere and the Overlord's cause
/// (OV-GRD-004, OV-TTL-021); units resign to the Imperials, Citizens, Free
/// People or Outlaws (OV-FO-005). A role is data, set when the world is
/// made (the generator) or read in (the importer, by the sample game's
/// names); the turn never reads it from a faction's number or name, so a
/// world's copies and renumbered factions behave alike.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Imperials,
    Citizens,
    FreePeople,
    Outlaws,
    Mages,
    Creatures,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Imperials,
        Role::Citizens,
        Role::FreePeople,
        Role::Outlaws,
        Role::Mages,
        Role::Creatures,
    ];

    /// The role's name as the rules write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Imperials => "Imperials",
            Role::Citizens => "Citizens",
            Role::FreePeople => "Free People",
            Role::Outlaws => "Outlaws",
            Role::Mages => "Mages",
            Role::Creatures => "Creatures",
        }
    }

    /// The role a non-player faction of this name plays: the rules' names,
    /// and the original sample game's (Itorians are its Imperials, People
    /// its Citizens, Monsters its Creatures). Read when a world is imported
    /// or an older save is opened, never during a turn.
    pub fn from_name(name: &str) -> Option<Role> {
        let name = name.trim();
        let alias = [
            ("Itorians", Role::Imperials),
            ("People", Role::Citizens),
            ("Monsters", Role::Creatures),
        ];
        Role::ALL
            .into_iter()
            .map(|r| (r.as_str(), r))
            .chain(alias)
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, r)| r)
    }

    /// Guards without a title (OV-GRD-004).
    pub fn guards_anywhere(self) -> bool {
        matches!(self, Role::Imperials | Role::Citizens | Role::FreePeople)
    }

    /// Takes the units of a faction that resigns to it (OV-FO-005).
    pub fn takes_resigned_units(self) -> bool {
        matches!(
            self,
            Role::Imperials | Role::Citizens | Role::FreePeople | Role::Outlaws
        )
    }

    /// Allies with the Overlord and turns on whoever loses the title
    /// (OV-TTL-021).
    pub fn serves_the_overlord(self) -> bool {
        matches!(self, Role::Imperials | Role::Citizens)
    }
}

/// A faction.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Faction {
    /// The number players write: `f3` is 3.
    pub number: u32,
    pub name: String,
    pub player: Player,
    /// Salted hash of the password (never the password itself); empty when
    /// none is set.
    pub password_hash: String,
    pub email: String,
    pub default_stance: Stance,
    /// Stances toward particular factions, sorted by faction.
    pub stances: Vec<(FactionId, Stance)>,
    /// Coins in the faction's treasury (unit purses are separate).
    pub funds: u64,
    /// Items in the faction funds beside the coins (OV-FAC-002: the
    /// sample's new factions have 50 food), sorted by item; taken out
    /// with WITHDRAW in a city.
    #[serde(default)]
    pub stock: Vec<(ItemId, u64)>,
    pub control_points: u32,
    /// Things the faction has seen described (so reports show each
    /// description once), sorted.
    pub known: Vec<Known>,
    pub known_skills: Vec<(SkillId, u8)>,
    pub resigned: bool,
    /// Faction-wide settings (faction SETTING, OV-FO-010): every unit that
    /// has not set its own value follows them.
    pub settings: super::unit::Settings,
    /// Battle reports as summaries (OV-FO-017).
    pub terse: bool,
    /// What a non-player faction is to the rules; `None` for players.
    #[serde(default)]
    pub role: Option<Role>,
}

impl Faction {
    pub fn new(number: u32, name: impl Into<String>, player: Player) -> Self {
        Faction {
            number,
            name: name.into(),
            player,
            password_hash: String::new(),
            email: String::new(),
            default_stance: Stance::Neutral,
            stances: Vec::new(),
            funds: 0,
            stock: Vec::new(),
            control_points: 0,
            known: Vec::new(),
            known_skills: Vec::new(),
            resigned: false,
            settings: super::unit::Settings::default(),
            terse: false,
            role: None,
        }
    }

    /// How many of `item` the faction funds hold.
    pub fn stock_of(&self, item: ItemId) -> u64 {
        self.stock
            .binary_search_by_key(&item, |(i, _)| *i)
            .map_or(0, |k| self.stock[k].1)
    }

    /// Put `count` of `item` in the faction funds.
    pub fn add_stock(&mut self, item: ItemId, count: u64) {
        if count == 0 {
            return;
        }
        match self.stock.binary_search_by_key(&item, |(i, _)| *i) {
            Ok(k) => self.stock[k].1 = self.stock[k].1.saturating_add(count),
            Err(k) => self.stock.insert(k, (item, count)),
        }
    }

    /// Take up to `count` of `item` from the faction funds; what was taken.
    pub fn take_stock(&mut self, item: ItemId, count: u64) -> u64 {
        let Ok(k) = self.stock.binary_search_by_key(&item, |(i, _)| *i) else {
            return 0;
        };
        let taken = count.min(self.stock[k].1);
        self.stock[k].1 -= taken;
        if self.stock[k].1 == 0 {
            self.stock.remove(k);
        }
        taken
    }

    /// The faction's role, if it is a non-player faction with one.
    pub fn npc_role(&self) -> Option<Role> {
        self.role.filter(|_| self.player == Player::Npc)
    }

    /// The stance toward another faction.
    pub fn stance_toward(&self, other: FactionId) -> Stance {
        self.stances
            .binary_search_by_key(&other, |(f, _)| *f)
            .map_or(self.default_stance, |i| self.stances[i].1)
    }

    pub fn set_stance(&mut self, other: FactionId, stance: Stance) {
        match self.stances.binary_search_by_key(&other, |(f, _)| *f) {
            Ok(i) => self.stances[i].1 = stance,
            Err(i) => self.stances.insert(i, (other, stance)),
        }
    }

    /// The id players write: `f3`.
    pub fn code(&self) -> String {
        format!("f{}", self.number)
    }
}

/// A salted SHA-256 of a password, written `sha256$salt$hex`. The salt is
/// the faction's code, so equal passwords of two factions hash apart.
pub fn hash_password(password: &str, salt: &str) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(salt.as_bytes());
    h.update([0u8]);
    h.update(password.as_bytes());
    let digest = h.finalize();
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256${salt}${hex}")
}

/// Does `password` match a hash made by [`hash_password`]?
pub fn password_matches(hash: &str, password: &str) -> bool {
    let mut parts = hash.splitn(3, '$');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("sha256"), Some(salt), Some(_)) => hash_password(password, salt) == hash,
        _ => false,
    }
}
