//! Seats' passwords: hashed with argon2id, checked in constant time.
//!
//! A stored hash is one of:
//!
//! - an argon2id PHC string (`$argon2id$v=19$m=…`), what the host writes;
//! - `sha256$SALT$HEX`, the salted SHA-256 a kind's worlds kept before
//!   the host hashed passwords (a game folder's world): checked by the
//!   kind's own [`LegacyHash`] (`GameKind::legacy_hash`). Still accepted;
//!   a successful check hands back an argon2id hash to store instead.
//!
//! A password is held in a [`Secret`], which never prints: no password
//! can reach a log, the audit log or an error through `{:?}` or `{}`.

use std::fmt;

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use subtle::ConstantTimeEq;

/// A password in clear. It prints as `***`.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(s: impl Into<String>) -> Secret {
        Secret(s.into())
    }

    /// The password itself, for hashing or for telling its owner.
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

/// Why a password could not be hashed.
#[derive(Debug, thiserror::Error)]
#[error("the password could not be hashed: {0}")]
pub struct HashError(String);

/// An argon2id hash of `password` with a fresh random salt.
pub fn hash(password: &Secret) -> Result<String, HashError> {
    Argon2::default()
        .hash_password(password.expose().as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| HashError(e.to_string()))
}

/// The result of checking a password.
#[derive(Debug, PartialEq, Eq)]
pub enum Check {
    /// It matches. `upgrade` is an argon2id hash to store in place of an
    /// older kind of hash.
    Matches { upgrade: Option<String> },
    /// It does not (or no password is set: a seat with none takes none).
    Wrong,
}

/// How a kind's worlds hashed a password before the host did: the
/// password and the salt give the whole stored string (`sha256$SALT$HEX`).
pub type LegacyHash = fn(password: &str, salt: &str) -> String;

/// Check `password` against a stored hash; `legacy` is the kind's own
/// older hash, when its worlds kept one.
pub fn check(stored: &str, password: &Secret, legacy: Option<LegacyHash>) -> Check {
    if stored.starts_with("$argon2") {
        let Ok(parsed) = PasswordHash::new(stored) else {
            return Check::Wrong;
        };
        return match Argon2::default().verify_password(password.expose().as_bytes(), &parsed) {
            Ok(()) => Check::Matches { upgrade: None },
            Err(_) => Check::Wrong,
        };
    }
    let mut parts = stored.splitn(3, '$');
    if let (Some("sha256"), Some(salt), Some(_), Some(legacy)) =
        (parts.next(), parts.next(), parts.next(), legacy)
    {
        let computed = legacy(password.expose(), salt);
        if bool::from(computed.as_bytes().ct_eq(stored.as_bytes())) {
            return Check::Matches {
                upgrade: hash(password).ok(),
            };
        }
    }
    Check::Wrong
}

/// What a storage keeps of a seat's password.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    /// None set: the seat takes any password (a game folder's world
    /// with no password for it).
    Nothing,
    /// A hash [`check`] reads: argon2id, or a kind's legacy hash.
    Hash(String),
    /// The password itself, as game folders made before their passwords
    /// were hashed keep it (an En Garde! folder's `world.json`).
    Clear(String),
}

impl Stored {
    /// What a game folder's world keeps for a seat: nothing, a hash, or
    /// (from an older folder) the password in clear.
    pub fn in_folder(kept: &str) -> Stored {
        if kept.is_empty() {
            Stored::Nothing
        } else if kept.starts_with("$argon2") || kept.starts_with("sha256$") {
            Stored::Hash(kept.to_string())
        } else {
            Stored::Clear(kept.to_string())
        }
    }
}

/// Check `password` against what a storage keeps: [`check`] for a hash;
/// a seat with nothing set takes any; a password kept in clear by an
/// older folder is compared in constant time and, when it matches, hands
/// back an argon2id hash to keep instead (a folder keeps it beside its
/// world: [`crate::folder::passwords`]).
pub fn check_stored(stored: &Stored, password: &Secret, legacy: Option<LegacyHash>) -> Check {
    match stored {
        Stored::Nothing => Check::Matches { upgrade: None },
        Stored::Hash(h) => check(h, password, legacy),
        Stored::Clear(c) => {
            if bool::from(c.as_bytes().ct_eq(password.expose().as_bytes())) {
                Check::Matches {
                    upgrade: hash(password).ok(),
                }
            } else {
                Check::Wrong
            }
        }
    }
}

