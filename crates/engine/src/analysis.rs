//! Game analysis: every position of a game searched, every turn judged by the winning chance it
//! gave away, as lichess judges chess moves.
//!
//! [`analyse_game`] searches the start position and the position after each ply with the same
//! [`Limits`], and gives for each ply ([`PlyAnalysis`]) the score before and after from the
//! mover's side ([`Score`]), the engine's best turn and its principal variation from the position
//! before, and a [`Judgement`] of the turn played. [`GameAnalysis::notes`] turns the analysis into
//! the notes of an annotated PDN game ([`dame_core::pdn::write_game_annotated`]). The pieces are
//! public on their own ([`evaluate_position`], [`judge`]) so that a caller that must not block,
//! the page's worker, can search one position at a time.
//!
//! **Judging.** A score becomes a winning chance in [-1, 1], `2 / (1 + exp(-c · score)) - 1`
//! (lichess's curve, its expected result scaled to [-1, 1]), with `c` =
//! [`WINNING_CHANCE_SCALE`] per hundredth of a man; a forced win is 1 and a forced loss -1. A
//! turn is judged by how much of the mover's winning chance it gave away: the chance of the
//! position before (the engine's best play) less that of the position after the turn played.
//! Both are seen to the same horizon: a search to depth `d` of the position before weighs its
//! best turn with `d - 1` plies after it, so the position after is scored by the iteration to
//! depth `d - 1` of its own search (to depth `d`). Scoring it at `d` too, as lichess does, gives
//! the turn played one ply more than the best turn had; in checkers, where a score swings
//! between odd and even depths, that judged turns by the difference (on eight English engine
//! games at depth 14: 99 of 466 turns other than the engine's looked better than its best, and
//! 4 blunders, against 63 and 1 with the same horizon).
//! [`INACCURACY`], [`MISTAKE`] and [`BLUNDER`] are lichess's thresholds on that drop. A turn that
//! is the engine's own best turn is [`Judgement::Best`], whatever the scores say; so is a forced
//! turn (the only legal one), which [`PlyAnalysis::forced`] marks: it is never judged.
//!
//! **Determinism.** Each position is searched by a cleared engine ([`Engine::clear`]: empty
//! transposition table, no history or killers), with the game's earlier positions for
//! repetitions. A search to a fixed depth reads no clock, so the same game at the same depth gets
//! the same scores, turns and judgements every time, whatever was analysed before. A time limit
//! (`movetime_ms`) is searched as a hard cap (`max_ms`): the position's whole time, even with a
//! single legal turn, where a player would move at once and a score would come from one ply.

use crate::search::{Engine, Limits, SearchResult};
use dame_core::pdn::{Evaluation, PlyNote};
use dame_core::{Color, Game, Turn};
use std::fmt;
use std::sync::{Arc, Mutex};

/// The slope of the winning-chance curve per hundredth of a man (lichess: 0.00368208 per
/// centipawn, a pawn up ≈ 0.18).
///
/// Chosen so that a man up from an even position is a winning chance of 0.35 (an expected
/// score of 67.5 %). From an even position a turn that gives away a man for nothing is then a
/// blunder (a drop of 0.35), and the thresholds fall at about 0.28 of a man (inaccuracy), 0.56
/// (mistake) and 0.85 (blunder); a man given away three men up costs less (0.18).
/// Measured: the logistic that `dame learn` fits to the results of 600 self-play games at level
/// Mittel (expected score σ(k · men), the same curve) has k = 0.60 for English checkers, which
/// makes a man up 0.29 on this scale; stronger play than Mittel's five plies converts a man more
/// often, hence a little steeper. Flying kings hold more endings (k = 0.30 for Russian
/// draughts), but one curve for every preset keeps a judgement meaning the same everywhere.
pub const WINNING_CHANCE_SCALE: f64 = 0.0073;

/// A drop in winning chance from this on is an inaccuracy (lichess's threshold).
pub const INACCURACY: f64 = 0.1;
/// A drop in winning chance from this on is a mistake (lichess's threshold).
pub const MISTAKE: f64 = 0.2;
/// A drop in winning chance from this on is a blunder (lichess's threshold).
pub const BLUNDER: f64 = 0.3;

