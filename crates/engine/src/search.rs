//! Iterative deepening alpha-beta search (principal variation search) over turns.
//!
//! Transposition table with Zobrist keys (side to move and huffable set included) and enhanced
//! transposition cutoffs, aspiration windows at the root, a time limit used to its end (an
//! iteration the clock cuts short still counts for the turns it searched in full), move ordering
//! (hash move, huffs, captures, crowning, killers, history), late-move reductions for quiet
//! moves, ProbCut (a shallow search that shows a turn clearly above beta cuts the node),
//! forced-move extension, capture resolution at the horizon (no stand-pat while a capture
//! is compulsory; in Blasen a stand-pat that counts the huffs both sides are owed), draw
//! detection (repetition within the search, the 40-move rule) and mate-distance scores.

use super::egdb::{Endgames, Value};
use super::eval::{self, Weights};
use super::learned::{EvalFamily, LearnedEval};
use super::net::NetEval;
use super::tt::{Bound, Entry, Table};
use super::zobrist;
use dame_core::board::Position;
use dame_core::game::{Game, QUIET_PLIES_FOR_DRAW};
use dame_core::movegen;
use dame_core::moves::{Move, Turn};
use dame_core::play::generate_turns;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The score of a won position (minus the plies it takes).
pub const WIN: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;
/// Scores beyond this are wins or losses in a known number of plies.
const WIN_BOUND: i32 = WIN - MAX_PLY as i32;
/// The root is searched in a window of this many hundredths of a man either side of the last
/// iteration's score, from this depth on.
const ASPIRATION_WINDOW: i32 = 25;
const ASPIRATION_FROM_DEPTH: i32 = 5;
/// Enhanced transposition cutoffs are tried from this depth on.
const ETC_FROM_DEPTH: i32 = 4;
/// The score of an endgame database win, less its plies and distance: below every forced win
/// the search sees to the end, above every evaluation.
const EGDB_WIN: i32 = WIN_BOUND - 1;
/// How much a quiet turn may gain at depth 1 and 2, at most, for futility pruning.
const FUTILITY_MARGIN: [i32; 3] = [0, 60, 120];
/// ProbCut: in a null-window node of more than this depth, a turn whose search this many plies
/// shallower beats beta by the margin (hundredths of a man) cuts the node off.
const PROBCUT_ABOVE_DEPTH: i32 = 4;
const PROBCUT_REDUCTION: i32 = 4;
const PROBCUT_MARGIN: i32 = 25;

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
    /// The deepest iteration.
    pub depth: Option<u32>,
    /// Stop after this many positions.
    pub nodes: Option<u64>,
    /// Search for this many milliseconds, to the end (a single legal turn is played at once).
    pub movetime_ms: Option<f64>,
    /// A hard time cap in milliseconds: the search stops there, wherever it is. Unlike
    /// `movetime_ms` it does not play a single legal turn at once, so a search limited by depth
    /// that finishes within the cap plays exactly as without it.
    pub max_ms: Option<f64>,
    /// Needed with `movetime_ms` and `max_ms`; natively [`native_clock`] is used when it is missing.
    pub clock: Option<Clock>,
    /// Set from another thread to stop the search at once.
    pub stop: Option<Arc<AtomicBool>>,
    /// Called after each completed iteration with what it found (its principal variation
    /// included): the engine protocol's `info` lines. The search is the same with or without it.
    pub on_iteration: Option<IterationReport>,
}

/// See [`Limits::on_iteration`].
pub type IterationReport = Arc<dyn Fn(&SearchResult) + Send + Sync>;

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for `ms` milliseconds.
    pub fn movetime(ms: f64) -> Limits {
        Limits {
            movetime_ms: Some(ms),
            ..Limits::default()
        }
    }

    /// Search `nodes` positions.
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
    /// The principal variation: the best turn and the expected replies.
    pub pv: Vec<Turn>,
    /// Positions searched.
    pub nodes: u64,
    /// Time taken, in milliseconds.
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
    /// Learned tables the owner gave, one slot per family ([`EvalFamily::ALL`]).
    learned: [Option<Arc<LearnedEval>>; 3],
    /// Those of the current search's rules, if any: added to the hand evaluation.
    active: Option<Arc<LearnedEval>>,
    /// Networks the owner gave, at most one per preset: where there is one, it is added to the
    /// hand evaluation instead of the tables.
    nets: Vec<Arc<NetEval>>,
    /// The current search's network, if any.
    active_net: Option<Arc<NetEval>>,
    /// Search with the hand evaluation alone even where tables are loaded (the low levels).
    hand_only: bool,
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
    /// The rules, weights and learned tables (their fingerprint) the table's scores were
    /// computed with: other ones clear it.
    scored_with: Option<(dame_core::Rules, Weights, u64)>,
    /// Solved endgames, probed below the root and deciding the turn at a covered root.
    endgames: Option<Arc<Endgames>>,
}

