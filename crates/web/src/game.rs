//! The one game handle the page holds.

use super::explain::{self, TypedError};
use super::exports::to_js;
use super::input;
use super::route::{self, Resolution};
use super::types::*;
use dame_core::notation::{self, pdn, Numbering};
use dame_core::{position_from_fen, Color, Game, Position, Preset, Square, Turn, TurnStart};
use wasm_bindgen::prelude::*;

/// A game in progress, with the huff the player has made but not yet followed by a move, and
/// the turns taken back (for redo).
#[wasm_bindgen]
pub struct WebGame {
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

/// The most hints a record may count.
const MAX_HINTS: u32 = 1_000_000;

fn numbers(squares: impl IntoIterator<Item = Square>) -> Vec<u8> {
    squares.into_iter().map(|s| s.number()).collect()
}

fn color_of(value: &JsValue) -> Result<Color, JsError> {
    match input::text(value, "resign: the colour")?.as_str() {
        "red" => Ok(Color::Red),
        "black" => Ok(Color::Black),
        other => Err(JsError::new(&format!(
            "resign: unknown colour '{other}' (red or black)"
        ))),
    }
}

/// The version of [`GameRecord`] written by [`WebGame::record`].
const RECORD_VERSION: u32 = 1;

/// The longest PDN text [`WebGame::from_pdn`] reads, in UTF-16 units (a file of many games).
const MAX_PDN: usize = 1_000_000;

/// The most extra tags [`WebGame::pdn`] takes.
const MAX_TAGS: usize = 100;

/// Tags [`WebGame::pdn`] writes from the game itself, which the page may not give.
const OWN_TAGS: [&str; 7] = [
    "White",
    "Black",
    "Result",
    "GameType",
    pdn::RULES_TAG,
    "SetUp",
    "FEN",
];

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

/// The extra tags for [`WebGame::pdn`]: an object of tag names and string values, or nothing.
fn tags_of(value: &JsValue) -> Result<Vec<(String, String)>, JsError> {
    const WHAT: &str = "pdn: the tags";
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    input::object(value, WHAT)?;
    let keys = js_sys::Reflect::own_keys(value)
        .map_err(|_| JsError::new(&format!("{WHAT}: their names could not be read")))?;
    if keys.length() as usize > MAX_TAGS {
        return Err(JsError::new(&format!(
            "{WHAT}: too many ({}, at most {MAX_TAGS})",
            keys.length()
        )));
    }
    let mut tags = Vec::new();
    for key in keys.iter() {
        let Some(name) = key.as_string() else {
            return Err(JsError::new(&format!(
                "{WHAT}: a tag name must be a string, not {}",
                input::describe(&key)
            )));
        };
        let valid = !name.is_empty()
            && name.len() <= 40
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            return Err(JsError::new(&format!(
                "{WHAT}: '{}' is not a tag name (letters, digits and _)",
                name.chars().take(40).collect::<String>()
            )));
        }
        if OWN_TAGS.contains(&name.as_str()) {
            return Err(JsError::new(&format!(
                "{WHAT}: {name} is written from the game itself"
            )));
        }
        let value = input::field(value, &name, WHAT)?;
        let value = input::text(&value, &format!("{WHAT}: {name}"))?;
        tags.push((name, value));
    }
    Ok(tags)
}

