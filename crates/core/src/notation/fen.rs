//! Positions as PDN FEN strings (docs/rules.md §7): `W:W21-32:B1-12`, kings as `K`, Blasen's
//! huffable set as a fourth field `H…`. The same reader and writer serve every [`Numbering`]:
//! `B:W21-32:B1-12` is the English start position in ACF numbers.

use super::Numbering;
use crate::board::{Bitboard, Board, Color, Piece, Role, Setup, Square};
use std::fmt;

/// Why a FEN string could not be read (bad text, as opposed to a position illegal under the rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// There is no text (or only an empty PDN tag).
    Empty,
    /// The first field, the side to move, is not `W`, `R` or `B`.
    BadSide(String),
    /// A field starts with neither `W`/`R`, `B` nor `H`.
    BadField(String),
    /// A field appears twice (`R` counts as `W`).
    RepeatedField(char),
    /// A square is not a number from 1 to 32.
    BadSquare(String),
    /// A range runs backwards, as in `5-3`.
    BadRange(String),
    /// A square is listed for two pieces, of one colour or of both (its name as written).
    SquareTwice(String),
    /// The huffable field marks a square as a king; it lists squares, and the board says what
    /// stands there.
    KingInHuffable(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN (expected e.g. W:W21-32:B1-12)"),
            FenError::BadSide(s) => {
                write!(f, "bad side to move '{s}' in FEN (expected W, R or B)")
            }
            FenError::BadField(s) => write!(
                f,
                "bad FEN field '{s}' (expected W…, B… or H… followed by square numbers)"
            ),
            FenError::RepeatedField(c) => write!(f, "FEN field {c} appears twice"),
            FenError::BadSquare(s) => write!(f, "bad square '{s}' in FEN (expected 1–32)"),
            FenError::BadRange(s) => write!(f, "bad square range '{s}' in FEN"),
            FenError::SquareTwice(n) => write!(f, "square {n} is listed twice in FEN"),
            FenError::KingInHuffable(s) => {
                write!(
                    f,
                    "'{s}' in the huffable field: list squares only, without K"
                )
            }
        }
    }
}

impl std::error::Error for FenError {}

fn parse_side(text: &str, numbering: Numbering) -> Result<Color, FenError> {
    let side = text.trim();
    let mut chars = side.chars();
    match (chars.next(), chars.next()) {
        (Some(letter), None) => numbering.side_of_letter(letter),
        _ => None,
    }
    .ok_or_else(|| FenError::BadSide(side.to_string()))
}

/// One square as written: a number in a numeric numbering, or a name such as `c3`.
fn parse_square(text: &str, numbering: Numbering) -> Result<Square, FenError> {
    numbering
        .square(text.trim())
        .ok_or_else(|| FenError::BadSquare(text.trim().to_string()))
}

/// The number of a numeric square, for a range.
fn parse_number(text: &str) -> Result<u8, FenError> {
    let digits = text.trim();
    Some(digits)
        .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|d| d.parse::<u8>().ok())
        .filter(|n| (1..=32).contains(n))
        .ok_or_else(|| FenError::BadSquare(digits.to_string()))
}

/// `12`, `K12`, `21-32`, `K1-4` (or `c3`, `Kc3`) → the squares and whether they hold kings.
fn parse_item(item: &str, numbering: Numbering) -> Result<(Vec<Square>, bool), FenError> {
    let item = item.trim();
    let (king, body) = match item.strip_prefix(['K', 'k']) {
        Some(rest) => (true, rest),
        None => (false, item),
    };
    let squares = match body.split_once('-') {
        None => vec![parse_square(body, numbering)?],
        Some((a, b)) => {
            let (a, b) = (parse_number(a)?, parse_number(b)?);
            if a > b {
                return Err(FenError::BadRange(item.to_string()));
            }
            (a..=b)
                .map(|n| numbering.square(&n.to_string()))
                .collect::<Option<Vec<Square>>>()
                .ok_or_else(|| FenError::BadRange(item.to_string()))?
        }
    };
    Ok((squares, king))
}

/// Reads a FEN string into a setup (not yet checked against any rules).
///
/// Lenient in what it accepts, as PDN files vary: ranges (`21-32`), `R` as a synonym of `W` for
/// Red, lower case, spaces, a final dot and a whole PDN tag pair (`[FEN "W:W21-32:B1-12"]`).
pub fn parse_fen(text: &str) -> Result<Setup, FenError> {
    parse_fen_in(text, Numbering::Internal)
}