impl Engine {
    /// An engine with a transposition table of about `tt_megabytes` MB.
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine {
            tt: Table::new(tt_megabytes),
            history: vec![0; 35 * 35],
            killers: [[0; 2]; MAX_PLY],
            weights: crate::Profile::of(dame_core::Preset::English).weights,
            learned: [None, None, None],
            active: None,
            nets: Vec::new(),
            active_net: None,
            hand_only: false,
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
            endgames: None,
        }
    }

    /// Gives the engine endgame databases to play perfectly where they cover the position
    /// (only positions of the database's own rules are probed), or takes them away.
    pub fn set_endgames(&mut self, endgames: Option<Arc<Endgames>>) {
        self.endgames = endgames;
        self.clear(); // scores in the table were found with the old knowledge
    }

    /// The endgame databases in use, if any.
    pub fn endgames(&self) -> Option<&Arc<Endgames>> {
        self.endgames.as_ref()
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

    /// Adds learned tables to the evaluation of the rules of their family (replacing that
    /// family's earlier ones); without any, the hand evaluation alone is used.
    pub fn use_learned(&mut self, tables: Arc<LearnedEval>) {
        let slot = tables.family() as usize;
        self.learned[slot] = Some(tables);
    }

    /// Evaluates the network's preset with it (added to the hand evaluation, in place of the
    /// tables), replacing an earlier one of that preset.
    pub fn use_net(&mut self, net: Arc<NetEval>) {
        self.nets.retain(|n| n.preset() != net.preset());
        self.nets.push(net);
    }

    /// Back to the hand evaluation alone, for every family.
    pub fn forget_learned(&mut self) {
        self.learned = [None, None, None];
        self.nets.clear();
    }

    /// The learned tables this engine would use for `preset`, if any.
    pub fn learned_for(&self, preset: dame_core::Preset) -> Option<&Arc<LearnedEval>> {
        if self.hand_only {
            return None;
        }
        self.learned[crate::Profile::of(preset).eval_family as usize].as_ref()
    }

    /// The network this engine would use for `preset`, if any.
    pub fn net_for(&self, preset: dame_core::Preset) -> Option<&Arc<NetEval>> {
        if self.hand_only {
            return None;
        }
        self.nets.iter().find(|n| n.preset() == preset)
    }

    /// Searches with the hand evaluation alone (`true`), keeping the loaded tables for later,
    /// or with the tables again (`false`, the default).
    pub fn set_hand_only(&mut self, hand_only: bool) {
        self.hand_only = hand_only;
    }

    /// Uses every family's tables and every preset's network built into the program
    /// ([`super::embedded`], [`super::net::embedded_net`]; natively only).
    pub fn use_embedded(&mut self) {
        for family in EvalFamily::ALL {
            if let Some(tables) = super::learned::embedded(family) {
                self.use_learned(tables);
            }
        }
        for preset in dame_core::Preset::ALL {
            if let Some(net) = super::net::embedded_net(preset) {
                self.use_net(net);
            }
        }
    }

    /// The evaluation the search uses: the hand one, plus the learned tables if there are any
    /// for these rules.
    fn evaluate(&self, pos: &Position) -> i32 {
        let hand = eval::evaluate(&self.weights, pos);
        if let Some(net) = &self.active_net {
            return hand + net.evaluate(pos);
        }
        match &self.active {
            Some(tables) => hand + tables.evaluate(pos),
            None => hand,
        }
    }

    /// Searches the game's current position; earlier positions count for repetitions.
    pub fn search(&mut self, game: &Game, limits: &Limits) -> SearchResult {
        let weights = crate::Profile::of(game.preset()).weights;
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
        self.active = self.learned_for(game.preset()).cloned();
        self.active_net = self.net_for(game.preset()).cloned();
        let fingerprint = match &self.active_net {
            Some(net) => net.fingerprint(),
            None => self.active.as_ref().map_or(0, |t| t.fingerprint()),
        };
        let scored_with = Some((*game.rules(), weights, fingerprint));
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

    /// Whether the last search stopped at a limit (nodes, time or the stop flag) before it
    /// finished an iteration: its depth was cut short.
    pub fn stopped(&self) -> bool {
        self.stopped
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
        self.deadline_ms = match (limits.movetime_ms, limits.max_ms, self.clock) {
            (None, None, _) | (_, _, None) => f64::INFINITY,
            (movetime, max, Some(_)) => {
                self.start_ms
                    + movetime
                        .unwrap_or(f64::INFINITY)
                        .min(max.unwrap_or(f64::INFINITY))
            }
        };
        self.nodes = 0;
        self.stopped = false;
        self.tt.new_search();
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
        // A move's time cannot be saved for a later move: it is used to its end, unless there is
        // nothing to choose.
        let forced = limits.movetime_ms.is_some() && root_turns.len() == 1;
        for depth in 1..=max_depth {
            self.root_best = None;
            let score = self.search_root(&pos, depth as i32, result.score);
            if self.stopped {
                // A turn that beat the window's lower bound in the unfinished iteration was
                // searched in full, at a greater depth than the last iteration's best.
                if let Some((turn, score)) = self.root_best {
                    if result.depth == 0 || Some(turn) != result.best {
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
            if let Some(report) = &limits.on_iteration {
                report(&SearchResult {
                    pv: self.principal_variation(&pos, result.best, depth as usize + 8),
                    nodes: self.nodes,
                    elapsed_ms: self.now() - self.start_ms,
                    ..result.clone()
                });
            }
            if forced {
                break;
            }
            if score.abs() > WIN_BOUND && depth as i32 > WIN - score.abs() + 2 {
                break; // a forced result, seen in full
            }
            if self.databases().is_some_and(|db| db.covers(&pos)) {
                break; // every turn leads to a stored result: deeper is the same
            }
        }
        self.play_by_endgames(&pos, &mut result);
        result.pv = self.principal_variation(&pos, result.best, result.depth as usize + 8);
        result.nodes = self.nodes;
        result.elapsed_ms = self.now() - self.start_ms;
        result
    }

    /// Searches the root to `depth` in a narrow window around the last iteration's score
    /// (aspiration): most iterations land inside it and cost less. A score outside is searched
    /// again in a wider window.
    fn search_root(&mut self, pos: &Position, depth: i32, guess: i32) -> i32 {
        if depth < ASPIRATION_FROM_DEPTH || guess.abs() > WIN_BOUND {
            return self.negamax(pos, depth, 0, -INF, INF);
        }
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (guess - delta, guess + delta);
        loop {
            let score = self.negamax(pos, depth, 0, alpha, beta);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INF);
            } else if score >= beta {
                beta = (score + delta).min(INF);
            } else {
                return score;
            }
            delta *= 4;
            if delta > 4 * ASPIRATION_WINDOW * 4 {
                (alpha, beta) = (-INF, INF);
            }
        }
    }

    /// The endgame databases the search consults. None in WebAssembly: the page does not load
    /// them, and without the probe the module the page loads first is smaller.
    #[inline]
    fn databases(&self) -> Option<&Endgames> {
        #[cfg(target_arch = "wasm32")]
        return None;
        #[cfg(not(target_arch = "wasm32"))]
        self.endgames.as_deref()
    }

    /// At a root the databases cover, the turn is theirs: the fastest conversion of a win, the
    /// longest resistance in a loss, a turn that holds a draw; among equal ones the search's.
    fn play_by_endgames(&self, pos: &Position, result: &mut SearchResult) {
        let Some(db) = self.databases() else { return };
        let Some(value) = db.probe(pos) else { return };
        let best = db.best_turns(pos);
        if let Some(&first) = best.first() {
            if !result.best.is_some_and(|b| best.contains(&b)) {
                result.best = Some(first);
            }
            result.score = endgame_score(value, 0);
        }
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
        if ply > 0 {
            if let Some(value) = self.databases().and_then(|db| db.probe(pos)) {
                return endgame_score(value, ply);
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
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

    /// Searches a node whose turns are generated: settles it at the horizon or from the table
    /// when it can, otherwise searches its turns in order and stores the result. The steps are
    /// the methods below, in the order they run.
    fn search_turns(
        &mut self,
        pos: &Position,
        turns: &[Turn],
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if turns.is_empty() {
            return -WIN + ply as i32;
        }
        let mut node = self.node(pos, turns, depth, ply, beta - alpha > 1);
        let stand_pat = match self.stand_pat(&node, beta) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(score) => score,
        };
        let mut window = Window::new(alpha.max(stand_pat), beta, stand_pat);
        let tt_best = match self.probe(&node, &window) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(tt_best) => tt_best,
        };
        if let ControlFlow::Break(score) = self.enhanced_cutoff(&node, &window) {
            return score;
        }
        node.futile = self.is_futile(&node, window.alpha);
        let mut order = self.order_turns(&node, tt_best);
        let finished = self.search_ordered(&node, &mut order, &mut window);
        self.order_bufs[ply] = order;
        // A stopped search's scores are not to be trusted, so they are neither used nor stored.
        if !finished {
            return 0;
        }
        if window.best_index == u16::MAX && depth <= 0 {
            return window.best; // stood pat (Blasen) with no capture better
        }
        self.store(&node, &window);
        window.best
    }

    /// What the steps of [`Engine::search_turns`] need to know about the node (`turns` not
    /// empty), worked out once.
    fn node<'a>(
        &self,
        pos: &'a Position,
        turns: &'a [Turn],
        depth: i32,
        ply: usize,
        pv: bool,
    ) -> Node<'a> {
        // A forced turn costs no branching, so it is searched a ply deeper.
        let extended = turns.len() == 1 && depth > 0;
        Node {
            pos,
            turns,
            depth,
            ply,
            pv,
            hash: self.stack[self.stack.len() - 1],
            forced_capture: !pos.rules.is_huffing() && turns[0].mv.is_some_and(|m| m.is_capture()),
            child_depth: if depth <= 0 {
                0
            } else {
                depth - 1 + i32::from(extended)
            },
            extended,
            futile: false,
            quiet_before: self.quiet[self.quiet.len() - 1],
        }
    }

    /// At the horizon only captures are searched, so the position's own score has to stand in
    /// for the quiet turns ("stand pat") — except while a capture is compulsory, when there is
    /// no quiet alternative to stand on. `Break` settles the node with a score; `Continue`
    /// gives the score the searched turns must beat (`-INF` away from the horizon).
    fn stand_pat(&self, node: &Node, beta: i32) -> ControlFlow<i32, i32> {
        if node.depth > 0 {
            return ControlFlow::Continue(-INF);
        }
        let pos = node.pos;
        if pos.rules.is_huffing() {
            // Stand pat, counting the huff we may make now and the one the opponent may make
            // if we leave our capture obligation unfulfilled.
            let owed = movegen::capturers(pos).0;
            let score =
                self.evaluate(pos) - eval::best_piece_value(&self.weights, &pos.board, owed);
            if score >= beta {
                return ControlFlow::Break(score);
            }
            ControlFlow::Continue(score)
        } else if node.forced_capture {
            ControlFlow::Continue(-INF)
        } else {
            ControlFlow::Break(self.evaluate(pos))
        }
    }

    /// Looks the position up in the transposition table. A deep enough entry whose bound
    /// decides the window settles the node (`Break`), except at the root, which must find a
    /// turn; otherwise the entry's best turn (`u16::MAX`: none) is returned to be tried first.
    fn probe(&self, node: &Node, window: &Window) -> ControlFlow<i32, u16> {
        let Some(entry) = self.tt.probe(node.hash) else {
            return ControlFlow::Continue(u16::MAX);
        };
        if node.ply > 0 && entry.depth as i32 >= node.depth {
            let score = score_from_tt(entry.score, node.ply);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= window.beta,
                Bound::Upper => score <= window.alpha,
            };
            if usable {
                return ControlFlow::Break(score);
            }
        }
        ControlFlow::Continue(entry.best)
    }

    /// Enhanced transposition cutoff: before searching any turn, looks up the positions the
    /// turns lead to. One the table already shows to be at least beta for us (an upper bound
    /// for the opponent, deep enough) cuts the node off without a search. Worth its cost only
    /// well away from the horizon.
    fn enhanced_cutoff(&mut self, node: &Node, window: &Window) -> ControlFlow<i32> {
        if node.depth < ETC_FROM_DEPTH || node.ply == 0 {
            return ControlFlow::Continue(());
        }
        for (i, turn) in node.turns.iter().enumerate() {
            let next = node.pos.play_turn_unchecked(turn);
            let Some(entry) = self.tt.probe(zobrist::update(node.hash, node.pos, &next)) else {
                continue;
            };
            if (entry.depth as i32) < node.child_depth || entry.bound == Bound::Lower {
                continue;
            }
            let score = -score_from_tt(entry.score, node.ply + 1);
            if score >= window.beta {
                self.tt.store(Entry {
                    key: node.hash,
                    score: score_to_tt(score, node.ply),
                    best: i as u16,
                    depth: node.depth as i16,
                    bound: Bound::Lower,
                    generation: 0,
                });
                return ControlFlow::Break(score);
            }
        }
        ControlFlow::Continue(())
    }

    /// Futility pruning: near the horizon, when the position looks clearly worse than alpha
    /// and no capture threatens, a quiet turn cannot gain enough to matter, so only the first
    /// turn and the forcing ones are searched.
    fn is_futile(&self, node: &Node, alpha: i32) -> bool {
        let (pos, depth) = (node.pos, node.depth);
        depth > 0
            && depth <= 2
            && !node.forced_capture
            && alpha.abs() < WIN_BOUND
            && self.evaluate(pos) + FUTILITY_MARGIN[depth as usize] <= alpha
            && movegen::capturers(&pos.after_pass()).is_empty()
    }

    /// Scores the turns worth searching for move ordering, in the ply's reused buffer (the
    /// caller hands it back): the earlier a cut-off is found, the fewer turns are searched. At
    /// the horizon only captures (and a game-ending huff) are kept.
    fn order_turns(&mut self, node: &Node, tt_best: u16) -> Vec<(i32, u16)> {
        let mut order = std::mem::take(&mut self.order_bufs[node.ply]);
        order.clear();
        for (i, turn) in node.turns.iter().enumerate() {
            if node.depth <= 0 && turn.mv.is_some_and(|m| !m.is_capture()) {
                continue;
            }
            let score = self.order_score(node.pos, turn, i as u16, tt_best, node.ply);
            order.push((score, i as u16));
        }
        order
    }

    /// Searches the ordered turns best first until one fails high. Returns false when the
    /// search was stopped meanwhile.
    fn search_ordered(
        &mut self,
        node: &Node,
        order: &mut [(i32, u16)],
        window: &mut Window,
    ) -> bool {
        for rank in 0..order.len() {
            let index = pick_next(order, rank);
            let turn = node.turns[index as usize];
            let candidate = Candidate {
                rank,
                index,
                turn,
                quiet: turn.huff.is_none() && turn.mv.is_some_and(|m| !m.is_capture() && !m.crowns),
            };
            if rank > 0 && candidate.quiet && node.futile {
                continue; // futility pruning
            }
            let score = self.search_child(node, &candidate, window);
            if self.stopped {
                return false;
            }
            if self.note_score(node, &candidate, score, window) {
                break;
            }
        }
        true
    }

    /// Plays a turn onto the search path (its hash and quiet-ply count, which repetition and
    /// 40-move draws are detected from), searches the position after it and takes it back.
    fn search_child(&mut self, node: &Node, candidate: &Candidate, window: &Window) -> i32 {
        let pos = node.pos;
        let next = pos.play_turn_unchecked(&candidate.turn);
        let irreversible = candidate.turn.is_irreversible(pos.board.men(pos.side));
        let hash = zobrist::update(node.hash, pos, &next);
        self.tt.prefetch(hash); // fetched while the child generates its turns
        self.stack.push(hash);
        self.quiet.push(if irreversible {
            0
        } else {
            node.quiet_before + 1
        });
        let score = self.principal_variation_search(&next, node, candidate, window);
        self.stack.pop();
        self.quiet.pop();
        score
    }

    /// Principal variation search: the first turn, expected best, gets the full window; the
    /// others only a null window to prove them no better — cheaper, and reduced for late quiet
    /// turns — and are searched again, in full, when they turn out better after all.
    fn principal_variation_search(
        &mut self,
        next: &Position,
        node: &Node,
        candidate: &Candidate,
        window: &Window,
    ) -> i32 {
        let (alpha, beta) = (window.alpha, window.beta);
        let (depth, ply) = (node.child_depth, node.ply + 1);
        if let Some(score) = self.probcut(next, node, beta) {
            return score;
        }
        if candidate.rank == 0 {
            return -self.negamax(next, depth, ply, -beta, -alpha);
        }
        let reduction = node.reduction(candidate);
        let mut score = -self.negamax(next, depth - reduction, ply, -alpha - 1, -alpha);
        if score > alpha && reduction > 0 {
            score = -self.negamax(next, depth, ply, -alpha - 1, -alpha);
        }
        if score > alpha && score < beta {
            score = -self.negamax(next, depth, ply, -beta, -alpha);
        }
        score
    }

    /// ProbCut: a turn that a search `PROBCUT_REDUCTION` plies shallower (after a capture
    /// resolution that already looks good) finds `PROBCUT_MARGIN` above beta would almost
    /// surely beat beta at full depth too, so its score, less the margin, stands for it and
    /// cuts the node off. Only in null-window nodes, which need just a bound.
    fn probcut(&mut self, next: &Position, node: &Node, beta: i32) -> Option<i32> {
        if node.pv || node.depth <= PROBCUT_ABOVE_DEPTH || node.ply == 0 || beta.abs() >= WIN_BOUND
        {
            return None;
        }
        let raised = beta + PROBCUT_MARGIN;
        let ply = node.ply + 1;
        if -self.negamax(next, 0, ply, -raised, -raised + 1) < raised {
            return None;
        }
        let depth = node.depth - PROBCUT_REDUCTION;
        let score = -self.negamax(next, depth, ply, -raised, -raised + 1);
        (score >= raised).then_some(score - PROBCUT_MARGIN)
    }

    /// Takes a searched turn's score into the node's result. A new best at the root is kept
    /// at once, so that a search stopped midway still has a turn to play. At a cut-off the
    /// quiet turn that caused it is remembered as a killer and in the history, to be tried
    /// early in sibling nodes. Returns whether the node is cut off.
    fn note_score(
        &mut self,
        node: &Node,
        candidate: &Candidate,
        score: i32,
        window: &mut Window,
    ) -> bool {
        if score <= window.best {
            return false;
        }
        window.best = score;
        window.best_index = candidate.index;
        if score <= window.alpha {
            return false;
        }
        if node.ply == 0 {
            self.root_best = Some((candidate.turn, score));
        }
        window.alpha = score;
        if window.alpha < window.beta {
            return false;
        }
        if let (true, Some(mv)) = (candidate.quiet, candidate.turn.mv) {
            self.reward_quiet(&mv, node.depth, node.ply);
        }
        true
    }

    /// Stores the node's result in the transposition table, with how it bounds the true score
    /// (a cut-off only proves a lower bound, a fail-low only an upper one).
    fn store(&mut self, node: &Node, window: &Window) {
        let best = window.best;
        let bound = if best >= window.beta {
            Bound::Lower
        } else if best > window.original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key: node.hash,
            score: score_to_tt(best, node.ply),
            best: window.best_index,
            depth: node.depth.max(0) as i16,
            bound,
            generation: 0,
        });
    }

    /// How promising a turn looks: the table's best turn, then huffs, captures (more pieces and
    /// kings first), crownings, killers, and quiet turns by their history.
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

    /// Makes a quiet turn that caused a cut-off this ply's first killer and raises its history.
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

