// Starts the page: waits for the wasm layer, reads remembered choices and the URL, builds the
// panel, and keeps the DOM (status, message, move list, data-fen, aria-label) in step with the
// state on every redraw.

import { state, update, onRedraw } from './state.js';
import { render, resizeCanvas } from './render.js';
import { attachPointer } from './drag.js';
import * as events from './events.js';
import * as engine from './engine.js';
import { t, setLang, lang, applyStatic, sideName, outcomeText } from './i18n.js';
import { loadSettings, saveSettings, readUrl } from './settings.js';

const $ = (id) => document.getElementById(id);
const canvas = $('board');

/// The wasm module's exports, once Trunk's loader has initialised it.
function bindings() {
  if (window.wasmBindings) return Promise.resolve(window.wasmBindings);
  return new Promise((resolve) => {
    addEventListener('TrunkApplicationStarted', () => resolve(window.wasmBindings), { once: true });
  });
}

function newGame(phase) {
  if (state.thinking) engine.cancel();
  events.bumpEpoch();
  const { WebGame } = state.bindings;
  const s = state.settings;
  if (state.game) state.game.free();
  state.game = null;
  const url = state.startFen;
  if (url && url.rules === s.rules) {
    try {
      state.game = new WebGame(s.rules, url.fen);
    } catch (e) {
      state.startFen = null;
      state.urlNote = t('badFen', { problem: e.message });
    }
  }
  if (!state.game) state.game = new WebGame(s.rules, undefined);
  update((st) => {
    st.phase = phase;
    st.selected = null;
    st.required = [];
    st.lastMove = null;
    st.huffMark = null;
    st.anim = null;
    st.prompt = null;
    st.orientation = s.opponent === 'human' ? 'red' : s.color;
    events.refresh();
    st.message = { text: state.urlNote || (phase === 'setup' ? beforePlay() : ''), kind: state.urlNote ? 'error' : 'info' };
    state.urlNote = null;
  });
  if (phase === 'playing') {
    engine.newGame();
    events.afterTurn();
  }
}

/// The hint before Play: Red begins, unless a position from the URL has Black to move.
function beforePlay() {
  return state.view?.side === 'black' ? t('beforePlayFen', { side: sideName('black') }) : t('beforePlay');
}

function readPanel() {
  const s = state.settings;
  s.rules = $('rules').value;
  s.level = Number($('level').value);
  s.opponent = $('opponent').value;
  s.color = document.querySelector('input[name=color]:checked').value;
  s.numbers = $('numbers').checked;
}

