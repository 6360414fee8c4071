//! The page contract: the small values that cross to the page (serialised with
//! `serde-wasm-bindgen`, camelCase).
//!
//! This module is plain data and compiles on every target, so that the contract is tested
//! natively. The TypeScript declarations the page is type-checked against (`types/*.ts`) are
//! generated from these definitions (`UPDATE_TYPES=1 cargo test --lib types`); a test fails when
//! they are out of date.

use dame_core::notation::IllegalReason;
use dame_core::{Color, DrawReason, Outcome, WinReason};
use dame_engine::analysis::{Judgement, Score};
use serde::{Deserialize, Serialize};

/// Declares [`RefusalCode`], its list [`RefusalCode::ALL`] and its fixed strings from one list.
macro_rules! refusal_codes {
    ($($(#[doc = $doc:literal])* $code:ident = $name:literal,)*) => {
        /// Why a move is refused, as a fixed code (`"mustCapture"`) that the page words in its
        /// language (`reason_<code>` in `www/i18n-de.js` and `www/i18n-en.js`).
        #[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(test, derive(ts_rs::TS))]
        pub enum RefusalCode {
            $($(#[doc = $doc])* #[serde(rename = $name)] $code,)*
        }

        impl RefusalCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [RefusalCode] = &[$(RefusalCode::$code,)*];

            /// The code as the page sees it (`"mustCapture"`).
            pub fn as_str(self) -> &'static str {
                match self {
                    $(RefusalCode::$code => $name,)*
                }
            }
        }
    };
}

refusal_codes! {
    /// The game is over.
    GameOver = "gameOver",
    /// Huffing is not part of these rules.
    NoHuffing = "noHuffing",
    /// That piece may not be huffed.
    NotHuffable = "notHuffable",
    /// A huff must be followed by a move.
    MoveAfterHuff = "moveAfterHuff",
    /// The huff takes the last piece: no move follows.
    HuffEndsTheGame = "huffEndsTheGame",
    /// A huff was made this turn already.
    HuffPending = "huffPending",
    /// No piece on that square.
    NoPiece = "noPiece",
    /// The piece belongs to the other side.
    NotYourPiece = "notYourPiece",
    /// Another piece must capture.
    MustCapture = "mustCapture",
    /// The capture must go on.
    MustContinue = "mustContinue",
    /// Men move forward only.
    MenMoveForward = "menMoveForward",
    /// The target square is taken.
    Occupied = "occupied",
    /// Several moves fit: the squares on the way must be named.
    Ambiguous = "ambiguous",
    /// A capture written with `-`.
    CaptureNeedsX = "captureNeedsX",
    /// A plain move written with `x`.
    NotACapture = "notACapture",
    /// The piece has no move.
    NoMoves = "noMoves",
    /// Not a legal move.
    NotAMove = "notAMove",
}

impl RefusalCode {
    /// The code of a reason from the core.
    pub fn of(reason: &IllegalReason) -> RefusalCode {
        match reason {
            IllegalReason::GameOver => RefusalCode::GameOver,
            IllegalReason::NoHuffing => RefusalCode::NoHuffing,
            IllegalReason::NotHuffable(_) => RefusalCode::NotHuffable,
            IllegalReason::MoveAfterHuffRequired => RefusalCode::MoveAfterHuff,
            IllegalReason::HuffEndsTheGame(_) => RefusalCode::HuffEndsTheGame,
            IllegalReason::OneHuffPerTurn(_) => RefusalCode::HuffPending,
            IllegalReason::NoPiece(_) => RefusalCode::NoPiece,
            IllegalReason::NotYourPiece(..) => RefusalCode::NotYourPiece,
            IllegalReason::MustCapture(..) => RefusalCode::MustCapture,
            IllegalReason::MustContinue(_) => RefusalCode::MustContinue,
            IllegalReason::MenMoveForward => RefusalCode::MenMoveForward,
            IllegalReason::Occupied(_) => RefusalCode::Occupied,
            IllegalReason::Ambiguous(_) => RefusalCode::Ambiguous,
            IllegalReason::CaptureNeedsX(_) => RefusalCode::CaptureNeedsX,
            IllegalReason::NotACapture => RefusalCode::NotACapture,
            IllegalReason::NoMoves(_) => RefusalCode::NoMoves,
            IllegalReason::NotAMove => RefusalCode::NotAMove,
        }
    }
}

/// A rules preset the page offers.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PresetView {
    /// The id used in URLs, saved games and on the command line.
    pub id: &'static str,
    /// The name in German.
    pub name_de: &'static str,
    /// The name in English.
    pub name_en: &'static str,
    /// The rules in one or two sentences, in German.
    pub note_de: &'static str,
    /// The rules in one or two sentences, in English.
    pub note_en: &'static str,
    /// Blasen's capture rule: a missed capture may be huffed.
    pub huffing: bool,
}

/// A level of the computer opponent.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LevelView {
    /// 1 (Anfänger) to 5 (Meister).
    pub number: u32,
    /// The name in German.
    pub name_de: &'static str,
    /// The name in English.
    pub name_en: &'static str,
}

