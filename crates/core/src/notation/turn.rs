//! Turns as text (docs/rules.md §7): `22-18`, `22x15`, `27x18x11x2`, `h22 9-13`, `h22`.
//!
//! Reading a turn has two steps with two kinds of error: [`parse_turn`] checks the syntax
//! ([`ParseTurnError`]); [`resolve_turn`] finds the legal turn it names in a position, or says in
//! words why there is none ([`IllegalTurn`]).
//!
//! ```
//! use dame_core::notation::{parse_turn, read_turn, IllegalReason, TurnError};
//! use dame_core::{position_from_fen, Preset};
//!
//! // Syntax first: squares joined by '-' or 'x', a huff before the move.
//! let text = parse_turn("h22 9-13").unwrap();
//! assert_eq!(text.squares.len(), 2);
//! assert!(parse_turn("22-").is_err());
//!
//! // Then meaning: Black must capture 18 with 14 here, so 9-13 is refused with the reason.
//! let pos = position_from_fen("B:W18,30:B9,14", Preset::English).unwrap();
//! assert!(read_turn(&pos, "14x23").is_ok());
//! match read_turn(&pos, "9-13") {
//!     Err(TurnError::Illegal(e)) => assert!(matches!(e.reason, IllegalReason::MustCapture(..))),
//!     other => panic!("{other:?}"),
//! }
//! ```

use super::Numbering;
use crate::board::{Color, Position, Role, Square};
use crate::movegen::{self, CaptureSink};
use crate::moves::{Move, Turn};
use crate::play::TurnStart;
use std::fmt;

/// A turn as written, not yet checked against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnText {
    /// The piece huffed first, if any.
    pub huff: Option<Square>,
    /// Start square, then every landing square; empty for a huff alone.
    pub squares: Vec<Square>,
    /// A capture: written with `x` (`:` in algebraic notation).
    pub capture: bool,
}

impl TurnText {
    /// How `turn` is written when only its start and end are known (a turn handed over as a
    /// value rather than as text): enough to find it again, or to say why it is not legal.
    pub fn of(turn: &Turn) -> TurnText {
        TurnText {
            huff: turn.huff,
            squares: turn.mv.iter().flat_map(|m| [m.from(), m.to()]).collect(),
            capture: turn.mv.is_some_and(|m| m.is_capture()),
        }
    }

    /// How the game writes `turn`, a legal turn of `pos`: every landing square, along the path
    /// whose list of squares is smallest (docs/rules.md §7).
    pub fn spelled(pos: &Position, turn: &Turn) -> TurnText {
        let after_huff = match turn.huff {
            Some(h) => pos.huff_unchecked(h),
            None => *pos,
        };
        TurnText {
            huff: turn.huff,
            squares: turn
                .mv
                .map(|mv| best_path(&after_huff, &mv))
                .unwrap_or_default(),
            capture: turn.mv.is_some_and(|m| m.is_capture()),
        }
    }

    /// The text in `numbering`: `11-15`, `15x24` (ACF), `c3-d4`, `c3:e5:g3` (algebraic).
    pub fn in_numbering(&self, numbering: Numbering) -> String {
        let mut text = String::new();
        if let Some(h) = self.huff {
            text.push('h');
            text.push_str(&numbering.name(h));
            if !self.squares.is_empty() {
                text.push(' ');
            }
        }
        let sep = if self.capture {
            numbering.capture_separator()
        } else {
            '-'
        };
        for (i, &sq) in self.squares.iter().enumerate() {
            if i > 0 {
                text.push(sep);
            }
            text.push_str(&numbering.name(sq));
        }
        text
    }
}

impl fmt::Display for TurnText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(h) = self.huff {
            write!(f, "h{h}")?;
            if !self.squares.is_empty() {
                f.write_str(" ")?;
            }
        }
        let sep = if self.capture { "x" } else { "-" };
        for (i, sq) in self.squares.iter().enumerate() {
            if i > 0 {
                f.write_str(sep)?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

/// Bad turn syntax.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTurnError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub problem: String,
}

impl fmt::Display for ParseTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read turn '{}': {}", self.text, self.problem)
    }
}

impl std::error::Error for ParseTurnError {}

