//! dame-engine: the computer player for the rules of `dame-core`: search, evaluation,
//! transposition table, learned tables, endgame-database probing, the levels a person plays
//! against, and the engine protocol. Pure Rust: it runs natively and, in the browser, inside a
//! Web Worker. The lab that trains and measures it (matches, tuning, learning, database
//! generation) is the `dame` package, never compiled for the page.

#![warn(missing_docs)]

pub mod analysis;
pub mod egdb;
mod eval;
pub mod learned;
mod levels;
pub mod net;
mod profile;
pub mod protocol;
mod search;
mod tt;
mod weights;
mod zobrist;

pub use eval::{evaluate, Weights};
pub use learned::{embedded, EvalFamily, Layout, LearnedEval};
pub use levels::{Level, LevelInfo, Player, LEVELS};
pub use net::NetEval;
pub use profile::Profile;
#[cfg(not(target_arch = "wasm32"))]
pub use search::native_clock;
pub use search::{Clock, Engine, IterationReport, Limits, SearchResult, WIN};
pub use zobrist::hash;
