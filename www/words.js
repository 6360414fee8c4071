// @ts-check
// Turns and positions in plain words, for the messages and the screen reader's live region:
// pieces named by the squares they stand on (the game's own square names, view.labels), never in
// notation. The words themselves are in i18n.js (the keys starting with "w").

import { state, update } from './state.js';
import { t, squareName, sideName } from './i18n.js';
import { between } from './board.js';

/** @import { PlayedTurn } from '#types/PlayedTurn' */
/** @import { State, Color } from '#types/page' */

/** Who played a turn: the player ('you'), the computer, or a side when two people play.
 * @typedef {'you' | 'computer' | Color} Who */

/** "18", "18 und 11", "18, 11 und 4". @param {number[]} squares */
export function squareList(squares) {
  const names = squares.map(squareName);
  return names.length < 2 ? names.join('') : names.slice(0, -1).join(', ') + t('wAnd') + names[names.length - 1];
}

/** "einen Stein", "zwei Steine", "13 Steine". @param {number} n */
function count(n) {
  if (n === 1) return t('wOne');
  return t('wMany', { n: t('wNumbers').split(',')[n - 2] ?? String(n) });
}

/** Who played `turn`, from the player's side (the computer's turns are the computer's).
 * @param {Color} color @returns {Who} */
export function whoPlayed(color) {
  if (state.settings.opponent === 'human') return color;
  return color === state.settings.color ? 'you' : 'computer';
}

/**
 * A turn in plain words: "Du ziehst von 22 nach 18.", "Der Computer hat deinen Stein auf 26
 * geblasen – er hätte schlagen müssen – und zieht von 8 nach 11.", "Rot zieht von 27 über 18
 * nach 11 und schlägt zwei Steine (auf 23 und 14). Der Stein auf 11 wird zur Dame."
 * @param {PlayedTurn} turn @param {Who} who
 */
export function turnWords(turn, who) {
  const you = who === 'you';
  const subject = you ? t('wYou') : who === 'computer' ? t('wComputer') : sideName(who);
  const path = turn.path;
  let move = '';
  if (path.length > 1) {
    const via = path.slice(1, -1);
    move = t(you ? 'wMove2' : 'wMove3', {
      from: squareName(path[0]),
      via: via.length ? t('wVia', { list: squareList(via) }) : '',
      to: squareName(path[path.length - 1]),
    });
    if (turn.captured.length) {
      // The captured pieces in the order they were jumped.
      const jump = (/** @type {number} */ sq) => path.findIndex((a, i) => i + 1 < path.length && between(a, path[i + 1]).includes(sq));
      const taken = [...turn.captured].sort((a, b) => jump(a) - jump(b));
      move += t('wAnd') + t(you ? 'wTake2' : 'wTake3', { count: count(taken.length), list: squareList(taken) });
    }
  }
  let text = subject + ' ';
  if (turn.huff != null) {
    const key = you ? 'wHuff2' : who === 'computer' ? 'wHuffYours' : 'wHuff3';
    text += t(key, { sq: squareName(turn.huff) }) + (move ? t('wThen') + move : '');
  } else {
    text += move;
  }
  text += '.';
  if (turn.crowns && path.length) text += ' ' + t('wCrown', { sq: squareName(path[path.length - 1]) });
  return text;
}

/** A turn of the move list in plain words, read off its text in the game's own notation
 * (docs/rules.md §7): "von 22 nach 18", "bläst 26, von 8 nach 11", "schlägt von 22 über 13 nach
 * 6". Only the text is read: the squares keep the names the list shows. @param {string} text */
export function moveWords(text) {
  const huff = text.match(/^h(\S+)(?:\s+|$)/);
  const rest = huff ? text.slice(huff[0].length) : text;
  const parts = huff ? [t('lHuff', { sq: huff[1] })] : [];
  if (rest) {
    const squares = rest.split(/[-x:]/);
    const via = squares.slice(1, -1);
    parts.push(t(/[x:]/.test(rest) ? 'lCapture' : 'lMove', {
      from: squares[0],
      to: squares[squares.length - 1],
      via: via.length ? t('wVia', { list: via.join(', ') }) : '',
    }));
  }
  return parts.join(', ');
}

/** The squares a turn's words name (to be marked on the board while they are shown).
 * @param {PlayedTurn} turn */
export function turnSquares(turn) {
  return [...turn.path, ...turn.captured, ...(turn.huff != null ? [turn.huff] : [])];
}

/** What the side to move is told at the start of its turn, for the live region: whose turn it
 * is, the pieces under capture obligation and the pieces it may huff, by their squares. */
export function turnStartWords() {
  const v = state.view;
  if (!v) return '';
  const human = state.settings.opponent === 'human' ? null : state.settings.color;
  const out = [t(human && v.side === human ? 'youToMove' : 'toMove', { side: sideName(v.side) }) + '.'];
  if (v.huffable.length) out.push(t('wHuffable', { list: squareList(v.huffable) }));
  else if (v.obligated.length) out.push(t('wObliged', { list: squareList(v.obligated) }));
  return out.join(' ');
}

/** Tells the screen reader `text` through the live region #announce (inside update()); the
 * same words again are told again. @param {State} s @param {string} text */
export function tell(s, text) {
  if (text) s.announce = { text, n: s.announce.n + 1 };
}

/** Tells the screen reader `text` (outside update()). @param {string} text */
export function announce(text) {
  update((s) => tell(s, text));
}
