// @ts-check
// Animations: a turn (an optional huff fading out, then the piece along its path, about 220 ms
// per jump with cubic easing, captured pieces fading as they are jumped) and a piece sliding back
// after an illegal drop. The only place that knows animation timing: the renderer asks frame()
// what the board looks like at a given time. Under prefers-reduced-motion every animation is
// instant (it still runs, for one frame, so that what waits for it goes on as usual).

import { state, update } from './state.js';
import { between, center } from './board.js';

/** @import { View, PieceView, Point, Color, Anim, TurnAnim, BackAnim, Frame, Shown } from '#types/page' */

export const PER_JUMP_MS = 220;
const HUFF_MS = 450;
const BACK_MS = 200;

const reduced = matchMedia('(prefers-reduced-motion: reduce)');

/** A duration in ms, or 0 when the player asks for reduced motion. @param {number} ms */
const timed = (ms) => (reduced.matches ? 0 : ms);

/** @param {number} t 0–1 */
export const ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2);

/** @type {(() => void) | null} */
let finish = null;

/** Animates `turn` (from the wasm layer) over the pieces of `view`; resolves when done.
 * @param {Shown} turn @param {View} view @returns {Promise<void>} */
export function animateTurn(turn, view) {
  const mover = (turn.path.length && view.pieces.find((p) => p.sq === turn.path[0])) || null;
  /** @type {Map<number, number>} */
  const segmentOf = new Map();
  turn.path.slice(1).forEach((to, i) => {
    for (const sq of between(turn.path[i], to)) if (turn.captured.includes(sq)) segmentOf.set(sq, i);
  });
  const huffMs = turn.huff ? timed(HUFF_MS) : 0;
  return run({
    kind: 'turn',
    start: 0,
    view,
    huff: turn.huff ?? null,
    huffMs,
    mover,
    path: turn.path,
    segmentOf,
    duration: huffMs + Math.max(0, turn.path.length - 1) * timed(PER_JUMP_MS),
  });
}

/** Slides the piece from a point (CSS pixels) back to its square `sq`.
 * @param {PieceView} piece @param {number} sq @param {Point} from @returns {Promise<void>} */
export function animateBack(piece, sq, from) {
  return run({ kind: 'back', start: 0, piece, sq, from, duration: timed(BACK_MS) });
}

/** @param {Anim} anim @returns {Promise<void>} */
function run(anim) {
  if (finish) finish();
  return new Promise((resolve) => {
    anim.start = performance.now();
    finish = () => {
      finish = null;
      update((s) => { s.anim = null; });
      resolve();
    };
    update((s) => { s.anim = anim; });
  });
}

/** Is an animation running that the player must wait for (a turn; a piece sliding back is not)? */
export function blocking() {
  return state.anim?.kind === 'turn';
}

/** Called by the renderer each frame: the running animation at time `now` (ms, the clock of
 * performance.now()), ending it when complete; null if none runs.
 * @param {number} now @param {number} size @param {Color} orientation @returns {Frame | null} */
export function frame(now, size, orientation) {
  const anim = state.anim;
  if (!anim) return null;
  const t = Math.min(now - anim.start, anim.duration);
  if (t >= anim.duration && finish) queueMicrotask(finish);
  if (!anim.duration) return null; // reduced motion: the position after it, at once
  /** @type {Frame} */
  const out = { anim, hidden: new Set(), faded: new Map(), moving: [] };
  if (anim.kind === 'turn') turnFrame(anim, t, size, orientation, out);
  else backFrame(anim, t, size, orientation, out);
  return out;
}

/** @param {TurnAnim} a @param {number} t @param {number} size @param {Color} o @param {Frame} out */
function turnFrame(a, t, size, o, out) {
  if (a.huff) out.faded.set(a.huff, a.huffMs ? 1 - Math.min(1, t / a.huffMs) : 0);
  if (!a.mover || a.path.length < 2) return;
  const tm = t - a.huffMs;
  const jumps = a.path.length - 1;
  const seg = tm <= 0 ? 0 : Math.min(jumps - 1, Math.floor(tm / PER_JUMP_MS));
  const local = tm <= 0 ? 0 : ease(Math.min(1, (tm - seg * PER_JUMP_MS) / PER_JUMP_MS));
  const from = center(a.path[seg], size, o);
  const to = center(a.path[seg + 1], size, o);
  out.hidden.add(a.path[0]);
  out.moving.push({ piece: a.mover, x: from.x + (to.x - from.x) * local, y: from.y + (to.y - from.y) * local, lifted: true });
  for (const [sq, i] of a.segmentOf) {
    if (i < seg) out.faded.set(sq, 0);
    else if (i === seg) out.faded.set(sq, 1 - local);
  }
}

/** @param {BackAnim} a @param {number} t @param {number} size @param {Color} o @param {Frame} out */
function backFrame(a, t, size, o, out) {
  const to = center(a.sq, size, o);
  const k = ease(Math.min(1, t / a.duration));
  out.hidden.add(a.sq);
  out.moving.push({ piece: a.piece, x: a.from.x + (to.x - a.from.x) * k, y: a.from.y + (to.y - a.from.y) * k, lifted: true });
}
