//! `dame`: the command-line tool over the rules core.
//!
//! ```text
//! dame perft --rules <preset> [--fen "<FEN>"] --depth <D>
//! dame moves --rules <preset> [--fen "<FEN>"] [--notation internal|native]
//! dame pdn [FILE] [--rules <preset>]
//! dame egdb --rules <preset> --pieces <N> [--out DIR]   (endgame databases: src/engine/egdb/)
//! dame engine [--egdb DIR]   (the engine protocol on stdin/stdout: src/engine/protocol.rs)
//! ```
//! Bad arguments or a bad FEN: one line on stderr, exit status 2.

use dame::lab::egdb_generate::{Generate, PieceCountReport};
use dame::lab::{external, learn, matches, tune};
use dame_core::notation::{pdn, Numbering};
use dame_core::{perft, position_from_fen, Position, Preset};
use dame_engine::egdb::{Endgames, Value};
use dame_engine::{protocol, Engine, Layout, LearnedEval, Level, Limits, Weights};
use std::collections::HashMap;
use std::process::ExitCode;
use std::time::Instant;

/// Writes one line of the tool's output. When the reader has gone (`dame pdn games.pdn | head`),
/// the tool ends quietly with success, as Unix tools do, instead of panicking on the closed pipe.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            output_failed(e)
        }
    }};
}

/// The end of the tool once its output cannot be written: quiet when the reader closed the pipe,
/// with the reason otherwise (a full disk, say).
fn output_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("cannot write the output: {e}");
    std::process::exit(1);
}

