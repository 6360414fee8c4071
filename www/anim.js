// Animations: a turn (an optional huff fading out, then the piece along its path, about 220 ms
// per jump with cubic easing, captured pieces fading as they are jumped) and a piece sliding back
// after an illegal drop.

import { state, update } from './state.js';
import { between } from './board.js';

export const PER_JUMP_MS = 220;
const HUFF_MS = 450;
const BACK_MS = 200;

export const ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2);

let finish = null;

/// Animates `turn` (from the wasm layer) over the pieces of `view`; resolves when done.
export function animateTurn(turn, view) {
  const mover = turn.path.length ? view.pieces.find((p) => p.sq === turn.path[0]) : null;
  const segmentOf = {};
  turn.path.slice(1).forEach((to, i) => {
    for (const sq of between(turn.path[i], to)) if (turn.captured.includes(sq)) segmentOf[sq] = i;
  });
  return run({
    kind: 'turn',
    view,
    huff: turn.huff ?? null,
    huffMs: turn.huff ? HUFF_MS : 0,
    mover,
    path: turn.path,
    segmentOf,
    duration: (turn.huff ? HUFF_MS : 0) + Math.max(0, turn.path.length - 1) * PER_JUMP_MS,
  });
}

/// Slides the piece from a point (CSS pixels) back to its square.
export function animateBack(piece, from, x, y) {
  return run({ kind: 'back', piece, sq: from, x, y, duration: BACK_MS });
}

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

/// Called by the renderer each frame: the animation's progress, ending it when complete.
export function progress(now) {
  const anim = state.anim;
  if (!anim) return null;
  const t = now - anim.start;
  if (t >= anim.duration) {
    if (finish) queueMicrotask(finish);
    return { anim, t: anim.duration, done: true };
  }
  return { anim, t, done: false };
}
