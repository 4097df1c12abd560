//! The `sessions`, `api_tokens` and `desk_users` tables: who is logged in
//! to the web, the tokens players give their client programs, and the game
//! masters' logins to the desk. A token is kept only as its SHA-256; the
//! token itself is shown once, to its owner.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Result, Store, StoreError, now_ms};

/// A logged-in session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRow {
    /// `player` or `gm`.
    pub role: String,
    pub game: Option<String>,
    pub seat: Option<String>,
    pub desk_user: Option<String>,
    /// The token every form of the session carries (CSRF).
    pub csrf: String,
    pub expires_at: i64,
}

/// A player's API token, without the token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenRow {
    pub hash: String,
    pub game: String,
    pub seat: String,
    pub label: String,
    pub created_at: i64,
    pub revoked_at: Option<i64>,
}

fn session(r: &AnyRow) -> std::result::Result<SessionRow, sqlx::Error> {
    Ok(SessionRow {
        role: r.try_get("role")?,
        game: r.try_get("game_id")?,
        seat: r.try_get("seat")?,
        desk_user: r.try_get("desk_user")?,
        csrf: r.try_get("csrf")?,
        expires_at: r.try_get("expires_at")?,
    })
}

fn token(r: &AnyRow) -> std::result::Result<TokenRow, sqlx::Error> {
    Ok(TokenRow {
        hash: r.try_get("token_hash")?,
        game: r.try_get("game_id")?,
        seat: r.try_get("seat")?,
        label: r.try_get("label")?,
        created_at: r.try_get("created_at")?,
        revoked_at: r.try_get("revoked_at")?,
    })
}

impl Store {
    /// Keep a new session under the hash of its token.
    pub async fn open_session(&self, hash: &str, s: &SessionRow) -> Result<()> {
        sqlx::query(
            "INSERT INTO sessions (token_hash, role, game_id, seat, desk_user, csrf, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(hash)
        .bind(&s.role)
        .bind(s.game.as_deref())
        .bind(s.seat.as_deref())
        .bind(s.desk_user.as_deref())
        .bind(&s.csrf)
        .bind(now_ms())
        .bind(s.expires_at)
        .execute(self.pool())
        .await
        .map_err(StoreError::db("cannot keep the session"))?;
        Ok(())
    }

    /// The session of a token's hash, if it has not expired.
    pub async fn session(&self, hash: &str) -> Result<Option<SessionRow>> {
        let r = sqlx::query(
            "SELECT role, game_id, seat, desk_user, csrf, expires_at FROM sessions WHERE token_hash = $1 AND expires_at > $2",
        )
        .bind(hash)
        .bind(now_ms())
        .fetch_optional(self.pool())
        .await
        .map_err(StoreError::db("cannot read the session"))?;
        super::decode_one(r, session, "cannot read the session")
    }

    /// End a session.
    pub async fn close_session(&self, hash: &str) -> Result<()> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1 OR expires_at <= $2")
            .bind(hash)
            .bind(now_ms())
            .execute(self.pool())
            .await
            .map_err(StoreError::db("cannot end the session"))?;
        Ok(())
    }

    /// Keep a new API token under its hash.
    pub async fn add_token(&self, hash: &str, game: &str, seat: &str, label: &str) -> Result<()> {
        sqlx::query(
            "INSERT INTO api_tokens (token_hash, game_id, seat, label, created_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(hash)
        .bind(game)
        .bind(seat)
        .bind(label)
        .bind(now_ms())
        .execute(self.pool())
        .await
        .map_err(StoreError::db("cannot keep the token"))?;
        Ok(())
    }

    /// The seat's tokens, newest first.
    pub async fn tokens(&self, game: &str, seat: &str) -> Result<Vec<TokenRow>> {
        let rows = sqlx::query(
            "SELECT token_hash, game_id, seat, label, created_at, revoked_at FROM api_tokens WHERE game_id = $1 AND seat = $2 ORDER BY created_at DESC",
        )
        .bind(game)
        .bind(seat)
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db("cannot read the tokens"))?;
        super::decode_all(&rows, token, "cannot read the tokens")
    }

