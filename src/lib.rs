//! The `dame` package: the command-line tool (`src/main.rs`) and the lab it runs, which trains
//! and measures the engine but never ships in the page: engine matches, external engines over the
//! protocol, tuning, learning, endgame-database generation.
//!
//! The rules are `dame-core`, the player `dame-engine`; this package only builds on them.

#![warn(missing_docs)]

pub mod lab;
