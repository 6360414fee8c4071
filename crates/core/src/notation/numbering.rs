//! Each game's own notation: which name a square has, how a move and a position are written.
//!
//! The internal numbering of docs/rules.md §7 is the project's own (the `dame` tool's default).
//! English checkers is read and written in the standard ACF numbering, Russian draughts in
//! algebraic coordinates; the German presets keep the internal numbering. This module is the
//! one place where a square meets its name in another notation.
//!
//! | numbering | first mover (our Red) | internal `s` is | Red's first moves |
//! | --- | --- | --- | --- |
//! | [`Internal`](Numbering::Internal) | `W`, on 21–32 | `s` | `22-18` |
//! | [`Acf`](Numbering::Acf) | `B` ("Black" in ACF), on 1–12 | `33 − s` | `11-15` |
//! | [`Algebraic`](Numbering::Algebraic) | `W` ("White"), on rows 1–3 | file a–h = column, rank = 9 − row | `c3-d4` |
//!
//! ```
//! use dame_core::notation::Numbering;
//! use dame_core::{Game, Preset, Square};
//!
//! let acf = Numbering::of(Preset::English);
//! assert_eq!(acf, Numbering::Acf);
//! let sq = Square::from_number(22).unwrap();
//! assert_eq!(acf.name(sq), "11");
//! assert_eq!(Numbering::Algebraic.name(sq), "c3");
//! assert_eq!(acf.square("11"), Some(sq));
//!
//! // Moves in the game's own notation, read and written.
//! let mut game = Game::new(Preset::English);
//! let turn = acf.read_turn(game.position(), "11-15").unwrap();
//! assert_eq!(acf.turn_text(game.position(), &turn), "11-15");
//! game.play(&turn).unwrap();
//! assert_eq!(game.history_text(), ["22-18"]); // the internal notation
//!
//! // Positions too: in ACF FEN the first mover is `B`.
//! assert_eq!(
//!     acf.write_fen(&game.position().setup()),
//!     "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
//! );
//! ```

use super::fen::{parse_fen_in, write_fen_in};
use super::turn::{parse_turn_spelled, Spelling};
use super::{FenError, Numbering, ParseTurnError, ReadPositionError, TurnError, TurnText};
use crate::board::{Color, Position, Setup, Square};
use crate::moves::Turn;
use crate::preset::Preset;

impl Numbering {
    /// Every numbering.
    pub const ALL: [Numbering; 3] = [Numbering::Internal, Numbering::Acf, Numbering::Algebraic];

    /// The name of `sq`: `"22"`, `"11"` (ACF) or `"c3"`.
    pub fn name(self, sq: Square) -> String {
        match self {
            Numbering::Internal => sq.number().to_string(),
            Numbering::Acf => (33 - sq.number()).to_string(),
            Numbering::Algebraic => {
                let file = char::from(b'a' + sq.column());
                format!("{file}{}", 9 - sq.row())
            }
        }
    }

    /// The square named `text`, or `None`: the inverse of [`Numbering::name`] (case does not
    /// matter). [`Algebraic`](Numbering::Algebraic) also reads internal numbers.
    pub fn square(self, text: &str) -> Option<Square> {
        let number = || {
            Some(text)
                .filter(|d| !d.is_empty() && d.len() <= 2 && d.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|d| d.parse::<u8>().ok())
                .filter(|n| (1..=32).contains(n))
        };
        match self {
            Numbering::Internal => number().and_then(Square::from_number),
            Numbering::Acf => number().and_then(|n| Square::from_number(33 - n)),
            Numbering::Algebraic => match text.as_bytes() {
                [file, rank] if file.is_ascii_alphabetic() => {
                    let column = file.to_ascii_lowercase().checked_sub(b'a')?;
                    let rank = rank.checked_sub(b'0').filter(|r| (1..=8).contains(r))?;
                    Square::from_row_column(9 - rank, column)
                }
                _ => number().and_then(Square::from_number),
            },
        }
    }

    /// A key that sorts squares in this numbering's order (number order, or a1, a3, …, h8).
    pub(crate) fn order(self, sq: Square) -> (u8, u8) {
        match self {
            Numbering::Internal => (sq.number(), 0),
            Numbering::Acf => (33 - sq.number(), 0),
            Numbering::Algebraic => (sq.column(), 9 - sq.row()),
        }
    }

    /// The character that joins the squares of a capture: `x`, or `:` in algebraic notation.
    pub fn capture_separator(self) -> char {
        match self {
            Numbering::Internal | Numbering::Acf => 'x',
            Numbering::Algebraic => ':',
        }
    }

    /// The letter of `color` in FEN and in PDN results: the first mover (Red) is `B` in ACF
    /// notation and `W` in the others.
    pub fn side_letter(self, color: Color) -> char {
        match (self, color) {
            (Numbering::Acf, Color::Red)
            | (Numbering::Internal | Numbering::Algebraic, Color::Black) => 'B',
            _ => 'W',
        }
    }

