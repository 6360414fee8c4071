//! The computer player: search, evaluation, transposition table, and the levels a person plays
//! against. Pure Rust: it runs natively and, in the browser, inside a Web Worker.

pub mod egdb;
mod eval;
pub mod external;
pub mod learn;
mod learned;
mod levels;
pub mod matches;
pub mod protocol;
mod search;
mod tt;
pub mod tune;
mod weights;
mod zobrist;

pub use eval::{evaluate, Weights};
pub use learned::{embedded, EvalFamily, Layout, LearnedEval};
pub use levels::{Level, LevelInfo, Player, LEVELS};
#[cfg(not(target_arch = "wasm32"))]
pub use search::native_clock;
pub use search::{Clock, Engine, IterationReport, Limits, SearchResult, WIN};
pub use zobrist::hash;
