//! A game folder's turns, kept all or nothing, the same for every game:
//! an Overlord folder's `turns/N/` and an En Garde! folder's `months/N/`.
//!
//! Every storage runs and rolls back turns by one rule
//! ([`crate::turns`]); the database keeps a turn in one transaction
//! (`host/run.rs`), a folder in its files, like this:
//!
//! - Turn N is written into `N.partial/`, renamed to `N/` once complete,
//!   and only then is the game's world replaced. A run that stops part
//!   way leaves the game as it was; the next run repeats the turn from the
//!   same world, with the same dice.
//! - Before a run, what an earlier run of turn N left is cleared: the
//!   staging folder always (it is never complete); a kept `N/` that holds
//!   no world from before it, or the world as it is now (a run that
//!   stopped between keeping the turn and saving the game), is that very
//!   run's leftover and is removed. A kept `N/` run from any other state
//!   of the game (the game master went back to an older world) is moved
//!   aside to `N.replaced-K/`, never deleted.
//! - A kept turn notes the world it left (`N/left.sha256`, [`LEFT`]): a
//!   rollback is refused when the world file is no longer that world (the
//!   game master changed it since), as the database refuses one when its
//!   world has a newer revision. A turn kept before folders noted it is
//!   rolled back without that check.
//! - A turn rolled back is kept as `N.rolled-back-K/`, and the world goes
//!   back to the one it was run from, which every kept turn holds.

pub mod passwords;

use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// Where a folder keeps its turns, and what a kept turn holds.
#[derive(Clone, Debug)]
pub struct Turns {
    /// `GAME_DIR/turns/`, `DIR/months/`.
    pub root: PathBuf,
    /// The file in a kept turn holding the world it was run from.
    pub before: &'static str,
    /// What the game calls a turn: "turn", "month".
    pub noun: &'static str,
    /// The game's world file: `GAME_DIR/world.umpire`, `DIR/world.json`.
    pub world: PathBuf,
}

/// The file in a kept turn noting the world it left: a SHA-256 of the
/// game's world file as the turn wrote it. A rollback is refused when the
/// world file is another ([`crate::turns::roll_back`]).
pub const LEFT: &str = "left.sha256";

impl Turns {
    /// Turn `n` kept: `N/`.
    pub fn kept(&self, n: u32) -> PathBuf {
        self.root.join(n.to_string())
    }

    /// Turn `n` being written: `N.partial/`.
    pub fn staging(&self, n: u32) -> PathBuf {
        self.root.join(format!("{n}.partial"))
    }

    /// The first free `N.<why>-K/`.
    fn aside(&self, n: u32, why: &str) -> Result<PathBuf> {
        (1..=u32::MAX)
            .map(|k| self.root.join(format!("{n}.{why}-{k}")))
            .find(|p| !p.exists())
            .with_context(|| format!("no free name to keep {} {n} aside", self.noun))
    }
}

/// Clear what an earlier run of turn `n` left (see the module's rule);
/// `before` is the world the run starts from, as a kept turn holds it.
/// Returns what was done, for the game master.
pub fn clean_up(turns: &Turns, n: u32, before: &[u8]) -> Result<Vec<String>> {
    let mut done = Vec::new();
    let staging = turns.staging(n);
    if staging.exists() {
        std::fs::remove_dir_all(&staging)
            .with_context(|| format!("cannot remove {}", staging.display()))?;
        done.push(format!(
            "removed {}, left by a run that stopped part way",
            staging.display()
        ));
    }
    let kept = turns.kept(n);
    if !kept.exists() {
        return Ok(done);
    }
    let world = kept.join(turns.before);
    let leftover = match std::fs::read(&world) {
        Ok(bytes) => bytes == before,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => true,
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", world.display())),
    };
    if leftover {
        std::fs::remove_dir_all(&kept)
            .with_context(|| format!("cannot remove {}", kept.display()))?;
        done.push(format!(
            "removed {}, left by a run that stopped before saving the game",
            kept.display()
        ));
    } else {
        let aside = turns.aside(n, "replaced")?;
        std::fs::rename(&kept, &aside)
            .with_context(|| format!("cannot move {} aside", kept.display()))?;
        done.push(format!(
            "moved {} ({} {n} run from another state of the game) to {}",
            kept.display(),
            turns.noun,
            aside.display()
        ));
    }
    Ok(done)
}

/// A turn kept, and what was cleared before it ran.
pub struct Kept<T> {
    /// What `stage` returned.
    pub ran: T,
    /// What an earlier run had left, cleared ([`clean_up`]).
    pub cleaned: Vec<String>,
}

