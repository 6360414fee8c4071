//! `dame`: the command-line tool over the rules library, the engine and the lab. Its commands
//! and options: run `dame --help` (and `dame <command> --help`).
//!
//! Bad arguments or a bad FEN: one line on stderr, exit status 2.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{ArgGroup, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use dame::lab::egdb_generate::{Generate, PieceCountReport};
use dame::lab::{external, learn, matches, puzzles, tune};
use dame_core::notation::Numbering;
use dame_core::pdn;
use dame_core::{perft, position_from_fen, Position, Preset};
use dame_engine::egdb::{Endgames, Value};
use dame_engine::{analysis, protocol, Engine, Layout, LearnedEval, Level, Limits, Weights};
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

/// Where `dame egdb` writes its databases and `--probe` reads them unless told otherwise.
const EGDB_DIR: &str = "egdb";

/// Checkers/draughts (Dame): the rules core, the engine and their tools on the command line.
#[derive(Parser)]
#[command(name = "dame", version)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Counts the positions after each number of turns up to --depth (perft)
    Perft(PerftArgs),
    /// Lists the legal turns of a position, one a line
    Moves(MovesArgs),
    /// Searches a position and prints the best turn, its score and principal variation
    Search(SearchArgs),
    /// Checks every game of a PDN file and prints each one's final position as a FEN
    Pdn(PdnArgs),
    /// Analyses every game of a PDN file: each turn judged by the engine, the games written
    /// again as annotated PDN
    Analyse(AnalyseArgs),
    /// Finds puzzles in PDN games: positions where exactly one turn wins a man or the game,
    /// verified by a deeper search, written as JSON Lines
    Puzzles(PuzzlesArgs),
    /// Plays a match between two levels, or between two engine programs over the protocol
    Match(MatchArgs),
    /// Tunes a preset's evaluation weights on self-play games
    Tune(TuneArgs),
    /// Learns evaluation tables from self-play games and writes them to a file
    Learn(LearnArgs),
    /// Generates a preset's endgame database, or looks a position up in one
    Egdb(EgdbArgs),
    /// The engine protocol on stdin/stdout: rules, newgame, position, go, stop, isready, quit,
    /// egdb
    Engine(EngineArgs),
}

/// The position a command starts from.
#[derive(Args)]
struct Board {
    #[arg(long, value_name = "PRESET", help = with_presets("The rules preset"))]
    rules: Preset,
    /// The position, as a FEN (docs/rules.md §7); without it the start position
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
}

#[derive(Args)]
struct PerftArgs {
    #[command(flatten)]
    board: Board,
    /// Counts up to this many turns (1–30)
    #[arg(long, value_name = "D", value_parser = whole_number)]
    depth: u64,
}

#[derive(Args)]
struct MovesArgs {
    #[command(flatten)]
    board: Board,
    /// The notation of the turns: the internal one of docs/rules.md §7, or the preset's own
    #[arg(long, value_name = "internal|native", default_value = "internal", value_parser = notation)]
    notation: Notation,
}

#[derive(Args)]
#[command(group = ArgGroup::new("limit").required(true).multiple(true).args(["depth", "movetime", "nodes"]))]
struct SearchArgs {
    #[command(flatten)]
    board: Board,
    /// Searches this many plies deep
    #[arg(long, value_name = "D", value_parser = whole_number)]
    depth: Option<u64>,
    /// Searches this many milliseconds
    #[arg(long, value_name = "MS", value_parser = whole_number)]
    movetime: Option<u64>,
    /// Searches this many nodes
    #[arg(long, value_name = "N", value_parser = whole_number)]
    nodes: Option<u64>,
    /// The notation of the turns: the internal one of docs/rules.md §7, or the preset's own
    #[arg(long, value_name = "internal|native", default_value = "internal", value_parser = notation)]
    notation: Notation,
    /// The evaluation: the learned tables and networks built in (the default), the
    /// hand-written one alone, or tables or a network from a file written by `dame learn`
    #[arg(long, value_name = "learned|hand|FILE", value_parser = eval)]
    eval: Option<Eval>,
}

#[derive(Args)]
struct PdnArgs {
    /// The PDN file; without it, or with -, standard input
    #[arg(value_name = "FILE")]
    file: Option<String>,
    #[arg(long, value_name = "PRESET",
          help = with_presets("The preset for games without a GameType or Rules tag"))]
    rules: Option<Preset>,
}

/// How deep `dame analyse` searches each position unless told otherwise. On the project's
/// 2-core machine (release build, other jobs running) eight English games of engine matches,
/// 989 positions, took 116 s at depth 14: 0.12 s a position, a game of 100 plies in about 12 s;
/// depth 16 took eight times as long.
const ANALYSE_DEPTH: u64 = 14;

