// @ts-check
// Help during a game, the part loaded on first use (by assist.js, so that it does not weigh on
// the first paint): the hint (the computer's choice for the player: the piece first, then the
// whole move), turns typed in the game's own notation, the rule behind each refusal code (one
// sentence each, from docs/rules.md) and a played turn (WebGame.explain) in plain words citing
// the rules. Every rules question goes to the wasm layer. German and English.

import { state, update, say, currentGame, currentView, drawnView } from './state.js';
import { sideName, squareName, reasonText, lastReason, problemText, clip, lang } from './i18n.js';
import { isHumanTurn, afterTurn, refresh, saveGame } from './turns.js';
import { animateTurn } from './anim.js';
import { clearSelection } from './selection.js';
import { canHint, notation } from './assist.js';
import * as engine from './engine.js';
import { turnWords, turnSquares } from './words.js';

/** @import { Lang } from '#types/page' */
/** @import { PlayedTurn } from '#types/PlayedTurn' */
/** @import { Refusal } from '#types/Refusal' */
/** @import { Explanation } from '#types/Explanation' */
/** @import { RefusalCode } from '#types/RefusalCode' */
/** @import { HuffReason } from '#types/HuffReason' */

/** @typedef {Record<RefusalCode, string>} Rules */

/** @type {Record<Lang, Rules>} */
const RULES = {
  de: {
    gameOver: 'Ist die Partie entschieden, wird nicht mehr gezogen (§5).',
    noHuffing: 'Blasen gibt es nur in den Blasen-Regeln; sonst ist Schlagen Pflicht (§2, §4).',
    notHuffable: 'Blasen darf man nur einen Stein, der im Zug davor hätte schlagen sollen und es nicht getan hat (§4).',
    moveAfterHuff: 'Das Blasen ist kein Zug: Nach ihm zieht man wie gewohnt (§4, Punkt 3).',
    huffEndsTheGame: 'Nimmt das Blasen den letzten Stein, ist es der ganze Zug, und die Partie ist gewonnen (§4, Punkt 4).',
    huffPending: 'In einem Zug darf man höchstens einmal blasen (§4, Punkt 3).',
    noPiece: 'Ein Zug beginnt auf einem Feld mit einem eigenen Stein (§7).',
    notYourPiece: 'Jeder zieht nur mit seinen eigenen Steinen, abwechselnd; Rot beginnt (§1).',
    mustCapture: 'Schlagzwang: Kann ein Stein schlagen, sind nur Schlagzüge erlaubt (§2).',
    mustContinue: 'Ein begonnener Schlag muss so weit gehen, wie er kann (§2).',
    menMoveForward: 'Einfache Steine ziehen nur vorwärts, schräg auf ein freies Feld (§2).',
    occupied: 'Ein Stein zieht nur auf ein freies Feld (§2).',
    ambiguous: 'Führen mehrere Wege zum selben Feld, nennt der Zug jedes Landefeld (§7).',
    captureNeedsX: 'Schlagzüge schreibt man mit x (russisch mit :), einfache Züge mit - (§7).',
    notACapture: 'Schlagzüge schreibt man mit x (russisch mit :), einfache Züge mit - (§7).',
    noMoves: 'Ein Stein ohne freies Feld in Zugrichtung und ohne Schlag kann nicht ziehen (§2).',
    notAMove: 'Steine ziehen schräg auf freie dunkle Felder; Damen je nach Regeln ein Feld oder beliebig weit (§2).',
  },
  en: {
    gameOver: 'Once the game is decided, nobody moves any more (§5).',
    noHuffing: 'Huffing exists only in the Blasen rules; elsewhere capturing is compulsory (§2, §4).',
    notHuffable: 'You may huff only a piece that should have captured on the turn before and did not (§4).',
    moveAfterHuff: 'A huff is not a move: after it you move as usual (§4, point 3).',
    huffEndsTheGame: 'A huff that takes the last piece is the whole turn, and wins the game (§4, point 4).',
    huffPending: 'At most one huff per turn (§4, point 3).',
    noPiece: 'A move starts on a square with one of your own pieces (§7).',
    notYourPiece: 'Each side moves only its own pieces, in turn; Red moves first (§1).',
    mustCapture: 'Capture obligation: when a piece can capture, only captures are legal (§2).',
    mustContinue: 'A capture, once begun, goes on as far as it can (§2).',
    menMoveForward: 'Men move forwards only, diagonally to an empty square (§2).',
    occupied: 'A piece moves only to an empty square (§2).',
    ambiguous: 'When several routes lead to one square, the move names every landing square (§7).',
    captureNeedsX: 'Captures are written with x (: in Russian notation), plain moves with - (§7).',
    notACapture: 'Captures are written with x (: in Russian notation), plain moves with - (§7).',
    noMoves: 'A piece with no empty square ahead and nothing to capture cannot move (§2).',
    notAMove: 'Pieces move diagonally to empty dark squares; kings one square or any distance, as the rules say (§2).',
  },
};