/// Check `password` against an argon2id hash of nothing anyone knows,
/// taking a real check's time: what a login for a seat that is not there
/// (or has no argon2id hash) does, so that the answer's timing does not
/// tell which seats exist.
pub fn check_nothing(password: &Secret) {
    static NOBODY: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let stored = NOBODY.get_or_init(|| {
        let mut b = [0u8; 24];
        getrandom::fill(&mut b).ok()?;
        let clear: String = b.iter().map(|x| format!("{x:02x}")).collect();
        hash(&Secret::new(clear)).ok()
    });
    if let Some(stored) = stored {
        let _ = check(stored, password, None);
    }
}

/// Passwords already checked against a stored hash, remembered so the
/// next check of the same password against the same hash costs a keyed
/// SHA-256 instead of an argon2id (about 30 ms on a small server: a seat
/// that sends orders three times a turn is checked the slow way once per
/// server run). What is remembered is SHA-256(secret, key, hash,
/// password) with a secret drawn when the server starts: never the
/// password, and useless outside this process. A changed hash (a new
/// password, an upgrade) is checked the slow way again.
pub struct Verified {
    secret: [u8; 32],
    seen: std::sync::Mutex<std::collections::HashMap<String, [u8; 32]>>,
}

impl Default for Verified {
    fn default() -> Self {
        Verified::new()
    }
}

impl Verified {
    pub fn new() -> Verified {
        let mut secret = [0u8; 32];
        // Without a random source nothing is remembered (see `remember`).
        let known = getrandom::fill(&mut secret).is_ok();
        Verified {
            secret,
            seen: std::sync::Mutex::new(if known {
                std::collections::HashMap::new()
            } else {
                std::collections::HashMap::with_capacity(0)
            }),
        }
    }

    fn digest(&self, key: &str, stored: &str, password: &Secret) -> [u8; 32] {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        h.update(self.secret);
        for part in [key, stored, password.expose()] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
        h.finalize().into()
    }

    /// [`check`], remembering a match under `key` (the game and seat).
    pub fn check(
        &self,
        key: &str,
        stored: &str,
        password: &Secret,
        legacy: Option<LegacyHash>,
    ) -> Check {
        let d = self.digest(key, stored, password);
        let known = self
            .seen
            .lock()
            .ok()
            .and_then(|seen| seen.get(key).map(|prev| bool::from(prev.ct_eq(&d))))
            .unwrap_or(false);
        if known {
            return Check::Matches { upgrade: None };
        }
        let result = check(stored, password, legacy);
        if let Check::Matches { upgrade } = &result
            && self.secret != [0u8; 32]
        {
            let kept = upgrade.as_deref().unwrap_or(stored);
            let d = self.digest(key, kept, password);
            if let Ok(mut seen) = self.seen.lock() {
                seen.insert(key.to_string(), d);
            }
        }
        result
    }
}

