//! Zobrist keys: pieces, side to move and (Blasen) the huffable set.

use dame_core::board::{Color, Position};

const SLOTS: usize = 35;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

struct Keys {
    /// [red man, red king, black man, black king][bit]
    pieces: [[u64; SLOTS]; 4],
    huffable: [u64; SLOTS],
    black_to_move: u64,
}

const KEYS: Keys = {
    let mut keys = Keys {
        pieces: [[0; SLOTS]; 4],
        huffable: [0; SLOTS],
        black_to_move: 0,
    };
    let mut state = 0x0DA3_E5EE_D000_0001u64;
    let mut kind = 0;
    while kind < 4 {
        let mut bit = 0;
        while bit < SLOTS {
            let (s, k) = splitmix(state);
            state = s;
            keys.pieces[kind][bit] = k;
            bit += 1;
        }
        kind += 1;
    }
    let mut bit = 0;
    while bit < SLOTS {
        let (s, k) = splitmix(state);
        state = s;
        keys.huffable[bit] = k;
        bit += 1;
    }
    keys.black_to_move = splitmix(state).1;
    keys
};

#[inline(always)]
fn xor_bits(mut bits: u64, table: &[u64; SLOTS]) -> u64 {
    let mut h = 0;
    while bits != 0 {
        h ^= table[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    h
}

/// The hash of the pieces standing on `squares` (a set of bits).
fn pieces_hash(pos: &Position, squares: u64) -> u64 {
    let b = &pos.board;
    let kings = b.kings.0;
    xor_bits(b.red.0 & !kings & squares, &KEYS.pieces[0])
        ^ xor_bits(b.red.0 & kings & squares, &KEYS.pieces[1])
        ^ xor_bits(b.black.0 & !kings & squares, &KEYS.pieces[2])
        ^ xor_bits(b.black.0 & kings & squares, &KEYS.pieces[3])
}

/// The full hash of a position.
pub fn hash(pos: &Position) -> u64 {
    let side = if pos.side == Color::Black {
        KEYS.black_to_move
    } else {
        0
    };
    pieces_hash(pos, u64::MAX) ^ xor_bits(pos.huffable.0, &KEYS.huffable) ^ side
}

/// The hash of `after` from the hash of `before`, touching only what changed.
pub fn update(hash: u64, before: &Position, after: &Position) -> u64 {
    let (b, a) = (&before.board, &after.board);
    let changed = (b.red.0 ^ a.red.0) | (b.black.0 ^ a.black.0) | (b.kings.0 ^ a.kings.0);
    let side = if before.side != after.side {
        KEYS.black_to_move
    } else {
        0
    };
    hash ^ pieces_hash(before, changed)
        ^ pieces_hash(after, changed)
        ^ xor_bits(before.huffable.0 ^ after.huffable.0, &KEYS.huffable)
        ^ side
}
