//! The mail gateway's settings: the `[mail]` table of `umpire.toml`.
//!
//! ```toml
//! [mail]
//! domain = "game.example"        # server@, gm@ and fNN@ live here
//! from_name = "The Westmarch Umpire"
//! mode = "addresses"             # or "single": one mailbox, the body decides
//! rate_per_hour = 30             # messages a sender may send in an hour
//! max_kib = 512                  # larger messages are refused with a reason
//!
//! [mail.games.westmarch]          # optional: a game's own orders address
//! server = "westmarch@game.example"
//!
//! [mail.imap]                     # to read an ordinary mailbox
//! host = "imap.game.example"
//! user = "server@game.example"
//! password_env = "UMPIRE_IMAP_PASSWORD"   # or password_file = "/etc/umpire/imap"
//!
//! [mail.smtp]                     # where mail goes out
//! host = "smtp.game.example"
//! user = "server@game.example"
//! password_file = "/etc/umpire/smtp"
//! ```
//!
//! Passwords are read from the environment or a file, never from the
//! config itself, and never printed.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

use serde::Deserialize;
use umpire_host::password::Secret;

/// How a message's kind is decided.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// By the address it was sent to: server@, gm@, fNN@ (OV-SRV-001).
    #[default]
    Addresses,
    /// One mailbox for everything: the body's header keyword decides, and
    /// a message without one goes to the game master (OV-SRV-002).
    Single,
}

/// How a connection is secured.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    /// TLS from the first byte (IMAP 993, SMTP 465).
    Tls,
    /// Plain, then STARTTLS (SMTP 587).
    Starttls,
    /// No encryption: only for a server on this machine.
    None,
}

/// Where a secret comes from.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Credentials {
    pub user: Option<String>,
    /// The environment variable holding the password.
    pub password_env: Option<String>,
    /// A file holding the password (its first line).
    pub password_file: Option<PathBuf>,
}

impl Credentials {
    /// The password, or why it cannot be had (never the password).
    pub fn password(&self) -> Result<Option<Secret>, String> {
        if let Some(var) = &self.password_env {
            return std::env::var(var)
                .map(|p| Some(Secret::new(p)))
                .map_err(|_| format!("the environment variable {var} (password_env) is not set"));
        }
        if let Some(path) = &self.password_file {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read the password file {}: {e}", path.display()))?;
            return Ok(Some(Secret::new(text.lines().next().unwrap_or("").trim())));
        }
        Ok(None)
    }
}

/// Reading a mailbox over IMAP.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Imap {
    pub host: String,
    pub port: u16,
    pub security: Security,
    #[serde(flatten)]
    pub credentials: Credentials,
    pub mailbox: String,
    /// Wait for new mail with IDLE where the server offers it.
    pub idle: bool,
    /// Seconds between looks when IDLE is not used (and the longest IDLE).
    pub poll_seconds: u64,
    /// What to do with a message once stored: `delete` it, or mark it `seen`.
    pub after: String,
}

impl Default for Imap {
    fn default() -> Self {
        Imap {
            host: String::new(),
            port: 993,
            security: Security::Tls,
            credentials: Credentials::default(),
            mailbox: "INBOX".to_string(),
            idle: true,
            poll_seconds: 60,
            after: "delete".to_string(),
        }
    }
}

/// Sending by SMTP.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Smtp {
    pub host: String,
    pub port: u16,
    pub security: Security,
    #[serde(flatten)]
    pub credentials: Credentials,
    /// Attempts before a message is given up (with backoff between).
    pub attempts: u32,
}

impl Default for Smtp {
    fn default() -> Self {
        Smtp {
            host: String::new(),
            port: 587,
            security: Security::Starttls,
            credentials: Credentials::default(),
            attempts: 8,
        }
    }
}

/// A game's own addresses.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct GameMail {
    /// Where its orders go, instead of server@domain.
    pub server: Option<String>,
}