#[wasm_bindgen]
impl WebGame {
    /// A new game of the preset `rules` (an id such as "blasen"), from `fen` or the start
    /// (`fen` undefined, null or blank).
    #[wasm_bindgen(constructor)]
    pub fn new(rules: JsValue, fen: JsValue) -> Result<WebGame, JsError> {
        let rules = input::text(&rules, "WebGame: the rules")?;
        let fen = input::optional_text(&fen, "WebGame: the position")?;
        WebGame::create(&rules, fen.as_deref()).map_err(|e| JsError::new(&e))
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

    /// The view of the position after `ply` turns of the history (0: the start), for stepping
    /// through the moves; the outcome only at the end, a pending huff not shown.
    #[wasm_bindgen(js_name = viewAt)]
    pub fn view_at(&self, ply: JsValue) -> Result<JsValue, JsError> {
        let ply = self.ply(&ply, "viewAt: the ply")?;
        to_js(&self.view_at_data(ply))
    }

    /// What the piece on `from` may do: its paths, or why it may not move and which captures
    /// are required instead.
    pub fn grab(&self, from: JsValue) -> Result<JsValue, JsError> {
        let from = input::square(&from, "grab: the square")?;
        to_js(&self.grab_data(from))
    }

    /// Plays the route the player pointed at, or says why not. `committed`: the start and the
    /// landing squares already stepped on; `via`: squares a drag passed through; `target`: where
    /// the piece was dropped; `stop`: end a capture here although it could go on (Blasen).
    pub fn route(
        &mut self,
        committed: JsValue,
        via: JsValue,
        target: JsValue,
        stop: JsValue,
    ) -> Result<JsValue, JsError> {
        let committed = input::squares(&committed, "route: committed")?;
        let via = input::squares(&via, "route: via")?;
        let target = input::square(&target, "route: the target")?;
        let stop = input::flag(&stop, "route: stop")?;
        to_js(&self.route_data(&committed, &via, target, stop))
    }

    /// Huffs the opponent's piece on `sq` (Blasen). Returns the turn if the huff took the last
    /// piece (the game is then over), otherwise `null`: the player moves next.
    pub fn huff(&mut self, sq: JsValue) -> Result<JsValue, JsError> {
        let sq = input::square(&sq, "huff: the square")?;
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
    pub fn play_text(&mut self, text: JsValue) -> Result<JsValue, JsError> {
        let text = input::text(&text, "playText: the turn")?;
        let turn = self.play_text_data(&text).map_err(|e| JsError::new(&e))?;
        to_js(&turn)
    }

    /// Takes back a pending huff, or else the last turn (which [`WebGame::redo`] can play
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

    /// Is there a turn [`WebGame::redo`] would play?
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        !self.redone.is_empty() && self.pending_huff.is_none() && self.game.outcome().is_none()
    }

    /// Drops the turns after the first `ply` (to play on from an earlier position); a pending
    /// huff, a resignation and the turns to redo go too. `ply` at the end changes nothing.
    pub fn truncate(&mut self, ply: JsValue) -> Result<(), JsError> {
        let ply = self.ply(&ply, "truncate: the ply")?;
        self.truncate_to(ply);
        Ok(())
    }

    /// The game as a plain object to save: `{ version: 1, rules, start, history }`
    /// ([`GameRecord`]); [`WebGame::from_record`] resumes it. A pending huff and a resignation
    /// are not part of it.
    pub fn record(&self) -> Result<JsValue, JsError> {
        to_js(&self.record_data())
    }

    /// Resumes a game saved with [`WebGame::record`]. Every field is checked; the error names
    /// the problem (an unknown version, a bad preset or position, the first turn that cannot be
    /// played, with its index).
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(record: JsValue) -> Result<WebGame, JsError> {
        const WHAT: &str = "fromRecord: the record";
        input::object(&record, WHAT)?;
        let version = input::field(&record, "version", WHAT)?;
        if version.as_f64() != Some(f64::from(RECORD_VERSION)) {
            return Err(JsError::new(&format!(
                "fromRecord: unknown record version: {} (this game reads version {RECORD_VERSION})",
                input::describe(&version)
            )));
        }
        let rules = input::text(
            &input::field(&record, "rules", WHAT)?,
            "fromRecord: the rules",
        )?;
        let start = input::text(
            &input::field(&record, "start", WHAT)?,
            "fromRecord: the start position",
        )?;
        let history = input::list(
            &input::field(&record, "history", WHAT)?,
            "fromRecord: history",
            input::MAX_LIST,
            input::text,
        )?;
        // Records written before hints were counted have none.
        let hints = input::field(&record, "hints", WHAT)?;
        let hints = if hints.is_undefined() {
            0
        } else {
            input::integer(&hints, "fromRecord: hints", 0, MAX_HINTS)?
        };
        let record = GameRecord {
            version: RECORD_VERSION,
            rules,
            start,
            history,
            hints,
        };
        WebGame::from_record_data(&record).map_err(|e| JsError::new(&format!("fromRecord: {e}")))
    }

    /// The game as PDN, in its own notation (docs/rules.md §7, "Other notations"): `red` and
    /// `black` are the names of the players of the two colours (written as `White` and `Black`
    /// the way the notation calls the sides: in English checkers the first mover, Red, is
    /// "Black"); `tags` an optional object of further tags (`{ Event: "…", Date: "2026.12.01" }`).
    /// `Result`, `GameType`, `Rules`, `SetUp` and `FEN` come from the game.
    pub fn pdn(&self, red: JsValue, black: JsValue, tags: JsValue) -> Result<String, JsError> {
        let red = input::text(&red, "pdn: the red player's name")?;
        let black = input::text(&black, "pdn: the black player's name")?;
        let tags = tags_of(&tags)?;
        Ok(self.pdn_text(&red, &black, &tags))
    }

    /// Reads a PDN game (the first of the text) or a FEN position and returns the game at its
    /// final position, with its history. Its rules come from the `Rules` tag or the `GameType`
    /// (21 English, 25 Russian), else from `defaultRules` (a preset id), as does the notation
    /// of a FEN. The error names the game and the move in words; nothing else changes.
    #[wasm_bindgen(js_name = fromPdn)]
    pub fn from_pdn(text: JsValue, default_rules: JsValue) -> Result<WebGame, JsError> {
        let default = input::text(&default_rules, "fromPdn: the default rules")?;
        let text = input::text_up_to(&text, "fromPdn: the text", MAX_PDN)?;
        WebGame::from_pdn_text(&text, &default).map_err(|e| JsError::new(&e))
    }

    /// The tag pairs of the PDN game this game was imported from, in order ([`PdnTag`]); none
    /// for a game begun on the page. Values are plain text, to be shown as text.
    #[wasm_bindgen(js_name = pdnTags)]
    pub fn pdn_tags(&self) -> Result<JsValue, JsError> {
        let tags: Vec<PdnTag> = self
            .tags
            .iter()
            .map(|(name, value)| PdnTag {
                name: name.clone(),
                value: value.clone(),
            })
            .collect();
        to_js(&tags)
    }

    /// Plays a turn typed by the player in the game's own notation (`22-18`, `h22 9-13` in
    /// Blasen; `11-15` in English checkers; `c3:e5` in Russian draughts), after a pending huff
    /// if there is one. Throws an Error: with a `refusal` ([`Refusal`]) when the turn is not
    /// legal here, without one when the text is not a turn in that notation; the game is
    /// unchanged.
    #[wasm_bindgen(js_name = playTyped)]
    pub fn play_typed(&mut self, text: JsValue) -> Result<JsValue, JsValue> {
        let text = input::text(&text, "playTyped: the turn")?;
        let (message, refusal) = match self.play_typed_data(&text) {
            Ok(turn) => return Ok(to_js(&turn)?),
            Err(TypedError::Syntax(problem)) => (problem, JsValue::UNDEFINED),
            Err(TypedError::Illegal(reason)) => (
                reason.describe(self.numbering()),
                to_js(&self.native_refusal(Refusal::of(&reason)))?,
            ),
        };
        let error: JsValue = JsError::new(&message).into();
        // Setting a field of a fresh Error cannot fail; its result is of no use.
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str("refusal"), &refusal);
        Err(error)
    }

