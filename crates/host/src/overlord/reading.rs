//! Reading a player's mail against an Overlord world: every envelope with
//! its findings, whose it claims to be and what it asks (OV-SRV-002, 004,
//! 006). Nothing is stored and no password is checked here: a game folder
//! ([`super::intake`]) and the host ([`crate::host`]) each do that their
//! own way, from the same reading.
//!
//! A [`Reader`] indexes the world once (factions, which unit is whose), so
//! reading a thousand mails costs a thousand times one mail, not a
//! thousand loads of the world.

use std::collections::HashMap;

use umpire_core::diagnostic::{RenderOptions, plural, render};
use umpire_overlord::orders::{
    self, Article, Envelope as Parsed, FactionOrder, FactionRef, Header, OrderSet, ParseOptions,
    UnitRef, Vocabulary, codes,
};
use umpire_overlord::world::World;

use crate::envelope::{Envelope, Mail, Orders, Reading, Request};
use crate::password::Secret;

/// A faction as a reader needs it.
#[derive(Clone, Debug)]
struct Faction {
    code: String,
    resigned: bool,
}

/// Reads mail for one world.
#[derive(Clone, Debug)]
pub struct Reader {
    game: String,
    factions: HashMap<u32, Faction>,
    /// Unit number → its faction's number.
    owners: HashMap<u32, u32>,
}

/// A mail read: the kind-neutral [`Reading`], and beside each envelope
/// what was parsed, for a caller that stores envelopes whole (a game
/// folder keeps the password on the header for its own turn to check).
pub struct Read {
    pub reading: Reading,
    /// One per envelope of `reading`: the envelope as parsed, when it was
    /// not refused.
    pub parsed: Vec<Option<Parsed>>,
}

/// Which envelope a finding belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Group {
    /// Before any envelope, or about the whole mail.
    General,
    /// The kept envelope with this index.
    Envelope(usize),
    /// An envelope the checker could not keep (its header lacks the
    /// faction or the password), starting on this line.
    Dropped(u32),
}

/// "12 units' orders and 1 faction order".
pub fn what_orders(set: &OrderSet) -> String {
    let units = set.units.len();
    let faction = plural(set.faction_orders.len(), "faction order", "faction orders");
    match (units, set.faction_orders.len()) {
        (0, 0) => "an empty order set".to_string(),
        (0, _) => faction,
        (1, 0) => "1 unit's orders".to_string(),
        (n, 0) => format!("{n} units' orders"),
        (1, _) => format!("1 unit's orders and {faction}"),
        (n, _) => format!("{n} units' orders and {faction}"),
    }
}

/// The orders as stored by the host: no password on the header, and a
/// PASSWORD order's new password replaced by the placeholder (the host
/// keeps only its hash). Returns the text and the new password.
pub fn without_passwords(set: &OrderSet) -> (String, Option<Secret>) {
    let mut set = set.clone();
    set.header.password = String::new();
    let mut new_password = None;
    for o in &mut set.faction_orders {
        if let FactionOrder::Password(p) = &mut o.value {
            new_password = Some(Secret::new(std::mem::replace(
                &mut p.password,
                orders::ast::PASSWORD_PLACEHOLDER.to_string(),
            )));
        }
    }
    (set.to_string(), new_password)
}

/// The orders as the answer shows them: canonical, the header's password
/// and a new password as placeholders.
fn shown(set: &OrderSet) -> String {
    let mut set = set.clone();
    set.header.password = "********".to_string();
    for o in &mut set.faction_orders {
        if let FactionOrder::Password(p) = &mut o.value {
            p.password = orders::ast::PASSWORD_PLACEHOLDER.to_string();
        }
    }
    set.to_string()
}

impl Reader {
    /// Index `world` for reading mail.
    pub fn new(world: &World) -> Reader {
        Reader {
            game: world.game.clone(),
            factions: world
                .factions
                .values()
                .map(|f| {
                    (
                        f.number,
                        Faction {
                            code: f.code(),
                            resigned: f.resigned,
                        },
                    )
                })
                .collect(),
            owners: world
                .units
                .values()
                .filter(|u| !u.gone)
                .map(|u| (u.number, world.factions[u.faction].number))
                .collect(),
        }
    }