/// Reads a FEN string written in `numbering` (see [`Numbering::parse_fen`]).
pub(crate) fn parse_fen_in(text: &str, numbering: Numbering) -> Result<Setup, FenError> {
    let mut text = text.trim();
    // A PDN tag pair, `[FEN "W:W21-32:B1-12"]`, is accepted too.
    if let Some(inner) = text.strip_prefix("[FEN").and_then(|t| t.strip_suffix(']')) {
        text = inner.trim().trim_matches('"');
    }
    let text = text.trim().trim_end_matches('.').trim();
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let mut fields = text.split(':');
    let side = parse_side(fields.next().unwrap_or(""), numbering)?;
    let mut board = Board::EMPTY;
    let mut huffable = Bitboard::EMPTY;
    let mut seen_fields = Vec::new();
    let mut listed = Bitboard::EMPTY;
    for field in fields {
        let field = field.trim();
        let mut chars = field.chars();
        let tag = chars.next().map(|c| c.to_ascii_uppercase());
        let (key, color) = match tag {
            Some('H') => ('H', None),
            Some(letter) => match numbering.side_of_letter(letter) {
                Some(color) => (numbering.side_letter(color), Some(color)),
                None => return Err(FenError::BadField(field.to_string())),
            },
            None => return Err(FenError::BadField(field.to_string())),
        };
        if seen_fields.contains(&key) {
            return Err(FenError::RepeatedField(key));
        }
        seen_fields.push(key);
        let list = chars.as_str().trim();
        if list.is_empty() {
            continue;
        }
        for item in list.split(',') {
            let (squares, king) = parse_item(item, numbering)?;
            match color {
                None if king => return Err(FenError::KingInHuffable(item.trim().to_string())),
                None => huffable = squares.into_iter().fold(huffable, |h, sq| h | sq.into()),
                Some(color) => {
                    for sq in squares {
                        if listed.contains(sq) {
                            return Err(FenError::SquareTwice(numbering.name(sq)));
                        }
                        listed.insert(sq);
                        let role = if king { Role::King } else { Role::Man };
                        board.set(sq, Piece { color, role });
                    }
                }
            }
        }
    }
    Ok(Setup {
        board,
        side,
        huffable,
    })
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

/// The canonical FEN: squares in number order, kings as `K`, no ranges, `H` only when non-empty.
///
/// [`parse_fen`] reads it back to the same setup; the `Display` forms of [`Setup`] and
/// [`Position`](crate::Position) are this text.
pub fn write_fen(setup: &Setup) -> String {
    write_fen_in(setup, Numbering::Internal)
}

/// The canonical FEN in `numbering` (see [`Numbering::write_fen`]): the `W` field first, squares
/// in the numbering's order.
pub(crate) fn write_fen_in(setup: &Setup, numbering: Numbering) -> String {
    let list = |pieces: Bitboard, mark_kings: bool| -> String {
        let mut squares: Vec<Square> = pieces.iter().collect();
        squares.sort_by_key(|&sq| numbering.order(sq));
        squares
            .iter()
            .map(|&sq| {
                let k = if mark_kings && setup.board.kings.contains(sq) {
                    "K"
                } else {
                    ""
                };
                format!("{k}{}", numbering.name(sq))
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let white = numbering.side_of_letter('W').unwrap_or(Color::Red);
    let mut fen = format!(
        "{}:W{}:B{}",
        numbering.side_letter(setup.side),
        list(setup.board.pieces(white), true),
        list(setup.board.pieces(white.opposite()), true)
    );
    if !setup.huffable.is_empty() {
        fen.push_str(":H");
        fen.push_str(&list(setup.huffable, false));
    }
    fen
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_fen(self))
    }
}

impl fmt::Display for crate::Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_fen(&self.setup()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_reads_with_ranges_and_prints_without() {
        let setup = parse_fen("W:W21-32:B1-12").unwrap();
        assert_eq!(setup, Setup::start());
        assert_eq!(
            write_fen(&setup),
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
    }

    #[test]
    fn kings_red_synonym_and_huffable_field() {
        let setup = parse_fen("r:RK3,18:bk30,9:H18").unwrap();
        assert_eq!(write_fen(&setup), "W:WK3,18:B9,K30:H18");
        assert_eq!(parse_fen(&write_fen(&setup)).unwrap(), setup);
    }

    #[test]
    fn a_pdn_tag_and_a_final_dot_are_accepted() {
        let setup = parse_fen("[FEN \"W:W21-32:B1-12.\"]").unwrap();
        assert_eq!(setup, Setup::start());
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(parse_fen(""), Err(FenError::Empty));
        assert_eq!(parse_fen("X:W1:B2"), Err(FenError::BadSide("X".into())));
        assert_eq!(parse_fen("W:W33:B2"), Err(FenError::BadSquare("33".into())));
        assert_eq!(
            parse_fen("W:W1,2:B2"),
            Err(FenError::SquareTwice("2".into()))
        );
        assert_eq!(
            parse_fen("W:W5-3:B2"),
            Err(FenError::BadRange("5-3".into()))
        );
        assert_eq!(parse_fen("W:Q1"), Err(FenError::BadField("Q1".into())));
        assert_eq!(parse_fen("W:W1:W2"), Err(FenError::RepeatedField('W')));
    }
}
