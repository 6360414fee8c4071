// @ts-check
// Help during a game: the hint (the computer's choice for the player: the piece first, then the
// whole move), turns typed in the game's own notation, the explanation of a turn selected in the
// move list, the rule behind a refused move ("Why?") and the notation legend. Every rules
// question goes to the wasm layer; the longer words are in why.js, loaded when first needed.

import { state, update, say, currentGame, currentView, drawnView, requestRedraw } from './state.js';
import { t, reasonText, lastReason, problemText, clip, lang } from './i18n.js';
import { isHumanTurn, afterTurn, refresh, saveGame } from './turns.js';
import { animateTurn } from './anim.js';
import { clearSelection } from './selection.js';
import * as engine from './engine.js';

/** @import { View } from '#types/page' */
/** @import { PlayedTurn } from '#types/PlayedTurn' */
/** @import { TypedError } from '#types/bindings' */

/** The computer's level that finds hints: Stark, 9 plies or 0.25 s. */
const HINT_LEVEL = 4;

/** The element with this id. @param {string} id */
const el = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {typeof import('./why.js') | null} */
let words = null;
let loading = false;

/** The words of why.js, once loaded (asked for here; a redraw follows when they arrive). */
function why() {
  if (!words && !loading) {
    loading = true;
    import('./why.js').then((m) => {
      words = m;
      requestRedraw();
    }, () => { loading = false; });
  }
  return words;
}

export function bindAssist() {
  el('hint').addEventListener('click', () => { hint(); });
  el('typed').addEventListener('submit', (e) => {
    e.preventDefault();
    playTyped();
  });
}

/** May the player ask for a hint (or its second step) now? */
function canHint() {
  const v = state.view;
  const h = state.hint;
  if (!v || !isHumanTurn() || v.pendingHuff != null) return false;
  return !(h && h.fen === v.fen && (!h.turn || h.full));
}

/** First press: the computer looks for the player's turn and its piece is marked (one hint
 * counted in the game's record). Second press: the whole move is shown. */
export async function hint() {
  const v = state.view;
  const game = state.game;
  const bindings = state.bindings;
  if (!v || !game || !bindings || !canHint()) return;
  const shown = state.hint?.fen === v.fen ? state.hint : null;
  if (shown?.turn) {
    const move = shown.turn.text;
    update((s) => {
      if (s.hint) s.hint.full = true;
      say(s, t('hintMove', { move }), 'info');
    });
    return;
  }
  const fen = v.fen;
  const mine = state.epoch;
  game.countHint();
  saveGame();
  update((s) => { s.hint = { fen, turn: null, full: false }; });
  const current = () => mine === state.epoch && state.game === game && state.view?.fen === fen;
  /** @type {PlayedTurn | null} */
  let turn = null;
  /** @type {string | null} */
  let problem = null;
  try {
    const reply = await engine.think({ rules: game.rules(), start: game.startFen(), history: game.history(), level: HINT_LEVEL });
    if (current() && reply.text) {
      // The turn's squares, from a copy of the game (the wasm layer reads the notation).
      const copy = bindings.WebGame.fromRecord(game.record());
      try {
        turn = copy.playText(reply.text);
      } finally {
        copy.free();
      }
    }
  } catch (e) {
    problem = problemText(e);
  }
  const found = turn;
  const failed = problem;
  update((s) => {
    if (s.hint?.fen !== fen || s.hint.turn) return;
    s.hint = found && current() ? { fen, turn: found, full: false } : null;
    if (found && current()) say(s, t('hintPiece'), 'info');
    else if (failed && current()) say(s, t('hintFailed', { problem: failed }), 'error');
  });
}

/** Plays the turn typed in the field as the player's turn, or says why it is not played. */
async function playTyped() {
  const field = /** @type {HTMLInputElement} */ (el('typed-text'));
  const text = field.value.trim();
  if (!text || !state.game) return;
  if (!isHumanTurn()) {
    update((s) => say(s, t('typedWait'), 'warn'));
    return;
  }
  const before = currentView();
  /** @type {PlayedTurn} */
  let turn;
  try {
    turn = currentGame().playTyped(text);
  } catch (e) {
    const typed = /** @type {TypedError} */ (e).typed;
    update((s) => say(s, typed?.refusal
      ? reasonText(typed.refusal)
      : typed?.syntax ? t('typedSyntax', { text: clip(text), examples: examples(before) }) : problemText(e, text), 'error'));
    return;
  }
  field.value = '';
  const mine = state.epoch;
  // A huff made before typing is off the board already: only the move is shown.
  const shown = animateTurn(before.pendingHuff != null ? { ...turn, huff: null } : turn, before);
  update((s) => {
    clearSelection(s);
    s.huffMark = null;
    s.hint = null;
    s.lastMove = { path: turn.path, captured: turn.captured, huff: turn.huff };
    refresh(s);
  });
  await shown;
  if (mine !== state.epoch) return;
  afterTurn([]);
}

