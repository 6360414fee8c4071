//! The page's game session: the game, the huff the player has made but not yet followed by a
//! move, the turns taken back (for redo), the tags of an imported PDN game and the hints asked
//! for.
//!
//! Plain Rust on every target, tested natively (`tests/session.rs`). The page holds it through
//! `WebGame` (`game.rs`, wasm32 only), whose methods read and check what the page passes and
//! call the method of the same name here; every value returned is one of the page contract's
//! types ([`crate::types`]). Nothing here decides a rule: legality, obligations, huffable pieces
//! and the outcome come from the core; this type only turns what the player pointed at into one
//! of the core's legal turns (or the core's reason why there is none) and keeps the session's
//! state around the game.

use crate::explain::{self, TypedError};
use crate::route::{self, Resolution};
use crate::types::*;
use dame_core::notation::{self, IllegalReason, Numbering};
use dame_core::pdn;
use dame_core::{position_from_fen, Color, Game, Position, Preset, Square, Turn, TurnStart};
use dame_engine::analysis::{self, GameAnalysis, PositionEval};

/// The longest line of the engine's that the analysis board shows or writes into a PDN.
pub const MAX_LINE: usize = 10;

/// The version of [`GameRecord`] written by [`Session::record`].
pub const RECORD_VERSION: u32 = 1;

/// The most hints a record may count.
pub const MAX_HINTS: u32 = 1_000_000;

/// The most extra tags [`Session::pdn`] takes from the page.
pub const MAX_TAGS: usize = 100;

/// Tags [`Session::pdn`] writes from the game itself, which the page may not give.
pub const OWN_TAGS: [&str; 7] = [
    "White",
    "Black",
    "Result",
    "GameType",
    pdn::RULES_TAG,
    "SetUp",
    "FEN",
];

/// A game in progress, as the page plays it.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    preset: Preset,
    pending_huff: Option<Square>,
    /// Turns taken back, the last one taken back last; a new turn clears them.
    redone: Vec<Turn>,
    /// The tag pairs of the PDN game this game was imported from (none for a game begun here).
    tags: Vec<(String, String)>,
    /// Hints the player asked for (kept in the record).
    hints: u32,
}

/// Why a typed turn was not played ([`Session::play_typed`]), as the page is told: the message,
/// in words (English), and the refusal when the turn is well written but not legal here (its
/// options in the game's own notation); none when the text is not a turn in that notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedRefusal {
    pub message: String,
    pub refusal: Option<Refusal>,
}

fn numbers(squares: impl IntoIterator<Item = Square>) -> Vec<u8> {
    squares.into_iter().map(|s| s.number()).collect()
}

/// A colour named by the page: "red" or "black".
pub fn color(text: &str) -> Result<Color, String> {
    match text {
        "red" => Ok(Color::Red),
        "black" => Ok(Color::Black),
        other => Err(format!("unknown colour '{other}' (red or black)")),
    }
}

/// Checks the name of a tag the page gives [`Session::pdn`]: letters, digits and `_`, at most
/// 40 of them, and none of [`OWN_TAGS`].
pub fn check_tag_name(name: &str) -> Result<(), String> {
    let valid = !name.is_empty()
        && name.len() <= 40
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err(format!(
            "'{}' is not a tag name (letters, digits and _)",
            name.chars().take(40).collect::<String>()
        ));
    }
    if OWN_TAGS.contains(&name) {
        return Err(format!("{name} is written from the game itself"));
    }
    Ok(())
}

/// Whether `text` is a FEN position rather than a PDN game: `W:…` or `B:…`.
fn looks_like_fen(text: &str) -> bool {
    let mut chars = text.trim_start().chars();
    matches!(chars.next(), Some('W' | 'B' | 'w' | 'b'))
        && chars.find(|c| !c.is_whitespace()) == Some(':')
}

/// `text` cut to `max` characters, with `…` when it was longer.
fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// A PDN error in words, with a long move or title cut short (a message, not the text back).
fn pdn_message(mut error: pdn::PdnError) -> String {
    error.title = cut(&error.title, 80);
    if let pdn::PdnErrorKind::Move { text, .. } = &mut error.kind {
        *text = cut(text, 40);
    }
    cut(&error.to_string(), 500)
}

