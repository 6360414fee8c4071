//! Puzzles from games (`dame puzzles`): positions where exactly one turn wins material (at least
//! a man) or the game against the best defence, with the whole solution line.
//!
//! **Material.** The static material of a position from one side is that side's men and kings
//! weighed as the preset's evaluation weighs them ([`Profile::of`]: a man 100; a king 114 in
//! English checkers, 140 where kings move one square and no tuning was kept), less the other
//! side's. `m0`, the material the gain is measured from, is the mover's best material in the
//! position looked at and the [`LOOK_BACK`] positions before it (of the same game): in the middle
//! of an exchange, taking back what was just lost wins nothing.
//!
//! **A winning turn.** Each legal turn's resulting position is searched by a cleared engine
//! ([`analysis::evaluate_position`], the game's earlier positions count for repetitions) one ply
//! shallower than the depth looked at, so that every turn is seen to the same horizon as the best
//! turn of a search of the position itself; its score, negated, is the turn's score for the
//! mover. A turn *wins* when that score is a forced win, or at least `m0 +` [`WIN_MARGIN`]
//! hundredths (the search's evaluation has positional terms besides the material, hence a margin
//! a little under a man).
//!
//! **A candidate** (at `depth`): a search of the position to `depth` says the mover wins (the
//! cheap filter: most positions stop here); then, of the turns' scores, exactly one wins and it is
//! at least [`GAP`] (a man) better than the second best.
//!
//! **A kept puzzle** (verified): the same test at `verify_depth` names the same turn, and the
//! turn's principal variation realises the gain (see [`solution_cut`]): within it the mover's
//! material reaches `m0 + 100` after one of the mover's plies and stays there to the end of the
//! line, or the game ends won. Where an endgame database covers the position, the database
//! decides instead: the position must be a database win, exactly one turn must keep it (lead to a
//! database loss for the opponent, or end the game), and it must be the search's turn; the
//! solution is then the database's line (the mover's fastest win, the defender's longest
//! resistance, the first turn of each [`Endgames::best_turns`]), cut the same way.
//!
//! **Rating.** `1000 + 60 · (depth needed − 1) + 40 · (solution plies − 1)`, at most 2800. The
//! depth needed is one more than the shallowest iteration of the verifying search of the
//! solution's first turn from which every deeper iteration saw the win (a two-for-one shot seen
//! at once, three plies long: about 1100–1300).
//!
//! **Determinism.** Fixed depths and a cleared engine for every search: the same games give the
//! same puzzles in the same order.

use dame_core::notation::Numbering;
use dame_core::{Color, Game, Position, Preset, Turn};
use dame_engine::analysis::{self, Score};
use dame_engine::egdb::{Endgames, Value};
use dame_engine::{Engine, Limits, Profile, SearchResult, WIN};
use std::sync::{Arc, Mutex};

/// How far under a man a turn's searched score may stay above the material before and still
/// count as winning.
pub const WIN_MARGIN: i32 = 75;
/// How much better the winning turn must score than the second best (a man).
pub const GAP: i32 = 100;
/// The material gain the solution line must realise (a man).
pub const GAIN: i32 = 100;
/// How many positions before the one looked at count for the material the gain is measured
/// from (three plies: back to before the opponent's turn before the mover's last one).
pub const LOOK_BACK: usize = 3;
/// Plies of a game from the start position that are not looked at (the opening).
pub const SKIP_PLIES: usize = 6;
/// The longest database line followed.
const MAX_LINE: usize = 80;

/// How the finder searches.
#[derive(Clone)]
pub struct Config {
    /// The depth of the candidates' searches.
    pub depth: u32,
    /// The depth of the verifying searches.
    pub verify_depth: u32,
    /// An endgame database, used by the searches and to decide the positions it covers.
    pub endgames: Option<Arc<Endgames>>,
}

