//! En Garde! as a hosted game: a seat is a player's character, keyed by
//! its name in lower case with words joined by `-` (`chevalier-athos`).
//!
//! Decisions for hosting (RULES-DECISIONS, "The host"):
//!
//! * The host keeps the passwords: a hosted world holds none (a character
//!   with no password takes any sheet that names it), and a sheet's
//!   `PASSWORD` line is checked by the host and its password blanked in
//!   what is stored (the line stays, so line numbers stay the sheet's).
//! * The host's turn N is game month N; orders are always for the month
//!   being collected.
//! * A player removed by the game master retires: the character becomes
//!   an NPC of Paris at once, takes no more orders and gets no reports.
//! * The order template is the sheet's skeleton: CHARACTER, PASSWORD,
//!   PREMONTHLY, the four weeks and FRONT.

use std::collections::BTreeMap;
use std::path::Path;

use umpire_core::source::{SourceFile, decode_text};
use umpire_engarde::orders::print;
use umpire_engarde::review::{Decision, Fate};
use umpire_engarde::setup::{NewPlayer, join, new_game_checked};
use umpire_engarde::tables::Tables;
use umpire_engarde::world::{CharacterId, World};
use umpire_engarde::{mail, report};

use super::{
    Created, Envelope, Game, GameKind, HeldLine, Join, Joined, KindError, Mail, NewSeat,
    OptionSpec, Options, Orders, Reading, Removal, Request, Ruled, Ruling, SeatInfo, SeatPassword,
    SeatReport, TurnInput, TurnOutput,
};
use crate::engarde::game_dir::{self, slug};
use crate::password::Secret;

fn tables() -> Result<&'static Tables, KindError> {
    Tables::builtin().map_err(|e| KindError(e.to_string()))
}

/// The En Garde! kind.
pub struct EnGarde;

impl EnGarde {
    pub fn new() -> EnGarde {
        EnGarde
    }
}

impl Default for EnGarde {
    fn default() -> Self {
        EnGarde::new()
    }
}

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "player",
        help: "a player's character: NAME or NAME:ADDRESS (repeat for each player)",
        repeats: true,
    },
    OptionSpec {
        name: "seed",
        help: "the game's dice (default: drawn at random)",
        repeats: false,
    },
    OptionSpec {
        name: "start-month",
        help: "calendar month of game month 1, 1-12 (default 3; June to August is the campaign season)",
        repeats: false,
    },
];

/// The players' characters of a world, as seats; `password` says what the
/// host keeps of each one's password.
fn seats_of(world: &World, password: impl Fn(&str) -> SeatPassword) -> Vec<NewSeat> {
    world
        .ids()
        .filter_map(|id| {
            let c = world.character(id)?;
            (!c.npc && c.is_alive()).then(|| NewSeat {
                key: slug(world, id),
                name: c.name.clone(),
                password: password(&c.password),
                address: (!c.address.is_empty()).then(|| c.address.clone()),
            })
        })
        .collect()
}

fn save(world: &World) -> Result<Vec<u8>, KindError> {
    Ok(serde_json::to_vec_pretty(world)?)
}

/// A world with no passwords in it: the host keeps them.
fn without_passwords(mut world: World) -> World {
    for c in &mut world.characters {
        c.password.clear();
    }
    world
}

