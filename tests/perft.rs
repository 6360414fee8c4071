//! Perft from data files (`tests/perft/*.perft`): blocks of `id`, `rules`, `fen` and
//! `perft <depth> <count>` lines. Counts up to `FAST_LIMIT` leaves run with `cargo test`; the rest
//! run with `cargo test --release -- --ignored`.

use dame_core::{perft, position_from_fen, Preset};
use std::fs;

const FAST_LIMIT: u64 = 5_000_000;

struct Case {
    id: String,
    preset: Preset,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let mut files: Vec<_> = fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft"))
        .expect("tests/perft exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    let mut cases: Vec<Case> = Vec::new();
    for file in files {
        for line in fs::read_to_string(&file).expect("readable file").lines() {
            let line = line.trim();
            let Some((key, value)) = line.split_once(' ') else {
                continue;
            };
            match key {
                "id" => cases.push(Case {
                    id: value.to_string(),
                    preset: Preset::English,
                    fen: String::new(),
                    counts: Vec::new(),
                }),
                "rules" => cases.last_mut().unwrap().preset = value.parse().unwrap(),
                "fen" => cases.last_mut().unwrap().fen = value.to_string(),
                "perft" => {
                    let (d, n) = value.split_once(' ').unwrap();
                    let case = cases.last_mut().unwrap();
                    case.counts.push((d.parse().unwrap(), n.parse().unwrap()));
                }
                _ if key.starts_with('#') => {}
                _ => panic!("{}: unknown line {line}", file.display()),
            }
        }
    }
    assert!(!cases.is_empty());
    cases
}

fn run(limit: u64) {
    for case in cases() {
        let pos = position_from_fen(&case.fen, case.preset).unwrap();
        let wanted: Vec<(u32, u64)> = case
            .counts
            .iter()
            .copied()
            .filter(|&(_, n)| n <= limit)
            .collect();
        let Some(&(depth, _)) = wanted.iter().max() else {
            continue;
        };
        let got = perft(&pos, depth);
        for (d, n) in wanted {
            assert_eq!(got[d as usize - 1], n, "{} depth {d}", case.id);
        }
    }
}

#[test]
fn perft_fast() {
    run(FAST_LIMIT);
}

#[test]
#[ignore = "deep perft: run with cargo test --release -- --ignored"]
fn perft_deep() {
    run(u64::MAX);
}
