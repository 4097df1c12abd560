//! The battlefield (OV-CMB-023..025): each side's three ranks and three
//! files, eighteen squares in all, as one board.
//!
//! The board has six lines, counted from the attacker's rear: the
//! attacker's REAR, MIDDLE and FRONT ranks are lines 0, 1 and 2; the
//! defender's FRONT, MIDDLE and REAR are lines 3, 4 and 5. So the two
//! front ranks face each other. Each side names its files as it faces the
//! enemy: the attacker's LEFT is the defender's RIGHT. Units may move into
//! squares on the other side's half (ADVANCE into an empty square in front).
//!
//! Distance is counted in lines plus files, so a square on the diagonal is
//! 2 away (OV-CMB-025); adjacent squares are those at distance 1.

use crate::orders::words::{File, Rank};

/// Which army.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Attacker,
    Defender,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }

    /// Index 0 or 1, for per-side arrays.
    pub fn index(self) -> usize {
        match self {
            Side::Attacker => 0,
            Side::Defender => 1,
        }
    }
}

/// Lines on the board.
pub const LINES: u8 = 6;
/// Files on the board.
pub const FILES: u8 = 3;

/// Squares on the board.
pub const SQUARES: usize = LINES as usize * FILES as usize;

/// A square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Square {
    /// 0 (the attacker's rear) to 5 (the defender's rear).
    pub line: u8,
    /// 0 to 2, the attacker's left to right.
    pub file: u8,
}

impl Square {
    /// Where a unit of `side` set to `rank` and `file` stands.
    pub fn deploy(side: Side, rank: Rank, file: File) -> Square {
        let depth = match rank {
            Rank::Front => 2,
            Rank::Middle => 1,
            Rank::Rear => 0,
        };
        let across = match file {
            File::Left => 0,
            File::Center => 1,
            File::Right => 2,
        };
        match side {
            Side::Attacker => Square {
                line: depth,
                file: across,
            },
            Side::Defender => Square {
                line: LINES - 1 - depth,
                file: FILES - 1 - across,
            },
        }
    }

    /// The square's place in a list of all [`SQUARES`], line by line.
    pub fn cell(self) -> usize {
        usize::from(self.line) * usize::from(FILES) + usize::from(self.file)
    }

    /// The square at `cell` of a list of all [`SQUARES`] (the last line's
    /// last square for anything past the end).
    pub fn from_cell(cell: usize) -> Square {
        let cell = cell.min(SQUARES - 1);
        let files = usize::from(FILES);
        Square {
            line: u8::try_from(cell / files).unwrap_or(LINES - 1),
            file: u8::try_from(cell % files).unwrap_or(FILES - 1),
        }
    }

    /// OV-CMB-025: lines plus files.
    pub fn distance(self, other: Square) -> u8 {
        self.line.abs_diff(other.line) + self.file.abs_diff(other.file)
    }

    pub fn adjacent(self, other: Square) -> bool {
        self.distance(other) == 1
    }

    /// The square one line toward the enemy, if on the board.
    pub fn forward(self, side: Side) -> Option<Square> {
        let line = match side {
            Side::Attacker => self.line.checked_add(1).filter(|&l| l < LINES)?,
            Side::Defender => self.line.checked_sub(1)?,
        };
        Some(Square { line, ..self })
    }

    /// The square one line back toward the side's own rear, if on the
    /// board.
    pub fn back(self, side: Side) -> Option<Square> {
        self.forward(side.other())
    }

    /// Is this the side's own rear rank?
    pub fn is_rear(self, side: Side) -> bool {
        match side {
            Side::Attacker => self.line == 0,
            Side::Defender => self.line == LINES - 1,
        }
    }

    /// The middle file.
    pub fn is_centre(self) -> bool {
        self.file == 1
    }

    /// The four squares next to it that are on the board.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        let Square { line, file } = self;
        [
            (line.checked_sub(1), Some(file)),
            (line.checked_add(1).filter(|&l| l < LINES), Some(file)),
            (Some(line), file.checked_sub(1)),
            (Some(line), file.checked_add(1).filter(|&f| f < FILES)),
        ]
        .into_iter()
        .filter_map(|(l, f)| Some(Square { line: l?, file: f? }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ov_cmb_023_eighteen_squares_two_halves() {
        let mut all = Vec::new();
        for side in [Side::Attacker, Side::Defender] {
            for rank in [Rank::Front, Rank::Middle, Rank::Rear] {
                for file in [File::Left, File::Center, File::Right] {
                    all.push(Square::deploy(side, rank, file));
                }
            }
        }
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 18);
        // The fronts face each other on the same file as each side sees it
        // mirrored: the attacker's left faces the defender's right.
        let a = Square::deploy(Side::Attacker, Rank::Front, File::Left);
        let d = Square::deploy(Side::Defender, Rank::Front, File::Right);
        assert!(a.adjacent(d));
        assert_eq!(a.forward(Side::Attacker), Some(d));
        assert_eq!(d.forward(Side::Defender), Some(a));
        assert!(Square::deploy(Side::Defender, Rank::Rear, File::Left).is_rear(Side::Defender));
    }

    #[test]
    fn ov_cmb_025_distance_counts_ranks_plus_files() {
        let a = Square { line: 2, file: 0 };
        assert_eq!(a.distance(Square { line: 3, file: 1 }), 2, "diagonal");
        assert_eq!(a.distance(Square { line: 5, file: 2 }), 5);
        assert!(!a.adjacent(Square { line: 3, file: 1 }));
        assert_eq!(a.neighbours().count(), 3);
        assert_eq!(Square { line: 3, file: 1 }.neighbours().count(), 4);
        assert_eq!(Square { line: 5, file: 1 }.forward(Side::Attacker), None);
        assert_eq!(Square { line: 0, file: 1 }.back(Side::Attacker), None);
    }
}