/// A side, as the page names it.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Side {
    /// Moves first, from the bottom.
    Red,
    /// Moves second, from the top.
    Black,
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::Red => Side::Red,
            Color::Black => Side::Black,
        }
    }
}

/// One piece on the board.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PieceView {
    /// The square, 1–32.
    pub sq: u8,
    /// Whose piece it is.
    pub color: Side,
    /// A king rather than a man.
    pub king: bool,
}

/// Why the game ended.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum OutcomeReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser has pieces but no legal turn.
    NoMoves,
    /// The loser resigned.
    Resignation,
    /// The same position for the third time: a draw.
    Repetition,
    /// 40 moves each without a capture, a huff or a man moved: a draw.
    FortyMoves,
}

/// How the game ended.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OutcomeView {
    /// The winner, or `null` for a draw.
    pub winner: Option<Side>,
    /// Why.
    pub reason: OutcomeReason,
}

/// Everything the page draws, for the position shown (after a huff the player has made but not
/// yet followed by a move).
#[derive(Serialize, Clone, Debug)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct View {
    /// The position shown, as FEN.
    pub fen: String,
    /// The preset's id.
    pub rules: &'static str,
    /// Blasen's capture rule: a missed capture may be huffed.
    pub huffing: bool,
    /// The side to move.
    pub side: Side,
    /// Every piece on the board.
    pub pieces: Vec<PieceView>,
    /// Pieces of the side to move under capture obligation, kings first.
    pub obligated: Vec<u8>,
    /// Opposing pieces the side to move may huff now (empty once a huff is pending).
    pub huffable: Vec<u8>,
    /// The square huffed this turn, before the move that follows it.
    pub pending_huff: Option<u8>,
    /// Pieces of the side to move that have at least one legal move.
    pub movable: Vec<u8>,
    /// How the game ended, once it has.
    pub outcome: Option<OutcomeView>,
    /// The turns played, in the game's own notation (docs/rules.md §7, "Other notations"):
    /// `11-15` in English checkers, `c3-d4` in Russian draughts, `22-18` in the German presets.
    /// What is sent to the computer stays in the internal notation (`WebGame.history()`).
    pub history: Vec<String>,
    /// The names of the 32 squares in the game's own notation, index = internal square − 1
    /// (`labels[21]` is `"11"` in English checkers, `"c3"` in Russian draughts, `"22"` else).
    pub labels: Vec<String>,
    /// The number of turns played.
    pub plies: u32,
    /// Hints the player asked for in this game (`WebGame.countHint`).
    pub hints: u32,
}

/// One way a held piece can go: its start, then each landing square.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PathView {
    /// The start, then each landing square.
    pub squares: Vec<u8>,
    /// The pieces the move takes.
    pub captured: Vec<u8>,
    /// The move crowns a man.
    pub crowns: bool,
    /// Blasen: the capture stops although it could go on (the piece becomes huffable).
    pub unfinished: bool,
    /// The move in the game's own notation.
    pub text: String,
}

