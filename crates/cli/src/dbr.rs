//! `umpire dbr …`: the DBR umpire aid. Glue over `umpire-dbr`: read the
//! arguments and the rulings file, ask the library, print.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Args, Subcommand};

use crate::table;
use umpire_dbr::{
    Combat, CombatKind, Dbr, DbrError, Distance, ElementType, Going, Grade, MoveAnswer, MoveQuery,
    Odds, PipAction, PipQuery, Resolution, River, Rulings, SeparateException, Side, Tables, Units,
    Who,
};

/// Options every `umpire dbr` command takes.
#[derive(Args)]
pub struct Common {
    /// A rulings file (TOML, `name = "option"` lines) switching rulings
    /// from their defaults; `umpire dbr rulings` lists them.
    #[arg(long, global = true, value_name = "FILE")]
    rulings: Option<PathBuf>,
}

#[derive(Subcommand)]
pub enum Command {
    /// How far an element may move (TACTICAL & MARCH MOVES).
    ///
    /// Prints the maximum move and every step of the working: the table
    /// cell, the grade adjustments, the 100p cap and any ruling that
    /// decided something. A dash on the sheet (e.g. Art in difficult going)
    /// is "no move" (null in JSON).
    #[command(
        after_help = "Examples:\n  umpire dbr move LH road\n  umpire dbr move Pk good --grade S --units cm\n  umpire dbr move Cm rough --grade F --night --json\n  umpire dbr move Bd good,rough --grade S"
    )]
    Move(MoveArgs),
    /// How far an element shoots (RANGES).
    #[command(
        after_help = "Examples:\n  umpire dbr range Art S\n  umpire dbr range Gal F --units cm --json"
    )]
    Range {
        /// The element type as on the sheet.
        element: String,
        /// The grade: S, O, I, F or X (or `(S)`).
        grade: String,
        /// Units for the answer: paces or cm.
        #[arg(long, default_value = "paces")]
        units: String,
        /// Print JSON (`range` in the chosen unit, null for a dash).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        common: Common,
    },
    /// What an intended action costs in PIPs (PLAYER INITIATIVE POINT DICING).
    ///
    /// Prints the cost and every step: the base cost of the action and each
    /// adjustment that applies, with its checklist item.
    #[command(
        after_help = "Actions: march-road, move, unlimber, limber, mount, dismount, embark, disembark,\n  steady, move-group, steady-group, rally, launch-bridge, complete-bridge, dismantle-bridge\n\nExamples:\n  umpire dbr pips move Art(S) --off-road\n  umpire dbr pips move-group Pk Pk Sh --with-general --night\n  umpire dbr pips move LH --separating --previous-group LH,LH --json\n  umpire dbr pips rally --general-distance 700"
    )]
    Pips(PipsArgs),
    /// Dice the PIPs for a bound: one d6 per command (ruling `pip-dice`),
    /// from a seed, logged so the roll can be replayed.
    #[command(after_help = "Examples:\n  umpire dbr pip-dice 3 --seed 7 --bound 1")]
    PipDice {
        /// How many commands.
        commands: u32,
        /// Seed for the umpire's dice (without it, taken from the clock and printed).
        #[arg(long)]
        seed: Option<u64>,
        /// Which bound (each bound has its own dice stream).
        #[arg(long, default_value_t = 1)]
        bound: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        common: Common,
    },
    /// Resolve a close combat or a shooting: every factor, the die, the
    /// grading and the outcome in the sheet's words.
    ///
    /// Dice: typed in (`--dice 4,2`, or `die=4` in a side's list), or rolled
    /// by the umpire from --seed (printed and logged, so the roll can be
    /// replayed; without --seed a seed is taken from the clock and printed).
    /// `--odds` instead tallies all 36 die pairs for exact probabilities.
    ///
    /// Side conditions (--a / --b, comma-separated): rear, general, unladen,
    /// captured, immobile, facing-road, fortified, obstacle, upslope,
    /// riverbank, bua, road, hill, front-edge, beaten, weather,
    /// across-obstacle, charged, water (only water, beach, marsh or ice
    /// between shooter and target), going=good|rough|difficult, overlaps=N,
    /// assisting=N, flank=TYPE(GRADE) (repeatable), die=N.
    #[command(
        after_help = "Examples:\n  umpire dbr combat 'Pk(O)' 'Cm(S)' --bound b --dice 3,4\n  umpire dbr combat 'Bw(S)' 'Ln(O)' --a rear --b charged --dice 5,2 --json\n  umpire dbr combat 'Art(S)' 'Pk(O)' --shooting --distance 700 --seed 7\n  umpire dbr combat 'Sh(O)' 'Cm(S)' --a flank=Pk(O),rear --odds"
    )]
    Combat(CombatArgs),
    /// Start a battle at the table in DIR from a scenario (or
    /// `breitenfeld`, the built-in one): the sides, commands and elements,
    /// with or without an umpire.
    #[command(
        after_help = "Examples:\n  umpire dbr new /tmp/breitenfeld\n  umpire dbr new /tmp/my-battle --scenario my-battle.toml --force"
    )]
    New {
        /// The game folder to make (the scenario, the log, the state).
        dir: PathBuf,
        /// A scenario file, or `breitenfeld`, the built-in one.
        #[arg(long, default_value = "breitenfeld")]
        scenario: String,
        /// Replace a game already in DIR.
        #[arg(long)]
        force: bool,
        /// No umpire: the players run the table between them, and the
        /// umpire's commands (rulings, the turn, cards) run when every
        /// side has asked for them.
        #[arg(long)]
        no_umpire: bool,
    },
    /// The umpire at the table: bounds, PIPs diced and spent, combats
    /// rolled and applied, moves and ranges, with the same working as the
    /// one-question commands; saved after every command, with undo, and a
    /// log that replays the battle. `help` lists the commands.
    #[command(
        after_help = "Examples:\n  umpire dbr play /tmp/breitenfeld\n  echo 'bound' | umpire dbr play /tmp/breitenfeld"
    )]
    Play {
        dir: PathBuf,
        /// Play one side from this terminal: its own commands' PIPs and
        /// elements only; `bound` and `status` are the umpire's (or, at a
        /// table made with `new --no-umpire`, run when both sides ask).
        #[arg(long)]
        side: Option<String>,
    },
    /// Replay a battle's log from its scenario and check that every answer
    /// and the final state are the same.
    Replay { dir: PathBuf },
    /// List every ruling (the sheet's gaps), its options and the one in
    /// force.
    #[command(
        after_help = "Examples:\n  umpire dbr rulings\n  umpire dbr rulings --toml > rulings.toml   (edit, then pass --rulings rulings.toml)\n  umpire dbr rulings --rulings rulings.toml"
    )]
    Rulings {
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Print a rulings file with every ruling in force, to edit and
        /// pass back with --rulings.
        #[arg(long, conflicts_with = "json")]
        toml: bool,
        #[command(flatten)]
        common: Common,
    },
}