impl Session {
    /// A new game of the preset `rules` (an id such as "blasen"), from `fen` or the start (no
    /// FEN, or a blank one).
    pub fn new(rules: &str, fen: Option<&str>) -> Result<Session, String> {
        let preset: Preset = rules.parse().map_err(|e| format!("{e}"))?;
        let position = match fen.map(str::trim) {
            Some(text) if !text.is_empty() => position_from_fen(text, preset)
                .map_err(|e| format!("bad position '{text}': {e}"))?,
            _ => Position::start(preset),
        };
        Ok(Session::of(Game::from_position(position), preset))
    }

    /// Resumes a game saved with [`Session::record`]. The error names the problem (an unknown
    /// version, a bad preset or start position, the first turn of the history that cannot be
    /// played, with its index).
    pub fn from_record(record: &GameRecord) -> Result<Session, String> {
        if record.version != RECORD_VERSION {
            return Err(format!(
                "unknown record version: {} (this game reads version {RECORD_VERSION})",
                record.version
            ));
        }
        let preset: Preset = record
            .rules
            .parse()
            .map_err(|e| format!("bad preset: {e}"))?;
        let start = position_from_fen(&record.start, preset)
            .map_err(|e| format!("bad start position '{}': {e}", record.start))?;
        let mut game = Game::from_position(start);
        for (i, text) in record.history.iter().enumerate() {
            game.play_text(text)
                .map_err(|e| format!("history[{i}] '{text}' cannot be played: {e}"))?;
        }
        let mut session = Session::of(game, preset);
        session.hints = record.hints.min(MAX_HINTS);
        Ok(session)
    }

    /// The game read from the first game of a PDN text, at its final position with its history,
    /// or from a FEN position (`W:…`, `B:…`) in the notation of `default_rules`. Its rules come
    /// from its `Rules` tag or `GameType` (21 English, 25 Russian); a game with neither is read
    /// by `default_rules`, and if its moves do not fit them, as English checkers (PDN's own
    /// default, GameType 21) or else Russian draughts. The error names the game and the move in
    /// words.
    pub fn from_pdn(text: &str, default_rules: &str) -> Result<Session, String> {
        let default: Preset = default_rules.parse().map_err(|e| format!("{e}"))?;
        if text.trim().is_empty() {
            return Err("the text is empty: paste a PDN game or a FEN position".to_string());
        }
        if looks_like_fen(text) {
            let position = Numbering::of(default)
                .position_from_fen(text.trim(), default)
                .map_err(|e| cut(&format!("bad FEN for {}: {e}", default.info().name_en), 500))?;
            return Ok(Session::of(Game::from_position(position), default));
        }
        let mut read = pdn::read_game(text, Some(default));
        // Without a Rules or GameType tag: English (PDN's default), then Russian, if the moves
        // do not fit the page's rules.
        if let Err(first) = &read {
            if matches!(first.kind, pdn::PdnErrorKind::Move { .. }) {
                let untagged = |g: &pdn::PdnGame| {
                    g.tag("GameType").is_none() && g.tag(pdn::RULES_TAG).is_none()
                };
                if let Some(other) = [Preset::English, Preset::Russian]
                    .into_iter()
                    .filter(|&p| p != default)
                    .filter_map(|p| pdn::read_game(text, Some(p)).ok())
                    .find(untagged)
                {
                    read = Ok(other);
                }
            }
        }
        let game = read.map_err(pdn_message)?;
        let mut session = Session::of(game.game, game.preset);
        session.tags = game.tags;
        Ok(session)
    }

    fn of(game: Game, preset: Preset) -> Session {
        Session {
            game,
            preset,
            pending_huff: None,
            redone: Vec::new(),
            tags: Vec::new(),
            hints: 0,
        }
    }

