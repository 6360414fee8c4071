//! The preset registry (docs/rules.md §3): one row per preset with everything the rules library
//! knows of it: its id, names and notes, the rule parameters, the notation its players write and
//! its PDN `GameType`. It sits just above the rule parameters and imports nothing else, so that
//! every position knows its preset ([`crate::Position::preset`]) and nothing has to find a preset
//! by comparing rules. The [`Numbering`] type is named here; reading and writing it is the
//! notation's. The engine's profile of a preset (weights, learned tables) is `dame-engine`'s
//! `Profile::of`: its family's starting profile until a tuning for it is kept.

use crate::rules::{CaptureRule, KingCaptures, KingMoves, PromotionMidCapture, Rules};
use std::fmt;
use std::str::FromStr;

/// A way of naming the 32 squares, with the move and position text that goes with it. Each
/// preset names the one its players write; reading and writing it is [`crate::notation`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Numbering {
    /// docs/rules.md §7: 1–32 row by row from the top of the default view; Red, the first
    /// mover, starts on 21–32 and is `W` in FEN. Captures are written with `x`; huffs `h22`.
    Internal,
    /// The ACF numbering of English checkers (PDN GameType 21): the first mover, "Black" in
    /// ACF and `B` in FEN, starts on 1–12; internal square `s` is ACF square `33 − s` (the board
    /// turned half round). Captures are written with `x`.
    Acf,
    /// The algebraic coordinates of Russian draughts (PDN GameType 25): files a–h from the first
    /// mover's left, ranks 1–8 from the first mover's side, so `a1` is a dark corner and the first
    /// mover, "White" and `W` in FEN, starts on ranks 1–3. Captures are written with `:` (`x` is
    /// read too). Plain numbers are read as the internal numbering, which is also the numeric
    /// Russian one (1 = b8).
    Algebraic,
}

impl Numbering {
    /// The numbering a preset's players read and write (its row in the preset table).
    pub fn of(preset: Preset) -> Numbering {
        preset.info().numbering
    }
}

/// One row of the preset table: everything that differs between presets, in one place.
#[derive(Debug)]
pub struct PresetInfo {
    /// The preset this row describes.
    pub preset: Preset,
    /// The identifier used on the command line, in URLs and in saved games.
    pub id: &'static str,
    /// The name shown in German.
    pub name_de: &'static str,
    /// The name shown in English.
    pub name_en: &'static str,
    /// The rules in a sentence or two, shown beside the board, in German.
    pub note_de: &'static str,
    /// The same in English.
    pub note_en: &'static str,
    /// The rule parameters (docs/rules.md §2).
    pub rules: Rules,
    /// The notation its players read and write (docs/rules.md §7, "Other notations").
    pub numbering: Numbering,
    /// Its PDN `GameType` number, if PDN has one for these rules (21 English, 25 Russian).
    pub pdn_game_type: Option<u32>,
}

