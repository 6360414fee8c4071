//! Turns typed in the game's own notation, and a played turn explained in terms of the rules
//! (docs/rules.md §2, §4, §7).
//!
//! Plain Rust on every target, so that it is tested natively; `WebGame.playTyped` and
//! `WebGame.explain` (src/web/game.rs) are thin wrappers. Nothing here decides a rule: legal
//! turns, obligations and huffable sets come from the core, and are only described.

use super::types::{Explanation, HuffNote, HuffReason, Huffable, TurnKind};
use dame_core::notation::{IllegalReason, Numbering};
use dame_core::{Game, Move, Position, PromotionMidCapture, Role, Square, Turn};

/// Why a typed turn is not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedError {
    /// The text is not a turn in the game's notation: what is wrong, in words (English).
    Syntax(String),
    /// The turn is well written but not legal here.
    Illegal(IllegalReason),
}

/// Reads `text`, a turn typed in `numbering` (`22-18`, `h26 8-11` in Blasen, `11-15` in ACF,
/// `c3:e5` in algebraic notation), as a legal turn of `game`, whose player may have huffed
/// `pending` already (then only the move follows).
pub fn read_typed(
    game: &Game,
    numbering: Numbering,
    pending: Option<Square>,
    text: &str,
) -> Result<Turn, TypedError> {
    let mut parsed = numbering
        .parse_turn(text)
        .map_err(|e| TypedError::Syntax(e.to_string()))?;
    if game.outcome().is_some() {
        return Err(TypedError::Illegal(IllegalReason::GameOver));
    }
    if let Some(first) = pending {
        if parsed.huff.is_some() {
            return Err(TypedError::Illegal(IllegalReason::OneHuffPerTurn(first)));
        }
        parsed.huff = Some(first);
    }
    dame_core::notation::resolve_turn(game.position(), &parsed).map_err(TypedError::Illegal)
}

/// The pieces `mv`, played in `pos`, leaves huffable, each with the case of docs/rules.md §4,
/// point 2, that makes it so (only pieces the core puts in the huffable set).
fn huffable_after(pos: &Position, mv: &Move) -> Vec<Huffable> {
    let after = pos.play_unchecked(mv).huffable();
    let obligated = pos.obligated();
    let was_king = pos
        .piece_at(mv.from())
        .is_some_and(|p| p.role == Role::King);
    let mut out: Vec<Huffable> = Vec::new();
    // The cases name disjoint pieces: a non-capture leaves obligated pieces; a capture leaves
    // the piece that stopped early and, if a man captured, the obligated kings.
    let mut add = |sq: Square, reason: HuffReason| {
        if after.contains(sq) {
            out.push(Huffable {
                sq: sq.number(),
                reason,
            });
        }
    };
    if mv.is_unfinished() {
        add(mv.to(), HuffReason::StoppedEarly);
    }
    if !mv.is_capture() {
        for sq in obligated.iter() {
            let now = if sq == mv.from() { mv.to() } else { sq };
            add(now, HuffReason::DeclinedCapture);
        }
    } else if !was_king {
        for sq in (obligated & pos.board().kings).iter() {
            add(sq, HuffReason::ManCapturedWhileKingObligated);
        }
    }
    out
}

/// The position a turn's move is played in: after its huff, if any.
fn after_huff(pos: &Position, turn: &Turn) -> Position {
    match turn.huff {
        Some(h) => pos.huff_unchecked(h),
        None => *pos,
    }
}

