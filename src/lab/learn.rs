//! Training the learned evaluation ([`dame_engine::LearnedEval`]) on self-play positions: `dame learn`.
//!
//! The samples are those of `dame tune` (quiet positions of self-play games, each labelled with
//! its game's result), played without a clock so that the same seed gives the same games. The
//! model is logistic: the chance that Red wins is σ(k · (hand + tables) / 100), where `hand` is
//! today's evaluation, a fixed offset, and `k` the scale that fits it best. The tables start at
//! zero and only learn what the hand evaluation misses, so a small data set can hardly make it
//! worse. Full-batch Adam with a little L2 decay, in a fixed order: the same samples give the
//! same tables. The last tenth of the games is held out to measure the fit.

use super::tune::{quiet_samples, Sample};
use dame_core::board::Color;
use dame_core::notation::Numbering;
use dame_core::pdn::PdnGame;
use dame_engine::learned::{opening_share, visit_entries, EvalFamily, Layout, LearnedEval, FULL};
use dame_engine::{evaluate, Profile};

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Passes over the training samples.
    pub epochs: usize,
    /// Adam's step, in hundredths of a man.
    pub rate: f32,
    /// L2 decay per entry (of the mean loss).
    pub decay: f32,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            epochs: 300,
            rate: 0.5,
            decay: 2e-9,
        }
    }
}

/// What a training run measured (losses are mean cross-entropy, in nats).
#[derive(Clone, Debug)]
pub struct TrainReport {
    /// Samples trained on.
    pub train: usize,
    /// Samples held out.
    pub held_out: usize,
    /// The logistic scale fitted to the hand evaluation.
    pub k: f64,
    /// Held-out loss of the hand evaluation alone.
    pub before: f64,
    /// Held-out loss with the trained tables, before rounding.
    pub after: f64,
    /// Held-out loss with the rounded tables, evaluated as the engine does.
    pub after_rounded: f64,
    /// Training loss of the hand evaluation alone and with the trained tables.
    pub train_before_after: (f64, f64),
}

/// One sample as the trainer reads it.
struct Row {
    /// Entries used, sign in the top bit.
    start: usize,
    end: usize,
    share: f32,
    hand: f32,
    target: f32,
}

