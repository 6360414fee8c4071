//! The board: squares, sets of squares, pieces, and positions.
//!
//! A [`Setup`] is a not necessarily legal arrangement (what a FEN string says); a [`Position`] is a
//! setup checked against a set of [`Rules`]. [`Position::from_setup`] is the only bridge, so every
//! position the rest of the crate sees is one the rules allow.
//!
//! ```
//! use dame_core::{Bitboard, Color, Piece, Position, PositionError, Preset, Role, Setup, Square};
//!
//! let sq = |n| Square::from_number(n).unwrap();
//! let english = Preset::English;
//!
//! // The start position is a position under every preset.
//! let mut setup = Setup::start();
//! let position = Position::from_setup(setup, english).unwrap();
//! assert_eq!(position.side(), Color::Red);
//! assert_eq!(position.piece_at(sq(22)), Some(Piece { color: Color::Red, role: Role::Man }));
//! assert_eq!(position.setup(), setup);
//!
//! // A red man on row 1 would have been crowned on arriving there: refused. As a king it is fine.
//! setup.board.set(sq(3), Piece { color: Color::Red, role: Role::Man });
//! let refused = Position::from_setup(setup, english);
//! assert_eq!(refused, Err(PositionError::ManOnPromotionRow(sq(3), Color::Red)));
//! setup.board.set(sq(3), Piece { color: Color::Red, role: Role::King });
//! assert!(Position::from_setup(setup, english).is_ok());
//!
//! // Whether a setup is a position depends on the rules: only Blasen has huffable pieces.
//! let mut setup = Setup::start();
//! setup.side = Color::Black;
//! setup.huffable = Bitboard::from_square(sq(22)); // as if it had left a capture undone
//! let refused = Position::from_setup(setup, english);
//! assert_eq!(refused, Err(PositionError::HuffingNotInRules));
//! assert!(Position::from_setup(setup, Preset::Blasen).is_ok());
//! ```

mod bitboard;
mod square;

#[doc(hidden)] // for dame-engine and dame-web; not a stable API
pub use bitboard::VALID;
pub use bitboard::{Bitboard, BitboardIter};
pub use square::Square;

use crate::preset::Preset;
use crate::rules::Rules;
use std::fmt;

/// The two sides. Red sits at the bottom, moves "up" (towards row 1) and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Starts on 21–32 and moves first; written `W` (white) in FEN, as PDN has it.
    Red,
    /// Starts on 1–12 and moves towards row 8.
    Black,
}

impl Color {
    /// The other side.
    pub const fn opposite(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// The row on which this side's men are crowned.
    pub const fn promotion_row(self) -> u8 {
        match self {
            Color::Red => 1,
            Color::Black => 8,
        }
    }

    /// The name shown to players, `"Red"` or `"Black"` (also the `Display` form).
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "Red",
            Color::Black => "Black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a piece is: a man or a crowned man.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// An uncrowned piece: it moves forward only (captures backward too under some rules).
    Man,
    /// A man crowned on the far row; how far it moves and captures depends on the rules.
    King,
}

/// A piece as it stands on a square: whose it is and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side it belongs to.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

/// Where the pieces stand, as three sets: red pieces, black pieces, and which of them are kings.
///
/// A board says nothing about whose turn it is or which rules apply; see [`Setup`] and
/// [`Position`]. Its `Display` form draws it as the player sees it, row 1 at the top:
///
/// ```text
///   b   b   b   b
/// b   b   b   b
///   b   b   b   b
/// .   .   .   .
///   .   .   .   .
/// r   r   r   r
///   r   r   r   r
/// r   r   r   r
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub red: Bitboard,
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub black: Bitboard,
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub kings: Bitboard,
}

impl Board {
    /// No pieces at all: the starting point for a board built by hand.
    pub const EMPTY: Board = Board {
        red: Bitboard::EMPTY,
        black: Bitboard::EMPTY,
        kings: Bitboard::EMPTY,
    };

    /// Black on 1–12, Red on 21–32.
    pub fn start() -> Board {
        let squares = |range: std::ops::RangeInclusive<u8>| -> Bitboard {
            range.filter_map(Square::from_number).collect()
        };
        Board {
            red: squares(21..=32),
            black: squares(1..=12),
            kings: Bitboard::EMPTY,
        }
    }

    /// Every piece of `color`, men and kings.
    pub fn pieces(&self, color: Color) -> Bitboard {
        match color {
            Color::Red => self.red,
            Color::Black => self.black,
        }
    }

    /// The uncrowned pieces of `color`.
    pub fn men(&self, color: Color) -> Bitboard {
        self.pieces(color) - self.kings
    }

    /// The kings of `color`.
    pub fn kings(&self, color: Color) -> Bitboard {
        self.pieces(color) & self.kings
    }

