//! Endgame databases (src/engine/egdb/): generated in memory, checked against their own
//! definition, against independent exhaustive searches, in play, and on disk.

use dame::lab::egdb_generate::Generate;
use dame::lab::external::verdict;
use dame_core::{
    position_from_fen, Color, Game, Outcome, Position, Preset, WinReason, QUIET_PLIES_FOR_DRAW,
};
use dame_engine::egdb::{EgdbError, Endgames, Material, Value};
use dame_engine::{Engine, Limits};
use std::sync::{Arc, OnceLock};

mod common;
use common::dame_with_stdin as dame;

fn db(preset: Preset, pieces: u8) -> Endgames {
    Endgames::generate(preset, pieces, 2, |_| {}).unwrap()
}

/// Each preset's database of up to 3 pieces, generated once for all tests.
fn db3(preset: Preset) -> &'static Endgames {
    static DBS: OnceLock<Vec<Endgames>> = OnceLock::new();
    let dbs = DBS.get_or_init(|| Preset::ALL.iter().map(|&p| db(p, 3)).collect());
    &dbs[Preset::ALL.iter().position(|&p| p == preset).unwrap()]
}

fn fen(preset: Preset, text: &str) -> Position {
    position_from_fen(text, preset).unwrap()
}

/// What `turn` is worth to the side that plays it, by the database: its value and how many
/// plies it puts the next conversion away (1 when the turn converts: a capture, huff or
/// crowning, into another slice).
fn after(db: &Endgames, pos: &Position, next: &Position) -> (Value, u32) {
    if next.board().pieces(next.side()).is_empty() {
        return (Value::Win(1), 1);
    }
    let converted = Material::of(next) != Material::of(pos).mirror();
    let steps = |d: u8| if converted { 1 } else { d as u32 + 1 };
    match db
        .probe(next)
        .expect("a successor of a covered position is covered")
    {
        Value::Loss(d) => (Value::Win(d), steps(d)),
        Value::Win(d) => (Value::Loss(d), steps(d)),
        Value::Draw => (Value::Draw, 0),
    }
}

/// The value `pos` must have by its successors' values, as the generation defines it: a win
/// converts in the fewest plies a lost successor allows, a loss holds out as long as the best
/// defence allows, a draw has a drawing successor and no winning one.
fn from_successors(db: &Endgames, pos: &Position) -> Value {
    let succ: Vec<(Value, u32)> = pos
        .legal_turns()
        .iter()
        .map(|t| after(db, pos, &pos.play_turn_unchecked(t)))
        .collect();
    let fastest_win = succ
        .iter()
        .filter(|(v, _)| matches!(v, Value::Win(_)))
        .map(|&(_, s)| s)
        .min();
    if let Some(s) = fastest_win {
        Value::Win(s as u8)
    } else if succ.iter().all(|(v, _)| matches!(v, Value::Loss(_))) {
        Value::Loss(succ.iter().map(|&(_, s)| s).max().unwrap_or(0) as u8)
    } else {
        Value::Draw
    }
}

/// Every stored value follows from its successors' (see [`from_successors`]).
#[test]
fn every_value_is_a_fixed_point_of_its_successors_up_to_3_pieces_in_every_preset() {
    for preset in Preset::ALL {
        let db = db3(preset);
        let mut checked = 0;
        for (pos, value) in db.positions() {
            checked += 1;
            assert_eq!(value, from_successors(db, &pos), "{preset:?} {pos}");
        }
        assert!(checked > 1000, "{preset:?}: {checked} positions");
    }
}

#[test]
fn english_two_kings_beat_one_and_one_king_draws_with_one() {
    let db = db3(Preset::English);
    for text in ["W:WK1,K32:BK15", "B:WK1,K32:BK15", "W:WK29,K30:BK5"] {
        let pos = fen(Preset::English, text);
        let expected_win = pos.side() == Color::Red;
        let value = db.probe(&pos).unwrap();
        assert!(
            matches!(value, Value::Win(_)) == expected_win
                && matches!(value, Value::Loss(_)) != expected_win,
            "{text}: {value:?}"
        );
    }
    // Every two kings against one, the two to move, is won, unless the single king takes one
    // of them at once after any move.
    let mut wins = 0;
    let mut others = 0;
    for (pos, value) in db.positions() {
        let board = pos.board();
        if board.kings(Color::Red).len() == 2 && board.kings(Color::Black).len() == 1 {
            match value {
                Value::Win(_) => wins += 1,
                _ => others += 1,
            }
        }
    }
    assert!(wins > 0 && others * 100 < wins, "{wins} wins, {others} not");
    for text in ["W:WK1:BK32", "B:WK1:BK32", "W:WK18:BK3"] {
        assert_eq!(
            db.probe(&fen(Preset::English, text)),
            Some(Value::Draw),
            "{text}"
        );
    }
}

