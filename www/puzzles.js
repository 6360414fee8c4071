// @ts-check
// The puzzle mode ("Aufgaben", issue 24) on the main board, loaded with import() when first opened.
// A puzzle is a position from a real game in which one turn wins a man or the game (`dame puzzles`,
// data/puzzles/<preset>.jsonl: its FEN with the solver to move, its solution line in the internal
// notation, alternately the solver's and the opponent's turns, ending with the solver's, its gain
// and its rating). The set of the rules chosen is fetched when the mode opens (another preset's when
// it is chosen); a set that cannot be loaded is said and the game stays as it was.
//
// As in the tutorial (www/tutorial.js) the turn order hands each of the player's turns to this
// module (`state.tutorial`): the wasm layer decides what is legal; here the turn is only compared
// with the solution's (its text, or the position it leads to). The solution's turn: the opponent
// answers with the line's next turn, until the line ends (solved). Another turn: the computer's
// worker searches the position after it and after the solution's turn to the same depth (10 to
// 14: the rest of the line and two plies); a turn that keeps the win as surely (a forced win, or
// within 30 hundredths of the solution's score where the search saw the solution's gain) solves
// the puzzle too, any other fails it, with the engine's refutation in the game's notation.
// The game that was there is put aside and restored on leaving; the saved game is never written
// meanwhile; the computer does not move.
//
// Rating: Glicko (one rating period per puzzle), the player's rating and deviation per preset
// (start 1200 ± 350), each puzzle at its file's rating with a fixed deviation of 75. Only the first
// attempt at a puzzle counts (solved 1, solved after a hint ½, failed or solution shown 0; skipped:
// not counted). The next puzzle is one of the five unsolved ones nearest the player's rating.
// Progress is remembered in localStorage (`dame.puzzles.v1`), read defensively: anything that is
// not a rating, a deviation or a list of puzzle ids is a fresh start for that part.
//
// The board carries data-puzzle (the puzzle's id) and data-puzzle-state (solving, solved, failed)
// while the mode is open.

import { state, update, say } from './state.js';
import { clearBoard, beforePlay } from './game.js';
import { afterTurn, refresh } from './turns.js';
import { animateTurn } from './anim.js';
import { stopComputer } from './computer.js';
import { lang, nameOf, sideName, problemText, onLangSwitched } from './i18n.js';
import { $, canvas, showBoard } from './dom.js';
import { turnWords } from './words.js';
import * as engine from './engine.js';
import { w, storage, el } from './panel.js';

/** @import { State, WebGame, TutorialHook, Message, LastMove, Color, Phase } from '#types/page' */
/** @import { PlayedTurn } from '#types/PlayedTurn' */
/** @import { ScoreView } from '#types/ScoreView' */
/** @import { PositionEvalView } from '#types/PositionEvalView' */

/** @typedef {{ de: string, en: string }} Words */
/** @typedef {{ id: string, rules: string, fen: string, solution: string[], gain: number | 'win', rating: number }} Puzzle */
/** @typedef {{ rating: number, deviation: number, solved: string[], failed: string[] }} SetProgress */
/** 'solving': the player is to move; 'busy': the opponent answers, a turn is checked or the
 * solution shown; 'done': the attempt has its result. */
/** @typedef {'solving' | 'busy' | 'done'} Status */

export const KEY = 'dame.puzzles.v1';
/** The puzzle sets, one per preset: literal URLs, so that the build hashes them and the service
 * worker caches them (both find only `new URL('…', import.meta.url)`). */
const SETS = /** @type {Record<string, URL>} */ ({
  blasen: new URL('puzzles/blasen.jsonl', import.meta.url),
  standard: new URL('puzzles/standard.jsonl', import.meta.url),
  'standard-flying': new URL('puzzles/standard-flying.jsonl', import.meta.url),
  english: new URL('puzzles/english.jsonl', import.meta.url),
  russian: new URL('puzzles/russian.jsonl', import.meta.url),
});
const PRESETS = Object.keys(SETS);

const START_RATING = 1200;
const START_DEVIATION = 350;
const MIN_DEVIATION = 50;
const PUZZLE_DEVIATION = 75;
/** The depth of the searches that judge a turn other than the solution's: the rest of the line and
 * two plies more, at least DEPTH and at most MAX_DEPTH (in the browser under a second for a full
 * board at 14, about four at 16). */
const DEPTH = 10;
const MAX_DEPTH = 14;
/** The solution's score (the solver's, hundredths) from which a search is taken to see its gain:
 * below it the search did not reach it, and only a forced win solves the puzzle another way. */
const SEEN = 50;
/** How much less than the solution's score (hundredths of a man) another turn may keep. */
const SLACK = 30;
/** Among how many unsolved puzzles nearest the player's rating the next is chosen. */
const NEAREST = 5;

