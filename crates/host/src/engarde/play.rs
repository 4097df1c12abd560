//! One En Garde! month in memory, from the sheets kept for it: each sheet
//! read against the world, its lines held for the game master given their
//! fates, its orders with errors left out, and the month run on what is
//! left. A game folder's `run` and the host's turn both play the month
//! here; each then writes what it keeps where it keeps it.

use std::collections::BTreeMap;

use umpire_core::source::SourceFile;
use umpire_engarde::month::{MonthOutcome, run_month};
use umpire_engarde::orders::ast::OrderSheet;
use umpire_engarde::orders::left_out::{self, LeftOut};
use umpire_engarde::report::{self, PlayerReport};
use umpire_engarde::review::{self, Decision, Held};
use umpire_engarde::tables::Tables;
use umpire_engarde::world::{CharacterId, World};

/// One sheet read for the month, in the order the sheets came.
pub struct ReadSheet {
    pub character: CharacterId,
    /// The character's name as the world writes it.
    pub name: String,
    /// Its held lines, each with the game master's decision (if any).
    pub held: Vec<Held>,
    /// Its orders with errors, which do not run.
    pub left_out: Vec<LeftOut>,
}

/// A month played.
pub struct Played {
    pub outcome: MonthOutcome,
    /// Every sheet that named a character of the game, in the order given
    /// (a later sheet of the same character replaces an earlier one in the
    /// maps below, not here).
    pub sheets: Vec<ReadSheet>,
    /// What ran of each character's sheet.
    pub orders: BTreeMap<CharacterId, OrderSheet>,
    pub held: BTreeMap<CharacterId, Vec<Held>>,
    pub left: BTreeMap<CharacterId, Vec<LeftOut>>,
}

/// Read `sheets` against `world` and run the month. `decisions(name,
/// sheet)` gives the game master's decisions on the held lines of the
/// sheet `sheet` (its source's name) of the character called `name`.
pub fn play(
    world: &World,
    tables: &Tables,
    sheets: &[SourceFile],
    decisions: impl Fn(&str, &str) -> Vec<Decision>,
) -> Played {
    let reader = super::intake::Sheets::new(world, tables);
    let mut read_sheets = Vec::new();
    let mut orders = BTreeMap::new();
    let mut held_by = BTreeMap::new();
    let mut left = BTreeMap::new();
    for source in sheets {
        let read = reader.read(source);
        let Some(id) = read.character else {
            continue;
        };
        let name = world
            .character(id)
            .map_or_else(String::new, |c| c.name.clone());
        let lines: Vec<(u32, String)> = read
            .sheet
            .for_gm
            .iter()
            .map(|h| (h.line, h.value.clone()))
            .collect();
        let held = review::fates(&name, &lines, &decisions(&name, source.name()));
        let (runs, left_out) = read.runnable(source);
        held_by.insert(id, held.clone());
        left.insert(id, left_out.clone());
        orders.insert(id, runs);
        read_sheets.push(ReadSheet {
            character: id,
            name,
            held,
            left_out,
        });
    }
    Played {
        outcome: run_month(world, tables, &orders),
        sheets: read_sheets,
        orders,
        held: held_by,
        left,
    }
}

/// A player's report of a month played, as text and as JSON.
pub struct PlayerPages {
    pub text: String,
    pub json: serde_json::Value,
}

impl Played {
    /// Character `id`'s report `r` of this month: the game's report, then
    /// `note` (what the keeper of the game adds), the orders left out and
    /// the fates of the held lines; the JSON report with `fields`, then
    /// the held lines and the orders left out, added.
    pub fn pages(
        &self,
        id: CharacterId,
        r: &PlayerReport,
        note: &str,
        fields: Vec<(&str, serde_json::Value)>,
    ) -> Result<PlayerPages, serde_json::Error> {
        let lines = self.held.get(&id).cloned().unwrap_or_default();
        let left_out = self.left.get(&id).cloned().unwrap_or_default();
        let text =
            report::render(r) + note + &left_out::render(&left_out) + &review::render(&lines);
        let mut json = serde_json::to_value(r)?;
        if let Some(o) = json.as_object_mut() {
            for (name, value) in fields {
                o.insert(name.to_string(), value);
            }
            o.insert("held_lines".to_string(), serde_json::to_value(&lines)?);
            o.insert("left_out".to_string(), serde_json::to_value(&left_out)?);
        }
        Ok(PlayerPages { text, json })
    }
}
