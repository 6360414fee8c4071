//! A small neural network evaluation for one preset (`dame learn --model net`, in the lab),
//! added to the hand evaluation in place of the learned tables: unlike the tables it weighs
//! pieces together across the whole board.
//!
//! The input is the board from the side to move's point of view (turned half round when Black
//! is to move, so that the side to move always moves up the board): one input per (own man,
//! own king, opponent's man, opponent's king) × square, 128 in all, at most 24 of them on. Two
//! hidden layers with clipped ReLU, then one output in hundredths of a man:
//!
//! ```text
//!  128 → HIDDEN (clipped ReLU) → 32 (clipped ReLU) → 1
//! ```
//!
//! Integer weights (i16 in the first layer, whose sum over the active inputs is the
//! "accumulator", i16 after, i32 sums), so the value is the same natively and in WebAssembly.
//!
//! The bytes: the magic `DAMENET1`, the family (one byte), the hidden width (one byte, in
//! units of 16: 32, 64, 128 or 256), two zero bytes, then the preset's index in the preset table in the 11th byte
//! (the 10th and 12th: zero), then little-endian i16 in this order: the first layer's
//! weights (input-major, HIDDEN per input), its biases, the second layer's weights
//! (output-major, HIDDEN per output), its biases (as i32: 2 × i16, low first), the output
//! weights (32 × i16) and its bias (i32 as 2 × i16); and the FNV-1a hash of everything before
//! it (8 bytes, little-endian).

use crate::learned::{fnv1a, turned, INDEX_OF_BIT};
use dame_core::board::{Board, Color, Position};
use dame_core::Preset;
use std::fmt;

/// Inputs: (own man, own king, opponent's man, opponent's king) × 32 squares.
pub const INPUTS: usize = 128;
/// The second hidden layer's width.
pub const HIDDEN2: usize = 32;
/// The activations' 1.0 in the integer network.
pub const ONE: i32 = 127;
/// The second layer's weights' 1.0 (its sums are divided by this).
pub const W2_ONE: i32 = 64;
/// The output weights' scale: output weights hold hundredths of a man × this.
pub const OUT_ONE: i32 = 16;

const MAGIC: &[u8; 8] = b"DAMENET1";
const HEADER: usize = 12;

/// The active inputs of a board with `side` to move, in `out`; returns how many.
pub fn features(board: &Board, side: Color, out: &mut [u16; 32]) -> usize {
    let (red, black, kings) = (board.red.0, board.black.0, board.kings.0);
    let (own, opponent, kings) = match side {
        Color::Red => (red, black, kings),
        Color::Black => (turned(black), turned(red), turned(kings)),
    };
    let mut n = 0;
    for (kind, bits) in [
        own & !kings,
        own & kings,
        opponent & !kings,
        opponent & kings,
    ]
    .into_iter()
    .enumerate()
    {
        let mut rest = bits;
        while rest != 0 {
            let bit = rest.trailing_zeros() as usize;
            out[n] = (kind * 32 + INDEX_OF_BIT[bit] as usize) as u16;
            n += 1;
            rest &= rest - 1;
        }
    }
    n
}

/// A network for one preset, checked when loaded.
#[derive(Clone, PartialEq, Eq)]
pub struct NetEval {
    preset: Preset,
    hidden: usize,
    /// INPUTS × hidden, input-major.
    w1: Box<[i16]>,
    b1: Box<[i16]>,
    /// HIDDEN2 × hidden, output-major.
    w2: Box<[i16]>,
    b2: [i32; HIDDEN2],
    w3: [i16; HIDDEN2],
    b3: i32,
    hash: u64,
}

impl fmt::Debug for NetEval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "NetEval({}, {} hidden, {:016x})",
            self.preset.info().id,
            self.hidden,
            self.hash
        )
    }
}

/// Float weights of a network, as training holds them (the integer network is these, scaled).
#[derive(Clone, Debug)]
pub struct NetValues {
    /// The first hidden layer's width.
    pub hidden: usize,
    /// INPUTS × hidden, input-major.
    pub w1: Vec<f32>,
    /// hidden.
    pub b1: Vec<f32>,
    /// HIDDEN2 × hidden, output-major.
    pub w2: Vec<f32>,
    /// HIDDEN2.
    pub b2: Vec<f32>,
    /// HIDDEN2, in hundredths of a man.
    pub w3: Vec<f32>,
    /// In hundredths of a man.
    pub b3: f32,
}

impl NetEval {
    fn body_len(hidden: usize) -> usize {
        HEADER + 2 * (INPUTS * hidden + hidden + HIDDEN2 * hidden + 2 * HIDDEN2 + HIDDEN2 + 2)
    }

