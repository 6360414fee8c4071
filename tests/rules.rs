//! One test per rule of docs/rules.md, and per point it marks Resolved.
//!
//! Positions are FEN strings (docs/rules.md §7). The diagram for reading them:
//! ```text
//!      a  b  c  d  e  f  g  h
//!  1   .  1  .  2  .  3  .  4      Black starts on 1–12 and moves down,
//!  2   5  .  6  .  7  .  8  .      Red starts on 21–32 and moves up.
//!  3   .  9  . 10  . 11  . 12
//!  4  13  . 14  . 15  . 16  .
//!  5   . 17  . 18  . 19  . 20
//!  6  21  . 22  . 23  . 24  .
//!  7   . 25  . 26  . 27  . 28
//!  8  29  . 30  . 31  . 32  .
//! ```

mod common;

use common::{after, pos, sorted, turns};
use dame_core::{notation, Color, DrawReason, Game, Outcome, Preset, Square, WinReason};
use Preset::*;

const ALL: [Preset; Preset::COUNT] = Preset::ALL;

// §1 Board, pieces, start.

#[test]
fn red_moves_first_with_the_seven_opening_moves_in_every_preset() {
    for preset in ALL {
        let game = Game::new(preset);
        assert_eq!(game.side_to_move(), Color::Red);
        assert_eq!(game.position().to_string(), after_nothing());
        assert_eq!(
            turns(preset, "W:W21-32:B1-12"),
            sorted(&["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"]),
            "{preset}"
        );
    }
}

fn after_nothing() -> String {
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12".to_string()
}

#[test]
fn men_move_forward_only() {
    for preset in ALL {
        assert_eq!(turns(preset, "W:W18:B1"), sorted(&["18-14", "18-15"]));
        assert_eq!(turns(preset, "B:W32:B14"), sorted(&["14-17", "14-18"]));
    }
}

#[test]
fn a_man_reaching_the_far_row_is_crowned() {
    for preset in ALL {
        assert_eq!(after(preset, "W:W6:B27", "6-1"), "B:WK1:B27");
        assert_eq!(after(preset, "B:WK1:B27", "27-32"), "W:WK1:BK32");
    }
}

// §2 The rule parameters.

#[test]
fn men_capture_backward_only_where_the_rules_say_so() {
    // Red man on 18, black man behind it on 22, square 25 free.
    for preset in [Blasen, English] {
        assert_eq!(turns(preset, "W:W18:B22"), sorted(&["18-14", "18-15"]));
    }
    for preset in [Standard, StandardFlying, Russian] {
        assert_eq!(turns(preset, "W:W18:B22"), sorted(&["18x25"]));
    }
}

#[test]
fn short_kings_step_one_square_flying_kings_slide() {
    for preset in [Standard, English] {
        assert_eq!(
            turns(preset, "W:WK18:B1"),
            sorted(&["18-14", "18-15", "18-22", "18-23"])
        );
    }
    for preset in [Blasen, StandardFlying, Russian] {
        assert_eq!(turns(preset, "W:WK18:B1").len(), 13, "{preset}");
    }
}

#[test]
fn short_kings_capture_adjacent_pieces_only() {
    assert_eq!(turns(Standard, "W:WK5:B9"), sorted(&["5x14"]));
    assert_eq!(turns(English, "W:WK5:B18"), sorted(&["5-1", "5-9"]));
}

#[test]
fn blasen_king_approaches_then_lands_directly_behind() {
    // a2 → b3, c4 empty → jumps d5 → must land on e6, not further.
    assert_eq!(
        turns(Blasen, "W:WK5:B18"),
        sorted(&["5-1", "5-9", "5-14", "5x23"])
    );
}

#[test]
fn blasen_king_captures_after_the_first_only_adjacent_pieces() {
    // After 5x18 the piece on 23 is adjacent: it can be taken; the one on 11 is two squares away.
    assert_eq!(
        turns(Blasen, "W:WK5:B14,23"),
        sorted(&["5-1", "5-9", "5x18", "5x18x27"])
    );
    assert_eq!(
        turns(Blasen, "W:WK5:B14,11"),
        sorted(&["5-1", "5-9", "5x18"])
    );
}

#[test]
fn resolved_standard_flying_kings_land_on_any_square_beyond() {
    assert_eq!(
        turns(StandardFlying, "W:WK5:B18"),
        sorted(&["5x23", "5x27", "5x32"])
    );
    assert_eq!(
        turns(Russian, "W:WK5:B18"),
        sorted(&["5x23", "5x27", "5x32"])
    );
}