/// What the steps of a node's search need to know about it.
struct Node<'a> {
    pos: &'a Position,
    turns: &'a [Turn],
    depth: i32,
    ply: usize,
    /// Searched in an open window: on the principal variation, where the exact score matters.
    /// The others only have to prove a bound, and are pruned and reduced harder.
    pv: bool,
    hash: u64,
    /// A capture is compulsory (never in Blasen, where an unmade capture is huffed instead).
    forced_capture: bool,
    /// The depth the children are searched to.
    child_depth: i32,
    /// The only legal turn, searched a ply deeper.
    extended: bool,
    /// Quiet turns after the first are not searched (futility pruning).
    futile: bool,
    /// Plies since the last irreversible turn, at this node.
    quiet_before: u32,
}

impl Node<'_> {
    /// Late-move reduction: a quiet turn that ordering put late is unlikely to be best, so its
    /// null-window search is a ply shorter: every quiet turn after the first in a null-window
    /// node (two plies from the fifth on), after the third on the principal variation. At the
    /// last ply and for forced turns there is no depth to spare.
    fn reduction(&self, candidate: &Candidate) -> i32 {
        let first = if self.pv { 3 } else { 1 };
        if !candidate.quiet || self.extended || self.depth < 2 || candidate.rank < first {
            0
        } else if !self.pv && candidate.rank >= 4 {
            2
        } else {
            1
        }
    }
}

