// @ts-check
// Remembered choices (localStorage) and the URL parameters ?rules=&fen=&opponent=&level=&color=&lang=.
// Values are checked by the wasm layer where they are rules (preset ids, levels, positions).

import { problemText } from './i18n.js';

/** @import { Settings, Bindings, UrlError } from '#types/page' */

const KEY = 'dame.settings.v1';

/** The remembered choices over `defaults`. @param {Settings} defaults @returns {Settings} */
export function loadSettings(defaults) {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || '{}');
    return { ...defaults, ...saved };
  } catch {
    return { ...defaults };
  }
}

/** @param {Settings} settings */
export function saveSettings(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Private mode: choices are then not remembered.
  }
}

/** The URL's choices, the position it names, and the parameters that were not understood.
 * @param {string} search @param {Pick<Bindings, 'checkRules' | 'checkLevel'>} bindings
 * @returns {{ settings: Partial<Settings>, fen: string | null, errors: UrlError[] }} */
export function readUrl(search, bindings) {
  const params = new URLSearchParams(search);
  /** @type {{ settings: Partial<Settings>, fen: string | null, errors: UrlError[] }} */
  const out = { settings: {}, fen: null, errors: [] };
  const rules = params.get('rules');
  if (rules !== null) {
    try {
      out.settings.rules = bindings.checkRules(rules);
    } catch (e) {
      out.errors.push({ name: 'rules', problem: problemText(e) });
    }
  }
  const level = params.get('level');
  if (level !== null) {
    try {
      out.settings.level = bindings.checkLevel(level);
    } catch (e) {
      out.errors.push({ name: 'level', problem: problemText(e) });
    }
  }
  const opponent = params.get('opponent');
  if (opponent !== null) {
    if (opponent === 'human' || opponent === 'computer') out.settings.opponent = opponent;
    else out.errors.push({ name: 'opponent', problem: `'${opponent}' (human, computer)` });
  }
  const color = params.get('color');
  if (color !== null) {
    if (color === 'red' || color === 'black') out.settings.color = color;
    else out.errors.push({ name: 'color', problem: `'${color}' (red, black)` });
  }
  const lang = params.get('lang');
  if (lang !== null) {
    if (lang === 'de' || lang === 'en') out.settings.lang = lang;
    else out.errors.push({ name: 'lang', problem: `'${lang}' (de, en)` });
  }
  const fen = params.get('fen');
  if (fen !== null && fen.trim() !== '') out.fen = fen.trim();
  return out;
}