impl GameKind for EnGarde {
    fn name(&self) -> &'static str {
        "engarde"
    }

    fn title(&self) -> &'static str {
        "En Garde!"
    }

    fn seat_noun(&self) -> &'static str {
        "character"
    }

    fn leaving(&self) -> &'static str {
        "the character retires"
    }

    fn envelope_keywords(&self) -> String {
        "CHARACTER".to_string()
    }

    fn world_file(&self) -> &'static str {
        game_dir::WORLD_FILE
    }

    fn options(&self) -> &'static [OptionSpec] {
        OPTIONS
    }

    fn create(&self, name: &str, options: &Options) -> Result<Created, KindError> {
        options.check(OPTIONS)?;
        let mut roster = Vec::new();
        for p in options.all("player") {
            let (who, address) = match p.split_once(':') {
                Some((n, a)) => (n.trim(), a.trim()),
                None => (p.trim(), ""),
            };
            if who.is_empty() {
                return Err(KindError(format!(
                    "player `{p}` has no name; write NAME or NAME:ADDRESS"
                )));
            }
            if roster
                .iter()
                .any(|r: &NewPlayer| r.name.eq_ignore_ascii_case(who))
            {
                return Err(KindError(format!("player `{who}` is named twice")));
            }
            roster.push(NewPlayer {
                name: who.to_string(),
                password: String::new(),
                address: address.to_string(),
            });
        }
        if roster.is_empty() {
            return Err(KindError(
                "an En Garde! game needs at least one player: add player=NAME".to_string(),
            ));
        }
        let seed = match options.get("seed") {
            Some(_) => options.number("seed", 0u64)?,
            None => crate::seed::random()?,
        };
        let start: u8 = options.number("start-month", 3)?;
        if !(1..=12).contains(&start) {
            return Err(KindError(format!(
                "start-month must be a calendar month, 1 to 12, not {start}"
            )));
        }
        let world = new_game_checked(name, seed, start, &roster, tables()?)
            .map_err(|e| KindError(e.to_string()))?;
        Ok(Created {
            name: name.to_string(),
            seats: seats_of(&world, |_| SeatPassword::Unknown),
            state: save(&world)?,
            notes: vec![format!(
                "{} players; month 1 is {}",
                roster.len(),
                world.month_of_year(1).name()
            )],
        })
    }

    fn import(&self, folder: &Path) -> Result<Created, KindError> {
        let world = game_dir::read_world(folder)?;
        // A folder keeps each password hashed (argon2id), or, made before
        // folders hashed them, in clear: the host keeps the hash, or hashes
        // the password and tells it once.
        let seats = seats_of(&world, |p| match crate::password::Stored::in_folder(p) {
            crate::password::Stored::Nothing => SeatPassword::Unknown,
            crate::password::Stored::Hash(h) => SeatPassword::Hash(h),
            crate::password::Stored::Clear(c) => SeatPassword::Clear(Secret::new(c)),
        });
        let world = without_passwords(world);
        Ok(Created {
            name: world.game.clone(),
            state: save(&world)?,
            seats,
            notes: Vec::new(),
        })
    }

    fn help(&self, topic: &str) -> Option<String> {
        const GUIDE: &str = include_str!("../../../../docs/engarde-orders.md");
        let t = topic.trim().to_ascii_uppercase();
        if t.is_empty() {
            return Some(GUIDE.to_string());
        }
        // The guide's paragraphs that name the order.
        let found: Vec<&str> = GUIDE
            .split("\n\n")
            .filter(|p| p.to_ascii_uppercase().contains(&t))
            .collect();
        (!found.is_empty()).then(|| found.join("\n\n"))
    }

    fn open(&self, state: &[u8]) -> Result<Box<dyn Game>, KindError> {
        let world: World = serde_json::from_slice(state)
            .map_err(|e| KindError(format!("the stored world does not load: {e}")))?;
        Ok(Box::new(EnGardeGame {
            world: without_passwords(world),
            tables: tables()?,
        }))
    }
}

/// The report's word to a player who sent no sheet for `month`; empty
/// when one came.
fn no_sheet(sheet: bool, month: u32, name: &str) -> String {
    if sheet {
        return String::new();
    }
    format!(
        "\nNo sheet\n  No sheet was received from you for month {month}: {name} gave no orders, so nothing was done for him but what every month does by itself.\n"
    )
}

/// The host's rulings on `seat`'s held lines as the game's decisions on
/// `name`'s sheet.
fn decisions(name: &str, seat: &str, rulings: &[Ruled]) -> Vec<Decision> {
    rulings
        .iter()
        .filter(|r| r.seat == seat)
        .map(|r| Decision {
            character: name.to_string(),
            line: r.line,
            text: r.text.clone(),
            fate: match &r.ruling {
                Ruling::Approved { note } => Fate::Approved { note: note.clone() },
                Ruling::Refused { reason } => Fate::Refused {
                    reason: reason.clone(),
                },
            },
        })
        .collect()
}

/// An En Garde! world between months.
pub struct EnGardeGame {
    world: World,
    tables: &'static Tables,
}

impl EnGardeGame {
    fn character(&self, seat: &str) -> Result<CharacterId, KindError> {
        self.world
            .ids()
            .find(|&id| slug(&self.world, id) == seat)
            .ok_or_else(|| KindError(format!("there is no character {seat} in this game")))
    }

