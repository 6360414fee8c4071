// @ts-check
// Playing with the keyboard. While the board has the focus, the arrow keys move a cursor over its
// 64 squares as they are drawn (up is up on the screen, whichever side is at the bottom: board.js
// maps the cells), and Enter or Space on a square does what a click there does (drag.js: pick a
// piece up, choose its destination, land on a square on the way of a capture, stop a capture,
// huff a marked piece). Escape puts a held piece back (events.js). No rule is decided here.
// Loaded when the board first takes the focus (events.js), so that it adds nothing to the page's
// first load; render.js draws the cursor.

import { state, update, drawnView, onRedraw } from './state.js';
import { cellOf, squareOf, rowCol, center } from './board.js';
import { press, release } from './drag.js';
import { destinations, heldAt } from './selection.js';
import { t, squareName } from './i18n.js';

/** @import { Color } from '#types/page' */

/** The arrow keys' steps on the screen: [right, down]. @type {Record<string, [number, number]>} */
const STEPS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** The board's row and column drawn at the cell (cx, cy) of the screen.
 * @param {number} cx @param {number} cy @param {Color} o */
function cellAt(cx, cy, o) {
  for (let row = 1; row <= 8; row++) {
    for (let col = 0; col < 8; col++) {
      const c = cellOf(row, col, o);
      if (c.cx === cx && c.cy === cy) return { row, col };
    }
  }
  return { row: 1, col: 0 };
}

/** Where the cursor starts: the held piece, else a piece the side to move may huff, must capture
 * with or may move (while the computer is to move, one of the player's pieces); else the bottom
 * left corner. */
function startCursor() {
  const v = state.view;
  // In a tutorial, a puzzle or the learning exercise the player moves whoever is to move.
  const own = !!state.tutorial || state.settings.opponent === 'human' || v?.side === state.settings.color;
  const mine = v?.pieces.find((p) => p.color === state.settings.color)?.sq;
  const sq = state.selected ? heldAt(state.selected) : own ? v?.huffable[0] ?? v?.obligated[0] ?? v?.movable[0] : mine;
  return sq ? rowCol(sq) : cellAt(0, 7, state.orientation);
}


/** The cursor's square (1–32), or null on a light square. */
function cursorSquare() {
  const c = state.cursor;
  return c ? squareOf(c.row, c.col) : null;
}

/** Moves the cursor one cell on the screen. @param {number} dx @param {number} dy */
function moveCursor(dx, dy) {
  const o = state.orientation;
  const { row, col } = state.cursor ?? startCursor();
  const { cx, cy } = cellOf(row, col, o);
  const next = cellAt(Math.max(0, Math.min(7, cx + dx)), Math.max(0, Math.min(7, cy + dy)), o);
  update((s) => { s.cursor = next; });
}

/** Enter or Space: a click on the cursor's square. */
function choose() {
  const sq = cursorSquare();
  if (sq == null || !state.size) return;
  const p = center(sq, state.size, state.orientation);
  press(p);
  release(p);
}

/** The cursor's square in words, for the screen reader: its name, what stands there, and what the
 * held piece may do there ("Feld 18: leer, Ziel"). */
function cursorText() {
  const v = drawnView();
  const c = state.cursor;
  if (!v || !c) return '';
  const sq = squareOf(c.row, c.col);
  if (sq == null) return t('kLight');
  // In the middle of a capture the held piece stands where it has landed, not where it started.
  const sel = state.past ? null : state.selected;
  const at = sel ? heldAt(sel) : null;
  const on = sq === at ? sel?.from : sq === sel?.from ? null : sq;
  const piece = v.pieces.find((p) => p.sq === on);
  const what = [piece ? t((piece.color === 'red' ? 'kRed' : 'kBlack') + (piece.king ? 'King' : 'Man')) : t('kEmpty')];
  if (sel) {
    const { finals, steps } = destinations();
    if (at === sq) what.push(t('kHeld'));
    else if (finals.has(sq)) what.push(t('kTarget'));
    else if (steps.has(sq)) what.push(t('kStep'));
  }
  return t('kCursor', { sq: squareName(sq), what: what.join(', ') });
}

/** The cursor described last (#board-cursor is told again only when it moved, a piece was
 * picked up or put down, or the language changed). */
let described = '';

/** Binds the keys to the board, which has the focus now. @param {HTMLCanvasElement} canvas */
export function bindKeys(canvas) {
  const focused = () => update((s) => { s.cursor ??= startCursor(); });
  canvas.addEventListener('focus', focused);
  canvas.addEventListener('blur', () => update());
  if (document.activeElement === canvas) focused();
  onRedraw(() => {
    const c = state.cursor;
    const key = c ? `${c.row} ${c.col} ${state.selected?.committed.join(' ') ?? ''} ${document.documentElement.lang}` : '';
    const el = document.getElementById('board-cursor');
    if (key === described || !el) return;
    described = key;
    el.textContent = cursorText();
  });
  canvas.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || state.confirm) return;
    const step = STEPS[e.key];
    if (step) moveCursor(step[0], step[1]);
    else if (e.key === 'Enter' || e.key === ' ') choose();
    else return;
    // The page's own arrow keys (stepping through the moves, events.js) leave it alone.
    e.preventDefault();
  });
}