    /// Check orders as a player writes them: every finding of the parser
    /// and checker, and a warning for each UNIT that is not `seat`'s.
    pub fn check(&self, seat: &str, text: &str) -> Vec<umpire_core::Diagnostic> {
        let parse = ParseOptions {
            vocabulary: Some(Vocabulary::builtin()),
        };
        let checked = orders::check("orders", text.as_bytes(), parse);
        let mut out = checked.diagnostics;
        let number = super::layout::parse_faction(seat).unwrap_or(0);
        let source = checked.source.shared_name();
        for e in &checked.message.envelopes {
            let Parsed::Orders(set) = e else { continue };
            for s in &set.units {
                let UnitRef::Id(n) = s.unit else { continue };
                let why = match self.owners.get(&n) {
                    Some(&owner) if owner == number => continue,
                    Some(_) => {
                        format!("U{n} is not one of f{number}'s units; its orders will be refused")
                    }
                    None => {
                        format!("there is no unit U{n} in this game; its orders will be refused")
                    }
                };
                let mut d = umpire_core::Diagnostic::warning(
                    codes::NOT_THE_FACTIONS_UNIT.code,
                    source.clone(),
                    why,
                );
                d.position = Some(umpire_core::source::Position {
                    line: s.line,
                    column: 1,
                    end_column: 1,
                });
                out.push(d);
            }
        }
        out.sort_by_key(|d| d.position.map(|p| (p.line, p.column)));
        out
    }

    /// Read one mail; `color` colours the rendered findings.
    pub fn read(&self, mail: Mail<'_>, color: bool) -> Read {
        let name = mail.name;
        let parse = ParseOptions {
            vocabulary: Some(Vocabulary::builtin()),
        };
        let checked = orders::check(name, mail.bytes, parse);
        let envelopes = &checked.message.envelopes;

        // Each envelope runs from its header line to the next header line.
        let mut starts: Vec<(u32, Group)> = envelopes
            .iter()
            .enumerate()
            .map(|(i, e)| (e.header().line, Group::Envelope(i)))
            .collect();
        for d in &checked.diagnostics {
            if (d.code == codes::HEADER_FACTION.code || d.code == codes::HEADER_PASSWORD.code)
                && let Some(p) = d.position
            {
                starts.push((p.line, Group::Dropped(p.line)));
            }
        }
        starts.sort_by_key(|(line, _)| *line);
        starts.dedup_by_key(|(line, _)| *line);
        let group_of = |line: Option<u32>| -> Group {
            let Some(line) = line else {
                return Group::General;
            };
            match starts.partition_point(|(l, _)| *l <= line) {
                0 => Group::General,
                k => starts[k - 1].1,
            }
        };
        let render_opts = RenderOptions { color };
        // Findings quote the mail without its passwords.
        let blanked = crate::blank::passwords(checked.source.text());
        let shown = umpire_core::source::SourceFile::new(name.to_string(), blanked.clone());
        let mut general = Vec::new();
        let mut by_group: HashMap<Group, (Vec<String>, usize)> = HashMap::new();
        for d in &checked.diagnostics {
            let text = render(d, Some(&shown), render_opts);
            match group_of(d.position.map(|p| p.line)) {
                Group::General => general.push(text),
                g => {
                    let entry = by_group.entry(g).or_default();
                    entry.0.push(text);
                    entry.1 += usize::from(d.is_error());
                }
            }
        }

        let mut out = Vec::new();
        let mut parsed = Vec::new();
        for &(line, group) in &starts {
            let (findings, errors) = by_group.remove(&group).unwrap_or_default();
            match group {
                Group::Envelope(i) => {
                    let envelope = self.envelope(name, &envelopes[i], findings, errors);
                    let kept = !matches!(envelope.request, Request::Refused { .. });
                    out.push(envelope);
                    parsed.push(kept.then(|| envelopes[i].clone()));
                }
                Group::Dropped(_) => {
                    out.push(Envelope {
                        line,
                        seat: None,
                        who: format!("{name}:{line}"),
                        password: Secret::default(),
                        findings,
                        request: Request::Refused {
                            why: "this envelope was not read: its header needs the faction id and the password".to_string(),
                        },
                    });
                    parsed.push(None);
                }
                Group::General => {}
            }
        }
        Read {
            reading: Reading {
                general,
                envelopes: out,
                text: blanked,
            },
            parsed,
        }
    }

