//! The words of every message the host queues: to a player (welcome,
//! report, reminder, warning, notices) and to the game master. Each one
//! says what happened, why, and what to do next.

use crate::kind::SeatReport;
use crate::store::Outgoing;

/// A message to a seat (to its first address; none: kept unsent, for the
/// game master to see).
pub(crate) fn to_seat(
    game: &str,
    seat: &str,
    address: Option<&str>,
    kind: &str,
    subject: String,
    body: String,
) -> Outgoing {
    Outgoing {
        game: Some(game.to_string()),
        seat: Some(seat.to_string()),
        kind: kind.to_string(),
        to: address.unwrap_or("").to_string(),
        subject,
        body,
        report: None,
        in_reply_to: None,
        references: None,
        reply_to: None,
        sender_name: None,
        run: None,
    }
}

/// A message to a seat with its report of a run of a turn (turn,
/// attempt; attempt 0: its initial report) following `intro`.
pub(crate) fn report_to_seat(
    game: &str,
    seat: &str,
    address: Option<&str>,
    kind: &str,
    subject: String,
    intro: String,
    run: (u32, i64),
) -> Outgoing {
    let mut m = to_seat(game, seat, address, kind, subject, intro);
    m.report = Some(run);
    m
}

/// `m`, marked as queued by the run `(turn, attempt)` of a turn.
pub(crate) fn of_run(mut m: Outgoing, run: (u32, i64)) -> Outgoing {
    m.run = Some(run);
    m
}

/// An answer to whoever sent a message.
pub(crate) fn to_sender(address: &str, subject: String, body: String) -> Outgoing {
    Outgoing {
        game: None,
        seat: None,
        kind: "answer".to_string(),
        to: address.to_string(),
        subject,
        body,
        report: None,
        in_reply_to: None,
        references: None,
        reply_to: None,
        sender_name: None,
        run: None,
    }
}

/// A notice to the game master.
pub(crate) fn to_gm(game: &str, address: Option<&str>, subject: String, body: String) -> Outgoing {
    Outgoing {
        game: Some(game.to_string()),
        seat: None,
        kind: "gm".to_string(),
        to: address.unwrap_or("").to_string(),
        subject,
        body,
        report: None,
        in_reply_to: None,
        references: None,
        reply_to: None,
        sender_name: None,
        run: None,
    }
}

/// "Orders for turn 4 are due by Saturday 5 December 2026, 18:00 CET."
pub(crate) fn due(turn: u32, deadline: Option<&str>) -> String {
    match deadline {
        Some(d) => format!("Orders for turn {turn} are due by {d}."),
        None => format!(
            "Orders for turn {turn} are taken until the game master runs it (no deadline is set)."
        ),
    }
}

/// What a player is told when turn `turn` is rolled back: which of the
/// messages its run queued for them had already gone (and are void), and
/// that a report not yet sent is withdrawn.
pub(crate) fn rolled_back(
    seat: &str,
    turn: u32,
    mail: &[crate::store::OutboxRow],
    deadline: Option<&str>,
) -> String {
    let theirs: Vec<&crate::store::OutboxRow> = mail
        .iter()
        .filter(|m| m.message.seat.as_deref() == Some(seat))
        .collect();
    let gone: Vec<String> = theirs
        .iter()
        .filter(|m| m.status != "withdrawn")
        .map(|m| format!("\"{}\"", m.message.subject))
        .collect();
    let report_withdrawn = theirs
        .iter()
        .any(|m| m.status == "withdrawn" && m.message.kind == "report");
    let mut body = format!(
        "The game master rolled back turn {turn}: it will be run again, and the report of that run is the one that counts."
    );
    if !gone.is_empty() {
        body.push_str(&format!(
            " Already sent to you and now void: {}.",
            gone.join(", ")
        ));
    }
    if report_withdrawn {
        body.push_str(&format!(
            " Your report of turn {turn} had not been sent yet: it is withdrawn and will not come."
        ));
    }
    body.push_str(&format!(
        " The orders you sent for turn {turn} stand; you may send new ones. {}",
        due(turn, deadline)
    ));
    body
}

/// A message's whole text: its words, then the report it carries with
/// what every player may read, then the order template.
pub(crate) fn with_report(intro: &str, r: &SeatReport, public: &[(String, String)]) -> String {
    let mut body = String::new();
    body.push_str(intro);
    body.push_str("\n\n");
    body.push_str(&r.text);
    for (name, text) in public {
        body.push_str(&format!("\n\n==== {name} ====\n\n{text}"));
    }
    if let Some(t) = &r.template {
        body.push_str("\n\n==== Order template: fill in your password, then send it back ====\n\n");
        body.push_str(t);
    }
    body
}

/// Whether `a` is a mail address a letter can be sent to: one `@` with a
/// local part before it and a domain of dotted names after it (or
/// `localhost`), no spaces, no brackets or commas (two addresses, a
/// display name), at most 254 characters. A welcome mail is queued only
/// to such an address; anything else is refused with the reason.
pub fn is_address(a: &str) -> bool {
    let a = a.trim();
    let Some((local, domain)) = a.rsplit_once('@') else {
        return false;
    };
    let plain = |c: char| !c.is_whitespace() && !c.is_control() && !"<>()[],;:\\\"@".contains(c);
    let label = |l: &str| {
        !l.is_empty()
            && l.len() <= 63
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars().all(|c| c.is_alphanumeric() || c == '-')
    };
    let labels: Vec<&str> = domain.split('.').collect();
    a.len() <= 254
        && !local.is_empty()
        && local.len() <= 64
        && local.chars().all(plain)
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && (domain.eq_ignore_ascii_case("localhost") || labels.len() >= 2)
        && labels.iter().all(|l| label(l))
}

/// [`is_address`], as the host's refusal.
pub(crate) fn check_address(a: &str) -> super::Result<()> {
    if is_address(a) {
        Ok(())
    } else {
        Err(super::HostError::Refused(format!(
            "`{a}` is not a mail address: write it as name@example.org"
        )))
    }
}

#[cfg(test)]
mod address_tests {
    use super::is_address;

    #[test]
    fn addresses_are_told_from_what_is_not_one() {
        for ok in [
            "new@players.test",
            "a.b+c@mail.example.org",
            "gm@localhost",
            "x@ñandú.example",
        ] {
            assert!(is_address(ok), "{ok}");
        }
        for bad in [
            "",
            "new",
            "@players.test",
            "new@",
            "new@players",
            "two words@players.test",
            "a@b@players.test",
            "Bob <bob@players.test>",
            "a@players.test, b@players.test",
            "a@-players.test",
            "a@players..test",
            ".a@players.test",
            "a..b@players.test",
        ] {
            assert!(!is_address(bad), "{bad}");
        }
    }
}
