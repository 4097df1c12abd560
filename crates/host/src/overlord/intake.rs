//! A player's mail into an Overlord game directory (`umpire overlord
//! submit`).
//!
//! Every envelope of the mail is taken on its own (OV-SRV-002, 004):
//!
//! - `#GAME`: the faction must exist and the password match (a faction
//!   with no password set takes any, as the turn itself does); the game
//!   name, when written, must be this game's. Orders for the turn being
//!   collected (the world's turn + 1, or no turn written) are stored as
//!   `orders/N/fNN.txt`, replacing what the faction sent for that turn
//!   before (OV-SRV-010); orders naming a later turn are archived in that
//!   turn's folder (OV-SRV-007); a turn already run is refused (OV-SRV-008),
//!   and so is the turn being run while `turns/N.partial/` exists
//!   (OV-SRV-009).
//! - `#PRESS` and `#RUMOR`: stored apart, under `press/N/signed/` and
//!   `press/N/rumors/`, one file per article, for the newspaper and the
//!   press rewards of the turn being collected (OV-PRESS-001..004).
//! - `#REPORT faction password [turn]`: nothing is stored; the faction's
//!   stored report of that turn (default the last run) is printed
//!   (OV-SRV-011, 012).
//!
//! What is stored is the envelope as the server understood it, in
//! canonical form (what `umpire overlord fmt` prints): orders with errors
//! are left out and shown to the player now, so the file in `orders/N/` is
//! exactly what the turn will run, free of quoted mail and signatures. The
//! header keeps the password, since the run checks it again.
//!
//! A wrong password, an unknown faction or a turn already run stores
//! nothing of that envelope; the answer says why, and the exit status is 1.

use std::collections::HashMap;
use std::path::Path;

use anyhow::Result;
use umpire_core::diagnostic::{RenderOptions, plural, render};
use umpire_overlord::orders::{
    self, Article, Envelope, Header, OrderSet, ParseOptions, UnitRef, Vocabulary, codes,
};
use umpire_overlord::world::faction::password_matches;
use umpire_overlord::world::{FactionId, World};

use super::layout::{self, faction_file, staging_dir};
use crate::files;

/// The answer to one envelope.
pub struct Receipt {
    /// The checker's findings for the envelope, rendered compiler-style.
    pub findings: Vec<String>,
    /// One line: `f5: 12 units' orders stored for turn 3 (replacing earlier ones)`.
    pub line: String,
    /// Nothing of the envelope was stored, and that is an error.
    pub refused: bool,
    /// The report a `#REPORT` asked for.
    pub report: Option<String>,
}

/// The answer to a whole mail.
pub struct Submitted {
    /// Findings about the mail as a whole (its encoding, no envelope).
    pub general: Vec<String>,
    pub receipts: Vec<Receipt>,
}

impl Submitted {
    /// How many envelopes were refused.
    pub fn refused(&self) -> usize {
        self.receipts.iter().filter(|r| r.refused).count()
    }

    /// The answer as the player reads it.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for f in &self.general {
            out.push_str(f);
            out.push('\n');
        }
        for r in &self.receipts {
            for f in &r.findings {
                out.push_str(f);
                out.push('\n');
            }
            out.push_str(&r.line);
            out.push('\n');
            if let Some(report) = &r.report {
                out.push('\n');
                out.push_str(report);
            }
        }
        out
    }
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

