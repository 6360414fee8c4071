// @ts-check
// The page's DOM events, bound to what they mean. On the board: pointer down on the canvas,
// move/up/cancel on the document (so a drag that leaves the board still ends cleanly), for mouse,
// pen and touch alike, in CSS pixels of the board; Escape puts a held piece down. In the panel:
// the choices, Play, New game, Undo, Redo, Resign (both asked first), Share, the move list and
// the language, flipping the board, sound and high contrast. On the page: ←/→, Home/End step
// through the game (not while typing in a field).

import { state, update, say } from './state.js';
import * as drag from './drag.js';
import { putDown } from './selection.js';
import { afterTurn, isHumanTurn } from './turns.js';
import { newGame, undo, redo, askResign, askNewGame, askPlayFrom, answer, takeOver, beforePlay } from './game.js';
import { look, step, backToGame, closeOver, sharePosition } from './nav.js';
import { $, readPanel, fillPanel, showBoard } from './dom.js';
import { setLang, loadLang, langSwitched, lang, t, problemText } from './i18n.js';
import { saveSettings } from './settings.js';

/** @import { Point } from '#types/page' */

/** @param {HTMLCanvasElement} canvas */
export function bindBoard(canvas) {
  /** @param {PointerEvent} e @returns {Point} */
  const point = (e) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || !e.isPrimary) return;
    e.preventDefault();
    /** @param {PointerEvent} ev */
    const move = (ev) => {
      if (ev.pointerId === e.pointerId) drag.move(point(ev));
    };
    /** @param {PointerEvent} ev */
    const up = (ev) => {
      if (ev.pointerId !== e.pointerId) return;
      cleanup();
      drag.release(point(ev));
    };
    /** @param {PointerEvent} ev */
    const cancel = (ev) => {
      if (ev.pointerId !== e.pointerId) return;
      cleanup();
      drag.cancel();
    };
    function cleanup() {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('pointercancel', cancel);
    }
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
    document.addEventListener('pointercancel', cancel);
    drag.press(point(e));
  });
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  // Keyboard play (keys.js) is loaded when the board first takes the focus.
  canvas.addEventListener('focus', () => { import('./keys.js').then((keys) => keys.bindKeys(canvas)); }, { once: true });
  addEventListener('keydown', onKey);
}

/** Keys on the page: Escape closes the result card or returns to the game (and puts a held piece
 * down); the arrows, Home and End step through the game. @param {KeyboardEvent} e */
function onKey(e) {
  if (state.confirm || e.defaultPrevented) return; // the dialog has the keys
  if (e.key === 'Escape') {
    if (state.phase === 'over' && !state.overClosed && !state.past) closeOver();
    else if (state.past) backToGame();
    putDown();
    return;
  }
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const target = e.target;
  if (target instanceof HTMLElement && (target.isContentEditable || target.closest('input, select, textarea'))) return;
  if (state.phase !== 'playing' && state.phase !== 'over') return;
  if (e.key === 'ArrowLeft') step(-1);
  else if (e.key === 'ArrowRight') step(1);
  else if (e.key === 'Home') look(0);
  else if (e.key === 'End') backToGame();
  else return;
  e.preventDefault();
}

/** Takes the panel's choices into the state and remembers them. */
function choose() {
  update((s) => { s.settings = readPanel(s.settings); });
  saveSettings(state.settings);
}

/** A game begun from the keyboard goes on there: the board takes the focus, the cursor on a
 * piece to move (keys.js). */
function focusBoard() {
  update((s) => { s.cursor = null; });
  $('board').focus();
}