#[derive(Args)]
#[command(
    after_help = "Each turn is judged by the winning chance it gives away against the \
engine's best turn (a man given away from an even position is a blunder): best, good ($1), \
inaccuracy ($6, ?!), mistake ($2, ?), blunder ($4, ??); a turn that is the only legal one is \
never judged. After each turn its NAG and the score of the position after it, from Red's side \
(the first mover) in men, {[%eval 0.35]}, or a forced result in plies, {[%eval #7]} (Red wins) \
or {[%eval #-7]} (Black wins); after an inaccuracy, a mistake or a blunder the engine's line as \
a variation. On standard error one line per game with each side's inaccuracies, mistakes and \
blunders. At a fixed depth the same games give the same output every time."
)]
struct AnalyseArgs {
    /// The PDN file; without it, or with -, standard input
    #[arg(value_name = "FILE")]
    file: Option<String>,
    #[arg(long, value_name = "PRESET",
          help = with_presets("The preset for games without a GameType or Rules tag"))]
    rules: Option<Preset>,
    /// Searches each position this many plies deep [default: 14]
    #[arg(long, value_name = "D", value_parser = whole_number, conflicts_with = "movetime")]
    depth: Option<u64>,
    /// Searches each position this many milliseconds instead of to a fixed depth
    #[arg(long, value_name = "MS", value_parser = whole_number)]
    movetime: Option<u64>,
}

/// How deep `dame puzzles` searches each position unless told otherwise. On the project's
/// 2-core machine (another match running) a depth-10 search of a middle-game English position
/// takes about 20 ms, depth 14 (the verification) about 0.2 s; the first ten games of
/// docs/matches/english-1s.pdn, 924 positions, took 23 s.
const PUZZLES_DEPTH: u64 = 10;

#[derive(Args)]
#[command(
    after_help = "A puzzle is a position where exactly one turn wins: its score, from \
searching the position after it one ply shallower than --depth, is a forced win or at least 0.75 \
of a man above the mover's static material before, and at least a man above every other turn's. \
The same test at --verify-depth must name the same turn, and its principal variation must \
realise the gain (a man kept to the end of the line, or the game won); where --egdb covers the \
position the database decides. The first 6 plies of games from the start position are skipped, \
and positions with one legal turn. One JSON object per line: id, rules, fen (docs/rules.md §7), \
solution (internal notation), gain (hundredths, or \"win\"), source (file:game:ply, ply = turns \
played before the position), rating. Match-record files (--record) hold no moves: give the \
PDN file a match writes (--pdn). The same input gives the same file."
)]
struct PuzzlesArgs {
    #[arg(long, value_name = "PRESET",
          help = with_presets("The preset for games without a GameType or Rules tag"))]
    rules: Option<Preset>,
    /// The PDN files to look through
    #[arg(long, value_name = "FILE", required = true, num_args = 1..)]
    from: Vec<String>,
    /// Where the puzzles are written (JSON Lines)
    #[arg(long, value_name = "FILE")]
    out: String,
    /// The depth of the first search of each position [default: 10]
    #[arg(long, value_name = "D", value_parser = whole_number)]
    depth: Option<u64>,
    /// The depth of the verifying search [default: --depth + 4]
    #[arg(long, value_name = "D", value_parser = whole_number)]
    verify_depth: Option<u64>,
    /// An endgame database directory: decides the positions it covers
    #[arg(long, value_name = "DIR")]
    egdb: Option<String>,
    /// Stops after N puzzles
    #[arg(long, value_name = "N", value_parser = whole_number)]
    max: Option<u64>,
}

/// The options that only a match between two engine programs has.
const ENGINE_MATCH_ONLY: [&str; 5] = ["engine_a", "engine_b", "adjudicate", "skip", "record"];

#[derive(Args)]
struct MatchArgs {
    #[arg(long, value_name = "PRESET", help = with_presets("The rules preset"))]
    rules: Preset,
    /// A's level (1–5, or its name), against B's
    #[arg(long, value_name = "LEVEL", required_unless_present_any = ["engine_a", "engine_b"],
          conflicts_with_all = ENGINE_MATCH_ONLY)]
    a: Option<Level>,
    /// B's level (1–5, or its name)
    #[arg(long, value_name = "LEVEL", required_unless_present_any = ["engine_a", "engine_b"],
          conflicts_with_all = ENGINE_MATCH_ONLY)]
    b: Option<Level>,
    /// The number of games
    #[arg(long, value_name = "N", value_parser = whole_number)]
    games: u64,
    /// The openings, one a line; without it the preset's own list
    #[arg(long, value_name = "FILE")]
    openings: Option<String>,
    /// Levels: the top level's milliseconds per move (the others scale); engines: the
    /// milliseconds per move of each (needed)
    #[arg(long, value_name = "MS", value_parser = whole_number)]
    movetime: Option<u64>,
    /// Games played at once [default: 2 for levels, 1 for engines]
    #[arg(long, value_name = "T", value_parser = whole_number)]
    threads: Option<u64>,
    /// The seed of the levels' choices [default: 1]
    #[arg(long, value_name = "S", value_parser = whole_number, conflicts_with_all = ENGINE_MATCH_ONLY)]
    seed: Option<u64>,
    /// A's engine program, a command that speaks the engine protocol (`dame engine`)
    #[arg(long, value_name = "COMMAND", requires_all = ["engine_b", "movetime"])]
    engine_a: Option<String>,
    /// B's engine program
    #[arg(long, value_name = "COMMAND", requires = "engine_a")]
    engine_b: Option<String>,
    /// An endgame database directory: the positions it covers end the game with their result
    #[arg(long, value_name = "DIR")]
    adjudicate: Option<String>,
    /// Leaves out the first N games, to play a long match in parts
    #[arg(long, value_name = "N", value_parser = whole_number)]
    skip: Option<u64>,
    /// Finished games are added to FILE; those in it are not played again
    #[arg(long, value_name = "FILE")]
    record: Option<String>,
    /// Finished games are added to FILE as PDN
    #[arg(long, value_name = "FILE")]
    pdn: Option<String>,
}

