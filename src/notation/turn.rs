//! Turns as text (RULES.md §7): `22-18`, `22x15`, `27x18x11x2`, `h22 9-13`, `h22`.
//!
//! Reading a turn has two steps with two kinds of error: [`parse_turn`] checks the syntax
//! ([`ParseTurnError`]); [`resolve_turn`] finds the legal turn it names in a position, or says in
//! words why there is none ([`IllegalTurn`]).

use crate::board::{Color, Position, Role, Square};
use crate::movegen::{self, CaptureSink};
use crate::moves::{Move, Turn};
use std::fmt;

/// A turn as written, not yet checked against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnText {
    pub huff: Option<Square>,
    /// Start square, then every landing square; empty for a huff alone.
    pub squares: Vec<Square>,
    /// Written with `x`.
    pub capture: bool,
}

/// Bad turn syntax.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTurnError {
    pub text: String,
    pub problem: String,
}

impl fmt::Display for ParseTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read turn '{}': {}", self.text, self.problem)
    }
}

impl std::error::Error for ParseTurnError {}

fn square(token: &str, text: &str) -> Result<Square, ParseTurnError> {
    Some(token.trim())
        .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|d| d.parse::<u8>().ok())
        .and_then(Square::from_number)
        .ok_or_else(|| ParseTurnError {
            text: text.to_string(),
            problem: format!("'{token}' is not a square number 1–32"),
        })
}

/// Reads the text of a turn.
pub fn parse_turn(text: &str) -> Result<TurnText, ParseTurnError> {
    let err = |problem: &str| ParseTurnError {
        text: text.to_string(),
        problem: problem.to_string(),
    };
    let mut tokens = text.split_whitespace().peekable();
    let mut huff = None;
    if let Some(token) = tokens.peek() {
        if let Some(rest) = token.strip_prefix(['h', 'H']) {
            huff = Some(square(rest, text)?);
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
            Err(err("empty (expected e.g. 22-18, 22x15 or h22 9-13)"))
        };
    };
    if tokens.next().is_some() {
        return Err(err("more than one move (write a huff, then one move)"));
    }
    let lower = mv.to_ascii_lowercase();
    let has_x = lower.contains('x');
    let has_dash = lower.contains('-');
    if has_x && has_dash {
        return Err(err("mixes '-' and 'x'"));
    }
    if !has_x && !has_dash {
        return Err(err("a move names its squares joined by '-' or 'x'"));
    }
    turn.capture = has_x;
    for token in lower.split(['x', '-']) {
        turn.squares.push(square(token, text)?);
    }
    if !turn.capture && turn.squares.len() != 2 {
        return Err(err("a non-capturing move has two squares, e.g. 22-18"));
    }
    Ok(turn)
}

/// A well-formed turn that is not legal in the position, with the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalTurn {
    pub text: String,
    pub reason: IllegalReason,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    GameOver,
    NoHuffing,
    NotHuffable(Square),
    MoveAfterHuffRequired,
    HuffEndsTheGame(Square),
    /// A second huff in one turn (the square of the first).
    OneHuffPerTurn(Square),
    NoPiece(Square),
    NotYourPiece(Square, Color),
    MustCapture(Color, Vec<Square>),
    MustContinue(Square),
    MenMoveForward,
    Occupied(Square),
    Ambiguous(Vec<String>),
    /// A capture written with `-`; the right spelling.
    CaptureNeedsX(String),
    /// A non-capturing move written with `x`.
    NotACapture,
    /// The piece on the square has no legal move.
    NoMoves(Square),
    NotAMove,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |squares: &[Square]| {
            squares
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            IllegalReason::GameOver => write!(f, "the game is over"),
            IllegalReason::NoHuffing => write!(f, "huffing is not part of these rules"),
            IllegalReason::NotHuffable(sq) => write!(f, "the piece on {sq} may not be huffed"),
            IllegalReason::MoveAfterHuffRequired => {
                write!(f, "a huff must be followed by a move")
            }
            IllegalReason::HuffEndsTheGame(sq) => write!(
                f,
                "huffing {sq} takes the last piece and wins: no move follows"
            ),
            IllegalReason::OneHuffPerTurn(sq) => {
                write!(f, "one huff per turn: {sq} was huffed already")
            }
            IllegalReason::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            IllegalReason::NotYourPiece(sq, side) => {
                write!(f, "the piece on {sq} is not {side}'s")
            }
            IllegalReason::MustCapture(side, pieces) => {
                write!(f, "{side} must capture (with {})", list(pieces))
            }
            IllegalReason::MustContinue(sq) => {
                write!(
                    f,
                    "the capture must go on: the piece on {sq} can capture again"
                )
            }
            IllegalReason::MenMoveForward => write!(f, "men move forward only"),
            IllegalReason::Occupied(sq) => write!(f, "square {sq} is not empty"),
            IllegalReason::Ambiguous(options) => write!(
                f,
                "ambiguous: name every landing square ({})",
                options.join(" or ")
            ),
            IllegalReason::CaptureNeedsX(text) => {
                write!(f, "a capture is written with x: {text}")
            }
            IllegalReason::NotACapture => {
                write!(f, "this move captures nothing: write it with -")
            }
            IllegalReason::NoMoves(sq) => write!(f, "the piece on {sq} has no move"),
            IllegalReason::NotAMove => write!(f, "not a legal move here"),
        }
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
    Syntax(ParseTurnError),
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

