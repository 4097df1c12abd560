//! `umpire serve`: one process for every hosted game.
//!
//! - the scheduler: each turn at its deadline, a run that stopped part way
//!   repeated, reminders (every `tick_seconds`);
//! - with `[mail]`: mail read from the mailbox (IMAP, waiting with IDLE),
//!   or delivered by the pipe (`umpire mail deliver`), read and answered
//!   within seconds; the outbox sent by SMTP;
//! - the web (`[web] listen`, default 127.0.0.1:8080): players' reports,
//!   maps and orders, the game masters' desk, the JSON API.
//!
//! It stops gracefully on Ctrl-C or SIGTERM: a turn being run is given
//! `grace_seconds` to be kept, then abandoned cleanly (nothing of it is
//! kept; it is repeated, byte for byte, at the next start). A second
//! signal stops at once, which is just as safe.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Result;
use umpire_host::duty::{Duty, Holding};
use umpire_host::host::{Host, Ran, Tick};

use crate::config::Config;
use crate::mail::gateway::Gateway;
use crate::mail::send::Sender;

/// How often the mail loops look for work.
const MAIL_EVERY: Duration = Duration::from_secs(2);

/// A signal to stop: Ctrl-C or SIGTERM.
pub async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// The mail side: settle stored mail, send the outbox. One round. Any
/// server settles stored mail (each message is claimed by one); the outbox
/// is sent by the one server that has the `mail-out` duty, which on taking
/// it over first sends again what its last holder left half sent.
async fn mail_round(gateway: Option<&Gateway>, sender: Option<&Sender>, out: &mut Duty) {
    if let Some(g) = gateway {
        match g.process_waiting().await {
            Ok(0) => {}
            Ok(n) => {
                crate::metrics::mail("in", Ok(n));
                tracing::info!(mails = n, "mail read and answered")
            }
            Err(e) => {
                crate::metrics::mail("in", Err(()));
                tracing::warn!(error = %e, "mail could not be read; trying again")
            }
        }
    }
    if let Some(s) = sender {
        match out.holding().await {
            Holding::No => return,
            Holding::Kept => {}
            Holding::Taken => match s.recover().await {
                Ok(0) => {}
                Ok(n) => tracing::info!(
                    messages = n,
                    "messages interrupted while being sent go again"
                ),
                Err(e) => {
                    tracing::warn!(error = %e, "cannot look for messages left half sent; trying again");
                    out.release().await;
                    return;
                }
            },
        }
        match s.send_due().await {
            Ok(0) => {}
            Ok(n) => {
                crate::metrics::mail("out", Ok(n));
                tracing::info!(sent = n, "mail sent")
            }
            Err(e) => {
                crate::metrics::mail("out", Err(()));
                tracing::warn!(error = %e, "mail could not be sent; trying again")
            }
        }
    }
}

/// Post the webhook calls due, when this server has the `webhooks` duty
/// (taking it over, it first puts back what its last holder left half
/// posted).
async fn webhook_round(poster: &crate::webhook::Poster, duty: &mut Duty) {
    match duty.holding().await {
        Holding::No => return,
        Holding::Kept => {}
        Holding::Taken => {
            if let Err(e) = poster.recover().await {
                tracing::warn!(error = %e, "cannot look for webhook calls left half posted; trying again");
                duty.release().await;
                return;
            }
        }
    }
    match poster.post_due().await {
        Ok(0) => {}
        Ok(n) => tracing::info!(delivered = n, "webhook calls delivered"),
        Err(e) => tracing::warn!(error = %e, "webhook calls could not be posted; trying again"),
    }
}

/// Post webhook calls every few seconds until stopped; the last round
/// goes before stopping.
async fn webhook_loop(
    poster: crate::webhook::Poster,
    mut hooks: Duty,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        webhook_round(&poster, &mut hooks).await;
        tokio::select! {
            _ = tokio::time::sleep(MAIL_EVERY) => {}
            _ = stop.changed() => {
                webhook_round(&poster, &mut hooks).await;
                hooks.release().await;
                return;
            }
        }
    }
}

