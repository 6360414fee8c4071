// @ts-check
// The analysis board (loaded with import() when "Analyse" is first used, or at once when the game
// resumed has an analysis kept with it). The computer's worker searches every position of the
// game to a fixed depth, one position a request (engine.evaluate, as `dame analyse` searches
// them), while the board stays usable; the wasm layer judges each turn (WebGame.judge: the same
// judgements as `dame analyse` at the same depth). Shown: an evaluation bar and graph under the
// board (a click or the arrow keys on the graph show that position), the engine's best line from
// the position shown (arrows on the board, text in the game's notation), each turn's judgement in
// the move list (`data-judgement`) and the counts per side (also on the result card). The searches
// are kept in localStorage (`dame.analysis.v1`) with the game's turns: a reload keeps them, an
// undo keeps those of the turns still played. "Learn from your mistakes" steps through the
// player's own mistakes: the board shows the position before one, the player looks for a better
// turn and the engine judges it. Its texts live here, in German and English.

import { state, update, say, onRedraw } from './state.js';
import * as engine from './engine.js';
import { look, shownPly } from './nav.js';
import { lang, sideName, problemText, onLangSwitched } from './i18n.js';
import { $ } from './dom.js';
import { clearBoard } from './game.js';
import { afterTurn, refresh, humanColor } from './turns.js';
import { w, storage, el } from './panel.js';

/** @import { WebGame, Color, Phase, Message, LastMove, TutorialHook } from '#types/page' */
/** @import { PositionEvalView } from '#types/PositionEvalView' */
/** @import { PlyJudgement } from '#types/PlyJudgement' */
/** @import { ScoreView } from '#types/ScoreView' */
/** @import { PlayedTurn } from '#types/PlayedTurn' */

export const KEY = 'dame.analysis.v1';
/** The default depth of each position's search: a 60-ply game in well under 30 s in the page. */
export const DEPTH = 12;
/** "Deeper" adds this much, up to MAX_DEPTH. */
const STEP = 2;
/** The turns of the best line shown in words (the first two are drawn). */
const LINE = 6;
const MAX_DEPTH = 20;
/** The slope of the winning-chance curve (dame_engine::analysis::WINNING_CHANCE_SCALE), for
 * drawing the graph and the bar only: the judgements come from the wasm layer. */
const SCALE = 0.0073;

/** @typedef {{ de: string, en: string }} Words */
const UI = {
  title: { de: 'Analyse', en: 'Analysis' },
  progress: { de: 'Stellung {n} von {count} (Tiefe {depth})', en: 'Position {n} of {count} (depth {depth})' },
  done: { de: 'Analysiert, Tiefe {depth}.', en: 'Analysed, depth {depth}.' },
  stopped: { de: 'Angehalten nach {n} von {count} Stellungen.', en: 'Stopped after {n} of {count} positions.' },
  waiting: { de: 'Die gelernte Bewertung lädt noch …', en: 'The learned evaluation is still loading …' },
  cancel: { de: 'Abbrechen', en: 'Cancel' },
  resume: { de: 'Weiter analysieren', en: 'Go on' },
  deeper: { de: 'Tiefer ({depth})', en: 'Deeper ({depth})' },
  close: { de: 'Analyse schließen', en: 'Close analysis' },
  graph: { de: 'Bewertungsverlauf: Klick oder Pfeiltasten zeigen die Stellung', en: 'Evaluation graph: click or arrow keys show the position' },
  graphValue: { de: 'Nach Halbzug {ply}: {eval}', en: 'After ply {ply}: {eval}' },
  bar: { de: 'Bewertung', en: 'Evaluation' },
  even: { de: 'ausgeglichen', en: 'even' },
  wins: { de: '{side} gewinnt in {n}', en: '{side} wins in {n}' },
  won: { de: '{side} hat gewonnen', en: '{side} has won' },
  ahead: { de: '{value} für {side}', en: '{value} for {side}' },
  line: { de: 'Beste Fortsetzung: {line}', en: 'Best line: {line}' },
  noLine: { de: 'Kein Zug mehr.', en: 'No turn left.' },
  counts: { de: '{side}: {i} Ungenauigkeiten, {m} Fehler, {b} Patzer', en: '{side}: {i} inaccuracies, {m} mistakes, {b} blunders' },
  best: { de: 'bester Zug', en: 'best turn' },
  good: { de: 'gut', en: 'good' },
  inaccuracy: { de: 'Ungenauigkeit', en: 'inaccuracy' },
  mistake: { de: 'Fehler', en: 'mistake' },
  blunder: { de: 'Patzer', en: 'blunder' },
  better: { de: 'besser war {move}', en: '{move} was better' },
  learn: { de: 'Aus Fehlern lernen', en: 'Learn from your mistakes' },
  learnTitle: { de: 'Aus Fehlern lernen: {n} von {count}', en: 'Learn from your mistakes: {n} of {count}' },
  learnTask: { de: 'Hier spielte {side} {move} ({judgement}). Finde einen besseren Zug.', en: 'Here {side} played {move} ({judgement}). Find a better turn.' },
  learnThinking: { de: 'Der Computer prüft {move} …', en: 'The computer checks {move} …' },
  learnRight: { de: 'Richtig: {move} ist {judgement}.', en: 'Right: {move} is {judgement}.' },
  learnWrong: { de: '{move} ist nicht besser ({judgement}). Versuch es noch einmal.', en: '{move} is no better ({judgement}). Try again.' },
  learnShown: { de: 'Der beste Zug war {move}.', en: 'The best turn was {move}.' },
  learnNone: { de: 'Keine Fehler von {side} in dieser Partie.', en: 'No mistakes by {side} in this game.' },
  learnDone: { de: 'Alle Fehler durchgesehen.', en: 'All mistakes seen.' },
  hint: { de: 'Hinweis', en: 'Hint' },
  show: { de: 'Zeig es mir', en: 'Show me' },
  retry: { de: 'Noch einmal', en: 'Try again' },
  next: { de: 'Nächster Fehler', en: 'Next mistake' },
  leave: { de: 'Zurück zur Partie', en: 'Back to the game' },
};

