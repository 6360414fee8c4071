// @ts-check
// Words of the page in German (the default) and English. Rules are not decided here: the wasm
// layer sends a reason code with the squares, and this file only puts it into words.

import { state } from './state.js';
import de from './i18n-de.js';

/** @import { Lang, Color, Texts } from '#types/page' */
/** @import { Refusal } from '#types/Refusal' */
/** @import { OutcomeView } from '#types/OutcomeView' */

/** The tables loaded so far: German (the default) with the page, English (www/i18n-en.js) once
 * it is chosen, so that a German page does not load it.
 * @type {Partial<Record<Lang, Texts>> & { de: Texts }} */
const tables = { de };

/** Loads the table of `lang` if it is not there yet (each is loaded once).
 * @param {Lang} lang @returns {Promise<void>} */
export async function loadLang(lang) {
  if (tables[lang]) return;
  if (lang === 'en') tables.en = (await import('./i18n-en.js')).default;
}

/** @type {Lang} */
let current = 'de';

/** @param {string} lang */
export function setLang(lang) {
  // (Its table is loaded first: loadLang.)
  current = lang === 'en' ? 'en' : 'de';
  document.documentElement.lang = current;
}

/** @type {(() => void)[]} */
const langListeners = [];

/** `fn` runs after each switch of the language, once the page is in the new one (the tutorial
 * puts its own words anew). @param {() => void} fn */
export function onLangSwitched(fn) {
  langListeners.push(fn);
}

/** Tells the listeners that the page has switched its language. */
export function langSwitched() {
  for (const fn of langListeners) fn();
}

export function lang() {
  return current;
}

/** The text `key` in the current language, with `{name}` filled in from `params`.
 * @param {string} key @param {Record<string, string | number | undefined>} [params] */
export function t(key, params = {}) {
  const text = tables[current]?.[key] ?? tables.de[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
}

/** @param {string} color "red" or "black" */
export function sideName(color) {
  return t(color === 'red' ? 'red' : 'black');
}

/** An item's name (a preset, a level) in the current language.
 * @param {{ nameDe: string, nameEn: string }} item */
export function nameOf(item) {
  return current === 'de' ? item.nameDe : item.nameEn;
}

/** A preset's rules note in the current language.
 * @param {{ noteDe: string, noteEn: string }} preset */
export function noteOf(preset) {
  return current === 'de' ? preset.noteDe : preset.noteEn;
}

/** How much of a value from outside (the URL, the stored choices) is echoed in a message. */
export const ECHO_MAX = 60;

/** The one place that cuts input echoed back: `text` if short, else its first `max` characters
 * (never half a character) and "…". @param {string} text @param {number} [max] */
export function clip(text, max = ECHO_MAX) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut) + '…';
}

/** The words of something thrown (an Error from the wasm layer, usually), with the input they
 * quote cut short: each of `inputs` where it appears, then any other run of more than ECHO_MAX
 * characters without a space (a quoted value, keeping its quotes), and the whole at most
 * 5 × ECHO_MAX characters.
 * @param {unknown} e @param {string[]} inputs the values the failed call was given */
export function problemText(e, ...inputs) {
  let text = e instanceof Error ? e.message : String(e);
  for (const input of inputs) {
    for (const form of [input, input.trim()]) {
      if (form.length > ECHO_MAX) text = text.split(form).join(clip(form));
    }
    // A message that does not quote the long input (refused for its length alone) names it, cut.
    if (input.length > ECHO_MAX && !text.includes(clip(input.trim()))) text = `'${clip(input.trim())}': ${text}`;
  }
  text = text.replace(new RegExp(`\\S{${ECHO_MAX + 1},}`, 'g'), (run) => {
    const open = /^['"„“‘]/.test(run) ? run[0] : '';
    const close = run.slice(-3).match(/['"“”’]?[.,:;)]*$/)?.[0] ?? '';
    return open + clip(run.slice(open.length, run.length - close.length)) + close;
  });
  return clip(text, 5 * ECHO_MAX);
}

/** A square's name in the game's own notation (ACF numbers, algebraic), from the view's labels.
 * @param {number | undefined} sq */
export function squareName(sq) {
  if (sq === undefined) return '';
  return state.view?.labels[sq - 1] ?? String(sq);
}

/** @param {number[]} squares */
function list(squares) {
  const sep = current === 'de' ? ' oder ' : ' or ';
  const names = squares.map(squareName);
  return names.length <= 1 ? String(names[0] ?? '') : names.slice(0, -1).join(', ') + sep + names[names.length - 1];
}

/** Words for a refusal from the wasm layer; `held` is the square of the piece that was moved. In
 * the tutorial the step's rule follows. @param {Refusal} refusal @param {number} [held] */
export function reasonText(refusal, held) {
  const rule = state.tutorial?.rule();
  const text = rule ? `${wordReason(refusal, held)} ${rule}` : wordReason(refusal, held);
  lastReason.text = text;
  lastReason.code = refusal.code;
  return text;
}

/** The refusal last put into words: its words and its code (the page adds the rule behind it). */
export const lastReason = { text: '', code: '' };

/** @param {Refusal} refusal @param {number} [held] */
function wordReason(refusal, held) {
  const { code, squares = [], options = [] } = refusal;
  if (code === 'mustCapture') {
    return held !== undefined && squares.includes(held) ? t('reason_mustCaptureThis') : t('reason_mustCapture', { list: list(squares) });
  }
  const key = 'reason_' + code;
  if (!(key in (tables[current] ?? {}))) return t('reason_default') + (refusal.text ? ` (${refusal.text})` : '');
  return t(key, { sq: squareName(squares[0]), list: options.length ? options.join(current === 'de' ? ' oder ' : ' or ') : list(squares) });
}

/** The title and the reason of a game's end, from the player's side if there is one.
 * @param {OutcomeView} outcome @param {Color | null} human */
export function outcomeText(outcome, human) {
  const loser = outcome.winner === 'red' ? 'black' : 'red';
  const why = t('why_' + outcome.reason, { loser: sideName(loser) });
  if (!outcome.winner) return { title: t('draw'), why };
  if (human) return { title: outcome.winner === human ? t('youWin') : t('youLose'), why };
  return { title: t('win', { side: sideName(outcome.winner) }), why };
}

/** Fills every element with a data-i18n key with its text, and with a data-i18n-label key its
 * aria-label. @param {ParentNode} [root] */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    if (el instanceof HTMLElement) el.textContent = t(el.dataset.i18n ?? '');
  }
  for (const el of root.querySelectorAll('[data-i18n-label]')) {
    if (el instanceof HTMLElement) el.setAttribute('aria-label', t(el.dataset.i18nLabel ?? ''));
  }
}
