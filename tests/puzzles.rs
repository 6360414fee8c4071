//! The puzzle finder (src/lab/puzzles.rs): a shot is found with its solution, a quiet game gives
//! nothing, and the JSON lines are valid and the same every time. Shallow depths keep it fast.

mod common;

use common::json::Json;
use dame::lab::puzzles::{self, Config, Finder, Gain, Puzzle};
use dame_core::{pdn, position_from_fen, Preset};

/// A constructed English game (ACF numbering in the PDN): Red, to move in the internal position
/// `W:W22,23,26,31:B3,4,14,15`, gives a man with 22-18 (ACF 11-15); Black must take 15x22 (the
/// man on 31 stops it going on to 31) and Red takes two, 26x17x10. Every other turn of Red's
/// keeps the material even or loses a man.
const SHOT: &str = "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"B:B2,7,10,11:W18,19,29,30\"]\n\n\
                    1. 11-15 18x11 2. 7x16x23 *\n";
const SHOT_FEN: &str = "W:W22,23,26,31:B3,4,14,15";

/// The first ten plies of an English engine game (docs/matches/english-1s.pdn): nothing to win.
const QUIET: &str = "[GameType \"21\"]\n\n\
                     1. 9-13 24-20 2. 6-9 28-24 3. 11-15 23-18 4. 8-11 27-23 5. 1-6 32-27 *\n";

fn config() -> Config {
    Config {
        depth: 6,
        verify_depth: 8,
        endgames: None,
    }
}

fn puzzles_of(pdn_text: &str) -> (Vec<(usize, Puzzle)>, puzzles::Stats) {
    let game = pdn::read_game(pdn_text, None).expect("the game reads");
    let mut finder = Finder::new(config());
    let mut found = Vec::new();
    finder.game(&game.game, |ply, puzzle| {
        found.push((ply, puzzle.clone()));
        true
    });
    (found, finder.stats)
}

#[test]
fn a_two_for_one_shot_is_a_puzzle_with_its_whole_line() {
    let (found, stats) = puzzles_of(SHOT);
    assert_eq!(found.len(), 1, "{found:?}");
    let (ply, puzzle) = &found[0];
    assert_eq!(*ply, 0);
    assert_eq!(
        puzzle.position,
        position_from_fen(SHOT_FEN, Preset::English).unwrap()
    );
    assert_eq!(puzzle.solution_texts(), ["22-18", "15x22", "26x17x10"]);
    assert_eq!(puzzle.gain, Gain::Hundredths(100));
    assert!((1000..=2800).contains(&puzzle.rating), "{}", puzzle.rating);
    // The position after 22-18 has one legal turn, as has Red's after 15x22: neither is
    // looked at; the last position is over for Black... or lost, nothing to win.
    assert_eq!(stats.kept, 1);
    assert!(stats.positions >= 1);
}

#[test]
fn a_quiet_opening_gives_no_puzzle() {
    let (found, stats) = puzzles_of(QUIET);
    assert!(found.is_empty(), "{found:?}");
    // Plies 6 to 9 are looked at; the first six are the opening.
    assert_eq!(stats.positions, 4);
    assert_eq!(stats.kept, 0);
}

#[test]
fn the_material_counts_kings_as_the_evaluation_does() {
    let pos = position_from_fen("W:WK22,23:B3,4,14", Preset::English).unwrap();
    let weights = dame_engine::Profile::of(Preset::English).weights;
    assert_eq!((weights.man, weights.king), (100, 114));
    assert_eq!(puzzles::material(&pos, pos.side()), 114 + 100 - 300);
    assert_eq!(puzzles::material(&pos, pos.side().opposite()), 86);
}

#[test]
fn the_line_is_cut_once_the_man_is_won_and_kept() {
    let pos = position_from_fen(SHOT_FEN, Preset::English).unwrap();
    let mut line = Vec::new();
    let mut at = pos;
    for text in ["22-18", "15x22", "26x17x10", "4-8"] {
        let turn = dame_core::notation::read_turn(&at, text).unwrap();
        at = at.play_turn_unchecked(&turn);
        line.push(turn);
    }
    let m0 = puzzles::material(&pos, pos.side());
    assert_eq!(puzzles::solution_cut(&pos, &line, m0), Some(3));
    // Without the double capture nothing is won.
    assert_eq!(puzzles::solution_cut(&pos, &line[..2], m0), None);
}

#[test]
fn the_json_lines_are_valid_and_the_same_every_time() {
    let line = |_: ()| {
        let (found, _) = puzzles_of(SHOT);
        let (ply, puzzle) = &found[0];
        puzzle.json(
            &puzzles::id(Preset::English, 1),
            &format!("shot \"1\".pdn:1:{ply}"),
        )
    };
    let first = line(());
    assert_eq!(first, line(()));
    assert!(!first.contains('\n'));
    let value = Json::parse(&first);
    let Json::Object(fields) = &value else {
        panic!("not an object: {first}")
    };
    let names: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        names,
        ["id", "rules", "fen", "solution", "gain", "source", "rating"]
    );
    assert_eq!(value.get("id"), &Json::Text("english-1".into()));
    assert_eq!(value.get("rules"), &Json::Text("english".into()));
    assert_eq!(value.get("fen"), &Json::Text(SHOT_FEN.into()));
    assert_eq!(
        value.get("solution"),
        &Json::Array(vec![
            Json::Text("22-18".into()),
            Json::Text("15x22".into()),
            Json::Text("26x17x10".into())
        ])
    );
    assert_eq!(value.get("gain"), &Json::Number(100));
    assert_eq!(
        value.get("source"),
        &Json::Text("shot \"1\".pdn:1:0".into())
    );
    assert!(matches!(value.get("rating"), Json::Number(_)));
}

#[test]
fn the_database_decides_the_positions_it_covers() {
    use dame::lab::egdb_generate::Generate;
    let db = dame_engine::egdb::Endgames::generate(Preset::English, 3, 1, |_| {}).unwrap();
    // Red's two kings against a man: only 30-25 keeps the database's win (found by the finder on
    // random three-piece positions).
    let pos = position_from_fen("W:WK29,K30:B22", Preset::English).unwrap();
    let mut game = dame_core::Game::from_position(pos);
    let mut finder = Finder::new(Config {
        endgames: Some(std::sync::Arc::new(db)),
        ..config()
    });
    let puzzle = finder.position(&game).expect("a puzzle");
    assert_eq!(puzzle.gain, Gain::Win);
    assert_eq!(puzzle.solution_texts()[0], "30-25");
    // The line ends the game: Black has nothing left.
    for turn in &puzzle.solution {
        game.push(*turn);
    }
    assert!(game.position().legal_turns().is_empty());
    assert_eq!(game.position().side(), dame_core::Color::Black);
}

#[test]
fn strings_are_escaped() {
    assert_eq!(
        puzzles::json_string("a\"b\\c\nd\u{1}"),
        "\"a\\\"b\\\\c\\nd\\u0001\""
    );
}
