//! Mail out: every message the host queued in its outbox, sent by SMTP.
//!
//! A message is taken (`sending`), sent, and marked `sent`; a sender that
//! stops in between leaves it `sending`, and the next start sends it again
//! with the same Message-ID (`<umpire.ID.GAME@domain>`) — the one moment
//! a message can arrive twice is a stop between the relay's "250 OK" and
//! that record. A refusal for good (5xx) marks the message failed and the
//! address failing, and tells the game master; a passing failure is tried
//! again later, waiting twice as long each time (30 s, 1 min, … at most an
//! hour), until `attempts` is reached.
//!
//! Every message says it is automatic (`Auto-Submitted`), carries our
//! `X-Loop` mark, and a report carries its JSON twin as an attachment.

use std::sync::Arc;
use std::time::Duration;

use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials as SmtpCredentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use umpire_host::host::{Host, HostError};
use umpire_host::store::{Channel, OutboxRow, Outgoing, now_ms};

use super::config::{MailConfig, Security, Smtp};

/// Why a message could not be made or sent.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    #[error("{0}")]
    Config(String),
    #[error(transparent)]
    Host(#[from] HostError),
    #[error(transparent)]
    Store(#[from] umpire_host::store::StoreError),
}

/// Sends the outbox.
pub struct Sender {
    host: Arc<Host>,
    config: MailConfig,
    smtp: Smtp,
    transport: AsyncSmtpTransport<Tokio1Executor>,
}

/// The wait before attempt `n + 1`.
pub fn backoff(attempts: i64) -> Duration {
    let secs = 30u64.saturating_mul(1u64 << attempts.clamp(0, 7));
    Duration::from_secs(secs.min(3600))
}

impl Sender {
    /// A sender through the configured relay.
    pub fn new(host: Arc<Host>, config: MailConfig) -> Result<Sender, SendError> {
        let smtp = config
            .smtp
            .clone()
            .ok_or_else(|| SendError::Config("no [mail.smtp] relay is configured".to_string()))?;
        let mut b = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(smtp.host.clone())
            .port(smtp.port)
            .timeout(Some(Duration::from_secs(60)));
        b = match smtp.security {
            Security::None => b.tls(Tls::None),
            Security::Starttls | Security::Tls => {
                let params = TlsParameters::new(smtp.host.clone())
                    .map_err(|e| SendError::Config(format!("TLS to {}: {e}", smtp.host)))?;
                b.tls(if smtp.security == Security::Tls {
                    Tls::Wrapper(params)
                } else {
                    Tls::Required(params)
                })
            }
        };
        let password = smtp.credentials.password().map_err(SendError::Config)?;
        if let (Some(user), Some(pw)) = (&smtp.credentials.user, password) {
            b = b.credentials(SmtpCredentials::new(user.clone(), pw.expose().to_string()));
        }
        Ok(Sender {
            transport: b.build(),
            host,
            config,
            smtp,
        })
    }

    /// Messages stopped part way by an earlier run are sent again.
    pub async fn recover(&self) -> Result<u64, SendError> {
        Ok(self.host.store().requeue_sending(Channel::Mail).await?)
    }

    /// Send what is due now. Returns how many were sent.
    pub async fn send_due(&self) -> Result<usize, SendError> {
        let store = self.host.store();
        let mut sent = 0;
        for row in store.due(Channel::Mail, now_ms(), 100).await? {
            if !store.take_to_send(row.id).await? {
                continue;
            }
            if let Some(reason) = store.failing(&row.message.to).await? {
                store
                    .mark_failed(
                        row.id,
                        &format!("not sent: {} is failing ({reason})", row.message.to),
                    )
                    .await?;
                continue;
            }
            let message = match self.compose(&row).await {
                Ok(m) => m,
                Err(why) => {
                    store.mark_failed(row.id, &why).await?;
                    self.tell_gm(&row, &why).await?;
                    continue;
                }
            };
            umpire_host::fault::point("sending");
            match self.transport.send(message).await {
                Ok(_) => {
                    umpire_host::fault::point("relayed");
                    store.mark_sent(row.id).await?;
                    sent += 1;
                }
                Err(e) if e.is_permanent() => {
                    let why = format!("the mail server refused it for good: {e}");
                    store.mark_failed(row.id, &why).await?;
                    store.mark_failing(&row.message.to, &why).await?;
                    self.tell_gm(&row, &why).await?;
                }
                Err(e) => {
                    let why = format!("not sent yet: {e}");
                    if row.attempts + 1 >= i64::from(self.smtp.attempts) {
                        let why = format!("given up after {} attempts: {e}", row.attempts + 1);
                        store.mark_failed(row.id, &why).await?;
                        self.tell_gm(&row, &why).await?;
                    } else {
                        let wait = backoff(row.attempts);
                        let next = now_ms() + i64::try_from(wait.as_millis()).unwrap_or(i64::MAX);
                        store.mark_retry(row.id, &why, next).await?;
                        tracing::warn!(message = row.id, to = %row.message.to, error = %e, "mail not sent; trying again later");
                    }
                }
            }
        }
        Ok(sent)
    }

    /// Tell the game master a message could not be sent (unless it was
    /// to the game master).
    async fn tell_gm(&self, row: &OutboxRow, why: &str) -> Result<(), SendError> {
        let game = match &row.message.game {
            Some(g) => self.host.store().game(g).await?,
            None => None,
        };
        let gm = game
            .as_ref()
            .and_then(|g| umpire_host::host::Settings::of_row(g).gm_address)
            .or_else(|| self.config.gm_address.clone());
        let Some(gm) = gm.filter(|gm| !gm.eq_ignore_ascii_case(&row.message.to)) else {
            return Ok(());
        };
        self.host
            .store()
            .queue_one(&Outgoing {
                game: row.message.game.clone(),
                seat: None,
                kind: "gm".to_string(),
                to: gm,
                subject: format!("Mail to {} failed", row.message.to),
                body: format!(
                    "The message \"{}\" to {}{} could not be sent: {why}.\nFix the address with `umpire host address GAME SEAT ADDRESS`; the outbox (`umpire host outbox`) lists what is waiting or failed.",
                    row.message.subject,
                    row.message.to,
                    row.message
                        .seat
                        .as_deref()
                        .map(|s| format!(" ({s})"))
                        .unwrap_or_default()
                ),
                report: None,
                in_reply_to: None,
                references: None,
                reply_to: None,
                sender_name: None,
                run: None,
            })
            .await?;
        Ok(())
    }

    /// The mail of an outbox row.
    pub async fn compose(&self, row: &OutboxRow) -> Result<Message, String> {
        compose(&self.host, &self.config, row).await
    }
}

fn raw_header(name: &str, value: &str) -> Result<HeaderValue, String> {
    let n = HeaderName::new_from_ascii(name.to_string()).map_err(|e| e.to_string())?;
    Ok(HeaderValue::new(n, value.to_string()))
}

/// The mail of an outbox row: headers, text, and a report's JSON.
pub async fn compose(host: &Host, config: &MailConfig, row: &OutboxRow) -> Result<Message, String> {
    let m = &row.message;
    let from_name = m
        .sender_name
        .clone()
        .unwrap_or_else(|| config.from_name.clone());
    let from: Mailbox = format!("{} <{}>", quote_name(&from_name), config.server_address())
        .parse()
        .map_err(|e| {
            format!(
                "the server's address {} is not a mail address: {e}",
                config.server_address()
            )
        })?;
    let to: Mailbox =
        m.to.parse()
            .map_err(|e| format!("`{}` is not a mail address: {e}", m.to))?;
    let id = format!(
        "<umpire.{}.{}@{}>",
        row.id,
        m.game.as_deref().unwrap_or("server"),
        config.domain
    );
    let mut b = Message::builder()
        .from(from)
        .to(to)
        .subject(m.subject.clone())
        .message_id(Some(id))
        .date_now()
        .raw_header(raw_header(
            "Auto-Submitted",
            if m.kind == "answer" {
                "auto-replied"
            } else {
                "auto-generated"
            },
        )?)
        .raw_header(raw_header("X-Loop", &format!("umpire@{}", config.domain))?);
    if let Some(r) = &m.in_reply_to {
        b = b.in_reply_to(r.clone());
    }
    if let Some(r) = &m.references {
        b = b.references(r.clone());
    }
    if let Some(r) = &m.reply_to {
        let mb: Mailbox = r
            .parse()
            .map_err(|e| format!("`{r}` is not a mail address: {e}"))?;
        b = b.reply_to(mb);
    }
    let whole = host.mail_body(row).await.map_err(|e| e.to_string())?;
    let (body, attached) = report_attached(host, row, whole).await;
    let text = SinglePart::builder()
        .header(ContentType::TEXT_PLAIN)
        .body(body);
    let json = match (m.report, &m.game, &m.seat) {
        (Some((turn, attempt)), Some(game), Some(seat)) if attempt > 0 => host
            .store()
            .report_of_run(game, seat, turn, attempt)
            .await
            .map_err(|e| e.to_string())?
            .and_then(|r| r.json)
            .map(|j| (format!("{seat}-turn-{turn}.json"), j)),
        _ => None,
    };
    let message = if json.is_none() && attached.is_none() {
        b.singlepart(text)
    } else {
        let mut parts = MultiPart::mixed().singlepart(text);
        if let Some((name, t)) = attached {
            parts = parts.singlepart(Attachment::new(name).body(t, ContentType::TEXT_PLAIN));
        }
        if let Some((name, j)) = json {
            let kind = ContentType::parse("application/json").map_err(|e| e.to_string())?;
            parts = parts.singlepart(Attachment::new(name).body(j, kind));
        }
        b.multipart(parts)
    };
    message.map_err(|e| format!("the message could not be made: {e}"))
}

/// A report's mail as its player chose (`umpire_host::host::mail_prefs`):
/// the whole text in the body, or only the words before the report with
/// the report (and what follows it) attached as a text file. Returns the
/// body, and the attachment when there is one.
async fn report_attached(
    host: &Host,
    row: &OutboxRow,
    whole: String,
) -> (String, Option<(String, String)>) {
    use umpire_host::host::mail_prefs::ReportIn;
    let m = &row.message;
    let (Some((turn, _)), Some(game), Some(seat)) = (m.report, &m.game, &m.seat) else {
        return (whole, None);
    };
    let wants = host.mail_prefs(game, seat).await.map(|p| p.report);
    if wants.ok() != Some(ReportIn::Attached) || whole == m.body {
        return (whole, None);
    }
    let name = format!("{seat}-turn-{turn}.txt");
    (
        format!(
            "{}\n\nYour report is attached ({name}), as you chose on your page; its JSON is beside it.\n",
            m.body.trim_end()
        ),
        Some((name, whole)),
    )
}

/// A display name safe in a From header.
fn quote_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(|c| !c.is_control() && *c != '"')
        .collect();
    format!("\"{clean}\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_twice_as_long_each_time_up_to_an_hour() {
        let waits: Vec<u64> = (0..9).map(|n| backoff(n).as_secs()).collect();
        assert_eq!(waits, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    }

    #[test]
    fn a_display_name_cannot_break_the_header() {
        assert_eq!(
            quote_name("f5 \"the\" best\r\nBcc: x"),
            "\"f5 the bestBcc: x\""
        );
    }
}
