//! Values from the page, checked before anything else happens.
//!
//! Every export takes what the page passes as a plain `JsValue` and reads it here: a string must
//! be a string (and not longer than [`MAX_TEXT`]), a number a whole number in its range, a list
//! an array of such numbers. Anything else is refused with a message naming the argument and
//! what it was; nothing wraps, nothing traps. Arrays and objects are read with `Reflect.get`,
//! which catches what a getter throws, so no JavaScript exception crosses the Rust frames.

use crate::types::{PositionEvalView, ScoreView};
use dame_core::Square;
use js_sys::{Array, JsString, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The longest text accepted (a FEN, a turn, a preset id, an entry of a game record), in
/// UTF-16 units.
pub(crate) const MAX_TEXT: usize = 10_000;
/// The most entries a list from the page may have (squares of a route, turns of a game).
pub(crate) const MAX_LIST: u32 = 10_000;

/// An error naming the argument, what it should be and what it was.
pub(crate) fn refuse(what: &str, expected: &str, value: &JsValue) -> JsError {
    JsError::new(&format!(
        "{what} must be {expected}, not {}",
        describe(value)
    ))
}

/// What a value is, in a few words, for messages.
pub(crate) fn describe(value: &JsValue) -> String {
    if value.is_undefined() {
        "undefined".into()
    } else if value.is_null() {
        "null".into()
    } else if let Some(n) = value.as_f64() {
        // JavaScript's own spelling of the number: Rust's float formatting alone would add
        // kilobytes to the module the page loads first.
        let text = js_sys::Number::from(n)
            .to_string_with_radix(10)
            .map_or_else(|_| String::from("?"), String::from);
        format!("the number {text}")
    } else if let Some(b) = value.as_bool() {
        format!("{b}")
    } else if let Some(s) = value.dyn_ref::<JsString>() {
        let len = s.length();
        match value.as_string() {
            Some(text) if len <= 40 => format!("the string '{text}'"),
            _ => format!("a string of {len} characters"),
        }
    } else if Array::is_array(value) {
        "an array".into()
    } else if value.is_function() {
        "a function".into()
    } else if value.is_object() {
        "an object".into()
    } else {
        format!("a {}", value.js_typeof().as_string().unwrap_or_default())
    }
}

/// A string of at most [`MAX_TEXT`] characters.
pub(crate) fn text(value: &JsValue, what: &str) -> Result<String, JsError> {
    text_up_to(value, what, MAX_TEXT)
}

/// A string of at most `max` characters (a PDN file may be longer than [`MAX_TEXT`]).
pub(crate) fn text_up_to(value: &JsValue, what: &str, max: usize) -> Result<String, JsError> {
    let Some(s) = value.dyn_ref::<JsString>() else {
        return Err(refuse(what, "a string", value));
    };
    let len = s.length() as usize;
    if len > max {
        return Err(JsError::new(&format!(
            "{what} is too long: {len} characters (at most {max})"
        )));
    }
    value
        .as_string()
        .ok_or_else(|| refuse(what, "a string", value))
}

/// A string, or nothing (`undefined` or `null`).
pub(crate) fn optional_text(value: &JsValue, what: &str) -> Result<Option<String>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    text(value, what).map(Some)
}

/// A whole number from `min` to `max`.
pub(crate) fn integer(value: &JsValue, what: &str, min: u32, max: u32) -> Result<u32, JsError> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= f64::from(min) && n <= f64::from(max) => Ok(n as u32),
        _ => Err(refuse(what, &format!("a whole number {min}–{max}"), value)),
    }
}

/// A square number, 1–32.
pub(crate) fn square(value: &JsValue, what: &str) -> Result<Square, JsError> {
    let n = integer(value, what, 1, 32)?;
    Square::from_number(n as u8).ok_or_else(|| refuse(what, "a square 1–32", value))
}

/// `true` or `false`; `undefined` counts as `false`.
pub(crate) fn flag(value: &JsValue, what: &str) -> Result<bool, JsError> {
    if value.is_undefined() {
        return Ok(false);
    }
    value
        .as_bool()
        .ok_or_else(|| refuse(what, "true or false", value))
}