/// The spelling of `mv` (a legal move of `pos`) with the smallest list of squares.
pub fn move_text(pos: &Position, mv: &Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from, mv.to);
    }
    let best = capture_paths(pos, mv.from)
        .into_iter()
        .filter(|(m, _)| m.same_as(mv))
        .map(|(_, path)| path.iter().map(|s| s.number()).collect::<Vec<u8>>())
        .min()
        .unwrap_or_else(|| vec![mv.to.number()]);
    let mut text = mv.from.to_string();
    for n in best {
        text.push('x');
        text.push_str(&n.to_string());
    }
    text
}

/// The text of `turn`, a legal turn of `pos`.
pub fn turn_text(pos: &Position, turn: &Turn) -> String {
    match (turn.huff, &turn.mv) {
        (Some(h), None) => format!("h{h}"),
        (None, Some(mv)) => move_text(pos, mv),
        (Some(h), Some(mv)) => format!("h{h} {}", move_text(&pos.huff_unchecked(h), mv)),
        (None, None) => String::new(),
    }
}

/// Finds the legal turn of `pos` that `text` names, or says why there is none.
pub fn resolve_turn(pos: &Position, text: &TurnText) -> Result<Turn, IllegalReason> {
    if pos.is_decided_by_material() {
        return Err(IllegalReason::GameOver);
    }
    let mut after_huff = *pos;
    if let Some(h) = text.huff {
        if !pos.rules.is_huffing() {
            return Err(IllegalReason::NoHuffing);
        }
        if !pos.huffable.contains(h) {
            return Err(IllegalReason::NotHuffable(h));
        }
        after_huff = pos.huff_unchecked(h);
        let took_last_piece = after_huff.board.pieces(pos.side.opposite()).is_empty();
        match (text.squares.is_empty(), took_last_piece) {
            (true, true) => {
                return Ok(Turn {
                    huff: Some(h),
                    mv: None,
                })
            }
            (true, false) => return Err(IllegalReason::MoveAfterHuffRequired),
            (false, true) => return Err(IllegalReason::HuffEndsTheGame(h)),
            (false, false) => {}
        }
    }
    let pos = &after_huff;
    let Some((&from, path)) = text.squares.split_first().filter(|(_, p)| !p.is_empty()) else {
        return Err(IllegalReason::NotAMove);
    };
    match pos.piece_at(from) {
        None => return Err(IllegalReason::NoPiece(from)),
        Some(p) if p.color != pos.side => return Err(IllegalReason::NotYourPiece(from, pos.side)),
        Some(_) => {}
    }
    let legal = pos.legal_moves();
    let wrap = |mv: Move| Turn {
        huff: text.huff,
        mv: Some(mv),
    };
    let find = |key: &Move| legal.iter().find(|m| m.same_as(key)).copied();
    let quiet = match path {
        [to] => legal
            .iter()
            .find(|m| !m.is_capture() && m.from == from && m.to == *to),
        _ => None,
    };
    let paths = capture_paths(pos, from);
    if !text.capture {
        if let Some(mv) = quiet {
            return Ok(wrap(*mv));
        }
        if let Some((mv, _)) = paths
            .iter()
            .find(|(m, p)| p.as_slice() == path || m.to == path[0])
        {
            if let Some(mv) = find(mv) {
                return Err(IllegalReason::CaptureNeedsX(move_text(pos, &mv)));
            }
        }
        return Err(explain(pos, from, path, &paths));
    }
    if let Some((mv, _)) = paths.iter().find(|(_, p)| p.as_slice() == path) {
        if let Some(mv) = find(mv) {
            return Ok(wrap(mv));
        }
    }
    if let [to] = path {
        // `22x8` may name a multiple capture by its ends when that is unambiguous.
        let mut same_ends: Vec<Move> = Vec::new();
        for (mv, _) in paths.iter().filter(|(m, _)| m.to == *to) {
            if !same_ends.iter().any(|m| m.same_as(mv)) {
                same_ends.push(*mv);
            }
        }
        match same_ends.as_slice() {
            [mv] => {
                if let Some(mv) = find(mv) {
                    return Ok(wrap(mv));
                }
            }
            [] => {}
            several => {
                let options = several.iter().map(|m| move_text(pos, m)).collect();
                return Err(IllegalReason::Ambiguous(options));
            }
        }
        if quiet.is_some() {
            return Err(IllegalReason::NotACapture);
        }
    }
    Err(explain(pos, from, path, &paths))
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
