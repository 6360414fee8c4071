//! Matches between two engine programs that speak the engine protocol (`dame engine`,
//! [`super::protocol`]): for example today's binary, kept as a baseline, against a new one. Same
//! openings, colours, adjudication and result as the matches between levels ([`super::matches`]).

use super::matches::{play_games, MatchResult, MAX_PLIES};
use crate::game::{Game, Outcome};
use crate::rules::Preset;
use crate::Color;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A match between two engine commands.
pub struct EngineMatch {
    /// The rules played.
    pub preset: Preset,
    /// The commands that start the two engines (split at spaces: program, then arguments).
    pub a: String,
    /// See `a`.
    pub b: String,
    /// Games in all; colours alternate, each opening is played once with each colour.
    pub games: usize,
    /// Openings as turn lists (internal notation).
    pub openings: Vec<Vec<String>>,
    /// Each engine's time per move (`go movetime`).
    pub movetime_ms: u64,
    /// Games played at once (each with its own two engine processes).
    pub threads: usize,
}

/// One running engine program.
pub struct EngineProcess {
    command: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl EngineProcess {
    /// Starts `command` and checks that it answers `isready`.
    pub fn start(command: &str) -> Result<EngineProcess, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("an empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start engine '{command}': {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut engine = EngineProcess {
            command: command.to_string(),
            child,
            input,
            output,
        };
        engine.send("isready")?;
        engine.wait_for("readyok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("engine '{}': cannot send '{line}': {e}", self.command))
    }

    /// Reads lines until one starts with `prefix`: that line. An `error` line from the engine
    /// or its end is a problem.
    fn wait_for(&mut self, prefix: &str) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("engine '{}': {e}", self.command))?;
            if read == 0 {
                return Err(format!("engine '{}' ended", self.command));
            }
            let text = line.trim_end();
            if text.starts_with(prefix) {
                return Ok(text.to_string());
            }
            if let Some(why) = text.strip_prefix("error ") {
                return Err(format!("engine '{}': {why}", self.command));
            }
        }
    }

    /// A new game of `preset`.
    pub fn new_game(&mut self, preset: Preset) -> Result<(), String> {
        self.send(&format!("rules {}", preset.id()))?;
        self.send("newgame")
    }

    /// The engine's turn in `game` (played from the start position), checked to be legal.
    pub fn choose(&mut self, game: &Game, movetime_ms: u64) -> Result<String, String> {
        let history = game.history_text();
        let moves = if history.is_empty() {
            String::new()
        } else {
            format!(" moves {}", history.join(" "))
        };
        self.send(&format!("position startpos{moves}"))?;
        self.send(&format!("go movetime {movetime_ms}"))?;
        let line = self.wait_for("bestmove ")?;
        let text = line["bestmove ".len()..].trim().to_string();
        let mut check = game.clone();
        check.play_text(&text).map_err(|e| {
            format!(
                "engine '{}' played '{text}' after {:?}: {e}",
                self.command, history
            )
        })?;
        Ok(text)
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// One game from `opening`, `red` against `black`, adjudicated as in [`super::matches`]: the
/// draw rules, and a draw after [`MAX_PLIES`] plies. The winner, or `None` for a draw.
pub fn play_engine_game(
    preset: Preset,
    opening: &[String],
    red: &mut EngineProcess,
    black: &mut EngineProcess,
    movetime_ms: u64,
) -> Result<Option<Color>, String> {
    let mut game = Game::new(preset.rules());
    for text in opening {
        game.play_text(text)
            .map_err(|e| format!("opening {}: {e}", opening.join(" ")))?;
    }
    red.new_game(preset)?;
    black.new_game(preset)?;
    while game.outcome().is_none() && game.history().len() < MAX_PLIES {
        let engine = if game.side_to_move() == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        let text = engine.choose(&game, movetime_ms)?;
        game.play_text(&text).map_err(|e| e.to_string())?;
    }
    Ok(match game.outcome() {
        Some(Outcome::Win { winner, .. }) => Some(winner),
        _ => None,
    })
}

/// Plays the match: the result from `a`'s side.
pub fn play_engine_match(config: &EngineMatch) -> Result<MatchResult, String> {
    let engines = |_thread| {
        Ok((
            EngineProcess::start(&config.a)?,
            EngineProcess::start(&config.b)?,
        ))
    };
    let game = |(a, b): &mut (EngineProcess, EngineProcess), _i, opening: &[String], a_is_red| {
        let (red, black) = if a_is_red { (a, b) } else { (b, a) };
        play_engine_game(config.preset, opening, red, black, config.movetime_ms)
    };
    play_games(
        config.games,
        config.threads,
        &config.openings,
        engines,
        game,
    )
}
