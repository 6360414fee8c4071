//! The evaluation's weights: plain data, so that each preset's profile ([`crate::Profile`]) can
//! carry the weights tuned for it.

/// Evaluation weights, in hundredths of a man.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// A man.
    pub man: i32,
    /// A king.
    pub king: i32,
    /// A man on one of the four centre squares.
    pub centre_man: i32,
    /// A king on the centre squares or next to them.
    pub centre_king: i32,
    /// A man still guarding its own back row.
    pub back_rank: i32,
    /// Per row advanced, scaled up as pieces come off.
    pub advance: i32,
    /// Per legal move more than the opponent.
    pub mobility: i32,
    /// A man with a free path to the crowning row.
    pub runaway: i32,
    /// A king with no safe move.
    pub trapped_king: i32,
    /// Per piece off the board, for the side ahead in material.
    pub trade_down: i32,
}

impl Weights {
    /// Hand-set starting values where kings move one square.
    pub const SHORT_KINGS: Weights = Weights {
        man: 100,
        king: 140,
        centre_man: 6,
        centre_king: 6,
        back_rank: 8,
        advance: 3,
        mobility: 2,
        runaway: 30,
        trapped_king: 40,
        trade_down: 4,
    };

    /// Hand-set starting values where kings fly: a flying king is worth far more.
    pub const FLYING_KINGS: Weights = Weights {
        king: 300,
        ..Weights::SHORT_KINGS
    };

    /// The names of the tunable weights, in the order of [`Weights::get`] and [`Weights::set`].
    pub const NAMES: [&'static str; 9] = [
        "king",
        "centre_man",
        "centre_king",
        "back_rank",
        "advance",
        "mobility",
        "runaway",
        "trapped_king",
        "trade_down",
    ];

    fn slot(&mut self, i: usize) -> &mut i32 {
        match i {
            0 => &mut self.king,
            1 => &mut self.centre_man,
            2 => &mut self.centre_king,
            3 => &mut self.back_rank,
            4 => &mut self.advance,
            5 => &mut self.mobility,
            6 => &mut self.runaway,
            7 => &mut self.trapped_king,
            _ => &mut self.trade_down,
        }
    }

    /// The tunable weight number `i` (see [`Weights::NAMES`]).
    pub fn get(&self, i: usize) -> i32 {
        *self.clone().slot(i)
    }

    /// Sets the tunable weight number `i`.
    pub fn set(&mut self, i: usize, value: i32) {
        *self.slot(i) = value;
    }
}
