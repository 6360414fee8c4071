//! The one game handle the page holds: `WebGame`, a thin shim over [`Session`].
//!
//! Each method reads and checks what the page passes (`input`: a value of the wrong type, a
//! number out of range or too long a text is an `Error` with a message, never a trap), calls the
//! session's method of the same name and hands back its value as JavaScript. The types the page
//! sees are declared on each export (`unchecked_param_type`, `unchecked_return_type`: the names
//! of `types/*.ts`); `tests/bindings.rs` checks `types/bindings.d.ts` against them.

use super::exports::to_js;
use super::input;
use super::session::{self, Session, MAX_TAGS, RECORD_VERSION};
use super::types::{GameRecord, PositionEvalView};
use wasm_bindgen::prelude::*;

/// A game in progress: the page's handle on a [`Session`].
#[wasm_bindgen]
pub struct WebGame {
    session: Session,
}

/// The longest PDN text [`WebGame::from_pdn`] reads, in UTF-16 units (a file of many games).
const MAX_PDN: usize = 1_000_000;

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
        session::check_tag_name(&name).map_err(|e| JsError::new(&format!("{WHAT}: {e}")))?;
        let value = input::field(value, &name, WHAT)?;
        let value = input::text(&value, &format!("{WHAT}: {name}"))?;
        tags.push((name, value));
    }
    Ok(tags)
}

/// The analysis's searches as the page passes them: an array of `PositionEvalView`, no longer
/// than a game can be (read field by field: serde's deserializer would add kilobytes to the
/// module the page loads first).
fn evals_of(value: &JsValue, what: &str) -> Result<Vec<PositionEvalView>, JsError> {
    input::list(
        value,
        &format!("{what}: the evaluations"),
        input::MAX_LIST + 1,
        input::position_eval,
    )
}