/// Why a move is refused, as a code the page words in its language, with the squares named.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Refusal {
    /// The reason.
    pub code: RefusalCode,
    /// The squares the reason names (the piece that must capture, the square taken, …).
    pub squares: Vec<u8>,
    /// For an ambiguous move: the ways it can be spelled (in the game's own notation).
    pub options: Vec<String>,
    /// The core's own wording (English), for logs and tests.
    pub text: String,
}

impl Refusal {
    /// The refusal for a reason from the core.
    pub fn of(reason: &IllegalReason) -> Refusal {
        let numbers = |squares: &[dame_core::Square]| squares.iter().map(|s| s.number()).collect();
        let (squares, options) = match reason {
            IllegalReason::NotHuffable(sq)
            | IllegalReason::HuffEndsTheGame(sq)
            | IllegalReason::OneHuffPerTurn(sq)
            | IllegalReason::NoPiece(sq)
            | IllegalReason::NotYourPiece(sq, _)
            | IllegalReason::MustContinue(sq)
            | IllegalReason::Occupied(sq)
            | IllegalReason::NoMoves(sq) => (vec![sq.number()], vec![]),
            IllegalReason::MustCapture(_, pieces) => (numbers(pieces), vec![]),
            IllegalReason::Ambiguous(options) => (vec![], options.clone()),
            _ => (vec![], vec![]),
        };
        Refusal {
            code: RefusalCode::of(reason),
            squares,
            options,
            text: reason.to_string(),
        }
    }
}

/// What a grabbed piece may do.
#[derive(Serialize, Clone, Debug)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Grab {
    /// Every way the piece can go, once per spelling.
    pub paths: Vec<PathView>,
    /// Why the piece may not move, if it may not.
    pub refusal: Option<Refusal>,
    /// When the piece may not move because others must capture: those captures.
    pub required: Vec<PathView>,
}

/// A turn that was played, for animation and messages.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PlayedTurn {
    /// The turn in the game's own notation (`11-15` in English checkers, `c3-d4` in Russian
    /// draughts).
    pub text: String,
    /// The side that played it.
    pub color: Side,
    /// The piece huffed at the start of the turn.
    pub huff: Option<u8>,
    /// Start, then every landing square (empty for a huff alone).
    pub path: Vec<u8>,
    /// The pieces the move took.
    pub captured: Vec<u8>,
    /// The move crowned a man.
    pub crowns: bool,
    /// The mover's pieces the opponent may now huff.
    pub huffable_after: Vec<u8>,
}

/// The answer to a route the player pointed at.
#[derive(Serialize, Clone, Debug)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "status", rename_all = "camelCase")]
pub enum RouteAnswer {
    /// The route named one legal move, now played.
    #[serde(rename_all = "camelCase")]
    Played {
        /// The turn played.
        turn: PlayedTurn,
    },
    /// The route is the start of a capture that goes on: the piece stays active.
    #[serde(rename_all = "camelCase")]
    Partial {
        /// The squares stepped on so far.
        path: Vec<u8>,
        /// The pieces jumped so far.
        captured: Vec<u8>,
        /// Where the capture can go next.
        next: Vec<u8>,
        /// Blasen: stopping here is a legal move too.
        can_stop: bool,
    },
    /// No legal move: why.
    #[serde(rename_all = "camelCase")]
    Refused {
        /// Why.
        refusal: Refusal,
    },
}

/// A game saved by the page and resumed later (`WebGame.record()`, `WebGame.fromRecord()`):
/// plain data, versioned.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct GameRecord {
    /// The record's format: 1.
    pub version: u32,
    /// The preset's id.
    pub rules: String,
    /// The start position, as FEN.
    pub start: String,
    /// The turns played, in notation.
    pub history: Vec<String>,
    /// Hints the player asked for in this game (missing in older records: 0).
    #[serde(default)]
    pub hints: u32,
}

