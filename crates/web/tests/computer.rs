//! The computer as the page's worker runs it (`dame_web::Computer`), natively, with the native
//! clock: `cargo test -p dame-web --test computer`. The worker's entry point as JavaScript sees
//! it (`workerAnswer`: the request read from an object, the reply as one) is tested in the
//! browser, in `wasm_web.rs`.
#![cfg(not(target_arch = "wasm32"))]

use dame_web::{computer, Computer, Session, WorkerReply, WorkerRequest};

fn computer() -> Computer {
    Computer::new(dame_engine::native_clock, || 7)
}

fn think(id: u32, history: &[&str], level: u32) -> WorkerRequest {
    WorkerRequest::Think {
        id,
        rules: "english".into(),
        start: "W:W21-32:B1-12".into(),
        history: history.iter().map(|t| t.to_string()).collect(),
        level,
    }
}

fn error_of(reply: Option<WorkerReply>) -> (u32, String) {
    match reply {
        Some(WorkerReply::Error { id, message }) => (id, message),
        other => panic!("expected an error reply, got {other:?}"),
    }
}

#[test]
fn the_worker_answers_with_a_legal_turn() {
    let mut c = computer();
    let Some(WorkerReply::Move {
        id,
        text,
        depth,
        nodes,
        full_strength,
        ..
    }) = c.answer(think(7, &["22-18"], 2))
    else {
        panic!("expected a move");
    };
    assert_eq!(id, 7);
    assert!(depth >= 1 && nodes >= 1.0, "depth {depth}, nodes {nodes}");
    assert!(!full_strength, "no learned tables loaded yet");
    let mut g = Session::new("english", None).unwrap();
    g.play_text("22-18").unwrap();
    g.play_text(&text.expect("a turn"))
        .expect("the computer's turn is legal");
    // A new game: nothing to reply; the next request is answered as before.
    assert_eq!(c.answer(WorkerRequest::NewGame), None);
    assert!(matches!(
        c.answer(think(8, &[], 1)),
        Some(WorkerReply::Move {
            id: 8,
            text: Some(_),
            ..
        })
    ));
}

#[test]
fn a_request_that_cannot_be_answered_is_an_error_reply_with_its_id() {
    let mut c = computer();
    let (id, message) = error_of(c.answer(think(8, &["22-23"], 2)));
    assert_eq!(id, 8);
    assert!(message.contains("22-23"), "{message}");
    // The computer's level out of range.
    let (id, message) = error_of(c.answer(think(9, &[], 9)));
    assert_eq!((id, message.as_str()), (9, "no level 9 (1–5)"));
    let (_, message) = error_of(c.answer(WorkerRequest::Think {
        id: 10,
        rules: "chess".into(),
        start: "W:W21-32:B1-12".into(),
        history: Vec::new(),
        level: 1,
    }));
    assert!(message.contains("chess"), "{message}");
    let bench = |depth: u32, fen: &str| WorkerRequest::Bench {
        id: 11,
        rules: "english".into(),
        fen: fen.into(),
        depth,
    };
    let (id, message) = error_of(c.answer(bench(0, "W:W21-32:B1-12")));
    assert_eq!((id, message.as_str()), (11, "bench depth 0 (1–30)"));
    let (_, message) = error_of(c.answer(bench(31, "W:W21-32:B1-12")));
    assert_eq!(message, "bench depth 31 (1–30)");
    let (_, message) = error_of(c.answer(bench(3, "W:W21-32:B1-12,40")));
    assert!(message.starts_with("bad position"), "{message}");
    // Busy with another request: an error reply for a search, nothing for a new game.
    let (id, message) = error_of(computer::busy(&think(12, &[], 1)));
    assert_eq!(
        (id, message.as_str()),
        (12, "the computer is busy with another request")
    );
    assert_eq!(computer::busy(&WorkerRequest::NewGame), None);
}

#[test]
fn the_benchmark_searches_to_the_depth_asked() {
    let mut c = computer();
    let request = WorkerRequest::Bench {
        id: 3,
        rules: "english".into(),
        fen: "W:W21-32:B1-12".into(),
        depth: 4,
    };
    let Some(WorkerReply::Bench { id, nodes, ms }) = c.answer(request.clone()) else {
        panic!("expected a benchmark reply");
    };
    assert_eq!(id, 3);
    assert!(nodes > 0.0 && ms >= 0.0, "{nodes} nodes in {ms} ms");
    // The same search counts the same nodes.
    let Some(WorkerReply::Bench { nodes: again, .. }) = c.answer(request) else {
        panic!("expected a benchmark reply");
    };
    assert_eq!(nodes, again);
}

