// @ts-check
// Remembered choices (localStorage) and the URL parameters ?rules=&fen=&opponent=&level=&color=&lang=.
// Values are checked by the wasm layer where they are rules (preset ids, levels, positions).
// Nothing stored can break the page: every remembered value is checked on reading; a bad one is
// replaced by the default and reported, and the stored text is first kept aside under BAD_KEY.

import { problemText, clip } from './i18n.js';

/** @import { Settings, Bindings, UrlError, StoredProblem } from '#types/page' */

export const KEY = 'dame.settings.v1';
/** Where stored text that could not be used is kept (the last such text). */
export const BAD_KEY = KEY + '.bad';

/** @typedef {Pick<Bindings, 'checkRules' | 'checkLevel' | 'presets'>} Checks */
/** A field's check (its value, or a throw) and the values it allows, in words.
 * @template T @typedef {{ check: (value: unknown, checks: Checks) => T, allowed: (checks: Checks) => string }} Field */
/** @typedef {{ [K in keyof Settings]: Field<Settings[K]> }} Fields */

/** A field that is one of `allowed`. @template {string} T @param {readonly T[]} allowed @returns {Field<T>} */
const oneOf = (allowed) => ({
  check: (value) => {
    if (allowed.some((a) => a === value)) return /** @type {T} */ (value);
    throw new Error('not allowed');
  },
  allowed: () => allowed.join(', '),
});

/** A field that is true or false. @returns {Field<boolean>} */
function flag() {
  return {
    check: (value) => {
      if (typeof value !== 'boolean') throw new Error('not true or false');
      return value;
    },
    allowed: () => 'true, false',
  };
}

/** How each remembered field is checked. @type {Fields} */
const FIELDS = {
  rules: {
    check: (value, checks) => {
      if (typeof value !== 'string') throw new Error('not text');
      return checks.checkRules(value);
    },
    allowed: (checks) => checks.presets().map((p) => p.id).join(', '),
  },
  level: {
    check: (value, checks) => {
      if (typeof value !== 'number' && typeof value !== 'string') throw new Error('not a number');
      return checks.checkLevel(String(value));
    },
    allowed: () => '1–5',
  },
  color: oneOf(/** @type {const} */ (['red', 'black'])),
  opponent: oneOf(/** @type {const} */ (['computer', 'human'])),
  numbers: flag(),
  lang: oneOf(/** @type {const} */ (['de', 'en'])),
  sound: flag(),
  contrast: oneOf(/** @type {const} */ (['auto', 'on', 'off'])),
};

/** The system's wish for more contrast (asked on every redraw: one query, kept). */
const moreContrast = matchMedia('(prefers-contrast: more)');

/** Is the high-contrast theme on: chosen, or by default when the system asks for more contrast?
 * @param {Settings} settings */
export function highContrast(settings) {
  return settings.contrast === 'on' || (settings.contrast === 'auto' && moreContrast.matches);
}

/** The remembered choices over `defaults`, each checked, and what was wrong with them. A stored
 * text with a problem is copied to BAD_KEY, and then replaced by the choices that apply.
 * @param {Settings} defaults @param {Checks} checks
 * @returns {{ settings: Settings, problems: StoredProblem[] }} */
export function loadSettings(defaults, checks) {
  /** @type {string | null} */
  let raw = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    // Storage switched off: choices are then not remembered.
  }
  if (raw === null) return { settings: { ...defaults }, problems: [] };
  const { settings, problems } = checkStored(raw, defaults, checks);
  if (problems.length) {
    const kept = keepAside(raw);
    for (const p of problems) p.kept = kept;
    if (kept) saveSettings(settings);
  }
  return { settings, problems };
}

/** The choices a stored text gives over `defaults`, and its problems (none: the text is fine).
 * Fields this version does not know are kept as they are (a later version may have written them).
 * @param {string} raw @param {Settings} defaults @param {Checks} checks
 * @returns {{ settings: Settings, problems: StoredProblem[] }} */
export function checkStored(raw, defaults, checks) {
  /** @type {unknown} */
  let saved;
  try {
    saved = JSON.parse(raw);
  } catch {
    return { settings: { ...defaults }, problems: [{ name: null, value: clip(raw), allowed: '', kept: false }] };
  }
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) {
    return { settings: { ...defaults }, problems: [{ name: null, value: clip(raw), allowed: '', kept: false }] };
  }
  /** @type {Record<string, unknown>} */
  const record = /** @type {Record<string, unknown>} */ (saved);
  /** @type {Record<string, unknown>} */
  const out = { ...record, ...defaults };
  /** @type {StoredProblem[]} */
  const problems = [];
  for (const name of /** @type {(keyof Settings)[]} */ (Object.keys(FIELDS))) {
    if (!Object.hasOwn(record, name)) continue; // written by an older version: the default
    const value = record[name];
    try {
      out[name] = FIELDS[name].check(value, checks);
    } catch {
      const shown = typeof value === 'string' ? JSON.stringify(clip(value)) : clip(JSON.stringify(value) ?? String(value));
      problems.push({ name, value: shown, allowed: FIELDS[name].allowed(checks), kept: false });
    }
  }
  return { settings: /** @type {Settings} */ (out), problems };
}

/** Copies stored text that could not be used to BAD_KEY; false if it could not be kept.
 * @param {string} raw */
function keepAside(raw) {
  try {
    localStorage.setItem(BAD_KEY, raw);
    return true;
  } catch {
    return false;
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
 * @param {string} search @param {Checks} bindings
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
      out.errors.push({ name: 'rules', problem: problemText(e, rules) });
    }
  }
  const level = params.get('level');
  if (level !== null) {
    try {
      out.settings.level = bindings.checkLevel(level);
    } catch (e) {
      out.errors.push({ name: 'level', problem: problemText(e, level) });
    }
  }
  const opponent = params.get('opponent');
  if (opponent !== null) {
    if (opponent === 'human' || opponent === 'computer') out.settings.opponent = opponent;
    else out.errors.push({ name: 'opponent', problem: `'${clip(opponent)}' (human, computer)` });
  }
  const color = params.get('color');
  if (color !== null) {
    if (color === 'red' || color === 'black') out.settings.color = color;
    else out.errors.push({ name: 'color', problem: `'${clip(color)}' (red, black)` });
  }
  const lang = params.get('lang');
  if (lang !== null) {
    if (lang === 'de' || lang === 'en') out.settings.lang = lang;
    else out.errors.push({ name: 'lang', problem: `'${clip(lang)}' (de, en)` });
  }
  const fen = params.get('fen');
  if (fen !== null && fen.trim() !== '') out.fen = fen.trim();
  return out;
}