/// A match runner with databases (`dame match --adjudicate DIR`) ends a covered game with the
/// database's result, but plays on where the 40-move rule would draw a win before it converts.
#[test]
fn the_match_runner_adjudicates_covered_positions_in_time_for_the_draw_rules() {
    let db = db3(Preset::English);
    let game = |text: &str| Game::from_position(fen(Preset::English, text));
    // Two kings against one win for Red whoever is to move; one king each draws.
    assert_eq!(verdict(db, &game("W:WK1,K32:BK15")), Some(Some(Color::Red)));
    assert_eq!(verdict(db, &game("B:WK1,K32:BK15")), Some(Some(Color::Red)));
    assert_eq!(verdict(db, &game("W:WK1:BK32")), Some(None));
    // Not covered: four pieces.
    assert_eq!(verdict(db, &game("W:WK1,K32:BK15,K20")), None);
    // The two kings shuffle without capturing and without repeating a position; once the quiet
    // plies already played leave too few for the conversion, the runner no longer calls it.
    let mut g = game("W:WK1,K32:BK15");
    let mut seen = std::collections::HashSet::new();
    let mut adjudicated_late = None;
    while g.outcome().is_none() && g.quiet_plies() < QUIET_PLIES_FOR_DRAW {
        let Some(Value::Win(d) | Value::Loss(d)) = db.probe(g.position()) else {
            panic!("{}: left the won ending", g.position());
        };
        let in_time = g.quiet_plies() + u32::from(d) <= QUIET_PLIES_FOR_DRAW;
        let expected = in_time.then_some(Some(Color::Red));
        assert_eq!(
            verdict(db, &g),
            expected,
            "{} after {} quiet plies",
            g.position(),
            g.quiet_plies()
        );
        if expected.is_none() {
            adjudicated_late = Some(g.quiet_plies());
            break;
        }
        let pos = *g.position();
        let turn = pos
            .legal_turns()
            .into_iter()
            .find(|t| {
                let next = pos.play_turn_unchecked(t);
                let quiet = |from: &Position, to: &Position| {
                    from.board().occupied().len() == to.board().occupied().len()
                };
                quiet(&pos, &next)
                    && next
                        .legal_turns()
                        .iter()
                        .all(|r| quiet(&next, &next.play_turn_unchecked(r)))
                    && !seen.contains(&next.to_string())
            })
            .expect("a quiet turn to a new position");
        seen.insert(pos.play_turn_unchecked(&turn).to_string());
        g.play(&turn).unwrap();
    }
    assert!(
        adjudicated_late.is_some(),
        "the shuffle never reached the 40-move limit"
    );
}

