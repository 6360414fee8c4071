//! The free functions the page calls: the presets and levels it offers, and checks of its input.

use super::input;
use super::types::{LevelView, PresetView};
use wasm_bindgen::prelude::*;

/// The rules presets the page offers, in order (Blasen first: the default).
#[wasm_bindgen(js_name = presets, unchecked_return_type = "PresetView[]")]
pub fn presets() -> Result<JsValue, JsError> {
    let list: Vec<PresetView> = dame_core::Preset::ALL
        .iter()
        .map(|p| {
            let info = p.info();
            PresetView {
                id: info.id,
                name_de: info.name_de,
                name_en: info.name_en,
                note_de: info.note_de,
                note_en: info.note_en,
                huffing: info.rules.is_huffing(),
            }
        })
        .collect();
    to_js(&list)
}

/// Checks a rules preset from the page (a URL parameter, a stored choice): its id, in the
/// spelling the core accepts (`Standard_Flying` → `standard-flying`). Anything but a string is
/// refused.
#[wasm_bindgen(js_name = checkRules)]
pub fn check_rules(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<String, JsError> {
    input::text(&text, "checkRules: the rules")?
        .parse::<dame_core::Preset>()
        .map(|p| p.id().to_string())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// The computer's levels, 1–5.
#[wasm_bindgen(js_name = levels, unchecked_return_type = "LevelView[]")]
pub fn levels() -> Result<JsValue, JsError> {
    let list: Vec<LevelView> = dame_engine::LEVELS
        .iter()
        .map(|row| LevelView {
            number: row.level as u32,
            name_de: row.name_de,
            name_en: row.name_en,
        })
        .collect();
    to_js(&list)
}

/// Checks a level from the page (a URL parameter, a stored choice): a number 1–5 or a name, as
/// text, or a whole number 1–5.
#[wasm_bindgen(js_name = checkLevel)]
pub fn check_level(
    #[wasm_bindgen(unchecked_param_type = "string | number")] level: JsValue,
) -> Result<u32, JsError> {
    const WHAT: &str = "checkLevel: the level";
    if level.as_f64().is_some() {
        return input::integer(&level, WHAT, 1, dame_engine::LEVELS.len() as u32);
    }
    if !level.is_string() {
        return Err(input::refuse(
            WHAT,
            "a number 1–5 or a level's name",
            &level,
        ));
    }
    input::text(&level, WHAT)?
        .parse::<dame_engine::Level>()
        .map(|level| level as u32)
        .map_err(|e| JsError::new(&e))
}

pub(crate) fn to_js<T: serde::Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}