#[test]
fn compulsory_capture_refuses_other_moves() {
    for preset in [Standard, StandardFlying, English, Russian] {
        assert_eq!(turns(preset, "W:W22,32:B18"), sorted(&["22x15"]));
        let mut game = Game::from_position(pos(preset, "W:W22,32:B18"));
        let err = game.play_text("32-27").unwrap_err().to_string();
        assert!(err.contains("Red must capture"), "{err}");
        assert_eq!(
            game.history().len(),
            0,
            "the refused move left the game unchanged"
        );
    }
}

#[test]
fn a_started_capture_must_be_continued_where_capture_is_compulsory() {
    for preset in [Standard, English] {
        assert_eq!(turns(preset, "W:W22:B18,11"), sorted(&["22x15x8"]));
        let mut game = Game::from_position(pos(preset, "W:W22:B18,11"));
        let err = game.play_text("22x15").unwrap_err().to_string();
        assert!(err.contains("must go on"), "{err}");
    }
}

#[test]
fn huffing_makes_capture_optional_and_every_prefix_a_move() {
    assert_eq!(
        turns(Blasen, "W:W22,32:B18"),
        sorted(&["22x15", "22-17", "32-27", "32-28"])
    );
    assert_eq!(
        turns(Blasen, "W:W22:B18,11"),
        sorted(&["22x15", "22x15x8", "22-17"])
    );
}

#[test]
fn promotion_during_a_capture_ends_the_move() {
    for preset in [Standard, StandardFlying, English, Blasen] {
        let list = turns(preset, "W:W9:B6,7");
        assert!(list.contains(&"9x2".to_string()), "{preset}: {list:?}");
        assert!(
            list.iter().all(|t| !t.starts_with("9x2x")),
            "{preset}: {list:?}"
        );
    }
    assert_eq!(after(English, "W:W9:B6,7", "9x2"), "B:WK2:B7");
}

#[test]
fn russian_man_crowned_during_a_capture_goes_on_as_a_flying_king() {
    assert_eq!(
        turns(Russian, "W:W9:B6,7"),
        sorted(&["9x2x11", "9x2x16", "9x2x20"])
    );
    assert_eq!(after(Russian, "W:W9:B6,7", "9x2x16"), "B:WK16:B");
}

#[test]
fn multiple_captures_chain_with_the_same_piece() {
    assert_eq!(after(English, "W:W22:B18,11", "22x15x8"), "B:W8:B");
}

#[test]
fn a_piece_is_jumped_at_most_once_and_the_start_square_may_be_landed_on() {
    // The king's loop around four men returns to its own square; it cannot jump any man twice.
    assert_eq!(
        turns(English, "W:WK26:B14,15,22,23"),
        sorted(&["26x17x10x19x26"])
    );
    assert_eq!(
        after(English, "W:WK26:B14,15,22,23", "26x17x10x19x26"),
        "B:WK26:B"
    );
    // Men that capture backwards can run the same loop.
    assert_eq!(
        turns(Standard, "W:W26:B14,15,22,23"),
        sorted(&["26x17x10x19x26"])
    );
}

#[test]
fn captured_pieces_block_until_the_move_ends() {
    // The king takes 14, 19 and 11 and stops on 7: the way on along 7–10–14–17 is blocked by the
    // man on 14, already taken but not yet removed (otherwise it would go on to take 17).
    let expected = sorted(&["5x18x4", "5x18x8", "5x23x16x2", "5x23x16x7"]);
    assert_eq!(turns(Russian, "W:WK5:B14,19,11,17"), expected);
    assert_eq!(turns(StandardFlying, "W:WK5:B14,19,11,17"), expected);
}

#[test]
fn the_player_chooses_freely_among_captures() {
    // One man can take one piece, the other two: both are legal (no "capture the most" rule).
    assert_eq!(
        turns(English, "W:W24,32:B18,19,27"),
        sorted(&["24x15", "32x23x14", "32x23x16"])
    );
    assert_eq!(
        turns(English, "W:W30:B17,18,25,26"),
        sorted(&["30x21x14", "30x23x14"])
    );
}

