//! PDN (Portable Draughts Notation): whole games, read and written in each game's own notation.
//!
//! A PDN text holds any number of games. Each has tag pairs (`[Event "…"]`) and movetext: move
//! numbers (`1.`, `1...`), turns, and a result (`1-0`, `0-1`, `1/2-1/2`, `*`; also `2-0`, `1-1`,
//! `0-2`, `0-0`). Comments (`{…}`, `; …`), variations (`(…)`), NAGs (`$1`) and move marks
//! (`!`, `?`, `!?`, a `*` stuck to a move) are read and skipped.
//!
//! Reading also accepts what real archives write where standard PDN is strict; writing stays
//! standard. Tag values without quotes (`[Round 17]`) or without a closing quote
//! (`[Round "11.1]`, read up to the `]` that ends the line); results with a colon (`1:0`, `0:1`,
//! `1/2:1/2`, read as `1-0`, `0-1`, `1/2-1/2`); a plain move written with `x` (`10x14`) and a
//! capture written with `-` (`10-17`, `24-15-6`); and in Russian games the short notation, the
//! file the piece starts on and the square it lands on (`ed4`, `db6`; `c:e5`, `ce5:g7` naming
//! every landing square). A move read so must fit exactly one legal turn: one that fits none is
//! refused with the reason the standard reading gives (a short move: why its piece cannot go
//! there), and one that fits several is refused naming them all, in the game's own notation.
//!
//! Which rules a game is played by comes from its `Rules` tag (a preset id, `[Rules "blasen"]`),
//! else from its `GameType` (21 English, 25 Russian; the long form `21,B,8,8,N1,0` too), else
//! from the default the caller gives. The rules decide the notation (see [`Numbering`]): English
//! games are in ACF numbers with the first mover as `B`, Russian ones in algebraic coordinates,
//! the German presets in the internal numbering of docs/rules.md §7. A `FEN` tag sets up the
//! start position, in the same notation.
//!
//! Reading keeps bad text apart from illegal play, as everywhere in [`notation`](crate::notation): a
//! [`PdnErrorKind::Syntax`] error gives the line and column, a [`PdnErrorKind::Move`] error the
//! move number and the move as written (and its line), with the reason. Every move is checked against the
//! rules; the draw rules of docs/rules.md §5 are not applied, since players claim draws and a
//! recorded game may go on past a repetition.
//!
//! ```
//! use dame_core::pdn::{read_games, write_game, PdnErrorKind};
//! use dame_core::{Game, Preset};
//!
//! let text = r#"
//! [Event "Club night"]
//! [White "A"]
//! [Black "B"]
//! [Result "*"]
//! [GameType "21"]
//!
//! 1. 11-15 {the Old Fourteenth starts so} 23-19 2. 8-11 (2. 9-14) 22-17 *
//!
//! [Event "Blitz"]
//! [GameType "25"]
//!
//! 1. c3-d4 f6-e5 2. d4:f6 g7:e5 *
//! "#;
//! let games = read_games(text, None);
//! let english = games[0].as_ref().unwrap();
//! assert_eq!(english.preset, Preset::English);
//! assert_eq!(english.tag("Event"), Some("Club night"));
//! assert_eq!(english.game.history_text(), ["22-18", "10-14", "25-22", "11-16"]);
//! let russian = games[1].as_ref().unwrap();
//! assert_eq!(russian.preset, Preset::Russian);
//! assert_eq!(russian.game.position().to_string(), "W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,12,15");
//!
//! // Writing: the usual tags, the preset, and the moves in the game's own notation.
//! let mut game = Game::new(Preset::Russian);
//! game.play_text("22-18").unwrap();
//! let pdn = write_game(&game, &[("Event", "Training"), ("White", "Ann")]);
//! assert!(pdn.contains("[GameType \"25\"]\n[Rules \"russian\"]\n"));
//! assert!(pdn.ends_with("\n1. c3-d4 *\n"));
//! let back = read_games(&pdn, None).remove(0).unwrap();
//! assert_eq!(back.game.position(), game.position());
//!
//! // Bad text and illegal moves are told apart.
//! let errors = read_games("[GameType \"21\"]\n1. 11-15 {open\n", None);
//! assert!(matches!(errors[0].as_ref().unwrap_err().kind, PdnErrorKind::Syntax { line: 2, .. }));
//! let illegal = read_games("[GameType \"21\"]\n1. 11-15 22-13 2. 9-14 *", None);
//! let error = illegal[0].as_ref().unwrap_err();
//! assert_eq!(error.to_string(), "game 1: move 1... '22-13' (line 2): not a legal move here");
//! ```