/** @type {Record<Lang, Record<string, string>>} */
const WORDS = {
  de: {
    slide: '{side} zieht von {from} nach {to}.',
    capture: '{side} springt von {from}{via} nach {to} und schlägt {taken}.',
    via: ' über {list}', taken1: 'den Stein auf {list}', takenMany: 'die Steine auf {list}',
    huffOnly: '{side} bläst den letzten Stein ({sq}) und gewinnt (§4, Punkt 4).',
    huff: 'Zuerst bläst {side} {piece} auf {sq}: {reason}',
    man: 'den Stein', king: 'die Dame',
    declinedCapture: 'Er hätte im Zug davor schlagen können und hat es nicht getan (§4).',
    manCapturedWhileKingObligated: 'Eine Dame hätte schlagen können, geschlagen hat aber ein einfacher Stein (§4).',
    stoppedEarly: 'Er hat einen Schlag abgebrochen, obwohl er weiterschlagen konnte (§4).',
    unknown: 'Er war schon in der Ausgangsstellung blasbar (§4).',
    compulsory: 'Schlagen war Pflicht (Schlagzwang, §2).',
    only: 'Es war der einzige mögliche Schlag.',
    choice: 'Es gab {n} weitere Schläge: Die Wahl ist frei, man muss nicht die meisten Steine schlagen (§2).',
    choice1: 'Es gab einen weiteren Schlag: Die Wahl ist frei, man muss nicht die meisten Steine schlagen (§2).',
    declined: 'Schlagen wäre möglich gewesen (mit {list}); wer nicht schlägt, riskiert, dass der Gegner bläst (§4).',
    crowns: 'Der Stein wird zur Dame.',
    crowningEnded: 'Die Krönung beendet den Zug, obwohl die neue Dame weiterschlagen könnte (§2).',
    left: 'Blasbar sind jetzt: {list}.',
    short_declinedCapture: 'hat nicht geschlagen', short_manCapturedWhileKingObligated: 'Dame hätte schlagen sollen',
    short_stoppedEarly: 'Schlag abgebrochen',
    or: ' oder ', and: ' und ', why: 'Warum?',
    hintPiece: 'Tipp: Ziehe mit dem markierten Stein. Noch ein Klick auf „Tipp“ zeigt den ganzen Zug.',
    hintMove: 'Tipp: {move}', hintFailed: 'Kein Tipp möglich: {problem}',
    typedSyntax: '„{text}“ ist kein Zug in dieser Schreibweise. Beispiele: {examples}.',
    typedWait: 'Einen Zug eingeben kannst du, wenn du am Zug bist.',
  },
  en: {
    slide: '{side} moves from {from} to {to}.',
    capture: '{side} jumps from {from}{via} to {to}, capturing {taken}.',
    via: ' via {list}', taken1: 'the piece on {list}', takenMany: 'the pieces on {list}',
    huffOnly: '{side} huffs the last piece ({sq}) and wins (§4, point 4).',
    huff: 'First {side} huffs {piece} on {sq}: {reason}',
    man: 'the man', king: 'the king',
    declinedCapture: 'it could have captured on the turn before and did not (§4).',
    manCapturedWhileKingObligated: 'a king could have captured, but a man captured instead (§4).',
    stoppedEarly: 'it broke off a capture it could have continued (§4).',
    unknown: 'it was huffable in the starting position already (§4).',
    compulsory: 'Capturing was compulsory (capture obligation, §2).',
    only: 'It was the only capture.',
    choice: 'There were {n} other captures: the choice is free, there is no duty to take the most pieces (§2).',
    choice1: 'There was one other capture: the choice is free, there is no duty to take the most pieces (§2).',
    declined: 'A capture was possible (with {list}); not capturing risks a huff by the opponent (§4).',
    crowns: 'The man is crowned king.',
    crowningEnded: 'The crowning ends the move, although the new king could capture on (§2).',
    left: 'Now huffable: {list}.',
    short_declinedCapture: 'did not capture', short_manCapturedWhileKingObligated: 'a king should have captured',
    short_stoppedEarly: 'capture broken off',
    or: ' or ', and: ' and ', why: 'Why?',
    hintPiece: 'Hint: move the marked piece. Press “Hint” again to see the whole move.',
    hintMove: 'Hint: {move}', hintFailed: 'No hint: {problem}',
    typedSyntax: '“{text}” is not a move in this notation. Examples: {examples}.',
    typedWait: 'You can type a move when it is your turn.',
  },
};

