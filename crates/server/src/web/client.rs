//! Which address a request comes from, behind a reverse proxy too.
//!
//! The login limit and the tables' rate count per client address. Behind
//! nginx or Caddy every connection comes from the proxy, so without more
//! every player would share the proxy's address, and one person's wrong
//! guesses would lock everyone out. `[web] trusted_proxies` names the
//! addresses (or networks, `10.0.0.0/8`) whose word about the client is
//! believed: from those only, the `Forwarded` header (RFC 7239), or else
//! `X-Forwarded-For`, is read from its right end (what the nearest proxy
//! wrote) leftwards, past every trusted proxy, to the first address that
//! is not one: that is the client. Whatever a client writes into those
//! headers itself stands to the left of what the proxy appended, so it is
//! never reached; and a connection from an address that is not trusted is
//! taken as the client whatever its headers say.

use std::net::{IpAddr, SocketAddr};

use axum::http::HeaderMap;

/// An address or a network whose forwarding headers are believed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trusted {
    net: IpAddr,
    bits: u8,
}

impl Trusted {
    /// `127.0.0.1`, `::1`, `10.0.0.0/8` or `fd00::/8`; why not, otherwise.
    pub fn parse(s: &str) -> Result<Trusted, String> {
        let s = s.trim();
        let (addr, bits) = match s.split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (s, None),
        };
        let net: IpAddr = addr.parse().map_err(|_| {
            format!("`{s}` is not an address or a network (write 127.0.0.1, ::1 or 10.0.0.0/8)")
        })?;
        let max = if net.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            None => max,
            Some(b) => match b.parse::<u8>() {
                Ok(n) if n <= max => n,
                _ => return Err(format!("`{s}`: the network's length must be 0 to {max}")),
            },
        };
        Ok(Trusted { net, bits })
    }

    /// Whether `ip` is this address or in this network (an IPv4 address
    /// written as IPv6, `::ffff:127.0.0.1`, counts as its IPv4 self).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        match (self.net, ip) {
            (IpAddr::V4(n), IpAddr::V4(a)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.bits)).unwrap_or(0);
                u32::from(n) & mask == u32::from(a) & mask
            }
            (IpAddr::V6(n), IpAddr::V6(a)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.bits))
                    .unwrap_or(0);
                u128::from(n) & mask == u128::from(a) & mask
            }
            _ => false,
        }
    }
}

/// An IPv4 address written as IPv6 as its IPv4 self.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// Every entry of `trusted_proxies`, or the first that is not one.
pub fn parse_all(list: &[String]) -> Result<Vec<Trusted>, String> {
    list.iter().map(|s| Trusted::parse(s)).collect()
}

/// One hop of `Forwarded`'s `for=` or `X-Forwarded-For`: an address
/// (with or without a port, IPv6 in brackets or bare); None for
/// `unknown`, an obfuscated name, or anything else.
fn hop(s: &str) -> Option<IpAddr> {
    let s = s.trim().trim_matches('"');
    if let Ok(ip) = s.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Ok(sa) = s.parse::<SocketAddr>() {
        return Some(sa.ip());
    }
    let inner = s.strip_prefix('[')?;
    let end = inner.find(']')?;
    inner[..end].parse().ok()
}

/// The hops a request's headers name, leftmost (farthest) first: from
/// `Forwarded` if there is one, else from `X-Forwarded-For`. An entry
/// that is not an address stays as None.
fn hops(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let forwarded: Vec<&str> = headers
        .get_all("forwarded")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .flat_map(|v| v.split(','))
            .map(|element| {
                element.split(';').find_map(|pair| {
                    let (k, v) = pair.split_once('=')?;
                    k.trim().eq_ignore_ascii_case("for").then_some(v)
                })
            })
            .map(|v| v.and_then(hop))
            .collect();
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(hop)
        .collect()
}

