//! The puzzle sets shipped for the page's puzzle mode (`data/puzzles/<preset>.jsonl`, made by
//! `dame puzzles`, docs/engine.md "puzzles"): every line a JSON object with the finder's fields,
//! in the file's preset, a FEN that reads, a solution that is a legal line of turns from it; ids
//! `<preset>-1`, `<preset>-2`, … in file order; no position twice; enough puzzles per preset.
//! (The JSON reader is the one of tests/puzzles.rs: the package has no JSON dependency.)

mod common;

use common::json::Json;
use dame_core::{position_from_fen, Game, Preset};
use std::collections::HashSet;

/// The least number of puzzles each set must hold.
const AT_LEAST: [(&str, usize); 5] = [
    ("blasen", 300),
    ("standard", 300),
    ("english", 300),
    ("standard-flying", 40),
    ("russian", 40),
];

fn dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/puzzles")
}

fn text(value: &Json) -> &str {
    match value {
        Json::Text(t) => t,
        other => panic!("not a string: {other:?}"),
    }
}

/// Checks one file's lines; returns how many puzzles it holds.
fn check_file(id: &str, content: &str) -> usize {
    let preset: Preset = id.parse().unwrap_or_else(|e| panic!("{id}.jsonl: {e}"));
    let mut fens = HashSet::new();
    let mut count = 0;
    for (i, line) in content.lines().enumerate() {
        let at = format!("{id}.jsonl line {}", i + 1);
        let value = Json::parse(line);
        let Json::Object(fields) = &value else {
            panic!("{at}: not an object")
        };
        let names: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            names,
            ["id", "rules", "fen", "solution", "gain", "source", "rating"],
            "{at}"
        );
        assert_eq!(text(value.get("id")), format!("{id}-{}", i + 1), "{at}");
        assert_eq!(text(value.get("rules")), id, "{at}");
        let fen = text(value.get("fen"));
        assert!(fens.insert(fen.to_string()), "{at}: {fen} twice");
        let position = position_from_fen(fen, preset).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert!(position.legal_turns().len() >= 2, "{at}: a forced turn");
        let Json::Array(solution) = value.get("solution") else {
            panic!("{at}: the solution is not an array")
        };
        // The solution ends with the solver's turn.
        assert!(solution.len() % 2 == 1, "{at}: {} plies", solution.len());
        let mut game = Game::from_position(position);
        for turn in solution {
            let turn = text(turn);
            game.play_text(turn)
                .unwrap_or_else(|e| panic!("{at}: {turn} after {}: {e}", game.position()));
        }
        match value.get("gain") {
            Json::Number(n) => assert!(*n >= 100, "{at}: gain {n}"),
            Json::Text(t) => assert_eq!(t, "win", "{at}"),
            other => panic!("{at}: gain {other:?}"),
        }
        let source = text(value.get("source"));
        assert!(
            !source.is_empty() && !source.starts_with('/') && !source.contains("/tmp"),
            "{at}: source {source}"
        );
        let Json::Number(rating) = value.get("rating") else {
            panic!("{at}: the rating is not a number")
        };
        assert!((1000..=2800).contains(rating), "{at}: rating {rating}");
        count += 1;
    }
    count
}

#[test]
fn every_shipped_puzzle_reads_and_its_solution_is_legal() {
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(dir()).expect("data/puzzles") {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        // The folder's README.md and the like are not sets.
        let Some(id) = name.strip_suffix(".jsonl") else {
            continue;
        };
        let content = std::fs::read_to_string(&path).unwrap();
        let count = check_file(id, &content);
        let (_, least) = AT_LEAST
            .iter()
            .find(|(p, _)| *p == id)
            .unwrap_or_else(|| panic!("data/puzzles/{name}: not a preset's set"));
        assert!(
            count >= *least,
            "{name}: {count} puzzles, fewer than {least}"
        );
        seen.push(id.to_string());
    }
    seen.sort();
    let mut all: Vec<String> = AT_LEAST.iter().map(|(p, _)| p.to_string()).collect();
    all.sort();
    assert_eq!(seen, all, "a set per preset");
}

#[test]
fn a_bad_line_is_caught() {
    let good =
        "{\"id\": \"english-1\", \"rules\": \"english\", \"fen\": \"W:W22,23,26,31:B3,4,14,15\", \
                \"solution\": [\"22-18\", \"15x22\", \"26x17x10\"], \"gain\": 100, \
                \"source\": \"shot\", \"rating\": 1140}";
    assert_eq!(check_file("english", good), 1);
    for bad in [
        good.replace("26x17x10", "26x17"),
        good.replace("english-1", "english-2"),
        good.replace("\"rules\": \"english\"", "\"rules\": \"russian\""),
        good.replace("\"shot\"", "\"/tmp/games.pdn:1:2\""),
        format!("{good}\n{}", good.replace("english-1", "english-2")),
    ] {
        let caught = std::panic::catch_unwind(|| check_file("english", &bad));
        assert!(caught.is_err(), "not caught: {bad}");
    }
}
