// @ts-check
// What a press on the board means: a small state machine, press → move → release | cancel.
// A press on a piece picks it up; it becomes a drag once the pointer has moved a few pixels, so a
// click and a drag are told apart. The release names a route (a drop, or a click on a
// destination) for the turn order to play; a press on a huffable piece huffs it.

import { state, update, say, currentView } from './state.js';
import { squareAt } from './board.js';
import { t } from './i18n.js';
import { grab, refuseGrab, clickHeld, clearSelection, isNode, heldAt, midCapture } from './selection.js';
import { isHumanTurn, playRoute, huff, slideBack } from './turns.js';
import { backToGame } from './nav.js';

/** @import { Point } from '#types/page' */

const DRAG_PX = 5;

/** @param {Point} p */
function squareUnder(p) {
  return squareAt(p.x, p.y, state.size, state.orientation);
}

/** The pointer went down at `p`. @param {Point} p */
export function press(p) {
  if (state.pendingClick != null) update((s) => { s.pendingClick = null; });
  const sq = squareUnder(p);
  if (state.past) {
    // Looking back: a click on the board returns to the game.
    backToGame();
    return;
  }
  if (state.phase === 'setup') {
    update((s) => say(s, t('clickPlayFirst'), 'warn'));
    return;
  }
  if (!isHumanTurn() || sq == null) return;
  const sel = state.selected;
  if (sel && midCapture()) {
    // In the middle of a capture: only the active piece moves on.
    const at = heldAt(sel);
    update((s) => {
      if (sq === at) s.drag = { from: at, start: p, at: p, started: false, via: [], onActive: true };
      else s.pendingClick = sq;
    });
    return;
  }
  const v = currentView();
  if (v.huffable.includes(sq)) {
    huff(sq);
    return;
  }
  const piece = v.pieces.find((q) => q.sq === sq);
  if (piece && piece.color === v.side) grab(sq, p);
  else if (sel) update((s) => { s.pendingClick = sq; });
  else if (piece) refuseGrab(sq);
}

/** The pointer moved to `p`: a press on a piece becomes a drag after a few pixels; the squares
 * of its paths it passes over are remembered (they tell routes apart). @param {Point} p */
export function move(p) {
  const d = state.drag;
  if (!d) return;
  if (!d.started && Math.hypot(p.x - d.start.x, p.y - d.start.y) < DRAG_PX) return;
  const sq = squareUnder(p);
  update((s) => {
    if (!s.drag) return;
    s.drag.started = true;
    s.drag.at = p;
    const via = s.drag.via;
    if (sq != null && sq !== s.drag.from && isNode(sq) && via[via.length - 1] !== sq) via.push(sq);
  });
}

/** The pointer was released at `p`. @param {Point} p */
export function release(p) {
  const d = state.drag;
  const sel = state.selected;
  const clicked = state.pendingClick;
  update((s) => {
    s.drag = null;
    s.pendingClick = null;
  });
  if (!sel) return;
  if (d && d.started) {
    const target = squareUnder(p);
    if (target === d.from) return;
    if (target == null) {
      // Dropped off the board: the piece slides back; picked up afresh, it is put down.
      if (!midCapture()) update(clearSelection);
      slideBack(sel, p);
      return;
    }
    const via = [...d.via];
    while (via.length && via[via.length - 1] === target) via.pop();
    playRoute(sel.committed, via, target, false, { dropped: true, at: p });
    return;
  }
  if (d) {
    // A click on the held piece.
    if (!d.onActive) clickHeld();
    else if (sel.canStop) playRoute(sel.committed.slice(0, -1), [], heldAt(sel), true, { dropped: true });
    return;
  }
  if (clicked != null) playRoute(sel.committed, [], clicked, false, { dropped: false });
}

/** The pointer was taken away (a touch cancelled by the browser). */
export function cancel() {
  update((s) => { s.drag = null; });
}
