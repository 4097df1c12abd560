//! HTTPS served by `umpire serve` itself (rustls): `[web] tls_cert` (the
//! certificate chain, PEM, the server's own first, as certbot's
//! `fullchain.pem`) and `tls_key` (its private key, PEM). With them the
//! cookies are Secure and HSTS is sent.
//!
//! The files are looked at every [`RELOAD_EVERY`]: when either changed
//! (after certbot renews), the pair is read again and new connections get
//! the new certificate; open ones keep theirs. A pair that cannot be read
//! or does not match leaves the one in use, with a warning in the log,
//! and is tried again at the next change. At the start, one that cannot
//! be read stops the server with the reason.

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::{Duration, SystemTime};

use tokio_rustls::rustls;
use tokio_rustls::rustls::pki_types::pem::PemObject as _;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};

/// How often the certificate's files are looked at.
pub const RELOAD_EVERY: Duration = Duration::from_secs(2);

/// The certificate and key, read: a server config for rustls.
pub fn load(cert: &Path, key: &Path) -> Result<Arc<rustls::ServerConfig>, String> {
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
        .map_err(|e| format!("cannot read the certificate {}: {e}", cert.display()))?
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{} is not a PEM certificate chain: {e}", cert.display()))?;
    if chain.is_empty() {
        return Err(format!(
            "{} holds no certificate (a PEM file with `BEGIN CERTIFICATE`, as certbot's fullchain.pem)",
            cert.display()
        ));
    }
    let private = PrivateKeyDer::from_pem_file(key).map_err(|e| {
        format!(
            "cannot read a private key from {} (a PEM file, as certbot's privkey.pem): {e}",
            key.display()
        )
    })?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS cannot be set up: {e}"))?
        .with_no_client_auth()
        .with_single_cert(chain, private)
        .map_err(|e| {
            format!(
                "the certificate {} and the key {} do not make a pair: {e}",
                cert.display(),
                key.display()
            )
        })?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// The config in use, replaced when the files change.
pub struct Reloading {
    current: RwLock<Arc<rustls::ServerConfig>>,
    cert: PathBuf,
    key: PathBuf,
}

/// When a file was last changed, and its size (a copy in the same
/// second shows as a new size).
fn stamp(p: &Path) -> Option<(SystemTime, u64)> {
    let m = std::fs::metadata(p).ok()?;
    Some((m.modified().ok()?, m.len()))
}

impl Reloading {
    /// The pair read now, or why it cannot be.
    pub fn new(cert: &Path, key: &Path) -> Result<Arc<Reloading>, String> {
        Ok(Arc::new(Reloading {
            current: RwLock::new(load(cert, key)?),
            cert: cert.to_path_buf(),
            key: key.to_path_buf(),
        }))
    }

    /// The config for a new connection.
    pub fn current(&self) -> Arc<rustls::ServerConfig> {
        match self.current.read() {
            Ok(c) => c.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Look at the files every [`RELOAD_EVERY`] until `stop`, reading
    /// them again when they changed.
    pub async fn watch(self: Arc<Self>, mut stop: tokio::sync::watch::Receiver<bool>) {
        let mut seen = (stamp(&self.cert), stamp(&self.key));
        loop {
            tokio::select! {
                _ = tokio::time::sleep(RELOAD_EVERY) => {}
                _ = stop.wait_for(|s| *s) => return,
            }
            let now = (stamp(&self.cert), stamp(&self.key));
            if now == seen {
                continue;
            }
            seen = now;
            match load(&self.cert, &self.key) {
                Ok(c) => {
                    if let Ok(mut cur) = self.current.write() {
                        *cur = c;
                    }
                    tracing::info!(cert = %self.cert.display(), "the TLS certificate was read again; new connections get it");
                }
                Err(why) => tracing::warn!(
                    why = %why,
                    "the TLS certificate changed but cannot be used; the one in use stays"
                ),
            }
        }
    }
}
