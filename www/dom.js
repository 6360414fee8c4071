// @ts-check
// The page around the board: the panel's choices, and the status, message, move list, the
// banner while an earlier position is shown, the result, the confirm dialog, the other-tab
// notice, the share link, data-fen, data-rules, data-ply, data-live, data-phase, data-busy and
// aria-label kept in step with the state on every redraw. data-fen, data-rules (the preset's id)
// and aria-label describe the position drawn: the one looked at while looking back. The board
// also carries data-orientation (the colour at the bottom), data-contrast (high or normal) and
// data-anim-ms (the last animation's length); the page has the class "hc" in high contrast.

import { state, drawnView } from './state.js';
import { t, lang, applyStatic, sideName, outcomeText, nameOf, noteOf } from './i18n.js';
import { humanColor } from './turns.js';
import { heldAt } from './selection.js';
import { highContrast } from './settings.js';
import { syncAssist } from './assist.js';
import { moveWords } from './words.js';

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
  input('sound').checked = s.sound;
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
  const text = t('aria', { turn, red: part('red'), black: part('black') });
  return state.past ? `${t('ariaPast', { n: state.past.ply })}. ${text}` : text;
}

/** Brings the DOM in step with the state (called on every redraw). */
export function syncDom() {
  const high = highContrast(state.settings);
  document.documentElement.classList.toggle('hc', high);
  canvas.dataset.contrast = high ? 'high' : 'normal';
  input('contrast').checked = high;
  canvas.dataset.orientation = state.orientation;
  if (state.anim) canvas.dataset.animMs = String(state.anim.duration);
  const v = state.view;
  const drawn = drawnView();
  if (!v || !drawn) return;
  canvas.dataset.fen = drawn.fen;
  canvas.dataset.rules = drawn.rules;
  canvas.dataset.ply = String(state.past?.ply ?? v.plies);
  canvas.dataset.live = state.past ? '0' : '1';
  canvas.dataset.phase = state.phase;
  canvas.dataset.busy = state.thinking || state.anim ? '1' : '0';
  canvas.dataset.selected = state.selected ? String(heldAt(state.selected)) : '';
  canvas.setAttribute('aria-label', describe(drawn));
  syncStatus(v);
  syncAnnounce();
  syncPast(v);
  syncOver(v);
  syncControls(v);
  syncConfirm();
  syncShare(drawn);
  const preset = state.presets.find((p) => p.id === v.rules);
  setText($('rules-note'), preset ? noteOf(preset) : '');
  syncMoves(v);
  syncAssist();
}

/** The last announcement told (state.announce.n). */
let told = 0;

/** The live region #announce tells each new announcement (the same words again with a no-break
 * space added, so that they are told again). */
function syncAnnounce() {
  const a = state.announce;
  if (a.n === told) return;
  told = a.n;
  const el = $('announce');
  el.textContent = el.textContent === a.text ? a.text + '\u00a0' : a.text;
}

/** The banner over the board while an earlier position is shown. @param {View} v */
function syncPast(v) {
  const past = state.past;
  $('past').hidden = !past;
  $('status-bar').hidden = !!past;
  $('board-frame').classList.toggle('looking-back', !!past);
  if (!past) return;
  setText($('past-back'), past.ply === 0 ? t('pastStart') : t('pastAt', { n: past.ply, move: v.history[past.ply - 1] }));
  $('play-from').hidden = !!state.elsewhere;
}

/** The confirm dialog, open while a question waits for an answer. */
function syncConfirm() {
  const dialog = $('confirm', HTMLDialogElement);
  const q = state.confirm;
  if (!q) {
    if (dialog.open) dialog.close();
    return;
  }
  const plies = state.view?.plies ?? 0;
  const [text, yes] = q.kind === 'resign'
    ? [t('confirmResign'), t('confirmResignYes')]
    : q.kind === 'new'
      ? [t('confirmNew'), t('confirmNewYes')]
      : [t(q.ply === 0 ? 'confirmPlayFromStart' : 'confirmPlayFrom', { n: q.ply, count: plies - q.ply }), t('confirmPlayFromYes')];
  setText($('confirm-text'), text);
  setText($('confirm-yes'), yes);
  setText($('confirm-no'), t('confirmNo'));
  if (!dialog.open) dialog.showModal();
}

/** The link to the position drawn, while it is drawn. @param {View} drawn */
function syncShare(drawn) {
  const share = state.share && state.share.fen === drawn.fen ? state.share : null;
  $('share-box').hidden = !share;
  const field = $('share-link', HTMLInputElement);
  if (share && field.value !== share.link) {
    field.value = share.link;
    field.setAttribute('aria-label', t('shareLabel'));
  }
}