    /// The network from trained float weights, rounded to integers.
    pub fn from_values(preset: Preset, v: &NetValues) -> NetEval {
        let q16 = |x: f32, scale: i32| (x * scale as f32).round().clamp(-32767.0, 32767.0) as i16;
        let mut b2 = [0; HIDDEN2];
        let mut w3 = [0; HIDDEN2];
        for k in 0..HIDDEN2 {
            b2[k] = (v.b2[k] * (ONE * W2_ONE) as f32).round() as i32;
            w3[k] = q16(v.w3[k], OUT_ONE);
        }
        let mut net = NetEval {
            preset,
            hidden: v.hidden,
            w1: v.w1.iter().map(|&x| q16(x, ONE)).collect(),
            b1: v.b1.iter().map(|&x| q16(x, ONE)).collect(),
            w2: v.w2.iter().map(|&x| q16(x, W2_ONE)).collect(),
            b2,
            w3,
            b3: (v.b3 * (ONE * OUT_ONE) as f32).round() as i32,
            hash: 0,
        };
        net.hash = NetEval::from_bytes(&net.to_bytes())
            .expect("a freshly written network reads back")
            .hash;
        net
    }

    /// The float weights this network was rounded from, as far as rounding kept them (the
    /// inverse of [`NetEval::from_values`]): training can go on from a shipped network.
    pub fn values(&self) -> NetValues {
        let f = |x: i16, scale: i32| x as f32 / scale as f32;
        NetValues {
            hidden: self.hidden,
            w1: self.w1.iter().map(|&x| f(x, ONE)).collect(),
            b1: self.b1.iter().map(|&x| f(x, ONE)).collect(),
            w2: self.w2.iter().map(|&x| f(x, W2_ONE)).collect(),
            b2: self
                .b2
                .iter()
                .map(|&x| x as f32 / (ONE * W2_ONE) as f32)
                .collect(),
            w3: self.w3.iter().map(|&x| f(x, OUT_ONE)).collect(),
            b3: self.b3 as f32 / (ONE * OUT_ONE) as f32,
        }
    }

    /// The network as bytes (the format above).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(NetEval::body_len(self.hidden) + 8);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&[(self.hidden / 16) as u8, 0, self.preset as u8, 0]);
        let mut put = |x: i16| bytes.extend_from_slice(&x.to_le_bytes());
        self.w1.iter().for_each(|&x| put(x));
        self.b1.iter().for_each(|&x| put(x));
        self.w2.iter().for_each(|&x| put(x));
        for &x in &self.b2 {
            put(x as i16);
            put((x >> 16) as i16);
        }
        self.w3.iter().for_each(|&x| put(x));
        put(self.b3 as i16);
        put((self.b3 >> 16) as i16);
        bytes.extend_from_slice(&fnv1a(&bytes).to_le_bytes());
        bytes
    }

    /// Reads a network written by [`NetEval::to_bytes`]; a wrong length, magic, family or hash
    /// is an error in words, never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<NetEval, String> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err("network: not a network file (bad magic)".into());
        }
        let preset = Preset::ALL
            .get(bytes[10] as usize)
            .copied()
            .ok_or_else(|| format!("network: unknown preset {}", bytes[10]))?;
        let hidden = bytes[8] as usize * 16;
        if ![32, 64, 128, 256].contains(&hidden) || bytes[9] != 0 || bytes[11] != 0 {
            return Err("network: bad header".into());
        }
        let body = NetEval::body_len(hidden);
        if bytes.len() != body + 8 {
            return Err(format!(
                "network: {} bytes, expected {} for {hidden} hidden units",
                bytes.len(),
                body + 8
            ));
        }
        let hash = fnv1a(&bytes[..body]);
        if bytes[body..] != hash.to_le_bytes() {
            return Err("network: damaged (hash mismatch)".into());
        }
        let mut words = bytes[HEADER..body]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut take = |n: usize| -> Box<[i16]> { words.by_ref().take(n).collect() };
        let w1 = take(INPUTS * hidden);
        let b1 = take(hidden);
        let w2 = take(HIDDEN2 * hidden);
        let pairs = take(2 * HIDDEN2);
        let w3s = take(HIDDEN2);
        let last = take(2);
        let join = |lo: i16, hi: i16| (lo as u16 as i32) | ((hi as i32) << 16);
        let mut b2 = [0; HIDDEN2];
        let mut w3 = [0; HIDDEN2];
        for k in 0..HIDDEN2 {
            b2[k] = join(pairs[2 * k], pairs[2 * k + 1]);
            w3[k] = w3s[k];
        }
        Ok(NetEval {
            preset,
            hidden,
            w1,
            b1,
            w2,
            b2,
            w3,
            b3: join(last[0], last[1]),
            hash,
        })
    }

    /// The preset this network was trained for.
    pub fn preset(&self) -> Preset {
        self.preset
    }

    /// The first hidden layer's width.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// A fingerprint of the network (the file's hash).
    pub fn fingerprint(&self) -> u64 {
        self.hash
    }

    /// The correction from the side to move's point of view, in hundredths of a man.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut active = [0u16; 32];
        let n = features(&pos.board, pos.side, &mut active);
        let active = &active[..n];
        // One copy of the loops per width, so that their lengths are known and vectorised.
        match self.hidden {
            32 => self.forward::<32>(active),
            64 => self.forward::<64>(active),
            128 => self.forward::<128>(active),
            _ => self.forward::<256>(active),
        }
    }

    #[inline(always)]
    fn forward<const H: usize>(&self, active: &[u16]) -> i32 {
        let mut acc = [0i16; H];
        acc.copy_from_slice(&self.b1[..H]);
        for &i in active {
            let row: &[i16; H] = self.w1[i as usize * H..][..H].try_into().expect("a row");
            for j in 0..H {
                acc[j] = acc[j].wrapping_add(row[j]);
            }
        }
        for a in acc.iter_mut() {
            *a = (*a).clamp(0, ONE as i16);
        }
        let mut sums = self.b2;
        for (k, sum) in sums.iter_mut().enumerate() {
            let row: &[i16; H] = self.w2[k * H..][..H].try_into().expect("a row");
            *sum += dot(&acc, row);
        }
        // Apart from the sums, so that this loop is vectorised too.
        let mut out = self.b3;
        for (sum, &w) in sums.iter().zip(&self.w3) {
            out += (sum / W2_ONE).clamp(0, ONE) * w as i32;
        }
        out / (ONE * OUT_ONE)
    }
}