const USAGE: &str = "usage:
  dame perft --rules <preset> [--fen \"<FEN>\"] --depth <D>
  dame moves --rules <preset> [--fen \"<FEN>\"] [--notation internal|native]
  dame search --rules <preset> [--fen \"<FEN>\"] (--depth <D> | --movetime <MS> | --nodes <N>)
              [--notation internal|native] [--eval learned|hand|<tables FILE>]
  dame pdn [FILE] [--rules <preset for games without GameType or Rules tag>]
  dame match --rules <preset> --a <level> --b <level> --games <N> [--openings FILE]
             [--movetime <MS of the top level; the others scale>] [--threads <T>] [--seed <S>]
  dame match --rules <preset> --engine-a \"<command>\" --engine-b \"<command>\" --games <N>
             --movetime <MS per move, each> [--openings FILE] [--threads <T>]
             [--adjudicate <egdb DIR: covered positions end the game with their result>]
             [--skip <N: leave out the first N games, to play a long match in parts>]
             [--record FILE: finished games are added to FILE; those in it are not played again]
             [--pdn FILE: finished games are added to FILE as PDN]
  dame tune --rules <preset> [--games <N>] [--level <L>] [--rounds <R>] [--seed <S>] [--check <N>]
  dame learn --rules <preset> --out FILE [--games <N>] [--level <L>] [--seed <S>] [--epochs <E>]
             [--decay <L2>] [--layout blocks|rows] [--write-positions FILE | --positions FILE]
  dame egdb --rules <preset> --pieces <N> [--kings-only] [--out DIR] [--threads <T>]
  dame egdb --rules <preset> --probe \"<FEN>\" [--dir DIR]
  dame engine [--eval learned|hand|<tables FILE>] [--egdb DIR|off]   (default: egdb/ if there)
                (a line protocol on stdin/stdout: rules, newgame, position, go, stop, isready,
                quit, egdb)";

/// Where `dame egdb` writes its databases and `--probe` reads them unless told otherwise.
const EGDB_DIR: &str = "egdb";

/// Parsed `--name value` options.
struct Options(HashMap<String, String>);

impl Options {
    fn parse(args: &[String], allowed: &[&str]) -> Result<Options, String> {
        let mut map = HashMap::new();
        let mut rest = args.iter();
        while let Some(arg) = rest.next() {
            let Some(name) = arg.strip_prefix("--") else {
                return Err(format!("unexpected argument '{arg}'"));
            };
            let (name, value) = match name.split_once('=') {
                Some((n, v)) => (n.to_string(), v.to_string()),
                None => {
                    let value = rest
                        .next()
                        .ok_or_else(|| format!("--{name} needs a value"))?;
                    (name.to_string(), value.clone())
                }
            };
            if !allowed.contains(&name.as_str()) {
                return Err(format!("unknown option --{name}"));
            }
            if map.insert(name.clone(), value).is_some() {
                return Err(format!("--{name} given twice"));
            }
        }
        Ok(Options(map))
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    fn preset(&self) -> Result<Preset, String> {
        self.get("rules")
            .ok_or_else(|| format!("missing --rules <preset> ({})", Preset::id_list()))?
            .parse()
            .map_err(|e: dame_core::UnknownPreset| e.to_string())
    }

    fn position(&self) -> Result<Position, String> {
        let preset = self.preset()?;
        match self.get("fen") {
            None => Ok(Position::start(preset.rules())),
            Some(fen) => {
                position_from_fen(fen, preset.rules()).map_err(|e| format!("bad FEN: {e}"))
            }
        }
    }

    /// The notation of turns in the output: the internal one of docs/rules.md §7 (the
    /// default), or the preset's own (`native`: ACF numbers for English, algebraic for Russian).
    fn numbering(&self) -> Result<Numbering, String> {
        match self.get("notation") {
            None | Some("internal") => Ok(Numbering::Internal),
            Some("native") => Ok(Numbering::of(self.preset()?)),
            Some(other) => Err(format!(
                "unknown notation '{other}' (expected internal or native)"
            )),
        }
    }

    /// The openings of `--openings FILE`, else the preset's own list.
    fn openings(&self, preset: Preset) -> Result<Vec<Vec<String>>, String> {
        match self.get("openings") {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read openings file {path}: {e}"))?;
                Ok(matches::parse_openings(&text))
            }
            None => Ok(matches::default_openings(preset)),
        }
    }

    /// An engine with the evaluation of `--eval`: `learned` (the default) adds the tables built
    /// into the program for the rules' family where there are any; `hand` is today's alone.
    fn engine(&self, tt_megabytes: usize) -> Result<Engine, String> {
        let mut engine = Engine::new(tt_megabytes);
        match self.get("eval") {
            None | Some("learned") => engine.use_embedded(),
            Some("hand") => {}
            // Tables from a file (`dame learn --out FILE`), to try them before building them in;
            // the other families keep the built-in ones.
            Some(path) if std::path::Path::new(path).is_file() => {
                let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
                let tables = LearnedEval::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
                engine.use_embedded();
                engine.use_learned(std::sync::Arc::new(tables));
            }
            Some(other) => {
                return Err(format!(
                    "unknown evaluation '{other}' (expected learned, hand or a tables file)"
                ))
            }
        }
        Ok(engine)
    }

    fn number(&self, name: &str) -> Result<Option<u64>, String> {
        self.get(name)
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|_| format!("--{name} must be a whole number, not '{v}'"))
            })
            .transpose()
    }
}

fn cmd_perft(args: &[String]) -> Result<(), String> {
    let opts = Options::parse(args, &["rules", "fen", "depth"])?;
    let pos = opts.position()?;
    let depth = opts.number("depth")?.ok_or("missing --depth <D>")?;
    if depth == 0 {
        return Err("--depth must be at least 1".into());
    }
    if depth > 30 {
        return Err(format!("--depth {depth} is too deep (at most 30)"));
    }
    let started = Instant::now();
    let counts = perft(&pos, depth as u32);
    let seconds = started.elapsed().as_secs_f64();
    for (d, count) in counts.iter().enumerate() {
        out!("perft {} {count}", d + 1);
    }
    let leaves = counts.last().copied().unwrap_or(0);
    eprintln!(
        "{leaves} leaf positions in {seconds:.3} s: {:.1} M leaf positions/s",
        leaves as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}

fn cmd_moves(args: &[String]) -> Result<(), String> {
    let opts = Options::parse(args, &["rules", "fen", "notation"])?;
    let pos = opts.position()?;
    let numbering = opts.numbering()?;
    let mut turns: Vec<(Vec<u8>, String)> = pos
        .legal_turns()
        .iter()
        .map(|turn| {
            let text = numbering.turn_text(&pos, turn);
            // Numbers in number order; algebraic squares as text (a1 < a3 < b2).
            let key = match numbering {
                Numbering::Algebraic => text.bytes().collect(),
                _ => text
                    .split(|c: char| !c.is_ascii_digit())
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse().unwrap_or(0))
                    .collect(),
            };
            (key, text)
        })
        .collect();
    turns.sort();
    for (_, text) in turns {
        out!("{text}");
    }
    Ok(())
}

