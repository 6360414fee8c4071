//! Helpers shared by the integration tests: positions and turns as text, and running `dame`.
#![allow(dead_code)]

pub mod json;

use dame_core::{notation, position_from_fen, Game, Position, Preset};

pub fn pos(preset: Preset, fen: &str) -> Position {
    position_from_fen(fen, preset).unwrap_or_else(|e| panic!("bad test FEN {fen}: {e}"))
}

/// Every legal turn of the position, in notation, sorted.
pub fn turns(preset: Preset, fen: &str) -> Vec<String> {
    turns_of(&pos(preset, fen))
}

pub fn turns_of(p: &Position) -> Vec<String> {
    let mut list: Vec<String> = p
        .legal_turns()
        .iter()
        .map(|t| notation::turn_text(p, t))
        .collect();
    list.sort();
    list
}

/// The FEN after playing `turn` (in notation) from `fen`.
pub fn after(preset: Preset, fen: &str, turn: &str) -> String {
    let mut game = Game::from_position(pos(preset, fen));
    game.play_text(turn)
        .unwrap_or_else(|e| panic!("{turn} refused in {fen}: {e}"));
    game.position().to_string()
}

pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// xorshift64*: small, deterministic, good enough to pick moves and mutations.
pub struct Rng(pub u64);

impl Rng {
    /// A number in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// Runs the `dame` binary with `input` on stdin (closed after it) and returns what it did.
pub fn dame_with_stdin(args: &[&str], input: &str) -> std::process::Output {
    dame_in(std::path::Path::new("."), args, input)
}

/// As [`dame_with_stdin`], in the directory `dir`.
pub fn dame_in(dir: &std::path::Path, args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dame"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dame runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