#[derive(Args)]
struct TuneArgs {
    #[arg(long, value_name = "PRESET", help = with_presets("The rules preset"))]
    rules: Preset,
    /// Self-play games to tune on
    #[arg(long, value_name = "N", default_value = "200", value_parser = whole_number)]
    games: u64,
    /// The level of the self-play games (1–5, or its name)
    #[arg(long, value_name = "L", default_value = "3")]
    level: Level,
    /// Tuning rounds
    #[arg(long, value_name = "R", default_value = "4", value_parser = whole_number)]
    rounds: u64,
    /// The seed of the self-play games
    #[arg(long, value_name = "S", default_value = "1", value_parser = whole_number)]
    seed: u64,
    /// Then plays N games, tuned against the start weights
    #[arg(long, value_name = "N", default_value = "0", value_parser = whole_number)]
    check: u64,
}

#[derive(Args)]
struct LearnArgs {
    #[arg(long, value_name = "PRESET", help = with_presets("The rules preset"))]
    rules: Preset,
    /// Where the tables are written
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Self-play games to learn from
    #[arg(long, value_name = "N", default_value = "1000", value_parser = whole_number)]
    games: u64,
    /// The level of the self-play games (1–5, or its name; one that searches to a fixed depth)
    #[arg(long, value_name = "L", default_value = "3")]
    level: Level,
    /// The seed of the self-play games
    #[arg(long, value_name = "S", default_value = "1", value_parser = whole_number)]
    seed: u64,
    /// Passes over the positions
    #[arg(long, value_name = "E", default_value_t = learn::TrainConfig::default().epochs as u64,
          value_parser = whole_number)]
    epochs: u64,
    /// The L2 decay per table entry
    #[arg(long, value_name = "L2", default_value_t = learn::TrainConfig::default().decay,
          value_parser = decimal)]
    decay: f32,
    /// Adam's step, in hundredths of a man
    #[arg(long, value_name = "R", default_value_t = learn::TrainConfig::default().rate,
          value_parser = decimal)]
    rate: f32,
    /// Which regions the tables read
    #[arg(long, value_name = "blocks|rows", default_value = Layout::default().id(), value_parser = layout)]
    layout: Layout,
    /// Also writes the self-play positions to FILE, to learn from them again with --positions
    #[arg(long, value_name = "FILE", conflicts_with = "positions")]
    write_positions: Option<String>,
    /// Learns from the positions in FILE (from --write-positions) instead of playing games
    #[arg(long, value_name = "FILE")]
    positions: Option<String>,
    /// Learns from the finished games of a PDN file (games against other engines, archives)
    /// instead of playing games; may be given more than once, and with --positions
    #[arg(long, value_name = "FILE")]
    pdn: Vec<String>,
    /// The plies at the start of each PDN game that are not learned from (the opening)
    #[arg(long, value_name = "N", default_value = "8", value_parser = whole_number)]
    skip: u64,
    /// Goes on training the tables in FILE (`built-in`: the family's tables in the program)
    /// instead of starting from zero
    #[arg(long, value_name = "FILE")]
    start: Option<String>,
    /// What to learn: pattern tables, or a small neural network (docs/engine.md)
    #[arg(long, value_name = "tables|net", default_value = "tables", value_parser = ["tables", "net"])]
    model: String,
    /// The network's first hidden layer's width: 32, 64, 128 or 256
    #[arg(long, value_name = "H", default_value = "64", value_parser = whole_number)]
    hidden: u64,
    /// The network's samples a step
    #[arg(long, value_name = "B", default_value = "256", value_parser = whole_number)]
    batch: u64,
}

#[derive(Args)]
struct EgdbArgs {
    #[arg(long, value_name = "PRESET", help = with_presets("The rules preset"))]
    rules: Preset,
    /// Generates the databases of up to N pieces
    #[arg(long, value_name = "N", value_parser = whole_number, required_unless_present = "probe")]
    pieces: Option<u64>,
    /// Generates the positions of kings only
    #[arg(long)]
    kings_only: bool,
    /// Where the database is written [default: egdb]
    #[arg(long, value_name = "DIR")]
    out: Option<String>,
    /// Threads that generate it [default: 2]
    #[arg(long, value_name = "T", value_parser = whole_number)]
    threads: Option<u64>,
    /// Looks this position up in a database instead: its value and best turns
    #[arg(long, value_name = "FEN", conflicts_with_all = ["pieces", "out", "kings_only"])]
    probe: Option<String>,
    /// Where --probe reads the database [default: egdb]
    #[arg(long, value_name = "DIR", requires = "probe",
          conflicts_with_all = ["pieces", "out", "kings_only"])]
    dir: Option<String>,
}

#[derive(Args)]
struct EngineArgs {
    /// The evaluation: the learned tables and networks built in (the default), the
    /// hand-written one alone, or tables or a network from a file written by `dame learn`
    #[arg(long, value_name = "learned|hand|FILE", value_parser = eval)]
    eval: Option<Eval>,
    /// The endgame databases' directory, or off for none [default: egdb, if it is there]
    #[arg(long, value_name = "DIR|off")]
    egdb: Option<String>,
}

