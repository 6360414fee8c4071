//! The one game handle the page holds.

use super::exports::to_js;
use super::route::{self, Resolution};
use super::types::*;
use crate::notation;
use crate::{position_from_fen, Color, Game, Position, Preset, Square, Turn, TurnStart};
use wasm_bindgen::prelude::*;

/// A game in progress, with the huff the player has made but not yet followed by a move.
#[wasm_bindgen]
pub struct WebGame {
    game: Game,
    preset: Preset,
    pending_huff: Option<Square>,
}

fn square(n: u8) -> Result<Square, JsError> {
    Square::from_number(n).ok_or_else(|| JsError::new(&format!("no square {n} (expected 1–32)")))
}

fn squares(numbers: &[u8]) -> Result<Vec<Square>, JsError> {
    numbers.iter().map(|&n| square(n)).collect()
}

fn numbers(squares: impl IntoIterator<Item = Square>) -> Vec<u8> {
    squares.into_iter().map(|s| s.number()).collect()
}

fn color_of(name: &str) -> Result<Color, JsError> {
    match name {
        "red" => Ok(Color::Red),
        "black" => Ok(Color::Black),
        other => Err(JsError::new(&format!(
            "unknown colour '{other}' (red or black)"
        ))),
    }
}

#[wasm_bindgen]
impl WebGame {
    /// A new game of the preset `rules` (an id such as "blasen"), from `fen` or the start.
    #[wasm_bindgen(constructor)]
    pub fn new(rules: &str, fen: Option<String>) -> Result<WebGame, JsError> {
        let preset: Preset = rules.parse().map_err(|e| JsError::new(&format!("{e}")))?;
        let position = match fen.as_deref().map(str::trim) {
            Some(text) if !text.is_empty() => position_from_fen(text, preset.rules())
                .map_err(|e| JsError::new(&format!("bad position '{text}': {e}")))?,
            _ => Position::start(preset.rules()),
        };
        Ok(WebGame {
            game: Game::from_position(position),
            preset,
            pending_huff: None,
        })
    }

    /// The position shown (after a pending huff), as FEN.
    pub fn fen(&self) -> String {
        self.shown().to_string()
    }

    /// The preset's id.
    pub fn rules(&self) -> String {
        self.preset.id().to_string()
    }

    /// The position the game started from, as FEN (for the computer, with the history).
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.game.start_position().to_string()
    }

    /// The turns played, in notation.
    pub fn history(&self) -> Vec<String> {
        self.game.history_text()
    }

    /// The side to move: "red" or "black".
    pub fn side(&self) -> String {
        match self.game.side_to_move() {
            Color::Red => "red",
            Color::Black => "black",
        }
        .to_string()
    }

    /// Is the game over?
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// Everything the page draws.
    pub fn view(&self) -> Result<JsValue, JsError> {
        to_js(&self.view_data())
    }

    /// What the piece on `from` may do: its paths, or why it may not move and which captures
    /// are required instead.
    pub fn grab(&self, from: u8) -> Result<JsValue, JsError> {
        let from = square(from)?;
        to_js(&self.grab_data(from))
    }

    /// Plays the route the player pointed at, or says why not. `committed`: the start and the
    /// landing squares already stepped on; `via`: squares a drag passed through; `target`: where
    /// the piece was dropped; `stop`: end a capture here although it could go on (Blasen).
    pub fn route(
        &mut self,
        committed: Vec<u8>,
        via: Vec<u8>,
        target: u8,
        stop: bool,
    ) -> Result<JsValue, JsError> {
        let committed = squares(&committed)?;
        let via = squares(&via)?;
        let target = square(target)?;
        to_js(&self.route_data(&committed, &via, target, stop))
    }

    /// Huffs the opponent's piece on `sq` (Blasen). Returns the turn if the huff took the last
    /// piece (the game is then over), otherwise `null`: the player moves next.
    pub fn huff(&mut self, sq: u8) -> Result<JsValue, JsError> {
        let sq = square(sq)?;
        match self.huff_data(sq) {
            Ok(turn) => to_js(&turn),
            Err(refusal) => Err(JsError::new(&refusal.text)),
        }
    }

    /// Takes back a huff not yet followed by a move. Returns whether there was one.
    #[wasm_bindgen(js_name = cancelHuff)]
    pub fn cancel_huff(&mut self) -> bool {
        self.pending_huff.take().is_some()
    }

    /// Plays a turn given in notation (the computer's answer).
    #[wasm_bindgen(js_name = playText)]
    pub fn play_text(&mut self, text: &str) -> Result<JsValue, JsError> {
        let turn = self.play_text_data(text).map_err(|e| JsError::new(&e))?;
        to_js(&turn)
    }

    /// Takes back a pending huff, or else the last turn. Returns whether anything was undone.
    pub fn undo(&mut self) -> bool {
        self.pending_huff.take().is_some() || self.game.undo().is_some()
    }

    /// `color` ("red" or "black") gives up.
    pub fn resign(&mut self, color: &str) -> Result<(), JsError> {
        let color = color_of(color)?;
        self.pending_huff = None;
        self.game.resign(color);
        Ok(())
    }
}