    /// The sheet's skeleton, for the player to fill in.
    fn template(&self, id: CharacterId) -> String {
        let name = self
            .world
            .character(id)
            .map_or(String::new(), |c| c.name.clone());
        format!(
            "CHARACTER {name}\nPASSWORD PASSWORD\n\nPREMONTHLY\n\nWEEK 1\n\nWEEK 2\n\nWEEK 3\n\nWEEK 4\n\nFRONT\n"
        )
    }
}

impl Game for EnGardeGame {
    fn name(&self) -> &str {
        &self.world.game
    }

    fn turn(&self) -> u32 {
        self.world.month.saturating_sub(1)
    }

    fn seats(&self) -> Vec<SeatInfo> {
        self.world
            .ids()
            .filter_map(|id| {
                let c = self.world.character(id)?;
                (!c.npc || !c.password.is_empty() || !c.address.is_empty()).then(|| SeatInfo {
                    key: slug(&self.world, id),
                    name: c.name.clone(),
                    address: (!c.address.is_empty()).then(|| c.address.clone()),
                    active: !c.npc && c.is_alive(),
                })
            })
            .collect()
    }

    fn read(&self, m: Mail<'_>) -> Reading {
        let (text, _) = decode_text(m.bytes);
        let source = SourceFile::new(m.name.to_string(), text.into_owned());
        let read = mail::read(&self.world, self.tables, &source);
        // Findings quote the sheet without its password.
        let blanked = crate::blank::passwords(source.text());
        let shown = SourceFile::new(m.name.to_string(), blanked.clone());
        let mut findings = Vec::new();
        let options = umpire_core::diagnostic::RenderOptions { color: false };
        for d in &read.diagnostics {
            findings.push(umpire_core::diagnostic::render(d, Some(&shown), options));
        }
        // What runs is what is told: the orders with errors are left out.
        let (runs, left_out) = read.runnable(&source);
        let errors = left_out.len();
        let written = read.sheet.character.as_ref().map(|c| c.value.clone());
        let envelope = match read.character {
            Some(id) => {
                let orders = runs.premonthly.len()
                    + runs.weeks.iter().map(Vec::len).sum::<usize>()
                    + runs.front.len();
                Envelope {
                    line: 1,
                    seat: Some(slug(&self.world, id)),
                    who: self
                        .world
                        .character(id)
                        .map_or_else(|| slug(&self.world, id), |c| c.name.clone()),
                    password: Secret::new(read.sheet.password.clone().unwrap_or_default()),
                    findings,
                    request: Request::Orders(Orders {
                        turn: None,
                        text: blanked.clone(),
                        summary: format!(
                            "a sheet of {}",
                            umpire_core::diagnostic::plural(orders, "order", "orders")
                        ),
                        errors,
                        warnings: Vec::new(),
                        new_password: None,
                        empty: orders == 0,
                        shown: format!(
                            "CHARACTER {}\n{}",
                            self.world.character(id).map_or("", |c| c.name.as_str()),
                            print::print(
                                &runs,
                                &print::Names {
                                    world: &self.world,
                                    tables: self.tables,
                                },
                            )
                        ),
                    }),
                }
            }
            None => Envelope {
                line: 1,
                seat: None,
                who: written.clone().unwrap_or_else(|| m.name.to_string()),
                password: Secret::default(),
                findings,
                request: Request::Refused {
                    why: match written {
                        Some(w) => format!(
                            "the sheet's CHARACTER `{w}` is not a player's character of this game (see above)"
                        ),
                        None => "the sheet has no CHARACTER line".to_string(),
                    },
                },
            },
        };
        Reading {
            general: Vec::new(),
            envelopes: vec![envelope],
            text: blanked,
        }
    }

    fn check(&self, _seat: &str, text: &str) -> Vec<umpire_core::Diagnostic> {
        let source = SourceFile::new("sheet".to_string(), text.to_string());
        mail::read(&self.world, self.tables, &source).diagnostics
    }