use crate::board::{Color, Position, Square};
use crate::game::{Game, Outcome};
use crate::moves::{Move, Turn};
use crate::notation::{
    move_paths, resolve_turn, turn_text, IllegalReason, IllegalTurn, Numbering, ReadPositionError,
    TurnError, TurnText,
};
use crate::preset::{Preset, PRESETS};
use std::fmt;

/// The tag that names the preset, `[Rules "blasen"]`: the id used on the command line and in
/// URLs.
pub const RULES_TAG: &str = "Rules";

/// One game read from PDN: its tags, its rules, and the game replayed move by move.
#[derive(Clone, Debug)]
pub struct PdnGame {
    /// The tag pairs in the order they were written.
    pub tags: Vec<(String, String)>,
    /// The rules preset the game is played by.
    pub preset: Preset,
    /// The game: start position (from the `FEN` tag, if any) and every move, checked.
    pub game: Game,
    /// The result that ended the movetext (`1-0`, `*`, …), if there was one, in its standard
    /// spelling (`1:0` is read as `1-0`).
    pub result: Option<String>,
}

impl PdnGame {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag(&self.tags, name)
    }
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// Why a game of a PDN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnError {
    /// Which game of the text: 1 for the first.
    pub game: usize,
    /// The game named by its tags, `White – Black, Event`, or empty when it has none.
    pub title: String,
    /// What is wrong.
    pub kind: PdnErrorKind,
}

/// What is wrong with a game of a PDN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnErrorKind {
    /// The text is not PDN here (line and column count from 1).
    Syntax {
        /// The line.
        line: usize,
        /// The column, in characters.
        column: usize,
        /// What is wrong.
        problem: String,
    },
    /// A `GameType` the project does not play (for example 20, international draughts).
    UnknownGameType(String),
    /// A `Rules` tag that names no preset.
    UnknownRules(String),
    /// A `Rules` tag and a `GameType` that disagree.
    RulesMismatch {
        /// The `GameType` as written.
        game_type: String,
        /// The preset the `Rules` tag names.
        preset: Preset,
    },
    /// Neither a `Rules` tag nor a `GameType`, and no default rules.
    NoRules,
    /// The `FEN` tag is bad text or an illegal position.
    Fen(ReadPositionError),
    /// A move is unreadable (`TurnError::Syntax`) or illegal (`TurnError::Illegal`).
    Move {
        /// The move number, as PDN counts it.
        number: u32,
        /// Whether it is the second mover's move (`12...`).
        second: bool,
        /// The line it is on.
        line: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        error: Box<TurnError>,
        /// The notation it was read in (for the reason's square names).
        numbering: Numbering,
    },
}

impl fmt::Display for PdnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdnErrorKind::Syntax {
                line,
                column,
                problem,
            } => write!(f, "line {line}, column {column}: {problem}"),
            PdnErrorKind::UnknownGameType(value) => write!(
                f,
                "GameType \"{value}\" is not a game dame plays (it plays 21, English, and 25, Russian; \
                 other presets are named by a Rules tag)"
            ),
            PdnErrorKind::UnknownRules(value) => write!(
                f,
                "Rules \"{value}\" names no preset (expected one of: {})",
                Preset::id_list()
            ),
            PdnErrorKind::RulesMismatch { game_type, preset } => write!(
                f,
                "GameType \"{game_type}\" does not fit Rules \"{preset}\""
            ),
            PdnErrorKind::NoRules => write!(
                f,
                "no GameType or Rules tag says which rules the game is played by"
            ),
            PdnErrorKind::Fen(e) => write!(f, "bad FEN tag: {e}"),
            PdnErrorKind::Move {
                number,
                second,
                line,
                text,
                error,
                numbering,
            } => {
                let dots = if *second { "..." } else { "" };
                write!(f, "move {number}{dots} '{text}' (line {line}): ")?;
                match error.as_ref() {
                    TurnError::Syntax(e) => write!(f, "cannot read it: {}", e.problem),
                    // A short move names no start square: which moves it could be.
                    TurnError::Illegal(IllegalTurn {
                        reason: IllegalReason::Ambiguous(options),
                        ..
                    }) if *numbering == Numbering::Algebraic && short_move(text).is_some() => {
                        let options: Vec<String> = options
                            .iter()
                            .map(|o| match crate::notation::parse_turn(o) {
                                Ok(turn) => turn.in_numbering(*numbering),
                                Err(_) => o.clone(),
                            })
                            .collect();
                        write!(
                            f,
                            "ambiguous: more than one move fits it ({})",
                            options.join(" or ")
                        )
                    }
                    TurnError::Illegal(e) => f.write_str(&e.reason.describe(*numbering)),
                }
            }
        }
    }
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.title.is_empty() {
            write!(f, "game {}: {}", self.game, self.kind)
        } else {
            write!(f, "game {} ({}): {}", self.game, self.title, self.kind)
        }
    }
}

