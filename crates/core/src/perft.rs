//! Perft: the number of turn sequences of each length, the standard check of a move generator.
//!
//! Counts turns (an optional huff and a move), ignores the draw rules, and counts the last ply in
//! bulk without playing it.
//!
//! ```
//! use dame_core::{perft, Position, Preset};
//!
//! // English checkers from the start: 7, 49, 302, 1469 published counts.
//! let start = Position::start(Preset::English);
//! assert_eq!(perft(&start, 4), vec![7, 49, 302, 1469]);
//! ```

use crate::board::Position;
use crate::movegen;
use crate::moves::Move;
use crate::play::TurnStart;

/// `counts[d - 1]` is the number of turn sequences of length `d`, for d = 1..=depth.
pub fn perft(pos: &Position, depth: u32) -> Vec<u64> {
    let mut counts = vec![0; depth as usize];
    if depth > 0 {
        let mut buffers = vec![Vec::with_capacity(64); depth as usize + 1];
        walk(pos, 0, &mut counts, &mut buffers);
    }
    counts
}

/// Counts the turns of `pos` that lead one ply deeper, and below.
fn walk(pos: &Position, ply: usize, counts: &mut [u64], buffers: &mut [Vec<Move>]) {
    let (mine, deeper) = buffers.split_first_mut().expect("one buffer per ply");
    if pos.is_decided_by_material() {
        return;
    }
    // The turn starts of `Position::turn_starts`, spelled out for speed: no huff (the position
    // itself, not a copy), then each huff.
    walk_moves(pos, ply, counts, mine, deeper);
    for sq in pos.huffable() {
        match pos.begin_turn(Some(sq)) {
            Some(TurnStart::Final(_)) => counts[ply] += 1, // the huff alone ends the game
            Some(TurnStart::Move(after)) => walk_moves(&after, ply, counts, mine, deeper),
            None => {}
        }
    }
}

fn walk_moves(
    pos: &Position,
    ply: usize,
    counts: &mut [u64],
    mine: &mut Vec<Move>,
    deeper: &mut [Vec<Move>],
) {
    if ply + 1 == counts.len() {
        counts[ply] += movegen::count_moves(pos, mine);
        return;
    }
    movegen::generate_moves(pos, mine);
    counts[ply] += mine.len() as u64;
    for mv in mine.iter() {
        walk(&pos.play_unchecked(mv), ply + 1, counts, deeper);
    }
}
