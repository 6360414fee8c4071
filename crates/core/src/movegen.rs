//! The move generator: one generator for every preset, reading the [`Rules`] value.
//!
//! Non-captures are generated in bulk with shifts of whole bitboards; capture sequences by a
//! depth-first search per capturing piece (`Jumps`), which reports each finished sequence (and,
//! under huffing, each prefix) to a `CaptureSink` together with its path of landing squares.

use crate::board::{Board, Color, Position, Square, VALID};
use crate::moves::Move;
use crate::rules::{KingCaptures, KingMoves, PromotionMidCapture, Rules};
use crate::Bitboard;

/// A diagonal step in the ghost layout: −5 up-left, −4 up-right, +4 down-left, +5 down-right.
type Dir = i8;

const ALL_DIRS: [Dir; 4] = [-5, -4, 4, 5];
const RED_FORWARD: [Dir; 2] = [-5, -4];
const BLACK_FORWARD: [Dir; 2] = [4, 5];

/// The longest possible path: one landing per captured piece, at most one per square.
const MAX_PATH: usize = 32;

#[inline(always)]
const fn step(bits: u64, d: Dir) -> u64 {
    (if d > 0 { bits << d } else { bits >> (-d) }) & VALID
}

#[inline(always)]
const fn forward(color: Color) -> &'static [Dir; 2] {
    match color {
        Color::Red => &RED_FORWARD,
        Color::Black => &BLACK_FORWARD,
    }
}

#[inline(always)]
const fn promotion_mask(color: Color) -> u64 {
    match color {
        Color::Red => 0xF,
        Color::Black => 0xF << 31,
    }
}

#[inline(always)]
fn man_capture_dirs(rules: &Rules, color: Color) -> &'static [Dir] {
    if rules.men_capture_backward {
        &ALL_DIRS
    } else {
        forward(color)
    }
}

#[inline(always)]
fn lowest(bits: u64) -> Square {
    Square::from_bit(bits.trailing_zeros() as u8)
}

/// The position seen from the side to move.
struct Sides {
    men: u64,
    kings: u64,
    them: u64,
    empty: u64,
}

#[inline(always)]
fn sides(pos: &Position) -> Sides {
    let us = pos.board.pieces(pos.side).0;
    let kings = pos.board.kings.0;
    Sides {
        men: us & !kings,
        kings: us & kings,
        them: pos.board.pieces(pos.side.opposite()).0,
        empty: VALID & !(pos.board.red.0 | pos.board.black.0),
    }
}

/// The pieces of the side to move that have at least one capture: the obligated set.
#[doc(hidden)] // for dame-engine and dame-web; not a stable API
pub fn capturers(pos: &Position) -> Bitboard {
    let s = sides(pos);
    // Squares from which a jump in direction d is open: an opponent next, an empty square behind.
    // (A function, not a closure: inlined even in the page's module, which is built for size.)
    #[inline(always)]
    fn open_jumps(them: u64, empty: u64, d: Dir) -> u64 {
        step(them & step(empty, -d), -d)
    }
    let mut found = 0;
    for &d in man_capture_dirs(&pos.rules, pos.side) {
        found |= s.men & open_jumps(s.them, s.empty, d);
    }
    if s.kings != 0 {
        for d in ALL_DIRS {
            let mut from = open_jumps(s.them, s.empty, d);
            if pos.rules.king_captures == KingCaptures::Short {
                found |= s.kings & from;
            } else {
                // A flying king may approach over empty squares.
                while from != 0 {
                    found |= s.kings & from;
                    from = step(from & s.empty, -d);
                }
            }
        }
    }
    Bitboard(found)
}

/// Receives capture moves with the landing squares of the path that produced them.
pub(crate) trait CaptureSink {
    /// Called once per path found, so a move with two paths arrives twice; `path` holds the
    /// landing squares in order, the last one `mv.to`.
    fn capture(&mut self, mv: Move, path: &[Square]);
}

impl CaptureSink for Vec<Move> {
    #[inline]
    fn capture(&mut self, mv: Move, _path: &[Square]) {
        self.push(mv);
    }
}

