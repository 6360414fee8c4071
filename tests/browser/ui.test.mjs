// The board's data-fen after a click-click move, and the layout of short landscape windows.
// Run with `node --test tests/browser/` after `trunk build --release`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, fen, drag, click, idle, play, shot, withBrowser, q } from './helpers.mjs';

const env = withBrowser();


/// Records every change of the board's data-fen with the animation running then (and its path).
async function watchFen(page) {
  await page.evaluate(() => {
    window.__fens = [];
    const board = document.getElementById('board');
    let last = board.dataset.fen;
    new MutationObserver(() => {
      if (board.dataset.fen === last) return; // the attribute is written on every redraw
      last = board.dataset.fen;
      const anim = window.dame.state.anim;
      window.__fens.push({ fen: last, anim: anim?.kind ?? null, path: anim?.path?.join('-') ?? null });
    }).observe(board, { attributes: true, attributeFilter: ['data-fen'] });
  });
}

test('click-click: data-fen has the move at once, while the piece is still animated (as after a drag)', async () => {
  // A simple move, then a double capture with one click on the final square (two jumps, ~440 ms).
  const { page, errors, context } = await openGame(env, q({ rules: 'english', fen: 'W:W22,30:B5,19,26,1', opponent: 'human' }));
  await play(page);
  await watchFen(page);
  await click(page, 30);
  await click(page, 16);
  await page.waitForFunction(() => window.__fens.length > 0);
  const first = await page.evaluate(() => window.__fens[0]);
  assert.equal(first.fen, 'B:W16,22:B1,5', 'the capture is in data-fen');
  assert.equal(first.anim, 'turn', 'data-fen changed while the capture was still being animated');
  assert.equal(first.path, '30-23-16');
  assert.match(await page.getAttribute('#board', 'aria-label'), /11, 17/);
  await idle(page);
  assert.equal(await fen(page), 'B:W16,22:B1,5');
  // Black answers with a click-click move too; undo and the move list still agree.
  await page.evaluate(() => { window.__fens = []; });
  await click(page, 5);
  await click(page, 9);
  await page.waitForFunction(() => window.__fens.length > 0);
  assert.deepEqual(await page.evaluate(() => window.__fens[0]), { fen: 'W:W16,22:B1,9', anim: 'turn', path: '5-9' });
  await idle(page);
  assert.deepEqual(await page.evaluate(() => window.dame.state.view.history), ['3x10x17', '28-24']);
  // A drag-drop: data-fen at once, with no animation at all.
  await page.evaluate(() => { window.__fens = []; });
  await drag(page, 22, 18);
  await page.waitForFunction(() => window.__fens.length > 0);
  assert.deepEqual(await page.evaluate(() => window.__fens[0]), { fen: 'B:W16,18:B1,9', anim: null, path: null });
  await idle(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('click-click against the computer: the move shows at once, then the computer answers', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', level: '1' }));
  await play(page);
  await watchFen(page);
  await click(page, 22);
  await click(page, 18);
  await page.waitForFunction(() => window.__fens.length > 0);
  const first = await page.evaluate(() => window.__fens[0]);
  assert.match(first.fen, /^B:W18,21,23/);
  assert.equal(first.anim, 'turn');
  assert.equal(first.path, '22-18', "during the player's own move, not the computer's");
  await page.waitForFunction(() => document.getElementById('board').dataset.fen.startsWith('W:'), null, { timeout: 20000 });
  await idle(page);
  assert.equal(await page.evaluate(() => window.dame.state.view.history.length), 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('short landscape windows: the board fits the height and Play is beside it, no scrolling', async () => {
  for (const [width, height] of [[700, 450], [800, 500], [600, 400], [1000, 450], [820, 600]]) {
    const { page, errors, context } = await openGame(env, q({ rules: 'english', level: '1' }), { viewport: { width, height }, deviceScaleFactor: 2 });
    const box = await page.locator('#play').boundingBox();
    const board = await page.locator('#board').boundingBox();
    const at = `${width}×${height}`;
    assert.ok(box.y >= 0 && box.y + box.height <= height && box.x + box.width <= width, `Play within the viewport at ${at}: ${JSON.stringify(box)}`);
    assert.ok(board.y + board.height <= height && board.x + board.width <= width, `the board within the viewport at ${at}: ${JSON.stringify(board)}`);
    assert.ok(board.height >= (height - 60) * 0.85, `the board (nearly) fills the height at ${at}: ${board.height}`);
    assert.ok(box.x >= board.x + board.width, `Play beside the board at ${at}`);
    // (The scrollbar's gutter is kept: the page is as wide as the viewport less the gutter.)
    const scroll = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scroll[0] <= scroll[1], `no horizontal scrolling at ${at}: ${scroll}`);
    if (width === 700) await shot(page, '40-landscape-700x450-setup');
    // Play with the mouse where the button is, without scrolling; then a move and the answer.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await idle(page);
    assert.equal(await page.getAttribute('#board', 'data-phase'), 'playing', at);
    assert.equal(await page.evaluate(() => scrollY), 0);
    await drag(page, 22, 18);
    await page.waitForFunction(() => document.getElementById('board').dataset.fen.startsWith('W:'), null, { timeout: 20000 });
    await idle(page);
    const msg = await page.locator('#message').boundingBox();
    assert.ok(msg.y + msg.height <= height, `the message within the viewport at ${at}`);
    if (width === 700) await shot(page, '41-landscape-700x450-playing');
    if (width === 800) await shot(page, '42-landscape-800x500-playing');
    assert.deepEqual(errors, []);
    await context.close();
  }
});
