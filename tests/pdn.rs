//! PDN and the games' own notations (docs/rules.md §7, "Other notations"): published games
//! replayed, games written by other programs read, every preset's games written and read back,
//! and any text at all read without a panic.
//!
//! The games live in `tests/pdn/*.pdn`, each with its source in a comment.

mod common;

use common::Rng;
use dame_core::notation::{IllegalReason, Numbering, TurnError};
use dame_core::pdn::{read_game, read_games, write_game, PdnErrorKind, PdnGame};
use dame_core::{Color, Game, Preset, Square};

fn data(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pdn")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every game of a data file, which must all read.
fn games(name: &str, default: Option<Preset>) -> Vec<PdnGame> {
    read_games(&data(name), default)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

/// The final position in the internal notation and in the game's own.
fn finals(game: &PdnGame) -> (String, String) {
    let setup = game.game.position().setup();
    (
        game.game.position().to_string(),
        Numbering::of(game.preset).write_fen(&setup),
    )
}

#[test]
fn tinsley_cameron_1956_reaches_the_published_position() {
    // Source: Bob Newell, "Tinsley's Choice", The Checker Maven (see the data file).
    let games = games("tinsley-cameron-1956.pdn", None);
    let game = &games[0];
    assert_eq!(game.preset, Preset::English);
    assert_eq!(game.tag("Black"), Some("Tinsley, Marion"));
    assert_eq!(game.game.history().len(), 50);
    assert_eq!(game.result.as_deref(), Some("0-1"));
    let (internal, acf) = finals(game);
    // The article prints B:WK5,20,21,23,31:B6,10,11,12,13,K25: Black, the first mover, to play.
    assert_eq!(acf, "B:WK5,20,21,23,31:B6,10,11,12,13,K25");
    // Turned half round (s ↔ 33 − s), with ACF's Black as our Red.
    assert_eq!(internal, "W:WK8,20,21,22,23,27:B2,10,12,13,K28");
    assert_eq!(game.game.side_to_move(), Color::Red);

    // The article's winning line, from its FEN: 5x16 names only the ends of a triple jump.
    let solution = &games[1];
    assert_eq!(
        solution.game.start_position(),
        game.game.position(),
        "the FEN tag is read in ACF numbers"
    );
    let (internal, acf) = finals(solution);
    assert_eq!(acf, "B:W12,21:B13,K15");
    assert_eq!(internal, "W:WK18,20:B12,21");
    assert_eq!(
        Numbering::Acf.turn_text(&solution.game.positions()[1], &solution.game.history()[1]),
        "5x14x7x16"
    );
}

#[test]
fn dyachkov_burkovsky_1941_replays_to_the_diagram() {
    // Source: "64. Shakhmatno-shashechnaya gazeta" No. 26, 1941, quoted by the Tula draughts
    // federation (see the data file). Worked out by hand from the moves: White c1, c3, c5, d2,
    // d4, e1, g3, h2, h4; Black a5, a7, b6, d8, e5, f4, f6, f8, h8; Black to move.
    let games = games("dyachkov-burkovsky-1941.pdn", None);
    let game = &games[0];
    assert_eq!(game.preset, Preset::Russian);
    assert_eq!(game.game.history().len(), 29);
    let (internal, algebraic) = finals(game);
    assert_eq!(
        algebraic,
        "B:Wc1,c3,c5,d2,d4,e1,g3,h2,h4:Ba5,a7,b6,d8,e5,f4,f6,f8,h8"
    );
    assert_eq!(
        internal,
        "B:W14,18,20,22,24,26,28,30,31:B2,3,4,5,9,11,13,15,19"
    );
}

#[test]
fn russian_games_written_by_other_programs_load() {
    let games = games("russian-programs.pdn", None);
    assert_eq!(games.len(), 5);
    // mrcd2000kval game 2 (FMJD archive, via pydraughts), both spellings: worked out by hand,
    // White b2, a3 against Black d8, g5 and a king on g3, White to move; Black won.
    for game in &games[..2] {
        assert_eq!(game.game.history().len(), 40);
        assert_eq!(game.result.as_deref(), Some("0-1"));
        let (internal, algebraic) = finals(game);
        assert_eq!(algebraic, "W:Wa3,b2:Bd8,Kg3,g5");
        assert_eq!(internal, "W:W21,25:B2,16,K24");
    }
    assert_eq!(games[0].game.history(), games[1].game.history());
    // A numeric FEN in the internal (= numeric Russian) numbering and a four-piece king capture.
    let kotlin = &games[2];
    assert_eq!(
        kotlin.game.start_position().to_string(),
        "W:WK26:B8,9,10,11,19"
    );
    assert_eq!(finals(kotlin), ("B:WK15:B".into(), "B:WKe5:B".into()));
    assert_eq!(kotlin.result.as_deref(), Some("2-0"));
    assert!(kotlin.game.outcome().is_some());
    // ':' captures; the variation is skipped.
    let corpus = &games[3];
    assert_eq!(
        corpus.game.history_text(),
        ["22-18", "11-15", "18x11", "8x15"]
    );
    assert_eq!(corpus.tag("White"), Some("Белые"));
    // Numbers in a Russian game are the numeric Russian squares: e3-f4 b6-c5 f2-e3 a7-b6.
    let numeric = &games[4];
    let moves: Vec<String> = numeric
        .game
        .history()
        .iter()
        .zip(numeric.game.positions())
        .map(|(turn, pos)| Numbering::Algebraic.turn_text(pos, turn))
        .collect();
    assert_eq!(moves, ["e3-f4", "b6-c5", "f2-e3", "a7-b6"]);
}

#[test]
fn a_fen_position_is_imported_in_the_games_own_numbering() {
    // The example FEN of the Wikipedia article "Portable Draughts Notation" (English numbering):
    // Black, the first mover (our Red), to move.
    let fen = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29";
    let text = format!("[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n*");
    let game = read_game(&text, None).unwrap().game;
    assert!(game.history().is_empty());
    assert_eq!(
        game.position().to_string(),
        "W:WK4,K8,K11,13,17,21:B5,6,9,15,K18,K23"
    );
    let position = Numbering::Acf
        .position_from_fen(fen, Preset::English)
        .unwrap();
    assert_eq!(&position, game.position());
    // Written back canonically: squares in number order.
    assert_eq!(
        Numbering::Acf.write_fen(&position.setup()),
        "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29"
    );
}

#[test]
fn english_games_written_by_other_programs_load() {
    let games = games("english-programs.pdn", Some(Preset::English));
    assert_eq!(games.len(), 2);
    let pydraughts = &games[0];
    assert_eq!(pydraughts.preset, Preset::English);
    assert_eq!(
        pydraughts.game.start_position(),
        &dame_core::Position::start(Preset::English)
    );
    assert_eq!(
        pydraughts.game.history_text()[..4],
        ["22-18", "10-14", "25-22", "11-16"]
    );
    let checkerboard = &games[1];
    assert_eq!(checkerboard.game.history().len(), 10);
    assert_eq!(checkerboard.result.as_deref(), Some("1/2-1/2"));
    // Without GameType, the rules are the caller's: none given, none guessed.
    let without = read_games(&data("english-programs.pdn"), None);
    assert!(without[0].is_ok(), "it has a GameType");
    assert_eq!(without[1].as_ref().unwrap_err().kind, PdnErrorKind::NoRules);
}

#[test]
fn squares_are_named_one_to_one_in_every_numbering() {
    for numbering in Numbering::ALL {
        let names: std::collections::BTreeSet<String> =
            Square::all().map(|sq| numbering.name(sq)).collect();
        assert_eq!(names.len(), 32, "{numbering:?}");
        for sq in Square::all() {
            assert_eq!(numbering.square(&numbering.name(sq)), Some(sq));
        }
    }
    for sq in Square::all() {
        assert_eq!(Numbering::Internal.name(sq), sq.number().to_string());
        assert_eq!(Numbering::Acf.name(sq), (33 - sq.number()).to_string());
        let name = Numbering::Algebraic.name(sq);
        let (file, rank) = (name.as_bytes()[0], name.as_bytes()[1] - b'0');
        assert_eq!(file - b'a', sq.column());
        assert_eq!(rank, 9 - sq.row());
        assert_eq!(
            (file - b'a' + rank) % 2,
            1,
            "{name} is a dark square, as a1 is"
        );
    }
    // Nothing else reads as a square.
    for bad in [
        "0", "33", "a2", "b1", "i1", "a9", "", "1a", "c33", "0x", "-1",
    ] {
        assert_eq!(Numbering::Acf.square(bad), None, "{bad}");
        assert_eq!(Numbering::Algebraic.square(bad), None, "{bad}");
    }
}

#[test]
fn the_first_mover_holds_acf_1_to_12_and_the_first_algebraic_rows() {
    let start = Game::new(Preset::English);
    let mut acf: Vec<String> = start
        .legal_turns()
        .iter()
        .map(|t| Numbering::Acf.turn_text(start.position(), t))
        .collect();
    acf.sort();
    assert_eq!(
        acf,
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
    let start = Game::new(Preset::Russian);
    let mut algebraic: Vec<String> = start
        .legal_turns()
        .iter()
        .map(|t| Numbering::Algebraic.turn_text(start.position(), t))
        .collect();
    algebraic.sort();
    assert_eq!(
        algebraic,
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
    assert_eq!(
        Numbering::Acf.write_fen(&start.position().setup()),
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    assert_eq!(
        Numbering::Algebraic.write_fen(&start.position().setup()),
        "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"
    );
}

/// The moves of each game of a data file as written: tags, `;` lines, comments and variations
/// left out, move numbers cut off, results dropped. Enough for the files read here.
fn written_moves(text: &str) -> Vec<Vec<String>> {
    let mut games: Vec<Vec<String>> = Vec::new();
    let mut in_moves = false;
    let mut depth = 0usize;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if depth == 0 && (trimmed.starts_with(';') || trimmed.is_empty()) {
            continue;
        }
        if depth == 0 && trimmed.starts_with('[') {
            if in_moves || games.is_empty() {
                games.push(Vec::new());
            }
            in_moves = false;
            continue;
        }
        in_moves = true;
        let mut kept = String::new();
        for c in line.chars() {
            match c {
                '(' | '{' => depth += 1,
                ')' | '}' => depth -= 1,
                _ if depth == 0 => kept.push(c),
                _ => {}
            }
        }
        for word in kept.split_whitespace() {
            if ["1-0", "0-1", "1/2-1/2", "1:0", "0:1", "1/2:1/2", "*"].contains(&word) {
                continue;
            }
            // A move number, perhaps with its move stuck to it: `12.`, `1.E3-D4`.
            let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let word = match word[digits..].trim_start_matches('.') {
                rest if rest.len() < word.len() - digits => rest,
                _ => word,
            };
            if !word.is_empty() {
                games.last_mut().unwrap().push(word.to_ascii_lowercase());
            }
        }
    }
    games
}

/// Checks that every turn of `game` is the move written for it: the start square (or, in the
/// Russian short notation, its file) and the end square, in the game's own notation.
fn assert_read_as_written(game: &PdnGame, written: &[String]) {
    let numbering = Numbering::of(game.preset);
    assert_eq!(game.game.history().len(), written.len(), "{written:?}");
    for (ply, (turn, word)) in game.game.history().iter().zip(written).enumerate() {
        let mv = turn.mv.expect("a move");
        let (from, to) = (numbering.name(mv.from()), numbering.name(mv.to()));
        let squares: Vec<&str> = word.split(['-', 'x', ':']).collect();
        let bytes = word.as_bytes();
        let short = bytes.len() == 3 && bytes[..2].iter().all(u8::is_ascii_alphabetic);
        if short {
            assert_eq!(&from[..1], &word[..1], "ply {ply}: {word} is {from}-{to}");
            assert_eq!(to, word[1..], "ply {ply}: {word} is {from}-{to}");
        } else {
            assert_eq!(from, squares[0], "ply {ply}: {word} is {from}-{to}");
            assert_eq!(
                to,
                *squares.last().unwrap(),
                "ply {ply}: {word} is {from}-{to}"
            );
        }
    }
}

#[test]
fn russian_archives_in_the_short_notation_load() {
    // Excerpts of Games::Checkers' data (see the data file and tests/pdn/SOURCES.md): the 1998
    // world championship and a computer match in the short notation (`ed4`, captures `db6`,
    // `fb2`), results `1/2:1/2`, `0:1`, `1:0`, an unclosed `[Round "11.1]`, and a game with
    // `[Round 17]` in upper-case full notation.
    let text = data("games-checkers-russian.pdn");
    let games = games("games-checkers-russian.pdn", Some(Preset::Russian));
    assert_eq!(games.len(), 6);
    let written = written_moves(&text);
    assert_eq!(written.len(), 6);
    for (game, written) in games.iter().zip(&written) {
        assert_eq!(game.preset, Preset::Russian);
        assert_read_as_written(game, written);
    }
    let plies: Vec<usize> = games.iter().map(|g| g.game.history().len()).collect();
    assert_eq!(plies, [41, 27, 29, 62, 59, 58]);
    let results: Vec<&str> = games.iter().map(|g| g.result.as_deref().unwrap()).collect();
    assert_eq!(
        results,
        ["1/2-1/2", "1/2-1/2", "1/2-1/2", "0-1", "1-0", "0-1"]
    );
    assert_eq!(games[2].tag("Round"), Some("11.1"));
    assert_eq!(games[2].tag("GameType"), Some("25"));
    assert_eq!(games[5].tag("Round"), Some("17"));
    assert_eq!(games[5].tag("Game"), Some("# 612"));
    // The draws end level; the won games with the winner ahead: Magistr (Black) with a king
    // against three men, Magistr (White) a man up, Smaidris (Black) a man up.
    let finals: Vec<(String, String)> = games.iter().map(finals).collect();
    let algebraic: Vec<&str> = finals.iter().map(|(_, a)| a.as_str()).collect();
    assert_eq!(
        algebraic,
        [
            "B:Wa3,c3,d4,e1,e3,g3,h2:Ba5,d6,d8,g5,g7,h4,h6",
            "B:Wa3,c1,c3,e1,f4,g1,h2:Ba7,b6,b8,c7,d8,e7,f8",
            "B:Wa3,b4,d2,e1,e3,f4,g1,h4:Ba5,b6,b8,d6,e7,f6,f8,h6",
            "W:Wa5,a7,f2:Bb8,Kd2",
            "B:Wa1,c7,g1,g3:Bc3,f4,h2",
            "W:Wc3,c5,h2:Ba7,e5,f4,g5",
        ]
    );
    let internal: Vec<&str> = finals.iter().map(|(i, _)| i.as_str()).collect();
    assert_eq!(internal[3], "W:W5,13,27:B1,K26");
    // Without GameType the last one needs the reader's rules.
    let without = read_games(&text, None);
    assert_eq!(without[5].as_ref().unwrap_err().kind, PdnErrorKind::NoRules);
}

#[test]
fn a_short_move_that_fits_two_turns_is_refused_naming_both() {
    // World championship 1998, game 2: after 29. gh8 White has a man on h6 and a new king on h8,
    // and both can go to g7.
    let games = read_games(&data("wc-1998-ambiguous.pdn"), None);
    assert_eq!(games.len(), 1);
    let error = games[0].as_ref().unwrap_err();
    assert_eq!(
        error.to_string(),
        "game 1 (Guba – Yumshanov, WC, 1998, Russia, Grozny): move 30 'hg7' (line 23): \
         ambiguous: more than one move fits it (h6-g7 or h8-g7)"
    );
    match &error.kind {
        PdnErrorKind::Move { error, .. } => match &**error {
            TurnError::Illegal(e) => assert_eq!(
                e.reason,
                IllegalReason::Ambiguous(vec!["12-8".into(), "4-8".into()])
            ),
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    // The same with a man on e3 and a king on e5, both able to go to d4.
    let text = "[GameType \"25\"]\n[FEN \"W:We3,Ke5:Bh8\"]\n1. ed4 *";
    assert_eq!(
        read_game(text, None).unwrap_err().to_string(),
        "game 1: move 1 'ed4' (line 3): ambiguous: more than one move fits it (e3-d4 or e5-d4)"
    );
}

/// The final position of a one-game text, in the game's own notation, or the error.
fn read_final(text: &str) -> Result<String, String> {
    read_game(text, None)
        .map(|game| finals(&game).1)
        .map_err(|e| e.to_string())
}

#[test]
fn russian_short_moves_are_read_when_exactly_one_turn_fits() {
    let start = "[GameType \"25\"]\n";
    // Plain moves: the file, then the square; '-', ':' and 'x' after the file are read too.
    let after_c3_d4 = "B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";
    for mv in ["cd4", "c-d4", "CD4", "c3-d4"] {
        assert_eq!(
            read_final(&format!("{start}1. {mv} *")).as_deref(),
            Ok(after_c3_d4),
            "{mv}"
        );
    }
    // A double capture from c3 over d4 and f6: by its last square, or every landing square.
    let setup = format!("{start}[FEN \"W:Wc3:Bd4,f6\"]\n1. ");
    for mv in ["cg7", "c:g7", "cxg7", "ce5:g7", "ce5xg7", "c3:g7", "c3-g7"] {
        assert_eq!(
            read_final(&format!("{setup}{mv} *")).as_deref(),
            Ok("B:Wg7:B"),
            "{mv}"
        );
    }
    // Refused, with the reason the full notation gets: the capture must go on from e5; c3 is
    // taken (b2 is White's only piece on the b file); two pieces on the a file, neither can go
    // to d4.
    assert_eq!(
        read_final(&format!("{setup}ce5 *")),
        Err(
            "game 1: move 1 'ce5' (line 3): the capture must go on: the piece on e5 can capture \
             again"
                .into()
        )
    );
    assert_eq!(
        read_final(&format!("{start}1. bc3 *")),
        Err("game 1: move 1 'bc3' (line 2): square c3 is not empty".into())
    );
    assert_eq!(
        read_final(&format!("{start}1. ad4 *")),
        Err("game 1: move 1 'ad4' (line 2): not a legal move here".into())
    );
    // Only in Russian games: in English ones `cd4` is no move at all.
    assert!(matches!(
        read_game("[GameType \"21\"]\n1. cd4 *", None).unwrap_err().kind,
        PdnErrorKind::Move { ref error, .. } if matches!(**error, TurnError::Syntax(_))
    ));
}

#[test]
fn checkerboard_style_plain_moves_written_with_x_load() {
    // Synthetic games in the style of CheckerBoard's collections (see the data file).
    let games = games("checkerboard-style.pdn", Some(Preset::English));
    assert_eq!(games.len(), 2);
    let text = data("checkerboard-style.pdn");
    for (game, written) in games.iter().zip(written_moves(&text)) {
        assert_eq!(game.preset, Preset::English);
        assert_read_as_written(game, &written);
    }
    let acf = |game: &PdnGame| -> Vec<String> {
        game.game
            .history()
            .iter()
            .zip(game.game.positions())
            .map(|(turn, pos)| Numbering::Acf.turn_text(pos, turn))
            .collect()
    };
    assert_eq!(
        acf(&games[0]),
        [
            "11-15", "22-18", "15x22", "25x18", "8-11", "29-25", "4-8", "25-22", "12-16", "24-20",
            "10-15", "27-24", "16-19", "23x16", "9-14", "18x9", "5x14", "16-12", "6-10", "22-17",
            "15-19", "24x15x6", "1x10", "17-13"
        ]
    );
    assert_eq!(
        acf(&games[1]),
        [
            "10-14", "24-19", "7-10", "28-24", "14-18", "22x15", "11x18", "23x14x7", "3x10",
            "26-23", "9-13"
        ]
    );
    assert_eq!(
        finals(&games[0]).1,
        "B:W12,13,20,21,26,28,30,31,32:B2,3,7,8,10,11,14"
    );
    assert_eq!(
        finals(&games[1]).1,
        "W:W19,21,23,24,25,27,29,30,31,32:B1,2,4,5,6,8,10,12,13"
    );
    // White, given two men for one, is two up: the synthetic result says White won.
    assert_eq!(games[0].result.as_deref(), Some("1-0"));
    assert_eq!(games[0].tag("Black"), Some("Player A"));
}

#[test]
fn a_plain_move_with_x_or_a_capture_with_a_dash_must_fit_one_turn() {
    let english = "[GameType \"21\"]\n";
    // Accepted: `x` on a plain move, `-` on a capture (by its ends or every landing square).
    assert!(read_final(&format!("{english}1. 11x15 23x19 2. 8x11 22x17 *")).is_ok());
    let jump = format!("{english}[FEN \"B:W15,22:B11\"]\n1. ");
    for mv in ["11-18-25", "11-25", "11x18-25", "11:25"] {
        assert_eq!(
            read_final(&format!("{jump}{mv} *")).as_deref(),
            Ok("W:W:B25"),
            "{mv}"
        );
    }
    // Refused: `x` on a plain move that no turn fits, with the reason the standard spelling
    // would get (here a capture is compulsory); the same for `-` on a capture that lands on a
    // piece, or stops short.
    assert_eq!(
        read_final(&format!("{english}1. 11-15 22-18 2. 15x19 *")),
        Err("game 1: move 2 '15x19' (line 2): Red must capture (with 15)".into())
    );
    assert_eq!(
        read_final(&format!("{english}1. 11x18 *")),
        Err("game 1: move 1 '11x18' (line 2): not a legal move here".into())
    );
    assert_eq!(
        read_final(&format!("{english}1. 11-15 23-19 2. 15-24 *")),
        Err("game 1: move 2 '15-24' (line 2): square 24 is not empty".into())
    );
    assert_eq!(
        read_final(&format!("{jump}11-18 *")),
        Err(
            "game 1: move 1 '11-18' (line 3): the capture must go on: the piece on 18 can \
             capture again"
                .into()
        )
    );
    // Refused: a capture by its ends with '-' where two captures fit, naming both.
    assert_eq!(
        read_final(&format!("{english}[FEN \"B:W7,8,15,16:B3\"]\n1. 3-19 *")),
        Err(
            "game 1: move 1 '3-19' (line 3): ambiguous: name every landing square \
             (3x12x19 or 3x10x19)"
                .into()
        )
    );
}

#[test]
fn british_computer_championship_captures_written_with_a_dash_load() {
    // Excerpt of Games::Checkers' data (see the data file): captures written with '-', no
    // GameType, no result after the moves, comments in parentheses.
    let text = data("games-checkers-british.pdn");
    let games = games("games-checkers-british.pdn", Some(Preset::English));
    assert_eq!(games.len(), 3);
    for (game, written) in games.iter().zip(written_moves(&text)) {
        assert_read_as_written(game, &written);
        assert_eq!(game.result, None);
    }
    let plies: Vec<usize> = games.iter().map(|g| g.game.history().len()).collect();
    assert_eq!(plies, [50, 57, 54]);
    assert_eq!(
        games[0].tag("Comment"),
        Some("C:\\nemesis\\games\\BHAM 2002\\bham01.xml")
    );
    // Nemesis (White in ACF, our Black) won games 1 and 5: a piece up in the first, a king
    // against men in the other; game 4 was drawn level.
    let acf: Vec<String> = games.iter().map(|g| finals(g).1).collect();
    assert_eq!(
        acf,
        [
            "B:WK8,12,14,18,19,30:B1,3,5,21,22",
            "W:WK6,14,15,21,32:B3,5,20,K23,26",
            "B:WK11,13,17,21,31:B6,18,19,20,28",
        ]
    );
    // The 26-10 of game 4 is a double jump by its ends.
    let game = &games[1];
    let double = Numbering::Acf.turn_text(&game.game.positions()[9], &game.game.history()[9]);
    assert_eq!(double, "26x19x10");
    assert_eq!(
        read_games(&text, None)[0].as_ref().unwrap_err().kind,
        PdnErrorKind::NoRules
    );
}

#[test]
fn dame_pdn_reads_the_archives_and_names_the_ambiguous_move() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pdn");
    let run = |file: &str, rules: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_dame"))
            .args(["pdn", dir.join(file).to_str().unwrap(), "--rules", rules])
            .output()
            .expect("dame runs")
    };
    for (file, rules, count) in [
        ("games-checkers-russian.pdn", "russian", 6),
        ("games-checkers-british.pdn", "english", 3),
        ("checkerboard-style.pdn", "english", 2),
    ] {
        let out = run(file, rules);
        assert!(
            out.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).lines().count(),
            count,
            "{file}"
        );
    }
    let out = run("wc-1998-ambiguous.pdn", "russian");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "move 30 'hg7' (line 23): ambiguous: more than one move fits it (h6-g7 or h8-g7)"
        ),
        "{stderr}"
    );
}

#[test]
fn tags_results_and_comments_as_archives_write_them() {
    // Unquoted values and an unclosed quote; results with a colon; comments glued to moves.
    let text = "[GameType \"21\"]\n[Round 17]\n[Date \"2001.05.11]\n\
                1. 11-15{good} 23-19(1... 22-18 {or this}) 2. 8-11{a}22-17 1:0";
    let game = read_game(text, None).unwrap();
    assert_eq!(game.tag("Round"), Some("17"));
    assert_eq!(game.tag("Date"), Some("2001.05.11"));
    assert_eq!(game.result.as_deref(), Some("1-0"));
    assert_eq!(
        game.game.history_text(),
        ["22-18", "10-14", "25-22", "11-16"]
    );
    for result in ["0:1", "1/2:1/2"] {
        let text = format!("[GameType \"25\"]\n1. c3-d4 {result}");
        let standard = result.replace(':', "-");
        assert_eq!(read_game(&text, None).unwrap().result, Some(standard));
    }
    // Refused: a quote never closed on a line that does not end with ']', a tag without ']'.
    let open = read_game("[GameType \"21\"]\n[Round \"1\n1. 11-15 *", None).unwrap_err();
    assert_eq!(
        open.to_string(),
        "game 1: line 2, column 1: the value of tag Round has no closing quote"
    );
    let unclosed = read_game("[Round 2\n[GameType \"21\"]\n1. 11-15 *", None).unwrap_err();
    assert_eq!(
        unclosed.to_string(),
        "game 1: line 1, column 1: tag Round is not closed with ']'"
    );
}

fn random_game(preset: Preset, seed: u64, plies: usize) -> Game {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ preset as u64);
    let mut game = Game::new(preset);
    while game.outcome().is_none() && game.history().len() < plies {
        let turns = game.legal_turns();
        let turn = turns[rng.below(turns.len())];
        game.play(&turn).unwrap();
    }
    game
}