/// How a numbering spells squares and captures, for the one turn reader.
pub(crate) struct Spelling {
    pub(crate) numbering: Numbering,
    /// Characters that join the squares of a capture (`-` joins those of a plain move).
    pub(crate) capture: &'static [char],
    /// Whether a turn may begin with a huff, `h22`.
    pub(crate) huffs: bool,
}

/// Reads the text of a turn.
pub fn parse_turn(text: &str) -> Result<TurnText, ParseTurnError> {
    parse_turn_spelled(
        text,
        &Spelling {
            numbering: Numbering::Internal,
            capture: &['x'],
            huffs: true,
        },
    )
}

/// Reads the text of a turn spelled as `spelling` says; the squares come back as squares.
pub(crate) fn parse_turn_spelled(
    text: &str,
    spelling: &Spelling,
) -> Result<TurnText, ParseTurnError> {
    let err = |problem: &str| ParseTurnError {
        text: text.to_string(),
        problem: problem.to_string(),
    };
    let square = |token: &str| -> Result<Square, ParseTurnError> {
        spelling
            .numbering
            .square(token.trim())
            .ok_or_else(|| ParseTurnError {
                text: text.to_string(),
                problem: format!("'{token}' is not {}", spelling.numbering.square_hint()),
            })
    };
    let mut tokens = text.split_whitespace().peekable();
    let mut huff = None;
    if let Some(token) = tokens.peek().filter(|_| spelling.huffs) {
        if let Some(rest) = token.strip_prefix(['h', 'H']) {
            huff = Some(square(rest)?);
            tokens.next();
        }
    }
    let mut turn = TurnText {
        huff,
        squares: Vec::new(),
        capture: false,
    };
    let Some(mv) = tokens.next() else {
        return if huff.is_some() {
            Ok(turn)
        } else {
            Err(err(&format!(
                "empty (expected e.g. {})",
                spelling.numbering.examples()
            )))
        };
    };
    if tokens.next().is_some() {
        return Err(err(if spelling.huffs {
            "more than one move (write a huff, then one move)"
        } else {
            "more than one move"
        }));
    }
    let lower = mv.to_ascii_lowercase();
    let has_x = lower.contains(spelling.capture);
    let has_dash = lower.contains('-');
    if has_x && has_dash {
        return Err(err(&format!("mixes '-' and '{}'", spelling.capture[0])));
    }
    if !has_x && !has_dash {
        return Err(err(&format!(
            "a move names its squares joined by '-' or '{}'",
            spelling.capture[0]
        )));
    }
    turn.capture = has_x;
    for token in lower.split(|c| c == '-' || spelling.capture.contains(&c)) {
        turn.squares.push(square(token)?);
    }
    if !turn.capture && turn.squares.len() != 2 {
        return Err(err(&format!(
            "a non-capturing move has two squares, e.g. {}",
            spelling.numbering.example()
        )));
    }
    Ok(turn)
}

/// A well-formed turn that is not legal in the position, with the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalTurn {
    /// The turn as written.
    pub text: String,
    /// Why it is not legal.
    pub reason: IllegalReason,
}

/// Why a well-formed turn is not legal in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// The game is over.
    GameOver,
    /// A huff, under rules without huffing.
    NoHuffing,
    /// A huff of a piece that is not huffable.
    NotHuffable(Square),
    /// A huff with no move after it, although the opponent has pieces left.
    MoveAfterHuffRequired,
    /// A move after a huff that took the opponent's last piece.
    HuffEndsTheGame(Square),
    /// A second huff in one turn (the square of the first).
    OneHuffPerTurn(Square),
    /// No piece on the start square.
    NoPiece(Square),
    /// The piece belongs to the side not to move (the side to move is given).
    NotYourPiece(Square, Color),
    /// A capture is compulsory, with these pieces.
    MustCapture(Color, Vec<Square>),
    /// The capture stops on this square although it must go on.
    MustContinue(Square),
    /// A man moving backwards.
    MenMoveForward,
    /// The target square is taken.
    Occupied(Square),
    /// Several moves fit: these spellings tell them apart.
    Ambiguous(Vec<String>),
    /// A capture written with `-`; the right spelling.
    CaptureNeedsX(String),
    /// A non-capturing move written with `x`.
    NotACapture,
    /// The piece on the square has no legal move.
    NoMoves(Square),
    /// None of the above: simply not a legal move here.
    NotAMove,
}