// ------------------------------------------------------------------ the analysis kept

/** The searches of one game's positions: `evals[i]` that of the position after `i` turns of
 * `history` (a prefix of the positions while the analysis runs).
 * @typedef {{ version: 1, rules: string, start: string, history: string[], depth: number, evals: PositionEvalView[] }} Kept */

/** @type {Kept | null} */
let kept = null;
/** The judgements of the kept searches, for the game they were made for (its key). */
let judged = { key: '', list: /** @type {PlyJudgement[]} */ ([]) };
/** The analysis under way: cancelled by setting `cancel`. @type {{ cancel: boolean } | null} */
let running = null;
/** Whether the panel is shown. */
let shown = false;
/** Waiting for the learned evaluation to load (until then the scores would differ from the CLI's). */
let waitingTables = false;

/** The analysis kept in storage, checked; null when there is none or it cannot be read.
 * @returns {Kept | null} */
function readKept() {
  try {
    const data = JSON.parse(storage()?.getItem(KEY) ?? 'null');
    if (!data || data.version !== 1 || typeof data.rules !== 'string' || typeof data.start !== 'string') return null;
    if (!Array.isArray(data.history) || !data.history.every((/** @type {unknown} */ h) => typeof h === 'string')) return null;
    if (!Array.isArray(data.evals) || !Number.isInteger(data.depth)) return null;
    return data;
  } catch {
    return null;
  }
}

function writeKept() {
  try {
    if (kept) storage()?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // full or blocked: the analysis stays on the page, unkept
  }
}

