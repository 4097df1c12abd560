//! A new game's Paris: the NPC officers the front needs (the army's
//! general, a brigadier for each brigade, a colonel for each regiment), the
//! ladies of Paris, and the players' characters.
//!
//! Every figure is rolled from the game's seed, so the same seed and players
//! give the same Paris.

use umpire_core::dice::Dice;

use crate::model::Rank;
use crate::tables::Tables;
use crate::world::{Appointment, Character, CharacterId, Mistress, World};

const OFFICERS: [&str; 32] = [
    "de Montmorency",
    "de Turenne",
    "de Villars",
    "de Vendome",
    "de Luxembourg",
    "de Catinat",
    "de Boufflers",
    "de Tallard",
    "de Berwick",
    "de Noailles",
    "de Conti",
    "de Crequi",
    "de Schomberg",
    "de Vauban",
    "de Rohan",
    "de Gramont",
    "de Lorges",
    "de Duras",
    "de Marsin",
    "de Tesse",
    "de Broglie",
    "de Coigny",
    "de Belle-Isle",
    "de Saxe",
    "de Lowendal",
    "de Chevert",
    "de Soubise",
    "de Contades",
    "de Castries",
    "d'Estrees",
    "de Richelieu",
    "de Maillebois",
];

const LADIES: [&str; 16] = [
    "Mlle Angelique",
    "Mme Babette",
    "Mlle Celeste",
    "Mme Dorothee",
    "Mlle Eloise",
    "Mme Fleur",
    "Mlle Genevieve",
    "Mme Helene",
    "Mlle Isabeau",
    "Mme Josephine",
    "Mlle Laurence",
    "Mme Mathilde",
    "Mlle Nicolette",
    "Mme Odile",
    "Mlle Perrine",
    "Mme Rosalie",
];

/// A player joining a new game.
#[derive(Debug, Clone)]
pub struct NewPlayer {
    pub name: String,
    pub password: String,
    pub address: String,
}

/// Make a new game. Players start in Paris with SL 2+1d6, 100 × 2d6 crowns
/// and MA 2+1d6 (decision "Starting characters").
pub fn new_game(
    name: &str,
    seed: u64,
    first_month_of_year: u8,
    players: &[NewPlayer],
    tables: &Tables,
) -> World {
    let mut dice = Dice::from_seed(seed).derive("setup");
    let mut characters = Vec::new();
    let mut officer = OFFICERS.iter().cycle();
    let mut next_officer = |title: &str| {
        format!(
            "{title} {}",
            officer.next().copied().unwrap_or("de Nemours")
        )
    };
    let npc = |name: String, rank: Rank, ma: i32, regiment: Option<String>, post: Appointment| {
        let mut c = Character::new(name, 14, 0, ma);
        c.npc = true;
        c.rank = Some(rank);
        c.regiment = regiment;
        c.appointments.push(post);
        c
    };
    characters.push(npc(
        next_officer("the Duc"),
        Rank::General,
        6,
        None,
        Appointment::Army,
    ));
    for b in &tables.brigades {
        let ma = 2 + dice.roll(6) as i32;
        characters.push(npc(
            next_officer("the Comte"),
            Rank::BrigGen,
            ma,
            None,
            Appointment::Brigadier(b.id.clone()),
        ));
    }
    for r in &tables.regiments {
        let ma = 1 + dice.roll(6) as i32;
        characters.push(npc(
            next_officer("the Marquis"),
            Rank::Colonel,
            ma,
            Some(r.id.clone()),
            Appointment::Colonel(r.id.clone()),
        ));
    }
    for p in players {
        let sl = 2 + i64::from(dice.roll(6));
        let cash = 100 * i64::from(dice.sum(2, 6));
        let ma = 2 + dice.roll(6) as i32;
        let mut c = Character::new(p.name.clone(), sl, cash, ma);
        c.password = p.password.clone();
        c.address = p.address.clone();
        characters.push(c);
    }
    let mistresses = LADIES
        .iter()
        .enumerate()
        .map(|(i, name)| Mistress {
            name: (*name).to_string(),
            sl: 2 + i64::try_from(i % 12).unwrap_or(0),
            beautiful: dice.roll(6) >= 4,
            wealthy: dice.roll(6) >= 5,
            lover: None,
        })
        .collect();
    World {
        game: name.to_string(),
        seed,
        month: 1,
        first_month_of_year: first_month_of_year.clamp(1, 12),
        characters,
        mistresses,
    }
}

