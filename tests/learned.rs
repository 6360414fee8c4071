//! The learned evaluation (`dame_engine::LearnedEval`): the tables built into the program, read
//! back from their bytes, evaluate deterministically and colour-symmetrically; damaged bytes are
//! refused; the engine uses tables only for their own rule family.

mod common;

use common::{flipped, random_positions, Rng};
use dame_core::{Game, Preset};
use dame_engine::{embedded, Engine, EvalFamily, LearnedEval, Limits};
use std::sync::Arc;

const SHORT_KINGS: &[u8] = include_bytes!("../data/learned/short-kings.bin");
/// `<preset> <value> <FEN>` per line: positions and their tables' correction for the side to
/// move. tests/wasm_web.rs checks the same values in WebAssembly.
const VALUES: &str = include_str!("learned_values.txt");

fn tables() -> LearnedEval {
    LearnedEval::from_bytes(SHORT_KINGS).expect("the committed tables load")
}

#[test]
fn the_committed_tables_are_the_embedded_ones_and_read_back_to_the_same_bytes() {
    let tables = tables();
    assert_eq!(tables.family(), EvalFamily::ShortKings);
    assert_eq!(tables.to_bytes(), SHORT_KINGS);
    let built_in = embedded(EvalFamily::ShortKings).expect("short-kings tables are built in");
    assert_eq!(*built_in, tables);
    assert_eq!(
        dame_engine::Profile::of(Preset::English).eval_family,
        EvalFamily::ShortKings,
        "English reads the short-kings tables"
    );
}

#[test]
fn every_file_in_data_learned_is_built_in_for_its_family() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/learned");
    for family in EvalFamily::ALL {
        let path = dir.join(format!("{}.bin", family.id()));
        match (std::fs::read(&path), embedded(family)) {
            (Ok(bytes), Some(built_in)) => {
                let tables = LearnedEval::from_bytes(&bytes).unwrap();
                assert_eq!(tables.family(), family, "{}", path.display());
                assert_eq!(tables, *built_in, "{}", path.display());
            }
            (Err(_), None) => {}
            (file, built_in) => panic!(
                "{family}: file {} but built in: {}",
                if file.is_ok() { "present" } else { "missing" },
                built_in.is_some()
            ),
        }
    }
}

#[test]
fn fixed_positions_have_fixed_values() {
    let mut checked = 0;
    for line in VALUES.lines().filter(|l| !l.trim().is_empty()) {
        let mut words = line.splitn(3, ' ');
        let (preset, value, fen) = (
            words.next().unwrap(),
            words.next().unwrap(),
            words.next().unwrap(),
        );
        let preset: Preset = preset.parse().unwrap();
        let tables =
            embedded(dame_engine::Profile::of(preset).eval_family).expect("tables for the preset");
        let pos = common::pos(preset, fen);
        assert_eq!(
            tables.evaluate(&pos),
            value.parse::<i32>().unwrap(),
            "{preset} {fen}"
        );
        checked += 1;
    }
    assert!(checked >= 10);
}

#[test]
fn a_position_and_its_colour_flipped_twin_score_the_same_for_the_side_to_move() {
    let tables = tables();
    let positions = random_positions(30, 0x5eed);
    let mut nonzero = 0;
    for pos in &positions {
        let twin = flipped(pos);
        assert_eq!(
            tables.red_view(pos.board()),
            -tables.red_view(twin.board()),
            "{pos}"
        );
        assert_eq!(tables.evaluate(pos), tables.evaluate(&twin), "{pos}");
        // Deterministic: the same position, read again from its FEN, the same value.
        let again = common::pos(Preset::English, &pos.to_string());
        assert_eq!(tables.evaluate(pos), tables.evaluate(&again), "{pos}");
        nonzero += usize::from(tables.evaluate(pos) != 0);
    }
    assert!(
        nonzero > positions.len() / 2,
        "the tables say something: {nonzero} of {} positions",
        positions.len()
    );
}

