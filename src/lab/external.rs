//! Matches between two engine programs that speak the engine protocol (`dame engine`,
//! [`dame_engine::protocol`]): for example today's binary, kept as a baseline, against a new one. Same
//! openings, colours, adjudication and result as the matches between levels ([`super::matches`]).
//! With endgame databases the runner also ends a game as soon as its position is covered, with
//! the database's result, as match runners do with tablebases: long endings then cost no time.

use super::matches::{play_games, MatchResult, MAX_PLIES};
use dame_core::game::{Game, Outcome, QUIET_PLIES_FOR_DRAW};
use dame_core::notation::Numbering;
use dame_core::pdn::write_game;
use dame_core::Color;
use dame_core::Preset;
use dame_engine::egdb::{Endgames, Value};
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;

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
    /// How many of them to leave out at the start: a long match played in parts (`--skip`).
    pub skip: usize,
    /// Openings as turn lists (internal notation).
    pub openings: Vec<Vec<String>>,
    /// Each engine's time per move (`go movetime`).
    pub movetime_ms: u64,
    /// Games played at once (each with its own two engine processes).
    pub threads: usize,
    /// Databases that adjudicate the positions they cover; `None` plays every game out.
    pub adjudicator: Option<Endgames>,
    /// A file of finished games (`--record`): the games in it are not played again and count in
    /// the result, and every game finished now is added to it, so a match cut short resumes
    /// where it stopped.
    pub record: Option<PathBuf>,
    /// A file every finished game is added to as PDN (`--pdn`), adjudicated results included.
    pub pdn: Option<PathBuf>,
}

/// What one finished game's report line says: its number (from 1) and A's colour and result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RecordedGame {
    /// The game's number in the schedule, from 1.
    number: usize,
    /// Whether A had Red.
    a_red: bool,
    /// The winner from A's side: `Some(true)` A won, `Some(false)` B won, `None` a draw.
    a_won: Option<bool>,
}

/// The games of a record file (the lines `game 17/400: A red, A wins after 84 plies` that the
/// runner writes; blank lines and lines starting with `#` are skipped), checked against a match
/// of `games` games: each game once, within the match, with the colour the schedule gives it.
fn read_record(text: &str, games: usize) -> Result<Vec<RecordedGame>, String> {
    let mut seen = vec![false; games];
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("line {}: {why}: {line}", n + 1);
        let game = parse_game_line(line).ok_or_else(|| {
            bad("not a game's line (game N/M: A red|black, A wins|B wins|draw …)")
        })?;
        if game.number == 0 || game.number > games {
            return Err(bad(&format!("game number outside 1..{games}")));
        }
        if game.a_red != (game.number % 2 == 1) {
            return Err(bad(
                "A's colour is not the schedule's (A has Red in the odd games)",
            ));
        }
        if std::mem::replace(&mut seen[game.number - 1], true) {
            return Err(bad("this game is recorded twice"));
        }
        found.push(game);
    }
    Ok(found)
}