/// Why a new game cannot be made as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("month {0} is not a month of the year: give 1 (January) to 12 (December)")]
    Month(u8),
    #[error("a character needs a name")]
    NoName,
    #[error(
        "`{0}` and `{1}` differ only in case or accents, so their sheets could not be told apart: give one of them another name"
    )]
    Twins(String, String),
    #[error(
        "`{0}` is the name of {1}, a character the game makes itself: give the player another name"
    )]
    TakenByTheGame(String, String),
}

/// [`new_game`], refusing what would make a game nobody can play: a month
/// that is not one, an empty name, two players whose names differ only in
/// case or accents (one could never send a sheet), a player named like a
/// character the game makes itself (every sheet of his would be refused).
pub fn new_game_checked(
    name: &str,
    seed: u64,
    first_month_of_year: u8,
    players: &[NewPlayer],
    tables: &Tables,
) -> Result<World, SetupError> {
    if !(1..=12).contains(&first_month_of_year) {
        return Err(SetupError::Month(first_month_of_year));
    }
    let mut seen: Vec<(String, &str)> = Vec::new();
    for p in players {
        let n = p.name.trim();
        if n.is_empty() {
            return Err(SetupError::NoName);
        }
        let key = crate::world::normalise(n);
        if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
            return Err(SetupError::Twins((*first).to_string(), n.to_string()));
        }
        seen.push((key, n));
    }
    let world = new_game(name, seed, first_month_of_year, players, tables);
    for c in world.characters.iter().filter(|c| c.npc) {
        let key = crate::world::normalise(&c.name);
        if let Some((_, n)) = seen.iter().find(|(k, _)| *k == key) {
            return Err(SetupError::TakenByTheGame((*n).to_string(), c.name.clone()));
        }
    }
    Ok(world)
}

/// Why a player cannot join.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JoinError {
    #[error("a character needs a name")]
    NoName,
    /// The character already in the game the name would be taken for.
    #[error(
        "there is already a character called `{0}` in this game (names are told apart without case, accents or a leading \"the\")"
    )]
    Taken(String),
}

/// A player joining a running game: a new character in Paris rolled as at
/// the start (SL 2+1d6, 100 × 2d6 crowns, MA 2+1d6), from `seed`, so the
/// same join gives the same character (decision "Joining a running game").
pub fn join(world: &mut World, player: &NewPlayer, seed: u64) -> Result<CharacterId, JoinError> {
    let name = player.name.trim();
    if name.is_empty() {
        return Err(JoinError::NoName);
    }
    if let Some(c) = world
        .find_character(name)
        .and_then(|id| world.character(id))
    {
        return Err(JoinError::Taken(c.name.clone()));
    }
    let mut dice = Dice::from_seed(seed).derive("join");
    let sl = 2 + i64::from(dice.roll(6));
    let cash = 100 * i64::from(dice.sum(2, 6));
    let ma = 2 + dice.roll(6) as i32;
    let mut c = Character::new(name.to_string(), sl, cash, ma);
    c.password = player.password.clone();
    c.address = player.address.clone();
    let id = CharacterId::new(u32::try_from(world.characters.len()).unwrap_or(u32::MAX));
    world.characters.push(c);
    Ok(id)
}

#[cfg(test)]
mod join_tests {
    use super::*;