    /// The turn that led to the position after `ply` turns (1: the first), explained
    /// ([`Explanation`]); `null` for 0. Throws when `ply` is not a whole number
    /// 0–`history.length`.
    pub fn explain(&self, ply: JsValue) -> Result<JsValue, JsError> {
        let ply = self.ply(&ply, "explain: the ply")?;
        to_js(&explain::explain(&self.game, ply))
    }

    /// Counts one more hint (kept in the record, shown in `view().hints`); returns the count.
    #[wasm_bindgen(js_name = countHint)]
    pub fn count_hint(&mut self) -> u32 {
        self.hints = (self.hints + 1).min(MAX_HINTS);
        self.hints
    }

    /// `color` ("red" or "black") gives up.
    pub fn resign(&mut self, color: JsValue) -> Result<(), JsError> {
        let color = color_of(&color)?;
        self.pending_huff = None;
        self.game.resign(color);
        Ok(())
    }
}

/// The same operations with Rust values, for the methods above and for tests.
impl WebGame {
    /// A new game of the preset `rules`, from `fen` or the start (no FEN, or a blank one).
    pub fn create(rules: &str, fen: Option<&str>) -> Result<WebGame, String> {
        let preset: Preset = rules.parse().map_err(|e| format!("{e}"))?;
        let position = match fen.map(str::trim) {
            Some(text) if !text.is_empty() => position_from_fen(text, preset.rules())
                .map_err(|e| format!("bad position '{text}': {e}"))?,
            _ => Position::start(preset.rules()),
        };
        Ok(WebGame::of(Game::from_position(position), preset))
    }

    /// The game a record describes (see [`WebGame::from_record`]); the version is the caller's
    /// to check.
    pub fn from_record_data(record: &GameRecord) -> Result<WebGame, String> {
        let preset: Preset = record
            .rules
            .parse()
            .map_err(|e| format!("bad preset: {e}"))?;
        let start = position_from_fen(&record.start, preset.rules())
            .map_err(|e| format!("bad start position '{}': {e}", record.start))?;
        let mut game = Game::from_position(start);
        for (i, text) in record.history.iter().enumerate() {
            game.play_text(text)
                .map_err(|e| format!("history[{i}] '{text}' cannot be played: {e}"))?;
        }
        let mut web = WebGame::of(game, preset);
        web.hints = record.hints.min(MAX_HINTS);
        Ok(web)
    }

