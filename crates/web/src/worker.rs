//! The computer's Web Worker: `www/worker.js` loads this module and calls `workerAnswer` for
//! each request and `workerLoadTables` for each learned tables file. A thin shim over
//! [`Computer`] (`computer.rs`, plain Rust): it reads and checks the request, gives the computer
//! the browser's clock and random source, and hands back the reply as JavaScript.

use super::computer::{self, Computer};
use super::input;
use super::types::WorkerRequest;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The worker's computer: its player and the learned tables loaded so far.
    static COMPUTER: RefCell<Computer> = const { RefCell::new(Computer::new(now_ms, fresh_seed)) };
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

/// Loads learned evaluation tables (the bytes of a `data/learned/*.bin` file, fetched by
/// `www/worker.js`, as a `Uint8Array`); the next search of their family's rules uses them.
/// Returns the family's name. Anything that is not a valid tables file is refused with the
/// reason and nothing changes.
#[wasm_bindgen(js_name = workerLoadTables)]
pub fn worker_load_tables(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
) -> Result<String, JsError> {
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
    let bytes = array.to_vec();
    COMPUTER
        .with(|computer| match computer.try_borrow_mut() {
            Ok(mut computer) => computer.load_tables(&bytes),
            Err(_) => Err("workerLoadTables: the computer is busy".to_string()),
        })
        .map_err(|e| JsError::new(&e))
}

/// The worker's message handler (`www/worker.js` calls it for each request): the reply to post,
/// or `undefined` when there is none. A request that is not one (not an object, an unknown type,
/// a field of the wrong type) is an error; one that cannot be answered (a bad position, an
/// illegal turn, no such level) is an error reply with its id.
#[wasm_bindgen(js_name = workerAnswer, unchecked_return_type = "WorkerReply | undefined")]
pub fn worker_answer(
    #[wasm_bindgen(unchecked_param_type = "WorkerRequest")] request: JsValue,
) -> Result<JsValue, JsError> {
    let request = read_request(&request)?;
    let reply = COMPUTER.with(|computer| match computer.try_borrow_mut() {
        Ok(mut computer) => computer.answer(request),
        Err(_) => computer::busy(&request),
    });
    match reply {
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
    let history = || {
        input::list(
            &get("history")?,
            &named("history"),
            input::MAX_LIST,
            input::text,
        )
    };
    let kind = text("type")?;
    Ok(match kind.as_str() {
        "newGame" => WorkerRequest::NewGame,
        "think" => WorkerRequest::Think {
            id: number("id")?,
            rules: text("rules")?,
            start: text("start")?,
            history: history()?,
            level: number("level")?,
        },
        "evaluate" => WorkerRequest::Evaluate {
            id: number("id")?,
            rules: text("rules")?,
            start: text("start")?,
            history: history()?,
            depth: number("depth")?,
        },
        "bench" => WorkerRequest::Bench {
            id: number("id")?,
            rules: text("rules")?,
            fen: text("fen")?,
            depth: number("depth")?,
        },
        other => {
            return Err(JsError::new(&format!(
                "workerAnswer: unknown request type '{other}' (think, evaluate, bench, newGame)"
            )))
        }
    })
}