fn cmd_search(args: &[String]) -> Result<(), String> {
    let opts = Options::parse(
        args,
        &[
            "rules", "fen", "depth", "movetime", "nodes", "notation", "eval",
        ],
    )?;
    let pos = opts.position()?;
    let numbering = opts.numbering()?;
    let limits = Limits {
        depth: match opts.number("depth")? {
            Some(0) => return Err("--depth must be at least 1".into()),
            d => d.map(|d| d.min(100) as u32),
        },
        movetime_ms: opts.number("movetime")?.map(|ms| ms as f64),
        nodes: opts.number("nodes")?,
        ..Limits::default()
    };
    if limits.depth.is_none() && limits.movetime_ms.is_none() && limits.nodes.is_none() {
        return Err("give --depth <D>, --movetime <MS> or --nodes <N>".into());
    }
    let mut engine = opts.engine(64)?;
    let result = engine.search_position(&pos, &limits);
    let Some(best) = result.best else {
        out!("no legal turn: {} has lost", pos.side());
        return Ok(());
    };
    let mut line = pos;
    let pv: Vec<String> = result
        .pv
        .iter()
        .map(|turn| {
            let text = numbering.turn_text(&line, turn);
            line = line.play_turn_unchecked(turn);
            text
        })
        .collect();
    let score = match result.mate_in() {
        Some(plies) if plies > 0 => format!("win in {plies} plies"),
        Some(plies) => format!("loss in {} plies", -plies),
        None => format!("{:+}", result.score),
    };
    let nps = result.nodes as f64 / (result.elapsed_ms / 1000.0).max(1e-9);
    out!("best {}", numbering.turn_text(&pos, &best));
    out!("score {score}");
    out!("depth {}", result.depth);
    out!("nodes {}", result.nodes);
    out!("time {:.0} ms", result.elapsed_ms);
    out!("nps {:.0}", nps);
    out!("pv {}", pv.join(" "));
    Ok(())
}

fn cmd_match(args: &[String]) -> Result<(), String> {
    let opts = Options::parse(
        args,
        &[
            "rules",
            "a",
            "b",
            "games",
            "openings",
            "movetime",
            "threads",
            "seed",
            "engine-a",
            "engine-b",
            "adjudicate",
            "skip",
            "record",
            "pdn",
        ],
    )?;
    let preset = opts.preset()?;
    if opts.get("engine-a").is_some() || opts.get("engine-b").is_some() {
        return engine_match(&opts, preset);
    }
    if ["adjudicate", "skip", "record", "pdn"]
        .iter()
        .any(|name| opts.get(name).is_some())
    {
        return Err(
            "--adjudicate, --skip, --record and --pdn are for matches between --engine-a and --engine-b"
                .into(),
        );
    }
    let level = |name: &str| -> Result<Level, String> {
        opts.get(name)
            .ok_or(format!("missing --{name} <level 1-5>"))?
            .parse()
    };
    let openings = opts.openings(preset)?;
    let config = matches::MatchConfig {
        rules: preset.rules(),
        a: level("a")?,
        b: level("b")?,
        games: opts.number("games")?.ok_or("missing --games <N>")? as usize,
        openings,
        time_scale: opts.number("movetime")?.map_or(1.0, |ms| {
            ms as f64 / Level::Meister.info().movetime_ms.unwrap_or(1000.0)
        }),
        threads: opts.number("threads")?.unwrap_or(2) as usize,
        seed: opts.number("seed")?.unwrap_or(1),
        weights_a: None,
        weights_b: None,
    };
    if config.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let started = Instant::now();
    let result = matches::play_match(&config)?;
    report_match(&config.a, &config.b, &result, started);
    Ok(())
}