/// The arguments of `umpire dbr move`.
#[derive(Args)]
pub struct MoveArgs {
    /// The element type as on the sheet: LH, Si, Dr, Ln, Pi, Cm, El, Sh,
    /// Bw, Sk, Wb, Pk, Bd, Hd, Pont, Bg, Art, WWg, Ships, Gal, Boats, or
    /// the table's row Naval.
    element: String,
    /// The going: road, good, rough or difficult; several separated by
    /// commas for a move through mixed going.
    going: String,
    /// The element's grade: S, O, I, F or X (default: O).
    #[arg(long)]
    grade: Option<String>,
    /// A march move (the same table as a tactical move).
    #[arg(long)]
    march: bool,
    /// The move ends, or is part of a group that ends, in contact with enemy.
    #[arg(long)]
    contact: bool,
    /// The move is inside a BUA.
    #[arg(long)]
    bua: bool,
    /// Night and/or weather reduce visibility to 100p (8cm).
    #[arg(long)]
    night: bool,
    /// A river being crossed: easy, tricky or dangerous.
    #[arg(long, value_name = "KIND")]
    river: Option<String>,
    /// Units for the answer: paces or cm.
    #[arg(long, default_value = "paces")]
    units: String,
    /// Print JSON (`distance` in the chosen unit, null for a dash).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    common: Common,
}

