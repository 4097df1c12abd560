//! Faction-only orders, written between the GAME line and the first UNIT
//! line: EMAIL, PASSWORD, RESIGN, RESHOW. (NAME, SETTING and STANCE work
//! there too; they live with the unit orders of the same name.)

use std::fmt;

use serde::Serialize;

use crate::orders::args::Args;
use crate::orders::codes;
use crate::orders::lexer::TokenKind;
use crate::orders::print::{opt, quoted};
use crate::orders::refs::{FactionRef, Tag};
use crate::orders::spec::{Keyword, OrderSpec, Placement, Timing, Traits, Who};
use crate::orders::vocabulary::TagKind;
use crate::orders::words::RuleCategory;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Email {
    pub address: String,
}

impl Email {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Email> {
        let Some(tok) = a.take() else {
            return a.missing("an e-mail address");
        };
        let raw = tok.value(a.ctx.text);
        let address = raw
            .strip_prefix('<')
            .and_then(|s| s.strip_suffix('>'))
            .unwrap_or(raw);
        if !is_email(address) {
            let d = a
                .diag_at(
                    &codes::BAD_EMAIL,
                    tok,
                    format!("`{raw}` is not an e-mail address"),
                )
                .with_help("write the address alone, e.g. `EMAIL john@example.com`");
            return a.fail(d);
        }
        Some(Email {
            address: address.to_string(),
        })
    }
}

/// `local@domain.tld`, without spaces or quotes.
fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    let plain = |p: &str| {
        !p.is_empty()
            && p.chars().all(|c| {
                !c.is_whitespace() && !matches!(c, '"' | '<' | '>' | '@' | '#' | '“' | '”')
            })
    };
    plain(local)
        && plain(domain)
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EMAIL {}", self.address)
    }
}

pub const EMAIL: OrderSpec = OrderSpec {
    keyword: Keyword::Email,
    name: "EMAIL",
    aliases: &[],
    syntax: "EMAIL new-email-address",
    timing: Timing::Faction,
    who: Who::Faction,
    traits: Traits::NONE,
    placement: Placement::Faction,
    summary: "Changes the address that reports and order checks are sent to.",
    details: "",
    examples: &["EMAIL john@yahoo.com"],
    checklist: &["OV-FO-001"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Password {
    pub password: String,
}

impl Password {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Password> {
        let Some(tok) = a.take() else {
            return a.missing("a new password");
        };
        let pw = tok.value(a.ctx.text);
        let unprintable = pw.contains('"') && pw.contains('”');
        if pw.trim().is_empty() || unprintable {
            let d = a
                .diag_at(&codes::EMPTY_TEXT, tok, "the password is empty or unusable")
                .with_help("a password is one word, or quoted text without both kinds of quote");
            return a.fail(d);
        }
        if let TokenKind::Quoted { closed: false, .. } = tok.kind {
            let d = a
                .diag_at(&codes::UNTERMINATED_STRING, tok, "missing closing quote")
                .with_label("the password runs to the end of the line");
            a.warn(d);
        }
        Some(Password {
            password: pw.to_string(),
        })
    }
}

/// Write a password or other one-token text: bare when it reads back as one
/// word, quoted otherwise.
pub fn token_text(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    let bare = !s.is_empty()
        && !s
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, '#' | '"' | '“' | '”' | '\u{a0}'));
    if bare { f.write_str(s) } else { quoted(f, s) }
}

impl fmt::Display for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PASSWORD ")?;
        token_text(f, &self.password)
    }
}

pub const PASSWORD: OrderSpec = OrderSpec {
    keyword: Keyword::Password,
    name: "PASSWORD",
    aliases: &[],
    syntax: "PASSWORD new-password",
    timing: Timing::Faction,
    who: Who::Faction,
    traits: Traits::NONE,
    placement: Placement::Faction,
    summary: "Changes the password every later GAME, PRESS, RUMOR and REPORT must carry.",
    details: "The password is one word, or quoted text; its letter case matters.",
    examples: &["PASSWORD hooters123"],
    checklist: &["OV-FO-003", "OV-ORD-007"],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Resign {
    pub to: FactionRef,
}

impl Resign {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Resign> {
        Some(Resign { to: a.faction()? })
    }
}

impl fmt::Display for Resign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RESIGN {}", self.to)
    }
}