/** The mode's words. @type {Record<string, Words>} */
const UI = {
  title: { de: 'Aufgaben', en: 'Puzzles' },
  sets: { de: 'Welche Regeln', en: 'Which rules' },
  taskWin: { de: '{side} am Zug gewinnt.', en: '{side} to move wins.' },
  taskMen: { de: '{side} am Zug gewinnt {count}.', en: '{side} to move wins {count}.' },
  oneMan: { de: 'einen Stein', en: 'a man' },
  twoMen: { de: 'zwei Steine', en: 'two men' },
  manyMen: { de: '{n} Steine', en: '{n} men' },
  find: { de: 'Finde den Zug.', en: 'Find the move.' },
  ratingPuzzle: { de: 'Aufgabe: {puzzle}', en: 'Puzzle: {puzzle}' },
  ratingPlayer: { de: 'Deine Wertung: {rating}\u00a0±\u00a0{dev}', en: 'Your rating: {rating}\u00a0±\u00a0{dev}' },
  change: { de: ' ({delta})', en: ' ({delta})' },
  count: { de: 'Gelöst: {solved} von {total}', en: 'Solved: {solved} of {total}' },
  hint: { de: 'Tipp', en: 'Hint' },
  retry: { de: 'Nochmal', en: 'Try again' },
  solution: { de: 'Lösung zeigen', en: 'Show solution' },
  next: { de: 'Nächste Aufgabe →', en: 'Next puzzle →' },
  leave: { de: 'Aufgaben verlassen', en: 'Leave the puzzles' },
  loadFailed: { de: 'Die Aufgaben ({set}) ließen sich nicht laden: {problem}', en: 'The puzzles ({set}) could not be loaded: {problem}' },
  empty: { de: 'keine Aufgabe darin', en: 'no puzzle in it' },
  badPuzzle: { de: 'Die Aufgabe {id} ließ sich nicht aufstellen: {problem}', en: 'Puzzle {id} could not be set up: {problem}' },
  checking: { de: 'Das ist nicht der Zug der Lösung – ich prüfe, ob er ebenso gewinnt …', en: 'That is not the solution’s move – checking whether it wins as well …' },
  right: { de: 'Richtig.', en: 'Right.' },
  goOn: { de: 'Weiter – dein Zug.', en: 'Go on – your move.' },
  solved: { de: 'Gelöst!', en: 'Solved!' },
  solvedOther: {
    de: 'Gelöst! {move} gewinnt ebenso (die Lösung war {solution}).',
    en: 'Solved! {move} wins as well (the solution was {solution}).',
  },
  halfHint: { de: 'Mit Tipp gelöst: zählt halb.', en: 'Solved with a hint: counts half.' },
  failed: { de: '{move} ist nicht die Lösung: {side} antwortet {reply}.', en: '{move} is not the solution: {side} answers {reply}.' },
  failedPlain: { de: '{move} ist nicht die Lösung.', en: '{move} is not the solution.' },
  after: { de: 'Danach: {after}; mit der Lösung: {best}.', en: 'After it: {after}; with the solution: {best}.' },
  afterOnly: { de: 'Danach: {after}.', en: 'After it: {after}.' },
  refutation: { de: 'Widerlegung: {line}', en: 'Refutation: {line}' },
  wins: { de: '{side} gewinnt', en: '{side} wins' },
  ahead: { de: '{side} liegt {n} vorn', en: '{side} is {n} ahead' },
  level: { de: 'ausgeglichen', en: 'level' },
  men1: { de: '1 Stein', en: '1 man' },
  menN: { de: '{n} Steine', en: '{n} men' },
  notChecked: { de: 'Der Zug ließ sich nicht prüfen ({problem}).', en: 'The move could not be checked ({problem}).' },
  retryHint: { de: 'Versuche es nochmal, oder sieh dir die Lösung an.', en: 'Try again, or look at the solution.' },
  rating: { de: 'Deine Wertung: {rating} ({delta}).', en: 'Your rating: {rating} ({delta}).' },
  unrated: { de: 'Nicht gewertet: nicht der erste Versuch.', en: 'Not rated: not the first attempt.' },
  line: { de: 'Lösung: {line}', en: 'Solution: {line}' },
  showing: { de: 'Die Lösung: {line}', en: 'The solution: {line}' },
  hintPiece: { de: 'Tipp: Dieser Stein zieht (markiert). Noch ein Klick auf „Tipp“ zeigt den ganzen Zug.', en: 'Hint: this piece moves (marked). Another click on “Hint” shows the whole move.' },
  hintMove: { de: 'Tipp: {move}.', en: 'Hint: {move}.' },
  answerFailed: { de: 'Die Antwort der Lösung ließ sich nicht spielen: {problem}', en: 'The solution’s answer could not be played: {problem}' },
};

// ------------------------------------------------------------------ the sets

/** The sets loaded so far (each fetched once; a failed fetch is tried again next time).
 * @type {Map<string, Promise<Puzzle[]>>} */
const loaded = new Map();

/** The puzzles of a preset's file; throws with the problem in words. @param {string} preset
 * @returns {Promise<Puzzle[]>} */
function load(preset) {
  let set = loaded.get(preset);
  if (!set) {
    set = fetchSet(preset);
    loaded.set(preset, set);
    set.catch(() => loaded.delete(preset));
  }
  return set;
}

