//! Reading a player's mail: parse the sheet, check it against the world,
//! and find whose it is (the CHARACTER line, and the PASSWORD when the
//! character has one).

use std::sync::Arc;

use umpire_core::diagnostic::Diagnostic;
use umpire_core::source::SourceFile;

use crate::orders::ast::OrderSheet;
use crate::orders::{check, parse};
use crate::tables::Tables;
use crate::world::{CharacterId, World};

/// Codes of the mail-level problems (the order codes are in
/// [`crate::orders::codes`]).
pub mod codes {
    /// The CHARACTER line names nobody in the game.
    pub const NO_SUCH_CHARACTER: &str = "E2201";
    /// The password is wrong or missing.
    pub const BAD_PASSWORD: &str = "E2202";
    /// The character is an NPC: nobody writes his orders.
    pub const NPC: &str = "E2203";
    /// The character is dead.
    pub const DEAD: &str = "E2204";
}

/// A sheet, read.
#[derive(Debug, Clone)]
pub struct Read {
    pub sheet: OrderSheet,
    pub diagnostics: Vec<Diagnostic>,
    /// Whose orders these are, when that could be settled.
    pub character: Option<CharacterId>,
}

impl Read {
    /// Whether the sheet can be accepted for its character.
    pub fn accepted(&self) -> bool {
        self.character.is_some()
    }
}

/// Parse and check a sheet, and settle whose it is.
pub fn read(world: &World, tables: &Tables, source: &SourceFile) -> Read {
    let (sheet, mut diagnostics) = parse(source);
    diagnostics.extend(check(&sheet, &world.vocabulary(tables), source));
    let name: Arc<str> = source.shared_name();
    let mut character = None;
    if let Some(c) = &sheet.character {
        match world.find_character(&c.value) {
            None => diagnostics.push(
                Diagnostic::error(
                    codes::NO_SUCH_CHARACTER,
                    name,
                    format!("no character called `{}` in this game", c.value),
                )
                .with_help("the CHARACTER line must name your character as the game knows it"),
            ),
            Some(id) => {
                let ch = world.character(id);
                if ch.is_some_and(|c| c.npc) {
                    diagnostics.push(Diagnostic::error(
                        codes::NPC,
                        name,
                        format!("{} is an NPC", c.value),
                    ));
                } else if ch.is_some_and(|c| !c.is_alive()) {
                    diagnostics.push(Diagnostic::error(
                        codes::DEAD,
                        name,
                        format!("{} is dead", c.value),
                    ));
                } else if ch.is_some_and(|x| {
                    !x.password.is_empty() && sheet.password.as_deref() != Some(x.password.as_str())
                }) {
                    diagnostics.push(
                        Diagnostic::error(
                            codes::BAD_PASSWORD,
                            name,
                            format!("wrong or missing password for {}", c.value),
                        )
                        .with_help("add a line `PASSWORD yourword`"),
                    );
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
