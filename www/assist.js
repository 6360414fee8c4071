// @ts-check
// Help during a game, the part loaded with the page: the hint button and the typed-move field
// (their work is done by help.js, loaded on first use), the notation legend and the hints on the
// result card. The explanation of a selected turn and the rule behind a refusal are help.js's.

import { state, requestRedraw } from './state.js';
import { t, lastReason, lang } from './i18n.js';
import { isHumanTurn } from './turns.js';

/** @import { View } from '#types/page' */

/** The element with this id. @param {string} id */
const el = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {typeof import('./help.js') | null} */
let help = null;
/** @type {Promise<typeof import('./help.js')> | null} */
let loading = null;

/** help.js, loaded once (a redraw follows, for what waits on its words). */
export function loadHelp() {
  loading ??= import('./help.js').then((m) => {
    help = m;
    requestRedraw();
    return m;
  }, (e) => {
    loading = null;
    throw e;
  });
  return loading;
}

export function bindAssist() {
  el('hint').addEventListener('click', () => { loadHelp().then((m) => m.hint()); });
  el('typed').addEventListener('submit', (e) => {
    e.preventDefault();
    loadHelp().then((m) => m.playTyped());
  });
}

/** May the player ask for a hint (or to see all of it) now? */
export function canHint() {
  const v = state.view;
  const h = state.hint;
  return !!v && isHumanTurn() && v.pendingHuff == null && !(h && h.fen === v.fen && (!h.turn || h.full));
}

/** How the game's notation writes a move, a capture, (Blasen) a huff, and its squares.
 * @param {View} v */
export function notation(v) {
  const n = (/** @type {number} */ sq) => v.labels[sq - 1] ?? '';
  const x = /^[a-h]/.test(n(22)) ? ':' : 'x';
  return {
    move: `${n(22)}-${n(18)}`,
    capture: `${n(22)}${x}${n(15)}${x}${n(6)}`,
    huff: v.huffing ? `h${n(26)} ${n(8)}-${n(11)}` : '',
    huffed: n(26),
    squares: x === ':' ? 'a1–h8' : n(22) === '22' ? '1–32' : '1–32 (ACF)',
  };
}

/** Keeps the hint button, the typed field, the legend, the hints on the result card, the
 * explanation and the rule behind a refusal in step with the state (on every redraw). */
export function syncAssist() {
  const v = state.view;
  if (!v) return;
  el('assist').hidden = state.phase !== 'playing' && state.phase !== 'over';
  /** @type {HTMLButtonElement} */ (el('hint')).disabled = !canHint();
  /** @type {HTMLInputElement} */ (el('typed-text')).disabled = state.phase !== 'playing' || !!state.elsewhere;
  const n = v.hints;
  const over = el('over-hints');
  over.hidden = !n;
  over.textContent = n ? t(n === 1 ? 'hintsUsed1' : 'hintsUsed', { n }) : '';
  const legend = el('legend');
  const key = `${lang()} ${v.rules}`;
  if (legend.dataset.key !== key) {
    legend.dataset.key = key;
    const w = notation(v);
    legend.textContent = t('legend', { ...w, huff: w.huff && t('legendHuff', { huff: w.huff, sq: w.huffed }) });
  }
  // The explanation of a selected turn and the rule behind a refusal: help.js has the words.
  if (help) help.syncWhy();
  else if (state.explained || (state.message.kind === 'error' && state.message.text === lastReason.text)) loadHelp().catch(() => {});
}
