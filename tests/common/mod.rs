//! Helpers shared by the integration tests: positions and turns as text, and running `dame`.
#![allow(dead_code)]

pub mod json;

use dame_core::{notation, position_from_fen, Board, Game, Piece, Position, Preset, Setup, Square};

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

/// The position seen from the other side: the board turned half round (square n to 33 − n),
/// the colours swapped, the other side to move.
pub fn flipped(pos: &Position) -> Position {
    let mut board = Board::EMPTY;
    for sq in Square::all() {
        if let Some(piece) = pos.piece_at(sq) {
            let to = Square::from_number(33 - sq.number()).unwrap();
            let color = piece.color.opposite();
            board.set(to, Piece { color, ..piece });
        }
    }
    let setup = Setup {
        board,
        side: pos.side().opposite(),
        ..Setup::start()
    };
    Position::from_setup(setup, pos.preset()).expect("a flipped position is legal")
}

/// Positions of random English games, every ply.
pub fn random_positions(games: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut game = Game::new(Preset::English);
        while game.outcome().is_none() && game.history().len() < 150 {
            out.push(*game.position());
            let turns = game.legal_turns();
            game.play(&turns[rng.below(turns.len())]).unwrap();
        }
    }
    out
}