    /// The game itself.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The notation the game's players read and write (docs/rules.md §7, "Other notations").
    pub fn numbering(&self) -> Numbering {
        Numbering::of(self.preset)
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
    pub fn start_fen(&self) -> String {
        self.game.start_position().to_string()
    }

    /// The turns played, in the internal notation (docs/rules.md §7).
    pub fn history(&self) -> Vec<String> {
        self.game.history_text()
    }

    /// The number of turns played.
    pub fn plies(&self) -> usize {
        self.game.history().len()
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
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// Everything the page draws.
    pub fn view(&self) -> View {
        let plies = self.game.history().len();
        self.view_of(
            self.shown(),
            plies,
            self.pending_huff,
            self.legal_huffs(),
            self.game.outcome(),
        )
    }

    /// The view of the position after `ply` turns of the history (0: the start), for stepping
    /// through the moves: the outcome only at the end, a pending huff not shown. `None` past
    /// the end.
    pub fn view_at(&self, ply: usize) -> Option<View> {
        let plies = self.game.history().len();
        let pos = *self.game.positions().get(ply)?;
        let over = if ply == plies {
            self.game.outcome()
        } else {
            None
        };
        let huffs = if over.is_some() {
            Vec::new()
        } else {
            huffs_in(&pos)
        };
        Some(self.view_of(pos, ply, None, huffs, over))
    }

    /// What the piece on `from` may do: its paths, or why it may not move and which captures
    /// are required instead; spelled in the game's own notation.
    pub fn grab(&self, from: Square) -> Grab {
        let mut grab = self.grab_internal(from);
        for path in grab.paths.iter_mut().chain(grab.required.iter_mut()) {
            path.text = self.native(&path.text);
        }
        grab.refusal = grab.refusal.map(|r| self.native_refusal(r));
        grab
    }

    /// Plays the route the player pointed at, or says why not. `committed`: the start and the
    /// landing squares already stepped on; `via`: squares a drag passed through; `target`: where
    /// the piece was dropped; `stop`: end a capture here although it could go on (Blasen).
    pub fn route(
        &mut self,
        committed: &[Square],
        via: &[Square],
        target: Square,
        stop: bool,
    ) -> RouteAnswer {
        match self.route_internal(committed, via, target, stop) {
            RouteAnswer::Refused { refusal } => RouteAnswer::Refused {
                refusal: self.native_refusal(refusal),
            },
            answer => answer,
        }
    }

    /// Huffs the opponent's piece on `sq` (Blasen). Returns the turn if the huff took the last
    /// piece (the game is then over), otherwise `None`: the player moves next.
    pub fn huff(&mut self, sq: Square) -> Result<Option<PlayedTurn>, Refusal> {
        let pos = *self.game.position();
        if self.game.outcome().is_some() {
            return Err(Refusal::of(&IllegalReason::GameOver));
        }
        if !pos.rules().is_huffing() {
            return Err(Refusal::of(&IllegalReason::NoHuffing));
        }
        if let Some(first) = self.pending_huff {
            return Err(Refusal::of(&IllegalReason::OneHuffPerTurn(first)));
        }
        if !self.legal_huffs().contains(&sq) {
            return Err(Refusal::of(&IllegalReason::NotHuffable(sq)));
        }
        if let Some(TurnStart::Final(_)) = pos.begin_turn(Some(sq)) {
            let alone = Turn {
                huff: Some(sq),
                mv: None,
            };
            self.game.play(&alone).map_err(|e| Refusal::of(&e.reason))?;
            self.redone.clear();
            return Ok(Some(self.played(&pos, &alone, Vec::new())));
        }
        self.pending_huff = Some(sq);
        Ok(None)
    }

    /// Takes back a huff not yet followed by a move. Returns whether there was one.
    pub fn cancel_huff(&mut self) -> bool {
        self.pending_huff.take().is_some()
    }

    /// Plays a turn given in the internal notation (the computer's answer); refused while a
    /// huff is pending. The played turn's `text` is in the game's own notation.
    pub fn play_text(&mut self, text: &str) -> Result<PlayedTurn, String> {
        if self.pending_huff.is_some() {
            return Err("a huff is pending: finish or take it back first".to_string());
        }
        let before = *self.game.position();
        let turn = self.game.play_text(text).map_err(|e| e.to_string())?;
        self.redone.clear();
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

    /// Plays a turn typed by the player in the game's own notation (`22-18`, `h22 9-13` in
    /// Blasen; `11-15` in English checkers; `c3:e5` in Russian draughts), after a pending huff
    /// if there is one. A refusal ([`TypedRefusal`]) leaves the game unchanged.
    pub fn play_typed(&mut self, text: &str) -> Result<PlayedTurn, TypedRefusal> {
        let turn = explain::read_typed(&self.game, self.numbering(), self.pending_huff, text)
            .map_err(|e| self.typed_refusal(e))?;
        // The legal turn found, played as the computer's are: in the internal notation.
        let internal = notation::turn_text(self.game.position(), &turn);
        self.pending_huff = None;
        self.play_text(&internal).map_err(|message| TypedRefusal {
            message,
            refusal: None,
        })
    }

    fn typed_refusal(&self, error: TypedError) -> TypedRefusal {
        match error {
            TypedError::Syntax(message) => TypedRefusal {
                message,
                refusal: None,
            },
            TypedError::Illegal(reason) => TypedRefusal {
                message: reason.describe(self.numbering()),
                refusal: Some(self.native_refusal(Refusal::of(&reason))),
            },
        }
    }

    /// Takes back a pending huff, or else the last turn (which [`Session::redo`] can play
    /// again). Returns whether anything was undone.
    pub fn undo(&mut self) -> bool {
        if self.pending_huff.take().is_some() {
            return true;
        }
        match self.game.undo() {
            Some(turn) => {
                self.redone.push(turn);
                true
            }
            None => false,
        }
    }

    /// Plays again the last turn taken back, if no turn was played since. Returns whether it
    /// did.
    pub fn redo(&mut self) -> bool {
        if !self.can_redo() {
            return false;
        }
        match self.redone.pop().map(|turn| self.game.play(&turn)) {
            Some(Ok(())) => true,
            _ => {
                self.redone.clear();
                false
            }
        }
    }

    /// Is there a turn [`Session::redo`] would play?
    pub fn can_redo(&self) -> bool {
        !self.redone.is_empty() && self.pending_huff.is_none() && self.game.outcome().is_none()
    }

    /// Drops the turns after the first `ply` (to play on from an earlier position); a pending
    /// huff, a resignation and the turns to redo go too. `ply` at or past the end changes
    /// nothing.
    pub fn truncate(&mut self, ply: usize) {
        if ply >= self.game.history().len() {
            return;
        }
        self.pending_huff = None;
        self.redone.clear();
        while self.game.history().len() > ply {
            self.game.undo();
        }
    }

    /// The game as a record to save: `{ version: 1, rules, start, history, hints }`;
    /// [`Session::from_record`] resumes it. A pending huff and a resignation are not part of it.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            version: RECORD_VERSION,
            rules: self.preset.id().to_string(),
            start: self.start_fen(),
            history: self.game.history_text(),
            hints: self.hints,
        }
    }

    /// The game as PDN, in its own notation (docs/rules.md §7, "Other notations"): `red` and
    /// `black` are the names of the players of the two colours (written as `White` and `Black`
    /// the way the notation calls the sides: in English checkers the first mover, Red, is
    /// "Black"); `extra` further tags (their names checked by [`check_tag_name`]). `Result`,
    /// `GameType`, `Rules`, `SetUp` and `FEN` come from the game.
    pub fn pdn(&self, red: &str, black: &str, extra: &[(String, String)]) -> String {
        let (white, other) = match self.numbering().white() {
            Color::Red => (red, black),
            Color::Black => (black, red),
        };
        let mut tags: Vec<(&str, &str)> = vec![("White", white), ("Black", other)];
        tags.extend(extra.iter().map(|(n, v)| (n.as_str(), v.as_str())));
        pdn::write_game(&self.game, &tags)
    }

    /// The tag pairs of the PDN game this game was imported from, in order; none for a game
    /// begun on the page. Values are plain text, to be shown as text.
    pub fn pdn_tags(&self) -> Vec<PdnTag> {
        self.tags
            .iter()
            .map(|(name, value)| PdnTag {
                name: name.clone(),
                value: value.clone(),
            })
            .collect()
    }

    /// The analysis's searches of this game's first positions (`evals[i]` that of the position
    /// after `i` turns, as the worker's `evaluate` gives them), read back: each best turn and
    /// line must be legal where it is played. An error names the position and the turn.
    fn position_evals(&self, evals: &[PositionEvalView]) -> Result<Vec<PositionEval>, String> {
        if evals.len() > self.game.positions().len() {
            return Err(format!(
                "{} evaluations for a game of {} positions",
                evals.len(),
                self.game.positions().len()
            ));
        }
        let mut out = Vec::with_capacity(evals.len());
        for (i, (view, pos)) in evals.iter().zip(self.game.positions()).enumerate() {
            let mut line = Game::from_position(*pos);
            let mut pv = Vec::new();
            for text in view.pv.iter().take(MAX_LINE) {
                let turn = line
                    .play_text(text)
                    .map_err(|e| format!("evaluation {i}: line turn '{text}': {e}"))?;
                pv.push(turn);
            }
            let best = match &view.best {
                Some(text) => Some(
                    notation::read_turn(pos, text)
                        .map_err(|e| format!("evaluation {i}: best turn '{text}': {e}"))?,
                ),
                None => None,
            };
            out.push(PositionEval {
                score: view.score.into(),
                best,
                pv,
                depth: view.depth,
                shallower: view.shallower.into(),
                legal_turns: view.legal as usize,
            });
        }
        Ok(out)
    }

    /// Judges every turn that `evals` (the searches of the game's first positions, in order)
    /// reach, exactly as `dame analyse` judges them (`dame_engine::analysis::judge_plies`); the
    /// engine's turns are written in the game's own notation.
    pub fn judge(&self, evals: &[PositionEvalView]) -> Result<Vec<PlyJudgement>, String> {
        let evals = self.position_evals(evals)?;
        let positions = self.game.positions();
        Ok(analysis::judge_plies(&self.game, &evals)
            .into_iter()
            .map(|ply| {
                let pos = &positions[ply.ply];
                PlyJudgement {
                    ply: ply.ply as u32,
                    side: ply.side.into(),
                    judgement: ply.judgement.into(),
                    drop: ply.drop,
                    forced: ply.forced,
                    best: ply.best.map(|t| self.numbering().turn_text(pos, &t)),
                    pv: self.line_texts(pos, &ply.pv),
                    before: ply.before.into(),
                    after: ply.after.into(),
                }
            })
            .collect())
    }

    /// `turns`, played one after the other from `pos`, in the game's own notation.
    fn line_texts(&self, pos: &Position, turns: &[Turn]) -> Vec<String> {
        let mut game = Game::from_position(*pos);
        let mut out = Vec::new();
        for turn in turns {
            out.push(self.numbering().turn_text(game.position(), turn));
            if game.play(turn).is_err() {
                break;
            }
        }
        out
    }

    /// A line of turns in the internal notation (the engine's), played from the position after
    /// `ply` turns: each as the page shows a played turn (its text in the game's own notation,
    /// its path for the arrows). Stops at the first turn that is not legal there; at most
    /// [`MAX_LINE`] turns.
    pub fn line(&self, ply: usize, turns: &[String]) -> Result<Vec<PlayedTurn>, String> {
        if ply > self.plies() {
            return Err(format!("no ply {ply} in a game of {} turns", self.plies()));
        }
        let mut at = self.clone();
        at.truncate(ply);
        let mut out = Vec::new();
        for text in turns.iter().take(MAX_LINE) {
            match at.play_text(text) {
                Ok(turn) => out.push(turn),
                Err(_) => break,
            }
        }
        Ok(out)
    }

    /// The game as PDN, as [`Session::pdn`] writes it, with the analysis in it: after each
    /// judged turn its NAG, `{[%eval …]}` (the position after it, from Red's side) and, where it
    /// was not the best, the engine's line instead (as `dame analyse` writes it).
    pub fn pdn_annotated(
        &self,
        red: &str,
        black: &str,
        extra: &[(String, String)],
        evals: &[PositionEvalView],
    ) -> Result<String, String> {
        let evals = self.position_evals(evals)?;
        let notes = GameAnalysis {
            plies: analysis::judge_plies(&self.game, &evals),
        }
        .notes(MAX_LINE);
        let (white, other) = match self.numbering().white() {
            Color::Red => (red, black),
            Color::Black => (black, red),
        };
        let mut tags: Vec<(&str, &str)> = vec![("White", white), ("Black", other)];
        tags.extend(extra.iter().map(|(n, v)| (n.as_str(), v.as_str())));
        Ok(pdn::write_game_annotated(&self.game, &tags, &notes))
    }

    /// `color` gives up (a pending huff is dropped).
    pub fn resign(&mut self, color: Color) {
        self.pending_huff = None;
        self.game.resign(color);
    }

    /// The turn that led to the position after `ply` turns (1: the first), explained; `None`
    /// for 0 or past the end.
    pub fn explain(&self, ply: usize) -> Option<Explanation> {
        explain::explain(&self.game, ply)
    }

    /// Counts one more hint (kept in the record, shown in the view); returns the count.
    pub fn count_hint(&mut self) -> u32 {
        self.hints = (self.hints + 1).min(MAX_HINTS);
        self.hints
    }

    /// A turn written in the internal notation, in the game's own (unchanged if unreadable).
    fn native(&self, text: &str) -> String {
        match notation::parse_turn(text) {
            Ok(parsed) => parsed.in_numbering(self.numbering()),
            Err(_) => text.to_string(),
        }
    }

    /// A refusal whose options are spelled in the game's own notation.
    fn native_refusal(&self, mut refusal: Refusal) -> Refusal {
        for option in &mut refusal.options {
            *option = self.native(option);
        }
        refusal
    }

    /// The first `plies` turns in the game's own notation.
    fn native_history(&self, plies: usize) -> Vec<String> {
        let numbering = self.numbering();
        self.game
            .history()
            .iter()
            .zip(self.game.positions())
            .take(plies)
            .map(|(turn, pos)| numbering.turn_text(pos, turn))
            .collect()
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
        huffs_in(self.game.position())
    }

    fn view_of(
        &self,
        pos: Position,
        ply: usize,
        pending_huff: Option<Square>,
        huffable: Vec<Square>,
        over: Option<dame_core::Outcome>,
    ) -> View {
        let pieces = Square::all()
            .filter_map(|sq| {
                pos.piece_at(sq).map(|p| PieceView {
                    sq: sq.number(),
                    color: p.color.into(),
                    king: p.role == dame_core::Role::King,
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
        let numbering = self.numbering();
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
            huffable: numbers(huffable),
            pending_huff: pending_huff.map(|s| s.number()),
            movable,
            outcome: over.map(outcome_view),
            history: self.native_history(ply),
            labels: Square::all().map(|sq| numbering.name(sq)).collect(),
            plies: ply as u32,
            hints: self.hints,
        }
    }

    fn grab_internal(&self, from: Square) -> Grab {
        let pos = self.shown();
        let refuse = |refusal: Refusal| Grab {
            paths: Vec::new(),
            refusal: Some(refusal),
            required: Vec::new(),
        };
        if self.game.outcome().is_some() {
            return refuse(Refusal::of(&IllegalReason::GameOver));
        }
        match pos.piece_at(from) {
            None => return refuse(Refusal::of(&IllegalReason::NoPiece(from))),
            Some(p) if p.color != pos.side() => {
                return refuse(Refusal::of(&IllegalReason::NotYourPiece(from, pos.side())))
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
                refusal: Some(Refusal::of(&IllegalReason::MustCapture(
                    pos.side(),
                    obligated,
                ))),
                required,
            };
        }
        refuse(Refusal::of(&IllegalReason::NoMoves(from)))
    }

    fn route_internal(
        &mut self,
        committed: &[Square],
        via: &[Square],
        target: Square,
        stop: bool,
    ) -> RouteAnswer {
        let pos = self.shown();
        if self.game.outcome().is_some() {
            return RouteAnswer::Refused {
                refusal: Refusal::of(&IllegalReason::GameOver),
            };
        }
        if let Some(&from) = committed.first() {
            let grab = self.grab(from);
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
                        self.redone.clear();
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

    fn played(&self, before: &Position, turn: &Turn, path: Vec<u8>) -> PlayedTurn {
        PlayedTurn {
            text: self.numbering().turn_text(before, turn),
            color: before.side().into(),
            huff: turn.huff.map(|s| s.number()),
            path,
            captured: turn.mv.map(|m| numbers(m.captured())).unwrap_or_default(),
            crowns: turn.mv.is_some_and(|m| m.crowns()),
            huffable_after: numbers(self.game.position().huffable()),
        }
    }
}

/// The squares the side to move may huff in `pos`: each ends the game or is followed by some
/// legal move.
fn huffs_in(pos: &Position) -> Vec<Square> {
    let mut huffs: Vec<Square> = pos
        .turn_starts()
        .filter_map(|(huff, start)| match start {
            TurnStart::Final(_) => huff,
            TurnStart::Move(after) => huff.filter(|_| !after.legal_moves().is_empty()),
        })
        .collect();
    huffs.sort();
    huffs
}