/// `dame match --engine-a … --engine-b …`: two engine programs over the protocol.
fn engine_match(opts: &Options, preset: Preset) -> Result<(), String> {
    if opts.get("a").is_some() || opts.get("b").is_some() || opts.get("seed").is_some() {
        return Err(
            "--engine-a/--engine-b play two programs: --a, --b and --seed do not apply".into(),
        );
    }
    let command = |name: &str| -> Result<String, String> {
        Ok(opts
            .get(name)
            .ok_or(format!("missing --{name} \"<command>\""))?
            .to_string())
    };
    let openings = opts.openings(preset)?;
    let config = external::EngineMatch {
        preset,
        a: command("engine-a")?,
        b: command("engine-b")?,
        games: opts.number("games")?.ok_or("missing --games <N>")? as usize,
        openings,
        movetime_ms: opts
            .number("movetime")?
            .ok_or("missing --movetime <MS per move>")?
            .max(1),
        skip: opts.number("skip")?.unwrap_or(0) as usize,
        threads: opts.number("threads")?.unwrap_or(1) as usize,
        adjudicator: opts
            .get("adjudicate")
            .map(|dir| read_egdb(dir, preset).map_err(|e| format!("--adjudicate: {e}")))
            .transpose()?,
        record: opts.get("record").map(std::path::PathBuf::from),
        pdn: opts.get("pdn").map(std::path::PathBuf::from),
    };
    if config.skip >= config.games {
        return Err("--games must be more than --skip".into());
    }
    let started = Instant::now();
    let result = external::play_engine_match(&config)?;
    report_match(&config.a, &config.b, &result, started);
    Ok(())
}

/// `preset`'s endgame database from the directory `dir`, checked.
fn read_egdb(dir: &str, preset: Preset) -> Result<Endgames, String> {
    let path = std::path::Path::new(dir).join(Endgames::file_name(preset));
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Endgames::from_bytes(&bytes, Some(preset)).map_err(|e| format!("{}: {e}", path.display()))
}

/// `dame egdb`: generates a preset's endgame database and writes it to `--out DIR`, or with
/// `--probe FEN` looks a position up in the one in `--dir DIR`.
fn cmd_egdb(args: &[String]) -> Result<(), String> {
    let kings_only = args.iter().any(|a| a == "--kings-only");
    let args: Vec<String> = args
        .iter()
        .filter(|a| *a != "--kings-only")
        .cloned()
        .collect();
    let opts = Options::parse(
        &args,
        &["rules", "pieces", "out", "threads", "probe", "dir"],
    )?;
    let preset = opts.preset()?;
    if let Some(fen) = opts.get("probe") {
        if opts.get("pieces").is_some() || opts.get("out").is_some() || kings_only {
            return Err(
                "--probe reads a database: --pieces, --out and --kings-only do not apply".into(),
            );
        }
        let pos = position_from_fen(fen, preset.rules()).map_err(|e| format!("bad FEN: {e}"))?;
        let db = read_egdb(opts.get("dir").unwrap_or(EGDB_DIR), preset)?;
        let value = db.probe(&pos).ok_or(format!(
            "not covered: the database holds positions of at most {} pieces, both sides present",
            db.max_pieces()
        ))?;
        out!(
            "{}",
            match value {
                Value::Win(d) => format!("win in {d}"),
                Value::Loss(d) => format!("loss in {d}"),
                Value::Draw => "draw".to_string(),
            }
        );
        let numbering = Numbering::Internal;
        let best: Vec<String> = db
            .best_turns(&pos)
            .iter()
            .map(|t| numbering.turn_text(&pos, t))
            .collect();
        out!("best {}", best.join(" "));
        return Ok(());
    }
    if opts.get("dir").is_some() {
        return Err("--dir goes with --probe; a new database goes to --out DIR".into());
    }
    let pieces = opts.number("pieces")?.ok_or("missing --pieces <N>")?;
    let threads = opts.number("threads")?.unwrap_or(2).max(1) as usize;
    let out = std::path::PathBuf::from(opts.get("out").unwrap_or(EGDB_DIR));
    let started = Instant::now();
    out!("pieces  positions     wins          losses        draws         bytes         max plies  seconds");
    let report = |r: &PieceCountReport| {
        out!(
            "{:<7} {:<13} {:<13} {:<13} {:<13} {:<13} {:<10} {:.1}",
            r.pieces,
            r.positions,
            r.wins,
            r.losses,
            r.draws,
            r.bytes,
            r.max_distance,
            r.seconds
        );
    };
    let pieces = pieces.min(255) as u8;
    let db = if kings_only {
        Endgames::generate_kings_only(preset, pieces, threads, report)?
    } else {
        Endgames::generate(preset, pieces, threads, report)?
    };
    let seconds = started.elapsed().as_secs_f64();
    let path = out.join(Endgames::file_name(preset));
    let data = db.to_bytes();
    std::fs::create_dir_all(&out)
        .and_then(|()| std::fs::write(&path, &data))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let bytes = data.len();
    let total = (2..=db.max_pieces())
        .map(|p| db.counts(p))
        .fold((0, 0, 0, 0), |a, c| {
            (a.0 + c.0, a.1 + c.1, a.2 + c.2, a.3 + c.3)
        });
    out!(
        "total   {:<13} {:<13} {:<13} {:<13} {:<13} {:<10} {seconds:.1}",
        total.0,
        total.1,
        total.2,
        total.3,
        bytes,
        db.max_distance(false)
    );
    out!(
        "longest kings-only distance {} plies; written to {}",
        db.max_distance(true),
        path.display()
    );
    Ok(())
}

