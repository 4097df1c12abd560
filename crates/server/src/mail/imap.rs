//! Mail in from an ordinary mailbox, over IMAP: for a game master who has
//! a mail account rather than a mail server.
//!
//! Each round logs in, takes every message not yet taken (UNSEEN), stores
//! each one raw through the gateway, and only then marks it (deleted, or
//! seen, as configured); a round that stops before marking takes the
//! message again and the gateway, knowing its Message-ID, does nothing
//! twice. Between rounds it waits for new mail with IDLE where the server
//! offers it, or `poll_seconds`. A server that goes away is tried again,
//! waiting longer each time, at most five minutes.
//!
//! Of several servers sharing a database, one reads the mailbox at a time
//! (the `mail-in` duty); the others look every few seconds whether it is
//! free, and take it over when its holder stops or dies.

use std::fmt::Debug;
use std::sync::Arc;
use std::time::Duration;

use futures::TryStreamExt;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;

use umpire_host::duty::Duty;

use super::config::{Imap, Security};
use super::gateway::Gateway;

/// Why a round failed.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ImapError(pub String);

fn err(what: &str) -> impl Fn(async_imap::error::Error) -> ImapError + '_ {
    move |e| ImapError(format!("{what}: {e}"))
}

/// How often a server without the mailbox looks whether it is free.
const LOOK_EVERY: Duration = Duration::from_secs(3);

/// Store every new message of the mailbox while this server has the
/// `mail-in` duty; wait for more; repeat until `stop` says so.
pub async fn run(
    gateway: Arc<Gateway>,
    imap: Imap,
    mut duty: Duty,
    stop: tokio::sync::watch::Receiver<bool>,
) {
    let mut failures = 0u32;
    loop {
        if *stop.borrow() {
            duty.release().await;
            return;
        }
        if !duty.holding().await.held() {
            let mut stop = stop.clone();
            tokio::select! {
                _ = tokio::time::sleep(LOOK_EVERY) => {}
                _ = stop.changed() => {}
            }
            continue;
        }
        match round(&gateway, &imap, &mut duty, stop.clone()).await {
            Ok(()) => failures = 0,
            Err(e) => {
                failures += 1;
                let wait = Duration::from_secs((5u64 << failures.min(6)).min(300));
                tracing::warn!(host = %imap.host, error = %e, wait_seconds = wait.as_secs(), "the mailbox could not be read; trying again");
                let mut stop = stop.clone();
                tokio::select! {
                    _ = tokio::time::sleep(wait) => {}
                    _ = stop.changed() => {
                        duty.release().await;
                        return;
                    }
                }
            }
        }
    }
}

/// One look at the mailbox: take what is there, then log out. Nothing
/// when another server has the mailbox.
pub async fn run_once(
    gateway: Arc<Gateway>,
    imap: Imap,
    mut duty: Duty,
    stop: tokio::sync::watch::Receiver<bool>,
) {
    if !duty.holding().await.held() {
        tracing::info!(host = %imap.host, "another server reads the mailbox");
        return;
    }
    if let Err(e) = round(&gateway, &imap, &mut duty, stop).await {
        tracing::warn!(host = %imap.host, error = %e, "the mailbox could not be read");
    }
    duty.release().await;
}

/// Connect, then take mail until the connection ends or `stop`.
async fn round(
    gateway: &Arc<Gateway>,
    imap: &Imap,
    duty: &mut Duty,
    stop: tokio::sync::watch::Receiver<bool>,
) -> Result<(), ImapError> {
    let tcp = TcpStream::connect((imap.host.as_str(), imap.port))
        .await
        .map_err(|e| ImapError(format!("cannot reach {}:{}: {e}", imap.host, imap.port)))?;
    match imap.security {
        Security::None => session(gateway, imap, tcp, duty, stop).await,
        Security::Tls | Security::Starttls => {
            let mut roots = tokio_rustls::rustls::RootCertStore::empty();
            roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
            let config = tokio_rustls::rustls::ClientConfig::builder()
                .with_root_certificates(roots)
                .with_no_client_auth();
            let name = tokio_rustls::rustls::pki_types::ServerName::try_from(imap.host.clone())
                .map_err(|e| ImapError(format!("{} is not a server name: {e}", imap.host)))?;
            let tls = tokio_rustls::TlsConnector::from(Arc::new(config))
                .connect(name, tcp)
                .await
                .map_err(|e| ImapError(format!("TLS to {}: {e}", imap.host)))?;
            session(gateway, imap, tls, duty, stop).await
        }
    }
}