    fn of(game: Game, preset: Preset) -> WebGame {
        WebGame {
            game,
            preset,
            pending_huff: None,
            redone: Vec::new(),
            tags: Vec::new(),
            hints: 0,
        }
    }

    /// The notation the game's players read and write (docs/rules.md §7, "Other notations").
    pub fn numbering(&self) -> Numbering {
        Numbering::of(self.preset)
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

    /// The game read from a PDN text, or from a FEN position in the notation of
    /// `default_rules` (see [`WebGame::from_pdn`]). A game with neither a `Rules` nor a
    /// `GameType` tag is read by `default_rules`, and if its moves do not fit them, as English
    /// checkers (PDN's own default, GameType 21) or else Russian draughts.
    pub fn from_pdn_text(text: &str, default_rules: &str) -> Result<WebGame, String> {
        let default: Preset = default_rules.parse().map_err(|e| format!("{e}"))?;
        if text.trim().is_empty() {
            return Err("the text is empty: paste a PDN game or a FEN position".to_string());
        }
        if looks_like_fen(text) {
            let position = Numbering::of(default)
                .position_from_fen(text.trim(), default.rules())
                .map_err(|e| cut(&format!("bad FEN for {}: {e}", default.info().name_en), 500))?;
            return Ok(WebGame::of(Game::from_position(position), default));
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
        let mut web = WebGame::of(game.game, game.preset);
        web.tags = game.tags;
        Ok(web)
    }

    /// The game as PDN (see [`WebGame::pdn`]): `red` and `black` are the names of the players
    /// of our colours, written as `White` and `Black` as the game's notation calls them.
    pub fn pdn_text(&self, red: &str, black: &str, extra: &[(String, String)]) -> String {
        let (white, other) = match self.numbering().white() {
            Color::Red => (red, black),
            Color::Black => (black, red),
        };
        let mut tags: Vec<(&str, &str)> = vec![("White", white), ("Black", other)];
        tags.extend(extra.iter().map(|(n, v)| (n.as_str(), v.as_str())));
        pdn::write_game(&self.game, &tags)
    }

    /// The game as a record (see [`WebGame::record`]).
    pub fn record_data(&self) -> GameRecord {
        GameRecord {
            version: RECORD_VERSION,
            rules: self.preset.id().to_string(),
            start: self.start_fen(),
            history: self.game.history_text(),
            hints: self.hints,
        }
    }

    /// A ply from the page: a whole number from 0 to the number of turns played.
    fn ply(&self, value: &JsValue, what: &str) -> Result<usize, JsError> {
        let plies = self.game.history().len() as u32;
        input::integer(value, what, 0, plies).map(|n| n as usize)
    }

    /// Drops the turns after the first `ply` (see [`WebGame::truncate`]); `ply` past the end
    /// changes nothing.
    pub fn truncate_to(&mut self, ply: usize) {
        if ply >= self.game.history().len() {
            return;
        }
        self.pending_huff = None;
        self.redone.clear();
        while self.game.history().len() > ply {
            self.game.undo();
        }
    }

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
        huffs_in(self.game.position())
    }

    /// Everything the page draws (see [`WebGame::view`]).
    pub fn view_data(&self) -> View {
        let plies = self.game.history().len();
        self.view_of(
            self.shown(),
            plies,
            self.pending_huff,
            self.legal_huffs(),
            self.game.outcome(),
        )
    }

    /// The view after the first `ply` turns (see [`WebGame::view_at`]); `None` past the end.
    pub fn view_at_data(&self, ply: usize) -> Option<View> {
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

    /// What the piece on `from` may do (see [`WebGame::grab`]), spelled in the game's own
    /// notation.
    pub fn grab_data(&self, from: Square) -> Grab {
        let mut grab = self.grab_internal(from);
        for path in grab.paths.iter_mut().chain(grab.required.iter_mut()) {
            path.text = self.native(&path.text);
        }
        grab.refusal = grab.refusal.map(|r| self.native_refusal(r));
        grab
    }

    fn grab_internal(&self, from: Square) -> Grab {
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
        match self.route_internal(committed, via, target, stop) {
            RouteAnswer::Refused { refusal } => RouteAnswer::Refused {
                refusal: self.native_refusal(refusal),
            },
            answer => answer,
        }
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
            self.redone.clear();
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

    /// Plays a typed turn (see [`WebGame::play_typed`]).
    pub fn play_typed_data(&mut self, text: &str) -> Result<PlayedTurn, TypedError> {
        let turn = explain::read_typed(&self.game, self.numbering(), self.pending_huff, text)?;
        // The legal turn found, played as the computer's are: in the internal notation.
        let internal = notation::turn_text(self.game.position(), &turn);
        self.pending_huff = None;
        self.play_text_data(&internal).map_err(TypedError::Syntax)
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