/// What `stage` wrote: what it hands back, and the game's world after
/// the turn, as its world file will hold it.
pub struct Staged<T> {
    pub ran: T,
    pub world: Vec<u8>,
}

/// A digest of a world file's bytes, as a kept turn notes the world it
/// left ([`LEFT`]).
pub fn digest(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Reads a kept world: fails when it does not open.
type Opens<'a> = Box<dyn FnOnce(&Path, &[u8]) -> Result<()> + 'a>;

/// A folder's turns as [`crate::turns`] sees them: one run or one
/// rollback. Turn `n`'s claim is its staging folder; its papers, the
/// staging folder the engine writes into.
struct Storage<'a, T> {
    turns: &'a Turns,
    /// The game's world file now, as read when the storage was opened.
    now: &'a [u8],
    /// The last turn run.
    last: u32,
    /// What an earlier run had left, cleared by the claim.
    cleaned: Vec<String>,
    /// The world the turn being rolled back was run from, once read.
    before: Option<Vec<u8>>,
    /// Reads a kept world: fails when it does not open.
    opens: Option<Opens<'a>>,
    ran: PhantomData<fn() -> T>,
}

impl<'a, T> Storage<'a, T> {
    fn new(turns: &'a Turns, now: &'a [u8], last: u32) -> Storage<'a, T> {
        Storage {
            turns,
            now,
            last,
            cleaned: Vec::new(),
            before: None,
            opens: None,
            ran: PhantomData,
        }
    }
}

impl<T> crate::turns::Run for Storage<'_, T> {
    type Error = anyhow::Error;
    type Claim = (u32, PathBuf);
    type Papers = PathBuf;
    type Out = Staged<T>;
    type Kept = Kept<T>;

    async fn claim(&mut self, n: u32) -> Result<Option<(u32, PathBuf)>> {
        self.cleaned = clean_up(self.turns, n, self.now)?;
        let staging = self.turns.staging(n);
        std::fs::create_dir_all(&staging)
            .with_context(|| format!("cannot create {}", staging.display()))?;
        Ok(Some((n, staging)))
    }

    async fn papers(&mut self, (_, staging): &(u32, PathBuf)) -> Result<PathBuf> {
        Ok(staging.clone())
    }

    async fn release(&mut self, (_, staging): (u32, PathBuf)) {
        // The turn is open again; the game is as it was.
        let _ = std::fs::remove_dir_all(&staging);
    }

    async fn keep(&mut self, (n, staging): (u32, PathBuf), out: Staged<T>) -> Result<Kept<T>> {
        crate::files::write_atomic(&staging.join(LEFT), digest(&out.world).as_bytes())?;
        // The turn is kept whole, then the game moves on: a crash between
        // the two leaves N/ beside the old game, which the next run clears.
        let kept = self.turns.kept(n);
        std::fs::rename(&staging, &kept).with_context(|| {
            format!("cannot rename {} to {}", staging.display(), kept.display())
        })?;
        crate::files::write_atomic(&self.turns.world, &out.world)?;
        Ok(Kept {
            ran: out.ran,
            cleaned: std::mem::take(&mut self.cleaned),
        })
    }
}

impl<T> crate::turns::Rollback for Storage<'_, T> {
    type Error = anyhow::Error;
    type Mark = String;
    type Back = RolledBack;

    fn refused(&self, why: String) -> anyhow::Error {
        anyhow::anyhow!(why)
    }

    async fn last_run(&mut self) -> Result<u32> {
        Ok(self.last)
    }

    async fn stopped(&mut self, n: u32) -> Result<bool> {
        Ok(self.turns.staging(n).exists())
    }

    async fn kept(&mut self, n: u32) -> Result<Result<crate::turns::Last<String>, String>> {
        let noun = self.turns.noun;
        let done = self.turns.kept(n);
        let path = done.join(self.turns.before);
        let before = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                return Ok(Err(format!(
                    "{noun} {n} kept no world from before it ({}), so it cannot be rolled back: {e}",
                    path.display()
                )));
            }
        };
        if let Some(opens) = self.opens.take() {
            opens(&path, &before)?;
        }
        self.before = Some(before);
        let left = done.join(LEFT);
        let left = match std::fs::read_to_string(&left) {
            Ok(d) => Some(d.trim().to_string()),
            // A turn kept before folders noted the world it left.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", left.display())),
        };
        Ok(Ok(crate::turns::Last { turn: n, left }))
    }

    async fn world_now(&mut self) -> Result<String> {
        Ok(digest(self.now))
    }

    async fn changed_since(&mut self, last: &crate::turns::Last<String>) -> Result<String> {
        Ok(format!(
            "{} is not the world {} {} left",
            self.turns.world.display(),
            self.turns.noun,
            last.turn
        ))
    }

    async fn put_back(&mut self, last: crate::turns::Last<String>) -> Result<RolledBack> {
        let before = self.before.take().context("the kept world was not read")?;
        let done = self.turns.kept(last.turn);
        let kept = self.turns.aside(last.turn, "rolled-back")?;
        std::fs::rename(&done, &kept)
            .with_context(|| format!("cannot rename {} to {}", done.display(), kept.display()))?;
        crate::files::write_atomic(&self.turns.world, &before)?;
        Ok(RolledBack { before, kept })
    }
}

