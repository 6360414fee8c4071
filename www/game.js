// @ts-check
// A game's life: setting one up (from the URL's position if there is one), starting it, taking
// turns back, resigning. The wasm layer keeps the game; this module asks it and updates the state.

import { state, update, currentGame, currentView } from './state.js';
import { t, sideName, problemText } from './i18n.js';
import { stopComputer } from './computer.js';
import { afterTurn, humanColor, refresh } from './turns.js';
import * as engine from './engine.js';

/** @import { WebGame } from '#types/page' */

/** A new game of the chosen rules, shown for setting up ('setup') or begun ('playing').
 * @param {'setup' | 'playing'} phase */
export function newGame(phase) {
  const bindings = state.bindings;
  if (!bindings) return;
  stopComputer();
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
    st.selected = null;
    st.drag = null;
    st.pendingClick = null;
    st.required = [];
    st.lastMove = null;
    st.huffMark = null;
    st.anim = null;
    st.prompt = null;
    st.orientation = s.opponent === 'human' ? 'red' : s.color;
    refresh(st);
    st.message = { text: note || (phase === 'setup' ? beforePlay() : ''), kind: note ? 'error' : 'info' };
  });
  if (phase === 'playing') {
    engine.newGame();
    afterTurn();
  }
}

/** The hint before Play: Red begins, unless a position from the URL has Black to move. */
export function beforePlay() {
  return state.view?.side === 'black' ? t('beforePlayFen', { side: sideName('black') }) : t('beforePlay');
}

/** Takes back the last turn (a pending huff first); against the computer, back to the player's
 * own turn. Works while the computer thinks: its search is dropped. */
export function undo() {
  if (!state.game || state.anim) return;
  stopComputer();
  const game = currentGame();
  const human = humanColor();
  let undone = game.undo();
  if (human) {
    while (undone && game.side() !== human && game.history().length > 0) undone = game.undo();
  }
  update((s) => {
    s.phase = 'playing';
    s.selected = null;
    s.drag = null;
    s.pendingClick = null;
    s.required = [];
    s.lastMove = null;
    s.huffMark = null;
    refresh(s);
  });
  afterTurn();
}

/** The player (or, between two people, the side to move) gives up. */
export function resign() {
  const side = humanColor() ?? currentView().side;
  stopComputer();
  currentGame().resign(side);
  update(refresh);
  afterTurn();
}
