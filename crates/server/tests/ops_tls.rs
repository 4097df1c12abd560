//! HTTPS served by `umpire serve` itself, with rustls: a certificate made
//! in the test (self-signed, by rcgen), the cookies Secure and HSTS sent,
//! plain HTTP on the port refused, and a renewed certificate taken by new
//! connections without a restart, as after certbot renews.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use support::web::serve_with;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_rustls::rustls;
use tokio_rustls::rustls::pki_types::{CertificateDer, ServerName};
use umpire_host::host::Host;
use umpire_host::testing;
use umpire_server::config::WebConfig;

/// A self-signed certificate for 127.0.0.1 written to `dir`; its DER.
fn certificate(dir: &Path, name: &str) -> CertificateDer<'static> {
    let made = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string(), name.to_string()])
        .unwrap();
    // Written beside, then moved into place, as certbot does.
    std::fs::write(dir.join("cert.new"), made.cert.pem()).unwrap();
    std::fs::write(dir.join("key.new"), made.signing_key.serialize_pem()).unwrap();
    std::fs::rename(dir.join("key.new"), dir.join("key.pem")).unwrap();
    std::fs::rename(dir.join("cert.new"), dir.join("cert.pem")).unwrap();
    made.cert.der().clone()
}

/// One GET over TLS trusting `roots`: the certificate the server showed
/// and the answer's head.
async fn get(
    port: u16,
    roots: &[CertificateDer<'static>],
    path: &str,
) -> Result<(CertificateDer<'static>, String), String> {
    let mut store = rustls::RootCertStore::empty();
    for r in roots {
        store.add(r.clone()).unwrap();
    }
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_root_certificates(store)
    .with_no_client_auth();
    let tcp = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .map_err(|e| e.to_string())?;
    let name = ServerName::try_from("127.0.0.1").unwrap();
    let mut tls = tokio_rustls::TlsConnector::from(Arc::new(config))
        .connect(name, tcp)
        .await
        .map_err(|e| e.to_string())?;
    let shown = tls.get_ref().1.peer_certificates().unwrap()[0].clone();
    tls.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await
    .map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    let _ = tls.read_to_end(&mut raw).await;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let head = text.split("\r\n\r\n").next().unwrap_or("").to_string();
    Ok((shown, head))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn https_with_a_certificate_made_here_renewed_without_a_restart() {
    let dir = testing::temp_dir("tls");
    let first = certificate(&dir, "first.test");
    let host = Arc::new(Host::open(&testing::sqlite("tls-db")).await.unwrap());
    let (base, stop) = serve_with(
        host,
        WebConfig {
            tls_cert: Some(dir.join("cert.pem")),
            tls_key: Some(dir.join("key.pem")),
            ..WebConfig::default()
        },
    )
    .await;
    let port: u16 = base.rsplit(':').next().unwrap().parse().unwrap();

    // The front page by https: Secure cookies, HSTS.
    let (shown, head) = get(port, std::slice::from_ref(&first), "/").await.unwrap();
    assert_eq!(shown, first);
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let lower = head.to_lowercase();
    assert!(
        lower.contains("strict-transport-security: max-age="),
        "{head}"
    );
    let cookie = lower
        .lines()
        .find(|l| l.starts_with("set-cookie: umpire_form="))
        .unwrap_or_else(|| panic!("no login form cookie: {head}"));
    assert!(cookie.contains("; secure"), "{cookie}");
    // /readyz too.
    let (_, head) = get(port, std::slice::from_ref(&first), "/readyz")
        .await
        .unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");

    // Plain HTTP on the port gets no page.
    let mut plain = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    plain
        .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut raw = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(15), plain.read_to_end(&mut raw)).await;
    assert!(!String::from_utf8_lossy(&raw).contains("HTTP/1.1 200"));

    // A file that is not a certificate in its place: the one in use stays.
    std::fs::write(dir.join("cert.pem"), "not a certificate").unwrap();
    tokio::time::sleep(umpire_server::web::tls::RELOAD_EVERY * 2).await;
    let (shown, _) = get(port, std::slice::from_ref(&first), "/").await.unwrap();
    assert_eq!(shown, first, "a broken renewal replaced the certificate");

    // Renewed: new connections get the new certificate, no restart.
    let second = certificate(&dir, "second.test");
    assert_ne!(first, second);
    let both = [first.clone(), second.clone()];
    let started = Instant::now();
    loop {
        let (shown, head) = get(port, &both, "/").await.unwrap();
        if shown == second {
            assert!(head.starts_with("HTTP/1.1 200"), "{head}");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the renewed certificate was not taken"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // A client that trusts only the old one is refused now.
    assert!(get(port, std::slice::from_ref(&first), "/").await.is_err());
    let _ = stop.send(true);
}

#[test]
fn a_certificate_that_cannot_be_read_is_refused_with_the_reason() {
    let dir = testing::temp_dir("tls-bad");
    let missing = WebConfig {
        tls_cert: Some(dir.join("nope.pem")),
        tls_key: Some(dir.join("nope.key")),
        ..WebConfig::default()
    };
    let why = missing.check_tls().unwrap_err();
    assert!(
        why.contains("cannot read the certificate") && why.contains("nope.pem"),
        "{why}"
    );
    // A certificate with another's key.
    certificate(&dir, "one.test");
    let key = std::fs::read(dir.join("key.pem")).unwrap();
    certificate(&dir, "two.test");
    std::fs::write(dir.join("other.key"), key).unwrap();
    let mismatched = WebConfig {
        tls_cert: Some(dir.join("cert.pem")),
        tls_key: Some(dir.join("other.key")),
        ..WebConfig::default()
    };
    let why = mismatched.check_tls().unwrap_err();
    assert!(why.contains("do not make a pair"), "{why}");
    let half = WebConfig {
        tls_cert: Some(dir.join("cert.pem")),
        ..WebConfig::default()
    };
    assert!(half.check_tls().unwrap_err().contains("go together"));
}
