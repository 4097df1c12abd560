//! `umpire backup` and `umpire restore`: a consistent copy of the games'
//! SQLite database while the server runs, and a copy put back in its
//! place. The work is `umpire_host::backup`'s.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use umpire_host::backup::{self, Policy};
use umpire_host::store::{Backend, Store};

use crate::host::{Place, runtime};

#[derive(clap::Args)]
pub struct BackupArgs {
    #[command(flatten)]
    pub place: Place,
    /// The copy to write (it must not exist). Default: a file named by
    /// the time in [backup] dir, or DATA/backups.
    #[arg(long, value_name = "FILE")]
    pub to: Option<PathBuf>,
    /// The config file (default DATA/umpire.toml).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

#[derive(clap::Args)]
pub struct RestoreArgs {
    #[command(flatten)]
    pub place: Place,
    /// The copy to put in place (a file `umpire backup` wrote).
    pub file: PathBuf,
    /// The config file (default DATA/umpire.toml).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 10 * 1024 * 1024 => format!("{} MB", b / (1024 * 1024)),
        b if b >= 10 * 1024 => format!("{} KB", b / 1024),
        b => format!("{b} bytes"),
    }
}

/// `umpire backup`.
pub fn run_backup(args: BackupArgs) -> Result<ExitCode> {
    let config = crate::serve::config(&args.place, args.config.as_ref())?;
    let location = args.place.location(config.database.as_deref())?;
    if location.backend() == Backend::Postgres {
        bail!(
            "{location} is a PostgreSQL database: back it up with pg_dump --format=custom (the README's \"Backups\" gives the commands)"
        );
    }
    let to = match args.to {
        Some(t) => t,
        None => {
            let data = args.place.data_dir();
            let policy = config.backup.clone().unwrap_or_default().policy(&data);
            Policy::file(&policy, "manual")
        }
    };
    let rt = runtime()?;
    let copy = rt.block_on(async {
        let store = Store::open(&location)
            .await
            .with_context(|| format!("cannot open the games' database {location}"))?;
        let copy = backup::take(&store, &to).await;
        store.close().await;
        copy.map_err(anyhow::Error::from)
    })?;
    println!(
        "Backed up {location} into {} ({}).",
        copy.path.display(),
        size(copy.bytes)
    );
    println!("The copy is checked: {}.", copy.summary);
    println!(
        "Put it back with: umpire restore {} --data {}",
        copy.path.display(),
        args.place.data_dir().display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `umpire restore`.
pub fn run_restore(args: RestoreArgs) -> Result<ExitCode> {
    let config = crate::serve::config(&args.place, args.config.as_ref())?;
    let location = args.place.location(config.database.as_deref())?;
    let rt = runtime()?;
    let restored = rt.block_on(backup::restore(&args.file, &location))?;
    print!("{restored}");
    Ok(ExitCode::SUCCESS)
}
