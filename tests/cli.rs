//! The `dame` command-line tool, run as a player or a checker would run it.

mod common;

use common::{dame_with_stdin, Rng};
use dame_core::{notation, Game, Position, Preset};
use std::process::{Command, Output};

fn dame(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dame"))
        .args(args)
        .output()
        .expect("dame runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

#[test]
fn perft_prints_one_line_per_depth_and_the_speed_on_stderr() {
    let out = dame(&["perft", "--rules", "english", "--depth", "4"]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "perft 1 7\nperft 2 49\nperft 3 302\nperft 4 1469\n"
    );
    assert!(
        stderr(&out).contains("leaf positions/s"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn perft_from_a_fen() {
    let out = dame(&[
        "perft",
        "--rules",
        "english",
        "--fen",
        "W:WK26:B14,15,22,23",
        "--depth",
        "1",
    ]);
    assert_eq!(stdout(&out), "perft 1 1\n");
}

#[test]
fn moves_prints_every_turn_in_notation() {
    let out = dame(&[
        "moves",
        "--rules",
        "blasen",
        "--fen",
        "B:W18,22,25:B9,14:H22",
    ]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "9-13\n14-17\n14x23\nh22 9-13\nh22 14-17\nh22 14x23\n"
    );
    let out = dame(&["moves", "--rules=english", "--fen=W:WK26:B14,15,22,23"]);
    assert_eq!(stdout(&out), "26x17x10x19x26\n");
}

#[test]
fn moves_defaults_to_the_start_position() {
    let out = dame(&["moves", "--rules", "russian"]);
    assert_eq!(stdout(&out).lines().count(), 7);
}

#[test]
fn bad_input_is_one_line_on_stderr_and_exit_status_2() {
    for args in [
        vec!["perft", "--rules", "english"],
        vec!["perft", "--rules", "chess", "--depth", "2"],
        vec!["perft", "--rules", "english", "--depth", "two"],
        vec!["moves", "--rules", "english", "--fen", "W:W33:B1"],
        vec!["moves", "--rules", "english", "--fen", "W:W21:B1:H21"],
        vec!["moves", "--rules", "english", "--colour", "red"],
        vec!["moves"],
        vec!["fly"],
        vec![],
    ] {
        let out = dame(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("dame: error: "), "{args:?}: {err}");
    }
}

/// Every command and its options, as `dame --help` and `dame <command> --help` must show them.
const COMMANDS: [(&str, &[&str]); 9] = [
    ("perft", &["--rules", "--fen", "--depth"]),
    ("moves", &["--rules", "--fen", "--notation"]),
    (
        "search",
        &[
            "--rules",
            "--fen",
            "--depth",
            "--movetime",
            "--nodes",
            "--notation",
            "--eval",
        ],
    ),
    ("pdn", &["[FILE]", "--rules"]),
    (
        "match",
        &[
            "--rules",
            "--a",
            "--b",
            "--games",
            "--openings",
            "--movetime",
            "--threads",
            "--seed",
            "--engine-a",
            "--engine-b",
            "--adjudicate",
            "--skip",
            "--record",
            "--pdn",
        ],
    ),
    (
        "tune",
        &[
            "--rules", "--games", "--level", "--rounds", "--seed", "--check",
        ],
    ),
    (
        "learn",
        &[
            "--rules",
            "--out",
            "--games",
            "--level",
            "--seed",
            "--epochs",
            "--decay",
            "--layout",
            "--write-positions",
            "--positions",
        ],
    ),
    (
        "egdb",
        &[
            "--rules",
            "--pieces",
            "--kings-only",
            "--out",
            "--threads",
            "--probe",
            "--dir",
        ],
    ),
    ("engine", &["--eval", "--egdb"]),
];

#[test]
fn help_lists_every_command_on_stdout_with_exit_status_0() {
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let out = dame(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(stderr(&out).is_empty(), "{args:?}: {}", stderr(&out));
        let text = stdout(&out);
        for (command, _) in COMMANDS {
            assert!(
                text.lines()
                    .any(|l| l.trim_start().starts_with(&format!("{command} "))),
                "{args:?}: {command} missing in\n{text}"
            );
        }
        assert!(text.contains(&Preset::id_list()), "{text}");
    }
    let out = dame(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        format!("dame {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn each_commands_help_names_each_of_its_options() {
    for (command, options) in COMMANDS {
        for help in ["--help", "-h"] {
            let out = dame(&[command, help]);
            assert_eq!(out.status.code(), Some(0), "{command} {help}");
            assert!(stderr(&out).is_empty(), "{command}: {}", stderr(&out));
            let text = stdout(&out);
            for option in options {
                // Each option on a line of its own, with its help text after it.
                let line = text
                    .lines()
                    .find(|l| {
                        l.trim_start()
                            .split([' ', ','])
                            .next()
                            .is_some_and(|word| word == *option)
                    })
                    .unwrap_or_else(|| panic!("{command}: no line for {option} in\n{text}"));
                // Two columns: the option (with its value's name), then its help.
                let columns = line.trim().split("  ").filter(|c| !c.trim().is_empty());
                let described = columns.count() >= 2;
                assert!(described, "{command} {option}: no help text: {line}");
            }
            if options.contains(&"--rules") {
                assert!(text.contains(&Preset::id_list()), "{command}: {text}");
            }
        }
    }
    // The old parser took `--help` for an option that was missing its value.
    let out = dame(&["match", "--help"]);
    assert!(!stdout(&out).contains("needs a value"), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("Usage: dame match"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn an_unknown_option_or_a_missing_one_is_one_line_on_stderr_and_exit_status_2() {
    for (args, message) in [
        (
            &["search", "--rules", "english", "--depth", "3", "--bogus"][..],
            "dame: error: unexpected argument '--bogus' found\n",
        ),
        (
            &["perft", "--depth", "3"],
            "dame: error: missing --rules <PRESET>\n",
        ),
        (
            &["learn", "--rules", "english"],
            "dame: error: missing --out <FILE>\n",
        ),
        (
            &["search", "--rules", "english"],
            "dame: error: missing one of --depth <D>, --movetime <MS>, --nodes <N>\n",
        ),
        (
            &["perft", "--rules", "english", "--depth"],
            "dame: error: a value is required for '--depth <D>' but none was supplied\n",
        ),
        (
            &["perft", "--rules", "english", "--depth", "two"],
            "dame: error: --depth must be a whole number, not 'two'\n",
        ),
        (
            &["perft", "--rules", "chess", "--depth", "2"],
            "dame: error: unknown rules preset 'chess' (expected one of: blasen, standard, \
             standard-flying, english, russian)\n",
        ),
        (
            &["moves", "--rules", "english", "--notation", "acf"],
            "dame: error: unknown notation 'acf' (expected internal or native)\n",
        ),
        (
            &[
                "egdb", "--rules", "english", "--probe", "W:W1:B2", "--pieces", "3",
            ],
            "dame: error: the argument '--probe <FEN>' cannot be used with '--pieces <N>'\n",
        ),
        (
            &[
                "learn",
                "--rules",
                "english",
                "--out",
                "x",
                "--positions",
                "a",
                "--write-positions",
                "b",
            ],
            "dame: error: the argument '--positions <FILE>' cannot be used with \
             '--write-positions <FILE>'\n",
        ),
        (
            &[
                "match",
                "--rules",
                "english",
                "--a",
                "1",
                "--engine-a",
                "x",
                "--games",
                "2",
            ],
            "dame: error: the argument '--a <LEVEL>' cannot be used with '--engine-a <COMMAND>'\n",
        ),
        (
            &[
                "match",
                "--rules",
                "english",
                "--engine-a",
                "x",
                "--games",
                "2",
            ],
            "dame: error: missing --engine-b <COMMAND>, --movetime <MS>\n",
        ),
        (&["fly"], "dame: error: unrecognized subcommand 'fly'\n"),
        (
            &[],
            "dame: error: missing command (perft, moves, search, pdn, analyse, puzzles, match, tune, \
             learn, egdb, engine)\n",
        ),
    ] {
        let out = dame(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
        assert_eq!(stderr(&out), message, "{args:?}");
    }
}

#[test]
fn zero_depth_or_zero_games_is_refused() {
    for args in [
        vec!["perft", "--rules", "english", "--depth", "0"],
        vec!["search", "--rules", "english", "--depth", "0"],
        vec![
            "match", "--rules", "english", "--a", "1", "--b", "1", "--games", "0",
        ],
    ] {
        let out = dame(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).starts_with("dame: error: "), "{args:?}");
    }
}

fn data(name: &str) -> String {
    format!("{}/tests/pdn/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn pdn_prints_each_games_final_position_in_the_internal_notation() {
    // Tinsley – Cameron 1956 and the published winning line (tests/pdn.rs names the source).
    let out = dame(&["pdn", &data("tinsley-cameron-1956.pdn")]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "W:WK8,20,21,22,23,27:B2,10,12,13,K28\nW:WK18,20:B12,21\n"
    );
    assert!(stderr(&out).is_empty());
    // From standard input, five Russian games written by other programs.
    let text = std::fs::read_to_string(data("russian-programs.pdn")).unwrap();
    let out = dame_with_stdin(&["pdn"], &text);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "W:W21,25:B2,16,K24\nW:W21,25:B2,16,K24\nB:WK15:B\n\
         W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,12,15\n\
         W:W19,21,22,23,24,25,26,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,14\n"
    );
}

#[test]
fn output_to_a_reader_that_has_gone_ends_quietly() {
    // `dame pdn games.pdn | head -1`: the reader closes the pipe. Here it is closed before the
    // tool writes at all, so every write fails; the tool must end with success, without a panic.
    for args in [
        vec!["pdn".to_string(), data("tinsley-cameron-1956.pdn")],
        ["perft", "--rules", "russian", "--depth", "3"]
            .map(String::from)
            .to_vec(),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dame"))
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("dame runs");
        child.stdout = None; // closes the reading end: the reader has gone
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).lines().all(|l| !l.contains("panicked")),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn pdn_takes_rules_for_games_without_a_game_type() {
    let file = data("english-programs.pdn");
    let out = dame(&["pdn", &file, "--rules", "english"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 2);
    // Without --rules the second game says what is missing; the first still prints.
    let out = dame(&["pdn", &file]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out).lines().count(), 1);
    assert_eq!(
        stderr(&out),
        "dame: error: game 2 (Player two – Player one, Casual): no GameType or Rules tag says \
         which rules the game is played by\n"
    );
}

#[test]
fn pdn_names_the_game_and_the_move_that_fails() {
    let text = "[Event \"Fine\"]\n[GameType \"21\"]\n1. 11-15 23-19 *\n\n\
                [Event \"Illegal\"]\n[GameType \"21\"]\n1. 11-15 22-13 *\n\n\
                [Event \"Unreadable\"]\n[GameType \"25\"]\n1. c3-d4 f6-e9 *\n";
    let out = dame_with_stdin(&["pdn", "-"], text);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out).lines().count(), 1);
    assert_eq!(
        stderr(&out),
        "dame: error: game 2 (Illegal): move 1... '22-13' (line 7): not a legal move here\n\
         dame: error: game 3 (Unreadable): move 1... 'f6-e9' (line 11): cannot read it: 'e9' is \
         not a dark square a1–h8\n"
    );
    for args in [
        vec!["pdn", "/no/such/file.pdn"],
        vec!["pdn", "a.pdn", "b.pdn"],
        vec!["pdn", "--rules", "chess"],
    ] {
        let out = dame(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out).lines().count(), 1, "{args:?}");
    }
}

#[test]
fn moves_and_search_write_the_native_notation_on_request() {
    let out = dame(&["moves", "--rules", "english", "--notation", "native"]);
    assert_eq!(
        stdout(&out),
        "9-13\n9-14\n10-14\n10-15\n11-15\n11-16\n12-16\n"
    );
    let out = dame(&["moves", "--rules", "russian", "--notation=native"]);
    assert_eq!(
        stdout(&out),
        "a3-b4\nc3-b4\nc3-d4\ne3-d4\ne3-f4\ng3-f4\ng3-h4\n"
    );
    let out = dame(&[
        "moves",
        "--rules",
        "russian",
        "--fen",
        "W:WK26:B8,9,10,11,19",
        "--notation",
        "native",
    ]);
    assert!(
        stdout(&out).contains("d2:h6:f8:c5:a7\n"),
        "{}",
        stdout(&out)
    );
    // The default stays the internal notation, for every preset.
    let out = dame(&["moves", "--rules", "english", "--notation", "internal"]);
    assert_eq!(
        stdout(&out),
        stdout(&dame(&["moves", "--rules", "english"]))
    );
    let out = dame(&[
        "search",
        "--rules",
        "english",
        "--depth",
        "3",
        "--notation",
        "native",
    ]);
    let best = stdout(&out).lines().next().unwrap_or("").to_string();
    let number = |s: &str| s.parse::<u8>().unwrap_or(0);
    let from = best
        .strip_prefix("best ")
        .and_then(|m| m.split('-').next())
        .map(number);
    assert!(matches!(from, Some(9..=12)), "{best}");
    let out = dame(&["moves", "--rules", "english", "--notation", "acf"]);
    assert_eq!(out.status.code(), Some(2));
}

// ------------------------------------------------------------------ the engine protocol

/// The lines `dame engine` writes for `script`, and its exit status.
fn engine_session(script: &str) -> (Vec<String>, Option<i32>) {
    let out = dame_with_stdin(&["engine"], script);
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    (
        stdout(&out).lines().map(str::to_string).collect(),
        out.status.code(),
    )
}

/// The `bestmove` answers, in order.
fn best_moves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove ").map(str::to_string))
        .collect()
}

#[test]
fn engine_session_answers_in_order_and_survives_bad_commands() {
    let (lines, status) = engine_session(
        "isready\n\
         rules english\n\
         position startpos moves 22-18 9-13\n\
         go depth 5\n\
         fly to the moon\n\
         go depth x\n\
         position startpos moves 22-17 22-18\n\
         rules chess\n\
         isready\n\
         position fen W:W18,30:B5,14 moves 18x9\n\
         go nodes 3000\n\
         quit\n",
    );
    assert_eq!(status, Some(0));
    assert_eq!(lines[0], "readyok");
    // Every iteration is reported, in order, with its principal variation.
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert!(infos.len() >= 5, "{lines:?}");
    for (i, info) in infos.iter().take(5).enumerate() {
        let words: Vec<&str> = info.split_whitespace().collect();
        assert_eq!(
            &words[..3],
            &["info", "depth", &(i + 1).to_string()],
            "{info}"
        );
        assert_eq!(words[3], "score");
        words[4].parse::<i32>().unwrap();
        assert_eq!(words[5], "nodes");
        assert_eq!(words[7], "nps");
        assert_eq!(words[9], "pv");
        assert!(words.len() > 10, "a principal variation: {info}");
    }
    // The bestmove of the first search is legal after 22-18 9-13, and is the pv's first turn.
    let mut game = Game::new(Preset::English);
    game.play_text("22-18").unwrap();
    game.play_text("9-13").unwrap();
    let legal = common::turns_of(game.position());
    let best = best_moves(&lines);
    assert_eq!(best.len(), 2, "{lines:?}");
    assert!(legal.contains(&best[0]), "{} not in {legal:?}", best[0]);
    assert_eq!(infos[4].split_whitespace().nth(10), Some(best[0].as_str()));
    // Each bad command: one line "error …", and the session goes on.
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("error ")).collect();
    assert_eq!(errors.len(), 4, "{lines:?}");
    assert!(errors[0].contains("unknown command 'fly'"), "{}", errors[0]);
    assert!(
        errors[1].contains("'x' is not a whole number"),
        "{}",
        errors[1]
    );
    assert!(
        errors[2].starts_with("error move 2 '22-18'"),
        "{}",
        errors[2]
    );
    assert!(errors[3].contains("chess"), "{}", errors[3]);
    assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 2);
    // The last search ran in the FEN's position after 18x9: Black's only man left is on 14... its
    // answer is one of that position's turns.
    let mut fen_game = Game::from_position(common::pos(Preset::English, "W:W18,30:B5,14"));
    fen_game.play_text("18x9").unwrap();
    assert!(
        common::turns_of(fen_game.position()).contains(&best[1]),
        "{}",
        best[1]
    );
}

/// A king shuffle of `plies` turns from `fen`: two kings going back and forth, so that the
/// position repeats every four plies.
fn shuffle(preset: Preset, fen: &str, plies: usize) -> Vec<String> {
    let mut game = Game::from_position(common::pos(preset, fen));
    let mut texts = Vec::new();
    let mut forth: Vec<String> = Vec::new();
    for ply in 0..plies {
        let text = if ply % 4 < 2 {
            let pos = *game.position();
            let turn = pos.legal_turns()[0];
            let text = notation::turn_text(&pos, &turn);
            forth.push(text.clone());
            text
        } else {
            // Back the way it came: "a-b" becomes "b-a".
            let came = &forth[ply % 2];
            let (a, b) = came.split_once('-').unwrap();
            format!("{b}-{a}")
        };
        game.play_text(&text).unwrap();
        texts.push(text);
        if ply % 4 == 3 {
            forth.clear();
        }
    }
    texts
}

#[test]
fn engine_knows_the_game_history_a_third_repetition_ends_the_game() {
    // Two kings far apart, Red to move: after 8 plies of shuffling the start position stands for
    // the third time, a draw; after 4 it is only the second time and there is a move to make.
    let fen = "W:WK29:BK4";
    let eight = shuffle(Preset::English, fen, 8);
    let mut game = Game::from_position(common::pos(Preset::English, fen));
    for t in &eight {
        game.play_text(t).unwrap();
    }
    assert_eq!(game.repetitions(), 3, "{eight:?}");
    let four = eight[..4].join(" ");
    let (lines, _) = engine_session(&format!(
        "rules english\nposition fen {fen} moves {four}\ngo depth 4\nposition fen {fen} moves {}\ngo depth 4\nquit\n",
        eight.join(" ")
    ));
    let best = best_moves(&lines);
    assert_eq!(best.len(), 2, "{lines:?}");
    assert!(
        common::turns_of(&common::pos(Preset::English, fen)).contains(&best[0]),
        "{lines:?}"
    );
    assert_eq!(
        best[1], "none",
        "the game is drawn by the third repetition: {lines:?}"
    );
}

#[test]
fn every_bestmove_is_legal_in_every_preset_over_random_positions() {
    let mut rng = Rng(0x5eed_0fe4_614e);
    for preset in Preset::ALL {
        let mut script = format!("rules {}\n", preset.id());
        let mut expected: Vec<Vec<String>> = Vec::new();
        for _ in 0..12 {
            // A random game of 0–40 plies from the start, stopped early if it ends.
            let mut game = Game::new(preset);
            let mut texts = Vec::new();
            for _ in 0..rng.below(41) {
                if game.outcome().is_some() {
                    break;
                }
                let pos: Position = *game.position();
                let turns = pos.legal_turns();
                let turn = turns[rng.below(turns.len())];
                let text = notation::turn_text(&pos, &turn);
                game.play_text(&text).unwrap();
                texts.push(text);
            }
            let legal = if game.outcome().is_some() {
                vec!["none".to_string()]
            } else {
                common::turns_of(game.position())
            };
            expected.push(legal);
            script += &format!(
                "position startpos moves {}\ngo nodes 2000\n",
                texts.join(" ")
            );
        }
        script += "quit\n";
        let (lines, status) = engine_session(&script);
        assert_eq!(status, Some(0));
        assert!(
            !lines.iter().any(|l| l.starts_with("error")),
            "{preset:?}: {lines:?}"
        );
        let best = best_moves(&lines);
        assert_eq!(best.len(), expected.len(), "{preset:?}: {lines:?}");
        for (b, legal) in best.iter().zip(&expected) {
            assert!(legal.contains(b), "{preset:?}: {b} not in {legal:?}");
        }
    }
}

#[test]
fn stop_ends_a_deep_search_with_a_legal_bestmove() {
    // Depth 60 would take far longer than the test: stop, sent at once, ends it.
    let (lines, status) = engine_session("rules russian\ngo depth 60\nstop\nisready\nquit\n");
    assert_eq!(status, Some(0));
    let best = best_moves(&lines);
    assert_eq!(best.len(), 1, "{lines:?}");
    let legal = common::turns_of(&Position::start(Preset::Russian));
    assert!(legal.contains(&best[0]), "{} not in {legal:?}", best[0]);
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
}

/// `dame match` between two copies of `engine`, 5 ms a move, with `extra` options.
fn engine_match(rules: &str, engine: &str, games: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "match",
        "--rules",
        rules,
        "--engine-a",
        engine,
        "--engine-b",
        engine,
        "--games",
        games,
        "--movetime",
        "5",
    ];
    args.extend_from_slice(extra);
    dame(&args)
}

#[test]
fn a_long_engine_match_can_be_played_in_parts_and_reports_each_game() {
    let engine = format!("{} engine --egdb off", env!("CARGO_BIN_EXE_dame"));
    let out = engine_match("english", &engine, "4", &["--skip", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains(": 2 games,"), "{}", stdout(&out));
    // Games 3 and 4 of the schedule: the second ballot, A with Red and then with Black.
    let log = stderr(&out);
    let games: Vec<&str> = log.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{log}");
    assert!(games[0].starts_with("game 3/4: A red, "), "{log}");
    assert!(games[1].starts_with("game 4/4: A black, "), "{log}");
    assert!(games.iter().all(|g| g.contains(" after ")), "{log}");
    for bad in [&["--skip", "4"][..], &["--adjudicate", "/no/such/dir"][..]] {
        let out = engine_match("english", &engine, "4", bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(stderr(&out).contains(bad[0]), "{bad:?}: {}", stderr(&out));
    }
}

#[test]
fn match_plays_two_engine_programs_over_the_protocol() {
    // Two copies of this binary's engine, in Blasen (huffs are two-word turns on the wire).
    let engine = format!("{} engine", env!("CARGO_BIN_EXE_dame"));
    let out = engine_match("blasen", &engine, "2", &["--threads", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let first = text.lines().next().unwrap();
    assert!(first.contains(": 2 games,"), "{text}");
    let numbers: Vec<u32> = ["wins", "draws", "losses"]
        .iter()
        .map(|w| {
            let before = first.split(&format!(" {w}")).next().unwrap();
            before.rsplit(' ').next().unwrap().parse().unwrap()
        })
        .collect();
    assert_eq!(numbers.iter().sum::<u32>(), 2, "{text}");
    assert!(text.lines().nth(1).unwrap().starts_with("elo"), "{text}");
}

#[test]
fn match_reports_an_engine_that_cannot_start() {
    let out = engine_match("english", "/no/such/engine", "2", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot start engine '/no/such/engine'"),
        "{}",
        stderr(&out)
    );
}

// ------------------------------------------------------------------ the learned evaluation

/// `dame learn` on six quick English games (level 2, 20 epochs), tables written to `out`.
fn learn_a_little(out: &std::path::Path, seed: &str) -> std::process::Output {
    dame(&[
        "learn",
        "--rules",
        "english",
        "--games",
        "6",
        "--seed",
        seed,
        "--epochs",
        "20",
        "--level",
        "2",
        "--out",
        out.to_str().unwrap(),
    ])
}

#[test]
fn learn_writes_the_same_tables_for_the_same_seed() {
    let dir = std::env::temp_dir().join(format!("dame-learn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str, seed: &str| {
        let path = dir.join(name);
        let out = learn_a_little(&path, seed);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stderr(&out).contains("positions/s"), "{}", stderr(&out));
        assert!(stdout(&out).contains("held-out loss"), "{}", stdout(&out));
        let bytes = std::fs::read(&path).unwrap();
        dame_engine::LearnedEval::from_bytes(&bytes).expect("written tables load");
        bytes
    };
    let first = run("a.bin", "3");
    assert_eq!(first, run("b.bin", "3"), "same seed, same bytes");
    assert_ne!(first, run("c.bin", "4"), "another seed, other games");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn learn_writes_the_layout_asked_for_and_refuses_an_unknown_one() {
    let dir = std::env::temp_dir().join(format!("dame-layout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("rows.bin");
    let args = |layout: &'static str| {
        let mut args = vec![
            "learn", "--rules", "english", "--games", "4", "--level", "2",
        ];
        args.extend([
            "--epochs",
            "5",
            "--out",
            path.to_str().unwrap(),
            "--layout",
            layout,
        ]);
        dame(&args)
    };
    let out = args("rows");
    assert!(out.status.success(), "{}", stderr(&out));
    let tables = dame_engine::LearnedEval::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(tables.layout(), dame_engine::Layout::Rows);
    let out = args("hexagons");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown layout 'hexagons'"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn engine_and_search_choose_the_evaluation() {
    for eval in ["learned", "hand"] {
        let out = dame_with_stdin(
            &["engine", "--eval", eval],
            "rules english\nposition startpos\ngo depth 4\nquit\n",
        );
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains("bestmove "), "{}", stdout(&out));
    }
    let out = dame(&["engine", "--eval", "magic"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown evaluation 'magic'"),
        "{}",
        stderr(&out)
    );
    let search = |eval: &str| {
        let out = dame(&[
            "search", "--rules", "english", "--depth", "6", "--eval", eval,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
            .lines()
            .find(|l| l.starts_with("nodes "))
            .unwrap()
            .to_string()
    };
    // The learned tables change what the search sees (and so how far it looks).
    assert_ne!(search("learned"), search("hand"));
    // Tables from a file replace the built-in ones of their family: a few games' worth differ.
    let dir = std::env::temp_dir().join(format!("dame-eval-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tables = dir.join("english.bin");
    let out = learn_a_little(&tables, "1");
    assert!(out.status.success(), "{}", stderr(&out));
    let from_file = search(tables.to_str().unwrap());
    assert_ne!(from_file, search("learned"));
    assert_ne!(from_file, search("hand"));
    // The protocol engine takes them too.
    let out = dame_with_stdin(
        &[
            "engine",
            "--eval",
            tables.to_str().unwrap(),
            "--egdb",
            "off",
        ],
        "rules english\nposition startpos\ngo depth 6\nquit\n",
    );
    assert!(stdout(&out).contains("bestmove "), "{}", stderr(&out));
    // A damaged file is refused with its name and the reason.
    let mut bytes = std::fs::read(&tables).unwrap();
    bytes[1000] ^= 0x40;
    std::fs::write(&tables, &bytes).unwrap();
    let out = dame(&[
        "search",
        "--rules",
        "english",
        "--depth",
        "4",
        "--eval",
        tables.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("english.bin: "), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_recorded_match_resumes_without_playing_a_game_twice() {
    let engine = format!("{} engine --egdb off", env!("CARGO_BIN_EXE_dame"));
    let dir = std::env::temp_dir().join(format!("dame-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("match.txt");
    let path = record.to_str().unwrap();
    // A record from an earlier part: a note, and game 1 (A red) that A won, its line without a
    // newline at the end, as an editor may leave it.
    std::fs::write(
        &record,
        "# English, part 1\ngame 1/4: A red, A wins after 10 plies",
    )
    .unwrap();
    let out = engine_match("english", &engine, "4", &["--record", path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let log = stderr(&out);
    assert!(log.contains("1 games from "), "{log}");
    let played: Vec<&str> = log.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(played.len(), 3, "{log}");
    assert!(played.iter().all(|l| !l.starts_with("game 1/")), "{log}");
    let first = stdout(&out);
    assert!(first.contains(": 4 games, "), "{first}");
    assert!(
        !first.contains(" 0 wins"),
        "the recorded win counts: {first}"
    );
    // The file now holds every game once: the one before and the three played.
    let text = std::fs::read_to_string(&record).unwrap();
    let mut numbers: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("game "))
        .map(|l| l.split('/').next().unwrap())
        .collect();
    numbers.sort();
    assert_eq!(numbers, ["1", "2", "3", "4"], "{text}");
    for line in &played {
        assert!(text.contains(line), "{line} not recorded: {text}");
    }

    // Played again, the match has nothing left to play and reports the same tally.
    let again = engine_match("english", &engine, "4", &["--record", path]);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert!(
        !stderr(&again).lines().any(|l| l.starts_with("game ")),
        "{}",
        stderr(&again)
    );
    assert_eq!(stdout(&again).lines().next(), first.lines().next());

    // A record that does not fit the match is refused with its line, and left as it was.
    for (bad, why) in [
        ("game 2/4: A red, draw after 9 plies\n", "colour"),
        (
            "game 1/4: A red, draw after 9 plies\ngame 1/4: A red, draw after 9 plies\n",
            "twice",
        ),
        ("game 5/4: A red, draw after 9 plies\n", "outside 1..4"),
        ("game 1/4: A red, A lost\n", "not a game's line"),
    ] {
        std::fs::write(&record, bad).unwrap();
        let out = engine_match("english", &engine, "4", &["--record", path]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = stderr(&out);
        assert!(
            err.contains("--record") && err.contains(why),
            "{bad}: {err}"
        );
        assert!(!err.lines().any(|l| l.starts_with("game ")), "{bad}: {err}");
        assert_eq!(std::fs::read_to_string(&record).unwrap(), bad);
    }
    // Only matches between engine programs keep a record.
    let out = dame(&[
        "match", "--rules", "english", "--a", "1", "--b", "2", "--games", "2", "--record", path,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--record"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_match_writes_its_games_as_pdn_that_reads_back() {
    let engine = format!("{} engine --egdb off", env!("CARGO_BIN_EXE_dame"));
    let dir = std::env::temp_dir().join(format!("dame-match-pdn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pdn");
    let out = engine_match("english", &engine, "2", &["--pdn", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&file).unwrap();
    // Both games read back (one final position each).
    let back = dame(&["pdn", file.to_str().unwrap()]);
    assert_eq!(back.status.code(), Some(0), "{}\n{text}", stderr(&back));
    assert_eq!(stdout(&back).lines().count(), 2, "{text}");
    let log = stderr(&out);
    for (round, game) in text.split("[Event ").skip(1).enumerate() {
        let tag = |name: &str| {
            let start = game
                .find(&format!("[{name} \""))
                .unwrap_or_else(|| panic!("{name}: {game}"));
            let value = &game[start + name.len() + 3..];
            value[..value.find('"').unwrap()].to_string()
        };
        assert_eq!(tag("Round"), (round + 1).to_string(), "{game}");
        assert_eq!(tag("GameType"), "21", "{game}");
        // In English checkers the side that moves first is called Black: A in game 1, B in 2.
        let (first, second) = if round == 0 {
            ("A: ", "B: ")
        } else {
            ("B: ", "A: ")
        };
        assert!(
            tag("Black").starts_with(first) && tag("White").starts_with(second),
            "{game}"
        );
        // The result agrees with the runner's line for the game.
        let line = log
            .lines()
            .find(|l| l.starts_with(&format!("game {}/2:", round + 1)))
            .unwrap();
        let a_is_white = tag("White").starts_with("A: ");
        let expected = match (line.contains("A wins"), line.contains("B wins")) {
            (false, false) => "1/2-1/2",
            (a_won, _) if a_won == a_is_white => "1-0",
            _ => "0-1",
        };
        assert_eq!(tag("Result"), expected, "{line}\n{game}");
        assert!(game.trim_end().ends_with(expected), "{game}");
    }
    assert_eq!(text.matches("[Event ").count(), 2, "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_match_between_levels_writes_its_games_as_pdn_too() {
    let dir = std::env::temp_dir().join(format!("dame-level-pdn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pdn");
    let path = file.to_str().unwrap();
    let args = [
        "match",
        "--rules",
        "blasen",
        "--a",
        "1",
        "--b",
        "2",
        "--games",
        "2",
        "--threads",
        "1",
        "--seed",
        "5",
        "--pdn",
        path,
    ];
    let out = dame(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("[Event \"dame match\"]").count(), 2, "{text}");
    // Both games read back, and the tally agrees with the results written.
    let back = dame(&["pdn", path]);
    assert_eq!(back.status.code(), Some(0), "{}\n{text}", stderr(&back));
    assert_eq!(stdout(&back).lines().count(), 2, "{text}");
    for (round, game) in text.split("[Event ").skip(1).enumerate() {
        assert!(
            game.contains(&format!("[Round \"{}\"]", round + 1)),
            "{game}"
        );
        assert!(game.contains("[Rules \"blasen\"]"), "{game}");
        // Blasen's first mover is White: A (level 1) in game 1, B (level 2) in game 2.
        let (white, black) = if round == 0 {
            ("A: 1 (Anfänger)", "B: 2 (Leicht)")
        } else {
            ("B: 2 (Leicht)", "A: 1 (Anfänger)")
        };
        assert!(
            game.contains(&format!("[White \"{white}\"]"))
                && game.contains(&format!("[Black \"{black}\"]")),
            "{game}"
        );
    }
    // The same seed plays the same games: a second run adds them again, identical.
    let again = dame(&args);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    let twice = std::fs::read_to_string(&file).unwrap();
    assert_eq!(twice, format!("{text}{text}"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// English checkers, set up: Red (ACF's Black, the first mover) leaves a man hanging with 11-15
/// (22-18 in docs/rules.md §7 numbering), and Black takes it with 18x11, its only legal turn
/// (tests/analysis.rs has the same game).
const HANGING_PDN: &str = "[Event \"Hanging\"]\n[Black \"Ann\"]\n[Rules \"english\"]\n\
                           [SetUp \"1\"]\n[FEN \"B:B11,9:W30,18\"]\n\n1. 11-15 18x11 *\n";

#[test]
fn analyse_judges_each_turn_and_writes_annotated_pdn_that_reads_back() {
    let out = dame_with_stdin(&["analyse", "--depth", "8"], HANGING_PDN);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("[Event \"Hanging\"]\n")
            && text.contains("[Black \"Ann\"]\n")
            && text.contains("[FEN \"B:W18,30:B9,11\"]\n")
            && text.contains("[Annotator \"dame analyse, depth 8\"]\n"),
        "{text}"
    );
    let movetext = text.split("\n\n").nth(1).unwrap().replace('\n', " ");
    // The hanging man: a blunder ($4, ??) or at least a mistake ($2, ?), Red's score below a
    // man down or a forced loss (`#-N`), and the engine's line instead, starting with a safe
    // turn (22-17 or 24-20).
    let blunder = movetext
        .strip_prefix("1. 11-15 ")
        .unwrap_or_else(|| panic!("{movetext}"));
    assert!(
        [
            "$4 {[%eval -",
            "$2 {[%eval -",
            "$4 {[%eval #-",
            "$2 {[%eval #-"
        ]
        .iter()
        .any(|start| blunder.starts_with(start)),
        "{movetext}"
    );
    let variation = &blunder[blunder.find('(').unwrap()..];
    assert!(
        variation.starts_with("(1. 11-16 ") || variation.starts_with("(1. 9-13 "),
        "{movetext}"
    );
    // The forced capture: an evaluation, no NAG, no variation.
    assert!(movetext.contains(") 1... 18x11 {[%eval "), "{movetext}");
    assert!(movetext.trim_end().ends_with("]} *"), "{movetext}");
    let judged = if blunder.starts_with("$4") {
        "0 mistakes, 1 blunder"
    } else {
        "1 mistake, 0 blunders"
    };
    assert_eq!(
        stderr(&out),
        format!(
            "game 1: Red (Ann) 0 inaccuracies, {judged}; Black 0 inaccuracies, 0 mistakes, 0 \
             blunders\n"
        )
    );
    // `dame pdn` reads the annotated game back to the same final position.
    let original = dame_with_stdin(&["pdn"], HANGING_PDN);
    let back = dame_with_stdin(&["pdn"], &text);
    assert_eq!(back.status.code(), Some(0), "{}", stderr(&back));
    assert_eq!(stdout(&back), "W:W24:B3,22\n");
    assert_eq!(stdout(&back), stdout(&original));
    // At a fixed depth the same input gives the same output.
    let again = dame_with_stdin(&["analyse", "--depth", "8"], HANGING_PDN);
    assert_eq!(stdout(&again), text);
    assert_eq!(stderr(&again), stderr(&out));
}

#[test]
fn analyse_reads_files_takes_rules_and_annotates_every_game() {
    // Two published English games from a file, read back by `dame pdn` as they were.
    let file = data("tinsley-cameron-1956.pdn");
    let out = dame(&["analyse", &file, "--depth", "4"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let back = dame_with_stdin(&["pdn"], &stdout(&out));
    assert_eq!(stdout(&back), stdout(&dame(&["pdn", &file])));
    let summary = stderr(&out);
    assert_eq!(summary.lines().count(), 2, "{summary}");
    assert!(
        summary.starts_with("game 1: Red (Tinsley, Marion) ") && summary.contains("\ngame 2: Red "),
        "{summary}"
    );
    // A game without GameType or Rules tag needs --rules; a time limit instead of a depth.
    let text = "[Event \"Untagged\"]\n1. 22-18 10-14 *\n";
    let out = dame_with_stdin(&["analyse", "--rules", "blasen", "--movetime", "20"], text);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("[Rules \"blasen\"]\n"),
        "{}",
        stdout(&out)
    );
    assert!(
        stdout(&out).contains("[Annotator \"dame analyse, 20 ms a position\"]\n"),
        "{}",
        stdout(&out)
    );
    let out = dame_with_stdin(&["analyse", "--depth", "4"], text);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert_eq!(
        stderr(&out),
        "dame: error: game 1 (Untagged): no GameType or Rules tag says which rules the game is \
         played by\n"
    );
}

#[test]
fn analyse_help_names_its_options() {
    let out = dame(&["analyse", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Usage: dame analyse"), "{text}");
    for option in ["[FILE]", "--rules", "--depth", "--movetime"] {
        let line = text
            .lines()
            .find(|l| l.trim_start().split([' ', ',']).next() == Some(option))
            .unwrap_or_else(|| panic!("no line for {option} in\n{text}"));
        let columns = line.trim().split("  ").filter(|c| !c.trim().is_empty());
        assert!(columns.count() >= 2, "{option}: no help text: {line}");
    }
    assert!(text.contains(&Preset::id_list()), "{text}");
    assert!(text.contains("[default: 14]"), "{text}");
    assert!(text.contains("blunder ($4, ??)"), "{text}");
    let out = dame(&["--help"]);
    assert!(
        stdout(&out)
            .lines()
            .any(|l| l.trim_start().starts_with("analyse ")),
        "{}",
        stdout(&out)
    );
}

#[test]
fn analyse_refuses_bad_input_in_one_line_with_exit_status_2() {
    let file = data("tinsley-cameron-1956.pdn");
    for args in [
        vec!["analyse", "/no/such/file.pdn"],
        vec!["analyse", &file, "--depth", "0"],
        vec!["analyse", &file, "--movetime", "0"],
        vec!["analyse", &file, "--depth", "3", "--movetime", "10"],
        vec!["analyse", &file, "--depth", "deep"],
        vec!["analyse", &file, "--rules", "chess"],
        vec!["analyse", "a.pdn", "b.pdn"],
    ] {
        let out = dame(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("dame: error: "), "{args:?}: {err}");
    }
    for (input, message) in [
        (
            "[GameType \"21\"]\n1. 11-15 22-13 *\n",
            "dame: error: game 1: move 1... '22-13' (line 2): not a legal move here\n",
        ),
        (
            "[GameType \"21\"]\n1. 11-15 {never closed\n",
            "dame: error: game 1: line 2, column 10: comment '{' is never closed\n",
        ),
        ("", "dame: error: no PDN game in standard input\n"),
    ] {
        let out = dame_with_stdin(&["analyse", "--depth", "2"], input);
        assert_eq!(out.status.code(), Some(2), "{input}");
        assert!(stdout(&out).is_empty(), "{input}");
        assert_eq!(stderr(&out), message, "{input}");
    }
}

/// A constructed English game (ACF numbers): Red, to move in `W:W22,23,26,31:B3,4,14,15`, wins
/// a man with the two-for-one 22-18 15x22 26x17x10 (ACF 11-15 18x11 7x16x23).
const PUZZLE_SHOT: &str =
    "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"B:B2,7,10,11:W18,19,29,30\"]\n\n\
                           1. 11-15 18x11 2. 7x16x23 *\n";

/// The first ten plies of an English engine game: nothing to win.
const PUZZLE_QUIET: &str = "[GameType \"21\"]\n\n\
                            1. 9-13 24-20 2. 6-9 28-24 3. 11-15 23-18 4. 8-11 27-23 5. 1-6 32-27 *\n";

#[test]
fn puzzles_finds_the_shot_and_writes_the_same_json_lines_every_time() {
    let dir = std::env::temp_dir().join(format!("dame-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (shot, quiet) = (dir.join("shot.pdn"), dir.join("quiet.pdn"));
    std::fs::write(&shot, PUZZLE_SHOT).unwrap();
    std::fs::write(&quiet, PUZZLE_QUIET).unwrap();
    let (shot, quiet) = (shot.to_str().unwrap(), quiet.to_str().unwrap());
    let mut files = Vec::new();
    for run in ["a", "b"] {
        let out_file = dir.join(format!("{run}.jsonl"));
        let out_path = out_file.to_str().unwrap();
        let out = dame(&[
            "puzzles",
            "--from",
            quiet,
            shot,
            "--out",
            out_path,
            "--depth",
            "6",
            "--verify-depth",
            "8",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(stdout(&out).is_empty());
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("2 games, 5 positions looked at, 1 candidates at depth 6, 1 puzzles kept at depth 8"),
            "{err}"
        );
        files.push(std::fs::read_to_string(&out_file).unwrap());
    }
    assert_eq!(files[0], files[1]);
    let lines: Vec<&str> = files[0].lines().collect();
    assert_eq!(lines.len(), 1, "{}", files[0]);
    let prefix = format!(
        "{{\"id\": \"english-1\", \"rules\": \"english\", \"fen\": \"W:W22,23,26,31:B3,4,14,15\", \
         \"solution\": [\"22-18\", \"15x22\", \"26x17x10\"], \"gain\": 100, \"source\": \"{shot}:1:0\", \
         \"rating\": "
    );
    assert!(lines[0].starts_with(&prefix), "{}", lines[0]);
    let rating = lines[0][prefix.len()..].strip_suffix('}').unwrap();
    assert!(rating.parse::<u32>().is_ok(), "{rating}");
    // The quiet game alone: an empty file.
    let none = dir.join("none.jsonl");
    let out = dame(&[
        "puzzles",
        "--from",
        quiet,
        "--out",
        none.to_str().unwrap(),
        "--depth",
        "6",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&none).unwrap(), "");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn puzzles_help_names_its_options() {
    let out = dame(&["puzzles", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    for option in [
        "--rules",
        "--from",
        "--out",
        "--depth",
        "--verify-depth",
        "--egdb",
        "--max",
    ] {
        assert!(
            text.lines().any(|l| l.trim_start().starts_with(option)),
            "{option} missing in\n{text}"
        );
    }
    assert!(text.contains("exactly one turn wins"), "{text}");
    let out = dame(&["--help"]);
    assert!(
        stdout(&out)
            .lines()
            .any(|l| l.trim_start().starts_with("puzzles ")),
        "{}",
        stdout(&out)
    );
}

#[test]
fn puzzles_refuses_bad_input_in_one_line_with_exit_status_2() {
    let file = data("tinsley-cameron-1956.pdn");
    let record = format!("{}/docs/matches/english-1s.txt", env!("CARGO_MANIFEST_DIR"));
    let out_file = std::env::temp_dir().join(format!("dame-puzzles-bad-{}", std::process::id()));
    let out_path = out_file.to_str().unwrap();
    for args in [
        vec!["puzzles", "--out", out_path],
        vec!["puzzles", "--from", &file],
        vec!["puzzles", "--from", "/no/such/file.pdn", "--out", out_path],
        vec![
            "puzzles", "--from", &file, "--out", out_path, "--depth", "0",
        ],
        vec![
            "puzzles", "--from", &file, "--out", out_path, "--depth", "deep",
        ],
        vec![
            "puzzles",
            "--from",
            &file,
            "--out",
            out_path,
            "--depth",
            "6",
            "--verify-depth",
            "4",
        ],
        vec!["puzzles", "--from", &file, "--out", out_path, "--max", "0"],
        vec![
            "puzzles", "--from", &file, "--out", out_path, "--rules", "chess",
        ],
        vec!["puzzles", "--from", &record, "--out", out_path],
    ] {
        let out = dame(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("dame: error: "), "{args:?}: {err}");
    }
    assert!(!out_file.exists());
}

#[test]
fn learn_goes_on_from_the_built_in_tables_with_games_read_from_pdn() {
    let dir = std::env::temp_dir().join(format!("dame-learn-pdn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("more.bin");
    // English games in the rows layout, going on from `start`, written to `path`.
    let learn_rows = |start: &str, more: &[&str]| {
        let mut args = vec!["learn", "--rules", "english", "--layout", "rows"];
        args.extend(["--pdn", "tests/pdn/english-programs.pdn", "--start", start]);
        args.extend(more);
        args.extend(["--out", path.to_str().unwrap()]);
        dame(&args)
    };
    let out = learn_rows(
        "built-in",
        &[
            "--pdn",
            "tests/pdn/tinsley-cameron-1956.pdn",
            "--epochs",
            "3",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("positions from"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("positions/s"), "no self-play games");
    let tables = dame_engine::LearnedEval::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
    let built_in = dame_engine::learned::embedded(dame_engine::learned::EvalFamily::ShortKings)
        .unwrap()
        .values();
    let values = tables.values();
    let changed = values.iter().zip(&built_in).filter(|(a, b)| a != b).count();
    // The games touch some patterns; the rest stay as they were built in. Had the training
    // started from zero, every entry that is not zero in the built-in tables (about a third)
    // would differ.
    assert!(changed > 0, "the games taught something");
    assert!(
        changed * 5 < values.len(),
        "{changed} of {} entries changed",
        values.len()
    );

    // Tables of another layout, and games of another preset, are refused with a reason.
    let blocks = dir.join("blocks.bin");
    let out = learn_a_little(&blocks, "1");
    assert!(out.status.success(), "{}", stderr(&out));
    let out = learn_rows(blocks.to_str().unwrap(), &[]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("blocks layout"), "{}", stderr(&out));
    let out = dame(&[
        "learn",
        "--rules",
        "english",
        "--pdn",
        "tests/pdn/russian-programs.pdn",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("a game of russian"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A string for a test's argument list of `&str`.
fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

#[test]
fn learn_trains_a_network_that_the_engine_plays_with() {
    let dir = std::env::temp_dir().join(format!("dame-learn-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("net.bin");
    let learn = |more: &[&str]| {
        let mut args = vec![
            "learn", "--rules", "english", "--model", "net", "--skip", "0",
        ];
        for file in [
            "english-programs",
            "tinsley-cameron-1956",
            "games-checkers-british",
        ] {
            args.extend(["--pdn".to_string(), format!("tests/pdn/{file}.pdn")].map(leak));
        }
        args.extend(["--epochs", "3"]);
        args.extend(more);
        args.extend(["--out", path.to_str().unwrap()]);
        dame(&args)
    };
    let out = learn(&["--hidden", "32"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("english network (32 hidden)"), "{text}");
    // The report's losses: the held-out fit with the network, float and integer.
    let losses: Vec<f64> = text
        .lines()
        .find(|l| l.starts_with("held-out loss"))
        .expect("a held-out line")
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(losses.len(), 3, "{text}");
    assert!(
        (losses[1] - losses[2]).abs() < 0.01,
        "integer as float: {text}"
    );
    let bytes = std::fs::read(&path).unwrap();
    let net = dame_engine::NetEval::from_bytes(&bytes).unwrap();
    assert_eq!(net.preset(), dame_core::Preset::English);
    // The same samples give the same network.
    let fresh = learn(&["--hidden", "32"]);
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    // Training goes on from a network (`--start`): its first epoch starts where the trained one
    // ended, so it fits the held-out games better than a first epoch from random weights.
    let first_held_out = |out: &std::process::Output| -> f64 {
        let text = stderr(out);
        let line = text
            .lines()
            .find(|l| l.starts_with("epoch 1:"))
            .expect("epoch 1");
        line.rsplit(' ').next().unwrap().parse().unwrap()
    };
    let start = dir.join("start.bin");
    std::fs::copy(&path, &start).unwrap();
    let more = learn(&["--hidden", "32", "--start", start.to_str().unwrap()]);
    assert!(more.status.success(), "{}", stderr(&more));
    assert!(
        stdout(&more).contains("with the start network"),
        "{}",
        stdout(&more)
    );
    assert!(!stdout(&fresh).contains("with the start network"));
    assert!(
        first_held_out(&more) < first_held_out(&fresh),
        "{}\n{}",
        stderr(&more),
        stderr(&fresh)
    );
    assert_ne!(std::fs::read(&path).unwrap(), bytes);
    // A start network of another width is refused.
    let out = learn(&["--hidden", "64", "--start", start.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("32 hidden units"), "{}", stderr(&out));
    std::fs::write(&path, &bytes).unwrap();
    // The engine plays with it (`--eval FILE` tells a network from tables by its magic).
    let out = dame(&[
        "search",
        "--rules",
        "english",
        "--depth",
        "4",
        "--eval",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // A width the engine has no code for is refused with the widths it has.
    let out = learn(&["--hidden", "48"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("32, 64, 128 or 256"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