impl IllegalReason {
    /// The reason in words, with squares and moves written in `numbering` (the `Display` form
    /// uses the internal numbering of docs/rules.md §7).
    pub fn describe(&self, numbering: Numbering) -> String {
        let name = |sq: &Square| numbering.name(*sq);
        let list = |squares: &[Square]| squares.iter().map(name).collect::<Vec<_>>().join(", ");
        // Moves the game suggests are held in the internal notation: rewritten here.
        let rewrite = |text: &str| match parse_turn(text) {
            Ok(turn) => turn.in_numbering(numbering),
            Err(_) => text.to_string(),
        };
        let capture = numbering.capture_separator();
        match self {
            IllegalReason::GameOver => "the game is over".to_string(),
            IllegalReason::NoHuffing => "huffing is not part of these rules".to_string(),
            IllegalReason::NotHuffable(sq) => {
                format!("the piece on {} may not be huffed", name(sq))
            }
            IllegalReason::MoveAfterHuffRequired => "a huff must be followed by a move".to_string(),
            IllegalReason::HuffEndsTheGame(sq) => format!(
                "huffing {} takes the last piece and wins: no move follows",
                name(sq)
            ),
            IllegalReason::OneHuffPerTurn(sq) => {
                format!("one huff per turn: {} was huffed already", name(sq))
            }
            IllegalReason::NoPiece(sq) => format!("there is no piece on {}", name(sq)),
            IllegalReason::NotYourPiece(sq, side) => {
                format!("the piece on {} is not {side}'s", name(sq))
            }
            IllegalReason::MustCapture(side, pieces) => {
                format!("{side} must capture (with {})", list(pieces))
            }
            IllegalReason::MustContinue(sq) => format!(
                "the capture must go on: the piece on {} can capture again",
                name(sq)
            ),
            IllegalReason::MenMoveForward => "men move forward only".to_string(),
            IllegalReason::Occupied(sq) => format!("square {} is not empty", name(sq)),
            IllegalReason::Ambiguous(options) => format!(
                "ambiguous: name every landing square ({})",
                options
                    .iter()
                    .map(|o| rewrite(o))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            IllegalReason::CaptureNeedsX(text) => {
                format!("a capture is written with {capture}: {}", rewrite(text))
            }
            IllegalReason::NotACapture => "this move captures nothing: write it with -".to_string(),
            IllegalReason::NoMoves(sq) => format!("the piece on {} has no move", name(sq)),
            IllegalReason::NotAMove => "not a legal move here".to_string(),
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(Numbering::Internal))
    }
}

impl fmt::Display for IllegalTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.text, self.reason)
    }
}

impl std::error::Error for IllegalTurn {}

/// Either kind of error when reading a turn against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnError {
    /// The text is not a turn.
    Syntax(ParseTurnError),
    /// The turn is not legal here.
    Illegal(IllegalTurn),
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::Syntax(e) => e.fmt(f),
            TurnError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for TurnError {}

/// Every capture path of one piece, with the move it makes.
struct Paths(Vec<(Move, Vec<Square>)>);

impl CaptureSink for Paths {
    fn capture(&mut self, mv: Move, path: &[Square]) {
        self.0.push((mv, path.to_vec()));
    }
}

fn capture_paths(pos: &Position, from: Square) -> Vec<(Move, Vec<Square>)> {
    let mut paths = Paths(Vec::new());
    if pos.obligated().contains(from) {
        movegen::piece_captures(pos, from, &mut paths);
    }
    paths.0
}

/// Every path `mv` (a legal move of `pos`) can take: its start square, then each landing
/// square. A non-capture has the one path `[from, to]`; a capture has one path per spelling
/// (for example a king's loop run either way round).
pub fn move_paths(pos: &Position, mv: &Move) -> Vec<Vec<Square>> {
    if !mv.is_capture() {
        return vec![vec![mv.from, mv.to]];
    }
    let mut paths: Vec<Vec<Square>> = capture_paths(pos, mv.from)
        .into_iter()
        .filter(|(m, _)| m.same_as(mv))
        .map(|(_, path)| std::iter::once(mv.from).chain(path).collect())
        .collect();
    paths.sort();
    paths.dedup();
    paths
}