fn red(pos: &dame_core::Position, score: i32) -> i32 {
    if pos.side == Color::Red {
        score
    } else {
        -score
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The loss of predicting `p` for an expected score of `target`, in nats.
pub(super) fn cross_entropy(target: f64, p: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    -(target * p.ln() + (1.0 - target) * (1.0 - p).ln())
}

/// Mean loss of `score_red` (in hundredths) against the samples' results, at scale `k`.
fn loss(samples: &[Sample], k: f64, score_red: impl Fn(&Sample) -> f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| cross_entropy(s.red_score, sigmoid(k * score_red(s) / 100.0)))
        .sum();
    sum / samples.len().max(1) as f64
}

/// Trains tables for `family` in `layout` on `samples` (in game order: the last tenth is held
/// out), calling `progress(epoch, training loss)` every 50 epochs. The tables start at zero, or
/// at `start`'s values (of the same family and layout): training goes on from them, and the
/// report's "before" is then the hand evaluation with `start`.
pub fn train(
    family: EvalFamily,
    layout: Layout,
    samples: &[Sample],
    start: Option<&LearnedEval>,
    config: &TrainConfig,
    mut progress: impl FnMut(usize, f64),
) -> (LearnedEval, TrainReport) {
    let split = samples.len() - samples.len() / 10;
    let (fit, held) = samples.split_at(split);
    let hand = |s: &Sample| {
        let w = Profile::of(s.position.preset()).weights;
        red(&s.position, evaluate(&w, &s.position)) as f64
    };
    let before = |s: &Sample| hand(s) + start.map_or(0, |t| t.red_view(&s.position.board)) as f64;
    // The scale of the logistic curve that fits the hand evaluation best.
    let mut k = 1.0;
    let mut best = f64::MAX;
    for step in 1..=60 {
        let candidate = step as f64 * 0.05;
        let e = loss(fit, candidate, hand);
        if e < best {
            best = e;
            k = candidate;
        }
    }

    let mut entries: Vec<u32> = Vec::new();
    let rows: Vec<Row> = fit
        .iter()
        .map(|s| {
            let start = entries.len();
            visit_entries(&s.position.board, layout, &mut |entry, sign| {
                entries.push(entry as u32 | if sign < 0 { 1 << 31 } else { 0 });
            });
            Row {
                start,
                end: entries.len(),
                share: opening_share(&s.position.board) as f32 / FULL as f32,
                hand: hand(s) as f32,
                target: s.red_score as f32,
            }
        })
        .collect();

    let phase_len = layout.phase_len();
    let n = 2 * phase_len;
    let mut w = match start {
        Some(tables) => {
            assert!(
                tables.family() == family && tables.layout() == layout,
                "start tables of another family or layout"
            );
            tables.values()
        }
        None => vec![0f32; n],
    };
    // The decay pulls each entry back to where it started: going on from trained tables, a
    // small set of games only moves what it shows clearly.
    let anchor = w.clone();
    let (mut m, mut v, mut grad) = (vec![0f32; n], vec![0f32; n], vec![0f32; n]);
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let scale = k as f32 / 100.0;
    let inv = 1.0 / rows.len().max(1) as f32;
    for epoch in 1..=config.epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut total = 0f64;
        for row in &rows {
            let mut z = row.hand;
            for &e in &entries[row.start..row.end] {
                let (i, sign) = (
                    (e & !(1 << 31)) as usize,
                    if e >> 31 == 1 { -1.0 } else { 1.0 },
                );
                z += sign * (w[i] * row.share + w[phase_len + i] * (1.0 - row.share));
            }
            let p = 1.0 / (1.0 + (-scale * z).exp());
            total += cross_entropy(row.target as f64, p as f64);
            let g = (p - row.target) * scale * inv;
            for &e in &entries[row.start..row.end] {
                let (i, sign) = (
                    (e & !(1 << 31)) as usize,
                    if e >> 31 == 1 { -1.0 } else { 1.0 },
                );
                grad[i] += g * sign * row.share;
                grad[phase_len + i] += g * sign * (1.0 - row.share);
            }
        }
        if epoch % 50 == 0 {
            progress(epoch, total / rows.len().max(1) as f64);
        }
        let (c1, c2) = (
            1.0 - beta1.powi(epoch as i32),
            1.0 - beta2.powi(epoch as i32),
        );
        for i in 0..n {
            let g = grad[i] + config.decay * (w[i] - anchor[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            w[i] -= config.rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
        }
    }

    let float_score = |s: &Sample| {
        let share = opening_share(&s.position.board) as f32 / FULL as f32;
        let mut z = hand(s) as f32;
        visit_entries(&s.position.board, layout, &mut |i, sign| {
            z += sign as f32 * (w[i] * share + w[phase_len + i] * (1.0 - share));
        });
        z as f64
    };
    let learned = LearnedEval::from_values(family, layout, &w);
    let rounded = |s: &Sample| hand(s) + learned.red_view(&s.position.board) as f64;
    let report = TrainReport {
        train: fit.len(),
        held_out: held.len(),
        k,
        before: loss(held, k, before),
        after: loss(held, k, float_score),
        after_rounded: loss(held, k, rounded),
        train_before_after: (loss(fit, k, before), loss(fit, k, float_score)),
    };
    (learned, report)
}

/// Samples from finished games (read from PDN): the quiet positions after the first `skip`
/// plies, each labelled with its game's result. Unfinished games (`*` or no result) teach
/// nothing and are left out. The games are taken in turn from each list (the first of each,
/// then the second of each, …), so that the held-out tenth mixes every source.
pub fn samples_of_games(sources: &[Vec<PdnGame>], skip: usize) -> Vec<Sample> {
    let longest = sources.iter().map(Vec::len).max().unwrap_or(0);
    let mut samples = Vec::new();
    for i in 0..longest {
        for game in sources.iter().filter_map(|games| games.get(i)) {
            let Some(red_score) = red_score(game) else {
                continue;
            };
            samples.extend(quiet_samples(&game.game, skip, red_score));
        }
    }
    samples
}

/// Red's result in a PDN game (1, 0.5 or 0), from its result text; `None` if unfinished.
fn red_score(game: &PdnGame) -> Option<f64> {
    let white = Numbering::of(game.preset).white();
    let white_score = match game.result.as_deref()? {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        _ => return None,
    };
    Some(if white == Color::Red {
        white_score
    } else {
        1.0 - white_score
    })
}
