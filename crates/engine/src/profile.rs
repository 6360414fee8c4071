//! The engine's part of each preset's registry entry ([`dame_core::preset`]): the evaluation
//! weights and the family of learned tables. A preset has its own profile here once a tuning for
//! it was kept (CONTRIBUTING.md); until then it plays with its family's starting profile.

use crate::learned::EvalFamily;
use crate::weights::Weights;
use dame_core::{CaptureRule, KingMoves, Preset, Rules};

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
    /// The profile of `preset`: its own where a tuning was kept, else the starting values of its
    /// family ([`Profile::starting`]), so that a new preset plays well before anyone tunes it.
    pub fn of(preset: Preset) -> Profile {
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
            // Tuning gave −3 ± 22 Elo (Standard) and −42 ± 25 Elo (the flying-king rules: Standard
            // mit Flugdamen, Russian): the starting values stay.
            Preset::Standard | Preset::StandardFlying | Preset::Russian => {
                Profile::starting(preset.rules())
            }
        }
    }

    /// The starting profile of a set of rules: hand-set weights and the learned tables of its
    /// family (huffing, else by how kings move).
    pub const fn starting(rules: Rules) -> Profile {
        let weights = match rules.king_moves {
            KingMoves::Short => Weights::SHORT_KINGS,
            KingMoves::Flying => Weights::FLYING_KINGS,
        };
        let eval_family = match (rules.capture_rule, rules.king_moves) {
            (CaptureRule::Huffing, _) => EvalFamily::Huffing,
            (_, KingMoves::Short) => EvalFamily::ShortKings,
            (_, KingMoves::Flying) => EvalFamily::FlyingKings,
        };
        Profile {
            weights,
            eval_family,
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