#[test]
fn a_flying_king_must_land_where_it_can_capture_again() {
    // After taking 14 the king may land on 18, 23, 27 or 32; only 18 and 23 allow a further
    // capture, so only those are used (see captured_pieces_block_until_the_move_ends).
    let list = turns(Russian, "W:WK5:B14,19,11,17");
    assert!(list
        .iter()
        .all(|t| t.starts_with("5x18") || t.starts_with("5x23")));
    // With nothing more to take, every square beyond is allowed.
    assert_eq!(
        turns(Russian, "W:WK5:B14"),
        sorted(&["5x18", "5x23", "5x27", "5x32"])
    );
}

#[test]
fn moves_with_the_same_start_end_and_captures_are_listed_once() {
    let p = pos(English, "W:WK26:B14,15,22,23");
    assert_eq!(p.legal_moves().len(), 1);
    assert_eq!(p.legal_turns().len(), 1);
}

// §4 Huffing (Blasen).

#[test]
fn huffing_obligated_pieces_are_shown_kings_first() {
    let game = Game::from_position(pos(Blasen, "W:W22,K30:B17,19"));
    let numbers: Vec<u8> = game.obligated().iter().map(|s| s.number()).collect();
    assert_eq!(numbers, [30, 22]);
}

#[test]
fn huffing_no_capture_leaves_the_obligated_pieces_huffable() {
    assert_eq!(after(Blasen, "W:W22,32:B18", "32-27"), "B:W22,27:B18:H22");
    // The obligated piece itself moved: it is huffable on its new square.
    assert_eq!(after(Blasen, "W:W22,32:B18", "22-17"), "B:W17,32:B18:H17");
}

#[test]
fn huffing_a_man_capturing_while_a_king_was_obligated_leaves_the_king_huffable() {
    assert_eq!(after(Blasen, "W:WK5,22:B14,17", "22x13"), "B:WK5,13:B14:H5");
    // Capturing with the king fulfils the obligation.
    assert_eq!(after(Blasen, "W:WK5,22:B14,17", "5x18"), "B:WK18,22:B17");
}

#[test]
fn resolved_huffing_stopping_a_chain_early_leaves_that_piece_huffable() {
    assert_eq!(after(Blasen, "W:W22:B18,11", "22x15"), "B:W15:B11:H15");
    assert_eq!(after(Blasen, "W:W22:B18,11", "22x15x8"), "B:W8:B");
}

#[test]
fn huffing_then_moving_is_one_turn() {
    let fen = "B:W17,32:B18:H17";
    assert_eq!(
        turns(Blasen, fen),
        sorted(&["18-22", "18-23", "h17 18-22", "h17 18-23"])
    );
    assert_eq!(after(Blasen, fen, "h17 18-22"), "W:W32:B22");
}

#[test]
fn huffing_the_right_lapses_when_the_opponent_moves_without_huffing() {
    let mut game = Game::from_position(pos(Blasen, "B:W17,32:B18:H17"));
    game.play_text("18-23").unwrap();
    assert_eq!(game.position().to_string(), "W:W17,32:B23");
    assert!(game.play_text("h17 32-28").is_err());
}

#[test]
fn huffing_the_last_piece_is_the_whole_turn_and_wins() {
    let fen = "B:W15:B11:H15";
    assert_eq!(turns(Blasen, fen), sorted(&["11-16", "11x18", "h15"]));
    let mut game = Game::from_position(pos(Blasen, fen));
    game.play_text("h15").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoPieces
        })
    );
    // A huff alone is refused while the opponent still has pieces.
    let mut game = Game::from_position(pos(Blasen, "B:W15,29:B11:H15"));
    assert!(game.play_text("h15").is_err());
}

#[test]
fn huffing_a_man_crowned_during_a_capture_is_not_huffable() {
    // As a king on 2 it could take 7, but the crowning ended the move.
    assert_eq!(after(Blasen, "W:W9:B6,7", "9x2"), "B:WK2:B7");
    // Not capturing leaves it huffable.
    assert_eq!(after(Blasen, "W:W9:B6,7", "9-5"), "B:W5:B6,7:H5");
}

#[test]
fn huffing_only_squares_in_the_huffable_set() {
    let mut game = Game::from_position(pos(Blasen, "B:W17,32:B18:H17"));
    let err = game.play_text("h32 18-22").unwrap_err().to_string();
    assert!(err.contains("may not be huffed"), "{err}");
    let mut game = Game::from_position(pos(English, "W:W22,32:B18"));
    assert!(game.play_text("h18 32-27").is_err());
}

