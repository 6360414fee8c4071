//! The engine protocol of `dame engine`: a line protocol on stdin and stdout, so that match
//! runners and other programs can drive the computer player (docs/protocol.md).
//!
//! Commands, one per line (turns and FEN in the internal notation of docs/rules.md §7):
//! `rules <preset>`, `newgame`, `position startpos [moves <turn> …]`,
//! `position fen <FEN> [moves <turn> …]`, `go depth <d>` | `go movetime <ms>` | `go nodes <n>`
//! (several limits may be combined; the first reached ends the search), `stop`, `isready`,
//! `quit`. The game's history counts: a position repeated in the moves given is a draw inside
//! the search. While searching: `info depth <d> score <s> nodes <n> nps <x> pv <turns…>` after
//! each iteration, then `bestmove <turn>` (`bestmove none` when the side to move has no legal
//! turn or the game is over). A Blasen turn that begins with a huff is two words, as in §7
//! (`h26 8-11`), in `moves`, `pv` and `bestmove`. Other commands sent during a search wait for its `bestmove`. A bad
//! command gets one line `error <why>`, and the engine goes on.
//!
//! `egdb <dir>` loads the current preset's endgame database from a directory (`dame egdb
//! --out`), and later `rules` commands load their preset's from there when it has one;
//! `egdb off` plays without. A database that fails to load is an `error` with the reason.

use crate::egdb::Endgames;
use crate::{Engine, Limits, SearchResult};
use dame_core::game::Game;
use dame_core::notation::turn_text;
use dame_core::Preset;
use dame_core::{position_from_fen, Position};
use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Transposition table size of the protocol's engine.
const TABLE_MB: usize = 64;

/// One engine session: the rules, the game set with `position`, and the search running, if any.
pub struct Session<W: Write + Send + 'static> {
    preset: Preset,
    game: Game,
    engine: Arc<Mutex<Engine>>,
    out: Arc<Mutex<W>>,
    search: Option<(JoinHandle<()>, Arc<AtomicBool>)>,
    /// Where endgame databases are loaded from (`egdb <dir>`), and those loaded so far.
    egdb_dir: Option<String>,
    endgames: HashMap<Preset, Arc<Endgames>>,
}

impl<W: Write + Send + 'static> Session<W> {
    /// A session in the Blasen preset at its start position, writing to `out`.
    pub fn new(out: W) -> Session<W> {
        Session::with_engine(out, Engine::new(TABLE_MB))
    }

    /// The same with a given engine (for example one with learned tables).
    pub fn with_engine(out: W, engine: Engine) -> Session<W> {
        let preset = Preset::Blasen;
        Session {
            preset,
            game: Game::new(preset),
            engine: Arc::new(Mutex::new(engine)),
            out: Arc::new(Mutex::new(out)),
            search: None,
            egdb_dir: None,
            endgames: HashMap::new(),
        }
    }

    /// Endgame databases from `dir` for every preset that has one there, loaded with each
    /// `rules` command and for the current preset now (as `egdb <dir>` does, without requiring
    /// the current preset's). An error if a database there fails to load.
    pub fn set_egdb_dir(&mut self, dir: &str) -> Result<(), String> {
        self.egdb_dir = Some(dir.to_string());
        self.endgames.clear();
        self.use_endgames(false)
    }

    /// Handles one line of input; false once the session should end (`quit`).
    pub fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return true; // an empty line
        };
        // Any command but these waits for the running search to end (its limits always end it),
        // so that a script piped in at once is read in order.
        if !matches!(command, "quit" | "stop" | "isready") {
            self.finish();
        }
        let answer = match command {
            "quit" => {
                self.stop();
                return false;
            }
            "stop" => {
                self.stop();
                Ok(())
            }
            "isready" => {
                self.say("readyok");
                Ok(())
            }
            "rules" => self.rules(args),
            "newgame" => {
                self.finish();
                self.engine().clear();
                self.game = Game::new(self.preset);
                Ok(())
            }
            "position" => self.position(args),
            "go" => self.go(args),
            "egdb" => self.egdb(args),
            other => Err(format!(
                "unknown command '{}' (rules, newgame, position, go, stop, isready, quit, egdb)",
                clip(other)
            )),
        };
        if let Err(why) = answer {
            self.say(&format!("error {why}"));
        }
        true
    }

    /// Stops the running search, if any: its `bestmove` is written before this returns.
    fn stop(&mut self) {
        if let Some((_, flag)) = &self.search {
            flag.store(true, Ordering::Relaxed);
        }
        self.finish();
    }

    /// Waits for the search thread, if any, to end.
    fn finish(&mut self) {
        if let Some((handle, _)) = self.search.take() {
            let _ = handle.join();
        }
    }

    fn engine(&self) -> std::sync::MutexGuard<'_, Engine> {
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn rules(&mut self, args: &[&str]) -> Result<(), String> {
        let [id] = args else {
            return Err(format!("usage: rules <preset> ({})", Preset::id_list()));
        };
        self.preset = id
            .parse()
            .map_err(|e: dame_core::UnknownPreset| e.to_string())?;
        self.game = Game::new(self.preset);
        self.use_endgames(false)
    }

    /// `egdb <dir>`: the databases of `dir` from now on, the current preset's at once (it must
    /// be there, or the command fails and no databases are used); `egdb off`: none.
    fn egdb(&mut self, args: &[&str]) -> Result<(), String> {
        let [dir] = args else {
            return Err("usage: egdb <directory> | egdb off".into());
        };
        self.endgames.clear();
        if *dir == "off" {
            self.egdb_dir = None;
            self.engine().set_endgames(None);
            return Ok(());
        }
        self.egdb_dir = Some(dir.to_string());
        let loaded = self.use_endgames(true);
        if loaded.is_err() {
            self.egdb_dir = None; // the session goes on as before, without databases
        }
        loaded
    }

    /// Gives the engine the current preset's database from the `egdb` directory, loading it
    /// the first time; a missing file is an error only when `required`.
    fn use_endgames(&mut self, required: bool) -> Result<(), String> {
        let Some(dir) = &self.egdb_dir else {
            return Ok(());
        };
        let preset = self.preset;
        let db = match self.endgames.get(&preset) {
            Some(db) => Some(db.clone()),
            None => match load_endgames(dir, preset, required) {
                Ok(Some(db)) => {
                    let db = Arc::new(db);
                    self.endgames.insert(preset, db.clone());
                    Some(db)
                }
                Ok(None) => None,
                Err(why) => {
                    self.engine().set_endgames(None);
                    return Err(format!("egdb: {why}"));
                }
            },
        };
        self.engine().set_endgames(db);
        Ok(())
    }

    /// `position startpos [moves …]` or `position fen <FEN> [moves …]`: the game is replaced only
    /// when the whole command is good.
    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let (setup, moves) = match args.iter().position(|w| *w == "moves") {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let start = match setup.split_first() {
            Some((&"startpos", [])) => Position::start(self.preset),
            Some((&"fen", fen)) if !fen.is_empty() => {
                position_from_fen(&fen.join(" "), self.preset)
                    .map_err(|e| format!("bad FEN: {e}"))?
            }
            _ => return Err("usage: position startpos|fen <FEN> [moves <turn> …]".into()),
        };
        let mut game = Game::from_position(start);
        for (i, text) in turn_words(moves).iter().enumerate() {
            game.play_text(text)
                .map_err(|e| format!("move {} '{}': {e}", i + 1, clip(text)))?;
        }
        self.game = game;
        Ok(())
    }

    /// `go` with its limits: the search runs in a thread, so that `stop` and `isready` are
    /// answered meanwhile.
    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        let mut limits = Limits::default();
        let mut rest = args;
        while let [name, value, tail @ ..] = rest {
            let number: u64 = value
                .parse()
                .map_err(|_| format!("go {name}: '{}' is not a whole number", clip(value)))?;
            if number == 0 {
                return Err(format!("go {name}: must be at least 1"));
            }
            match *name {
                "depth" => limits.depth = Some(number.min(100) as u32),
                "movetime" => limits.movetime_ms = Some(number as f64),
                "nodes" => limits.nodes = Some(number),
                other => return Err(format!("go: unknown limit '{}'", clip(other))),
            }
            rest = tail;
        }
        if !rest.is_empty() || args.is_empty() {
            return Err("usage: go depth <d> | movetime <ms> | nodes <n>".into());
        }
        let flag = Arc::new(AtomicBool::new(false));
        limits.stop = Some(flag.clone());
        let out = self.out.clone();
        let root = *self.game.position();
        limits.on_iteration = Some(Arc::new(move |r: &SearchResult| {
            say(&out, &info_line(&root, r));
        }));
        let game = self.game.clone();
        let engine = self.engine.clone();
        let out = self.out.clone();
        let handle = std::thread::spawn(move || {
            let best = if game.outcome().is_some() {
                None
            } else {
                let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
                engine.search(&game, &limits).best
            };
            let text = best.map_or("none".to_string(), |t| turn_text(game.position(), &t));
            say(&out, &format!("bestmove {text}"));
        });
        self.search = Some((handle, flag));
        Ok(())
    }
}