/// The path of `mv` (a legal move of `pos`) with the smallest list of squares: its start, then
/// every landing square.
fn best_path(pos: &Position, mv: &Move) -> Vec<Square> {
    if !mv.is_capture() {
        return vec![mv.from, mv.to];
    }
    let best = capture_paths(pos, mv.from)
        .into_iter()
        .filter(|(m, _)| m.same_as(mv))
        .map(|(_, path)| path)
        .min_by_key(|path| path.iter().map(|s| s.number()).collect::<Vec<u8>>())
        .unwrap_or_else(|| vec![mv.to]);
    std::iter::once(mv.from).chain(best).collect()
}

/// The spelling of `mv` (a legal move of `pos`) with the smallest list of squares.
pub fn move_text(pos: &Position, mv: &Move) -> String {
    TurnText::spelled(pos, &Turn::from_move(*mv)).to_string()
}

/// The text of `turn`, a legal turn of `pos`.
pub fn turn_text(pos: &Position, turn: &Turn) -> String {
    TurnText::spelled(pos, turn).to_string()
}

/// Finds the legal turn of `pos` that `text` names, or says why there is none.
pub fn resolve_turn(pos: &Position, text: &TurnText) -> Result<Turn, IllegalReason> {
    if pos.is_decided_by_material() {
        return Err(IllegalReason::GameOver);
    }
    let after_huff = match resolve_huff(pos, text)? {
        TurnStart::Final(_) => {
            return Ok(Turn {
                huff: text.huff,
                mv: None,
            })
        }
        TurnStart::Move(after) => after,
    };
    let mv = resolve_move(&after_huff, &text.squares, text.capture)?;
    Ok(Turn {
        huff: text.huff,
        mv: Some(mv),
    })
}

/// The turn's first step: its huff, if it has one, checked against the squares that follow
/// (a huff that takes the last piece is the whole turn; any other huff needs a move).
fn resolve_huff(pos: &Position, text: &TurnText) -> Result<TurnStart, IllegalReason> {
    let Some(h) = text.huff else {
        return Ok(TurnStart::Move(*pos));
    };
    if !pos.rules.is_huffing() {
        return Err(IllegalReason::NoHuffing);
    }
    match (pos.begin_turn(Some(h)), text.squares.is_empty()) {
        (None, _) => Err(IllegalReason::NotHuffable(h)),
        (Some(start @ TurnStart::Final(_)), true) => Ok(start),
        (Some(TurnStart::Final(_)), false) => Err(IllegalReason::HuffEndsTheGame(h)),
        (Some(TurnStart::Move(_)), true) => Err(IllegalReason::MoveAfterHuffRequired),
        (Some(start @ TurnStart::Move(_)), false) => Ok(start),
    }
}

/// What one piece of the side to move can do: its legal moves, and every capture path it has
/// (each with its move, which in the compulsory rules may be a prefix that is not legal).
struct PieceOptions {
    legal: Vec<Move>,
    paths: Vec<(Move, Vec<Square>)>,
}

impl PieceOptions {
    fn of(pos: &Position, from: Square) -> PieceOptions {
        PieceOptions {
            legal: pos.legal_moves(),
            paths: capture_paths(pos, from),
        }
    }

    /// The legal move that is the same move as `mv`.
    fn legal(&self, mv: &Move) -> Option<Move> {
        self.legal.iter().find(|m| m.same_as(mv)).copied()
    }

    /// The legal plain move from `from` to `to`.
    fn plain(&self, from: Square, to: Square) -> Option<Move> {
        self.legal
            .iter()
            .find(|m| !m.is_capture() && m.from == from && m.to == to)
            .copied()
    }
}

/// The legal move of `pos` named by `squares` (its start, then every landing square), written
/// with `x` if `capture`, or why there is none.
fn resolve_move(pos: &Position, squares: &[Square], capture: bool) -> Result<Move, IllegalReason> {
    let Some((&from, path)) = squares.split_first().filter(|(_, p)| !p.is_empty()) else {
        return Err(IllegalReason::NotAMove);
    };
    match pos.piece_at(from) {
        None => return Err(IllegalReason::NoPiece(from)),
        Some(p) if p.color != pos.side => return Err(IllegalReason::NotYourPiece(from, pos.side)),
        Some(_) => {}
    }
    let options = PieceOptions::of(pos, from);
    if capture {
        resolve_capture(pos, from, path, &options)
    } else {
        resolve_plain(pos, from, path, &options)
    }
}

