// @ts-check
// What the panels loaded on use (the tutorial, the analysis board, the puzzles) build with: their
// own words in both languages, localStorage where there is one, and elements. Loaded with them,
// never before the first paint.

import { lang } from './i18n.js';

/** @typedef {{ de: string, en: string }} Words */

/** Words in the page's language, with `{name}` filled in. @param {Words} words @param {Record<string, string | number>} [params] */
export function w(words, params = {}) {
  return words[lang()].replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
}

/** localStorage, or null where there is none. */
export function storage() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

/** @param {string} tag @param {Record<string, string>} [attrs] */
export function el(tag, attrs = {}) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}
