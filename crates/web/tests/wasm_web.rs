//! The binding layer as JavaScript sees it, in headless Chromium:
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown -p dame-web --test wasm_web`.
//!
//! Only what needs the browser is here: the exports' arguments read from JavaScript values (a
//! value of the wrong kind is an `Error` with a message, never a trap), their answers as
//! JavaScript values, and the worker's entry point. The session and the computer behind them
//! are plain Rust, tested natively in `session.rs` and `computer.rs`. Natively this file is
//! empty.
#![cfg(target_arch = "wasm32")]

use dame_core::Square;
use dame_web::{
    check_level, check_rules, presets, worker_answer, worker_load_tables, RouteAnswer, WebGame,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn sq(n: u8) -> Square {
    Square::from_number(n).unwrap()
}

/// A new game of `rules` from the start, made as the page makes it.
fn new_game(rules: &str) -> WebGame {
    WebGame::new(rules.into(), JsValue::UNDEFINED).unwrap()
}

/// English: 22-18, 12-16, 24-20 (no capture on either side), from the start.
fn three_turns() -> WebGame {
    let mut g = new_game("english");
    for turn in ["22-18", "12-16", "24-20"] {
        g.play_text(turn.into()).unwrap();
    }
    g
}

fn message(err: JsError) -> String {
    let value: JsValue = err.into();
    js_sys::Error::from(value).message().into()
}

fn array(numbers: &[u32]) -> JsValue {
    numbers
        .iter()
        .map(|&n| JsValue::from(n))
        .collect::<js_sys::Array>()
        .into()
}

fn played(answer: RouteAnswer) -> dame_web::PlayedTurn {
    match answer {
        RouteAnswer::Played { turn } => turn,
        other => panic!("expected a played turn, got {other:?}"),
    }
}

#[wasm_bindgen_test]
fn the_constructor_reads_its_arguments() {
    let err = WebGame::new("chess".into(), JsValue::UNDEFINED)
        .err()
        .unwrap();
    assert!(message(err).contains("unknown rules preset 'chess'"));
    let err = WebGame::new("english".into(), "W:W21-32:B1-12,40".into())
        .err()
        .unwrap();
    assert!(message(err).starts_with("bad position"));
    // Empty FEN, or none (undefined, null): the start position.
    let g = WebGame::new("blasen".into(), "  ".into()).unwrap();
    assert_eq!(
        g.fen(),
        WebGame::new("blasen".into(), JsValue::NULL).unwrap().fen()
    );
    assert_eq!(g.fen(), new_game("blasen").fen());
    assert_eq!(
        g.fen(),
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
}

#[wasm_bindgen_test]
fn values_cross_to_javascript() {
    let list = presets().unwrap();
    let first = js_sys::Reflect::get(&js_sys::Array::from(&list).get(0), &"id".into()).unwrap();
    assert_eq!(first.as_string().as_deref(), Some("blasen"));
    let note = js_sys::Reflect::get(&js_sys::Array::from(&list).get(0), &"noteEn".into()).unwrap();
    assert!(note.as_string().unwrap().contains("huff"));
    assert_eq!(
        check_rules(" Standard_Flying".into()).unwrap(),
        "standard-flying"
    );
    assert!(check_rules("checkers".into()).is_err());
    assert_eq!(check_level("5".into()).unwrap(), 5);
    assert_eq!(check_level("Meister".into()).unwrap(), 5);
    assert!(check_level("9".into()).is_err());
    let g = new_game("english");
    let view = g.view().unwrap();
    let side = js_sys::Reflect::get(&view, &"side".into()).unwrap();
    assert_eq!(side.as_string().as_deref(), Some("red"));
    let movable = js_sys::Reflect::get(&view, &"movable".into()).unwrap();
    assert_eq!(js_sys::Array::from(&movable).length(), 4); // 21, 22, 23, 24
}

/// Each method of `WebGame` reads its arguments, calls the session and hands back its answer
/// as the plain object of `types/`, or its refusal as an `Error` with the session's words.
#[wasm_bindgen_test]
fn the_game_handle_passes_the_sessions_answers_to_javascript() {
    let mut g = new_game("english");
    // grab: the paths of a piece, as objects.
    let grab = g.grab(22.into()).unwrap();
    let mut texts: Vec<String> = js_sys::Array::from(&field(&grab, "paths"))
        .iter()
        .map(|path| field(&path, "text").as_string().unwrap())
        .collect();
    texts.sort();
    assert_eq!(texts, vec!["11-15", "11-16"], "ACF: internal 22-18, 22-17");
    assert!(field(&grab, "refusal").is_null());
    assert!(g.grab(0.into()).is_err());
    assert!(g.grab(33.into()).is_err());
    // route: a refusal is an answer, a bad square an error; `stop` may be left out.
    let before = g.fen();
    assert!(g
        .route(array(&[40]), array(&[]), 5.into(), false.into())
        .is_err());
    let answer = g
        .route(array(&[]), array(&[]), 5.into(), false.into())
        .unwrap();
    assert_eq!(
        field(&answer, "status").as_string().as_deref(),
        Some("refused")
    );
    let refusal = field(&answer, "refusal");
    assert_eq!(
        field(&refusal, "code").as_string().as_deref(),
        Some("notAMove")
    );
    assert_eq!(g.fen(), before, "refusals change nothing");
    let answer = g
        .route(array(&[22]), array(&[]), 18.into(), JsValue::UNDEFINED)
        .unwrap();
    assert_eq!(
        field(&answer, "status").as_string().as_deref(),
        Some("played")
    );
    let turn = field(&answer, "turn");
    assert_eq!(field(&turn, "text").as_string().as_deref(), Some("11-15"));
    assert!(js_sys::Array::is_array(&field(&turn, "huffableAfter")));
    // playText: the turn as an object; an illegal one is an error.
    let turn = g.play_text("11-15".into()).unwrap();
    assert_eq!(field(&turn, "color").as_string().as_deref(), Some("black"));
    assert!(g.play_text("11-15".into()).is_err(), "not legal any more");
    assert!(g.play_text("garbage".into()).is_err());
    assert_eq!(g.history(), vec!["22-18", "11-15"]);
    // viewAt, truncate and explain take a ply 0–history.length.
    assert_eq!(
        field(&g.view_at(1.into()).unwrap(), "plies").as_f64(),
        Some(1.0)
    );
    assert!(g.view_at(3.into()).is_err());
    assert!(g.view_at((-1).into()).is_err());
    assert!(g.explain(0.into()).unwrap().is_null());
    let explained = g.explain(2.into()).unwrap();
    assert_eq!(
        field(&explained, "mover").as_string().as_deref(),
        Some("black")
    );
    assert!(g.explain(3.into()).is_err());
    assert!(g.truncate(3.into()).is_err());
    assert!(g.truncate("1".into()).is_err());
    g.truncate(1.into()).unwrap();
    assert_eq!(g.history(), vec!["22-18"]);
    assert!(g.undo() && g.can_redo() && g.redo());
    assert_eq!(g.count_hint(), 1);
    assert_eq!(field(&g.view().unwrap(), "hints").as_f64(), Some(1.0));
    // resign: a colour's name.
    let m = outcome(g.resign("green".into()));
    assert_eq!(m, "resign: unknown colour 'green' (red or black)");
    g.resign("black".into()).unwrap();
    assert!(g.is_over());
    // huff: null while the player moves next, an Error with the refusal's words if refused.
    let mut g = WebGame::new("blasen".into(), "W:W21,30:B9,17:H17".into()).unwrap();
    let m = outcome(g.huff(9.into()));
    assert!(m.contains('9'), "9 is not huffable: {m}");
    assert!(g.huff(17.into()).unwrap().is_null());
    assert!(g.huff(17.into()).is_err(), "one huff per turn");
    assert!(g.cancel_huff());
    assert!(!g.cancel_huff());
    let mut g = WebGame::new("blasen".into(), "W:W21:B17:H17".into()).unwrap();
    let turn = g.huff(17.into()).unwrap();
    assert_eq!(field(&turn, "text").as_string().as_deref(), Some("h17"));
    assert!(g.is_over());
}

/// `playTyped` throws a `TypedError`: an `Error` whose `refusal` says why a well-written turn is
/// not legal here, without one when the text is not a turn in the game's notation.
#[wasm_bindgen_test]
fn a_typed_turn_refused_throws_an_error_with_the_refusal() {
    let mut g = new_game("english");
    let turn = g.play_typed("11-15".into()).unwrap();
    assert_eq!(field(&turn, "text").as_string().as_deref(), Some("11-15"));
    let error = g.play_typed("11-15".into()).unwrap_err();
    assert_eq!(
        String::from(js_sys::Error::from(error.clone()).message()),
        "there is no piece on 11"
    );
    let refusal = field(&error, "refusal");
    assert_eq!(
        field(&refusal, "code").as_string().as_deref(),
        Some("noPiece")
    );
    let error = g.play_typed("c3-d4".into()).unwrap_err();
    assert!(!String::from(js_sys::Error::from(error.clone()).message()).is_empty());
    assert!(field(&error, "refusal").is_undefined());
    let error = g.play_typed(5.into()).unwrap_err();
    assert!(String::from(js_sys::Error::from(error).message()).contains("playTyped"));
    assert_eq!(g.history(), vec!["22-18"], "the game is unchanged");
}

#[wasm_bindgen_test]
fn the_worker_answers_with_a_legal_turn() {
    let history = js_sys::Array::new();
    history.push(&"22-18".into());
    let reply = worker_answer(request(&[
        ("type", "think".into()),
        ("id", 7.into()),
        ("rules", "english".into()),
        ("start", "W:W21-32:B1-12".into()),
        ("history", history.into()),
        ("level", 2.into()),
    ]))
    .unwrap();
    assert_eq!(field(&reply, "type").as_string().as_deref(), Some("move"));
    assert_eq!(field(&reply, "id").as_f64(), Some(7.0));
    assert_eq!(field(&reply, "fullStrength").as_bool(), Some(false));
    let text = field(&reply, "text").as_string().unwrap();
    let mut g = new_game("english");
    g.play_text("22-18".into()).unwrap();
    g.play_text(text.into())
        .expect("the computer's turn is legal");
    // A new game: no reply.
    assert!(worker_answer(request(&[("type", "newGame".into())]))
        .unwrap()
        .is_undefined());
    // Bad requests are errors (or error replies), never panics.
    assert!(worker_answer(JsValue::from_str("nonsense")).is_err());
    let reply = worker_answer(request(&[
        ("type", "think".into()),
        ("id", 8.into()),
        ("rules", "english".into()),
        ("start", "W:W21-32:B1-12".into()),
        ("history", js_sys::Array::of1(&"22-23".into()).into()),
        ("level", 2.into()),
    ]))
    .unwrap();
    assert_eq!(field(&reply, "type").as_string().as_deref(), Some("error"));
    assert!(field(&reply, "message")
        .as_string()
        .unwrap()
        .contains("22-23"));
    // Learned tables arrive as a Uint8Array; anything else is refused.
    assert!(worker_load_tables(array(&[1, 2, 3])).is_err());
    let bytes = js_sys::Uint8Array::from(&[1u8, 2, 3][..]);
    assert!(worker_load_tables(bytes.into()).is_err());
}

#[wasm_bindgen_test]
fn a_record_crosses_as_an_object_and_back() {
    let g = three_turns();
    let record = g.record().unwrap();
    assert_eq!(field(&record, "version").as_f64(), Some(1.0));
    assert_eq!(
        field(&record, "rules").as_string().as_deref(),
        Some("english")
    );
    let resumed = WebGame::from_record(record).unwrap();
    assert_eq!(resumed.fen(), g.fen());
    assert_eq!(resumed.history(), g.history());
    assert_eq!(resumed.start_fen(), g.start_fen());
    // Records written before hints were counted have none; a count out of range is refused.
    let resumed = WebGame::from_record(record_with(&[])).unwrap();
    assert_eq!(resumed.history(), vec!["22-18", "12-16"]);
    assert!(WebGame::from_record(record_with(&[("hints", 3.into())])).is_ok());
    let m = outcome(WebGame::from_record(record_with(&[("hints", (-1).into())])));
    assert!(m.contains("fromRecord: hints"), "{m}");
}

#[wasm_bindgen_test]
fn pdn_crosses_as_text_with_tags_as_an_object() {
    let mut g = WebGame::new("russian".into(), "W:W22,25:B1,18".into()).unwrap();
    played(g.session_mut().route(&[sq(22)], &[], sq(15), false));
    let tags = js_sys::Object::new();
    js_sys::Reflect::set(&tags, &"Date".into(), &"2026.12.01".into()).unwrap();
    let text = g.pdn("Ann".into(), "Bob".into(), tags.into()).unwrap();
    assert!(text.contains("[Date \"2026.12.01\"]"), "{text}");
    assert!(text.ends_with("\n1. c3:e5 *\n"), "{text}");
    let back = WebGame::from_pdn(text.into(), "english".into()).unwrap();
    assert_eq!((back.rules(), back.fen()), (g.rules(), g.fen()));
    let tags: Vec<(String, String)> = js_sys::Array::from(&back.pdn_tags().unwrap())
        .iter()
        .map(|t| {
            let text = |name: &str| field(&t, name).as_string().unwrap();
            (text("name"), text("value"))
        })
        .collect();
    assert!(
        tags.contains(&("Date".to_string(), "2026.12.01".to_string())),
        "{tags:?}"
    );
    let m = outcome(WebGame::from_pdn(
        "[Event \"Cup\"]\n[GameType \"21\"]\n1. 11-15 22-13 *".into(),
        "blasen".into(),
    ));
    assert_eq!(
        m,
        "game 1 (Cup): move 1... '22-13' (line 3): not a legal move here"
    );
    // Longer than a PDN file the page reads (1 000 000 characters).
    let m = outcome(WebGame::from_pdn(
        "[Event \"x\"] ".repeat(100_000).into(),
        "english".into(),
    ));
    assert!(m.contains("too long"), "{m}");
}

fn request(fields: &[(&str, JsValue)]) -> JsValue {
    let obj = js_sys::Object::new();
    for (k, v) in fields {
        js_sys::Reflect::set(&obj, &(*k).into(), v).unwrap();
    }
    obj.into()
}

fn field(obj: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(obj, &name.into()).unwrap()
}

/// Values of every kind the page could pass by mistake.
fn wrong_values() -> Vec<(String, JsValue)> {
    let values: Vec<JsValue> = vec![
        JsValue::UNDEFINED,
        JsValue::NULL,
        JsValue::TRUE,
        0.into(),
        (-1).into(),
        278.into(),
        22.5.into(),
        f64::NAN.into(),
        1e20.into(),
        f64::INFINITY.into(),
        "".into(),
        "22".into(),
        "x".repeat(200_000).into(),
        js_sys::Object::new().into(),
        js_sys::Array::new().into(),
        array(&[22, 278]),
        js_sys::Array::of1(&"22".into()).into(),
        js_sys::Function::new_no_args("return 22").into(),
        JsValue::symbol(Some("22")),
        js_sys::BigInt::from(22).into(),
    ];
    values
        .into_iter()
        .map(|v| (format!("{v:?}").chars().take(40).collect(), v))
        .collect()
}

/// An error's message, or "" for a success.
fn outcome<T>(result: Result<T, JsError>) -> String {
    result.err().map(message).unwrap_or_default()
}

fn record_with(fields: &[(&str, JsValue)]) -> JsValue {
    let mut all: Vec<(&str, JsValue)> = vec![
        ("version", 1.into()),
        ("rules", "english".into()),
        ("start", "W:W21-32:B1-12".into()),
        (
            "history",
            js_sys::Array::of2(&"22-18".into(), &"12-16".into()).into(),
        ),
    ];
    for (k, v) in fields {
        match all.iter_mut().find(|(name, _)| name == k) {
            Some(slot) => slot.1 = v.clone(),
            None => all.push((k, v.clone())),
        }
    }
    all.retain(|(_, v)| !v.is_undefined());
    request(&all)
}

#[wasm_bindgen_test]
fn every_export_refuses_values_of_the_wrong_kind_with_a_message() {
    let mut g = new_game("english");
    for (name, v) in wrong_values() {
        let string_ok = v.as_string().is_some_and(|s| s.trim().is_empty());
        let absent = v.is_undefined() || v.is_null();
        let zero = v.as_f64() == Some(0.0);
        // An empty route is a refusal (not a move), not an error.
        let no_squares = js_sys::Array::is_array(&v) && js_sys::Array::from(&v).length() == 0;
        let checks: Vec<(&str, String, bool)> = vec![
            ("checkRules", outcome(check_rules(v.clone())), false),
            ("checkLevel", outcome(check_level(v.clone())), false),
            (
                "new(v)",
                outcome(WebGame::new(v.clone(), JsValue::UNDEFINED)),
                false,
            ),
            (
                "new(english, v)",
                outcome(WebGame::new("english".into(), v.clone())),
                absent || string_ok,
            ),
            (
                "fromRecord",
                outcome(WebGame::from_record(v.clone())),
                false,
            ),
            ("workerAnswer", outcome(worker_answer(v.clone())), false),
            ("grab", outcome(g.grab(v.clone())), false),
            ("huff", outcome(g.huff(v.clone())), false),
            ("playText", outcome(g.play_text(v.clone())), false),
            ("resign", outcome(g.resign(v.clone())), false),
            ("viewAt", outcome(g.view_at(v.clone())), zero),
            ("truncate", outcome(g.truncate(v.clone())), zero),
            (
                "route(v, …)",
                outcome(g.route(v.clone(), array(&[]), 18.into(), false.into())),
                no_squares,
            ),
            (
                "route(…, v, …)",
                outcome(g.route(array(&[9]), v.clone(), 13.into(), false.into())),
                no_squares,
            ),
            (
                "route(…, v, _)",
                outcome(g.route(array(&[9]), array(&[]), v.clone(), false.into())),
                false,
            ),
            (
                "route(…, v)",
                outcome(g.route(array(&[9]), array(&[]), 13.into(), v.clone())),
                v.is_undefined() || v.as_bool().is_some(),
            ),
        ];
        for (export, error, may_work) in checks {
            if !may_work {
                assert!(!error.is_empty(), "{export}({name}) should be refused");
            }
        }
    }
    // The game goes on, unchanged: Red to move from the start.
    assert_eq!(g.history().len(), 0);
    assert!(!g.is_over());
    assert!(g.grab(22.into()).is_ok());
    played(g.session_mut().route(&[sq(22)], &[], sq(18), false));
}

#[wasm_bindgen_test]
fn refusals_name_the_argument_and_the_value() {
    let mut g = new_game("english");
    let m = outcome(g.grab(278.into()));
    assert!(
        m.contains("grab") && m.contains("1–32") && m.contains("278"),
        "{m}"
    );
    let m = outcome(g.grab(22.5.into()));
    assert!(m.contains("whole number"), "{m}");
    let m = outcome(g.grab(f64::NAN.into()));
    assert!(m.contains("NaN"), "{m}");
    let m = outcome(g.play_text(JsValue::NULL));
    assert!(
        m.contains("playText") && m.contains("a string") && m.contains("null"),
        "{m}"
    );
    let m = outcome(g.play_text("x".repeat(200_000).into()));
    assert!(m.contains("too long") && m.contains("200000"), "{m}");
    let m = outcome(check_level(js_sys::Object::new().into()));
    assert!(m.contains("checkLevel") && m.contains("an object"), "{m}");
    let m = outcome(g.route(array(&[22]), array(&[17, 40]), 18.into(), false.into()));
    assert!(m.contains("via[1]") && m.contains("40"), "{m}");
    let m = outcome(WebGame::new(5.into(), JsValue::UNDEFINED));
    assert!(m.contains("WebGame") && m.contains("the number 5"), "{m}");
    let m = outcome(worker_answer(request(&[("type", "dance".into())])));
    assert!(m.contains("unknown request type 'dance'"), "{m}");
    // A level may be given as a whole number too.
    assert_eq!(check_level(3.into()).unwrap(), 3);
    assert!(check_level(3.5.into()).is_err());
    assert!(check_level(6.into()).is_err());
    // The computer's level out of range is still an error reply, with the request's id.
    let reply = worker_answer(request(&[
        ("type", "think".into()),
        ("id", 9.into()),
        ("rules", "english".into()),
        ("start", "W:W21-32:B1-12".into()),
        ("history", js_sys::Array::new().into()),
        ("level", 9.into()),
    ]))
    .unwrap();
    assert_eq!(field(&reply, "type").as_string().as_deref(), Some("error"));
    assert_eq!(field(&reply, "id").as_f64(), Some(9.0));
}

#[wasm_bindgen_test]
fn a_bad_record_is_refused_naming_the_problem() {
    let refused = |fields: &[(&str, JsValue)]| outcome(WebGame::from_record(record_with(fields)));
    assert_eq!(refused(&[]), "");
    let m = refused(&[("version", 2.into())]);
    assert!(
        m.contains("unknown record version") && m.contains('2'),
        "{m}"
    );
    let m = refused(&[("version", JsValue::UNDEFINED)]);
    assert!(m.contains("unknown record version"), "{m}");
    let m = refused(&[("rules", "chess".into())]);
    assert!(m.contains("bad preset") && m.contains("chess"), "{m}");
    let m = refused(&[("rules", 5.into())]);
    assert!(m.contains("rules must be a string"), "{m}");
    let m = refused(&[("start", "W:W21-32:B1-12,40".into())]);
    assert!(m.contains("bad start position"), "{m}");
    let bad = js_sys::Array::of3(&"22-18".into(), &"12-16".into(), &"22-18".into());
    let m = refused(&[("history", bad.into())]);
    assert!(m.contains("history[2] '22-18'"), "{m}");
    let m = refused(&[("history", array(&[22]))]);
    assert!(m.contains("history[0] must be a string"), "{m}");
    let m = refused(&[("history", "22-18".into())]);
    assert!(m.contains("history must be an array"), "{m}");
    let m = outcome(WebGame::from_record(js_sys::Array::new().into()));
    assert!(m.contains("an object"), "{m}");
}

#[wasm_bindgen_test]
fn the_pdn_exports_refuse_values_of_the_wrong_kind() {
    let g = three_turns();
    for (name, v) in wrong_values() {
        let text = v.as_string();
        let is_text = text.is_some();
        let absent = v.is_undefined() || v.is_null();
        let empty_object = v.is_object()
            && !js_sys::Array::is_array(&v)
            && !v.is_function()
            && js_sys::Reflect::own_keys(&v).map(|k| k.length()) == Ok(0);
        let checks = [
            (
                "fromPdn(v, english)",
                outcome(WebGame::from_pdn(v.clone(), "english".into())),
                false,
            ),
            (
                "fromPdn(text, v)",
                outcome(WebGame::from_pdn("1. 11-15 *".into(), v.clone())),
                false,
            ),
            (
                "pdn(v, …)",
                outcome(g.pdn(v.clone(), "B".into(), JsValue::UNDEFINED)),
                is_text,
            ),
            (
                "pdn(…, v, _)",
                outcome(g.pdn("R".into(), v.clone(), JsValue::UNDEFINED)),
                is_text,
            ),
            (
                "pdn(…, v)",
                outcome(g.pdn("R".into(), "B".into(), v.clone())),
                absent || empty_object,
            ),
        ];
        for (export, error, may_work) in checks {
            if !may_work {
                assert!(!error.is_empty(), "{export}({name}) should be refused");
            }
        }
    }
    let tags = |name: &str, value: JsValue| {
        let object = js_sys::Object::new();
        js_sys::Reflect::set(&object, &name.into(), &value).unwrap();
        outcome(g.pdn("R".into(), "B".into(), object.into()))
    };
    assert!(tags("Result", "1-0".into()).contains("written from the game itself"));
    assert!(tags("FEN", "W:W1:B2".into()).contains("written from the game itself"));
    assert!(tags("Bad Name", "x".into()).contains("is not a tag name"));
    assert!(tags("Event", 5.into()).contains("pdn: the tags: Event must be a string"));
    assert_eq!(tags("Event", "<img src=x onerror=alert(1)>".into()), "");
    // A getter that throws is an error, not an exception through Rust.
    let object = js_sys::Object::new();
    let getter = js_sys::Function::new_no_args("throw new Error('boom')");
    let descriptor = js_sys::Object::new();
    js_sys::Reflect::set(&descriptor, &"get".into(), &getter).unwrap();
    js_sys::Reflect::set(&descriptor, &"enumerable".into(), &JsValue::TRUE).unwrap();
    js_sys::Object::define_property(&object, &"Event".into(), &descriptor);
    let m = outcome(g.pdn("R".into(), "B".into(), object.into()));
    assert!(m.contains("could not be read"), "{m}");
    // The game is unchanged and goes on.
    assert_eq!(g.history().len(), 3);
    assert!(g.pdn_tags().is_ok());
}

/// The positions and values of a file of `<preset> <value> <FEN>` lines (tests/learned_values.txt,
/// tests/net_values.txt).
fn fixed_values(text: &str) -> Vec<(dame_core::Position, i32)> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut words = line.splitn(3, ' ');
            let preset: dame_core::Preset = words.next().unwrap().parse().unwrap();
            let value = words.next().unwrap().parse().unwrap();
            let fen = words.next().unwrap();
            (dame_core::position_from_fen(fen, preset).unwrap(), value)
        })
        .collect()
}

/// The learned evaluation gives in WebAssembly exactly the values tests/learned.rs checks
/// natively (the same tables, the same file of values).
#[wasm_bindgen_test]
fn learned_tables_evaluate_as_natively() {
    use dame_engine::{EvalFamily, LearnedEval};
    let load = |bytes: &[u8]| LearnedEval::from_bytes(bytes).expect("the committed tables load");
    let short_kings = load(include_bytes!("../../../data/learned/short-kings.bin"));
    let huffing = load(include_bytes!("../../../data/learned/huffing.bin"));
    let flying_kings = load(include_bytes!("../../../data/learned/flying-kings.bin"));
    let values = fixed_values(include_str!("../../../tests/learned_values.txt"));
    for (pos, value) in &values {
        let tables = match dame_engine::Profile::of(pos.preset()).eval_family {
            EvalFamily::ShortKings => &short_kings,
            EvalFamily::Huffing => &huffing,
            EvalFamily::FlyingKings => &flying_kings,
        };
        assert_eq!(tables.evaluate(pos), *value, "{pos}");
    }
    assert!(values.len() >= 10);
    assert!(LearnedEval::from_bytes(&[1, 2, 3]).is_err());
}

/// The network gives in WebAssembly exactly the values tests/net.rs checks natively (the same
/// file, the same values): the page plays English as the native engine does.
#[wasm_bindgen_test]
fn the_network_evaluates_as_natively() {
    let net =
        dame_engine::NetEval::from_bytes(include_bytes!("../../../data/learned/english-net.bin"))
            .expect("the committed network loads");
    let values = fixed_values(include_str!("../../../tests/net_values.txt"));
    for (pos, value) in &values {
        assert_eq!(net.evaluate(pos), *value, "{pos}");
    }
    assert!(values.len() >= 10);
    assert!(dame_engine::NetEval::from_bytes(b"DAMENET1").is_err());
}

/// The analysis as the page runs it: the worker's evaluation of each position, read back by
/// `judge`, `line` and `pdnAnnotated`; malformed evaluations are errors, never traps.
#[wasm_bindgen_test]
fn an_analysis_crosses_to_javascript_and_back() {
    let g = three_turns();
    let evals = js_sys::Array::new();
    for ply in 0..=3u32 {
        let history = js_sys::Array::new();
        for turn in ["22-18", "12-16", "24-20"].iter().take(ply as usize) {
            history.push(&(*turn).into());
        }
        let reply = worker_answer(request(&[
            ("type", "evaluate".into()),
            ("id", (ply + 1).into()),
            ("rules", "english".into()),
            ("start", "W:W21-32:B1-12".into()),
            ("history", history.into()),
            ("depth", 5.into()),
        ]))
        .unwrap();
        assert_eq!(
            field(&reply, "type").as_string().as_deref(),
            Some("evaluation")
        );
        evals.push(&field(&reply, "eval"));
    }
    let judged = g.judge(evals.clone().into()).unwrap();
    let judged = js_sys::Array::from(&judged);
    assert_eq!(judged.length(), 3);
    let kind = field(&judged.get(2), "judgement").as_string().unwrap();
    assert!(["best", "good", "inaccuracy", "mistake", "blunder"].contains(&kind.as_str()));
    let pdn = g
        .pdn_annotated("A".into(), "B".into(), JsValue::NULL, evals.clone().into())
        .unwrap();
    assert!(pdn.contains("[%eval"), "{pdn}");
    let first = field(&evals.get(0), "best");
    let line = g.line(0.into(), js_sys::Array::of1(&first).into()).unwrap();
    assert_eq!(js_sys::Array::from(&line).length(), 1);
    // Malformed: not an array, a score of the wrong kind, a turn that is not legal there.
    assert!(g.judge(JsValue::from_str("x")).is_err());
    let bad = js_sys::Array::of1(&request(&[("score", JsValue::from_str("12"))]));
    let message = match g.judge(bad.into()) {
        Err(e) => {
            let value: JsValue = e.into();
            String::from(js_sys::Error::from(value).message())
        }
        Ok(_) => panic!("a malformed evaluation was judged"),
    };
    assert!(message.contains("evaluations[0]"), "{message}");
    let wrong = evals.get(0);
    js_sys::Reflect::set(&wrong, &"best".into(), &"1-5".into()).unwrap();
    assert!(g.judge(evals.into()).is_err());
    assert!(g.line(9.into(), js_sys::Array::new().into()).is_err());
}