/// The turns of a `moves` list: a huff followed by a move is written in two words (`h26 8-11`,
/// docs/rules.md §7), which make one turn; a huff alone (it took the last piece) is one word.
fn turn_words(words: &[&str]) -> Vec<String> {
    let is_huff = |w: &str| w.starts_with(['h', 'H']);
    let mut turns = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if is_huff(words[i]) && i + 1 < words.len() && !is_huff(words[i + 1]) {
            turns.push(format!("{} {}", words[i], words[i + 1]));
            i += 2;
        } else {
            turns.push(words[i].to_string());
            i += 1;
        }
    }
    turns
}

/// Writes one line and flushes it (a reader waits for whole lines).
fn say<W: Write>(out: &Mutex<W>, line: &str) {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// `preset`'s database from `dir`: `None` when there is none and it is not `required`.
#[cfg(not(target_arch = "wasm32"))]
fn load_endgames(dir: &str, preset: Preset, required: bool) -> Result<Option<Endgames>, String> {
    let dir = std::path::Path::new(dir);
    if !required && !dir.join(Endgames::file_name(preset)).exists() {
        return Ok(None);
    }
    Endgames::load(dir, preset)
        .map(Some)
        .map_err(|e| e.to_string())
}

/// The browser has no files: its databases arrive as bytes ([`Endgames::from_bytes`]).
#[cfg(target_arch = "wasm32")]
fn load_endgames(_: &str, _: Preset, required: bool) -> Result<Option<Endgames>, String> {
    if required {
        Err("no files to load a database from here".into())
    } else {
        Ok(None)
    }
}

/// `info depth … score … nodes … nps … pv …` for one iteration from `root`.
fn info_line(root: &Position, r: &SearchResult) -> String {
    let mut line = *root;
    let pv: Vec<String> =
        r.pv.iter()
            .map(|turn| {
                let text = turn_text(&line, turn);
                line = line.play_turn_unchecked(turn);
                text
            })
            .collect();
    let nps = r.nodes as f64 / (r.elapsed_ms / 1000.0).max(1e-6);
    format!(
        "info depth {} score {} nodes {} nps {:.0} pv {}",
        r.depth,
        r.score,
        r.nodes,
        nps,
        pv.join(" ")
    )
}

/// Input echoed in an error, cut to 40 characters.
fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}
