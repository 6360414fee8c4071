//! dame-core: the rules of checkers and draughts on an 8×8 board, as a library.
//!
//! Five rule presets ([`Preset`]): English checkers, Russian draughts, and three German ones
//! (Standard, Standard with flying kings, and Blasen, where a missed capture may be "huffed").
//! Every rule is exact and documented in the project's `docs/rules.md`; the move generator is
//! cross-checked against published perft counts and an independent reference generator. Pure
//! Rust, no dependencies, no I/O: it builds for any target, WebAssembly included.
//!
//! The layers, bottom first: the rule parameters ([`rules`]), the preset registry ([`preset`]),
//! the board ([`board`]), moves and their generation ([`moves`], [`movegen`], [`play`]), notation
//! ([`notation`]: FEN, turn text, each game's numbering), the game ([`game`]) and PDN ([`pdn`]).
//!
//! # List the moves of a position
//!
//! ```
//! use dame_core::{position_from_fen, Preset};
//! use dame_core::notation::turn_text;
//!
//! // FEN in the internal numbering of docs/rules.md §7: Red to move, a red man on 22 can jump.
//! let position = position_from_fen("W:W22,25:B18,9", Preset::English).unwrap();
//! let turns: Vec<String> = position
//!     .legal_turns()
//!     .iter()
//!     .map(|turn| turn_text(&position, turn))
//!     .collect();
//! assert_eq!(turns, ["22x15"]); // capturing is compulsory in English checkers
//! ```
//!
//! # Play a game
//!
//! ```
//! use dame_core::{Color, Game, Outcome, Preset, WinReason};
//!
//! let mut game = Game::new(Preset::English);
//! assert_eq!(game.legal_turns().len(), 7);
//! game.play_text("22-18").unwrap();
//! assert_eq!(game.side_to_move(), Color::Black);
//! let refused = game.play_text("18-14").unwrap_err(); // not Red's turn
//! assert_eq!(refused.to_string(), "18-14: the piece on 18 is not Black's");
//! game.resign(Color::Black);
//! assert_eq!(
//!     game.outcome(),
//!     Some(Outcome::Win { winner: Color::Red, reason: WinReason::Resignation })
//! );
//! ```
//!
//! # Read a PDN file
//!
//! ```
//! use dame_core::pdn::read_games;
//! use dame_core::Preset;
//!
//! let text = "[Event \"Club night\"]\n[GameType \"21\"]\n\n1. 11-15 23-19 2. 8-11 22-17 *\n";
//! for game in read_games(text, None) {
//!     let game = game.unwrap(); // or an error naming the game, the move and why
//!     assert_eq!(game.preset, Preset::English);
//!     assert_eq!(game.tag("Event"), Some("Club night"));
//!     assert_eq!(game.game.history().len(), 4);
//! }
//! ```
//!
//! The `moves` example lists every turn of a position given as FEN:
//! `cargo run -p dame-core --example moves -- english "W:W18:B14,15,23"`.

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

/// The crate's README, whose example is compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