    /// The colour a FEN letter stands for (either case); the internal notation also reads `R`
    /// for Red.
    pub fn side_of_letter(self, letter: char) -> Option<Color> {
        match (self, letter.to_ascii_uppercase()) {
            (Numbering::Internal, 'R') => Some(Color::Red),
            (_, 'W') => Some(self.white()),
            (_, 'B') => Some(self.white().opposite()),
            _ => None,
        }
    }

    /// Our colour that this notation calls white (`W`).
    pub fn white(self) -> Color {
        match self {
            Numbering::Acf => Color::Black,
            Numbering::Internal | Numbering::Algebraic => Color::Red,
        }
    }

    /// A plain move for messages: `22-18`, `11-15`, `c3-d4`.
    pub(crate) fn example(self) -> &'static str {
        match self {
            Numbering::Internal => "22-18",
            Numbering::Acf => "11-15",
            Numbering::Algebraic => "c3-d4",
        }
    }

    /// The kinds of turn for messages.
    pub(crate) fn examples(self) -> &'static str {
        match self {
            Numbering::Internal => "22-18, 22x15 or h22 9-13",
            Numbering::Acf => "11-15 or 15x22",
            Numbering::Algebraic => "c3-d4 or c3:e5",
        }
    }

    /// What a square looks like, for messages.
    pub(crate) fn square_hint(self) -> &'static str {
        match self {
            Numbering::Internal | Numbering::Acf => "a square number 1–32",
            Numbering::Algebraic => "a dark square a1–h8",
        }
    }

    fn spelling(self) -> Spelling {
        Spelling {
            numbering: self,
            capture: match self {
                Numbering::Internal | Numbering::Acf => &['x'],
                Numbering::Algebraic => &[':', 'x'],
            },
            huffs: self == Numbering::Internal,
        }
    }

    /// Reads the text of a turn in this numbering (syntax only).
    ///
    /// ```
    /// use dame_core::notation::Numbering;
    /// use dame_core::Square;
    ///
    /// let text = Numbering::Algebraic.parse_turn("c3:e5:g3").unwrap();
    /// let internal: Vec<u8> = text.squares.iter().map(|s| s.number()).collect();
    /// assert_eq!(internal, [22, 15, 24]);
    /// assert!(text.capture);
    /// assert!(Numbering::Acf.parse_turn("33-29").is_err());
    /// ```
    pub fn parse_turn(self, text: &str) -> Result<TurnText, ParseTurnError> {
        parse_turn_spelled(text, &self.spelling())
    }

    /// Reads `text`, a turn in this numbering, and finds the legal turn of `pos` it names; an
    /// illegal turn keeps its text as written.
    pub fn read_turn(self, pos: &Position, text: &str) -> Result<Turn, TurnError> {
        let parsed = self.parse_turn(text).map_err(TurnError::Syntax)?;
        super::resolve_turn(pos, &parsed).map_err(|reason| {
            TurnError::Illegal(super::IllegalTurn {
                text: text.trim().to_string(),
                reason,
            })
        })
    }

    /// The text of `turn`, a legal turn of `pos`, in this numbering.
    pub fn turn_text(self, pos: &Position, turn: &Turn) -> String {
        TurnText::spelled(pos, turn).in_numbering(self)
    }

    /// A setup as FEN in this numbering: `W:W21-32:B1-12` is written out in full; in ACF the
    /// start position is `B:W21,…,32:B1,…,12` as well, with the letters standing for the other
    /// colours.
    pub fn write_fen(self, setup: &Setup) -> String {
        write_fen_in(setup, self)
    }

    /// Reads FEN written in this numbering (ranges of numbers, `K` for kings, a `[FEN "…"]` tag).
    pub fn parse_fen(self, text: &str) -> Result<Setup, FenError> {
        parse_fen_in(text, self)
    }

    /// Reads FEN in this numbering and checks it against the rules of `preset`.
    pub fn position_from_fen(
        self,
        text: &str,
        preset: Preset,
    ) -> Result<Position, ReadPositionError> {
        let setup = self.parse_fen(text).map_err(ReadPositionError::Syntax)?;
        Position::from_setup(setup, preset).map_err(ReadPositionError::Illegal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_numbering_names_the_32_squares_one_to_one() {
        for numbering in Numbering::ALL {
            let mut names: Vec<String> = Square::all().map(|sq| numbering.name(sq)).collect();
            for sq in Square::all() {
                assert_eq!(
                    numbering.square(&numbering.name(sq)),
                    Some(sq),
                    "{numbering:?}"
                );
            }
            names.sort();
            names.dedup();
            assert_eq!(names.len(), 32, "{numbering:?}");
        }
    }
}