/// A tag pair of an imported PDN game (`[Event "Club night"]`), shown as text on the page.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PdnTag {
    /// The tag's name, `Event`.
    pub name: String,
    /// Its value as written (text, never markup).
    pub value: String,
}

/// A request to the computer (page → worker).
#[derive(Deserialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum WorkerRequest {
    /// Choose a turn in this game. The seed of the computer's choices is drawn in Rust, anew
    /// for every game (see [`WorkerRequest::NewGame`]).
    #[serde(rename_all = "camelCase")]
    Think {
        /// Echoed in the reply.
        id: u32,
        /// The preset's id.
        rules: String,
        /// The start position, as FEN.
        start: String,
        /// The turns played since, in notation.
        history: Vec<String>,
        /// The computer's level, 1–5.
        level: u32,
    },
    /// Fixed-depth search for the speed figure.
    #[serde(rename_all = "camelCase")]
    Bench {
        /// Echoed in the reply.
        id: u32,
        /// The preset's id.
        rules: String,
        /// The position, as FEN.
        fen: String,
        /// The depth to search.
        depth: u32,
    },
    /// Search one position of a game to a fixed depth with a cleared engine, for the analysis
    /// board and the puzzles' check of a turn (`dame_engine::analysis::evaluate_position`): the
    /// same depth gives the same answer as `dame analyse`.
    #[serde(rename_all = "camelCase")]
    Evaluate {
        /// Echoed in the reply.
        id: u32,
        /// The preset's id.
        rules: String,
        /// The start position, as FEN.
        start: String,
        /// The turns played since, in notation: the position after them is searched (the
        /// earlier ones count for repetitions).
        history: Vec<String>,
        /// The depth to search, 1–[`crate::computer::MAX_BENCH_DEPTH`].
        depth: u32,
    },
    /// A new game: forget the transposition table and draw a new seed.
    NewGame,
}

/// A search's score from the side to move: hundredths of a man, or a forced result in plies.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "kind", content = "value", rename_all = "camelCase")]
pub enum ScoreView {
    /// An evaluation in hundredths of a man.
    Hundredths(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
}

impl From<Score> for ScoreView {
    fn from(score: Score) -> ScoreView {
        match score {
            Score::Hundredths(h) => ScoreView::Hundredths(h),
            Score::Win(plies) => ScoreView::Win(plies),
            Score::Loss(plies) => ScoreView::Loss(plies),
        }
    }
}

impl From<ScoreView> for Score {
    fn from(score: ScoreView) -> Score {
        match score {
            ScoreView::Hundredths(h) => Score::Hundredths(h),
            ScoreView::Win(plies) => Score::Win(plies),
            ScoreView::Loss(plies) => Score::Loss(plies),
        }
    }
}

impl From<Judgement> for JudgementView {
    fn from(judgement: Judgement) -> JudgementView {
        match judgement {
            Judgement::Best => JudgementView::Best,
            Judgement::Good => JudgementView::Good,
            Judgement::Inaccuracy => JudgementView::Inaccuracy,
            Judgement::Mistake => JudgementView::Mistake,
            Judgement::Blunder => JudgementView::Blunder,
        }
    }
}

/// One position of a game searched for the analysis (page form of
/// `dame_engine::analysis::PositionEval`); the page keeps these with the saved game and gives
/// them back to be judged.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PositionEvalView {
    /// The score, the side to move's.
    pub score: ScoreView,
    /// The score of the iteration one ply shallower (judges the turn that led here).
    pub shallower: ScoreView,
    /// The engine's best turn, in notation; `null` when there is none.
    pub best: Option<String>,
    /// The principal variation from this position, in notation.
    pub pv: Vec<String>,
    /// The number of legal turns (1: a forced turn, never judged).
    pub legal: u32,
    /// The depth searched.
    pub depth: u32,
}

/// How good a turn was, as lichess judges moves.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum JudgementView {
    /// The engine's own best turn, or the only legal one.
    Best,
    /// Gave away less than an inaccuracy.
    Good,
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