/** The words `key` in the current language, with `{name}` filled in from `params`.
 * @param {string} key @param {Record<string, string | number>} [params] */
function word(key, params = {}) {
  return WORDS[lang()][key].replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
}

/** "Why?" and the rule behind a refusal code, in one sentence. @param {string} code */
export function ruleText(code) {
  const rules = RULES[lang()];
  return `${WORDS[lang()].why} ${rules[/** @type {RefusalCode} */ (code)] ?? rules.notAMove}`;
}

/** A turn of the game in plain words, citing the rules. @param {Explanation} e */
export function explainText(e) {
  const w = WORDS[lang()];
  const fill = word;
  const text = state.view?.history[e.ply - 1] ?? '';
  const list = (/** @type {number[]} */ squares, sep = w.and) => {
    const names = squares.map((sq) => squareName(sq));
    return names.length <= 1 ? names.join('') : names.slice(0, -1).join(', ') + sep + names[names.length - 1];
  };
  const side = sideName(e.mover);
  const out = [];
  if (e.huff) {
    const reason = e.huff.reason ?? 'unknown';
    out.push(fill('huff', { side, piece: w[e.huff.king ? 'king' : 'man'], sq: squareName(e.huff.sq), reason: w[reason] }));
  }
  if (e.kind === 'huffOnly') {
    out.push(fill('huffOnly', { side, sq: squareName(e.huff?.sq) }));
    return out.join(' ');
  }
  // The squares of the move, in the game's own names, read off its text (a huff first: "h26 ").
  const squares = text.replace(/^h\S+\s+/, '').split(/[-x:]/);
  const via = squares.slice(1, -1);
  out.push(fill(e.kind === 'capture' ? 'capture' : 'slide', {
    side,
    from: squares[0],
    to: squares[squares.length - 1],
    via: via.length ? fill('via', { list: via.join(', ') }) : '',
    taken: fill(e.captured.length === 1 ? 'taken1' : 'takenMany', { list: list(e.captured) }),
  }));
  if (e.kind === 'capture') {
    if (e.compulsory) out.push(fill('compulsory'));
    out.push(e.otherCaptures ? fill(e.otherCaptures === 1 ? 'choice1' : 'choice', { n: e.otherCaptures }) : fill('only'));
  } else if (e.obligated.length) {
    out.push(fill('declined', { list: list(e.obligated, w.or) }));
  }
  if (e.crowns) out.push(fill('crowns'));
  if (e.crowningEnded) out.push(fill('crowningEnded'));
  if (e.leftHuffable.length) {
    const items = e.leftHuffable.map((h) => `${squareName(h.sq)} (${w['short_' + /** @type {HuffReason} */ (h.reason)]})`);
    out.push(fill('left', { list: items.join(', ') }));
  }
  return out.join(' ');
}

