//! Overlord as a hosted game: a seat is a player faction (`f5`).
//!
//! Decisions for hosting (RULES-DECISIONS, "The host"):
//!
//! * The host checks every password before it stores orders, so a hosted
//!   turn does not check them again: the world's own password hashes are
//!   set aside for the run and put back after. They stay what they were
//!   when the game was made or imported; the seats' hashes are the ones
//!   that count.
//! * PASSWORD's new password never reaches storage or the engine: the host
//!   keeps its hash and makes it the seat's when the turn runs; the stored
//!   order reads `PASSWORD PASSWORD`, and the report still tells of the
//!   change.
//! * Removing a player is the rules' RESIGN, stored as the faction's
//!   orders for the next turn: its units go to the Citizens (or the first
//!   other faction RESIGN may name).
//! * A new game's dice come from the `seed` option, or when none is given
//!   from the system's random source, so players cannot work them out.

mod map;
mod page;
mod schema;

use std::path::Path;
use std::sync::{Arc, OnceLock};

use umpire_core::Dice;
use umpire_core::ids::TypedId;
use umpire_overlord::generate::world::{MapSize, WorldParams, generate, join};
use umpire_overlord::rules::Rules;
use umpire_overlord::world::{Player, Role, World};
use umpire_overlord::{orders, save};

use super::view::{Block, DefaultOrder, Hexes, StoredReport, plain_report};
use super::{
    Created, Game, GameKind, Join, Joined, KindError, Mail, NewSeat, OptionSpec, Options, Reading,
    Removal, SeatInfo, SeatPassword, SeatReport, TurnInput, TurnOutput,
};
use crate::overlord::game_dir;
use crate::overlord::layout::parse_faction;
use crate::overlord::play::{self, FactionReport, Play, Source};
use crate::overlord::reading::Reader;
use crate::password::{LegacyHash, Secret};

/// The bundled rules, loaded once.
fn rules() -> Result<Arc<Rules>, KindError> {
    static RULES: OnceLock<Result<Arc<Rules>, String>> = OnceLock::new();
    RULES
        .get_or_init(|| {
            Rules::bundled()
                .map(Arc::new)
                .map_err(|e| format!("the bundled Overlord rules do not load:\n{e}"))
        })
        .clone()
        .map_err(KindError)
}

/// The Overlord kind.
pub struct Overlord;

impl Overlord {
    pub fn new() -> Overlord {
        Overlord
    }
}

impl Default for Overlord {
    fn default() -> Self {
        Overlord::new()
    }
}

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "factions",
        help: "player factions to place (default 6; more can join later)",
        repeats: false,
    },
    OptionSpec {
        name: "seed",
        help: "the game's dice (default: drawn at random; the same seed makes the same world)",
        repeats: false,
    },
    OptionSpec {
        name: "size",
        help: "map size: small, medium, large, huge or WIDTHxHEIGHT (default: by the factions)",
        repeats: false,
    },
];

/// The seats of a world: its player factions.
fn seats_of(world: &World, password: impl Fn(&str) -> SeatPassword) -> Vec<NewSeat> {
    world
        .factions
        .values()
        .filter(|f| f.player == Player::Human && !f.resigned)
        .map(|f| NewSeat {
            key: f.code(),
            name: f.name.clone(),
            password: password(&f.password_hash),
            address: (!f.email.is_empty()).then(|| f.email.clone()),
        })
        .collect()
}