#[test]
fn huffing_a_player_whose_only_turns_begin_with_a_huff_has_not_lost() {
    let fen = "B:W21,32:B28:H32";
    assert_eq!(turns(Blasen, fen), sorted(&["h32 28-32"]));
    assert_eq!(Game::from_position(pos(Blasen, fen)).outcome(), None);
}

#[test]
fn huffing_the_obligation_is_counted_after_the_huff() {
    // Black's man on 14 cannot take 18 while 23 stands behind it. Huffing 23 opens the capture:
    // counted after the huff, 14 is obligated, and moving another man leaves 14 huffable.
    assert_eq!(
        after(Blasen, "B:W18,23,30:B1,14:H23", "h23 1-5"),
        "W:W18,30:B5,14:H14"
    );
    // The other way round: huffing 18 removes the only piece 14 could take, so after the huff
    // nothing is obligated and the quiet move leaves nothing huffable.
    assert_eq!(
        after(Blasen, "B:W18,30:B1,14:H18", "h18 1-5"),
        "W:W30:B5,14"
    );
}

// §5 End of the game.

#[test]
fn a_player_without_pieces_has_lost() {
    let game = Game::from_position(pos(English, "B:W8:B"));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::NoPieces
        })
    );
}

#[test]
fn a_set_up_position_whose_side_not_to_move_has_no_pieces_is_over() {
    let game = Game::from_position(pos(English, "W:W22:B"));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::NoPieces
        })
    );
    assert!(game.legal_turns().is_empty());
}

#[test]
fn a_player_without_a_legal_turn_has_lost() {
    let game = Game::from_position(pos(Blasen, "B:W21,32:B28"));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::NoMoves
        })
    );
    assert!(game.legal_turns().is_empty());
}

#[test]
fn resolved_threefold_repetition_is_a_draw() {
    let mut game = Game::from_position(pos(English, "W:WK1:BK32"));
    for (i, turn) in ["1-6", "32-27", "6-1", "27-32"]
        .iter()
        .cycle()
        .take(8)
        .enumerate()
    {
        assert_eq!(game.outcome(), None, "before ply {i}");
        game.play_text(turn).unwrap();
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn resolved_a_recorded_game_goes_on_past_a_repetition() {
    // §7, Other notations: the kings of the test above, in ACF numbers, three rounds and a half.
    let text = "[Rules \"english\"]\n[FEN \"B:WK1:BK32\"]\n\
                1. 32-27 1-6 2. 27-32 6-1 3. 32-27 1-6 4. 27-32 6-1 5. 32-27 1-6 6. 27-32 6-1 \
                7. 32-27 1-6 *";
    let game = dame_core::pdn::read_game(text, None).unwrap().game;
    assert_eq!(game.history().len(), 14);
    assert_eq!(game.position().to_string(), "W:WK6:BK27");
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn resolved_the_huffable_set_is_part_of_the_repeated_position() {
    // The start has Red's king huffable; the same board later without it is another position,
    // so after two rounds the board of the start stands for the second time, not the third.
    let mut game = Game::from_position(pos(Blasen, "B:WK1:BK32:H1"));
    for turn in ["32-27", "1-6", "27-32", "6-1"].iter().cycle().take(8) {
        game.play_text(turn).unwrap();
    }
    assert_eq!(game.position().to_string(), "B:WK1:BK32");
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
}

#[test]
fn resolved_forty_moves_each_without_capture_huff_or_man_move_is_a_draw() {
    // Two flying kings each wander without repeating a position three times.
    let mut game = Game::from_position(pos(Russian, "W:WK29,K32:BK1,K4"));
    while game.outcome().is_none() {
        let now = game.position();
        let turn = now
            .legal_turns()
            .into_iter()
            .find(|t| {
                let next = now.play_turn_unchecked(t);
                let mut probe = game.clone();
                probe.play(t).unwrap();
                probe.repetitions() < 3
                    && next.obligated().is_empty()
                    && next.board().kings(Color::Red).len() == 2
                    && next.board().kings(Color::Black).len() == 2
            })
            .unwrap_or_else(|| {
                panic!(
                    "no fresh king move at ply {} in {}",
                    game.history().len(),
                    game.position()
                )
            });
        game.play(&turn).unwrap();
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::FortyMoves)));
    assert_eq!(game.history().len(), 80);
}

#[test]
fn a_man_move_resets_the_forty_move_count() {
    let mut game = Game::from_position(pos(English, "W:WK1,24:BK32"));
    game.play_text("1-6").unwrap();
    game.play_text("32-27").unwrap();
    assert_eq!(game.quiet_plies(), 2);
    game.play_text("24-20").unwrap();
    assert_eq!(game.quiet_plies(), 0);
}

#[test]
fn a_player_may_resign() {
    let mut game = Game::new(Blasen);
    game.resign(Color::Red);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );
    assert!(game.play_text("22-18").is_err());
}

