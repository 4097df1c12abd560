//! A turn's safety, once for every storage: how a turn is run and how it
//! is taken back, whichever storage keeps the game — the database
//! ([`crate::host`]: `host/run.rs`, `host/controls.rs`) or a game folder
//! ([`crate::folder`]: `turns/N/`, `months/N/`).
//!
//! A storage says how it does each step ([`Run`], [`Rollback`]); the
//! order of the steps and every refusal are here:
//!
//! - **Running** ([`run`]): the turn is claimed first (from then on the
//!   intake refuses orders for it, so the papers read next are all the
//!   turn gets), its papers read, the engine run on them, and the result
//!   kept whole with the game moved on — or, when the engine fails,
//!   nothing kept and the claim left as the storage's rule says (the
//!   database keeps the turn marked running so its next start repeats it
//!   with the same marks; a folder removes its staging folder).
//! - **Rolling back** ([`roll_back`]): refused when no turn has run, while
//!   a run of the next turn stopped part way, when the storage kept no
//!   world from before the last turn, and when the game's world changed
//!   after the turn ran (rolling back would undo that change too);
//!   otherwise the game gets back the world the turn was run from and the
//!   turn is kept aside, never deleted.

use std::future::Future;

/// What the game calls a turn, and which game it is: for the refusals.
#[derive(Clone, Copy, Debug)]
pub struct Named<'a> {
    /// The game's name.
    pub game: &'a str,
    /// "turn", "month".
    pub noun: &'a str,
}

/// The last turn as its storage kept it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Last<M> {
    /// Its number.
    pub turn: u32,
    /// The game's world as the turn left it, when the storage knows it (a
    /// folder made before folders noted it does not).
    pub left: Option<M>,
}

/// How a storage runs a turn. Each step is a future so the database
/// takes it inside its transaction; a folder's are ready at once
/// ([`crate::intake::at_once`]).
pub trait Run {
    /// Whatever can go wrong reaching the storage, or a refusal.
    type Error;
    /// What [`Run::claim`] hands on to the other steps.
    type Claim;
    /// What the engine reads.
    type Papers;
    /// What the engine gives.
    type Out;
    /// What a kept turn gives back to the caller.
    type Kept;

    /// Claim turn `turn` for this run: from here no orders are taken for
    /// it. A claim left by a run that stopped is taken over. None: the
    /// turn is not to run after all (an early run no longer due), and
    /// nothing was claimed.
    fn claim(
        &mut self,
        turn: u32,
    ) -> impl Future<Output = Result<Option<Self::Claim>, Self::Error>>;

    /// The world, orders and articles the turn runs on.
    fn papers(
        &mut self,
        claim: &Self::Claim,
    ) -> impl Future<Output = Result<Self::Papers, Self::Error>>;

    /// The engine failed: what is left of the claim.
    fn release(&mut self, claim: Self::Claim) -> impl Future<Output = ()>;

    /// Keep the turn and move the game on, all or nothing.
    fn keep(
        &mut self,
        claim: Self::Claim,
        out: Self::Out,
    ) -> impl Future<Output = Result<Self::Kept, Self::Error>>;
}

/// How a storage takes a turn back.
pub trait Rollback {
    /// Whatever can go wrong reaching the storage, or a refusal.
    type Error;
    /// What tells one state of the world from another: the database's
    /// revision, a digest of a folder's world file.
    type Mark: PartialEq;
    /// What a rollback gives back to the caller.
    type Back;

    /// A refusal, in the storage's error.
    fn refused(&self, why: String) -> Self::Error;

    /// The last turn run, 0 when none has.
    fn last_run(&mut self) -> impl Future<Output = Result<u32, Self::Error>>;

    /// Whether a run of turn `turn` was claimed and stopped part way.
    fn stopped(&mut self, turn: u32) -> impl Future<Output = Result<bool, Self::Error>>;

    /// Turn `turn` as kept, or why the storage cannot take it back (it
    /// kept no world from before it).
    fn kept(
        &mut self,
        turn: u32,
    ) -> impl Future<Output = Result<Result<Last<Self::Mark>, String>, Self::Error>>;

    /// The game's world now.
    fn world_now(&mut self) -> impl Future<Output = Result<Self::Mark, Self::Error>>;

    /// What changed the world after `last` left it, in words.
    fn changed_since(
        &mut self,
        last: &Last<Self::Mark>,
    ) -> impl Future<Output = Result<String, Self::Error>>;

    /// Give the game back the world `last` was run from and keep the turn
    /// aside.
    fn put_back(
        &mut self,
        last: Last<Self::Mark>,
    ) -> impl Future<Output = Result<Self::Back, Self::Error>>;
}

/// Run turn `turn` on `storage` by the one rule (see the module's docs);
/// `engine` turns the papers into the turn. None when the storage
/// declined the claim.
pub async fn run<S, F, Fut>(
    storage: &mut S,
    turn: u32,
    engine: F,
) -> Result<Option<S::Kept>, S::Error>
where
    S: Run,
    F: FnOnce(S::Papers) -> Fut,
    Fut: Future<Output = Result<S::Out, S::Error>>,
{
    let Some(claim) = storage.claim(turn).await? else {
        return Ok(None);
    };
    let papers = match storage.papers(&claim).await {
        Ok(p) => p,
        Err(e) => {
            storage.release(claim).await;
            return Err(e);
        }
    };
    match engine(papers).await {
        Ok(out) => storage.keep(claim, out).await.map(Some),
        Err(e) => {
            storage.release(claim).await;
            Err(e)
        }
    }
}