/// What a puzzle wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gain {
    /// The material realised by the solution line, in hundredths (at least [`GAIN`]).
    Hundredths(i32),
    /// The game: a forced win (or a database win).
    Win,
}

/// A verified puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, the mover to find the turn.
    pub position: Position,
    /// The solution: the winning turn, the defence's replies and the mover's follow-ups.
    pub solution: Vec<Turn>,
    /// What it wins.
    pub gain: Gain,
    /// The initial rating (see the module's documentation).
    pub rating: u32,
}

impl Puzzle {
    /// The solution's turns in the internal notation (docs/rules.md §7).
    pub fn solution_texts(&self) -> Vec<String> {
        let mut pos = self.position;
        self.solution
            .iter()
            .map(|turn| {
                let text = Numbering::Internal.turn_text(&pos, turn);
                pos = pos.play_turn_unchecked(turn);
                text
            })
            .collect()
    }

    /// The puzzle as one line of JSON (no newline): id, rules, FEN (internal numbering),
    /// solution, gain (hundredths or `"win"`), source and rating.
    pub fn json(&self, id: &str, source: &str) -> String {
        let solution: Vec<String> = self
            .solution_texts()
            .iter()
            .map(|t| json_string(t))
            .collect();
        let gain = match self.gain {
            Gain::Hundredths(h) => h.to_string(),
            Gain::Win => "\"win\"".to_string(),
        };
        format!(
            "{{\"id\": {}, \"rules\": {}, \"fen\": {}, \"solution\": [{}], \"gain\": {gain}, \
             \"source\": {}, \"rating\": {}}}",
            json_string(id),
            json_string(self.position.preset().id()),
            json_string(&Numbering::Internal.write_fen(&self.position.setup())),
            solution.join(", "),
            json_string(source),
            self.rating
        )
    }
}

/// `text` as a JSON string, quotes included.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// What the finder has looked at so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions searched (past the opening, not over, with more than one legal turn).
    pub positions: usize,
    /// Candidates at the first depth.
    pub candidates: usize,
    /// Puzzles kept after verification.
    pub kept: usize,
}

/// Finds puzzles, one position or one game at a time.
pub struct Finder {
    engine: Engine,
    config: Config,
    /// The counts so far.
    pub stats: Stats,
}

/// One turn's searched score, from the mover's side.
struct Scored {
    turn: Turn,
    score: Score,
    pv: Vec<Turn>,
    /// Each iteration's score (its depth, the mover's side).
    iterations: Vec<(u32, Score)>,
}

impl Finder {
    /// A finder with a fresh engine (the built-in learned tables, `config`'s database).
    pub fn new(config: Config) -> Finder {
        let mut engine = Engine::new(16);
        engine.use_embedded();
        engine.set_endgames(config.endgames.clone());
        Finder {
            engine,
            config,
            stats: Stats::default(),
        }
    }

    /// The puzzles of `game`'s positions, in order, as (ply, puzzle): the ply is the number of
    /// turns played before the position. `keep_going` hears each one and stops the game when it
    /// says false.
    pub fn game(&mut self, game: &Game, mut keep_going: impl FnMut(usize, &Puzzle) -> bool) {
        let from_start = *game.start_position() == Position::start(game.preset());
        let skip = if from_start { SKIP_PLIES } else { 0 };
        let mut so_far = Game::from_position(*game.start_position());
        for (ply, &turn) in game.history().iter().enumerate() {
            if ply >= skip {
                if let Some(puzzle) = self.position(&so_far) {
                    if !keep_going(ply, &puzzle) {
                        return;
                    }
                }
            }
            so_far.push(turn);
        }
    }

