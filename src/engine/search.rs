//! Iterative deepening alpha-beta search (principal variation search) over turns.
//!
//! Transposition table with Zobrist keys (side to move and huffable set included), move ordering
//! (hash move, huffs, captures, crowning, killers, history), late-move reductions for quiet moves,
//! forced-move extension, capture resolution at the horizon (no stand-pat while a capture is
//! compulsory; in Blasen a stand-pat that counts the huffs both sides are owed), draw detection
//! (repetition within the search, the 40-move rule) and mate-distance scores.

use super::eval::{self, Weights};
use super::tt::{Bound, Entry, Table};
use super::zobrist;
use crate::board::Position;
use crate::game::{Game, QUIET_PLIES_FOR_DRAW};
use crate::movegen;
use crate::moves::{Move, Turn};
use crate::play::generate_turns;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The score of a won position (minus the plies it takes).
pub const WIN: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;
/// Scores beyond this are wins or losses in a known number of plies.
const WIN_BOUND: i32 = WIN - MAX_PLY as i32;
/// How much a quiet turn may gain at depth 1 and 2, at most, for futility pruning.
const FUTILITY_MARGIN: [i32; 3] = [0, 60, 120];

/// Milliseconds since a fixed moment. The core does not read a clock itself, so that it runs
/// the same natively and in a browser; [`native_clock`] is the native one.
pub type Clock = fn() -> f64;

/// The native clock (not available on wasm32, where the page passes `performance.now`).
#[cfg(not(target_arch = "wasm32"))]
pub fn native_clock() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// When to stop searching. With no limit at all the search stops at its maximum depth.
#[derive(Clone, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime_ms: Option<f64>,
    /// Needed with `movetime_ms`; natively [`native_clock`] is used when it is missing.
    pub clock: Option<Clock>,
    /// Set from another thread to stop the search at once.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    pub fn movetime(ms: f64) -> Limits {
        Limits {
            movetime_ms: Some(ms),
            ..Limits::default()
        }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// `None` only when there is no legal turn.
    pub best: Option<Turn>,
    /// From the side to move's point of view, in hundredths of a man; ±(WIN − plies) for a win
    /// or loss.
    pub score: i32,
    /// The last depth searched completely.
    pub depth: u32,
    pub pv: Vec<Turn>,
    pub nodes: u64,
    pub elapsed_ms: f64,
}

impl SearchResult {
    /// Plies to the end of the game if the score is a forced win (positive) or loss (negative).
    pub fn mate_in(&self) -> Option<i32> {
        (self.score.abs() > WIN_BOUND).then(|| self.score.signum() * (WIN - self.score.abs()))
    }
}

type KillerKey = u16;

fn killer_key(mv: &Move) -> KillerKey {
    (mv.from.bit() as u16) | ((mv.to.bit() as u16) << 8) | 0x8080
}

/// A computer player's memory: transposition table and ordering statistics, kept between moves.
pub struct Engine {
    tt: Table,
    history: Vec<i32>,
    killers: [[KillerKey; 2]; MAX_PLY],
    weights: Weights,
    // Per search:
    nodes: u64,
    stopped: bool,
    limits: Limits,
    clock: Option<Clock>,
    start_ms: f64,
    deadline_ms: f64,
    /// Hashes of the game's positions and of the search path; `quiet[i]` plies since the last
    /// capture, huff or man move at `stack[i]`.
    stack: Vec<u64>,
    quiet: Vec<u32>,
    turn_bufs: Vec<Vec<Turn>>,
    move_bufs: Vec<Vec<Move>>,
    order_bufs: Vec<Vec<(i32, u16)>>,
    root_best: Option<(Turn, i32)>,
    /// The rules and weights the table's scores were computed with: other ones clear it.
    scored_with: Option<(crate::Rules, Weights)>,
}

