//! The rule parameters of RULES.md §2 and the five presets of §3, as a table.
//!
//! Rules are data: the move generator reads one [`Rules`] value, so a new preset is one more row in
//! [`PRESETS`], not a branch in many files.

use std::fmt;
use std::str::FromStr;

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
    /// Capturing is optional, but an unfulfilled obligation may cost a piece (RULES.md §4).
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

/// One complete set of rule parameters (RULES.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub men_capture_backward: bool,
    pub king_moves: KingMoves,
    pub king_captures: KingCaptures,
    pub capture_rule: CaptureRule,
    pub promotion_mid_capture: PromotionMidCapture,
}

impl Rules {
    pub const fn is_huffing(&self) -> bool {
        matches!(self.capture_rule, CaptureRule::Huffing)
    }
}

/// The rule presets the game offers (RULES.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    Blasen,
    Standard,
    StandardFlying,
    English,
    Russian,
}

/// One row of the preset table.
pub struct PresetInfo {
    pub preset: Preset,
    /// The identifier used on the command line, in URLs and in saved games.
    pub id: &'static str,
    pub name_de: &'static str,
    pub name_en: &'static str,
    pub rules: Rules,
}

use CaptureRule::*;
use PromotionMidCapture::*;

/// RULES.md §3, row by row.
pub const PRESETS: [PresetInfo; 5] = [
    PresetInfo {
        preset: Preset::Blasen,
        id: "blasen",
        name_de: "Blasen (klassisch)",
        name_en: "Blasen (classic, with huffing)",
        rules: Rules {
            men_capture_backward: false,
            king_moves: KingMoves::Flying,
            king_captures: KingCaptures::FlyingLandBehind,
            capture_rule: Huffing,
            promotion_mid_capture: EndsMove,
        },
    },
    PresetInfo {
        preset: Preset::Standard,
        id: "standard",
        name_de: "Standard",
        name_en: "Standard",
        rules: Rules {
            men_capture_backward: true,
            king_moves: KingMoves::Short,
            king_captures: KingCaptures::Short,
            capture_rule: Compulsory,
            promotion_mid_capture: EndsMove,
        },
    },
    PresetInfo {
        preset: Preset::StandardFlying,
        id: "standard-flying",
        name_de: "Standard mit Flugdamen",
        name_en: "Standard with flying kings",
        rules: Rules {
            men_capture_backward: true,
            king_moves: KingMoves::Flying,
            king_captures: KingCaptures::Flying,
            capture_rule: Compulsory,
            promotion_mid_capture: EndsMove,
        },
    },
    PresetInfo {
        preset: Preset::English,
        id: "english",
        name_de: "Englische Dame (Checkers)",
        name_en: "English checkers",
        rules: Rules {
            men_capture_backward: false,
            king_moves: KingMoves::Short,
            king_captures: KingCaptures::Short,
            capture_rule: Compulsory,
            promotion_mid_capture: EndsMove,
        },
    },
    PresetInfo {
        preset: Preset::Russian,
        id: "russian",
        name_de: "Russische Dame",
        name_en: "Russian draughts",
        rules: Rules {
            men_capture_backward: true,
            king_moves: KingMoves::Flying,
            king_captures: KingCaptures::Flying,
            capture_rule: Compulsory,
            promotion_mid_capture: ContinuesAsKing,
        },
    },
];

impl Preset {
    pub const ALL: [Preset; 5] = [
        Preset::Blasen,
        Preset::Standard,
        Preset::StandardFlying,
        Preset::English,
        Preset::Russian,
    ];

    pub fn info(self) -> &'static PresetInfo {
        PRESETS
            .iter()
            .find(|row| row.preset == self)
            .expect("every preset has a row")
    }

    pub fn rules(self) -> Rules {
        self.info().rules
    }

    pub fn id(self) -> &'static str {
        self.info().id
    }
}

/// An unknown preset name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPreset(pub String);

impl fmt::Display for UnknownPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = PRESETS.iter().map(|row| row.id).collect();
        write!(
            f,
            "unknown rules preset '{}' (expected one of: {})",
            self.0,
            ids.join(", ")
        )
    }
}

impl std::error::Error for UnknownPreset {}

impl FromStr for Preset {
    type Err = UnknownPreset;
    fn from_str(s: &str) -> Result<Preset, UnknownPreset> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        PRESETS
            .iter()
            .find(|row| row.id == wanted)
            .map(|row| row.preset)
            .ok_or_else(|| UnknownPreset(s.to_string()))
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_has_one_row_and_parses_from_its_id() {
        for preset in Preset::ALL {
            assert_eq!(preset.id().parse::<Preset>(), Ok(preset));
        }
        assert!("checkers".parse::<Preset>().is_err());
    }
}