// §7 Notation.

#[test]
fn notation_prints_the_smallest_spelling_and_accepts_every_spelling() {
    let p = pos(English, "W:WK26:B14,15,22,23");
    let turn = p.legal_turns()[0];
    assert_eq!(notation::turn_text(&p, &turn), "26x17x10x19x26");
    for text in ["26x17x10x19x26", "26x19x10x17x26", "26x26"] {
        assert_eq!(notation::read_turn(&p, text), Ok(turn), "{text}");
    }
}

#[test]
fn notation_multiple_capture_by_its_ends_only_when_unambiguous() {
    let p = pos(English, "W:W22:B18,11");
    assert!(notation::read_turn(&p, "22x8").is_ok());
    let p = pos(English, "W:W30:B17,18,25,26");
    let err = notation::read_turn(&p, "30x14").unwrap_err().to_string();
    assert!(err.contains("ambiguous"), "{err}");
}

#[test]
fn notation_tells_bad_syntax_from_an_illegal_move() {
    let p = pos(English, "W:W21-32:B1-12");
    for bad in [
        "",
        "22",
        "22-",
        "22-99",
        "a-b",
        "22-18-14",
        "22x18-14",
        "22-18 23-19",
    ] {
        assert!(
            matches!(
                notation::read_turn(&p, bad),
                Err(notation::TurnError::Syntax(_))
            ),
            "{bad:?}"
        );
    }
    for (illegal, why) in [
        ("26-22", "not empty"),
        ("18-14", "no piece"),
        ("9-13", "not Red's"),
        ("22-26", "is not empty"),
        ("22-15", "not a legal move"),
    ] {
        match notation::read_turn(&p, illegal) {
            Err(notation::TurnError::Illegal(e)) => {
                assert!(e.to_string().contains(why), "{illegal}: {e}")
            }
            other => panic!("{illegal}: {other:?}"),
        }
    }
}

#[test]
fn notation_men_move_forward_reason() {
    let p = pos(English, "W:W18:B1");
    let err = notation::read_turn(&p, "18-22").unwrap_err().to_string();
    assert!(err.contains("forward"), "{err}");
}

#[test]
fn notation_lists_every_path_of_a_move() {
    let p = pos(English, "W:WK26:B14,15,22,23");
    let mv = p.legal_moves()[0];
    let paths: Vec<Vec<u8>> = notation::move_paths(&p, &mv)
        .iter()
        .map(|path| path.iter().map(|s| s.number()).collect())
        .collect();
    assert_eq!(paths, [vec![26, 17, 10, 19, 26], vec![26, 19, 10, 17, 26]]);
}

#[test]
fn notation_the_separator_tells_a_capture_from_a_move() {
    // In Blasen the king on 30 may slide to 19 or capture its way there.
    let p = pos(Blasen, "W:WK30:B7,8,15,16");
    let capture = notation::read_turn(&p, "30x19").unwrap();
    assert!(capture.mv.unwrap().is_capture());
    let slide = notation::read_turn(&p, "30-19").unwrap();
    assert!(!slide.mv.unwrap().is_capture());
    let p = pos(English, "W:W22,32:B18");
    let err = notation::read_turn(&p, "22-15").unwrap_err().to_string();
    assert!(err.contains("written with x: 22x15"), "{err}");
    let p = pos(English, "W:W21-32:B1-12");
    let err = notation::read_turn(&p, "22x18").unwrap_err().to_string();
    assert!(err.contains("captures nothing"), "{err}");
}

#[test]
fn notation_a_hand_built_turn_without_squares_is_refused_not_a_panic() {
    let p = pos(English, "W:W21-32:B1-12");
    for squares in [vec![], vec![Square::from_number(22).unwrap()]] {
        let text = notation::TurnText {
            huff: None,
            squares,
            capture: false,
        };
        assert!(notation::resolve_turn(&p, &text).is_err());
    }
}
