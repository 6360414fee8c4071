//! The small values that cross to the page (serialised with `serde-wasm-bindgen`, camelCase).

use crate::{Color, DrawReason, Outcome, WinReason};
use serde::{Deserialize, Serialize};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PresetView {
    pub id: &'static str,
    pub name_de: &'static str,
    pub name_en: &'static str,
    pub huffing: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LevelView {
    pub number: u32,
    pub name_de: &'static str,
    pub name_en: &'static str,
}

/// One piece on the board.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    pub sq: u8,
    pub color: &'static str,
    pub king: bool,
}

/// How the game ended.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct OutcomeView {
    /// "red", "black", or `None` for a draw.
    pub winner: Option<&'static str>,
    /// "noPieces", "noMoves", "resignation", "repetition" or "fortyMoves".
    pub reason: &'static str,
}

/// Everything the page draws, for the position shown (after a huff the player has made but not
/// yet followed by a move).
#[derive(Serialize, Clone, Debug)]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub fen: String,
    pub rules: &'static str,
    pub huffing: bool,
    pub side: &'static str,
    pub pieces: Vec<PieceView>,
    /// Pieces of the side to move under capture obligation, kings first.
    pub obligated: Vec<u8>,
    /// Opposing pieces the side to move may huff now (empty once a huff is pending).
    pub huffable: Vec<u8>,
    pub pending_huff: Option<u8>,
    /// Pieces of the side to move that have at least one legal move.
    pub movable: Vec<u8>,
    pub outcome: Option<OutcomeView>,
    pub history: Vec<String>,
    pub plies: usize,
}

/// One way a held piece can go: its start, then each landing square.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PathView {
    pub squares: Vec<u8>,
    pub captured: Vec<u8>,
    pub crowns: bool,
    /// Blasen: the capture stops although it could go on (the piece becomes huffable).
    pub unfinished: bool,
    pub text: String,
}

/// Why a move is refused, as a code the page words in its language, with the squares named.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Refusal {
    /// "gameOver", "noPiece", "notYourPiece", "mustCapture", "mustContinue", "menMoveForward",
    /// "occupied", "ambiguous", "noMoves", "notAMove", "notHuffable", "huffPending".
    pub code: &'static str,
    pub squares: Vec<u8>,
    pub options: Vec<String>,
    /// The core's own wording (English).
    pub text: String,
}

/// What a grabbed piece may do.
#[derive(Serialize, Clone, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Grab {
    pub paths: Vec<PathView>,
    pub refusal: Option<Refusal>,
    /// When the piece may not move because others must capture: those captures.
    pub required: Vec<PathView>,
}

/// A turn that was played, for animation and messages.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PlayedTurn {
    pub text: String,
    /// The side that played it.
    pub color: &'static str,
    pub huff: Option<u8>,
    /// Start, then every landing square (empty for a huff alone).
    pub path: Vec<u8>,
    pub captured: Vec<u8>,
    pub crowns: bool,
    /// The mover's pieces the opponent may now huff.
    pub huffable_after: Vec<u8>,
}

/// The answer to a route the player pointed at.
#[derive(Serialize, Clone, Debug)]
#[serde(tag = "status", rename_all = "camelCase")]
pub enum RouteAnswer {
    /// The route named one legal move, now played.
    #[serde(rename_all = "camelCase")]
    Played { turn: PlayedTurn },
    /// The route is the start of a capture that goes on: the piece stays active.
    #[serde(rename_all = "camelCase")]
    Partial {
        path: Vec<u8>,
        captured: Vec<u8>,
        next: Vec<u8>,
        /// Blasen: stopping here is a legal move too.
        can_stop: bool,
    },
    /// No legal move: why.
    #[serde(rename_all = "camelCase")]
    Refused { refusal: Refusal },
}

/// A request to the computer (page → worker).
#[derive(Deserialize, Debug)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum WorkerRequest {
    #[serde(rename_all = "camelCase")]
    Think {
        id: u32,
        rules: String,
        start: String,
        history: Vec<String>,
        level: u32,
        seed: f64,
    },
    /// Fixed-depth search for the speed figure.
    #[serde(rename_all = "camelCase")]
    Bench {
        id: u32,
        rules: String,
        fen: String,
        depth: u32,
    },
    /// Forget the transposition table (a new game).
    NewGame,
}

/// The computer's answer (worker → page).
#[derive(Serialize, Debug)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum WorkerReply {
    #[serde(rename_all = "camelCase")]
    Move {
        id: u32,
        text: Option<String>,
        score: i32,
        depth: u32,
        nodes: f64,
        ms: f64,
    },
    #[serde(rename_all = "camelCase")]
    Bench { id: u32, nodes: f64, ms: f64 },
    #[serde(rename_all = "camelCase")]
    Error { id: u32, message: String },
}

pub(crate) fn color_name(color: Color) -> &'static str {
    match color {
        Color::Red => "red",
        Color::Black => "black",
    }
}

pub(crate) fn outcome_view(outcome: Outcome) -> OutcomeView {
    match outcome {
        Outcome::Win { winner, reason } => OutcomeView {
            winner: Some(color_name(winner)),
            reason: match reason {
                WinReason::NoPieces => "noPieces",
                WinReason::NoMoves => "noMoves",
                WinReason::Resignation => "resignation",
            },
        },
        Outcome::Draw(reason) => OutcomeView {
            winner: None,
            reason: match reason {
                DrawReason::Repetition => "repetition",
                DrawReason::FortyMoves => "fortyMoves",
            },
        },
    }
}
