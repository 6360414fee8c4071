// The controller: turns pointer input into questions to the wasm layer (what may this piece do?
// does this route name a legal move?) and runs the turn order (the player, the computer, huffs,
// the end). It never decides a rule itself.

import { state, update } from './state.js';
import { squareAt } from './board.js';
import { animateTurn, animateBack } from './anim.js';
import { t, reasonText, sideName } from './i18n.js';
import * as engine from './engine.js';

const DRAG_PX = 5;
let epoch = 0; // bumped by a new game or an undo: a computer answer for an older game is dropped
let pendingClick = null;

function say(text, kind = 'info') {
  state.message = { text, kind };
}

export function humanColor() {
  return state.settings.opponent === 'human' ? null : state.settings.color;
}

export function isHumanTurn() {
  const v = state.view;
  return (
    state.phase === 'playing' && !state.thinking && (!state.anim || state.anim.kind === 'back') && v && !v.outcome &&
    (state.settings.opponent === 'human' || v.side === state.settings.color)
  );
}

export function refresh() {
  state.view = state.game.view();
}

export function bumpEpoch() {
  epoch++;
  state.thinking = false;
}

function clearSelection(s) {
  s.selected = null;
  s.required = [];
  s.drag = null;
}

function isNode(sq) {
  const sel = state.selected;
  if (!sel) return false;
  const k = sel.committed.length;
  return sel.paths.some((p) => p.squares.indexOf(sq, k) >= 0);
}

function pieceAt(view, sq) {
  return view.pieces.find((p) => p.sq === sq);
}

// ---------------------------------------------------------------- pointer

export function down(p) {
  pendingClick = null;
  const sq = squareAt(p.x, p.y, state.size, state.orientation);
  if (state.phase === 'setup') {
    update((s) => say(t('clickPlayFirst'), 'warn'));
    return;
  }
  if (!isHumanTurn() || sq == null) return;
  const v = state.view;
  const sel = state.selected;
  const at = sel ? sel.committed[sel.committed.length - 1] : null;
  if (sel && sel.committed.length > 1) {
    // In the middle of a capture: only the active piece moves on.
    if (sq === at) state.drag = { from: at, startX: p.x, startY: p.y, x: p.x, y: p.y, started: false, via: [], onActive: true };
    else pendingClick = sq;
    update();
    return;
  }
  if (v.huffable.includes(sq)) {
    huff(sq);
    return;
  }
  const piece = pieceAt(v, sq);
  if (piece && piece.color === v.side) {
    const again = sel?.from === sq;
    const grab = state.game.grab(sq);
    update((s) => {
      s.selected = { from: sq, committed: [sq], paths: grab.paths, captured: [], canStop: false, again, refused: !!grab.refusal };
      s.required = grab.refusal ? grab.required : [];
      if (grab.refusal) say(reasonText(grab.refusal, sq), 'error');
      s.drag = { from: sq, startX: p.x, startY: p.y, x: p.x, y: p.y, started: false, via: [] };
    });
    return;
  }
  if (sel) {
    pendingClick = sq;
    return;
  }
  if (piece) {
    const grab = state.game.grab(sq);
    if (grab.refusal) update((s) => say(reasonText(grab.refusal, sq), 'error'));
  }
}

export function move(p) {
  const d = state.drag;
  if (!d) return;
  if (!d.started && Math.hypot(p.x - d.startX, p.y - d.startY) >= DRAG_PX) d.started = true;
  if (!d.started) return;
  d.x = p.x;
  d.y = p.y;
  const sq = squareAt(p.x, p.y, state.size, state.orientation);
  if (sq != null && sq !== d.from && isNode(sq) && d.via[d.via.length - 1] !== sq) d.via.push(sq);
  update();
}

export function up(p) {
  const d = state.drag;
  const sel = state.selected;
  state.drag = null;
  if (d && d.started && sel) {
    const target = squareAt(p.x, p.y, state.size, state.orientation);
    if (target === d.from) {
      update();
      return;
    }
    if (target == null) {
      const piece = pieceAt(state.view, sel.from);
      const back = animateBack(piece, d.from, p.x, p.y);
      if (sel.committed.length === 1) update(clearSelection);
      back.then(() => update());
      return;
    }
    while (d.via.length && d.via[d.via.length - 1] === target) d.via.pop();
    submit(sel.committed, d.via, target, false, { dropped: true, x: p.x, y: p.y });
    return;
  }
  if (d && !d.started && sel) {
    if (d.onActive) {
      if (sel.canStop) submit(sel.committed.slice(0, -1), [], sel.committed[sel.committed.length - 1], true, { dropped: true });
      return;
    }
    if (sel.again && !sel.refused) update((s) => { clearSelection(s); sayPrompt(s); });
    else if (!sel.refused) update((s) => say(t('pickDestination')));
    return;
  }
  if (pendingClick != null && sel) {
    const sq = pendingClick;
    pendingClick = null;
    submit(sel.committed, [], sq, false, { dropped: false });
  }
}

export function cancel() {
  update((s) => {
    s.drag = null;
  });
}

export function escape() {
  if (state.selected) update((s) => { clearSelection(s); sayPrompt(s); });
}

/// Back to what the player was last told their turn is about (after putting a piece down).
function sayPrompt(s) {
  if (s.prompt) s.message = { ...s.prompt };
}

