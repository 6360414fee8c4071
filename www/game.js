// @ts-check
// A game's life: setting one up (from the URL's position if there is one), starting it, resuming
// the saved one, taking turns back and playing them again, resigning, playing on from an earlier
// position, and the questions asked first. The wasm layer keeps the game; this module asks it and
// updates the state. Another tab on the same game makes this one passive (nothing is saved here)
// until the player takes the game over.

import { state, update, say, currentGame, currentView } from './state.js';
import { t, sideName, problemText } from './i18n.js';
import { stopComputer } from './computer.js';
import { afterTurn, humanColor, refresh, saveGame, savedText } from './turns.js';
import { fillPanel } from './dom.js';
import { readSaved, clearSaved, savedId, newId, tellTabs, parse, tookUp, olderThan } from './saved.js';
import * as engine from './engine.js';

/** @import { State, WebGame, SavedGame, Confirm } from '#types/page' */
/** @import { TabMessage } from './saved.js' */

/** Forgets what belonged to the position shown before (inside update()). @param {State} st */
export function clearBoard(st) {
  st.selected = null;
  st.drag = null;
  st.pendingClick = null;
  st.required = [];
  st.lastMove = null;
  st.huffMark = null;
  st.anim = null;
  st.prompt = null;
  st.past = null;
  st.confirm = null;
  st.overClosed = false;
  st.hint = null;
  st.explained = null;
}

/** A new game of the chosen rules, shown for setting up ('setup') or begun ('playing').
 * @param {'setup' | 'playing'} phase */
export function newGame(phase) {
  const bindings = state.bindings;
  if (!bindings) return;
  stopComputer();
  // Ending this tab's game for a new one: the saved game goes too (not another tab's).
  if (!state.elsewhere && state.gameId && savedId() === state.gameId) clearSaved();
  const s = state.settings;
  const url = state.startFen;
  /** @type {WebGame | null} */
  let game = null;
  let note = state.urlNote;
  let fromUrl = url;
  if (url && url.rules === s.rules) {
    try {
      game = new bindings.WebGame(s.rules, url.fen);
    } catch (e) {
      fromUrl = null;
      note = t('badFen', { problem: problemText(e) });
    }
  }
  const fresh = game ?? new bindings.WebGame(s.rules, undefined);
  state.game?.free();
  update((st) => {
    st.game = fresh;
    st.startFen = fromUrl;
    st.urlNote = null;
    st.phase = phase;
    st.gameId = phase === 'playing' ? newId() : null;
    st.elsewhere = null;
    clearBoard(st);
    st.orientation = s.opponent === 'human' ? 'red' : s.color;
    refresh(st);
    say(st, note || (phase === 'setup' ? beforePlay() : ''), note ? 'error' : 'info'); // told to the screen reader too
  });
  if (phase === 'playing') {
    tookUp();
    engine.newGame();
    afterTurn();
  }
}

/** Resumes the saved game, if there is one and it can be read; whether it did. One that cannot be
 * read has been kept under the backup key; the problem is told when the new game is set up. */
export function resumeSaved() {
  const bindings = state.bindings;
  if (!bindings) return false;
  const found = readSaved(bindings);
  if (!found) return false;
  if ('problem' in found) {
    const problem = found.problem;
    update((s) => { s.urlNote = s.urlNote ? `${s.urlNote} ${problem}` : problem; });
    return false;
  }
  tookUp();
  adopt(found.ok.game, found.ok.saved, false, [t('resumed')]);
  // Is the game open in another tab already? That tab answers 'here'.
  tellTabs('hello', found.ok.saved.id);
  return true;
}

/** Takes `game` (resumed from storage) as this tab's game; `passive`: another tab has it; `notes`:
 * what to say first. @param {WebGame} game @param {SavedGame} saved @param {boolean} passive
 * @param {string[]} [notes] */
function adopt(game, saved, passive, notes = []) {
  stopComputer();
  if (state.game !== game) state.game?.free();
  update((st) => {
    st.settings = { ...st.settings, rules: game.rules(), level: saved.level, color: saved.color, opponent: saved.opponent };
    st.game = game;
    st.gameId = saved.id;
    st.phase = game.isOver() ? 'over' : 'playing';
    clearBoard(st);
    st.orientation = saved.opponent === 'human' ? 'red' : saved.color;
    refresh(st);
    st.message = { text: '', kind: 'info' };
  });
  fillPanel();
  engine.newGame();
  if (!passive) afterTurn(notes);
}

/** The hint before Play: Red begins, unless a position from the URL has Black to move. */
export function beforePlay() {
  return state.view?.side === 'black' ? t('beforePlayFen', { side: sideName('black') }) : t('beforePlay');
}

/** After the game changed by undo, redo or playing on from an earlier position: back to the game,
 * whose turn it is now, saved. */
function changed() {
  update((s) => {
    s.phase = 'playing';
    clearBoard(s);
    refresh(s);
  });
  afterTurn();
}

