//! Game folders made by an earlier release still open and play on, and
//! every folder command prints what it printed then.
//!
//! `tests/fixtures/folders/` holds an Overlord game folder after its first
//! turn with orders waiting for the second, and an En Garde! game folder
//! after its first month with a sheet waiting for the second, both made by
//! the `umpire` binary of an earlier release (`make.sh` beside them says
//! how). Each test copies one, runs the game master's commands on it —
//! look, submit, run, roll back, report — and compares every command's
//! exit status, standard output and standard error, and the folder's
//! files at the end, with what that release did (`expected/`).
//!
//! `UMPIRE_RECORD_FOLDERS=1` writes `expected/` anew instead of comparing:
//! only for a change of output that is meant, never to make a refactor
//! pass.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

mod folders;
use folders::{copy_tree, tree};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/folders")
}

fn recording() -> bool {
    std::env::var_os("UMPIRE_RECORD_FOLDERS").is_some()
}

/// A copy of fixture folder `name` to play on.
fn copy_of(name: &str) -> PathBuf {
    let to = std::env::temp_dir().join(format!("umpire-folder-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&to);
    copy_tree(&fixtures().join(name), &to);
    to
}

/// Every file below `root` by its relative path, with its size and an
/// FNV-1a hash of its bytes: the same listing means the same bytes. An
/// argon2id hash has a fresh salt each time it is made, so in the
/// folder's passwords file each is hashed as `$argon2id$…` (its length
/// kept): the same listing means the same seats upgraded.
fn manifest(root: &Path) -> String {
    let mut out = String::new();
    for (path, bytes) in tree(root) {
        let bytes = if path == "passwords.json" {
            without_salts(&bytes)
        } else {
            bytes
        };
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in &bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        let _ = writeln!(out, "{path} {} {h:016x}", bytes.len());
    }
    out
}

/// `bytes` with each argon2id hash (to its closing quote) made
/// `$argon2id$…` padded to its length.
fn without_salts(bytes: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(bytes);
    let mut out = String::new();
    let mut rest: &str = &text;
    while let Some(at) = rest.find("$argon2id$") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find('"').map_or(rest.len(), |e| at + e);
        let hash = &rest[at..end];
        out.push_str("$argon2id$");
        out.push_str(&".".repeat(hash.len().saturating_sub("$argon2id$".len())));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out.into_bytes()
}

/// Seconds a run took, which differ from run to run: `run in 0.12 s`
/// becomes `run in ? s`.
fn without_timings(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(" run in ") {
        let (head, tail) = rest.split_at(at + " run in ".len());
        out.push_str(head);
        match tail.find(" s") {
            Some(end)
                if end > 0 && tail[..end].bytes().all(|b| b.is_ascii_digit() || b == b'.') =>
            {
                out.push('?');
                rest = &tail[end..];
            }
            _ => rest = tail,
        }
    }
    out.push_str(rest);
    out
}

/// One game folder played on, and what its commands printed.
struct Session {
    name: &'static str,
    game: PathBuf,
    step: usize,
    failures: Vec<String>,
}

impl Session {
    fn new(name: &'static str) -> Session {
        Session {
            name,
            game: copy_of(name),
            step: 0,
            failures: Vec::new(),
        }
    }

    fn game(&self) -> String {
        self.game.display().to_string()
    }

    /// A mail or sheet of `fixtures/folders/mail/`.
    fn mail(name: &str) -> String {
        fixtures().join("mail").join(name).display().to_string()
    }

    /// Compare `got` with `expected/<game>/<step>-<label>.txt`.
    fn expect(&mut self, label: &str, got: &str) {
        self.step += 1;
        let file = fixtures()
            .join("expected")
            .join(self.name)
            .join(format!("{:02}-{label}.txt", self.step));
        if recording() {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, got).unwrap();
            return;
        }
        let want = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        if want != got {
            self.failures.push(format!(
                "{} differs:\n--- expected\n{want}\n--- got\n{got}",
                file.display()
            ));
        }
    }

    /// Run `umpire ARGS` (`GAME` stands for the game folder) and compare
    /// its exit status and output.
    fn run(&mut self, label: &str, args: &[&str]) {
        let game = self.game();
        let args: Vec<String> = args
            .iter()
            .map(|a| {
                if *a == "GAME" {
                    game.clone()
                } else {
                    a.to_string()
                }
            })
            .collect();
        let out = Command::new(env!("CARGO_BIN_EXE_umpire"))
            .args(&args)
            .arg("--color=never")
            .output()
            .unwrap();
        let mail = fixtures().join("mail").display().to_string();
        let shown = |bytes: &[u8]| {
            without_timings(
                &String::from_utf8_lossy(bytes)
                    .replace(&game, "GAME")
                    .replace(&mail, "MAIL"),
            )
        };
        let args: Vec<String> = args
            .iter()
            .map(|a| a.replace(&game, "GAME").replace(&mail, "MAIL"))
            .collect();
        let text = format!(
            "$ umpire {}\nexit: {:?}\n--- stdout\n{}--- stderr\n{}",
            args.join(" "),
            out.status.code(),
            shown(&out.stdout),
            shown(&out.stderr)
        );
        self.expect(label, &text);
    }

    /// Compare the files of the game folder.
    fn files(&mut self, label: &str) {
        let listing = manifest(&self.game);
        self.expect(label, &listing);
    }

    fn finish(self) {
        let _ = std::fs::remove_dir_all(&self.game);
        assert!(
            self.failures.is_empty(),
            "{} step(s) differ from what the release printed:\n\n{}",
            self.failures.len(),
            self.failures.join("\n\n")
        );
    }
}

#[test]
fn an_overlord_folder_of_the_release_opens_and_plays_on() {
    let mut s = Session::new("overlord");
    s.files("files-as-made");
    s.run("show", &["overlord", "show", "GAME"]);
    s.run(
        "show-faction",
        &["overlord", "show", "GAME", "--faction", "f5"],
    );
    s.run("show-unit", &["overlord", "show", "GAME", "--unit", "U1"]);
    s.run(
        "show-location",
        &["overlord", "show", "GAME", "--location", "L1"],
    );
    s.run("report", &["overlord", "report", "GAME", "f5"]);
    s.run(
        "report-json",
        &["overlord", "report", "GAME", "5", "1", "--json"],
    );
    s.run("report-not-run", &["overlord", "report", "GAME", "f5", "2"]);
    s.run("report-no-faction", &["overlord", "report", "GAME", "f99"]);
    s.run(
        "report-bad-faction",
        &["overlord", "report", "GAME", "five"],
    );
    s.run(
        "submit-wrong-password",
        &[
            "overlord",
            "submit",
            "GAME",
            &Session::mail("overlord-wrong.txt"),
        ],
    );
    s.run(
        "submit-report",
        &[
            "overlord",
            "submit",
            "GAME",
            &Session::mail("overlord-report.txt"),
        ],
    );
    s.run(
        "submit-turn-run",
        &[
            "overlord",
            "submit",
            "GAME",
            &Session::mail("overlord-late.txt"),
        ],
    );
    s.run(
        "submit-orders",
        &[
            "overlord",
            "submit",
            "GAME",
            &Session::mail("overlord-orders.txt"),
        ],
    );
    s.files("files-after-submit");
    s.run("bots", &["overlord", "bots", "GAME", "--quiet"]);
    s.run("bots-again", &["overlord", "bots", "GAME", "--quiet"]);
    s.run("run", &["overlord", "run", "GAME", "--quiet"]);
    s.run("report-after-run", &["overlord", "report", "GAME", "f5"]);
    s.run(
        "report-first-turn",
        &["overlord", "report", "GAME", "f5", "1"],
    );
    s.run(
        "show-after-run",
        &["overlord", "show", "GAME", "--faction", "f5"],
    );
    s.files("files-after-run");
    s.finish();
}

#[test]
fn an_engarde_folder_of_the_release_opens_plays_on_and_rolls_back() {
    let mut s = Session::new("engarde");
    s.files("files-as-made");
    s.run("report", &["engarde", "report", "GAME", "Athos"]);
    s.run("report-first", &["engarde", "report", "GAME", "Athos", "0"]);
    s.run(
        "report-json",
        &["engarde", "report", "GAME", "athos", "1", "--json"],
    );
    s.run("report-porthos", &["engarde", "report", "GAME", "Porthos"]);
    s.run(
        "report-not-run",
        &["engarde", "report", "GAME", "Athos", "2"],
    );
    s.run("report-nobody", &["engarde", "report", "GAME", "Aramis"]);
    s.run("gazette", &["engarde", "gazette", "GAME"]);
    s.run("gazette-first", &["engarde", "gazette", "GAME", "1"]);
    s.run(
        "check",
        &[
            "engarde",
            "check",
            &Session::mail("porthos.txt"),
            "--game",
            "GAME",
        ],
    );
    s.run("held", &["engarde", "held", "GAME"]);
    s.run(
        "approve",
        &[
            "engarde",
            "approve",
            "GAME",
            "athos",
            "4",
            "--note",
            "one dance",
        ],
    );
    s.run(
        "refuse",
        &[
            "engarde",
            "refuse",
            "GAME",
            "Athos",
            "5",
            "--reason",
            "write it as COURT",
        ],
    );
    s.run(
        "approve-not-held",
        &["engarde", "approve", "GAME", "Athos", "3"],
    );
    s.run("held-reviewed", &["engarde", "held", "GAME"]);
    s.run("run-missing", &["engarde", "run", "GAME"]);
    s.run(
        "submit-wrong-password",
        &[
            "engarde",
            "submit",
            "GAME",
            &Session::mail("porthos-wrong.txt"),
        ],
    );
    s.run(
        "submit",
        &["engarde", "submit", "GAME", &Session::mail("porthos.txt")],
    );
    s.files("files-after-submit");
    s.run("run", &["engarde", "run", "GAME"]);
    s.run("report-after-run", &["engarde", "report", "GAME", "Athos"]);
    s.run("gazette-after-run", &["engarde", "gazette", "GAME"]);
    s.files("files-after-run");
    s.run("rollback", &["engarde", "rollback", "GAME"]);
    s.run(
        "report-rolled-back",
        &["engarde", "report", "GAME", "Athos"],
    );
    s.run("held-again", &["engarde", "held", "GAME"]);
    s.run("run-again", &["engarde", "run", "GAME"]);
    s.run("report-run-again", &["engarde", "report", "GAME", "Athos"]);
    s.files("files-after-run-again");
    s.finish();
}
