//! The rule parameters of docs/rules.md §2: the bottom of the house, importing nothing.
//!
//! Rules are data: the move generator reads one [`Rules`] value, so a new preset
//! ([`crate::preset`]) is one more row in a table, not a branch in many files.

/// How a king moves when it does not capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KingMoves {
    /// One square in any diagonal direction.
    Short,
    /// Any distance along an empty diagonal.
    Flying,
}

/// How a king captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KingCaptures {
    /// Jump an adjacent piece and land directly behind it.
    Short,
    /// The first capture of a move may approach over empty squares and lands directly behind the
    /// captured piece; every further capture of that move jumps an adjacent piece.
    FlyingLandBehind,
    /// Approach over empty squares, land on any empty square beyond, for every capture.
    Flying,
}

/// Whether capturing is enforced by refusing other moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureRule {
    /// If any capture exists every legal move is a capture, continued to the end.
    Compulsory,
    /// Capturing is optional, but an unfulfilled obligation may cost a piece (docs/rules.md §4).
    Huffing,
}

/// What happens when a man reaches the far row during a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PromotionMidCapture {
    /// It is crowned and the move ends.
    EndsMove,
    /// It is crowned and goes on capturing as a king if it can.
    ContinuesAsKing,
}

/// One complete set of rule parameters (docs/rules.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// May a man capture backwards (it always moves forward only)?
    pub men_capture_backward: bool,
    /// How a king moves.
    pub king_moves: KingMoves,
    /// How a king captures.
    pub king_captures: KingCaptures,
    /// Compulsory capture, or huffing.
    pub capture_rule: CaptureRule,
    /// Whether a man crowned during a capture goes on capturing.
    pub promotion_mid_capture: PromotionMidCapture,
}

impl Rules {
    /// Capturing is optional and a missed capture may be huffed (Blasen).
    pub const fn is_huffing(&self) -> bool {
        matches!(self.capture_rule, CaptureRule::Huffing)
    }
}
