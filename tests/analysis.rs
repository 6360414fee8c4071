//! Game analysis (dame_engine::analysis) and annotated PDN (dame_core::pdn::write_game_annotated):
//! a man left hanging is judged a blunder with the engine's better turn named, a forced capture
//! is never judged, the same depth gives the same judgements every time, and the annotated text
//! reads back to the same game.

mod common;

use common::pos;
use dame_core::pdn::{read_game, read_games, write_game, write_game_annotated, Evaluation};
use dame_core::pdn::{PdnGame, PlyNote};
use dame_core::{Color, Game, Preset, Turn};
use dame_engine::analysis::{
    analyse_game, judge, Counts, GameAnalysis, Judgement, Score, BLUNDER, INACCURACY, MISTAKE,
    WINNING_CHANCE_SCALE,
};
use dame_engine::{Engine, Limits};

/// An engine as `dame analyse` has it: the learned tables built in.
fn engine() -> Engine {
    let mut engine = Engine::new(16);
    engine.use_embedded();
    engine
}

/// English checkers, Red (the first mover, ACF's Black) to move with men on 22 and 24 against
/// Black's men on 3 and 15 (docs/rules.md §7 numbering). 22-18 leaves the man on 18 hanging:
/// 15x22 takes it, and nothing takes back (22 was left empty, no Red piece stands behind it).
/// 22-17 and 24-20 are safe; 24-19 hangs a man the same way (15x24).
const HANGING: &str = "W:W22,24:B3,15";

fn hanging_game() -> Game {
    let mut game = Game::from_position(pos(Preset::English, HANGING));
    game.play_text("22-18").unwrap();
    game.play_text("15x22").unwrap();
    game
}

fn text(turn: Option<Turn>, game: &Game, ply: usize) -> String {
    turn.map(|t| dame_core::notation::turn_text(&game.positions()[ply], &t))
        .unwrap_or_default()
}

#[test]
fn a_man_left_hanging_is_a_blunder_and_the_better_turn_is_named() {
    let game = hanging_game();
    let analysis = analyse_game(&mut engine(), &game, &Limits::depth(8));
    assert_eq!(analysis.plies.len(), 2);
    let blunder = &analysis.plies[0];
    assert_eq!(blunder.side, Color::Red);
    assert_eq!(text(Some(blunder.played), &game, 0), "22-18");
    assert!(
        matches!(blunder.judgement, Judgement::Blunder | Judgement::Mistake),
        "{blunder:?}"
    );
    assert!(blunder.drop >= MISTAKE, "{blunder:?}");
    assert!(!blunder.forced);
    // The engine's better turn: one of the two safe ones, and its line starts with it.
    let best = text(blunder.best, &game, 0);
    assert!(["22-17", "24-20"].contains(&best.as_str()), "{best}");
    assert_eq!(blunder.pv.first().copied(), blunder.best);
    // Two men each before; a man down after (or a forced loss), from Red's side.
    assert!(
        blunder.after.winning_chance() < blunder.before.winning_chance() - MISTAKE,
        "{} -> {}",
        blunder.before,
        blunder.after
    );
    assert_eq!(
        analysis.counts(Color::Red),
        Counts {
            inaccuracies: 0,
            mistakes: usize::from(blunder.judgement == Judgement::Mistake),
            blunders: usize::from(blunder.judgement == Judgement::Blunder),
        }
    );
    assert_eq!(analysis.counts(Color::Black), Counts::default());
}

#[test]
fn a_forced_capture_is_never_judged() {
    let game = hanging_game();
    // 15x22 is Black's only legal turn (capturing is compulsory; the man on 3 must wait).
    assert_eq!(game.positions()[1].legal_turns().len(), 1);
    let analysis = analyse_game(&mut engine(), &game, &Limits::depth(8));
    let capture = &analysis.plies[1];
    assert_eq!(capture.side, Color::Black);
    assert!(capture.forced);
    assert_eq!(capture.judgement, Judgement::Best);
    // Even when the scores would call it a blunder, a forced turn stays unjudged: judge() sees
    // `forced` before it sees the drop.
    let (judgement, drop) = judge(Score::Win(3), Score::Loss(4), false, true);
    assert_eq!(judgement, Judgement::Best);
    assert_eq!(drop, 2.0);
    // Its note carries no NAG and no variation.
    let notes = analysis.notes(10);
    assert_eq!(notes[1].nag, None);
    assert!(notes[1].variation.is_empty());
}

