//! From what the player pointed at to one of the core's legal moves.
//!
//! A route is the squares the player committed to (the start, then landing squares already
//! stepped on, one jump at a time), the squares a drag passed through on the way, and the square
//! where the piece was dropped or clicked. The moves and their paths come from the core
//! ([`Position::legal_moves`], [`notation::move_paths`]); this module only matches the route
//! against them, and for a route that matches nothing asks the core why
//! ([`notation::resolve_turn`]).

use super::types::{PathView, Refusal};
use dame_core::notation::{self, IllegalReason, TurnText};
use dame_core::{Move, Position, Square};

/// One spelling of one legal move of the piece: its start, then every landing square.
#[derive(Clone, Debug)]
pub(crate) struct Spelling {
    pub mv: Move,
    pub path: Vec<Square>,
}

/// Every legal move of the piece on `from`, once per spelling.
pub(crate) fn spellings(pos: &Position, from: Square) -> Vec<Spelling> {
    pos.legal_moves()
        .into_iter()
        .filter(|mv| mv.from() == from)
        .flat_map(|mv| {
            notation::move_paths(pos, &mv)
                .into_iter()
                .map(move |path| Spelling { mv, path })
        })
        .collect()
}

/// What a route comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Resolution {
    /// One legal move, along this path.
    Move(Move, Vec<Square>),
    /// The beginning of a capture that goes on from the last square of `path`.
    Partial {
        path: Vec<Square>,
        next: Vec<Square>,
        can_stop: bool,
    },
    Refused(Refusal),
}

fn is_subsequence(needle: &[Square], hay: &[Square]) -> bool {
    let mut it = hay.iter();
    needle.iter().all(|n| it.any(|h| h == n))
}

/// Matches the route `committed` + `via` + `target` against the legal moves of the piece on
/// `committed[0]`. `stop`: the player asked to end the capture here (Blasen).
pub(crate) fn resolve(
    pos: &Position,
    committed: &[Square],
    via: &[Square],
    target: Square,
    stop: bool,
) -> Resolution {
    let Some(&from) = committed.first() else {
        return Resolution::Refused(Refusal::of(&IllegalReason::NotAMove));
    };
    let all = spellings(pos, from);
    let mut result = match_route(&all, committed, via, target, stop);
    if result.is_none() && !via.is_empty() {
        // The drag may have crossed squares of other routes: try without them.
        result = match_route(&all, committed, &[], target, stop);
    }
    if let Some(resolution) = result {
        return resolution;
    }
    if let [_, .., last] = committed {
        // In the middle of a capture only its continuation is open.
        return Resolution::Refused(Refusal::of(&IllegalReason::MustContinue(*last)));
    }
    let mut squares = committed.to_vec();
    squares.push(target);
    Resolution::Refused(why_not(pos, &squares))
}

fn match_route(
    all: &[Spelling],
    committed: &[Square],
    via: &[Square],
    target: Square,
    stop: bool,
) -> Option<Resolution> {
    // Every prefix of a spelling that starts with `committed`, passes through `via` (in order)
    // and ends on `target`, with the spelling it belongs to.
    let mut routes: Vec<(Vec<Square>, &Spelling)> = Vec::new();
    for s in all {
        if !s.path.starts_with(committed) {
            continue;
        }
        for i in committed.len()..s.path.len() {
            if s.path[i] == target && is_subsequence(via, &s.path[committed.len()..i]) {
                routes.push((s.path[..=i].to_vec(), s));
            }
        }
    }
    if routes.is_empty() {
        return None;
    }
    // The shortest routes win: a click on the next landing square means that step.
    let shortest = routes.iter().map(|(p, _)| p.len()).min().unwrap_or(0);
    routes.retain(|(p, _)| p.len() == shortest);
    let mut prefixes: Vec<&Vec<Square>> = routes.iter().map(|(p, _)| p).collect();
    prefixes.sort();
    prefixes.dedup();
    let full: Vec<&Spelling> = routes
        .iter()
        .filter(|(p, s)| p.len() == s.path.len())
        .map(|(_, s)| *s)
        .collect();
    if prefixes.len() > 1 {
        // Several routes: fine only if they are spellings of one and the same move.
        let first = full.first().map(|s| s.mv);
        if full.len() == routes.len() && full.iter().all(|s| Some(s.mv) == first) {
            let chosen = full.iter().map(|s| &s.path).min()?;
            return Some(Resolution::Move(full[0].mv, chosen.clone()));
        }
        let mut options: Vec<String> = routes.iter().map(|(p, _)| path_text(p)).collect();
        options.sort();
        options.dedup();
        return Some(Resolution::Refused(Refusal::of(&IllegalReason::Ambiguous(
            options,
        ))));
    }
    let path = prefixes[0].clone();
    let longer: Vec<Square> = {
        let mut next: Vec<Square> = all
            .iter()
            .filter(|s| s.path.len() > path.len() && s.path.starts_with(&path))
            .map(|s| s.path[path.len()])
            .collect();
        next.sort();
        next.dedup();
        next
    };
    match full.first() {
        Some(s) if longer.is_empty() || stop => Some(Resolution::Move(s.mv, path)),
        Some(_) => Some(Resolution::Partial {
            path,
            next: longer,
            can_stop: true,
        }),
        None => Some(Resolution::Partial {
            path,
            next: longer,
            can_stop: false,
        }),
    }
}

fn path_text(path: &[Square]) -> String {
    path.iter()
        .map(|s| s.number().to_string())
        .collect::<Vec<_>>()
        .join("x")
}

/// The core's reason why the piece on `squares[0]` cannot go along the rest.
pub(crate) fn why_not(pos: &Position, squares: &[Square]) -> Refusal {
    let text = TurnText {
        huff: None,
        squares: squares.to_vec(),
        capture: squares.len() > 2,
    };
    match notation::resolve_turn(pos, &text) {
        Err(reason) => Refusal::of(&reason),
        Ok(_) => Refusal::of(&IllegalReason::NotAMove),
    }
}

/// The opposing pieces jumped along `path` (one per step: the piece on the diagonal between).
pub(crate) fn jumped(pos: &Position, path: &[Square]) -> Vec<Square> {
    let mut out = Vec::new();
    for step in path.windows(2) {
        let (a, b) = (step[0], step[1]);
        let dr = b.row() as i8 - a.row() as i8;
        let dc = b.column() as i8 - a.column() as i8;
        if dr.abs() != dc.abs() || dr == 0 {
            continue;
        }
        let (sr, sc) = (dr.signum(), dc.signum());
        for k in 1..dr.abs() {
            let row = (a.row() as i8 + sr * k) as u8;
            let col = (a.column() as i8 + sc * k) as u8;
            if let Some(sq) = Square::from_row_column(row, col) {
                if pos
                    .piece_at(sq)
                    .is_some_and(|p| p.color != pos.side() && !out.contains(&sq))
                {
                    out.push(sq);
                }
            }
        }
    }
    out
}

pub(crate) fn path_view(pos: &Position, s: &Spelling) -> PathView {
    PathView {
        squares: s.path.iter().map(|q| q.number()).collect(),
        captured: s.mv.captured().iter().map(|q| q.number()).collect(),
        crowns: s.mv.crowns(),
        unfinished: s.mv.is_unfinished(),
        text: notation::move_text(pos, &s.mv),
    }
}
