// The puzzle mode (www/puzzles.js, issue 24): a puzzle solved with the mouse and one with the
// keyboard (the test reads the solution from the served puzzle file, by the board's data-puzzle),
// a wrong turn failed with the engine's refutation and tried again, the rating changed and kept
// across a reload, a corrupt record survived, a set that cannot be loaded, a saved game left as it
// was, the module and the sets loaded only when the mode opens, and the sets offline (content-hashed,
// cached by the service worker).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser, openGame, drag, click, idle, fen, message, shot, settle, q, serve, distDir } from './helpers.mjs';
import { seriousViolations } from './axe.mjs';

const env = withBrowser();

const board = (page, name) => page.getAttribute('#board', `data-${name}`);

/** Opens the puzzles (from the start screen, or from a game) and waits for the first one. */
async function openPuzzles(page, button = '#puzzles-open') {
  await page.click(button);
  await page.waitForSelector('#board[data-puzzle][data-puzzle-state="solving"]', { timeout: 15000 });
  await idle(page);
}

/** The puzzle shown, as its file has it (fetched in the page from the served set). */
async function shown(page) {
  const id = await board(page, 'puzzle');
  return page.evaluate(async (want) => {
    const set = new RegExp(`/puzzles/${want.replace(/-\d+$/, '')}(-[0-9a-f]{16})?\\.jsonl$`);
    const url = performance.getEntriesByType('resource').map((e) => e.name).find((u) => set.test(u));
    const text = await (await fetch(url)).text();
    return text.split('\n').filter(Boolean).map((l) => JSON.parse(l)).find((p) => p.id === want);
  }, id);
}

/** A turn of the internal notation: the huffed square (Blasen) and the squares it goes through
 * (none for a huff alone, which ends the game). */
function parseTurn(text) {
  const parts = text.trim().split(/\s+/);
  const huff = parts[0].startsWith('h') ? Number(parts.shift().slice(1)) : null;
  return { huff, squares: parts.length ? parts[0].split(/[-x]/).map(Number) : [] };
}

/** Waits until the huff of `sq` is made (or it ended the puzzle). */
async function huffed(page, sq) {
  await page.waitForFunction((at) => window.dame.state.view.pendingHuff === at || document.getElementById('board').dataset.puzzleState !== 'solving', sq);
  await idle(page);
}

/** Waits until the player may move again after the `n`-th turn of the line, or the puzzle is done. */
async function playersTurn(page, n) {
  await page.waitForFunction((plies) => {
    const s = window.dame.state;
    const state = document.getElementById('board').dataset.puzzleState;
    return state !== 'solving' || (s.tutorial?.open && s.view.plies === plies && !s.anim);
  }, n, { timeout: 30000 });
  await idle(page);
}

/** Plays the solver's turns of the solution with the mouse (drags; clicks for a capture that ends where it began). */
async function solveWithMouse(page, puzzle) {
  for (let i = 0; i < puzzle.solution.length; i += 2) {
    const { huff, squares } = parseTurn(puzzle.solution[i]);
    if (huff) {
      await click(page, huff);
      await huffed(page, huff);
    }
    if (!squares.length) {
      // A huff alone.
    } else if (squares[0] === squares.at(-1)) {
      // A capture that ends where it began: a drop there puts the piece back; clicked jump by jump.
      for (const sq of squares) {
        await click(page, sq);
        await idle(page);
      }
    } else {
      await drag(page, squares[0], squares.at(-1), squares.slice(1, -1));
    }
    await playersTurn(page, i + 2);
  }
}

/** Moves the keyboard's cursor to square `sq` with the arrow keys (the screen cells computed as
 * the board draws them, from the orientation), then presses Enter. */
async function enterOn(page, sq) {
  const cell = (row, col, o) => (o === 'black' ? { cx: 7 - col, cy: 8 - row } : { cx: col, cy: row - 1 });
  const { cursor, o } = await page.evaluate(() => ({ cursor: window.dame.state.cursor, o: window.dame.state.orientation }));
  assert.ok(cursor, 'the board has a cursor once it has the focus');
  const row = Math.floor((sq - 1) / 4) + 1;
  const col = ((sq - 1) % 4) * 2 + (row % 2 === 1 ? 1 : 0);
  const from = cell(cursor.row, cursor.col, o);
  const to = cell(row, col, o);
  for (let d = to.cx - from.cx; d !== 0; d -= Math.sign(d)) await page.keyboard.press(d > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let d = to.cy - from.cy; d !== 0; d -= Math.sign(d)) await page.keyboard.press(d > 0 ? 'ArrowDown' : 'ArrowUp');
  assert.deepEqual(await page.evaluate(() => window.dame.state.cursor), { row, col }, `the cursor went to ${sq}`);
  await page.keyboard.press('Enter');
}

