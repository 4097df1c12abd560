//! A game's news — what each turn gave every player to read (Overlord's
//! newspaper, En Garde!'s gazette) — for a news feed a player's reader
//! follows.
//!
//! A feed reader cannot log in, so each seat's feed link carries a key of
//! its own: a digest of the seat's stored password hash, the game and the
//! seat. It lets one read the news and nothing else; it is never stored;
//! it changes, so old links stop working, when the seat's password does
//! (a new player in the seat, a new password from the game master).

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::{Host, Result};

/// One turn's news.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct News {
    pub turn: u32,
    /// When the turn ran (milliseconds since 1970).
    pub ran_at: i64,
    pub text: String,
}

/// The feed key of a seat whose stored password hash is `hash`.
fn key_of(game: &str, seat: &str, hash: &str) -> String {
    let mut h = Sha256::new();
    for part in ["umpire news feed", game, seat, hash] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    h.finalize()
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect()
}

impl Host {
    /// The news of `game`'s last `n` turns that had any, newest first.
    pub async fn news(&self, game: &str, n: usize) -> Result<Vec<News>> {
        let row = self.game(game).await?;
        let kind = self.kind(&row.kind)?;
        let mut out = Vec::new();
        for t in self
            .store()
            .turn_news(game, i64::try_from(n).unwrap_or(i64::MAX))
            .await?
        {
            let public = serde_json::from_str(&t.public).unwrap_or_default();
            if let Some(text) = kind.news(&public, t.report_json.as_deref()) {
                out.push(News {
                    turn: t.turn,
                    ran_at: t.ran_at,
                    text,
                });
            }
        }
        Ok(out)
    }

    /// The key of `seat`'s news feed link (see the module's docs); None
    /// when the game has no such seat.
    pub async fn news_key(&self, game: &str, seat: &str) -> Result<Option<String>> {
        Ok(self
            .store()
            .seat(game, seat)
            .await?
            .map(|s| key_of(game, &s.seat, &s.password_hash)))
    }

    /// Whether `key` is `seat`'s news feed key.
    pub async fn news_key_is(&self, game: &str, seat: &str, key: &str) -> Result<bool> {
        Ok(match self.news_key(game, seat).await? {
            Some(k) => bool::from(k.as_bytes().ct_eq(key.as_bytes())),
            None => false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_feed_key_is_the_seats_own_and_changes_with_its_password() {
        let k = key_of("spring", "f5", "$argon2id$one");
        assert_eq!(k.len(), 32);
        assert_eq!(k, key_of("spring", "f5", "$argon2id$one"));
        assert_ne!(k, key_of("spring", "f6", "$argon2id$one"));
        assert_ne!(k, key_of("autumn", "f5", "$argon2id$one"));
        assert_ne!(k, key_of("spring", "f5", "$argon2id$two"));
    }
}