/// One turn of a node, as the ordering handed it out.
struct Candidate {
    /// Its place in the search order (0: searched first).
    rank: usize,
    /// Its index in generation order, as the table stores it.
    index: u16,
    turn: Turn,
    /// Neither a huff, a capture nor a crowning: what killers, history, reductions and
    /// futility pruning are about.
    quiet: bool,
}

/// A node's running result: the alpha-beta window and the best score and turn so far.
struct Window {
    alpha: i32,
    beta: i32,
    /// Alpha before any turn was searched: a best above it is exact.
    original_alpha: i32,
    best: i32,
    /// `u16::MAX` until a turn beats the stand-pat score.
    best_index: u16,
}

impl Window {
    fn new(alpha: i32, beta: i32, best: i32) -> Window {
        Window {
            alpha,
            beta,
            original_alpha: alpha,
            best,
            best_index: u16::MAX,
        }
    }
}

/// Moves the best-scored of the turns not yet searched to `rank` and returns its index, the
/// first of equals. A selection sort one step at a time: most nodes are cut off after a turn
/// or two, so sorting them all would mostly be wasted.
fn pick_next(order: &mut [(i32, u16)], rank: usize) -> u16 {
    let pick = (rank..order.len())
        .max_by_key(|&j| (order[j].0, -(j as i64)))
        .unwrap_or(rank);
    order.swap(rank, pick);
    order[rank].1
}

