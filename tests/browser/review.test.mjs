// Regression tests for what a review by playing found: each failed before its fix.
// Run with `node --test tests/browser/` after `trunk build --release`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, fen, message, drag, click, idle, play, shot, settle, withBrowser, q } from './helpers.mjs';

const env = withBrowser();

const START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

test('undo while the computer thinks takes the move back and drops the search', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', level: '5' }));
  await play(page);
  await drag(page, 22, 18);
  await page.waitForSelector('#thinking:not([hidden])');
  assert.equal(await page.isDisabled('#undo'), false, 'Take back is open while the computer thinks');
  await page.click('#undo', { timeout: 2000 });
  await idle(page);
  assert.equal(await fen(page), START);
  assert.equal(await page.isHidden('#thinking'), true);
  // The dropped search never lands on the board; a new move gets a fresh answer.
  await page.waitForTimeout(1300);
  assert.equal(await fen(page), START);
  await drag(page, 23, 19);
  await page.waitForFunction(() => document.getElementById('board').dataset.fen.startsWith('W:'), null, { timeout: 20000 });
  await idle(page);
  const history = await page.evaluate(() => window.dame.state.view.history);
  assert.equal(history.length, 2);
  assert.equal(history[0], '10-14', 'ACF: internal 23-19');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Blasen: when only a huff opens a move, the page says so; the huff can be taken back on the first turn', async () => {
  const start = 'W:W5:B1,2:H1';
  const { page, errors, context } = await openGame(env, q({ rules: 'blasen', fen: start, opponent: 'human' }));
  await play(page);
  assert.match(await message(page), /ziehen kannst du nur nach dem Blasen/);
  await shot(page, 'review-huff-only');
  await click(page, 1);
  await idle(page);
  assert.equal(await fen(page), 'W:W5:B2');
  assert.equal(await page.isDisabled('#undo'), false, 'a pending huff can be taken back');
  await page.click('#undo', { timeout: 2000 });
  await idle(page);
  assert.equal(await fen(page), start);
  assert.deepEqual(errors, []);
  await context.close();
});

test('putting a clicked piece down again brings back the turn prompt', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(page);
  const prompt = await message(page);
  await click(page, 22);
  await settle(page);
  assert.match(await message(page), /Wähle ein Zielfeld/);
  await click(page, 22);
  await settle(page);
  assert.equal(await message(page), prompt);
  await click(page, 23);
  await settle(page);
  await page.keyboard.press('Escape');
  await settle(page);
  assert.equal(await message(page), prompt);
  assert.deepEqual(errors, []);
  await context.close();
});

test('URL: a bad language is reported; a position with Black to move says so before Play', async () => {
  const { page, errors, context } = await openGame(env, q({ lang: 'fr' }));
  assert.match(await message(page), /Ungültiger URL-Wert lang/);
  await page.goto(env.base + q({ rules: 'english', fen: 'B:W18,22,25:B9,14', lang: 'en' }));
  await page.waitForSelector('body[data-ready="1"]');
  assert.match(await message(page), /In this position Black is to move/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the move list shows two-digit move numbers in full', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(page);
  // Ten moves each way, shuffling kings would take long: fill the list as the page would.
  const clipped = await page.evaluate(() => {
    const list = document.getElementById('moves');
    list.dataset.key = 'x';
    list.replaceChildren(...Array.from({ length: 12 }, () => Object.assign(document.createElement('li'), { textContent: '22-18  9-13' })));
    const li = list.lastElementChild;
    // The marker ("12.") sits left of the item; it must stay inside the list's box.
    const style = getComputedStyle(list);
    const marker = parseFloat(getComputedStyle(li).fontSize) * 0.6 * 4; // four monospace characters
    return parseFloat(style.paddingLeft) < marker;
  });
  assert.equal(clipped, false, 'the list leaves room for "12. "');
  assert.deepEqual(errors, []);
  await context.close();
});