/** How the game's notation writes a move, a capture and (Blasen) a huff, from its square names.
 * @param {View} v */
function notation(v) {
  const n = (/** @type {number} */ sq) => v.labels[sq - 1] ?? String(sq);
  const algebraic = /^[a-h]/.test(n(22));
  const x = algebraic ? ':' : 'x';
  return {
    move: `${n(22)}-${n(18)}`,
    capture: `${n(22)}${x}${n(15)}${x}${n(6)}`,
    huff: v.huffing ? `h${n(26)} ${n(8)}-${n(11)}` : '',
    huffed: n(26),
    squares: t(algebraic ? 'legendAlgebraic' : n(22) === '22' ? 'legendNumbers' : 'legendAcf'),
  };
}

/** @param {View} v */
function examples(v) {
  const w = notation(v);
  return [w.move, w.capture, w.huff].filter(Boolean).join(', ');
}

/** Keeps the hint button, the typed field, the explanation, the rule behind a refusal, the
 * legend and the hints on the result card in step with the state (on every redraw). */
export function syncAssist() {
  const v = state.view;
  if (!v) return;
  const playing = state.phase === 'playing' || state.phase === 'over';
  el('assist').hidden = !playing;
  const button = /** @type {HTMLButtonElement} */ (el('hint'));
  button.disabled = !canHint();
  const searching = !!state.hint && state.hint.fen === v.fen && !state.hint.turn;
  button.setAttribute('aria-busy', String(searching));
  /** @type {HTMLInputElement} */ (el('typed-text')).disabled = state.phase !== 'playing' || !!state.elsewhere;
  const hints = state.game?.hints() ?? 0;
  const over = el('over-hints');
  over.hidden = !hints;
  over.textContent = hints ? t(hints === 1 ? 'hintsUsed1' : 'hintsUsed', { n: hints }) : '';
  syncLegend(v);
  syncWhyRule();
  syncWhyMove();
}

/** @param {View} v */
function syncLegend(v) {
  const legend = el('legend');
  const key = `${lang()} ${v.rules}`;
  if (legend.dataset.key === key) return;
  legend.dataset.key = key;
  const w = notation(v);
  legend.textContent = t('legend', {
    move: w.move,
    capture: w.capture,
    huff: w.huff ? t('legendHuff', { huff: w.huff, sq: w.huffed }) : '',
    squares: w.squares,
  });
}

/** "Why?": the rule behind the refusal the message tells. */
function syncWhyRule() {
  const p = el('why-rule');
  const m = state.message;
  const code = !state.past && m.kind === 'error' && m.text && m.text === lastReason.text ? lastReason.code : '';
  const w = code ? why() : null;
  const text = w ? `${t('why')} ${w.ruleText(code, lang())}` : '';
  p.hidden = !text;
  if (p.textContent !== text) p.textContent = text;
}

/** The turn selected in the move list (or stepped to), explained. */
function syncWhyMove() {
  const p = el('why-move');
  const drawn = drawnView();
  const game = state.game;
  const ply = state.past?.ply ?? drawn?.plies ?? 0;
  const asked = !!drawn && !!game && ply > 0 && state.explained === drawn.fen;
  const key = asked && drawn ? `${lang()} ${ply} ${drawn.fen}` : '';
  if (p.dataset.key === key) return;
  const w = key ? why() : null;
  if (key && !w) return; // shown once why.js has loaded
  const explanation = w && game ? game.explain(ply) : null;
  p.dataset.key = key;
  p.dataset.ply = explanation ? String(ply) : '';
  p.textContent = w && explanation ? w.explainText(explanation, lang()) : '';
  p.hidden = !explanation;
}