fn cmd_tune(args: &[String]) -> Result<(), String> {
    let opts = Options::parse(
        args,
        &["rules", "games", "level", "rounds", "seed", "check"],
    )?;
    let preset = opts.preset()?;
    let level: Level = opts.get("level").unwrap_or("3").parse()?;
    let games = opts.number("games")?.unwrap_or(200) as usize;
    let started = Instant::now();
    let samples = tune::self_play(preset, level, games, opts.number("seed")?.unwrap_or(1));
    eprintln!(
        "{} positions from {games} games in {:.0} s",
        samples.len(),
        started.elapsed().as_secs_f64()
    );
    let start = Weights::for_rules(&preset.rules());
    let rounds = opts.number("rounds")?.unwrap_or(4) as usize;
    let (tuned, before, after) = tune::tune(&samples, start, rounds);
    out!("error {before:.5} -> {after:.5}");
    for (i, name) in Weights::NAMES.iter().enumerate() {
        out!("{name}: {} -> {}", start.get(i), tuned.get(i));
    }
    let check_games = opts.number("check")?.unwrap_or(0) as usize;
    if check_games > 0 {
        let config = matches::MatchConfig {
            rules: preset.rules(),
            a: Level::Mittel,
            b: Level::Mittel,
            games: check_games,
            openings: matches::default_openings(preset),
            time_scale: 1.0,
            threads: 2,
            seed: 7,
            weights_a: Some(tuned),
            weights_b: Some(start),
        };
        let result = matches::play_match(&config)?;
        out!(
            "tuned vs start at level {}: +{} ={} -{}, {}",
            Level::Mittel,
            result.wins,
            result.draws,
            result.losses,
            elo_text(&result)
        );
    }
    Ok(())
}