/// The capture search for one piece.
struct Jumps<'a, S> {
    rules: Rules,
    them: u64,
    /// Empty squares; captured pieces stay on the board (and block) until the move ends, the
    /// moving piece's start square is empty.
    empty: u64,
    promotion: u64,
    man_dirs: &'static [Dir],
    from: Square,
    path: [Square; MAX_PATH],
    len: usize,
    sink: &'a mut S,
}

impl<S: CaptureSink> Jumps<'_, S> {
    /// Tries every capture from `at`; returns whether there was one.
    fn explore(&mut self, at: u64, captured: u64, king: bool, crowned: bool) -> bool {
        let mut found = false;
        if !king {
            for &d in self.man_dirs {
                let victim = step(at, d) & self.them & !captured;
                let landing = step(victim, d) & self.empty;
                if landing != 0 {
                    found = true;
                    self.land(landing, captured | victim, false, crowned);
                }
            }
            return found;
        }
        let approach = match self.rules.king_captures {
            KingCaptures::Short => false,
            KingCaptures::FlyingLandBehind => captured == 0,
            KingCaptures::Flying => true,
        };
        for d in ALL_DIRS {
            let mut next = step(at, d);
            if approach {
                while next & self.empty != 0 {
                    next = step(next, d);
                }
            }
            let victim = next & self.them & !captured;
            let first_landing = step(victim, d) & self.empty;
            if first_landing == 0 {
                continue;
            }
            found = true;
            let captured = captured | victim;
            if self.rules.king_captures != KingCaptures::Flying {
                self.land(first_landing, captured, true, crowned);
                continue;
            }
            let mut landings = 0;
            let mut sq = first_landing;
            while sq != 0 {
                landings |= sq;
                sq = step(sq, d) & self.empty;
            }
            if !self.rules.is_huffing() {
                // Where capture is compulsory the king must land where it can capture again,
                // if there is such a square (docs/rules.md §2).
                let mut continuing = 0;
                let mut rest = landings;
                while rest != 0 {
                    let sq = rest & rest.wrapping_neg();
                    if self.flying_king_can_capture(sq, captured) {
                        continuing |= sq;
                    }
                    rest &= rest - 1;
                }
                if continuing != 0 {
                    landings = continuing;
                }
            }
            while landings != 0 {
                let sq = landings & landings.wrapping_neg();
                self.land(sq, captured, true, crowned);
                landings &= landings - 1;
            }
        }
        found
    }

    fn flying_king_can_capture(&self, at: u64, captured: u64) -> bool {
        ALL_DIRS.iter().any(|&d| {
            let mut next = step(at, d);
            while next & self.empty != 0 {
                next = step(next, d);
            }
            let victim = next & self.them & !captured;
            step(victim, d) & self.empty != 0
        })
    }

    /// The piece has jumped to `at`: go on capturing, and report the move where it may end.
    fn land(&mut self, at: u64, captured: u64, king: bool, crowned: bool) {
        self.path[self.len] = lowest(at);
        self.len += 1;
        let (more, crowned) = if !king && at & self.promotion != 0 {
            match self.rules.promotion_mid_capture {
                PromotionMidCapture::EndsMove => (false, true),
                PromotionMidCapture::ContinuesAsKing => {
                    (self.explore(at, captured, true, true), true)
                }
            }
        } else {
            (self.explore(at, captured, king, crowned), crowned)
        };
        if !more || self.rules.is_huffing() {
            let mv = Move {
                from: self.from,
                to: lowest(at),
                captured: Bitboard(captured),
                crowns: crowned,
                unfinished: more,
            };
            self.sink.capture(mv, &self.path[..self.len]);
        }
        self.len -= 1;
    }
}

/// Every capture move (with its path) of the piece on `from`, duplicates included.
pub(crate) fn piece_captures<S: CaptureSink>(pos: &Position, from: Square, sink: &mut S) {
    let s = sides(pos);
    let at = 1u64 << from.bit();
    let mut jumps = Jumps {
        rules: pos.rules,
        them: s.them,
        empty: s.empty | at,
        promotion: promotion_mask(pos.side),
        man_dirs: man_capture_dirs(&pos.rules, pos.side),
        from,
        path: [from; MAX_PATH],
        len: 0,
        sink,
    };
    jumps.explore(at, 0, s.kings & at != 0, false);
}

