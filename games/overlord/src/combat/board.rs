//! Who stands on which square, for choosing targets in big battles.
//!
//! [`super::targets`] states the order in which a plain MELEE or RANGED
//! deals its blows over a list of every enemy on the field; building that
//! list for each attack made a battle of a few thousand units cost the
//! square of its size. A [`Board`] files the units present by side and
//! square, each square's units already in the order that decides among
//! them (stealth, then the army's order), and yields the same targets in
//! the same order by merging the few squares an attack can reach — lazily,
//! so an attack stops looking once it has enough figures to strike.
//!
//! The board is a snapshot: it must be rebuilt after anything that moves
//! units or changes their stealth (the round rebuilds it after each
//! initiative's movement and after every skill, spell or item). Units that
//! die or flee after it was built are skipped as they come up.

use super::army::Fighter;
use super::field::{SQUARES, Side, Square};
use super::targets::depth;

/// The stealth an attacker meets: none for a side in rout (OV-CMB-076).
pub(super) fn stealth(f: &Fighter, routed: Option<Side>) -> i32 {
    if routed == Some(f.side) {
        0
    } else {
        f.ratings.stealth
    }
}

/// The units present, by side and square.
#[derive(Clone, Debug)]
pub(super) struct Board {
    /// `[side][cell]`: (stealth, index into the fighters), ascending.
    cells: [Vec<Vec<(i32, usize)>>; 2],
}

/// A target as [`Board::melee`] and [`Board::ranged`] yield it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Candidate {
    /// Index into the fighters.
    pub unit: usize,
    /// The stealth the attacker meets.
    pub stealth: i32,
}

impl Board {
    pub fn build(fighters: &[Fighter], routed: Option<Side>) -> Board {
        let mut cells: [Vec<Vec<(i32, usize)>>; 2] =
            [vec![Vec::new(); SQUARES], vec![Vec::new(); SQUARES]];
        for (i, f) in fighters.iter().enumerate() {
            if f.present() {
                cells[f.side.index()][f.square.cell()].push((stealth(f, routed), i));
            }
        }
        for side in &mut cells {
            for c in side {
                c.sort_unstable();
            }
        }
        Board { cells }
    }

    fn any_present(&self, fighters: &[Fighter], enemy: Side, c: usize) -> bool {
        self.cells[enemy.index()][c]
            .iter()
            .any(|&(_, i)| fighters[i].present())
    }

    /// The enemies of `side` a melee from `from` strikes, in the order of
    /// [`super::targets::melee`]: the same file first, else the same line.
    pub fn melee<'a>(&'a self, fighters: &'a [Fighter], side: Side, from: Square) -> Merge<'a> {
        let enemy = side.other();
        let adjacent: Vec<usize> = from.neighbours().map(Square::cell).collect();
        let on_file: Vec<usize> = adjacent
            .iter()
            .copied()
            .filter(|&c| Square::from_cell(c).file == from.file)
            .collect();
        let chosen = if on_file
            .iter()
            .any(|&c| self.any_present(fighters, enemy, c))
        {
            on_file
        } else {
            adjacent
                .into_iter()
                .filter(|&c| Square::from_cell(c).line == from.line)
                .collect()
        };
        self.merge(fighters, enemy, chosen, |_| 0)
    }

    /// The enemies of `side` a ranged attack from `from` reaching `range`
    /// strikes, in the order of [`super::targets::ranged`]: none while an
    /// enemy is adjacent, else distance 2 to `range`, nearest first.
    pub fn ranged<'a>(
        &'a self,
        fighters: &'a [Fighter],
        side: Side,
        from: Square,
        range: u8,
    ) -> Merge<'a> {
        let enemy = side.other();
        let near = from
            .neighbours()
            .any(|sq| self.any_present(fighters, enemy, sq.cell()));
        let chosen = if near {
            Vec::new()
        } else {
            (0..SQUARES)
                .filter(|&c| {
                    let d = Square::from_cell(c).distance(from);
                    d >= 2 && d <= range
                })
                .collect()
        };
        self.merge(fighters, enemy, chosen, |sq| sq.distance(from))
    }

    fn merge<'a>(
        &'a self,
        fighters: &'a [Fighter],
        enemy: Side,
        cells: Vec<usize>,
        near: impl Fn(Square) -> u8,
    ) -> Merge<'a> {
        let heads = cells
            .into_iter()
            .map(|c| {
                let sq = Square::from_cell(c);
                Head {
                    near: near(sq),
                    depth: depth(enemy, sq),
                    flank: !sq.is_centre(),
                    list: &self.cells[enemy.index()][c],
                    at: 0,
                }
            })
            .collect();
        Merge { fighters, heads }
    }
}

