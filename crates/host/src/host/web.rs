//! What the web needs of the host: logging players and game masters in,
//! sessions, players' API tokens, checking orders as they are typed, the
//! order help, and resending a report. Every token is random, shown once,
//! and kept only as its SHA-256.

use sha2::{Digest, Sha256};

use super::letters;
use super::{Host, HostError, Result, blocking};
use crate::password::{self, Check, Secret};
use crate::store::{self, SessionRow, now_ms};

/// The host's own finding: orders headed for a seat other than the one
/// logged in (the game's checkers cannot know who is typing).
pub const OTHER_SEAT: &str = "H0001";

/// How long a login lasts.
pub const SESSION_MS: i64 = 14 * 24 * 3_600_000;

/// A new session: its token (for the cookie) and what it allows.
#[derive(Clone, Debug)]
pub struct Login {
    pub token: Secret,
    pub session: SessionRow,
}

/// A fresh random token, as hex.
pub fn random_token() -> Result<Secret> {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).map_err(|e| HostError::Internal(format!("no random source: {e}")))?;
    Ok(Secret::new(
        b.iter().map(|x| format!("{x:02x}")).collect::<String>(),
    ))
}

/// The hash a token is kept as.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

impl Host {
    /// The seat a player means by what they typed: `f5`, `5`, `F05`, a
    /// character's name.
    pub async fn find_seat(&self, game: &str, typed: &str) -> Result<Option<String>> {
        let t = typed.trim().to_ascii_lowercase();
        let mut candidates = vec![t.clone(), t.replace(' ', "-")];
        let digits = t.trim_start_matches('f').trim_start_matches('0');
        if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
            candidates.push(format!("f{digits}"));
        }
        let slug: String = t
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '-' })
            .collect::<String>()
            .split('-')
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        candidates.push(slug);
        for c in candidates {
            if self.store().seat(game, &c).await?.is_some() {
                return Ok(Some(c));
            }
        }
        Ok(None)
    }

    async fn open_session(&self, session: SessionRow) -> Result<Login> {
        let token = random_token()?;
        self.store()
            .open_session(&token_hash(token.expose()), &session)
            .await?;
        Ok(Login { token, session })
    }

    /// Log a player in to their seat; None when the game, seat or password
    /// is wrong (which one is not said).
    pub async fn login_player(
        &self,
        game: &str,
        typed_seat: &str,
        pw: &Secret,
    ) -> Result<Option<Login>> {
        // Whatever is wrong, the answer takes an argon2id check's time, so
        // its timing does not tell a seat that is there (a player's or a
        // bot's) from one that is not.
        let (seat, legacy) = match self.store().game(game).await? {
            Some(g) => (
                self.find_seat(game, typed_seat).await?,
                self.kinds.get(&g.kind)?.legacy_hash(),
            ),
            None => (None, None),
        };
        let row = match &seat {
            Some(seat) => self.store().seat(game, seat).await?,
            None => None,
        };
        let (Some(seat), Some(row)) = (seat, row.filter(|r| r.status.plays())) else {
            let pw = pw.clone();
            blocking(move || password::check_nothing(&pw)).await?;
            return Ok(None);
        };
        let verified = self.verified.clone();
        let key = format!("{game}/{seat}");
        let (hash, pw) = (row.password_hash.clone(), pw.clone());
        let check = blocking(move || {
            let c = verified.check(&key, &hash, &pw, legacy);
            if c == Check::Wrong && !hash.starts_with("$argon2") {
                password::check_nothing(&pw);
            }
            c
        })
        .await?;
        let Check::Matches { upgrade } = check else {
            return Ok(None);
        };
        if let Some(h) = upgrade {
            let mut tx = store::begin_on(self.store(), game).await?;
            store::upgrade_password(&mut tx, game, &seat, &h).await?;
            store::commit(tx, "the password").await?;
        }
        let csrf = random_token()?.expose().to_string();
        self.open_session(SessionRow {
            role: "player".to_string(),
            game: Some(game.to_string()),
            seat: Some(seat),
            desk_user: None,
            csrf,
            expires_at: now_ms() + SESSION_MS,
        })
        .await
        .map(Some)
    }

    /// Log a game master in to the desk; None when the name or password is
    /// wrong.
    pub async fn login_desk(&self, name: &str, pw: &Secret) -> Result<Option<Login>> {
        let Some(hash) = self.store().desk_user(name).await? else {
            let pw = pw.clone();
            blocking(move || password::check_nothing(&pw)).await?;
            return Ok(None);
        };
        let pw = pw.clone();
        let check = blocking(move || password::check(&hash, &pw, None)).await?;
        if check == Check::Wrong {
            return Ok(None);
        }
        let csrf = random_token()?.expose().to_string();
        self.open_session(SessionRow {
            role: "gm".to_string(),
            game: None,
            seat: None,
            desk_user: Some(name.to_string()),
            csrf,
            expires_at: now_ms() + SESSION_MS,
        })
        .await
        .map(Some)
    }

    /// The session of a cookie's token.
    pub async fn session(&self, token: &str) -> Result<Option<SessionRow>> {
        Ok(self.store().session(&token_hash(token)).await?)
    }

    /// End a session.
    pub async fn logout(&self, token: &str) -> Result<()> {
        Ok(self.store().close_session(&token_hash(token)).await?)
    }

    /// Make a desk login for a game master; returns its password, shown
    /// once.
    pub async fn add_desk_user(&self, name: &str, actor: &str) -> Result<Secret> {
        let n = name.trim();
        if n.is_empty() || n.len() > 40 || n.contains(char::is_whitespace) {
            return Err(HostError::Refused(format!(
                "`{name}` cannot be a login: one word, up to 40 characters"
            )));
        }
        let (clear, hash) = blocking(|| -> std::result::Result<_, password::HashError> {
            let c = password::generate()?;
            let h = password::hash(&c)?;
            Ok((c, h))
        })
        .await?
        .map_err(|e| HostError::Internal(e.to_string()))?;
        self.store().set_desk_user(n, &hash).await?;
        let mut tx = store::begin(self.store()).await?;
        store::audit_record(
            &mut tx,
            None,
            actor,
            "desk-user",
            &format!("desk login {n} made (or given a new password)"),
        )
        .await?;
        store::commit(tx, "the desk login").await?;
        Ok(clear)
    }

    /// Make an API token for a seat; the token is returned once.
    pub async fn new_token(&self, game: &str, seat: &str, label: &str) -> Result<Secret> {
        self.seat_of(game, seat).await?;
        let token = random_token()?;
        let label = label.trim();
        let label = if label.is_empty() {
            "a client program"
        } else {
            label
        };
        self.store()
            .add_token(&token_hash(token.expose()), game, seat, label)
            .await?;
        Ok(token)
    }

    /// The game and seat an API token stands for.
    pub async fn token_seat(&self, token: &str) -> Result<Option<(String, String)>> {
        Ok(self
            .store()
            .token(&token_hash(token))
            .await?
            .map(|t| (t.game, t.seat)))
    }

    /// Check what a seat is writing, against the game's world now: the
    /// game's checker, and whose orders they are. Orders headed for
    /// another seat (`#GAME f06` typed by f5) are flagged as they are
    /// typed, with the words sending them would be refused with
    /// ([`OTHER_SEAT`]).
    pub async fn check_orders(
        &self,
        game: &str,
        seat: &str,
        text: &str,
    ) -> Result<Vec<umpire_core::Diagnostic>> {
        let row = self.game(game).await?;
        let loaded = self.loaded(&row).await?;
        // `#READY` and `#NOTREADY` lines are the host's: checked as the
        // game will read the orders, without them.
        let text = crate::envelope::words(text).map_or_else(|| text.to_string(), |(t, _)| t);
        let seat = seat.to_string();
        blocking(move || {
            let mut found = loaded.game.check(&seat, &text);
            let read = loaded.game.read(crate::kind::Mail {
                name: "orders",
                bytes: text.as_bytes(),
            });
            let source: std::sync::Arc<str> = "orders".into();
            let lines: Vec<&str> = text.lines().collect();
            for e in &read.envelopes {
                // The seat as this line writes it, so the player reads
                // their own spelling back.
                let written = lines
                    .get((e.line as usize).saturating_sub(1))
                    .and_then(|l| l.split_whitespace().nth(1))
                    .unwrap_or(&e.who);
                let why = match &e.seat {
                    Some(s) if *s == seat => continue,
                    Some(_) => format!(
                        "these orders are for {written}, not for the seat you are logged in to: they would be refused"
                    ),
                    None => format!(
                        "{written} has no seat in this game: these orders would be refused"
                    ),
                };
                let mut d = umpire_core::Diagnostic::error(OTHER_SEAT, source.clone(), why)
                    .with_help("write your own seat on this line; another seat's orders come with its own login or by mail");
                d.position = Some(umpire_core::source::Position {
                    line: e.line,
                    column: 1,
                    end_column: 1,
                });
                found.push(d);
            }
            found.sort_by_key(|d| d.position.map(|p| (p.line, p.column)));
            found
        })
        .await
    }

    /// The players' guide to an order of `game`'s kind.
    pub async fn order_help(&self, game: &str, topic: &str) -> Result<Option<String>> {
        let row = self.game(game).await?;
        Ok(self.kinds.get(&row.kind)?.help(topic))
    }

    /// Send a seat its stored report of `turn` (the latest when None)
    /// again, to its address.
    pub async fn resend(
        &self,
        game: &str,
        seat: &str,
        turn: Option<u32>,
        actor: &str,
    ) -> Result<u32> {
        let s = self.seat_of(game, seat).await?;
        let Some(r) = self.store().report(game, seat, turn).await? else {
            return Err(HostError::Refused(format!(
                "{game} has no report of {} for {seat}",
                turn.map_or("any turn".to_string(), |t| format!("turn {t}"))
            )));
        };
        let mut tx = store::begin_on(self.store(), game).await?;
        store::queue(
            &mut tx,
            &letters::report_to_seat(
                game,
                seat,
                s.address(),
                "report",
                format!("[{game}] Turn {} report for {seat} (sent again)", r.turn),
                format!(
                    "Your report of turn {} for {seat}, sent again at the game master's request.",
                    r.turn
                ),
                (r.turn, r.attempt),
            ),
        )
        .await?;
        store::audit_record(
            &mut tx,
            Some(game),
            actor,
            "resend",
            &format!("report of turn {} sent again to {seat}", r.turn),
        )
        .await?;
        store::commit(tx, "the report").await?;
        Ok(r.turn)
    }
}
