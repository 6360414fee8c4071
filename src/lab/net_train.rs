//! Training the network evaluation ([`dame_engine::NetEval`]) on labelled positions:
//! `dame learn --model net`.
//!
//! The same model as the tables' ([`super::learn`]): the chance that the side to move wins is
//! σ(k · (hand + net) / 100), with the hand evaluation a fixed offset and k the scale fitted to
//! it, so the network only learns what the hand evaluation misses. Mini-batch Adam in a fixed
//! order (a seeded shuffle): the same samples give the same network. The last tenth of the
//! samples is held out to measure the fit.

use super::learn::cross_entropy;
use super::tune::Sample;
use dame_core::board::Color;
use dame_core::Preset;
use dame_engine::net::{features, NetValues, HIDDEN2, INPUTS};
use dame_engine::{evaluate, NetEval, Profile};

/// How to train.
#[derive(Clone, Debug)]
pub struct NetConfig {
    /// The first hidden layer's width: 32, 64, 128 or 256.
    pub hidden: usize,
    /// Passes over the training samples.
    pub epochs: usize,
    /// Adam's step.
    pub rate: f32,
    /// Samples a step.
    pub batch: usize,
}

/// What a training run measured (mean cross-entropy, in nats, on the held-out samples).
#[derive(Clone, Debug)]
pub struct NetReport {
    /// Samples trained on and held out.
    pub train: usize,
    /// Samples held out.
    pub held_out: usize,
    /// The logistic scale fitted to the hand evaluation.
    pub k: f64,
    /// The hand evaluation alone.
    pub before: f64,
    /// With the network training started from, if it started from one.
    pub start: Option<f64>,
    /// With the float network.
    pub after: f64,
    /// With the integer network, evaluated as the engine does.
    pub after_rounded: f64,
}

struct Row {
    active: [u16; 32],
    n: u8,
    hand: f32,
    /// The side to move's expected score.
    target: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A float network and its Adam state.
struct Model {
    v: NetValues,
}

/// The activations of one forward pass.
struct Pass {
    a1: Vec<f32>,
    a2: [f32; HIDDEN2],
    out: f32,
}

impl Model {
    fn new(hidden: usize, seed: u64) -> Model {
        let mut state = seed | 1;
        let mut uniform = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f32 / (1u64 << 53) as f32 * 2.0 - 1.0
        };
        let w1 = (0..INPUTS * hidden).map(|_| uniform() * 0.2).collect();
        let w2 = (0..HIDDEN2 * hidden)
            .map(|_| uniform() * (3.0 / hidden as f32).sqrt())
            .collect();
        Model {
            v: NetValues {
                hidden,
                w1,
                b1: vec![0.25; hidden],
                w2,
                b2: vec![0.25; HIDDEN2],
                w3: vec![0.0; HIDDEN2],
                b3: 0.0,
            },
        }
    }

    fn forward(&self, active: &[u16]) -> Pass {
        let v = &self.v;
        let h = v.hidden;
        let mut a1 = v.b1.clone();
        for &i in active {
            for (a, w) in a1.iter_mut().zip(&v.w1[i as usize * h..][..h]) {
                *a += w;
            }
        }
        let mut a2 = [0f32; HIDDEN2];
        let mut out = v.b3;
        for (k, a) in a2.iter_mut().enumerate() {
            let mut s = v.b2[k];
            for (x, w) in a1.iter().zip(&v.w2[k * h..][..h]) {
                s += x.clamp(0.0, 1.0) * w;
            }
            *a = s;
            out += s.clamp(0.0, 1.0) * v.w3[k];
        }
        Pass { a1, a2, out }
    }
}

/// Flat views of the weights for Adam: (w1, b1, w2, b2, w3, b3) in one vector.
fn flatten(v: &NetValues) -> Vec<f32> {
    let mut all = Vec::new();
    all.extend(&v.w1);
    all.extend(&v.b1);
    all.extend(&v.w2);
    all.extend(&v.b2);
    all.extend(&v.w3);
    all.push(v.b3);
    all
}

fn unflatten(all: &[f32], v: &mut NetValues) {
    let mut at = 0;
    for part in [&mut v.w1, &mut v.b1, &mut v.w2, &mut v.b2, &mut v.w3] {
        let n = part.len();
        part.copy_from_slice(&all[at..at + n]);
        at += n;
    }
    v.b3 = all[at];
}

