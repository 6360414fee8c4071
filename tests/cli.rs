//! The `dame` command-line tool, run as a player or a checker would run it.

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
