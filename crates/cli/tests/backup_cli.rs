//! `umpire backup` and `umpire restore` as a game master types them, with
//! `umpire serve` running: the server's `[backup]` takes the day's copy,
//! a copy is taken beside it, a restore is refused while the server runs,
//! and once it is stopped the copy restores into a new folder and over
//! the old database, saying what it replaced.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn umpire(data: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_umpire"));
    cmd.arg("--color=never").args(args).arg("--data").arg(data);
    cmd.env_remove("UMPIRE_DATABASE_URL")
        .env_remove("UMPIRE_CRASH_AT")
        .env_remove("UMPIRE_DATA")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

fn said(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn ok(data: &Path, args: &[&str]) -> String {
    let o = umpire(data, args).output().unwrap();
    assert!(o.status.success(), "umpire {args:?}:\n{}", said(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn folder(name: &str) -> PathBuf {
    let d = std::env::temp_dir()
        .join("umpire-cli-tests")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `umpire serve`, once it says it started.
#[allow(clippy::zombie_processes)]
fn serve(data: &Path) -> Child {
    let mut child = umpire(data, &["serve", "--listen", "off", "--tick", "1"])
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut log = String::new();
    loop {
        let mut line = String::new();
        if err.read_line(&mut line).unwrap() == 0 {
            let _ = child.wait();
            panic!("umpire serve stopped:\n{log}");
        }
        log.push_str(&line);
        if line.contains("umpire serve started") {
            // The rest of the log is not read; let it drain.
            std::thread::spawn(move || std::io::copy(&mut err, &mut std::io::sink()));
            return child;
        }
    }
}

fn stop(mut child: Child) {
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    assert!(child.wait().unwrap().success());
}

#[test]
fn backup_while_serving_then_restore_into_a_new_folder_and_over_the_old() {
    let root = folder("backup-cli");
    let data = root.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let copies = root.join("copies");
    std::fs::write(
        data.join("umpire.toml"),
        format!("[backup]\ndir = \"{}\"\nkeep = 2\n", copies.display()),
    )
    .unwrap();
    ok(
        &data,
        &[
            "host",
            "new",
            "overlord",
            "club",
            "--factions",
            "3",
            "--size",
            "small",
            "--seed",
            "3",
        ],
    );

    let server = serve(&data);
    // The server's [backup] takes the day's copy at its first tick.
    let start = Instant::now();
    let daily = loop {
        let found: Vec<PathBuf> = std::fs::read_dir(&copies)
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        if let Some(p) = found
            .into_iter()
            .find(|p| p.to_string_lossy().ends_with("-daily.db"))
        {
            break p;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no daily backup in {}",
            copies.display()
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    println!("the server's daily backup: {}", daily.display());

    // A copy while it runs.
    let copy = root.join("monday.db");
    let out = ok(&data, &["backup", "--to", copy.to_str().unwrap()]);
    println!("{out}");
    assert!(out.contains("Backed up "), "{out}");
    assert!(
        out.contains("The copy is checked: schema version ")
            && out.contains("1 game: club (overlord) after turn 0."),
        "{out}"
    );
    // No restore under a running server.
    let o = umpire(&data, &["restore", copy.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(said(&o).contains("umpire serve is using"), "{}", said(&o));
    stop(server);

    // Into a new folder.
    let fresh = root.join("fresh");
    let out = ok(&fresh, &["restore", copy.to_str().unwrap()]);
    println!("{out}");
    assert!(
        out.contains("1 game: club (overlord) after turn 0."),
        "{out}"
    );
    assert!(out.contains("There was no database there before."), "{out}");
    let games = ok(&fresh, &["host", "games"]);
    assert!(games.contains("club"), "{games}");

    // Over the old one, after a turn there: it says what it replaced.
    ok(&data, &["host", "run", "club"]);
    let out = ok(&data, &["restore", daily.to_str().unwrap()]);
    println!("{out}");
    assert!(
        out.contains("It replaced a database with schema version ")
            && out.contains("club (overlord) after turn 1; that one is kept as "),
        "{out}"
    );
    let status = ok(&data, &["host", "status", "club"]);
    println!("{status}");

    // While a restore holds the database, the mail pipe says "try again
    // later" (75) rather than store a message in the database being
    // replaced.
    let db = data.join("umpire.db");
    let umpire_host::lock::Serving::Held(restoring) =
        umpire_host::lock::ServeLock::restore(&db).unwrap()
    else {
        panic!("nobody holds the database")
    };
    let mut pipe = umpire(
        &data,
        &["mail", "deliver", "p@players.test", "server@club.test"],
    );
    pipe.stdin(Stdio::piped());
    let mut child = pipe.spawn().unwrap();
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(
                b"From: p@players.test\r\nTo: server@club.test\r\nSubject: hi\r\n\r\nhello\r\n",
            )
            .unwrap();
    }
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(75), "{}", said(&o));
    assert!(said(&o).contains("a restore of"), "{}", said(&o));
    drop(restoring);
}