#[test]
fn every_presets_games_are_written_and_read_back() {
    for preset in Preset::ALL {
        for seed in 1..=30u64 {
            let game = random_game(preset, seed, 200);
            let pdn = write_game(&game, &[("Event", "Round trip"), ("White", "A \"B\" C")]);
            let back = read_game(&pdn, None).unwrap_or_else(|e| panic!("{e}\n{pdn}"));
            assert_eq!(back.preset, preset);
            assert_eq!(back.game.history(), game.history(), "{pdn}");
            assert_eq!(back.game.position(), game.position());
            assert_eq!(back.tag("White"), Some("A \"B\" C"));
            assert_eq!(back.result.as_deref(), back.tag("Result"));
            assert_eq!(
                write_game(
                    &back.game,
                    &[("Event", "Round trip"), ("White", "A \"B\" C")]
                ),
                pdn
            );

            // From a set-up position (the middle of the game, the second mover perhaps to move).
            if game.history().len() > 21 {
                let middle = game.positions()[game.history().len() / 2 + seed as usize % 2];
                let mut rest = Game::from_position(middle);
                for turn in &game.history()[game.history().len() / 2 + seed as usize % 2..] {
                    rest.play(turn).unwrap();
                }
                let pdn = write_game(&rest, &[]);
                assert!(pdn.contains("[SetUp \"1\"]\n[FEN \""), "{pdn}");
                let back = read_game(&pdn, None).unwrap_or_else(|e| panic!("{e}\n{pdn}"));
                assert_eq!(back.game.start_position(), rest.start_position());
                assert_eq!(back.game.history(), rest.history());
            }
        }
    }
}

