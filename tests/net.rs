//! The network evaluation (`dame_engine::NetEval`): the network built into the program reads
//! back from its bytes, evaluates deterministically and colour-symmetrically; damaged bytes are
//! refused; the engine uses a network only for its own preset.

mod common;

use common::{flipped, random_positions, Rng};
use dame_core::{Game, Position, Preset};
use dame_engine::net::{embedded_net, features, NET_PRESETS};
use dame_engine::{Engine, Limits, NetEval};
use std::sync::Arc;

const ENGLISH: &[u8] = include_bytes!("../data/learned/english-net.bin");
/// `<preset> <value> <FEN>` per line: positions and the network's correction for the side to
/// move. crates/web/tests/wasm_web.rs checks the same values in WebAssembly.
const VALUES: &str = include_str!("net_values.txt");

fn net() -> NetEval {
    NetEval::from_bytes(ENGLISH).expect("the committed network loads")
}

#[test]
fn the_committed_network_is_the_embedded_one_and_reads_back_to_the_same_bytes() {
    let net = net();
    assert_eq!(net.preset(), Preset::English);
    assert_eq!(net.to_bytes(), ENGLISH);
    assert_eq!(*embedded_net(Preset::English).unwrap(), net);
    for preset in Preset::ALL {
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("data/learned/{}-net.bin", preset.info().id));
        assert_eq!(file.exists(), NET_PRESETS.contains(&preset), "{preset}");
        assert_eq!(embedded_net(preset).is_some(), file.exists(), "{preset}");
    }
}

#[test]
fn a_network_rebuilt_from_its_float_values_is_the_same_network() {
    // Training goes on from a shipped network through its values (`dame learn --start`).
    let net = net();
    let again = NetEval::from_values(net.preset(), &net.values());
    assert_eq!(again, net);
    assert_eq!(again.to_bytes(), ENGLISH);
}

#[test]
fn the_inputs_are_the_pieces_seen_from_the_side_to_move() {
    // The start: 12 own men on squares 21–32 (inputs 20–31), 12 opponent's men on 1–12
    // (inputs 64–75), for either side to move (the board turned half round for Black).
    let start = Position::start(Preset::English);
    let mut active = [0u16; 32];
    for pos in [start, flipped(&start)] {
        let n = features(pos.board(), pos.side(), &mut active);
        let mut got = active[..n].to_vec();
        got.sort();
        let want: Vec<u16> = (20..32).chain(64..76).collect();
        assert_eq!(got, want, "{pos}");
    }
    // A red king on 1 and a black man on 28, Black to move: Black's man is on its own
    // square 5 (input 4), Red's king on Black's square 32 (input 3 × 32 + 31).
    let pos = common::pos(Preset::English, "B:WK1:B28");
    let n = features(pos.board(), pos.side(), &mut active);
    assert_eq!(&active[..n], &[4, 127]);
}

#[test]
fn fixed_positions_have_fixed_values() {
    let net = net();
    let mut checked = 0;
    for line in VALUES.lines().filter(|l| !l.trim().is_empty()) {
        let mut words = line.splitn(3, ' ');
        let (preset, value, fen) = (
            words.next().unwrap(),
            words.next().unwrap(),
            words.next().unwrap(),
        );
        let preset: Preset = preset.parse().unwrap();
        let pos = common::pos(preset, fen);
        assert_eq!(net.evaluate(&pos), value.parse::<i32>().unwrap(), "{fen}");
        checked += 1;
    }
    assert!(checked >= 10);
}

#[test]
fn a_position_and_its_colour_flipped_twin_score_the_same_for_the_side_to_move() {
    // Every shipped network: the board is read from the side to move's point of view.
    for preset in NET_PRESETS {
        let net = embedded_net(preset).unwrap();
        assert_eq!(
            net.preset(),
            preset,
            "the file of {preset} holds its network"
        );
        let positions = random_positions(30, 0x5eed);
        let mut nonzero = 0;
        for pos in &positions {
            assert_eq!(
                net.evaluate(pos),
                net.evaluate(&flipped(pos)),
                "{preset} {pos}"
            );
            let again = common::pos(Preset::English, &pos.to_string());
            assert_eq!(net.evaluate(pos), net.evaluate(&again), "{preset} {pos}");
            nonzero += usize::from(net.evaluate(pos) != 0);
        }
        assert!(
            nonzero > positions.len() / 2,
            "{preset}'s network says something: {nonzero} of {} positions",
            positions.len()
        );
    }
}

#[test]
fn damaged_bytes_are_refused_with_a_reason() {
    let good = ENGLISH.to_vec();
    let refused = |bytes: &[u8]| NetEval::from_bytes(bytes).unwrap_err();
    assert!(refused(&[]).contains("magic"));
    assert!(refused(&good[..good.len() - 1]).contains("bytes"));
    let mut bad_magic = good.clone();
    bad_magic[0] = b'X';
    assert!(refused(&bad_magic).contains("magic"));
    let mut bad_preset = good.clone();
    bad_preset[10] = 40;
    assert!(refused(&bad_preset).contains("preset"));
    let mut bad_width = good.clone();
    bad_width[8] = 3;
    assert!(refused(&bad_width).contains("header"));
    let mut flipped_bit = good.clone();
    flipped_bit[5000] ^= 1;
    assert!(refused(&flipped_bit).contains("hash"));
    // Whatever arrives, an answer and no panic.
    let mut rng = Rng(7);
    for _ in 0..200 {
        let mut bytes = good.clone();
        let i = rng.below(bytes.len());
        bytes[i] = bytes[i].wrapping_add(1 + rng.below(255) as u8);
        assert!(NetEval::from_bytes(&bytes).is_err());
        let cut = rng.below(bytes.len());
        assert!(NetEval::from_bytes(&good[..cut]).is_err());
    }
}

#[test]
fn the_engine_uses_a_network_only_for_its_own_preset_and_not_at_the_hand_levels() {
    let limits = Limits::depth(6);
    let search = |preset: Preset, with_net: bool, hand_only: bool| {
        let mut engine = Engine::new(4);
        if with_net {
            engine.use_net(Arc::new(net()));
        }
        engine.set_hand_only(hand_only);
        let result = engine.search(&Game::new(preset), &limits);
        (result.nodes, result.score)
    };
    // Standard shares English's tables but not its network.
    assert_eq!(
        search(Preset::Standard, false, false),
        search(Preset::Standard, true, false)
    );
    assert_ne!(
        search(Preset::English, false, false),
        search(Preset::English, true, false)
    );
    assert_eq!(
        search(Preset::English, false, true),
        search(Preset::English, true, true)
    );
    let mut engine = Engine::new(1);
    engine.use_net(Arc::new(net()));
    assert!(engine.net_for(Preset::English).is_some());
    assert!(engine.net_for(Preset::Standard).is_none());
    engine.forget_learned();
    assert!(engine.net_for(Preset::English).is_none());
}
