//! `DATA/umpire.toml`, the server's config file; every key may be left
//! out.
//!
//! ```toml
//! database = "postgres://umpire@db.example/umpire"   # default: DATA/umpire.db
//! tick_seconds = 15      # how often deadlines are looked at
//! grace_seconds = 60     # how long a running turn may finish when stopping
//! log = "info"           # or debug, or umpire_host=debug; $UMPIRE_LOG wins
//! log_format = "text"    # or "json": one JSON object a line, with the
//!                        # request's id and the turn's game and number
//!
//! [web]
//! listen = "127.0.0.1:8080"   # where the web is served; "off": no web
//! secure_cookies = false      # true behind TLS (a reverse proxy): also HSTS
//! trusted_proxies = []        # e.g. ["127.0.0.1"]: whose X-Forwarded-For is believed
//! tls_cert = "/etc/letsencrypt/live/game.example/fullchain.pem"  # HTTPS here:
//! tls_key = "/etc/letsencrypt/live/game.example/privkey.pem"     # read again when renewed
//! metrics_listen = "127.0.0.1:9464"  # /metrics on an address of its own
//! metrics_token = "…"         # or /metrics here, for `Authorization: Bearer …`
//! max_connections = 256       # open connections at once; more wait
//! header_timeout_seconds = 10 # a request's headers must arrive within this
//! body_timeout_seconds = 30   # and its body within this
//! request_timeout_seconds = 60 # and its answer must start within this
//! tables_need_login = false   # true: only a desk login makes tables
//! tables_per_hour = 20        # tables made from one address in an hour
//!
//! [mail]                 # the mail gateway: see `mail::config`
//! domain = "game.example"
//!
//! [backup]               # a copy before every turn and one a day (SQLite)
//! dir = "/srv/backups/umpire" # default DATA/backups
//! keep = 14                   # the newest 14 of each kind are kept
//! ```

use std::path::Path;

use anyhow::{Context, Result, bail};
use serde::Deserialize;

use crate::mail::config::MailConfig;

/// The config file.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The database URL (`postgres://…` or `sqlite:PATH`); default the
    /// data folder's `umpire.db`. --database and $UMPIRE_DATABASE_URL win.
    pub database: Option<String>,
    /// Seconds between looks at the deadlines (default 15).
    pub tick_seconds: u64,
    /// Seconds a turn being run is given to finish when the server is
    /// asked to stop (default 60).
    pub grace_seconds: u64,
    /// What to log (`info`, `debug`, `umpire_host=debug`); $UMPIRE_LOG wins.
    pub log: String,
    /// How the log is written: `text` (default) or `json`, one object a
    /// line with its spans' fields (a request's `request_id`, route and
    /// method; a turn's game and number).
    pub log_format: LogFormat,
    /// The web.
    pub web: WebConfig,
    /// The mail gateway; none: no mail is read or sent.
    pub mail: Option<MailConfig>,
    /// The automatic backups; none: no automatic backups.
    pub backup: Option<BackupConfig>,
}

/// The `[backup]` table: `umpire serve` copies the database before every
/// turn and once a day.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct BackupConfig {
    /// Where the copies go (default DATA/backups). Best on another disk,
    /// or a folder copied off the machine.
    pub dir: Option<std::path::PathBuf>,
    /// How many of each kind (before a turn; daily) are kept (default 14).
    pub keep: usize,
}

impl Default for BackupConfig {
    fn default() -> Self {
        BackupConfig {
            dir: None,
            keep: 14,
        }
    }
}

impl BackupConfig {
    /// The policy, with the data folder for a default.
    pub fn policy(&self, data: &Path) -> umpire_host::backup::Policy {
        umpire_host::backup::Policy {
            dir: self.dir.clone().unwrap_or_else(|| data.join("backups")),
            keep: self.keep.max(1),
        }
    }
}

/// How the log is written.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

/// The `[web]` table.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct WebConfig {
    /// The address and port to serve on (default `127.0.0.1:8080`), or
    /// `off`. --listen wins.
    pub listen: String,
    /// Mark the login cookie Secure and send HSTS: set when players
    /// reach the server by https (through a reverse proxy).
    pub secure_cookies: bool,
    /// Connections open at once (default 256); more wait to be taken.
    pub max_connections: usize,
    /// Seconds a client has to send a request's headers (default 10);
    /// an idle connection is closed after as long.
    pub header_timeout_seconds: u64,
    /// Seconds a client has to send a request's body (default 30).
    pub body_timeout_seconds: u64,
    /// Seconds the server has to start answering a request (default 60);
    /// past it the answer is 503 and the request's work is dropped (a
    /// turn run from the desk still finishes).
    pub request_timeout_seconds: u64,
    /// Only a game master logged in to the desk makes tables (default
    /// false: anyone who can reach the server).
    pub tables_need_login: bool,
    /// Tables one client address may make in an hour (default 20).
    pub tables_per_hour: u32,
    /// The reverse proxies in front of the server (addresses or
    /// networks, `127.0.0.1`, `10.0.0.0/8`): only from these is the
    /// client's address taken from `Forwarded` or `X-Forwarded-For`
    /// (see `web::client`). Default none: the connection's address.
    pub trusted_proxies: Vec<String>,
    /// An address of its own for `/metrics` (Prometheus' text format),
    /// e.g. `127.0.0.1:9464`; default none.
    pub metrics_listen: Option<String>,
    /// `/metrics` on the web's own address too, for a scraper that sends
    /// `Authorization: Bearer` this token; default none (no `/metrics`
    /// there).
    pub metrics_token: Option<String>,
    /// Serve HTTPS: the certificate chain (PEM, as certbot's
    /// `fullchain.pem`) and its key (`privkey.pem`); both or neither.
    /// Read again when either file changes. Implies Secure cookies and
    /// HSTS.
    pub tls_cert: Option<std::path::PathBuf>,
    pub tls_key: Option<std::path::PathBuf>,
}