/// `dame learn`: self-play samples, then tables trained on them (src/engine/learn.rs), written
/// to `--out`. The same options give the same bytes.
fn cmd_learn(args: &[String]) -> Result<(), String> {
    let opts = Options::parse(
        args,
        &[
            "rules",
            "games",
            "level",
            "seed",
            "epochs",
            "decay",
            "out",
            "positions",
            "write-positions",
            "layout",
        ],
    )?;
    let preset = opts.preset()?;
    let out = opts.get("out").ok_or("missing --out FILE")?;
    let layout = match opts.get("layout") {
        None => Layout::default(),
        Some(id) => Layout::from_id(id)
            .ok_or_else(|| format!("unknown layout '{id}' (expected blocks or rows)"))?,
    };
    let level: Level = opts.get("level").unwrap_or("3").parse()?;
    if level.info().depth.is_none() {
        return Err(format!(
            "--level {level} has no depth: the games would depend on time"
        ));
    }
    let games = opts.number("games")?.unwrap_or(1000) as usize;
    let samples = match opts.get("positions") {
        Some(path) => read_positions(path, preset)?,
        None => {
            let started = Instant::now();
            let samples = tune::self_play(preset, level, games, opts.number("seed")?.unwrap_or(1));
            let seconds = started.elapsed().as_secs_f64();
            eprintln!(
                "{} positions from {games} games in {seconds:.0} s ({:.0} positions/s)",
                samples.len(),
                samples.len() as f64 / seconds.max(1e-9)
            );
            samples
        }
    };
    if let Some(path) = opts.get("write-positions") {
        let text: String = samples
            .iter()
            .map(|s| format!("{} {}\n", s.red_score, s.position))
            .collect();
        std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    if samples.len() < 10 {
        return Err("too few positions to learn from".into());
    }
    let config = learn::TrainConfig {
        epochs: opts
            .number("epochs")?
            .map_or(learn::TrainConfig::default().epochs, |e| e as usize),
        decay: match opts.get("decay") {
            Some(d) => d
                .parse()
                .map_err(|_| format!("--decay must be a number, not '{d}'"))?,
            None => learn::TrainConfig::default().decay,
        },
        ..learn::TrainConfig::default()
    };
    let started = Instant::now();
    let family = dame_engine::Profile::of(preset).eval_family;
    let (tables, report) = learn::train(family, layout, &samples, &config, |epoch, loss| {
        eprintln!("epoch {epoch}: training loss {loss:.5}")
    });
    eprintln!(
        "trained {} epochs in {:.0} s",
        config.epochs,
        started.elapsed().as_secs_f64()
    );
    out!(
        "{family}: {} training, {} held-out positions; logistic scale {:.2}",
        report.train,
        report.held_out,
        report.k
    );
    out!(
        "training loss {:.5} -> {:.5}",
        report.train_before_after.0,
        report.train_before_after.1
    );
    out!(
        "held-out loss {:.5} (hand) -> {:.5} (hand + tables) -> {:.5} (rounded, as played)",
        report.before,
        report.after,
        report.after_rounded
    );
    let bytes = tables.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("cannot write {out}: {e}"))?;
    out!(
        "wrote {out}: {} bytes, fingerprint {:016x}",
        bytes.len(),
        tables.fingerprint()
    );
    Ok(())
}

/// Samples written by `dame learn --write-positions`: per line Red's result (1, 0.5 or 0) and
/// the position's FEN, game after game.
fn read_positions(path: &str, preset: Preset) -> Result<Vec<tune::Sample>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let bad = |why: String| format!("{path}:{}: {why}", i + 1);
            let (score, fen) = line
                .split_once(' ')
                .ok_or_else(|| bad("expected '<result> <FEN>'".into()))?;
            Ok(tune::Sample {
                red_score: score
                    .parse()
                    .map_err(|_| bad(format!("bad result '{score}'")))?,
                position: position_from_fen(fen, preset.rules())
                    .map_err(|e| bad(format!("bad FEN: {e}")))?,
            })
        })
        .collect()
}

/// The engine protocol (src/engine/protocol.rs) on stdin and stdout, until `quit` or the end of
/// the input. Endgame databases come from `--egdb DIR`; without it from `egdb/`, where `dame
/// egdb` writes them, when that directory exists (so once generated they are on by default);
/// `--egdb off`: none.
fn cmd_engine(args: &[String]) -> Result<(), String> {
    let opts = Options::parse(args, &["eval", "egdb"])?;
    let mut session = protocol::Session::with_engine(std::io::stdout(), opts.engine(64)?);
    // The databases load with each `rules` command, from this directory.
    match opts.get("egdb") {
        Some("off") => {}
        Some(dir) => {
            if !std::path::Path::new(dir).is_dir() {
                return Err(format!("--egdb {dir}: not a directory"));
            }
            session.set_egdb_dir(dir)?;
        }
        None if std::path::Path::new(EGDB_DIR).is_dir() => {
            // A bad file in the default place does not stop the engine: it plays without.
            if let Err(why) = session.set_egdb_dir(EGDB_DIR) {
                session.handle("egdb off");
                eprintln!("dame engine: {EGDB_DIR}/: {why}; playing without endgame databases");
            }
        }
        None => {}
    }
    for line in std::io::stdin().lines() {
        let line = line.map_err(|e| format!("cannot read stdin: {e}"))?;
        if !session.handle(&line) {
            return Ok(());
        }
    }
    session.handle("quit");
    Ok(())
}