impl std::error::Error for PdnError {}

/// A token of PDN text.
#[derive(Clone, Debug)]
enum Token {
    Tag(String, String),
    Move(String),
    Result(String),
}

/// A token with the place it starts.
#[derive(Clone, Debug)]
struct Spanned {
    token: Token,
    line: usize,
    column: usize,
}

/// A syntax error: line, column, problem.
type SyntaxError = (usize, usize, String);

const RESULTS: [&str; 8] = ["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1", "0-0"];

/// A result as written, in its standard spelling: one of [`RESULTS`], or the same with a colon
/// for the dash, as Russian archives write them (`1:0`, `0:1`, `1/2:1/2`).
fn result_of(word: &str) -> Option<&'static str> {
    let standard = word.replace(':', "-");
    RESULTS.into_iter().find(|r| *r == standard)
}

/// Splits PDN text into tokens, skipping comments, variations and NAGs.
struct Lexer {
    chars: Vec<char>,
    at: usize,
    line: usize,
    column: usize,
}

impl Lexer {
    fn new(text: &str) -> Lexer {
        Lexer {
            chars: text.chars().collect(),
            at: 0,
            line: 1,
            column: 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn error(&self, line: usize, column: usize, problem: &str) -> SyntaxError {
        (line, column, problem.to_string())
    }

    /// The next token, `None` at the end, or a syntax error (after which the lexer has moved on).
    fn next_token(&mut self) -> Option<Result<Spanned, SyntaxError>> {
        loop {
            self.skip_whitespace();
            let (line, column) = (self.line, self.column);
            let c = self.peek()?;
            let token = match c {
                '[' => self.tag(),
                '{' => self.comment().map(|()| None),
                ';' => {
                    self.skip_line();
                    Ok(None)
                }
                '%' if column == 1 => {
                    self.skip_line();
                    Ok(None)
                }
                '(' => self.variation().map(|()| None),
                ')' => {
                    self.bump();
                    Err(self.error(line, column, "')' without a '(' before it"))
                }
                ']' | '}' => {
                    self.bump();
                    Err(self.error(line, column, &format!("'{c}' without its opening bracket")))
                }
                '$' => {
                    self.bump();
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                    Ok(None)
                }
                _ => Ok(self.word()),
            };
            match token {
                Ok(Some(token)) => {
                    return Some(Ok(Spanned {
                        token,
                        line,
                        column,
                    }))
                }
                Ok(None) => continue,
                Err(e) => return Some(Err(e)),
            }
        }
    }

    /// `[Name "value"]`; also, as the field writes them, `[Round 17]` (no quotes: the value runs
    /// to the `]`) and `[Round "11.1]` (no closing quote: the value runs to the `]` that ends the
    /// line).
    fn tag(&mut self) -> Result<Option<Token>, SyntaxError> {
        let (line, column) = (self.line, self.column);
        self.bump();
        self.skip_inline_space();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            self.skip_line();
            return Err(self.error(line, column, "a tag needs a name, as in [Event \"…\"]"));
        }
        self.skip_inline_space();
        if self.peek() != Some('"') {
            return self.unquoted_value(name, line, column);
        }
        self.bump();
        let start = self.at;
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => return self.unclosed_value(name, start, line, column),
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            self.bump();
                            value.push(c);
                        }
                        Some('\n') | None => {}
                        Some(c) => {
                            self.bump();
                            value.push('\\');
                            value.push(c);
                        }
                    }
                }
                Some('"') => {
                    self.bump();
                    break;
                }
                Some(c) => {
                    self.bump();
                    value.push(c);
                }
            }
        }
        self.skip_inline_space();
        if self.peek() != Some(']') {
            self.skip_line();
            return Err(self.error(line, column, &format!("tag {name} is not closed with ']'")));
        }
        self.bump();
        Ok(Some(Token::Tag(name, value)))
    }

    /// The value of `[Round 17]`: the text up to the `]` on the same line, trimmed.
    fn unquoted_value(
        &mut self,
        name: String,
        line: usize,
        column: usize,
    ) -> Result<Option<Token>, SyntaxError> {
        let mut value = String::new();
        loop {
            match self.peek() {
                Some(']') => {
                    self.bump();
                    return Ok(Some(Token::Tag(name, value.trim_end().to_string())));
                }
                None | Some('\n') => {
                    return Err(self.error(
                        line,
                        column,
                        &format!("tag {name} is not closed with ']'"),
                    ))
                }
                Some(c) => {
                    self.bump();
                    value.push(c);
                }
            }
        }
    }

    /// The value of `[Round "11.1]`, whose quote is never closed: the line from `start` (just
    /// after the quote) up to the `]` that ends it, as written. A line that does not end with
    /// `]` is refused.
    fn unclosed_value(
        &mut self,
        name: String,
        start: usize,
        line: usize,
        column: usize,
    ) -> Result<Option<Token>, SyntaxError> {
        let raw: String = self.chars[start..self.at].iter().collect();
        match raw.trim_end().strip_suffix(']') {
            Some(value) => {
                // `[Comment "C:\games\"]`: the quote was escaped by the backslash before it.
                let value = value.trim_end();
                let value = value.strip_suffix('"').unwrap_or(value);
                Ok(Some(Token::Tag(name, value.to_string())))
            }
            None => Err(self.error(
                line,
                column,
                &format!("the value of tag {name} has no closing quote"),
            )),
        }
    }

    fn skip_inline_space(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }

    /// `{…}`.
    fn comment(&mut self) -> Result<(), SyntaxError> {
        let (line, column) = (self.line, self.column);
        self.bump();
        loop {
            match self.bump() {
                None => return Err(self.error(line, column, "comment '{' is never closed")),
                Some('}') => return Ok(()),
                Some(_) => {}
            }
        }
    }

    /// `(…)`, nested, with comments inside.
    fn variation(&mut self) -> Result<(), SyntaxError> {
        let (line, column) = (self.line, self.column);
        let mut depth = 0usize;
        loop {
            match self.peek() {
                None => return Err(self.error(line, column, "variation '(' is never closed")),
                Some('{') => self.comment()?,
                Some(';') => self.skip_line(),
                Some(c) => {
                    self.bump();
                    match c {
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                return Ok(());
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    /// A move, a result or a move number (skipped).
    fn word(&mut self) -> Option<Token> {
        let mut word = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| !c.is_whitespace() && !"[]{}();$".contains(*c))
        {
            word.push(c);
            self.bump();
        }
        if let Some(result) = result_of(&word) {
            return Some(Token::Result(result.to_string()));
        }
        // A move number, `12.`, `12...`, perhaps with the move stuck to it (`12.11-15`).
        let digits = word.chars().take_while(char::is_ascii_digit).count();
        let dots = word[digits..].chars().take_while(|&c| c == '.').count();
        let rest = if dots > 0 || (digits == word.len()) {
            &word[digits + dots..]
        } else {
            word.as_str()
        };
        let rest = rest.trim_start_matches('.');
        let rest = rest.trim_end_matches(['!', '?', '*', '.', '+', '#']);
        (!rest.is_empty()).then(|| Token::Move(rest.to_string()))
    }
}

/// A game as written: its tags and its moves, not yet checked.
#[derive(Default)]
struct RawGame {
    tags: Vec<(String, String)>,
    /// Each move with its line and column.
    moves: Vec<(String, usize, usize)>,
    result: Option<String>,
    syntax: Option<SyntaxError>,
}

impl RawGame {
    fn is_empty(&self) -> bool {
        self.tags.is_empty()
            && self.moves.is_empty()
            && self.result.is_none()
            && self.syntax.is_none()
    }
}

fn split_games(text: &str) -> Vec<RawGame> {
    let mut lexer = Lexer::new(text);
    let mut games = Vec::new();
    let mut current = RawGame::default();
    while let Some(next) = lexer.next_token() {
        match next {
            Err(e) => {
                current.syntax.get_or_insert(e);
            }
            Ok(Spanned {
                token,
                line,
                column,
            }) => match token {
                Token::Tag(name, value) => {
                    if !current.moves.is_empty() {
                        games.push(std::mem::take(&mut current));
                    }
                    current.tags.push((name, value));
                }
                Token::Move(text) => current.moves.push((text, line, column)),
                Token::Result(result) => {
                    current.result = Some(result);
                    games.push(std::mem::take(&mut current));
                }
            },
        }
    }
    if !current.is_empty() {
        games.push(current);
    }
    games
}

/// The number at the start of a `GameType` value: `21` of `21,B,8,8,N1,0`.
fn game_type_number(value: &str) -> Option<u32> {
    value.split(',').next()?.trim().parse().ok()
}

fn preset_of(tags: &[(String, String)], default: Option<Preset>) -> Result<Preset, PdnErrorKind> {
    let game_type = tag(tags, "GameType");
    match (tag(tags, RULES_TAG), game_type) {
        (Some(id), game_type) => {
            let preset: Preset = id
                .parse()
                .map_err(|_| PdnErrorKind::UnknownRules(id.to_string()))?;
            match game_type {
                Some(value) if game_type_number(value) != preset.info().pdn_game_type => {
                    Err(PdnErrorKind::RulesMismatch {
                        game_type: value.to_string(),
                        preset,
                    })
                }
                _ => Ok(preset),
            }
        }
        (None, Some(value)) => {
            let number = game_type_number(value);
            PRESETS
                .iter()
                .find(|row| number.is_some() && row.pdn_game_type == number)
                .map(|row| row.preset)
                .ok_or_else(|| PdnErrorKind::UnknownGameType(value.to_string()))
        }
        (None, None) => default.ok_or(PdnErrorKind::NoRules),
    }
}

fn title(tags: &[(String, String)]) -> String {
    let white = tag(tags, "White").filter(|v| !v.is_empty() && *v != "?");
    let black = tag(tags, "Black").filter(|v| !v.is_empty() && *v != "?");
    let event = tag(tags, "Event").filter(|v| !v.is_empty() && *v != "?");
    let players = match (white, black) {
        (Some(w), Some(b)) => Some(format!("{w} – {b}")),
        (Some(p), None) | (None, Some(p)) => Some(p.to_string()),
        (None, None) => None,
    };
    match (players, event) {
        (Some(p), Some(e)) => format!("{p}, {e}"),
        (Some(p), None) => p,
        (None, Some(e)) => e.to_string(),
        (None, None) => String::new(),
    }
}

/// Whether `text` is a huff on its own (`h22`), to be joined to the move after it.
fn is_huff(text: &str) -> bool {
    text.strip_prefix(['h', 'H'])
        .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
}

/// Reads a move of a game: as standard PDN, else as the field writes it (see [`read_leniently`]).
fn read_move(pos: &Position, numbering: Numbering, text: &str) -> Result<Turn, TurnError> {
    let strict = match numbering.read_turn(pos, text) {
        Ok(turn) => return Ok(turn),
        Err(error) => error,
    };
    match read_leniently(pos, numbering, text) {
        Some(Ok(turn)) => Ok(turn),
        Some(Err(reason)) => Err(TurnError::Illegal(IllegalTurn {
            text: text.trim().to_string(),
            reason,
        })),
        None => Err(strict),
    }
}

/// A move in the Russian short notation: the file its piece starts on, then where it lands:
/// `ed4`, `db6` (a capture), `c:e5`, `ce5:g7` (every landing square). The file and the squares
/// are algebraic; the separators `:`, `x` and `-` are all read.
fn short_move(text: &str) -> Option<(u8, Vec<Square>)> {
    let lower = text.to_ascii_lowercase();
    let mut chars = lower.chars();
    let file = chars.next().filter(|c| ('a'..='h').contains(c))?;
    let rest = chars.as_str();
    let rest = rest.strip_prefix([':', 'x', '-']).unwrap_or(rest);
    let squares = rest
        .split([':', 'x', '-'])
        .map(|name| {
            let bytes = name.as_bytes();
            let algebraic = bytes.len() == 2 && bytes[0].is_ascii_lowercase();
            algebraic
                .then(|| Numbering::Algebraic.square(name))
                .flatten()
        })
        .collect::<Option<Vec<Square>>>()?;
    Some((file as u8 - b'a', squares))
}

/// Whether the legal move `mv` of `pos` lands on `landings` in turn: every landing square
/// named, or only the last one.
fn lands_on(pos: &Position, mv: &Move, landings: &[Square]) -> bool {
    match landings {
        [] => false,
        [to] if mv.to == *to => true,
        _ => move_paths(pos, mv)
            .iter()
            .any(|path| path.get(1..) == Some(landings)),
    }
}

/// A move that standard PDN does not read but the field writes, read when exactly one legal
/// turn fits it: `10x14` for a plain move and `10-17` for a capture (the
/// separator is not trusted: `-`, `x` and `:` are all read), and in Russian games the short
/// notation (`ed4`, see [`short_move`]). `None` when the text is none of these, or (with the
/// separators only) when no turn fits it: the strict reading's reason stands. Several turns
/// that fit are refused as ambiguous, naming them.
fn read_leniently(
    pos: &Position,
    numbering: Numbering,
    text: &str,
) -> Option<Result<Turn, IllegalReason>> {
    let text = text.trim();
    if text.contains(char::is_whitespace) {
        return None;
    }
    let short = (numbering == Numbering::Algebraic)
        .then(|| short_move(text))
        .flatten();
    // Where the piece starts (a square, or a file in the short notation), and where it lands.
    let (from, file, landings) = match short {
        Some((file, landings)) => (None, Some(file), landings),
        None => {
            let squares = text
                .to_ascii_lowercase()
                .split(['-', 'x', ':'])
                .map(|name| numbering.square(name))
                .collect::<Option<Vec<Square>>>()
                .filter(|squares| squares.len() >= 2)?;
            (Some(squares[0]), None, squares[1..].to_vec())
        }
    };
    let fits = |mv: &Move| {
        (Some(mv.from) == from || Some(mv.from.column()) == file) && lands_on(pos, mv, &landings)
    };
    let turns = pos.legal_turns();
    let candidates: Vec<&Turn> = turns
        .iter()
        .filter(|turn| turn.huff.is_none() && turn.mv.as_ref().is_some_and(fits))
        .collect();
    match candidates.as_slice() {
        [turn] => Some(Ok(**turn)),
        [] => file.map(|file| Err(why_not_short(pos, file, &landings, &turns))),
        several => Some(Err(IllegalReason::Ambiguous(
            several.iter().map(|turn| turn_text(pos, turn)).collect(),
        ))),
    }
}

/// Why no legal turn fits a short move: the strict reason when one piece of the side to move
/// stands on the file, else simply not a move.
fn why_not_short(pos: &Position, file: u8, landings: &[Square], turns: &[Turn]) -> IllegalReason {
    if turns.is_empty() {
        return IllegalReason::GameOver;
    }
    let own: Vec<Square> = Square::all()
        .filter(|&sq| sq.column() == file)
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.color == pos.side))
        .collect();
    let (&[from], Some(&first)) = (own.as_slice(), landings.first()) else {
        return IllegalReason::NotAMove;
    };
    let text = TurnText {
        huff: None,
        squares: std::iter::once(from)
            .chain(landings.iter().copied())
            .collect(),
        capture: landings.len() > 1 || from.row().abs_diff(first.row()) != 1,
    };
    resolve_turn(pos, &text)
        .err()
        .unwrap_or(IllegalReason::NotAMove)
}

fn replay(raw: RawGame, default: Option<Preset>) -> Result<PdnGame, PdnErrorKind> {
    if let Some((line, column, problem)) = raw.syntax {
        return Err(PdnErrorKind::Syntax {
            line,
            column,
            problem,
        });
    }
    let preset = preset_of(&raw.tags, default)?;
    let numbering = Numbering::of(preset);
    let start = match tag(&raw.tags, "FEN").filter(|f| !f.trim().is_empty()) {
        Some(fen) => numbering
            .position_from_fen(fen, preset)
            .map_err(PdnErrorKind::Fen)?,
        None => Position::start(preset),
    };
    let mut game = Game::from_position(start);
    let second_starts = usize::from(start.side() != Color::Red);
    let mut moves = raw.moves.into_iter().peekable();
    while let Some((mut text, line, _)) = moves.next() {
        if numbering == Numbering::Internal && is_huff(&text) {
            if let Some((next, _, _)) = moves.next_if(|(next, _, _)| !is_huff(next)) {
                text = format!("{text} {next}");
            }
        }
        let ply = game.history().len() + second_starts;
        let turn =
            read_move(game.position(), numbering, &text).map_err(|error| PdnErrorKind::Move {
                number: (ply / 2 + 1) as u32,
                second: ply % 2 == 1,
                line,
                text: text.clone(),
                error: Box::new(error),
                numbering,
            })?;
        game.push(turn);
    }
    Ok(PdnGame {
        tags: raw.tags,
        preset,
        game,
        result: raw.result,
    })
}

/// Reads every game of a PDN text, each checked move by move; `default` gives the rules of a
/// game that has neither a `Rules` tag nor a `GameType`. One result per game, in order: a bad
/// game does not stop the games after it. Never panics, whatever the text.
pub fn read_games(text: &str, default: Option<Preset>) -> Vec<Result<PdnGame, PdnError>> {
    split_games(text)
        .into_iter()
        .enumerate()
        .map(|(i, raw)| {
            let name = title(&raw.tags);
            replay(raw, default).map_err(|kind| PdnError {
                game: i + 1,
                title: name,
                kind,
            })
        })
        .collect()
}

/// Reads the first game of a PDN text (see [`read_games`]); a text without a game is a syntax
/// error.
pub fn read_game(text: &str, default: Option<Preset>) -> Result<PdnGame, PdnError> {
    read_games(text, default)
        .into_iter()
        .next()
        .unwrap_or_else(|| {
            Err(PdnError {
                game: 1,
                title: String::new(),
                kind: PdnErrorKind::Syntax {
                    line: 1,
                    column: 1,
                    problem: "no game in the text".to_string(),
                },
            })
        })
}

/// The PDN result of `outcome` for a game written in `numbering`: `1-0` when the side it calls
/// white won.
pub fn result_text(outcome: Option<Outcome>, numbering: Numbering) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome::Draw(_)) => "1/2-1/2",
        Some(Outcome::Win { winner, .. }) if winner == numbering.white() => "1-0",
        Some(Outcome::Win { .. }) => "0-1",
    }
}

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// Writes `game` as PDN in its preset's own notation.
///
/// The tags: `Event`, `Site`, `Date`, `Round`, `White`, `Black` (`?` or `????.??.??` unless
/// `tags` gives them), `Result` (from the game's outcome unless given), the `GameType` where
/// PDN has one (21 English, 25 Russian), the `Rules` tag with the preset's id, and `SetUp` and
/// `FEN` when the game did not begin at the start position; then any other tags of `tags`. The
/// names in `White` and `Black` are the players of the sides the notation calls so: in English
/// checkers "Black" moves first.
pub fn write_game(game: &Game, tags: &[(&str, &str)]) -> String {
    write_game_annotated(game, tags, &[])
}