    /// The puzzle of `game`'s current position (its earlier positions count for repetitions),
    /// if it is one.
    pub fn position(&mut self, game: &Game) -> Option<Puzzle> {
        let pos = *game.position();
        if game.outcome().is_some() || pos.legal_turns().len() < 2 {
            return None;
        }
        self.stats.positions += 1;
        // The best of this position's material and the three before it: taking back in an
        // exchange wins nothing.
        let positions = game.positions();
        let m0 = positions[positions.len().saturating_sub(1 + LOOK_BACK)..]
            .iter()
            .map(|p| material(p, pos.side()))
            .max()
            .unwrap_or(0);
        let depth = self.config.depth.max(1);
        let first = analysis::evaluate_position(&mut self.engine, game, &Limits::depth(depth));
        if !wins(first.score, m0) {
            return None;
        }
        let (turn, _) = self.unique_winner(game, depth, m0)?;
        self.stats.candidates += 1;
        let verify = self.config.verify_depth.max(depth);
        let (verified, best) = self.unique_winner(game, verify, m0)?;
        if verified != turn {
            return None;
        }
        let puzzle = match self
            .config
            .endgames
            .clone()
            .filter(|db| db.probe(&pos).is_some())
        {
            Some(db) => database_puzzle(&db, &pos, turn, m0, &best)?,
            None => searched_puzzle(&pos, &best, m0)?,
        };
        self.stats.kept += 1;
        Some(puzzle)
    }

    /// Every legal turn searched to `depth - 1`: the one winning turn, if exactly one wins and it
    /// is [`GAP`] better than the second best, with its search.
    fn unique_winner(&mut self, game: &Game, depth: u32, m0: i32) -> Option<(Turn, Scored)> {
        let mut scored: Vec<Scored> = game
            .legal_turns()
            .into_iter()
            .map(|turn| self.score_turn(game, turn, depth.saturating_sub(1).max(1)))
            .collect();
        if scored.iter().filter(|s| wins(s.score, m0)).count() != 1 {
            return None;
        }
        // Stable: equal scores keep the order of the legal turns.
        scored.sort_by_key(|s| std::cmp::Reverse(key(s.score)));
        let best = scored.swap_remove(0);
        let second = scored.iter().map(|s| key(s.score)).max()?;
        if !wins(best.score, m0) || key(best.score) - second < GAP {
            return None;
        }
        Some((best.turn, best))
    }

    fn score_turn(&mut self, game: &Game, turn: Turn, depth: u32) -> Scored {
        let mut after = game.clone();
        after.push(turn);
        let iterations: Arc<Mutex<Vec<(u32, Score)>>> = Arc::default();
        let record = Arc::clone(&iterations);
        let limits = Limits {
            on_iteration: Some(Arc::new(move |result: &SearchResult| {
                if let Ok(mut all) = record.lock() {
                    all.push((result.depth, Score::of(result).flip()));
                }
            })),
            ..Limits::depth(depth)
        };
        let eval = analysis::evaluate_position(&mut self.engine, &after, &limits);
        let mut pv = vec![turn];
        pv.extend(eval.pv);
        let iterations = iterations.lock().map(|i| i.clone()).unwrap_or_default();
        Scored {
            turn,
            score: eval.score.flip(),
            pv,
            iterations,
        }
    }
}

/// `side`'s static material less the other side's, in hundredths (see the module's
/// documentation).
pub fn material(pos: &Position, side: Color) -> i32 {
    let weights = Profile::of(pos.preset()).weights;
    let of = |color: Color| {
        let board = pos.board();
        weights.man * board.men(color).len() as i32 + weights.king * board.kings(color).len() as i32
    };
    of(side) - of(side.opposite())
}

/// A score as one ordered number: forced wins above every evaluation, sooner ones higher.
fn key(score: Score) -> i32 {
    match score {
        Score::Hundredths(h) => h,
        Score::Win(plies) => WIN - plies as i32,
        Score::Loss(plies) => plies as i32 - WIN,
    }
}

/// Whether a score of the mover's wins, from material `m0` before.
fn wins(score: Score, m0: i32) -> bool {
    match score {
        Score::Win(_) => true,
        Score::Hundredths(h) => h >= m0 + WIN_MARGIN,
        Score::Loss(_) => false,
    }
}

