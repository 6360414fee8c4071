//! Lists every legal turn of a position with the position after it, both in the game's own
//! notation (ACF numbers for English checkers, algebraic squares for Russian draughts).
//!
//! ```text
//! cargo run -p dame-core --example moves -- english "W:W18:B14,15,23"
//! cargo run -p dame-core --example moves -- blasen
//! ```

use dame_core::notation::Numbering;
use dame_core::{Game, Position, Preset};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let preset: Preset = match args.next().as_deref().unwrap_or("english").parse() {
        Ok(preset) => preset,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let numbering = Numbering::of(preset);
    let position = match args.next() {
        Some(fen) => match numbering.position_from_fen(&fen, preset) {
            Ok(position) => position,
            Err(e) => {
                eprintln!("{fen}: {e}");
                return ExitCode::from(2);
            }
        },
        None => Position::start(preset),
    };
    let game = Game::from_position(position);
    let mut out = std::io::stdout().lock();
    for turn in game.legal_turns() {
        let after = position.play_turn_unchecked(&turn);
        let line = writeln!(
            out,
            "{:<12} {}",
            numbering.turn_text(&position, &turn),
            numbering.write_fen(&after.setup())
        );
        if line.is_err() {
            break; // the reader has gone (`| head`)
        }
    }
    ExitCode::SUCCESS
}