/// Declares [`Preset`], [`Preset::ALL`] and [`PRESETS`] from one list of rows, so that a new
/// preset is one row: nothing else can be forgotten (a missing field does not compile).
macro_rules! presets {
    ($($(#[doc = $doc:literal])* $variant:ident { $($field:ident: $value:expr,)* })*) => {
        /// The rule presets the game offers (docs/rules.md §3), Blasen first: the default.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Preset {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Preset {
            /// How many presets there are.
            pub const COUNT: usize = [$(stringify!($variant)),*].len();
            /// Every preset, in the table's order.
            pub const ALL: [Preset; Preset::COUNT] = [$(Preset::$variant),*];
        }

        /// The preset table, in the order of [`Preset::ALL`].
        pub const PRESETS: [PresetInfo; Preset::COUNT] = [
            $(PresetInfo { preset: Preset::$variant, $($field: $value,)* },)*
        ];
    };
}

use CaptureRule::*;
use PromotionMidCapture::*;

presets! {
    /// The classic game of the manual: capturing is optional, a missed capture may be huffed.
    Blasen {
        id: "blasen",
        name_de: "Blasen (klassisch)",
        name_en: "Blasen (classic, with huffing)",
        note_de: "Blasen: Schlagen ist Pflicht, wird aber nicht erzwungen. Wer nicht schlägt, dem darf der Gegner einen Stein „blasen“ (wegnehmen). Damen ziehen beliebig weit.",
        note_en: "Blasen: capturing is an obligation but not enforced. If you do not capture, your opponent may “huff” (remove) one of the pieces that should have. Kings fly.",
        rules: Rules {
            men_capture_backward: false,
            king_moves: KingMoves::Flying,
            king_captures: KingCaptures::FlyingLandBehind,
            capture_rule: Huffing,
            promotion_mid_capture: EndsMove,
        },
        numbering: Numbering::Internal,
        pdn_game_type: None,
    }
    /// The tutorial's rules: compulsory capture, men capture backwards, short kings.
    Standard {
        id: "standard",
        name_de: "Standard",
        name_en: "Standard",
        note_de: "Standard: Schlagzwang; Steine schlagen vorwärts und rückwärts, Damen ziehen ein Feld.",
        note_en: "Standard: capturing is compulsory; men capture forwards and backwards; kings move one square.",
        rules: Rules {
            men_capture_backward: true,
            king_moves: KingMoves::Short,
            king_captures: KingCaptures::Short,
            capture_rule: Compulsory,
            promotion_mid_capture: EndsMove,
        },
        numbering: Numbering::Internal,
        pdn_game_type: None,
    }
    /// The tutorial's rules with its flying-kings option.
    StandardFlying {
        id: "standard-flying",
        name_de: "Standard mit Flugdamen",
        name_en: "Standard with flying kings",
        note_de: "Standard mit Flugdamen: Schlagzwang; Damen ziehen und schlagen über beliebig viele Felder.",
        note_en: "Standard with flying kings: capturing is compulsory; kings move and capture over any distance.",
        rules: Rules {
            men_capture_backward: true,
            king_moves: KingMoves::Flying,
            king_captures: KingCaptures::Flying,
            capture_rule: Compulsory,
            promotion_mid_capture: EndsMove,
        },
        numbering: Numbering::Internal,
        pdn_game_type: None,
    }
    /// English checkers (the ACF rules).
    English {
        id: "english",
        name_de: "Englische Dame (Checkers)",
        name_en: "English checkers",
        note_de: "Englische Dame: Schlagzwang; Steine schlagen nur vorwärts, Damen ziehen ein Feld.",
        note_en: "English checkers: capturing is compulsory; men capture forwards only; kings move one square.",
        rules: Rules {
            men_capture_backward: false,
            king_moves: KingMoves::Short,
            king_captures: KingCaptures::Short,
            capture_rule: Compulsory,
            promotion_mid_capture: EndsMove,
        },
        numbering: Numbering::Acf,
        pdn_game_type: Some(21),
    }
    /// Russian draughts.
    Russian {
        id: "russian",
        name_de: "Russische Dame",
        name_en: "Russian draughts",
        note_de: "Russische Dame: Schlagzwang; Flugdamen; ein Stein, der beim Schlagen die letzte Reihe erreicht, schlägt als Dame weiter.",
        note_en: "Russian draughts: capturing is compulsory; flying kings; a man crowned during a capture goes on capturing as a king.",
        rules: Rules {
            men_capture_backward: true,
            king_moves: KingMoves::Flying,
            king_captures: KingCaptures::Flying,
            capture_rule: Compulsory,
            promotion_mid_capture: ContinuesAsKing,
        },
        numbering: Numbering::Algebraic,
        pdn_game_type: Some(25),
    }
}

impl Preset {
    /// This preset's row of the table.
    pub fn info(self) -> &'static PresetInfo {
        &PRESETS[self as usize]
    }

    /// The rule parameters.
    pub fn rules(self) -> Rules {
        self.info().rules
    }

    /// The identifier used on the command line, in URLs and in saved games.
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// Every preset's id, comma-separated (for help texts and error messages).
    pub fn id_list() -> String {
        PRESETS
            .iter()
            .map(|row| row.id)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// An unknown preset name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPreset(pub String);

impl fmt::Display for UnknownPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rules preset '{}' (expected one of: {})",
            self.0,
            Preset::id_list()
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
            assert_eq!(preset.info().preset, preset);
            assert_eq!(preset.id().parse::<Preset>(), Ok(preset));
        }
        assert_eq!(" Standard_Flying ".parse(), Ok(Preset::StandardFlying));
        assert!("checkers".parse::<Preset>().is_err());
    }

    /// What the macro cannot check: texts filled in, ids and rules told apart, and the perft
    /// data every preset is checked against.
    #[test]
    fn every_preset_row_is_complete() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        for (i, row) in PRESETS.iter().enumerate() {
            let id = row.id;
            assert!(
                !id.is_empty() && id.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "preset id '{id}': lower-case letters and '-' only (it goes into URLs)"
            );
            for (what, text) in [
                ("name_de", row.name_de),
                ("name_en", row.name_en),
                ("note_de", row.note_de),
                ("note_en", row.note_en),
            ] {
                assert!(!text.trim().is_empty(), "preset {id}: {what} is empty");
            }
            for other in &PRESETS[..i] {
                assert_ne!(other.id, id, "two presets named {id}");
                assert_ne!(
                    other.rules, row.rules,
                    "{} and {id} have the same rules: a saved game could not tell them apart",
                    other.id
                );
            }
            let perft = root.join("tests/perft").join(format!("{id}.perft"));
            assert!(
                perft.exists(),
                "preset {id}: no perft data file {} (see CONTRIBUTING.md)",
                perft.display()
            );
        }
    }
}
