//! Squares: the 32 dark squares, numbered 1–32 as in the standard checkers diagram.
//!
//! Internally a square is a bit index in a 35-bit "ghost square" layout, so that every diagonal
//! step is a constant shift (±4, ±5) and a step off the board lands on a ghost bit or outside the
//! board mask. This is the only place where standard numbers and bit indices meet.
//!
//! ```text
//!  row 1:    1   2   3   4        bits  0  1  2  3
//!  row 2:  5   6   7   8                4  5  6  7   (8 is a ghost)
//!  row 3:    9  10  11  12        bits  9 10 11 12
//!  row 4: 13  14  15  16               13 14 15 16   (17 is a ghost)
//!  …                                    …
//!  row 8: 29  30  31  32               31 32 33 34
//! ```

use std::fmt;

/// One of the 32 playable (dark) squares, shown and parsed as its standard number.
///
/// ```
/// use dame_core::Square;
///
/// let sq = Square::from_number(22).unwrap();
/// assert_eq!((sq.row(), sq.column()), (6, 2)); // c6 as the board is drawn
/// assert_eq!(sq.to_string(), "22");
/// assert_eq!(Square::from_row_column(6, 3), None); // a light square
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

const fn bit_of_number(n: u8) -> u8 {
    let row = (n - 1) / 4;
    row * 4 + row / 2 + (n - 1) % 4
}

const NUMBER_OF_BIT: [u8; 35] = {
    let mut table = [0u8; 35];
    let mut n = 1;
    while n <= 32 {
        table[bit_of_number(n) as usize] = n;
        n += 1;
    }
    table
};

impl Square {
    /// The square with standard number `n` (1–32), or `None`.
    pub const fn from_number(n: u8) -> Option<Square> {
        if n >= 1 && n <= 32 {
            Some(Square(bit_of_number(n)))
        } else {
            None
        }
    }

    /// Standard number, 1–32.
    #[inline(always)]
    pub const fn number(self) -> u8 {
        NUMBER_OF_BIT[self.0 as usize]
    }

    /// Row 1 (top, Black's home) to 8 (bottom, Red's home), as the board is shown by default.
    #[inline(always)]
    pub const fn row(self) -> u8 {
        (self.number() - 1) / 4 + 1
    }

    /// Column 0 (a) to 7 (h).
    #[inline(always)]
    pub const fn column(self) -> u8 {
        let n = self.number() - 1;
        let row = n / 4;
        (n % 4) * 2 + if row.is_multiple_of(2) { 1 } else { 0 }
    }

    /// The square at `row` (1–8) and `column` (0–7), if it is a dark square.
    pub const fn from_row_column(row: u8, column: u8) -> Option<Square> {
        if row < 1 || row > 8 || column > 7 || (row - 1 + column).is_multiple_of(2) {
            return None;
        }
        Square::from_number((row - 1) * 4 + column / 2 + 1)
    }

    /// Every square, in number order.
    pub fn all() -> impl Iterator<Item = Square> {
        (1..=32).filter_map(Square::from_number)
    }

    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub const fn bit(self) -> u8 {
        self.0
    }

    pub(crate) const fn from_bit(bit: u8) -> Square {
        debug_assert!(NUMBER_OF_BIT[bit as usize] != 0);
        Square(bit)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({})", self.number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_and_rows_match_the_diagram() {
        for n in 1..=32 {
            let sq = Square::from_number(n).unwrap();
            assert_eq!(sq.number(), n);
            assert_eq!(Square::from_row_column(sq.row(), sq.column()), Some(sq));
        }
        assert_eq!(Square::from_number(1).unwrap().column(), 1); // b1
        assert_eq!(Square::from_number(5).unwrap().column(), 0); // a2
        assert_eq!(Square::from_number(32).unwrap().row(), 8);
        assert_eq!(Square::from_number(0), None);
        assert_eq!(Square::from_number(33), None);
    }
}
