// @ts-check
// The game in progress, kept in localStorage after every turn (key `dame.game.v1`, a versioned
// object around WebGame.record()) and read back on reload. A saved game that cannot be read is
// kept under `dame.game.v1.bad` and reported, never dropped. Tabs on the same game hear of each
// other over a BroadcastChannel, so that only one of them writes the key. Without storage
// (private mode) nothing is saved and the page works as before.

import { t, problemText } from './i18n.js';

/** @import { Bindings, WebGame, SavedGame, Color } from '#types/page' */

export const KEY = 'dame.game.v1';
export const BAD = 'dame.game.v1.bad';
const VERSION = 1;

/** This tab, among the tabs of the page. */
export const TAB = Math.random().toString(36).slice(2, 10);

/** A new game's id. */
export function newId() {
  return Date.now().toString(36) + '-' + Math.random().toString(36).slice(2, 8);
}

/** localStorage, or null where there is none (private mode, storage blocked). */
function storage() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Writes `data` unless the key already holds it; whether it wrote. @param {string} text */
export function writeSaved(text) {
  const store = storage();
  if (!store) return false;
  try {
    if (store.getItem(KEY) === text) return false;
    store.setItem(KEY, text);
    return true;
  } catch {
    return false; // full, or blocked: the game goes on unsaved
  }
}

export function clearSaved() {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing to do without storage
  }
}

/** The saved game's id, if one is saved and readable as JSON. */
export function savedId() {
  try {
    const data = JSON.parse(storage()?.getItem(KEY) ?? 'null');
    return typeof data?.id === 'string' ? data.id : null;
  } catch {
    return null;
  }
}

/** @typedef {{ game: WebGame, saved: SavedGame }} Resumed */

/**
 * The saved game, resumed: `ok` with the game and what was saved with it; `problem` (in words)
 * when it could not be read, after keeping it under BAD and clearing KEY; null when none is saved.
 * With `backup` false (following another tab) nothing is moved.
 * @param {Bindings} bindings @param {boolean} [backup] @returns {{ ok: Resumed } | { problem: string } | null}
 */
export function readSaved(bindings, backup = true) {
  const store = storage();
  if (!store) return null;
  /** @type {string | null} */
  let raw;
  try {
    raw = store.getItem(KEY);
  } catch {
    return null;
  }
  if (raw == null) return null;
  try {
    return { ok: parse(raw, bindings) };
  } catch (e) {
    if (!backup) return { problem: problemText(e) };
    let kept = true;
    try {
      store.setItem(BAD, raw);
      store.removeItem(KEY);
    } catch {
      kept = false;
    }
    return { problem: t(kept ? 'savedBad' : 'savedBadNotKept', { problem: problemText(e), key: BAD }) };
  }
}

/** @param {unknown} x @returns {x is Color} */
const isColor = (x) => x === 'red' || x === 'black';

/** Reads a saved game, or throws an Error saying in words what is wrong with it.
 * @param {string} raw @param {Bindings} bindings @returns {Resumed} */
export function parse(raw, bindings) {
  /** @type {any} */
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new Error(t('savedNotJson'));
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error(t('savedNotJson'));
  if (data.version !== VERSION) {
    throw new Error(typeof data.version === 'number' && data.version > VERSION
      ? t('savedNewer', { version: data.version })
      : t('savedVersion', { version: String(data.version) }));
  }
  if (typeof data.id !== 'string' || !data.record || typeof data.record !== 'object') throw new Error(t('savedIncomplete'));
  const level = bindings.checkLevel(data.level);
  if (!isColor(data.color)) throw new Error(t('savedField', { name: 'color' }));
  if (data.opponent !== 'human' && data.opponent !== 'computer') throw new Error(t('savedField', { name: 'opponent' }));
  if (data.resigned != null && !isColor(data.resigned)) throw new Error(t('savedField', { name: 'resigned' }));
  let game;
  try {
    game = bindings.WebGame.fromRecord(data.record);
  } catch (e) {
    const text = problemText(e);
    const bad = text.match(/history\[(\d+)\] '([^']*)'/);
    throw new Error(bad ? t('savedMove', { n: Number(bad[1]) + 1, move: bad[2] }) : t('savedRecord', { problem: text }));
  }
  try {
    if (typeof data.huff === 'number') game.huff(data.huff);
    if (data.resigned) game.resign(data.resigned);
    if (typeof data.fen === 'string' && game.fen() !== data.fen) throw new Error(t('savedMismatch'));
  } catch (e) {
    game.free();
    throw e;
  }
  /** @type {SavedGame} */
  const saved = {
    version: VERSION, id: data.id, record: data.record, level, color: data.color, opponent: data.opponent,
    huff: typeof data.huff === 'number' ? data.huff : null, resigned: data.resigned ?? null, fen: game.fen(),
  };
  return { game, saved };
}

/** The record of `game` to save, with the choices it is played with.
 * @param {WebGame} game @param {string} id
 * @param {{ level: number, color: Color, opponent: 'computer' | 'human' }} settings @returns {SavedGame} */
export function snapshot(game, id, settings) {
  const v = game.view();
  const resigned = v.outcome?.reason === 'resignation' && v.outcome.winner
    ? (v.outcome.winner === 'red' ? 'black' : 'red')
    : null;
  return {
    version: VERSION, id, record: game.record(), level: settings.level, color: settings.color,
    opponent: settings.opponent, huff: v.pendingHuff ?? null, resigned, fen: v.fen,
  };
}

// ------------------------------------------------------------------ other tabs

/** A message between tabs; 'saved' and 'take' carry the saved game's text (the other tab's copy
 * of localStorage may not have it yet).
 * 'hello' carries when this tab took the game up (of two tabs opened together, the later yields).
 * @typedef {{ type: 'hello' | 'here' | 'saved' | 'take', tab: string, game: string | null, data?: string, since?: number }} TabMessage */

/** @type {BroadcastChannel | null} */
let channel = null;

/** Listens to the other tabs of the page (where BroadcastChannel exists).
 * @param {(msg: TabMessage) => void} onMessage */
export function listenTabs(onMessage) {
  if (typeof BroadcastChannel !== 'function') return;
  channel = new BroadcastChannel('dame.game');
  channel.onmessage = (e) => {
    const msg = e.data;
    if (msg && typeof msg === 'object' && typeof msg.type === 'string' && msg.tab !== TAB) onMessage(msg);
  };
}

/** When this tab took its game up (ms since the epoch). */
export let since = Date.now();
export function tookUp() {
  since = performance.timeOrigin + performance.now();
}

/** Tells the other tabs. @param {TabMessage['type']} type @param {string | null} game @param {string} [data] */
export function tellTabs(type, game, data) {
  /** @type {TabMessage} */
  const msg = { type, tab: TAB, game, since };
  if (data !== undefined) msg.data = data;
  channel?.postMessage(msg);
}

/** Has this tab had its game longer than the tab that sent `msg`? @param {TabMessage} msg */
export function olderThan(msg) {
  return msg.since === undefined || since < msg.since || (since === msg.since && TAB < msg.tab);
}
