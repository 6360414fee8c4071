//! The page's game session (`dame_web::Session`), natively: `cargo test -p dame-web --test
//! session`. What the page sees of it through `WebGame` (its arguments read from JavaScript,
//! errors as exceptions, values as objects) is tested in the browser, in `wasm_web.rs`.
#![cfg(not(target_arch = "wasm32"))]

use dame_core::{Color, Square};
use dame_web::session::{self, RECORD_VERSION};
use dame_web::{GameRecord, OutcomeReason, PdnTag, PlayedTurn, RouteAnswer, Session, Side, View};

fn sq(n: u8) -> Square {
    Square::from_number(n).unwrap()
}

fn squares(ns: &[u8]) -> Vec<Square> {
    ns.iter().map(|&n| sq(n)).collect()
}

fn game(rules: &str, fen: &str) -> Session {
    Session::new(rules, Some(fen)).unwrap_or_else(|e| panic!("{rules} {fen}: {e}"))
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

/// English: 22-18, 12-16, 24-20 (no capture on either side), from the start.
fn three_turns() -> Session {
    let mut g = Session::new("english", None).unwrap();
    for turn in ["22-18", "12-16", "24-20"] {
        g.play_text(turn).unwrap();
    }
    g
}

const START: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

#[test]
fn bad_preset_and_bad_fen_are_errors_with_a_message() {
    let err = Session::new("chess", None).unwrap_err();
    assert!(err.contains("unknown rules preset 'chess'"), "{err}");
    let err = Session::new("english", Some("W:W21-32:B1-12,40")).unwrap_err();
    assert!(err.starts_with("bad position"), "{err}");
    let err = Session::new("english", Some("X")).unwrap_err();
    assert!(!err.is_empty());
    // Empty FEN, or none: the start position.
    let g = Session::new("blasen", Some("  ")).unwrap();
    assert_eq!(g.fen(), Session::new("blasen", None).unwrap().fen());
    assert_eq!(g.fen(), START);
    assert_eq!(g.start_fen(), START);
    assert_eq!((g.rules().as_str(), g.side().as_str()), ("blasen", "red"));
}

#[test]
fn view_lists_pieces_obligations_and_huffable() {
    let g = game("blasen", "W:W21,30:B9,17:H17");
    let v: View = g.view();
    assert_eq!(v.side, Side::Red);
    assert_eq!(v.pieces.len(), 4);
    assert_eq!(v.obligated, vec![21]);
    assert_eq!(v.huffable, vec![17]);
    assert!(v.huffing);
    assert_eq!(v.outcome, None);
    // From the start, Red's four front men may move.
    let v = Session::new("english", None).unwrap().view();
    assert_eq!(v.side, Side::Red);
    assert_eq!(v.movable, vec![21, 22, 23, 24]);
}

#[test]
fn grab_gives_paths_or_the_required_capture() {
    let g = game("english", "W:W22,25:B1,18");
    let grab = g.grab(sq(22));
    assert!(grab.refusal.is_none());
    assert_eq!(grab.paths.len(), 1);
    assert_eq!(grab.paths[0].squares, vec![22, 15]);
    assert_eq!(grab.paths[0].captured, vec![18]);
    let grab = g.grab(sq(25));
    let refusal = grab.refusal.unwrap();
    assert_eq!(refusal.code.as_str(), "mustCapture");
    assert_eq!(refusal.squares, vec![22]);
    assert_eq!(grab.required.len(), 1);
    assert_eq!(grab.required[0].text, "11x18", "ACF: internal 22x15");
    assert_eq!(
        g.grab(sq(18)).refusal.unwrap().code.as_str(),
        "notYourPiece"
    );
    assert_eq!(g.grab(sq(14)).refusal.unwrap().code.as_str(), "noPiece");
}

#[test]
fn a_simple_move_and_an_illegal_one() {
    let mut g = Session::new("english", None).unwrap();
    let turn = played(g.route(&squares(&[22]), &[], sq(18), false));
    assert_eq!(turn.text, "11-15", "ACF: internal 22-18");
    assert_eq!(turn.path, vec![22, 18]);
    assert_eq!(turn.color, Side::Red);
    assert!(g.fen().starts_with("B:W18,"));
    // Black's men cannot move onto their own; Red's piece is not Black's to move.
    let before = g.fen();
    assert_eq!(
        refusal_code(g.route(&squares(&[9]), &[], sq(5), false)),
        "occupied"
    );
    assert_eq!(
        refusal_code(g.route(&squares(&[9]), &[], sq(22), false)),
        "notAMove"
    );
    assert_eq!(
        refusal_code(g.route(&squares(&[18]), &[], sq(14), false)),
        "notYourPiece"
    );
    // No start square at all: not a move.
    assert_eq!(refusal_code(g.route(&[], &[], sq(5), false)), "notAMove");
    assert_eq!(g.fen(), before, "refusals change nothing");
}

#[test]
fn capture_obligation_refuses_a_quiet_move_with_the_reason() {
    let mut g = game("english", "W:W22,25:B1,18");
    match g.route(&squares(&[22]), &[], sq(17), false) {
        RouteAnswer::Refused { refusal } => {
            assert_eq!(refusal.code.as_str(), "mustCapture");
            assert_eq!(refusal.squares, vec![22]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        refusal_code(g.route(&squares(&[25]), &[], sq(21), false)),
        "mustCapture"
    );
    let turn = played(g.route(&squares(&[22]), &[], sq(15), false));
    assert_eq!(turn.captured, vec![18]);
}

#[test]
fn a_double_capture_step_by_step_or_at_once() {
    let start = "W:W30:B5,19,26";
    let mut g = game("english", start);
    match g.route(&squares(&[30]), &[], sq(23), false) {
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
        refusal_code(g.route(&squares(&[30, 23]), &[], sq(18), false)),
        "mustContinue"
    );
    let turn = played(g.route(&squares(&[30, 23]), &[], sq(16), false));
    assert_eq!(turn.text, "3x10x17", "ACF: internal 30x23x16");
    assert_eq!(turn.path, vec![30, 23, 16]);
    let mut g = game("english", start);
    let turn = played(g.route(&squares(&[30]), &[], sq(16), false));
    assert_eq!(turn.captured, vec![19, 26]);
}

#[test]
fn two_routes_to_one_square_are_told_apart_by_the_square_dragged_through() {
    let start = "W:W26:B1,14,15,22,23";
    let mut g = game("english", start);
    match g.route(&squares(&[26]), &[], sq(10), false) {
        RouteAnswer::Refused { refusal } => {
            assert_eq!(refusal.code.as_str(), "ambiguous");
            assert_eq!(refusal.options, vec!["7x16x23", "7x14x23"], "ACF");
        }
        other => panic!("{other:?}"),
    }
    // A square crossed that is on neither route is ignored; one on a route decides.
    let turn = played(g.route(&squares(&[26]), &squares(&[19]), sq(10), false));
    assert_eq!(turn.text, "7x14x23", "ACF: internal 26x19x10");
    let mut g = game("english", start);
    let turn = played(g.route(&squares(&[26]), &squares(&[17]), sq(10), false));
    assert_eq!(turn.text, "7x16x23", "ACF: internal 26x17x10");
}

#[test]
fn blasen_stopping_early_is_offered_and_leaves_the_piece_huffable() {
    let mut g = game("blasen", "W:W30:B5,19,26");
    match g.route(&squares(&[30]), &[], sq(23), false) {
        RouteAnswer::Partial { can_stop, next, .. } => {
            assert!(can_stop);
            assert_eq!(next, vec![16]);
        }
        other => panic!("{other:?}"),
    }
    let turn = played(g.route(&squares(&[30]), &[], sq(23), true));
    assert_eq!(turn.text, "30x23");
    assert_eq!(turn.huffable_after, vec![23]);
}

#[test]
fn huffing_then_moving_is_one_turn() {
    let mut g = game("blasen", "W:W21,30:B9,17:H17");
    let refusal = g.huff(sq(9)).unwrap_err();
    assert_eq!(refusal.code.as_str(), "notHuffable", "9 is not huffable");
    assert_eq!(g.huff(sq(17)).unwrap(), None);
    assert_eq!(g.fen(), "W:W21,30:B9");
    assert_eq!(g.view().pending_huff, Some(17));
    let refusal = g.huff(sq(17)).unwrap_err();
    assert_eq!(refusal.code.as_str(), "huffPending", "one huff per turn");
    let turn = played(g.route(&squares(&[21]), &[], sq(17), false));
    assert_eq!(turn.text, "h17 21-17");
    assert_eq!(turn.huff, Some(17));
    assert_eq!(g.history(), vec!["h17 21-17".to_string()]);
    // Undo takes the whole turn back; a pending huff alone is taken back first.
    assert!(g.undo());
    assert_eq!(g.fen(), "W:W21,30:B9,17:H17");
    g.huff(sq(17)).unwrap();
    assert!(g.cancel_huff());
    assert!(!g.cancel_huff(), "none left to take back");
    assert_eq!(g.fen(), "W:W21,30:B9,17:H17");
    // No huffing in English checkers.
    let mut g = Session::new("english", None).unwrap();
    assert_eq!(g.huff(sq(9)).unwrap_err().code.as_str(), "noHuffing");
}

#[test]
fn a_huff_that_takes_the_last_piece_ends_the_game() {
    let mut g = game("blasen", "W:W21:B17:H17");
    let turn = g.huff(sq(17)).unwrap().expect("the game ends");
    assert_eq!(turn.text, "h17");
    let v = g.view();
    let outcome = v.outcome.unwrap();
    assert_eq!(outcome.winner, Some(Side::Red));
    assert_eq!(outcome.reason, OutcomeReason::NoPieces);
    assert!(g.is_over());
}

#[test]
fn the_computers_text_is_played_with_its_path() {
    let mut g = game("english", "W:W30:B5,19,26");
    g.route(&squares(&[30]), &[], sq(16), false);
    let turn = g.play_text("5-9").unwrap();
    assert_eq!(turn.color, Side::Black);
    assert_eq!(turn.path, vec![5, 9]);
    assert!(g.play_text("5-9").is_err(), "not legal any more");
    assert!(g.play_text("garbage").is_err());
    // Not while a huff is pending.
    let mut g = game("blasen", "W:W21,30:B9,17:H17");
    g.huff(sq(17)).unwrap();
    let err = g.play_text("21-17").unwrap_err();
    assert!(err.contains("a huff is pending"), "{err}");
}

#[test]
fn game_over_and_resignation() {
    let mut g = game("english", "W:W22:B18");
    played(g.route(&squares(&[22]), &[], sq(15), false));
    assert_eq!(g.view().outcome.unwrap().reason, OutcomeReason::NoPieces);
    assert_eq!(
        refusal_code(g.route(&squares(&[15]), &[], sq(11), false)),
        "gameOver"
    );
    let mut g = Session::new("standard", None).unwrap();
    assert_eq!(
        session::color("green").unwrap_err(),
        "unknown colour 'green' (red or black)"
    );
    g.resign(session::color("red").unwrap());
    let outcome = g.view().outcome.unwrap();
    assert_eq!(outcome.winner, Some(Side::Black));
    assert_eq!(outcome.reason, OutcomeReason::Resignation);
    assert_eq!(session::color("black"), Ok(Color::Black));
}

#[test]
fn view_at_steps_through_the_game() {
    let g = three_turns();
    let start = g.view_at(0).unwrap();
    assert_eq!(start.fen, START);
    assert_eq!((start.plies, start.history.len()), (0, 0));
    assert_eq!(start.movable, vec![21, 22, 23, 24]);
    let one = g.view_at(1).unwrap();
    assert!(one.fen.starts_with("B:W18,"));
    assert_eq!(one.side, Side::Black);
    // The view's history is in the game's own notation (ACF), history() in the internal one.
    assert_eq!(one.history, vec!["11-15".to_string()]);
    let now = g.view_at(3).unwrap();
    assert_eq!(now.fen, g.fen());
    assert_eq!(now.history, vec!["11-15", "21-17", "9-13"]);
    assert_eq!(g.history(), vec!["22-18", "12-16", "24-20"]);
    assert_eq!(g.plies(), 3);
    assert!(g.view_at(4).is_none());
    // The outcome only at the end.
    let mut g = game("english", "W:W22:B18");
    played(g.route(&squares(&[22]), &[], sq(15), false));
    assert_eq!(g.view_at(0).unwrap().outcome, None);
    assert_eq!(g.view_at(0).unwrap().movable, vec![22]);
    let end = g.view_at(1).unwrap().outcome.unwrap();
    assert_eq!(end.reason, OutcomeReason::NoPieces);
}

#[test]
fn view_at_shows_the_huffable_pieces_of_the_past() {
    let mut g = game("blasen", "W:W21,30:B9,17:H17");
    g.huff(sq(17)).unwrap();
    // A pending huff is shown by view(), not by viewAt().
    assert_eq!(g.view().pending_huff, Some(17));
    let now = g.view_at(0).unwrap();
    assert_eq!(now.pending_huff, None);
    assert_eq!(now.huffable, vec![17]);
    played(g.route(&squares(&[21]), &[], sq(17), false));
    assert_eq!(g.view_at(0).unwrap().huffable, vec![17]);
    assert_eq!(g.view_at(1).unwrap().huffable, Vec::<u8>::new());
}

#[test]
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
    g.play_text("23-19").unwrap();
    assert!(!g.can_redo() && !g.redo());
    assert_eq!(g.history().last().map(String::as_str), Some("23-19"));
    // Taking back a pending huff keeps the turns to redo.
    let mut g = game("blasen", "W:W21,30:B9,17:H17");
    g.huff(sq(17)).unwrap();
    played(g.route(&squares(&[21]), &[], sq(17), false));
    assert!(g.undo());
    g.huff(sq(17)).unwrap();
    assert!(!g.can_redo(), "not while a huff is pending");
    assert!(g.undo());
    assert!(g.redo());
    assert_eq!(g.history(), vec!["h17 21-17".to_string()]);
    // Nothing to undo at the start.
    assert!(!Session::new("english", None).unwrap().undo());
}

#[test]
fn truncate_plays_on_from_an_earlier_position() {
    let mut g = three_turns();
    let one = g.view_at(1).unwrap().fen;
    g.truncate(3);
    assert_eq!(g.history().len(), 3, "nothing after the end");
    g.truncate(4);
    assert_eq!(g.history().len(), 3, "nothing past the end either");
    assert!(g.undo());
    g.truncate(1);
    assert_eq!(g.history(), vec!["22-18".to_string()]);
    assert_eq!(g.fen(), one);
    assert!(!g.can_redo(), "the dropped turns are gone");
    g.play_text("11-15").unwrap();
    g.truncate(0);
    assert_eq!(g.fen(), g.start_fen());
    // After a resignation too.
    let mut g = three_turns();
    g.resign(Color::Black);
    assert!(g.is_over());
    g.truncate(2);
    assert!(!g.is_over());
    assert_eq!(g.side(), "red");
    // A pending huff goes with the dropped turns: Red stops a capture early, Black huffs.
    let start = "W:W30,32:B5,19,26";
    let mut g = game("blasen", start);
    played(g.route(&squares(&[30]), &[], sq(23), true));
    assert_eq!(g.huff(sq(23)).unwrap(), None);
    assert_eq!(g.view().pending_huff, Some(23));
    g.truncate(0);
    assert_eq!(g.view().pending_huff, None);
    assert_eq!((g.fen().as_str(), g.plies()), (start, 0));
}

#[test]
fn a_record_saves_and_resumes_the_game() {
    let g = three_turns();
    let record = g.record();
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
    let resumed = Session::from_record(&record).unwrap();
    assert_eq!(resumed.fen(), g.fen());
    assert_eq!(resumed.history(), g.history());
    assert_eq!(resumed.rules(), "english");
    // From a set-up position, in Blasen, with a huff.
    let mut g = game("blasen", "W:W21,30:B9,17:H17");
    g.huff(sq(17)).unwrap();
    played(g.route(&squares(&[21]), &[], sq(17), false));
    let resumed = Session::from_record(&g.record()).unwrap();
    assert_eq!(resumed.fen(), g.fen());
    assert_eq!(resumed.start_fen(), "W:W21,30:B9,17:H17");
    assert_eq!(resumed.history(), vec!["h17 21-17".to_string()]);
}

#[test]
fn hints_are_counted_and_kept_in_the_record() {
    let mut g = three_turns();
    assert_eq!(g.view().hints, 0);
    assert_eq!(g.count_hint(), 1);
    assert_eq!(g.count_hint(), 2);
    assert_eq!(g.view().hints, 2);
    let record = g.record();
    assert_eq!(record.hints, 2);
    assert_eq!(Session::from_record(&record).unwrap().view().hints, 2);
    // A record counts at most a million.
    let many = GameRecord {
        hints: u32::MAX,
        ..record
    };
    let mut g = Session::from_record(&many).unwrap();
    assert_eq!(g.view().hints, session::MAX_HINTS);
    assert_eq!(g.count_hint(), session::MAX_HINTS);
}

#[test]
fn a_bad_record_is_refused_naming_the_problem() {
    let good = GameRecord {
        version: RECORD_VERSION,
        rules: "english".into(),
        start: "W:W21-32:B1-12".into(),
        history: vec!["22-18".into(), "12-16".into()],
        hints: 0,
    };
    let refused = |change: &dyn Fn(&mut GameRecord)| {
        let mut record = good.clone();
        change(&mut record);
        Session::from_record(&record).err().unwrap_or_default()
    };
    assert_eq!(refused(&|_| {}), "");
    let m = refused(&|r| r.version = 2);
    assert!(
        m.contains("unknown record version") && m.contains('2'),
        "{m}"
    );
    let m = refused(&|r| r.rules = "chess".into());
    assert!(m.contains("bad preset") && m.contains("chess"), "{m}");
    let m = refused(&|r| r.start = "W:W21-32:B1-12,40".into());
    assert!(m.contains("bad start position"), "{m}");
    let m = refused(&|r| r.history.push("22-18".into()));
    assert!(m.contains("history[2] '22-18'"), "{m}");
}

#[test]
fn the_view_speaks_each_games_own_notation() {
    // docs/rules.md §7, "Other notations": ACF for English, algebraic for Russian.
    let mut english = Session::new("english", None).unwrap();
    let mut russian = Session::new("russian", None).unwrap();
    let mut blasen = Session::new("blasen", None).unwrap();
    for (g, label) in [(&english, "11"), (&russian, "c3"), (&blasen, "22")] {
        let view = g.view();
        assert_eq!(view.labels.len(), 32);
        assert_eq!(view.labels[21], label, "internal square 22");
    }
    assert_eq!(english.view().labels[0], "32");
    assert_eq!(russian.view().labels[0], "b8");
    for g in [&mut english, &mut russian, &mut blasen] {
        played(g.route(&squares(&[22]), &[], sq(18), false));
    }
    assert_eq!(english.view().history, vec!["11-15"]);
    assert_eq!(russian.view().history, vec!["c3-d4"]);
    assert_eq!(blasen.view().history, vec!["22-18"]);
    // The computer's side stays internal: history() and playText().
    assert_eq!(russian.history(), vec!["22-18"]);
    let turn = russian.play_text("11-15").unwrap();
    assert_eq!(turn.text, "f6-e5");
    // A Russian capture is written with ':'.
    let turn = played(russian.route(&squares(&[18]), &[], sq(11), false));
    assert_eq!(turn.text, "d4:f6");
    assert_eq!(russian.view().history, vec!["c3-d4", "f6-e5", "d4:f6"]);
    // The data-fen contract: view().fen stays the internal FEN.
    assert!(russian.view().fen.starts_with("B:W11,"));
}

#[test]
fn a_typed_turn_is_played_or_refused_with_the_reason() {
    // English: ACF numbers; Red's 11-15 is the internal 22-18.
    let mut g = Session::new("english", None).unwrap();
    let turn = g.play_typed("11-15").unwrap();
    assert_eq!(
        (turn.text.as_str(), turn.path.clone()),
        ("11-15", vec![22, 18])
    );
    assert_eq!(g.history(), vec!["22-18"]);
    // Well written but not legal here: the refusal, in words and as a code.
    let refused = g.play_typed("11-15").unwrap_err();
    assert_eq!(
        refused.message, "there is no piece on 11",
        "ACF: internal 22"
    );
    let refusal = refused.refusal.expect("a refusal");
    assert_eq!(
        (refusal.code.as_str(), refusal.squares),
        ("noPiece", vec![22])
    );
    // Not a turn in this notation at all: no refusal.
    let refused = g.play_typed("c3-d4").unwrap_err();
    assert_eq!(refused.refusal, None);
    assert!(!refused.message.is_empty());
    assert_eq!(g.history(), vec!["22-18"], "the game is unchanged");
    // Blasen: after a pending huff only the move is typed.
    let mut g = game("blasen", "W:W21,30:B9,17:H17");
    g.huff(sq(17)).unwrap();
    let turn = g.play_typed("21-17").unwrap();
    assert_eq!((turn.text.as_str(), turn.huff), ("h17 21-17", Some(17)));
    assert_eq!(g.view().pending_huff, None);
    // A required capture refused names the capture in the game's own notation.
    let mut g = game("english", "W:W22,25:B1,18");
    let refused = g.play_typed("8-12").unwrap_err();
    let refusal = refused.refusal.unwrap();
    assert_eq!(refusal.code.as_str(), "mustCapture");
    assert_eq!(refusal.squares, vec![22]);
}

#[test]
fn explain_tells_the_turn_that_led_to_a_position() {
    let g = three_turns();
    assert_eq!(g.explain(0), None);
    assert_eq!(g.explain(4), None);
    let first = g.explain(1).unwrap();
    assert_eq!((first.ply, first.mover), (1, Side::Red));
    assert!(first.captured.is_empty());
    assert_eq!(g.explain(3).unwrap().mover, Side::Red);
    assert_eq!(g.explain(2).unwrap().mover, Side::Black);
}

#[test]
fn pdn_export_and_import_give_the_same_game() {
    let g = three_turns();
    let pdn = g.pdn("Du", "Computer", &[("Event".into(), "Dame".into())]);
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
    let back = Session::from_pdn(&pdn, "blasen").unwrap();
    assert_eq!(back.rules(), "english");
    assert_eq!(back.fen(), g.fen());
    assert_eq!(back.history(), g.history());
    assert_eq!(back.view().history, g.view().history);
    assert_eq!(
        back.pdn_tags()[0],
        PdnTag {
            name: "Event".into(),
            value: "Dame".into()
        }
    );
    assert!(g.pdn_tags().is_empty(), "a game begun here has no tags");
    // From a set-up position, the FEN tag is written in the game's notation and read back.
    let mut g = game("russian", "W:W22,25:B1,18");
    played(g.route(&squares(&[22]), &[], sq(15), false));
    let pdn = g.pdn("Ann", "Bob", &[]);
    assert!(pdn.contains("[White \"Ann\"]\n[Black \"Bob\"]\n"), "{pdn}");
    assert!(
        pdn.contains("[SetUp \"1\"]\n[FEN \"W:Wb2,c3:Bb8,d4\"]"),
        "{pdn}"
    );
    assert!(pdn.ends_with("\n1. c3:e5 *\n"), "{pdn}");
    let back = Session::from_pdn(&pdn, "english").unwrap();
    assert_eq!((back.rules(), back.fen()), (g.rules(), g.fen()));
    let text = g.pdn("Ann", "Bob", &[("Date".into(), "2026.12.01".into())]);
    assert!(text.contains("[Date \"2026.12.01\"]"), "{text}");
}

#[test]
fn the_page_may_not_give_the_tags_written_from_the_game() {
    assert_eq!(session::check_tag_name("Event"), Ok(()));
    assert_eq!(session::check_tag_name("Round_2"), Ok(()));
    for own in session::OWN_TAGS {
        let m = session::check_tag_name(own).unwrap_err();
        assert!(m.contains("written from the game itself"), "{m}");
    }
    for bad in ["", "Bad Name", "Ümlaut", "a\"b", &"x".repeat(41)] {
        let m = session::check_tag_name(bad).unwrap_err();
        assert!(m.contains("is not a tag name"), "{bad}: {m}");
    }
}

#[test]
fn pdn_from_other_programs_and_fen_positions_are_read() {
    // An English game without GameType (PDN's default), read while the page is set to Blasen.
    let g = Session::from_pdn(
        "[Event \"Club\"]\n[Black \"A\"]\n[White \"B\"]\n1. 11-15 23-19 2. 8-11 22-17 *",
        "blasen",
    )
    .unwrap();
    assert_eq!(g.rules(), "english");
    assert_eq!(g.history(), vec!["22-18", "10-14", "25-22", "11-16"]);
    assert_eq!(g.view().history, vec!["11-15", "23-19", "8-11", "22-17"]);
    let tags: Vec<(String, String)> = g
        .pdn_tags()
        .into_iter()
        .map(|t| (t.name, t.value))
        .collect();
    assert_eq!(tags[0], ("Event".to_string(), "Club".to_string()));
    // A Russian game in algebraic notation, with comments and the result.
    let g = Session::from_pdn(
        "[GameType \"25\"]\n1. c3-d4 {good} f6-e5 2. d4xf6 g7:e5 1-0",
        "blasen",
    )
    .unwrap();
    assert_eq!(g.rules(), "russian");
    assert_eq!(g.view().history, vec!["c3-d4", "f6-e5", "d4:f6", "g7:e5"]);
    // A FEN position, in the notation of the rules given: ACF for English.
    let g = Session::from_pdn("B:W21-32:B1-12", "english").unwrap();
    assert_eq!(g.fen(), START);
    let g = Session::from_pdn(" W:Wc3:Bf6", "russian").unwrap();
    assert_eq!(g.fen(), "W:W22:B11");
    assert!(g.history().is_empty());
}

#[test]
fn bad_pdn_is_an_error_naming_the_game_and_the_move() {
    let err = |text: &str, rules: &str| Session::from_pdn(text, rules).err().unwrap();
    assert_eq!(
        err(
            "[Event \"Cup\"]\n[GameType \"21\"]\n1. 11-15 22-13 *",
            "blasen"
        ),
        "game 1 (Cup): move 1... '22-13' (line 3): not a legal move here"
    );
    let m = err("[GameType \"20\"]\n1. 32-28 *", "english");
    assert!(
        m.contains("GameType \"20\" is not a game dame plays"),
        "{m}"
    );
    let m = err("1. 11-15 {open", "english");
    assert!(m.contains("line 1, column 10"), "{m}");
    let m = err("B:W21-32:B1-12,40", "english");
    assert!(m.starts_with("bad FEN for English checkers"), "{m}");
    let m = err("1. 11-15", "chess");
    assert!(m.contains("chess"), "{m}");
    let m = err("   ", "english");
    assert!(m.contains("empty"), "{m}");
}

#[test]
fn a_long_move_or_title_is_cut_short_in_the_message() {
    let long = "x".repeat(200_000);
    let m = Session::from_pdn(&long, "english").err().unwrap();
    assert!(
        m.starts_with(&format!(
            "game 1: move 1 '{}…' (line 1): cannot read it",
            "x".repeat(40)
        )),
        "{m}"
    );
    let m = Session::from_pdn(
        &format!("[Event \"{long}\"]\n[GameType \"21\"]\n1. 11-15 22-13 *"),
        "english",
    )
    .err()
    .unwrap();
    assert!(m.chars().count() < 200, "{m}");
    assert!(
        m.ends_with("move 1... '22-13' (line 3): not a legal move here"),
        "{m}"
    );
}
