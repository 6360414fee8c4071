//! Tests of the browser binding layer (`dame_core::web`) in headless Chromium:
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test wasm_web`.
//! Natively this file is empty.
#![cfg(target_arch = "wasm32")]

use dame_core::Square;
use dame_web::{
    check_level, check_rules, presets, worker_answer, GameRecord, OutcomeReason, PlayedTurn,
    RouteAnswer, Side, View, WebGame,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn sq(n: u8) -> Square {
    Square::from_number(n).unwrap()
}

fn squares(ns: &[u8]) -> Vec<Square> {
    ns.iter().map(|&n| sq(n)).collect()
}

fn game(rules: &str, fen: &str) -> WebGame {
    WebGame::create(rules, Some(fen)).unwrap_or_else(|e| panic!("{rules} {fen}: {e}"))
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

fn played(answer: RouteAnswer) -> PlayedTurn {
    match answer {
        RouteAnswer::Played { turn } => turn,
        other => panic!("expected a played turn, got {other:?}"),
    }
}

fn refusal_code(answer: RouteAnswer) -> &'static str {
    match answer {
        RouteAnswer::Refused { refusal } => refusal.code.as_str(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[wasm_bindgen_test]
fn bad_preset_and_bad_fen_are_errors_with_a_message() {
    let err = WebGame::new("chess".into(), JsValue::UNDEFINED)
        .err()
        .unwrap();
    assert!(message(err).contains("unknown rules preset 'chess'"));
    let err = WebGame::new("english".into(), "W:W21-32:B1-12,40".into())
        .err()
        .unwrap();
    assert!(message(err).starts_with("bad position"));
    let err = WebGame::new("english".into(), "X".into()).err().unwrap();
    assert!(!message(err).is_empty());
    // Empty FEN, or none: the start position.
    let g = WebGame::new("blasen".into(), "  ".into()).unwrap();
    assert_eq!(
        g.fen(),
        WebGame::new("blasen".into(), JsValue::NULL).unwrap().fen()
    );
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
    let g = WebGame::create("english", None).unwrap();
    let view = g.view().unwrap();
    let side = js_sys::Reflect::get(&view, &"side".into()).unwrap();
    assert_eq!(side.as_string().as_deref(), Some("red"));
    let movable = js_sys::Reflect::get(&view, &"movable".into()).unwrap();
    assert_eq!(js_sys::Array::from(&movable).length(), 4); // 21, 22, 23, 24
}

#[wasm_bindgen_test]
fn view_lists_pieces_obligations_and_huffable() {
    let g = game("blasen", "W:W21,30:B9,17:H17");
    let v: View = g.view_data();
    assert_eq!(v.side, Side::Red);
    assert_eq!(v.pieces.len(), 4);
    assert_eq!(v.obligated, vec![21]);
    assert_eq!(v.huffable, vec![17]);
    assert!(v.huffing);
    assert_eq!(v.outcome, None);
}

#[wasm_bindgen_test]
fn grab_gives_paths_or_the_required_capture() {
    let g = game("english", "W:W22,25:B1,18");
    let grab = g.grab_data(sq(22));
    assert!(grab.refusal.is_none());
    assert_eq!(grab.paths.len(), 1);
    assert_eq!(grab.paths[0].squares, vec![22, 15]);
    assert_eq!(grab.paths[0].captured, vec![18]);
    let grab = g.grab_data(sq(25));
    let refusal = grab.refusal.unwrap();
    assert_eq!(refusal.code.as_str(), "mustCapture");
    assert_eq!(refusal.squares, vec![22]);
    assert_eq!(grab.required.len(), 1);
    assert_eq!(grab.required[0].text, "11x18", "ACF: internal 22x15");
    assert_eq!(
        g.grab_data(sq(18)).refusal.unwrap().code.as_str(),
        "notYourPiece"
    );
    assert_eq!(
        g.grab_data(sq(14)).refusal.unwrap().code.as_str(),
        "noPiece"
    );
    // Bad square numbers from the page are errors, not panics.
    assert!(g.grab(0.into()).is_err());
    assert!(g.grab(33.into()).is_err());
}

#[wasm_bindgen_test]
fn a_simple_move_and_an_illegal_one() {
    let mut g = WebGame::create("english", None).unwrap();
    let turn = played(g.route_data(&squares(&[22]), &[], sq(18), false));
    assert_eq!(turn.text, "11-15", "ACF: internal 22-18");
    assert_eq!(turn.path, vec![22, 18]);
    assert_eq!(turn.color, Side::Red);
    assert!(g.fen().starts_with("B:W18,"));
    // Black's men cannot move onto their own; Red's piece is not Black's to move.
    assert_eq!(
        refusal_code(g.route_data(&squares(&[9]), &[], sq(5), false)),
        "occupied"
    );
    assert_eq!(
        refusal_code(g.route_data(&squares(&[9]), &[], sq(22), false)),
        "notAMove"
    );
    assert_eq!(
        refusal_code(g.route_data(&squares(&[18]), &[], sq(14), false)),
        "notYourPiece"
    );
    let before = g.fen();
    assert!(g
        .route(array(&[40]), array(&[]), 5.into(), false.into())
        .is_err());
    assert!(g
        .route(array(&[]), array(&[]), 5.into(), false.into())
        .is_ok());
    assert_eq!(g.fen(), before, "refusals change nothing");
}

#[wasm_bindgen_test]
fn capture_obligation_refuses_a_quiet_move_with_the_reason() {
    let mut g = game("english", "W:W22,25:B1,18");
    match g.route_data(&squares(&[22]), &[], sq(17), false) {
        RouteAnswer::Refused { refusal } => {
            assert_eq!(refusal.code.as_str(), "mustCapture");
            assert_eq!(refusal.squares, vec![22]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        refusal_code(g.route_data(&squares(&[25]), &[], sq(21), false)),
        "mustCapture"
    );
    let turn = played(g.route_data(&squares(&[22]), &[], sq(15), false));
    assert_eq!(turn.captured, vec![18]);
}

#[wasm_bindgen_test]
fn a_double_capture_step_by_step_or_at_once() {
    let start = "W:W30:B5,19,26";
    let mut g = game("english", start);
    match g.route_data(&squares(&[30]), &[], sq(23), false) {
        RouteAnswer::Partial {
            path,
            captured,
            next,
            can_stop,
        } => {
            assert_eq!(path, vec![30, 23]);
            assert_eq!(captured, vec![26]);
            assert_eq!(next, vec![16]);
            assert!(!can_stop, "English: the capture must go on");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.fen(), start);
    // Mid-capture, another square is refused: the piece must continue.
    assert_eq!(
        refusal_code(g.route_data(&squares(&[30, 23]), &[], sq(18), false)),
        "mustContinue"
    );
    let turn = played(g.route_data(&squares(&[30, 23]), &[], sq(16), false));
    assert_eq!(turn.text, "3x10x17", "ACF: internal 30x23x16");
    assert_eq!(turn.path, vec![30, 23, 16]);
    let mut g = game("english", start);
    let turn = played(g.route_data(&squares(&[30]), &[], sq(16), false));
    assert_eq!(turn.captured, vec![19, 26]);
}

#[wasm_bindgen_test]
fn two_routes_to_one_square_are_told_apart_by_the_square_dragged_through() {
    let start = "W:W26:B1,14,15,22,23";
    let mut g = game("english", start);
    match g.route_data(&squares(&[26]), &[], sq(10), false) {
        RouteAnswer::Refused { refusal } => {
            assert_eq!(refusal.code.as_str(), "ambiguous");
            assert_eq!(refusal.options, vec!["7x16x23", "7x14x23"], "ACF");
        }
        other => panic!("{other:?}"),
    }
    // A square crossed that is on neither route is ignored; one on a route decides.
    let turn = played(g.route_data(&squares(&[26]), &squares(&[19]), sq(10), false));
    assert_eq!(turn.text, "7x14x23", "ACF: internal 26x19x10");
    let mut g = game("english", start);
    let turn = played(g.route_data(&squares(&[26]), &squares(&[17]), sq(10), false));
    assert_eq!(turn.text, "7x16x23", "ACF: internal 26x17x10");
}

#[wasm_bindgen_test]
fn blasen_stopping_early_is_offered_and_leaves_the_piece_huffable() {
    let mut g = game("blasen", "W:W30:B5,19,26");
    match g.route_data(&squares(&[30]), &[], sq(23), false) {
        RouteAnswer::Partial { can_stop, next, .. } => {
            assert!(can_stop);
            assert_eq!(next, vec![16]);
        }
        other => panic!("{other:?}"),
    }
    let turn = played(g.route_data(&squares(&[30]), &[], sq(23), true));
    assert_eq!(turn.text, "30x23");
    assert_eq!(turn.huffable_after, vec![23]);
}

#[wasm_bindgen_test]
fn huffing_then_moving_is_one_turn() {
    let mut g = game("blasen", "W:W21,30:B9,17:H17");
    assert!(g.huff(9.into()).is_err(), "9 is not huffable");
    assert_eq!(g.huff_data(sq(17)).unwrap(), None);
    assert_eq!(g.fen(), "W:W21,30:B9");
    assert_eq!(g.view_data().pending_huff, Some(17));
    assert!(g.huff(17.into()).is_err(), "one huff per turn");
    let turn = played(g.route_data(&squares(&[21]), &[], sq(17), false));
    assert_eq!(turn.text, "h17 21-17");
    assert_eq!(turn.huff, Some(17));
    assert_eq!(g.history(), vec!["h17 21-17".to_string()]);
    // Undo takes the whole turn back; a pending huff alone is taken back first.
    assert!(g.undo());
    assert_eq!(g.fen(), "W:W21,30:B9,17:H17");
    g.huff_data(sq(17)).unwrap();
    assert!(g.cancel_huff());
    assert_eq!(g.fen(), "W:W21,30:B9,17:H17");
}

#[wasm_bindgen_test]
fn a_huff_that_takes_the_last_piece_ends_the_game() {
    let mut g = game("blasen", "W:W21:B17:H17");
    let turn = g.huff_data(sq(17)).unwrap().expect("the game ends");
    assert_eq!(turn.text, "h17");
    let v = g.view_data();
    let outcome = v.outcome.unwrap();
    assert_eq!(outcome.winner, Some(Side::Red));
    assert_eq!(outcome.reason, OutcomeReason::NoPieces);
    assert!(g.is_over());
}

#[wasm_bindgen_test]
fn the_computers_text_is_played_with_its_path() {
    let mut g = game("english", "W:W30:B5,19,26");
    g.route_data(&squares(&[30]), &[], sq(16), false);
    let turn = g.play_text_data("5-9").unwrap();
    assert_eq!(turn.color, Side::Black);
    assert_eq!(turn.path, vec![5, 9]);
    assert!(g.play_text("5-9".into()).is_err(), "not legal any more");
    assert!(g.play_text("garbage".into()).is_err());
}

#[wasm_bindgen_test]
fn game_over_and_resignation() {
    let mut g = game("english", "W:W22:B18");
    played(g.route_data(&squares(&[22]), &[], sq(15), false));
    assert_eq!(
        g.view_data().outcome.unwrap().reason,
        OutcomeReason::NoPieces
    );
    assert_eq!(
        refusal_code(g.route_data(&squares(&[15]), &[], sq(11), false)),
        "gameOver"
    );
    let mut g = WebGame::create("standard", None).unwrap();
    assert!(g.resign("green".into()).is_err());
    g.resign("red".into()).unwrap();
    let outcome = g.view_data().outcome.unwrap();
    assert_eq!(outcome.winner, Some(Side::Black));
    assert_eq!(outcome.reason, OutcomeReason::Resignation);
}

fn request(fields: &[(&str, JsValue)]) -> JsValue {
    let obj = js_sys::Object::new();
    for (k, v) in fields {
        js_sys::Reflect::set(&obj, &(*k).into(), v).unwrap();
    }
    obj.into()
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
    let text = field(&reply, "text").as_string().unwrap();
    let mut g = WebGame::create("english", None).unwrap();
    g.play_text_data("22-18").unwrap();
    g.play_text_data(&text)
        .expect("the computer's turn is legal");
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

#[wasm_bindgen_test]
fn every_export_refuses_values_of_the_wrong_kind_with_a_message() {
    let mut g = WebGame::create("english", None).unwrap();
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
    played(g.route_data(&squares(&[22]), &[], sq(18), false));
}

#[wasm_bindgen_test]
fn refusals_name_the_argument_and_the_value() {
    let mut g = WebGame::create("english", None).unwrap();
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

/// English: 22-18, 12-16, 24-20 (no capture on either side), from the start.
fn three_turns() -> WebGame {
    let mut g = WebGame::create("english", None).unwrap();
    for turn in ["22-18", "12-16", "24-20"] {
        g.play_text_data(turn).unwrap();
    }
    g
}

#[wasm_bindgen_test]
fn view_at_steps_through_the_game() {
    let g = three_turns();
    let start = g.view_at_data(0).unwrap();
    assert_eq!(
        start.fen,
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    assert_eq!((start.plies, start.history.len()), (0, 0));
    assert_eq!(start.movable, vec![21, 22, 23, 24]);
    let one = g.view_at_data(1).unwrap();
    assert!(one.fen.starts_with("B:W18,"));
    assert_eq!(one.side, Side::Black);
    // The view's history is in the game's own notation (ACF), history() in the internal one.
    assert_eq!(one.history, vec!["11-15".to_string()]);
    let now = g.view_at_data(3).unwrap();
    assert_eq!(now.fen, g.fen());
    assert_eq!(now.history, vec!["11-15", "21-17", "9-13"]);
    assert_eq!(g.history(), vec!["22-18", "12-16", "24-20"]);
    assert!(g.view_at_data(4).is_none());
    assert!(g.view_at(4.into()).is_err());
    assert!(g.view_at((-1).into()).is_err());
    assert!(g.view_at(1.into()).is_ok());
    // The outcome only at the end.
    let mut g = game("english", "W:W22:B18");
    played(g.route_data(&squares(&[22]), &[], sq(15), false));
    assert_eq!(g.view_at_data(0).unwrap().outcome, None);
    assert_eq!(g.view_at_data(0).unwrap().movable, vec![22]);
    let end = g.view_at_data(1).unwrap().outcome.unwrap();
    assert_eq!(end.reason, OutcomeReason::NoPieces);
}

#[wasm_bindgen_test]
fn view_at_shows_the_huffable_pieces_of_the_past() {
    let mut g = game("blasen", "W:W21,30:B9,17:H17");
    g.huff_data(sq(17)).unwrap();
    // A pending huff is shown by view(), not by viewAt().
    assert_eq!(g.view_data().pending_huff, Some(17));
    let now = g.view_at_data(0).unwrap();
    assert_eq!(now.pending_huff, None);
    assert_eq!(now.huffable, vec![17]);
    played(g.route_data(&squares(&[21]), &[], sq(17), false));
    assert_eq!(g.view_at_data(0).unwrap().huffable, vec![17]);
    assert_eq!(g.view_at_data(1).unwrap().huffable, Vec::<u8>::new());
}

#[wasm_bindgen_test]
fn undo_then_redo_and_a_new_turn_clears_the_redo() {
    let mut g = three_turns();
    let after = g.fen();
    assert!(!g.can_redo());
    assert!(!g.redo());
    assert!(g.undo() && g.undo());
    assert_eq!(g.history(), vec!["22-18".to_string()]);
    assert!(g.can_redo());
    assert!(g.redo());
    assert_eq!(g.history().len(), 2);
    assert!(g.redo());
    assert_eq!(g.fen(), after);
    assert!(!g.can_redo() && !g.redo());
    // A new turn clears what there was to redo.
    assert!(g.undo());
    g.play_text_data("23-19").unwrap();
    assert!(!g.can_redo() && !g.redo());
    assert_eq!(g.history().last().map(String::as_str), Some("23-19"));
    // Taking back a pending huff keeps the turns to redo.
    let mut g = game("blasen", "W:W21,30:B9,17:H17");
    g.huff_data(sq(17)).unwrap();
    played(g.route_data(&squares(&[21]), &[], sq(17), false));
    assert!(g.undo());
    g.huff_data(sq(17)).unwrap();
    assert!(!g.can_redo(), "not while a huff is pending");
    assert!(g.undo());
    assert!(g.redo());
    assert_eq!(g.history(), vec!["h17 21-17".to_string()]);
}

#[wasm_bindgen_test]
fn truncate_plays_on_from_an_earlier_position() {
    let mut g = three_turns();
    let one = g.view_at_data(1).unwrap().fen;
    assert!(g.truncate(4.into()).is_err());
    assert!(g.truncate("1".into()).is_err());
    g.truncate(3.into()).unwrap();
    assert_eq!(g.history().len(), 3, "nothing after the end");
    assert!(g.undo());
    g.truncate(1.into()).unwrap();
    assert_eq!(g.history(), vec!["22-18".to_string()]);
    assert_eq!(g.fen(), one);
    assert!(!g.can_redo(), "the dropped turns are gone");
    g.play_text_data("11-15").unwrap();
    g.truncate(0.into()).unwrap();
    assert_eq!(g.fen(), g.start_fen());
    // After a resignation too.
    let mut g = three_turns();
    g.resign("black".into()).unwrap();
    assert!(g.is_over());
    g.truncate(2.into()).unwrap();
    assert!(!g.is_over());
    assert_eq!(g.side(), "red");
}

#[wasm_bindgen_test]
fn a_record_saves_and_resumes_the_game() {
    let g = three_turns();
    let record = g.record_data();
    assert_eq!(
        record,
        GameRecord {
            version: 1,
            rules: "english".into(),
            start: g.start_fen(),
            history: vec!["22-18".into(), "12-16".into(), "24-20".into()],
            hints: 0,
        }
    );
    let resumed = WebGame::from_record(g.record().unwrap()).unwrap();
    assert_eq!(resumed.fen(), g.fen());
    assert_eq!(resumed.history(), g.history());
    assert_eq!(resumed.rules(), "english");
    // From a set-up position, in Blasen, with a huff.
    let mut g = game("blasen", "W:W21,30:B9,17:H17");
    g.huff_data(sq(17)).unwrap();
    played(g.route_data(&squares(&[21]), &[], sq(17), false));
    let resumed = WebGame::from_record(g.record().unwrap()).unwrap();
    assert_eq!(resumed.fen(), g.fen());
    assert_eq!(resumed.start_fen(), "W:W21,30:B9,17:H17");
    assert_eq!(resumed.history(), vec!["h17 21-17".to_string()]);
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
fn the_view_speaks_each_games_own_notation() {
    // docs/rules.md §7, "Other notations": ACF for English, algebraic for Russian.
    let mut english = WebGame::create("english", None).unwrap();
    let mut russian = WebGame::create("russian", None).unwrap();
    let mut blasen = WebGame::create("blasen", None).unwrap();
    for (g, label) in [(&english, "11"), (&russian, "c3"), (&blasen, "22")] {
        let view = g.view_data();
        assert_eq!(view.labels.len(), 32);
        assert_eq!(view.labels[21], label, "internal square 22");
    }
    assert_eq!(english.view_data().labels[0], "32");
    assert_eq!(russian.view_data().labels[0], "b8");
    for g in [&mut english, &mut russian, &mut blasen] {
        played(g.route_data(&squares(&[22]), &[], sq(18), false));
    }
    assert_eq!(english.view_data().history, vec!["11-15"]);
    assert_eq!(russian.view_data().history, vec!["c3-d4"]);
    assert_eq!(blasen.view_data().history, vec!["22-18"]);
    // The computer's side stays internal: history() and playText().
    assert_eq!(russian.history(), vec!["22-18"]);
    let turn = russian.play_text_data("11-15").unwrap();
    assert_eq!(turn.text, "f6-e5");
    // A Russian capture is written with ':'.
    let turn = played(russian.route_data(&squares(&[18]), &[], sq(11), false));
    assert_eq!(turn.text, "d4:f6");
    assert_eq!(russian.view_data().history, vec!["c3-d4", "f6-e5", "d4:f6"]);
    // The data-fen contract: view().fen stays the internal FEN.
    assert!(russian.view_data().fen.starts_with("B:W11,"));
}

#[wasm_bindgen_test]
fn pdn_export_and_import_give_the_same_game() {
    let g = three_turns();
    let pdn = g.pdn_text("Du", "Computer", &[("Event".into(), "Dame".into())]);
    // English: Red moves first and is ACF's "Black".
    assert!(pdn.contains("[Event \"Dame\"]\n"), "{pdn}");
    assert!(
        pdn.contains("[White \"Computer\"]\n[Black \"Du\"]\n"),
        "{pdn}"
    );
    assert!(
        pdn.contains("[GameType \"21\"]\n[Rules \"english\"]\n"),
        "{pdn}"
    );
    assert!(pdn.ends_with("\n1. 11-15 21-17 2. 9-13 *\n"), "{pdn}");
    assert!(!pdn.contains("FEN"), "the start position has no FEN tag");
    let back = WebGame::from_pdn_text(&pdn, "blasen").unwrap();
    assert_eq!(back.rules(), "english");
    assert_eq!(back.fen(), g.fen());
    assert_eq!(back.history(), g.history());
    assert_eq!(back.view_data().history, g.view_data().history);
    // From a set-up position, the FEN tag is written in the game's notation and read back.
    let mut g = game("russian", "W:W22,25:B1,18");
    played(g.route_data(&squares(&[22]), &[], sq(15), false));
    let pdn = g.pdn_text("Ann", "Bob", &[]);
    assert!(pdn.contains("[White \"Ann\"]\n[Black \"Bob\"]\n"), "{pdn}");
    assert!(
        pdn.contains("[SetUp \"1\"]\n[FEN \"W:Wb2,c3:Bb8,d4\"]"),
        "{pdn}"
    );
    assert!(pdn.ends_with("\n1. c3:e5 *\n"), "{pdn}");
    let back = WebGame::from_pdn_text(&pdn, "english").unwrap();
    assert_eq!((back.rules(), back.fen()), (g.rules(), g.fen()));
    // The JavaScript export, with tags as an object.
    let tags = js_sys::Object::new();
    js_sys::Reflect::set(&tags, &"Date".into(), &"2026.12.01".into()).unwrap();
    let text = g.pdn("Ann".into(), "Bob".into(), tags.into()).unwrap();
    assert!(text.contains("[Date \"2026.12.01\"]"), "{text}");
}

#[wasm_bindgen_test]
fn pdn_from_other_programs_and_fen_positions_are_read() {
    // An English game without GameType (PDN's default), read while the page is set to Blasen.
    let g = WebGame::from_pdn_text(
        "[Event \"Club\"]\n[Black \"A\"]\n[White \"B\"]\n1. 11-15 23-19 2. 8-11 22-17 *",
        "blasen",
    )
    .unwrap();
    assert_eq!(g.rules(), "english");
    assert_eq!(g.history(), vec!["22-18", "10-14", "25-22", "11-16"]);
    assert_eq!(
        g.view_data().history,
        vec!["11-15", "23-19", "8-11", "22-17"]
    );
    let tags: Vec<(String, String)> = js_sys::Array::from(&g.pdn_tags().unwrap())
        .iter()
        .map(|t| {
            let text = |name: &str| field(&t, name).as_string().unwrap();
            (text("name"), text("value"))
        })
        .collect();
    assert_eq!(tags[0], ("Event".to_string(), "Club".to_string()));
    // A Russian game in algebraic notation, with comments and the result.
    let g = WebGame::from_pdn_text(
        "[GameType \"25\"]\n1. c3-d4 {good} f6-e5 2. d4xf6 g7:e5 1-0",
        "blasen",
    )
    .unwrap();
    assert_eq!(g.rules(), "russian");
    assert_eq!(
        g.view_data().history,
        vec!["c3-d4", "f6-e5", "d4:f6", "g7:e5"]
    );
    // A FEN position, in the notation of the rules given: ACF for English.
    let g = WebGame::from_pdn_text("B:W21-32:B1-12", "english").unwrap();
    assert_eq!(
        g.fen(),
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    let g = WebGame::from_pdn_text(" W:Wc3:Bf6", "russian").unwrap();
    assert_eq!(g.fen(), "W:W22:B11");
    assert!(g.history().is_empty());
}

#[wasm_bindgen_test]
fn bad_pdn_is_an_error_naming_the_game_and_the_move() {
    let m = outcome(WebGame::from_pdn(
        "[Event \"Cup\"]\n[GameType \"21\"]\n1. 11-15 22-13 *".into(),
        "blasen".into(),
    ));
    assert_eq!(
        m,
        "game 1 (Cup): move 1... '22-13' (line 3): not a legal move here"
    );
    let m = outcome(WebGame::from_pdn(
        "[GameType \"20\"]\n1. 32-28 *".into(),
        "english".into(),
    ));
    assert!(
        m.contains("GameType \"20\" is not a game dame plays"),
        "{m}"
    );
    let m = outcome(WebGame::from_pdn("1. 11-15 {open".into(), "english".into()));
    assert!(m.contains("line 1, column 10"), "{m}");
    let m = outcome(WebGame::from_pdn(
        "B:W21-32:B1-12,40".into(),
        "english".into(),
    ));
    assert!(m.starts_with("bad FEN for English checkers"), "{m}");
    let m = outcome(WebGame::from_pdn("1. 11-15".into(), "chess".into()));
    assert!(m.contains("chess"), "{m}");
    let m = outcome(WebGame::from_pdn("   ".into(), "english".into()));
    assert!(m.contains("empty"), "{m}");
    let m = outcome(WebGame::from_pdn(
        "[Event \"x\"] ".repeat(100_000).into(),
        "english".into(),
    ));
    assert!(m.contains("too long"), "{m}");
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

#[wasm_bindgen_test]
fn a_long_move_or_title_is_cut_short_in_the_message() {
    let long = "x".repeat(200_000);
    let m = outcome(WebGame::from_pdn(long.as_str().into(), "english".into()));
    assert!(
        m.starts_with(&format!(
            "game 1: move 1 '{}…' (line 1): cannot read it",
            "x".repeat(40)
        )),
        "{m}"
    );
    let m = outcome(WebGame::from_pdn(
        format!("[Event \"{long}\"]\n[GameType \"21\"]\n1. 11-15 22-13 *").into(),
        "english".into(),
    ));
    assert!(m.chars().count() < 200, "{m}");
    assert!(
        m.ends_with("move 1... '22-13' (line 3): not a legal move here"),
        "{m}"
    );
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
    let mut checked = 0;
    for line in include_str!("../../../tests/learned_values.txt")
        .lines()
        .filter(|l| !l.trim().is_empty())
    {
        let mut words = line.splitn(3, ' ');
        let (preset, value, fen) = (
            words.next().unwrap(),
            words.next().unwrap(),
            words.next().unwrap(),
        );
        let preset: dame_core::Preset = preset.parse().unwrap();
        let tables = match preset.info().eval_family {
            EvalFamily::ShortKings => &short_kings,
            EvalFamily::Huffing => &huffing,
            EvalFamily::FlyingKings => &flying_kings,
        };
        let pos = dame_core::position_from_fen(fen, preset.rules()).unwrap();
        assert_eq!(
            tables.evaluate(&pos),
            value.parse::<i32>().unwrap(),
            "{fen}"
        );
        checked += 1;
    }
    assert!(checked >= 10);
    assert!(LearnedEval::from_bytes(&[1, 2, 3]).is_err());
}