    /// One envelope: whose it is, what it asks, and its order set.
    fn envelope(&self, name: &str, e: &Parsed, findings: Vec<String>, errors: usize) -> Envelope {
        let h = e.header();
        let number = match h.faction {
            FactionRef::Player(n) | FactionRef::Npc(n) => n,
        };
        let found = self.factions.get(&number);
        let who = found.map_or_else(|| h.faction.to_string(), |f| f.code.clone());
        let mut envelope = Envelope {
            line: h.line,
            seat: found.map(|f| f.code.clone()),
            who: who.clone(),
            password: Secret::new(h.password.clone()),
            findings,
            request: Request::Refused { why: String::new() },
        };
        if let Some(why) = self.refusal(h, found) {
            envelope.request = Request::Refused { why };
            return envelope;
        }
        envelope.request = match e {
            Parsed::Orders(set) => {
                if found.is_some_and(|f| f.resigned) {
                    Request::Refused {
                        why: format!("{who} has resigned"),
                    }
                } else {
                    let (text, new_password) = without_passwords(set);
                    let shown = shown(set);
                    let empty = set.units.is_empty() && set.faction_orders.is_empty();
                    Request::Orders(Orders {
                        turn: set.header.turn,
                        text,
                        summary: what_orders(set),
                        errors,
                        warnings: self.ownership(name, set, number, &who),
                        new_password,
                        shown,
                        empty,
                    })
                }
            }
            Parsed::Press(a) => article(a, true),
            Parsed::Rumor(a) => article(a, false),
            Parsed::Report(h) => Request::Report { turn: h.turn },
        };
        envelope
    }

    /// Why an envelope is refused before its password is looked at: it is
    /// for another game, or names no faction of this one (OV-SRV-005).
    fn refusal(&self, h: &Header, found: Option<&Faction>) -> Option<String> {
        if let Some(game) = &h.game
            && !game.eq_ignore_ascii_case(&self.game)
        {
            return Some(format!(
                "the envelope is for game `{game}`; this is game `{}`",
                self.game
            ));
        }
        if found.is_none() {
            return Some(format!(
                "there is no faction {} in game `{}`",
                h.faction, self.game
            ));
        }
        None
    }

    /// UNIT sections naming units the faction does not own (OV-ORD-015):
    /// the obvious execution problems of OV-SRV-006.
    fn ownership(&self, name: &str, set: &OrderSet, number: u32, who: &str) -> Vec<String> {
        let mut out = Vec::new();
        for s in &set.units {
            let UnitRef::Id(n) = s.unit else { continue };
            match self.owners.get(&n) {
                Some(&owner) if owner == number => {}
                Some(_) => out.push(format!(
                    "{name}:{}: warning: U{n} is not one of {who}'s units; its orders will be refused",
                    s.line
                )),
                None => out.push(format!(
                    "{name}:{}: warning: there is no unit U{n} in this game; its orders will be refused",
                    s.line
                )),
            }
        }
        out
    }
}

fn article(a: &Article, signed: bool) -> Request {
    let lines = plural(a.lines.len(), "line", "lines");
    let mut a = a.clone();
    a.header.password = String::new();
    Request::Article {
        signed,
        // The newspaper is public: a password quoted in an article (an
        // earlier mail's header, a line beginning PASSWORD) is blanked.
        text: crate::blank::passwords(&a.to_string()),
        summary: format!(
            "{} ({lines})",
            if signed { "signed article" } else { "rumour" }
        ),
    }
}
