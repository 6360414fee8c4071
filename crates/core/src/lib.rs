//! dame-core: the rules of checkers/draughts on an 8×8 board, with five rule presets.
//!
//! The core is pure Rust: board, rules, move generation, game state and notation. It knows nothing
//! of browsers, so it builds and tests natively.
//!
//! ```
//! use dame_core::{Game, Preset};
//!
//! let mut game = Game::new(Preset::English);
//! assert_eq!(game.legal_turns().len(), 7);
//! game.play_text("22-18").unwrap();
//! assert_eq!(game.position().to_string(), "B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
//! assert!(game.play_text("18-14").is_err()); // not Red's turn
//! ```

#![warn(missing_docs)]

pub mod board;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod pdn;
mod perft;
pub mod play;
pub mod preset;
pub mod rules;

pub use board::{
    Bitboard, BitboardIter, Board, Color, Piece, Position, PositionError, Role, Setup, Square,
};
pub use game::{DrawReason, Game, Outcome, WinReason, QUIET_PLIES_FOR_DRAW};
pub use moves::{Move, Turn};
pub use notation::position_from_fen;
pub use perft::perft;
pub use play::TurnStart;
pub use preset::{Preset, PresetInfo, UnknownPreset, PRESETS};
pub use rules::{CaptureRule, KingCaptures, KingMoves, PromotionMidCapture, Rules};
