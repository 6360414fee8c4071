// @ts-check
// The piece the player holds: picking it up (the wasm layer says where it may go, or why it may
// not move), stepping on through a capture, putting it down, and the squares its paths reach.

import { state, update, say, currentGame } from './state.js';
import { t, reasonText } from './i18n.js';

/** @import { State, Selection, Point } from '#types/page' */

/** The square the held piece stands on now. @param {Selection} sel */
export function heldAt(sel) {
  return sel.committed[sel.committed.length - 1];
}

/** Is the held piece in the middle of a capture (it has landed at least once)? */
export function midCapture() {
  return !!state.selected && state.selected.committed.length > 1;
}

/** Forgets the held piece (inside update()). @param {State} s */
export function clearSelection(s) {
  s.selected = null;
  s.required = [];
  s.drag = null;
}

/** Back to what the player was last told their turn is about (inside update()). @param {State} s */
export function sayPrompt(s) {
  if (s.prompt) s.message = { ...s.prompt };
}

/** Picks up the player's piece on `sq`, pressed at `at`: its paths, or why it may not move (with
 * the captures required instead). A second press on the same piece may put it down again.
 * @param {number} sq @param {Point} at */
export function grab(sq, at) {
  const again = state.selected?.from === sq;
  const answer = currentGame().grab(sq);
  const refusal = answer.refusal;
  update((s) => {
    s.selected = { from: sq, committed: [sq], paths: answer.paths, captured: [], canStop: false, again, refused: !!refusal };
    s.required = refusal ? answer.required : [];
    if (refusal) say(s, reasonText(refusal, sq), 'error');
    s.drag = { from: sq, start: at, at, started: false, via: [], onActive: false };
  });
}

/** A press on a piece that is not the player's: only says why it may not move.
 * @param {number} sq */
export function refuseGrab(sq) {
  const refusal = currentGame().grab(sq).refusal;
  if (refusal) update((s) => say(s, reasonText(refusal, sq), 'error'));
}

/** A click on the held piece without moving it: put it down (on a second click) or ask for a
 * destination. */
export function clickHeld() {
  const sel = state.selected;
  if (!sel || sel.refused) return;
  if (sel.again) update((s) => { clearSelection(s); sayPrompt(s); });
  else update((s) => say(s, t('pickDestination')));
}

/** Puts the held piece down (Escape). */
export function putDown() {
  if (state.selected) update((s) => { clearSelection(s); sayPrompt(s); });
}

/** The capture goes on: the piece has landed on the last of `path` and stays active.
 * @param {number[]} path @param {number[]} captured @param {boolean} canStop */
export function continueCapture(path, captured, canStop) {
  update((s) => {
    if (!s.selected) return;
    s.selected = { ...s.selected, committed: path, captured, canStop, again: false };
    s.required = [];
    say(s, t(canStop ? 'continueOrStop' : 'continueCapture'), 'info');
  });
}

/** Is `sq` a square one of the held piece's paths still goes through? @param {number} sq */
export function isNode(sq) {
  const sel = state.selected;
  if (!sel) return false;
  const k = sel.committed.length;
  return sel.paths.some((p) => p.squares.indexOf(sq, k) >= 0);
}

/** The destinations of the held piece: final squares and intermediate landing squares. */
export function destinations() {
  /** @type {Set<number>} */
  const finals = new Set();
  /** @type {Set<number>} */
  const steps = new Set();
  const sel = state.selected;
  if (!sel) return { finals, steps };
  const k = sel.committed.length;
  for (const p of sel.paths) {
    if (p.squares.length <= k) continue;
    finals.add(p.squares[p.squares.length - 1]);
    for (const sq of p.squares.slice(k, -1)) steps.add(sq);
  }
  for (const sq of finals) steps.delete(sq);
  return { finals, steps };
}
