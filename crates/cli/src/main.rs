//! `umpire`: the command line. Glue over the game crates: it reads files,
//! calls the pure engines, and prints.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod backup;
mod dbr;
mod demo;
mod engarde;
mod folder;
mod game;
mod host;
mod mail;
mod nb;
mod overlord;
mod serve;
mod serve_demo;
mod sharp;
mod table;

/// Umpire adjudicates order-driven games: players write orders, Umpire
/// applies the rules with dice it can replay, and tells each side what it
/// saw.
#[derive(Parser)]
#[command(name = "umpire", version, about, long_about = None, propagate_version = true)]
struct Cli {
    /// When to colour the output.
    #[arg(long, global = true, value_enum, default_value_t = Color::Auto)]
    color: Color,
    #[command(subcommand)]
    game: Game,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

impl Color {
    fn enabled(self) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        }
    }
}

#[derive(Subcommand)]
enum Game {
    /// Overlord, the play-by-email fantasy game: make a game, take the
    /// players' mail, run the turns, read the reports, check order files.
    #[command(subcommand, disable_help_subcommand = true)]
    Overlord(overlord::Command),
    /// DBR (De Bellis Renationis): moves, ranges, PIP costs, combat and
    /// shooting, and the rulings behind them, in paces or cm, from the
    /// quick-reference sheet.
    #[command(subcommand, disable_help_subcommand = true)]
    Dbr(dbr::Command),
    /// En Garde!, the monthly play-by-mail game of Parisian society: make a
    /// game, take the players' sheets, run the months, read the reports and
    /// the gazette, check the SP->SL conversion by hand.
    #[command(subcommand, disable_help_subcommand = true)]
    Engarde(engarde::Command),
    /// Sharp Practice at the table: keep the deck, the Big Men, the Groups
    /// and their shock, and resolve every roll with its working and odds.
    #[command(subcommand, disable_help_subcommand = true)]
    Sharp(sharp::Command),
    /// Napoleon's Battles orders: hidden orders, messengers, activation
    /// delays and reserves, at the table or by mail.
    #[command(subcommand, disable_help_subcommand = true)]
    Nb(nb::Command),
    /// Host games: make or import them, take players' orders, run turns
    /// on a schedule, pause, extend, roll back, add and remove players.
    ///
    /// The games live in a database: by default a SQLite file in the data
    /// folder (--data, default ./umpire-data), or PostgreSQL with
    /// --database postgres://… . `umpire serve` runs the deadlines.
    #[command(disable_help_subcommand = true)]
    Host {
        #[command(flatten)]
        place: host::Place,
        #[command(subcommand)]
        command: host::Command,
    },
    /// The mail gateway: `deliver` stores a message from your mail
    /// server's pipe; `read` shows how a message would be read.
    #[command(subcommand, disable_help_subcommand = true)]
    Mail(mail::Command),
    /// Run the server for every hosted game: turns at their deadlines,
    /// reminders, and with [mail] players' mail read and answered and
    /// reports sent. Stops gracefully on Ctrl-C.
    #[command(after_help = "Examples:
  umpire serve --demo          (a game to try in the browser: you and five bots)
  umpire serve
  umpire serve --data /var/lib/umpire
  umpire serve --database postgres://umpire@db.example/umpire

The data folder holds umpire.db (SQLite) and umpire.toml, whose keys are
database, tick_seconds (15), grace_seconds (60), log (info), and a [mail]
table for the mail gateway (domain, from_name, gm_address, [mail.imap],
[mail.smtp]; see the README's \"Mail\" section), and a [backup] table
for a copy before every turn and daily (dir, keep).")]
    Serve(serve::Args),
    /// Copy the games' database (SQLite) while the server runs: one
    /// consistent moment, checked as a restore checks it.
    #[command(after_help = "Examples:
  umpire backup --data /var/lib/umpire
  umpire backup --to /mnt/offsite/umpire-monday.db

A PostgreSQL database is backed up with pg_dump (see the README's \"Backups\").")]
    Backup(backup::BackupArgs),
    /// Put a backup in place of the games' database. Refused while
    /// `umpire serve` uses it; the database replaced is kept beside it,
    /// and the answer says what it held.
    #[command(after_help = "Example:
  systemctl stop umpire
  umpire restore /var/lib/umpire/backups/umpire-20261129-180000-000-daily.db --data /var/lib/umpire
  systemctl start umpire")]
    Restore(backup::RestoreArgs),
    /// See the whole job in one command: a small Overlord game played by
    /// bots for a few turns.
    ///
    /// Makes a game in DIR (a generated world, four NPC factions and, by
    /// default, six player factions, seed 7), then for each turn lets a bot write every
    /// player faction's orders, takes them exactly as `umpire overlord
    /// submit` takes a player's mail (into DIR/orders/N/), and runs the turn
    /// as `umpire overlord run` does: each faction's report and order
    /// template end up in DIR/turns/N/. Prints where they are and the start
    /// of one report. The same seed gives the same game, byte for byte.
    ///
    /// Refuses a folder that is not empty unless --force is given, and even
    /// then replaces only a game folder (one with a world.umpire).
    #[command(after_help = "Examples:
  umpire demo
  umpire demo /tmp/umpire-demo --force
  umpire demo /tmp/umpire-demo --turns 5 --factions 12 --seed 3 --force
  umpire overlord report /tmp/umpire-demo f5")]
    Demo(demo::Args),
}

/// What `umpire --version` says: the program's version and the newest
/// database schema it knows (a database made by a later schema is
/// refused; an earlier one is brought up to it).
fn version() -> String {
    format!(
        "{} (database schema version {})",
        env!("CARGO_PKG_VERSION"),
        umpire_host::store::migrate::latest()
    )
}

fn main() -> ExitCode {
    use clap::{CommandFactory as _, FromArgMatches as _};
    // Said once per run; a `&'static str` is what clap keeps.
    let version: &'static str = Box::leak(version().into_boxed_str());
    let matches = Cli::command().version(version).get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let color = cli.color.enabled();
    let result = match cli.game {
        Game::Overlord(cmd) => overlord::run(cmd, color),
        Game::Dbr(cmd) => dbr::run(cmd),
        Game::Engarde(cmd) => engarde::run(cmd, color),
        Game::Sharp(cmd) => sharp::run(cmd),
        Game::Nb(cmd) => nb::run(cmd),
        Game::Demo(args) => demo::run(args),
        Game::Host { place, command } => host::run(&place, command),
        Game::Serve(args) => serve::run(args),
        Game::Backup(args) => backup::run_backup(args),
        Game::Restore(args) => backup::run_restore(args),
        Game::Mail(cmd) => mail::run(cmd),
    };
    match result {
        Ok(code) => code,
        // The reader went away (`umpire … | head`): nothing more to say.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("umpire: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