/// A new password to hand out: ten letters and digits that cannot be
/// misread (no 0/O, 1/l/I), from the system's random source.
pub fn generate() -> Result<Secret, HashError> {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    // Bytes of 248 and over are dropped so every letter is as likely.
    let fair = 256 - 256 % ALPHABET.len();
    let mut out = String::new();
    while out.len() < 10 {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(|e| HashError(e.to_string()))?;
        for b in bytes.iter().map(|b| usize::from(*b)).filter(|b| *b < fair) {
            if out.len() < 10 {
                out.push(ALPHABET[b % ALPHABET.len()] as char);
            }
        }
    }
    Ok(Secret(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::GameKind;

    /// The legacy hash of the kind whose folders keep one.
    fn legacy() -> Option<LegacyHash> {
        crate::kind::overlord::Overlord::new().legacy_hash()
    }

    fn legacy_hash(password: &str, salt: &str) -> String {
        legacy().map(|h| h(password, salt)).unwrap_or_default()
    }

    #[test]
    fn an_argon2id_hash_checks_its_password_only() {
        let pw = Secret::new("sword and sorcery");
        let h = hash(&pw).unwrap();
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(!h.contains("sword"));
        assert_eq!(check(&h, &pw, legacy()), Check::Matches { upgrade: None });
        assert_eq!(
            check(&h, &Secret::new("sword and sorcerY"), legacy()),
            Check::Wrong
        );
        assert_eq!(check(&h, &Secret::new(""), legacy()), Check::Wrong);
        // Two hashes of one password differ (a fresh salt each time).
        assert_ne!(hash(&pw).unwrap(), h);
    }

    #[test]
    fn a_folder_worlds_sha256_hash_is_accepted_and_upgraded() {
        let kept = legacy_hash("hunter2", "f5");
        let Check::Matches { upgrade: Some(new) } = check(&kept, &Secret::new("hunter2"), legacy())
        else {
            panic!("the legacy hash should match and offer an upgrade");
        };
        assert!(new.starts_with("$argon2id$"));
        assert_eq!(
            check(&new, &Secret::new("hunter2"), legacy()),
            Check::Matches { upgrade: None }
        );
        assert_eq!(
            check(&kept, &Secret::new("hunter3"), legacy()),
            Check::Wrong
        );
    }

    #[test]
    fn no_hash_or_a_damaged_one_takes_no_password() {
        for stored in ["", "plain", "$argon2id$garbage", "sha256$f5"] {
            assert_eq!(
                check(stored, &Secret::new(""), legacy()),
                Check::Wrong,
                "{stored}"
            );
            assert_eq!(
                check(stored, &Secret::new("x"), legacy()),
                Check::Wrong,
                "{stored}"
            );
        }
    }

    #[test]
    fn a_remembered_check_still_refuses_a_wrong_password_and_a_new_hash() {
        let v = Verified::new();
        let pw = Secret::new("right");
        let h = hash(&pw).unwrap();
        assert_eq!(
            v.check("g/f5", &h, &pw, legacy()),
            Check::Matches { upgrade: None }
        );
        // Remembered: the same answer, and a wrong password is still wrong.
        assert_eq!(
            v.check("g/f5", &h, &pw, legacy()),
            Check::Matches { upgrade: None }
        );
        assert_eq!(
            v.check("g/f5", &h, &Secret::new("wrong"), legacy()),
            Check::Wrong
        );
        // Another seat with the same hash is not the same key.
        assert_eq!(
            v.check("g/f6", &h, &Secret::new("wrong"), legacy()),
            Check::Wrong
        );
        // The seat's hash changed (a new password): the old one no longer counts.
        let h2 = hash(&Secret::new("new")).unwrap();
        assert_eq!(v.check("g/f5", &h2, &pw, legacy()), Check::Wrong);
        // An upgraded legacy hash is remembered under its new hash.
        let kept = legacy_hash("old", "f7");
        let Check::Matches { upgrade: Some(up) } =
            v.check("g/f7", &kept, &Secret::new("old"), legacy())
        else {
            panic!("legacy hash should match");
        };
        assert_eq!(
            v.check("g/f7", &up, &Secret::new("old"), legacy()),
            Check::Matches { upgrade: None }
        );
    }

    #[test]
    fn a_folders_password_may_be_nothing_a_hash_or_kept_in_clear() {
        let any = Secret::new("anything");
        let ok = Check::Matches { upgrade: None };
        assert_eq!(Stored::in_folder(""), Stored::Nothing);
        assert_eq!(check_stored(&Stored::in_folder(""), &any, None), ok);
        let clear = Stored::in_folder("sword");
        assert_eq!(clear, Stored::Clear("sword".into()));
        // A password kept in clear that matches is upgraded.
        let Check::Matches {
            upgrade: Some(upgraded),
        } = check_stored(&clear, &Secret::new("sword"), None)
        else {
            panic!("a password kept in clear is upgraded when it matches");
        };
        assert_eq!(check(&upgraded, &Secret::new("sword"), None), ok);
        assert_eq!(
            check_stored(&clear, &Secret::new("swor"), None),
            Check::Wrong
        );
        assert_eq!(check_stored(&clear, &Secret::new(""), None), Check::Wrong);
        let h = hash(&Secret::new("sword")).unwrap();
        let hashed = Stored::in_folder(&h);
        assert_eq!(hashed, Stored::Hash(h.clone()));
        assert_eq!(check_stored(&hashed, &Secret::new("sword"), None), ok);
        assert_eq!(check_stored(&hashed, &Secret::new(&h), None), Check::Wrong);
        let kept = legacy_hash("hunter2", "f5");
        assert!(matches!(
            check_stored(&Stored::in_folder(&kept), &Secret::new("hunter2"), legacy()),
            Check::Matches { upgrade: Some(_) }
        ));
    }

    #[test]
    fn a_secret_never_prints() {
        let s = Secret::new("hunter2");
        assert_eq!(format!("{s} {s:?}"), "*** ***");
        assert_eq!(format!("{:?}", Some(s)), "Some(***)");
    }

    #[test]
    fn generated_passwords_are_ten_unambiguous_characters() {
        let a = generate().unwrap();
        let b = generate().unwrap();
        assert_eq!(a.expose().len(), 10);
        assert_ne!(a, b);
        assert!(a.expose().chars().all(|c| !"01loI".contains(c)));
    }
}