#[test]
fn turns_and_positions_read_back_in_every_numbering() {
    for preset in Preset::ALL {
        for seed in 1..=10u64 {
            let game = random_game(preset, seed, 150);
            for pos in game.positions() {
                for numbering in Numbering::ALL {
                    let setup = pos.setup();
                    let fen = numbering.write_fen(&setup);
                    assert_eq!(numbering.parse_fen(&fen), Ok(setup), "{fen}");
                    // Huffs are written only in the internal numbering.
                    if numbering != Numbering::Internal && !pos.huffable().is_empty() {
                        continue;
                    }
                    for turn in pos.legal_turns() {
                        let text = numbering.turn_text(pos, &turn);
                        assert_eq!(numbering.read_turn(pos, &text), Ok(turn), "{pos} {text}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_game_that_ends_is_written_with_its_result() {
    // Red, the first mover, wins: in English PDN that is Black, "0-1"; elsewhere "1-0".
    let english = Numbering::Acf.position_from_fen("W:W:B27", Preset::English);
    let english = Game::from_position(english.unwrap());
    assert!(write_game(&english, &[]).contains("[Result \"0-1\"]"));
    let russian = Numbering::Algebraic.position_from_fen("B:W:Bc3", Preset::Russian);
    let russian = Game::from_position(russian.unwrap());
    assert!(write_game(&russian, &[]).contains("[Result \"0-1\"]"));
    let russian = Numbering::Algebraic.position_from_fen("W:Wa1:B", Preset::Russian);
    let russian = Game::from_position(russian.unwrap());
    let pdn = write_game(&russian, &[]);
    assert!(pdn.contains("[Result \"1-0\"]"), "{pdn}");
    assert!(pdn.ends_with("\n1-0\n"), "{pdn}");
}

#[test]
fn bad_text_and_illegal_moves_are_told_apart() {
    let text = "[Event \"One\"]\n[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 19x10 *\n\n\
                [Event \"Two\"]\n[GameType \"25\"]\n1. c3-d4 f6-g5 2. d4-c3?? *\n\n\
                [Event \"Three\"]\n[GameType \"21\"]\n1. 11-15 {never closed\n";
    let results = read_games(text, None);
    assert_eq!(results.len(), 3);
    // Game one: 19x10 would land on Black's man on 10.
    let one = results[0].as_ref().unwrap_err();
    assert_eq!(one.game, 1);
    assert_eq!(one.title, "One");
    match &one.kind {
        PdnErrorKind::Move {
            number,
            second,
            text,
            line,
            error,
            numbering: Numbering::Acf,
        } if matches!(**error, TurnError::Illegal(_)) => assert_eq!(
            (*number, *second, *line, text.as_str()),
            (2, true, 3, "19x10")
        ),
        other => panic!("{other:?}"),
    }
    // Game two: a man stepping back, named as written.
    let two = results[1].as_ref().unwrap_err();
    assert_eq!(
        two.to_string(),
        "game 2 (Two): move 2 'd4-c3' (line 7): men move forward only"
    );
    // Game three: the open comment is a syntax error with its place.
    let three = results[2].as_ref().unwrap_err();
    assert_eq!(
        three.kind,
        PdnErrorKind::Syntax {
            line: 11,
            column: 10,
            problem: "comment '{' is never closed".into()
        }
    );

    // An unreadable move is a syntax error of the move, not an illegal one.
    let unreadable = read_game("[GameType \"25\"]\n1. c3-d9 *", None).unwrap_err();
    assert!(matches!(
        &unreadable.kind,
        PdnErrorKind::Move { error, .. } if matches!(**error, TurnError::Syntax(_))
    ));
    // Reasons use the game's own square names.
    let must = read_game("[GameType \"21\"]\n1. 11-15 24-19 2. 9-14 *", None).unwrap_err();
    match &must.kind {
        PdnErrorKind::Move { error, .. } => match &**error {
            TurnError::Illegal(e) => assert_eq!(
                e.reason,
                IllegalReason::MustCapture(Color::Red, vec![sq(18)])
            ),
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    assert_eq!(
        must.to_string(),
        "game 1: move 2 '9-14' (line 2): Red must capture (with 15)"
    );
}

fn sq(n: u8) -> Square {
    Square::from_number(n).unwrap()
}

#[test]
fn the_rules_come_from_the_tags_or_the_default() {
    let moves = "1. 22-18 *";
    let read = |tags: &str, default| read_game(&format!("{tags}\n{moves}"), default);
    assert_eq!(
        read("[Rules \"blasen\"]", None).unwrap().preset,
        Preset::Blasen
    );
    assert_eq!(
        read("", Some(Preset::Standard)).unwrap().preset,
        Preset::Standard
    );
    // The tags win over the default.
    assert_eq!(
        read("[Rules \"standard-flying\"]", Some(Preset::Blasen))
            .unwrap()
            .preset,
        Preset::StandardFlying
    );
    assert_eq!(
        read("[GameType \"20\"]", Some(Preset::Blasen))
            .unwrap_err()
            .kind,
        PdnErrorKind::UnknownGameType("20".into())
    );
    assert_eq!(
        read("[GameType \"draughts\"]", None).unwrap_err().kind,
        PdnErrorKind::UnknownGameType("draughts".into())
    );
    assert_eq!(
        read("[Rules \"chess\"]", None).unwrap_err().kind,
        PdnErrorKind::UnknownRules("chess".into())
    );
    assert_eq!(
        read("[Rules \"russian\"]\n[GameType \"21\"]", None)
            .unwrap_err()
            .kind,
        PdnErrorKind::RulesMismatch {
            game_type: "21".into(),
            preset: Preset::Russian
        }
    );
    assert!(matches!(
        read("[GameType \"21\"]\n[FEN \"B:W1:B33\"]", None)
            .unwrap_err()
            .kind,
        PdnErrorKind::Fen(_)
    ));
    assert!(read("", None)
        .unwrap_err()
        .to_string()
        .contains("no GameType or Rules tag"));
}

#[test]
fn blasen_huffs_are_read_with_the_move_they_begin() {
    let text = "[Rules \"blasen\"]\n[FEN \"W:W22,25:B5,18\"]\n1. 25-21 h22 18-23 2. 21-17 *";
    let game = read_game(text, None).unwrap();
    assert_eq!(game.game.history_text(), ["25-21", "h22 18-23", "21-17"]);
    let pdn = write_game(&game.game, &[]);
    assert!(pdn.ends_with("\n1. 25-21 h22 18-23 2. 21-17 *\n"), "{pdn}");
}

/// Text with the pieces of PDN in it, at random.
fn random_text(rng: &mut Rng) -> String {
    const PIECES: [&str; 40] = [
        "[",
        "]",
        "\"",
        "{",
        "}",
        "(",
        ")",
        ";",
        "$",
        "%",
        "\n",
        " ",
        ".",
        "...",
        "-",
        "x",
        ":",
        "*",
        "1-0",
        "0-1",
        "1/2-1/2",
        "2-0",
        "h",
        "K",
        "W",
        "B",
        "a",
        "c3",
        "11",
        "22",
        "33",
        "[GameType \"21\"]",
        "[GameType \"25\"]",
        "[Rules \"blasen\"]",
        "[FEN \"",
        "W:W",
        "\\",
        "é",
        "½",
        "\u{0}",
    ];
    let len = rng.below(60);
    (0..len)
        .map(|_| {
            if rng.below(4) == 0 {
                rng.below(100).to_string()
            } else {
                PIECES[rng.below(PIECES.len())].to_string()
            }
        })
        .collect()
}

#[test]
fn any_text_gives_games_or_errors_never_a_panic() {
    let mut rng = Rng(0xDA3E);
    for _ in 0..20_000 {
        let text = random_text(&mut rng);
        // Whatever reads as a game is a game: written out, it reads back the same.
        for game in read_games(&text, Some(Preset::Blasen))
            .into_iter()
            .flatten()
        {
            let again = read_game(&write_game(&game.game, &[]), None).unwrap();
            assert_eq!(again.game.history(), game.game.history(), "{text:?}");
        }
    }
}

#[test]
fn garbled_pdn_gives_games_or_errors_never_a_panic() {
    let mut sources: Vec<String> = [
        "tinsley-cameron-1956.pdn",
        "dyachkov-burkovsky-1941.pdn",
        "russian-programs.pdn",
        "english-programs.pdn",
        "games-checkers-russian.pdn",
        "games-checkers-british.pdn",
        "wc-1998-ambiguous.pdn",
        "checkerboard-style.pdn",
    ]
    .iter()
    .map(|name| data(name))
    .collect();
    sources.push(write_game(&random_game(Preset::Blasen, 7, 120), &[]));
    let mut rng = Rng(0x9D17);
    for round in 0..4_000 {
        let mut chars: Vec<char> = sources[round % sources.len()].chars().collect();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(chars.len() + 1);
            match rng.below(3) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 => chars.insert(
                    at,
                    "[]{}()\"x-:;.*$ 0123456789abchK\n"
                        .chars()
                        .nth(rng.below(32))
                        .unwrap_or('x'),
                ),
                _ if at < chars.len() => chars[at] = char::from(b' ' + rng.below(95) as u8),
                _ => {}
            }
        }
        let text: String = chars.into_iter().collect();
        let _ = read_games(&text, Some(Preset::English));
    }
}
