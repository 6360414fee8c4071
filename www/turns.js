// @ts-check
// The turn order: the player's route or huff goes to the wasm layer, which plays it or says why
// not; after each turn, whose turn it is now and what they are told; the computer's turns; the
// end. It never decides a rule itself.

import { state, update, say, currentGame, currentView } from './state.js';
import { animateTurn, animateBack, blocking } from './anim.js';
import { clearSelection, continueCapture, heldAt } from './selection.js';
import { computerMove } from './computer.js';
import { t, reasonText, problemText, squareName, outcomeText } from './i18n.js';
import { turnWords, whoPlayed, turnSquares, turnStartWords, tell } from './words.js';
import { writeSaved, snapshot, tellTabs } from './saved.js';

/** @import { State, Point, Color, Selection } from '#types/page' */
/** @import { PlayedTurn } from '#types/PlayedTurn' */
/** @import { SoundName } from './sound.js' */

/** Plays a sound when the player has switched sound on (sound.js is loaded then only).
 * @param {SoundName} name */
function sound(name) {
  if (state.settings.sound) import('./sound.js').then((m) => m.playSound(name)).catch(() => {});
}

/** The human's colour against the computer; null when two people play. @returns {Color | null} */
export function humanColor() {
  return state.settings.opponent === 'human' ? null : state.settings.color;
}

/** May the player move now (a game is on, nothing is being shown, the board shows the game and
 * not an earlier position, no other tab has the game, it is their side's turn)? */
export function isHumanTurn() {
  const v = state.view;
  return (
    state.phase === 'playing' && !state.thinking && !blocking() && !!v && !v.outcome && !state.past && !state.elsewhere &&
    (state.tutorial ? state.tutorial.open : state.settings.opponent === 'human' || v.side === state.settings.color)
  );
}

/** Reads the position from the game again (inside update()). @param {State} s */
export function refresh(s) {
  s.view = currentGame().view();
}

/**
 * Plays the route the player pointed at: `committed` (the start and the squares landed on so
 * far), the squares dragged `via`, the `target` square; `stop` ends a capture where it stands.
 * `dropped`: the piece was dropped there (a drag), so it is not animated; `at`: where it was
 * dropped, to slide it back from if the route is refused.
 * @param {number[]} committed @param {number[]} via @param {number} target @param {boolean} stop
 * @param {{ dropped: boolean, at?: Point }} how
 */
export async function playRoute(committed, via, target, stop, how) {
  let answer;
  try {
    answer = currentGame().route(committed, via, target, stop);
  } catch (e) {
    update((s) => say(s, problemText(e), 'error'));
    return;
  }
  const sel = state.selected;
  if (answer.status === 'played') {
    const turn = answer.turn;
    const before = currentView();
    update((s) => {
      clearSelection(s);
      s.huffMark = null;
    });
    const said = [turnWords(turn, whoPlayed(turn.color))];
    if (how.dropped) {
      finishTurn(turn, [], said);
      return;
    }
    // Show the rest of the route from where the piece stands now. The animation is only drawn
    // (from the position before): the state, data-fen and aria-label have the move at once.
    const shownFrom = committed[committed.length - 1];
    const k = turn.path.indexOf(shownFrom);
    const captured = sel?.captured ?? [];
    const base = {
      ...before,
      pieces: before.pieces
        .filter((q) => !captured.includes(q.sq))
        .map((q) => (q.sq === turn.path[0] ? { ...q, sq: shownFrom } : q)),
    };
    const mine = state.epoch;
    const shown = animateTurn({ ...turn, huff: null, path: turn.path.slice(Math.max(0, k)) }, base);
    recordTurn(turn);
    await shown;
    if (mine !== state.epoch) return;
    afterTurn([], said);
    return;
  }
  if (answer.status === 'partial') {
    continueCapture(answer.path, answer.captured, answer.canStop);
    return;
  }
  const refusal = answer.refusal;
  const mid = committed.length > 1;
  update((s) => {
    say(s, reasonText(refusal, sel?.from), 'error');
    if (!mid) {
      s.selected = null;
      if (refusal.code !== 'mustCapture') s.required = [];
    }
  });
  if (how.dropped && how.at && sel) slideBack(sel, how.at);
}

/** Slides the held piece back to where it stands from the point it was dropped at.
 * @param {Selection} sel @param {Point} at */
