//! A mail as it arrives, read into what the gateway needs: who sent it,
//! to whom, whether a machine sent it, and its text (OV-SRV-003).
//!
//! The text read is the plain-text body, decoded from quoted-printable or
//! base64 and from its declared charset (`mail-parser` does both); with
//! several plain parts (multipart/mixed), each in turn; then every
//! attached text file (an order file sent as an attachment). A mail with
//! only HTML is turned into text, and the answer says so and shows the
//! lines that were read, so nothing is silently misread. Attachments that
//! are not text are named in the answer and not read.

use mail_parser::{Address, HeaderValue, MessageParser, MimeHeaders, PartType};

/// A mail, read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mail {
    /// The sender's address (From).
    pub from: Option<String>,
    /// Where the sender wants replies (Reply-To, else From).
    pub reply_to: Option<String>,
    pub message_id: Option<String>,
    /// The thread (References), for threading the answer.
    pub references: Option<String>,
    pub subject: String,
    /// To and Cc, lower case.
    pub recipients: Vec<String>,
    /// Why no answer may be sent to it, when a machine sent it.
    pub automatic: Option<String>,
    /// The addresses a delivery report says failed (a bounce).
    pub bounced: Vec<String>,
    /// The text to read.
    pub text: String,
    /// What the player should know about how it was read.
    pub notes: Vec<String>,
}

fn address(a: Option<&Address<'_>>) -> Option<String> {
    a.and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(|s| s.trim().to_ascii_lowercase())
}

fn all(a: Option<&Address<'_>>) -> Vec<String> {
    a.map(|a| {
        a.iter()
            .filter_map(|x| x.address())
            .map(|s| s.trim().to_ascii_lowercase())
            .collect()
    })
    .unwrap_or_default()
}

fn ids(v: &HeaderValue<'_>) -> Option<String> {
    match v {
        HeaderValue::Text(t) => Some(format!("<{t}>")),
        HeaderValue::TextList(l) => Some(
            l.iter()
                .map(|t| format!("<{t}>"))
                .collect::<Vec<_>>()
                .join(" "),
        ),
        _ => None,
    }
}

/// Why a mail must not be answered (RFC 3834 and the habits of mail
/// loops), if it must not: a delivery report, an automatic reply, list or
/// bulk mail, or one of ours come back.
fn automatic(m: &mail_parser::Message<'_>, from: Option<&str>, loop_mark: &str) -> Option<String> {
    let from_daemon = from.is_some_and(|f| {
        let local = f.split('@').next().unwrap_or("");
        local.eq_ignore_ascii_case("mailer-daemon") || local.eq_ignore_ascii_case("postmaster")
    });
    if from_daemon || from.is_none() {
        return Some("sent by a mail server (MAILER-DAEMON)".to_string());
    }
    if let Some(v) = m.header_raw("Auto-Submitted") {
        let v = v.trim().to_ascii_lowercase();
        if !v.starts_with("no") {
            return Some(format!("marked Auto-Submitted: {v}"));
        }
    }
    if let Some(v) = m.header_raw("Precedence") {
        let v = v.trim().to_ascii_lowercase();
        if ["bulk", "list", "junk"].contains(&v.as_str()) {
            return Some(format!("marked Precedence: {v}"));
        }
    }
    if m.header_raw("List-Id").is_some() || m.header_raw("List-Unsubscribe").is_some() {
        return Some("sent by a mailing list".to_string());
    }
    if m.header_raw("X-Loop")
        .is_some_and(|v| v.trim().eq_ignore_ascii_case(loop_mark))
    {
        return Some("one of our own messages".to_string());
    }
    None
}