/// The notation of turns in the output: the internal one of docs/rules.md §7 (the default), or
/// the preset's own (`native`: ACF numbers for English, algebraic for Russian).
#[derive(Clone, Copy)]
enum Notation {
    Internal,
    Native,
}

fn notation(text: &str) -> Result<Notation, String> {
    match text {
        "internal" => Ok(Notation::Internal),
        "native" => Ok(Notation::Native),
        other => Err(format!(
            "unknown notation '{other}' (expected internal or native)"
        )),
    }
}

impl Notation {
    fn numbering(self, preset: Preset) -> Numbering {
        match self {
            Notation::Internal => Numbering::Internal,
            Notation::Native => Numbering::of(preset),
        }
    }
}

/// `--eval`: `learned` (the default) adds the tables built into the program for the rules'
/// family and the preset's network where there are any; `hand` is today's alone; a file holds
/// tables or a network from `dame learn`.
#[derive(Clone)]
enum Eval {
    Learned,
    Hand,
    Tables(String),
}

fn eval(text: &str) -> Result<Eval, String> {
    match text {
        "learned" => Ok(Eval::Learned),
        "hand" => Ok(Eval::Hand),
        path if std::path::Path::new(path).is_file() => Ok(Eval::Tables(path.to_string())),
        other => Err(format!(
            "unknown evaluation '{other}' (expected learned, hand or a tables file)"
        )),
    }
}

fn layout(id: &str) -> Result<Layout, String> {
    Layout::from_id(id).ok_or_else(|| format!("unknown layout '{id}' (expected blocks or rows)"))
}

/// A value that is not the number its option needs; the error line names the option:
/// `--depth must be a whole number, not 'two'`.
#[derive(Debug)]
struct BadNumber {
    value: String,
    kind: &'static str,
}

impl std::fmt::Display for BadNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "must be {}, not '{}'", self.kind, self.value)
    }
}

impl std::error::Error for BadNumber {}

fn whole_number(text: &str) -> Result<u64, BadNumber> {
    text.parse().map_err(|_| BadNumber {
        value: text.to_string(),
        kind: "a whole number",
    })
}

fn decimal(text: &str) -> Result<f32, BadNumber> {
    text.parse().map_err(|_| BadNumber {
        value: text.to_string(),
        kind: "a number",
    })
}

impl Board {
    fn position(&self) -> Result<Position, String> {
        match &self.fen {
            None => Ok(Position::start(self.rules)),
            Some(fen) => position_from_fen(fen, self.rules).map_err(|e| format!("bad FEN: {e}")),
        }
    }
}

/// The openings of `--openings FILE`, else the preset's own list.
fn openings(path: Option<&str>, preset: Preset) -> Result<Vec<Vec<String>>, String> {
    match path {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read openings file {path}: {e}"))?;
            Ok(matches::parse_openings(&text))
        }
        None => Ok(matches::default_openings(preset)),
    }
}

