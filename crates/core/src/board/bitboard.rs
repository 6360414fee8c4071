//! A set of squares as one machine word.
//!
//! Bit `i` stands for the square whose ghost-layout index is `i` (see [`Square`]), so one shift
//! moves a whole set one diagonal step at once; `VALID` then drops what fell off the board:
//!
//! ```text
//!   −5     −4      (up: towards row 1)
//!     \   /
//!      sq
//!     /   \
//!   +4     +5      (down: towards row 8)
//! ```
//!
//! A step left from column a, or right from column h, lands on a ghost bit (8, 17, 26) or off
//! either end of the 35 bits, never on another square: that is what the ghosts are for.

use super::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

/// Every playable bit of the ghost layout (35 bits minus the ghosts 8, 17, 26).
#[doc(hidden)] // for dame-engine and dame-web; not a stable API
pub const VALID: u64 = ((1u64 << 35) - 1) & !(1 << 8) & !(1 << 17) & !(1 << 26);

/// A set of squares. `a | b` is the union, `a & b` the intersection, `a - b` the difference,
/// `!a` the complement within the 32 squares; iteration goes in number order.
///
/// ```
/// use dame_core::{Bitboard, Square};
///
/// let sq = |n| Square::from_number(n).unwrap();
/// let some: Bitboard = [sq(3), sq(1), sq(9)].into_iter().collect();
/// let rest = Bitboard::row(1) - some;
/// assert_eq!(rest.iter().map(|s| s.number()).collect::<Vec<_>>(), [2, 4]);
/// assert_eq!(!Bitboard::EMPTY, Bitboard::ALL);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 32 squares.
    pub const ALL: Bitboard = Bitboard(VALID);

    /// The set holding `sq` alone.
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.bit())
    }

    /// Squares on `row` (1–8).
    pub fn row(row: u8) -> Bitboard {
        Square::all().filter(|s| s.row() == row).collect()
    }

    /// Whether the set holds no square.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many squares the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.bit()) != 0
    }

    /// Adds `sq` to the set.
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.bit();
    }

    /// Takes `sq` out of the set.
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.bit());
    }

    /// The lowest-numbered square, if any.
    pub fn first(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::from_bit(self.0.trailing_zeros() as u8))
    }

    /// The squares of the set in number order.
    pub fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.number()))
            .finish()
    }
}

/// The squares of a set in number order, from [`Bitboard::iter`].
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::from_bit(bit))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.insert(sq);
        }
        bb
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}
impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}
impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}
impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}
impl BitXor for Bitboard {
    type Output = Bitboard;
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}
impl Sub for Bitboard {
    type Output = Bitboard;
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}
impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the 32 playable squares.
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & VALID)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_mask_holds_exactly_the_32_squares() {
        let all: Bitboard = Square::all().collect();
        assert_eq!(all, Bitboard::ALL);
        assert_eq!(all.len(), 32);
        assert_eq!(
            Bitboard::row(1)
                .iter()
                .map(|s| s.number())
                .collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
    }
}
