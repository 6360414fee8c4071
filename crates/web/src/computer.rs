//! The computer as the page's Web Worker runs it: it receives a game (start position and the
//! turns played) and answers with the turn it chooses, so the page never waits on a search.
//!
//! Plain Rust on every target, tested natively (`tests/computer.rs`). In the browser
//! `worker.rs` (wasm32 only) holds one [`Computer`] with the browser's clock and random source,
//! reads each request the page posts (`workerAnswer`) and passes it here; natively a test gives
//! it the native clock.
//!
//! Protocol: `www/worker.js` posts the string `"ready"` once the module has loaded (messages
//! sent before that would be lost); then for each [`WorkerRequest`] one [`WorkerReply`].

use crate::types::{PositionEvalView, WorkerReply, WorkerRequest};
use dame_core::{notation, position_from_fen, Game, Preset};
use dame_engine::analysis::evaluate_position;
use dame_engine::net::NET_PRESETS;
use dame_engine::{Clock, Engine, LearnedEval, Level, Limits, NetEval, Player, Profile};
use std::sync::Arc;

/// Transposition table size in the browser.
pub const TT_MEGABYTES: usize = 16;
/// The deepest benchmark search the page may ask for.
pub const MAX_BENCH_DEPTH: u32 = 30;

/// The computer player and the learned evaluation tables loaded so far.
pub struct Computer {
    /// Created at the first `think`, kept from request to request (with its transposition
    /// table) until a new game.
    player: Option<Player>,
    /// The engine that searches positions for the analysis (created at the first `evaluate`,
    /// cleared before each position, so the same depth always gives the same answer).
    analyst: Option<Engine>,
    /// The learned evaluation tables loaded so far (`www/worker.js` fetches them after the
    /// page's first paint): until a family's tables are here, its rules play with the hand
    /// evaluation alone in the browser (natively, [`Player::new`] has the built-in ones).
    learned: Vec<Arc<LearnedEval>>,
    /// The networks loaded so far (fetched like the tables): a preset that has one natively
    /// ([`dame_engine::net::embedded_net`]) plays at full strength once it is here.
    nets: Vec<Arc<NetEval>>,
    /// Milliseconds, for the engine's time limits and the reported thinking time.
    clock: Clock,
    /// A new seed for the computer's choices, for every new game.
    seed: fn() -> u64,
}

/// Gives an engine the learned evaluation loaded so far (the same for play, analysis and the
/// bench).
fn equip(engine: &mut Engine, learned: &[Arc<LearnedEval>], nets: &[Arc<NetEval>]) {
    for tables in learned {
        engine.use_learned(tables.clone());
    }
    for net in nets {
        engine.use_net(net.clone());
    }
}

