//! The engine's part of each preset's registry entry ([`dame_core::preset`]): the evaluation
//! weights and the family of learned tables. The match is exhaustive, so a new preset does not
//! compile until it has a profile here.

use crate::learned::EvalFamily;
use crate::weights::Weights;
use dame_core::{KingMoves, Preset, Rules};

/// How the engine plays one preset.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Profile {
    /// The hand evaluation's weights.
    pub weights: Weights,
    /// Which learned tables fit these rules (`data/learned/<family>.bin`, see
    /// [`crate::LearnedEval`]); the endgame databases are per preset
    /// ([`crate::egdb::Endgames::file_name`]).
    pub eval_family: EvalFamily,
}

impl Profile {
    /// The profile of `preset`.
    pub const fn of(preset: Preset) -> Profile {
        match preset {
            Preset::Blasen => Profile {
                // Tuned by self-play (`dame tune`, Texel's method on 1000 games at level Mittel)
                // and kept: +84 ± 27 Elo over the starting values in a 600-game match.
                weights: Weights {
                    king: 208,
                    centre_man: 0,
                    centre_king: 0,
                    back_rank: 29,
                    advance: 8,
                    mobility: 5,
                    runaway: 41,
                    trapped_king: 76,
                    ..Weights::FLYING_KINGS
                },
                eval_family: EvalFamily::Huffing,
            },
            Preset::Standard => Profile {
                // Tuning gave −3 ± 22 Elo: the starting values stay.
                weights: Weights::SHORT_KINGS,
                eval_family: EvalFamily::ShortKings,
            },
            Preset::StandardFlying => Profile {
                // Tuning for the flying-king rules gave −42 ± 25 Elo: the starting values stay.
                weights: Weights::FLYING_KINGS,
                eval_family: EvalFamily::FlyingKings,
            },
            Preset::English => Profile {
                // Tuned by self-play and kept: +27 ± 22 Elo over the starting values (600 games).
                weights: Weights {
                    king: 114,
                    centre_man: 0,
                    centre_king: 4,
                    back_rank: 37,
                    advance: 4,
                    runaway: 13,
                    trapped_king: 0,
                    ..Weights::SHORT_KINGS
                },
                eval_family: EvalFamily::ShortKings,
            },
            Preset::Russian => Profile {
                // Tuning for the flying-king rules gave −42 ± 25 Elo: the starting values stay.
                weights: Weights::FLYING_KINGS,
                eval_family: EvalFamily::FlyingKings,
            },
        }
    }
}

impl Weights {
    /// The weights for a rule set: those of the preset with these rules (each row of
    /// preset has its [`Profile`]), or hand-set starting values for rules no
    /// preset has.
    pub fn for_rules(rules: &Rules) -> Weights {
        match Preset::of_rules(rules) {
            Some(preset) => Profile::of(preset).weights,
            None => match rules.king_moves {
                KingMoves::Short => Weights::SHORT_KINGS,
                KingMoves::Flying => Weights::FLYING_KINGS,
            },
        }
    }
}

impl EvalFamily {
    /// The family of these rules: the preset's, or by the king moves for rules no preset has.
    pub fn of_rules(rules: &Rules) -> EvalFamily {
        match Preset::of_rules(rules) {
            Some(preset) => Profile::of(preset).eval_family,
            None if rules.is_huffing() => EvalFamily::Huffing,
            None => match rules.king_moves {
                KingMoves::Short => EvalFamily::ShortKings,
                KingMoves::Flying => EvalFamily::FlyingKings,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_has_a_sound_profile() {
        for preset in Preset::ALL {
            let w = Profile::of(preset).weights;
            assert!(w.man > 0 && w.king > w.man, "{preset}: weights");
        }
    }
}
