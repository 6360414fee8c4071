//! Tests of the browser binding layer (`dame::web`) in headless Chromium:
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test wasm_web`.
//! Natively this file is empty.
#![cfg(target_arch = "wasm32")]

use dame::web::{
    check_level, check_rules, presets, worker_answer, OutcomeReason, PlayedTurn, RouteAnswer, Side,
    View, WebGame,
};
use dame::Square;
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
    WebGame::new(rules, Some(fen.to_string())).unwrap_or_else(|_| panic!("{rules} {fen}"))
}

fn message(err: JsError) -> String {
    let value: JsValue = err.into();
    js_sys::Error::from(value).message().into()
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
    let err = WebGame::new("chess", None).err().unwrap();
    assert!(message(err).contains("unknown rules preset 'chess'"));
    let err = WebGame::new("english", Some("W:W21-32:B1-12,40".into()))
        .err()
        .unwrap();
    assert!(message(err).starts_with("bad position"));
    let err = WebGame::new("english", Some("X".into())).err().unwrap();
    assert!(!message(err).is_empty());
    // Empty FEN: the start position.
    let g = WebGame::new("blasen", Some("  ".into())).unwrap();
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
    assert_eq!(check_rules(" Standard_Flying").unwrap(), "standard-flying");
    assert!(check_rules("checkers").is_err());
    assert_eq!(check_level("5").unwrap(), 5);
    assert_eq!(check_level("Meister").unwrap(), 5);
    assert!(check_level("9").is_err());
    let g = WebGame::new("english", None).unwrap();
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
    assert_eq!(grab.required[0].text, "22x15");
    assert_eq!(
        g.grab_data(sq(18)).refusal.unwrap().code.as_str(),
        "notYourPiece"
    );
    assert_eq!(
        g.grab_data(sq(14)).refusal.unwrap().code.as_str(),
        "noPiece"
    );
    // Bad square numbers from the page are errors, not panics.
    assert!(g.grab(0).is_err());
    assert!(g.grab(33).is_err());
}

#[wasm_bindgen_test]
fn a_simple_move_and_an_illegal_one() {
    let mut g = WebGame::new("english", None).unwrap();
    let turn = played(g.route_data(&squares(&[22]), &[], sq(18), false));
    assert_eq!(turn.text, "22-18");
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
    assert!(g.route(vec![40], vec![], 5, false).is_err());
    assert!(g.route(vec![], vec![], 5, false).is_ok());
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
    assert_eq!(turn.text, "30x23x16");
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
            assert_eq!(refusal.options, vec!["26x17x10", "26x19x10"]);
        }
        other => panic!("{other:?}"),
    }
    // A square crossed that is on neither route is ignored; one on a route decides.
    let turn = played(g.route_data(&squares(&[26]), &squares(&[19]), sq(10), false));
    assert_eq!(turn.text, "26x19x10");
    let mut g = game("english", start);
    let turn = played(g.route_data(&squares(&[26]), &squares(&[17]), sq(10), false));
    assert_eq!(turn.text, "26x17x10");
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
    assert!(g.huff(9).is_err(), "9 is not huffable");
    assert_eq!(g.huff_data(sq(17)).unwrap(), None);
    assert_eq!(g.fen(), "W:W21,30:B9");
    assert_eq!(g.view_data().pending_huff, Some(17));
    assert!(g.huff(17).is_err(), "one huff per turn");
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
    assert!(g.play_text("5-9").is_err(), "not legal any more");
    assert!(g.play_text("garbage").is_err());
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
    let mut g = WebGame::new("standard", None).unwrap();
    assert!(g.resign("green").is_err());
    g.resign("red").unwrap();
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
    let mut g = WebGame::new("english", None).unwrap();
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
