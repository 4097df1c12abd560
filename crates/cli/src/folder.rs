//! `umpire overlord submit|bots|run|rollback|report`: a game folder's
//! loop, printed. The loop itself is the host's
//! (`umpire_host::overlord::folder`, over the intake and the turn the
//! server keeps too); here the arguments are read and the answers printed.

use std::io::{Read as _, Write as _};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use umpire_host::overlord::folder::{Folder, Missing, RunOptions, WORLD_FILE, parse_faction};

/// `umpire overlord rollback GAME_DIR [--rerun]`.
pub fn rollback(dir: &Path, rerun: bool, color: bool, quiet: bool) -> Result<ExitCode> {
    let back = Folder::at(dir).rollback()?;
    println!(
        "Turn {} of {} was rolled back: the game is as it was before it; the turn is kept in {}; the orders sent for it stand. `umpire overlord run {}` runs it again.",
        back.turn,
        back.game,
        back.kept.display(),
        dir.display()
    );
    if rerun {
        return run(dir, color, quiet, None);
    }
    Ok(ExitCode::SUCCESS)
}

/// `umpire overlord submit GAME_DIR FILE|-`.
pub fn submit(dir: &Path, file: &Path, color: bool) -> Result<ExitCode> {
    let (name, bytes) = if file.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .context("cannot read standard input")?;
        ("<stdin>".to_string(), buf)
    } else {
        let name = file.display().to_string();
        let bytes = std::fs::read(file).with_context(|| format!("cannot read {name}"))?;
        (name, bytes)
    };
    let done = Folder::at(dir).submit(&name, &bytes, color)?;
    std::io::stdout().lock().write_all(done.text().as_bytes())?;
    Ok(if done.refused() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `umpire overlord bots`.
pub fn bots(dir: &Path, all: bool, quiet: bool) -> Result<ExitCode> {
    let bar = if quiet {
        ProgressBar::hidden()
    } else {
        let b = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("bots write orders {wide_bar} {pos}/{len}")
        {
            b.set_style(style);
        }
        b
    };
    let bots = Folder::at(dir).bots(all, |k, n| {
        bar.set_length(n as u64);
        bar.set_position(k as u64);
    });
    bar.finish_and_clear();
    let bots = bots?;
    let (turn, done) = (bots.turn, bots.done);
    let refused: usize = done.iter().map(|(_, d)| d.refused()).sum();
    let mut out = std::io::stdout().lock();
    if done.is_empty() {
        writeln!(
            out,
            "Every player faction has orders for turn {turn} already; `--all` lets the bots replace them."
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "The bots wrote turn {turn}'s orders of {} player faction(s){}.",
        done.len(),
        if refused > 0 {
            format!("; {refused} envelope(s) refused")
        } else {
            String::new()
        }
    )?;
    for (_, d) in done.iter().filter(|(_, d)| d.refused() > 0) {
        out.write_all(d.text().as_bytes())?;
    }
    Ok(if refused > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `umpire overlord run`.
pub fn run(dir: &Path, color: bool, quiet: bool, next: Option<String>) -> Result<ExitCode> {
    let bar = if quiet {
        ProgressBar::hidden()
    } else {
        let b = ProgressBar::with_draw_target(Some(30), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("day {pos:>2}/30 {wide_bar}") {
            b.set_style(style);
        }
        b
    };
    let color = color && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut on_day = |day: u8| bar.set_position(u64::from(day));
    // After the month, the same bar counts the reports written.
    let mut on_report = |done: usize, total: usize| {
        if done == 1
            && let Ok(style) = ProgressStyle::with_template("reports {pos}/{len} {wide_bar}")
        {
            bar.set_style(style);
            bar.set_length(total as u64);
        }
        bar.set_position(done as u64);
    };
    let folder = Folder::at(dir);
    let ran = folder.run(RunOptions {
        next,
        color,
        on_day: &mut on_day,
        on_report: &mut on_report,
    });
    bar.finish_and_clear();
    let ran = ran?;
    for note in &ran.cleaned {
        eprintln!("umpire: {note}");
    }
    for e in &ran.errors {
        eprint!("{e}");
    }
    print!("{}", folder.summary(&ran));
    Ok(ExitCode::SUCCESS)
}

/// `umpire overlord report GAME_DIR FACTION [TURN] [--json]`.
pub fn report(dir: &Path, faction: &str, turn: Option<u32>, json: bool) -> Result<ExitCode> {
    let Some(number) = parse_faction(faction) else {
        bail!("`{faction}` is not a faction; write it like f5 (or 5)");
    };
    let folder = Folder::at(dir);
    if !folder.holds_game() {
        bail!(
            "{} holds no game (no {}); make one with `umpire overlord new` or `umpire overlord import`",
            dir.display(),
            WORLD_FILE
        );
    }
    match folder.report(number, turn, json)? {
        // The JSON is kept compact; laid out here for the reader (keys in
        // the file's order, so `jq` and people see the same document).
        Ok((_, text)) if json => {
            let mut out = umpire_core::json::indent(text.as_bytes());
            out.push(b'\n');
            std::io::stdout().lock().write_all(&out)?;
            Ok(ExitCode::SUCCESS)
        }
        Ok((_, text)) => {
            std::io::stdout().lock().write_all(text.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Err(Missing(why)) => bail!("{why}"),
    }
}
