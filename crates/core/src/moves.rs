//! Moves and turns.
//!
//! A [`Move`] is one piece's step or capture sequence, known by its start, its end and the set of
//! pieces it captures (two capture paths with the same three are the same move). A [`Turn`] is what
//! a player does on their turn: in Blasen an optional huff, then a move.

use crate::board::{Bitboard, Square};

/// One piece's step or capture sequence: where it starts, where it ends, what it captures.
///
/// The squares in between are not part of it, so two capture paths over the same pieces to the
/// same square are one move ([`move_paths`](crate::notation::move_paths) lists its paths). A
/// move cannot be built by hand: it comes from the legal turns of a position, such as
/// [`Game::legal_turns`](crate::Game::legal_turns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub from: Square,
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub to: Square,
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub captured: Bitboard,
    /// The moving man is a king at the end of the move.
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub crowns: bool,
    /// Blasen: the capturing piece stopped although it could have captured again.
    pub(crate) unfinished: bool,
}

impl Move {
    /// The square the piece starts on.
    pub fn from(&self) -> Square {
        self.from
    }

    /// The square the piece ends on.
    pub fn to(&self) -> Square {
        self.to
    }

    /// The opposing pieces this move removes.
    pub fn captured(&self) -> Bitboard {
        self.captured
    }

    /// Whether the move captures at least one piece.
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// A man becomes a king with this move.
    pub fn crowns(&self) -> bool {
        self.crowns
    }

    /// A capture that stopped while the piece could still capture (legal only in Blasen, where it
    /// leaves that piece huffable).
    pub fn is_unfinished(&self) -> bool {
        self.unfinished
    }

    /// Same start, same end, same captured set: the same move (docs/rules.md §2).
    pub(crate) fn same_as(&self, other: &Move) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }
}

/// One turn: an optional huff (Blasen) followed by a move. The move is missing only when the huff
/// removed the opponent's last piece, which ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The opposing piece removed before moving because it did not capture as it should have
    /// (Blasen only).
    pub huff: Option<Square>,
    /// The move; `None` only when the huff took the opponent's last piece.
    pub mv: Option<Move>,
}

impl Turn {
    /// A turn that is just `mv`, without a huff.
    pub fn from_move(mv: Move) -> Turn {
        Turn {
            huff: None,
            mv: Some(mv),
        }
    }

    /// Resets the 40-move counter: a capture, a huff or a man moved.
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub fn is_irreversible(&self, men_before: Bitboard) -> bool {
        self.huff.is_some()
            || self
                .mv
                .is_some_and(|m| m.is_capture() || men_before.contains(m.from))
    }
}