async fn session<T>(
    gateway: &Arc<Gateway>,
    imap: &Imap,
    stream: T,
    duty: &mut Duty,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> Result<(), ImapError>
where
    T: AsyncRead + AsyncWrite + Unpin + Debug + Send,
{
    let mut client = async_imap::Client::new(stream);
    client
        .read_response()
        .await
        .map_err(|e| ImapError(format!("no greeting from {}: {e}", imap.host)))?;
    let password = imap
        .credentials
        .password()
        .map_err(ImapError)?
        .unwrap_or_default();
    let user = imap.credentials.user.clone().unwrap_or_default();
    let mut s = client
        .login(&user, password.expose())
        .await
        .map_err(|(e, _)| ImapError(format!("login as {user} refused: {e}")))?;
    let idle = imap.idle
        && s.capabilities()
            .await
            .map_err(err("capabilities"))?
            .has_str("IDLE");
    loop {
        if !duty.holding().await.held() {
            // Cut off from the database, another server may have taken
            // the mailbox: leave it to that one.
            let _ = s.logout().await;
            return Ok(());
        }
        s.select(&imap.mailbox)
            .await
            .map_err(err("cannot open the mailbox"))?;
        let uids = s.uid_search("UNSEEN").await.map_err(err("search"))?;
        let mut taken = Vec::new();
        for uid in uids {
            let fetched: Vec<_> = s
                .uid_fetch(uid.to_string(), "BODY.PEEK[]")
                .await
                .map_err(err("fetch"))?
                .try_collect()
                .await
                .map_err(err("fetch"))?;
            for f in fetched {
                let Some(body) = f.body() else { continue };
                match gateway.deliver(body, None, None).await {
                    Ok(id) => {
                        tracing::info!(message = id, uid, "mail stored");
                        taken.push(uid);
                    }
                    Err(e) => {
                        tracing::error!(uid, error = %e, "a mail could not be stored; it stays in the mailbox")
                    }
                }
            }
        }
        if !taken.is_empty() {
            let set: Vec<String> = taken.iter().map(u32::to_string).collect();
            let flags = if imap.after == "delete" {
                "+FLAGS (\\Seen \\Deleted)"
            } else {
                "+FLAGS (\\Seen)"
            };
            let _: Vec<_> = s
                .uid_store(set.join(","), flags)
                .await
                .map_err(err("marking"))?
                .try_collect()
                .await
                .map_err(err("marking"))?;
            if imap.after == "delete" {
                let _: Vec<_> = s
                    .expunge()
                    .await
                    .map_err(err("expunge"))?
                    .try_collect()
                    .await
                    .map_err(err("expunge"))?;
            }
            if let Err(e) = gateway.process_waiting().await {
                tracing::warn!(error = %e, "mail stored, to be read at the next round");
            }
        }
        if *stop.borrow() {
            let _ = s.logout().await;
            return Ok(());
        }
        let wait = Duration::from_secs(imap.poll_seconds.max(1));
        if idle {
            let mut handle = s.idle();
            handle.init().await.map_err(err("idle"))?;
            let (until, _interrupt) = handle.wait_with_timeout(wait);
            tokio::select! {
                r = until => { r.map_err(err("idle"))?; }
                _ = stop.changed() => {}
            }
            s = handle.done().await.map_err(err("idle"))?;
        } else {
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = stop.changed() => {}
            }
        }
    }
}
