//! Properties over random playouts in every preset (seeded, so a failure can be replayed).

mod common;

use common::Rng;

use dame_core::{notation, perft, Color, Game, Position, Preset, Square};

const GAMES_PER_PRESET: u64 = 40;
const MAX_PLIES: usize = 150;

/// Plays random games and calls `check` on every position reached (with the game so far).
fn playouts(mut check: impl FnMut(&Game)) {
    for preset in Preset::ALL {
        for seed in 1..=GAMES_PER_PRESET {
            let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ preset as u64);
            let mut game = Game::new(preset);
            check(&game);
            while game.outcome().is_none() && game.history().len() < MAX_PLIES {
                let turns = game.legal_turns();
                let turn = turns[rng.below(turns.len())];
                game.play(&turn).unwrap();
                check(&game);
            }
        }
    }
}

fn pieces(p: &Position, c: Color) -> u32 {
    p.board().pieces(c).len()
}

#[test]
fn piece_counts_never_rise_and_no_square_holds_two_pieces() {
    playouts(|game| {
        let p = game.position();
        let b = p.board();
        assert!(
            (b.pieces(Color::Red) & b.pieces(Color::Black)).is_empty(),
            "{p}"
        );
        if !game.history().is_empty() {
            let mut before = game.clone();
            before.undo();
            let q = before.position();
            for c in [Color::Red, Color::Black] {
                assert!(pieces(p, c) <= pieces(q, c), "{q} -> {p}");
            }
        }
    });
}

#[test]
fn fen_round_trips() {
    playouts(|game| {
        let p = game.position();
        let text = p.to_string();
        let back = dame_core::position_from_fen(&text, p.preset()).unwrap();
        assert_eq!(&back, p, "{text}");
        assert_eq!(back.to_string(), text);
    });
}

#[test]
fn play_then_undo_restores_the_game_exactly() {
    playouts(|game| {
        for turn in game.legal_turns() {
            let mut g = game.clone();
            g.play(&turn).unwrap();
            assert_eq!(g.undo(), Some(turn));
            assert_eq!(g.position(), game.position());
            assert_eq!(g.history(), game.history());
            assert_eq!(g.quiet_plies(), game.quiet_plies());
        }
    });
}

#[test]
fn every_listed_turn_is_accepted_and_nothing_else() {
    let mut checked = 0;
    playouts(|game| {
        let p = game.position();
        let legal = game.legal_turns();
        for turn in &legal {
            let text = notation::turn_text(p, turn);
            assert_eq!(notation::read_turn(p, &text), Ok(*turn), "{p} {text}");
            assert!(game.clone().play(turn).is_ok());
        }
        if game.outcome().is_some() {
            return;
        }
        // Every two-square text, with either separator and each optional huff: whatever is
        // accepted must be one of the listed turns.
        let huffs: Vec<Option<Square>> = std::iter::once(None)
            .chain(Square::all().map(Some))
            .collect();
        for from in Square::all() {
            for to in Square::all() {
                for sep in ['-', 'x'] {
                    for huff in [None, p.huffable().first()] {
                        let text = match huff {
                            Some(h) => format!("h{h} {from}{sep}{to}"),
                            None => format!("{from}{sep}{to}"),
                        };
                        if let Ok(turn) = notation::read_turn(p, &text) {
                            assert!(legal.contains(&turn), "{p}: accepted {text}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        for huff in huffs.into_iter().flatten() {
            if let Ok(turn) = notation::read_turn(p, &format!("h{huff}")) {
                assert!(legal.contains(&turn), "{p}: accepted h{huff}");
            }
        }
    });
    assert!(checked > 1000);
}

#[test]
fn perft_1_equals_the_number_of_listed_turns() {
    playouts(|game| {
        let p = game.position();
        assert_eq!(perft(p, 1)[0], p.legal_turns().len() as u64, "{p}");
    });
}

#[test]
fn huffable_pieces_belong_to_the_side_that_just_moved() {
    playouts(|game| {
        let p = game.position();
        let them = p.board().pieces(p.side().opposite());
        assert!((p.huffable() - them).is_empty(), "{p}");
        if !p.rules().is_huffing() {
            assert!(p.huffable().is_empty());
        }
    });
}