export async function slideBack(sel, at) {
  const piece = currentView().pieces.find((p) => p.sq === sel.from);
  if (!piece) return;
  await animateBack(piece, heldAt(sel), at);
}

/** Huffs the opponent's piece on `sq` (Blasen): it fades out, and the player moves next unless
 * that ended the game. @param {number} sq */
export async function huff(sq) {
  const before = currentView();
  let ended;
  try {
    ended = currentGame().huff(sq);
  } catch (e) {
    update((s) => say(s, problemText(e), 'error'));
    return;
  }
  update((s) => {
    clearSelection(s);
    s.huffMark = null;
  });
  if (!ended) sound('capture');
  await animateTurn({ huff: sq, path: [], captured: [] }, before);
  if (ended) {
    finishTurn(ended, [], [turnWords(ended, whoPlayed(ended.color))]);
    return;
  }
  update((s) => {
    refresh(s);
    say(s, t('huffed', { sq: squareName(sq) }), 'info', [sq]);
    s.prompt = { ...s.message };
  });
  saveGame();
}

/** Saves the game in progress (unless another tab has it) and tells the other tabs. */
export function saveGame() {
  const id = state.gameId;
  if (state.elsewhere || !id) return;
  const text = savedText();
  if (text && writeSaved(text)) tellTabs('saved', id, text);
}

/** The game in progress as saved, or null when there is none. */
export function savedText() {
  const game = state.game;
  const id = state.gameId;
  if (!game || !id || (state.phase !== 'playing' && state.phase !== 'over')) return null;
  return JSON.stringify(snapshot(game, id, state.settings));
}

/** @param {PlayedTurn} turn */
function recordTurn(turn) {
  sound(turn.crowns ? 'crown' : turn.captured.length || turn.huff ? 'capture' : 'move');
  update((s) => {
    s.lastMove = { path: turn.path, captured: turn.captured, huff: turn.huff };
    refresh(s);
  });
}

/** @param {PlayedTurn} turn @param {string[]} notes @param {string[]} [said] */
function finishTurn(turn, notes, said = []) {
  recordTurn(turn);
  afterTurn(notes, said, notes.length ? turnSquares(turn) : []);
}

/** Whose turn is it now, and what should they be told? The computer plays if it is its turn.
 * @param {string[]} [notes] what to say first (the computer's move, say)
 * @param {string[]} [said] what only the screen reader is told first (the player's own move)
 * @param {number[]} [marks] the squares the notes name, marked on the board while they stand */
export function afterTurn(notes = [], said = [], marks = []) {
  // The tutorial judges the turn and scripts the opponent: nothing is saved, the computer waits.
  if (state.tutorial) {
    if (said.length) update((s) => tell(s, said.join(' ')));
    return state.tutorial.after(notes);
  }
  const v = currentView();
  if (state.elsewhere) return;
  saveGame();
  if (v.outcome) {
    const o = outcomeText(v.outcome, humanColor());
    if (state.phase !== 'over') sound('end');
    update((s) => {
      s.phase = 'over';
      say(s, notes.join(' '), 'info', marks);
      tell(s, [...said, ...notes, o.title.replace(/[^.!?]$/, '$&.'), o.why].join(' '));
    });
    return;
  }
  if (state.settings.opponent === 'computer' && v.side !== state.settings.color) {
    if (said.length) update((s) => tell(s, said.join(' ')));
    computerTurn(notes);
    return;
  }
  const parts = [...notes];
  if (v.huffable.length) parts.push(t(v.movable.length ? 'huffPrompt' : 'huffPromptOnly'));
  else if (v.obligated.length) parts.push(t(v.huffing ? 'shouldCaptureNow' : 'mustCaptureNow'));
  else if (!notes.length) parts.push(t('yourTurnMove'));
  const kind = v.huffable.length ? 'huff' : v.obligated.length ? 'warn' : 'info';
  update((s) => {
    say(s, parts.join(' '), kind, marks);
    tell(s, [...said, ...parts, turnStartWords()].join(' '));
    s.prompt = { ...s.message };
  });
}

/** @param {string[]} notes */
async function computerTurn(notes) {
  const answer = await computerMove(notes);
  if (!answer) return;
  if (answer.turn) {
    finishTurn(answer.turn, answer.notes);
  } else {
    update(refresh);
    afterTurn();
  }
}
