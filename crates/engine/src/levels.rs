//! The levels a person plays against, from "a beginner can win" to "hard for a club player".
//!
//! Low levels are weaker in a humane way: a shallow search, and a choice among nearly equal
//! turns (now and then a wider one: a plausible mistake), but never a turn that is a clear
//! piece worse than the best one found. The top level thinks for a fixed time. Every level
//! answers in bounded time: one limited by depth also stops at its time cap
//! ([`LevelInfo::cap_ms`]), which it reaches only on wild positions.

use super::eval::Weights;
use super::search::{Clock, Engine, Limits, SearchResult};
use dame_core::game::Game;
use dame_core::moves::Turn;
use std::fmt;
use std::str::FromStr;

/// How strongly the computer plays, 1 (weakest) to 5. The names are the German ones the game
/// shows; [`LevelInfo`] has the English ones too.
///
/// ```
/// use dame_engine::Level;
///
/// let level: Level = "medium".parse().unwrap();
/// assert_eq!(level, Level::Mittel);
/// assert_eq!(Level::from_number(3), Some(level));
/// assert_eq!(level.info().depth, Some(5));
/// assert_eq!(level.info().cap_ms, 800.0); // even on a board full of kings
/// assert_eq!(level.to_string(), "3 (Mittel)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Beginner: one ply deep, and often a plausible mistake; a beginner can win.
    Anfaenger = 1,
    /// Easy: three plies deep, now and then a mistake.
    Leicht = 2,
    /// Medium: five plies deep, rarely a mistake.
    Mittel = 3,
    /// Strong: nine plies or a quarter second, always the best turn found.
    Stark = 4,
    /// Master: one second per move, always the best turn found.
    Meister = 5,
}

/// One row of the level table.
#[derive(Clone, Copy, Debug)]
pub struct LevelInfo {
    /// The level this row describes.
    pub level: Level,
    /// The name shown in German (and accepted when parsing a level).
    pub name_de: &'static str,
    /// The name shown in English (and accepted when parsing a level).
    pub name_en: &'static str,
    /// Search depth (plies), if the level is limited by depth.
    pub depth: Option<u32>,
    /// Thinking time per move, if the level is limited by time.
    pub movetime_ms: Option<f64>,
    /// The most time a move may take on any position, in milliseconds (the time-limited levels:
    /// their `movetime_ms`). A level limited by depth reaches its depth long before this in
    /// normal positions; in a wild one (many kings, long captures) it stops here and plays the
    /// best turn found so far.
    pub cap_ms: f64,
    /// Turns scoring within this many hundredths of a man of the best may be chosen.
    pub margin: i32,
    /// Chance in percent of a wider margin for this move: a plausible mistake.
    pub mistake_percent: u32,
    /// The margin used instead of `margin` when a mistake is allowed.
    pub mistake_margin: i32,
    /// Whether the level plays with the learned evaluation where it has the tables (natively
    /// always; in the browser once the worker has fetched them). The lower levels keep the
    /// hand evaluation: their margins and mistakes were calibrated with it, and a beginner
    /// must still be able to win.
    pub learned: bool,
}

