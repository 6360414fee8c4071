// @ts-check
// The one state object. Every change goes through update(), which mutates it and asks for a
// redraw; redraws are batched to one per animation frame. Other modules read `state` freely.

/** @typedef {import('#types/bindings').Bindings} Bindings */
/** @typedef {import('#types/bindings').WebGame} WebGame */
/** @typedef {import('#types/View').View} View */
/** @typedef {import('#types/PieceView').PieceView} PieceView */
/** @typedef {import('#types/PathView').PathView} PathView */
/** @typedef {import('#types/PresetView').PresetView} PresetView */
/** @typedef {import('#types/LevelView').LevelView} LevelView */
/** @typedef {import('#types/WorkerReply').WorkerReply} WorkerReply */
/** @typedef {import('./anim.js').Anim} Anim */

/** @typedef {import('#types/Side').Side} Color */
/** @typedef {'de' | 'en'} Lang */
/** @typedef {'loading' | 'setup' | 'playing' | 'over'} Phase */
/** @typedef {'info' | 'warn' | 'error' | 'huff'} MessageKind */
/** @typedef {{ text: string, kind: MessageKind }} Message */
/** A point in CSS pixels of the board. @typedef {{ x: number, y: number }} Point */

/**
 * The player's choices (remembered, and read from the URL).
 * @typedef {{ rules: string, level: number, color: Color, opponent: 'computer' | 'human',
 *   numbers: boolean, lang: Lang }} Settings
 */

/**
 * The piece the player holds: where it started, the squares it has landed on so far (the start
 * first), its paths from the wasm layer and what it has captured.
 * @typedef {{ from: number, committed: number[], paths: PathView[], captured: number[],
 *   canStop: boolean, again: boolean, refused: boolean }} Selection
 */

/**
 * A press on a piece, which becomes a drag once the pointer has moved a few pixels. `via`: the
 * squares of its paths it was dragged over; `onActive`: the press was on the piece in the middle
 * of a capture.
 * @typedef {{ from: number, start: Point, at: Point, started: boolean, via: number[],
 *   onActive: boolean }} Drag
 */

/** @typedef {{ path: number[], captured: number[], huff: number | null }} LastMove */
/** The piece the opponent just huffed, drawn faded and crossed out. @typedef {{ sq: number, piece: PieceView }} HuffMark */

/**
 * @typedef {{
 *   bindings: Bindings | null,
 *   game: WebGame | null,
 *   view: View | null,
 *   presets: PresetView[],
 *   levels: LevelView[],
 *   settings: Settings,
 *   startFen: { rules: string, fen: string } | null,
 *   urlNote: string | null,
 *   phase: Phase,
 *   orientation: Color,
 *   selected: Selection | null,
 *   drag: Drag | null,
 *   pendingClick: number | null,
 *   required: PathView[],
 *   lastMove: LastMove | null,
 *   huffMark: HuffMark | null,
 *   anim: Anim | null,
 *   thinking: boolean,
 *   epoch: number,
 *   lastSearch: WorkerReply | null,
 *   message: Message,
 *   prompt: Message | null,
 *   size: number,
 * }} State
 */

/** @type {State} */
export const state = {
  bindings: null, // the wasm layer (window.wasmBindings)
  game: null, // the WebGame handle
  view: null, // what the wasm layer says the position is
  presets: [],
  levels: [],
  settings: { rules: 'blasen', level: 3, color: 'red', opponent: 'computer', numbers: false, lang: 'de' },
  startFen: null, // a position from the URL, used for new games
  urlNote: null, // a problem with the URL, shown when the first game is set up
  phase: 'loading',
  orientation: 'red',
  selected: null,
  drag: null,
  pendingClick: null, // a square pressed while a piece is held: the destination, on release
  required: [], // capture paths shown when a piece that may not move is grabbed
  lastMove: null,
  huffMark: null,
  anim: null,
  thinking: false,
  epoch: 0, // bumped by a new game or an undo: answers for an older game are dropped
  lastSearch: null, // the computer's last answer (score, depth, nodes), for debugging
  message: { text: '', kind: 'info' },
  prompt: null, // the last message that said what the player's turn is about
  size: 0, // board size in CSS pixels
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

/** Sets the message under the board (inside update()).
 * @param {State} s @param {string} text @param {MessageKind} [kind] */
export function say(s, text, kind = 'info') {
  s.message = { text, kind };
}

/** The game handle, once the wasm layer has loaded. */
export function currentGame() {
  if (!state.game) throw new Error('no game yet');
  return state.game;
}

/** The position shown, once a game is set up. */
export function currentView() {
  if (!state.view) throw new Error('no position yet');
  return state.view;
}
