//! Playing moves and turns on a position (copy-make), and listing the legal ones.

use crate::board::{Bitboard, Color, Position, Square};
use crate::movegen;
use crate::moves::{Move, Turn};

impl Position {
    /// Every legal move of the side to move (huffs not included), each once.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        movegen::generate_moves(self, &mut moves);
        moves
    }

    /// The pieces of the side to move that have a capture right now: under capture obligation.
    pub fn obligated(&self) -> Bitboard {
        movegen::capturers(self)
    }

    /// The obligated pieces, kings first (a king's obligation ranks above a man's, docs/rules.md §4).
    pub fn obligated_kings_first(&self) -> Vec<Square> {
        let obligated = self.obligated();
        let kings = obligated & self.board.kings;
        kings.iter().chain((obligated - kings).iter()).collect()
    }

    /// Plays `mv`, which must be one of [`Position::legal_moves`].
    ///
    /// # Panics
    /// May panic or produce nonsense if `mv` was not generated for this position.
    pub fn play_unchecked(&self, mv: &Move) -> Position {
        let mut next = *self;
        let from = Bitboard::from_square(mv.from);
        let to = Bitboard::from_square(mv.to);
        let was_king = self.board.kings.contains(mv.from);
        let (us, them) = match self.side {
            Color::Red => (&mut next.board.red, &mut next.board.black),
            Color::Black => (&mut next.board.black, &mut next.board.red),
        };
        *us = (*us - from) | to;
        *them = *them - mv.captured;
        next.board.kings = next.board.kings - from - mv.captured;
        if was_king || mv.crowns {
            next.board.kings |= to;
        }
        next.huffable = if self.rules.is_huffing() {
            self.huffable_after(mv, was_king)
        } else {
            Bitboard::EMPTY
        };
        next.side = self.side.opposite();
        next
    }

    /// The pieces the opponent may huff after `mv` (docs/rules.md §4, rule 2).
    fn huffable_after(&self, mv: &Move, was_king: bool) -> Bitboard {
        let obligated = self.obligated();
        let mut huffable = Bitboard::EMPTY;
        if !mv.is_capture() {
            huffable = obligated;
            if obligated.contains(mv.from) {
                huffable.remove(mv.from);
                huffable.insert(mv.to);
            }
        } else {
            if !was_king {
                huffable |= obligated & self.board.kings;
            }
            if mv.unfinished {
                huffable.insert(mv.to);
            }
        }
        huffable
    }

    /// The same board with the other side to move and nothing huffable (for threat detection).
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub fn after_pass(&self) -> Position {
        Position {
            side: self.side.opposite(),
            huffable: Bitboard::EMPTY,
            ..*self
        }
    }

    /// The side to move removes the opponent's piece on `sq`, which must be huffable.
    pub fn huff_unchecked(&self, sq: Square) -> Position {
        let mut next = *self;
        next.board.remove(sq);
        next.huffable = Bitboard::EMPTY;
        next
    }

    /// The first step of a turn (docs/rules.md §7): no huff, or a huff of the piece on `huff`.
    /// `None` if that piece may not be huffed (not huffable, or no huffing in these rules:
    /// the huffable set is then always empty).
    ///
    /// This is the one place that knows a turn's structure; listing turns, perft, reading
    /// turns in notation and the page's huff all begin a turn here.
    pub fn begin_turn(&self, huff: Option<Square>) -> Option<TurnStart> {
        let Some(sq) = huff else {
            return Some(TurnStart::Move(*self));
        };
        if !self.huffable.contains(sq) {
            return None;
        }
        let after = self.huff_unchecked(sq);
        Some(if after.board.pieces(self.side.opposite()).is_empty() {
            TurnStart::Final(after)
        } else {
            TurnStart::Move(after)
        })
    }

    /// Every way the side to move may begin a turn: without a huff first, then with each
    /// huffable piece.
    pub fn turn_starts(&self) -> impl Iterator<Item = (Option<Square>, TurnStart)> + '_ {
        std::iter::once(None)
            .chain(self.huffable.iter().map(Some))
            .filter_map(move |huff| self.begin_turn(huff).map(|start| (huff, start)))
    }

    /// Every legal turn: each move, and in Blasen each huff followed by each move of the position
    /// it leaves (or the huff alone if it took the opponent's last piece).
    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut turns = Vec::new();
        generate_turns(self, &mut turns, &mut Vec::new());
        turns
    }

    /// Plays `turn`, which must be one of [`Position::legal_turns`].
    ///
    /// # Panics
    /// May panic or produce nonsense if `turn` was not generated for this position.
    pub fn play_turn_unchecked(&self, turn: &Turn) -> Position {
        let pos = match turn.huff {
            Some(sq) => self.huff_unchecked(sq),
            None => *self,
        };
        match &turn.mv {
            Some(mv) => pos.play_unchecked(mv),
            None => Position {
                side: pos.side.opposite(),
                huffable: Bitboard::EMPTY,
                ..pos
            },
        }
    }

    /// A side has no pieces left: the game is over (docs/rules.md §5), whoever is to move.
    pub fn is_decided_by_material(&self) -> bool {
        self.board.red.is_empty() || self.board.black.is_empty()
    }
}

/// What follows a turn's optional huff (see [`Position::begin_turn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnStart {
    /// A move follows, on this position (the huffed piece already removed).
    Move(Position),
    /// The huff took the opponent's last piece: it is the whole turn, and the game is won.
    Final(Position),
}

/// Fills `out` with every legal turn of `pos` (see [`Position::legal_turns`]); `scratch` is reused
/// for move lists, so a caller that keeps both allocates nothing.
#[doc(hidden)] // for dame-engine and dame-web; not a stable API
pub fn generate_turns(pos: &Position, out: &mut Vec<Turn>, scratch: &mut Vec<Move>) {
    out.clear();
    if pos.is_decided_by_material() {
        return; // the game is over (docs/rules.md §5), even with a huff at hand
    }
    // The turn starts of `turn_starts`, spelled out: this is the search's hot path, and the
    // position without a huff is used in place rather than copied.
    movegen::generate_moves(pos, scratch);
    out.extend(scratch.iter().map(|&mv| Turn::from_move(mv)));
    for sq in pos.huffable {
        match pos.begin_turn(Some(sq)) {
            Some(TurnStart::Final(_)) => out.push(Turn {
                huff: Some(sq),
                mv: None,
            }),
            Some(TurnStart::Move(after)) => {
                movegen::generate_moves(&after, scratch);
                out.extend(scratch.iter().map(|&mv| Turn {
                    huff: Some(sq),
                    mv: Some(mv),
                }));
            }
            None => {}
        }
    }
}
