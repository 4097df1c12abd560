//! A unit's order list and what happens to it when an order runs
//! (OV-SCH-001..021): dormant dashed orders, `+` alternatives, `@` repeats,
//! day counts, `Dnn`, and removal.

use std::borrow::Cow;

use crate::orders::spec::Timing;
use crate::orders::{Order, Repeat, UnitOrder};

/// One order in a unit's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    pub order: Order,
    /// Already carried out today: each order runs at most once a day
    /// (OV-SCH-023).
    pub done_today: bool,
    /// Already reported as not adjudicated this turn.
    pub noted: bool,
    /// Why it did not run the last time it was tried, in the player's
    /// words; cleared when it runs. The month's end reports it for every
    /// order still in the list (no order ends a month unexplained).
    pub waiting: Option<Cow<'static, str>>,
    /// It ran this month (carried out at least once).
    pub ran: bool,
}

impl Pending {
    pub fn new(order: Order) -> Self {
        Pending {
            order,
            done_today: false,
            noted: false,
            waiting: None,
            ran: false,
        }
    }

    /// Dormant while any dash is left (OV-SCH-001).
    pub fn dormant(&self) -> bool {
        self.order.prefix.dashes > 0
    }

    /// May it be considered on `day` at all: awake, not yet run today, and
    /// on its day if it has one (OV-SCH-018).
    pub fn ready(&self, day: u8) -> bool {
        !self.dormant() && !self.done_today && self.order.prefix.day.is_none_or(|d| d == day)
    }

    pub fn full_day(&self) -> bool {
        full_day(&self.order.order)
    }
}

/// Does the order take the unit's day (OV-SCH-024)? GUARD is half-day:
/// it runs with the immediate orders and leaves the day to another order.
pub fn full_day(o: &UnitOrder) -> bool {
    matches!(o.spec().timing, Timing::FullDay)
}

/// What running an order came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Its requirements are not met: skipped, kept, retried later
    /// (OV-SCH-022). It says why, in the player's words: the month's end
    /// tells the player of every order still waiting and the reason.
    Skip(Cow<'static, str>),
    /// Carried out; the order decides nothing about its removal.
    Done,
    /// Carried out and complete whatever its count or `@` says: a stop
    /// condition reached (OV-SCH-021), a journey begun, a condition met.
    Finished,
    /// Carried out and kept whatever its prefix says (a CARAVAN leg that
    /// is not the last).
    Kept,
    /// Not carried out and already removed from the list as impossible;
    /// the next order now stands at the same position.
    Dropped,
}

impl Outcome {
    /// Not carried out today, and why (the player reads it).
    pub fn wait(why: impl Into<Cow<'static, str>>) -> Outcome {
        Outcome::Skip(why.into())
    }
}

/// Why an order is still in the list at the month's end, in the player's
/// words; None for a repeated order (`@`, a count) that ran, whose events
/// tell of it.
pub fn kept_why(p: &Pending) -> Option<String> {
    let repeated = p.order.prefix.repeat != Repeat::Once;
    if p.ran {
        return (!repeated).then(|| "carried out this month; it goes on next month".to_string());
    }
    if let Some(why) = &p.waiting {
        return Some(why.to_string());
    }
    if p.dormant() {
        return Some("it waits for the order above it to finish (`-`)".to_string());
    }
    Some(
        "not reached this month: the unit's days went to the orders above it, to travelling, or to battle"
            .to_string(),
    )
}

/// Note why order `i` of `list` did not run (for the month's end).
pub fn note_waiting(list: &mut [Pending], i: usize, why: Cow<'static, str>) {
    if let Some(p) = list.get_mut(i) {
        p.waiting = Some(why);
    }
}

/// After order `i` of `list` ran with `outcome`: count it down, remove it
/// if complete, drop the `+` alternatives below it and wake the dashed
/// orders below it. Returns whether the order left the list.
///
/// The `+` orders removed are those among the orders that follow, up to
/// the first order with neither `-` nor `+` (decision OV-SCH-005); they go
/// first, so that `HAVE x 2 / +@USE s / -MOVE N` wakes the MOVE when HAVE
/// leaves (OV-SCH-006).
pub fn after_run(list: &mut Vec<Pending>, i: usize, outcome: Outcome) -> bool {
    after_run_dropping(list, i, outcome, &mut Vec::new())
}

/// [`after_run`], handing the `+` alternatives it removes to `dropped`,
/// for the player to be told of them.
pub fn after_run_dropping(
    list: &mut Vec<Pending>,
    i: usize,
    outcome: Outcome,
    dropped: &mut Vec<Pending>,
) -> bool {
    let Some(p) = list.get_mut(i) else {
        return false;
    };
    p.done_today = true;
    if !matches!(outcome, Outcome::Skip(_)) {
        p.waiting = None;
        p.ran = true;
    }
    let spec = p.order.order.spec();
    let finished = match outcome {
        Outcome::Skip(_) | Outcome::Dropped => return false,
        Outcome::Finished => true,
        Outcome::Kept => false,
        Outcome::Done => {
            let t = spec.traits;
            let repeated = p.order.prefix.repeat == Repeat::Always;
            if t.condition || (t.one_shot && !repeated) {
                // Conditions ignore `@` (OV-SCH-016); one-shot orders
                // ignore counts (OV-SCH-015); `@` keeps any other order,
                // one-shot ones included: `@MOVE NE`, `@SETTING silent`
                // (OV-UO-058).
                true
            } else {
                match p.order.prefix.repeat {
                    Repeat::Once => true,
                    Repeat::Always => false,
                    Repeat::Days(n) => {
                        let left = n.saturating_sub(1);
                        p.order.prefix.repeat = Repeat::Days(left);
                        left == 0
                    }
                }
            }
        }
    };
    drop_alternatives(list, i + 1, dropped);
    if finished {
        remove(list, i);
    }
    finished
}

