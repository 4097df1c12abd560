//! A game folder's turns, kept all or nothing, the same for every game:
//! an Overlord folder's `turns/N/` and an En Garde! folder's `months/N/`.
//!
//! The database host keeps a turn in one transaction (`host/run.rs`); a
//! folder keeps it in its files, by one rule:
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
//! - A turn rolled back is kept as `N.rolled-back-K/`, and the world goes
//!   back to the one it was run from, which every kept turn holds.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

/// Where a folder keeps its turns, and what a kept turn holds.
#[derive(Clone, Debug)]
pub struct Turns {
    /// `GAME_DIR/turns/`, `DIR/months/`.
    pub root: PathBuf,
    /// The file in a kept turn holding the world it was run from.
    pub before: &'static str,
    /// What the game calls a turn: "turn", "month".
    pub noun: &'static str,
}

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

/// Run turn `n` all or nothing: clear what an earlier run left, `stage`
/// writes the turn into the staging folder (which exists while it runs:
/// the turn takes no more orders), the folder is renamed to `N/`, and
/// then `save` replaces the game's world. A `stage` that fails leaves the
/// game as it was and the turn open again.
pub fn run<T>(
    turns: &Turns,
    n: u32,
    before: &[u8],
    stage: impl FnOnce(&Path) -> Result<T>,
    save: impl FnOnce(&T) -> Result<()>,
) -> Result<Kept<T>> {
    // Claim the turn first: from here the intake refuses orders for it.
    let cleaned = clean_up(turns, n, before)?;
    let staging = turns.staging(n);
    std::fs::create_dir_all(&staging)
        .with_context(|| format!("cannot create {}", staging.display()))?;
    let ran = match stage(&staging) {
        Ok(ran) => ran,
        Err(e) => {
            // Release the turn; the game is as it was.
            let _ = std::fs::remove_dir_all(&staging);
            return Err(e);
        }
    };
    // The turn is kept whole, then the game moves on: a crash between the
    // two leaves N/ beside the old game, which the next run clears.
    let kept = turns.kept(n);
    std::fs::rename(&staging, &kept)
        .with_context(|| format!("cannot rename {} to {}", staging.display(), kept.display()))?;
    save(&ran)?;
    Ok(Kept { ran, cleaned })
}

/// A turn taken back.
pub struct RolledBack {
    /// The world the turn was run from, as the kept turn held it: the
    /// caller makes it the game's world again.
    pub before: Vec<u8>,
    /// Where the turn is kept now: `N.rolled-back-K/`.
    pub kept: PathBuf,
}

/// Take back turn `n`, the last run: refused while a run of the next turn
/// stopped part way, or when the world it was run from is missing or
/// `opens` refuses it; otherwise its folder is kept aside as
/// `N.rolled-back-K/` and that world handed back.
pub fn roll_back(
    turns: &Turns,
    n: u32,
    opens: impl FnOnce(&Path, &[u8]) -> Result<()>,
) -> Result<RolledBack> {
    let noun = turns.noun;
    if turns.staging(n + 1).exists() {
        bail!(
            "a run of {noun} {} stopped part way; run it again before rolling back",
            n + 1
        );
    }
    let done = turns.kept(n);
    let path = done.join(turns.before);
    let before = std::fs::read(&path).with_context(|| {
        format!(
            "{noun} {n} kept no world from before it ({}), so it cannot be rolled back",
            path.display()
        )
    })?;
    opens(&path, &before)?;
    let kept = turns.aside(n, "rolled-back")?;
    std::fs::rename(&done, &kept)
        .with_context(|| format!("cannot rename {} to {}", done.display(), kept.display()))?;
    Ok(RolledBack { before, kept })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turns(name: &str) -> Turns {
        let root = std::env::temp_dir()
            .join(format!("umpire-folder-{name}-{}", std::process::id()))
            .join("turns");
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        Turns {
            root,
            before: "world",
            noun: "turn",
        }
    }

    #[test]
    fn a_stage_that_fails_leaves_nothing_and_the_world_unsaved() {
        let t = turns("fails");
        let r = run(
            &t,
            2,
            b"now",
            |staging| -> Result<()> {
                std::fs::write(staging.join("half"), b"half")?;
                bail!("the engine stopped")
            },
            |()| panic!("nothing is saved"),
        );
        assert!(r.is_err());
        assert!(!t.staging(2).exists() && !t.kept(2).exists());
        let _ = std::fs::remove_dir_all(t.root.parent().unwrap());
    }

    #[test]
    fn a_turn_from_another_state_is_moved_aside_and_a_rollback_kept() {
        let t = turns("aside");
        std::fs::create_dir_all(t.kept(2)).unwrap();
        std::fs::write(t.kept(2).join("world"), b"another game").unwrap();
        let mut saved = false;
        let done = run(
            &t,
            2,
            b"now",
            |staging| {
                std::fs::write(staging.join("world"), b"now")?;
                Ok(7)
            },
            |ran| {
                saved = *ran == 7;
                Ok(())
            },
        )
        .unwrap();
        assert!(saved);
        assert!(
            done.cleaned[0].contains("2.replaced-1"),
            "{:?}",
            done.cleaned
        );
        assert_eq!(
            std::fs::read(t.root.join("2.replaced-1/world")).unwrap(),
            b"another game"
        );
        let refused = roll_back(&t, 2, |_, _| bail!("damaged")).err().unwrap();
        assert_eq!(format!("{refused}"), "damaged");
        assert!(t.kept(2).exists());
        let back = roll_back(&t, 2, |_, _| Ok(())).unwrap();
        assert_eq!(back.before, b"now");
        assert_eq!(back.kept, t.root.join("2.rolled-back-1"));
        assert!(!t.kept(2).exists());
        // A run of the next turn that stopped part way: no rollback.
        std::fs::create_dir_all(t.kept(2)).unwrap();
        std::fs::create_dir_all(t.staging(3)).unwrap();
        let e = roll_back(&t, 2, |_, _| Ok(())).err().unwrap();
        assert!(format!("{e}").contains("stopped part way"), "{e}");
        let _ = std::fs::remove_dir_all(t.root.parent().unwrap());
    }
}
