// @ts-check
// The one state object. Every change goes through update(), which mutates it and asks for a
// redraw; redraws are batched to one per animation frame. Other modules read `state` freely.

/** @import { State, MessageKind } from '#types/page' */

// Its fields are described in types/page.d.ts.
/** @type {State} */
export const state = {
  bindings: null,
  game: null,
  view: null,
  presets: [],
  levels: [],
  settings: { rules: 'blasen', level: 3, color: 'red', opponent: 'computer', numbers: false, lang: 'de', sound: false, contrast: 'auto' },
  startFen: null,
  urlNote: null,
  phase: 'loading',
  orientation: 'red',
  selected: null,
  drag: null,
  pendingClick: null,
  required: [],
  lastMove: null,
  huffMark: null,
  anim: null,
  thinking: false,
  epoch: 0,
  lastSearch: null,
  message: { text: '', kind: 'info' },
  prompt: null,
  size: 0,
  past: null,
  confirm: null,
  overClosed: false,
  gameId: null,
  elsewhere: null,
  share: null,
  announce: { text: '', n: 0 },
  cursor: null,
  tutorial: null,
  hint: null,
  explained: null,
  analysis: null,
};

/** @type {((time: number) => void)[]} */
const listeners = [];
let scheduled = false;

/** @param {(time: number) => void} fn called on each redraw with the frame's time */
export function onRedraw(fn) {
  listeners.push(fn);
}

export function requestRedraw() {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame((time) => {
    scheduled = false;
    for (const fn of listeners) fn(time);
  });
}

/** The one way to change the state: `mutate` changes it, then a redraw is asked for.
 * @param {(s: State) => void} [mutate] */
export function update(mutate) {
  if (mutate) mutate(state);
  requestRedraw();
}

/** Sets the message under the board (inside update()) and tells it to the screen reader (the
 * live region #announce); `squares`, the squares it names, are marked on the board while it stands.
 * @param {State} s @param {string} text @param {MessageKind} [kind] @param {number[]} [squares] */
export function say(s, text, kind = 'info', squares = []) {
  s.message = { text, kind, squares };
  if (text) s.announce = { text, n: s.announce.n + 1 };
}

/** The game handle, once the wasm layer has loaded. */
export function currentGame() {
  if (!state.game) throw new Error('no game yet');
  return state.game;
}

/** The position the board draws: an earlier one while looking back, else the game's. */
export function drawnView() {
  return state.past?.view ?? state.view;
}

/** The position shown, once a game is set up. */
export function currentView() {
  if (!state.view) throw new Error('no position yet');
  return state.view;
}