/// A database value as a search score at `ply`: sooner wins and later losses score better.
fn endgame_score(value: Value, ply: usize) -> i32 {
    match value {
        Value::Win(d) => EGDB_WIN - ply as i32 - d as i32,
        Value::Loss(d) => -(EGDB_WIN - ply as i32 - d as i32),
        Value::Draw => 0,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_keeps_the_deepest_entry_of_this_search_and_the_newest_beside_it() {
        let mut tt = Table::new(1);
        let entry = |key: u64, depth: i16| Entry {
            key,
            score: depth as i32,
            best: 0,
            depth,
            bound: Bound::Lower,
            generation: 0,
        };
        tt.new_search();
        // Three keys in one bucket (same low bits, bit 0 ignored).
        let (deep, shallow, newer) = (1 << 40, 2 << 40, (3 << 40) | 1);
        tt.store(entry(deep, 9));
        tt.store(entry(shallow, 2));
        tt.store(entry(newer, 1));
        assert_eq!(tt.probe(deep).map(|e| e.depth), Some(9));
        assert_eq!(tt.probe(newer).map(|e| e.depth), Some(1));
        assert!(
            tt.probe(shallow).is_none(),
            "the always-replace slot took the newest"
        );
        // In a later search the old deep entry gives way.
        tt.new_search();
        tt.store(entry(shallow, 2));
        assert_eq!(tt.probe(shallow).map(|e| e.depth), Some(2));
        assert_eq!(
            tt.probe(deep).map(|e| e.depth),
            Some(9),
            "moved to the second slot"
        );
        // The same position searched deeper replaces a bound; a shallower bound does not.
        tt.store(entry(shallow, 5));
        tt.store(entry(shallow, 3));
        assert_eq!(tt.probe(shallow).map(|e| e.depth), Some(5));
    }
}