/// Trains a network for `preset` on `samples` (the last tenth held out), calling
/// `progress(epoch, training loss, held-out loss)` after every epoch. It starts from random
/// weights, or goes on from `start` (a network of the same width, more data for one already
/// trained).
pub fn train_net(
    preset: Preset,
    samples: &[Sample],
    config: &NetConfig,
    start: Option<&NetEval>,
    mut progress: impl FnMut(usize, f64, f64),
) -> (NetEval, NetReport) {
    let rows: Vec<Row> = samples
        .iter()
        .map(|s| {
            let pos = &s.position;
            let w = Profile::of(pos.preset()).weights;
            let mut active = [0u16; 32];
            let n = features(&pos.board, pos.side, &mut active) as u8;
            let red = s.red_score as f32;
            Row {
                active,
                n,
                hand: evaluate(&w, pos) as f32,
                target: if pos.side == Color::Red {
                    red
                } else {
                    1.0 - red
                },
            }
        })
        .collect();
    let split = rows.len() - rows.len() / 10;
    let (fit, held) = rows.split_at(split);
    // The logistic scale that fits the hand evaluation best.
    let hand_loss = |rows: &[Row], k: f32| {
        rows.iter()
            .map(|r| cross_entropy(r.target as f64, sigmoid(k * r.hand / 100.0) as f64))
            .sum::<f64>()
            / rows.len().max(1) as f64
    };
    let k = (1..=60)
        .map(|step| step as f32 * 0.05)
        .min_by(|a, b| hand_loss(fit, *a).total_cmp(&hand_loss(fit, *b)))
        .unwrap_or(1.0);
    let scale = k / 100.0;

    let mut model = Model::new(config.hidden, 0x5eed);
    if let Some(net) = start {
        // The file's output weights are in hundredths of a man, the float network's in men.
        let mut v = net.values();
        assert_eq!(v.hidden, config.hidden, "a start network of another width");
        v.w3.iter_mut().for_each(|w| *w /= 100.0);
        v.b3 /= 100.0;
        model.v = v;
    }
    let h = config.hidden;
    let mut weights = flatten(&model.v);
    let n = weights.len();
    let (mut m, mut s2) = (vec![0f32; n], vec![0f32; n]);
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let (off_b1, off_w2) = (INPUTS * h, INPUTS * h + h);
    let off_b2 = off_w2 + HIDDEN2 * h;
    let (off_w3, off_b3) = (off_b2 + HIDDEN2, off_b2 + 2 * HIDDEN2);
    let mut order: Vec<usize> = (0..fit.len()).collect();
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let mut step = 0;
    let held_loss = |model: &Model| {
        held.iter()
            .map(|r| {
                let pass = model.forward(&r.active[..r.n as usize]);
                cross_entropy(
                    r.target as f64,
                    sigmoid(scale * (r.hand + 100.0 * pass.out)) as f64,
                )
            })
            .sum::<f64>()
            / held.len().max(1) as f64
    };
    let start_loss = start.map(|_| held_loss(&model));
    for epoch in 1..=config.epochs {
        for i in (1..order.len()).rev() {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            order.swap(i, (rng % (i as u64 + 1)) as usize);
        }
        let mut total = 0f64;
        for batch in order.chunks(config.batch) {
            let mut grad = vec![0f32; n];
            for &idx in batch {
                let r = &fit[idx];
                let active = &r.active[..r.n as usize];
                let pass = model.forward(active);
                let p = sigmoid(scale * (r.hand + 100.0 * pass.out));
                total += cross_entropy(r.target as f64, p as f64);
                // d loss / d out (the output is in men: × 100 inside the sigmoid).
                let g_out = (p - r.target) * scale * 100.0 / batch.len() as f32;
                grad[off_b3] += g_out;
                let mut g_a1 = vec![0f32; h];
                for k in 0..HIDDEN2 {
                    let a2 = pass.a2[k];
                    grad[off_w3 + k] += g_out * a2.clamp(0.0, 1.0);
                    if a2 <= 0.0 || a2 >= 1.0 {
                        continue;
                    }
                    let g_a2 = g_out * model.v.w3[k];
                    grad[off_b2 + k] += g_a2;
                    let row = off_w2 + k * h;
                    for j in 0..h {
                        let a1 = pass.a1[j];
                        if a1 > 0.0 && a1 < 1.0 {
                            grad[row + j] += g_a2 * a1;
                            g_a1[j] += g_a2 * model.v.w2[k * h + j];
                        } else if a1 >= 1.0 {
                            grad[row + j] += g_a2;
                        }
                    }
                }
                for j in 0..h {
                    grad[off_b1 + j] += g_a1[j];
                }
                for &i in active {
                    let row = i as usize * h;
                    for j in 0..h {
                        grad[row + j] += g_a1[j];
                    }
                }
            }
            step += 1;
            let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            for i in 0..n {
                let g = grad[i];
                m[i] = beta1 * m[i] + (1.0 - beta1) * g;
                s2[i] = beta2 * s2[i] + (1.0 - beta2) * g * g;
                weights[i] -= config.rate * (m[i] / c1) / ((s2[i] / c2).sqrt() + eps);
            }
            unflatten(&weights, &mut model.v);
        }
        progress(epoch, total / fit.len().max(1) as f64, held_loss(&model));
    }
    // The float network's output is in men; the integer one's in hundredths.
    let mut values = model.v.clone();
    values.w3.iter_mut().for_each(|w| *w *= 100.0);
    values.b3 *= 100.0;
    let net = NetEval::from_values(preset, &values);
    let rounded = held
        .iter()
        .zip(&samples[split..])
        .map(|(r, s)| {
            let z = r.hand + net.evaluate(&s.position) as f32;
            cross_entropy(r.target as f64, sigmoid(scale * z) as f64)
        })
        .sum::<f64>()
        / held.len().max(1) as f64;
    let report = NetReport {
        train: fit.len(),
        held_out: held.len(),
        k: k as f64,
        before: hand_loss(held, k),
        start: start_loss,
        after: held_loss(&model),
        after_rounded: rounded,
    };
    (net, report)
}