impl GameKind for Overlord {
    fn name(&self) -> &'static str {
        "overlord"
    }

    fn title(&self) -> &'static str {
        "Overlord"
    }

    fn seat_noun(&self) -> &'static str {
        "faction"
    }

    fn leaving(&self) -> &'static str {
        "the faction resigns"
    }

    fn envelope_keywords(&self) -> String {
        "#GAME, #PRESS, #RUMOR or #REPORT".to_string()
    }

    fn world_file(&self) -> &'static str {
        game_dir::WORLD_FILE
    }

    fn options(&self) -> &'static [OptionSpec] {
        OPTIONS
    }

    fn create(&self, name: &str, options: &Options) -> Result<Created, KindError> {
        options.check(OPTIONS)?;
        let rules = rules()?;
        let factions: u32 = options.number("factions", 6)?;
        if !(1..=100_000).contains(&factions) {
            return Err(KindError(format!(
                "factions must be between 1 and 100000, not {factions}"
            )));
        }
        let seed = match options.get("seed") {
            Some(_) => options.number("seed", 0u64)?,
            None => crate::seed::random()?,
        };
        let size = match options.get("size") {
            Some(s) => MapSize::parse(s).map_err(KindError)?,
            None => MapSize::for_factions(factions),
        };
        let params = WorldParams {
            game: name.to_string(),
            seed,
            factions,
            size,
        };
        let made = generate(&rules, &params).map_err(|e| KindError(e.to_string()))?;
        let seats = made
            .players
            .iter()
            .filter(|p| p.player == Player::Human)
            .map(|p| NewSeat {
                key: format!("f{}", p.number),
                name: p.name.clone(),
                password: made
                    .world
                    .faction_by_number(p.number)
                    .map(|f| made.world.factions[f].password_hash.clone())
                    .filter(|h| !h.is_empty())
                    .map_or_else(
                        || SeatPassword::Clear(Secret::new(p.password.clone())),
                        |hash| SeatPassword::Known {
                            clear: Secret::new(p.password.clone()),
                            hash,
                        },
                    ),
                address: None,
            })
            .collect();
        Ok(Created {
            name: name.to_string(),
            state: save::save(&made.world, &rules),
            seats,
            notes: vec![format!(
                "{size} map, {} locations, {} units, {} factions ({factions} players)",
                made.world.locations.len(),
                made.world.units.len(),
                made.world.factions.len()
            )],
        })
    }

    fn import(&self, folder: &Path) -> Result<Created, KindError> {
        let rules = rules()?;
        let (world, notes) = if folder.join(game_dir::WORLD_FILE).exists() {
            (game_dir::read_world(folder, &rules)?, Vec::new())
        } else {
            let im = game_dir::import_world(&rules, folder)?;
            let notes = im.notes.iter().map(ToString::to_string).collect();
            (im.world, notes)
        };
        let breaches = world.check();
        if let Some(first) = breaches.first() {
            return Err(KindError(format!(
                "the game in {} breaks {} invariant(s), first: {first}",
                folder.display(),
                breaches.len()
            )));
        }
        let seats = seats_of(&world, |hash| {
            if hash.is_empty() {
                SeatPassword::Unknown
            } else {
                SeatPassword::Hash(hash.to_string())
            }
        });
        Ok(Created {
            name: world.game.clone(),
            state: save::save(&world, &rules),
            seats,
            notes,
        })
    }

    fn help(&self, topic: &str) -> Option<String> {
        use umpire_overlord::orders::{manual, registry};
        let t = topic.trim();
        if t.is_empty() {
            return Some(manual::index());
        }
        registry::lookup(t).map(|found| manual::order_page(found.keyword.spec()))
    }

    fn spelt(&self, seat: &str) -> String {
        match seat.strip_prefix('f').map(str::parse::<u32>) {
            Some(Ok(n)) => format!("f{n:02}"),
            _ => seat.to_string(),
        }
    }

    fn report_page(&self, report: StoredReport<'_>) -> Vec<Block> {
        report
            .json
            .and_then(page::page)
            .unwrap_or_else(|| plain_report(report))
    }

    fn map(&self, reports: &[(u32, String)]) -> Hexes {
        map::hexes(reports)
    }

    fn name_in_report(&self, json: &str) -> Option<String> {
        schema::read(json)?.header.faction.map(|f| f.name)
    }

    /// The newspaper every faction's report of the turn carries (the same
    /// in each: articles name their faction in full).
    fn news(
        &self,
        _public: &std::collections::BTreeMap<String, String>,
        report_json: Option<&str>,
    ) -> Option<String> {
        let report = schema::read(report_json?)?;
        let articles: Vec<String> = report
            .newspaper
            .iter()
            .map(|a| {
                let by = match &a.author {
                    Some(n) => match &n.id {
                        Some(id) => format!("  -- {} [{id}]", n.name),
                        None => format!("  -- {}", n.name),
                    },
                    None => "  -- a rumour".to_string(),
                };
                format!("{}\n{by}", a.lines.join("\n"))
            })
            .collect();
        (!articles.is_empty()).then(|| articles.join("\n\n"))
    }

    fn article(&self, game: &str, seat: &str, signed: bool, text: &str) -> Option<String> {
        let keyword = if signed { "PRESS" } else { "RUMOR" };
        let body: String = text.lines().map(|l| format!("{l}\n")).collect();
        Some(format!("#{keyword} {seat} PASSWORD {game}\n{body}#END\n"))
    }

    fn default_order(&self) -> Option<DefaultOrder> {
        // The rules: "Spend the time working for the minimum wage. This is
        // the default order."
        Some(DefaultOrder {
            order: "WORK",
            does: "working for the minimum wage",
        })
    }

    fn legacy_hash(&self) -> Option<LegacyHash> {
        Some(umpire_overlord::world::faction::hash_password)
    }

    fn open(&self, state: &[u8]) -> Result<Box<dyn Game>, KindError> {
        let rules = rules()?;
        let world = save::load(state, &rules)
            .map_err(|e| KindError(format!("the stored world does not load: {e}")))?;
        let reader = Reader::new(&world);
        Ok(Box::new(OverlordGame {
            world,
            rules,
            reader,
        }))
    }
}