    /// Every square with a piece on it, of either colour.
    pub fn occupied(&self) -> Bitboard {
        self.red | self.black
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.red.contains(sq) {
            Color::Red
        } else if self.black.contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(sq) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    pub fn set(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        match piece.color {
            Color::Red => self.red.insert(sq),
            Color::Black => self.black.insert(sq),
        }
        if piece.role == Role::King {
            self.kings.insert(sq);
        }
    }

    /// Empties `sq`, whatever stood there (nothing happens if it is empty already).
    pub fn remove(&mut self, sq: Square) {
        self.red.remove(sq);
        self.black.remove(sq);
        self.kings.remove(sq);
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{self}")
    }
}

/// The board as the player sees it: `r`/`b` men, `R`/`B` kings, `.` an empty dark square.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 1..=8 {
            for column in 0..8 {
                let c = match Square::from_row_column(row, column) {
                    None => ' ',
                    Some(sq) => match self.piece_at(sq) {
                        None => '.',
                        Some(Piece {
                            color: Color::Red,
                            role: Role::Man,
                        }) => 'r',
                        Some(Piece {
                            color: Color::Red,
                            role: Role::King,
                        }) => 'R',
                        Some(Piece {
                            color: Color::Black,
                            role: Role::Man,
                        }) => 'b',
                        Some(Piece {
                            color: Color::Black,
                            role: Role::King,
                        }) => 'B',
                    },
                };
                write!(f, "{c}")?;
                if column < 7 {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A not necessarily legal position: what a FEN string describes, or an editor builds.
///
/// Its fields are public so that it can be built and changed freely; [`Position::from_setup`]
/// checks it against a set of rules. Its `Display` form is the canonical FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Where the pieces stand.
    pub board: Board,
    /// The side to move.
    pub side: Color,
    /// Pieces of the side not to move that the side to move may remove (Blasen only).
    pub huffable: Bitboard,
}

impl Setup {
    /// The start position, Red to move: Black on 1–12, Red on 21–32.
    pub fn start() -> Setup {
        Setup {
            board: Board::start(),
            side: Color::Red,
            huffable: Bitboard::EMPTY,
        }
    }
}

/// Why a setup is not a position under the given rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A square holds a piece of both colours. Neither [`Board::set`] nor FEN can make such a
    /// board, so this guards against a bug inside the crate.
    Overlap(Square),
    /// A man stands on the row where it would have been crowned.
    ManOnPromotionRow(Square, Color),
    /// The huffable field is used with rules that have no huffing.
    HuffingNotInRules,
    /// A huffable square does not hold a piece of the side that just moved.
    HuffableNotOpponent(Square),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Overlap(sq) => write!(f, "square {sq} holds a red and a black piece"),
            PositionError::ManOnPromotionRow(sq, color) => write!(
                f,
                "a {} man on square {sq} stands on its crowning row; write it as a king (K{sq})",
                color.name().to_lowercase()
            ),
            PositionError::HuffingNotInRules => {
                write!(
                    f,
                    "a huffable field (H) is only allowed under rules with huffing"
                )
            }
            PositionError::HuffableNotOpponent(sq) => write!(
                f,
                "huffable square {sq} must hold a piece of the side that just moved"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// A position checked against a set of rules: the board, the side to move and the huffable set.
///
/// Made only by [`Position::start`] and [`Position::from_setup`] (and by playing moves), so its
/// board is always one the rules allow; its `Display` form is the canonical FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub board: Board,
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub side: Color,
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub huffable: Bitboard,
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub rules: Rules,
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub preset: Preset,
}

impl Position {
    /// The start position of `preset`: Black on 1–12, Red on 21–32, Red to move.
    pub fn start(preset: Preset) -> Position {
        Position {
            board: Board::start(),
            side: Color::Red,
            huffable: Bitboard::EMPTY,
            rules: preset.rules(),
            preset,
        }
    }

    /// Checks `setup` against the rules of `preset`: the one way from a setup to a position. The
    /// first problem found is reported; king marks on empty squares are dropped silently.
    pub fn from_setup(setup: Setup, preset: Preset) -> Result<Position, PositionError> {
        let rules = preset.rules();
        let board = setup.board;
        if let Some(sq) = (board.red & board.black).first() {
            return Err(PositionError::Overlap(sq));
        }
        for color in [Color::Red, Color::Black] {
            let wrong = board.men(color) & Bitboard::row(color.promotion_row());
            if let Some(sq) = wrong.first() {
                return Err(PositionError::ManOnPromotionRow(sq, color));
            }
        }
        if !setup.huffable.is_empty() && !rules.is_huffing() {
            return Err(PositionError::HuffingNotInRules);
        }
        if let Some(sq) = (setup.huffable - board.pieces(setup.side.opposite())).first() {
            return Err(PositionError::HuffableNotOpponent(sq));
        }
        Ok(Position {
            board: Board {
                kings: board.kings & board.occupied(),
                ..board
            },
            side: setup.side,
            huffable: setup.huffable,
            rules,
            preset,
        })
    }

    /// The position as a setup again, to write it as FEN or to edit it.
    pub fn setup(&self) -> Setup {
        Setup {
            board: self.board,
            side: self.side,
            huffable: self.huffable,
        }
    }

    /// Where the pieces stand.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.side
    }

    /// Pieces of the side not to move that the side to move may remove before moving (Blasen).
    pub fn huffable(&self) -> Bitboard {
        self.huffable
    }

    /// The rules the position was checked against, which its moves follow.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The preset whose rules these are.
    pub fn preset(&self) -> Preset {
        self.preset
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }
}