    /// The live token of a hash.
    pub async fn token(&self, hash: &str) -> Result<Option<TokenRow>> {
        let r = sqlx::query(
            "SELECT token_hash, game_id, seat, label, created_at, revoked_at FROM api_tokens WHERE token_hash = $1 AND revoked_at IS NULL",
        )
        .bind(hash)
        .fetch_optional(self.pool())
        .await
        .map_err(StoreError::db("cannot read the token"))?;
        super::decode_one(r, token, "cannot read the token")
    }

    /// Revoke one of a seat's tokens, named by its whole hash: exactly
    /// that one, or none. Returns whether one was revoked.
    pub async fn revoke_token(&self, game: &str, seat: &str, hash: &str) -> Result<bool> {
        let done = sqlx::query(
            "UPDATE api_tokens SET revoked_at = $4 WHERE game_id = $1 AND seat = $2 AND token_hash = $3 AND revoked_at IS NULL",
        )
        .bind(game)
        .bind(seat)
        .bind(hash)
        .bind(now_ms())
        .execute(self.pool())
        .await
        .map_err(StoreError::db("cannot revoke the token"))?;
        Ok(done.rows_affected() > 0)
    }

    /// Keep a seat's unsent orders as its draft (replacing the one
    /// before).
    pub async fn save_draft(&self, game: &str, seat: &str, text: &str) -> Result<()> {
        sqlx::query(
            "INSERT INTO drafts (game_id, seat, text, saved_at) VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, seat) DO UPDATE SET text = $3, saved_at = $4",
        )
        .bind(game)
        .bind(seat)
        .bind(text)
        .bind(now_ms())
        .execute(self.pool())
        .await
        .map_err(StoreError::db("cannot keep the draft"))?;
        Ok(())
    }

    /// A seat's draft and when it was kept (ms since 1970).
    pub async fn draft(&self, game: &str, seat: &str) -> Result<Option<(String, i64)>> {
        let r = sqlx::query("SELECT text, saved_at FROM drafts WHERE game_id = $1 AND seat = $2")
            .bind(game)
            .bind(seat)
            .fetch_optional(self.pool())
            .await
            .map_err(StoreError::db("cannot read the draft"))?;
        match r {
            Some(r) => Ok(Some((
                r.try_get("text")
                    .map_err(StoreError::db("cannot read the draft"))?,
                r.try_get("saved_at")
                    .map_err(StoreError::db("cannot read the draft"))?,
            ))),
            None => Ok(None),
        }
    }

    /// Forget a seat's draft (its orders were sent).
    pub async fn drop_draft(&self, game: &str, seat: &str) -> Result<()> {
        sqlx::query("DELETE FROM drafts WHERE game_id = $1 AND seat = $2")
            .bind(game)
            .bind(seat)
            .execute(self.pool())
            .await
            .map_err(StoreError::db("cannot forget the draft"))?;
        Ok(())
    }

    /// Add or replace a desk login; a new password ends the sessions
    /// logged in with the old one.
    pub async fn set_desk_user(&self, name: &str, password_hash: &str) -> Result<()> {
        sqlx::query("DELETE FROM sessions WHERE role = 'gm' AND desk_user = $1")
            .bind(name)
            .execute(self.pool())
            .await
            .map_err(StoreError::db("cannot end the desk login's sessions"))?;
        sqlx::query(
            "INSERT INTO desk_users (name, password_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO UPDATE SET password_hash = $2",
        )
        .bind(name)
        .bind(password_hash)
        .bind(now_ms())
        .execute(self.pool())
        .await
        .map_err(StoreError::db("cannot keep the desk login"))?;
        Ok(())
    }

    /// A desk login's password hash.
    pub async fn desk_user(&self, name: &str) -> Result<Option<String>> {
        let r = sqlx::query("SELECT password_hash FROM desk_users WHERE name = $1")
            .bind(name)
            .fetch_optional(self.pool())
            .await
            .map_err(StoreError::db("cannot read the desk logins"))?;
        match r {
            Some(r) => Ok(Some(
                r.try_get("password_hash")
                    .map_err(StoreError::db("cannot read the desk logins"))?,
            )),
            None => Ok(None),
        }
    }
}