/// The same operations with Rust values, for the methods above and for tests.
impl WebGame {
    /// The game itself.
    pub fn game(&self) -> &Game {
        &self.game
    }

    fn shown(&self) -> Position {
        match self.pending_huff {
            Some(h) => self.game.position().huff_unchecked(h),
            None => *self.game.position(),
        }
    }

    /// The squares the side to move may huff now: each ends the game or is followed by some
    /// legal move.
    fn legal_huffs(&self) -> Vec<Square> {
        if self.pending_huff.is_some() || self.game.outcome().is_some() {
            return Vec::new();
        }
        let mut huffs: Vec<Square> = self
            .game
            .position()
            .turn_starts()
            .filter_map(|(huff, start)| match start {
                TurnStart::Final(_) => huff,
                TurnStart::Move(after) => huff.filter(|_| !after.legal_moves().is_empty()),
            })
            .collect();
        huffs.sort();
        huffs
    }

    /// Everything the page draws (see [`WebGame::view`]).
    pub fn view_data(&self) -> View {
        let pos = self.shown();
        let over = self.game.outcome();
        let pieces = Square::all()
            .filter_map(|sq| {
                pos.piece_at(sq).map(|p| PieceView {
                    sq: sq.number(),
                    color: p.color.into(),
                    king: p.role == crate::Role::King,
                })
            })
            .collect();
        let mut movable: Vec<u8> = if over.is_some() {
            Vec::new()
        } else {
            pos.legal_moves()
                .iter()
                .map(|m| m.from().number())
                .collect()
        };
        movable.sort();
        movable.dedup();
        View {
            fen: pos.to_string(),
            rules: self.preset.id(),
            huffing: pos.rules().is_huffing(),
            side: pos.side().into(),
            pieces,
            obligated: if over.is_some() {
                Vec::new()
            } else {
                numbers(pos.obligated_kings_first())
            },
            huffable: numbers(self.legal_huffs()),
            pending_huff: self.pending_huff.map(|s| s.number()),
            movable,
            outcome: over.map(outcome_view),
            history: self.game.history_text(),
            plies: self.game.history().len() as u32,
        }
    }

    /// What the piece on `from` may do (see [`WebGame::grab`]).
    pub fn grab_data(&self, from: Square) -> Grab {
        let pos = self.shown();
        let refuse = |refusal: Refusal| Grab {
            paths: Vec::new(),
            refusal: Some(refusal),
            required: Vec::new(),
        };
        if self.game.outcome().is_some() {
            return refuse(Refusal::of(&notation::IllegalReason::GameOver));
        }
        match pos.piece_at(from) {
            None => return refuse(Refusal::of(&notation::IllegalReason::NoPiece(from))),
            Some(p) if p.color != pos.side() => {
                return refuse(Refusal::of(&notation::IllegalReason::NotYourPiece(
                    from,
                    pos.side(),
                )))
            }
            Some(_) => {}
        }
        let paths: Vec<PathView> = route::spellings(&pos, from)
            .iter()
            .map(|s| route::path_view(&pos, s))
            .collect();
        if !paths.is_empty() {
            return Grab {
                paths,
                refusal: None,
                required: Vec::new(),
            };
        }
        let obligated = pos.obligated_kings_first();
        if !pos.rules().is_huffing() && !obligated.is_empty() {
            let required = obligated
                .iter()
                .flat_map(|&sq| route::spellings(&pos, sq))
                .map(|s| route::path_view(&pos, &s))
                .collect();
            return Grab {
                paths: Vec::new(),
                refusal: Some(Refusal::of(&notation::IllegalReason::MustCapture(
                    pos.side(),
                    obligated,
                ))),
                required,
            };
        }
        refuse(Refusal::of(&notation::IllegalReason::NoMoves(from)))
    }

