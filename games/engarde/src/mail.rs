//! Reading a player's mail: parse the sheet, check it against the world,
//! and find whose it claims to be (the CHARACTER line). The PASSWORD line
//! is read but not checked here: passwords are the host's to check
//! (`umpire_host::password`), so no game compares one.

use std::sync::Arc;

use umpire_core::diagnostic::Diagnostic;
use umpire_core::source::SourceFile;

use crate::orders::ast::OrderSheet;
use crate::orders::codes;
use crate::orders::{check, parse};
use crate::tables::Tables;
use crate::world::{CharacterId, World};

/// A sheet, read.
#[derive(Debug, Clone)]
pub struct Read {
    pub sheet: OrderSheet,
    pub diagnostics: Vec<Diagnostic>,
    /// Whose orders these claim to be, when that could be settled: a
    /// living player's character of the game (whose password the host
    /// checks).
    pub character: Option<CharacterId>,
}

impl Read {
    /// Whether the sheet can be accepted for its character.
    pub fn accepted(&self) -> bool {
        self.character.is_some()
    }

    /// The sheet as the month runs it, without the orders the check
    /// found errors in, and those left out (`source` is the one read).
    pub fn runnable(
        &self,
        source: &SourceFile,
    ) -> (OrderSheet, Vec<crate::orders::left_out::LeftOut>) {
        crate::orders::left_out::runnable(&self.sheet, &self.diagnostics, source)
    }
}

/// Parse and check one sheet, and settle whose it is. For many sheets of
/// one game, make a [`Reader`] once.
pub fn read(world: &World, tables: &Tables, source: &SourceFile) -> Read {
    Reader::new(world, tables).read(source)
}

/// Reads a game's mail: the world's names indexed once, so that reading
/// thousands of sheets costs the same per sheet as reading one.
pub struct Reader<'w> {
    world: &'w World,
    vocabulary: crate::orders::ast::Vocabulary,
    names: std::collections::HashMap<String, crate::world::CharacterId>,
}

impl<'w> Reader<'w> {
    /// Index the world's names.
    pub fn new(world: &'w World, tables: &Tables) -> Reader<'w> {
        Reader {
            world,
            vocabulary: world.vocabulary(tables),
            names: world.name_index(),
        }
    }

    /// Parse and check a sheet, and settle whose it is.
    pub fn read(&self, source: &SourceFile) -> Read {
        read_with(self, source)
    }
}

fn read_with(reader: &Reader<'_>, source: &SourceFile) -> Read {
    let world = reader.world;
    let (sheet, mut diagnostics) = parse(source);
    diagnostics.extend(check(&sheet, &reader.vocabulary, source));
    let name: Arc<str> = source.shared_name();
    let mut character = None;
    if let Some(c) = &sheet.character {
        match reader
            .names
            .get(&crate::world::normalise(&c.value))
            .copied()
        {
            None => {
                // Said once, as the reason the sheet is refused.
                diagnostics.retain(|d| {
                    !(d.code == codes::UNKNOWN_CHARACTER.code
                        && d.position.is_some_and(|p| p.line == c.line))
                });
                let mut d = Diagnostic::error(
                    codes::NO_SUCH_CHARACTER.code,
                    name,
                    format!("no character called `{}` in this game", c.value),
                )
                .at(c.span, source.position(c.span))
                .with_help("the CHARACTER line must name your character as the game knows it");
                let players = world
                    .characters
                    .iter()
                    .filter(|x| !x.npc)
                    .map(|x| x.name.as_str());
                if let Some(s) =
                    crate::orders::check::nearest(&c.value, players, crate::orders::ast::name_key)
                {
                    d = d.with_note(format!("did you mean `{s}`?"));
                }
                diagnostics.push(d);
            }
            Some(id) => {
                let ch = world.character(id);
                if ch.is_some_and(|c| c.npc) {
                    diagnostics.push(Diagnostic::error(
                        codes::NPC_SHEET.code,
                        name,
                        format!("{} is an NPC", c.value),
                    ));
                } else if ch.is_some_and(|c| !c.is_alive()) {
                    diagnostics.push(Diagnostic::error(
                        codes::DEAD_CHARACTER.code,
                        name,
                        format!("{} is dead", c.value),
                    ));
                } else {
                    character = Some(id);
                }
            }
        }
    }
    Read {
        sheet,
        diagnostics,
        character,
    }
}