/** Plays the solver's turns of the solution with the keyboard: Enter on the piece, then on each
 * square it lands on. */
async function solveWithKeys(page, puzzle) {
  for (let i = 0; i < puzzle.solution.length; i += 2) {
    const { huff, squares } = parseTurn(puzzle.solution[i]);
    if (huff) {
      await enterOn(page, huff);
      await huffed(page, huff);
    }
    if (squares.length) {
      await enterOn(page, squares[0]);
      await page.waitForFunction((sq) => window.dame.state.selected?.from === sq, squares[0]);
      for (const sq of squares.slice(1)) await enterOn(page, sq);
    }
    await playersTurn(page, i + 2);
  }
}

/** A legal first turn of the puzzle shown that is not the solution's, as a path of squares. */
async function wrongTurn(page, puzzle) {
  return page.evaluate((first) => {
    const { state } = window.dame;
    const want = state.game.line(0, [first])[0].text;
    const all = state.view.movable.flatMap((sq) => state.game.grab(sq).paths);
    return all.find((p) => p.text !== want && !p.unfinished)?.squares ?? null;
  }, puzzle.solution[0]);
}

/** The remembered progress of a preset. */
const stored = (page, preset) => page.evaluate((p) => JSON.parse(localStorage.getItem('dame.puzzles.v1') ?? 'null')?.sets?.[p] ?? null, preset);