#[wasm_bindgen]
impl WebGame {
    /// A new game of the preset `rules` (an id such as "blasen"), from `fen` or the start
    /// (`fen` undefined, null or blank).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] rules: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] fen: JsValue,
    ) -> Result<WebGame, JsError> {
        let rules = input::text(&rules, "WebGame: the rules")?;
        let fen = input::optional_text(&fen, "WebGame: the position")?;
        Session::new(&rules, fen.as_deref())
            .map(WebGame::from)
            .map_err(|e| JsError::new(&e))
    }

    /// The position shown (after a pending huff), as FEN.
    pub fn fen(&self) -> String {
        self.session.fen()
    }

    /// The preset's id.
    pub fn rules(&self) -> String {
        self.session.rules()
    }

    /// The position the game started from, as FEN (for the computer, with the history).
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.session.start_fen()
    }

    /// The turns played, in notation.
    pub fn history(&self) -> Vec<String> {
        self.session.history()
    }

    /// The side to move: "red" or "black".
    pub fn side(&self) -> String {
        self.session.side()
    }

    /// Is the game over?
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.session.is_over()
    }

    /// Everything the page draws.
    #[wasm_bindgen(unchecked_return_type = "View")]
    pub fn view(&self) -> Result<JsValue, JsError> {
        to_js(&self.session.view())
    }

    /// The view of the position after `ply` turns of the history (0: the start), for stepping
    /// through the moves; the outcome only at the end, a pending huff not shown.
    #[wasm_bindgen(js_name = viewAt, unchecked_return_type = "View")]
    pub fn view_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
    ) -> Result<JsValue, JsError> {
        let ply = self.ply(&ply, "viewAt: the ply")?;
        match self.session.view_at(ply) {
            Some(view) => to_js(&view),
            None => Err(JsError::new("viewAt: no such ply")),
        }
    }

    /// What the piece on `from` may do: its paths, or why it may not move and which captures
    /// are required instead.
    #[wasm_bindgen(unchecked_return_type = "Grab")]
    pub fn grab(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] from: JsValue,
    ) -> Result<JsValue, JsError> {
        let from = input::square(&from, "grab: the square")?;
        to_js(&self.session.grab(from))
    }

    /// Plays the route the player pointed at, or says why not. `committed`: the start and the
    /// landing squares already stepped on; `via`: squares a drag passed through; `target`: where
    /// the piece was dropped; `stop`: end a capture here although it could go on (Blasen).
    #[wasm_bindgen(unchecked_return_type = "RouteAnswer")]
    pub fn route(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] committed: JsValue,
        #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] via: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] target: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "boolean")] stop: JsValue,
    ) -> Result<JsValue, JsError> {
        let committed = input::squares(&committed, "route: committed")?;
        let via = input::squares(&via, "route: via")?;
        let target = input::square(&target, "route: the target")?;
        let stop = input::flag(&stop, "route: stop")?;
        to_js(&self.session.route(&committed, &via, target, stop))
    }

    /// Huffs the opponent's piece on `sq` (Blasen). Returns the turn if the huff took the last
    /// piece (the game is then over), otherwise `null`: the player moves next.
    #[wasm_bindgen(unchecked_return_type = "PlayedTurn | null")]
    pub fn huff(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] sq: JsValue,
    ) -> Result<JsValue, JsError> {
        let sq = input::square(&sq, "huff: the square")?;
        match self.session.huff(sq) {
            Ok(turn) => to_js(&turn),
            Err(refusal) => Err(JsError::new(&refusal.text)),
        }
    }

    /// Takes back a huff not yet followed by a move. Returns whether there was one.
    #[wasm_bindgen(js_name = cancelHuff)]
    pub fn cancel_huff(&mut self) -> bool {
        self.session.cancel_huff()
    }

    /// Plays a turn given in notation (the computer's answer).
    #[wasm_bindgen(js_name = playText, unchecked_return_type = "PlayedTurn")]
    pub fn play_text(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<JsValue, JsError> {
        let text = input::text(&text, "playText: the turn")?;
        let turn = self
            .session
            .play_text(&text)
            .map_err(|e| JsError::new(&e))?;
        to_js(&turn)
    }

    /// Takes back a pending huff, or else the last turn (which [`WebGame::redo`] can play
    /// again). Returns whether anything was undone.
    pub fn undo(&mut self) -> bool {
        self.session.undo()
    }

    /// Plays again the last turn taken back, if no turn was played since. Returns whether it
    /// did.
    pub fn redo(&mut self) -> bool {
        self.session.redo()
    }

    /// Is there a turn [`WebGame::redo`] would play?
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.session.can_redo()
    }

    /// Drops the turns after the first `ply` (to play on from an earlier position); a pending
    /// huff, a resignation and the turns to redo go too. `ply` at the end changes nothing.
    pub fn truncate(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
    ) -> Result<(), JsError> {
        let ply = self.ply(&ply, "truncate: the ply")?;
        self.session.truncate(ply);
        Ok(())
    }

    /// The game as a plain object to save: `{ version: 1, rules, start, history, hints }`
    /// ([`GameRecord`]); [`WebGame::from_record`] resumes it. A pending huff and a resignation
    /// are not part of it.
    #[wasm_bindgen(unchecked_return_type = "GameRecord")]
    pub fn record(&self) -> Result<JsValue, JsError> {
        to_js(&self.session.record())
    }

    /// Resumes a game saved with [`WebGame::record`]. Every field is checked; the error names
    /// the problem (an unknown version, a bad preset or position, the first turn that cannot be
    /// played, with its index).
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "GameRecord")] record: JsValue,
    ) -> Result<WebGame, JsError> {
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
            input::integer(&hints, "fromRecord: hints", 0, session::MAX_HINTS)?
        };
        let record = GameRecord {
            version: RECORD_VERSION,
            rules,
            start,
            history,
            hints,
        };
        Session::from_record(&record)
            .map(WebGame::from)
            .map_err(|e| JsError::new(&format!("fromRecord: {e}")))
    }

    /// The game as PDN, in its own notation (docs/rules.md §7, "Other notations"): `red` and
    /// `black` are the names of the players of the two colours (written as `White` and `Black`
    /// the way the notation calls the sides: in English checkers the first mover, Red, is
    /// "Black"); `tags` an optional object of further tags (`{ Event: "…", Date: "2026.12.01" }`).
    /// `Result`, `GameType`, `Rules`, `SetUp` and `FEN` come from the game.
    pub fn pdn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] red: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] black: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Record<string, string> | null")]
        tags: JsValue,
    ) -> Result<String, JsError> {
        let red = input::text(&red, "pdn: the red player's name")?;
        let black = input::text(&black, "pdn: the black player's name")?;
        let tags = tags_of(&tags)?;
        Ok(self.session.pdn(&red, &black, &tags))
    }

    /// Reads a PDN game (the first of the text) or a FEN position and returns the game at its
    /// final position, with its history. Its rules come from the `Rules` tag or the `GameType`
    /// (21 English, 25 Russian), else from `defaultRules` (a preset id), as does the notation
    /// of a FEN. The error names the game and the move in words; nothing else changes.
    #[wasm_bindgen(js_name = fromPdn)]
    pub fn from_pdn(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(js_name = defaultRules, unchecked_param_type = "string")]
        default_rules: JsValue,
    ) -> Result<WebGame, JsError> {
        let default = input::text(&default_rules, "fromPdn: the default rules")?;
        let text = input::text_up_to(&text, "fromPdn: the text", MAX_PDN)?;
        Session::from_pdn(&text, &default)
            .map(WebGame::from)
            .map_err(|e| JsError::new(&e))
    }

    /// The tag pairs of the PDN game this game was imported from, in order (`PdnTag`); none
    /// for a game begun on the page. Values are plain text, to be shown as text.
    #[wasm_bindgen(js_name = pdnTags, unchecked_return_type = "PdnTag[]")]
    pub fn pdn_tags(&self) -> Result<JsValue, JsError> {
        to_js(&self.session.pdn_tags())
    }

    /// Plays a turn typed by the player in the game's own notation (`22-18`, `h22 9-13` in
    /// Blasen; `11-15` in English checkers; `c3:e5` in Russian draughts), after a pending huff
    /// if there is one. Throws an Error: with a `refusal` (`Refusal`) when the turn is not
    /// legal here, without one when the text is not a turn in that notation; the game is
    /// unchanged.
    #[wasm_bindgen(js_name = playTyped, unchecked_return_type = "PlayedTurn")]
    pub fn play_typed(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<JsValue, JsValue> {
        let text = input::text(&text, "playTyped: the turn")?;
        let refused = match self.session.play_typed(&text) {
            Ok(turn) => return Ok(to_js(&turn)?),
            Err(refused) => refused,
        };
        let refusal = match &refused.refusal {
            Some(refusal) => to_js(refusal)?,
            None => JsValue::UNDEFINED,
        };
        let error: JsValue = JsError::new(&refused.message).into();
        // Setting a field of a fresh Error cannot fail; its result is of no use.
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str("refusal"), &refusal);
        Err(error)
    }

    /// The turn that led to the position after `ply` turns (1: the first), explained
    /// (`Explanation`); `null` for 0. Throws when `ply` is not a whole number
    /// 0–`history.length`.
    #[wasm_bindgen(unchecked_return_type = "Explanation | null")]
    pub fn explain(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
    ) -> Result<JsValue, JsError> {
        let ply = self.ply(&ply, "explain: the ply")?;
        to_js(&self.session.explain(ply))
    }

    /// Counts one more hint (kept in the record, shown in `view().hints`); returns the count.
    #[wasm_bindgen(js_name = countHint)]
    pub fn count_hint(&mut self) -> u32 {
        self.session.count_hint()
    }

    /// Judges every turn the analysis's searches reach (`evals[i]`: the worker's `evaluate` of
    /// the position after `i` turns), as `dame analyse` does (`PlyJudgement[]`). Throws when an
    /// evaluation is malformed or names a turn that is not legal where it stands.
    #[wasm_bindgen(unchecked_return_type = "PlyJudgement[]")]
    pub fn judge(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PositionEvalView[]")] evals: JsValue,
    ) -> Result<JsValue, JsError> {
        let evals = evals_of(&evals, "judge")?;
        to_js(
            &self
                .session
                .judge(&evals)
                .map_err(|e| JsError::new(&format!("judge: {e}")))?,
        )
    }

    /// The engine's line `turns` (internal notation) from the position after `ply` turns, as
    /// played turns (`PlayedTurn[]`: text in the game's notation, paths for arrows); it stops
    /// at the first turn that is not legal there.
    #[wasm_bindgen(unchecked_return_type = "PlayedTurn[]")]
    pub fn line(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string[]")] turns: JsValue,
    ) -> Result<JsValue, JsError> {
        let ply = self.ply(&ply, "line: the ply")?;
        let turns = input::list(&turns, "line: the turns", input::MAX_LIST, input::text)?;
        to_js(
            &self
                .session
                .line(ply, &turns)
                .map_err(|e| JsError::new(&format!("line: {e}")))?,
        )
    }

    /// The game as PDN, as [`WebGame::pdn`] writes it, with the analysis (`evals` as for
    /// [`WebGame::judge`]): NAGs, `{[%eval …]}` comments and the engine's line after a bad turn.
    #[wasm_bindgen(js_name = pdnAnnotated)]
    pub fn pdn_annotated(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] red: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] black: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Record<string, string> | null")] tags: JsValue,
        #[wasm_bindgen(unchecked_param_type = "PositionEvalView[]")] evals: JsValue,
    ) -> Result<String, JsError> {
        let red = input::text(&red, "pdnAnnotated: the red player's name")?;
        let black = input::text(&black, "pdnAnnotated: the black player's name")?;
        let tags = tags_of(&tags)?;
        let evals = evals_of(&evals, "pdnAnnotated")?;
        self.session
            .pdn_annotated(&red, &black, &tags, &evals)
            .map_err(|e| JsError::new(&format!("pdnAnnotated: {e}")))
    }

    /// `color` ("red" or "black") gives up.
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] color: JsValue,
    ) -> Result<(), JsError> {
        let color = input::text(&color, "resign: the colour")?;
        let color = session::color(&color).map_err(|e| JsError::new(&format!("resign: {e}")))?;
        self.session.resign(color);
        Ok(())
    }
}

/// For the browser tests and other Rust callers: the session behind the handle.
impl WebGame {
    /// The session the page plays.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session the page plays, to play on it from Rust.
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// A ply from the page: a whole number from 0 to the number of turns played.
    fn ply(&self, value: &JsValue, what: &str) -> Result<usize, JsError> {
        let plies = self.session.plies() as u32;
        input::integer(value, what, 0, plies).map(|n| n as usize)
    }
}

impl From<Session> for WebGame {
    fn from(session: Session) -> WebGame {
        WebGame { session }
    }
}
