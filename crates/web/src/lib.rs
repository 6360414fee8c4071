//! The browser binding layer: a thin `wasm-bindgen` surface over the rules core and the computer
//! player.
//!
//! The page holds one opaque `WebGame` handle and receives small values through
//! `serde-wasm-bindgen`. Nothing here decides a rule: legality, obligations, huffable pieces and
//! the outcome come from the core; this layer only turns what the player pointed at (a start
//! square, the squares dragged through, the drop square) into one of the core's legal moves, or
//! into the core's reason why there is none. Every entry point returns `Result<_, JsError>` or a
//! plain value; none panics on input from the page. Each takes what the page passes as a
//! `JsValue` and checks it first (`input`): a value of the wrong type, a number out of range or
//! too long a text is an `Error` with a message, never a trap, and the game goes on.
//!
//! The computer runs in a Web Worker that loads the same module and calls `worker_answer`.
//!
//! The values that cross ([`types`]) are plain data and compile on every target, so the page
//! contract is tested natively; the binding itself is compiled only for wasm32.

pub mod explain;
pub mod types;

#[cfg(target_arch = "wasm32")]
mod exports;
#[cfg(target_arch = "wasm32")]
mod game;
#[cfg(target_arch = "wasm32")]
mod input;
#[cfg(target_arch = "wasm32")]
mod route;
#[cfg(target_arch = "wasm32")]
mod worker;

#[cfg(target_arch = "wasm32")]
pub use exports::*;
#[cfg(target_arch = "wasm32")]
pub use game::WebGame;
pub use types::*;
#[cfg(target_arch = "wasm32")]
pub use worker::{replay, worker_answer};