/// One report line, or `None` when it is not one.
fn parse_game_line(line: &str) -> Option<RecordedGame> {
    let rest = line.strip_prefix("game ")?;
    let (number, rest) = rest.split_once('/')?;
    let (_total, rest) = rest.split_once(": A ")?;
    let (colour, rest) = rest.split_once(", ")?;
    let a_red = match colour {
        "red" => true,
        "black" => false,
        _ => return None,
    };
    let a_won = if rest.starts_with("A wins") {
        Some(true)
    } else if rest.starts_with("B wins") {
        Some(false)
    } else if rest.starts_with("draw") {
        None
    } else {
        return None;
    };
    Some(RecordedGame {
        number: number.parse().ok()?,
        a_red,
        a_won,
    })
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

/// How a game between two programs ended: the game as played, the winner (`None` for a draw),
/// and whether the database adjudicated it.
#[derive(Clone, Debug)]
pub struct GameEnd {
    /// The game as played, the opening included.
    pub game: Game,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Whether the game ended by the database's verdict rather than on the board.
    pub adjudicated: bool,
}

/// The database's verdict on `game`'s position: the winner (`None` for a draw), or nothing
/// when the position is not covered, or when a win's conversion would come too late for the
/// 40-move rule (docs/rules.md §5), which the databases do not know: that game is played on.
pub fn verdict(endgames: &Endgames, game: &Game) -> Option<Option<Color>> {
    let side = game.side_to_move();
    // The converting turn is the d-th from here; the position before it must not be drawn yet.
    let in_time = |d: u8| game.quiet_plies() + u32::from(d) <= QUIET_PLIES_FOR_DRAW;
    match endgames.probe(game.position())? {
        Value::Draw => Some(None),
        Value::Win(d) if in_time(d) => Some(Some(side)),
        Value::Loss(d) if in_time(d) => Some(Some(side.opposite())),
        Value::Win(_) | Value::Loss(_) => None,
    }
}

/// One game from `opening`, `red` against `black`, adjudicated as in [`super::matches`]: the
/// draw rules, and a draw after [`MAX_PLIES`] plies; with `adjudicator`, also by the database
/// as soon as it covers the position ([`verdict`]).
pub fn play_engine_game(
    preset: Preset,
    opening: &[String],
    red: &mut EngineProcess,
    black: &mut EngineProcess,
    movetime_ms: u64,
    adjudicator: Option<&Endgames>,
) -> Result<GameEnd, String> {
    let mut game = Game::new(preset);
    for text in opening {
        game.play_text(text)
            .map_err(|e| format!("opening {}: {e}", opening.join(" ")))?;
    }
    red.new_game(preset)?;
    black.new_game(preset)?;
    let end = |game: Game, winner, adjudicated| GameEnd {
        game,
        winner,
        adjudicated,
    };
    while game.outcome().is_none() && game.history().len() < MAX_PLIES {
        if let Some(winner) = adjudicator.and_then(|db| verdict(db, &game)) {
            return Ok(end(game, winner, true));
        }
        let engine = if game.side_to_move() == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        let text = engine.choose(&game, movetime_ms)?;
        game.play_text(&text).map_err(|e| e.to_string())?;
    }
    let winner = match game.outcome() {
        Some(Outcome::Win { winner, .. }) => Some(winner),
        _ => None,
    };
    Ok(end(game, winner, false))
}

/// Plays the match: the result from `a`'s side, with the games already in the record file. Each
/// finished game is reported on stderr (a long match shows its progress) and added to the record
/// file.
pub fn play_engine_match(config: &EngineMatch) -> Result<MatchResult, String> {
    let mut recorded = MatchResult::default();
    let mut done = vec![false; config.games];
    let record = match &config.record {
        None => None,
        Some(path) => {
            let where_ = |e: String| format!("--record {}: {e}", path.display());
            let text = match std::fs::read_to_string(path) {
                Ok(text) => text,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
                Err(e) => return Err(where_(e.to_string())),
            };
            for game in read_record(&text, config.games).map_err(where_)? {
                done[game.number - 1] = true;
                match game.a_won {
                    Some(true) => recorded.wins += 1,
                    Some(false) => recorded.losses += 1,
                    None => recorded.draws += 1,
                }
            }
            let file = open_to_append(path).map_err(where_)?;
            // A file edited by hand may end without a newline: the next line starts on its own.
            if !text.is_empty() && !text.ends_with('\n') {
                append(&file, "\n").map_err(where_)?;
            }
            if recorded.games() > 0 {
                eprintln!(
                    "{} games from {}, not played again",
                    recorded.games(),
                    path.display()
                );
            }
            Some(file)
        }
    };
    let pdn = config
        .pdn
        .as_ref()
        .map(|path| open_to_append(path).map_err(|e| format!("--pdn {}: {e}", path.display())))
        .transpose()?;
    let engines = |_thread| {
        Ok((
            EngineProcess::start(&config.a)?,
            EngineProcess::start(&config.b)?,
        ))
    };
    let game = |(a, b): &mut (EngineProcess, EngineProcess), i, opening: &[String], a_is_red| {
        let (red, black) = if a_is_red { (a, b) } else { (b, a) };
        let end = play_engine_game(
            config.preset,
            opening,
            red,
            black,
            config.movetime_ms,
            config.adjudicator.as_ref(),
        )?;
        let a_color = if a_is_red { Color::Red } else { Color::Black };
        let line = format!(
            "game {}/{}: A {}, {} after {} plies{}",
            i + 1,
            config.games,
            if a_is_red { "red" } else { "black" },
            match end.winner {
                None => "draw",
                Some(c) if c == a_color => "A wins",
                Some(_) => "B wins",
            },
            end.game.history().len(),
            if end.adjudicated { " (database)" } else { "" }
        );
        eprintln!("{line}");
        if let Some(file) = &pdn {
            let names = (config.a.as_str(), config.b.as_str());
            let text = game_pdn(names, i, a_is_red, &end);
            append(file, &format!("{text}\n"))
                .map_err(|e| format!("cannot write the PDN file: {e}"))?;
        }
        if let Some(file) = &record {
            append(file, &format!("{line}\n"))
                .map_err(|e| format!("cannot write the record file: {e}"))?;
        }
        Ok(end.winner)
    };
    let to_play: Vec<usize> = (config.skip..config.games).filter(|&i| !done[i]).collect();
    if to_play.is_empty() {
        return Ok(recorded);
    }
    let played = play_games(&to_play, config.threads, &config.openings, engines, game)?;
    Ok(MatchResult {
        wins: recorded.wins + played.wins,
        draws: recorded.draws + played.draws,
        losses: recorded.losses + played.losses,
    })
}

/// A file opened to add to (made if missing), shared by the match's threads.
pub(crate) fn open_to_append(path: &Path) -> Result<Mutex<File>, String> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map(Mutex::new)
        .map_err(|e| e.to_string())
}

/// Adds `text` in one write, so that a runner stopped at any moment leaves whole lines and games.
pub(crate) fn append(file: &Mutex<File>, text: &str) -> Result<(), String> {
    let mut file = file.lock().map_err(|_| "a thread failed while writing")?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.flush())
        .map_err(|e| e.to_string())
}

/// Game `i` of a match as PDN: the players' names (`names`: A's and B's, an engine's command or
/// a level's name) as White and Black, the game's number as its round, the result as the game
/// ended (by the database's verdict too, named in `Termination`).
pub(crate) fn game_pdn(names: (&str, &str), i: usize, a_is_red: bool, end: &GameEnd) -> String {
    let numbering = Numbering::of(end.game.preset());
    let (a, b) = (format!("A: {}", names.0), format!("B: {}", names.1));
    let red_is_white = numbering.white() == Color::Red;
    let (white, black) = if a_is_red == red_is_white {
        (a, b)
    } else {
        (b, a)
    };
    let result = match end.winner {
        None => "1/2-1/2",
        Some(c) if c == numbering.white() => "1-0",
        Some(_) => "0-1",
    };
    let round = (i + 1).to_string();
    let termination = if end.adjudicated {
        "the endgame database's verdict"
    } else if end.game.outcome().is_none() {
        "the match's ply limit"
    } else {
        "on the board"
    };
    write_game(
        &end.game,
        &[
            ("Event", "dame match"),
            ("Round", &round),
            ("White", &white),
            ("Black", &black),
            ("Result", result),
            ("Termination", termination),
        ],
    )
}