/// The judgement of one ply of an analysed game.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PlyJudgement {
    /// The ply (0: the first turn of the game).
    pub ply: u32,
    /// Who played it.
    pub side: Side,
    /// The judgement.
    pub judgement: JudgementView,
    /// The winning chance it gave away (0–2).
    pub drop: f64,
    /// The only legal turn.
    pub forced: bool,
    /// The engine's best turn in the position before, in notation.
    pub best: Option<String>,
    /// The engine's line from the position before, in notation.
    pub pv: Vec<String>,
    /// The score before the turn and after it, both the mover's.
    pub before: ScoreView,
    /// The score after the turn, the mover's.
    pub after: ScoreView,
}

/// The computer's answer (worker → page).
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum WorkerReply {
    /// The turn chosen.
    #[serde(rename_all = "camelCase")]
    Move {
        /// The request's id.
        id: u32,
        /// The turn in notation; `null` when there is none (the game is over).
        text: Option<String>,
        /// The search's score, in hundredths of a man.
        score: i32,
        /// The depth reached.
        depth: u32,
        /// Positions searched.
        nodes: f64,
        /// Time taken, in milliseconds.
        ms: f64,
        /// Whether the learned evaluation for these rules was loaded (until then Stark and
        /// Meister play with the hand evaluation alone; the lower levels always do).
        full_strength: bool,
    },
    /// The speed figure.
    #[serde(rename_all = "camelCase")]
    Bench {
        /// The request's id.
        id: u32,
        /// Positions searched.
        nodes: f64,
        /// Time taken, in milliseconds.
        ms: f64,
    },
    /// One position searched ([`WorkerRequest::Evaluate`]).
    #[serde(rename_all = "camelCase")]
    Evaluation {
        /// The request's id.
        id: u32,
        /// What the search found.
        eval: PositionEvalView,
        /// Positions searched.
        nodes: f64,
        /// Time taken, in milliseconds.
        ms: f64,
        /// Whether the learned evaluation for these rules was loaded (`dame analyse` always
        /// has it: until then the page's scores differ from the command's).
        full_strength: bool,
    },
    /// The request could not be answered.
    #[serde(rename_all = "camelCase")]
    Error {
        /// The request's id (0 when the worker failed to start).
        id: u32,
        /// What went wrong.
        message: String,
    },
}

// ---------------------------------------------------------------- hints, "why", typed turns

/// What a turn did, for its explanation.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum TurnKind {
    /// A plain move.
    Slide,
    /// A capture.
    Capture,
    /// A huff alone: it took the last piece (docs/rules.md §4, point 4).
    HuffOnly,
}

/// Why a piece was left huffable (docs/rules.md §4, point 2).
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum HuffReason {
    /// It could capture, and its side did not capture.
    DeclinedCapture,
    /// A king could capture, and a man captured instead.
    ManCapturedWhileKingObligated,
    /// It stopped capturing while it could have gone on.
    StoppedEarly,
}

/// A piece left huffable by a turn, and why.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Huffable {
    /// Its square, 1–32.
    pub sq: u8,
    /// Why.
    pub reason: HuffReason,
}

/// The huff a turn began with.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct HuffNote {
    /// The square of the piece huffed.
    pub sq: u8,
    /// The piece was a king.
    pub king: bool,
    /// Why it was huffable (`null` when the game began with it huffable).
    pub reason: Option<HuffReason>,
}

/// A turn of the game explained (`WebGame.explain`); squares 1–32, named by the page.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Explanation {
    /// The position after this turn (1: the first turn).
    pub ply: u32,
    /// Who played it.
    pub mover: Side,
    /// A slide, a capture, or a huff alone.
    pub kind: TurnKind,
    /// The pieces taken.
    pub captured: Vec<u8>,
    /// The mover's pieces that could capture (after the huff), kings first.
    pub obligated: Vec<u8>,
    /// A capture was compulsory (compulsory rules, and a piece could capture).
    pub compulsory: bool,
    /// For a capture: how many other complete captures were open (free choice, docs/rules.md §2).
    pub other_captures: u32,
    /// A man was crowned.
    pub crowns: bool,
    /// The crowning ended a capture the new king could have continued.
    pub crowning_ended: bool,
    /// The huff the turn began with.
    pub huff: Option<HuffNote>,
    /// The mover's pieces the opponent may huff now, and why.
    pub left_huffable: Vec<Huffable>,
}

