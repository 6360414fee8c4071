//! The computer's module: what the page's Web Worker (`www/worker.js`) loads after the page's
//! first paint. The same library as the page's module (`main.rs`), built with the feature
//! `worker`, which adds the worker's exports (`workerAnswer`, `workerLoadTables`) and with them
//! the engine's search; the page's own module leaves them out, so that the page loads no search
//! before its board is painted.

#[cfg(target_arch = "wasm32")]
pub use dame_web::*;

fn main() {}