/// Run turn `n` all or nothing by the rule every storage keeps
/// ([`crate::turns::run`]): clear what an earlier run left, `stage`
/// writes the turn into the staging folder (which exists while it runs:
/// the turn takes no more orders) and gives the world after it, the
/// folder is renamed to `N/` with a note of that world ([`LEFT`]), and
/// then the game's world file is replaced. A `stage` that fails leaves
/// the game as it was and the turn open again. `before` is the world
/// file now.
pub fn run<T>(
    turns: &Turns,
    n: u32,
    before: &[u8],
    stage: impl FnOnce(&Path) -> Result<Staged<T>>,
) -> Result<Kept<T>> {
    let mut storage = Storage::new(turns, before, n.saturating_sub(1));
    let engine = move |staging: PathBuf| {
        let staged = stage(&staging);
        async move { staged }
    };
    crate::intake::at_once(crate::turns::run(&mut storage, n, engine))
        .context("a folder's turn waited on nothing")??
        .context("a folder never declines a turn")
}

/// A turn taken back.
pub struct RolledBack {
    /// The world the turn was run from, as the kept turn held it, now the
    /// game's world again.
    pub before: Vec<u8>,
    /// Where the turn is kept now: `N.rolled-back-K/`.
    pub kept: PathBuf,
}