/// Russian draughts: three kings against one win (Petrov's triangle) when the strong side
/// holds the long diagonal (a1–h8: squares 4, 8, 11, 15, 18, 22, 25, 29) and the single king
/// is off it; a single king on the long diagonal, to move, draws (but for a few positions where
/// the three kings have it trapped already).
#[test]
fn russian_three_kings_win_only_with_the_long_diagonal() {
    let db = Endgames::generate_kings_only(Preset::Russian, 4, 2, |_| {}).unwrap();
    assert!(db
        .probe(&fen(Preset::Russian, "W:WK1,K2,10:BK15"))
        .is_none());
    let long_diagonal = |bb: dame_core::Bitboard| {
        bb.iter()
            .any(|s| [4, 8, 11, 15, 18, 22, 25, 29].contains(&s.number()))
    };
    let (mut petrov, mut petrov_won) = (0, 0);
    let (mut lone, mut lone_drawn) = (0, 0);
    for (pos, value) in db.positions() {
        let board = pos.board();
        let (red, black) = (board.kings(Color::Red), board.kings(Color::Black));
        if board.men(Color::Red).len() + board.men(Color::Black).len() > 0 {
            continue;
        }
        if red.len() == 3 && black.len() == 1 && long_diagonal(red) && !long_diagonal(black) {
            petrov += 1;
            petrov_won += i32::from(matches!(value, Value::Win(_)));
        }
        if red.len() == 1 && black.len() == 3 && long_diagonal(red) && !long_diagonal(black) {
            lone += 1;
            lone_drawn += i32::from(value == Value::Draw);
        }
    }
    assert!(
        petrov_won * 100 > petrov * 99,
        "{petrov_won} of {petrov} won"
    );
    assert!(lone_drawn * 100 > lone * 97, "{lone_drawn} of {lone} drawn");
    for text in ["B:WK1,K2,K3:BK15", "B:WK1,K5,K30:BK22"] {
        assert_eq!(
            db.probe(&fen(Preset::Russian, text)),
            Some(Value::Draw),
            "{text}"
        );
    }
    for text in ["W:WK29,K1,K2:BK13", "W:WK15,K1,K2:BK13"] {
        assert!(
            matches!(db.probe(&fen(Preset::Russian, text)), Some(Value::Win(_))),
            "{text}"
        );
    }
}

/// Proves the side to move's result within `depth` plies by searching every line (no
/// database, no evaluation): `Some(true)` won, `Some(false)` lost, `None` not decided.
fn prove(pos: &Position, depth: u32) -> Option<bool> {
    if pos.board().pieces(pos.side()).is_empty() {
        return Some(false);
    }
    let turns = pos.legal_turns();
    if turns.is_empty() {
        return Some(false);
    }
    if depth == 0 {
        return None;
    }
    let mut all_lost = true;
    for t in &turns {
        match prove(&pos.play_turn_unchecked(t), depth - 1) {
            Some(false) => return Some(true),
            Some(true) => {}
            None => all_lost = false,
        }
    }
    all_lost.then_some(false)
}

/// Spot checks: wherever a search of every line to 4 plies proves a result, the database has
/// the same one (and such proofs are not rare in the sample).
#[test]
fn databases_agree_with_exhaustive_search() {
    for preset in [Preset::English, Preset::Russian, Preset::Blasen] {
        let db = db3(preset);
        let (mut proved, mut sampled) = (0, 0);
        for (i, (pos, value)) in db.positions().enumerate() {
            if i % 151 != 0 {
                continue;
            }
            sampled += 1;
            match prove(&pos, 4) {
                Some(true) => {
                    assert!(
                        matches!(value, Value::Win(_)),
                        "{preset:?} {pos}: {value:?}"
                    );
                    proved += 1;
                }
                Some(false) => {
                    assert!(
                        matches!(value, Value::Loss(_)),
                        "{preset:?} {pos}: {value:?}"
                    );
                    proved += 1;
                }
                None => {}
            }
        }
        assert!(proved * 10 > sampled, "{preset:?}: {proved} of {sampled}");
    }
}

/// The engine with the database wins a won ending against itself without it (the defender
/// searching every turn), within the game's draw rules: no repetition, no 40-move draw.
#[test]
fn the_engine_converts_a_won_ending_against_a_defender() {
    let db = Arc::new(db(Preset::English, 3));
    // The lone king sits in the double corner, the hardest place to drive it from.
    for text in ["W:WK29,K25:BK4", "W:WK30,K13:BK1", "B:WK18,K20:BK5"] {
        let start = fen(Preset::English, text);
        let winner = if matches!(db.probe(&start), Some(Value::Win(_))) {
            start.side()
        } else {
            start.side().opposite()
        };
        let mut with_db = Engine::new(4);
        with_db.set_endgames(Some(db.clone()));
        let mut without = Engine::new(4);
        let mut game = Game::from_position(start);
        let limits = Limits::depth(8);
        while game.outcome().is_none() && game.history().len() < 200 {
            let engine = if game.side_to_move() == winner {
                &mut with_db
            } else {
                &mut without
            };
            let turn = engine.search(&game, &limits).best.unwrap();
            game.play(&turn).unwrap();
        }
        assert!(
            matches!(
                game.outcome(),
                Some(Outcome::Win { winner: w, reason: WinReason::NoPieces | WinReason::NoMoves }) if w == winner
            ),
            "{text}: {:?} after {:?}",
            game.outcome(),
            game.history_text()
        );
    }
}