impl Default for WebConfig {
    fn default() -> Self {
        WebConfig {
            listen: "127.0.0.1:8080".to_string(),
            secure_cookies: false,
            max_connections: 256,
            header_timeout_seconds: 10,
            body_timeout_seconds: 30,
            request_timeout_seconds: 60,
            tables_need_login: false,
            tables_per_hour: 20,
            trusted_proxies: Vec::new(),
            metrics_listen: None,
            metrics_token: None,
            tls_cert: None,
            tls_key: None,
        }
    }
}

impl WebConfig {
    /// Whether the web is served by HTTPS.
    pub fn tls(&self) -> bool {
        self.tls_cert.is_some() || self.tls_key.is_some()
    }

    /// Both of the certificate's files named, and readable as a pair.
    pub fn check_tls(&self) -> std::result::Result<(), String> {
        match (&self.tls_cert, &self.tls_key) {
            (None, None) => Ok(()),
            (Some(c), Some(k)) => crate::web::tls::load(c, k).map(|_| ()),
            _ => Err(
                "[web] tls_cert and tls_key go together: name both files, or neither".to_string(),
            ),
        }
    }

    /// Where `/metrics` has an address of its own, if anywhere.
    pub fn metrics_address(&self) -> Result<Option<std::net::SocketAddr>> {
        let Some(l) = self
            .metrics_listen
            .as_deref()
            .map(str::trim)
            .filter(|l| !l.is_empty())
        else {
            return Ok(None);
        };
        l.parse().map(Some).map_err(|_| {
            anyhow::anyhow!(
                "metrics_listen `{l}` is not an address to listen on: write it as 127.0.0.1:9464"
            )
        })
    }

    /// Where to listen; None when the web is off.
    pub fn address(&self) -> Result<Option<std::net::SocketAddr>> {
        let l = self.listen.trim();
        if l.eq_ignore_ascii_case("off") {
            return Ok(None);
        }
        l.parse().map(Some).map_err(|_| {
            anyhow::anyhow!(
                "`{l}` is not an address to listen on: write it as 127.0.0.1:8080, 0.0.0.0:80 or [::]:8080, or `off`"
            )
        })
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            database: None,
            tick_seconds: 15,
            grace_seconds: 60,
            log: "info".to_string(),
            log_format: LogFormat::Text,
            web: WebConfig::default(),
            mail: None,
            backup: None,
        }
    }
}

impl Config {
    /// Read the config file; a missing one is the defaults unless
    /// `required` (it was named on the command line).
    pub fn read(path: &Path, required: bool) -> Result<Config> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => {
                return Ok(Config::default());
            }
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        let c: Config = toml::from_str(&text)
            .with_context(|| format!("{} is not a valid config", path.display()))?;
        if c.tick_seconds == 0 {
            bail!("{}: tick_seconds must be at least 1", path.display());
        }
        c.web
            .address()
            .map_err(|e| anyhow::anyhow!("{}: [web] {e}", path.display()))?;
        if c.backup.as_ref().is_some_and(|b| b.keep == 0) {
            bail!(
                "{}: [backup] keep must be at least 1 (how many copies of each kind are kept)",
                path.display()
            );
        }
        if c.web.tls_cert.is_some() != c.web.tls_key.is_some() {
            bail!(
                "{}: [web] tls_cert and tls_key go together: name both files, or neither",
                path.display()
            );
        }
        c.web
            .metrics_address()
            .map_err(|e| anyhow::anyhow!("{}: [web] {e}", path.display()))?;
        crate::web::client::parse_all(&c.web.trusted_proxies)
            .map_err(|e| anyhow::anyhow!("{}: [web] trusted_proxies: {e}", path.display()))?;
        if let Some(m) = &c.mail {
            m.check()
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        }
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn read(text: &str) -> Result<Config> {
        let dir = std::env::temp_dir().join(format!("umpire-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{}.toml", text.len()));
        std::fs::write(&path, text).unwrap();
        let c = Config::read(&path, true);
        let _ = std::fs::remove_file(&path);
        c
    }

    #[test]
    fn backups_are_off_unless_asked_and_default_into_the_data_folder() {
        assert_eq!(read("").unwrap().backup, None);
        let c = read("[backup]\n").unwrap();
        let policy = c.backup.unwrap().policy(Path::new("/var/lib/umpire"));
        assert_eq!(policy.dir, Path::new("/var/lib/umpire/backups"));
        assert_eq!(policy.keep, 14);
        let c = read("[backup]\ndir = \"/srv/copies\"\nkeep = 3\n").unwrap();
        let policy = c.backup.unwrap().policy(Path::new("/data"));
        assert_eq!(
            (policy.dir.as_path(), policy.keep),
            (Path::new("/srv/copies"), 3)
        );
        let e = read("[backup]\nkeep = 0\n").unwrap_err().to_string();
        assert!(e.contains("keep must be at least 1"), "{e}");
        let e = format!("{:#}", read("[backup]\nkept = 3\n").unwrap_err());
        assert!(e.contains("unknown field `kept`"), "{e}");
    }

    #[test]
    fn the_debian_packages_settings_are_read() {
        let text = include_str!("../../cli/debian/umpire.toml");
        let c = read(text).unwrap();
        assert_eq!(c.web.listen, "127.0.0.1:8080");
        let policy = c.backup.unwrap().policy(Path::new("/var/lib/umpire"));
        assert_eq!(policy.dir, Path::new("/var/lib/umpire/backups"));
    }
}
