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
import { t, setLang } from './i18n.js';
import { loadSettings, readUrl } from './settings.js';

/** @import { Bindings } from '#types/page' */

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

async function boot() {
  const b = await bindings();
  const url = readUrl(location.search, b);
  const settings = { ...loadSettings(state.settings), ...url.settings };
  setLang(settings.lang);
  update((s) => {
    s.bindings = b;
    s.presets = b.presets();
    s.levels = b.levels();
    s.settings = settings;
    if (url.fen) s.startFen = { rules: settings.rules, fen: url.fen };
    if (url.errors.length) s.urlNote = url.errors.map((e) => t('badParam', e)).join(' ');
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

  bindBoard(canvas);
  bindPanel();

  // The saved game goes on, unless the URL names a position (a shared link).
  listenTabs(onTabMessage);
  if (url.fen || !resumeSaved()) newGame('setup');
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

window.dame = { state, engine };
registerServiceWorker();
boot().catch((e) => {
  console.error(e);
  $('message').textContent = String(e.message || e);
});