/// An engine with the evaluation of `--eval`.
fn engine(eval: Option<&Eval>, tt_megabytes: usize) -> Result<Engine, String> {
    let mut engine = Engine::new(tt_megabytes);
    match eval {
        None | Some(Eval::Learned) => engine.use_embedded(),
        Some(Eval::Hand) => {}
        // Tables from a file (`dame learn --out FILE`), to try them before building them in;
        // the other families keep the built-in ones.
        // A network file (`dame learn --model net`) is told apart by its magic.
        Some(Eval::Tables(path)) => {
            let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            // Every family's built-in tables, but not the built-in networks: tables from a
            // file are tried as they are, not under a network that would replace them.
            for family in dame_engine::EvalFamily::ALL {
                if let Some(tables) = dame_engine::embedded(family) {
                    engine.use_learned(tables);
                }
            }
            if bytes.starts_with(b"DAMENET") {
                let net =
                    dame_engine::NetEval::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
                engine.use_net(std::sync::Arc::new(net));
            } else {
                let tables = LearnedEval::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
                engine.use_learned(std::sync::Arc::new(tables));
            }
        }
    }
    Ok(engine)
}
fn cmd_perft(opts: PerftArgs) -> Result<(), String> {
    let pos = opts.board.position()?;
    let depth = opts.depth;
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

fn cmd_moves(opts: MovesArgs) -> Result<(), String> {
    let pos = opts.board.position()?;
    let numbering = opts.notation.numbering(opts.board.rules);
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

fn cmd_search(opts: SearchArgs) -> Result<(), String> {
    let pos = opts.board.position()?;
    let numbering = opts.notation.numbering(opts.board.rules);
    // At least one of the three limits: clap's group "limit".
    let limits = Limits {
        depth: match opts.depth {
            Some(0) => return Err("--depth must be at least 1".into()),
            d => d.map(|d| d.min(100) as u32),
        },
        movetime_ms: opts.movetime.map(|ms| ms as f64),
        nodes: opts.nodes,
        ..Limits::default()
    };
    let mut engine = engine(opts.eval.as_ref(), 64)?;
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

fn cmd_match(opts: MatchArgs) -> Result<(), String> {
    let preset = opts.rules;
    if opts.engine_a.is_some() || opts.engine_b.is_some() {
        return engine_match(&opts, preset);
    }
    // Without --engine-a and --engine-b, clap requires --a and --b, and refuses the options of
    // engine matches (--adjudicate, --skip, --record).
    let (Some(a), Some(b)) = (opts.a, opts.b) else {
        return Err("give --a and --b, or --engine-a and --engine-b".into());
    };
    let openings = openings(opts.openings.as_deref(), preset)?;
    let config = matches::MatchConfig {
        preset,
        a,
        b,
        games: opts.games as usize,
        openings,
        time_scale: opts.movetime.map_or(1.0, |ms| {
            ms as f64 / Level::Meister.info().movetime_ms.unwrap_or(1000.0)
        }),
        threads: opts.threads.unwrap_or(2) as usize,
        seed: opts.seed.unwrap_or(1),
        weights_a: None,
        weights_b: None,
        pdn: opts.pdn.as_ref().map(std::path::PathBuf::from),
    };
    if config.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let started = Instant::now();
    let result = matches::play_match(&config)?;
    report_match(&config.a, &config.b, &result, started);
    Ok(())
}

/// `dame match --engine-a … --engine-b …`: two engine programs over the protocol. Clap requires
/// both and --movetime, and refuses --a, --b and --seed.
fn engine_match(opts: &MatchArgs, preset: Preset) -> Result<(), String> {
    let (Some(a), Some(b), Some(movetime)) = (&opts.engine_a, &opts.engine_b, opts.movetime) else {
        return Err("give --engine-a, --engine-b and --movetime".into());
    };
    let openings = openings(opts.openings.as_deref(), preset)?;
    let config = external::EngineMatch {
        preset,
        a: a.clone(),
        b: b.clone(),
        games: opts.games as usize,
        openings,
        movetime_ms: movetime.max(1),
        skip: opts.skip.unwrap_or(0) as usize,
        threads: opts.threads.unwrap_or(1) as usize,
        adjudicator: opts
            .adjudicate
            .as_deref()
            .map(|dir| read_egdb(dir, preset).map_err(|e| format!("--adjudicate: {e}")))
            .transpose()?,
        record: opts.record.as_ref().map(std::path::PathBuf::from),
        pdn: opts.pdn.as_ref().map(std::path::PathBuf::from),
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
fn cmd_egdb(opts: EgdbArgs) -> Result<(), String> {
    let preset = opts.rules;
    let kings_only = opts.kings_only;
    // Clap refuses --pieces, --out and --kings-only with --probe, and --dir without it.
    if let Some(fen) = &opts.probe {
        let pos = position_from_fen(fen, preset).map_err(|e| format!("bad FEN: {e}"))?;
        let db = read_egdb(opts.dir.as_deref().unwrap_or(EGDB_DIR), preset)?;
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
    let pieces = opts.pieces.ok_or("missing --pieces <N>")?;
    let threads = opts.threads.unwrap_or(2).max(1) as usize;
    let out = std::path::PathBuf::from(opts.out.as_deref().unwrap_or(EGDB_DIR));
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

fn cmd_tune(opts: TuneArgs) -> Result<(), String> {
    let preset = opts.rules;
    let level = opts.level;
    let games = opts.games as usize;
    let started = Instant::now();
    let samples = tune::self_play(preset, level, games, opts.seed);
    eprintln!(
        "{} positions from {games} games in {:.0} s",
        samples.len(),
        started.elapsed().as_secs_f64()
    );
    let start = dame_engine::Profile::of(preset).weights;
    let rounds = opts.rounds as usize;
    let (tuned, before, after) = tune::tune(&samples, start, rounds);
    out!("error {before:.5} -> {after:.5}");
    for (i, name) in Weights::NAMES.iter().enumerate() {
        out!("{name}: {} -> {}", start.get(i), tuned.get(i));
    }
    let check_games = opts.check as usize;
    if check_games > 0 {
        let config = matches::MatchConfig {
            preset,
            a: Level::Mittel,
            b: Level::Mittel,
            games: check_games,
            openings: matches::default_openings(preset),
            time_scale: 1.0,
            threads: 2,
            seed: 7,
            weights_a: Some(tuned),
            weights_b: Some(start),
            pdn: None,
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
fn cmd_learn(opts: LearnArgs) -> Result<(), String> {
    let preset = opts.rules;
    let out = opts.out.as_str();
    let layout = opts.layout;
    let level = opts.level;
    if level.info().depth.is_none() {
        return Err(format!(
            "--level {level} has no depth: the games would depend on time"
        ));
    }
    let games = opts.games as usize;
    let family = dame_engine::Profile::of(preset).eval_family;
    let start = match opts.start.as_deref() {
        // A network to go on from is read by learn_net.
        _ if opts.model == "net" => None,
        None => None,
        Some("built-in") => Some(
            dame_engine::learned::embedded(family)
                .ok_or_else(|| format!("no built-in tables for the {family} family"))?
                .as_ref()
                .clone(),
        ),
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            Some(LearnedEval::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?)
        }
    };
    if let Some(tables) = &start {
        if tables.family() != family || tables.layout() != layout {
            return Err(format!(
                "--start: tables of the {} family in the {} layout, not {family} in {}",
                tables.family(),
                tables.layout().id(),
                layout.id()
            ));
        }
    }
    let samples = match (&opts.positions, opts.pdn.is_empty()) {
        (positions, false) => {
            let mut sources = Vec::new();
            for path in &opts.pdn {
                sources.push(read_finished_games(path, preset)?);
            }
            let mut samples = match positions {
                Some(path) => read_positions(path, preset)?,
                None => Vec::new(),
            };
            let from_games = learn::samples_of_games(&sources, opts.skip as usize);
            eprintln!(
                "{} positions from {} games",
                from_games.len(),
                sources.iter().map(Vec::len).sum::<usize>()
            );
            samples.extend(from_games);
            samples
        }
        (Some(path), true) => read_positions(path, preset)?,
        (None, true) => {
            let started = Instant::now();
            let samples = tune::self_play(preset, level, games, opts.seed);
            let seconds = started.elapsed().as_secs_f64();
            eprintln!(
                "{} positions from {games} games in {seconds:.0} s ({:.0} positions/s)",
                samples.len(),
                samples.len() as f64 / seconds.max(1e-9)
            );
            samples
        }
    };
    if let Some(path) = &opts.write_positions {
        let text: String = samples
            .iter()
            .map(|s| format!("{} {}\n", s.red_score, s.position))
            .collect();
        std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    if samples.len() < 10 {
        return Err("too few positions to learn from".into());
    }
    if opts.model == "net" {
        return learn_net(preset, &samples, &opts);
    }
    let config = learn::TrainConfig {
        epochs: opts.epochs as usize,
        decay: opts.decay,
        rate: opts.rate,
    };
    let started = Instant::now();
    let (tables, report) = learn::train(
        family,
        layout,
        &samples,
        start.as_ref(),
        &config,
        |epoch, loss| eprintln!("epoch {epoch}: training loss {loss:.5}"),
    );
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

/// `dame learn --model net`: a network trained on the samples, written to `--out`.
fn learn_net(preset: Preset, samples: &[tune::Sample], opts: &LearnArgs) -> Result<(), String> {
    let hidden = opts.hidden as usize;
    if ![32, 64, 128, 256].contains(&hidden) {
        return Err(format!("--hidden {hidden}: 32, 64, 128 or 256"));
    }
    let config = dame::lab::net_train::NetConfig {
        hidden,
        epochs: opts.epochs as usize,
        rate: opts.rate,
        batch: (opts.batch as usize).max(1),
    };
    let start = match opts.start.as_deref() {
        None => None,
        Some("built-in") => Some(
            dame_engine::net::embedded_net(preset)
                .ok_or_else(|| format!("no built-in network for {}", preset.info().id))?
                .as_ref()
                .clone(),
        ),
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            Some(dame_engine::NetEval::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?)
        }
    };
    if let Some(net) = &start {
        if net.preset() != preset || net.hidden() != hidden {
            return Err(format!(
                "--start: a network for {} with {} hidden units, not {} with {hidden}",
                net.preset().info().id,
                net.hidden(),
                preset.info().id
            ));
        }
    }
    let started = Instant::now();
    let (net, report) = dame::lab::net_train::train_net(
        preset,
        samples,
        &config,
        start.as_ref(),
        |epoch, fit, held| eprintln!("epoch {epoch}: training loss {fit:.5}, held-out {held:.5}"),
    );
    eprintln!(
        "trained {} epochs in {:.0} s",
        config.epochs,
        started.elapsed().as_secs_f64()
    );
    out!(
        "{} network ({hidden} hidden): {} training, {} held-out positions; logistic scale {:.2}",
        preset.info().id,
        report.train,
        report.held_out,
        report.k
    );
    out!(
        "held-out loss {:.5} (hand) -> {:.5} (hand + network) -> {:.5} (integer, as played)",
        report.before,
        report.after,
        report.after_rounded
    );
    if let Some(loss) = report.start {
        out!("held-out loss {loss:.5} with the start network");
    }
    let out = opts.out.as_str();
    let bytes = net.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("cannot write {out}: {e}"))?;
    out!(
        "wrote {out}: {} bytes, fingerprint {:016x}",
        bytes.len(),
        net.fingerprint()
    );
    Ok(())
}

/// The games of a PDN file for `dame learn --pdn`, in the preset asked for. A game that cannot
/// be read is left out with a line on stderr (archives have a few); a game of another preset
/// is an error.
fn read_finished_games(path: &str, preset: Preset) -> Result<Vec<pdn::PdnGame>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let text = String::from_utf8_lossy(&bytes);
    let mut games = Vec::new();
    for game in pdn::read_games(&text, Some(preset)) {
        match game {
            Ok(game) if game.preset != preset => {
                return Err(format!(
                    "{path}: a game of {} in a --rules {} run",
                    game.preset.info().id,
                    preset.info().id
                ))
            }
            Ok(game) => games.push(game),
            Err(e) => eprintln!("dame learn: {path}: left out: {e}"),
        }
    }
    Ok(games)
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
                position: position_from_fen(fen, preset)
                    .map_err(|e| bad(format!("bad FEN: {e}")))?,
            })
        })
        .collect()
}

/// The engine protocol (src/engine/protocol.rs) on stdin and stdout, until `quit` or the end of
/// the input. Endgame databases come from `--egdb DIR`; without it from `egdb/`, where `dame
/// egdb` writes them, when that directory exists (so once generated they are on by default);
/// `--egdb off`: none.
fn cmd_engine(opts: EngineArgs) -> Result<(), String> {
    let mut session =
        protocol::Session::with_engine(std::io::stdout(), engine(opts.eval.as_ref(), 64)?);
    // The databases load with each `rules` command, from this directory.
    match opts.egdb.as_deref() {
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
fn cmd_pdn(opts: PdnArgs) -> Result<(), String> {
    let default = opts.rules;
    let bytes = match opts.file.as_deref() {
        None | Some("-") => read_stdin()?,
        Some(path) => std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?,
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

/// `dame analyse [FILE] [--rules <preset>] [--depth D | --movetime MS]`: analyses every game of
/// a PDN file (or stdin) and prints it again as annotated PDN (dame_engine::analysis); on stderr
/// one line per game with each side's inaccuracies, mistakes and blunders. A bad game is one line
/// on stderr and is left out; the exit status is then 2.
fn cmd_analyse(opts: AnalyseArgs) -> Result<(), String> {
    let (limits, annotator) = match (opts.depth, opts.movetime) {
        (Some(0), _) => return Err("--depth must be at least 1".into()),
        (_, Some(0)) => return Err("--movetime must be at least 1".into()),
        (_, Some(ms)) => (Limits::movetime(ms as f64), format!("{ms} ms a position")),
        (depth, None) => {
            let depth = depth.unwrap_or(ANALYSE_DEPTH).min(100);
            (Limits::depth(depth as u32), format!("depth {depth}"))
        }
    };
    let annotator = format!("dame analyse, {annotator}");
    let (bytes, source) = match opts.file.as_deref() {
        None | Some("-") => (read_stdin()?, "standard input".to_string()),
        Some(path) => (
            std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?,
            path.to_string(),
        ),
    };
    // Old archives are often Latin-1: their names may suffer, their moves are ASCII.
    let text = String::from_utf8_lossy(&bytes);
    let games = pdn::read_games(&text, opts.rules);
    if games.is_empty() {
        return Err(format!("no PDN game in {source}"));
    }
    let mut engine = engine(None, 16)?;
    let mut bad = 0;
    for (i, game) in games.into_iter().enumerate() {
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                eprintln!("dame: error: {e}");
                bad += 1;
                continue;
            }
        };
        let analysis = analysis::analyse_game(&mut engine, &game.game, &limits);
        let mut tags: Vec<(&str, &str)> = game
            .tags
            .iter()
            .filter(|(name, _)| name != "Annotator")
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        if let (None, Some(result)) = (game.tag("Result"), game.result.as_deref()) {
            tags.push(("Result", result));
        }
        tags.push(("Annotator", &annotator));
        let notes = analysis.notes(10);
        out!("{}", pdn::write_game_annotated(&game.game, &tags, &notes));
        let white = Numbering::of(game.preset).white();
        let side = |color: dame_core::Color| {
            let tag = if color == white { "White" } else { "Black" };
            let player = game.tag(tag).filter(|p| !p.trim().is_empty() && *p != "?");
            let name = match player {
                Some(player) => format!("{color} ({player})"),
                None => color.to_string(),
            };
            format!("{name} {}", analysis.counts(color))
        };
        eprintln!(
            "game {}: {}; {}",
            i + 1,
            side(dame_core::Color::Red),
            side(dame_core::Color::Black)
        );
    }
    match bad {
        0 => Ok(()),
        _ => Err(String::new()),
    }
}

/// `dame puzzles --from FILE… --out FILE`: the puzzles of every game of the PDN files
/// (src/lab/puzzles.rs), one JSON object a line; a summary on stderr. A bad game is one line on
/// stderr and is left out; the exit status is then 2 (the file is still written).
fn cmd_puzzles(opts: PuzzlesArgs) -> Result<(), String> {
    let depth = match opts.depth {
        Some(0) => return Err("--depth must be at least 1".into()),
        d => d.unwrap_or(PUZZLES_DEPTH).min(60) as u32,
    };
    let verify_depth = match opts.verify_depth {
        Some(d) if (d as u32) < depth => {
            return Err(format!("--verify-depth must be at least --depth ({depth})"))
        }
        d => d.map_or(depth + 4, |d| d.min(64) as u32),
    };
    if opts.max == Some(0) {
        return Err("--max must be at least 1".into());
    }
    let max = opts.max.map_or(usize::MAX, |n| n as usize);
    let mut files = Vec::new();
    for path in &opts.from {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        // Old archives are often Latin-1: their names may suffer, their moves are ASCII.
        let text = String::from_utf8_lossy(&bytes);
        // A match's record (`dame match --record`): `# …` comments and `game 3/400: …` lines.
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        if lines.all(|l| l.starts_with('#') || l.starts_with("game ")) && text.contains("game ") {
            return Err(format!(
                "{path} is a match record, which holds no moves: give the PDN file the match \
                 wrote (--pdn)"
            ));
        }
        let games = pdn::read_games(&text, opts.rules);
        if games.is_empty() {
            return Err(format!("no PDN game in {path}"));
        }
        files.push((path, games));
    }
    let mut endgames: Option<(String, std::sync::Arc<Endgames>)> = None;
    let mut text = String::new();
    let mut finders: Vec<(Preset, puzzles::Finder)> = Vec::new();
    let (mut bad, mut games_read, mut found) = (0, 0, 0);
    let started = Instant::now();
    'files: for (path, games) in files {
        for (i, game) in games.into_iter().enumerate() {
            let game = match game {
                Ok(game) => game,
                Err(e) => {
                    eprintln!("dame: error: {path}: {e}");
                    bad += 1;
                    continue;
                }
            };
            let preset = game.preset;
            if !finders.iter().any(|(p, _)| *p == preset) {
                let db = match &opts.egdb {
                    None => None,
                    Some(dir) => Some(std::sync::Arc::new(
                        read_egdb(dir, preset).map_err(|e| format!("--egdb: {e}"))?,
                    )),
                };
                if let Some(db) = &db {
                    endgames = Some((preset.id().to_string(), db.clone()));
                }
                let config = puzzles::Config {
                    depth,
                    verify_depth,
                    endgames: db,
                };
                finders.push((preset, puzzles::Finder::new(config)));
            }
            let finder = &mut finders
                .iter_mut()
                .find(|(p, _)| *p == preset)
                .expect("made above")
                .1;
            games_read += 1;
            finder.game(&game.game, |ply, puzzle| {
                found += 1;
                let source = format!("{path}:{}:{ply}", i + 1);
                text.push_str(&puzzle.json(&puzzles::id(preset, found), &source));
                text.push('\n');
                found < max
            });
            if found >= max {
                break 'files;
            }
        }
    }
    std::fs::write(&opts.out, &text).map_err(|e| format!("cannot write {}: {e}", opts.out))?;
    let stats = finders
        .iter()
        .fold(puzzles::Stats::default(), |a, (_, f)| puzzles::Stats {
            positions: a.positions + f.stats.positions,
            candidates: a.candidates + f.stats.candidates,
            kept: a.kept + f.stats.kept,
        });
    let egdb = endgames.map_or(String::new(), |(id, db)| {
        format!(", {id} database of {} pieces", db.max_pieces())
    });
    eprintln!(
        "{games_read} games, {} positions looked at, {} candidates at depth {depth}, {} puzzles \
         kept at depth {verify_depth}{egdb}, written to {} in {:.1} s",
        stats.positions,
        stats.candidates,
        found,
        opts.out,
        started.elapsed().as_secs_f64()
    );
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

/// The command line's parser: the derived one, with the presets' ids below the commands.
fn command() -> clap::Command {
    Cli::command()
        .after_help(format!("Presets: {}", Preset::id_list()))
        // `dame` alone is an error (one line), not the help.
        .arg_required_else_help(false)
}

/// The help of a `--rules` option: `what`, and the presets' ids.
fn with_presets(what: &str) -> String {
    format!("{what}: {}", Preset::id_list())
}

/// A clap error as the tool's one line (without `dame: error: `): clap's first line, or, where
/// that line needs the ones below it, what they say.
fn error_line(e: &clap::Error) -> String {
    let strings = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(s)) => s.join(", "),
        _ => String::new(),
    };
    match e.kind() {
        // The value parser's own message, as before clap: `unknown rules preset 'chess' (…)`,
        // `--depth must be a whole number, not 'two'`.
        ErrorKind::ValueValidation => {
            if let Some(why) = std::error::Error::source(e) {
                let option = strings(ContextKind::InvalidArg);
                let option = option.split(' ').next().unwrap_or_default();
                return match why.downcast_ref::<BadNumber>() {
                    Some(bad) => format!("{option} {bad}"),
                    None => why.to_string(),
                };
            }
        }
        // A group shows as `<--depth <D>|--movetime <MS>|--nodes <N>>`.
        ErrorKind::MissingRequiredArgument => {
            let missing = strings(ContextKind::InvalidArg);
            return match missing
                .strip_prefix('<')
                .and_then(|m| m.strip_suffix('>'))
                .filter(|m| m.contains('|'))
            {
                Some(group) => format!("missing one of {}", group.replace('|', ", ")),
                None => format!("missing {missing}"),
            };
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let command = command();
            let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
            return format!("missing command ({})", names.join(", "));
        }
        _ => {}
    }
    let text = e.to_string();
    let first = text.lines().next().unwrap_or_default();
    first.strip_prefix("error: ").unwrap_or(first).to_string()
}

fn main() -> ExitCode {
    let cli = match command()
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches))
    {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            if let Err(why) = e.print() {
                output_failed(why);
            }
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("dame: error: {}", error_line(&e));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Cmd::Perft(opts) => cmd_perft(opts),
        Cmd::Moves(opts) => cmd_moves(opts),
        Cmd::Search(opts) => cmd_search(opts),
        Cmd::Match(opts) => cmd_match(opts),
        Cmd::Tune(opts) => cmd_tune(opts),
        Cmd::Learn(opts) => cmd_learn(opts),
        Cmd::Pdn(opts) => cmd_pdn(opts),
        Cmd::Analyse(opts) => cmd_analyse(opts),
        Cmd::Puzzles(opts) => cmd_puzzles(opts),
        Cmd::Engine(opts) => cmd_engine(opts),
        Cmd::Egdb(opts) => cmd_egdb(opts),
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