function fillPanel() {
  const s = state.settings;
  const name = (item) => (lang() === 'de' ? item.nameDe : item.nameEn);
  $('rules').replaceChildren(...state.presets.map((p) => new Option(name(p), p.id, false, p.id === s.rules)));
  $('level').replaceChildren(...state.levels.map((l) => new Option(`${l.number} – ${name(l)}`, l.number, false, l.number === s.level)));
  $('opponent').value = s.opponent;
  for (const radio of document.querySelectorAll('input[name=color]')) radio.checked = radio.value === s.color;
  $('numbers').checked = s.numbers;
  applyStatic();
  $('lang').textContent = t('langSwitch');
  $('lang').lang = lang() === 'de' ? 'en' : 'de';
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function describe(view) {
  const part = (color) => {
    const men = view.pieces.filter((p) => p.color === color && !p.king).map((p) => p.sq);
    const kings = view.pieces.filter((p) => p.color === color && p.king).map((p) => p.sq);
    const out = [];
    if (men.length) out.push(t('ariaMen', { list: men.join(', ') }));
    if (kings.length) out.push(t('ariaKings', { list: kings.join(', ') }));
    return out.length ? out.join('; ') : t('ariaNone');
  };
  const turn = view.outcome ? t('ariaOver', { text: outcomeText(view.outcome, events.humanColor()).title }) : t('toMove', { side: sideName(view.side) });
  return t('aria', { turn, red: part('red'), black: part('black') });
}

function syncDom() {
  const v = state.view;
  if (!v) return;
  canvas.dataset.fen = v.fen;
  canvas.dataset.phase = state.phase;
  canvas.dataset.busy = state.thinking || state.anim ? '1' : '0';
  canvas.dataset.selected = state.selected ? String(state.selected.committed[state.selected.committed.length - 1]) : '';
  canvas.setAttribute('aria-label', describe(v));
  const human = events.humanColor();
  let turn = '';
  if (state.phase === 'playing') {
    if (!human) turn = t('toMove', { side: sideName(v.side) });
    else turn = t(v.side === human ? 'youToMove' : 'computerToMove', { side: sideName(v.side) });
  }
  setText($('turn'), turn);
  $('thinking').hidden = !state.thinking;
  setText($('message'), state.message.text);
  $('message').className = 'msg-' + state.message.kind;
  const over = state.phase === 'over' && v.outcome && !state.anim;
  $('over').hidden = !over;
  if (over) {
    const o = outcomeText(v.outcome, human);
    setText($('over-title'), o.title);
    setText($('over-text'), o.why);
  }
  $('setup').hidden = state.phase !== 'setup';
  $('controls').hidden = state.phase === 'setup';
  // Undo works while the computer thinks (its search is dropped); a pending huff can be taken back.
  $('undo').disabled = !!state.anim || (v.plies === 0 && v.pendingHuff == null);
  $('resign').disabled = state.phase !== 'playing' || state.thinking;
  $('level-row').hidden = $('opponent').value === 'human';
  $('color-row').hidden = $('opponent').value === 'human';
  setText($('rules-note'), t('note_' + v.rules));
  const moves = v.history;
  const key = moves.join(' ');
  if ($('moves').dataset.key !== key) {
    $('moves').dataset.key = key;
    const first = state.game.startFen().startsWith('B') ? 1 : 0;
    const items = [];
    const plies = first ? ['…', ...moves] : moves;
    for (let i = 0; i < plies.length; i += 2) {
      const li = document.createElement('li');
      li.textContent = plies.slice(i, i + 2).join('  ');
      items.push(li);
    }
    $('moves').replaceChildren(...items);
    $('moves').scrollTop = $('moves').scrollHeight;
  }
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

function undo() {
  if (!state.game || state.anim) return;
  if (state.thinking) engine.cancel();
  events.bumpEpoch();
  const human = events.humanColor();
  let undone = state.game.undo();
  if (human) {
    while (undone && state.game.side() !== human && state.game.history().length > 0) undone = state.game.undo();
  }
  update((s) => {
    s.phase = 'playing';
    s.selected = null;
    s.required = [];
    s.lastMove = null;
    s.huffMark = null;
    events.refresh();
  });
  events.afterTurn();
}

async function boot() {
  const b = await bindings();
  state.bindings = b;
  state.presets = b.presets();
  state.levels = b.levels();
  const url = readUrl(location.search, b, state.presets);
  state.settings = { ...loadSettings(state.settings), ...url.settings };
  if (url.fen) state.startFen = { rules: state.settings.rules, fen: url.fen };
  setLang(state.settings.lang);
  if (url.errors.length) state.urlNote = url.errors.map((e) => t('badParam', e)).join(' ');
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

  attachPointer(canvas, { down: events.down, move: events.move, up: events.up, cancel: events.cancel });
  addEventListener('keydown', (e) => {
    if (e.key === 'Escape') events.escape();
  });

  for (const id of ['rules', 'level', 'opponent', 'numbers']) {
    $(id).addEventListener('change', () => {
      readPanel();
      saveSettings(state.settings);
      if (id === 'rules' && state.phase === 'setup') newGame('setup');
      update();
    });
  }
  for (const radio of document.querySelectorAll('input[name=color]')) {
    radio.addEventListener('change', () => {
      readPanel();
      saveSettings(state.settings);
      update((s) => { s.orientation = s.settings.color; });
    });
  }
  $('play').addEventListener('click', () => {
    readPanel();
    saveSettings(state.settings);
    newGame('playing');
  });
  $('again').addEventListener('click', () => newGame('playing'));
  $('new').addEventListener('click', () => newGame('setup'));
  $('undo').addEventListener('click', undo);
  $('resign').addEventListener('click', () => {
    const side = events.humanColor() ?? state.view.side;
    events.bumpEpoch();
    state.game.resign(side);
    update(events.refresh);
    events.afterTurn();
  });
  $('lang').addEventListener('click', () => {
    state.settings.lang = lang() === 'de' ? 'en' : 'de';
    setLang(state.settings.lang);
    saveSettings(state.settings);
    fillPanel();
    update((s) => {
      if (s.phase === 'setup') s.message = { text: beforePlay(), kind: 'info' };
      else if (s.message.text) s.message = { text: '', kind: 'info' };
    });
    if (state.phase === 'playing' && events.isHumanTurn()) events.afterTurn();
  });

  newGame('setup');
  // The computer's worker starts once the board is up, so that it does not delay the first paint.
  if (state.settings.opponent === 'computer') setTimeout(() => engine.startWorker(), 50);
}

/// Offline play: the service worker (www/sw.js, copied to the site's root) is registered once the
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