/// How the game ended, for the page.
pub fn outcome_view(outcome: Outcome) -> OutcomeView {
    match outcome {
        Outcome::Win { winner, reason } => OutcomeView {
            winner: Some(winner.into()),
            reason: match reason {
                WinReason::NoPieces => OutcomeReason::NoPieces,
                WinReason::NoMoves => OutcomeReason::NoMoves,
                WinReason::Resignation => OutcomeReason::Resignation,
            },
        },
        Outcome::Draw(reason) => OutcomeView {
            winner: None,
            reason: match reason {
                DrawReason::Repetition => OutcomeReason::Repetition,
                DrawReason::FortyMoves => OutcomeReason::FortyMoves,
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use ts_rs::TS;

    /// Each generated declaration with the file it lives in.
    fn declarations() -> Vec<(String, String)> {
        let cfg = ts_rs::Config::new();
        macro_rules! all {
            ($($t:ty),*) => {
                vec![$((
                    format!("{}.ts", <$t>::name(&cfg)),
                    <$t>::export_to_string(&cfg).expect("exportable"),
                )),*]
            };
        }
        all!(
            RefusalCode,
            Side,
            OutcomeReason,
            PresetView,
            LevelView,
            PieceView,
            OutcomeView,
            View,
            PathView,
            Refusal,
            Grab,
            PlayedTurn,
            RouteAnswer,
            GameRecord,
            PdnTag,
            WorkerRequest,
            WorkerReply,
            ScoreView,
            PositionEvalView,
            JudgementView,
            PlyJudgement,
            TurnKind,
            HuffReason,
            Huffable,
            HuffNote,
            Explanation
        )
    }

    /// The page is type-checked against `types/*.ts`: they must say what the Rust types say.
    /// `UPDATE_TYPES=1 cargo test --lib types` writes them anew.
    #[test]
    fn generated_types_are_current() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../types");
        let update = std::env::var_os("UPDATE_TYPES").is_some();
        let mut stale = Vec::new();
        for (file, text) in declarations() {
            let path = dir.join(&file);
            if update {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&path, &text).unwrap();
            } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                stale.push(file);
            }
        }
        assert!(
            stale.is_empty(),
            "types/ is out of date ({}): run UPDATE_TYPES=1 cargo test --lib types",
            stale.join(", ")
        );
    }

    /// Every refusal code has its words on the page, in German and in English.
    #[test]
    fn every_refusal_code_has_text_in_both_languages() {
        let read = |name: &str| {
            std::fs::read_to_string(
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../../www")
                    .join(name),
            )
            .unwrap_or_else(|e| panic!("www/{name}: {e}"))
        };
        let (german, english) = (read("i18n-de.js"), read("i18n-en.js"));
        let mut missing = Vec::new();
        for code in RefusalCode::ALL {
            let key = format!("reason_{}:", code.as_str());
            if !german.contains(&key) {
                missing.push(format!("{key} (de)"));
            }
            if !english.contains(&key) {
                missing.push(format!("{key} (en)"));
            }
        }
        assert!(
            missing.is_empty(),
            "www/i18n-de.js or www/i18n-en.js lacks {}",
            missing.join(", ")
        );
    }

    #[test]
    fn refusal_codes_are_distinct_camel_case_names_of_their_variants() {
        let mut seen = std::collections::HashSet::new();
        for code in RefusalCode::ALL {
            let name = code.as_str();
            assert!(seen.insert(name), "{name} twice");
            let debug = format!("{code:?}");
            let expected = debug[..1].to_lowercase() + &debug[1..];
            assert_eq!(name, expected);
        }
    }
}