/// The order among targets: distance (ranged only), stealth, depth,
/// flank after centre, the army's order.
type Key = (u8, i32, u8, bool, usize);

#[derive(Clone, Debug)]
struct Head<'a> {
    near: u8,
    depth: u8,
    flank: bool,
    list: &'a [(i32, usize)],
    at: usize,
}

/// The targets of one attack, best first; see [`Board`].
#[derive(Clone, Debug)]
pub(super) struct Merge<'a> {
    fighters: &'a [Fighter],
    heads: Vec<Head<'a>>,
}

impl Iterator for Merge<'_> {
    type Item = Candidate;

    fn next(&mut self) -> Option<Candidate> {
        let fighters = self.fighters;
        let mut best: Option<(usize, Key)> = None;
        for (h, head) in self.heads.iter_mut().enumerate() {
            while let Some(&(_, i)) = head.list.get(head.at) {
                if fighters[i].present() {
                    break;
                }
                head.at += 1;
            }
            let Some(&(stealth, i)) = head.list.get(head.at) else {
                continue;
            };
            let key = (head.near, stealth, head.depth, head.flank, i);
            if best.is_none_or(|(_, b)| key < b) {
                best = Some((h, key));
            }
        }
        let (h, (_, stealth, _, _, unit)) = best?;
        self.heads[h].at += 1;
        Some(Candidate { unit, stealth })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::combat::army::Ratings;
    use crate::combat::strike::enemies_of;
    use crate::combat::targets;
    use crate::orders::words::CombatMove;

    /// (side, cell, stealth, figures, fled) for each unit.
    fn field() -> impl Strategy<Value = Vec<(bool, usize, i32, u32, bool)>> {
        prop::collection::vec(
            (
                any::<bool>(),
                0..SQUARES,
                0..4i32,
                0..3u32,
                prop::bool::weighted(0.1),
            ),
            1..40,
        )
    }

    fn fighters(spec: &[(bool, usize, i32, u32, bool)]) -> Vec<Fighter> {
        spec.iter()
            .enumerate()
            .map(|(i, &(attacker, c, stealth, figures, fled))| {
                let side = if attacker {
                    Side::Attacker
                } else {
                    Side::Defender
                };
                let mut f = Fighter::new(
                    u32::try_from(i).unwrap_or(0),
                    side,
                    Square::from_cell(c),
                    CombatMove::Stand,
                    Ratings {
                        stealth,
                        ..Ratings::default()
                    },
                    figures,
                );
                f.fled = fled;
                f
            })
            .collect()
    }

    proptest! {
        /// The board yields exactly the targets, in exactly the order, of
        /// the plain rule over the list of every enemy.
        #[test]
        fn board_orders_targets_as_the_rule_does(
            spec in field(),
            routed in prop::option::of(any::<bool>()),
            range in 0..7u8,
        ) {
            let fs = fighters(&spec);
            let routed = routed.map(|a| if a { Side::Attacker } else { Side::Defender });
            let board = Board::build(&fs, routed);
            for u in 0..fs.len() {
                let me = &fs[u];
                let (idx, es) = enemies_of(&fs, u, routed);
                let by_rule = |order: Vec<usize>| -> Vec<(usize, i32)> {
                    order.into_iter().map(|k| (idx[k], es[k].stealth)).collect()
                };
                let got = |m: Merge<'_>| -> Vec<(usize, i32)> {
                    m.map(|c| (c.unit, c.stealth)).collect()
                };
                prop_assert_eq!(
                    got(board.melee(&fs, me.side, me.square)),
                    by_rule(targets::melee(me.square, &es))
                );
                prop_assert_eq!(
                    got(board.ranged(&fs, me.side, me.square, range)),
                    by_rule(targets::ranged(me.square, range, &es))
                );
            }
        }
    }

    #[test]
    fn units_that_fall_after_the_board_is_built_are_skipped() {
        let spec = [
            (true, Square { line: 2, file: 1 }.cell(), 0, 1, false),
            (false, Square { line: 3, file: 1 }.cell(), 0, 1, false),
            (false, Square { line: 3, file: 1 }.cell(), 1, 2, false),
        ];
        let mut fs = fighters(&spec);
        let board = Board::build(&fs, None);
        let first: Vec<usize> = board
            .melee(&fs, Side::Attacker, fs[0].square)
            .map(|c| c.unit)
            .collect();
        assert_eq!(first, [1, 2], "lowest stealth first");
        fs[1].fled = true;
        let after: Vec<usize> = board
            .melee(&fs, Side::Attacker, fs[0].square)
            .map(|c| c.unit)
            .collect();
        assert_eq!(after, [2]);
    }
}
