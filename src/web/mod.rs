//! The browser binding layer: a thin `wasm-bindgen` surface over the rules core and the computer
//! player, compiled only for wasm32.
//!
//! The page holds one opaque [`WebGame`] handle and receives small values through
//! `serde-wasm-bindgen`. Nothing here decides a rule: legality, obligations, huffable pieces and
//! the outcome come from the core; this layer only turns what the player pointed at (a start
//! square, the squares dragged through, the drop square) into one of the core's legal moves, or
//! into the core's reason why there is none. Every entry point returns `Result<_, JsError>` or a
//! plain value; none panics on input from the page.
//!
//! The computer runs in a Web Worker that loads the same module and calls [`worker_answer`].

mod game;
mod route;
mod types;
mod worker;

pub use game::WebGame;
pub use types::*;
pub use worker::{replay, worker_answer};

use wasm_bindgen::prelude::*;

/// The rules presets the page offers, in order (Blasen first: the default).
#[wasm_bindgen(js_name = presets)]
pub fn presets() -> Result<JsValue, JsError> {
    let list: Vec<PresetView> = crate::Preset::ALL
        .iter()
        .map(|p| PresetView {
            id: p.id(),
            name_de: p.info().name_de,
            name_en: p.info().name_en,
            huffing: p.rules().is_huffing(),
        })
        .collect();
    to_js(&list)
}

/// The computer's levels, 1–5.
#[wasm_bindgen(js_name = levels)]
pub fn levels() -> Result<JsValue, JsError> {
    let list: Vec<LevelView> = crate::engine::LEVELS
        .iter()
        .map(|row| LevelView {
            number: row.level as u32,
            name_de: row.name_de,
            name_en: row.name_en,
        })
        .collect();
    to_js(&list)
}

/// Checks a level number from the page (a URL parameter, a stored choice).
#[wasm_bindgen(js_name = checkLevel)]
pub fn check_level(text: &str) -> Result<u32, JsError> {
    text.parse::<crate::engine::Level>()
        .map(|level| level as u32)
        .map_err(|e| JsError::new(&e))
}

pub(crate) fn to_js<T: serde::Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}