#[test]
fn a_database_survives_its_file_and_a_damaged_file_is_refused() {
    let db = db3(Preset::English);
    let bytes = db.to_bytes();
    let back = Endgames::from_bytes(&bytes, Some(Preset::English)).unwrap();
    let pos = fen(Preset::English, "W:WK1,K32:BK15");
    assert_eq!(back.probe(&pos), db.probe(&pos));
    assert_eq!(back.to_bytes(), bytes);

    let mut flipped = bytes.clone();
    let last = flipped.len() - 1000;
    flipped[last] ^= 0x40;
    let err = Endgames::from_bytes(&flipped, Some(Preset::English)).unwrap_err();
    assert!(matches!(err, EgdbError::Corrupt(_)), "{err}");
    assert!(err.to_string().contains("checksum"), "{err}");

    let err = Endgames::from_bytes(&bytes[..bytes.len() / 2], None).unwrap_err();
    assert!(err.to_string().contains("truncated"), "{err}");

    let err = Endgames::from_bytes(&bytes, Some(Preset::Russian)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the endgame database is for the preset 'english', not 'russian'"
    );

    let err = Endgames::from_bytes(b"W:W21-32:B1-12", None).unwrap_err();
    assert!(matches!(err, EgdbError::NotADatabase(_)), "{err}");
}

/// Runs `dame <args>` in `dir` on English two kings against one (`W:WK29,K25:BK4`) searched to
/// `depth`, and returns the first line of its answer that starts with `prefix`, without it.
fn two_kings_v_one(dir: &std::path::Path, args: &[&str], depth: u32, prefix: &str) -> String {
    let script = format!("rules english\nposition fen W:WK29,K25:BK4\ngo depth {depth}\nquit\n");
    let out = common::dame_in(dir, args, &script);
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' in {text}"))
        .to_string()
}

/// `dame egdb` writes a database, `--probe` and `dame engine --egdb` read it, and both refuse
/// it once damaged, saying so.
#[test]
fn the_cli_generates_probes_and_plays_with_a_database_and_refuses_a_damaged_one() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("egdb-cli");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_str().unwrap();
    let out = dame(
        &[
            "egdb", "--rules", "english", "--pieces", "3", "--out", dir_text,
        ],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[1].starts_with("2 ") && lines[2].starts_with("3 "),
        "{text}"
    );
    assert!(lines[3].starts_with("total   199520 "), "{text}");

    let probe = |fen: &str| {
        dame(
            &[
                "egdb", "--rules", "english", "--probe", fen, "--dir", dir_text,
            ],
            "",
        )
    };
    let out = probe("B:WK1,K32:BK15");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("loss in "), "{text}");

    // The engine plays the database's turn where it covers the position.
    let best = two_kings_v_one(
        std::path::Path::new("."),
        &["engine", "--egdb", dir_text],
        2,
        "bestmove ",
    );
    let best = best.as_str();
    let pos = fen(Preset::English, "W:WK29,K25:BK4");
    let db = db3(Preset::English);
    let chosen = dame_core::notation::read_turn(&pos, best).unwrap();
    assert!(db.best_turns(&pos).contains(&chosen), "{best}");

    let path = dir.join("english.egdb");
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() - 7;
    bytes[at] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let out = probe("B:WK1,K32:BK15");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("corrupt") && err.contains("english.egdb"),
        "{err}"
    );
    let out = dame(
        &["engine"],
        &format!("rules english\negdb {dir_text}\nisready\nquit\n"),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("error egdb: the endgame database is corrupt: "),
        "{text}"
    );
    assert!(text.ends_with("readyok\n"), "{text}");
}