/// The turn that led to the position after `ply` turns (1 = the first turn), explained; `None`
/// for 0 or past the end.
pub fn explain(game: &Game, ply: usize) -> Option<Explanation> {
    let turn = *game.history().get(ply.checked_sub(1)?)?;
    let positions = game.positions();
    let before = positions[ply - 1];
    let pos = after_huff(&before, &turn);
    let huff = turn.huff.map(|sq| {
        // Why the piece was huffable: the turn before left it so.
        let reason = ply.checked_sub(2).and_then(|i| {
            let earlier = game.history()[i];
            let mv = earlier.mv?;
            huffable_after(&after_huff(&positions[i], &earlier), &mv)
                .into_iter()
                .find(|h| h.sq == sq.number())
                .map(|h| h.reason)
        });
        HuffNote {
            sq: sq.number(),
            king: before.piece_at(sq).is_some_and(|p| p.role == Role::King),
            reason,
        }
    });
    let obligated = pos.obligated_kings_first();
    let compulsory = !pos.rules().is_huffing() && !obligated.is_empty();
    let numbers = |squares: &[Square]| squares.iter().map(|s| s.number()).collect::<Vec<u8>>();
    let mut explanation = Explanation {
        ply: ply as u32,
        mover: before.side().into(),
        kind: TurnKind::HuffOnly,
        captured: Vec::new(),
        obligated: numbers(&obligated),
        compulsory,
        other_captures: 0,
        crowns: false,
        crowning_ended: false,
        huff,
        left_huffable: Vec::new(),
    };
    let Some(mv) = turn.mv else {
        return Some(explanation);
    };
    explanation.kind = if mv.is_capture() {
        TurnKind::Capture
    } else {
        TurnKind::Slide
    };
    explanation.captured = mv.captured().iter().map(|s| s.number()).collect();
    if mv.is_capture() {
        let others = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.is_capture() && !m.is_unfinished())
            .filter(|m| (m.from(), m.to(), m.captured()) != (mv.from(), mv.to(), mv.captured()))
            .count();
        explanation.other_captures = others as u32;
    }
    explanation.crowns = mv.crowns();
    if mv.crowns() && mv.is_capture() {
        // Could the new king have captured on? Then the crowning is what ended the move.
        let after = pos.play_unchecked(&mv);
        explanation.crowning_ended = pos.rules().promotion_mid_capture
            == PromotionMidCapture::EndsMove
            && after.after_pass().obligated().contains(mv.to());
    }
    explanation.left_huffable = huffable_after(&pos, &mv);
    Some(explanation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Refusal, RefusalCode, Side};
    use dame_core::{position_from_fen, Preset};

    fn game(preset: Preset, fen: &str) -> Game {
        Game::from_position(position_from_fen(fen, preset).unwrap())
    }

    fn sq(n: u8) -> Square {
        Square::from_number(n).unwrap()
    }

    /// Types `text` and plays it; the turn in the internal notation.
    fn typed(g: &mut Game, preset: Preset, text: &str) -> Result<String, TypedError> {
        let turn = read_typed(g, Numbering::of(preset), None, text)?;
        let written = dame_core::notation::turn_text(g.position(), &turn);
        g.play(&turn).unwrap();
        Ok(written)
    }

    #[test]
    fn typed_turns_in_each_notation() {
        // German presets: the internal numbering, 22-18, and a capture 22x15x6.
        let mut g = Game::new(Preset::Standard);
        assert_eq!(typed(&mut g, Preset::Standard, "22-18").unwrap(), "22-18");
        let mut g = game(Preset::Standard, "W:W22:B18,10");
        assert_eq!(
            typed(&mut g, Preset::Standard, "22x15x6").unwrap(),
            "22x15x6"
        );
        // English: ACF numbers; Red's 22-18 is 11-15, a capture 15x24 style.
        let mut g = Game::new(Preset::English);
        assert_eq!(typed(&mut g, Preset::English, "11-15").unwrap(), "22-18");
        let mut g = game(Preset::English, "W:W22:B18,10");
        assert_eq!(
            typed(&mut g, Preset::English, "11x18x27").unwrap(),
            "22x15x6"
        );
        // Russian: algebraic squares, captures with ':' (or 'x').
        let mut g = Game::new(Preset::Russian);
        assert_eq!(typed(&mut g, Preset::Russian, "c3-d4").unwrap(), "22-18");
        let mut g = game(Preset::Russian, "W:W22:B18,10");
        assert_eq!(
            typed(&mut g, Preset::Russian, "c3:e5:c7").unwrap(),
            "22x15x6"
        );
        // Blasen: a huff, then a move (docs/rules.md §4, worked example).
        let mut g = game(Preset::Blasen, "B:W21,22:B5,18:H22");
        assert_eq!(typed(&mut g, Preset::Blasen, "h22 5-9").unwrap(), "h22 5-9");
        assert!(!g.position().board().occupied().contains(sq(22)));
    }

    #[test]
    fn a_typed_syntax_error_is_told_apart_from_an_illegal_turn() {
        let g = Game::new(Preset::English);
        let acf = Numbering::Acf;
        assert!(matches!(
            read_typed(&g, acf, None, "11-"),
            Err(TypedError::Syntax(_))
        ));
        assert!(matches!(
            read_typed(&g, acf, None, "33-29"),
            Err(TypedError::Syntax(_))
        ));
        assert!(matches!(
            read_typed(&g, acf, None, "c3-d4"),
            Err(TypedError::Syntax(_))
        ));
        // Huffs are written only in Blasen.
        assert!(matches!(
            read_typed(&g, acf, None, "h11 11-15"),
            Err(TypedError::Syntax(_))
        ));
    }

    #[test]
    fn an_illegal_typed_turn_carries_its_reason_in_the_games_notation() {
        // English, Red to move, must capture 18 with 22 (ACF: 11 takes 15).
        let g = game(Preset::English, "W:W22,25:B18");
        let Err(TypedError::Illegal(reason)) = read_typed(&g, Numbering::Acf, None, "8-12") else {
            panic!("refused")
        };
        assert_eq!(RefusalCode::of(&reason), RefusalCode::MustCapture);
        assert_eq!(Refusal::of(&reason).squares, [22]);
        assert_eq!(
            reason.describe(Numbering::Acf),
            "Red must capture (with 11)"
        );
        // A man backwards, an occupied square, an empty square, the other side's piece.
        let g = Game::new(Preset::English);
        let code = |text: &str| match read_typed(&g, Numbering::Acf, None, text) {
            Err(TypedError::Illegal(r)) => RefusalCode::of(&r),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(code("11-7"), RefusalCode::Occupied);
        assert_eq!(code("15-19"), RefusalCode::NoPiece);
        assert_eq!(code("22-18"), RefusalCode::NotYourPiece);
        // Huffing is refused outside Blasen: the internal notation reads the huff, the rules
        // refuse it.
        let g = game(Preset::Standard, "B:W21,22:B5,18");
        let Err(TypedError::Illegal(r)) = read_typed(&g, Numbering::Internal, None, "h22 5-9")
        else {
            panic!("refused")
        };
        assert_eq!(r, IllegalReason::NoHuffing);
        // A second huff while one is pending.
        let g = game(Preset::Blasen, "B:W21,22:B5,18:H22");
        let Err(TypedError::Illegal(r)) =
            read_typed(&g, Numbering::Internal, Some(sq(22)), "h22 5-9")
        else {
            panic!("refused")
        };
        assert_eq!(r, IllegalReason::OneHuffPerTurn(sq(22)));
        // The move alone after a pending huff is the rest of the turn.
        let turn = read_typed(&g, Numbering::Internal, Some(sq(22)), "5-9").unwrap();
        assert_eq!(turn.huff, Some(sq(22)));
    }

    #[test]
    fn explains_a_slide() {
        let mut g = Game::new(Preset::English);
        typed(&mut g, Preset::English, "11-15").unwrap();
        let e = explain(&g, 1).unwrap();
        assert_eq!(e.mover, Side::Red);
        assert_eq!(e.kind, TurnKind::Slide);
        assert!(!e.compulsory && e.captured.is_empty() && e.huff.is_none());
        assert!(explain(&g, 0).is_none());
        assert!(explain(&g, 2).is_none());
    }

    #[test]
    fn explains_a_compulsory_capture_and_a_free_choice() {
        // One capture only: compulsory, no choice.
        let mut g = game(Preset::Standard, "W:W22,30:B18,5");
        typed(&mut g, Preset::Standard, "22x15").unwrap();
        let e = explain(&g, 1).unwrap();
        assert_eq!(e.kind, TurnKind::Capture);
        assert!(e.compulsory);
        assert_eq!(e.obligated, [22]);
        assert_eq!(e.captured, [18]);
        assert_eq!(e.other_captures, 0);
        // Two men may capture: the player chose one of two.
        let mut g = game(Preset::Standard, "W:W22,24:B18,19,1");
        typed(&mut g, Preset::Standard, "22x15").unwrap();
        let e = explain(&g, 1).unwrap();
        assert!(e.compulsory);
        assert!(e.other_captures >= 1, "{e:?}");
        // Blasen: a capture is never compulsory.
        let mut g = game(Preset::Blasen, "W:W22,30:B18,5");
        typed(&mut g, Preset::Blasen, "22x15").unwrap();
        assert!(!explain(&g, 1).unwrap().compulsory);
    }

    #[test]
    fn explains_a_crowning_that_ends_the_move() {
        let mut g = game(Preset::Standard, "W:W11:B7,6,3");
        // 11 (f3) jumps 7 (e2) → 2 (d1): crowned; as a king on d1 it could jump 6 (c2) → 9 (b3).
        typed(&mut g, Preset::Standard, "11x2").unwrap();
        let e = explain(&g, 1).unwrap();
        assert!(e.crowns);
        assert!(e.crowning_ended, "{e:?}");
        // A crowning by a plain move ends nothing.
        let mut g = game(Preset::Standard, "W:W6:B25");
        typed(&mut g, Preset::Standard, "6-1").unwrap();
        let e = explain(&g, 1).unwrap();
        assert!(e.crowns && !e.crowning_ended);
    }

    #[test]
    fn explains_each_huff_reason() {
        // Declined capture (docs/rules.md §4, worked example): 22 could take 18, Red played 25-21.
        let mut g = game(Preset::Blasen, "W:W22,25:B5,18");
        typed(&mut g, Preset::Blasen, "25-21").unwrap();
        let e = explain(&g, 1).unwrap();
        assert!(!e.compulsory);
        assert_eq!(e.obligated, [22]);
        assert_eq!(
            e.left_huffable,
            [Huffable {
                sq: 22,
                reason: HuffReason::DeclinedCapture
            }]
        );
        typed(&mut g, Preset::Blasen, "h22 5-9").unwrap();
        let e = explain(&g, 2).unwrap();
        assert_eq!(e.mover, Side::Black);
        assert_eq!(
            e.huff,
            Some(HuffNote {
                sq: 22,
                king: false,
                reason: Some(HuffReason::DeclinedCapture)
            })
        );

        // A man captured while a king could: the king is huffable.
        let mut g = game(Preset::Blasen, "W:W23,K29:B19,25,1");
        typed(&mut g, Preset::Blasen, "23x16").unwrap();
        let e = explain(&g, 1).unwrap();
        assert_eq!(
            e.left_huffable,
            [Huffable {
                sq: 29,
                reason: HuffReason::ManCapturedWhileKingObligated
            }]
        );
        typed(&mut g, Preset::Blasen, "h29 1-5").unwrap();
        let e = explain(&g, 2).unwrap();
        let huff = e.huff.unwrap();
        assert!(huff.king);
        assert_eq!(huff.reason, Some(HuffReason::ManCapturedWhileKingObligated));

        // A capture stopped early: the piece where it stopped.
        let mut g = game(Preset::Blasen, "W:W22,31:B18,10,1");
        typed(&mut g, Preset::Blasen, "22x15").unwrap();
        let e = explain(&g, 1).unwrap();
        assert_eq!(
            e.left_huffable,
            [Huffable {
                sq: 15,
                reason: HuffReason::StoppedEarly
            }]
        );
        typed(&mut g, Preset::Blasen, "h15 1-5").unwrap();
        let e = explain(&g, 2).unwrap();
        assert_eq!(e.huff.unwrap().reason, Some(HuffReason::StoppedEarly));
    }
}