/// The arguments of `umpire dbr pips`.
#[derive(Args)]
pub struct PipsArgs {
    /// The action (see below).
    action: String,
    /// The element, or the group's elements, as on the sheet, with an
    /// optional grade: `Art(S)`, `Pk`, `Bg`.
    elements: Vec<String>,
    /// The element or group includes its command's general, who has not
    /// yet moved this bound.
    #[arg(long)]
    with_general: bool,
    /// The command's general is lost.
    #[arg(long)]
    general_lost: bool,
    /// Distance to the command's general (nearest points of the bases,
    /// round enemy and impassable terrain), in --units.
    #[arg(long, value_name = "N")]
    general_distance: Option<u64>,
    /// The general cannot see the element or group.
    #[arg(long)]
    general_unseen: bool,
    /// The move is off-road.
    #[arg(long)]
    off_road: bool,
    /// Portable obstacles are moved.
    #[arg(long)]
    portable_obstacles: bool,
    /// How many times the group has already marched this bound.
    #[arg(long, default_value_t = 0, value_name = "N")]
    marches_before: u32,
    /// The move is along a road.
    #[arg(long)]
    road: bool,
    /// Separating from a previous group, or pivoting from front-corner
    /// contact onto an enemy flank.
    #[arg(long)]
    separating: bool,
    /// The types of the previous group, comma-separated (exception (a)).
    #[arg(long, value_name = "TYPES")]
    previous_group: Option<String>,
    /// Exception (b) straight-ahead, (c) into-combat or (d) difficult
    /// (may be repeated).
    #[arg(long = "except", value_name = "b|c|d")]
    exceptions: Vec<String>,
    /// Moving at night.
    #[arg(long)]
    night: bool,
    /// There is moonlight.
    #[arg(long)]
    moonlight: bool,
    /// Units for --general-distance: paces or cm.
    #[arg(long, default_value = "paces")]
    units: String,
    /// Print JSON (`cost`, `steps`, `rulings`).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    common: Common,
}

/// The arguments of `umpire dbr combat`.
#[derive(Args)]
pub struct CombatArgs {
    /// Side A: TYPE(GRADE), e.g. `Pk(O)` (no grade: (O)). The shooter when --shooting.
    a: String,
    /// Side B: TYPE(GRADE). The target when --shooting.
    b: String,
    /// A shooting rather than a close combat (A shoots at B).
    #[arg(long)]
    shooting: bool,
    /// Whose bound it is: a or b.
    #[arg(long, default_value = "a")]
    bound: String,
    /// Side A's conditions (see above).
    #[arg(long = "a", value_name = "LIST")]
    a_flags: Option<String>,
    /// Side B's conditions (see above).
    #[arg(long = "b", value_name = "LIST")]
    b_flags: Option<String>,
    /// Both dice typed in: A,B.
    #[arg(long, value_name = "A,B")]
    dice: Option<String>,
    /// Seed for the umpire's dice.
    #[arg(long)]
    seed: Option<u64>,
    /// Shooting distance edge to edge, in --units (matters for Art).
    #[arg(long, value_name = "N")]
    distance: Option<u64>,
    /// Units for --distance: paces or cm.
    #[arg(long, default_value = "paces")]
    units: String,
    /// Tally all 36 die pairs instead of rolling.
    #[arg(long)]
    odds: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    common: Common,
}

/// The built-in battle.
pub use umpire_host::tables::dbr::SPEC;

fn load(common: &Common) -> Result<Dbr<'static>> {
    let tables = Tables::builtin()?;
    let rulings = match &common.rulings {
        None => Rulings::default(),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the rulings file {}", path.display()))?;
            Rulings::from_toml(&path.display().to_string(), &text)?
        }
    };
    Ok(Dbr::new(tables, rulings))
}

fn user_error(e: impl std::fmt::Display) -> ExitCode {
    eprintln!("umpire dbr: {e}");
    ExitCode::from(1)
}