/// Serve until stopped (or, with `once`, do one round of everything that
/// is due, then return).
pub async fn serve(host: Arc<Host>, config: &Config, once: bool) -> Result<()> {
    serve_then(host, config, once, |_| {}).await
}

/// [`serve`], calling `ready` as soon as the web has its address (None:
/// no web): where to tell a person to point their browser.
pub async fn serve_then(
    host: Arc<Host>,
    config: &Config,
    once: bool,
    ready: impl FnOnce(Option<std::net::SocketAddr>),
) -> Result<()> {
    if let Some(m) = &config.mail {
        m.check_credentials().map_err(anyhow::Error::msg)?;
    }
    // Counting starts now, whether or not anyone scrapes.
    crate::metrics::handle();
    let n = host.answer_waiting().await?;
    if n > 0 {
        tracing::info!(answered = n, "answered messages left from before");
    }
    let gateway = config
        .mail
        .clone()
        .map(|m| Arc::new(Gateway::new(host.clone(), m)));
    let sender = match config.mail.as_ref().filter(|m| m.smtp.is_some()) {
        Some(m) => Some(Arc::new(Sender::new(host.clone(), m.clone())?)),
        None => None,
    };
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let mut tasks = Vec::new();
    // The web, unless it is off (or this is one round for cron).
    let listen = if once { None } else { config.web.address()? };
    let mut ready = Some(ready);
    if let Some(listen) = listen {
        let listener = crate::web::bind(listen).await?;
        if let Some(r) = ready.take() {
            r(listener.local_addr().ok());
        }
        // The certificate is read before anything is served.
        config.web.check_tls().map_err(anyhow::Error::msg)?;
        let web = crate::web::Web::configured(host.clone(), config.web.clone())
            .with_mail(config.mail.clone());
        let stop = stop_rx.clone();
        tasks.push(tokio::spawn(async move {
            if let Err(e) = crate::web::serve(listener, web, stop).await {
                tracing::error!(error = %e, "the web stopped");
            }
        }));
    }
    if let Some(r) = ready.take() {
        r(None);
    }
    // The metrics on an address of their own.
    if let Some(at) = if once {
        None
    } else {
        config.web.metrics_address()?
    } {
        let listener = tokio::net::TcpListener::bind(at).await.map_err(|e| {
            anyhow::anyhow!(
                "cannot serve the metrics on {at}: {e}; choose another address in [web] metrics_listen"
            )
        })?;
        tracing::info!(address = %listener.local_addr()?, "the metrics are served");
        let stop = stop_rx.clone();
        let app = crate::metrics::router(host.clone());
        let limits = crate::web::listen::Limits {
            max_connections: 16,
            header_timeout: Duration::from_secs(10),
        };
        tasks.push(tokio::spawn(async move {
            if let Err(e) =
                crate::web::listen::run(listener, app, limits, Arc::new(Vec::new()), None, stop)
                    .await
            {
                tracing::error!(error = %e, "the metrics stopped");
            }
        }));
    }
    if let (Some(g), Some(imap)) = (&gateway, config.mail.as_ref().and_then(|m| m.imap.clone())) {
        let duty = Duty::new(host.store().clone(), "mail-in");
        if once {
            // One look at the mailbox: a round that stops at once.
            let (tx, rx) = tokio::sync::watch::channel(true);
            crate::mail::imap::run_once(g.clone(), imap, duty, rx).await;
            drop(tx);
        } else {
            tasks.push(tokio::spawn(crate::mail::imap::run(
                g.clone(),
                imap,
                duty,
                stop_rx.clone(),
            )));
        }
    }
    let mut out = Duty::new(host.store().clone(), "mail-out");
    let poster = crate::webhook::Poster::new(host.clone());
    let mut hooks = Duty::new(host.store().clone(), "webhooks");
    if once {
        mail_round(gateway.as_deref(), sender.as_deref(), &mut out).await;
        log_tick(host.tick().await);
        mail_round(gateway.as_deref(), sender.as_deref(), &mut out).await;
        webhook_round(&poster, &mut hooks).await;
        out.release().await;
        hooks.release().await;
        return Ok(());
    }
    tasks.push(tokio::spawn(webhook_loop(poster, hooks, stop_rx.clone())));
    if gateway.is_some() || sender.is_some() {
        let (g, s) = (gateway.clone(), sender.clone());
        let mut stop = stop_rx.clone();
        tasks.push(tokio::spawn(async move {
            loop {
                mail_round(g.as_deref(), s.as_deref(), &mut out).await;
                tokio::select! {
                    _ = tokio::time::sleep(MAIL_EVERY) => {}
                    _ = stop.changed() => {
                        // The last answers and reports go before stopping.
                        mail_round(g.as_deref(), s.as_deref(), &mut out).await;
                        out.release().await;
                        return;
                    }
                }
            }
        }));
    }
    let every = Duration::from_secs(config.tick_seconds.max(1));
    let grace = Duration::from_secs(config.grace_seconds);
    let stop = stop_signal();
    tokio::pin!(stop);
    loop {
        let h = host.clone();
        let mut work = tokio::spawn(async move { h.tick().await });
        let stopping = tokio::select! {
            done = &mut work => { log_done(done); false }
            _ = &mut stop => {
                tracing::info!(grace_seconds = grace.as_secs(), "asked to stop: letting the work under way finish");
                tokio::select! {
                    done = tokio::time::timeout(grace, &mut work) => match done {
                        Ok(done) => log_done(done),
                        Err(_) => tracing::warn!("the turn under way is abandoned; nothing of it was kept, and it is run again at the next start"),
                    },
                    _ = stop_signal() => tracing::warn!("asked again: stopping now; the turn under way is run again at the next start"),
                }
                true
            }
        };
        if !stopping {
            tokio::select! {
                _ = tokio::time::sleep(every) => continue,
                _ = &mut stop => {}
            }
        }
        let _ = stop_tx.send(true);
        for t in tasks {
            let _ = tokio::time::timeout(grace, t).await;
        }
        return Ok(());
    }
}