export function bindPanel() {
  for (const id of ['rules', 'level', 'opponent', 'numbers']) {
    $(id).addEventListener('change', () => {
      choose();
      if (id === 'rules' && state.phase === 'setup') newGame('setup');
    });
  }
  for (const radio of document.querySelectorAll('input[name=color]')) {
    radio.addEventListener('change', () => {
      choose();
      update((s) => { s.orientation = s.settings.color; });
    });
  }
  // Started from the keyboard (a click with no pointer: detail 0), the game goes on there: the
  // board takes the focus.
  $('play').addEventListener('click', (e) => {
    choose();
    newGame('playing');
    showBoard();
    if (e.detail === 0) focusBoard();
  });
  $('again').addEventListener('click', (e) => {
    newGame('playing');
    if (e.detail === 0) focusBoard();
  });
  $('flip').addEventListener('click', flip);
  $('sound').addEventListener('change', (e) => {
    const on = e.target instanceof HTMLInputElement && e.target.checked;
    remember({ sound: on });
    // Audio may start only on a click: the context is made now, and a sound says it is on.
    if (on) import('./sound.js').then((m) => { m.unlock(); m.playSound('move'); }).catch(() => {});
  });
  $('contrast').addEventListener('change', (e) => {
    remember({ contrast: e.target instanceof HTMLInputElement && e.target.checked ? 'on' : 'off' });
  });
  $('over-close').addEventListener('click', closeOver);
  $('new').addEventListener('click', askNewGame);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('resign').addEventListener('click', askResign);
  $('share').addEventListener('click', () => { sharePosition(); });
  $('share-link').addEventListener('focus', (e) => { if (e.target instanceof HTMLInputElement) e.target.select(); });
  $('past-back').addEventListener('click', backToGame);
  $('play-from').addEventListener('click', askPlayFrom);
  $('take-over').addEventListener('click', takeOver);
  $('moves').addEventListener('click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button[data-ply]') : null;
    if (b instanceof HTMLElement) look(Number(b.dataset.ply));
  });
  const dialog = $('confirm', HTMLDialogElement);
  $('confirm-yes').addEventListener('click', () => answer(true));
  $('confirm-no').addEventListener('click', () => answer(false));
  // Escape (or the browser) closing the dialog is a "no".
  dialog.addEventListener('close', () => { if (state.confirm) answer(false); });
  $('lang').addEventListener('click', () => void switchLang());
  // The other language's words start loading when the pointer or the focus comes to the link.
  for (const event of ['pointerenter', 'focus']) $('lang').addEventListener(event, () => void loadLang(lang() === 'de' ? 'en' : 'de').catch(() => {}));
  // The tutorial, the puzzles and the rules: their modules are loaded when first opened.
  for (const b of document.querySelectorAll('[data-open]')) {
    b.addEventListener('click', () => {
      const what = b instanceof HTMLElement ? b.dataset.open : '';
      const load = what === 'tutorial' ? import('./tutorial.js') : what === 'puzzles' ? import('./puzzles.js') : import('./manual.js');
      Promise.all([learnStyles(), load]).then(([, m]) => m.open()).catch((e) => update((s) => say(s, t('lazyFailed', { problem: problemText(e) }), 'error')));
    });
  }
}

/** The tutorial's and the rules dialog's styles (www/learn.css), added when one is first opened.
 * @type {Promise<void> | null} */
let learnCss = null;
function learnStyles() {
  return (learnCss ??= new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL('learn.css', import.meta.url).href;
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => {
      learnCss = null;
      link.remove();
      reject(new Error('learn.css'));
    });
    document.head.append(link);
  }));
}

/** Takes one choice of the board options into the settings and remembers it.
 * @param {Partial<import('#types/page').Settings>} choice */
function remember(choice) {
  update((s) => { s.settings = { ...s.settings, ...choice }; });
  saveSettings(state.settings);
}

/** Turns the board round (at any time; a piece being dragged is put back first). */
function flip() {
  update((s) => {
    s.orientation = s.orientation === 'red' ? 'black' : 'red';
    s.drag = null;
  });
}

/** German ⇄ English: the panel and the message in the other language. */
async function switchLang() {
  const next = lang() === 'de' ? 'en' : 'de';
  try {
    await loadLang(next);
  } catch (e) {
    update((s) => say(s, t('lazyFailed', { problem: problemText(e) }), 'error'));
    return;
  }
  if (lang() === next) return;
  setLang(next);
  update((s) => { s.settings = { ...s.settings, lang: next }; });
  saveSettings(state.settings);
  fillPanel();
  // The import panel's last word was in the other language: it goes, as the message does.
  $('pdn-message').textContent = '';
  update((s) => {
    // The live region's last words were in the other language too: they go.
    s.announce = { text: '', n: s.announce.n + 1 };
    if (s.phase === 'setup') s.message = { text: beforePlay(), kind: 'info' };
    else if (s.message.text) s.message = { text: '', kind: 'info' };
  });
  if (state.phase === 'playing' && isHumanTurn()) afterTurn();
  langSwitched();
}