    #[test]
    fn a_joining_player_gets_a_character_rolled_as_at_the_start() {
        let tables = Tables::builtin().unwrap();
        let first = NewPlayer {
            name: "Athos".into(),
            password: String::new(),
            address: String::new(),
        };
        let mut w = new_game("paris", 3, 3, std::slice::from_ref(&first), tables);
        let before = w.characters.len();
        let late = NewPlayer {
            name: "Porthos".into(),
            password: String::new(),
            address: "porthos@example.org".into(),
        };
        let id = join(&mut w, &late, 9).unwrap();
        assert_eq!(w.characters.len(), before + 1);
        let c = w.character(id).unwrap();
        assert_eq!(c.name, "Porthos");
        assert!((3..=8).contains(&c.sl), "SL {}", c.sl);
        assert!((200..=1200).contains(&c.cash), "cash {}", c.cash);
        assert!((3..=8).contains(&c.ma), "MA {}", c.ma);
        assert!(!c.npc && c.is_alive());
        assert_eq!(w.find_character("porthos"), Some(id));
        // The same seed gives the same character.
        let mut again = new_game("paris", 3, 3, &[first], tables);
        let id2 = join(&mut again, &late, 9).unwrap();
        assert_eq!(again.character(id2), w.character(id));
        assert_eq!(
            join(&mut w, &late, 10),
            Err(JoinError::Taken("Porthos".into()))
        );
        let nameless = NewPlayer {
            name: " ".into(),
            ..late
        };
        assert_eq!(join(&mut w, &nameless, 1), Err(JoinError::NoName));
    }
}

#[cfg(test)]
mod checked_tests {
    use super::*;

    fn player(name: &str) -> NewPlayer {
        NewPlayer {
            name: name.into(),
            password: String::new(),
            address: String::new(),
        }
    }

    fn make(players: &[&str], month: u8) -> Result<World, SetupError> {
        let roster: Vec<NewPlayer> = players.iter().map(|n| player(n)).collect();
        let tables = Tables::builtin().map_err(|_| SetupError::NoName)?;
        new_game_checked("paris", 3, month, &roster, tables)
    }

    #[test]
    fn names_that_differ_only_in_case_or_accents_are_refused() {
        assert_eq!(
            make(&["Athos", "athos"], 3).err(),
            Some(SetupError::Twins("Athos".into(), "athos".into()))
        );
        assert_eq!(
            make(&["Aramis", "Arämis"], 3).err(),
            Some(SetupError::Twins("Aramis".into(), "Arämis".into()))
        );
        assert!(make(&["Athos", "Porthos"], 3).is_ok());
    }

    #[test]
    fn a_player_named_like_the_games_own_character_is_refused() {
        let e = make(&["Athos", "the duc de montmorency"], 3).err();
        assert_eq!(
            e,
            Some(SetupError::TakenByTheGame(
                "the duc de montmorency".into(),
                "the Duc de Montmorency".into()
            ))
        );
        assert!(
            e.map(|e| e.to_string())
                .unwrap_or_default()
                .contains("give the player another name")
        );
    }

    #[test]
    fn a_month_of_the_year_is_1_to_12() {
        for m in [0, 13, 255] {
            assert_eq!(make(&["Athos"], m).err(), Some(SetupError::Month(m)));
        }
        assert!(make(&["Athos"], 12).is_ok());
        assert_eq!(make(&["  "], 3).err(), Some(SetupError::NoName));
    }

    #[test]
    fn names_are_found_whatever_the_case_and_accents() {
        let w = make(&["Athos", "Aramis"], 3).ok();
        let w = w.as_ref();
        let found = |n: &str| w.and_then(|w| w.find_character(n));
        assert!(found("Athos").is_some());
        assert_eq!(found("ATHOS"), found("Athos"));
        assert_eq!(found("Athös"), found("Athos"));
        assert!(found("the duc de montmorency").is_some());
        assert_eq!(
            found("the duc de montmorency"),
            found("the Duc de Montmorency")
        );
        assert!(found("Dartagnan").is_none());
    }
}
