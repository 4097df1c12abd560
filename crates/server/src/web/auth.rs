//! Who is asking: a player logged in to a seat, a game master logged in
//! to the desk, or nobody.
//!
//! - Sessions live in the database (`sessions`); the browser holds only a
//!   random token in the `umpire_session` cookie, HttpOnly and
//!   SameSite=Lax (and Secure when the server is told it is behind TLS).
//! - Every form carries the session's CSRF token; the order checker's
//!   requests carry it in `X-CSRF-Token`. Forms shown before a login carry
//!   a token matched against a second cookie (double submit).
//! - Failed logins are limited per client address and per seat: after too
//!   many, logins wait, whatever the password.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use axum::http::HeaderMap;
use umpire_host::store::now_ms;

/// The session cookie's name.
pub const SESSION: &str = "umpire_session";
/// The cookie a form shown before login is matched against.
pub const PRELOGIN: &str = "umpire_form";

/// Who is asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Viewer {
    Anonymous,
    Player {
        game: String,
        seat: String,
        /// The seat as its game writes it (`GameKind::spelt`), for the
        /// page to name it the way the reports and orders do.
        spelt: String,
        csrf: String,
        token: String,
    },
    Gm {
        user: String,
        csrf: String,
        token: String,
    },
}

impl Viewer {
    pub fn csrf(&self) -> Option<&str> {
        match self {
            Viewer::Anonymous => None,
            Viewer::Player { csrf, .. } | Viewer::Gm { csrf, .. } => Some(csrf),
        }
    }
}

/// A cookie's value from the request's headers.
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.to_string())
}

/// A `Set-Cookie` value.
pub fn set_cookie(name: &str, value: &str, max_age: i64, secure: bool, strict: bool) -> String {
    format!(
        "{name}={value}; Path=/; HttpOnly; SameSite={}; Max-Age={max_age}{}",
        if strict { "Strict" } else { "Lax" },
        if secure { "; Secure" } else { "" }
    )
}