#[test]
fn the_engine_uses_the_databases_in_egdb_by_default_unless_told_off() {
    let home = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("egdb-default");
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    // `dame egdb` writes to egdb/ unless told otherwise.
    let out = common::dame_in(&home, &["egdb", "--rules", "english", "--pieces", "3"], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(home.join("egdb/english.egdb").is_file());
    let score = |dir: &std::path::Path, args: &[&str]| -> i32 {
        let line = two_kings_v_one(dir, args, 1, "info ");
        line.split_whitespace()
            .skip_while(|w| *w != "score")
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{line}"))
    };
    // Two kings against one: a database win, far above what one ply of search sees.
    let with_db = score(&home, &["engine"]);
    let without = score(&home, &["engine", "--egdb", "off"]);
    let elsewhere = score(
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")),
        &["engine"],
    );
    assert!(with_db > 20_000, "{with_db}");
    assert!(
        without < 10_000 && elsewhere == without,
        "{without} {elsewhere}"
    );
    // A damaged file in the default place: the engine says so and plays on without it.
    let path = home.join("egdb/english.egdb");
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() - 7;
    bytes[at] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let out = common::dame_in(&home, &["engine"], "rules english\nisready\nquit\n");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("error egdb: the endgame database is corrupt: "),
        "{text}"
    );
    assert!(text.ends_with("readyok\n"), "{text}");
    assert_eq!(score(&home, &["engine"]), without);
}

/// With a generated database of 5 or more pieces (`dame egdb --rules <preset> --pieces 5`, in
/// `egdb/` or `$DAME_EGDB_DIR`; the presets in `$DAME_EGDB_PRESETS`, default
/// `english,russian`), a sample of its values are fixed points, and the engine wins sampled won
/// positions of its largest piece count against the same engine without it, within the draw
/// rules; prints the longest quiet stretch it needed.
/// `cargo test --release --test egdb -- --ignored --nocapture`
#[test]
#[ignore]
fn five_piece_wins_are_converted_from_a_generated_database() {
    let dir = std::env::var("DAME_EGDB_DIR").unwrap_or_else(|_| "egdb".into());
    let presets = std::env::var("DAME_EGDB_PRESETS").unwrap_or_else(|_| "english,russian".into());
    for id in presets.split(',') {
        let preset: Preset = id.parse().unwrap_or_else(|_| panic!("unknown preset {id}"));
        let path = std::path::Path::new(&dir).join(Endgames::file_name(preset));
        let bytes = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (generate it first)", path.display()));
        let db = Arc::new(Endgames::from_bytes(&bytes, Some(preset)).unwrap());
        // One byte per index: a step that samples about 100 000 values.
        let step = (bytes.len() / 100_000).max(997);
        drop(bytes);
        let pieces = db.max_pieces();
        assert!(pieces >= 5, "{}: {pieces} pieces", path.display());
        // A sample of the whole database is a fixed point too (about 100 000 positions).
        let mut checked = 0;
        for (pos, value) in db.positions().step_by(step) {
            assert_eq!(value, from_successors(&db, &pos), "{preset:?} {pos}");
            checked += 1;
        }
        println!("{preset:?}: {checked} sampled values are fixed points of their successors");
        let mut samples: Vec<Position> = db
            .positions()
            .filter(|(p, v)| {
                p.board().occupied().len() == pieces as u32 && matches!(v, Value::Win(d) if *d > 20)
            })
            .map(|(p, _)| p)
            .step_by(150_001)
            .collect();
        samples.truncate(8);
        let mut longest_quiet = 0;
        for start in samples {
            let mut with_db = Engine::new(4);
            with_db.set_endgames(Some(db.clone()));
            let mut without = Engine::new(4);
            let mut game = Game::from_position(start);
            while game.outcome().is_none() {
                let engine = if game.side_to_move() == start.side() {
                    &mut with_db
                } else {
                    &mut without
                };
                let turn = engine.search(&game, &Limits::depth(6)).best.unwrap();
                game.play(&turn).unwrap();
                longest_quiet = longest_quiet.max(game.quiet_plies());
            }
            println!(
                "{preset:?} {start}: {:?} in {} plies",
                game.outcome(),
                game.history().len()
            );
            assert!(
                matches!(game.outcome(), Some(Outcome::Win { winner, .. }) if winner == start.side()),
                "{start}: {:?}",
                game.outcome()
            );
        }
        println!("{preset:?}: longest quiet stretch {longest_quiet} plies");
    }
}
