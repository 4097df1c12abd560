//! Sums of money in weekly orders: the bets of GAMBLE and the purse of
//! COURT and BAWDYHOUSE.

use crate::orders::ast::{Bet, Crowns};
use crate::orders::lexer::{Kind, Tok, is_any, is_word};
use crate::orders::words::{money, number};

/// Bets beyond this many are not expanded from `n x stake` (the checker
/// reports anything over 9).
pub(crate) const MAX_EXPANDED_BETS: usize = 100;

/// `name [WITH] n [OPENLY]`: the name's tokens, the sum if any, and
/// whether OPENLY was written.
pub(crate) fn purse_and_name(args: &[Tok]) -> (&[Tok], Option<Crowns>, bool) {
    const OPENLY: &[&str] = &["openly", "indiscreetly", "publicly"];
    let openly = args.iter().any(|t| t.is_any(OPENLY));
    let stop = args
        .iter()
        .enumerate()
        .position(|(k, t)| t.is("with") || t.is_any(OPENLY) || money(args, k).is_some())
        .unwrap_or(args.len());
    let name = args.get(..stop).unwrap_or(&[]);
    let purse = (stop..args.len()).find_map(|k| money(args, k).map(|(n, _)| n));
    (name, purse, openly)
}

/// Bets: `50`, `50 CUT 5, 20, 20 CUT 4`, `3 x 50 CUT 4`, `3x50`.
pub(crate) fn bets(args: &[Tok]) -> Option<Vec<Bet>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let t = args.get(i)?;
        if t.kind != Kind::Word || t.is("and") {
            i += 1;
            continue;
        }
        // Multiplier: "3 x 50", "3x 50", "3 x50", "3x50".
        let mut times = 1usize;
        let mut stake = None;
        if let Some((a, b)) = t.lower.split_once('x')
            && !a.is_empty()
            && a.bytes().all(|c| c.is_ascii_digit())
        {
            times = a.parse().ok()?;
            if b.is_empty() {
                let (s, k) = money(args, i + 1)?;
                stake = Some(s);
                i = k;
            } else {
                let fake = [Tok {
                    kind: Kind::Word,
                    start: t.start,
                    end: t.end,
                    lower: b.to_string(),
                }];
                stake = Some(money(&fake, 0)?.0);
                i += 1;
            }
        } else if is_any(args.get(i + 1), &["x", "times", "*"])
            && number::<usize>(Some(t)).is_some()
        {
            times = number(Some(t))?;
            let (s, k) = money(args, i + 2)?;
            stake = Some(s);
            i = k;
        }
        let stake = match stake {
            Some(s) => s,
            None => {
                let (s, k) = money(args, i)?;
                i = k;
                s
            }
        };
        let mut cut = None;
        if is_word(args.get(i), "cut") {
            let c: u8 = number(args.get(i + 1))?;
            if !(1..=6).contains(&c) {
                return None;
            }
            cut = Some(c);
            i += 2;
        }
        if out.len().saturating_add(times) > MAX_EXPANDED_BETS {
            times = MAX_EXPANDED_BETS + 1 - out.len().min(MAX_EXPANDED_BETS);
        }
        for _ in 0..times {
            out.push(Bet { stake, cut });
        }
    }
    (!out.is_empty()).then_some(out)
}
