//! The computer player: tactics it must find within a small node budget, Blasen's huffing both
//! ways, search properties (determinism, limits, mate distance), and humane low levels.

mod common;

use common::pos;
use dame_core::{notation, Game, Position, Preset, Turn};
use dame_engine::{Engine, Level, Limits, Player};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn best(p: &Position, limits: Limits) -> (String, i32) {
    let result = Engine::new(16).search_position(p, &limits);
    let turn = result.best.expect("a legal turn");
    (notation::turn_text(p, &turn), result.score)
}

/// The score of `pos` after `turn`, for the side that played it.
fn score_after(p: &Position, turn: &str, depth: u32) -> i32 {
    let mut game = Game::from_position(*p);
    game.play_text(turn).unwrap();
    -Engine::new(16).search(&game, &Limits::depth(depth)).score
}

#[test]
fn finds_the_two_for_one_shot_in_every_preset() {
    // 19-15 gives a man; whichever black man takes it, 23 takes two back (23x16x7 or 23x14x7).
    for preset in Preset::ALL {
        let p = pos(preset, "W:W19,23,26,27:B1,10,11");
        let (turn, score) = best(&p, Limits::nodes(50_000));
        assert_eq!(turn, "19-15", "{preset}");
        assert!(
            score > score_after(&p, "27-24", 8) + 50,
            "{preset}: {score}"
        );
    }
}

#[test]
fn finds_the_breakthrough_to_the_king_row() {
    // 14-9 gives a man (6x13, 21x14) and opens Black's back row: Red crowns soon after. 18-15
    // first, keeping 14-9 for the next turn, wins as much (deep searches score both about
    // +2.4 men); anything else lets Black hold.
    let p = pos(Preset::English, "W:W14,16,18,21:B6,7,17,23");
    let (turn, score) = best(&p, Limits::nodes(50_000));
    assert!(turn == "14-9" || turn == "18-15", "{turn}");
    assert!(score > 150, "{score}");
    assert!(score_after(&p, "16-12", 10) < score - 100);
}

#[test]
fn traps_a_king_in_the_corner_in_every_preset() {
    // 12-8 shuts the king on 4 in: its only neighbour is taken and the square behind is too.
    for preset in Preset::ALL {
        let p = pos(preset, "W:W11,12:BK4");
        let result = Engine::new(1).search_position(&p, &Limits::nodes(10_000));
        assert_eq!(
            notation::turn_text(&p, &result.best.unwrap()),
            "12-8",
            "{preset}"
        );
        assert_eq!(result.mate_in(), Some(1), "{preset}");
    }
}

#[test]
fn blasen_huffs_a_piece_that_failed_to_capture() {
    let p = pos(Preset::Blasen, "W:W30:B3,12:H12");
    let result = Engine::new(16).search_position(&p, &Limits::nodes(20_000));
    assert_eq!(
        result.best.and_then(|t| t.huff).map(|s| s.number()),
        Some(12)
    );
}

#[test]
fn blasen_declines_a_capture_that_loses() {
    // 3x12 wins a man, but then the black king sweeps 29x11x2 (two men). Better: crown with
    // 7-2 and let Black huff the king on 3 (docs/rules.md §4: not capturing can be a deliberate choice).
    let p = pos(Preset::Blasen, "W:WK3,7,15,20,23:B1,8,28,K29");
    let result = Engine::new(16).search_position(&p, &Limits::nodes(300_000));
    let turn = result.best.unwrap();
    assert!(
        !turn.mv.unwrap().is_capture(),
        "{}",
        notation::turn_text(&p, &turn)
    );
    assert!(score_after(&p, "3x12", 12) < result.score - 40);
}

#[test]
fn blasen_captures_with_the_obligated_king_first() {
    // Taking with the man would leave the obligated king on 5 to be huffed.
    let p = pos(Preset::Blasen, "W:WK5,22,31:B1,14,17");
    assert_eq!(best(&p, Limits::nodes(100_000)).0, "5x18");
    assert!(score_after(&p, "22x13", 10) < score_after(&p, "5x18", 10) - 100);
}