/// An Overlord world between turns.
pub struct OverlordGame {
    world: World,
    rules: Arc<Rules>,
    reader: Reader,
}

impl OverlordGame {
    fn number(&self, seat: &str) -> Result<u32, KindError> {
        parse_faction(seat)
            .filter(|n| self.world.faction_by_number(*n).is_some())
            .ok_or_else(|| KindError(format!("there is no faction {seat} in this game")))
    }

    /// The player factions; one with no units left is out of play
    /// (OV-SRV-015).
    fn seats_in(world: &World) -> Vec<SeatInfo> {
        let mut has_units = vec![false; world.factions.len()];
        for u in world.units.values().filter(|u| !u.gone) {
            if let Some(x) = has_units.get_mut(u.faction.index()) {
                *x = true;
            }
        }
        world
            .factions
            .iter()
            .filter(|(_, f)| f.player == Player::Human)
            .map(|(id, f)| SeatInfo {
                key: f.code(),
                name: f.name.clone(),
                address: (!f.email.is_empty()).then(|| f.email.clone()),
                active: !f.resigned && has_units.get(id.index()).copied().unwrap_or(false),
            })
            .collect()
    }

    fn seat_report(r: FactionReport) -> SeatReport {
        SeatReport {
            seat: format!("f{}", r.number),
            text: r.text,
            json: String::from_utf8(r.json).ok(),
            template: r.template,
        }
    }
}

impl Game for OverlordGame {
    fn name(&self) -> &str {
        &self.world.game
    }

    fn turn(&self) -> u32 {
        self.world.turn
    }

    fn seats(&self) -> Vec<SeatInfo> {
        OverlordGame::seats_in(&self.world)
    }

    fn read(&self, mail: Mail<'_>) -> Reading {
        self.reader.read(mail, false).reading
    }

    fn check(&self, seat: &str, text: &str) -> Vec<umpire_core::Diagnostic> {
        self.reader.check(seat, text)
    }

