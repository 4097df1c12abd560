//! Requests kept cheap: a report's page compressed for a browser that
//! asks, tagged, and not sent again on a reload that names the tag; a new
//! tag when the page changes; the map and the assets the same; a table's
//! live updates never compressed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::io::Read as _;

use support::web::{Client, blocking, site};
use umpire_host::testing;

fn gunzip(b: &[u8]) -> String {
    let mut out = String::new();
    flate2::read::GzDecoder::new(b)
        .read_to_string(&mut out)
        .unwrap();
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reports_are_compressed_tagged_and_not_sent_again_unchanged() {
    let s = site(testing::sqlite("hygiene")).await;
    let orders = s.studying_orders("f5").await;
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    blocking(move || {
        let mut p = Client::new(&base);
        p.login("spring", "f5", &pw);
        for path in [
            "/games/spring/reports/1",
            "/games/spring/map",
            "/games/spring",
        ] {
            let plain = p.get(path);
            assert_eq!(plain.status, 200, "{path}");
            assert_eq!(plain.header("content-encoding"), None, "{path}");
            let etag = plain
                .header("etag")
                .unwrap_or_else(|| panic!("{path}: no ETag"))
                .to_string();
            // Compressed for a client that asks: the same page, smaller.
            let gz = p.get_with(path, &[("Accept-Encoding", "gzip")]);
            assert_eq!(gz.header("content-encoding"), Some("gzip"), "{path}");
            assert_eq!(gunzip(&gz.bytes), plain.body, "{path}");
            assert!(
                gz.bytes.len() * 2 < plain.bytes.len(),
                "{path}: {} bytes compressed to {}",
                plain.bytes.len(),
                gz.bytes.len()
            );
            assert_eq!(gz.header("etag"), Some(etag.as_str()), "{path}");
            // A reload naming the tag: 304, nothing sent.
            let again = p.get_with(path, &[("If-None-Match", &etag)]);
            assert_eq!(again.status, 304, "{path}");
            assert!(again.bytes.is_empty(), "{path}");
            assert_eq!(again.header("etag"), Some(etag.as_str()));
            // The security headers stay on a 304.
            assert_eq!(again.header("cache-control"), Some("no-store"), "{path}");
            // Another tag: the page.
            let other = p.get_with(path, &[("If-None-Match", "W/\"0000\"")]);
            assert_eq!(other.status, 200, "{path}");
        }

        // The page of the latest report shows the orders sent; once they
        // are, it is another page with another tag.
        let before = p.get("/games/spring").header("etag").unwrap().to_string();
        let csrf = p.csrf("/games/spring/orders");
        let sent = p.post_form(
            "/games/spring/orders",
            &[("csrf", &csrf), ("text", &orders), ("anyway", "yes")],
        );
        assert_eq!(sent.status, 303, "{}", sent.body);
        let after = p.get_with("/games/spring", &[("If-None-Match", &before)]);
        assert_eq!(after.status, 200, "the page changed but was not sent again");
        assert_ne!(after.header("etag"), Some(before.as_str()));

        // The style sheet: kept an hour, tagged, not sent again.
        let mut anyone = Client::new(&base);
        let css = anyone.get("/assets/style.css");
        let etag = css.header("etag").unwrap().to_string();
        assert_eq!(css.header("cache-control"), Some("max-age=3600"));
        assert_eq!(
            anyone
                .get_with("/assets/style.css", &[("If-None-Match", &etag)])
                .status,
            304
        );
        // A page that is not tagged stays untagged (the login form's token
        // changes every time).
        assert_eq!(anyone.get("/").header("etag"), None);

        // A table's live updates: never compressed, whatever is asked.
        let made = anyone.post_form(
            "/tables/new",
            &[("kind", "dbr"), ("width", "72"), ("depth", "48"), ("unit", "in")],
        );
        assert_eq!(made.status, 303, "{}", made.body);
        let page = made.location.unwrap();
        let addr = base.trim_start_matches("http://").to_string();
        let mut tcp = std::net::TcpStream::connect(&addr).unwrap();
        tcp.set_read_timeout(Some(std::time::Duration::from_secs(10)))
            .unwrap();
        use std::io::{BufRead as _, Write as _};
        write!(
            tcp,
            "GET {page}/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip\r\n\r\n"
        )
        .unwrap();
        let mut head = Vec::new();
        for line in std::io::BufReader::new(tcp).lines() {
            let line = line.unwrap();
            if line.is_empty() {
                break;
            }
            head.push(line.to_lowercase());
        }
        assert!(head[0].contains(" 200"), "{head:?}");
        assert!(head.iter().any(|h| h.starts_with("content-type: text/event-stream")), "{head:?}");
        assert!(!head.iter().any(|h| h.starts_with("content-encoding")), "{head:?}");
    })
    .await;
    let _ = s.stop.send(true);
}