/// Take back the last turn run on `storage` by the one rule (see the
/// module's docs).
pub async fn roll_back<S: Rollback>(
    storage: &mut S,
    named: Named<'_>,
) -> Result<S::Back, S::Error> {
    let Named { game, noun } = named;
    let turn = storage.last_run().await?;
    if turn == 0 {
        return Err(storage.refused(format!(
            "no {noun} of {game} has run yet: there is nothing to roll back"
        )));
    }
    if storage.stopped(turn + 1).await? {
        return Err(storage.refused(format!(
            "a run of {noun} {} stopped part way; run it again before rolling back",
            turn + 1
        )));
    }
    let last = match storage.kept(turn).await? {
        Ok(last) => last,
        Err(why) => return Err(storage.refused(why)),
    };
    if let Some(left) = &last.left
        && *left != storage.world_now().await?
    {
        let what = storage.changed_since(&last).await?;
        return Err(storage.refused(format!(
            "the world of {game} changed after {noun} {turn} ran ({what}); rolling back would undo that too, so it is refused"
        )));
    }
    storage.put_back(last).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::intake::at_once;

    /// A storage in memory: worlds by number, turns as (before, after).
    #[derive(Default)]
    struct Memory {
        world: u32,
        turns: Vec<(u32, u32)>,
        claimed: Option<u32>,
        released: bool,
        changes: Vec<&'static str>,
    }

    impl Run for Memory {
        type Error = String;
        type Claim = u32;
        type Papers = u32;
        type Out = u32;
        type Kept = u32;

        async fn claim(&mut self, turn: u32) -> Result<Option<u32>, String> {
            self.claimed = Some(turn);
            Ok(Some(turn))
        }
        async fn papers(&mut self, _: &u32) -> Result<u32, String> {
            Ok(self.world)
        }
        async fn release(&mut self, _: u32) {
            self.released = true;
        }
        async fn keep(&mut self, turn: u32, out: u32) -> Result<u32, String> {
            self.turns.push((self.world, out));
            self.world = out;
            self.claimed = None;
            Ok(turn)
        }
    }

    impl Rollback for Memory {
        type Error = String;
        type Mark = u32;
        type Back = u32;

        fn refused(&self, why: String) -> String {
            why
        }
        async fn last_run(&mut self) -> Result<u32, String> {
            Ok(self.turns.len() as u32)
        }
        async fn stopped(&mut self, turn: u32) -> Result<bool, String> {
            Ok(self.claimed == Some(turn))
        }
        async fn kept(&mut self, turn: u32) -> Result<Result<Last<u32>, String>, String> {
            Ok(match self.turns.get(turn as usize - 1) {
                Some((_, after)) => Ok(Last {
                    turn,
                    left: Some(*after),
                }),
                None => Err(format!("turn {turn} was not kept")),
            })
        }
        async fn world_now(&mut self) -> Result<u32, String> {
            Ok(self.world)
        }
        async fn changed_since(&mut self, _: &Last<u32>) -> Result<String, String> {
            Ok(self.changes.join(", "))
        }
        async fn put_back(&mut self, last: Last<u32>) -> Result<u32, String> {
            let (before, _) = self.turns.remove(last.turn as usize - 1);
            self.world = before;
            Ok(last.turn)
        }
    }

    fn named() -> Named<'static> {
        Named {
            game: "g",
            noun: "turn",
        }
    }

    #[test]
    fn a_turn_runs_is_kept_and_is_taken_back_to_the_world_it_ran_from() {
        let mut m = Memory {
            world: 10,
            ..Memory::default()
        };
        let kept = at_once(run(&mut m, 1, |w| async move { Ok(w + 1) })).unwrap();
        assert_eq!(kept, Ok(Some(1)));
        assert_eq!((m.world, m.turns.clone()), (11, vec![(10, 11)]));
        assert_eq!(at_once(roll_back(&mut m, named())).unwrap(), Ok(1));
        assert_eq!(m.world, 10);
        let e = at_once(roll_back(&mut m, named())).unwrap();
        assert_eq!(
            e,
            Err("no turn of g has run yet: there is nothing to roll back".to_string())
        );
    }

    #[test]
    fn an_engine_that_fails_keeps_nothing_and_releases_the_claim() {
        let mut m = Memory::default();
        let r = at_once(run(&mut m, 1, |_| async { Err("broke".to_string()) })).unwrap();
        assert_eq!(r, Err("broke".to_string()));
        assert!(m.released && m.turns.is_empty());
    }

    #[test]
    fn a_rollback_is_refused_after_the_world_changed_or_while_a_run_stopped() {
        let mut m = Memory::default();
        at_once(run(&mut m, 1, |w| async move { Ok(w + 1) }))
            .unwrap()
            .unwrap();
        m.world = 99;
        m.changes = vec!["a seat joined"];
        let e = at_once(roll_back(&mut m, named())).unwrap();
        assert_eq!(
            e,
            Err("the world of g changed after turn 1 ran (a seat joined); rolling back would undo that too, so it is refused".to_string())
        );
        m.world = 1;
        m.claimed = Some(2);
        let e = at_once(roll_back(&mut m, named())).unwrap();
        assert_eq!(
            e,
            Err("a run of turn 2 stopped part way; run it again before rolling back".to_string())
        );
        assert_eq!(m.world, 1);
    }
}
