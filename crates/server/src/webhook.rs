//! Webhook calls out: every call the host queued in its outbox (kind
//! `webhook`, see `umpire_host::host::webhook`) posted as JSON to its
//! address.
//!
//! As for mail, a call is taken (`sending`), posted, and marked `sent`;
//! one server at a time posts (the `webhooks` duty, so several servers on
//! one database never post a call twice), and the server that takes the
//! duty over first puts back what its last holder left half posted. An
//! answer of 2xx is delivered. A refusal for good (a 4xx other than 408
//! and 429: the address is wrong or the webhook was deleted) marks the
//! call failed at once, with the receiver's answer, for the desk to show;
//! anything else (5xx, 408, 429, no answer) is tried again later, waiting
//! twice as long each time (30 s, 1 min, … at most an hour), and marked
//! failed after [`ATTEMPTS`] tries.

use std::sync::Arc;
use std::time::Duration;

use umpire_host::host::Host;
use umpire_host::store::{Channel, StoreError, now_ms};

use crate::mail::send::backoff;

/// Tries before a call is given up.
pub const ATTEMPTS: i64 = 6;

/// What became of one post.
#[derive(Debug, PartialEq, Eq)]
pub enum Posted {
    /// The receiver took it (2xx).
    Delivered,
    /// The receiver refused it for good: its status and why.
    Refused(String),
    /// It failed this time: why.
    Failed(String),
}

/// Posts the outbox's webhook calls.
pub struct Poster {
    host: Arc<Host>,
    agent: ureq::Agent,
}

impl Poster {
    pub fn new(host: Arc<Host>) -> Poster {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(15)))
            .http_status_as_error(false)
            .user_agent("Umpire webhooks")
            .build()
            .into();
        Poster { host, agent }
    }

    /// Calls left half posted by an earlier holder of the duty go again.
    pub async fn recover(&self) -> Result<u64, StoreError> {
        self.host.store().requeue_sending(Channel::Webhooks).await
    }

    /// Post every call due now. Returns how many were delivered.
    pub async fn post_due(&self) -> Result<usize, StoreError> {
        let store = self.host.store();
        let mut delivered = 0;
        for row in store.due(Channel::Webhooks, now_ms(), 50).await? {
            if !store.take_to_send(row.id).await? {
                continue;
            }
            let (agent, url, body) = (
                self.agent.clone(),
                row.message.to.clone(),
                row.message.body.clone(),
            );
            let posted = tokio::task::spawn_blocking(move || post(&agent, &url, &body))
                .await
                .unwrap_or_else(|e| Posted::Failed(format!("the poster stopped: {e}")));
            match posted {
                Posted::Delivered => {
                    store.mark_sent(row.id).await?;
                    delivered += 1;
                }
                Posted::Refused(why) => {
                    store
                        .mark_failed(row.id, &format!("the webhook refused it for good: {why}"))
                        .await?;
                    tracing::warn!(call = row.id, game = ?row.message.game, error = %why, "a webhook call was refused");
                }
                Posted::Failed(why) if row.attempts + 1 >= ATTEMPTS => {
                    let why = format!("given up after {} attempts: {why}", row.attempts + 1);
                    store.mark_failed(row.id, &why).await?;
                    tracing::warn!(call = row.id, game = ?row.message.game, error = %why, "a webhook call failed");
                }
                Posted::Failed(why) => {
                    let wait = backoff(row.attempts);
                    let next = now_ms() + i64::try_from(wait.as_millis()).unwrap_or(i64::MAX);
                    store
                        .mark_retry(row.id, &format!("not delivered yet: {why}"), next)
                        .await?;
                }
            }
        }
        Ok(delivered)
    }
}

/// Post `body` as JSON to `url`, and say what became of it.
pub fn post(agent: &ureq::Agent, url: &str, body: &str) -> Posted {
    let answer = agent
        .post(url)
        .header("Content-Type", "application/json")
        .send(body);
    match answer {
        Ok(r) => {
            let status = r.status().as_u16();
            match status {
                200..=299 => Posted::Delivered,
                408 | 429 => Posted::Failed(format!("HTTP {status}")),
                400..=499 => Posted::Refused(format!("HTTP {status}")),
                _ => Posted::Failed(format!("HTTP {status}")),
            }
        }
        Err(e) => Posted::Failed(e.to_string()),
    }
}
