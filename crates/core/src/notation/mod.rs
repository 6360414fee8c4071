//! PDN-style notation (docs/rules.md §7): positions as FEN, turns as `22-18`, `27x18x11`,
//! `h22 9-13`; each game's own numbering ([`Numbering`]: ACF numbers for English checkers,
//! algebraic squares for Russian draughts); whole games as PDN ([`crate::pdn`]).
//!
//! Reading text is kept apart from checking it against the rules: [`parse_fen`] gives a
//! [`Setup`](crate::Setup) or a [`FenError`] (the text is bad), and
//! [`Position::from_setup`](crate::Position::from_setup) then says whether the rules allow it.
//! [`write_fen`] writes the canonical form, which reads back to the same setup.
//!
//! ```
//! use dame_core::notation::{parse_fen, write_fen, FenError};
//! use dame_core::{Color, Position, PositionError, Preset, Setup, Square};
//!
//! // Ranges are read; the canonical form lists every square.
//! let start = parse_fen("W:W21-32:B1-12").unwrap();
//! assert_eq!(start, Setup::start());
//! let fen = write_fen(&start);
//! assert_eq!(fen, "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
//! assert_eq!(parse_fen(&fen), Ok(start));
//!
//! // Kings are marked `K`; squares come out in number order, whatever order they went in.
//! let endgame = parse_fen("B:W18,K3:BK30,9").unwrap();
//! assert_eq!(endgame.side, Color::Black);
//! assert_eq!(write_fen(&endgame), "B:WK3,18:B9,K30");
//! assert_eq!(parse_fen(&write_fen(&endgame)), Ok(endgame));
//!
//! // Bad text is a FenError, with a message for the player.
//! let error = parse_fen("W:W21-32:B1-12,12").unwrap_err();
//! assert_eq!(error, FenError::SquareTwice("12".into()));
//! assert_eq!(error.to_string(), "square 12 is listed twice in FEN");
//!
//! // Good text can still describe a position the rules refuse: a red man on Red's crowning row.
//! let setup = parse_fen("B:W3:B9").unwrap();
//! let three = Square::from_number(3).unwrap();
//! assert_eq!(
//!     Position::from_setup(setup, Preset::English),
//!     Err(PositionError::ManOnPromotionRow(three, Color::Red))
//! );
//! ```

mod fen;
mod numbering;
mod turn;

use crate::board::{Position, PositionError};
use crate::preset::Preset;
use std::fmt;

pub use crate::preset::Numbering;
pub use fen::{parse_fen, write_fen, FenError};
pub use turn::{
    move_paths, move_text, parse_turn, read_turn, resolve_turn, turn_text, IllegalReason,
    IllegalTurn, ParseTurnError, TurnError, TurnText,
};

/// Why a FEN string gives no position: the text is bad, or the rules do not allow the setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadPositionError {
    /// The text is not FEN.
    Syntax(FenError),
    /// The text is FEN, but the position breaks the rules.
    Illegal(PositionError),
}

impl fmt::Display for ReadPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadPositionError::Syntax(e) => e.fmt(f),
            ReadPositionError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadPositionError {}

/// Reads a FEN string and checks it against `rules`: both steps, each with its own kind of
/// error.
///
/// ```
/// use dame_core::notation::ReadPositionError;
/// use dame_core::{position_from_fen, Preset};
///
/// let preset = Preset::English;
/// assert!(position_from_fen("B:W18:B9", preset).is_ok());
/// assert!(matches!(position_from_fen("W:W18:", preset), Err(ReadPositionError::Syntax(_))));
/// assert!(matches!(position_from_fen("B:W3:B9", preset), Err(ReadPositionError::Illegal(_))));
/// ```
pub fn position_from_fen(fen: &str, preset: Preset) -> Result<Position, ReadPositionError> {
    let setup = parse_fen(fen).map_err(ReadPositionError::Syntax)?;
    Position::from_setup(setup, preset).map_err(ReadPositionError::Illegal)
}
