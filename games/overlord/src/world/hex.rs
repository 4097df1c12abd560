//! Axial hex coordinates on a flat-topped map, north up.

use serde::{Deserialize, Serialize};

use crate::rules::terrains::Direction;

/// A hex in axial coordinates. North is `r - 1`; see
/// [`Direction::axial_offset`] for the six neighbours.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

impl Hex {
    pub const fn new(q: i32, r: i32) -> Self {
        Hex { q, r }
    }

    /// The neighbour in a hex direction; `None` for IN, OUT and the like.
    pub fn step(self, dir: Direction) -> Option<Hex> {
        let (dq, dr) = dir.axial_offset()?;
        Some(Hex::new(self.q + dq, self.r + dr))
    }

    /// Hex distance.
    pub fn distance(self, o: Hex) -> u32 {
        let dq = self.q - o.q;
        let dr = self.r - o.r;
        let ds = -dq - dr;
        (dq.unsigned_abs() + dr.unsigned_abs() + ds.unsigned_abs()) / 2
    }

    /// From the original engine's doubled coordinates (`XY x y`, y grows
    /// northward by 2 per hex).
    pub fn from_doubled(x: i32, y: i32) -> Hex {
        Hex::new(x, -(x + y).div_euclid(2))
    }

    /// Back to doubled coordinates, keeping the original's row parity.
    pub fn to_doubled(self, parity: i32) -> (i32, i32) {
        let x = self.q;
        // x + y = -2r + parity
        (x, -2 * self.r + parity - x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubled_coordinates_match_the_reference_neighbours() {
        // L2 at (8,13); L3 north at (8,15), L5 NE (9,14), L8 SE (9,12),
        // L4 S (8,11), L6 SW (7,12), L7 NW (7,14).
        let l2 = Hex::from_doubled(8, 13);
        let n = [
            (Direction::North, (8, 15)),
            (Direction::NorthEast, (9, 14)),
            (Direction::SouthEast, (9, 12)),
            (Direction::South, (8, 11)),
            (Direction::SouthWest, (7, 12)),
            (Direction::NorthWest, (7, 14)),
        ];
        for (dir, (x, y)) in n {
            assert_eq!(l2.step(dir), Some(Hex::from_doubled(x, y)), "{dir}");
        }
        assert_eq!(l2.to_doubled(1), (8, 13));
        assert_eq!(l2.distance(Hex::from_doubled(8, 17)), 2);
        assert_eq!(l2.step(Direction::In), None);
    }
}
