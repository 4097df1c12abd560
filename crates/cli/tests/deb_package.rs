//! The Debian package, as an operator meets it: built by cargo-deb, it
//! holds the binary, the systemd unit and the settings as a config file;
//! `dpkg -i` installs it into this machine (its own system user, the data
//! folder, the first steps printed); `systemd-analyze verify` passes on the
//! unit as installed; the unit's ExecStart, run as the unit's user, serves
//! the web, keeps the games in the data folder as that user's only, takes
//! the day's backup, and stops on SIGTERM; an upgrade keeps a copy of the
//! games as they were, which restores. The package is purged after.
//!
//! It needs root (dpkg), cargo-deb and systemd-analyze: `scripts/packaging`
//! installs them. The package is made of the binary this test was built
//! with (`--profile dev --no-build`); `cargo deb -p umpire-cli` makes the
//! release one the same way.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const UNIT: &str = "/usr/lib/systemd/system/umpire.service";
const CONFIG: &str = "/etc/umpire/umpire.toml";

fn run(cmd: &mut Command) -> Output {
    let o = cmd
        .output()
        .unwrap_or_else(|e| panic!("{cmd:?} cannot be run: {e} (scripts/packaging installs it)"));
    assert!(
        o.status.success(),
        "{cmd:?} failed:\n{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// The value of `key=` in the unit's text (the last one).
fn unit_value(unit: &str, key: &str) -> String {
    unit.lines()
        .filter_map(|l| l.strip_prefix(&format!("{key}=")))
        .next_back()
        .unwrap_or_else(|| panic!("the unit has no {key}=:\n{unit}"))
        .trim()
        .to_string()
}

fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// The status line of GET `path`, or None while nothing answers.
fn get(port: u16, path: &str) -> Option<String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut answer = String::new();
    s.read_to_string(&mut answer).ok()?;
    answer.lines().next().map(str::to_string)
}

/// The package, built by cargo-deb from this test's binary, with Debian
/// revision `revision`.
fn build(workspace: &Path, target: &Path, out: &Path, revision: &str) -> PathBuf {
    let built = run(Command::new("cargo")
        .current_dir(workspace)
        .env("CARGO_TARGET_DIR", target)
        .args([
            "deb",
            "-p",
            "umpire-cli",
            "--profile",
            "dev",
            "--no-build",
            "--no-strip",
            "--fast",
            "--deb-revision",
            revision,
            "-o",
        ])
        .arg(out));
    String::from_utf8_lossy(&built.stdout)
        .lines()
        .rev()
        .find(|l| l.trim_end().ends_with(".deb"))
        .map(|l| PathBuf::from(l.trim()))
        .unwrap_or_else(|| panic!("cargo deb named no package:\n{}", text(&built)))
}

/// Run the installed `umpire` as the user `umpire`.
fn as_umpire(args: &[&str]) -> String {
    text(&run(Command::new("setpriv")
        .args(["--reuid=umpire", "--regid=umpire", "--init-groups", "--"])
        .arg("/usr/bin/umpire")
        .args(args)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", "/var/lib/umpire")))
}

/// Put the settings back as they were, and purge the package, however the
/// test ends.
struct Installed {
    config: Option<String>,
}

impl Drop for Installed {
    fn drop(&mut self) {
        if let Some(c) = &self.config {
            let _ = std::fs::write(CONFIG, c);
        }
        let _ = Command::new("dpkg").args(["--purge", "umpire"]).output();
    }
}

#[test]
fn the_debian_package_installs_and_its_unit_serves_as_its_own_user() {
    let uid = run(Command::new("id").arg("-u"));
    assert_eq!(
        String::from_utf8_lossy(&uid.stdout).trim(),
        "0",
        "installing a package takes root (CI runs as root)"
    );
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_umpire"));
    let target = binary
        .parent()
        .and_then(Path::parent)
        .unwrap()
        .to_path_buf();
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = std::env::temp_dir().join(format!("umpire-deb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();

    // Built by cargo-deb from this test's binary.
    let deb = build(&workspace, &target, &out, "1");
    println!("built {}", deb.display());
    the_package_holds_its_files_and_conffile(&deb, &out);

    // Installed into this machine.
    let _ = Command::new("dpkg").args(["--purge", "umpire"]).output();
    let installed = run(Command::new("dpkg").arg("-i").arg(&deb));
    let said = text(&installed);
    println!("{said}");
    let mut guard = Installed { config: None };
    assert!(said.contains("First steps:"), "{said}");
    assert!(said.contains("desk-user gm"), "{said}");
    let user = text(&run(Command::new("getent").args(["passwd", "umpire"])));
    assert!(user.contains("/var/lib/umpire"), "{user}");

    // The unit, as installed: systemd-analyze has nothing to say of it.
    let (unit_user, exec) = the_installed_unit_is_sound();

    let port = listen_on_a_port_of_its_own(&mut guard);

    // ExecStart, as the unit's user.
    let mut server = start_as(&unit_user, &exec);
    let status = first_answer(&mut server, port, &exec);
    println!("GET / -> {status}");
    assert!(
        status.starts_with("HTTP/1.1 200") || status.starts_with("HTTP/1.1 303"),
        "{status}"
    );
    let who = text(&run(Command::new("ps")
        .args(["-o", "user=", "-p"])
        .arg(server.id().to_string())));
    assert_eq!(who.trim(), unit_user);
    the_database_is_the_users_and_backed_up_daily();

    // Stopped as systemd stops it.
    stop_as_systemd_does(server);

    an_upgrade_keeps_the_games_as_they_were(&workspace, &target, &out);

    drop(guard);
    let left = Command::new("dpkg")
        .args(["-s", "umpire"])
        .output()
        .unwrap();
    assert!(!left.status.success(), "the package is purged");
    let _ = std::fs::remove_dir_all(&out);
}

/// The package lists the program, the unit and the settings, keeps the
/// settings as a conffile, and depends on adduser.
fn the_package_holds_its_files_and_conffile(deb: &Path, out: &Path) {
    let listing = text(&run(Command::new("dpkg-deb").arg("--contents").arg(deb)));
    for file in [
        "./usr/bin/umpire",
        "./usr/lib/systemd/system/umpire.service",
        "./etc/umpire/umpire.toml",
    ] {
        assert!(
            listing.contains(file),
            "the package has no {file}:\n{listing}"
        );
    }
    let control = out.join("control");
    run(Command::new("dpkg-deb")
        .arg("--control")
        .arg(deb)
        .arg(&control));
    let conffiles = std::fs::read_to_string(control.join("conffiles")).unwrap();
    assert!(conffiles.lines().any(|l| l == CONFIG), "{conffiles}");
    let depends = text(&run(Command::new("dpkg-deb")
        .arg("--field")
        .arg(deb)
        .arg("Depends")));
    assert!(depends.contains("adduser"), "{depends}");
}

/// The unit, as installed: systemd-analyze has nothing to say of it, and
/// it runs hardened as its own user. Returns the user and ExecStart.
fn the_installed_unit_is_sound() -> (String, Vec<String>) {
    let verify = Command::new("systemd-analyze")
        .args(["verify", UNIT])
        .output()
        .expect("systemd-analyze (scripts/packaging installs it)");
    assert!(
        verify.status.success() && text(&verify).trim().is_empty(),
        "systemd-analyze verify {UNIT}:\n{}",
        text(&verify)
    );
    let unit = std::fs::read_to_string(UNIT).unwrap();
    assert_eq!(unit_value(&unit, "StateDirectory"), "umpire");
    assert_eq!(unit_value(&unit, "ProtectSystem"), "strict");
    assert_eq!(unit_value(&unit, "NoNewPrivileges"), "yes");
    assert_eq!(unit_value(&unit, "Restart"), "on-failure");
    let unit_user = unit_value(&unit, "User");
    assert_eq!(unit_user, "umpire");
    let exec: Vec<String> = unit_value(&unit, "ExecStart")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    (unit_user, exec)
}

/// The operator's one change: a port of this test's own (the settings as
/// installed are kept in `guard`, to be put back).
fn listen_on_a_port_of_its_own(guard: &mut Installed) -> u16 {
    let config = std::fs::read_to_string(CONFIG).unwrap();
    guard.config = Some(config.clone());
    let port = free_port();
    let changed = config.replace(
        "listen = \"127.0.0.1:8080\"",
        &format!("listen = \"127.0.0.1:{port}\""),
    );
    assert_ne!(
        changed, config,
        "the settings have no listen line:\n{config}"
    );
    std::fs::write(CONFIG, changed).unwrap();
    port
}

/// ExecStart, as the unit's user, with the environment systemd gives it.
fn start_as(unit_user: &str, exec: &[String]) -> std::process::Child {
    Command::new("setpriv")
        .arg(format!("--reuid={unit_user}"))
        .arg(format!("--regid={unit_user}"))
        .arg("--init-groups")
        .arg("--")
        .args(exec)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", "/var/lib/umpire")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The status line of the first answer to `GET /`, waiting up to a
/// minute; a server that stops first fails the test with its errors.
fn first_answer(server: &mut std::process::Child, port: u16, exec: &[String]) -> String {
    let start = Instant::now();
    loop {
        if let Some(line) = get(port, "/") {
            break line;
        }
        if let Ok(Some(exit)) = server.try_wait() {
            let mut err = String::new();
            server
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            panic!("{exec:?} stopped ({exit}):\n{err}");
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "nothing answers on port {port}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The games' database is the unit's user's only, and [backup] took the
/// day's copy into the data folder.
fn the_database_is_the_users_and_backed_up_daily() {
    let owner = text(&run(Command::new("stat").args([
        "-c",
        "%U %a",
        "/var/lib/umpire/umpire.db",
    ])));
    assert_eq!(owner.trim(), "umpire 600");
    let start = Instant::now();
    loop {
        let daily = std::fs::read_dir("/var/lib/umpire/backups")
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .any(|e| e.file_name().to_string_lossy().ends_with("-daily.db"))
            })
            .unwrap_or(false);
        if daily {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no daily backup in /var/lib/umpire/backups"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Stopped as systemd stops it: a TERM, and a clean exit that says so.
fn stop_as_systemd_does(mut server: std::process::Child) {
    run(Command::new("kill").args(["-TERM", &server.id().to_string()]));
    let exit = server.wait().unwrap();
    let mut err = String::new();
    server
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(exit.success(), "{exit}:\n{err}");
    assert!(err.contains("umpire serve stopped"), "{err}");
}

/// An upgrade keeps a copy of the games as the old version left them,
/// one `umpire restore` can read; its first steps are for a first install.
fn an_upgrade_keeps_the_games_as_they_were(workspace: &Path, target: &Path, out: &Path) {
    let game = format!("t{}", std::process::id());
    as_umpire(&[
        "host",
        "--data",
        "/var/lib/umpire",
        "new",
        "overlord",
        &game,
        "--factions",
        "3",
        "--size",
        "small",
    ]);
    let newer = build(workspace, target, &out.join("newer"), "2");
    let upgraded = text(&run(Command::new("dpkg").arg("-i").arg(&newer)));
    println!("{upgraded}");
    let kept = upgraded
        .lines()
        .find_map(|l| l.strip_prefix("The games as they were before this upgrade are kept in "))
        .unwrap_or_else(|| panic!("no copy before the upgrade:\n{upgraded}"))
        .trim()
        .to_string();
    assert!(kept.contains("before-upgrade-from-0.1.0-1-"), "{kept}");
    let fresh = format!("/var/lib/umpire/restore-test-{}", std::process::id());
    let restored = as_umpire(&["restore", &kept, "--data", &fresh]);
    assert!(
        restored.contains(&format!("{game} (overlord) after turn 0")),
        "{restored}"
    );
    let _ = std::fs::remove_dir_all(&fresh);
    assert!(
        !upgraded.contains("First steps:"),
        "the first steps are for a first install"
    );
}