/// Where a line from `pos` converts its win: the number of plies kept. The first of the mover's
/// plies after which the mover's material is at least `m0 +` [`GAIN`] and stays so after each of
/// the mover's later plies to the line's end; or, without one, the whole line when it ends the game with the mover's win. `None`
/// otherwise.
pub fn solution_cut(pos: &Position, line: &[Turn], m0: i32) -> Option<usize> {
    let mover = pos.side();
    let mut positions = Vec::with_capacity(line.len());
    let mut at = *pos;
    for turn in line {
        at = at.play_turn_unchecked(turn);
        positions.push(at);
    }
    // After each of the mover's plies (even indices): is the mover a man up on `m0`? The
    // defence's plies between are not looked at: a capture of theirs that the mover takes back
    // is an exchange, not a loss of the gain.
    let mut cut = None;
    let mut all_after = true;
    for i in (0..positions.len()).rev().filter(|i| i % 2 == 0) {
        all_after &= material(&positions[i], mover) >= m0 + GAIN;
        if all_after {
            cut = Some(i + 1);
        }
    }
    cut.or_else(|| {
        let last = positions.last()?;
        (last.side() != mover && last.legal_turns().is_empty()).then_some(line.len())
    })
}

fn searched_puzzle(pos: &Position, best: &Scored, m0: i32) -> Option<Puzzle> {
    let cut = solution_cut(pos, &best.pv, m0)?;
    let solution = best.pv[..cut].to_vec();
    let gain = match best.score {
        Score::Win(_) => Gain::Win,
        _ => Gain::Hundredths(material(&end_of(pos, &solution), pos.side()) - m0),
    };
    Some(Puzzle {
        position: *pos,
        rating: rating(best, m0, solution.len()),
        solution,
        gain,
    })
}

fn database_puzzle(
    db: &Endgames,
    pos: &Position,
    turn: Turn,
    m0: i32,
    best: &Scored,
) -> Option<Puzzle> {
    if !matches!(db.probe(pos), Some(Value::Win(_))) {
        return None;
    }
    let winning: Vec<Turn> = pos
        .legal_turns()
        .into_iter()
        .filter(|t| {
            let after = pos.play_turn_unchecked(t);
            match db.probe(&after) {
                Some(value) => matches!(value, Value::Loss(_)),
                None => after.legal_turns().is_empty(),
            }
        })
        .collect();
    if winning != [turn] {
        return None;
    }
    // The database's line: the mover's fastest win, the defence's longest resistance.
    let mut line = vec![turn];
    let mut at = pos.play_turn_unchecked(&turn);
    while line.len() < MAX_LINE {
        let Some(&next) = db.best_turns(&at).first() else {
            break;
        };
        line.push(next);
        at = at.play_turn_unchecked(&next);
    }
    let cut = solution_cut(pos, &line, m0).unwrap_or(line.len());
    line.truncate(cut);
    Some(Puzzle {
        position: *pos,
        rating: rating(best, m0, line.len()),
        solution: line,
        gain: Gain::Win,
    })
}

fn end_of(pos: &Position, line: &[Turn]) -> Position {
    line.iter().fold(*pos, |p, t| p.play_turn_unchecked(t))
}

/// See the module's documentation.
fn rating(best: &Scored, m0: i32, plies: usize) -> u32 {
    let mut seen_from = best.iterations.last().map_or(1, |(depth, _)| *depth);
    for &(depth, score) in best.iterations.iter().rev() {
        if !wins(score, m0) {
            break;
        }
        seen_from = depth;
    }
    let needed = seen_from + 1;
    (1000 + 60 * (needed - 1) + 40 * (plies.max(1) as u32 - 1)).min(2800)
}

/// A puzzle's id in a file: `<preset>-<n>`, n counting the file's puzzles from 1.
pub fn id(preset: Preset, n: usize) -> String {
    format!("{}-{n}", preset.id())
}
