//! The computer, inside a Web Worker: it receives a game (start position and the turns played)
//! and answers with the turn it chooses, so the page never waits on a search.
//!
//! Protocol: `www/worker.js` posts the string `"ready"` once the module has loaded (messages
//! sent before that would be lost); then for each [`WorkerRequest`] one [`WorkerReply`].

use super::input;
use super::types::{WorkerReply, WorkerRequest};
use dame_core::{notation, position_from_fen, Game, Preset};
use dame_engine::{Engine, EvalFamily, LearnedEval, Level, Limits, Player};
use std::cell::RefCell;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// Transposition table size in the browser.
const TT_MEGABYTES: usize = 16;
/// The deepest benchmark search the page may ask for.
const MAX_BENCH_DEPTH: u32 = 30;

thread_local! {
    static PLAYER: RefCell<Option<Player>> = const { RefCell::new(None) };
    /// The learned evaluation tables loaded so far (`www/worker.js` fetches them after the
    /// page's first paint): until a family's tables are here, its rules play with the hand
    /// evaluation alone.
    static LEARNED: RefCell<Vec<Arc<LearnedEval>>> = const { RefCell::new(Vec::new()) };
    /// The global scope's `performance`, if it has one.
    static PERFORMANCE: Option<web_sys::Performance> = js_sys::Reflect::get(
        &js_sys::global(),
        &JsValue::from_str("performance"),
    )
    .ok()
    .and_then(|p| p.dyn_into::<web_sys::Performance>().ok());
}

/// Milliseconds, for the engine's time limit (the core reads no clock itself): `performance.now()`
/// (monotonic and fine-grained) in a worker or a window, `Date.now()` where it is absent.
fn now_ms() -> f64 {
    PERFORMANCE.with(|p| match p {
        Some(performance) => performance.now(),
        None => js_sys::Date::now(),
    })
}

/// A new seed for the computer's choices (the browser's random source; the clock if that fails).
fn fresh_seed() -> u64 {
    getrandom::u64().unwrap_or_else(|_| now_ms().to_bits())
}

/// Rebuilds the game the page is playing.
pub fn replay(rules: &str, start: &str, history: &[String]) -> Result<Game, String> {
    let preset: Preset = rules.parse().map_err(|e| format!("{e}"))?;
    let mut game = Game::from_position(
        position_from_fen(start, preset.rules())
            .map_err(|e| format!("bad position '{start}': {e}"))?,
    );
    for text in history {
        game.play_text(text).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// Answers one request.
pub fn answer(request: WorkerRequest) -> Option<WorkerReply> {
    match request {
        WorkerRequest::NewGame => {
            PLAYER.with(|p| {
                if let Ok(mut slot) = p.try_borrow_mut() {
                    if let Some(player) = slot.as_mut() {
                        player.engine.clear();
                        player.reseed(fresh_seed());
                    }
                }
            });
            None
        }
        WorkerRequest::Think {
            id,
            rules,
            start,
            history,
            level,
        } => Some(
            think(id, &rules, &start, &history, level)
                .unwrap_or_else(|message| WorkerReply::Error { id, message }),
        ),
        WorkerRequest::Bench {
            id,
            rules,
            fen,
            depth,
        } => Some(
            bench(id, &rules, &fen, depth)
                .unwrap_or_else(|message| WorkerReply::Error { id, message }),
        ),
    }
}

fn think(
    id: u32,
    rules: &str,
    start: &str,
    history: &[String],
    level: u32,
) -> Result<WorkerReply, String> {
    let game = replay(rules, start, history)?;
    let level = Level::from_number(level).ok_or_else(|| format!("no level {level} (1–5)"))?;
    PLAYER.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else {
            return Err("the computer is busy with another request".to_string());
        };
        let player = slot.get_or_insert_with(|| Player::new(level, fresh_seed(), TT_MEGABYTES));
        use_loaded_tables(&mut player.engine);
        player.level = level;
        player.clock = Some(now_ms);
        let started = now_ms();
        let (turn, result) = player.choose(&game);
        Ok(WorkerReply::Move {
            id,
            full_strength: full_strength(game.rules()),
            text: turn.map(|t| notation::turn_text(game.position(), &t)),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes as f64,
            ms: now_ms() - started,
        })
    })
}

