//! PDN-style notation (docs/rules.md §7): positions as FEN, turns as `22-18`, `27x18x11`,
//! `h22 9-13`.
//!
//! Reading text is kept apart from checking it against the rules: [`parse_fen`] gives a
//! [`Setup`](crate::Setup) or a [`FenError`] (the text is bad), and
//! [`Position::from_setup`](crate::Position::from_setup) then says whether the rules allow it.
//! [`write_fen`] writes the canonical form, which reads back to the same setup.
//!
//! ```
//! use dame::notation::{parse_fen, write_fen, FenError};
//! use dame::{Color, Position, PositionError, Preset, Setup, Square};
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
//! assert_eq!(error, FenError::SquareTwice(12));
//! assert_eq!(error.to_string(), "square 12 is listed twice in FEN");
//!
//! // Good text can still describe a position the rules refuse: a red man on Red's crowning row.
//! let setup = parse_fen("B:W3:B9").unwrap();
//! let three = Square::from_number(3).unwrap();
//! assert_eq!(
//!     Position::from_setup(setup, Preset::English.rules()),
//!     Err(PositionError::ManOnPromotionRow(three, Color::Red))
//! );
//! ```

mod fen;
mod turn;

pub use fen::{parse_fen, write_fen, FenError};
pub use turn::{
    move_paths, move_text, parse_turn, read_turn, resolve_turn, turn_text, IllegalReason,
    IllegalTurn, ParseTurnError, TurnError, TurnText,
};
