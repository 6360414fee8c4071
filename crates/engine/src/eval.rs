//! Static evaluation, in hundredths of a man, from the point of view of the side to move.
//!
//! Material (a flying king is worth far more than a short one), centre, back-rank guard,
//! advancement (more in the endgame), mobility, runaway men, trapped kings, and a push to trade
//! down when ahead. The weights are per preset; see [`crate::Profile`].

use dame_core::board::{Board, Color, Position, Square, VALID};
use dame_core::movegen;

pub use super::weights::Weights;

/// The bit of square `n` (the layout itself lives in `board::square`).
const fn bit_of(n: u8) -> u64 {
    match Square::from_number(n) {
        Some(sq) => 1 << sq.bit(),
        None => 0,
    }
}

const CENTRE_MEN: u64 = bit_of(14) | bit_of(15) | bit_of(18) | bit_of(19);
const CENTRE_KINGS: u64 = CENTRE_MEN | bit_of(10) | bit_of(11) | bit_of(22) | bit_of(23);
const ROW1: u64 = bit_of(1) | bit_of(2) | bit_of(3) | bit_of(4);
const ROW8: u64 = bit_of(29) | bit_of(30) | bit_of(31) | bit_of(32);

/// Row (1–8) and column (0–7) of each bit, from the squares.
const ROW_AND_COLUMN_OF_BIT: ([u8; 35], [u8; 35]) = {
    let mut rows = [0u8; 35];
    let mut columns = [0u8; 35];
    let mut n = 1;
    while n <= 32 {
        if let Some(sq) = Square::from_number(n) {
            rows[sq.bit() as usize] = sq.row();
            columns[sq.bit() as usize] = sq.column();
        }
        n += 1;
    }
    (rows, columns)
};
const ROW_OF_BIT: [u8; 35] = ROW_AND_COLUMN_OF_BIT.0;
const COLUMN_OF_BIT: [u8; 35] = ROW_AND_COLUMN_OF_BIT.1;

/// For each bit: the squares in front of a man there, within its reach towards its crowning
/// row (a cone widening by one column per row). `upwards` for Red, who crowns on row 1.
const fn cones(upwards: bool) -> [u64; 35] {
    let mut cones = [0u64; 35];
    let mut from = 0;
    while from < 35 {
        if VALID & (1 << from) != 0 {
            let mut to = 0;
            while to < 35 {
                let (r_from, r_to) = (ROW_OF_BIT[from] as i32, ROW_OF_BIT[to] as i32);
                let rows_ahead = if upwards {
                    r_from - r_to
                } else {
                    r_to - r_from
                };
                let dc = COLUMN_OF_BIT[to] as i32 - COLUMN_OF_BIT[from] as i32;
                if VALID & (1 << to) != 0 && rows_ahead > 0 && dc.abs() <= rows_ahead {
                    cones[from] |= 1 << to;
                }
                to += 1;
            }
        }
        from += 1;
    }
    cones
}

const RED_CONE: [u64; 35] = cones(true);
const BLACK_CONE: [u64; 35] = cones(false);

/// The value of the most valuable piece among `bits` (0 if none): what a huff of one of them
/// gains.
pub fn best_piece_value(w: &Weights, board: &Board, bits: u64) -> i32 {
    if bits == 0 {
        0
    } else if bits & board.kings.0 != 0 {
        w.king
    } else {
        w.man
    }
}

/// Red's score minus Black's.
fn red_minus_black(w: &Weights, pos: &Position) -> i32 {
    let b = &pos.board;
    let kings = b.kings.0;
    let (red, black) = (b.red.0, b.black.0);
    let (rm, rk) = (red & !kings, red & kings);
    let (bm, bk) = (black & !kings, black & kings);
    let count = |x: u64| x.count_ones() as i32;
    let total = count(red | black);

    let material = w.man * (count(rm) - count(bm)) + w.king * (count(rk) - count(bk));
    let mut score = material;

    score += w.centre_man * (count(rm & CENTRE_MEN) - count(bm & CENTRE_MEN));
    score += w.centre_king * (count(rk & CENTRE_KINGS) - count(bk & CENTRE_KINGS));
    if bm != 0 {
        score += w.back_rank * count(rm & ROW8);
    }
    if rm != 0 {
        score -= w.back_rank * count(bm & ROW1);
    }

    // Advancement matters more as the board empties.
    let endgame = (24 - total).max(0);
    let mut advance = 0;
    let mut men = rm;
    while men != 0 {
        let bit = men.trailing_zeros() as usize;
        advance += 8 - ROW_OF_BIT[bit] as i32;
        if RED_CONE[bit] & black == 0 {
            score += w.runaway + 4 * (8 - ROW_OF_BIT[bit] as i32);
        }
        men &= men - 1;
    }
    let mut men = bm;
    while men != 0 {
        let bit = men.trailing_zeros() as usize;
        advance -= ROW_OF_BIT[bit] as i32 - 1;
        if BLACK_CONE[bit] & red == 0 {
            score -= w.runaway + 4 * (ROW_OF_BIT[bit] as i32 - 1);
        }
        men &= men - 1;
    }
    score += w.advance * advance * endgame / 12;

    let red_moves = movegen::quiet_count_for(b, Color::Red, &pos.rules) as i32;
    let black_moves = movegen::quiet_count_for(b, Color::Black, &pos.rules) as i32;
    score += w.mobility * (red_moves - black_moves);

    let free = movegen::has_empty_neighbour(b);
    score -= w.trapped_king * (count(rk & !free) - count(bk & !free));

    if material != 0 {
        score += material.signum() * w.trade_down * endgame;
    }
    score
}

/// The evaluation from the side to move's point of view, including a free huff if it has one.
pub fn evaluate(w: &Weights, pos: &Position) -> i32 {
    let score = red_minus_black(w, pos);
    let score = if pos.side == Color::Red {
        score
    } else {
        -score
    };
    score + best_piece_value(w, &pos.board, pos.huffable.0)
}
