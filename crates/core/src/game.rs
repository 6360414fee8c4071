//! A game: the position, the history (with undo), and the outcome, including the draw rules of
//! docs/rules.md §5.

use crate::board::{Color, Position, Square};
use crate::moves::Turn;
use crate::notation::{self, IllegalReason, IllegalTurn, TurnError};
use crate::preset::Preset;
use crate::rules::Rules;
use std::fmt;

/// Plies without a capture, a huff or a man moved after which the game is drawn (40 moves each).
pub const QUIET_PLIES_FOR_DRAW: u32 = 80;

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser has pieces but no legal turn.
    NoMoves,
    /// The loser resigned.
    Resignation,
}

/// Why a game was drawn (docs/rules.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// The same position, same side to move, for the third time.
    Repetition,
    /// 40 moves by each side without a capture, a huff or a man moved.
    FortyMoves,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The side that won.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Neither side won.
    Draw(DrawReason),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let loser = winner.opposite();
                let why = match reason {
                    WinReason::NoPieces => format!("{loser} has no pieces left"),
                    WinReason::NoMoves => format!("{loser} cannot move"),
                    WinReason::Resignation => format!("{loser} resigned"),
                };
                write!(f, "{winner} wins: {why}")
            }
            Outcome::Draw(DrawReason::Repetition) => {
                write!(f, "draw: the same position occurred three times")
            }
            Outcome::Draw(DrawReason::FortyMoves) => write!(
                f,
                "draw: 40 moves each without a capture, a huff or a man moved"
            ),
        }
    }
}

/// A game from a start position, with its history.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[i]` is the position before `turns[i]`; the last one is the current position.
    positions: Vec<Position>,
    turns: Vec<Turn>,
    /// For each position, the plies since the last capture, huff or man move.
    quiet_plies: Vec<u32>,
    resigned: Option<Color>,
}

impl Game {
    /// A game of `preset` from its start position.
    pub fn new(preset: Preset) -> Game {
        Game::from_position(Position::start(preset))
    }

    /// A game from a set-up position.
    pub fn from_position(position: Position) -> Game {
        Game {
            positions: vec![position],
            turns: Vec::new(),
            quiet_plies: vec![0],
            resigned: None,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    /// The rules the game is played by.
    pub fn rules(&self) -> &Rules {
        self.position().rules()
    }

    /// The preset the game is played by.
    pub fn preset(&self) -> Preset {
        self.position().preset()
    }

    /// The side whose turn it is.
    pub fn side_to_move(&self) -> Color {
        self.position().side()
    }

    /// The turns played so far.
    pub fn history(&self) -> &[Turn] {
        &self.turns
    }

    /// The turns played so far, in notation.
    pub fn history_text(&self) -> Vec<String> {
        self.turns
            .iter()
            .zip(&self.positions)
            .map(|(turn, pos)| notation::turn_text(pos, turn))
            .collect()
    }

    /// Every position of the game, the start first and the current one last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// For each position of [`Game::positions`], the plies since the last capture, huff or man
    /// move.
    pub fn quiet_plies_history(&self) -> &[u32] {
        &self.quiet_plies
    }

    /// Plies since the last capture, huff or man move.
    pub fn quiet_plies(&self) -> u32 {
        *self.quiet_plies.last().expect("one count per position")
    }

    /// Every legal turn now; none once the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.position().legal_turns()
    }

    /// The pieces of the side to move that have a capture (that must or, in Blasen, should
    /// capture), kings first.
    pub fn obligated(&self) -> Vec<Square> {
        self.position().obligated_kings_first()
    }

    /// How often the current position (side to move and huffable set included) has occurred.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions.iter().filter(|p| *p == now).count()
    }

    /// How the game ended, or `None` while it goes on: no pieces, no legal turn,
    /// resignation, threefold repetition or the 40-move rule (docs/rules.md §5).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.resigned {
            return Some(Outcome::Win {
                winner: loser.opposite(),
                reason: WinReason::Resignation,
            });
        }
        let pos = self.position();
        let side = pos.side();
        // Either side without pieces has lost (a set-up position may have the winner to move).
        if pos.is_decided_by_material() {
            let loser = if pos.board().pieces(side).is_empty() {
                side
            } else {
                side.opposite()
            };
            return Some(Outcome::Win {
                winner: loser.opposite(),
                reason: WinReason::NoPieces,
            });
        }
        if pos.legal_turns().is_empty() {
            return Some(Outcome::Win {
                winner: side.opposite(),
                reason: WinReason::NoMoves,
            });
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if self.quiet_plies() >= QUIET_PLIES_FOR_DRAW {
            return Some(Outcome::Draw(DrawReason::FortyMoves));
        }
        None
    }

    /// Plays `turn` if it is legal; otherwise says why and leaves the game unchanged.
    ///
    /// ```
    /// use dame_core::notation::IllegalReason;
    /// use dame_core::{Game, Preset};
    ///
    /// let mut game = Game::new(Preset::English);
    /// let opening = game.legal_turns()[0];
    /// game.play(&opening).unwrap();
    /// // The same turn again is Black's now: refused, with the reason, and nothing changes.
    /// let refused = game.play(&opening).unwrap_err();
    /// assert!(matches!(refused.reason, IllegalReason::NotYourPiece(..) | IllegalReason::NoPiece(_)));
    /// assert_eq!(game.history().len(), 1);
    /// ```
    pub fn play(&mut self, turn: &Turn) -> Result<(), IllegalTurn> {
        let written = notation::TurnText::of(turn);
        let refuse = |reason| IllegalTurn {
            text: written.to_string(),
            reason,
        };
        if self.outcome().is_some() {
            return Err(refuse(IllegalReason::GameOver));
        }
        let pos = self.position();
        if !pos.legal_turns().contains(turn) {
            // The notation layer knows why a turn is illegal.
            let reason = match notation::resolve_turn(pos, &written) {
                Err(reason) => reason,
                Ok(_) => IllegalReason::NotAMove, // same squares, another move (other captures)
            };
            return Err(refuse(reason));
        }
        self.push(*turn);
        Ok(())
    }

    /// Reads a turn in notation (`22-18`, `h22 9-13`) and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<Turn, TurnError> {
        if self.outcome().is_some() {
            return Err(TurnError::Illegal(IllegalTurn {
                text: text.trim().to_string(),
                reason: IllegalReason::GameOver,
            }));
        }
        let turn = notation::read_turn(self.position(), text)?;
        self.push(turn);
        Ok(turn)
    }

    /// Plays `turn`, a legal turn of the current position, whatever the draw rules say (a
    /// recorded game may go on past a repetition: players claim draws).
    #[doc(hidden)] // for dame-engine and dame-web; not a stable API
    pub fn push(&mut self, turn: Turn) {
        let pos = *self.position();
        let men = pos.board().men(pos.side());
        let quiet = if turn.is_irreversible(men) {
            0
        } else {
            self.quiet_plies() + 1
        };
        self.positions.push(pos.play_turn_unchecked(&turn));
        self.turns.push(turn);
        self.quiet_plies.push(quiet);
    }

    /// Takes back the last turn (and a resignation, if any). Returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Turn> {
        if self.resigned.take().is_some() {
            return None;
        }
        let turn = self.turns.pop()?;
        self.positions.pop();
        self.quiet_plies.pop();
        Some(turn)
    }

    /// `side` gives up (ignored once the game is over).
    pub fn resign(&mut self, side: Color) {
        if self.outcome().is_none() {
            self.resigned = Some(side);
        }
    }
}