/** Whose turn it is, the thinking indicator and the message. @param {View} v */
function syncStatus(v) {
  const human = humanColor();
  let turn = '';
  if (state.phase === 'playing' && !state.tutorial) {
    if (!human) turn = t('toMove', { side: sideName(v.side) });
    else turn = t(v.side === human ? 'youToMove' : 'computerToMove', { side: sideName(v.side) });
  }
  setText($('turn'), turn);
  $('thinking').hidden = !state.thinking;
  // Looking back, the message says how to step and how to return.
  const message = state.past ? { text: t('pastHint'), kind: 'info' } : state.message;
  setText($('message'), message.text);
  $('message').className = 'msg-' + message.kind;
}

/** Where the focus was before the result card took it. @type {Element | null} */
let focusBefore = null;

/** The card at the end of a game, once the last turn has been shown (until it is closed, or an
 * earlier position is looked at), and the result beside the board. @param {View} v */
function syncOver(v) {
  const ended = state.phase === 'over' && !!v.outcome && !state.anim;
  const card = ended && !state.overClosed && !state.past;
  const over = $('over');
  const opening = card && over.hidden;
  const closing = !card && !over.hidden;
  over.hidden = !card;
  $('result').hidden = !ended;
  if (ended && v.outcome) {
    const o = outcomeText(v.outcome, humanColor());
    setText($('over-title'), o.title);
    setText($('over-text'), o.why);
    setText($('result-title'), o.title);
    setText($('result-text'), o.why);
  }
  if (opening) {
    focusBefore = document.activeElement;
    $('again').focus({ preventScroll: true });
  } else if (closing && over.contains(document.activeElement)) {
    if (focusBefore instanceof HTMLElement && focusBefore.isConnected) focusBefore.focus({ preventScroll: true });
    else $('new').focus({ preventScroll: true });
  }
}

/** @param {View} v */
function syncControls(v) {
  $('setup').hidden = state.phase !== 'setup' || !!state.tutorial;
  $('controls').hidden = state.phase === 'setup' || !!state.tutorial;
  // Undo works while the computer thinks (its search is dropped); a pending huff can be taken back.
  const passive = !!state.elsewhere;
  $('undo', HTMLButtonElement).disabled = !!state.anim || passive || (v.plies === 0 && v.pendingHuff == null);
  $('redo', HTMLButtonElement).disabled = !!state.anim || passive || !state.game?.canRedo();
  $('resign', HTMLButtonElement).disabled = state.phase !== 'playing' || state.thinking || passive;
  $('tabs').hidden = !passive;
  if (state.elsewhere) setText($('tabs-text'), t(state.elsewhere === 'same' ? 'elsewhereSame' : 'elsewhereOther'));
  const twoPlayers = select('opponent').value === 'human';
  $('level-row').hidden = twoPlayers;
  $('color-row').hidden = twoPlayers;
}

/** The move list, two plies a line (Black's first move alone after "…"): each turn a button that
 * shows the position after it; the one shown is marked (aria-current). @param {View} v */
function syncMoves(v) {
  const list = $('moves');
  const key = `${lang()} ${v.history.join(' ')}`;
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    const black = state.game?.startFen().startsWith('B') ?? false;
    /** @type {(HTMLElement | null)[]} */
    const cells = v.history.map((move, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'ply';
      b.dataset.ply = String(i + 1);
      b.textContent = move;
      const side = (i % 2 === 0) !== black ? 'red' : 'black';
      b.setAttribute('aria-label', t('moveLabel', { n: i + 1, text: move, move: moveWords(move), side: sideName(side) }));
      return b;
    });
    if (black) cells.unshift(null);
    const items = [];
    for (let i = 0; i < cells.length; i += 2) {
      const li = document.createElement('li');
      for (const c of cells.slice(i, i + 2)) {
        if (c) li.append(c);
        else li.append(Object.assign(document.createElement('span'), { className: 'ply', textContent: '…' }));
      }
      items.push(li);
    }
    list.replaceChildren(...items);
    list.dataset.shown = '';
  }
  const shown = String(state.past?.ply ?? v.plies);
  if (list.dataset.shown === shown) return;
  list.dataset.shown = shown;
  list.dataset.live = state.past ? '0' : '1';
  /** @type {HTMLElement | null} */
  let current = null;
  for (const b of list.querySelectorAll('button.ply')) {
    if (!(b instanceof HTMLElement)) continue;
    if (b.dataset.ply === shown) {
      b.setAttribute('aria-current', 'step');
      current = b;
    } else {
      b.removeAttribute('aria-current');
    }
  }
  // Keep the shown turn in view (the list scrolls; the page does not).
  const li = current?.parentElement;
  if (!state.past || !li) list.scrollTop = list.scrollHeight;
  else if (li.offsetTop < list.scrollTop) list.scrollTop = li.offsetTop;
  else if (li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = li.offsetTop + li.offsetHeight - list.clientHeight;
}

/** The whole board in view (on a small screen the page may have been scrolled down to the
 * panel): after Play, and at each tutorial step on an upright phone. */
export function showBoard() {
  const r = $('board-frame').getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) scrollTo({ top: Math.max(0, scrollY + r.top - 8), behavior: 'instant' });
}