fn log_done(done: std::result::Result<umpire_host::host::Result<Tick>, tokio::task::JoinError>) {
    match done {
        Ok(t) => log_tick(t),
        Err(e) => {
            tracing::error!(error = %e, "the scheduler stopped unexpectedly; trying again at the next tick")
        }
    }
}

fn log_tick(t: umpire_host::host::Result<Tick>) {
    match t {
        Ok(tick) => {
            for (game, ran) in &tick.ran {
                match ran {
                    Ran::Kept {
                        turn,
                        run_ms,
                        reports,
                        next,
                        ..
                    } => {
                        tracing::info!(
                            game,
                            turn,
                            run_ms,
                            reports,
                            next = next.as_deref().unwrap_or("none"),
                            "turn run and kept"
                        )
                    }
                    Ran::Held {
                        turn,
                        missing,
                        playing,
                    } => {
                        tracing::warn!(
                            game,
                            turn,
                            missing,
                            playing,
                            "turn held: too many seats sent nothing; the game master is told"
                        )
                    }
                    Ran::Busy => tracing::info!(game, "a run of this game is going on elsewhere"),
                    Ran::NotDue => {}
                }
            }
            if tick.reminded > 0 {
                crate::metrics::reminders(tick.reminded);
                tracing::info!(reminders = tick.reminded, "reminders queued");
            }
            for (game, why) in &tick.failed {
                tracing::error!(game, error = %why, "will try again at the next tick");
            }
        }
        Err(e) => {
            tracing::error!(error = %e, "the deadlines could not be looked at; trying again at the next tick")
        }
    }
}