#[test]
fn judgements_follow_the_drop_in_winning_chance() {
    // A man up is a winning chance of about 0.35; forced results are ±1.
    let man = Score::Hundredths(100).winning_chance();
    assert!((man - 0.35).abs() < 0.005, "{man}");
    assert!((WINNING_CHANCE_SCALE - 0.0073).abs() < 1e-12);
    assert_eq!(Score::Hundredths(0).winning_chance(), 0.0);
    assert_eq!(Score::Win(5).winning_chance(), 1.0);
    assert_eq!(Score::Loss(5).winning_chance(), -1.0);
    assert_eq!((INACCURACY, MISTAKE, BLUNDER), (0.1, 0.2, 0.3));
    let even = Score::Hundredths(0);
    for (after, expected) in [
        (Score::Hundredths(-20), Judgement::Good),
        (Score::Hundredths(-30), Judgement::Inaccuracy),
        (Score::Hundredths(-60), Judgement::Mistake),
        (Score::Hundredths(-100), Judgement::Blunder),
        (Score::Loss(9), Judgement::Blunder),
        // Better than the engine thought: not a drop at all.
        (Score::Hundredths(40), Judgement::Good),
    ] {
        assert_eq!(judge(even, after, false, false).0, expected, "{after:?}");
        // The engine's own turn is best, whatever the scores.
        assert_eq!(judge(even, after, true, false).0, Judgement::Best);
    }
    // A man given away three men up costs less: an inaccuracy.
    let (judgement, _) = judge(Score::Hundredths(300), Score::Hundredths(200), false, false);
    assert_eq!(judgement, Judgement::Inaccuracy);
    // A win that takes longer is no drop.
    assert_eq!(
        judge(Score::Win(5), Score::Win(11), false, false).0,
        Judgement::Good
    );
    // Scores as the output writes them: men from Red's side, or forced results in plies.
    assert_eq!(Score::Hundredths(35).to_string(), "0.35");
    assert_eq!(Score::Hundredths(-120).to_string(), "-1.20");
    assert_eq!(Score::Hundredths(-5).to_string(), "-0.05");
    assert_eq!(Score::Win(7).to_string(), "win 7");
    assert_eq!(Score::Loss(7).to_string(), "loss 7");
    assert_eq!(Score::Win(7).for_red(Color::Black), Score::Loss(7));
    assert_eq!(
        Score::Hundredths(35).for_red(Color::Black),
        Score::Hundredths(-35)
    );
    assert_eq!(Judgement::Blunder.nag(), Some(4));
    assert_eq!(Judgement::Mistake.nag(), Some(2));
    assert_eq!(Judgement::Inaccuracy.nag(), Some(6));
    assert_eq!(Judgement::Good.nag(), None);
    assert_eq!(Judgement::Best.nag(), None);
}

fn tinsley_cameron() -> PdnGame {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pdn/tinsley-cameron-1956.pdn");
    let text = std::fs::read_to_string(path).unwrap();
    read_games(&text, None).remove(0).unwrap()
}

#[test]
fn the_same_depth_gives_the_same_judgements_every_time() {
    let game = tinsley_cameron().game;
    assert_eq!(game.history().len(), 50);
    let limits = Limits::depth(8);
    let first = analyse_game(&mut engine(), &game, &limits);
    // A fresh engine, and one that has searched other games first: the same analysis.
    let second = analyse_game(&mut engine(), &game, &limits);
    let mut used = engine();
    analyse_game(&mut used, &hanging_game(), &Limits::depth(10));
    let third = analyse_game(&mut used, &game, &limits);
    assert_eq!(first, second);
    assert_eq!(first, third);
    let judgements = |a: &GameAnalysis| a.plies.iter().map(|p| p.judgement).collect::<Vec<_>>();
    assert_eq!(judgements(&first), judgements(&third));
    // Every ply is there, in order, by the side that played it, with the turn played.
    for (i, ply) in first.plies.iter().enumerate() {
        assert_eq!(ply.ply, i);
        assert_eq!(ply.played, game.history()[i]);
        assert_eq!(ply.side, game.positions()[i].side());
        assert_eq!(ply.depth, 8);
        assert_eq!(ply.forced, game.positions()[i].legal_turns().len() == 1);
        if ply.forced || ply.best == Some(ply.played) {
            assert_eq!(ply.judgement, Judgement::Best, "ply {i}");
        }
    }
}