/// Removes later moves of `moves[start..]` that are the same move as an earlier one.
fn dedupe_from(moves: &mut Vec<Move>, start: usize) {
    if moves.len() - start < 2 {
        return;
    }
    let mut kept = start;
    for i in start..moves.len() {
        let mv = moves[i];
        if !moves[start..kept].iter().any(|k| k.same_as(&mv)) {
            moves[kept] = mv;
            kept += 1;
        }
    }
    moves.truncate(kept);
}

/// Appends every capture move of the side to move, each move once.
pub(crate) fn generate_captures(pos: &Position, out: &mut Vec<Move>) {
    for from in capturers(pos) {
        let start = out.len();
        piece_captures(pos, from, out);
        dedupe_from(out, start);
    }
}

/// Appends every non-capturing move of the side to move.
pub(crate) fn generate_quiet(pos: &Position, out: &mut Vec<Move>) {
    let s = sides(pos);
    let promotion = promotion_mask(pos.side);
    // A function, not a closure: inlined even in the page's module, which is built for size.
    #[inline(always)]
    fn push_to(out: &mut Vec<Move>, from: u64, to: u64, crowns: bool) {
        out.push(Move {
            from: lowest(from),
            to: lowest(to),
            captured: Bitboard::EMPTY,
            crowns,
            unfinished: false,
        })
    }
    for &d in forward(pos.side) {
        let mut targets = step(s.men, d) & s.empty;
        while targets != 0 {
            let to = targets & targets.wrapping_neg();
            push_to(out, step(to, -d), to, to & promotion != 0);
            targets &= targets - 1;
        }
    }
    if s.kings == 0 {
        return;
    }
    match pos.rules.king_moves {
        KingMoves::Short => {
            for d in ALL_DIRS {
                let mut targets = step(s.kings, d) & s.empty;
                while targets != 0 {
                    let to = targets & targets.wrapping_neg();
                    push_to(out, step(to, -d), to, false);
                    targets &= targets - 1;
                }
            }
        }
        KingMoves::Flying => {
            let mut kings = s.kings;
            while kings != 0 {
                let from = kings & kings.wrapping_neg();
                for d in ALL_DIRS {
                    let mut to = step(from, d) & s.empty;
                    while to != 0 {
                        push_to(out, from, to, false);
                        to = step(to, d) & s.empty;
                    }
                }
                kings &= kings - 1;
            }
        }
    }
}

/// The number of non-capturing moves, without listing them.
pub(crate) fn count_quiet(pos: &Position) -> u64 {
    quiet_count_for(&pos.board, pos.side, &pos.rules) as u64
}

/// The number of non-capturing moves `color` would have on `board` if it were to move.
#[doc(hidden)] // for dame-engine and dame-web; not a stable API
pub fn quiet_count_for(board: &Board, color: Color, rules: &Rules) -> u32 {
    let us = board.pieces(color).0;
    let men = us & !board.kings.0;
    let kings = us & board.kings.0;
    let empty = VALID & !board.occupied().0;
    let mut n = 0;
    for &d in forward(color) {
        n += (step(men, d) & empty).count_ones();
    }
    if kings != 0 {
        for d in ALL_DIRS {
            let mut reach = step(kings, d) & empty;
            n += reach.count_ones();
            if rules.king_moves == KingMoves::Flying {
                while reach != 0 {
                    reach = step(reach, d) & empty;
                    n += reach.count_ones();
                }
            }
        }
    }
    n
}

/// Squares with an empty diagonal neighbour.
#[doc(hidden)] // for dame-engine and dame-web; not a stable API
pub fn has_empty_neighbour(board: &Board) -> u64 {
    let empty = VALID & !board.occupied().0;
    ALL_DIRS.iter().fold(0, |acc, &d| acc | step(empty, -d))
}

/// Every legal move (not turn: no huffs) of the side to move, each once.
pub(crate) fn generate_moves(pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    generate_captures(pos, out);
    if out.is_empty() || pos.rules.is_huffing() {
        generate_quiet(pos, out);
    }
}

/// The number of legal moves; `scratch` is reused to list captures when there are some.
pub(crate) fn count_moves(pos: &Position, scratch: &mut Vec<Move>) -> u64 {
    scratch.clear();
    generate_captures(pos, scratch);
    if scratch.is_empty() || pos.rules.is_huffing() {
        scratch.len() as u64 + count_quiet(pos)
    } else {
        scratch.len() as u64
    }
}