/// A move written with `-`: a plain move, or a capture that should have been written with `x`.
fn resolve_plain(
    pos: &Position,
    from: Square,
    path: &[Square],
    options: &PieceOptions,
) -> Result<Move, IllegalReason> {
    if let Some(mv) = path
        .first()
        .filter(|_| path.len() == 1)
        .and_then(|&to| options.plain(from, to))
    {
        return Ok(mv);
    }
    let meant = options
        .paths
        .iter()
        .find(|(m, p)| p.as_slice() == path || m.to == path[0])
        .and_then(|(mv, _)| options.legal(mv));
    match meant {
        Some(mv) => Err(IllegalReason::CaptureNeedsX(move_text(pos, &mv))),
        None => Err(explain(pos, from, path, &options.paths)),
    }
}

/// A move written with `x`: every landing square named, or (when that is unambiguous) only the
/// last one (`22x8` for `22x15x8`).
fn resolve_capture(
    pos: &Position,
    from: Square,
    path: &[Square],
    options: &PieceOptions,
) -> Result<Move, IllegalReason> {
    let exact = options.paths.iter().find(|(_, p)| p.as_slice() == path);
    if let Some(mv) = exact.and_then(|(mv, _)| options.legal(mv)) {
        return Ok(mv);
    }
    let [to] = path else {
        return Err(explain(pos, from, path, &options.paths));
    };
    let mut same_ends: Vec<Move> = Vec::new();
    for (mv, _) in options.paths.iter().filter(|(m, _)| m.to == *to) {
        if !same_ends.iter().any(|m| m.same_as(mv)) {
            same_ends.push(*mv);
        }
    }
    match same_ends.as_slice() {
        [mv] => {
            if let Some(mv) = options.legal(mv) {
                return Ok(mv);
            }
        }
        [] => {}
        several => {
            let spellings = several.iter().map(|m| move_text(pos, m)).collect();
            return Err(IllegalReason::Ambiguous(spellings));
        }
    }
    if options.plain(from, *to).is_some() {
        return Err(IllegalReason::NotACapture);
    }
    Err(explain(pos, from, path, &options.paths))
}

/// Why the piece on `from` cannot go along `path` (no legal move matched).
fn explain(
    pos: &Position,
    from: Square,
    path: &[Square],
    paths: &[(Move, Vec<Square>)],
) -> IllegalReason {
    if paths
        .iter()
        .any(|(_, p)| p.len() > path.len() && p.starts_with(path))
    {
        return IllegalReason::MustContinue(*path.last().unwrap_or(&from));
    }
    let obligated = pos.obligated();
    if !pos.rules.is_huffing() && !obligated.is_empty() && paths.is_empty() {
        return IllegalReason::MustCapture(pos.side, obligated.iter().collect());
    }
    let to = path[path.len() - 1];
    if pos.board.occupied().contains(to) && to != from {
        return IllegalReason::Occupied(to);
    }
    let is_man = pos.piece_at(from).is_some_and(|p| p.role == Role::Man);
    let backward = match pos.side {
        Color::Red => path[0].row() > from.row(),
        Color::Black => path[0].row() < from.row(),
    };
    if is_man && backward && (path.len() == 1 && !is_jump(from, path[0])) {
        return IllegalReason::MenMoveForward;
    }
    if !pos.rules.is_huffing() && !obligated.is_empty() {
        return IllegalReason::MustCapture(pos.side, obligated.iter().collect());
    }
    IllegalReason::NotAMove
}

fn is_jump(from: Square, to: Square) -> bool {
    from.row().abs_diff(to.row()) >= 2
}

/// Reads `text` and finds the legal turn it names in `pos`.
pub fn read_turn(pos: &Position, text: &str) -> Result<Turn, TurnError> {
    let parsed = parse_turn(text).map_err(TurnError::Syntax)?;
    resolve_turn(pos, &parsed).map_err(|reason| {
        TurnError::Illegal(IllegalTurn {
            text: text.trim().to_string(),
            reason,
        })
    })
}