    fn run(&self, input: &TurnInput) -> Result<TurnOutput, KindError> {
        let mut world = self.world.clone();
        // The host checked every password: the engine takes the stored
        // orders as they are, and the world's hashes are put back after.
        let hashes: Vec<String> = world
            .factions
            .values_mut()
            .map(|f| std::mem::take(&mut f.password_hash))
            .collect();
        let orders: Vec<Source<'_>> = input
            .orders
            .iter()
            .map(|(seat, text)| Source {
                name: seat,
                bytes: text.as_bytes(),
                password_checked: true,
            })
            .collect();
        let press: Vec<(String, String)> = input
            .articles
            .iter()
            .enumerate()
            .map(|(i, (seat, _, text))| (format!("{seat}-article-{}", i + 1), text.clone()))
            .collect();
        let press: Vec<Source<'_>> = press
            .iter()
            .map(|(name, text)| Source {
                name,
                bytes: text.as_bytes(),
                password_checked: false,
            })
            .collect();
        let mut reports = Vec::new();
        let (mut on_day, mut on_report) = (|_day: u8| {}, |_, _| {});
        let mut events = Vec::new();
        let played = play::play(
            &mut world,
            &self.rules,
            Play {
                orders: &orders,
                press: &press,
                next: &input.next_deadline,
                color: false,
                compact_json: true,
                on_day: &mut on_day,
                on_report: &mut on_report,
                events: &mut events,
            },
            &mut |r: FactionReport| -> Result<(), KindError> {
                reports.push(OverlordGame::seat_report(r));
                Ok(())
            },
        )?;
        for (f, h) in world.factions.values_mut().zip(hashes) {
            f.password_hash = h;
        }
        let seats = OverlordGame::seats_in(&world);
        let tally = play::Tally::of(&played.log);
        let summary = format!(
            "{}: turn {} run in {:.2} s: {} order set(s), {} article(s), {} event(s); {} battle(s); {} order set(s) refused, {} order(s) with errors left out",
            world.game,
            world.turn,
            played.took.as_secs_f64(),
            played.sets,
            played.articles,
            played.log.events.len(),
            tally.battles,
            tally.orders_refused,
            played.errors.len(),
        );
        Ok(TurnOutput {
            unruled: Vec::new(),
            state: save::save(&world, &self.rules),
            events,
            reports,
            public: Default::default(),
            summary,
            seats,
            seed: world.seed,
            errors: played.errors,
        })
    }

    fn welcome(&self, seat: &str, next_deadline: &str) -> Result<SeatReport, KindError> {
        let number = self.number(seat)?;
        play::welcome(&self.world, &self.rules, number, next_deadline)?
            .map(OverlordGame::seat_report)
            .ok_or_else(|| KindError(format!("{seat} has no report to show")))
    }

    fn join(&self, j: &Join) -> Result<Joined, KindError> {
        let mut world = self.world.clone();
        let mut dice = Dice::from_seed(j.seed).derive("join");
        let sheet = join::join(&self.rules, &mut world, &mut dice, j.name.as_deref())
            .map_err(|e| KindError(e.to_string()))?;
        if let (Some(address), Some(f)) = (&j.address, world.faction_by_number(sheet.number)) {
            world.factions[f].email = address.clone();
        }
        let city = sheet
            .location
            .map(|l| world.locations[l].name.clone())
            .unwrap_or_default();
        let note = format!(
            "f{} {} starts in {city} ({}) as a {}",
            sheet.number,
            sheet.name,
            sheet.start.map(|s| s.to_string()).unwrap_or_default(),
            sheet.leader.map(|l| l.to_string()).unwrap_or_default(),
        );
        Ok(Joined {
            state: save::save(&world, &self.rules),
            seat: NewSeat {
                key: format!("f{}", sheet.number),
                name: sheet.name,
                password: SeatPassword::Clear(Secret::new(sheet.password)),
                address: j.address.clone(),
            },
            note,
        })
    }