/// Remove order `i` because it can never run (OV-SCH-002): the dashed
/// orders below it wake, but no alternative is dropped, since nothing ran.
pub fn drop_invalid(list: &mut Vec<Pending>, i: usize) {
    if i < list.len() {
        remove(list, i);
    }
}

fn remove(list: &mut Vec<Pending>, i: usize) {
    list.remove(i);
    for p in list.iter_mut().skip(i) {
        if p.order.prefix.dashes == 0 {
            break;
        }
        p.order.prefix.dashes -= 1;
    }
}

fn drop_alternatives(list: &mut Vec<Pending>, from: usize, dropped: &mut Vec<Pending>) {
    let mut j = from;
    while let Some(p) = list.get(j) {
        let pre = p.order.prefix;
        if pre.plus {
            dropped.push(list.remove(j));
        } else if pre.dashes > 0 {
            j += 1;
        } else {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::{Scope, parse_order_line};

    fn list(lines: &[&str]) -> Vec<Pending> {
        lines
            .iter()
            .map(|l| match parse_order_line(l, Scope::default()) {
                (Some(o), _) => Pending::new(o),
                (None, d) => panic!("{l}: {d:?}"),
            })
            .collect()
    }

    fn text(list: &[Pending]) -> Vec<String> {
        list.iter().map(|p| p.order.to_string()).collect()
    }

    #[test]
    fn ov_sch_002_removal_wakes_one_dash_down_to_the_first_plain_order() {
        let mut l = list(&[
            "GIVE U1 swrd 1",
            "-5 STUDY cmbt",
            "--WORK",
            "GIVE U2 swrd 1",
            "-MOVE S",
        ]);
        assert!(after_run(&mut l, 0, Outcome::Done));
        assert_eq!(
            text(&l),
            ["5 STUDY cmbt", "-WORK", "GIVE U2 swrd 1", "-MOVE S"]
        );
    }

    #[test]
    fn ov_sch_005_plus_orders_go_when_an_order_above_runs() {
        let mut l = list(&[
            "HAVE swrd 2",
            "+@USE mini",
            "-MOVE N",
            "+WORK",
            "WORK",
            "+STUDY cmbt",
        ]);
        assert!(after_run(&mut l, 0, Outcome::Done));
        // Both `+` orders above the first plain order went; the one below
        // it stays.
        assert_eq!(text(&l), ["MOVE N", "WORK", "+STUDY cmbt"]);
    }

    #[test]
    fn ov_sch_009_repeat_stays_and_is_done_for_the_day() {
        let mut l = list(&["@WORK"]);
        assert!(!after_run(&mut l, 0, Outcome::Done));
        assert!(l[0].done_today);
        assert!(!l[0].ready(3));
    }

    #[test]
    fn ov_sch_010_counts_down_and_leaves_at_zero() {
        let mut l = list(&["2 WORK", "-MOVE N"]);
        assert!(!after_run(&mut l, 0, Outcome::Done));
        assert_eq!(text(&l), ["1 WORK", "-MOVE N"]);
        l[0].done_today = false;
        assert!(after_run(&mut l, 0, Outcome::Done));
        assert_eq!(text(&l), ["MOVE N"]);
    }

    #[test]
    fn ov_sch_015_one_shot_ignores_count() {
        let mut l = list(&["5 NAME \"x\""]);
        assert!(after_run(&mut l, 0, Outcome::Done));
        assert!(l.is_empty());
    }

    #[test]
    fn ov_sch_016_condition_ignores_repeat() {
        let mut l = list(&["@SIZE 5", "-WORK"]);
        assert!(after_run(&mut l, 0, Outcome::Done));
        assert_eq!(text(&l), ["WORK"]);
    }

    #[test]
    fn ov_uo_058_repeated_move_stays() {
        let mut l = list(&["@MOVE NE"]);
        assert!(!after_run(&mut l, 0, Outcome::Done));
        let mut l = list(&["@SETTING ANNOUNCE ON"]);
        assert!(!after_run(&mut l, 0, Outcome::Done));
        let mut l = list(&["MOVE NE"]);
        assert!(after_run(&mut l, 0, Outcome::Done));
    }

    #[test]
    fn ov_sch_018_day_prefix_only_on_its_day() {
        let l = list(&["D10 WORK"]);
        assert!(!l[0].ready(9));
        assert!(l[0].ready(10));
    }

    #[test]
    fn ov_sch_001_dashed_orders_are_never_ready() {
        let l = list(&["-WORK"]);
        assert!(!l[0].ready(1));
    }

    #[test]
    fn invalid_orders_wake_dashes_but_drop_no_alternative() {
        let mut l = list(&["STUDY cmbt", "+WORK", "-MOVE N"]);
        drop_invalid(&mut l, 0);
        assert_eq!(text(&l), ["+WORK", "-MOVE N"]);
    }
}