/// A search's score from one side: hundredths of a man, or a forced result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An evaluation in hundredths of a man.
    Hundredths(i32),
    /// A forced win in this many plies (as [`SearchResult::mate_in`] counts them; 0: the other
    /// side has lost already).
    Win(u32),
    /// A forced loss in this many plies (0: no legal turn, the game is lost).
    Loss(u32),
}

impl Score {
    /// The score of a search, from the side to move of the position searched.
    pub fn of(result: &SearchResult) -> Score {
        match result.mate_in() {
            Some(plies) if result.score > 0 => Score::Win(plies.unsigned_abs()),
            Some(plies) => Score::Loss(plies.unsigned_abs()),
            None => Score::Hundredths(result.score),
        }
    }

    /// The same score from the other side.
    pub fn flip(self) -> Score {
        match self {
            Score::Hundredths(h) => Score::Hundredths(-h),
            Score::Win(plies) => Score::Loss(plies),
            Score::Loss(plies) => Score::Win(plies),
        }
    }

    /// This score, which is `side`'s, from Red's side.
    pub fn for_red(self, side: Color) -> Score {
        match side {
            Color::Red => self,
            Color::Black => self.flip(),
        }
    }

    /// The winning chance in [-1, 1]: `2 / (1 + exp(-c · score)) - 1` with `c` =
    /// [`WINNING_CHANCE_SCALE`]; 1 for a forced win, -1 for a forced loss.
    pub fn winning_chance(self) -> f64 {
        match self {
            Score::Hundredths(h) => 2.0 / (1.0 + (-WINNING_CHANCE_SCALE * h as f64).exp()) - 1.0,
            Score::Win(_) => 1.0,
            Score::Loss(_) => -1.0,
        }
    }

    /// The score as an annotated game writes it, when it is Red's (see [`Evaluation`]).
    pub fn evaluation(self) -> Evaluation {
        match self {
            Score::Hundredths(h) => Evaluation::Hundredths(h),
            Score::Win(plies) => Evaluation::RedWins(plies),
            Score::Loss(plies) => Evaluation::BlackWins(plies),
        }
    }
}

impl fmt::Display for Score {
    /// In men, `0.35`, `-1.20`; or `win 7`, `loss 7` (plies).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Hundredths(h) => write!(f, "{}", Evaluation::Hundredths(h)),
            Score::Win(plies) => write!(f, "win {plies}"),
            Score::Loss(plies) => write!(f, "loss {plies}"),
        }
    }
}

/// How good a turn was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Judgement {
    /// The engine's own best turn, or the only legal turn.
    Best,
    /// Another turn that gave away less winning chance than [`INACCURACY`].
    Good,
    /// A drop in winning chance of at least [`INACCURACY`].
    Inaccuracy,
    /// A drop of at least [`MISTAKE`].
    Mistake,
    /// A drop of at least [`BLUNDER`].
    Blunder,
}

impl Judgement {
    /// The judgement's name: `best`, `good`, `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Best => "best",
            Judgement::Good => "good",
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// Its NAG in an annotated game: `$6` (`?!`) an inaccuracy, `$2` (`?`) a mistake, `$4` (`??`)
    /// a blunder; none for the best turn or a good one (as lichess marks only the errors: a `!`
    /// on a turn that is not the best would read as praise).
    pub fn nag(self) -> Option<u8> {
        match self {
            Judgement::Best => None,
            Judgement::Good => None,
            Judgement::Inaccuracy => Some(6),
            Judgement::Mistake => Some(2),
            Judgement::Blunder => Some(4),
        }
    }
}

impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the search of one position found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEval {
    /// From the side to move.
    pub score: Score,
    /// The engine's best turn; `None` when there is no legal turn.
    pub best: Option<Turn>,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Turn>,
    /// The last depth searched completely.
    pub depth: u32,
    /// The score of the iteration one ply shallower than `depth` (of the same search), from the
    /// side to move; `score` when there was none.
    pub shallower: Score,
    /// How many legal turns the position has.
    pub legal_turns: usize,
}