/// An evaluation written into an annotated game as `{[%eval …]}`, always from Red's side: the
/// side that moves first (PDN's White in Russian draughts, ACF's Black in English checkers), as
/// chess programs write theirs from the first mover's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// Hundredths of a man, written in men: `[%eval 0.35]`, `[%eval -1.20]`.
    Hundredths(i32),
    /// Red wins by force in this many plies: `[%eval #7]`.
    RedWins(u32),
    /// Black wins by force in this many plies: `[%eval #-7]`.
    BlackWins(u32),
}

impl fmt::Display for Evaluation {
    /// The value inside `[%eval …]`: `0.35`, `-0.05`, `#7`, `#-7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Evaluation::Hundredths(h) => {
                let sign = if h < 0 { "-" } else { "" };
                let abs = h.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Evaluation::RedWins(plies) => write!(f, "#{plies}"),
            Evaluation::BlackWins(plies) => write!(f, "#-{plies}"),
        }
    }
}

/// What an annotated game says about one ply (see [`write_game_annotated`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlyNote {
    /// A NAG, written `$n` after the turn: the standard numbers are 1 `!` (good), 2 `?`
    /// (mistake), 3 `!!`, 4 `??` (blunder), 5 `!?`, 6 `?!` (dubious, an inaccuracy).
    pub nag: Option<u8>,
    /// The value of the position after the turn, written `{[%eval …]}` after it.
    pub eval: Option<Evaluation>,
    /// A line to play instead, from the position before the turn (its first turn replaces the
    /// one played), written as a variation `(12... 9-14 22-17)` after the turn. Written up to
    /// its first turn that is not legal, if any.
    pub variation: Vec<Turn>,
}

