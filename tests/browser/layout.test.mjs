// Small screens and a stable layout, and the board options: Play in view on phones (touch), the
// whole board in view after Play, a phone on its side plays; the board does not move when a long
// message comes (1280×800 and 360×740); flipping the board (against the computer and between two
// players), sound, reduced motion and high contrast. Screenshots in test-artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser, openGame, play, playAnyMove, drag, click, idle, settle, shot, q } from './helpers.mjs';

const env = withBrowser();

const PHONES = [[320, 568], [360, 740], [390, 844]];
/** @param {number} width @param {number} height */
const phone = (width, height) => ({ viewport: { width, height }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

/** The element's box in the viewport, and the viewport. */
async function box(page, selector) {
  return page.evaluate((sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height, top: r.top, bottom: r.bottom, left: r.left, right: r.right, vw: innerWidth, vh: innerHeight, cw: document.documentElement.clientWidth };
  }, selector);
}

/** @param {Awaited<ReturnType<typeof box>>} b */
function assertInView(b, what) {
  assert.ok(b.width > 0 && b.height > 0, `${what} is shown`);
  assert.ok(b.top >= 0 && b.left >= 0 && b.bottom <= b.vh + 0.5 && b.right <= b.vw + 0.5, `${what} in the viewport: ${JSON.stringify(b)}`);
}

for (const [width, height] of PHONES) {
  test(`${width}×${height} (touch): Play in view at once; after Play the whole board in view`, async () => {
    const { page, context, errors } = await openGame(env, '', phone(width, height));
    assert.equal(await page.evaluate(() => scrollY), 0);
    assertInView(await box(page, '#play'), 'Play');
    assertInView(await box(page, '#board'), 'the board');
    await shot(page, `layout-${width}x${height}-start`);
    // A tap on the board before Play points to the button, which is in view.
    const b = await box(page, '#board');
    await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
    await page.waitForFunction(() => document.getElementById('message').textContent.includes('„Spielen“'));
    assertInView(await box(page, '#play'), 'Play, after the tap on the board');
    // The player scrolls down to the settings first, then taps Play.
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await page.tap('#play');
    await page.waitForFunction(() => window.dame.state.phase === 'playing');
    await idle(page);
    assertInView(await box(page, '#board'), 'the board after Play');
    assertInView(await box(page, '#message'), 'the message after Play');
    await shot(page, `layout-${width}x${height}-playing`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('740×360 (a phone on its side): board and Play in view, a move is played', async () => {
  const { page, context, errors } = await openGame(env, '', phone(740, 360));
  assertInView(await box(page, '#board'), 'the board');
  assertInView(await box(page, '#play'), 'Play');
  await page.tap('#play');
  await idle(page);
  assertInView(await box(page, '#board'), 'the board after Play');
  const b = await box(page, '#board');
  assert.ok(b.width >= 280, `the board is big enough to play on: ${b.width}`);
  await playAnyMove(page);
  assert.equal(await page.evaluate(() => window.dame.state.view.history.length), 2);
  await shot(page, 'layout-740x360-playing');
  assert.deepEqual(errors, []);
  await context.close();
});

// Blasen between two players: Red plays 22-18, Black does not take it (5-9), and Red is told at
// length that the piece on 14 may be huffed. In German, the longer language.
const HUFF = q({ rules: 'blasen', opponent: 'human', fen: 'W:W22,30:B5,14' });

for (const [name, options] of [
  ['1280×800', { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 }],
  ['360×740', phone(360, 740)],
]) {
  test(`${name}: a long message wraps in view and the board does not move`, async () => {
    const { page, context, errors } = await openGame(env, HUFF, options);
    const before = await box(page, '#board');
    await play(page);
    const playing = await box(page, '#board');
    await drag(page, 22, 18);
    await idle(page);
    await drag(page, 5, 9);
    await idle(page);
    await page.waitForFunction(() => window.dame.state.view.huffable.length === 1);
    await settle(page);
    const text = await page.textContent('#message');
    assert.ok(text.length > 100, `a long message: ${text}`);
    const after = await box(page, '#board');
    for (const b of [playing, after]) {
      assert.deepEqual([b.x, b.y, b.width, b.height, b.cw], [before.x, before.y, before.width, before.height, before.cw], 'the board stays where it was');
    }
    const msg = await box(page, '#message');
    assertInView(msg, 'the message');
    const lines = await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('message'));
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    assert.ok(lines >= 2, `the message wraps (${lines} lines)`);
    const fits = await page.evaluate(() => { const m = document.getElementById('message'); return m.scrollHeight <= m.clientHeight + 1; });
    assert.ok(fits, 'the whole message is shown');
    await shot(page, `layout-message-${name.replace('×', 'x')}`);
    // The message goes (Red huffs; then the board is told who moves): the board stays.
    await click(page, 14);
    await page.waitForFunction(() => window.dame.state.view.pendingHuff === 14);
    await idle(page);
    const gone = await box(page, '#board');
    assert.deepEqual([gone.x, gone.y, gone.width, gone.height], [before.x, before.y, before.width, before.height]);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('flip the board, then drag a piece: against the computer and between two players', async () => {
  const { page, context, errors } = await openGame(env, '?rules=english');
  assert.equal(await page.getAttribute('#board', 'data-orientation'), 'red');
  await page.click('#flip');
  await page.waitForSelector('#board[data-orientation="black"]');
  await play(page);
  // A new game faces the player's colour; flipped during the game, drags follow the board.
  assert.equal(await page.getAttribute('#board', 'data-orientation'), 'red');
  await page.click('#flip');
  await page.waitForSelector('#board[data-orientation="black"]');
  await playAnyMove(page);
  assert.equal(await page.evaluate(() => window.dame.state.view.history.length), 2);
  await shot(page, 'layout-flipped');
  await context.close();

  const two = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(two.page);
  await two.page.click('#flip');
  await two.page.waitForSelector('#board[data-orientation="black"]');
  // Red's 22-18 (ACF 11-15) dragged on the turned board, then Black's 9-13 (ACF 24-20) by clicks.
  await drag(two.page, 22, 18);
  await two.page.waitForFunction(() => window.dame.state.view.history.length === 1);
  await idle(two.page);
  await click(two.page, 9);
  await two.page.waitForFunction(() => document.getElementById('board').dataset.selected === '9');
  await click(two.page, 13);
  await two.page.waitForFunction(() => window.dame.state.view.history.length === 2);
  assert.deepEqual(await two.page.evaluate(() => window.dame.state.view.history), ['11-15', '24-20']);
  assert.deepEqual([...errors, ...two.errors], []);
  await two.context.close();
});

test('sound: off by default, a toggle that is remembered; moves and captures make their sounds', async () => {
  const { page, context, errors } = await openGame(env, q({ rules: 'english', opponent: 'human', fen: 'W:W22,30:B1,14' }));
  assert.equal(await page.isChecked('#sound'), false);
  await play(page);
  await drag(page, 30, 26);
  await page.waitForFunction(() => window.dame.state.view.history.length === 1);
  await idle(page);
  assert.equal(await page.evaluate(() => document.body.dataset.sound ?? null), null, 'no sound while it is off');
  await page.click('#sound');
  await page.waitForFunction(() => document.body.dataset.soundN === '1'); // the sound that says it is on
  await drag(page, 14, 18);
  await page.waitForFunction(() => document.body.dataset.soundN === '2');
  assert.equal(await page.evaluate(() => document.body.dataset.sound), 'move');
  await idle(page);
  // Black's man came next to Red's: Red must take it (22x15).
  await drag(page, 22, 15);
  await page.waitForFunction(() => document.body.dataset.soundN === '3');
  assert.equal(await page.evaluate(() => document.body.dataset.sound), 'capture');
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('dame.settings.v1')).sound), true);
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.isChecked('#sound'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('sound: crowning and the game\'s end', async () => {
  const { page, context, errors } = await openGame(env, q({ rules: 'english', opponent: 'human', fen: 'W:W6:B25' }));
  await page.click('#sound');
  await page.waitForFunction(() => document.body.dataset.soundN === '1');
  await play(page);
  await drag(page, 6, 2);
  await page.waitForFunction(() => document.body.dataset.soundN === '2');
  assert.equal(await page.evaluate(() => document.body.dataset.sound), 'crown');
  await idle(page);
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForFunction(() => document.body.dataset.soundN === '3');
  assert.equal(await page.evaluate(() => document.body.dataset.sound), 'end');
  await page.waitForSelector('#over:not([hidden])');
  assert.deepEqual(errors, []);
  await context.close();
});

test('reduced motion: moves are shown at once and the CSS animations stop', async () => {
  const query = q({ rules: 'english', opponent: 'human' });
  const results = {};
  for (const motion of ['no-preference', 'reduce']) {
    const { page, context, errors } = await openGame(env, query, { reducedMotion: motion });
    await play(page);
    await click(page, 22);
    await page.waitForFunction(() => document.getElementById('board').dataset.selected === '22');
    await click(page, 18);
    await page.waitForFunction(() => document.getElementById('board').dataset.animMs !== undefined);
    await idle(page);
    const dots = await page.evaluate(() => getComputedStyle(document.querySelector('.dots i')).animationName);
    results[motion] = { ms: await page.getAttribute('#board', 'data-anim-ms'), dots };
    assert.deepEqual(errors, []);
    await context.close();
  }
  assert.deepEqual(results, { 'no-preference': { ms: '220', dots: 'blink' }, reduce: { ms: '0', dots: 'none' } });
});

/** The colour of the canvas's top-left square (a light one) at its middle, as #rrggbb. */
function lightSquare(page) {
  return page.evaluate(() => {
    const c = document.getElementById('board');
    const d = c.getContext('2d').getImageData(Math.round(c.width / 16), Math.round(c.width / 16), 1, 1).data;
    return '#' + [d[0], d[1], d[2]].map((v) => v.toString(16).padStart(2, '0')).join('');
  });
}

test('high contrast: on by default under prefers-contrast: more, a remembered toggle, a board and text of strong contrast', async () => {
  const { page, context, errors } = await openGame(env, '', { contrast: 'more' });
  assert.equal(await page.getAttribute('#board', 'data-contrast'), 'high');
  assert.equal(await page.isChecked('#contrast'), true);
  assert.equal(await lightSquare(page), '#ffffff');
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).color), 'rgb(255, 255, 255)');
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(0, 0, 0)');
  await play(page);
  await playAnyMove(page);
  await shot(page, 'layout-high-contrast');
  // Switched off, it stays off, even though the system asks for more contrast.
  await page.click('#contrast');
  await page.waitForSelector('#board[data-contrast="normal"]');
  await settle(page);
  assert.notEqual(await lightSquare(page), '#ffffff');
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.getAttribute('#board', 'data-contrast'), 'normal');
  assert.equal(await page.isChecked('#contrast'), false);
  await context.close();

  // Without the system's wish, it is off until switched on.
  const plain = await openGame(env, '?lang=en');
  assert.equal(await plain.page.getAttribute('#board', 'data-contrast'), 'normal');
  await plain.page.click('#contrast');
  await plain.page.waitForSelector('#board[data-contrast="high"]');
  await settle(plain.page);
  assert.equal(await lightSquare(plain.page), '#ffffff');
  await shot(plain.page, 'layout-high-contrast-start');
  assert.deepEqual([...errors, ...plain.errors], []);
  await plain.context.close();
});