/// One ply of an analysed game.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyAnalysis {
    /// Which ply of the game, from 0 (the index into [`Game::history`]).
    pub ply: usize,
    /// The side that played it.
    pub side: Color,
    /// The turn played.
    pub played: Turn,
    /// The engine's best turn in the position before.
    pub best: Option<Turn>,
    /// The engine's principal variation from the position before, starting with `best`.
    pub pv: Vec<Turn>,
    /// The position before, with the engine's best play, from the mover's side.
    pub before: Score,
    /// The position after the turn played, from the mover's side, seen to the same horizon as
    /// `before` (its search's iteration one ply shallower; see the module's documentation).
    pub after: Score,
    /// The mover's winning chance given away: `before`'s less `after`'s (negative when the
    /// position after looked better than the one before).
    pub drop: f64,
    /// The turn's judgement.
    pub judgement: Judgement,
    /// The turn was the only legal one: [`Judgement::Best`], never judged by its drop.
    pub forced: bool,
    /// The depth of the search of the position before.
    pub depth: u32,
}

/// How many turns of one side were judged inaccuracies, mistakes and blunders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Turns judged [`Judgement::Inaccuracy`].
    pub inaccuracies: usize,
    /// Turns judged [`Judgement::Mistake`].
    pub mistakes: usize,
    /// Turns judged [`Judgement::Blunder`].
    pub blunders: usize,
}

impl fmt::Display for Counts {
    /// `1 inaccuracy, 0 mistakes, 2 blunders`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        write!(
            f,
            "{}, {}, {}",
            plural(self.inaccuracies, "inaccuracy", "inaccuracies"),
            plural(self.mistakes, "mistake", "mistakes"),
            plural(self.blunders, "blunder", "blunders")
        )
    }
}

/// A whole game analysed: one entry per ply.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAnalysis {
    /// The plies in order.
    pub plies: Vec<PlyAnalysis>,
}

impl GameAnalysis {
    /// The inaccuracies, mistakes and blunders of `side`.
    pub fn counts(&self, side: Color) -> Counts {
        let mut counts = Counts::default();
        for ply in self.plies.iter().filter(|p| p.side == side) {
            match ply.judgement {
                Judgement::Inaccuracy => counts.inaccuracies += 1,
                Judgement::Mistake => counts.mistakes += 1,
                Judgement::Blunder => counts.blunders += 1,
                Judgement::Best | Judgement::Good => {}
            }
        }
        counts
    }

    /// The notes of an annotated PDN game, one per ply: the judgement's NAG, the score after the
    /// turn from Red's side (none once the game is over: no legal turn is left), and for an
    /// inaccuracy, a mistake or a blunder the engine's line instead (up to `variation_plies`
    /// turns of its principal variation).
    pub fn notes(&self, variation_plies: usize) -> Vec<PlyNote> {
        self.plies
            .iter()
            .map(|ply| {
                let over = ply.after == Score::Win(0) || ply.after == Score::Loss(0);
                let judged_bad = matches!(
                    ply.judgement,
                    Judgement::Inaccuracy | Judgement::Mistake | Judgement::Blunder
                );
                let mut variation: Vec<Turn> =
                    ply.pv.iter().take(variation_plies).copied().collect();
                if variation.is_empty() {
                    variation.extend(ply.best);
                }
                PlyNote {
                    nag: ply.judgement.nag(),
                    eval: (!over).then(|| ply.after.for_red(ply.side).evaluation()),
                    variation: if judged_bad { variation } else { Vec::new() },
                }
            })
            .collect()
    }
}

/// The limits an analysis searches each position with: `limits`, with a time limit made a hard
/// cap (`movetime_ms` becomes `max_ms`), so that a position with one legal turn is searched for
/// its whole time too.
pub fn analysis_limits(limits: &Limits) -> Limits {
    let mut limits = limits.clone();
    if let Some(ms) = limits.movetime_ms.take() {
        limits.max_ms = Some(limits.max_ms.map_or(ms, |max| max.min(ms)));
    }
    limits
}