/** Takes back the last turn (a pending huff first); against the computer, back to the player's
 * own turn. Works while the computer thinks: its search is dropped. */
export function undo() {
  if (!state.game || state.anim || state.elsewhere) return;
  stopComputer();
  const game = currentGame();
  const human = humanColor();
  let undone = game.undo();
  if (human) {
    while (undone && game.side() !== human && game.history().length > 0) undone = game.undo();
  }
  changed();
}

/** Plays again what undo took back; against the computer, up to the player's own turn again. */
export function redo() {
  if (!state.game || state.anim || state.elsewhere || !state.game.canRedo()) return;
  stopComputer();
  const game = currentGame();
  const human = humanColor();
  let redone = game.redo();
  if (human) {
    while (redone && !game.isOver() && game.side() !== human && game.canRedo()) redone = game.redo();
  }
  changed();
}

/** Drops the turns after `ply` and plays on from there (asked first: `ask`). @param {number} ply */
export function playFrom(ply) {
  if (!state.game || state.elsewhere) return;
  stopComputer();
  try {
    currentGame().truncate(ply);
  } catch (e) {
    update((s) => say(s, problemText(e), 'error'));
    return;
  }
  changed();
}

/** The player (or, between two people, the side to move) gives up. */
export function resign() {
  if (state.elsewhere) return;
  const side = humanColor() ?? currentView().side;
  stopComputer();
  currentGame().resign(side);
  update((s) => {
    s.past = null;
    s.selected = null;
    refresh(s);
  });
  afterTurn();
}

/** New game: during a game with moves played, asked first. */
export function askNewGame() {
  if (state.phase === 'playing' && !state.elsewhere && (state.view?.plies ?? 0) > 0) ask({ kind: 'new' });
  else newGame('setup');
}

/** Resign: asked first. */
export function askResign() {
  if (state.phase === 'playing' && !state.elsewhere) ask({ kind: 'resign' });
}

/** Play on from the position looked at: asked first. */
export function askPlayFrom() {
  const past = state.past;
  if (past && !state.elsewhere) ask({ kind: 'playFrom', ply: past.ply });
}

/** @param {Confirm} question */
function ask(question) {
  update((s) => {
    s.confirm = question;
    s.drag = null;
  });
}

/** The player's answer to the question asked. @param {boolean} yes */
export function answer(yes) {
  const question = state.confirm;
  if (!question) return;
  update((s) => { s.confirm = null; });
  if (!yes) return;
  if (question.kind === 'resign') resign();
  else if (question.kind === 'new') newGame('setup');
  else playFrom(question.ply);
}

// ------------------------------------------------------------------ other tabs

/** What another tab says about the saved game. @param {TabMessage} msg */
export function onTabMessage(msg) {
  const mine = state.gameId;
  const active = !state.elsewhere && !!mine && (state.phase === 'playing' || state.phase === 'over');
  if (msg.type === 'hello') {
    if (active && msg.game === mine && olderThan(msg)) tellTabs('here', mine);
  } else if (msg.type === 'here') {
    if (active && msg.game === mine) goElsewhere('same');
  } else if (state.elsewhere) {
    // Passive: follow the other tab's moves on the same game.
    if (msg.game === mine) follow(msg.data);
    else update((s) => { s.elsewhere = 'other'; });
  } else if (active) {
    goElsewhere(msg.game === mine ? 'same' : 'other', msg.data);
  }
}

/** Another tab writes the saved game: this one stops, and says so.
 * @param {'same' | 'other'} kind @param {string} [data] the saved game, as the other tab wrote it */
function goElsewhere(kind, data) {
  stopComputer();
  update((s) => {
    s.elsewhere = kind;
    s.selected = null;
    s.drag = null;
    s.pendingClick = null;
    s.required = [];
    s.confirm = null;
  });
  if (kind === 'same') follow(data);
}

/** Shows the saved game as the other tab left it (this tab stays passive): `data` from its
 * message, else what localStorage holds. @param {string} [data] */
function follow(data) {
  const bindings = state.bindings;
  if (!bindings) return;
  /** @type {import('./saved.js').Resumed | null} */
  let found = null;
  if (data !== undefined) {
    try {
      found = parse(data, bindings);
    } catch {
      return;
    }
  } else {
    const read = readSaved(bindings, false);
    if (read && 'ok' in read) found = read.ok;
  }
  if (!found || found.saved.id !== state.gameId) {
    found?.game.free();
    return;
  }
  const past = state.past;
  adopt(found.game, found.saved, true);
  if (past && past.ply < found.game.history().length) {
    const view = found.game.viewAt(past.ply);
    update((s) => { s.past = { ply: past.ply, view }; });
  }
}

/** The player takes the game over in this tab (as followed here, the latest of it when it is this
 * game), and the other tabs are told. */
export function takeOver() {
  if (!state.elsewhere) return;
  tookUp();
  update((s) => { s.elsewhere = null; });
  saveGame();
  tellTabs('take', state.gameId, savedText() ?? undefined);
  afterTurn([t('tookOver')]);
}
