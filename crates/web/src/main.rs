//! The page's module: what the page loads before its first paint (the rules, the session, PDN,
//! judging an analysis). The computer's Web Worker loads a module of its own after the first
//! paint (`worker_main.rs`, built with the feature `worker`): the engine's search is not part of
//! the page's first load. The rules core is in both, about 90 KB gzipped in the page's.
//!
//! Natively, `dame-web bench [rules] [depth] [fen]` runs the same fixed-depth search the page's
//! benchmark runs in the browser, so the two speeds can be compared: with the learned tables, as
//! the page's worker has them once it has fetched them.

#[cfg(target_arch = "wasm32")]
pub use dame_web::*;

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use dame_core::{position_from_fen, Game, Preset};
    use dame_engine::{native_clock, Engine, Limits};
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) != Some("bench") {
        eprintln!("usage: dame-web bench [rules] [depth] [fen]  (the module itself runs in the browser: trunk build)");
        std::process::exit(2);
    }
    let rules = args.get(1).map_or("english", String::as_str);
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(11);
    let preset: Preset = rules.parse().unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    let position = match args.get(3) {
        Some(fen) => position_from_fen(fen, preset).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2);
        }),
        None => dame_core::Position::start(preset),
    };
    let game = Game::from_position(position);
    let mut engine = Engine::new(16);
    engine.use_embedded();
    let limits = Limits {
        clock: Some(native_clock),
        ..Limits::depth(depth)
    };
    let started = native_clock();
    let result = engine.search(&game, &limits);
    let ms = native_clock() - started;
    println!(
        "native search {rules} depth {depth}: {} nodes in {:.0} ms = {:.0} nodes/s",
        result.nodes,
        ms,
        result.nodes as f64 / ms * 1000.0
    );
}