/// Compare two tokens in constant time.
pub fn same(a: &str, b: &str) -> bool {
    use subtle::ConstantTimeEq;
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

/// Failed logins, counted per key (a client address, a seat).
#[derive(Default)]
pub struct Limiter {
    failures: Mutex<HashMap<String, (u32, i64)>>,
}

/// How long failures are remembered, and how many a key may have.
const WINDOW_MS: i64 = 15 * 60_000;
const PER_ADDRESS: u32 = 20;
const PER_SEAT: u32 = 8;

impl Limiter {
    fn key_blocked(&self, key: &str, limit: u32) -> Option<i64> {
        let now = now_ms();
        let f = self.failures.lock().ok()?;
        let (n, since) = f.get(key)?;
        (*n >= limit && now - since < WINDOW_MS).then(|| (WINDOW_MS - (now - since)) / 60_000 + 1)
    }

    /// Minutes to wait before another login from `ip` for `seat`, if any.
    pub fn blocked(&self, ip: Option<IpAddr>, seat: &str) -> Option<i64> {
        let by_ip = ip.and_then(|ip| self.key_blocked(&format!("ip:{ip}"), PER_ADDRESS));
        by_ip.or_else(|| self.key_blocked(&format!("seat:{seat}"), PER_SEAT))
    }

    /// A failed login.
    pub fn failed(&self, ip: Option<IpAddr>, seat: &str) {
        let now = now_ms();
        let Ok(mut f) = self.failures.lock() else {
            return;
        };
        let keys = [
            ip.map(|ip| format!("ip:{ip}")),
            Some(format!("seat:{seat}")),
        ];
        for key in keys.into_iter().flatten() {
            let e = f.entry(key).or_insert((0, now));
            if now - e.1 >= WINDOW_MS {
                *e = (0, now);
            }
            e.0 += 1;
        }
    }

    /// A good login clears the seat's count.
    pub fn succeeded(&self, seat: &str) {
        if let Ok(mut f) = self.failures.lock() {
            f.remove(&format!("seat:{seat}"));
        }
    }
}

/// Requests counted per key (a client address) in a sliding hour: at
/// most `limit` pass.
pub struct Rate {
    limit: u32,
    window_ms: i64,
    hits: Mutex<HashMap<String, (u32, i64)>>,
}

impl Rate {
    pub fn per_hour(limit: u32) -> Rate {
        Rate {
            limit,
            window_ms: 3_600_000,
            hits: Mutex::new(HashMap::new()),
        }
    }

    /// Count one request for `key`; when it is over the limit, the
    /// minutes to wait instead (and it is not counted).
    pub fn take(&self, key: &str) -> Option<i64> {
        let now = now_ms();
        let Ok(mut hits) = self.hits.lock() else {
            return None;
        };
        // Old windows go, so the map stays as small as the hour's callers.
        if hits.len() > 10_000 {
            let window = self.window_ms;
            hits.retain(|_, (_, since)| now - *since < window);
        }
        let e = hits.entry(key.to_string()).or_insert((0, now));
        if now - e.1 >= self.window_ms {
            *e = (0, now);
        }
        if e.0 >= self.limit {
            return Some((self.window_ms - (now - e.1) + 59_999) / 60_000);
        }
        e.0 += 1;
        None
    }
}

/// The key a seat's failed logins are counted under: the seat the host
/// finds for what was typed (`f11`, `F11`, `f011` and `11` are one seat),
/// or, for a seat that is not there, the same spelling rules applied to
/// the text, so no spelling of a name counts apart.
pub fn seat_key(game: &str, found: Option<&str>, typed: &str) -> String {
    let seat = match found {
        Some(s) => s.to_string(),
        None => {
            let t = typed.trim().to_ascii_lowercase();
            let digits = t.trim_start_matches('f').trim_start_matches('0');
            if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
                format!("f{digits}")
            } else {
                t.split(|c: char| !c.is_alphanumeric())
                    .filter(|p| !p.is_empty())
                    .collect::<Vec<_>>()
                    .join("-")
            }
        }
    };
    format!("{}/{seat}", game.trim().to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_found_among_others() {
        let mut h = HeaderMap::new();
        h.insert(
            axum::http::header::COOKIE,
            "a=1; umpire_session=abc; b=2".parse().unwrap(),
        );
        assert_eq!(cookie(&h, SESSION).as_deref(), Some("abc"));
        assert_eq!(cookie(&h, "c"), None);
        assert!(
            set_cookie(SESSION, "x", 60, true, false)
                .contains("HttpOnly; SameSite=Lax; Max-Age=60; Secure")
        );
    }

    #[test]
    fn too_many_failures_wait() {
        let l = Limiter::default();
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        for _ in 0..PER_SEAT {
            assert_eq!(l.blocked(Some(ip), "g/f5"), None);
            l.failed(Some(ip), "g/f5");
        }
        assert!(l.blocked(Some(ip), "g/f5").is_some());
        // Another seat from the same address is not blocked yet.
        assert_eq!(l.blocked(Some(ip), "g/f6"), None);
        l.succeeded("g/f5");
        assert_eq!(l.blocked(Some(ip), "g/f5"), None);
    }

    #[test]
    fn every_spelling_of_a_seat_is_one_key() {
        let keys: Vec<String> = ["f11", "F11", "f011", "11", " 011 "]
            .iter()
            .map(|t| seat_key("Spring", None, t))
            .collect();
        assert!(keys.iter().all(|k| k == "spring/f11"), "{keys:?}");
        assert_eq!(seat_key("spring", Some("athos"), "ATHOS"), "spring/athos");
        assert_eq!(seat_key("paris", None, "Le  Comte"), "paris/le-comte");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// However a seat's number is written (zeros, a capital F or
        /// none, spaces), its failures count under one key.
        #[test]
        fn any_spelling_of_a_seat_number_counts_as_that_seat(
            n in 1u32..100_000,
            zeros in 0usize..4,
            f in proptest::sample::select(vec!["", "f", "F"]),
            pad in proptest::sample::select(vec!["", " ", "  ", "\t"]),
        ) {
            let typed = format!("{pad}{f}{}{n}{pad}", "0".repeat(zeros));
            proptest::prop_assert_eq!(seat_key("spring", None, &typed), format!("spring/f{n}"));
        }
    }

    #[test]
    fn a_rate_lets_its_limit_through_then_waits() {
        let r = Rate::per_hour(3);
        for _ in 0..3 {
            assert_eq!(r.take("10.0.0.1"), None);
        }
        assert!(r.take("10.0.0.1").is_some_and(|m| m > 0 && m <= 60));
        assert_eq!(r.take("10.0.0.2"), None);
    }
}