#[test]
fn the_annotated_pdn_reads_back_to_the_same_game() {
    let pdn = tinsley_cameron();
    let analysis = analyse_game(&mut engine(), &pdn.game, &Limits::depth(6));
    let notes = analysis.notes(10);
    let tags: Vec<(&str, &str)> = pdn
        .tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let text = write_game_annotated(&pdn.game, &tags, &notes);
    assert!(text.contains("{[%eval "), "{text}");
    let back = read_game(&text, None).unwrap();
    assert_eq!(back.game.history(), pdn.game.history());
    assert_eq!(back.game.start_position(), pdn.game.start_position());
    assert_eq!(back.tag("Black"), Some("Tinsley, Marion"));
    assert_eq!(back.result.as_deref(), Some("0-1"));
    // Without notes it is exactly the plain writer's text.
    assert_eq!(
        write_game_annotated(&pdn.game, &tags, &[]),
        write_game(&pdn.game, &tags)
    );
}

#[test]
fn notes_are_written_after_their_turns() {
    // A set-up English game in which Black, the second mover, begins.
    let mut game = Game::from_position(pos(Preset::English, "B:W18,24:B3,15"));
    game.play_text("15x22").unwrap();
    game.play_text("24-20").unwrap();
    game.play_text("22-26").unwrap();
    let best = game.positions()[1].legal_turns()[0];
    let notes = [
        PlyNote {
            eval: Some(Evaluation::BlackWins(9)),
            ..PlyNote::default()
        },
        PlyNote {
            nag: Some(4),
            eval: Some(Evaluation::Hundredths(-348)),
            variation: vec![best, game.history()[2]],
        },
        PlyNote {
            nag: Some(1),
            ..PlyNote::default()
        },
    ];
    let text = write_game_annotated(&game, &[("Event", "Notes")], &notes);
    // ACF numbers (s ↔ 33 − s); Red is ACF's Black and moves first, so Black's 15x22 is
    // 1... 18x11; after a comment or a variation Black's turn repeats its number.
    let plain = write_game(&game, &[]);
    assert!(plain.ends_with("\n1... 18x11 2. 9-13 11-7 *\n"), "{plain}");
    // The movetext, its lines (at most 79 characters) joined again.
    let movetext = text.split("\n\n").nth(1).unwrap();
    assert!(
        movetext.lines().all(|l| l.chars().count() <= 79),
        "{movetext}"
    );
    let movetext = movetext.trim_end().replace('\n', " ");
    let variation = dame_core::notation::Numbering::Acf.turn_text(&game.positions()[1], &best);
    assert_eq!(
        movetext,
        format!(
            "1... 18x11 {{[%eval #-9]}} 2. 9-13 $4 {{[%eval -3.48]}} (2. {variation} 11-7) 2... \
             11-7 $1 *"
        )
    );
    let back = read_game(&text, None).unwrap();
    assert_eq!(back.game.history(), game.history());
    // The evaluations as written.
    assert_eq!(Evaluation::Hundredths(35).to_string(), "0.35");
    assert_eq!(Evaluation::Hundredths(-5).to_string(), "-0.05");
    assert_eq!(Evaluation::Hundredths(0).to_string(), "0.00");
    assert_eq!(Evaluation::RedWins(7).to_string(), "#7");
    assert_eq!(Evaluation::BlackWins(7).to_string(), "#-7");
    // A variation is written up to its first turn that is not legal.
    let illegal = [PlyNote {
        variation: vec![game.history()[1]],
        ..PlyNote::default()
    }];
    assert_eq!(
        write_game_annotated(&game, &[], &illegal),
        write_game(&game, &[])
    );
}

#[test]
fn a_time_limit_searches_even_a_forced_position_for_its_time() {
    // A player's time limit moves at once when only one turn is legal; an analysis searches on,
    // so the score after the turn before it is not a one-ply guess.
    let limits = dame_engine::analysis::analysis_limits(&Limits::movetime(40.0));
    assert_eq!((limits.movetime_ms, limits.max_ms), (None, Some(40.0)));
    let analysis = analyse_game(&mut engine(), &hanging_game(), &Limits::movetime(40.0));
    let capture = &analysis.plies[1];
    assert!(capture.forced);
    assert!(capture.depth > 1, "{capture:?}");
}