#[test]
fn a_win_is_scored_by_its_distance() {
    let p = pos(Preset::English, "W:W22:B18");
    let result = Engine::new(1).search_position(&p, &Limits::depth(6));
    assert_eq!(result.mate_in(), Some(1));
    // Black's only move walks into 20x11, its last man gone: lost in 2 plies.
    let p = pos(Preset::English, "B:W20:B12");
    let result = Engine::new(1).search_position(&p, &Limits::depth(6));
    assert_eq!(result.mate_in(), Some(-2));
}

#[test]
fn the_search_is_deterministic() {
    let p = Position::start(Preset::Russian);
    let a = Engine::new(8).search_position(&p, &Limits::depth(9));
    let b = Engine::new(8).search_position(&p, &Limits::depth(9));
    assert_eq!(
        (a.best, a.score, a.nodes, a.pv),
        (b.best, b.score, b.nodes, b.pv)
    );
}

#[test]
fn the_search_keeps_to_its_limits() {
    let p = Position::start(Preset::English);
    let r = Engine::new(8).search_position(&p, &Limits::nodes(20_000));
    assert!(r.nodes <= 21_024, "{}", r.nodes);
    assert!(r.best.is_some());
    let stop = Arc::new(AtomicBool::new(true));
    let limits = Limits {
        stop: Some(stop),
        ..Limits::default()
    };
    let r = Engine::new(8).search_position(&p, &limits);
    assert!(r.nodes <= 1100, "stops at once: {}", r.nodes);
    assert!(p.legal_turns().contains(&r.best.unwrap()));
    let r = Engine::new(8).search_position(&p, &Limits::depth(5));
    assert_eq!(r.depth, 5);
    assert!(r.pv.len() >= 5);
}

#[test]
fn the_principal_variation_is_legal() {
    for preset in Preset::ALL {
        let p = Position::start(preset);
        let r = Engine::new(8).search_position(&p, &Limits::depth(8));
        let mut line = p;
        for turn in &r.pv {
            assert!(line.legal_turns().contains(turn), "{preset}");
            line = line.play_turn_unchecked(turn);
        }
    }
}

#[test]
fn every_level_plays_legal_turns_in_every_preset() {
    for preset in Preset::ALL {
        for level in Level::ALL {
            let mut player = Player::new(level, 7, 4);
            player.time_scale = 0.02;
            let game = Game::new(preset);
            let (turn, _) = player.choose(&game);
            let turn: Turn = turn.expect("a turn");
            assert!(game.legal_turns().contains(&turn), "{preset} {level}");
        }
    }
}

#[test]
fn the_beginner_level_never_hangs_a_man_for_nothing() {
    // 22-17 lets 13 take it (13x22) with no recapture; every other move is safe.
    let game = Game::from_position(pos(Preset::English, "W:W22,30:B1,13"));
    let mut chosen = std::collections::BTreeSet::new();
    for seed in 1..=60 {
        let mut player = Player::new(Level::Anfaenger, seed, 1);
        let (turn, _) = player.choose(&game);
        chosen.insert(notation::turn_text(game.position(), &turn.unwrap()));
    }
    assert!(!chosen.contains("22-17"), "{chosen:?}");
    assert!(
        chosen.len() >= 2,
        "the beginner varies its play: {chosen:?}"
    );
}

#[test]
fn one_engine_can_switch_rules_without_mixing_its_memory() {
    let fen = "W:W22,K31:B10,K13,15";
    for (first, second) in [
        (Preset::English, Preset::Russian),
        (Preset::Russian, Preset::Standard),
    ] {
        let mut engine = Engine::new(8);
        engine.search_position(&pos(first, fen), &Limits::depth(10));
        let reused = engine.search_position(&pos(second, fen), &Limits::depth(10));
        let fresh = Engine::new(8).search_position(&pos(second, fen), &Limits::depth(10));
        assert_eq!(reused.score, fresh.score, "{first} then {second}");
    }
}

