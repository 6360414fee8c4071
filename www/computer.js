// @ts-check
// The computer's side of the turn order: asks the worker (engine.js) for a turn, plays it in the
// game and shows it. Each game (and each undo) is an epoch of its own: an answer that arrives
// for an older epoch is dropped, and a search still running is cancelled.

import { state, update, say, currentGame, currentView } from './state.js';
import { animateTurn } from './anim.js';
import { t, problemText } from './i18n.js';
import * as engine from './engine.js';
import { turnWords, whoPlayed } from './words.js';

/** @import { PlayedTurn } from '#types/PlayedTurn' */

/** Stops whatever the computer is doing for the game so far: a new game, an undo, a resignation. */
export function stopComputer() {
  if (state.thinking) engine.cancel();
  update((s) => {
    s.epoch++;
    s.thinking = false;
  });
}

/** The computer plays one turn, with `notes` shown meanwhile. Resolves when it has been played
 * and shown, with the turn (null if the computer had none to play) and what to tell the player;
 * or with null if nothing more is to happen (the game moved on, or the computer failed).
 * @param {string[]} notes @returns {Promise<{ turn: PlayedTurn | null, notes: string[] } | null>} */
export async function computerMove(notes) {
  const mine = state.epoch;
  const game = currentGame();
  update((s) => {
    s.thinking = true;
    say(s, notes.join(' '), 'info');
  });
  let reply;
  try {
    reply = await engine.think({
      rules: game.rules(),
      start: game.startFen(),
      history: game.history(),
      level: state.settings.level,
    });
  } catch (e) {
    if (mine !== state.epoch) return null;
    update((s) => {
      s.thinking = false;
      say(s, t('computerError', { problem: problemText(e) }), 'error');
    });
    return null;
  }
  if (mine !== state.epoch) return null;
  update((s) => {
    s.thinking = false;
    s.lastSearch = reply;
  });
  const text = reply.text;
  if (!text) return { turn: null, notes: [] };
  const before = currentView();
  let turn;
  try {
    turn = game.playText(text);
  } catch (e) {
    update((s) => say(s, t('computerError', { problem: problemText(e) }), 'error'));
    return null;
  }
  await animateTurn(turn, before);
  if (mine !== state.epoch) return null;
  const huffed = turn.huff;
  if (huffed != null) {
    const piece = before.pieces.find((p) => p.sq === huffed);
    if (piece) update((s) => { s.huffMark = { sq: huffed, piece }; });
  }
  return { turn, notes: [turnWords(turn, whoPlayed(turn.color))] };
}