    fn run(&self, input: &TurnInput) -> Result<TurnOutput, KindError> {
        let sheets: Vec<SourceFile> = input
            .orders
            .iter()
            .map(|(seat, text)| SourceFile::new(seat.clone(), text.clone()))
            .collect();
        let played = crate::engarde::play::play(&self.world, self.tables, &sheets, |name, seat| {
            decisions(name, seat, &input.rulings)
        });
        // Lines held for the game master are told in the report, so none
        // vanishes without a word; orders with errors are left out, as
        // the answer told.
        let mut unruled = Vec::new();
        let mut errors = Vec::new();
        for sheet in &played.sheets {
            for h in sheet.held.iter().filter(|h| h.fate == Fate::NotReviewed) {
                unruled.push(format!(
                    "{}, line {}: `{}`\n",
                    sheet.name,
                    h.line,
                    h.text.trim()
                ));
            }
            for l in &sheet.left_out {
                errors.push(format!(
                    "{}, line {}: `{}`: {}\n",
                    sheet.name, l.line, l.text, l.why
                ));
            }
        }
        unruled.sort();
        let outcome = &played.outcome;
        let reports = report::Reports::new(&self.world, outcome, self.tables);
        let mut out = Vec::new();
        for id in self.world.ids() {
            let Some(c) = self.world.character(id).filter(|c| !c.npc) else {
                continue;
            };
            if !c.is_alive() {
                continue;
            }
            if let Some(r) = reports.player(id) {
                let alive = outcome.world.character(id).is_some_and(|c| c.is_alive());
                let sheet = played.orders.contains_key(&id);
                let pages = played.pages(
                    id,
                    &r,
                    &no_sheet(sheet, self.world.month, &c.name),
                    vec![("sheet_received", serde_json::Value::Bool(sheet))],
                )?;
                out.push(SeatReport {
                    seat: slug(&self.world, id),
                    text: pages.text,
                    json: Some(serde_json::to_string(&pages.json)?),
                    template: alive.then(|| self.template(id)),
                });
            }
        }
        let seats = EnGardeGame {
            world: outcome.world.clone(),
            tables: self.tables,
        }
        .seats();
        let mut public = BTreeMap::new();
        public.insert("gazette".to_string(), reports.gazette());
        let summary = format!(
            "{}: month {} run: {} sheet(s), {} event(s), {} report(s)",
            self.world.game,
            self.world.month,
            played.orders.len(),
            outcome.events.len(),
            out.len()
        );
        Ok(TurnOutput {
            state: save(&outcome.world)?,
            events: serde_json::to_vec(&outcome.events)?,
            reports: out,
            public,
            summary,
            seats,
            seed: self.world.seed,
            errors,
            unruled,
        })
    }

    fn welcome(&self, seat: &str, next_deadline: &str) -> Result<SeatReport, KindError> {
        let id = self.character(seat)?;
        if self.world.character(id).is_none() {
            return Err(KindError(format!("there is no character {seat}")));
        }
        Ok(SeatReport {
            seat: seat.to_string(),
            text: report::welcome(&self.world, self.tables, id, next_deadline),
            json: None,
            template: Some(self.template(id)),
        })
    }

    fn join(&self, j: &Join) -> Result<Joined, KindError> {
        let mut world = self.world.clone();
        let name = j
            .name
            .clone()
            .ok_or_else(|| KindError("a new En Garde! player needs a name".to_string()))?;
        let player = NewPlayer {
            name,
            password: String::new(),
            address: j.address.clone().unwrap_or_default(),
        };
        let id = join(&mut world, &player, j.seed).map_err(|e| KindError(e.to_string()))?;
        let c = world
            .character(id)
            .ok_or_else(|| KindError("the new character was not made".to_string()))?;
        let note = format!(
            "{} joins in Paris: SL {}, {} crowns, MA {}",
            c.name, c.sl, c.cash, c.ma
        );
        let seat = NewSeat {
            key: slug(&world, id),
            name: c.name.clone(),
            password: SeatPassword::Unknown,
            address: j.address.clone(),
        };
        Ok(Joined {
            state: save(&world)?,
            seat,
            note,
        })
    }

    fn remove(&self, seat: &str) -> Result<Removal, KindError> {
        let id = self.character(seat)?;
        let mut world = self.world.clone();
        if let Some(c) = world.characters.get_mut(id.raw() as usize) {
            c.npc = true;
        }
        Ok(Removal::Now(save(&world)?))
    }

    fn held(&self, seat: &str, orders: &str) -> Vec<HeldLine> {
        let source = SourceFile::new(seat.to_string(), orders.to_string());
        let read = mail::read(&self.world, self.tables, &source);
        read.sheet
            .for_gm
            .iter()
            .map(|h| HeldLine {
                line: h.line,
                text: h.value.clone(),
            })
            .collect()
    }

    fn bot_orders(&self, seat: &str) -> Result<String, KindError> {
        let id = self.character(seat)?;
        Ok(umpire_engarde::bots::orders_text(
            &self.world,
            self.tables,
            id,
        ))
    }
}
