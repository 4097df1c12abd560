//! Taking connections: HTTP/1.1 on a TCP listener, with what keeps a
//! slow or greedy client from holding the server.
//!
//! - At most `max_connections` are open at once; past that, a new one
//!   waits in the kernel's queue until one closes.
//! - A request's headers must arrive within `header_timeout` (hyper's
//!   header read timeout, which also closes a connection left idle), and
//!   its body within `body_timeout` (`tower_http`'s request body timeout,
//!   in [`super::router`]).
//! - With TLS ([`super::tls`]), the handshake must be done within
//!   `header_timeout` too.
//! - Stopping: no new connection is taken, each open one finishes the
//!   request it is answering, then everything returns.
//!
//! Each request carries `ConnectInfo<SocketAddr>`, as axum's own `serve`
//! gives it, for the login and table limits: the client's address, which
//! behind a trusted reverse proxy is the one the proxy names
//! ([`super::client`]); and [`Peer`], the connection's own.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt as _;

/// How long a connection may take to send its headers, and how many
/// may be open at once.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_connections: usize,
    pub header_timeout: Duration,
}

/// The address a request's connection comes from (a proxy's, behind one).
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub std::net::SocketAddr);

/// A connection's stream, plain or TLS.
trait Io: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send {}
impl<T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send> Io for T {}

/// Counts a connection closed when dropped, however its task ends.
struct Closed;

impl Drop for Closed {
    fn drop(&mut self) {
        crate::metrics::connections(-1.0);
    }
}

/// Serve `app` on `listener` until `stop` turns true.
pub async fn run(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    trusted: Arc<Vec<super::client::Trusted>>,
    tls: Option<Arc<super::tls::Reloading>>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> std::io::Result<()> {
    let max = limits.max_connections.clamp(1, 1 << 20);
    let open = Arc::new(Semaphore::new(max));
    loop {
        // A free place first: past the cap, connections wait unaccepted.
        let permit = tokio::select! {
            p = open.clone().acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => break,
            },
            _ = async { stop.wait_for(|s| *s).await.is_ok() } => break,
        };
        let (stream, addr) = tokio::select! {
            a = listener.accept() => match a {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors and the like: wait a moment.
                    tracing::warn!(error = %e, "a connection could not be taken");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = async { stop.wait_for(|s| *s).await.is_ok() } => break,
        };
        let app = app.clone();
        let trusted = trusted.clone();
        let tls = tls.clone();
        let mut told = stop.clone();
        tokio::spawn(async move {
            let _permit = permit;
            crate::metrics::connections(1.0);
            let _closed = Closed;
            // HTTPS: the handshake first, within the time headers have.
            let stream: Box<dyn Io> = match tls {
                None => Box::new(stream),
                Some(tls) => {
                    let acceptor = tokio_rustls::TlsAcceptor::from(tls.current());
                    match tokio::time::timeout(limits.header_timeout, acceptor.accept(stream)).await
                    {
                        Ok(Ok(s)) => Box::new(s),
                        Ok(Err(e)) => {
                            tracing::debug!(client = %addr, error = %e, "a TLS handshake failed");
                            return;
                        }
                        Err(_) => {
                            tracing::debug!(client = %addr, "a TLS handshake took too long");
                            return;
                        }
                    }
                }
            };
            let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                let ip = super::client::client(addr.ip(), req.headers(), &trusted);
                let port = if ip == addr.ip() { addr.port() } else { 0 };
                req.extensions_mut()
                    .insert(ConnectInfo(std::net::SocketAddr::new(ip, port)));
                req.extensions_mut().insert(Peer(addr));
                app.clone().oneshot(req.map(axum::body::Body::new))
            });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout);
            let conn = builder.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = async { told.wait_for(|s| *s).await.is_ok() } => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
    // Every connection closed (each gives its place back when it ends).
    let _ = open.acquire_many(max as u32).await;
    Ok(())
}
