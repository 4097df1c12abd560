//! The words of the game: ranks, posts, weapons, missions, months.
//!
//! These are closed lists fixed by the rules; the figures attached to them
//! (pay, prices, modifiers) are data, in `data/tables.toml`.

use serde::{Deserialize, Serialize};

/// A military rank, lowest first. A brevet rank is a [`Rank`] with the
/// character's `brevet` flag set: it carries the title but not the pay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rank {
    Private,
    Subaltern,
    Captain,
    Major,
    LtCol,
    Colonel,
    BrigGen,
    LtGen,
    General,
    FieldMarshal,
}

impl Rank {
    /// Every rank, lowest first.
    pub const ALL: [Rank; 10] = [
        Rank::Private,
        Rank::Subaltern,
        Rank::Captain,
        Rank::Major,
        Rank::LtCol,
        Rank::Colonel,
        Rank::BrigGen,
        Rank::LtGen,
        Rank::General,
        Rank::FieldMarshal,
    ];

    /// Short name, as the reference writes it.
    pub fn short(self) -> &'static str {
        match self {
            Rank::Private => "Pte",
            Rank::Subaltern => "Sub",
            Rank::Captain => "Capt",
            Rank::Major => "Maj",
            Rank::LtCol => "LtCol",
            Rank::Colonel => "Col",
            Rank::BrigGen => "BrigGen",
            Rank::LtGen => "LtGen",
            Rank::General => "Gen",
            Rank::FieldMarshal => "FM",
        }
    }

    /// Full name.
    pub fn name(self) -> &'static str {
        match self {
            Rank::Private => "Private",
            Rank::Subaltern => "Subaltern",
            Rank::Captain => "Captain",
            Rank::Major => "Major",
            Rank::LtCol => "Lieutenant-Colonel",
            Rank::Colonel => "Colonel",
            Rank::BrigGen => "Brigadier-General",
            Rank::LtGen => "Lieutenant-General",
            Rank::General => "General",
            Rank::FieldMarshal => "Field Marshal",
        }
    }

    /// Position in [`Rank::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The next rank up, if any.
    pub fn next(self) -> Option<Rank> {
        Rank::ALL.get(self.index() + 1).copied()
    }

    /// A regimental rank (Private to Colonel) as opposed to a general's.
    pub fn is_regimental(self) -> bool {
        self <= Rank::Colonel
    }

    /// Read a rank as players write it: full or short name, any case,
    /// dots and hyphens ignored ("Lt-Col", "lt.col", "captain", "capt").
    pub fn parse(word: &str) -> Option<Rank> {
        let w: String = word
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        Some(match w.as_str() {
            "private" | "pte" | "pvt" => Rank::Private,
            "subaltern" | "sub" | "lieutenant" | "lt" => Rank::Subaltern,
            "captain" | "capt" | "cpt" | "cap" => Rank::Captain,
            "major" | "maj" => Rank::Major,
            "ltcol" | "lieutenantcolonel" | "ltcolonel" => Rank::LtCol,
            "colonel" | "col" => Rank::Colonel,
            "briggen" | "brigadiergeneral" | "brigadier" | "bg" => Rank::BrigGen,
            "ltgen" | "lieutenantgeneral" | "lg" => Rank::LtGen,
            "general" | "gen" => Rank::General,
            "fieldmarshal" | "fm" | "marshal" => Rank::FieldMarshal,
            _ => return None,
        })
    }
}

/// A staff post that a superior gives by appointment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Post {
    /// A regiment's adjutant, appointed by its colonel.
    Adjutant,
    /// A brigade's brigade major, appointed by its brigadier.
    BrigadeMajor,
}

impl Post {
    /// Both posts.
    pub const ALL: [Post; 2] = [Post::Adjutant, Post::BrigadeMajor];

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Post::Adjutant => "Adjutant",
            Post::BrigadeMajor => "Brigade Major",
        }
    }

    /// Read a post from its words ("brigade major", "BM", "adjutant").
    pub fn parse(words: &str) -> Option<Post> {
        let w: String = words
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        match w.as_str() {
            "adjutant" | "adj" => Some(Post::Adjutant),
            "brigademajor" | "bm" | "bdemajor" => Some(Post::BrigadeMajor),
            _ => None,
        }
    }
}

/// A weapon a character can practise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Weapon {
    Sabre,
    Rapier,
    Cutlass,
    Pistol,
}

impl Weapon {
    /// Every weapon.
    pub const ALL: [Weapon; 4] = [
        Weapon::Sabre,
        Weapon::Rapier,
        Weapon::Cutlass,
        Weapon::Pistol,
    ];

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Weapon::Sabre => "sabre",
            Weapon::Rapier => "rapier",
            Weapon::Cutlass => "cutlass",
            Weapon::Pistol => "pistol",
        }
    }

    /// Read a weapon (any case; "saber" accepted).
    pub fn parse(word: &str) -> Option<Weapon> {
        match word.to_ascii_lowercase().as_str() {
            "sabre" | "saber" => Some(Weapon::Sabre),
            "rapier" => Some(Weapon::Rapier),
            "cutlass" => Some(Weapon::Cutlass),
            "pistol" | "pistols" => Some(Weapon::Pistol),
            _ => None,
        }
    }
}

/// What a brigade was sent to do at the front this month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Mission {
    Siege,
    Assault,
    Defence,
    Field,
}

impl Mission {
    /// Every mission, in the columns' order of the Personal Outcome table.
    pub const ALL: [Mission; 4] = [
        Mission::Siege,
        Mission::Assault,
        Mission::Defence,
        Mission::Field,
    ];

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Mission::Siege => "siege",
            Mission::Assault => "assault",
            Mission::Defence => "defence",
            Mission::Field => "field operations",
        }
    }

    /// The letter the mission table uses (S, A, D, F).
    pub fn letter(self) -> char {
        match self {
            Mission::Siege => 'S',
            Mission::Assault => 'A',
            Mission::Defence => 'D',
            Mission::Field => 'F',
        }
    }

    /// Position in [`Mission::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A calendar month, 1 = January.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MonthOfYear(pub u8);

impl MonthOfYear {
    /// Its name.
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 12] = [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        NAMES[usize::from(self.0.clamp(1, 12)) - 1]
    }

    /// June to August: the regular campaign season.
    pub fn is_campaign_season(self) -> bool {
        (6..=8).contains(&self.0)
    }
}