test('a puzzle solved with the mouse: the opponent answers from the line, the rating changes and is kept after a reload', async () => {
  const { page, context, errors } = await openGame(env, q({ rules: 'english' }));
  await openPuzzles(page);
  assert.equal(await board(page, 'rules'), 'english');
  assert.equal(await page.isHidden('#setup'), true, 'the settings give way to the puzzles');
  const puzzle = await shown(page);
  assert.ok(puzzle, 'the puzzle shown is in the served file');
  assert.equal(await fen(page), puzzle.fen);
  // The solver's colour at the bottom; the task in words; the puzzle's rating and the player's.
  const solver = puzzle.fen.startsWith('B') ? 'black' : 'red';
  assert.equal(await board(page, 'orientation'), solver);
  assert.match(await page.textContent('#puzzles-task'), new RegExp(`^${solver === 'red' ? 'Rot' : 'Schwarz'} am Zug gewinnt`));
  assert.match(await page.textContent('#puzzles-ratings'), new RegExp(`Aufgabe: ${puzzle.rating} · Deine Wertung: 1200`));
  assert.match(await message(page), /gewinnt.*Finde den Zug\./);
  await shot(page, 'puzzles-desktop');
  await solveWithMouse(page, puzzle);
  await page.waitForSelector('#board[data-puzzle-state="solved"]');
  assert.equal(await page.evaluate(() => window.dame.state.view.plies), puzzle.solution.length, 'the whole line was played');
  assert.match(await message(page), /^Gelöst! Deine Wertung: \d+ \(\+\d+\)\./);
  const after = await stored(page, 'english');
  assert.ok(after.rating > 1200, `the rating went up (${after.rating})`);
  assert.ok(after.deviation < 350, 'and is surer');
  assert.deepEqual(after.solved, [puzzle.id]);
  const rating = Math.round(after.rating);
  assert.match(await page.textContent('#puzzles-ratings'), new RegExp(`Deine Wertung: ${rating}`));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'puzzles-next');
  await shot(page, 'puzzles-solved');
  // The next puzzle is another one.
  await page.click('#puzzles-next');
  await page.waitForFunction((id) => document.getElementById('board').dataset.puzzle !== id, puzzle.id);
  assert.equal(await board(page, 'puzzle-state'), 'solving');
  // After a reload the rating is the same; the solved puzzle is counted.
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await openPuzzles(page);
  assert.match(await page.textContent('#puzzles-ratings'), new RegExp(`Deine Wertung: ${rating}\u00a0±`));
  assert.match(await page.textContent('#puzzles-count'), /^Gelöst: 1 von \d+$/);
  assert.notEqual(await board(page, 'puzzle'), puzzle.id, 'a solved puzzle is not offered again');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a puzzle solved with the keyboard', async () => {
  const { page, context, errors } = await openGame(env, q({ rules: 'english', lang: 'en' }));
  await page.focus('#puzzles-open');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#board[data-puzzle-state="solving"]');
  await idle(page);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'puzzles-title', 'the focus goes to the panel');
  assert.match(await page.textContent('#puzzles-task'), /^(Red|Black) to move wins/);
  const puzzle = await shown(page);
  await page.focus('#board');
  // (The keys' module is loaded when the board first takes the focus; then it has a cursor.)
  await page.waitForFunction(() => !!window.dame.state.cursor);
  await settle(page);
  await solveWithKeys(page, puzzle);
  await page.waitForSelector('#board[data-puzzle-state="solved"]');
  assert.match(await message(page), /^Solved! Your rating: \d+ \(\+\d+\)\./);
  // The other language: the panel and the message switch.
  await page.click('#lang');
  await page.waitForFunction(() => /^Aufgaben: /.test(document.getElementById('puzzles-title').textContent));
  await settle(page);
  assert.match(await message(page), /^Gelöst! Deine Wertung: \d+ \(\+\d+\)\./);
  assert.match(await page.textContent('#puzzles-task'), /^(Rot|Schwarz) am Zug gewinnt/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrong turn fails, explained with the engine\'s refutation; try again, then the solution', async () => {
  const { page, context, errors } = await openGame(env, q({ rules: 'english' }));
  await openPuzzles(page);
  const puzzle = await shown(page);
  const wrong = await wrongTurn(page, puzzle);
  assert.ok(wrong, 'the puzzle has another legal turn');
  await drag(page, wrong[0], wrong.at(-1), wrong.slice(1, -1));
  await page.waitForSelector('#board[data-puzzle-state="failed"]', { timeout: 60000 });
  await idle(page);
  const why = await message(page);
  assert.match(why, /ist nicht die Lösung/);
  assert.match(why, /^\S+ ist nicht die Lösung: (Rot|Schwarz) antwortet \S+( \S+)?\. Danach: [^;]+(; mit der Lösung: .+)?\.$/, why);
  assert.equal(await page.evaluate(() => window.dame.state.required.length), 1, 'the refutation is drawn');
  assert.match(await page.textContent('#puzzles-line'), /^Widerlegung: \S+/, 'and its line is in the panel');
  assert.match(await page.textContent('#puzzles-ratings'), /Deine Wertung: \d+\u00a0±\u00a0\d+ \(−\d+\)$/, 'the rating went down');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'puzzles-retry');
  await shot(page, 'puzzles-failed');
  assert.deepEqual(await seriousViolations(page, { label: 'a failed puzzle' }), []);
  const failed = await stored(page, 'english');
  assert.deepEqual(failed.failed, [puzzle.id]);
  // Try again: the puzzle's position, and this time it is solved, but not rated again.
  await page.click('#puzzles-retry');
  await page.waitForSelector('#board[data-puzzle-state="solving"]');
  await idle(page);
  assert.equal(await fen(page), puzzle.fen);
  assert.equal(await board(page, 'puzzle'), puzzle.id);
  await solveWithMouse(page, puzzle);
  await page.waitForSelector('#board[data-puzzle-state="solved"]');
  assert.match(await message(page), /Nicht gewertet: nicht der erste Versuch\./);
  const again = await stored(page, 'english');
  assert.equal(again.rating, failed.rating, 'the rating is changed only on the first attempt');
  assert.deepEqual(again.solved, [puzzle.id]);
  // The solution shown, turn by turn, from the puzzle's position.
  await page.click('#puzzles-solution');
  await page.waitForFunction((n) => window.dame.state.view.plies === n && !window.dame.state.anim
    && !document.getElementById('puzzles-solution').disabled, puzzle.solution.length, { timeout: 20000 });
  assert.match(await page.textContent('#puzzles-line'), /^Lösung: \S+/);
  assert.equal(await board(page, 'puzzle-state'), 'solved');
  assert.deepEqual(errors, []);
  await context.close();
});