/// Take every envelope of one mail into the game in `dir`, whose world is
/// `world`.
pub fn submit_mail(
    dir: &Path,
    world: &World,
    name: &str,
    bytes: &[u8],
    color: bool,
) -> Result<Submitted> {
    let parse = ParseOptions {
        vocabulary: Some(Vocabulary::builtin()),
    };
    let checked = orders::check(name, bytes, parse);
    let envelopes = &checked.message.envelopes;

    // Each envelope runs from its header line to the next header line.
    let mut starts: Vec<(u32, Group)> = envelopes
        .iter()
        .enumerate()
        .map(|(i, e)| (e.header().line, Group::Envelope(i)))
        .collect();
    for d in &checked.diagnostics {
        if d.code == codes::HEADER_FACTION.code || d.code == codes::HEADER_PASSWORD.code {
            if let Some(p) = d.position {
                starts.push((p.line, Group::Dropped(p.line)));
            }
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
    let mut general = Vec::new();
    let mut by_group: HashMap<Group, (Vec<String>, usize)> = HashMap::new();
    for d in &checked.diagnostics {
        let text = render(d, Some(&checked.source), render_opts);
        match group_of(d.position.map(|p| p.line)) {
            Group::General => general.push(text),
            g => {
                let entry = by_group.entry(g).or_default();
                entry.0.push(text);
                entry.1 += usize::from(d.is_error());
            }
        }
    }

    let mut taker = Taker {
        dir,
        name,
        world,
        owners: None,
    };
    let mut receipts = Vec::new();
    for &(_, group) in &starts {
        let (findings, errors) = by_group.remove(&group).unwrap_or_default();
        let mut receipt = match group {
            Group::Envelope(i) => taker.take(&envelopes[i], errors)?,
            Group::Dropped(line) => Receipt {
                findings: Vec::new(),
                line: format!(
                    "{name}:{line}: this envelope was not read: its header needs the faction id and the password; nothing stored"
                ),
                refused: true,
                report: None,
            },
            Group::General => continue,
        };
        let mut all = findings;
        all.append(&mut receipt.findings);
        receipt.findings = all;
        receipts.push(receipt);
    }
    if receipts.is_empty() {
        receipts.push(Receipt {
            findings: Vec::new(),
            line: format!(
                "{name}: no #GAME, #PRESS, #RUMOR or #REPORT envelope found; nothing stored"
            ),
            refused: true,
            report: None,
        });
    }
    Ok(Submitted { general, receipts })
}

/// "12 units' orders and 1 faction order".
fn what_orders(set: &OrderSet) -> String {
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

/// Takes envelopes into the game directory.
struct Taker<'a> {
    dir: &'a Path,
    /// The mail's name, for findings.
    name: &'a str,
    world: &'a World,
    /// Unit number → faction number, built the first time it is needed.
    owners: Option<HashMap<u32, u32>>,
}

fn refused(who: &str, why: &str) -> Receipt {
    Receipt {
        findings: Vec::new(),
        line: format!("{who}: refused: {why}; nothing stored"),
        refused: true,
        report: None,
    }
}

fn stored(line: String) -> Receipt {
    Receipt {
        findings: Vec::new(),
        line,
        refused: false,
        report: None,
    }
}

impl Taker<'_> {
    /// The turn orders and articles go to now.
    fn collecting(&self) -> u32 {
        self.world.turn + 1
    }

    /// The faction the header names, if the game, the faction and the
    /// password check (OV-SRV-005, OV-PRESS-003).
    /// Refusals name the faction as the game knows it when it exists.
    fn authenticate(&self, h: &Header) -> std::result::Result<FactionId, (String, String)> {
        let number = match h.faction {
            orders::FactionRef::Player(n) | orders::FactionRef::Npc(n) => n,
        };
        let found = self.world.faction_by_number(number);
        let who = found.map_or_else(|| h.faction.to_string(), |f| self.world.factions[f].code());
        if let Some(game) = &h.game {
            if !game.eq_ignore_ascii_case(&self.world.game) {
                return Err((
                    who,
                    format!(
                        "the envelope is for game `{game}`; this is game `{}`",
                        self.world.game
                    ),
                ));
            }
        }
        let Some(f) = found else {
            return Err((
                who,
                format!(
                    "there is no faction {} in game `{}`",
                    h.faction, self.world.game
                ),
            ));
        };
        // As the turn does: a faction with no password set takes any.
        let hash = &self.world.factions[f].password_hash;
        if !hash.is_empty() && !password_matches(hash, &h.password) {
            return Err((who.clone(), format!("wrong password for {who}")));
        }
        Ok(f)
    }

    /// Turn `turn` is being run now (its staging folder exists).
    fn running(&self, turn: u32) -> Option<String> {
        staging_dir(self.dir, turn).exists().then(|| {
            format!(
                "turn {turn} is being run, so it takes nothing more (orders naming turn {} are still taken; if no run is going on, a run stopped part way: the game master runs the turn again)",
                turn + 1
            )
        })
    }

    fn take(&mut self, e: &Envelope, errors: usize) -> Result<Receipt> {
        let f = match self.authenticate(e.header()) {
            Ok(f) => f,
            Err((who, why)) => return Ok(refused(&who, &why)),
        };
        let who = self.world.factions[f].code();
        match e {
            Envelope::Orders(set) => self.orders(set, f, &who, errors),
            Envelope::Press(a) => self.article(a, f, &who, true),
            Envelope::Rumor(a) => self.article(a, f, &who, false),
            Envelope::Report(h) => self.report(h, f, &who),
        }
    }

    fn orders(
        &mut self,
        set: &OrderSet,
        f: FactionId,
        who: &str,
        errors: usize,
    ) -> Result<Receipt> {
        let faction = &self.world.factions[f];
        if faction.resigned {
            return Ok(refused(who, &format!("{who} has resigned")));
        }
        let collecting = self.collecting();
        let turn = set.header.turn.unwrap_or(collecting);
        if turn < collecting {
            return Ok(refused(
                who,
                &format!(
                    "turn {turn} has already been run (orders are taken for turn {collecting} and later)"
                ),
            ));
        }
        if turn == collecting {
            if let Some(why) = self.running(turn) {
                return Ok(refused(who, &why));
            }
        }
        let path = layout::orders_dir(self.dir, turn).join(faction_file(faction.number));
        let replacing = path.exists();
        files::write_atomic(&path, set.to_string().as_bytes())?;

        let what = what_orders(set);
        let verb = if turn == collecting {
            "stored"
        } else {
            "archived"
        };
        let mut line = format!("{who}: {what} {verb} for turn {turn}");
        if replacing {
            line.push_str(" (replacing earlier ones)");
        }
        if errors > 0 {
            line.push_str(&format!(
                "; {} with errors left out (see above)",
                plural(errors, "order", "orders")
            ));
        }
        let mut receipt = stored(line);
        // Obvious execution problems, for the turn being collected only:
        // a later turn's units may have changed hands by then (OV-SRV-006, 007).
        if turn == collecting {
            receipt.findings = self.ownership(set, faction.number, who);
        }
        Ok(receipt)
    }

    /// UNIT sections naming units the faction does not own (OV-ORD-015).
    fn ownership(&mut self, set: &OrderSet, number: u32, who: &str) -> Vec<String> {
        let world = self.world;
        let owners = self.owners.get_or_insert_with(|| {
            world
                .units
                .values()
                .filter(|u| !u.gone)
                .map(|u| (u.number, world.factions[u.faction].number))
                .collect()
        });
        let mut out = Vec::new();
        for s in &set.units {
            let UnitRef::Id(n) = s.unit else { continue };
            match owners.get(&n) {
                Some(&owner) if owner == number => {}
                Some(_) => out.push(format!(
                    "{}:{}: warning: U{n} is not one of {who}'s units; its orders will be refused",
                    self.name, s.line
                )),
                None => out.push(format!(
                    "{}:{}: warning: there is no unit U{n} in this game; its orders will be refused",
                    self.name, s.line
                )),
            }
        }
        out
    }

    fn article(&self, a: &Article, f: FactionId, who: &str, signed: bool) -> Result<Receipt> {
        let turn = self.collecting();
        if let Some(why) = self.running(turn) {
            return Ok(refused(who, &why));
        }
        let folder = layout::press_dir(self.dir, turn).join(if signed {
            layout::SIGNED
        } else {
            layout::RUMORS
        });
        let stem = format!(
            "{}",
            orders::FactionRef::Player(self.world.factions[f].number)
        );
        files::write_new_numbered(&folder, &stem, a.to_string().as_bytes())?;
        let lines = plural(a.lines.len(), "line", "lines");
        Ok(stored(format!(
            "{who}: {} ({lines}) stored for the newspaper of turn {turn}",
            if signed { "signed article" } else { "rumour" }
        )))
    }

    fn report(&self, h: &Header, f: FactionId, who: &str) -> Result<Receipt> {
        let number = self.world.factions[f].number;
        Ok(match super::reports::stored(self.dir, number, h.turn)? {
            Ok((turn, text)) => Receipt {
                findings: Vec::new(),
                line: format!("{who}: the report for turn {turn} follows"),
                refused: false,
                report: Some(text),
            },
            Err(super::reports::Missing(why)) => Receipt {
                findings: Vec::new(),
                line: format!("{who}: refused: {why}"),
                refused: true,
                report: None,
            },
        })
    }
}
