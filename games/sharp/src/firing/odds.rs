//! Exact odds of a Group's fire before rolling: the number of hits is
//! binomial over the pool, and the hits' effects multinomial (none, shock,
//! kill) given the hits.

use serde::Serialize;

use super::resolve::plan;
use super::tables::{Effect, FireTables, Table};
use super::{FireQuery, Step};
use crate::error::SharpError;
use crate::rulings::Rulings;

/// The odds of one Group's fire.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FireOdds {
    /// The working of the plan (table, band, pool, pips).
    pub steps: Vec<Step>,
    /// Out of range: no fire (every distribution is certain 0).
    pub out_of_range: bool,
    /// The table used.
    pub table: Table,
    /// Dice rolled to hit.
    pub pool: u32,
    /// Pips on every die.
    pub pips: i64,
    /// Chance that one die hits.
    pub p_hit: f64,
    /// `hits[k]`: the chance of exactly k hits.
    pub hits: Vec<f64>,
    /// `kills[k]`: the chance of exactly k kills (before any go to horses).
    pub kills: Vec<f64>,
    /// `shock[s]`: the chance of exactly s shock points.
    pub shock: Vec<f64>,
    /// `kills_and_shock[k][s]`: the joint chance.
    pub kills_and_shock: Vec<Vec<f64>>,
    /// Expected hits.
    pub expected_hits: f64,
    /// Expected kills.
    pub expected_kills: f64,
    /// Expected shock points.
    pub expected_shock: f64,
    /// Chance of at least one kill.
    pub p_any_kill: f64,
    /// Chance of a firing random event (more 1s than 6s on the to-hit roll).
    pub p_random_event: f64,
    /// What these odds leave out.
    pub left_out: Vec<String>,
}

/// `dist[k]` for k successes in `n` trials of chance `p`, by adding one
/// trial at a time (exact up to floating point; no large factorials).
fn binomial(n: u32, p: f64) -> Vec<f64> {
    let mut d = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; d.len() + 1];
        for (k, v) in d.iter().enumerate() {
            next[k] += v * (1.0 - p);
            next[k + 1] += v * p;
        }
        d = next;
    }
    d
}

/// The chance that `n` d6 show more 1s than 6s.
fn p_more_ones(n: u32) -> f64 {
    // Distribution of (1s - 6s), offset by n.
    let size = 2 * n as usize + 1;
    let mut d = vec![0.0; size];
    d[n as usize] = 1.0;
    for _ in 0..n {
        let mut next = vec![0.0; size];
        for (i, v) in d.iter().enumerate() {
            if *v == 0.0 {
                continue;
            }
            next[i] += v * 4.0 / 6.0;
            if i + 1 < size {
                next[i + 1] += v / 6.0;
            }
            if i > 0 {
                next[i - 1] += v / 6.0;
            }
        }
        d = next;
    }
    d[n as usize + 1..].iter().sum()
}

/// The exact odds of `query`'s fire, before any die is rolled.
pub fn fire_odds(
    tables: &FireTables,
    rulings: &Rulings,
    query: &FireQuery,
) -> Result<FireOdds, SharpError> {
    let plan = plan(tables, rulings, query)?;
    let mut left_out = Vec::new();
    if query.target.mounted {
        left_out.push(
            "horses: kills are counted before the horse-or-man die; a horse hit (1-3) is not a man killed"
                .to_string(),
        );
    }
    if !query.target.big_men.is_empty() {
        left_out.push(
            "Big Men: their hit checks and wounds are not in these odds; one hit takes a kill in place of a man"
                .to_string(),
        );
    }
    if query.share_over > 1 {
        left_out.push(format!(
            "sharing: the odds are for the whole fire before it is shared over {} targets",
            query.share_over
        ));
    }
    if plan.out_of_range.is_some() {
        return Ok(FireOdds {
            steps: plan.steps,
            out_of_range: true,
            table: plan.table,
            pool: 0,
            pips: 0,
            p_hit: 0.0,
            hits: vec![1.0],
            kills: vec![1.0],
            shock: vec![1.0],
            kills_and_shock: vec![vec![1.0]],
            expected_hits: 0.0,
            expected_kills: 0.0,
            expected_shock: 0.0,
            p_any_kill: 0.0,
            p_random_event: 0.0,
            left_out,
        });
    }
    let n = plan.pool;
    let p_hit = f64::from(plan.hitting_faces()) / 6.0;
    let hits = binomial(n, p_hit);

    // Given h hits, the (kills, shock) are multinomial; build them for
    // h = 0, 1, … one hit at a time and mix with P(h).
    let sides = f64::from(tables.effects.sides());
    let pk = f64::from(tables.effects.count(Effect::Kill)) / sides;
    let ps = f64::from(tables.effects.count(Effect::Shock)) / sides;
    let pn = 1.0 - pk - ps;
    let size = n as usize + 1;
    let mut joint = vec![vec![0.0; size]; size];
    let mut given = vec![vec![0.0; size]; size]; // given h hits
    given[0][0] = 1.0;
    for (h, ph) in hits.iter().enumerate() {
        if h > 0 {
            let mut next = vec![vec![0.0; size]; size];
            for k in 0..h {
                for s in 0..h - k {
                    let v = given[k][s];
                    if v == 0.0 {
                        continue;
                    }
                    next[k][s] += v * pn;
                    next[k + 1][s] += v * pk;
                    next[k][s + 1] += v * ps;
                }
            }
            given = next;
        }
        for k in 0..=h {
            for s in 0..=h - k {
                joint[k][s] += ph * given[k][s];
            }
        }
    }
    let kills: Vec<f64> = joint.iter().map(|row| row.iter().sum()).collect();
    let shock: Vec<f64> = (0..size)
        .map(|s| joint.iter().map(|r| r[s]).sum())
        .collect();
    let mean = |d: &[f64]| d.iter().enumerate().map(|(k, v)| k as f64 * v).sum::<f64>();
    Ok(FireOdds {
        steps: plan.steps,
        out_of_range: false,
        table: plan.table,
        pool: n,
        pips: plan.pips,
        p_hit,
        expected_hits: mean(&hits),
        expected_kills: mean(&kills),
        expected_shock: mean(&shock),
        p_any_kill: 1.0 - kills[0],
        p_random_event: p_more_ones(n),
        hits,
        kills,
        shock,
        kills_and_shock: joint,
        left_out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomial_sums_to_one() {
        let d = binomial(12, 0.5);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((d[6] - 924.0 / 4096.0).abs() < 1e-12);
    }

    #[test]
    fn more_ones_than_sixes() {
        assert!((p_more_ones(1) - 1.0 / 6.0).abs() < 1e-12);
        // Two dice: (1,x≠1,6)… = 1s>6s: {1,1}, {1,o}×2 with o in 2..5 → 1 + 8 = 9 of 36.
        assert!((p_more_ones(2) - 9.0 / 36.0).abs() < 1e-12);
        assert_eq!(p_more_ones(0), 0.0);
    }
}
