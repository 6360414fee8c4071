// @ts-check
// Starts the page: waits for the wasm layer, reads remembered choices and the URL, builds the
// panel, binds the page's events, and redraws the board and the DOM around it on every redraw.

import { state, update, onRedraw } from './state.js';
import { render, resizeCanvas } from './render.js';
import { bindBoard, bindPanel } from './events.js';
import { $, canvas, fillPanel, syncDom } from './dom.js';
import { newGame, resumeSaved, onTabMessage } from './game.js';
import { listenTabs } from './saved.js';
import * as engine from './engine.js';
import { t, setLang, loadLang, problemText } from './i18n.js';
import { loadSettings, readUrl, BAD_KEY, KEY as SETTINGS_KEY } from './settings.js';
import { bindAssist } from './assist.js';

/** @import { Bindings, StoredProblem } from '#types/page' */

/** The words of each field of the remembered choices (the panel's own). */
const FIELD_WORDS = { rules: 'rules', level: 'level', color: 'yourColor', opponent: 'opponent', numbers: 'numbers', lang: 'language', sound: 'sound', contrast: 'contrast' };

/** What was wrong with the remembered choices, in words (nothing when all was well).
 * @param {StoredProblem[]} problems @returns {string[]} */
function storedNotes(problems) {
  if (!problems.length) return [];
  const kept = problems[0].kept ? t('storedKept', { key: BAD_KEY }) : t('storedLeft');
  if (problems[0].name === null) return [t('badStoredAll', { value: problems[0].value }), kept];
  const list = problems.map((p) => t('storedItem', { name: p.name ? t(FIELD_WORDS[p.name]) : '', value: p.value, allowed: p.allowed }));
  return [t(problems.length > 1 ? 'badStoredMany' : 'badStored', { list: list.join('; ') }), kept];
}

/** The wasm module's exports, once Trunk's loader has initialised it.
 * @returns {Promise<Bindings>} */
function bindings() {
  return new Promise((resolve, reject) => {
    const found = () => (window.wasmBindings ? resolve(window.wasmBindings) : reject(new Error('wasm module not loaded')));
    if (window.wasmBindings) found();
    else addEventListener('TrunkApplicationStarted', found, { once: true });
  });
}

let painted = false;
onRedraw((time) => {
  render(canvas, time);
  syncDom();
  if (!painted && state.view && state.size) {
    painted = true;
    performance.mark('board-painted');
    document.body.dataset.ready = '1';
  }
});

/** The Import/Export panel's code (www/pdn.js) is loaded when one of its buttons is first used
 * (or the panel opened), not before the first paint; a click waits for it. */
function bindPdn() {
  /** @type {Promise<typeof import('./pdn.js')> | null} */
  let loading = null;
  const pdn = () => (loading ??= import('./pdn.js'));
  $('pdn').addEventListener('toggle', () => void pdn().catch(() => {}));
  /** @param {string} id @param {string} event @param {(m: typeof import('./pdn.js')) => unknown} act */
  const on = (id, event, act) => $(id).addEventListener(event, () => {
    pdn().then(act).catch((e) => {
      $('pdn-message').textContent = t('lazyFailed', { problem: problemText(e) });
    });
  });
  on('pdn-download', 'click', (m) => m.actions.download());
  on('pdn-copy', 'click', (m) => m.actions.copy());
  on('pdn-import', 'click', (m) => m.actions.importBox());
  on('pdn-file', 'change', (m) => m.actions.importFile());
}

/** The analysis board's code (www/analysis.js) is loaded when "Analyse" is first used, or at once
 * when the game resumed has an analysis kept with it (a reload keeps it). */
function bindAnalysis() {
  const load = () => import('./analysis.js').catch((e) => {
    $('message').textContent = t('lazyFailed', { problem: problemText(e) });
    return null;
  });
  for (const b of document.querySelectorAll('[data-analyse]')) b.addEventListener('click', () => void load().then((m) => m?.open()));
  let kept = null;
  try {
    kept = localStorage.getItem('dame.analysis.v1');
  } catch {
    // no storage: nothing kept
  }
  if (kept) void load().then((m) => m?.restore());
}

/** The language the page will most likely be shown in (the URL's, else the remembered one, else
 * German), guessed before the wasm layer is there, so that its words load meanwhile.
 * @returns {import('#types/page').Lang} */
function likelyLang() {
  try {
    const lang = new URLSearchParams(location.search).get('lang') ?? JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}')?.lang;
    return lang === 'en' ? 'en' : 'de';
  } catch {
    return 'de';
  }
}
const words = loadLang(likelyLang());

async function boot() {
  const b = await bindings();
  await words;
  const url = readUrl(location.search, b);
  const stored = loadSettings(state.settings, b);
  const settings = { ...stored.settings, ...url.settings };
  await loadLang(settings.lang);
  setLang(settings.lang);
  const notes = [...storedNotes(stored.problems), ...url.errors.map((e) => t('badParam', e))];
  // The URL's position is checked here, so that its problem is told together with the others.
  let startFen = url.fen ? { rules: settings.rules, fen: url.fen } : null;
  if (startFen) {
    try {
      new b.WebGame(startFen.rules, startFen.fen).free();
    } catch (e) {
      notes.push(t('badFen', { problem: problemText(e, startFen.fen) }));
      startFen = null;
    }
  }
  update((s) => {
    s.bindings = b;
    s.presets = b.presets();
    s.levels = b.levels();
    s.settings = settings;
    s.startFen = startFen;
    if (notes.length) s.urlNote = notes.join(' ');
  });
  fillPanel();

  const frame = $('board-frame');
  new ResizeObserver(() => {
    const size = Math.floor(frame.clientWidth);
    if (size && size !== state.size) {
      resizeCanvas(canvas, size);
      update((s) => { s.size = size; });
    }
  }).observe(frame);
  matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener?.('change', () => {
    resizeCanvas(canvas, state.size);
    update();
  });

  // High contrast by default follows the system's choice, also when it changes.
  matchMedia('(prefers-contrast: more)').addEventListener?.('change', () => update());

  bindBoard(canvas);
  bindPanel();
  bindPdn();
  bindAssist();

  // The saved game goes on, unless the URL names a position (a shared link).
  listenTabs(onTabMessage);
  if (url.fen || !resumeSaved()) newGame('setup');
  bindAnalysis();
  // The computer's worker starts once the board is up, so that it does not delay the first paint.
  if (state.settings.opponent === 'computer') setTimeout(() => engine.startWorker(), 50);
}

/// Offline play: the service worker (sw.js at the repository root, copied to the site's root) is registered once the
/// page has loaded, so that it never competes with the first paint.
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const go = () => setTimeout(() => {
    navigator.serviceWorker.register(new URL('../sw.js', import.meta.url)).catch((e) => console.warn('service worker:', e));
  }, 300);
  if (document.readyState === 'complete') go();
  else addEventListener('load', go, { once: true });
}

// The setup form is never sent (its choices are read by the page); no inline handler under the CSP.
$('setup').addEventListener('submit', (e) => e.preventDefault());
window.dame = { state, engine };
registerServiceWorker();
boot().catch((e) => {
  console.error(e);
  $('message').textContent = String(e.message || e);
});
