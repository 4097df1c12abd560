//! A game folder's passwords as the host keeps them, beside its world:
//! `passwords.json`.
//!
//! A folder's world keeps each seat's password as the game wrote it: an
//! argon2id hash (an En Garde! folder made now), the salted SHA-256 of an
//! Overlord world (which its turn checks again), or, in an En Garde!
//! folder made before passwords were hashed, the password itself. As the
//! database does, a folder upgrades on the first right password: the
//! argon2id hash is kept here, with a digest of what the world kept, and
//! stands for the seat's password while the world keeps that same thing.
//! A world that keeps something else for the seat (a new password set by
//! the turn, a rollback, a game made anew) makes the entry stale, and the
//! world's own is checked again (and upgraded again).
//!
//! The world file itself is never rewritten for a password: it changes
//! only by a turn, so a rollback can tell that nothing else changed it
//! ([`crate::folder::LEFT`]).

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};

use crate::password::Stored;

/// The file, in the game folder.
pub const FILE: &str = "passwords.json";

/// One seat's upgraded password.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
struct Upgraded {
    /// The argon2id hash of the password.
    argon2id: String,
    /// SHA-256 (hex) of what the world kept for the seat when it was
    /// upgraded.
    replaces: String,
}

/// A folder's upgraded passwords, by seat.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Passwords {
    seats: BTreeMap<String, Upgraded>,
}

impl Passwords {
    /// The folder's passwords file; none yet is none upgraded.
    pub fn read(dir: &Path) -> Result<Passwords> {
        let path = dir.join(FILE);
        match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .with_context(|| format!("{} is damaged", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Passwords::default()),
            Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
        }
    }

    /// What stands for `seat`'s password, whose world keeps `kept`: the
    /// upgraded hash while the world keeps what it replaced, else the
    /// world's own ([`Stored::in_folder`]).
    pub fn stored(&self, seat: &str, kept: &str) -> Stored {
        match self.seats.get(seat) {
            Some(u) if !kept.is_empty() && u.replaces == super::digest(kept.as_bytes()) => {
                Stored::Hash(u.argon2id.clone())
            }
            _ => Stored::in_folder(kept),
        }
    }

    /// Keep `argon2id` for `seat` in place of `kept`, what its world
    /// keeps, in the folder's passwords file (written whole or not at
    /// all).
    pub fn upgrade(dir: &Path, seat: &str, kept: &str, argon2id: &str) -> Result<()> {
        let mut passwords = Passwords::read(dir)?;
        passwords.seats.insert(
            seat.to_string(),
            Upgraded {
                argon2id: argon2id.to_string(),
                replaces: super::digest(kept.as_bytes()),
            },
        );
        let json = serde_json::to_vec_pretty(&passwords)?;
        crate::files::write_atomic(&dir.join(FILE), &json)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::password::{Check, Secret, check_stored, hash};

    #[test]
    fn an_upgrade_stands_while_the_world_keeps_what_it_replaced() {
        let dir = std::env::temp_dir().join(format!("umpire-passwords-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(
            Passwords::read(&dir).unwrap().stored("athos", "epee"),
            Stored::Clear("epee".to_string())
        );
        let h = hash(&Secret::new("epee")).unwrap();
        Passwords::upgrade(&dir, "athos", "epee", &h).unwrap();
        let p = Passwords::read(&dir).unwrap();
        assert_eq!(p.stored("athos", "epee"), Stored::Hash(h.clone()));
        assert_eq!(
            check_stored(&p.stored("athos", "epee"), &Secret::new("epee"), None),
            Check::Matches { upgrade: None }
        );
        // The world keeps another password now: the upgrade is stale.
        assert_eq!(
            p.stored("athos", "rapier"),
            Stored::Clear("rapier".to_string())
        );
        assert_eq!(p.stored("athos", ""), Stored::Nothing);
        assert_eq!(
            p.stored("porthos", "epee"),
            Stored::Clear("epee".to_string())
        );
        // Nothing of the password in clear is in the file.
        let text = std::fs::read_to_string(dir.join(FILE)).unwrap();
        assert!(!text.contains("epee"), "{text}");
        std::fs::write(dir.join(FILE), b"{").unwrap();
        let e = Passwords::read(&dir).err().unwrap();
        assert!(format!("{e}").ends_with("passwords.json is damaged"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
