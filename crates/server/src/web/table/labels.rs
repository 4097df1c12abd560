//! Where each piece's name is written on the table map, so that no two
//! names overlap and no name covers a piece: each name takes the free
//! spot nearest its piece (below it, above it, beside it, then farther
//! out, with a thin line back to its piece), inside the table. A name
//! that finds no free spot on the table is not drawn on the map; the
//! page lists it under the map instead, so it is never lost.
//!
//! A name's box is worked out from its length at a width per character
//! that is generous for the pages' sans-serif fonts
//! ([`CHAR_WIDTH`]), so the drawn text stays inside the box it was given;
//! the browser tests compare the boxes Chromium actually draws.

/// A name's width per character, in ems: wider than the average
/// character of the pages' sans-serif fonts.
pub const CHAR_WIDTH: f64 = 0.66;
/// A name's box height, in ems (ascenders to descenders, and a little
/// air).
pub const LINE: f64 = 1.3;
/// From a box's centre down to the text's baseline, in ems.
pub const BASELINE: f64 = 0.35;

/// A piece on the map: its centre and its name.
#[derive(Clone, Debug)]
pub struct Mark<'a> {
    pub x: f64,
    pub y: f64,
    pub name: &'a str,
}

/// A name's place: the centre of its box, and whether it stands away
/// from its piece (and so is joined to it by a line).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    pub away: bool,
}

impl Spot {
    fn overlaps(&self, o: &Spot) -> bool {
        (self.x - o.x).abs() * 2.0 < self.w + o.w && (self.y - o.y).abs() * 2.0 < self.h + o.h
    }

    /// Whether the box touches a circle of radius `r` at `cx`, `cy`.
    fn covers(&self, cx: f64, cy: f64, r: f64) -> bool {
        let nx = cx.clamp(self.x - self.w / 2.0, self.x + self.w / 2.0);
        let ny = cy.clamp(self.y - self.h / 2.0, self.y + self.h / 2.0);
        (nx - cx).powi(2) + (ny - cy).powi(2) < r * r
    }
}

/// How many steps out from its piece a name looks for a spot, each way.
const REACH: i32 = 30;