pub fn run(cmd: Command) -> Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match cmd {
        Command::Move(args) => move_cmd(&mut out, args),
        Command::Range {
            element,
            grade,
            units,
            json,
            common,
        } => range_cmd(&mut out, &element, &grade, &units, json, &common),
        Command::Pips(args) => pips_cmd(&mut out, args),
        Command::Combat(args) => combat_cmd(&mut out, args),
        Command::PipDice {
            commands,
            seed,
            bound,
            json,
            common,
        } => pip_dice_cmd(&mut out, commands, seed, bound, json, &common),
        Command::New {
            dir,
            scenario,
            force,
            no_umpire,
        } => {
            let text = table::scenario_text(&scenario, SPEC.builtin)?;
            let battle = table::create(&SPEC, &dir, &scenario, &text, force, !no_umpire)?;
            writeln!(
                out,
                "{} ready in {}: {} commands, {} elements. `umpire dbr play {}` to begin; `bound` starts the first bound.",
                battle.name,
                dir.display(),
                battle.commands.len(),
                battle.elements.len(),
                dir.display()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Play { dir, side } => {
            drop(out);
            table::play(&SPEC, &dir, side.as_deref())
        }
        Command::Replay { dir } => {
            drop(out);
            table::replay(&SPEC, &dir)
        }
        Command::Rulings { json, toml, common } => rulings_cmd(&mut out, json, toml, &common),
    }
}

/// `umpire dbr move`: How far an element may move, and the working.
fn move_cmd(out: &mut impl Write, args: MoveArgs) -> Result<ExitCode> {
    let MoveArgs {
        element,
        going,
        grade,
        march,
        contact,
        bua,
        night,
        river,
        units,
        json,
        common,
    } = args;
    let dbr = load(&common)?;
    let query = (|| -> Result<(MoveQuery, Units), umpire_dbr::DbrError> {
        let units = Units::parse(&units)?;
        let element = ElementType::parse_move_row(&element)?;
        let going = going
            .split(',')
            .map(Going::parse)
            .collect::<Result<Vec<_>, _>>()?;
        let grade = grade.as_deref().map(Grade::parse).transpose()?;
        let river = parse_river(river.as_deref())?;
        Ok((
            MoveQuery {
                element,
                grade,
                going,
                march,
                ends_in_contact: contact,
                in_bua: bua,
                low_visibility: night,
                river,
            },
            units,
        ))
    })();
    let (query, units) = match query {
        Ok(q) => q,
        Err(e) => return Ok(user_error(e)),
    };
    let answer = match dbr.max_move(&query) {
        Ok(a) => a,
        Err(e) => return Ok(user_error(e)),
    };
    print_move(out, &query, &answer, units, json)?;
    Ok(ExitCode::SUCCESS)
}

/// `umpire dbr pips`: What an action costs in PIPs, and the working.
fn pips_cmd(out: &mut impl Write, args: PipsArgs) -> Result<ExitCode> {
    let PipsArgs {
        action,
        elements,
        with_general,
        general_lost,
        general_distance,
        general_unseen,
        off_road,
        portable_obstacles,
        marches_before,
        road,
        separating,
        previous_group,
        exceptions,
        night,
        moonlight,
        units,
        json,
        common,
    } = args;
    let dbr = load(&common)?;
    let query = (|| -> Result<PipQuery, DbrError> {
        let units = Units::parse(&units)?;
        let parsed = parse_pip_elements(&elements)?;
        let previous_group = previous_group
            .as_deref()
            .map(|p| {
                p.split(',')
                    .map(ElementType::parse)
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()?
            .unwrap_or_default();
        let exceptions = parse_exceptions(&exceptions)?;
        Ok(PipQuery {
            action: Some(PipAction::parse(&action)?),
            elements: parsed,
            with_general,
            general_lost,
            general_distance: general_distance.map(|n| Distance::of(n, units)),
            general_unseen,
            off_road,
            portable_obstacles,
            marches_before,
            along_road: road,
            separating,
            previous_group,
            exceptions,
            night,
            moonlight,
        })
    })();
    let answer = match query.and_then(|q| dbr.pip_cost(&q)) {
        Ok(a) => a,
        Err(e) => return Ok(user_error(e)),
    };
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&answer.to_json())?)?;
    } else {
        let s = if answer.cost == 1 { "" } else { "s" };
        writeln!(out, "{}: {} PIP{s}", answer.action.name(), answer.cost)?;
        for line in answer.explain() {
            writeln!(out, "  {line}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `umpire dbr combat`: A combat resolved or its odds tallied, and the working.
fn combat_cmd(out: &mut impl Write, args: CombatArgs) -> Result<ExitCode> {
    let CombatArgs {
        a,
        b,
        shooting,
        bound,
        a_flags,
        b_flags,
        dice,
        seed,
        distance,
        units,
        odds,
        json,
        common,
    } = args;
    let dbr = load(&common)?;
    let parsed = (|| -> Result<Combat, DbrError> {
        let units = Units::parse(&units)?;
        let mut sa = parse_side(&a, a_flags.as_deref())?;
        let mut sb = parse_side(&b, b_flags.as_deref())?;
        if let Some(d) = &dice {
            let (da, db) = parse_dice(d)?;
            sa.die = Some(da);
            sb.die = Some(db);
        }
        let bound = parse_bound(&bound)?;
        Ok(Combat {
            kind: if shooting {
                CombatKind::Shooting
            } else {
                CombatKind::Close
            },
            bound,
            a: sa,
            b: sb,
            distance: distance.map(|n| Distance::of(n, units)),
        })
    })();
    let combat = match parsed {
        Ok(c) => c,
        Err(e) => return Ok(user_error(e)),
    };
    if odds {
        let o = match dbr.odds(&combat) {
            Ok(o) => o,
            Err(e) => return Ok(user_error(e)),
        };
        print_odds(out, &o, json)?;
        return Ok(ExitCode::SUCCESS);
    }
    let needs_roll = combat.a.die.is_none() || combat.b.die.is_none();
    let seed = seed.unwrap_or_else(clock_seed);
    let mut roller = umpire_core::Dice::from_seed(seed)
        .derive("dbr-combat")
        .with_log();
    let resolution = match dbr.resolve_with_dice(&combat, &mut roller) {
        Ok(r) => r,
        Err(e) => return Ok(user_error(e)),
    };
    let rolls = roll_log(&roller, seed);
    let seed = needs_roll.then_some(seed);
    print_resolution(out, &combat, &resolution, &rolls, seed, json)?;
    Ok(ExitCode::SUCCESS)
}

/// `umpire dbr range`: how far an element shoots.
fn range_cmd(
    out: &mut impl Write,
    element: &str,
    grade: &str,
    units: &str,
    json: bool,
    common: &Common,
) -> Result<ExitCode> {
    let dbr = load(common)?;
    let parsed = (|| {
        Ok::<_, umpire_dbr::DbrError>((
            ElementType::parse(element)?,
            Grade::parse(grade)?,
            Units::parse(units)?,
        ))
    })();
    let (element, grade, units) = match parsed {
        Ok(p) => p,
        Err(e) => return Ok(user_error(e)),
    };
    let answer = match dbr.range(element, grade) {
        Ok(a) => a,
        Err(e) => return Ok(user_error(e)),
    };
    if json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&answer.to_json(units))?
        )?;
    } else {
        match answer.range {
            Some(d) => writeln!(out, "{element} {grade}: {}", d.show(units))?,
            None => writeln!(out, "{element} {grade}: no range")?,
        }
        for line in answer.explain(units) {
            writeln!(out, "  {line}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `umpire dbr pip-dice`: the bound's PIP dice, one per command.
fn pip_dice_cmd(
    out: &mut impl Write,
    commands: u32,
    seed: Option<u64>,
    bound: u64,
    json: bool,
    common: &Common,
) -> Result<ExitCode> {
    let dbr = load(common)?;
    if !(1..=100).contains(&commands) {
        return Ok(user_error(format!("{commands} commands: give 1 to 100")));
    }
    let seed = seed.unwrap_or_else(clock_seed);
    let mut dice = umpire_core::Dice::from_seed(seed)
        .derive_indexed("dbr-pips-bound", bound)
        .with_log();
    let pips = dbr.roll_pips(&mut dice, commands);
    if json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({
                "seed": seed,
                "bound": bound,
                "pips": pips,
                "stream": dice.path(),
                "ruling": "pip-dice",
            }))?
        )?;
    } else {
        writeln!(
            out,
            "seed {seed}, bound {bound}, stream {} [ruling pip-dice]",
            dice.path()
        )?;
        for (i, p) in pips.iter().enumerate() {
            writeln!(
                out,
                "  command {}: {p} PIP{}",
                i + 1,
                if *p == 1 { "" } else { "s" }
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `umpire dbr rulings`: the rulings and the option in force for each.
fn rulings_cmd(out: &mut impl Write, json: bool, toml: bool, common: &Common) -> Result<ExitCode> {
    let dbr = load(common)?;
    if toml {
        print_rulings_file(out, &dbr)?;
    } else if json {
        print_rulings_json(out, &dbr)?;
    } else {
        print_rulings_text(out, &dbr)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The rulings in force as a rulings file, ready to edit.
fn print_rulings_file(out: &mut impl Write, dbr: &Dbr) -> Result<()> {
    writeln!(
        out,
        "# DBR rulings for one game: `umpire dbr <command> --rulings THIS_FILE`."
    )?;
    writeln!(
        out,
        "# Each line names a ruling and the option in force; the first option is the default."
    )?;
    for (r, id) in umpire_dbr::RULINGS.iter().zip(umpire_dbr::RulingId::ALL) {
        let options: Vec<_> = r.options.iter().map(|o| o.name).collect();
        writeln!(out)?;
        writeln!(out, "# {} ({})", r.question, r.checklist.join(", "))?;
        writeln!(out, "# options: {}", options.join(", "))?;
        writeln!(out, "{} = \"{}\"", r.name, dbr.rulings.choice(*id))?;
    }
    Ok(())
}

fn print_rulings_json(out: &mut impl Write, dbr: &Dbr) -> Result<()> {
    let list: Vec<_> = umpire_dbr::RULINGS
        .iter()
        .zip(umpire_dbr::RulingId::ALL)
        .map(|(r, id)| {
            serde_json::json!({
                "name": r.name,
                "checklist": r.checklist,
                "question": r.question,
                "options": r.options,
                "default": r.default_option(),
                "in_force": dbr.rulings.choice(*id),
            })
        })
        .collect();
    writeln!(out, "{}", serde_json::to_string_pretty(&list)?)?;
    Ok(())
}

fn print_rulings_text(out: &mut impl Write, dbr: &Dbr) -> Result<()> {
    for (r, id) in umpire_dbr::RULINGS.iter().zip(umpire_dbr::RulingId::ALL) {
        let chosen = dbr.rulings.choice(*id);
        writeln!(out, "{} ({})", r.name, r.checklist.join(", "))?;
        writeln!(out, "  {}", r.question)?;
        for o in r.options {
            let mark = if o.name == chosen { "*" } else { " " };
            let default = if o.name == r.default_option() {
                " (default)"
            } else {
                ""
            };
            writeln!(out, "  {mark} {}{default}: {}", o.name, o.meaning)?;
        }
    }
    writeln!(
        out,
        "\n* = in force. Switch with --rulings FILE, a TOML file of `name = \"option\"` lines."
    )?;
    Ok(())
}

/// A river being crossed, as typed after `--river`.
fn parse_river(river: Option<&str>) -> Result<Option<River>, DbrError> {
    match river.map(str::to_ascii_lowercase).as_deref() {
        None => Ok(None),
        Some("easy") => Ok(Some(River::Easy)),
        Some("tricky") => Ok(Some(River::Tricky)),
        Some("dangerous") => Ok(Some(River::Dangerous)),
        Some(other) => Err(umpire_dbr::DbrError::Invalid(format!(
            "unknown river `{other}`; rivers are easy, tricky or dangerous"
        ))),
    }
}

/// The maximum move and its working.
fn print_move(
    out: &mut impl Write,
    query: &MoveQuery,
    answer: &MoveAnswer,
    units: Units,
    json: bool,
) -> Result<()> {
    if json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&answer.to_json(query, units))?
        )?;
        return Ok(());
    }
    let grade = query.grade.map(|g| format!(" {g}")).unwrap_or_default();
    let going: Vec<_> = query.going.iter().map(|g| g.name()).collect();
    match answer.distance {
        Some(d) => writeln!(
            out,
            "{}{grade}, {}: {}",
            query.element,
            going.join(", "),
            d.show(units)
        )?,
        None => writeln!(
            out,
            "{}{grade}, {}: no move (a dash on the sheet)",
            query.element,
            going.join(", ")
        )?,
    }
    for line in answer.explain(units) {
        writeln!(out, "  {line}")?;
    }
    Ok(())
}

/// The elements of a PIP query, each with its grade if one was given.
fn parse_pip_elements(elements: &[String]) -> Result<Vec<(ElementType, Option<Grade>)>, DbrError> {
    let mut parsed: Vec<(ElementType, Option<Grade>)> = Vec::new();
    for text in elements {
        let t = text.trim();
        // `Art (S)` typed as two words: the grade joins the element before it.
        if t.starts_with('(') {
            let grade = Grade::parse(t)?;
            match parsed.last_mut() {
                Some((_, g @ None)) => *g = Some(grade),
                _ => {
                    return Err(DbrError::Invalid(format!(
                        "grade `{t}` does not follow an element type"
                    )));
                }
            }
            continue;
        }
        let (name, grade) = match t.split_once('(') {
            Some((n, g)) => (n, Some(Grade::parse(&format!("({g}"))?)),
            None => (t, None),
        };
        parsed.push((ElementType::parse(name)?, grade));
    }
    Ok(parsed)
}

/// The exceptions that let a group separate, as typed after `--exception`.
fn parse_exceptions(exceptions: &[String]) -> Result<Vec<SeparateException>, DbrError> {
    exceptions
        .iter()
        .map(|x| match x.to_ascii_lowercase().trim_matches(|c| c == '(' || c == ')') {
            "b" | "straight-ahead" => Ok(SeparateException::StraightAhead),
            "c" | "into-combat" => Ok(SeparateException::IntoCombat),
            "d" | "difficult" => Ok(SeparateException::Difficult),
            other => Err(DbrError::Invalid(format!(
                "unknown exception `{other}`; use b (straight-ahead), c (into-combat) or d (difficult); (a) follows from --previous-group"
            ))),
        })
        .collect()
}

/// Both sides' dice, as typed after `--dice` (A,B).
fn parse_dice(d: &str) -> Result<(u32, u32), DbrError> {
    let parts: Vec<_> = d.split(',').map(str::trim).collect();
    let [da, db] = parts.as_slice() else {
        return Err(DbrError::Invalid(format!(
            "--dice `{d}`: give both dice as A,B, e.g. 4,2"
        )));
    };
    Ok((parse_die(da)?, parse_die(db)?))
}

/// Whose bound it is, as typed after `--bound`.
fn parse_bound(bound: &str) -> Result<Who, DbrError> {
    match bound.to_ascii_lowercase().as_str() {
        "a" => Ok(Who::A),
        "b" => Ok(Who::B),
        other => Err(DbrError::Invalid(format!(
            "--bound `{other}`: whose bound, a or b"
        ))),
    }
}

/// The outcomes over all 36 die pairs.
fn print_odds(out: &mut impl Write, o: &Odds, json: bool) -> Result<()> {
    if json {
        let list: Vec<_> = o
            .outcomes
            .iter()
            .map(|(k, n)| serde_json::json!({"outcome": k, "pairs": n, "probability": f64::from(*n) / 36.0}))
            .collect();
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({"odds": list}))?
        )?;
    } else {
        writeln!(out, "all 36 die pairs:")?;
        for l in o.explain() {
            writeln!(out, "  {l}")?;
        }
    }
    Ok(())
}

/// Each die rolled, in words that let the roll be replayed.
fn roll_log(roller: &umpire_core::Dice, seed: u64) -> Vec<String> {
    roller
        .log()
        .iter()
        .map(|r| {
            format!(
                "seed {seed}, stream {} roll {}: d{} = {}",
                r.stream, r.index, r.sides, r.value
            )
        })
        .collect()
}

/// A combat's result with its working; `rolled_from` is the seed when
/// the dice were rolled rather than given.
fn print_resolution(
    out: &mut impl Write,
    combat: &Combat,
    resolution: &Resolution,
    rolls: &[String],
    rolled_from: Option<u64>,
    json: bool,
) -> Result<()> {
    if json {
        let mut v = serde_json::to_value(resolution)?;
        v["rulings"] = serde_json::json!(resolution.rulings());
        v["steps"] = serde_json::json!(resolution.explain(combat));
        v["dice"] = serde_json::json!(rolls);
        if let Some(seed) = rolled_from {
            v["seed"] = serde_json::json!(seed);
        }
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
    } else {
        for r in rolls {
            writeln!(out, "rolled: {r}")?;
        }
        for line in resolution.explain(combat) {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

fn parse_die(text: &str) -> Result<u32, DbrError> {
    umpire_dbr::combat::parse_die(text)
}

fn parse_side(element: &str, flags: Option<&str>) -> Result<Side, DbrError> {
    Side::parse(element, flags.unwrap_or(""))
}

/// A seed from the clock, for rolls the user did not seed (printed, so the
/// roll can be replayed with --seed).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}