pub const RESIGN: OrderSpec = OrderSpec {
    keyword: Keyword::Resign,
    name: "RESIGN",
    aliases: &[],
    syntax: "RESIGN faction-id",
    timing: Timing::Faction,
    who: Who::Faction,
    traits: Traits::NONE,
    placement: Placement::Faction,
    summary: "Ends your faction: its units go over to the named non-player faction.",
    details: "The faction id is required: The Imperials, the Citizens, the Free People or the \
              Outlaws. Creatures go to the Creatures faction. The receiving faction always \
              takes the units.",
    examples: &["RESIGN np5"],
    checklist: &["OV-FO-004", "OV-FO-005", "OV-FO-006", "OV-FO-007"],
};

/// What RESHOW reprints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "value")]
pub enum ReshowWhat {
    All,
    Category(RuleCategory),
    /// One rule; a skill may add the level to start from.
    Rule(Tag, Option<u32>),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reshow {
    pub what: ReshowWhat,
}

impl Reshow {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Reshow> {
        let Some(tok) = a.take() else {
            return Some(Reshow {
                what: ReshowWhat::All,
            });
        };
        let text = a.text_of(tok);
        if tok.is_word() && text.eq_ignore_ascii_case("ALL") {
            return Some(Reshow {
                what: ReshowWhat::All,
            });
        }
        if let Some(c) = tok
            .is_word()
            .then(|| RuleCategory::from_word(text))
            .flatten()
        {
            return Some(Reshow {
                what: ReshowWhat::Category(c),
            });
        }
        let Some(tag) = tok.is_word().then(|| Tag::new(text)).flatten() else {
            return a.wrong(tok, "ALL, a rule category or a tag");
        };
        let kinds = a.scope.vocabulary.map(|v| v.kinds_of(tag));
        if kinds.as_ref().is_some_and(Vec::is_empty) {
            // Unknown everywhere: report it as a skill, the usual case.
            a.check_known(tok, tag, TagKind::Skill)?;
        }
        let level = a.opt_number("a skill level")?;
        Some(Reshow {
            what: ReshowWhat::Rule(tag, level),
        })
    }
}

impl fmt::Display for Reshow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.what {
            ReshowWhat::All => f.write_str("RESHOW ALL"),
            ReshowWhat::Category(c) => write!(f, "RESHOW {c}"),
            ReshowWhat::Rule(t, level) => {
                write!(f, "RESHOW {t}")?;
                opt(f, &level)
            }
        }
    }
}

pub const RESHOW: OrderSpec = OrderSpec {
    keyword: Keyword::Reshow,
    name: "RESHOW",
    aliases: &[],
    syntax: "RESHOW [ALL] | rule-category | rule-tag | skill-tag [skill-level]",
    timing: Timing::Faction,
    who: Who::Faction,
    traits: Traits::NONE,
    placement: Placement::Faction,
    summary: "Reprints descriptions of rules your faction already knows.",
    details: "ALL (or nothing) reprints everything known; a category (ITEMS, SKILLS, RACES, \
              TERRAINS, TITLES, CONSTRUCTIONS) all of that kind; a tag that one rule; a skill \
              tag with a level, that skill from the level up to the highest your faction \
              reached. Never reveals what your faction has not discovered. A faction order \
              although the rules' list of faction orders omits it (decision OV-ORD-011).",
    examples: &["RESHOW ALL", "RESHOW CMBT 2"],
    checklist: &[
        "OV-FO-020",
        "OV-FO-021",
        "OV-FO-022",
        "OV-FO-023",
        "OV-FO-024",
        "OV-ORD-011",
    ],
};