impl Engine {
    /// An engine with a transposition table of about `tt_megabytes` MB.
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine {
            tt: Table::new(tt_megabytes),
            history: vec![0; 35 * 35],
            killers: [[0; 2]; MAX_PLY],
            weights: Weights::for_rules(&crate::Preset::English.rules()),
            nodes: 0,
            stopped: false,
            limits: Limits::default(),
            clock: None,
            start_ms: 0.0,
            deadline_ms: f64::INFINITY,
            stack: Vec::new(),
            quiet: Vec::new(),
            turn_bufs: vec![Vec::new(); MAX_PLY + 1],
            move_bufs: vec![Vec::new(); MAX_PLY + 1],
            order_bufs: vec![Vec::new(); MAX_PLY + 1],
            root_best: None,
            scored_with: None,
        }
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.fill(0);
        self.killers = [[0; 2]; MAX_PLY];
    }

    /// The evaluation weights of the last search (the rules' own, unless
    /// [`Engine::search_with_weights`] gave others).
    pub fn weights(&self) -> Weights {
        self.weights
    }

    /// Searches the game's current position; earlier positions count for repetitions.
    pub fn search(&mut self, game: &Game, limits: &Limits) -> SearchResult {
        let weights = Weights::for_rules(game.rules());
        self.search_with_weights(game, limits, weights)
    }

    /// As [`Engine::search`], with the given evaluation weights.
    pub fn search_with_weights(
        &mut self,
        game: &Game,
        limits: &Limits,
        weights: Weights,
    ) -> SearchResult {
        self.stack.clear();
        self.quiet.clear();
        for (pos, quiet) in game.positions().iter().zip(game.quiet_plies_history()) {
            self.stack.push(zobrist::hash(pos));
            self.quiet.push(*quiet);
        }
        let scored_with = Some((*game.rules(), weights));
        if self.scored_with != scored_with {
            self.clear();
            self.scored_with = scored_with;
        }
        self.weights = weights;
        self.run(*game.position(), limits)
    }

    /// Searches a position without a game history.
    pub fn search_position(&mut self, pos: &Position, limits: &Limits) -> SearchResult {
        self.search(&Game::from_position(*pos), limits)
    }

    fn now(&self) -> f64 {
        self.clock.map_or(0.0, |clock| clock())
    }

    fn run(&mut self, pos: Position, limits: &Limits) -> SearchResult {
        self.limits = limits.clone();
        self.clock = limits.clock;
        #[cfg(not(target_arch = "wasm32"))]
        if self.clock.is_none() {
            self.clock = Some(native_clock);
        }
        self.start_ms = self.now();
        self.deadline_ms = match (limits.movetime_ms, self.clock) {
            (Some(ms), Some(_)) => self.start_ms + ms,
            _ => f64::INFINITY,
        };
        self.nodes = 0;
        self.stopped = false;
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        let root_turns = pos.legal_turns();
        let mut result = SearchResult {
            best: root_turns.first().copied(),
            score: if root_turns.is_empty() { -WIN } else { 0 },
            depth: 0,
            pv: Vec::new(),
            nodes: 0,
            elapsed_ms: 0.0,
        };
        if root_turns.is_empty() {
            if pos.is_decided_by_material() && !pos.board.pieces(pos.side).is_empty() {
                result.score = WIN; // a set-up position whose other side has no pieces
            }
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        for depth in 1..=max_depth {
            self.root_best = None;
            let score = self.negamax(&pos, depth as i32, 0, -INF, INF);
            if self.stopped {
                if result.depth == 0 {
                    if let Some((turn, score)) = self.root_best {
                        result.best = Some(turn);
                        result.score = score;
                    }
                }
                break;
            }
            if let Some((turn, _)) = self.root_best {
                result.best = Some(turn);
            }
            result.score = score;
            result.depth = depth;
            let elapsed = self.now() - self.start_ms;
            let timed = limits.movetime_ms.is_some();
            if timed
                && (root_turns.len() == 1 || elapsed > 0.45 * limits.movetime_ms.unwrap_or(0.0))
            {
                break;
            }
            if score.abs() > WIN_BOUND && depth as i32 > WIN - score.abs() + 2 {
                break; // a forced result, seen in full
            }
        }
        result.pv = self.principal_variation(&pos, result.best, result.depth as usize + 8);
        result.nodes = self.nodes;
        result.elapsed_ms = self.now() - self.start_ms;
        result
    }

    fn poll(&mut self) {
        if self.limits.nodes.is_some_and(|n| self.nodes >= n)
            || self
                .limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            || self.now() >= self.deadline_ms
        {
            self.stopped = true;
        }
    }

    fn is_draw(&self) -> bool {
        let n = self.stack.len();
        let quiet = self.quiet[n - 1] as usize;
        if quiet >= QUIET_PLIES_FOR_DRAW as usize {
            return true;
        }
        let hash = self.stack[n - 1];
        let mut back = 2;
        while back <= quiet && back < n {
            if self.stack[n - 1 - back] == hash {
                return true;
            }
            back += 2;
        }
        false
    }

    fn negamax(&mut self, pos: &Position, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true; // exact, and without reading the clock at every node
        } else if self.nodes & 1023 == 0 {
            self.poll();
        }
        if self.stopped {
            return 0;
        }
        if ply > 0 && self.is_draw() {
            // A side without a legal turn has lost, even on the 80th quiet ply.
            return if pos.legal_turns().is_empty() {
                -WIN + ply as i32
            } else {
                0
            };
        }
        if ply >= MAX_PLY - 1 {
            return eval::evaluate(&self.weights, pos);
        }
        // A win sooner than any still possible cannot be had; a loss later cannot be forced.
        let alpha = alpha.max(-WIN + ply as i32);
        let beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let mut turns = std::mem::take(&mut self.turn_bufs[ply]);
        let mut scratch = std::mem::take(&mut self.move_bufs[ply]);
        generate_turns(pos, &mut turns, &mut scratch);
        self.move_bufs[ply] = scratch;
        let score = self.search_turns(pos, &turns, depth, ply, alpha, beta);
        self.turn_bufs[ply] = turns;
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn search_turns(
        &mut self,
        pos: &Position,
        turns: &[Turn],
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if turns.is_empty() {
            return -WIN + ply as i32;
        }
        let huffing = pos.rules.is_huffing();
        let forced_capture = !huffing && turns[0].mv.is_some_and(|m| m.is_capture());
        let mut best = -INF;
        if depth <= 0 {
            if huffing {
                // Stand pat, counting the huff we may make now and the one the opponent may
                // make if we leave our capture obligation unfulfilled.
                let owed = movegen::capturers(pos).0;
                best = eval::evaluate(&self.weights, pos)
                    - eval::best_piece_value(&self.weights, &pos.board, owed);
                if best >= beta {
                    return best;
                }
                alpha = alpha.max(best);
            } else if !forced_capture {
                return eval::evaluate(&self.weights, pos);
            }
        }
        let hash = self.stack[self.stack.len() - 1];
        let mut tt_best = u16::MAX;
        if let Some(entry) = self.tt.probe(hash) {
            tt_best = entry.best;
            if ply > 0 && entry.depth as i32 >= depth {
                let score = score_from_tt(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }

        let mut order = std::mem::take(&mut self.order_bufs[ply]);
        order.clear();
        for (i, turn) in turns.iter().enumerate() {
            if depth <= 0 && turn.mv.is_some_and(|m| !m.is_capture()) {
                continue; // at the horizon only captures (and a game-ending huff) are looked at
            }
            order.push((
                self.order_score(pos, turn, i as u16, tt_best, ply),
                i as u16,
            ));
        }
        let extension = i32::from(turns.len() == 1 && depth > 0);
        // Near the horizon, quiet turns cannot lift a clearly lost-looking score above alpha.
        let futile = depth > 0
            && depth <= 2
            && !forced_capture
            && alpha.abs() < WIN_BOUND
            && eval::evaluate(&self.weights, pos) + FUTILITY_MARGIN[depth as usize] <= alpha
            && movegen::capturers(&pos.after_pass()).is_empty();
        let child_depth = if depth <= 0 { 0 } else { depth - 1 + extension };
        let original_alpha = alpha;
        let mut best_index = u16::MAX;
        let quiet_before = self.quiet[self.quiet.len() - 1];
        for n in 0..order.len() {
            let pick = (n..order.len())
                .max_by_key(|&j| (order[j].0, -(j as i64)))
                .unwrap_or(n);
            order.swap(n, pick);
            let index = order[n].1;
            let turn = turns[index as usize];
            let next = pos.play_turn_unchecked(&turn);
            let irreversible = turn.is_irreversible(pos.board.men(pos.side));
            self.stack.push(zobrist::update(hash, pos, &next));
            self.quiet
                .push(if irreversible { 0 } else { quiet_before + 1 });
            let quiet_move =
                turn.huff.is_none() && turn.mv.is_some_and(|m| !m.is_capture() && !m.crowns);
            if n > 0 && quiet_move && futile {
                self.stack.pop();
                self.quiet.pop();
                continue;
            }
            let score = if n == 0 {
                -self.negamax(&next, child_depth, ply + 1, -beta, -alpha)
            } else {
                let reduction = if !quiet_move || extension > 0 || depth < 3 || n < 2 {
                    0
                } else if n >= 6 && depth >= 6 {
                    2
                } else {
                    1
                };
                let mut s =
                    -self.negamax(&next, child_depth - reduction, ply + 1, -alpha - 1, -alpha);
                if s > alpha && reduction > 0 {
                    s = -self.negamax(&next, child_depth, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&next, child_depth, ply + 1, -beta, -alpha);
                }
                s
            };
            self.stack.pop();
            self.quiet.pop();
            if self.stopped {
                self.order_bufs[ply] = order;
                return 0;
            }
            if score > best {
                best = score;
                best_index = index;
                if ply == 0 {
                    self.root_best = Some((turn, score));
                }
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if let (true, Some(mv)) = (quiet_move, turn.mv) {
                            self.reward_quiet(&mv, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        self.order_bufs[ply] = order;
        if best_index == u16::MAX && depth <= 0 {
            return best; // stood pat (Blasen) with no capture better
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key: hash,
            score: score_to_tt(best, ply),
            best: best_index,
            depth: depth.max(0) as i16,
            bound,
        });
        best
    }

    fn order_score(
        &self,
        pos: &Position,
        turn: &Turn,
        index: u16,
        tt_best: u16,
        ply: usize,
    ) -> i32 {
        if index == tt_best {
            return 10_000_000;
        }
        let mut score = 0;
        if let Some(h) = turn.huff {
            score += 1_000_000 + eval::best_piece_value(&self.weights, &pos.board, 1 << h.bit());
        }
        if let Some(mv) = &turn.mv {
            if mv.is_capture() {
                let kings = (mv.captured & pos.board.kings).len() as i32;
                score += 500_000 + 1000 * mv.captured.len() as i32 + 500 * kings;
            } else if mv.crowns {
                score += 400_000;
            } else {
                let key = killer_key(mv);
                if self.killers[ply][0] == key {
                    score += 300_000;
                } else if self.killers[ply][1] == key {
                    score += 290_000;
                } else {
                    score += self.history[mv.from.bit() as usize * 35 + mv.to.bit() as usize]
                        .min(280_000);
                }
            }
        }
        score
    }

    fn reward_quiet(&mut self, mv: &Move, depth: i32, ply: usize) {
        let key = killer_key(mv);
        if self.killers[ply][0] != key {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = key;
        }
        let slot = &mut self.history[mv.from.bit() as usize * 35 + mv.to.bit() as usize];
        *slot += depth * depth;
    }

    /// Follows the transposition table's best turns from the root.
    fn principal_variation(&self, pos: &Position, first: Option<Turn>, max: usize) -> Vec<Turn> {
        let mut pv = Vec::new();
        let Some(first) = first else { return pv };
        let mut pos = pos.play_turn_unchecked(&first);
        let mut hash = zobrist::hash(&pos);
        pv.push(first);
        let mut seen = vec![hash];
        while pv.len() < max {
            let Some(entry) = self.tt.probe(hash) else {
                break;
            };
            let turns = pos.legal_turns();
            let Some(turn) = turns.get(entry.best as usize) else {
                break;
            };
            let next = pos.play_turn_unchecked(turn);
            hash = zobrist::update(hash, &pos, &next);
            if seen.contains(&hash) {
                break;
            }
            seen.push(hash);
            pv.push(*turn);
            pos = next;
        }
        pv
    }
}

fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}