/// The client's address of a request that came over a connection from
/// `peer`: `peer` itself unless it is a trusted proxy; else the first
/// address, reading the forwarding headers from the right, that is not a
/// trusted proxy. A hop that is not an address ends the reading at the
/// last trusted one before it (a trusted proxy wrote nonsense: its own
/// address is the best known).
pub fn client(peer: IpAddr, headers: &HeaderMap, trusted: &[Trusted]) -> IpAddr {
    let is_trusted = |ip: IpAddr| trusted.iter().any(|t| t.contains(ip));
    let mut client = canonical(peer);
    if !is_trusted(client) {
        return client;
    }
    for h in hops(headers).into_iter().rev() {
        let Some(ip) = h.map(canonical) else {
            return client;
        };
        client = ip;
        if !is_trusted(ip) {
            return ip;
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn networks_hold_their_addresses_and_no_others() {
        let t = Trusted::parse("10.1.0.0/16").unwrap();
        assert!(t.contains(ip("10.1.200.3")));
        assert!(!t.contains(ip("10.2.0.1")));
        assert!(t.contains(ip("::ffff:10.1.0.9")));
        let one = Trusted::parse("::1").unwrap();
        assert!(one.contains(ip("::1")) && !one.contains(ip("::2")));
        assert!(Trusted::parse("0.0.0.0/0").unwrap().contains(ip("8.8.8.8")));
        assert!(Trusted::parse("10.0.0.0/33").is_err());
        assert!(Trusted::parse("proxy.example").is_err());
    }

    #[test]
    fn a_trusted_proxy_names_the_client_and_no_one_else_does() {
        let trusted = parse_all(&["127.0.0.1".into(), "10.0.0.0/8".into()]).unwrap();
        let xff = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.7, 10.0.0.2")]);
        assert_eq!(client(ip("127.0.0.1"), &xff, &trusted), ip("203.0.113.7"));
        // Not from a trusted proxy: its headers are the client's own words.
        assert_eq!(
            client(ip("198.51.100.1"), &xff, &trusted),
            ip("198.51.100.1")
        );
        let fwd = headers(&[
            (
                "forwarded",
                "for=6.6.6.6, for=\"[2001:db8::17]:4711\";proto=https",
            ),
            ("x-forwarded-for", "9.9.9.9"),
        ]);
        assert_eq!(client(ip("127.0.0.1"), &fwd, &trusted), ip("2001:db8::17"));
        let unknown = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(client(ip("127.0.0.1"), &unknown, &trusted), ip("127.0.0.1"));
        let none = HeaderMap::new();
        assert_eq!(client(ip("127.0.0.1"), &none, &trusted), ip("127.0.0.1"));
        // No proxy trusted: the connection's address, whatever is written.
        assert_eq!(client(ip("127.0.0.1"), &xff, &[]), ip("127.0.0.1"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(
            std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(256)
        ))]

        /// Whatever a client writes into the forwarding headers, behind a
        /// trusted proxy it is counted as the address the proxy saw, and
        /// straight to the server as the address it connects from.
        #[test]
        fn what_a_client_writes_never_chooses_its_address(
            written in proptest::collection::vec("[ -~]{0,24}", 0..4),
            real in any::<[u8; 4]>(),
            proxies in 1usize..3,
            forwarded in any::<bool>(),
        ) {
            let trusted = parse_all(&["10.0.0.0/8".into()]).unwrap();
            let real = IpAddr::from(real);
            prop_assume!(!trusted[0].contains(real));
            // The client's own words, then each proxy's append.
            let mut chain: Vec<String> = written
                .iter()
                .map(|w| w.replace(',', " "))
                .collect();
            let mut peer = real;
            for n in 0..proxies {
                chain.push(if forwarded { format!("for={peer}") } else { peer.to_string() });
                peer = IpAddr::from([10, 0, 0, n as u8 + 1]);
            }
            let name = if forwarded { "forwarded" } else { "x-forwarded-for" };
            let mut h = HeaderMap::new();
            if let Ok(v) = chain.join(", ").parse() {
                h.append(name, v);
            } else {
                return Ok(());
            }
            prop_assert_eq!(client(peer, &h, &trusted), real);
            // Straight to the server from `real`: its headers count for nothing.
            prop_assert_eq!(client(real, &h, &trusted), real);
        }
    }
}