/// The dot product of the activations and a row of weights, exact in i32 (activations are
/// 0..=127, so no sum overflows). Eight products at a time, pairs of neighbours summed: SSE2's
/// `pmaddwd` on x86-64, wasm SIMD's `i32x4.dot_i16x8_s` in the page's SIMD worker, the plain
/// loop elsewhere (the same value every way).
#[inline(always)]
fn dot<const H: usize>(a: &[i16; H], w: &[i16; H]) -> i32 {
    const { assert!(H.is_multiple_of(8), "whole chunks of eight") };
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of every x86-64 processor (the target's baseline), and each load
    // reads one 8-element chunk (16 bytes) of a slice.
    unsafe {
        use std::arch::x86_64::{
            __m128i, _mm_add_epi32, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_madd_epi16,
            _mm_setzero_si128, _mm_shuffle_epi32,
        };
        let eight = |x: &[i16]| _mm_loadu_si128(x.as_ptr().cast::<__m128i>());
        let mut sum = _mm_setzero_si128();
        for (a, w) in a.chunks_exact(8).zip(w.chunks_exact(8)) {
            sum = _mm_add_epi32(sum, _mm_madd_epi16(eight(a), eight(w)));
        }
        sum = _mm_add_epi32(sum, _mm_shuffle_epi32::<0b01_00_11_10>(sum));
        sum = _mm_add_epi32(sum, _mm_shuffle_epi32::<0b10_11_00_01>(sum));
        _mm_cvtsi128_si32(sum)
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        use core::arch::wasm32::{
            i16x8, i32x4_add, i32x4_dot_i16x8, i32x4_extract_lane, i32x4_splat,
        };
        let eight = |x: &[i16]| i16x8(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]);
        let mut sum = i32x4_splat(0);
        for (a, w) in a.chunks_exact(8).zip(w.chunks_exact(8)) {
            sum = i32x4_add(sum, i32x4_dot_i16x8(eight(a), eight(w)));
        }
        i32x4_extract_lane::<0>(sum)
            + i32x4_extract_lane::<1>(sum)
            + i32x4_extract_lane::<2>(sum)
            + i32x4_extract_lane::<3>(sum)
    }
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        a.iter().zip(w).map(|(&a, &w)| a as i32 * w as i32).sum()
    }
}

/// The presets that have a network of their own (`data/learned/<preset>-net.bin`); the others
/// play with their family's tables.
pub const NET_PRESETS: [Preset; 4] = [
    Preset::English,
    Preset::Standard,
    Preset::Russian,
    Preset::Blasen,
];

/// The networks built into the native program, per preset ([`NET_PRESETS`]); none in
/// WebAssembly, where the page loads them after its first paint. Only a network a match
/// confirmed is kept in `data/learned/`: against an outside engine for English, against the
/// kept baseline for the presets that have no outside engine.
pub fn embedded_net(preset: Preset) -> Option<std::sync::Arc<NetEval>> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::{Arc, OnceLock};
        static NETS: [OnceLock<Arc<NetEval>>; NET_PRESETS.len()] =
            [const { OnceLock::new() }; NET_PRESETS.len()];
        let bytes: &[u8] = match preset {
            Preset::English => include_bytes!("../../../data/learned/english-net.bin"),
            Preset::Standard => include_bytes!("../../../data/learned/standard-net.bin"),
            Preset::Russian => include_bytes!("../../../data/learned/russian-net.bin"),
            Preset::Blasen => include_bytes!("../../../data/learned/blasen-net.bin"),
            _ => return None,
        };
        let slot = NET_PRESETS.iter().position(|&p| p == preset)?;
        let net = NETS[slot].get_or_init(|| {
            Arc::new(NetEval::from_bytes(bytes).expect("the embedded network is valid"))
        });
        Some(net.clone())
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = preset;
        None
    }
}