/// The level table, weakest first: `LEVELS[n - 1]` describes level `n`.
pub const LEVELS: [LevelInfo; 5] = [
    LevelInfo {
        level: Level::Anfaenger,
        name_de: "Anfänger",
        name_en: "Beginner",
        depth: Some(1),
        movetime_ms: None,
        cap_ms: 800.0,
        margin: 60,
        mistake_percent: 30,
        mistake_margin: 95,
        learned: false,
    },
    LevelInfo {
        level: Level::Leicht,
        name_de: "Leicht",
        name_en: "Easy",
        depth: Some(3),
        movetime_ms: None,
        cap_ms: 800.0,
        margin: 30,
        mistake_percent: 15,
        mistake_margin: 70,
        learned: false,
    },
    LevelInfo {
        level: Level::Mittel,
        name_de: "Mittel",
        name_en: "Medium",
        depth: Some(5),
        movetime_ms: None,
        cap_ms: 800.0,
        margin: 12,
        mistake_percent: 5,
        mistake_margin: 40,
        learned: false,
    },
    LevelInfo {
        level: Level::Stark,
        name_de: "Stark",
        name_en: "Strong",
        depth: Some(9),
        movetime_ms: Some(250.0),
        cap_ms: 250.0,
        margin: 0,
        mistake_percent: 0,
        mistake_margin: 0,
        learned: true,
    },
    LevelInfo {
        level: Level::Meister,
        name_de: "Meister",
        name_en: "Master",
        depth: None,
        movetime_ms: Some(1000.0),
        cap_ms: 1000.0,
        margin: 0,
        mistake_percent: 0,
        mistake_margin: 0,
        learned: true,
    },
];

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Anfaenger,
        Level::Leicht,
        Level::Mittel,
        Level::Stark,
        Level::Meister,
    ];

    /// This level's row of [`LEVELS`].
    pub fn info(self) -> &'static LevelInfo {
        &LEVELS[self as usize - 1]
    }

    /// The level numbered `n` (1–5), if there is one.
    pub fn from_number(n: u32) -> Option<Level> {
        Level::ALL.get((n as usize).wrapping_sub(1)).copied()
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", *self as u32, self.info().name_de)
    }
}

impl FromStr for Level {
    type Err = String;
    /// A number 1–5 or a name, German or English.
    fn from_str(s: &str) -> Result<Level, String> {
        let t = s.trim().to_lowercase();
        if let Some(level) = t.parse().ok().and_then(Level::from_number) {
            return Ok(level);
        }
        LEVELS
            .iter()
            .find(|row| {
                row.name_de.to_lowercase() == t
                    || row.name_en.to_lowercase() == t
                    || (t == "anfaenger" && row.level == Level::Anfaenger)
            })
            .map(|row| row.level)
            .ok_or_else(|| {
                format!("unknown level '{s}' (1–5, or Anfänger, Leicht, Mittel, Stark, Meister)")
            })
    }
}

/// A computer player: an engine, a level, and a seeded random source for its choices.
pub struct Player {
    /// The search, with its transposition table, kept from turn to turn.
    pub engine: Engine,
    /// How strongly it plays.
    pub level: Level,
    rng: u64,
    /// Multiplies the thinking time of time-limited levels (for quick strength measurements:
    /// 0.1 gives the top level 0.1 s per move).
    pub time_scale: f64,
    /// The clock for the time limits (every level has a cap, [`Player::cap_ms`]); `None` uses
    /// the native one. In the browser there is none, and without a clock no time limit is kept.
    pub clock: Option<Clock>,
    /// Evaluation weights other than the rules' own (for tuning).
    pub weights: Option<Weights>,
}

impl Player {
    /// A player at `level` whose choices follow `seed` (the same seed, the same choices), with a
    /// transposition table of about `tt_megabytes` MB.
    ///
    /// Natively the player has the learned tables built into the program (used by the levels
    /// that play with them, [`LevelInfo::learned`]); in the browser the worker gives them.
    pub fn new(level: Level, seed: u64, tt_megabytes: usize) -> Player {
        let mut engine = Engine::new(tt_megabytes);
        engine.use_embedded();
        Player {
            engine,
            level,
            rng: seed | 1,
            time_scale: 1.0,
            clock: None,
            weights: None,
        }
    }