/// The addresses a delivery status report says failed.
fn bounced(m: &mail_parser::Message<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for part in m.parts.iter() {
        let is_status = part.content_type().is_some_and(|ct| {
            ct.ctype().eq_ignore_ascii_case("message")
                && ct
                    .subtype()
                    .is_some_and(|s| s.eq_ignore_ascii_case("delivery-status"))
        });
        let body = match &part.body {
            PartType::Text(t) if is_status => t.to_string(),
            PartType::Binary(b) | PartType::InlineBinary(b) if is_status => {
                String::from_utf8_lossy(b).into_owned()
            }
            _ => continue,
        };
        let mut failed = false;
        let mut recipient = None;
        for line in body.lines() {
            let (k, v) = match line.split_once(':') {
                Some((k, v)) => (k.trim().to_ascii_lowercase(), v.trim()),
                None => continue,
            };
            match k.as_str() {
                "final-recipient" | "original-recipient" if recipient.is_none() => {
                    recipient = Some(
                        v.rsplit(';')
                            .next()
                            .unwrap_or(v)
                            .trim()
                            .to_ascii_lowercase(),
                    );
                }
                "action" => failed |= v.eq_ignore_ascii_case("failed"),
                _ => {}
            }
        }
        if let (true, Some(r)) = (failed, recipient)
            && !out.contains(&r)
        {
            out.push(r);
        }
    }
    out
}

/// Read a raw mail. `loop_mark` is the value our own messages carry in
/// X-Loop.
pub fn read(raw: &[u8], loop_mark: &str) -> Mail {
    let Some(m) = MessageParser::default().parse(raw) else {
        return Mail {
            text: String::from_utf8_lossy(raw).into_owned(),
            notes: vec![
                "note: this message could not be read as a mail; its bytes were read as text"
                    .to_string(),
            ],
            ..Mail::default()
        };
    };
    let from = address(m.from());
    let reply_to = address(m.reply_to()).or_else(|| from.clone());
    let mut recipients = all(m.to());
    recipients.extend(all(m.cc()));
    for h in ["Delivered-To", "X-Original-To"] {
        if let Some(v) = m.header_raw(h) {
            recipients.push(v.trim().trim_matches(['<', '>']).to_ascii_lowercase());
        }
    }
    let automatic = automatic(&m, from.as_deref(), loop_mark);
    let bounced = if automatic.is_some() {
        bounced(&m)
    } else {
        Vec::new()
    };

    let mut text = String::new();
    let mut notes = Vec::new();
    let plain: Vec<String> = m
        .text_bodies()
        .filter_map(|p| match &p.body {
            PartType::Text(t) => Some(t.to_string()),
            _ => None,
        })
        .collect();
    if !plain.is_empty() {
        text = plain.join("\n");
    } else if let Some(html) = m.body_html(0) {
        text = super::html::to_text(&html);
        let mut note = String::from(
            "warning: this mail has no plain-text part, only HTML; it was turned into text and these are the lines that were read (send plain text to be sure):\n",
        );
        // Shown back without any password they hold.
        for line in umpire_host::blank::passwords(&text).lines() {
            note.push_str("  | ");
            note.push_str(line);
            note.push('\n');
        }
        notes.push(note.trim_end().to_string());
    }
    for a in m.attachments() {
        let name = a
            .attachment_name()
            .unwrap_or("an unnamed attachment")
            .to_string();
        let textual = a
            .content_type()
            .is_none_or(|ct| ct.ctype().eq_ignore_ascii_case("text"))
            || name.to_ascii_lowercase().ends_with(".txt");
        match (&a.body, textual) {
            (PartType::Text(t), _) => {
                text.push_str("\n\n");
                text.push_str(t);
                notes.push(format!("note: the attachment `{name}` was read as orders"));
            }
            (PartType::Binary(b) | PartType::InlineBinary(b), true) => {
                let (t, _) = umpire_core::source::decode_text(b);
                text.push_str("\n\n");
                text.push_str(&t);
                notes.push(format!("note: the attachment `{name}` was read as orders"));
            }
            _ => notes.push(format!(
                "note: the attachment `{name}` was not read: only plain text is read"
            )),
        }
    }
    let text = text.replace("\r\n", "\n");
    Mail {
        reply_to,
        message_id: m.message_id().map(|id| format!("<{id}>")),
        references: ids(m.references()),
        subject: m.subject().unwrap_or("").to_string(),
        recipients,
        automatic,
        bounced,
        text,
        notes,
        from,
    }
}