/// Take back turn `last`, the last run, by the rule every storage keeps
/// ([`crate::turns::roll_back`]): refused while a run of the next turn
/// stopped part way, when the world it was run from is missing or
/// `opens` refuses it, or when the world file `now` is not the world the
/// turn left; otherwise its folder is kept aside as `N.rolled-back-K/`
/// and the world file holds the world it was run from again.
pub fn roll_back(
    turns: &Turns,
    game: &str,
    last: u32,
    now: &[u8],
    opens: impl FnOnce(&Path, &[u8]) -> Result<()>,
) -> Result<RolledBack> {
    let mut storage: Storage<'_, ()> = Storage::new(turns, now, last);
    storage.opens = Some(Box::new(opens));
    let named = crate::turns::Named {
        game,
        noun: turns.noun,
    };
    crate::intake::at_once(crate::turns::roll_back(&mut storage, named))
        .context("a folder's rollback waited on nothing")?
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::bail;

    fn turns(name: &str) -> Turns {
        let game =
            std::env::temp_dir().join(format!("umpire-folder-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&game);
        let root = game.join("turns");
        std::fs::create_dir_all(&root).unwrap();
        Turns {
            root,
            before: "world",
            noun: "turn",
            world: game.join("world"),
        }
    }

    #[test]
    fn a_stage_that_fails_leaves_nothing_and_the_world_unsaved() {
        let t = turns("fails");
        std::fs::write(&t.world, b"now").unwrap();
        let r = run(&t, 2, b"now", |staging| -> Result<Staged<()>> {
            std::fs::write(staging.join("half"), b"half")?;
            bail!("the engine stopped")
        });
        assert!(r.is_err());
        assert!(!t.staging(2).exists() && !t.kept(2).exists());
        assert_eq!(std::fs::read(&t.world).unwrap(), b"now");
        let _ = std::fs::remove_dir_all(t.root.parent().unwrap());
    }

    fn stage_now(staging: &Path) -> Result<Staged<u32>> {
        std::fs::write(staging.join("world"), b"now")?;
        Ok(Staged {
            ran: 7,
            world: b"after".to_vec(),
        })
    }

    #[test]
    fn a_turn_from_another_state_is_moved_aside_and_a_rollback_kept() {
        let t = turns("aside");
        std::fs::write(&t.world, b"now").unwrap();
        std::fs::create_dir_all(t.kept(2)).unwrap();
        std::fs::write(t.kept(2).join("world"), b"another game").unwrap();
        let done = run(&t, 2, b"now", stage_now).unwrap();
        assert_eq!(done.ran, 7);
        assert_eq!(std::fs::read(&t.world).unwrap(), b"after");
        assert_eq!(
            std::fs::read_to_string(t.kept(2).join(LEFT)).unwrap(),
            digest(b"after")
        );
        assert!(
            done.cleaned[0].contains("2.replaced-1"),
            "{:?}",
            done.cleaned
        );
        assert_eq!(
            std::fs::read(t.root.join("2.replaced-1/world")).unwrap(),
            b"another game"
        );
        let refused = roll_back(&t, "g", 2, b"after", |_, _| bail!("damaged"))
            .err()
            .unwrap();
        assert_eq!(format!("{refused}"), "damaged");
        assert!(t.kept(2).exists());
        let back = roll_back(&t, "g", 2, b"after", |_, _| Ok(())).unwrap();
        assert_eq!(back.before, b"now");
        assert_eq!(std::fs::read(&t.world).unwrap(), b"now");
        assert_eq!(back.kept, t.root.join("2.rolled-back-1"));
        assert!(!t.kept(2).exists());
        // A run of the next turn that stopped part way: no rollback.
        std::fs::create_dir_all(t.kept(2)).unwrap();
        std::fs::create_dir_all(t.staging(3)).unwrap();
        let e = roll_back(&t, "g", 2, b"now", |_, _| Ok(())).err().unwrap();
        assert!(format!("{e}").contains("stopped part way"), "{e}");
        let _ = std::fs::remove_dir_all(t.root.parent().unwrap());
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config {
            failure_persistence: None,
            ..proptest::test_runner::Config::default()
        })]
        /// Whatever the worlds, and whatever the world file became after
        /// the turn: the rollback goes ahead exactly when the file is the
        /// world the turn left, and a refused one changes nothing.
        #[test]
        fn a_rollback_goes_ahead_exactly_when_the_world_is_the_one_the_turn_left(
            before in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..6),
            after in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..6),
            edited in proptest::option::of(proptest::collection::vec(proptest::prelude::any::<u8>(), 0..6)),
        ) {
            static CASE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
            let n = CASE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let t = turns(&format!("prop-{n}"));
            std::fs::write(&t.world, &before).unwrap();
            let stage = |staging: &Path| -> Result<Staged<()>> {
                std::fs::write(staging.join("world"), &before)?;
                Ok(Staged { ran: (), world: after.clone() })
            };
            run(&t, 1, &before, stage).unwrap();
            if let Some(e) = &edited {
                std::fs::write(&t.world, e).unwrap();
            }
            let now = std::fs::read(&t.world).unwrap();
            let back = roll_back(&t, "g", 1, &now, |_, _| Ok(()));
            proptest::prop_assert_eq!(back.is_ok(), now == after);
            if back.is_ok() {
                proptest::prop_assert_eq!(std::fs::read(&t.world).unwrap(), before.clone());
                proptest::prop_assert!(!t.kept(1).exists());
            } else {
                proptest::prop_assert_eq!(std::fs::read(&t.world).unwrap(), now);
                proptest::prop_assert!(t.kept(1).exists());
            }
            let _ = std::fs::remove_dir_all(t.root.parent().unwrap());
        }
    }

    #[test]
    fn a_rollback_is_refused_when_the_world_file_changed_after_the_turn() {
        let t = turns("changed");
        std::fs::write(&t.world, b"now").unwrap();
        run(&t, 1, b"now", stage_now).unwrap();
        // The game master edits the world by hand after the turn.
        std::fs::write(&t.world, b"edited").unwrap();
        let e = roll_back(&t, "g", 1, b"edited", |_, _| Ok(()))
            .err()
            .unwrap();
        assert_eq!(
            format!("{e}"),
            format!(
                "the world of g changed after turn 1 ran ({} is not the world turn 1 left); rolling back would undo that too, so it is refused",
                t.world.display()
            )
        );
        assert!(t.kept(1).exists());
        assert_eq!(std::fs::read(&t.world).unwrap(), b"edited");
        // A turn kept before folders noted the world it left rolls back.
        std::fs::remove_file(t.kept(1).join(LEFT)).unwrap();
        let back = roll_back(&t, "g", 1, b"edited", |_, _| Ok(())).unwrap();
        assert_eq!(back.before, b"now");
        let _ = std::fs::remove_dir_all(t.root.parent().unwrap());
    }
}