#[test]
fn a_huff_that_takes_the_last_piece_is_seen_at_the_horizon() {
    // Whatever Red does, Black huffs or captures its last man: lost in 2 plies, seen at depth 1.
    let p = pos(Preset::Blasen, "W:W22:B18,K1");
    let result = Engine::new(1).search_position(&p, &Limits::depth(1));
    assert_eq!(result.mate_in(), Some(-2));
}

#[test]
fn the_computer_does_not_move_in_a_finished_game() {
    let mut game = Game::from_position(pos(Preset::English, "W:WK1:BK32"));
    for turn in ["1-6", "32-27", "6-1", "27-32"].iter().cycle().take(8) {
        game.play_text(turn).unwrap();
    }
    assert!(game.outcome().is_some());
    for level in [Level::Anfaenger, Level::Stark] {
        assert_eq!(Player::new(level, 3, 1).choose(&game).0, None);
    }
}

/// Russian draughts, a board full of kings: level 1 once thought 41 s here (34 M positions).
const KINGS: &str = "B:WK2,K3,K4,K6,K10,K11,K12,K13,K17,K18,20,K26,K27,K28,K29:BK1,K5,K7,K9,K15,K16,K21,K22,K23,K24,K25,K30,K32";

thread_local! {
    static TICKS: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
}

/// A clock that moves on one millisecond each time it is read (the search reads it once every
/// 1024 positions): a time cap becomes a bound on positions, without timing this machine.
fn ticking_clock() -> f64 {
    TICKS.with(|t| {
        t.set(t.get() + 1.0);
        t.get()
    })
}

/// A clock that never moves: no time cap is ever reached.
fn frozen_clock() -> f64 {
    0.0
}

fn ticks() -> f64 {
    TICKS.with(|t| t.get())
}

#[test]
fn a_move_time_is_used_to_its_end_unless_one_turn_is_legal() {
    // A move's time cannot be saved for a later move, so the search goes on until the clock says
    // it is up (an iteration cut short still counts for the turns it searched in full).
    let mut game = Game::new(Preset::English);
    for turn in ["22-18", "11-15", "18x11", "8x15"] {
        game.play_text(turn).unwrap();
    }
    for p in [Position::start(Preset::English), *game.position()] {
        for ms in [30.0, 60.0, 100.0, 150.0, 200.0, 300.0] {
            let limits = Limits {
                movetime_ms: Some(ms),
                clock: Some(ticking_clock),
                ..Limits::default()
            };
            let mut engine = Engine::new(8);
            let result = engine.search_position(&p, &limits);
            assert!(engine.stopped(), "{ms} ms: stopped by the clock");
            assert!(result.elapsed_ms >= ms, "{ms} ms: {}", result.elapsed_ms);
        }
    }
    // 19x10 is the only legal turn: it is played at once.
    let forced = pos(Preset::English, "W:W19:B1,15");
    assert_eq!(forced.legal_turns().len(), 1);
    let before = ticks();
    let result = Engine::new(8).search_position(
        &forced,
        &Limits {
            movetime_ms: Some(1000.0),
            clock: Some(ticking_clock),
            ..Limits::default()
        },
    );
    assert_eq!(result.depth, 1);
    assert!(ticks() - before < 10.0, "{} ticks", ticks() - before);
}

#[test]
fn every_level_has_a_time_cap() {
    for level in Level::ALL {
        let info = level.info();
        assert!(info.cap_ms > 0.0 && info.cap_ms <= 1000.0, "{level}");
        if let Some(ms) = info.movetime_ms {
            assert_eq!(info.cap_ms, ms, "{level}: its thinking time is its cap");
        }
        assert_eq!(Player::new(level, 1, 1).cap_ms(), info.cap_ms);
    }
    for level in [Level::Anfaenger, Level::Leicht, Level::Mittel] {
        assert!(level.info().depth.is_some());
        assert!(level.info().cap_ms <= 800.0, "{level}: under a second");
    }
}

