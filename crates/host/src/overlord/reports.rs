//! The stored report of a faction for a turn,
//! as `run` wrote it into `GAME_DIR/turns/N/reports/fNN.txt`, or with
//! `--json` its JSON twin `fNN.json` (docs/overlord-report-schema.md).
//! The same lookup answers a player's `#REPORT` envelope in `submit`.

use std::path::Path;

use anyhow::{Context, Result};

use super::layout::{self, faction_file, faction_json_file, faction_of_file, turn_dir};

/// Why a stored report cannot be had, worded for the reader.
#[derive(Debug)]
pub struct Missing(pub String);

/// At most this many ids in a list of what exists.
const LIST_AT_MOST: usize = 20;

fn list<T: std::fmt::Display>(items: &[T]) -> String {
    let mut s: Vec<String> = items
        .iter()
        .take(LIST_AT_MOST)
        .map(ToString::to_string)
        .collect();
    if items.len() > LIST_AT_MOST {
        s.push(format!("and {} more", items.len() - LIST_AT_MOST));
    }
    s.join(", ")
}

/// The factions with a report stored for `turn`, by number.
fn factions_reported(dir: &Path, turn: u32) -> Result<Vec<u32>> {
    let files = crate::files::visible_files(&turn_dir(dir, turn).join("reports"))?;
    let mut numbers: Vec<u32> = files
        .iter()
        .filter_map(|p| faction_of_file(&p.file_name()?.to_string_lossy()))
        .collect();
    numbers.sort_unstable();
    Ok(numbers)
}

/// The text report of faction `number` for `turn` (default: the last
/// turn run): the turn and the text. `Ok(Err(_))` says what is missing and
/// what exists; `Err(_)` is a failure to read.
pub fn stored(
    dir: &Path,
    number: u32,
    turn: Option<u32>,
) -> Result<std::result::Result<(u32, String), Missing>> {
    stored_as(dir, number, turn, false)
}

/// [`stored`], or with `json` the JSON report.
pub fn stored_as(
    dir: &Path,
    number: u32,
    turn: Option<u32>,
    json: bool,
) -> Result<std::result::Result<(u32, String), Missing>> {
    let turns = layout::turns_run(dir)?;
    let Some(&last) = turns.last() else {
        return Ok(Err(Missing(
            "no turn of this game has been run yet, so there are no reports (`umpire overlord run` writes them)".to_string(),
        )));
    };
    let turn = turn.unwrap_or(last);
    if !turns.contains(&turn) {
        return Ok(Err(Missing(format!(
            "turn {turn} has not been run; reports are kept for turn{} {}",
            if turns.len() == 1 { "" } else { "s" },
            list(&turns)
        ))));
    }
    let reports = turn_dir(dir, turn).join("reports");
    let path = reports.join(if json {
        faction_json_file(number)
    } else {
        faction_file(number)
    });
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok(Ok((turn, text))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if json && reports.join(faction_file(number)).exists() {
                return Ok(Err(Missing(format!(
                    "turn {turn} has no JSON report for f{number} (it was run before JSON reports were kept); its text report is there without --json"
                ))));
            }
            let have = factions_reported(dir, turn)?;
            let codes: Vec<String> = have.iter().map(|n| format!("f{n}")).collect();
            Ok(Err(Missing(if have.is_empty() {
                format!("turn {turn} has no stored reports (it was run before reports were kept)")
            } else {
                format!(
                    "there is no report for f{number} in turn {turn}; turn {turn} has reports for {}",
                    list(&codes)
                )
            })))
        }
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}