/// Rebuilds the game the page is playing.
pub fn replay(rules: &str, start: &str, history: &[String]) -> Result<Game, String> {
    let preset: Preset = rules.parse().map_err(|e| format!("{e}"))?;
    let mut game = Game::from_position(
        position_from_fen(start, preset).map_err(|e| format!("bad position '{start}': {e}"))?,
    );
    for text in history {
        game.play_text(text).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// The reply to `request` while the computer is still answering another one (the worker's
/// `Computer` is borrowed): an error reply with its id, nothing for a new game.
pub fn busy(request: &WorkerRequest) -> Option<WorkerReply> {
    match *request {
        WorkerRequest::NewGame => None,
        WorkerRequest::Think { id, .. }
        | WorkerRequest::Bench { id, .. }
        | WorkerRequest::Evaluate { id, .. } => Some(WorkerReply::Error {
            id,
            message: "the computer is busy with another request".to_string(),
        }),
    }
}

impl Computer {
    /// A computer reading `clock` and seeding its choices from `seed`; it has no learned
    /// tables yet.
    pub const fn new(clock: Clock, seed: fn() -> u64) -> Computer {
        Computer {
            player: None,
            analyst: None,
            learned: Vec::new(),
            nets: Vec::new(),
            clock,
            seed,
        }
    }

    /// Answers one request: `None` for a new game (the player forgets what it searched and
    /// takes a new seed), otherwise the reply, an error reply with the request's id when it
    /// cannot be answered (a bad position, an illegal turn, no such level, a bad depth).
    pub fn answer(&mut self, request: WorkerRequest) -> Option<WorkerReply> {
        match request {
            WorkerRequest::NewGame => {
                if let Some(player) = self.player.as_mut() {
                    player.engine.clear();
                    player.reseed((self.seed)());
                }
                None
            }
            WorkerRequest::Think {
                id,
                rules,
                start,
                history,
                level,
            } => Some(
                self.think(id, &rules, &start, &history, level)
                    .unwrap_or_else(|message| WorkerReply::Error { id, message }),
            ),
            WorkerRequest::Bench {
                id,
                rules,
                fen,
                depth,
            } => Some(
                self.bench(id, &rules, &fen, depth)
                    .unwrap_or_else(|message| WorkerReply::Error { id, message }),
            ),
            WorkerRequest::Evaluate {
                id,
                rules,
                start,
                history,
                depth,
            } => Some(
                self.evaluate(id, &rules, &start, &history, depth)
                    .unwrap_or_else(|message| WorkerReply::Error { id, message }),
            ),
        }
    }

    /// Searches the position after `history` to `depth` for the analysis, as `dame analyse`
    /// does (a cleared engine with the same table size, the same learned tables once loaded).
    fn evaluate(
        &mut self,
        id: u32,
        rules: &str,
        start: &str,
        history: &[String],
        depth: u32,
    ) -> Result<WorkerReply, String> {
        if !(1..=MAX_BENCH_DEPTH).contains(&depth) {
            return Err(format!("evaluate depth {depth} (1–{MAX_BENCH_DEPTH})"));
        }
        let game = replay(rules, start, history)?;
        let full_strength = self.full_strength(game.preset());
        let engine = self
            .analyst
            .get_or_insert_with(|| Engine::new(TT_MEGABYTES));
        equip(engine, &self.learned, &self.nets);
        let started = (self.clock)();
        let nodes = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let counted = nodes.clone();
        let limits = Limits {
            on_iteration: Some(std::sync::Arc::new(move |r: &dame_engine::SearchResult| {
                counted.store(r.nodes, std::sync::atomic::Ordering::Relaxed);
            })),
            clock: Some(self.clock),
            ..Limits::depth(depth)
        };
        let found = evaluate_position(engine, &game, &limits);
        let pos = game.position();
        let mut line = Game::from_position(*pos);
        let mut pv = Vec::new();
        for turn in &found.pv {
            pv.push(notation::turn_text(line.position(), turn));
            if line.play(turn).is_err() {
                break;
            }
        }
        Ok(WorkerReply::Evaluation {
            id,
            eval: PositionEvalView {
                score: found.score.into(),
                shallower: found.shallower.into(),
                best: found.best.map(|t| notation::turn_text(pos, &t)),
                pv,
                legal: found.legal_turns as u32,
                depth: found.depth,
            },
            nodes: nodes.load(std::sync::atomic::Ordering::Relaxed) as f64,
            ms: (self.clock)() - started,
            full_strength,
        })
    }

    fn think(
        &mut self,
        id: u32,
        rules: &str,
        start: &str,
        history: &[String],
        level: u32,
    ) -> Result<WorkerReply, String> {
        let game = replay(rules, start, history)?;
        let level = Level::from_number(level).ok_or_else(|| format!("no level {level} (1–5)"))?;
        let full_strength = self.full_strength(game.preset());
        let (clock, seed) = (self.clock, self.seed);
        let player = self
            .player
            .get_or_insert_with(|| Player::new(level, seed(), TT_MEGABYTES));
        equip(&mut player.engine, &self.learned, &self.nets);
        player.level = level;
        player.clock = Some(clock);
        let started = clock();
        let (turn, result) = player.choose(&game);
        Ok(WorkerReply::Move {
            id,
            full_strength,
            text: turn.map(|t| notation::turn_text(game.position(), &t)),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes as f64,
            ms: clock() - started,
        })
    }

    fn bench(&self, id: u32, rules: &str, fen: &str, depth: u32) -> Result<WorkerReply, String> {
        if !(1..=MAX_BENCH_DEPTH).contains(&depth) {
            return Err(format!("bench depth {depth} (1–{MAX_BENCH_DEPTH})"));
        }
        let game = replay(rules, fen, &[])?;
        let mut engine = Engine::new(TT_MEGABYTES);
        equip(&mut engine, &self.learned, &self.nets);
        let limits = Limits {
            clock: Some(self.clock),
            ..Limits::depth(depth)
        };
        let started = (self.clock)();
        let result = engine.search(&game, &limits);
        Ok(WorkerReply::Bench {
            id,
            nodes: result.nodes as f64,
            ms: (self.clock)() - started,
        })
    }

    /// Whether the learned evaluation for these rules is loaded (the tables of their family,
    /// and their network where the native program has one): the computer plays at full
    /// strength.
    fn full_strength(&self, preset: dame_core::Preset) -> bool {
        let family = Profile::of(preset).eval_family;
        let net_expected = NET_PRESETS.contains(&preset);
        self.learned.iter().any(|t| t.family() == family)
            && (!net_expected || self.nets.iter().any(|n| n.preset() == preset))
    }

    /// Loads learned evaluation tables or a network (the bytes of a `data/learned/*.bin`
    /// file, told apart by their magic); the next search of their rules uses them, and a
    /// `think` reply for those rules says `fullStrength` once all they need is here. Returns
    /// the family's name (tables) or the preset's (a network). Anything that is not a valid
    /// file is refused with the reason and nothing changes.
    pub fn load_tables(&mut self, bytes: &[u8]) -> Result<String, String> {
        if bytes.starts_with(b"DAMENET") {
            let net = NetEval::from_bytes(bytes)?;
            let preset = net.preset();
            self.nets.retain(|n| n.preset() != preset);
            self.nets.push(Arc::new(net));
            return Ok(preset.info().id.to_string());
        }
        let tables = LearnedEval::from_bytes(bytes)?;
        let family = tables.family();
        self.learned.retain(|t| t.family() != family);
        self.learned.push(Arc::new(tables));
        Ok(family.to_string())
    }
}