/// The `[mail]` table.
#[derive(Clone, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct MailConfig {
    pub domain: String,
    pub from_name: String,
    pub mode: Mode,
    /// The local part players send orders to (`server`).
    pub server: String,
    /// The local part that reaches the game master (`gm`).
    pub gm: String,
    /// Where gm@ mail goes when a game names no game master's address.
    pub gm_address: Option<String>,
    pub rate_per_hour: u32,
    pub max_kib: usize,
    pub games: BTreeMap<String, GameMail>,
    pub imap: Option<Imap>,
    pub smtp: Option<Smtp>,
}

impl Default for MailConfig {
    fn default() -> Self {
        MailConfig {
            domain: "localhost".to_string(),
            from_name: "Umpire".to_string(),
            mode: Mode::Addresses,
            server: "server".to_string(),
            gm: "gm".to_string(),
            gm_address: None,
            rate_per_hour: 30,
            max_kib: 512,
            games: BTreeMap::new(),
            imap: None,
            smtp: None,
        }
    }
}

impl fmt::Debug for MailConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Credentials hold only where passwords are, never a password.
        f.debug_struct("MailConfig")
            .field("domain", &self.domain)
            .field("mode", &self.mode)
            .field("imap", &self.imap.as_ref().map(|i| (&i.host, i.port)))
            .field("smtp", &self.smtp.as_ref().map(|s| (&s.host, s.port)))
            .finish()
    }
}

impl MailConfig {
    /// The server's own address: `server@domain`.
    pub fn server_address(&self) -> String {
        format!("{}@{}", self.server, self.domain)
    }

    /// A seat's address here: `f5@domain`, or `f5.game@domain` when the
    /// server hosts several games.
    pub fn entity_address(&self, seat: &str, game: &str, several: bool) -> String {
        if several {
            format!("{seat}.{game}@{}", self.domain)
        } else {
            format!("{seat}@{}", self.domain)
        }
    }

    /// The most bytes a message may have.
    pub fn max_bytes(&self) -> usize {
        self.max_kib.saturating_mul(1024)
    }

    /// Refuse settings that cannot work, with the reason.
    pub fn check(&self) -> Result<(), String> {
        if self.domain.trim().is_empty() || self.domain.contains('@') {
            return Err(format!(
                "[mail] domain `{}` must be a domain such as game.example",
                self.domain
            ));
        }
        if let Some(i) = &self.imap {
            if i.host.is_empty() {
                return Err("[mail.imap] needs a host".to_string());
            }
            if i.after != "delete" && i.after != "seen" {
                return Err(format!(
                    "[mail.imap] after must be delete or seen, not `{}`",
                    i.after
                ));
            }
        }
        if let Some(s) = &self.smtp
            && s.host.is_empty()
        {
            return Err("[mail.smtp] needs a host".to_string());
        }
        Ok(())
    }

    /// Refuse to start reading or sending without the passwords the
    /// config says where to find (checked by the server, not by a pipe
    /// delivery, which needs none).
    pub fn check_credentials(&self) -> Result<(), String> {
        if let Some(i) = &self.imap {
            i.credentials
                .password()
                .map_err(|e| format!("[mail.imap]: {e}"))?;
        }
        if let Some(s) = &self.smtp {
            s.credentials
                .password()
                .map_err(|e| format!("[mail.smtp]: {e}"))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_config_reads_and_never_shows_a_password() {
        let c: MailConfig = toml::from_str(
            r#"
domain = "game.test"
[games.spring]
server = "spring@game.test"
[imap]
host = "127.0.0.1"
port = 1143
security = "none"
user = "server@game.test"
password_env = "UMPIRE_TEST_NO_SUCH_VARIABLE"
[smtp]
host = "127.0.0.1"
port = 2525
security = "none"
"#,
        )
        .unwrap();
        assert_eq!(c.server_address(), "server@game.test");
        assert_eq!(
            c.games["spring"].server.as_deref(),
            Some("spring@game.test")
        );
        c.check().unwrap();
        let e = c.check_credentials().unwrap_err();
        assert!(e.contains("UMPIRE_TEST_NO_SUCH_VARIABLE"), "{e}");
        assert!(!format!("{c:?}").contains("password"));
        let bad: Result<MailConfig, _> = toml::from_str("domian = \"x\"");
        assert!(bad.is_err());
    }
}