/// Lay out the names of `marks` (pieces of radius `r`, names `font`
/// high) on a table `width` by `depth`: one spot per mark, in order,
/// or None for a name that found no free spot.
pub fn lay_out(marks: &[Mark], r: f64, font: f64, width: f64, depth: f64) -> Vec<Option<Spot>> {
    let mut placed: Vec<Spot> = Vec::new();
    let gap = r * 0.4;
    // A little more than a circle: names keep clear of every piece.
    let clear = r * 1.15;
    marks
        .iter()
        .map(|m| {
            let w = (m.name.chars().count() as f64 * CHAR_WIDTH + 0.3) * font;
            let h = LINE * font;
            if w > width || h > depth {
                return None;
            }
            let below = m.y + r + gap + h / 2.0;
            let above = m.y - r - gap - h / 2.0;
            let beside = r + gap + w / 2.0;
            // The four spots next to the piece first, then a grid around
            // it, nearest first.
            let mut tries = vec![
                (m.x, below),
                (m.x, above),
                (m.x + beside, m.y),
                (m.x - beside, m.y),
            ];
            let (sx, sy) = (w / 4.0, h / 2.0);
            let mut grid: Vec<(f64, f64)> = Vec::new();
            for i in -REACH..=REACH {
                for j in -REACH..=REACH {
                    grid.push((m.x + f64::from(i) * sx, below + f64::from(j) * sy));
                }
            }
            grid.sort_by(|a, b| {
                let d = |p: &(f64, f64)| (p.0 - m.x).powi(2) + (p.1 - m.y).powi(2);
                d(a).total_cmp(&d(b))
            });
            tries.extend(grid);
            let near = (r + gap + h).max(beside + 0.01);
            let found = tries.into_iter().find_map(|(x, y)| {
                // Inside the table.
                let x = x.clamp(w / 2.0, width - w / 2.0);
                let y = y.clamp(h / 2.0, depth - h / 2.0);
                let s = Spot {
                    x,
                    y,
                    w,
                    h,
                    away: ((x - m.x).powi(2) + (y - m.y).powi(2)).sqrt() > near,
                };
                let free = !placed.iter().any(|p| p.overlaps(&s))
                    && !marks.iter().any(|o| s.covers(o.x, o.y, clear));
                free.then_some(s)
            });
            if let Some(s) = found {
                placed.push(s);
            }
            found
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use proptest::prelude::*;

    fn marks(at: &[(f64, f64, &'static str)]) -> Vec<Mark<'static>> {
        at.iter().map(|&(x, y, name)| Mark { x, y, name }).collect()
    }

    /// Every drawn name: inside the table, clear of every other drawn
    /// name and of every piece.
    fn sound(m: &[Mark], spots: &[Option<Spot>], r: f64, width: f64, depth: f64) {
        let drawn: Vec<&Spot> = spots.iter().flatten().collect();
        for (i, a) in drawn.iter().enumerate() {
            assert!(
                a.x - a.w / 2.0 >= -1e-9 && a.x + a.w / 2.0 <= width + 1e-9,
                "{a:?}"
            );
            assert!(
                a.y - a.h / 2.0 >= -1e-9 && a.y + a.h / 2.0 <= depth + 1e-9,
                "{a:?}"
            );
            for b in &drawn[i + 1..] {
                assert!(!a.overlaps(b), "{a:?} and {b:?} overlap");
            }
            for p in m {
                assert!(!a.covers(p.x, p.y, r), "{a:?} covers {p:?}");
            }
        }
    }

    #[test]
    fn neighbours_in_a_row_along_an_edge_do_not_collide() {
        // The opening lay-out: six to a row, 12 apart, rows 2.9 apart.
        let names = [
            "line-company",
            "light-company",
            "rifles",
            "Major-Lawford",
            "guns",
            "dragoons",
            "skirmishers",
            "Captain-Fry",
        ];
        let m: Vec<Mark> = names
            .iter()
            .enumerate()
            .map(|(i, n)| Mark {
                x: 6.0 + 12.0 * (i % 6) as f64,
                y: 43.2 - 2.88 * (i / 6) as f64,
                name: n,
            })
            .collect();
        let spots = lay_out(&m, 1.5, 2.1, 72.0, 48.0);
        assert!(spots.iter().all(Option::is_some), "{spots:?}");
        sound(&m, &spots, 1.5, 72.0, 48.0);
    }

    #[test]
    fn a_name_with_no_room_is_left_off_the_map() {
        // A name longer than the table is wide.
        let m = marks(&[(6.0, 6.0, "a-name-far-too-long-for-so-small-a-table")]);
        assert_eq!(lay_out(&m, 0.6, 2.0, 12.0, 12.0), vec![None]);
    }

    #[test]
    fn a_crowd_on_one_spot_still_never_overlaps() {
        let m = marks(&[
            (30.0, 30.0, "one"),
            (30.2, 30.1, "two"),
            (30.1, 29.9, "three"),
            (29.9, 30.2, "four"),
            (30.0, 30.3, "five"),
        ]);
        let spots = lay_out(&m, 1.5, 2.1, 72.0, 48.0);
        assert!(spots.iter().all(Option::is_some), "{spots:?}");
        assert!(
            spots.iter().flatten().any(|s| s.away),
            "some stand away: {spots:?}"
        );
        sound(&m, &spots, 1.5, 72.0, 48.0);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Wherever the pieces stand and whatever they are called, no two
        /// drawn names overlap, none covers a piece, all are on the table.
        #[test]
        fn names_never_overlap(
            (width, depth) in (12u32..=200, 12u32..=200),
            at in proptest::collection::vec((0.0f64..1.0, 0.0f64..1.0, 1usize..18), 0..30),
        ) {
            let (w, d) = (f64::from(width), f64::from(depth));
            let r = (w.min(d) / 32.0).max(0.6);
            let names: Vec<String> = at.iter().enumerate().map(|(i, a)| format!("{i}{}", "x".repeat(a.2))).collect();
            let m: Vec<Mark> = at
                .iter()
                .zip(&names)
                .map(|(a, n)| Mark { x: a.0 * w, y: a.1 * d, name: n })
                .collect();
            let spots = lay_out(&m, r, r * 1.4, w, d);
            sound(&m, &spots, r, w, d);
        }
    }
}