#[test]
fn learned_tables_are_loaded_by_family_and_bad_bytes_refused() {
    let mut c = computer();
    assert!(c.load_tables(&[1, 2, 3]).is_err());
    let family = c
        .load_tables(include_bytes!("../../../data/learned/short-kings.bin"))
        .expect("the committed tables load");
    assert_eq!(family, dame_engine::EvalFamily::ShortKings.to_string());
    let full_strength_in = |c: &mut Computer, rules: &str| {
        let Some(WorkerReply::Move { full_strength, .. }) = c.answer(WorkerRequest::Think {
            id: 1,
            rules: rules.into(),
            start: "W:W21-32:B1-12".into(),
            history: Vec::new(),
            level: 1,
        }) else {
            panic!("expected a move");
        };
        full_strength
    };
    // English and Standard (short kings) also have a network of their own, not here yet.
    assert!(!full_strength_in(&mut c, "standard"));
    assert!(!full_strength_in(&mut c, "english"));
    let preset = c
        .load_tables(include_bytes!("../../../data/learned/standard-net.bin"))
        .expect("the committed network loads");
    assert_eq!(preset, "standard");
    assert!(full_strength_in(&mut c, "standard"));
    assert!(!full_strength_in(&mut c, "english"));
    let mut damaged = include_bytes!("../../../data/learned/english-net.bin").to_vec();
    damaged[100] ^= 1;
    assert!(c.load_tables(&damaged).unwrap_err().contains("hash"));
    assert!(!full_strength_in(&mut c, "english"));
    let preset = c
        .load_tables(include_bytes!("../../../data/learned/english-net.bin"))
        .expect("the committed network loads");
    assert_eq!(preset, "english");
    assert!(full_strength_in(&mut c, "english"));
    // Russian (flying kings) still lacks its tables, and its network is not enough alone.
    c.load_tables(include_bytes!("../../../data/learned/russian-net.bin"))
        .expect("the committed network loads");
    let Some(WorkerReply::Move { full_strength, .. }) = c.answer(WorkerRequest::Think {
        id: 2,
        rules: "russian".into(),
        start: "W:W21-32:B1-12".into(),
        history: Vec::new(),
        level: 1,
    }) else {
        panic!("expected a move");
    };
    assert!(!full_strength);
}

/// The analysis board and `dame analyse` agree: the worker's searches of each position, judged
/// by the session, give the judgements, best turns and scores that
/// `dame_engine::analysis::analyse_game` gives at the same depth with the same tables.
#[test]
fn the_page_judges_a_game_as_dame_analyse_does() {
    let mut c = computer();
    for file in ["short-kings", "huffing", "flying-kings", "english-net"] {
        let path = format!(
            "{}/../../data/learned/{file}.bin",
            env!("CARGO_MANIFEST_DIR")
        );
        c.load_tables(&std::fs::read(path).unwrap()).unwrap();
    }
    // A game between two weak players, full of judged turns.
    let mut history: Vec<String> = Vec::new();
    for _ in 0..16 {
        let refs: Vec<&str> = history.iter().map(String::as_str).collect();
        let Some(WorkerReply::Move {
            text: Some(text), ..
        }) = c.answer(think(1, &refs, 1))
        else {
            panic!("no turn after {history:?}");
        };
        history.push(text);
    }
    const DEPTH: u32 = 7;
    let mut evals = Vec::new();
    for ply in 0..=history.len() {
        let reply = c.answer(WorkerRequest::Evaluate {
            id: ply as u32 + 1,
            rules: "english".into(),
            start: "W:W21-32:B1-12".into(),
            history: history[..ply].to_vec(),
            depth: DEPTH,
        });
        let Some(WorkerReply::Evaluation {
            id,
            eval,
            full_strength,
            ..
        }) = reply
        else {
            panic!("no evaluation: {reply:?}");
        };
        assert_eq!(id, ply as u32 + 1);
        assert!(full_strength);
        evals.push(eval);
    }
    let mut session = Session::new("english", None).unwrap();
    for text in &history {
        session.play_text(text).unwrap();
    }
    let page = session.judge(&evals).unwrap();

    let mut engine = dame_engine::Engine::new(computer::TT_MEGABYTES);
    engine.use_embedded();
    let cli = dame_engine::analysis::analyse_game(
        &mut engine,
        session.game(),
        &dame_engine::Limits::depth(DEPTH),
    );
    assert_eq!(page.len(), cli.plies.len());
    let positions = session.game().positions();
    for (p, c) in page.iter().zip(&cli.plies) {
        assert_eq!(
            format!("{:?}", p.judgement),
            format!("{:?}", c.judgement),
            "ply {}",
            c.ply
        );
        assert_eq!(
            dame_engine::analysis::Score::from(p.before),
            c.before,
            "ply {}",
            c.ply
        );
        assert_eq!(
            dame_engine::analysis::Score::from(p.after),
            c.after,
            "ply {}",
            c.ply
        );
        let best = c
            .best
            .map(|t| session.numbering().turn_text(&positions[c.ply], &t));
        assert_eq!(p.best, best, "ply {}", c.ply);
    }
    // A prefix is judged as the whole game judges it.
    assert_eq!(session.judge(&evals[..5]).unwrap(), page[..4]);
    // The annotated PDN reads back to the same game.
    let text = session.pdn_annotated("A", "B", &[], &evals).unwrap();
    assert!(text.contains("[%eval"), "{text}");
    let back = Session::from_pdn(&text, "english").unwrap();
    assert_eq!(back.history(), session.history());
    // A turn that is not legal where it stands is refused with its place.
    let mut bad = evals.clone();
    bad[3].best = Some("1-5".into());
    assert!(session.judge(&bad).unwrap_err().contains("evaluation 3"));
    assert!(session.judge(&vec![evals[0].clone(); 40]).is_err());
}

#[test]
fn an_evaluation_out_of_range_is_an_error_reply() {
    let mut c = computer();
    let (id, message) = error_of(c.answer(WorkerRequest::Evaluate {
        id: 4,
        rules: "english".into(),
        start: "W:W21-32:B1-12".into(),
        history: vec![],
        depth: 0,
    }));
    assert_eq!(id, 4);
    assert!(message.contains("depth"), "{message}");
}