#[test]
fn a_depth_limited_level_stops_at_its_time_cap_on_a_board_full_of_kings() {
    let game = Game::from_position(pos(Preset::Russian, KINGS));
    for level in [Level::Anfaenger, Level::Leicht, Level::Mittel] {
        let mut player = Player::new(level, 5, 4);
        player.clock = Some(ticking_clock);
        let before = ticks();
        let (turn, result) = player.choose(&game);
        let used = ticks() - before;
        let cap = level.info().cap_ms;
        assert!(
            game.legal_turns().contains(&turn.expect("a turn")),
            "{level}"
        );
        // The cap was reached, and kept: about 1024 positions per tick of the clock.
        assert!(used >= cap, "{level}: {used} ticks");
        assert!(used <= cap + 40.0, "{level}: {used} ticks");
        assert!(
            result.nodes <= (cap as u64 + 40) * 1024,
            "{level}: {} positions",
            result.nodes
        );
    }
}

#[test]
fn the_time_cap_does_not_change_normal_play() {
    // From the start and a few turns in, levels 1–3 finish long before their cap: they choose
    // what they choose with a clock that never moves, and search the same positions.
    for preset in Preset::ALL {
        let mut game = Game::new(preset);
        for ply in 0..6 {
            for level in [Level::Anfaenger, Level::Leicht, Level::Mittel] {
                let seed = 11 + ply;
                let mut capped = Player::new(level, seed, 4);
                capped.clock = Some(ticking_clock);
                let before = ticks();
                let (a, ra) = capped.choose(&game);
                assert!(
                    ticks() - before < level.info().cap_ms / 4.0,
                    "{preset} {level}"
                );
                let mut uncapped = Player::new(level, seed, 4);
                uncapped.clock = Some(frozen_clock);
                let (b, rb) = uncapped.choose(&game);
                assert_eq!(
                    (a, ra.nodes, ra.depth),
                    (b, rb.nodes, rb.depth),
                    "{preset} {level}"
                );
            }
            let turn = Player::new(Level::Mittel, ply, 4).choose(&game).0.unwrap();
            game.play(&turn).unwrap();
        }
    }
}

/// The figure for docs/engine.md: `cargo test --release --test engine -- --ignored --nocapture`.
#[test]
#[ignore]
#[cfg(not(target_arch = "wasm32"))]
fn time_of_every_level_on_a_board_full_of_kings() {
    let game = Game::from_position(pos(Preset::Russian, KINGS));
    for level in Level::ALL {
        let mut player = Player::new(level, 5, 16);
        let start = dame_engine::native_clock();
        let (turn, result) = player.choose(&game);
        let ms = dame_engine::native_clock() - start;
        println!(
            "level {level}: {} in {ms:.0} ms, depth {}, {} positions",
            notation::turn_text(game.position(), &turn.unwrap()),
            result.depth,
            result.nodes
        );
    }
}

#[test]
fn the_low_levels_keep_the_hand_evaluation_and_the_top_levels_use_the_learned_one() {
    // The low levels' margins and mistakes were calibrated with the hand evaluation; Stark and
    // Meister play with the learned tables (built into the native program).
    let game = Game::new(Preset::English);
    let searched = |learned: bool, depth: u32| {
        let mut engine = Engine::new(16);
        if learned {
            engine.use_embedded();
        }
        engine.search(&game, &Limits::depth(depth)).score
    };
    assert_ne!(
        searched(false, 9),
        searched(true, 9),
        "the position tells the two evaluations apart"
    );
    for (level, depth) in [(Level::Mittel, 5), (Level::Stark, 9)] {
        let mut player = Player::new(level, 1, 16);
        player.clock = Some(|| 0.0); // time stands still: the level's depth ends the search
        let (_, result) = player.choose(&game);
        assert_eq!(result.depth, depth, "{level}");
        let learned = level.info().learned;
        assert_eq!(result.score, searched(learned, depth), "{level}");
        assert_ne!(result.score, searched(!learned, depth), "{level}");
    }
    assert!(!Level::Anfaenger.info().learned && Level::Meister.info().learned);
}