// ---------------------------------------------------------------- turns

async function submit(committed, via, target, stop, how) {
  let answer;
  try {
    answer = state.game.route(committed, via, target, stop);
  } catch (e) {
    update((s) => say(e.message, 'error'));
    return;
  }
  const sel = state.selected;
  if (answer.status === 'played') {
    const turn = answer.turn;
    const before = state.view;
    const shownFrom = committed[committed.length - 1];
    update((s) => {
      clearSelection(s);
      s.huffMark = null;
    });
    if (!how.dropped) {
      // Show the rest of the route from where the piece stands now. The animation is only drawn
      // (from the position before): the state, data-fen and aria-label have the move at once.
      const k = turn.path.indexOf(shownFrom);
      const rest = turn.path.slice(Math.max(0, k));
      const base = { ...before, pieces: before.pieces
        .filter((q) => !(sel?.captured ?? []).includes(q.sq))
        .map((q) => (q.sq === turn.path[0] ? { ...q, sq: shownFrom } : q)) };
      const mine = epoch;
      const shown = animateTurn({ ...turn, huff: null, path: rest }, base);
      recordTurn(turn);
      await shown;
      if (mine !== epoch) return;
      afterTurn([]);
      return;
    }
    finishTurn(turn, []);
    return;
  }
  if (answer.status === 'partial') {
    update((s) => {
      s.selected = { ...sel, committed: answer.path, captured: answer.captured, canStop: answer.canStop, again: false };
      s.required = [];
      say(t(answer.canStop ? 'continueOrStop' : 'continueCapture'), 'info');
    });
    return;
  }
  const refusal = answer.refusal;
  const mid = committed.length > 1;
  update((s) => {
    say(reasonText(refusal, sel?.from), 'error');
    if (!mid) {
      s.selected = null;
      s.required = refusal.code === 'mustCapture' ? s.required : [];
    }
  });
  if (how.dropped && how.x !== undefined) {
    const piece = pieceAt(state.view, sel.from);
    if (mid) state.selected = sel;
    await animateBack(piece, committed[committed.length - 1], how.x, how.y);
    update();
  }
}

async function huff(sq) {
  const before = state.view;
  let ended;
  try {
    ended = state.game.huff(sq);
  } catch (e) {
    update((s) => say(e.message, 'error'));
    return;
  }
  update((s) => {
    clearSelection(s);
    s.huffMark = null;
  });
  await animateTurn({ huff: sq, path: [], captured: [] }, before);
  if (ended) {
    finishTurn(ended, []);
    return;
  }
  update((s) => {
    refresh();
    say(t('huffed', { sq }), 'info');
    s.prompt = { ...s.message };
  });
}

function recordTurn(turn) {
  update((s) => {
    s.lastMove = { path: turn.path, captured: turn.captured, huff: turn.huff };
    refresh();
  });
}

function finishTurn(turn, notes) {
  recordTurn(turn);
  afterTurn(notes);
}

/// Whose turn is it now, and what should they be told?
export function afterTurn(notes = []) {
  const v = state.view;
  if (v.outcome) {
    update((s) => {
      s.phase = 'over';
      say(notes.join(' '), 'info');
    });
    return;
  }
  if (!isHumanTurn() && state.settings.opponent === 'computer') {
    computerTurn(notes);
    return;
  }
  const parts = [...notes];
  if (v.huffable.length) parts.push(t(v.movable.length ? 'huffPrompt' : 'huffPromptOnly'));
  else if (v.obligated.length) parts.push(t(v.huffing ? 'shouldCaptureNow' : 'mustCaptureNow'));
  else if (!notes.length) parts.push(t('yourTurnMove'));
  const kind = v.huffable.length ? 'huff' : v.obligated.length ? 'warn' : 'info';
  update((s) => {
    say(parts.join(' '), kind);
    s.prompt = { ...s.message };
  });
}

async function computerTurn(notes) {
  const mine = epoch;
  const game = state.game;
  update((s) => {
    s.thinking = true;
    say(notes.join(' '), 'info');
  });
  let reply;
  try {
    reply = await engine.think({
      rules: game.rules(),
      start: game.startFen(),
      history: game.history(),
      level: state.settings.level,
      seed: Math.floor(Math.random() * 2 ** 32),
    });
  } catch (e) {
    if (mine !== epoch) return;
    update((s) => {
      s.thinking = false;
      say(t('computerError', { problem: e.message }), 'error');
    });
    return;
  }
  if (mine !== epoch) return;
  state.thinking = false;
  state.lastSearch = reply;
  if (!reply.text) {
    update(refresh);
    afterTurn();
    return;
  }
  const before = state.view;
  let turn;
  try {
    turn = game.playText(reply.text);
  } catch (e) {
    update((s) => say(t('computerError', { problem: e.message }), 'error'));
    return;
  }
  await animateTurn(turn, before);
  if (mine !== epoch) return;
  const out = [t('computerMoved', { move: turn.text })];
  if (turn.huff) {
    state.huffMark = { sq: turn.huff, piece: pieceAt(before, turn.huff) };
    out.push(t('computerHuffed', { sq: turn.huff }));
  }
  finishTurn(turn, out);
}

export { sideName };
