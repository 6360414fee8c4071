//! PDN-style notation (RULES.md §7): positions as FEN, turns as `22-18`, `27x18x11`, `h22 9-13`.

mod fen;
mod turn;

pub use fen::{parse_fen, write_fen, FenError};
pub use turn::{
    move_paths, move_text, parse_turn, read_turn, resolve_turn, turn_text, IllegalReason,
    IllegalTurn, ParseTurnError, TurnError, TurnText,
};