// ------------------------------------------------------------------ the hint

/** The computer's level that finds hints: Stark, 9 plies or 0.25 s. */
const HINT_LEVEL = 4;

/** First press: the computer looks for the player's turn and its piece is marked (one hint
 * counted in the game's record). Second press: the whole move is shown. */
export async function hint() {
  const v = state.view;
  const game = state.game;
  const bindings = state.bindings;
  if (!v || !game || !bindings || !canHint()) return;
  const shown = state.hint?.fen === v.fen ? state.hint : null;
  if (shown?.turn) {
    // In plain words, with the squares it names marked on the board (no notation needed).
    const turn = shown.turn;
    update((s) => {
      if (s.hint) s.hint.full = true;
      say(s, word('hintMove', { move: turnWords(turn, 'you') }), 'info', turnSquares(turn));
    });
    return;
  }
  const fen = v.fen;
  const mine = state.epoch;
  game.countHint();
  saveGame();
  update((s) => {
    s.hint = { fen, turn: null, full: false };
    refresh(s);
  });
  const current = () => mine === state.epoch && state.game === game && state.view?.fen === fen;
  /** @type {PlayedTurn | null} */
  let turn = null;
  let problem = '';
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
  update((s) => {
    if (s.hint?.fen !== fen || s.hint.turn) return;
    const now = current();
    s.hint = found && now ? { fen, turn: found, full: false } : null;
    if (found && now) say(s, word('hintPiece'), 'info');
    else if (problem && now) say(s, word('hintFailed', { problem }), 'error');
  });
}

// ------------------------------------------------------------------ typed turns

/** Plays the turn typed in the field as the player's turn, or says why it is not played. */
export async function playTyped() {
  const field = /** @type {HTMLInputElement} */ (document.getElementById('typed-text'));
  const text = field.value.trim();
  if (!text || !state.game) return;
  if (!isHumanTurn()) {
    update((s) => say(s, word('typedWait'), 'warn'));
    return;
  }
  const before = currentView();
  /** @type {PlayedTurn} */
  let turn;
  try {
    turn = currentGame().playTyped(text);
  } catch (e) {
    // With a refusal: well written, not legal here; without: not a turn in this notation.
    const refusal = /** @type {{ refusal?: Refusal }} */ (e).refusal;
    const w = notation(before);
    update((s) => say(s, refusal
      ? reasonText(refusal)
      : word('typedSyntax', { text: clip(text), examples: [w.move, w.capture, w.huff].filter(Boolean).join(', ') }), 'error'));
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

// ------------------------------------------------------------------ why

/** A paragraph of its own after the element `after`, made when first needed.
 * @param {string} id @param {string} after */
function el(id, after) {
  let p = document.getElementById(id);
  if (!p) {
    p = document.createElement('p');
    p.id = id;
    p.hidden = true;
    p.setAttribute('role', 'status');
    document.getElementById(after)?.after(p);
  }
  return p;
}

/** The rule behind the refusal the message tells ("Why?"), and the turn selected in the move
 * list (or stepped to) explained: kept in step with the state (on every redraw). */
export function syncWhy() {
  const m = state.message;
  const code = !state.past && m.kind === 'error' && m.text && m.text === lastReason.text ? lastReason.code : '';
  const rule = code ? ruleText(code) : '';
  const why = el('why-rule', 'message');
  why.hidden = !rule;
  if (why.textContent !== rule) why.textContent = rule;
  const p = el('why-move', 'past');
  const drawn = drawnView();
  const game = state.game;
  const ply = state.past?.ply ?? drawn?.plies ?? 0;
  const key = drawn && game && ply > 0 && state.explained === drawn.fen ? `${lang()} ${ply} ${drawn.fen}` : '';
  if (p.dataset.key === key) return;
  const e = key && game ? game.explain(ply) : null;
  p.dataset.key = key;
  p.dataset.ply = e ? String(ply) : '';
  p.textContent = e ? explainText(e) : '';
  p.hidden = !e;
}
