//! The page's game session in plain Rust, and the thin `wasm-bindgen` layer the page and its
//! worker load.
//!
//! Plain Rust on every target, tested natively (`tests/session.rs`, `tests/computer.rs`):
//! - [`Session`] (`session`): the game the page plays, with a pending huff, the turns to redo,
//!   the tags of an imported PDN game and the hints asked for; routes, huffs, records, PDN
//!   import and export, typed turns and explanations.
//! - [`Computer`] (`computer`): the computer player the page's Web Worker runs.
//! - [`types`]: the page contract, the small values that cross to the page (their TypeScript
//!   declarations in `types/*.ts` are generated from them).
//!
//! Nothing here decides a rule: legality, obligations, huffable pieces and the outcome come
//! from the core; the session only turns what the player pointed at (a start square, the
//! squares dragged through, the drop square) into one of the core's legal moves, or into the
//! core's reason why there is none.
//!
//! wasm32 only: the binding. The page holds one opaque `WebGame` handle (`game`), a shim over a
//! [`Session`]; the worker calls `workerAnswer` (`worker`), a shim over a [`Computer`]; and
//! `exports` has the free functions. Every entry point returns `Result<_, JsError>` or a plain
//! value; none panics on input from the page. Each takes what the page passes as a `JsValue`
//! and checks it first (`input`): a value of the wrong type, a number out of range or too long
//! a text is an `Error` with a message, never a trap, and the game goes on. Each declares the
//! TypeScript types it takes and returns (`unchecked_param_type`, `unchecked_return_type`), and
//! `tests/bindings.rs` checks `types/bindings.d.ts` against those declarations.

pub mod computer;
pub mod explain;
mod route;
pub mod session;
pub mod types;

#[cfg(target_arch = "wasm32")]
mod exports;
#[cfg(target_arch = "wasm32")]
mod game;
#[cfg(target_arch = "wasm32")]
mod input;
#[cfg(all(target_arch = "wasm32", feature = "worker"))]
mod worker;

pub use computer::{replay, Computer};
#[cfg(target_arch = "wasm32")]
pub use exports::*;
#[cfg(target_arch = "wasm32")]
pub use game::WebGame;
pub use session::{Session, TypedRefusal};
pub use types::*;
#[cfg(all(target_arch = "wasm32", feature = "worker"))]
pub use worker::{worker_answer, worker_load_tables};
