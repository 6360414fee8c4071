// The one state object. Every change goes through update(), which asks for a redraw; redraws are
// batched to one per animation frame.

export const state = {
  bindings: null, // the wasm layer (window.wasmBindings)
  game: null, // the WebGame handle
  view: null, // what the wasm layer says the position is
  presets: [],
  levels: [],
  settings: { rules: 'blasen', level: 3, color: 'red', opponent: 'computer', numbers: false, lang: 'de' },
  startFen: null, // a position from the URL, used for new games
  phase: 'loading', // loading | setup | playing | over
  orientation: 'red',
  selected: null, // { from, committed, paths, next, canStop, captured, clickedBefore }
  drag: null, // { from, startX, startY, x, y, started, via }
  required: [], // capture paths shown when a piece that may not move is grabbed
  lastMove: null, // { path, captured, huff }
  huffMark: null, // the square whose piece the opponent just huffed
  anim: null,
  thinking: false,
  message: { text: '', kind: 'info' },
  prompt: null, // the last message that said what the player's turn is about
  size: 0, // board size in CSS pixels
};

const listeners = [];
let scheduled = false;

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

export function update(mutate) {
  if (mutate) mutate(state);
  requestRedraw();
}