/// Searches the current position of `game` (its earlier positions count for repetitions) with a
/// cleared `engine`, so that the result does not depend on what it searched before.
pub fn evaluate_position(engine: &mut Engine, game: &Game, limits: &Limits) -> PositionEval {
    engine.clear();
    let mut limits = analysis_limits(limits);
    // Every iteration's score, by depth; the caller's report still hears each one.
    let iterations: Arc<Mutex<Vec<(u32, Score)>>> = Arc::default();
    let record = Arc::clone(&iterations);
    let caller = limits.on_iteration.take();
    limits.on_iteration = Some(Arc::new(move |result: &SearchResult| {
        if let Ok(mut scores) = record.lock() {
            scores.push((result.depth, Score::of(result)));
        }
        if let Some(report) = &caller {
            report(result);
        }
    }));
    let result = engine.search(game, &limits);
    let score = Score::of(&result);
    let shallower = iterations.lock().ok().and_then(|scores| {
        scores
            .iter()
            .find(|(depth, _)| *depth + 1 == result.depth)
            .map(|(_, score)| *score)
    });
    PositionEval {
        score,
        best: result.best,
        pv: result.pv,
        depth: result.depth,
        shallower: shallower.unwrap_or(score),
        legal_turns: game.position().legal_turns().len(),
    }
}

/// Judges a turn: `forced` (the only legal turn) and `played_best` (the engine's best turn) are
/// [`Judgement::Best`]; otherwise the mover's drop in winning chance from `before` (the position
/// before, the mover's side) to `after` (the position after the turn, the mover's side) decides.
/// Returns the judgement and the drop.
pub fn judge(before: Score, after: Score, played_best: bool, forced: bool) -> (Judgement, f64) {
    let drop = before.winning_chance() - after.winning_chance();
    let judgement = if forced || played_best {
        Judgement::Best
    } else if drop >= BLUNDER {
        Judgement::Blunder
    } else if drop >= MISTAKE {
        Judgement::Mistake
    } else if drop >= INACCURACY {
        Judgement::Inaccuracy
    } else {
        Judgement::Good
    };
    (judgement, drop)
}

/// The analysis of `game` from the searches of its positions: `evals[i]` is that of
/// `game.positions()[i]`, one for each position, the start and after each ply (as
/// [`evaluate_position`] gives them). Ply `i` is judged from `evals[i].score` (before) and
/// `evals[i + 1].shallower` (after, turned to the mover's side). `None` when `evals` has
/// another length.
pub fn judge_game(game: &Game, evals: &[PositionEval]) -> Option<GameAnalysis> {
    if evals.len() != game.positions().len() {
        return None;
    }
    Some(GameAnalysis {
        plies: judge_plies(game, evals),
    })
}

/// The judgements of the first plies of `game` that `evals` (the searches of its first
/// positions, in order, as in [`judge_game`]) reach: ply `i` for every `i + 1 < evals.len()`.
/// An analysis still under way judges what it has so far, exactly as the whole game would.
pub fn judge_plies(game: &Game, evals: &[PositionEval]) -> Vec<PlyAnalysis> {
    game.history()
        .iter()
        .take(evals.len().saturating_sub(1))
        .enumerate()
        .map(|(i, &played)| {
            let (before, after) = (&evals[i], &evals[i + 1]);
            let forced = before.legal_turns == 1;
            let after_score = after.shallower.flip();
            let (judgement, drop) = judge(
                before.score,
                after_score,
                before.best == Some(played),
                forced,
            );
            PlyAnalysis {
                ply: i,
                side: game.positions()[i].side(),
                played,
                best: before.best,
                pv: before.pv.clone(),
                before: before.score,
                after: after_score,
                drop,
                judgement,
                forced,
                depth: before.depth,
            }
        })
        .collect()
}

/// Analyses `game`: searches every position (the start and after each ply) with `engine` and
/// `limits` (see [`evaluate_position`]), in order, and judges every turn.
pub fn analyse_game(engine: &mut Engine, game: &Game, limits: &Limits) -> GameAnalysis {
    let mut so_far = Game::from_position(*game.start_position());
    let mut evals = Vec::with_capacity(game.positions().len());
    evals.push(evaluate_position(engine, &so_far, limits));
    for &turn in game.history() {
        so_far.push(turn);
        evals.push(evaluate_position(engine, &so_far, limits));
    }
    judge_game(game, &evals).expect("one search per position")
}