    fn remove(&self, seat: &str) -> Result<Removal, KindError> {
        let number = self.number(seat)?;
        // The Citizens first, the Imperials last: a removed player's
        // people stay in the land rather than join the Emperor.
        let to = [Role::Citizens, Role::FreePeople, Role::Outlaws, Role::Imperials]
            .into_iter()
            .find_map(|role| {
                self.world
                    .factions
                    .values()
                    .find(|f| f.npc_role() == Some(role))
            })
            .ok_or_else(|| {
                KindError(
                    "this world has no faction a player may resign to (Citizens, Free People, Outlaws or Imperials)"
                        .to_string(),
                )
            })?;
        let header = orders::Header::game(number, "", &self.world.game);
        Ok(Removal::AtTurn {
            orders: format!("#{header}\nRESIGN {}\nEND\n", to.code()),
            note: format!(
                "f{number} resigns when the next turn runs; its units go to {} [{}]",
                to.name,
                to.code()
            ),
        })
    }

    fn bot_orders(&self, seat: &str) -> Result<String, KindError> {
        let number = self.number(seat)?;
        let Some(faction) = self.world.faction_by_number(number) else {
            return Err(KindError(format!(
                "there is no faction {seat} in this game"
            )));
        };
        Ok(umpire_overlord::generate::bots::bot_orders(
            &self.world,
            &self.rules,
            faction,
            umpire_overlord::generate::bots::bot_seed(self.world.seed, self.world.turn + 1),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::view::Inline;

    #[test]
    fn seats_are_spelt_as_the_game_spells_them() {
        let spelt = |seat: &str| Overlord::new().spelt(seat);
        assert_eq!(spelt("f5"), "f05");
        assert_eq!(spelt("f11"), "f11");
        assert_eq!(spelt("athos"), "athos");
        assert_eq!(spelt("f"), "f");
    }

    /// Every part of a report the page reads, from a report the game
    /// wrote: a field the schema renames or moves would read as empty.
    #[test]
    fn the_page_reads_every_part_of_a_report_the_game_writes() {
        let kind = Overlord::new();
        let options = Options(vec![
            ("factions".into(), "2".into()),
            ("seed".into(), "4".into()),
            ("size".into(), "small".into()),
        ]);
        let made = kind.create("spring", &options).unwrap();
        let game = kind.open(&made.state).unwrap();
        let report = game.welcome("f5", "Sunday").unwrap();
        let json = report.json.unwrap();
        let read = schema::read(&json).unwrap();
        let faction = read.header.faction.as_ref().unwrap();
        assert!(faction.id.is_some() && !faction.name.is_empty());
        assert!(read.header.funds.is_some() && read.header.control_points.is_some());
        assert!(!read.header.default_stance.is_empty());
        let unit = read.units.first().unwrap();
        assert!(!unit.id.is_empty() && !unit.name.is_empty() && !unit.tactic.is_empty());
        assert!(unit.figures.is_some() && unit.location.is_some() && unit.stats.is_some());
        assert!(unit.capacity.as_ref().is_some_and(|c| c.walking > 0));
        let place = read.locations.first().unwrap();
        assert!(!place.id.is_empty() && !place.terrain.is_empty() && !place.season.is_empty());
        assert!(
            place
                .directions
                .iter()
                .any(|d| d.to.is_some() && d.days.is_some())
        );
        assert!(!read.template.is_empty());
        // The page leads with the units and what each will do, linked to
        // each unit's part.
        let blocks = kind.report_page(StoredReport {
            turn: 0,
            text: &report.text,
            json: Some(&json),
        });
        let Some(Block::Card {
            id: Some(id),
            blocks: units,
        }) = blocks.get(1)
        else {
            panic!("{blocks:?}");
        };
        assert_eq!(id, "your-units");
        assert!(format!("{units:?}").contains(&format!(
            "{:?}",
            Inline::Link {
                to: unit.id.clone(),
                text: format!("{} [{}]", unit.name, unit.id),
            }
        )));
        // A report that is not the game's is shown as its text.
        let plain = kind.report_page(StoredReport {
            turn: 3,
            text: "words",
            json: Some("{}"),
        });
        assert_eq!(
            plain,
            plain_report(StoredReport {
                turn: 3,
                text: "words",
                json: None
            })
        );
    }
}