/// `dame pdn [FILE] [--rules <preset>]`: checks every game of a PDN file (or stdin) and prints
/// each one's final position as a docs/rules.md §7 FEN; a bad game is one line on stderr, and
/// the exit status is then 2.
fn cmd_pdn(args: &[String]) -> Result<(), String> {
    let mut files = Vec::new();
    let mut options = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg.starts_with("--") {
            options.push(arg.clone());
            if !arg.contains('=') {
                options.extend(rest.next().cloned());
            }
        } else {
            files.push(arg.clone());
        }
    }
    let opts = Options::parse(&options, &["rules"])?;
    let default = opts.get("rules").map(|_| opts.preset()).transpose()?;
    let bytes = match files.as_slice() {
        [] => read_stdin()?,
        [path] if path == "-" => read_stdin()?,
        [path] => std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?,
        [_, extra, ..] => return Err(format!("unexpected argument '{extra}' (one FILE at most)")),
    };
    // Old archives are often Latin-1: their names may suffer, their moves are ASCII.
    let text = String::from_utf8_lossy(&bytes);
    let mut bad = 0;
    for game in pdn::read_games(&text, default) {
        match game {
            Ok(game) => out!("{}", game.game.position()),
            Err(e) => {
                eprintln!("dame: error: {e}");
                bad += 1;
            }
        }
    }
    match bad {
        0 => Ok(()),
        _ => Err(String::new()),
    }
}

fn read_stdin() -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    Ok(bytes)
}

/// A match's result from `a`'s side on stdout (and its duration on stderr).
fn report_match(
    a: &dyn std::fmt::Display,
    b: &dyn std::fmt::Display,
    result: &matches::MatchResult,
    started: Instant,
) {
    out!(
        "{a} vs {b}: {} games, {} wins, {} draws, {} losses, score {:.1}%",
        result.games(),
        result.wins,
        result.draws,
        result.losses,
        100.0 * result.score()
    );
    out!("{}", elo_text(result));
    eprintln!("{:.1} s", started.elapsed().as_secs_f64());
}

fn elo_text(result: &matches::MatchResult) -> String {
    match result.elo() {
        Some((elo, margin)) => format!("elo {elo:+.0} ± {margin:.0} (95%)"),
        None => format!(
            "elo unbounded (score {:.0}%: no finite estimate)",
            100.0 * result.score()
        ),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => cmd_perft(&args[1..]),
        Some("moves") => cmd_moves(&args[1..]),
        Some("search") => cmd_search(&args[1..]),
        Some("match") => cmd_match(&args[1..]),
        Some("tune") => cmd_tune(&args[1..]),
        Some("learn") => cmd_learn(&args[1..]),
        Some("pdn") => cmd_pdn(&args[1..]),
        Some("engine") => cmd_engine(&args[1..]),
        Some("egdb") => cmd_egdb(&args[1..]),
        Some("help") | Some("--help") | Some("-h") => {
            out!("{USAGE}\npresets: {}", Preset::id_list());
            return ExitCode::SUCCESS;
        }
        Some(other) => Err(format!(
            "unknown command '{other}' (perft, moves, search, match, tune, learn, pdn, engine, egdb, help)"
        )),
        None => Err(
            "missing command (perft, moves, search, match, tune, learn, pdn, engine, egdb, help)"
                .to_string(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // An empty message: the errors were reported already, one line each.
            if !message.is_empty() {
                eprintln!("dame: error: {message}");
            }
            ExitCode::from(2)
        }
    }
}