#[test]
fn damaged_bytes_are_refused_with_a_reason() {
    let good = SHORT_KINGS.to_vec();
    let refused = |bytes: &[u8]| LearnedEval::from_bytes(bytes).unwrap_err();
    assert!(refused(&[]).contains("bytes"));
    assert!(refused(&good[..good.len() - 1]).contains("bytes"));
    let mut bad_magic = good.clone();
    bad_magic[0] = b'X';
    assert!(refused(&bad_magic).contains("magic"));
    let mut bad_family = good.clone();
    bad_family[8] = 7;
    assert!(refused(&bad_family).contains("family"));
    let mut flipped_bit = good.clone();
    flipped_bit[5000] ^= 1;
    assert!(refused(&flipped_bit).contains("hash"));
    // Whatever arrives, an answer and no panic.
    let mut rng = Rng(7);
    for _ in 0..200 {
        let mut bytes = good.clone();
        let i = rng.below(bytes.len());
        bytes[i] = bytes[i].wrapping_add(1 + rng.below(255) as u8);
        assert!(LearnedEval::from_bytes(&bytes).is_err());
        let cut = rng.below(bytes.len());
        assert!(LearnedEval::from_bytes(&good[..cut]).is_err());
    }
}

#[test]
fn the_engine_uses_tables_only_for_their_own_family() {
    let limits = Limits::depth(6);
    let search = |preset: Preset, learned: bool| {
        let mut engine = Engine::new(4);
        if learned {
            engine.use_learned(Arc::new(tables()));
        }
        let game = Game::new(preset);
        let result = engine.search(&game, &limits);
        (result.nodes, result.score)
    };
    // Russian has flying kings: the short-kings tables do not apply, the search is the same.
    assert_eq!(
        search(Preset::Russian, false),
        search(Preset::Russian, true)
    );
    // In English they change what the search sees.
    assert_ne!(
        search(Preset::English, false),
        search(Preset::English, true)
    );
    let mut engine = Engine::new(1);
    engine.use_learned(Arc::new(tables()));
    assert!(engine.learned_for(Preset::Standard).is_some());
    assert!(engine.learned_for(Preset::Blasen).is_none());
    engine.forget_learned();
    assert!(engine.learned_for(Preset::English).is_none());
}

#[test]
fn tables_in_the_rows_layout_read_back_and_differ_from_blocks_only_by_the_row_bands() {
    use dame_engine::Layout;
    // Committed tables in the blocks layout, rewritten in the rows layout with the bands at
    // zero, evaluate exactly as before; a band entry changes the value of the boards that use it.
    let blocks: &[u8] = include_bytes!("../data/learned/flying-kings.bin");
    let blocks_tables = LearnedEval::from_bytes(blocks).unwrap();
    let phase_blocks = (blocks.len() - 12 - 8) / 2;
    let bands = 4 * 6561;
    let kings = 32;
    let mut body = Vec::new();
    for phase in 0..2 {
        let set = &blocks[12 + phase * phase_blocks..12 + (phase + 1) * phase_blocks];
        let (regions, king_squares) = set.split_at(phase_blocks - kings);
        body.extend_from_slice(regions);
        body.extend(std::iter::repeat_n(0u8, bands));
        body.extend_from_slice(king_squares);
    }
    let with_hash = |body: &[u8]| {
        let mut bytes = blocks[..12].to_vec();
        bytes[9] = 1;
        bytes.extend_from_slice(body);
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for &b in &bytes {
            hash ^= b as u64;
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        bytes.extend_from_slice(&hash.to_le_bytes());
        bytes
    };
    let rows = LearnedEval::from_bytes(&with_hash(&body)).expect("rows layout loads");
    assert_eq!(rows.layout(), Layout::Rows);
    assert_eq!(blocks_tables.layout(), Layout::Blocks);
    assert_eq!(rows.to_bytes(), with_hash(&body));
    let positions = random_positions(20, 11);
    for pos in &positions {
        assert_eq!(rows.evaluate(pos), blocks_tables.evaluate(pos));
    }
    // The band of a side's own two back rows (rows 7-8 seen from that side) with all eight
    // squares its own: at the start both sides use it, so a value there cancels; once one side
    // has moved a man off them, it counts for the other alone.
    let start = Game::new(Preset::English);
    let mut changed = body.clone();
    let entry = (9 + 3) * 6561 + 3280;
    changed[entry] = 50;
    let tweaked = LearnedEval::from_bytes(&with_hash(&changed)).unwrap();
    assert_eq!(
        tweaked.evaluate(start.position()),
        rows.evaluate(start.position())
    );
    let mut moved = 0;
    for pos in &positions {
        if tweaked.evaluate(pos) != rows.evaluate(pos) {
            moved += 1;
        }
    }
    assert!(moved > 0, "a band entry is read by some positions");
}
