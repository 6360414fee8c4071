//! The fast generator against an independent, deliberately simple one (`tests/reference/`),
//! written from docs/rules.md alone: every turn, its spelling and the position after it (huffable set
//! included) must agree, in random games and in random positions with kings, for every preset.

mod common;
mod reference;

use dame_core::{
    notation, Bitboard, Board, Color, Game, Piece, Position, Preset, Role, Setup, Square,
};
use reference::{ref_perft, ref_preset, ref_presets, ref_turns, RefKingCaptures, RefRules};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() >> 33) as usize % n
    }
}

/// Our turns of `p` with the FEN after each, sorted by turn text.
fn ours(p: &Position) -> Vec<(String, String)> {
    let mut list: Vec<(String, String)> = p
        .legal_turns()
        .iter()
        .map(|t| {
            (
                notation::turn_text(p, t),
                p.play_turn_unchecked(t).to_string(),
            )
        })
        .collect();
    list.sort();
    list
}

/// Compares one position; returns how many turns it has.
fn compare(preset: Preset, p: &Position) -> usize {
    let fen = p.to_string();
    let rules = ref_preset(preset.id()).expect("preset known to the reference");
    let theirs = ref_turns(&rules, &fen).unwrap_or_else(|e| panic!("reference rejects {fen}: {e}"));
    assert_eq!(ours(p), theirs, "{preset} {fen}");
    theirs.len()
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut turns_compared = 0;
    for preset in Preset::ALL {
        for seed in 1..=200u64 {
            let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            let mut game = Game::new(preset);
            while game.outcome().is_none() && game.history().len() < 200 {
                turns_compared += compare(preset, game.position());
                let turns = game.legal_turns();
                game.play(&turns[rng.below(turns.len())]).unwrap();
            }
        }
    }
    assert!(turns_compared > 100_000, "{turns_compared}");
}

/// A random position: a few men and kings of each colour, men off their crowning rows.
fn random_position(rng: &mut Rng, preset: Preset) -> Position {
    let mut board = Board::EMPTY;
    let squares: Vec<Square> = Square::all().collect();
    let n = 2 + rng.below(14);
    for _ in 0..n {
        let sq = squares[rng.below(32)];
        let color = if rng.below(2) == 0 {
            Color::Red
        } else {
            Color::Black
        };
        let mut role = if rng.below(3) == 0 {
            Role::King
        } else {
            Role::Man
        };
        if sq.row() == color.promotion_row() {
            role = Role::King;
        }
        board.set(sq, Piece { color, role });
    }
    let side = if rng.below(2) == 0 {
        Color::Red
    } else {
        Color::Black
    };
    let mut huffable = Bitboard::EMPTY;
    if preset == Preset::Blasen {
        for sq in board.pieces(side.opposite()) {
            if rng.below(4) == 0 {
                huffable.insert(sq);
            }
        }
    }
    Position::from_setup(
        Setup {
            board,
            side,
            huffable,
        },
        preset,
    )
    .unwrap()
}

#[test]
fn random_positions_with_kings_agree_with_the_reference() {
    let mut rng = Rng(0xDA3E);
    let mut with_captures = 0;
    for preset in Preset::ALL {
        for _ in 0..10_000 {
            let p = random_position(&mut rng, preset);
            compare(preset, &p);
            with_captures += usize::from(!p.obligated().is_empty());
        }
    }
    assert!(with_captures > 10_000, "{with_captures}");
}

#[test]
fn perft_from_the_start_agrees_with_the_reference_in_every_preset() {
    for preset in Preset::ALL {
        let rules = ref_preset(preset.id()).unwrap();
        let ours = dame_core::perft(&Position::start(preset), 5);
        assert_eq!(ours[4], ref_perft(&rules, "W:W21-32:B1-12", 5), "{preset}");
    }
}

#[test]
#[ignore = "slow: the reference is simple, not fast"]
fn perft_depth_6_agrees_with_the_reference_in_every_preset() {
    for preset in Preset::ALL {
        let rules = ref_preset(preset.id()).unwrap();
        let ours = dame_core::perft(&Position::start(preset), 6);
        assert_eq!(ours[5], ref_perft(&rules, "W:W21-32:B1-12", 6), "{preset}");
    }
}

/// The registry and docs/rules.md §3 describe the same presets with the same parameters: a preset
/// added to one and not the other, or with other rules, fails here.
#[test]
fn the_registry_agrees_with_the_rules_document() {
    let documented = ref_presets();
    let ids: Vec<&str> = documented.iter().map(|(id, _)| id.as_str()).collect();
    let registered: Vec<&str> = Preset::ALL.iter().map(|p| p.id()).collect();
    assert_eq!(
        ids, registered,
        "docs/rules.md §3 rows against the registry, in order"
    );
    for preset in Preset::ALL {
        let r = preset.rules();
        let ours = RefRules {
            men_capture_backward: r.men_capture_backward,
            flying_king_moves: r.king_moves == dame_core::KingMoves::Flying,
            king_captures: match r.king_captures {
                dame_core::KingCaptures::Short => RefKingCaptures::Short,
                dame_core::KingCaptures::FlyingLandBehind => RefKingCaptures::FlyingLandBehind,
                dame_core::KingCaptures::Flying => RefKingCaptures::Flying,
            },
            huffing: r.is_huffing(),
            continues_as_king: r.promotion_mid_capture
                == dame_core::PromotionMidCapture::ContinuesAsKing,
        };
        assert_eq!(ref_preset(preset.id()), Some(ours), "{preset}");
    }
}