/// Writes `game` as [`write_game`] does, with the notes of `notes` after its turns: `notes[i]`
/// belongs to the game's `i`-th turn (from 0); missing notes are empty. A note's NAG, its
/// evaluation comment and its variation follow the turn in this order, and the second mover's
/// turn after a comment or a variation repeats its number (`12...`), as PGN writes it. The
/// reader skips all three, so the text reads back to the same game; with no notes the text is
/// exactly [`write_game`]'s.
///
/// ```
/// use dame_core::pdn::{read_game, write_game_annotated, Evaluation, PlyNote};
/// use dame_core::{Game, Preset};
///
/// let mut game = Game::new(Preset::English);
/// game.play_text("22-18").unwrap();
/// game.play_text("10-14").unwrap();
/// let notes = [
///     PlyNote { eval: Some(Evaluation::Hundredths(5)), ..PlyNote::default() },
///     PlyNote { nag: Some(2), eval: Some(Evaluation::Hundredths(-40)), ..PlyNote::default() },
/// ];
/// let pdn = write_game_annotated(&game, &[], &notes);
/// assert!(pdn.ends_with("\n1. 11-15 {[%eval 0.05]} 1... 23-19 $2 {[%eval -0.40]} *\n"));
/// assert_eq!(read_game(&pdn, None).unwrap().game.history(), game.history());
/// ```
pub fn write_game_annotated(game: &Game, tags: &[(&str, &str)], notes: &[PlyNote]) -> String {
    let preset = game.preset();
    let numbering = Numbering::of(preset);
    let given = |name: &str| tags.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let result = given("Result")
        .unwrap_or_else(|| result_text(game.outcome(), numbering))
        .to_string();
    let mut out = String::new();
    let mut put = |name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    };
    for (name, unknown) in [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
    ] {
        put(name, given(name).unwrap_or(unknown));
    }
    put("Result", &result);
    if let Some(number) = preset.info().pdn_game_type {
        put("GameType", &number.to_string());
    }
    put(RULES_TAG, preset.id());
    let start = game.start_position();
    if *start != Position::start(preset) {
        put("SetUp", "1");
        put("FEN", &numbering.write_fen(&start.setup()));
    }
    const WRITTEN: [&str; 11] = [
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", RULES_TAG,
        "SetUp", "FEN",
    ];
    for (name, value) in tags {
        let is_name = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
        if is_name && !WRITTEN.contains(name) {
            put(name, value);
        }
    }
    out.push('\n');
    let second_starts = usize::from(start.side() != Color::Red);
    let mut words = Vec::new();
    // Whether a comment or a variation came just before: the next turn repeats its number.
    let mut interrupted = false;
    for (i, (turn, pos)) in game.history().iter().zip(game.positions()).enumerate() {
        let ply = i + second_starts;
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 || interrupted {
            words.push(format!("{}...", ply / 2 + 1));
        }
        words.push(numbering.turn_text(pos, turn));
        interrupted = false;
        if let Some(note) = notes.get(i) {
            interrupted = write_note(&mut words, note, pos, ply, numbering);
        }
    }
    words.push(result);
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Adds the words of `note` about the turn of ply `ply` (counted as PDN numbers moves, from the
/// first mover's first turn) played in `pos`; whether it wrote a comment or a variation.
fn write_note(
    words: &mut Vec<String>,
    note: &PlyNote,
    pos: &Position,
    ply: usize,
    numbering: Numbering,
) -> bool {
    if let Some(nag) = note.nag {
        words.push(format!("${nag}"));
    }
    if let Some(eval) = note.eval {
        words.push(format!("{{[%eval {eval}]}}"));
    }
    let mut line = *pos;
    let mut variation = Vec::new();
    for (k, turn) in note.variation.iter().enumerate() {
        if !line.legal_turns().contains(turn) {
            break;
        }
        let ply = ply + k;
        if ply.is_multiple_of(2) {
            variation.push(format!("{}.", ply / 2 + 1));
        } else if k == 0 {
            variation.push(format!("{}...", ply / 2 + 1));
        }
        variation.push(numbering.turn_text(&line, turn));
        line = line.play_turn_unchecked(turn);
    }
    if let Some(first) = variation.first_mut() {
        first.insert(0, '(');
    }
    if let Some(last) = variation.last_mut() {
        last.push(')');
    }
    let commented = note.eval.is_some() || !variation.is_empty();
    words.append(&mut variation);
    commented
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_marks_and_results_are_told_apart() {
        let games = split_games("1.11-15! 23-19?! 2... 8-11* $3 1/2-1/2 [Event \"x\"] 1. 9-14");
        assert_eq!(games.len(), 2);
        let moves: Vec<&str> = games[0].moves.iter().map(|(m, _, _)| m.as_str()).collect();
        assert_eq!(moves, ["11-15", "23-19", "8-11"]);
        assert_eq!(games[0].result.as_deref(), Some("1/2-1/2"));
        assert_eq!(games[1].tags, [("Event".to_string(), "x".to_string())]);
    }

    #[test]
    fn tag_values_without_quotes_or_without_a_closing_quote_are_read() {
        let text = "[Round 17]\n[Game # 612 ]\n[Round \"11.1]\n[Comment \"C:\\games\\\"]\n\
                    [Event]\n[Site \"a\\\"b\"] *";
        let games = split_games(text);
        assert!(games[0].syntax.is_none(), "{:?}", games[0].syntax);
        let tags: Vec<(&str, &str)> = games[0]
            .tags
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            tags,
            [
                ("Round", "17"),
                ("Game", "# 612"),
                ("Round", "11.1"),
                ("Comment", "C:\\games\\"),
                ("Event", ""),
                ("Site", "a\"b"),
            ]
        );
    }

    #[test]
    fn results_with_a_colon_are_read_in_the_standard_spelling() {
        for (written, read) in [
            ("1:0", "1-0"),
            ("0:1", "0-1"),
            ("1/2:1/2", "1/2-1/2"),
            ("1-0", "1-0"),
            ("2-0", "2-0"),
            ("*", "*"),
        ] {
            let games = split_games(&format!("1. c3-d4 {written}"));
            assert_eq!(games[0].result.as_deref(), Some(read), "{written}");
            assert_eq!(games[0].moves.len(), 1);
        }
    }

    #[test]
    fn a_tag_after_movetext_without_result_starts_a_new_game() {
        let games = split_games("[A \"1\"]\n1. 11-15\n[B \"2\"]\n1. 9-14 *");
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].moves.len(), 1);
    }

    #[test]
    fn syntax_errors_give_line_and_column() {
        let games = split_games("[Event \"x\"]\n1. 11-15 (2. 9-14");
        assert_eq!(games[0].syntax.as_ref().map(|e| (e.0, e.1)), Some((2, 10)));
        // A tag without its ']', or with an open quote on a line that does not end with ']'.
        let games = split_games("[Event x\n");
        assert_eq!(games[0].syntax.as_ref().map(|e| (e.0, e.1)), Some((1, 1)));
        let games = split_games("[A \"1\"]\n[Event \"x\n1. 11-15 *");
        assert_eq!(games[0].syntax.as_ref().map(|e| (e.0, e.1)), Some((2, 1)));
    }
}