    /// Starts a new random sequence (a new game with the same player).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = seed | 1;
    }

    fn random(&mut self) -> u64 {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11
    }

    /// The most time this move may take: the level's cap (for a time-limited level, its
    /// thinking time, scaled by `time_scale`).
    pub fn cap_ms(&self) -> f64 {
        let info = self.level.info();
        match info.movetime_ms {
            Some(ms) => ms * self.time_scale,
            None => info.cap_ms,
        }
    }

    fn now(&self) -> f64 {
        match self.clock {
            Some(clock) => clock(),
            #[cfg(not(target_arch = "wasm32"))]
            None => super::search::native_clock(),
            #[cfg(target_arch = "wasm32")]
            None => 0.0,
        }
    }

    fn limits(&self, max_ms: f64) -> Limits {
        let info = self.level.info();
        Limits {
            depth: info.depth,
            movetime_ms: info.movetime_ms.map(|ms| ms * self.time_scale),
            max_ms: Some(max_ms),
            clock: self.clock,
            ..Limits::default()
        }
    }

    /// Chooses a turn for the side to move; `None` when the game is over. The whole choice
    /// (the search, and for the lower levels the scoring of every turn) keeps to
    /// [`Player::cap_ms`]; the result's `nodes` and `elapsed_ms` count all of it.
    pub fn choose(&mut self, game: &Game) -> (Option<Turn>, SearchResult) {
        if game.outcome().is_some() {
            let result = SearchResult {
                best: None,
                score: 0,
                depth: 0,
                pv: Vec::new(),
                nodes: 0,
                elapsed_ms: 0.0,
            };
            return (None, result);
        }
        let info = *self.level.info();
        let started = self.now();
        let deadline = started + self.cap_ms();
        let limits = self.limits(self.cap_ms());
        let weights = self
            .weights
            .unwrap_or_else(|| crate::Profile::of(game.preset()).weights);
        self.engine.set_hand_only(!info.learned);
        let mut result = self.engine.search_with_weights(game, &limits, weights);
        if info.margin == 0 || self.engine.stopped() {
            return (result.best, result);
        }
        let turns = game.legal_turns();
        if turns.len() < 2 {
            return (result.best, result);
        }
        // Score every turn with the same depth, then choose among the nearly equal ones. A turn
        // the time cap leaves unscored is not chosen; the search's best always may be.
        let mut scored: Vec<(Turn, i32)> = Vec::with_capacity(turns.len());
        for turn in &turns {
            let mut child = game.clone();
            child.play(turn).expect("a listed turn is legal");
            let score = match child.outcome() {
                Some(dame_core::Outcome::Draw(_)) => 0,
                Some(_) => super::WIN,
                None => {
                    let left = deadline - self.now();
                    if left <= 0.0 {
                        break;
                    }
                    let child_limits = Limits {
                        depth: limits.depth.map(|d| d.saturating_sub(1).max(1)),
                        ..self.limits(left)
                    };
                    let r = self
                        .engine
                        .search_with_weights(&child, &child_limits, weights);
                    result.nodes += r.nodes;
                    if self.engine.stopped() {
                        break;
                    }
                    -r.score
                }
            };
            scored.push((*turn, score));
        }
        result.elapsed_ms = self.now() - started;
        if let Some(best) = result.best {
            if !scored.iter().any(|&(t, _)| t == best) {
                scored.push((best, result.score));
            }
        }
        if scored.is_empty() {
            return (result.best, result);
        }
        scored.sort_by_key(|&(_, s)| -s);
        let best = scored[0].1;
        let margin = if (self.random() % 100) < info.mistake_percent as u64 {
            info.mistake_margin
        } else {
            info.margin
        };
        let candidates: Vec<(Turn, i32)> = scored
            .into_iter()
            .filter(|&(_, s)| s >= best - margin)
            .collect();
        // Nearer to the best is likelier: weight (margin + 1 − loss).
        let weights: Vec<u64> = candidates
            .iter()
            .map(|&(_, s)| (margin + 1 - (best - s)).max(1) as u64)
            .collect();
        let total: u64 = weights.iter().sum();
        let mut pick = self.random() % total;
        let mut chosen = candidates[0].0;
        for (i, w) in weights.iter().enumerate() {
            if pick < *w {
                chosen = candidates[i].0;
                break;
            }
            pick -= w;
        }
        (Some(chosen), result)
    }
}