/** @param {string} preset @returns {Promise<Puzzle[]>} */
async function fetchSet(preset) {
  const url = SETS[preset];
  if (!url) throw new Error(preset);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`.trim());
  const set = parseSet(await res.text(), preset);
  if (!set.length) throw new Error(w(UI.empty));
  return set;
}

/** The puzzles of a JSON Lines text: lines that are not a puzzle of `preset` are left out.
 * @param {string} text @param {string} preset @returns {Puzzle[]} */
export function parseSet(text, preset) {
  /** @type {Puzzle[]} */
  const out = [];
  const ids = new Set();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    /** @type {any} */
    let p;
    try {
      p = JSON.parse(line);
    } catch {
      continue;
    }
    if (!p || typeof p !== 'object' || typeof p.id !== 'string' || !p.id || ids.has(p.id)) continue;
    if (p.rules !== preset || typeof p.fen !== 'string') continue;
    const solution = p.solution;
    if (!Array.isArray(solution) || solution.length % 2 !== 1 || !solution.every((s) => typeof s === 'string' && s)) continue;
    const gain = p.gain === 'win' ? 'win' : Number.isFinite(p.gain) && p.gain > 0 ? Number(p.gain) : null;
    if (gain === null) continue;
    const rating = Number.isFinite(p.rating) ? Math.max(100, Math.min(3500, Number(p.rating))) : 1500;
    ids.add(p.id);
    out.push({ id: p.id, rules: preset, fen: p.fen, solution: solution.map(String), gain, rating });
  }
  return out;
}

// ------------------------------------------------------------------ progress and rating

/** @returns {SetProgress} */
const fresh = () => ({ rating: START_RATING, deviation: START_DEVIATION, solved: [], failed: [] });

/** The remembered progress of each preset, checked: a part that is not what it should be starts
 * afresh (a corrupt record is never an error). @returns {Record<string, SetProgress>} */
export function readProgress() {
  /** @type {Record<string, SetProgress>} */
  const out = {};
  for (const p of PRESETS) out[p] = fresh();
  /** @type {any} */
  let data = null;
  try {
    data = JSON.parse(storage()?.getItem(KEY) ?? 'null');
  } catch {
    return out;
  }
  if (!data || typeof data !== 'object' || data.version !== 1 || !data.sets || typeof data.sets !== 'object') return out;
  const ids = (/** @type {unknown} */ x) => (Array.isArray(x) ? [...new Set(x.filter((id) => typeof id === 'string' && id.length > 0 && id.length <= 100))].slice(-5000) : []);
  for (const preset of PRESETS) {
    const p = data.sets[preset];
    if (!p || typeof p !== 'object') continue;
    const rating = Number.isFinite(p.rating) && p.rating >= 100 && p.rating <= 4000 ? Number(p.rating) : null;
    const deviation = Number.isFinite(p.deviation) && p.deviation >= MIN_DEVIATION && p.deviation <= START_DEVIATION ? Number(p.deviation) : null;
    out[preset] = {
      // The rating and its deviation belong together: one without the other starts afresh.
      rating: rating !== null && deviation !== null ? rating : START_RATING,
      deviation: rating !== null && deviation !== null ? deviation : START_DEVIATION,
      solved: ids(p.solved),
      failed: ids(p.failed),
    };
  }
  return out;
}

function writeProgress() {
  try {
    storage()?.setItem(KEY, JSON.stringify({ version: 1, sets: progress }));
  } catch {
    // full or blocked: the puzzles go on, unremembered
  }
}

const Q = Math.LN10 / 400;
/** Glicko's weight of an opponent's deviation. @param {number} rd */
const g = (rd) => 1 / Math.sqrt(1 + (3 * Q * Q * rd * rd) / (Math.PI * Math.PI));

/** The player's rating and deviation after one result (`score`: 1 solved, ½, 0 failed) against a
 * puzzle rated `against` (Glicko, one rating period).
 * @param {number} rating @param {number} deviation @param {number} against @param {number} score */
export function glicko(rating, deviation, against, score) {
  const gj = g(PUZZLE_DEVIATION);
  const expected = 1 / (1 + 10 ** ((-gj * (rating - against)) / 400));
  const d2 = 1 / (Q * Q * gj * gj * expected * (1 - expected));
  const precision = 1 / (deviation * deviation) + 1 / d2;
  return {
    rating: rating + (Q / precision) * gj * (score - expected),
    deviation: Math.max(MIN_DEVIATION, Math.sqrt(1 / precision)),
  };
}

// ------------------------------------------------------------------ the mode on the board

/** The game that was there, put aside while the puzzles run (with the analysis board's arrows).
 * @typedef {{ game: WebGame | null, gameId: string | null, phase: Phase, elsewhere: 'same' | 'other' | null,
 *   orientation: Color, message: Message, prompt: Message | null, lastMove: LastMove | null,
 *   analysis: State['analysis'] }} Aside */

/** @type {Aside | null} */
let aside = null;
/** @type {Record<string, SetProgress>} */
let progress = readProgress();
/** The preset shown, and its puzzles. */
let preset = 'blasen';
/** @type {Puzzle[]} */
let puzzles = [];
/** @type {Puzzle | null} */
let puzzle = null;
/** @type {Status} */
let status = 'solving';
/** The attempt's result, once it has one (the board's data-puzzle-state: else 'solving').
 * @type {'solved' | 'failed' | null} */
let result = null;
/** Whether this puzzle's result has been rated (its first attempt, or an earlier visit). */
let rated = false;
/** The rating's change by this puzzle, once rated here. */
let delta = 0;
/** Whether a hint was shown (1: the piece, 2: the whole move). */
let hinted = 0;
/** Bumped whenever the puzzle shown changes: answers for an older one are dropped. */
let epoch = 0;
/** The last message, made again in the other language on a switch. @type {() => Message} */
let said = () => ({ text: '', kind: 'info' });
/** A line in the game's notation shown in the panel (the refutation, the solution), and its words. */
let shownLine = '';
/** @type {Words} */
let lineWords = { de: '', en: '' };
/** The puzzles shown since the mode opened (a skipped one does not come straight back).
 * @type {Set<string>} */
const seen = new Set();
/** Whether a set is being loaded (a second click waits for it). */
let loading = false;

/** @type {TutorialHook} */
const hook = { open: false, rule: () => '', after: onTurn };

/** Opens the puzzles of the rules chosen (from the start screen or from a game). */
export async function open() {
  if (state.tutorial || !state.bindings || loading) return;
  const wanted = PRESETS.includes(state.settings.rules) ? state.settings.rules : PRESETS[0];
  loading = true;
  /** @type {Puzzle[]} */
  let set;
  try {
    set = await load(wanted);
  } catch (e) {
    update((s) => say(s, w(UI.loadFailed, { set: presetName(wanted), problem: problemText(e) }), 'error'));
    return;
  } finally {
    loading = false;
  }
  if (state.tutorial || !state.bindings) return;
  stopComputer();
  aside = {
    game: state.game, gameId: state.gameId, phase: state.phase, elsewhere: state.elsewhere,
    orientation: state.orientation, message: state.message, prompt: state.prompt, lastMove: state.lastMove,
    analysis: state.analysis,
  };
  progress = readProgress();
  update((s) => {
    s.tutorial = hook;
    s.analysis = null;
    s.gameId = null;
    s.elsewhere = null;
    s.share = null;
  });
  buildPanel();
  document.body.classList.add('in-puzzles');
  seen.clear();
  preset = wanted;
  puzzles = set;
  next();
  $('puzzles-title').focus({ preventScroll: true });
}

/** The preset's name in the page's language. @param {string} id */
function presetName(id) {
  const p = state.presets.find((x) => x.id === id);
  return p ? nameOf(p) : id;
}

/** The next puzzle: one of the untried ones nearest the player's rating, one not shown since the
 * mode opened where there is one (failed ones only when every other is done, then any). */
function next() {
  const mine = progress[preset] ?? fresh();
  const solved = new Set(mine.solved);
  const failed = new Set(mine.failed);
  const others = puzzles.filter((p) => p.id !== puzzle?.id);
  const unseen = (/** @type {Puzzle[]} */ list) => list.filter((p) => !seen.has(p.id));
  const untried = others.filter((p) => !solved.has(p.id) && !failed.has(p.id));
  const unsolved = others.filter((p) => !solved.has(p.id));
  const pools = [unseen(untried), untried, unseen(unsolved), unsolved, others, puzzles];
  const pool = pools.find((p) => p.length) ?? [];
  const near = [...pool].sort((a, b) => Math.abs(a.rating - mine.rating) - Math.abs(b.rating - mine.rating)).slice(0, NEAREST);
  const chosen = near[Math.floor(Math.random() * near.length)];
  if (chosen) show(chosen, true);
}

/** Shows `p` from its position; `first`: a new puzzle (not another attempt); `kept`: the result
 * it keeps (the solution shown after it).
 * @param {Puzzle} p @param {boolean} first @param {'solved' | 'failed' | null} [kept] */
function show(p, first, kept = null) {
  const bindings = state.bindings;
  if (!bindings || !aside) return;
  /** @type {WebGame} */
  let game;
  try {
    game = new bindings.WebGame(p.rules, p.fen);
  } catch (e) {
    // Not expected (every puzzle was checked when written): said, and left out from now on.
    puzzles = puzzles.filter((x) => x !== p);
    update((s) => say(s, w(UI.badPuzzle, { id: p.id, problem: problemText(e) }), 'error'));
    if (puzzles.length) next();
    return;
  }
  stopComputer();
  epoch++;
  const old = state.game;
  puzzle = p;
  seen.add(p.id);
  status = kept ? 'busy' : 'solving';
  result = kept;
  hinted = 0;
  shownLine = '';
  if (first) {
    const mine = progress[preset];
    rated = !!mine && (mine.solved.includes(p.id) || mine.failed.includes(p.id));
    delta = 0;
  }
  said = () => ({ text: `${task()} ${w(UI.find)}`, kind: 'info' });
  update((s) => {
    s.game = game;
    s.phase = 'playing';
    clearBoard(s);
    refresh(s);
    if (s.view) s.orientation = s.view.side;
    hook.open = !kept;
    sayNow(s);
    s.prompt = { ...s.message };
  });
  if (old && old !== aside.game) old.free();
  syncPanel();
  // On an upright phone the panel is under the board: a puzzle begins with the board in view.
  if (matchMedia('(max-width: 820px) and (orientation: portrait)').matches) showBoard();
}

/** The task in words: "Rot am Zug gewinnt einen Stein." */
function task() {
  if (!puzzle) return '';
  const side = sideName(state.game?.startFen().startsWith('B') ? 'black' : 'red');
  if (puzzle.gain === 'win') return w(UI.taskWin, { side });
  const n = Math.max(1, Math.round(puzzle.gain / 100));
  const count = n === 1 ? w(UI.oneMan) : n === 2 ? w(UI.twoMen) : w(UI.manyMen, { n });
  return w(UI.taskMen, { side, count });
}

/** Says the last message (inside update()). @param {State} s */
function sayNow(s) {
  const m = said();
  say(s, m.text, m.kind);
}

/** The solver's colour. @returns {Color} */
const solver = () => (puzzle?.fen.trim().startsWith('B') ? 'black' : 'red');
/** @param {Color} c @returns {Color} */
const other = (c) => (c === 'red' ? 'black' : 'red');

/** Does the turn played as the `n`-th of the line (`played`, internal notation) equal the
 * solution's? The same text, or (another spelling of the same capture) the same position after it.
 * @param {string} played @param {number} n */
function isSolution(played, n) {
  const want = puzzle?.solution[n];
  const bindings = state.bindings;
  const game = state.game;
  if (!want || !puzzle || !bindings || !game) return false;
  if (played === want) return true;
  let replay = null;
  try {
    replay = new bindings.WebGame(puzzle.rules, puzzle.fen);
    for (const turn of game.history().slice(0, n)) replay.playText(turn);
    replay.playText(want);
    return replay.fen() === game.fen();
  } catch {
    return false;
  } finally {
    replay?.free();
  }
}

/** After each of the player's turns (from the turn order): the solution's turn, or is it as good? */
function onTurn() {
  const game = state.game;
  const v = state.view;
  if (status !== 'solving' || !game || !v || !puzzle) return;
  const history = game.history();
  const n = history.length - 1;
  if (n < 0 || n % 2 === 1) {
    // Nothing played (the language changed, say): the task again.
    update(sayNow);
    return;
  }
  const played = history[n];
  const mine = game.line(n, [played])[0];
  const you = mine ? turnWords(mine, 'you') : '';
  const line = puzzle.solution;
  if (isSolution(played, n)) {
    if (n + 1 >= line.length) {
      finish(you);
      return;
    }
    answer(line[n + 1]).then((turn) => {
      if (!turn) return;
      if (n + 2 >= line.length) {
        // Not expected: the line ends with the solver's turn.
        finish(you);
        return;
      }
      status = 'solving';
      const reply = turnWords(turn, turn.color);
      said = () => ({ text: `${w(UI.right)} ${turnWords(turn, turn.color)} ${w(UI.goOn)}`, kind: 'info' });
      update((s) => {
        hook.open = true;
        sayNow(s);
        s.announce = { text: `${you} ${w(UI.right)} ${reply} ${w(UI.goOn)}`, n: s.announce.n + 1 };
        s.prompt = { ...s.message };
      });
      syncPanel();
    });
    return;
  }
  if (v.outcome?.winner === solver()) {
    finish(you, played);
    return;
  }
  check(played, n, you);
}

/** A turn other than the solution's: the worker searches the position after it and after the
 * solution's turn to the same depth; as good (a forced win, or within SLACK hundredths): solved.
 * @param {string} played @param {number} n @param {string} you the turn in words */
async function check(played, n, you) {
  const game = state.game;
  if (!puzzle || !game) return;
  const p = puzzle;
  const mine = epoch;
  status = 'busy';
  said = () => ({ text: w(UI.checking), kind: 'info' });
  update((s) => {
    hook.open = false;
    sayNow(s);
    s.announce = { text: `${you} ${w(UI.checking)}`, n: s.announce.n + 1 };
  });
  syncPanel();
  const before = game.history().slice(0, n);
  const depth = Math.min(MAX_DEPTH, Math.max(DEPTH, p.solution.length - n + 1));
  /** @type {PositionEvalView | null} */
  let after = null;
  /** @type {PositionEvalView | null} */
  let best = null;
  /** @type {unknown} */
  let problem = null;
  try {
    const ask = (/** @type {string} */ turn) => engine.evaluate({ rules: p.rules, start: p.fen, history: [...before, turn], depth });
    const [a, b] = await Promise.all([ask(played), ask(p.solution[n] ?? played)]);
    after = a.eval;
    best = b.eval;
  } catch (e) {
    problem = e;
  }
  if (mine !== epoch || puzzle !== p) return;
  if (after && best && keeps(solverScore(after.score), solverScore(best.score))) {
    finish(you, played);
    return;
  }
  fail(played, n, after, best, problem, you);
}

/** A score of the side to move after the solver's turn, from the solver's side.
 * @param {ScoreView} score @returns {ScoreView} */
function solverScore(score) {
  if (score.kind === 'win') return { kind: 'loss', value: score.value };
  if (score.kind === 'loss') return { kind: 'win', value: score.value };
  return { kind: 'hundredths', value: -score.value };
}

/** Does a turn scoring `after` keep the win as surely as the solution's, scoring `best` (both the
 * solver's)? A forced win does; else one within SLACK of the solution's, when the search saw the
 * solution's gain (a long line may be beyond its depth: then nothing else counts).
 * @param {ScoreView} after @param {ScoreView} best */
function keeps(after, best) {
  if (after.kind === 'win') return true;
  if (after.kind === 'loss' || best.kind !== 'hundredths' || !reached(best)) return false;
  return after.value >= best.value - SLACK;
}

/** Did the search see the solution's gain? @param {ScoreView} best the solver's score after it */
const reached = (best) => best.kind === 'win' || (best.kind === 'hundredths' && best.value >= SEEN);

/** A score from the solver's side in words: "Rot gewinnt", "Rot liegt 1,2 Steine vorn".
 * @param {ScoreView} score */
function scoreWords(score) {
  const me = solver();
  if (score.kind === 'win') return w(UI.wins, { side: sideName(me) });
  if (score.kind === 'loss') return w(UI.wins, { side: sideName(other(me)) });
  const men = Math.round(Math.abs(score.value) / 10) / 10;
  if (men < 0.3) return w(UI.level);
  const n = men.toLocaleString(lang(), { maximumFractionDigits: 1 });
  return w(UI.ahead, { side: sideName(score.value > 0 ? me : other(me)), n: men === 1 ? w(UI.men1) : w(UI.menN, { n }) });
}

/** The puzzle is solved (`played`: by another turn than the solution's, as good).
 * @param {string} you the player's turn in words @param {string} [played] */
function finish(you, played) {
  const game = state.game;
  if (!puzzle || !game) return;
  status = 'done';
  result = 'solved';
  const change = rate(hinted ? 0.5 : 1);
  const ply = game.history().length - 1;
  said = () => {
    const head = played ? w(UI.solvedOther, { move: lineText(game, ply, [played]), solution: solutionText() }) : w(UI.solved);
    return { text: [head, hinted && change !== null ? w(UI.halfHint) : '', resultWords(change)].filter(Boolean).join(' '), kind: 'info' };
  };
  update((s) => {
    hook.open = false;
    s.required = [];
    sayNow(s);
    s.announce = { text: `${you} ${said().text}`, n: s.announce.n + 1 };
  });
  syncPanel();
  $('puzzles-next').focus({ preventScroll: true });
}

/** A turn other than the solution's fails: said why (the engine's refutation in the game's
 * notation, its first turn drawn as an arrow and its line in the panel), and what the solution
 * keeps. @param {string} played @param {number} n @param {PositionEvalView | null} after
 * @param {PositionEvalView | null} best @param {unknown} problem @param {string} you */
function fail(played, n, after, best, problem, you) {
  const game = state.game;
  if (!puzzle || !game) return;
  status = 'done';
  result = 'failed';
  const change = rate(0);
  const moveText = lineText(game, n, [played]);
  const pv = after ? (after.pv.length ? after.pv : after.best ? [after.best] : []) : [];
  const refutation = lineTurns(game, n + 1, pv).slice(0, 4);
  shownLine = refutation.map((t) => t.text).join(' ');
  lineWords = UI.refutation;
  said = () => {
    if (!after || !best || !refutation.length) {
      const why = problem ? w(UI.notChecked, { problem: problemText(problem) }) : '';
      return { text: [w(UI.failedPlain, { move: moveText }), why].filter(Boolean).join(' '), kind: 'error' };
    }
    return {
      text: [
        w(UI.failed, { move: moveText, side: sideName(other(solver())), reply: refutation[0].text }),
        reached(solverScore(best.score))
          ? w(UI.after, { after: scoreWords(solverScore(after.score)), best: scoreWords(solverScore(best.score)) })
          : w(UI.afterOnly, { after: scoreWords(solverScore(after.score)) }),
      ].join(' '),
      kind: 'error',
    };
  };
  const arrow = refutation[0];
  update((s) => {
    hook.open = false;
    s.required = arrow ? [{ squares: arrow.path, captured: arrow.captured, crowns: arrow.crowns, unfinished: false, text: arrow.text }] : [];
    sayNow(s);
    s.announce = { text: [you, said().text, resultWords(change), w(UI.retryHint)].filter(Boolean).join(' '), n: s.announce.n + 1 };
  });
  syncPanel();
  $('puzzles-retry').focus({ preventScroll: true });
}

/** Rates this puzzle's first attempt (`score` 1, ½ or 0) and remembers it as solved or failed;
 * the rating's change, or null when it was rated before. @param {number} score */
function rate(score) {
  if (!puzzle) return null;
  const mine = progress[preset] ?? fresh();
  progress[preset] = mine;
  const id = puzzle.id;
  if (score > 0) {
    mine.solved = [...mine.solved.filter((x) => x !== id), id];
    mine.failed = mine.failed.filter((x) => x !== id);
  } else if (!mine.solved.includes(id) && !mine.failed.includes(id)) {
    mine.failed = [...mine.failed, id];
  }
  let change = null;
  if (!rated) {
    rated = true;
    const next = glicko(mine.rating, mine.deviation, puzzle.rating, score);
    delta = Math.round(next.rating) - Math.round(mine.rating);
    mine.rating = next.rating;
    mine.deviation = next.deviation;
    change = delta;
  }
  writeProgress();
  return change;
}

/** The rating after a result, in words ("Deine Wertung: 1235 (+35).") or that it was not rated.
 * @param {number | null} change */
function resultWords(change) {
  const mine = progress[preset];
  if (change === null || !mine) return w(UI.unrated);
  return w(UI.rating, { rating: Math.round(mine.rating), delta: signed(change) });
}

/** @param {number} n */
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

/** Turns of the internal notation from the position after `ply` turns of `game`, in the game's
 * notation. @param {WebGame} game @param {number} ply @param {string[]} turns */
function lineText(game, ply, turns) {
  try {
    return game.line(ply, turns).map((t) => t.text).join(' ') || turns.join(' ');
  } catch {
    return turns.join(' ');
  }
}

/** Turns of the internal notation from the position after `ply` turns of `game`, as played turns
 * (none where the wasm layer refuses). @param {WebGame} game @param {number} ply @param {string[]} turns */
function lineTurns(game, ply, turns) {
  try {
    return game.line(ply, turns);
  } catch {
    return [];
  }
}

/** The whole solution in the game's notation. */
function solutionText() {
  const bindings = state.bindings;
  if (!puzzle || !bindings) return '';
  const game = new bindings.WebGame(puzzle.rules, puzzle.fen);
  try {
    return lineText(game, 0, puzzle.solution);
  } finally {
    game.free();
  }
}

/** The opponent's turn `text` (internal notation), played through the wasm layer and shown; the
 * turn, or null if it was not (or the puzzle changed meanwhile). @param {string} text
 * @returns {Promise<PlayedTurn | null>} */
async function answer(text) {
  const game = state.game;
  const before = state.view;
  if (!game || !before) return null;
  status = 'busy';
  update(() => { hook.open = false; });
  syncPanel();
  const mine = epoch;
  /** @type {PlayedTurn} */
  let turn;
  try {
    turn = game.playText(text);
  } catch (e) {
    // Not expected (each line was checked when written): said, and the puzzle counts as solved.
    status = 'done';
    result = 'solved';
    said = () => ({ text: w(UI.answerFailed, { problem: problemText(e) }), kind: 'error' });
    update(sayNow);
    syncPanel();
    return null;
  }
  await animateTurn(turn, before);
  if (mine !== epoch || game !== state.game) return null;
  update((s) => {
    s.lastMove = { path: turn.path, captured: turn.captured, huff: turn.huff };
    refresh(s);
  });
  return turn;
}

/** Shows the piece to move (a first press), then the whole move (a second). */
function hint() {
  const game = state.game;
  const v = state.view;
  if (!puzzle || status !== 'solving' || !game || !v || hinted >= 2) return;
  const n = game.history().length;
  const want = puzzle.solution[n];
  if (!want) return;
  let turn;
  try {
    turn = game.line(n, [want])[0];
  } catch {
    turn = undefined;
  }
  if (!turn) return;
  hinted++;
  const full = hinted >= 2;
  const move = turn.text;
  said = () => ({ text: full ? w(UI.hintMove, { move }) : w(UI.hintPiece), kind: 'info' });
  update((s) => {
    s.selected = null;
    s.drag = null;
    s.hint = { fen: v.fen, turn, full };
    s.required = full ? [{ squares: turn.path, captured: turn.captured, crowns: turn.crowns, unfinished: false, text: turn.text }] : [];
    sayNow(s);
  });
  syncPanel();
}

/** Shows the whole solution from the puzzle's position, turn by turn; a puzzle not yet solved
 * counts as failed. */
async function showSolution() {
  const p = puzzle;
  if (!p || status === 'busy') return;
  if (!result) rate(0);
  show(p, false, result ?? 'failed');
  shownLine = solutionText();
  lineWords = UI.line;
  said = () => ({ text: w(UI.showing, { line: solutionText() }), kind: 'info' });
  update((s) => {
    hook.open = false;
    sayNow(s);
  });
  syncPanel();
  const mine = epoch;
  for (const text of p.solution) {
    // A short pause before each turn, so that each is seen.
    await new Promise((resolve) => setTimeout(resolve, 350));
    if (mine !== epoch) return;
    const turn = await answer(text);
    if (!turn || mine !== epoch) return;
  }
  status = 'done';
  syncPanel();
}

/** Leaves the puzzles: the game that was there comes back as it was. */
function leave() {
  const back = aside;
  if (!back) return;
  if (status === 'busy') engine.cancel();
  stopComputer();
  epoch++;
  const mine = state.game;
  update((s) => {
    s.tutorial = null;
    s.game = back.game;
    s.gameId = back.gameId;
    s.phase = back.phase;
    s.elsewhere = back.elsewhere;
    clearBoard(s);
    s.orientation = back.orientation;
    if (back.game) refresh(s);
    s.lastMove = back.lastMove;
    s.message = back.phase === 'setup' ? { text: beforePlay(), kind: 'info' } : back.message;
    s.prompt = back.prompt;
    s.analysis = back.analysis;
  });
  if (mine && mine !== back.game) mine.free();
  aside = null;
  puzzle = null;
  document.body.classList.remove('in-puzzles');
  delete canvas.dataset.puzzle;
  delete canvas.dataset.puzzleState;
  const focused = document.activeElement;
  document.getElementById('puzzles')?.remove();
  // The focus was in the panel just removed: to the button that opens the puzzles again, once the
  // redraw has shown it.
  if (!focused || !focused.isConnected) {
    requestAnimationFrame(() => $(back.phase === 'setup' ? 'puzzles-open' : 'puzzles-open-game').focus({ preventScroll: true }));
  }
  if (back.phase === 'playing' && !back.elsewhere) afterTurn();
}

/** Another preset's puzzles (loaded first; one that cannot be loaded is said, and the puzzle shown
 * stays). @param {string} id */
async function choose(id) {
  if (id === preset || loading) return;
  loading = true;
  /** @type {Puzzle[]} */
  let set;
  try {
    set = await load(id);
  } catch (e) {
    said = () => ({ text: w(UI.loadFailed, { set: presetName(id), problem: problemText(e) }), kind: 'error' });
    update(sayNow);
    return;
  } finally {
    loading = false;
  }
  if (!aside) return;
  preset = id;
  puzzles = set;
  puzzle = null;
  next();
}

// ------------------------------------------------------------------ the panel

/** The puzzles' part of the panel, before the rest of it. */
function buildPanel() {
  document.getElementById('puzzles')?.remove();
  const section = el('section', { id: 'puzzles', 'aria-labelledby': 'puzzles-title' });
  const title = el('h2', { id: 'puzzles-title', tabindex: '-1' });
  const sets = el('div', { class: 'tut-kinds', role: 'group', id: 'puzzles-sets' });
  for (const id of PRESETS) {
    const b = el('button', { type: 'button', 'data-preset': id });
    b.addEventListener('click', () => void choose(id));
    sets.append(b);
  }
  const taskText = el('p', { id: 'puzzles-task', class: 'tut-task' });
  const ratings = el('p', { id: 'puzzles-ratings', class: 'puz-ratings' });
  const dot = el('span', { class: 'puz-sep' });
  dot.textContent = ' · ';
  ratings.append(el('span', { id: 'puzzles-rating-puzzle' }), dot, el('span', { id: 'puzzles-rating-player' }));
  const count = el('p', { id: 'puzzles-count', class: 'tut-count' });
  const line = el('p', { id: 'puzzles-line', class: 'puz-line' });
  const nav = el('div', { class: 'tut-nav' });
  /** @type {[string, () => void][]} */
  const buttons = [
    ['puzzles-hint', hint],
    ['puzzles-retry', () => { if (puzzle && status !== 'busy') show(puzzle, false); }],
    ['puzzles-solution', () => void showSolution()],
    ['puzzles-next', next],
  ];
  for (const [id, fn] of buttons) {
    const b = el('button', { type: 'button', id });
    b.addEventListener('click', fn);
    nav.append(b);
  }
  const leaveButton = el('button', { type: 'button', id: 'puzzles-leave', class: 'link' });
  leaveButton.addEventListener('click', leave);
  section.append(title, taskText, ratings, nav, line, count, sets, leaveButton);
  $('panel').prepend(section);
}

/** The panel and the board's attributes in step with the mode, in the page's language. */
function syncPanel() {
  const section = document.getElementById('puzzles');
  if (!section || !puzzle) return;
  canvas.dataset.puzzle = puzzle.id;
  canvas.dataset.puzzleState = result ?? 'solving';
  section.dataset.preset = preset;
  section.dataset.status = status;
  section.dataset.hint = String(hinted);
  const set = (/** @type {string} */ id, /** @type {string} */ text) => {
    const e = $(id);
    if (e.textContent !== text) e.textContent = text;
  };
  set('puzzles-title', `${w(UI.title)}: ${presetName(preset)}`);
  $('puzzles-sets').setAttribute('aria-label', w(UI.sets));
  for (const b of $('puzzles-sets').querySelectorAll('button')) {
    const id = b.dataset.preset ?? '';
    b.textContent = presetName(id);
    b.setAttribute('aria-pressed', String(id === preset));
  }
  set('puzzles-task', task());
  const mine = progress[preset] ?? fresh();
  const change = rated && delta && result ? w(UI.change, { delta: signed(delta) }) : '';
  set('puzzles-rating-puzzle', w(UI.ratingPuzzle, { puzzle: puzzle.rating }));
  set('puzzles-rating-player', w(UI.ratingPlayer, { rating: Math.round(mine.rating), dev: Math.round(mine.deviation) }) + change);
  const ids = new Set(puzzles.map((p) => p.id));
  set('puzzles-count', w(UI.count, { solved: mine.solved.filter((id) => ids.has(id)).length, total: puzzles.length }));
  set('puzzles-line', shownLine ? w(lineWords, { line: shownLine }) : '');
  $('puzzles-line').hidden = !shownLine;
  set('puzzles-hint', w(UI.hint));
  set('puzzles-retry', w(UI.retry));
  set('puzzles-solution', w(UI.solution));
  set('puzzles-next', w(UI.next));
  set('puzzles-leave', w(UI.leave));
  /** @type {(id: string, on: boolean) => void} */
  const enable = (id, on) => { $(id, HTMLButtonElement).disabled = !on; };
  enable('puzzles-hint', status === 'solving' && hinted < 2);
  enable('puzzles-retry', status === 'done');
  enable('puzzles-solution', status !== 'busy');
  $('puzzles-retry').classList.toggle('primary', result === 'failed');
  $('puzzles-next').classList.toggle('primary', result === 'solved');
}

/** The language switch (after the page's own): the panel and the message in the other one. */
onLangSwitched(() => {
  if (!aside || !puzzle) return;
  syncPanel();
  update((s) => {
    sayNow(s);
    if (status === 'solving') s.prompt = { ...s.message };
  });
});
