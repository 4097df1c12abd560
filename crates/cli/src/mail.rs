//! `umpire mail …`: the mail gateway from the command line. `deliver` is
//! the pipe a game master's own mail server runs for each message (a
//! `.forward`, procmail, or a Postfix `pipe` transport); `read` shows how a
//! message would be read and where it would go.

use std::io::{Read as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Subcommand;
use umpire_host::host::Host;
use umpire_server::mail::config::MailConfig;
use umpire_server::mail::gateway::Gateway;

use crate::host::{Place, runtime};

/// What a mail server takes as "try again later" (EX_TEMPFAIL).
const TEMPFAIL: u8 = 75;

#[derive(Subcommand)]
pub enum Command {
    /// Store one message read on standard input, for `umpire serve` to read
    /// and answer. For a mail server's pipe: exits 0 when the message is
    /// safely stored (a message delivered twice is stored once), 75 when it
    /// could not be (the mail server tries again later).
    #[command(after_help = "Examples:
  umpire mail deliver --data /var/lib/umpire < message.eml
  # Postfix master.cf:
  umpire unix - n n - - pipe flags=Rq user=umpire argv=/usr/local/bin/umpire mail deliver --data /var/lib/umpire ${sender} ${recipient}")]
    Deliver {
        #[command(flatten)]
        place: Place,
        /// The config file (default DATA/umpire.toml).
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// The envelope sender, as the mail server gives it.
        sender: Option<String>,
        /// The envelope recipient (the address it was sent to).
        recipient: Option<String>,
    },
    /// Show how a message (a file, or - for standard input) is read: its
    /// sender, where it would go, the text the checker would see, and the
    /// notes its answer would carry. Nothing is stored.
    Read {
        file: PathBuf,
        #[command(flatten)]
        place: Place,
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
    },
}

fn input(file: &PathBuf) -> Result<Vec<u8>> {
    let mut buf = Vec::new();
    if file.as_os_str() == "-" {
        std::io::stdin()
            .read_to_end(&mut buf)
            .context("cannot read standard input")?;
    } else {
        buf = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    }
    Ok(buf)
}

pub fn run(cmd: Command) -> Result<ExitCode> {
    match cmd {
        Command::Deliver {
            place,
            config,
            sender,
            recipient,
        } => {
            // Whatever goes wrong, the mail server is told to try again.
            match deliver(
                &place,
                config.as_ref(),
                sender.as_deref(),
                recipient.as_deref(),
            ) {
                Ok(id) => {
                    eprintln!("umpire: message stored (#{id})");
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => {
                    eprintln!("umpire: the message was not stored, try again later: {e:#}");
                    Ok(ExitCode::from(TEMPFAIL))
                }
            }
        }
        Command::Read {
            file,
            place,
            config,
        } => {
            let raw = input(&file)?;
            let config = crate::serve::config(&place, config.as_ref())?;
            let mail_config = config.mail.clone().unwrap_or_default();
            let rt = runtime()?;
            let location = place.location(config.database.as_deref())?;
            let text = rt.block_on(async {
                let host = std::sync::Arc::new(Host::open(&location).await?);
                let gateway = Gateway::new(host.clone(), mail_config);
                let m = umpire_server::mail::message::read(&raw, &gateway.loop_mark());
                let mut recipients = m.recipients.clone();
                recipients.dedup();
                let route = gateway.route(&recipients, &m.text);
                host.store().close().await;
                anyhow::Ok(format!(
                    "from: {}\nto: {}\nmessage-id: {}\ngoes to: {route:?}\n{}{}\n---- the text read ----\n{}\n",
                    m.reply_to.as_deref().unwrap_or("(nobody)"),
                    recipients.join(", "),
                    m.message_id.as_deref().unwrap_or("(none)"),
                    m.automatic
                        .as_deref()
                        .map(|a| format!("not answered: {a}\n"))
                        .unwrap_or_default(),
                    m.notes.join("\n"),
                    m.text
                ))
            })?;
            std::io::stdout().lock().write_all(text.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn deliver(
    place: &Place,
    config: Option<&PathBuf>,
    sender: Option<&str>,
    recipient: Option<&str>,
) -> Result<i64> {
    let mut raw = Vec::new();
    std::io::stdin()
        .read_to_end(&mut raw)
        .context("cannot read the message on standard input")?;
    let config = crate::serve::config(place, config)?;
    let mail_config: MailConfig = config.mail.clone().unwrap_or_default();
    let location = place.location(config.database.as_deref())?;
    // Held while the message is stored, as a server holds it: a restore
    // under way means "try again later" to the mail server, so that no
    // message is stored into the database being replaced.
    let _serving = match location.sqlite_path() {
        Some(db) => match umpire_host::lock::ServeLock::serve(&db)? {
            umpire_host::lock::Serving::Held(l) => Some(l),
            umpire_host::lock::Serving::Busy => anyhow::bail!(
                "a restore of {} is under way: try again later",
                db.display()
            ),
        },
        None => None,
    };
    let rt = runtime()?;
    rt.block_on(async {
        let host = std::sync::Arc::new(
            Host::open(&location)
                .await
                .with_context(|| format!("cannot open the games' database {location}"))?,
        );
        let gateway = Gateway::new(host.clone(), mail_config);
        let id = gateway.deliver(&raw, sender, recipient).await?;
        host.store().close().await;
        anyhow::Ok(id)
    })
}