test('another turn that wins as surely solves the puzzle too (the engine judges it)', async () => {
  // A set of one puzzle, served in place of the English one: three kings against a man, where
  // 15-11 wins at once and 14-10 a little later (dame search: a forced win after either).
  const set = JSON.stringify({ id: 'english-1', rules: 'english', fen: 'W:WK14,K15,K22:B4', solution: ['15-11', '4-8', '11x4'], gain: 'win', rating: 1300 });
  const { page, context, errors } = await openGame(env, q({ rules: 'english', lang: 'en' }), { serviceWorkers: 'block' });
  await page.route(/\/puzzles\/english(-[0-9a-f]+)?\.jsonl$/, (route) => route.fulfill({ body: set + '\n', contentType: 'application/x-ndjson' }));
  await openPuzzles(page);
  assert.equal(await board(page, 'puzzle'), 'english-1');
  assert.match(await page.textContent('#puzzles-task'), /^Red to move wins\.$/);
  await drag(page, 14, 10);
  await page.waitForSelector('#board[data-puzzle-state="solved"]', { timeout: 60000 });
  await idle(page);
  assert.match(await message(page), /^Solved! \S+ wins as well \(the solution was \S+ \S+ \S+\)\. Your rating: \d+ \(\+\d+\)\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the hint marks the piece, then shows the move', async () => {
  const { page, context } = await openGame(env, q({ rules: 'english' }));
  await openPuzzles(page);
  const puzzle = await shown(page);
  const from = parseTurn(puzzle.solution[0]).squares[0];
  await page.click('#puzzles-hint');
  await page.waitForFunction((sq) => window.dame.state.hint?.turn?.path[0] === sq && !window.dame.state.hint.full, from);
  await settle(page);
  assert.match(await message(page), /^Tipp: Dieser Stein zieht/);
  await page.click('#puzzles-hint');
  await page.waitForFunction(() => window.dame.state.hint?.full && window.dame.state.required.length === 1);
  await settle(page);
  assert.match(await message(page), /^Tipp: \S+\.$/);
  await shot(page, 'puzzles-hint');
  await solveWithMouse(page, puzzle);
  await page.waitForSelector('#board[data-puzzle-state="solved"]');
  assert.match(await message(page), /Mit Tipp gelöst: zählt halb\./);
  await context.close();
});

test('a corrupt record is survived: a fresh start, nothing thrown', async () => {
  const { page, context, errors } = await openGame(env, q({ rules: 'english' }));
  for (const bad of ['{not json', '[]', '{"version":1,"sets":{"english":{"rating":"x","deviation":-4,"solved":5,"failed":[1,null,{}]}}}',
    '{"version":1,"sets":null}', '{"version":2}', 'null']) {
    await page.evaluate((text) => localStorage.setItem('dame.puzzles.v1', text), bad);
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    await openPuzzles(page);
    assert.match(await page.textContent('#puzzles-ratings'), /Deine Wertung: 1200\u00a0±\u00a0350/, bad);
    assert.match(await page.textContent('#puzzles-count'), /^Gelöst: 0 von \d+$/, bad);
  }
  // A record with a good rating but a bad deviation: both start afresh; good ids are kept.
  await page.evaluate(() => localStorage.setItem('dame.puzzles.v1', '{"version":1,"sets":{"english":{"rating":1500,"deviation":"no","solved":["x-1"],"failed":[]}}}'));
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await openPuzzles(page);
  assert.match(await page.textContent('#puzzles-ratings'), /Deine Wertung: 1200/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('puzzles from a game leave it as it was; the set comes with the mode; another preset', async () => {
  const { page, context, errors } = await openGame(env, q({ rules: 'english', level: 1 }));
  const asked = [];
  page.on('request', (req) => asked.push(new URL(req.url()).pathname));
  await page.click('#play');
  await idle(page);
  await drag(page, 22, 18);
  await page.waitForFunction(() => window.dame.state.view.history.length === 2 && !window.dame.state.thinking);
  await idle(page);
  const saved = await page.evaluate(() => localStorage.getItem('dame.game.v1'));
  const before = await fen(page);
  const lazy = () => asked.filter((p) => /\/puzzles(-[0-9a-f]+\.js|\/.*\.jsonl)$/.test(p));
  assert.deepEqual(lazy(), [], 'neither the module nor a set before the mode opens');
  assert.doesNotMatch(await page.content(), /modulepreload[^>]*puzzles-/);
  await openPuzzles(page, '#puzzles-open-game');
  assert.equal(lazy().length, 2, `the module and the English set: ${lazy()}`);
  assert.match(lazy()[1], /\/www\/puzzles\/english-[0-9a-f]{16}\.jsonl$/, 'the set is content-hashed');
  assert.equal(await page.isHidden('#controls'), true);
  // Another preset's puzzles: loaded when chosen.
  await page.click('#puzzles-sets button[data-preset="russian"]');
  await page.waitForFunction(() => document.getElementById('board').dataset.rules === 'russian' && /^russian-/.test(document.getElementById('board').dataset.puzzle));
  await idle(page);
  assert.match(await page.textContent('#puzzles-title'), /Russische Dame/);
  assert.equal(await page.evaluate(() => localStorage.getItem('dame.game.v1')), saved, 'the saved game is not written');
  await page.click('#puzzles-leave');
  await page.waitForFunction(() => !window.dame.state.tutorial);
  await idle(page);
  assert.equal(await board(page, 'puzzle'), null, 'data-puzzle goes with the mode');
  assert.equal(await board(page, 'puzzle-state'), null);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'puzzles-open-game');
  assert.equal(await fen(page), before);
  assert.equal(await board(page, 'rules'), 'english');
  assert.equal(await page.evaluate(() => localStorage.getItem('dame.game.v1')), saved);
  // And the game goes on: the player moves, the computer answers.
  const path = await page.evaluate(() => { const s = window.dame.state; return s.game.grab(s.view.movable[0]).paths[0].squares; });
  await drag(page, path[0], path.at(-1), path.slice(1, -1));
  await page.waitForFunction(() => window.dame.state.view.history.length === 4 && !window.dame.state.thinking, null, { timeout: 20000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a set that cannot be loaded is said, and the game stays as it was', async () => {
  // (No service worker: it would fetch the set itself, past the page's routes.)
  const { page, context } = await openGame(env, q({ rules: 'standard' }), { serviceWorkers: 'block' });
  await page.route(/\/puzzles\/.*\.jsonl$/, (route) => route.abort());
  const before = await fen(page);
  await page.click('#puzzles-open');
  await page.waitForFunction(() => /Die Aufgaben \(Standard\) ließen sich nicht laden/.test(document.getElementById('message').textContent));
  assert.equal(await board(page, 'puzzle'), null);
  assert.equal(await page.evaluate(() => window.dame.state.tutorial), null);
  assert.equal(await page.isVisible('#setup'), true);
  assert.equal(await fen(page), before);
  // Once it loads, the mode opens.
  await page.unroute(/\/puzzles\/.*\.jsonl$/);
  await openPuzzles(page);
  assert.equal(await board(page, 'rules'), 'standard');
  await context.close();
});

test('the puzzles on a phone', async () => {
  const { page, context, errors } = await openGame(env, q({ rules: 'english' }), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await openPuzzles(page);
  // The board and, right under it, the task and the buttons.
  const boardBox = await page.locator('#board').boundingBox();
  assert.ok(boardBox.y >= 0 && boardBox.y + boardBox.height <= 844, 'the board is in view');
  await shot(page, 'puzzles-phone');
  await page.evaluate(() => document.getElementById('puzzles').scrollIntoView());
  await shot(page, 'puzzles-phone-panel');
  assert.deepEqual(await seriousViolations(page, { label: 'puzzles' }), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('offline: the service worker keeps every set, and the puzzles open with no network', async () => {
  const site = await serve(distDir);
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 820 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(String(err)));
    await page.goto(site.base + q({ rules: 'blasen' }));
    await page.waitForSelector('body[data-ready="1"]');
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
    const cached = await page.evaluate(async () => {
      const out = [];
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) out.push(new URL(r.url).pathname);
      return out.filter((p) => p.endsWith('.jsonl')).map((p) => p.replace(/^.*\/puzzles\//, '')).sort();
    });
    assert.equal(cached.length, 5, `every preset's set is cached: ${cached}`);
    for (const id of ['blasen', 'english', 'russian', 'standard', 'standard-flying']) {
      assert.ok(cached.some((f) => new RegExp(`^${id}-[0-9a-f]{16}\\.jsonl$`).test(f)), `${id}: ${cached}`);
    }
    await context.setOffline(true);
    await site.stop();
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    await openPuzzles(page);
    assert.equal(await board(page, 'rules'), 'blasen');
    assert.match(await board(page, 'puzzle'), /^blasen-/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await site.stop();
  }
});