    /// Plays the route the player pointed at, or says why not (see [`WebGame::route`]).
    pub fn route_data(
        &mut self,
        committed: &[Square],
        via: &[Square],
        target: Square,
        stop: bool,
    ) -> RouteAnswer {
        let pos = self.shown();
        if self.game.outcome().is_some() {
            return RouteAnswer::Refused {
                refusal: Refusal::of(&notation::IllegalReason::GameOver),
            };
        }
        if let Some(&from) = committed.first() {
            let grab = self.grab_data(from);
            if let (Some(refusal), true) = (grab.refusal, grab.paths.is_empty()) {
                return RouteAnswer::Refused { refusal };
            }
        }
        match route::resolve(&pos, committed, via, target, stop) {
            Resolution::Move(mv, path) => {
                let turn = Turn {
                    huff: self.pending_huff,
                    mv: Some(mv),
                };
                let before = *self.game.position();
                match self.game.play(&turn) {
                    Ok(()) => {
                        self.pending_huff = None;
                        RouteAnswer::Played {
                            turn: self.played(&before, &turn, numbers(path)),
                        }
                    }
                    Err(e) => RouteAnswer::Refused {
                        refusal: Refusal::of(&e.reason),
                    },
                }
            }
            Resolution::Partial {
                path,
                next,
                can_stop,
            } => RouteAnswer::Partial {
                captured: numbers(route::jumped(&pos, &path)),
                path: numbers(path),
                next: numbers(next),
                can_stop,
            },
            Resolution::Refused(refusal) => RouteAnswer::Refused { refusal },
        }
    }

    /// Huffs the piece on `sq` (see [`WebGame::huff`]).
    pub fn huff_data(&mut self, sq: Square) -> Result<Option<PlayedTurn>, Refusal> {
        let pos = *self.game.position();
        if self.game.outcome().is_some() {
            return Err(Refusal::of(&notation::IllegalReason::GameOver));
        }
        if !pos.rules().is_huffing() {
            return Err(Refusal::of(&notation::IllegalReason::NoHuffing));
        }
        if let Some(first) = self.pending_huff {
            return Err(Refusal::of(&notation::IllegalReason::OneHuffPerTurn(first)));
        }
        if !self.legal_huffs().contains(&sq) {
            return Err(Refusal::of(&notation::IllegalReason::NotHuffable(sq)));
        }
        if let Some(TurnStart::Final(_)) = pos.begin_turn(Some(sq)) {
            let alone = Turn {
                huff: Some(sq),
                mv: None,
            };
            self.game.play(&alone).map_err(|e| Refusal::of(&e.reason))?;
            return Ok(Some(self.played(&pos, &alone, Vec::new())));
        }
        self.pending_huff = Some(sq);
        Ok(None)
    }

    /// Plays a turn given in notation (see [`WebGame::play_text`]).
    pub fn play_text_data(&mut self, text: &str) -> Result<PlayedTurn, String> {
        if self.pending_huff.is_some() {
            return Err("a huff is pending: finish or take it back first".to_string());
        }
        let before = *self.game.position();
        let turn = self.game.play_text(text).map_err(|e| e.to_string())?;
        let path = match (&turn.mv, notation::parse_turn(text)) {
            (Some(mv), Ok(parsed)) => {
                let pos = match turn.huff {
                    Some(h) => before.huff_unchecked(h),
                    None => before,
                };
                let paths = notation::move_paths(&pos, mv);
                paths
                    .iter()
                    .find(|p| **p == parsed.squares)
                    .or(paths.first())
                    .map(|p| numbers(p.iter().copied()))
                    .unwrap_or_else(|| numbers([mv.from(), mv.to()]))
            }
            _ => Vec::new(),
        };
        Ok(self.played(&before, &turn, path))
    }

    fn played(&self, before: &Position, turn: &Turn, path: Vec<u8>) -> PlayedTurn {
        PlayedTurn {
            text: notation::turn_text(before, turn),
            color: before.side().into(),
            huff: turn.huff.map(|s| s.number()),
            path,
            captured: turn.mv.map(|m| numbers(m.captured())).unwrap_or_default(),
            crowns: turn.mv.is_some_and(|m| m.crowns()),
            huffable_after: numbers(self.game.position().huffable()),
        }
    }
}
