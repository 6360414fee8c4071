//! Tuning the evaluation weights by self-play (Texel's method).
//!
//! The computer plays itself; every quiet position of those games is labelled with the game's
//! result. Then each weight in turn is nudged up or down for as long as that makes the
//! evaluation predict the results better (mean squared error of a logistic curve).

use super::matches::{default_openings, MAX_PLIES};
use dame_core::board::{Color, Position};
use dame_core::game::{Game, Outcome};
use dame_core::Preset;
use dame_engine::{evaluate, Weights};
use dame_engine::{Level, Player};

/// A quiet position and the result of its game for Red (1, ½ or 0).
pub struct Sample {
    /// A position with no capture pending and nothing huffable, where the static evaluation
    /// should predict the result on its own.
    pub position: Position,
    /// The result of its game for Red: 1 a win, 0.5 a draw, 0 a loss.
    pub red_score: f64,
}

/// Self-play games from the preset's openings at `level` (a level limited by depth: time is
/// not counted), turned into samples, game after game.
pub fn self_play(preset: Preset, level: Level, games: usize, seed: u64) -> Vec<Sample> {
    let openings = default_openings(preset);
    let mut samples = Vec::new();
    for i in 0..games {
        let mut player = Player::new(level, seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9), 8);
        // A clock that stands still: the level's depth alone ends each search, so the same
        // seed gives the same games (`dame learn` reproduces its tables from them).
        player.clock = Some(|| 0.0);
        let mut game = Game::new(preset);
        for text in &openings[i % openings.len()] {
            if game.play_text(text).is_err() {
                break;
            }
        }
        while game.outcome().is_none() && game.history().len() < MAX_PLIES {
            match player.choose(&game).0 {
                Some(turn) => game.play(&turn).expect("a chosen turn is legal"),
                None => break,
            }
        }
        let red_score = match game.outcome() {
            Some(Outcome::Win {
                winner: Color::Red, ..
            }) => 1.0,
            Some(Outcome::Win { .. }) => 0.0,
            _ => 0.5,
        };
        samples.extend(quiet_samples(&game, 8, red_score));
    }
    samples
}

/// The quiet positions of a game after its first `skip` plies (no capture pending, nothing to
/// huff), each labelled with `red_score`: where the static evaluation should predict the result
/// on its own.
pub fn quiet_samples(
    game: &Game,
    skip: usize,
    red_score: f64,
) -> impl Iterator<Item = Sample> + '_ {
    game.positions()
        .iter()
        .skip(skip)
        .filter(|pos| pos.obligated().is_empty() && pos.huffable().is_empty())
        .map(move |pos| Sample {
            position: *pos,
            red_score,
        })
}

fn error(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = evaluate(w, &s.position) as f64;
            let red = if s.position.side() == Color::Red {
                e
            } else {
                -e
            };
            let predicted = 1.0 / (1.0 + (-k * red / 100.0).exp());
            (s.red_score - predicted).powi(2)
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// Coordinate descent from `start`; returns the tuned weights and the error before and after.
pub fn tune(samples: &[Sample], start: Weights, rounds: usize) -> (Weights, f64, f64) {
    // The scale of the logistic curve that fits the starting weights best.
    let mut k = 1.0;
    let mut best_k_err = f64::MAX;
    for step in 1..=40 {
        let candidate = step as f64 * 0.05;
        let e = error(samples, &start, candidate);
        if e < best_k_err {
            best_k_err = e;
            k = candidate;
        }
    }
    let mut w = start;
    let before = error(samples, &w, k);
    let mut best = before;
    for _ in 0..rounds {
        let mut improved = false;
        for i in 0..Weights::NAMES.len() {
            let step = (w.get(i).abs() / 10).max(1);
            for delta in [step, -step] {
                loop {
                    let mut trial = w;
                    trial.set(i, w.get(i) + delta);
                    // Each feature keeps its sign (a trapped king is never good); a king is
                    // worth more than a man.
                    if trial.get(i) < 0 || trial.king <= trial.man {
                        break;
                    }
                    let e = error(samples, &trial, k);
                    if e < best {
                        best = e;
                        w = trial;
                        improved = true;
                    } else {
                        break;
                    }
                }
            }
        }
        if !improved {
            break;
        }
    }
    (w, before, best)
}
