// @ts-check
// Looking through the game: the board shows the position after an earlier turn (the wasm layer's
// viewAt), while the game itself goes on unchanged; no move can be made there. Back to the game
// shows the live position again. And a link to the position drawn, to share.

import { state, update, say, drawnView } from './state.js';
import { t } from './i18n.js';

/** The turn whose position the board shows (the number of turns played up to it). */
export function shownPly() {
  return state.past?.ply ?? state.view?.plies ?? 0;
}

/** Shows the position after `ply` turns; the last one is the game itself. @param {number} ply */
export function look(ply) {
  const game = state.game;
  const v = state.view;
  if (!game || !v || (state.phase !== 'playing' && state.phase !== 'over')) return;
  const n = Math.max(0, Math.min(Math.round(ply), v.plies));
  if (n === v.plies) {
    backToGame();
    update((s) => { s.explained = n > 0 ? v.fen : null; });
    return;
  }
  const view = game.viewAt(n);
  update((s) => {
    s.past = { ply: n, view };
    s.explained = n > 0 ? view.fen : null;
    s.selected = null;
    s.drag = null;
    s.pendingClick = null;
    s.required = [];
    if (s.phase === 'over') s.overClosed = true;
  });
}

/** One turn back (-1) or forward (+1) from the position shown. @param {number} delta */
export function step(delta) {
  look(shownPly() + delta);
}

/** The board shows the game again. */
export function backToGame() {
  if (state.past) update((s) => { s.past = null; });
}

/** The result card is put away: the final position shows, the result stays beside the board. */
export function closeOver() {
  if (state.phase === 'over' && !state.overClosed) update((s) => { s.overClosed = true; });
}

/** A link to the position drawn (?rules=…&fen=…): copied where the clipboard can be written, and
 * shown in a field beside the board either way. */
export async function sharePosition() {
  const v = drawnView();
  if (!v) return;
  const url = new URL(location.href);
  url.hash = '';
  url.search = `?rules=${encodeURIComponent(v.rules)}&fen=${encodeURIComponent(v.fen)}`;
  const link = url.href;
  let copied = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(link);
      copied = true;
    }
  } catch {
    // not allowed here: the field shows the link instead
  }
  update((s) => {
    s.share = { link, fen: v.fen };
    say(s, t(copied ? 'shareCopied' : 'shareShown'), 'info');
  });
  if (!copied) {
    // Shown on the next frame; then selected, ready to be copied.
    requestAnimationFrame(() => {
      const field = document.getElementById('share-link');
      if (field instanceof HTMLInputElement) {
        field.focus({ preventScroll: true });
        field.select();
      }
    });
  }
}
