// @ts-check
// The page around the board: the panel's choices, and the status, message, move list, data-fen,
// data-phase, data-busy and aria-label kept in step with the state on every redraw.

import { state } from './state.js';
import { t, lang, applyStatic, sideName, outcomeText, nameOf, noteOf } from './i18n.js';
import { humanColor } from './turns.js';
import { heldAt } from './selection.js';

/** @import { Settings, View } from '#types/page' */

/** The element with this id, of the expected kind.
 * @template {HTMLElement} T
 * @param {string} id @param {new () => T} [kind] @returns {T} */
export function $(id, kind) {
  const el = document.getElementById(id);
  if (!el || !(el instanceof (kind ?? HTMLElement))) throw new Error(`#${id} missing from the page`);
  return /** @type {T} */ (el);
}

export const canvas = $('board', HTMLCanvasElement);
const select = (/** @type {string} */ id) => $(id, HTMLSelectElement);
const input = (/** @type {string} */ id) => $(id, HTMLInputElement);

/** The panel's choices, over `settings`. @param {Settings} settings @returns {Settings} */
export function readPanel(settings) {
  const color = document.querySelector('input[name=color]:checked');
  return {
    ...settings,
    rules: select('rules').value,
    level: Number(select('level').value),
    opponent: select('opponent').value === 'human' ? 'human' : 'computer',
    color: color instanceof HTMLInputElement && color.value === 'black' ? 'black' : 'red',
    numbers: input('numbers').checked,
  };
}

/** Shows the settings in the panel, and the page's words in the current language. */
export function fillPanel() {
  const s = state.settings;
  select('rules').replaceChildren(...state.presets.map((p) => new Option(nameOf(p), p.id, false, p.id === s.rules)));
  select('level').replaceChildren(...state.levels.map((l) => new Option(`${l.number} – ${nameOf(l)}`, String(l.number), false, l.number === s.level)));
  select('opponent').value = s.opponent;
  for (const radio of document.querySelectorAll('input[name=color]')) {
    if (radio instanceof HTMLInputElement) radio.checked = radio.value === s.color;
  }
  input('numbers').checked = s.numbers;
  applyStatic();
  $('lang').textContent = t('langSwitch');
  $('lang').lang = lang() === 'de' ? 'en' : 'de';
}

/** @param {HTMLElement} el @param {string} text */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** The board in words, for screen readers. @param {View} view */
function describe(view) {
  // Squares by their names in the game's own notation, in that notation's order.
  const names = (/** @type {boolean} */ king, /** @type {string} */ color) => view.pieces
    .filter((p) => p.color === color && p.king === king)
    .map((p) => view.labels[p.sq - 1] ?? String(p.sq))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const part = (/** @type {string} */ color) => {
    const men = names(false, color);
    const kings = names(true, color);
    const out = [];
    if (men.length) out.push(t('ariaMen', { list: men.join(', ') }));
    if (kings.length) out.push(t('ariaKings', { list: kings.join(', ') }));
    return out.length ? out.join('; ') : t('ariaNone');
  };
  const turn = view.outcome ? t('ariaOver', { text: outcomeText(view.outcome, humanColor()).title }) : t('toMove', { side: sideName(view.side) });
  return t('aria', { turn, red: part('red'), black: part('black') });
}

/** Brings the DOM in step with the state (called on every redraw). */
export function syncDom() {
  const v = state.view;
  if (!v) return;
  canvas.dataset.fen = v.fen;
  canvas.dataset.phase = state.phase;
  canvas.dataset.busy = state.thinking || state.anim ? '1' : '0';
  canvas.dataset.selected = state.selected ? String(heldAt(state.selected)) : '';
  canvas.setAttribute('aria-label', describe(v));
  syncStatus(v);
  syncOver(v);
  syncControls(v);
  const preset = state.presets.find((p) => p.id === v.rules);
  setText($('rules-note'), preset ? noteOf(preset) : '');
  syncMoves(v);
}

/** Whose turn it is, the thinking indicator and the message. @param {View} v */
function syncStatus(v) {
  const human = humanColor();
  let turn = '';
  if (state.phase === 'playing') {
    if (!human) turn = t('toMove', { side: sideName(v.side) });
    else turn = t(v.side === human ? 'youToMove' : 'computerToMove', { side: sideName(v.side) });
  }
  setText($('turn'), turn);
  $('thinking').hidden = !state.thinking;
  setText($('message'), state.message.text);
  $('message').className = 'msg-' + state.message.kind;
}

/** The card at the end of a game, once the last turn has been shown. @param {View} v */
function syncOver(v) {
  const over = state.phase === 'over' && v.outcome && !state.anim;
  $('over').hidden = !over;
  if (over && v.outcome) {
    const o = outcomeText(v.outcome, humanColor());
    setText($('over-title'), o.title);
    setText($('over-text'), o.why);
  }
}

/** @param {View} v */
function syncControls(v) {
  $('setup').hidden = state.phase !== 'setup';
  $('controls').hidden = state.phase === 'setup';
  // Undo works while the computer thinks (its search is dropped); a pending huff can be taken back.
  $('undo', HTMLButtonElement).disabled = !!state.anim || (v.plies === 0 && v.pendingHuff == null);
  $('resign', HTMLButtonElement).disabled = state.phase !== 'playing' || state.thinking;
  const twoPlayers = select('opponent').value === 'human';
  $('level-row').hidden = twoPlayers;
  $('color-row').hidden = twoPlayers;
}

/** The move list, two plies a line (Black's first move alone after "…"). @param {View} v */
function syncMoves(v) {
  const list = $('moves');
  const key = v.history.join(' ');
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  const first = state.game?.startFen().startsWith('B') ? 1 : 0;
  const plies = first ? ['…', ...v.history] : v.history;
  const items = [];
  for (let i = 0; i < plies.length; i += 2) {
    const li = document.createElement('li');
    li.textContent = plies.slice(i, i + 2).join('  ');
    items.push(li);
  }
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}
