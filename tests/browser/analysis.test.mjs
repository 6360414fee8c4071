// The analysis board (www/analysis.js): a game analysed by the computer's worker, each turn
// judged as `dame analyse` judges it, the graph, the bar, the best line, "learn from your
// mistakes", the analysis kept over a reload and written into the PDN export.
// Run with `node --test tests/browser/` after `trunk build --release`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openGame, fen, drag, idle, play, shot, settle, messageMatching, withBrowser, q } from './helpers.mjs';
import { seriousViolations } from './axe.mjs';

const env = withBrowser();

/** English, two players: 1. 11-15 21-17 2. 15-18?? (ACF; internal 22-18, 12-16, 18-15), a man
 * left hanging (`dame analyse --depth 12`: a blunder, −1.04). */
async function blunderGame(page) {
  await play(page);
  for (const [from, to] of [[22, 18], [12, 16], [18, 15]]) {
    await drag(page, from, to);
    await idle(page);
  }
  assert.deepEqual(await page.evaluate(() => window.dame.state.view.history), ['11-15', '21-17', '15-18']);
}

/** Waits until the whole game is analysed. */
async function analysed(page) {
  await page.waitForSelector('#analysis[data-state="done"]', { timeout: 60000 });
  await settle(page);
}

test('a man left hanging is marked a blunder, with the better turn, the graph and the bar', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human', lang: 'en' }));
  await blunderGame(page);
  await page.click('#analyse');
  await page.waitForSelector('#analysis:not([hidden])');
  await analysed(page);
  await shot(page, 'analysis-blunder');
  // The blunder: marked in the move list, the better turn named; the others judged too.
  const judgements = await page.$$eval('#moves button.ply', (bs) => bs.map((b) => b.dataset.judgement ?? ''));
  assert.equal(judgements.length, 3);
  assert.ok(judgements.every((j) => ['best', 'good', 'inaccuracy', 'mistake', 'blunder'].includes(j)), judgements.join());
  assert.match(judgements[2], /^(blunder|mistake)$/);
  const third = page.locator('#moves button.ply[data-ply="3"]');
  assert.match(await third.textContent(), /15-18\?\??/);
  assert.match(await third.getAttribute('aria-label'), /(blunder|mistake), \S+ was better/);
  // The shown position (the last): its score from Red's side, a man down or so.
  const evalNow = Number(await page.getAttribute('#board', 'data-eval'));
  assert.ok(evalNow <= -60, `data-eval ${evalNow}`);
  assert.match(await page.textContent('#analysis-counts'), /Red: 0 inaccuracies, \d mistakes?, \d blunders?/);
  assert.match(await page.textContent('#analysis-line'), /^Best line: \d+x\d+/);
  // The best line is drawn: the analysis overlay has a line for the position shown.
  assert.ok(await page.evaluate(() => window.dame.state.analysis.shown && window.dame.state.analysis.lines[3].length > 0));

  // A click on the graph's start shows the start position; the keyboard steps on from there.
  await page.locator('#analysis-graph').click({ position: { x: 2, y: 20 } });
  // The DOM follows the state on the next redraw: wait for the board's own attributes.
  await page.waitForSelector('#board[data-live="0"][data-ply="0"]');
  assert.equal(await fen(page), 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
  await page.waitForFunction(() => Math.abs(Number(document.getElementById('board').dataset.eval)) < 60);
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#board[data-live="0"][data-ply="1"]');
  await page.waitForSelector('#analysis-graph[aria-valuenow="1"]');
  assert.match(await page.textContent('#analysis-line'), /^Best line: /);
  await page.keyboard.press('End');
  await page.waitForSelector('#board[data-live="1"]');
  // The panel and the move list pass an accessibility scan.
  assert.deepEqual([...await seriousViolations(page, { include: '#analysis', label: 'analysis' }), ...await seriousViolations(page, { include: '#moves', label: 'moves' })], []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('learn from your mistakes: a worse turn is refused, a better one found', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human', lang: 'en' }));
  await blunderGame(page);
  await page.click('#analyse');
  await analysed(page);
  await page.click('#learn-start');
  await page.waitForSelector('#learn[data-status="todo"][data-ply="2"]');
  // The position before the blunder, Red to move.
  await page.waitForFunction(() => window.dame.state.view.history.length === 2);
  await settle(page);
  assert.match(await page.textContent('#learn-task'), /Red played 15-18 \((blunder|mistake)\)/);
  // The same blunder again: judged, refused.
  await drag(page, 18, 15);
  await page.waitForSelector('#learn[data-status="wrong"]', { timeout: 30000 });
  await messageMatching(page, /15-18 is no better/);
  await shot(page, 'analysis-learn-wrong');
  assert.deepEqual(await seriousViolations(page, { include: '#learn', label: 'learn' }), []);
  // Try again, with the hint: the piece of the engine's best turn is marked.
  await page.click('#learn-retry');
  await page.waitForSelector('#learn[data-status="todo"]');
  await page.click('#learn-hint');
  const hinted = await page.evaluate(() => window.dame.state.hint?.turn?.path ?? null);
  assert.ok(hinted && hinted.length >= 2, 'the hint names a turn');
  await drag(page, hinted[0], hinted.at(-1), hinted.slice(1, -1));
  await page.waitForSelector('#learn[data-status="right"]', { timeout: 30000 });
  await messageMatching(page, /^Right: /);
  // Back to the game as it was.
  await page.click('#learn-leave');
  await page.waitForFunction(() => window.dame.state.view.history.length === 3 && !window.dame.state.tutorial);
  assert.equal(await page.isHidden('#learn'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the analysis is kept over a reload and written into the PDN export', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human', lang: 'en' }));
  await blunderGame(page);
  await page.click('#analyse');
  await analysed(page);
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await page.waitForSelector('#moves button.ply[data-ply="3"][data-judgement]');
  assert.match(await page.getAttribute('#moves button.ply[data-ply="3"]', 'data-judgement'), /^(blunder|mistake)$/);
  await page.waitForSelector('#analysis[data-state="done"]:not([hidden])');
  // The export carries the evaluations and the judgements.
  await page.click('#pdn summary');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#pdn-download')]);
  const text = await readFile(await download.path(), 'utf8');
  assert.match(text, /\[Annotator "Dame, depth \d+"\]/);
  assert.match(text, /15-18 \$[24]\s+\{\[%eval -?\d+\.\d\d\]\}/);
  await page.fill('#pdn-text', text);
  // Read back: the same game.
  await page.click('#pdn-import');
  await page.waitForFunction(() => /Game loaded/.test(document.getElementById('pdn-message').textContent ?? ''));
  await idle(page);
  assert.deepEqual(await page.evaluate(() => window.dame.state.view.history), ['11-15', '21-17', '15-18']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('from the result card: the finished game analysed, the counts beside the board', async () => {
  // English, two players: Red takes Black's last man.
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human', lang: 'en', fen: 'W:W23,30:B19' }));
  await play(page);
  const path = await page.evaluate(() => window.dame.state.game.grab(window.dame.state.view.movable[0]).paths[0].squares);
  await drag(page, path[0], path.at(-1), path.slice(1, -1));
  await page.waitForSelector('#over:not([hidden])');
  await page.click('#over-analyse');
  await page.waitForSelector('#over', { state: 'hidden' });
  await analysed(page);
  await page.waitForSelector('#result-analysis:not([hidden])');
  assert.match(await page.textContent('#result-analysis'), /^Red: 0 inaccuracies, 0 mistakes, 0 blunders · Black: /);
  assert.equal(await page.getAttribute('#moves button.ply[data-ply="1"]', 'data-judgement'), 'best');
  // The final position: Black has lost.
  assert.equal(await page.getAttribute('#board', 'data-eval'), 'win 0');
  assert.match(await page.textContent('#eval-text'), /#0/);
  assert.deepEqual(errors, []);
  await context.close();
});
