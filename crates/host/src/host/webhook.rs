//! A game's webhook: its news posted as it happens to an address the game
//! master gives (a Discord or Slack channel's incoming webhook, or any
//! program taking JSON) — turn N ran, the deadline is near, the game was
//! paused or resumed.
//!
//! A call is queued in the outbox like a mail (kind `webhook`: `to` the
//! address, `body` the JSON), in the same transaction as what it tells of,
//! so it is never sent for something that did not happen: a turn rolled
//! back withdraws its call if it has not gone, as it withdraws its mail.
//! The server's webhook sender posts it, trying again when the receiver
//! fails for a while, and marks it failed when it refuses for good or
//! keeps failing; the desk shows the last calls and why one failed.
//!
//! The JSON is what both Discord and Slack take from an incoming webhook
//! (`content` for one, `text` for the other, the same words), with the
//! facts for a program in `umpire`:
//!
//! ```json
//! {"username": "Umpire", "content": "Turn 2 of spring ran. …", "text": "Turn 2 of spring ran. …",
//!  "umpire": {"game": "spring", "event": "turn-ran", "turn": 2}}
//! ```

use super::{Host, HostError, Result};
use crate::store::{OutboxRow, Outgoing};

/// What a webhook call tells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Turn `turn` ran and is kept; `next` is when the next one's orders
    /// are due, in words.
    TurnRan { turn: u32, next: Option<String> },
    /// The deadline of turn `turn` is near: `at`, in words.
    DeadlineSoon { turn: u32, at: String },
    /// No turn runs by itself until the game master resumes it.
    Paused,
    /// Turns run at their deadlines again; the next, in words.
    Resumed { next: Option<String> },
}

impl Event {
    /// Its name in the JSON (`umpire.event`).
    pub fn name(&self) -> &'static str {
        match self {
            Event::TurnRan { .. } => "turn-ran",
            Event::DeadlineSoon { .. } => "deadline-soon",
            Event::Paused => "paused",
            Event::Resumed { .. } => "resumed",
        }
    }

    /// The turn it is about, if one.
    fn turn(&self) -> Option<u32> {
        match self {
            Event::TurnRan { turn, .. } | Event::DeadlineSoon { turn, .. } => Some(*turn),
            Event::Paused | Event::Resumed { .. } => None,
        }
    }

    /// What it says, in words.
    pub fn words(&self, game: &str) -> String {
        match self {
            Event::TurnRan { turn, next } => format!(
                "Turn {turn} of {game} ran: the reports are out. {}",
                match next {
                    Some(at) => format!("Orders for turn {} are due {at}.", turn + 1),
                    None => format!("Turn {} runs when the game master runs it.", turn + 1),
                }
            ),
            Event::DeadlineSoon { turn, at } => {
                format!("Orders for turn {turn} of {game} are due {at}.")
            }
            Event::Paused => format!(
                "{game} is paused: no turn runs by itself until the game master resumes it."
            ),
            Event::Resumed { next } => match next {
                Some(at) => format!("{game} runs again: the next deadline is {at}."),
                None => format!("{game} runs again; the game master runs each turn."),
            },
        }
    }

    /// The JSON posted (see the module's docs).
    pub fn json(&self, game: &str) -> String {
        let words = self.words(game);
        serde_json::json!({
            "username": "Umpire",
            "content": words,
            "text": words,
            "umpire": {"game": game, "event": self.name(), "turn": self.turn()},
        })
        .to_string()
    }
}

/// The call of `event` to the game's webhook at `url`, for the outbox.
pub fn call(game: &str, url: &str, event: &Event) -> Outgoing {
    Outgoing {
        game: Some(game.to_string()),
        seat: None,
        kind: "webhook".to_string(),
        to: url.to_string(),
        subject: event.name().to_string(),
        body: event.json(game),
        report: None,
        in_reply_to: None,
        references: None,
        reply_to: None,
        sender_name: None,
        run: None,
    }
}

/// Refuse an address that is not one a webhook can be called at.
pub fn check_address(url: &str) -> Result<()> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    let host = rest.map(|r| r.split(['/', '?', '#']).next().unwrap_or(""));
    let fine = host.is_some_and(|h| !h.is_empty())
        && url.len() <= 2048
        && !url.chars().any(|c| c.is_whitespace() || c.is_control());
    if fine {
        Ok(())
    } else {
        Err(HostError::Refused(format!(
            "`{}` is not a webhook address: give the https:// address your Discord or Slack channel gives for an incoming webhook (or `off`)",
            url.chars().take(80).collect::<String>()
        )))
    }
}

/// The part of a webhook's address that may be shown and logged: its
/// scheme and host (the rest is often the secret that lets one post).
pub fn shown(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    format!("{scheme}://{host}/…")
}

impl Host {
    /// Post the game's news to `url` from now on (None: nowhere), in the
    /// audit log with only the address's host.
    pub async fn set_webhook(&self, game: &str, url: Option<&str>, actor: &str) -> Result<()> {
        let url = url.map(str::trim).filter(|u| !u.is_empty() && *u != "off");
        if let Some(u) = url {
            check_address(u)?;
        }
        let url = url.map(str::to_string);
        self.change(game, actor, "webhook", move |_, settings| {
            settings.webhook.clone_from(&url);
            Ok(match &url {
                Some(u) => format!("the game's news is posted to the webhook at {}", shown(u)),
                None => "the game's news is posted to no webhook".to_string(),
            })
        })
        .await?;
        Ok(())
    }

    /// The game's last `n` webhook calls, newest first, with what became
    /// of each (for the desk).
    pub async fn webhook_calls(&self, game: &str, n: usize) -> Result<Vec<OutboxRow>> {
        let n = i64::try_from(n).unwrap_or(i64::MAX);
        Ok(self.store().latest_of_kind(game, "webhook", n).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_says_the_same_to_discord_and_slack_and_names_the_event() {
        let e = Event::TurnRan {
            turn: 2,
            next: Some("Saturday 5 December 2026, 18:00 CET (17:00 UTC)".into()),
        };
        let v: serde_json::Value = serde_json::from_str(&e.json("spring")).unwrap();
        assert_eq!(
            v["content"],
            "Turn 2 of spring ran: the reports are out. Orders for turn 3 are due Saturday 5 December 2026, 18:00 CET (17:00 UTC)."
        );
        assert_eq!(v["text"], v["content"]);
        assert_eq!(v["umpire"]["event"], "turn-ran");
        assert_eq!(v["umpire"]["turn"], 2);
        let v: serde_json::Value = serde_json::from_str(&Event::Paused.json("spring")).unwrap();
        assert_eq!(v["umpire"]["turn"], serde_json::Value::Null);
        let c = call(
            "spring",
            "https://discord.test/api/webhooks/1/secret",
            &Event::Paused,
        );
        assert_eq!((c.kind.as_str(), c.subject.as_str()), ("webhook", "paused"));
    }

    #[test]
    fn only_web_addresses_are_webhooks_and_only_their_host_is_shown() {
        for good in [
            "https://discord.com/api/webhooks/1/abc",
            "http://127.0.0.1:9/hook",
        ] {
            assert!(check_address(good).is_ok(), "{good}");
        }
        for bad in [
            "discord.com/x",
            "ftp://h/x",
            "https://",
            "https://h/a b",
            "mailto:a@b",
        ] {
            let e = check_address(bad).err().unwrap().to_string();
            assert!(e.contains("is not a webhook address"), "{bad}: {e}");
        }
        assert_eq!(
            shown("https://hooks.slack.com/services/T0/B0/secret"),
            "https://hooks.slack.com/…"
        );
    }
}