/** How many leading turns two histories share. @param {string[]} a @param {string[]} b */
function shared(a, b) {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** The kept analysis made to fit `game`: the searches of the positions it still has (an undo or
 * another game drops the rest); a new one for another game. @param {WebGame} game */
function fit(game) {
  const rules = game.rules();
  const start = game.startFen();
  const history = game.history();
  if (!kept || kept.rules !== rules || kept.start !== start) {
    kept = { version: 1, rules, start, history, depth: kept?.depth ?? DEPTH, evals: [] };
    return kept;
  }
  const n = shared(kept.history, history);
  if (n < kept.history.length || n < history.length) {
    kept.evals = kept.evals.slice(0, n + 1);
    kept.history = history;
  }
  return kept;
}

/** The judgements for the game shown, from the wasm layer (computed again when the game or the
 * searches change). @returns {PlyJudgement[]} */
function judgements() {
  const game = state.game;
  if (!game || !kept) return [];
  const history = game.history();
  const usable = kept.rules === game.rules() && kept.start === game.startFen() ? Math.min(kept.evals.length, shared(kept.history, history) + 1) : 0;
  const key = `${kept.depth} ${usable} ${game.startFen()} ${history.slice(0, usable).join(' ')}`;
  if (judged.key !== key) {
    /** @type {PlyJudgement[]} */
    let list = [];
    try {
      list = usable ? game.judge(kept.evals.slice(0, usable)) : [];
    } catch (e) {
      // A kept analysis that no longer fits: dropped.
      console.warn('analysis:', problemText(e));
      kept.evals = [];
    }
    judged = { key, list };
    lines(game, usable);
  }
  return judged.list;
}

/** The engine's line from each analysed position as played turns (arrows and text), kept: each
 * is made once (the wasm layer replays the game to it), for the game's turns up to it. */
let lineCache = /** @type {{ key: string, turns: PlayedTurn[] | undefined }[]} */ ([]);

/** The engine's line from each analysed position, for the arrows. @param {WebGame} game @param {number} usable */
function lines(game, usable) {
  const history = game.history();
  /** @type {(PlayedTurn[] | undefined)[]} */
  const out = [];
  for (let i = 0; i < usable && kept; i++) {
    const key = `${game.startFen()} ${history.slice(0, i).join(' ')} | ${kept.evals[i].pv.slice(0, LINE).join(' ')}`;
    if (lineCache[i]?.key !== key) {
      let turns;
      try {
        turns = game.line(i, kept.evals[i].pv.slice(0, LINE));
      } catch {
        turns = undefined;
      }
      lineCache[i] = { key, turns };
    }
    out.push(lineCache[i].turns);
  }
  lineCache.length = Math.min(lineCache.length, Math.max(usable, 0));
  const evals = kept ? kept.evals.slice(0, usable) : [];
  update((s) => { s.analysis = { lines: out, shown, evals, depth: kept?.depth ?? DEPTH }; });
}

// ------------------------------------------------------------------ running it

/** Waits a little. @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Analyses the game shown from where its analysis stands to its last position; the game may go
 * on meanwhile (each position is searched when the computer is not thinking). */
async function run() {
  if (running) return;
  const mine = { cancel: false };
  running = mine;
  let tries = 0;
  syncPanel();
  try {
    for (;;) {
      // The computer's own turn goes first; while an exercise (learning, a tutorial, a puzzle)
      // has the board, its game is not the one analysed: the analysis waits.
      while (!mine.cancel && (state.thinking || state.anim || learning || state.tutorial)) await pause(100);
      const game = state.game;
      if (mine.cancel || !game || (state.phase !== 'playing' && state.phase !== 'over')) break;
      const k = fit(game);
      const history = game.history();
      const i = k.evals.length;
      if (i > history.length) break;
      const reply = await engine.evaluate({ rules: k.rules, start: k.start, history: history.slice(0, i), depth: k.depth });
      // Until the worker has the learned tables, its scores are not those of `dame analyse`.
      if (!reply.fullStrength && tries < 30) {
        tries++;
        waitingTables = true;
        syncPanel();
        await pause(200);
        continue;
      }
      waitingTables = false;
      if (mine.cancel || state.game !== game || kept !== k || k.evals.length !== i || shared(k.history, game.history()) < i) continue;
      k.evals.push(reply.eval);
      writeKept();
      update();
    }
  } catch (e) {
    if (!mine.cancel) update((s) => say(s, problemText(e), 'error'));
  } finally {
    if (running === mine) running = null;
    waitingTables = false;
    update();
  }
}

/** Opens the analysis board and analyses what is not analysed yet. */
export function open() {
  if (!state.game || (state.phase !== 'playing' && state.phase !== 'over')) return;
  if (!kept) kept = readKept();
  fit(state.game);
  shown = true;
  addStyles();
  update((s) => {
    s.overClosed = true;
    if (s.analysis) s.analysis.shown = true;
  });
  void run();
  requestAnimationFrame(() => document.getElementById('analysis-graph')?.focus({ preventScroll: true }));
}

/** After a reload: the kept analysis of the game resumed, shown as it was (not searched on). */
export function restore() {
  const found = readKept();
  const game = state.game;
  if (!found || !game || found.rules !== game.rules() || found.start !== game.startFen()) return;
  if (shared(found.history, game.history()) === 0 && found.history.length && game.history().length) return;
  kept = found;
  fit(game);
  if (!kept.evals.length) return;
  shown = true;
  addStyles();
  update((s) => { if (s.analysis) s.analysis.shown = true; });
}

function cancel() {
  if (running) running.cancel = true;
  update();
}

function deeper() {
  if (!kept || kept.depth >= MAX_DEPTH) return;
  if (running) running.cancel = true;
  kept = { ...kept, depth: Math.min(MAX_DEPTH, kept.depth + STEP), evals: [] };
  writeKept();
  const waitRun = () => (running ? requestAnimationFrame(waitRun) : void run());
  waitRun();
}

function close() {
  cancel();
  shown = false;
  update((s) => { if (s.analysis) s.analysis.shown = false; });
}

// ------------------------------------------------------------------ scores in words and pictures

/** @param {ScoreView} s @returns {ScoreView} */
const flip = (s) => (s.kind === 'hundredths' ? { kind: 'hundredths', value: -s.value } : { kind: s.kind === 'win' ? 'loss' : 'win', value: s.value });

/** The side to move after `ply` turns (every turn passes the move on). @param {number} ply @returns {Color} */
function sideAt(ply) {
  const black = state.game?.startFen().startsWith('B') ?? false;
  return (ply % 2 === 0) !== black ? 'red' : 'black';
}

/** The score of the position after `ply` turns from Red's side, or null when not analysed.
 * @param {number} ply @returns {ScoreView | null} */
function redScore(ply) {
  const e = kept?.evals[ply];
  if (!e) return null;
  return sideAt(ply) === 'red' ? e.score : flip(e.score);
}

/** Red's winning chance, -1…1. @param {ScoreView} s */
function chance(s) {
  if (s.kind === 'win') return 1;
  if (s.kind === 'loss') return -1;
  return 2 / (1 + Math.exp(-SCALE * s.value)) - 1;
}

/** The contract value of `data-eval`: Red's score in hundredths, or `win N` / `loss N` (plies).
 * @param {ScoreView} s */
function evalAttr(s) {
  return s.kind === 'hundredths' ? String(s.value) : `${s.kind} ${s.value}`;
}

/** Red's score in words (in men; a forced win in the winner's own turns). @param {ScoreView} s */
function evalWords(s) {
  if (s.kind !== 'hundredths') {
    const side = sideName(s.kind === 'win' ? 'red' : 'black');
    return s.value === 0 ? w(UI.won, { side }) : w(UI.wins, { side, n: Math.ceil(s.value / 2) });
  }
  if (Math.abs(s.value) < 5) return w(UI.even);
  const men = (Math.abs(s.value) / 100).toFixed(2);
  return w(UI.ahead, { value: `+${men}`, side: sideName(s.value > 0 ? 'red' : 'black') });
}

/** The bar's short text: `+0.35`, `−1.20`, `#5`. @param {ScoreView} s */
function evalShort(s) {
  if (s.kind !== 'hundredths') return `${s.kind === 'win' ? '' : '−'}#${Math.ceil(s.value / 2)}`;
  return `${s.value < 0 ? '−' : '+'}${(Math.abs(s.value) / 100).toFixed(2)}`;
}

const NAG = { best: '', good: '', inaccuracy: '?!', mistake: '?', blunder: '??' };

// ------------------------------------------------------------------ the panel

const SVG = 'http://www.w3.org/2000/svg';
/** @param {string} tag @param {Record<string, string>} [attrs] */
function svg(tag, attrs = {}) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

let css = false;
/** The panel's styles (www/analysis.css), added once. */
function addStyles() {
  if (css) return;
  css = true;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('analysis.css', import.meta.url).href;
  document.head.append(link);
}

function buildPanel() {
  const section = el('section', { id: 'analysis', 'aria-labelledby': 'analysis-title' });
  const title = el('h2', { id: 'analysis-title' });
  const bar = el('div', { id: 'eval-bar', role: 'meter', 'aria-valuemin': '-1', 'aria-valuemax': '1' });
  bar.append(el('div', { class: 'fill' }), el('span', { id: 'eval-text' }));
  const graph = svg('svg', { id: 'analysis-graph', tabindex: '0', role: 'slider', viewBox: '0 0 100 40', preserveAspectRatio: 'none', 'aria-valuemin': '0' });
  graph.append(svg('rect', { class: 'black-side', x: '0', y: '0', width: '100', height: '40' }), svg('path', { class: 'red-area' }), svg('line', { class: 'mid', x1: '0', x2: '100', y1: '20', y2: '20' }), svg('g', { class: 'marks' }), svg('line', { class: 'cursor', y1: '0', y2: '40' }));
  graph.addEventListener('click', (e) => {
    const r = graph.getBoundingClientRect();
    const n = state.view?.plies ?? 0;
    if (!r.width || !n) return;
    look(Math.round((((e.clientX - r.left) / r.width) * 100 - 1) / 98 * n));
  });
  graph.addEventListener('keydown', (e) => {
    const n = state.view?.plies ?? 0;
    const at = shownPly();
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, ArrowDown: at - 1, ArrowUp: at + 1, Home: 0, End: n, PageUp: at - 10, PageDown: at + 10 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    look(Math.max(0, Math.min(n, to)));
  });
  const progressRow = el('div', { class: 'an-row' });
  const progress = el('progress', { id: 'analysis-progress' });
  const status = el('span', { id: 'analysis-status', role: 'status' });
  progressRow.append(progress, status);
  const line = el('p', { id: 'analysis-line' });
  const counts = el('p', { id: 'analysis-counts' });
  const buttons = el('div', { class: 'an-row' });
  /** @type {[string, () => void][]} */
  const actions = [
    ['analysis-cancel', () => (running ? cancel() : void run())],
    ['analysis-deeper', deeper],
    ['learn-start', startLearning],
    ['analysis-close', close],
  ];
  for (const [id, fn] of actions) {
    const b = el('button', { type: 'button', id });
    b.addEventListener('click', fn);
    buttons.append(b);
  }
  section.append(title, bar, graph, progressRow, line, counts, buttons);
  $('message').after(section);
  return section;
}

/** The panel, the move list's marks, the board's `data-eval` and the result card in step with
 * the analysis and the position shown (after every redraw). */
function syncPanel() {
  const game = state.game;
  const inGame = !!game && (state.phase === 'playing' || state.phase === 'over') && !state.tutorial;
  const list = inGame ? judgements() : [];
  syncMoveList(list);
  const canvas = $('board');
  let section = document.getElementById('analysis');
  if (!shown || !inGame || !kept) {
    if (section) section.hidden = true;
    if (!learning) delete canvas.dataset.eval;
    syncOverCard(list);
    return;
  }
  section ??= buildPanel();
  section.hidden = false;
  const plies = state.view?.plies ?? 0;
  const at = shownPly();
  const done = Math.min(kept.evals.length, plies + 1);
  section.dataset.state = running ? 'running' : done > plies ? 'done' : 'stopped';
  section.dataset.depth = String(kept.depth);
  setText('analysis-title', w(UI.title));
  const progress = /** @type {HTMLProgressElement} */ ($('analysis-progress'));
  progress.max = plies + 1;
  progress.value = done;
  progress.hidden = done > plies && !running;
  setText('analysis-status', waitingTables ? w(UI.waiting) : running ? w(UI.progress, { n: Math.min(done + 1, plies + 1), count: plies + 1, depth: kept.depth })
    : done > plies ? w(UI.done, { depth: kept.depth }) : w(UI.stopped, { n: done, count: plies + 1 }));
  setText('analysis-cancel', running ? w(UI.cancel) : w(UI.resume));
  /** @type {HTMLButtonElement} */ ($('analysis-cancel')).hidden = !running && done > plies;
  setText('analysis-deeper', w(UI.deeper, { depth: Math.min(MAX_DEPTH, kept.depth + STEP) }));
  /** @type {HTMLButtonElement} */ ($('analysis-deeper')).disabled = kept.depth >= MAX_DEPTH;
  setText('learn-start', w(UI.learn));
  /** @type {HTMLButtonElement} */ ($('learn-start')).disabled = done <= plies || !!running;
  setText('analysis-close', w(UI.close));

  // The bar and the board's data-eval: the position shown.
  const score = redScore(at);
  const bar = $('eval-bar');
  bar.setAttribute('aria-label', w(UI.bar));
  if (score) {
    canvas.dataset.eval = evalAttr(score);
    const c = chance(score);
    /** @type {HTMLElement} */ (bar.firstElementChild).style.width = `${((1 + c) / 2) * 100}%`;
    bar.setAttribute('aria-valuenow', c.toFixed(2));
    bar.setAttribute('aria-valuetext', evalWords(score));
    setText('eval-text', evalShort(score));
    bar.title = evalWords(score);
  } else {
    delete canvas.dataset.eval;
    setText('eval-text', '…');
  }

  // The best line from the position shown, in the game's notation.
  const turns = state.analysis?.lines[at];
  setText('analysis-line', !turns ? '' : turns.length ? w(UI.line, { line: turns.map((t) => t.text).join(' ') }) : w(UI.noLine));

  // Counts per side.
  setText('analysis-counts', done > plies ? countsText(list) : '');
  syncGraph(done, plies, at, list);
  syncOverCard(list);
}

/** @param {string} id @param {string} text */
function setText(id, text) {
  const e = $(id);
  if (e.textContent !== text) e.textContent = text;
}

/** "Red: 1 inaccuracy…" for both sides. @param {PlyJudgement[]} list */
function countsText(list) {
  /** @type {Color[]} */
  const sides = ['red', 'black'];
  return sides.map((side) => {
    const mine = list.filter((j) => j.side === side);
    const n = (/** @type {string} */ kind) => mine.filter((j) => j.judgement === kind).length;
    return w(UI.counts, { side: sideName(side), i: n('inaccuracy'), m: n('mistake'), b: n('blunder') });
  }).join(' · ');
}

/** @param {number} done @param {number} plies @param {number} at @param {PlyJudgement[]} list */
function syncGraph(done, plies, at, list) {
  const graph = document.getElementById('analysis-graph');
  if (!graph) return;
  const n = Math.max(plies, 1);
  const x = (/** @type {number} */ i) => 1 + (i / n) * 98;
  const y = (/** @type {number} */ i) => {
    const s = redScore(i);
    return s ? 20 - chance(s) * 19 : 20;
  };
  let d = 'M1 20';
  for (let i = 0; i < done; i++) d += ` L${x(i).toFixed(2)} ${y(i).toFixed(2)}`;
  d += ` L${x(Math.max(done - 1, 0)).toFixed(2)} 20 Z`;
  graph.querySelector('.red-area')?.setAttribute('d', d);
  const cursor = graph.querySelector('.cursor');
  cursor?.setAttribute('x1', x(at).toFixed(2));
  cursor?.setAttribute('x2', x(at).toFixed(2));
  const marks = graph.querySelector('.marks');
  const key = `${done} ${plies} ${list.map((j) => j.judgement[0]).join('')}`;
  if (marks && marks.getAttribute('data-key') !== key) {
    marks.setAttribute('data-key', key);
    marks.replaceChildren(...list.filter((j) => NAG[j.judgement]).map((j) => {
      const at = x(j.ply + 1).toFixed(2);
      return svg('line', { x1: at, x2: at, y1: '0', y2: '40', class: j.judgement });
    }));
  }
  graph.setAttribute('aria-label', w(UI.graph));
  graph.setAttribute('aria-valuemax', String(plies));
  graph.setAttribute('aria-valuenow', String(at));
  const s = redScore(at);
  graph.setAttribute('aria-valuetext', w(UI.graphValue, { ply: at, eval: s ? evalWords(s) : '…' }));
}

/** Each judged turn's button in the move list: `data-judgement`, its sign (`?!`, `?`, `??`) and
 * its judgement in words for the screen reader. @param {PlyJudgement[]} list */
function syncMoveList(list) {
  const moves = $('moves');
  const key = `${moves.dataset.key} ${list.length} ${judged.key} ${lang()}`;
  if (moves.dataset.judged === key) return;
  moves.dataset.judged = key;
  const byPly = new Map(list.map((j) => [j.ply + 1, j]));
  for (const b of moves.querySelectorAll('button.ply')) {
    if (!(b instanceof HTMLElement)) continue;
    const j = byPly.get(Number(b.dataset.ply));
    b.querySelector('.nag')?.remove();
    const label = (b.getAttribute('aria-label') ?? '').replace(/ \(.*\)$/, '');
    if (!j) {
      delete b.dataset.judgement;
      b.setAttribute('aria-label', label);
      continue;
    }
    b.dataset.judgement = j.judgement;
    const sign = NAG[j.judgement];
    if (sign) b.append(Object.assign(document.createElement('span'), { className: 'nag', textContent: sign }));
    const words = [w(UI[j.judgement])];
    if (sign && j.best) words.push(w(UI.better, { move: j.best }));
    b.setAttribute('aria-label', `${label} (${words.join(', ')})`);
    b.title = words.join(', ');
  }
}

/** The counts on the result card and in the result beside the board, once the whole game is
 * analysed. @param {PlyJudgement[]} list */
function syncOverCard(list) {
  const plies = state.view?.plies ?? 0;
  const complete = !!kept && kept.evals.length > plies && list.length === plies && state.phase === 'over' && !state.tutorial;
  for (const [id, after, tag] of [['over-analysis', 'over-hints', 'p'], ['result-analysis', 'result-text', 'span']]) {
    let e = document.getElementById(id);
    if (!complete) {
      if (e) e.hidden = true;
      continue;
    }
    if (!e) {
      e = el(tag, { id, class: 'counts' });
      $(after).after(e);
    }
    e.hidden = false;
    const text = countsText(list);
    if (e.textContent !== text) e.textContent = text;
  }
}

// ------------------------------------------------------------------ learn from your mistakes

/** The learning exercise running on the board: the game put aside, the mistakes to go through,
 * where it stands. @typedef {{ game: WebGame, gameId: string | null, phase: Phase, orientation: Color,
 *   message: Message, prompt: Message | null, lastMove: LastMove | null, past: number | null }} Aside */

/** @type {Aside | null} */
let aside = null;
/** The plies of the player's mistakes, and which one is shown. */
let mistakes = /** @type {PlyJudgement[]} */ ([]);
let index = 0;
/** 'todo' | 'busy' | 'right' | 'wrong' */
let status = 'todo';
let learning = false;

/** @type {TutorialHook} */
const hook = { open: false, rule: () => '', after: onLearnTurn };

/** The sides whose mistakes are gone through: the player's (both in a game of two players). */
function learners() {
  const human = humanColor();
  return human ? [human] : ['red', 'black'];
}

function startLearning() {
  const game = state.game;
  if (!game || learning || !kept) return;
  const list = judgements();
  const sides = learners();
  const mine = list.filter((j) => sides.includes(j.side) && !j.forced);
  mistakes = mine.filter((j) => j.judgement === 'mistake' || j.judgement === 'blunder');
  if (!mistakes.length) mistakes = mine.filter((j) => j.judgement === 'inaccuracy');
  if (!mistakes.length) {
    update((s) => say(s, w(UI.learnNone, { side: sides.map((c) => sideName(/** @type {Color} */ (c))).join(', ') }), 'info'));
    return;
  }
  aside = { game, gameId: state.gameId, phase: state.phase, orientation: state.orientation, message: state.message, prompt: state.prompt, lastMove: state.lastMove, past: state.past?.ply ?? null };
  learning = true;
  update((s) => {
    s.tutorial = hook;
    s.gameId = null;
    s.past = null;
  });
  buildLearnPanel();
  showMistake(0);
  $('learn-title').focus({ preventScroll: true });
}

/** The position before mistake `i`, for the player to find a better turn. @param {number} i */
function showMistake(i) {
  const bindings = state.bindings;
  if (!bindings || !aside || !kept) return;
  index = Math.max(0, Math.min(i, mistakes.length - 1));
  const m = mistakes[index];
  const game = bindings.WebGame.fromRecord({ version: 1, rules: kept.rules, start: kept.start, history: aside.game.history().slice(0, m.ply), hints: 0 });
  const old = state.game;
  status = 'todo';
  update((s) => {
    s.game = game;
    s.phase = 'playing';
    clearBoard(s);
    refresh(s);
    s.orientation = m.side;
    hook.open = true;
    say(s, taskText(m), 'info');
    s.prompt = { ...s.message };
  });
  if (old && old !== aside.game) old.free();
  syncLearnPanel();
}

/** @param {PlyJudgement} m */
function taskText(m) {
  const game = aside?.game;
  const played = game?.history()[m.ply];
  const text = game && played ? shownText(game, m.ply, played) : '';
  return w(UI.learnTask, { side: sideName(m.side), move: text, judgement: w(UI[m.judgement]) });
}

/** A turn in the internal notation as the game writes it. @param {WebGame} game @param {number} ply @param {string} turn */
function shownText(game, ply, turn) {
  try {
    return game.line(ply, [turn])[0]?.text ?? turn;
  } catch {
    return turn;
  }
}

/** After the player's turn in the exercise: the engine searches the position after it, and the
 * wasm layer judges it against the position's search kept from the analysis. */
async function onLearnTurn() {
  const game = state.game;
  const m = mistakes[index];
  if (!game || !kept || !aside || status !== 'todo' || !m) return;
  const history = game.history();
  if (history.length !== m.ply + 1) return;
  const played = shownText(game, m.ply, history[m.ply]);
  status = 'busy';
  hook.open = false;
  update((s) => say(s, w(UI.learnThinking, { move: played }), 'info'));
  syncLearnPanel();
  try {
    const reply = await engine.evaluate({ rules: kept.rules, start: kept.start, history, depth: kept.depth });
    if (state.game !== game || !kept) return;
    const j = game.judge([...kept.evals.slice(0, m.ply + 1), reply.eval])[m.ply];
    const good = j.judgement === 'best' || j.judgement === 'good';
    status = good ? 'right' : 'wrong';
    update((s) => say(s, w(good ? UI.learnRight : UI.learnWrong, { move: played, judgement: w(UI[j.judgement]) }), good ? 'info' : 'error'));
  } catch (e) {
    status = 'wrong';
    update((s) => say(s, problemText(e), 'error'));
  }
  syncLearnPanel();
  $(status === 'right' ? (index < mistakes.length - 1 ? 'learn-next' : 'learn-leave') : 'learn-retry').focus({ preventScroll: true });
}

/** Marks the piece of the engine's best turn (`full`: its whole path). @param {boolean} full */
function hint(full) {
  const m = mistakes[index];
  const game = state.game;
  const e = kept?.evals[m?.ply ?? -1];
  if (!m || !game || !e?.best || !state.view || status === 'busy') return;
  if (status !== 'todo') showMistake(index);
  const turn = state.game?.line(m.ply, [e.best])[0] ?? null;
  update((s) => {
    if (s.view) s.hint = { fen: s.view.fen, turn, full };
    if (full && turn) say(s, w(UI.learnShown, { move: turn.text }), 'info', turn.path);
  });
}

function leaveLearning() {
  const back = aside;
  if (!back) return;
  const mine = state.game;
  update((s) => {
    s.tutorial = null;
    s.game = back.game;
    s.gameId = back.gameId;
    s.phase = back.phase;
    clearBoard(s);
    s.orientation = back.orientation;
    refresh(s);
    s.lastMove = back.lastMove;
    s.message = back.message;
    s.prompt = back.prompt;
  });
  if (mine && mine !== back.game) mine.free();
  aside = null;
  learning = false;
  document.getElementById('learn')?.remove();
  if (back.past != null) look(back.past);
  requestAnimationFrame(() => document.getElementById('learn-start')?.focus({ preventScroll: true }));
  if (back.phase === 'playing') afterTurn();
}

function buildLearnPanel() {
  document.getElementById('learn')?.remove();
  const section = el('section', { id: 'learn', 'aria-labelledby': 'learn-title' });
  section.append(el('h2', { id: 'learn-title', tabindex: '-1' }), el('p', { id: 'learn-task' }));
  const nav = el('div', { class: 'an-row' });
  /** @type {[string, () => void][]} */
  const buttons = [
    ['learn-hint', () => hint(false)],
    ['learn-show', () => hint(true)],
    ['learn-retry', () => showMistake(index)],
    ['learn-next', () => showMistake(index + 1)],
    ['learn-leave', leaveLearning],
  ];
  for (const [id, fn] of buttons) {
    const b = el('button', { type: 'button', id });
    b.addEventListener('click', fn);
    nav.append(b);
  }
  section.append(nav);
  $('panel').prepend(section);
}

function syncLearnPanel() {
  const section = document.getElementById('learn');
  const m = mistakes[index];
  if (!section || !m) return;
  section.dataset.status = status;
  section.dataset.ply = String(m.ply);
  setText('learn-title', w(UI.learnTitle, { n: index + 1, count: mistakes.length }));
  setText('learn-task', status === 'right' && index === mistakes.length - 1 ? w(UI.learnDone) : taskText(m));
  setText('learn-hint', w(UI.hint));
  setText('learn-show', w(UI.show));
  setText('learn-retry', w(UI.retry));
  setText('learn-next', w(UI.next));
  setText('learn-leave', w(UI.leave));
  /** @type {(id: string, on: boolean) => void} */
  const enable = (id, on) => { /** @type {HTMLButtonElement} */ ($(id)).disabled = !on; };
  enable('learn-hint', status === 'todo');
  enable('learn-show', status !== 'busy');
  enable('learn-retry', status !== 'busy');
  enable('learn-next', status !== 'busy' && index < mistakes.length - 1);
  $('learn-next').classList.toggle('primary', status === 'right');
  $('learn-retry').classList.toggle('primary', status === 'wrong');
}

onRedraw(() => syncPanel());
onLangSwitched(() => {
  $('moves').dataset.judged = '';
  syncLearnPanel();
  update();
});