/// A field of an object (a getter that throws is an error, not an exception through Rust).
pub(crate) fn field(object: &JsValue, name: &str, what: &str) -> Result<JsValue, JsError> {
    Reflect::get(object, &JsValue::from_str(name))
        .map_err(|_| JsError::new(&format!("{what}: its '{name}' could not be read")))
}

/// An object (not `null`, not an array), whose fields [`field`] reads.
pub(crate) fn object(value: &JsValue, what: &str) -> Result<(), JsError> {
    if value.is_object() && !Array::is_array(value) && !value.is_function() {
        Ok(())
    } else {
        Err(refuse(what, "an object", value))
    }
}

/// The entries of an array (or a typed array) of at most `max` entries, each read by `read`
/// with its index.
pub(crate) fn list<T>(
    value: &JsValue,
    what: &str,
    max: u32,
    mut read: impl FnMut(&JsValue, &str) -> Result<T, JsError>,
) -> Result<Vec<T>, JsError> {
    if !Array::is_array(value) && !js_sys::ArrayBuffer::is_view(value) {
        return Err(refuse(what, "an array", value));
    }
    let length = field(value, "length", what)?;
    let len = length
        .as_f64()
        .filter(|n| n.fract() == 0.0 && *n >= 0.0)
        .ok_or_else(|| refuse(what, "an array", value))?;
    if len > f64::from(max) {
        return Err(JsError::new(&format!(
            "{what} is too long: more than {max} entries"
        )));
    }
    (0..len as u32)
        .map(|i| {
            let entry = Reflect::get(value, &JsValue::from(i))
                .map_err(|_| JsError::new(&format!("{what}[{i}] could not be read")))?;
            read(&entry, &format!("{what}[{i}]"))
        })
        .collect()
}

/// An array of square numbers, 1–32.
pub(crate) fn squares(value: &JsValue, what: &str) -> Result<Vec<Square>, JsError> {
    list(value, what, MAX_LIST, square)
}

/// A search's score as the page keeps it (`ScoreView`): `{ kind: "hundredths", value }` with a
/// whole number of hundredths (±1 000 000), or `{ kind: "win" | "loss", value }` with plies.
pub(crate) fn score(value: &JsValue, what: &str) -> Result<ScoreView, JsError> {
    object(value, what)?;
    let kind = text(&field(value, "kind", what)?, &format!("{what}.kind"))?;
    let number = field(value, "value", what)?;
    let named = format!("{what}.value");
    Ok(match kind.as_str() {
        "hundredths" => match number.as_f64() {
            Some(n) if n.fract() == 0.0 && n.abs() <= 1_000_000.0 => {
                ScoreView::Hundredths(n as i32)
            }
            _ => return Err(refuse(&named, "a whole number of hundredths", &number)),
        },
        "win" => ScoreView::Win(integer(&number, &named, 0, 10_000)?),
        "loss" => ScoreView::Loss(integer(&number, &named, 0, 10_000)?),
        _ => {
            return Err(refuse(
                &format!("{what}.kind"),
                "hundredths, win or loss",
                &JsValue::from_str(&kind),
            ))
        }
    })
}

/// One position's search as the page keeps it (`PositionEvalView`), every field checked.
pub(crate) fn position_eval(value: &JsValue, what: &str) -> Result<PositionEvalView, JsError> {
    object(value, what)?;
    let get = |name: &str| field(value, name, what);
    let named = |name: &str| format!("{what}.{name}");
    let best = get("best")?;
    Ok(PositionEvalView {
        score: score(&get("score")?, &named("score"))?,
        shallower: score(&get("shallower")?, &named("shallower"))?,
        best: if best.is_null() || best.is_undefined() {
            None
        } else {
            Some(text(&best, &named("best"))?)
        },
        pv: list(&get("pv")?, &named("pv"), 100, text)?,
        legal: integer(&get("legal")?, &named("legal"), 0, 1_000)?,
        depth: integer(&get("depth")?, &named("depth"), 0, 1_000)?,
    })
}
