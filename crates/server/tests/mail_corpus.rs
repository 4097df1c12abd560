//! Mail as real clients send it (`fixtures/mail/`): each is read into the
//! text the checker sees, with a note wherever the player should know how
//! it was read (OV-SRV-003), and machines' mail is recognised.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use umpire_server::mail::message::{Mail, read};

fn fixture(name: &str) -> Mail {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mail")
        .join(name);
    read(&std::fs::read(&path).unwrap(), "umpire@game.test")
}

#[test]
fn a_plain_mail_with_a_signature_is_read_whole() {
    let m = fixture("thunderbird-flowed.eml");
    assert_eq!(m.from.as_deref(), Some("ann@players.test"));
    assert_eq!(m.message_id.as_deref(), Some("<tb-1@players.test>"));
    assert_eq!(m.recipients, ["server@game.test"]);
    assert!(
        m.text
            .contains("#GAME f5 hunter2 spring\nUNIT U12\nWORK\nUNIT U13\nSTUDY cmbt\n#END"),
        "{}",
        m.text
    );
    assert!(m.automatic.is_none());
    assert!(m.notes.is_empty(), "{:?}", m.notes);
}

#[test]
fn ov_srv_003_multipart_alternative_takes_the_text_part_decoded() {
    let m = fixture("gmail-alternative.eml");
    assert!(m.text.contains("Here are my orders:"), "{}", m.text);
    assert!(m.text.contains("UNIT U13\nSTUDY cmbt"), "{}", m.text);
    assert!(!m.text.contains("<div"), "the HTML twin is not read");
    assert!(
        !m.text.contains("=20") && !m.text.contains("=\n"),
        "{}",
        m.text
    );
    assert_eq!(
        m.references.as_deref(),
        Some("<umpire.40.spring@game.test> <umpire.41.spring@game.test>")
    );
    assert!(m.notes.is_empty(), "{:?}", m.notes);
}

#[test]
fn a_declared_charset_is_decoded() {
    let m = fixture("outlook-windows-1252.eml");
    assert_eq!(m.from.as_deref(), Some("chloe@players.test"));
    assert!(m.text.contains("Voilà mes ordres, général"), "{}", m.text);
    assert!(m.text.contains("NAME UNIT \"Légion d'été\""), "{}", m.text);
}

#[test]
fn ov_srv_003_an_html_only_mail_is_read_and_the_lines_read_are_shown() {
    let m = fixture("html-only.eml");
    for line in ["#GAME f5 hunter2 spring", "UNIT U12", "WORK", "#END"] {
        assert!(
            m.text.lines().any(|l| l.trim() == line),
            "{line}: {}",
            m.text
        );
    }
    assert_eq!(m.notes.len(), 1);
    let note = &m.notes[0];
    assert!(
        note.starts_with("warning: this mail has no plain-text part, only HTML"),
        "{note}"
    );
    assert!(note.contains("  | UNIT U12"), "{note}");
    assert!(note.contains("  | #GAME f5 ******* spring"), "{note}");
    assert!(
        !note.contains("hunter2"),
        "no reply repeats a password: {note}"
    );
}

#[test]
fn an_order_file_attached_is_read_and_other_attachments_are_named() {
    let m = fixture("attachment-base64.eml");
    assert!(
        m.text.starts_with("My orders are in the attached file."),
        "{}",
        m.text
    );
    assert!(
        m.text.contains("#GAME f5 hunter2 spring\nUNIT U12"),
        "{}",
        m.text
    );
    assert!(
        m.notes
            .iter()
            .any(|n| n == "note: the attachment `f5-orders.txt` was read as orders"),
        "{:?}",
        m.notes
    );
    assert!(
        m.notes
            .iter()
            .any(|n| n == "note: the attachment `map.pdf` was not read: only plain text is read"),
        "{:?}",
        m.notes
    );
}

#[test]
fn a_quoted_reply_keeps_the_new_orders_and_the_quote_apart() {
    let m = fixture("quoted-reply.eml");
    let orders = m.text.find("#GAME f5").unwrap();
    let quote = m.text.find("> mail:3:1").unwrap();
    assert!(orders < quote);
}

#[test]
fn quoted_printable_spaces_are_decoded() {
    let m = fixture("qp-debris.eml");
    assert!(
        m.text.contains("#GAME f5 hunter2 spring \nUNIT U12 \nWORK"),
        "{:?}",
        m.text
    );
}

#[test]
fn an_automatic_reply_is_not_to_be_answered() {
    let m = fixture("vacation.eml");
    assert_eq!(
        m.automatic.as_deref(),
        Some("marked Auto-Submitted: auto-replied")
    );
    assert!(m.bounced.is_empty());
}

#[test]
fn a_bounce_names_the_address_that_failed() {
    let m = fixture("bounce.eml");
    assert_eq!(
        m.automatic.as_deref(),
        Some("sent by a mail server (MAILER-DAEMON)")
    );
    assert_eq!(m.bounced, ["gone.player@players.test"]);
}

#[test]
fn our_own_mail_come_back_is_recognised() {
    let raw = b"From: server@game.test\r\nTo: ann@players.test\r\nX-Loop: umpire@game.test\r\nSubject: x\r\n\r\nhello\r\n";
    let m = read(raw, "umpire@game.test");
    assert_eq!(m.automatic.as_deref(), Some("one of our own messages"));
    let list =
        b"From: list@lists.test\r\nList-Id: <players.lists.test>\r\nSubject: x\r\n\r\nhello\r\n";
    assert_eq!(
        read(list, "umpire@game.test").automatic.as_deref(),
        Some("sent by a mailing list")
    );
    let bulk = b"From: news@shop.test\r\nPrecedence: bulk\r\nSubject: x\r\n\r\nhello\r\n";
    assert_eq!(
        read(bulk, "umpire@game.test").automatic.as_deref(),
        Some("marked Precedence: bulk")
    );
}

#[test]
fn bytes_that_are_not_a_mail_are_read_as_text_with_a_note() {
    let m = read(b"#GAME f5 pw spring\n#END\n", "umpire@game.test");
    assert!(m.text.contains("#GAME f5"));
}