fn bench(id: u32, rules: &str, fen: &str, depth: u32) -> Result<WorkerReply, String> {
    if !(1..=MAX_BENCH_DEPTH).contains(&depth) {
        return Err(format!("bench depth {depth} (1–{MAX_BENCH_DEPTH})"));
    }
    let game = replay(rules, fen, &[])?;
    let mut engine = Engine::new(TT_MEGABYTES);
    use_loaded_tables(&mut engine);
    let limits = Limits {
        clock: Some(now_ms),
        ..Limits::depth(depth)
    };
    let started = now_ms();
    let result = engine.search(&game, &limits);
    Ok(WorkerReply::Bench {
        id,
        nodes: result.nodes as f64,
        ms: now_ms() - started,
    })
}

/// Gives the engine every family's learned tables loaded so far.
fn use_loaded_tables(engine: &mut Engine) {
    LEARNED.with(|loaded| {
        for tables in loaded.borrow().iter() {
            engine.use_learned(tables.clone());
        }
    });
}

/// Whether the learned tables for these rules are loaded: the computer plays at full strength.
fn full_strength(rules: &dame_core::Rules) -> bool {
    let family = EvalFamily::of_rules(rules);
    LEARNED.with(|loaded| loaded.borrow().iter().any(|t| t.family() == family))
}

/// Loads learned evaluation tables (the bytes of a `data/learned/*.bin` file, fetched by
/// `www/worker.js`, as a `Uint8Array`); the next search of their family's rules uses them.
/// Returns the family's name. Anything that is not a valid tables file is refused with the
/// reason and nothing changes.
#[wasm_bindgen(js_name = workerLoadTables)]
pub fn worker_load_tables(bytes: JsValue) -> Result<String, JsError> {
    const MAX_BYTES: u32 = 1 << 20;
    let Some(array) = bytes.dyn_ref::<js_sys::Uint8Array>() else {
        return Err(JsError::new(
            "workerLoadTables: expected the file's bytes (a Uint8Array)",
        ));
    };
    if array.length() > MAX_BYTES {
        return Err(JsError::new(&format!(
            "workerLoadTables: {} bytes, more than a tables file has",
            array.length()
        )));
    }
    let tables = LearnedEval::from_bytes(&array.to_vec()).map_err(|e| JsError::new(&e))?;
    let family = tables.family();
    LEARNED.with(|loaded| {
        let mut loaded = loaded.borrow_mut();
        loaded.retain(|t| t.family() != family);
        loaded.push(Arc::new(tables));
    });
    Ok(family.to_string())
}

/// The worker's message handler (`www/worker.js` calls it for each request): the reply to post,
/// or `undefined` when there is none. A request that is not one (not an object, an unknown type,
/// a field of the wrong type) is an error; one that cannot be answered (a bad position, an
/// illegal turn, no such level) is an error reply with its id.
#[wasm_bindgen(js_name = workerAnswer)]
pub fn worker_answer(request: JsValue) -> Result<JsValue, JsError> {
    match answer(read_request(&request)?) {
        Some(reply) => super::exports::to_js(&reply),
        None => Ok(JsValue::UNDEFINED),
    }
}

/// Reads a request from the page, checking every field.
fn read_request(request: &JsValue) -> Result<WorkerRequest, JsError> {
    const WHAT: &str = "workerAnswer: the request";
    input::object(request, WHAT)?;
    let get = |name: &str| input::field(request, name, WHAT);
    let named = |name: &str| format!("workerAnswer: the request's {name}");
    let number = |name: &str| input::integer(&get(name)?, &named(name), 0, u32::MAX);
    let text = |name: &str| input::text(&get(name)?, &named(name));
    let kind = text("type")?;
    Ok(match kind.as_str() {
        "newGame" => WorkerRequest::NewGame,
        "think" => WorkerRequest::Think {
            id: number("id")?,
            rules: text("rules")?,
            start: text("start")?,
            history: input::list(
                &get("history")?,
                &named("history"),
                input::MAX_LIST,
                input::text,
            )?,
            level: number("level")?,
        },
        "bench" => WorkerRequest::Bench {
            id: number("id")?,
            rules: text("rules")?,
            fen: text("fen")?,
            depth: number("depth")?,
        },
        other => {
            return Err(JsError::new(&format!(
                "workerAnswer: unknown request type '{other}' (think, bench, newGame)"
            )))
        }
    })
}
