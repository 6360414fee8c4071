// End-to-end tests of the browser game: Chromium driven with the mouse (and a finger), the way a
// player uses the page. Run with `node --test tests/browser/` after `trunk build --release`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, fen, message, drag, click, idle, play, shot, squareCenter, settle, withBrowser, q } from './helpers.mjs';

const env = withBrowser();


/// The colour of the canvas at a page point (device pixels are read).
async function pixel(page, x, y) {
  return page.evaluate(([x, y]) => {
    const c = document.getElementById('board');
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    const d = c.getContext('2d').getImageData(Math.round((x - r.left) * k), Math.round((y - r.top) * k), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, [x, y]);
}

async function cell(page) {
  return (await page.locator('#board').boundingBox()).width / 8;
}

test('start page: board, Play in German, English one click away, choices remembered', async () => {
  const { page, errors, context } = await openGame(env);
  assert.equal(await fen(page), 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
  assert.equal((await page.textContent('#play')).trim(), 'Spielen');
  assert.equal(await page.inputValue('#rules'), 'blasen', 'Blasen is the default preset');
  assert.match(await page.getAttribute('#board', 'aria-label'), /Rot ist am Zug\. Rot: Steine auf 21, 22/);
  // Before Play the board does not move pieces.
  await drag(page, 22, 18);
  assert.match(await message(page), /zuerst auf „Spielen“/);
  assert.equal(await fen(page), 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
  // Crisp on HiDPI: the canvas has device pixels.
  const { width, css } = await page.evaluate(() => ({ width: document.getElementById('board').width, css: document.getElementById('board').getBoundingClientRect().width }));
  assert.equal(width, Math.round(css * 2));
  await shot(page, '01-start');
  await page.check('#numbers');
  await settle(page);
  await shot(page, '01b-square-numbers');

  await page.click('#lang');
  await page.waitForFunction(() => document.documentElement.lang === 'en'); // the English words load first
  assert.equal((await page.textContent('#play')).trim(), 'Play');
  await page.selectOption('#rules', 'english');
  await page.selectOption('#level', '2');
  await page.check('input[name=color][value=black]');
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal((await page.textContent('#play')).trim(), 'Play', 'the language is remembered');
  assert.equal(await page.inputValue('#rules'), 'english');
  assert.equal(await page.inputValue('#level'), '2');
  assert.equal(await page.isChecked('input[name=color][value=black]'), true);
  // Playing Black: the board turns round and the computer (Red) begins.
  await page.click('#play');
  await page.waitForFunction(() => document.getElementById('board').dataset.fen.startsWith('B:'));
  await idle(page);
  assert.equal(await page.evaluate(() => window.dame.state.orientation), 'black');
  assert.deepEqual(errors, []);
  await context.close();
});

test('drag 22-18: the piece lands, the computer answers with an animated move, last move tinted', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', level: '1' }));
  await play(page);
  assert.match(await message(page), /Ziehe einen Stein/);
  await drag(page, 22, 18);
  // The move is in the position at once (the piece was dropped there).
  await page.waitForFunction(() => document.getElementById('board').dataset.fen.includes('W18,'));
  // The computer answers: thinking, then an animation, then Red to move again.
  await page.waitForFunction(() => document.getElementById('board').dataset.fen.startsWith('W:'));
  await idle(page);
  const history = await page.evaluate(() => window.dame.state.view.history);
  assert.equal(history.length, 2);
  assert.equal(history[0], '11-15', 'English moves read in ACF numbers: internal 22-18');
  const last = await page.evaluate(() => window.dame.state.lastMove.path);
  assert.equal(last.length, 2);
  // The last move's squares are tinted (yellow-green over the dark square).
  const c = await squareCenter(page, last[0]);
  const k = await cell(page);
  const [r, g, b] = await pixel(page, c.x - k * 0.45, c.y - k * 0.45);
  assert.ok(r > 170 && g > 150 && b < 120, `tinted square, got ${[r, g, b]}`);
  assert.match(await page.textContent('#moves'), /11-15/);
  await shot(page, '02-after-reply');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the computer thinks in a worker: the indicator shows and the page keeps running', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', level: '5' }));
  await play(page);
  await drag(page, 22, 18);
  await page.waitForSelector('#thinking:not([hidden])');
  assert.match(await page.textContent('#thinking'), /Der Computer denkt nach/);
  // Animation frames keep coming while the search runs (Meister thinks up to a second; it may
  // stop early once an iteration has used half its time, so count only while it thinks).
  const { frames, ms } = await page.evaluate(() => new Promise((resolve) => {
    let n = 0;
    const start = performance.now();
    const tick = () => {
      const ms = performance.now() - start;
      if (ms < 400 && window.dame.state.thinking) {
        n++;
        requestAnimationFrame(tick);
      } else {
        resolve({ frames: n, ms });
      }
    };
    requestAnimationFrame(tick);
  }));
  assert.ok(ms >= 150, `the computer thought for ${ms} ms`);
  assert.ok(frames >= ms / 50, `${frames} frames in ${ms} ms while thinking`);
  await page.waitForFunction(() => !window.dame.state.thinking, null, { timeout: 20000 });
  await idle(page);
  assert.match(await message(page), /^Der Computer zieht von \d+ nach \d+\./, 'the computer\'s move in words, not in notation');
  assert.equal(await page.isHidden('#thinking'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('click-click moves a piece too; destinations are shown while a piece is held', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(page);
  const a = await squareCenter(page, 22);
  const k = await cell(page);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + k * 0.4, a.y - k * 0.6, { steps: 4 });
  // While held: dots on 17 and 18 (dark green over the brown square).
  for (const sq of [17, 18]) {
    const c = await squareCenter(page, sq);
    const [r, g, b] = await pixel(page, c.x, c.y);
    assert.ok(g > r && g > b, `destination dot on ${sq}, got ${[r, g, b]}`);
  }
  await shot(page, '03-held-destinations');
  await page.mouse.up();
  await click(page, 23);
  await click(page, 19);
  await idle(page);
  assert.match(await fen(page), /^B:W19,21,22,24/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an illegal drag snaps back and says why', async () => {
  const start = 'W:W22,25:B1,18';
  const { page, errors, context } = await openGame(env, q({ rules: 'english', fen: start, opponent: 'human' }));
  await play(page);
  assert.match(await message(page), /Schlagzwang/);
  // 22 must capture 18: moving it to 17 is refused.
  await drag(page, 22, 17);
  await idle(page);
  assert.equal(await message(page), 'Schlagzwang: dieser Stein muss schlagen.');
  assert.equal(await fen(page), start);
  // A piece that may not move shows the required capture path.
  const a = await squareCenter(page, 25);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await settle(page);
  assert.match(await message(page), /mit dem Stein auf 11/, 'ACF name of internal 22');
  const required = await page.evaluate(() => window.dame.state.required.map((p) => p.text));
  assert.deepEqual(required, ['11x18'], 'ACF: internal 22x15');
  await shot(page, '04-required-path');
  await page.mouse.move(a.x, a.y - 80, { steps: 5 });
  await page.mouse.up();
  await idle(page);
  assert.equal(await fen(page), start);
  // Men move forwards only.
  await page.goto(env.base + q({ rules: 'english', fen: 'W:W18:B1', opponent: 'human' }));
  await page.waitForSelector('body[data-ready="1"]');
  await play(page);
  await drag(page, 18, 22);
  await idle(page);
  assert.equal(await message(page), 'Steine ziehen nur vorwärts.');
  assert.equal(await fen(page), 'W:W18:B1');
  assert.deepEqual(errors, []);
  await context.close();
});

test('capture obligation is highlighted before touching anything, and the capture is accepted', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', fen: 'W:W22,25,30:B18,1', level: '1' }));
  await play(page);
  const c = await squareCenter(page, 22);
  const k = await cell(page);
  const [r, g, b] = await pixel(page, c.x + k * 0.45, c.y);
  assert.ok(r > 200 && g > 120 && b < 90, `orange ring around 22, got ${[r, g, b]}`);
  const d = await squareCenter(page, 25);
  const [r2, g2, b2] = await pixel(page, d.x + k * 0.45, d.y);
  assert.ok(!(r2 > 200 && g2 > 120 && b2 < 90), '25 is not highlighted');
  await shot(page, '05-obligation');
  await drag(page, 22, 15);
  await page.waitForFunction(() => document.getElementById('board').dataset.fen.startsWith('W:') || document.getElementById('board').dataset.phase === 'over');
  await idle(page);
  assert.match(await page.evaluate(() => window.dame.state.view.history[0]), /^11x18$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('double capture: step by step with two drags, and with one drag to the end', async () => {
  const start = 'W:W30:B5,19,26';
  for (const how of ['two', 'one']) {
    const { page, errors, context } = await openGame(env, q({ rules: 'english', fen: start, opponent: 'human' }));
    await play(page);
    if (how === 'two') {
      await drag(page, 30, 23);
      await idle(page);
      assert.equal(await fen(page), start, 'nothing is played after the first jump');
      assert.match(await message(page), /Weiterschlagen/);
      assert.equal(await page.getAttribute('#board', 'data-selected'), '23');
      await shot(page, '06-between-jumps');
      await drag(page, 23, 16);
    } else {
      await drag(page, 30, 16);
    }
    await idle(page);
    assert.equal(await fen(page), 'B:W16:B5', how);
    assert.deepEqual(await page.evaluate(() => window.dame.state.view.history), ['3x10x17'], 'ACF: internal 30x23x16');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('Blasen: a capture may stop early (click the piece); the opponent may then huff it', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'blasen', fen: 'W:W30:B5,19,26', opponent: 'human' }));
  await play(page);
  await drag(page, 30, 23);
  await idle(page);
  assert.match(await message(page), /weiterschlagen – oder den Stein anklicken/);
  await click(page, 23);
  await idle(page);
  assert.deepEqual(await page.evaluate(() => window.dame.state.view.history), ['30x23']);
  assert.equal(await fen(page), 'B:W23:B5,19:H23');
  assert.match(await message(page), /Du darfst einen der markierten Steine blasen/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('two routes to one square: dragging through a square on the way chooses', async () => {
  const start = 'W:W26:B1,14,15,22,23';
  const { page, errors, context } = await openGame(env, q({ rules: 'english', fen: start, opponent: 'human' }));
  await play(page);
  await drag(page, 26, 10);
  await idle(page);
  assert.match(await message(page), /Zwei Wege/);
  assert.equal(await fen(page), start);
  await drag(page, 26, 10, [19]);
  await idle(page);
  assert.deepEqual(await page.evaluate(() => window.dame.state.view.history), ['7x14x23']);
  assert.equal(await fen(page), 'B:W10:B1,14,22');
  assert.deepEqual(errors, []);
  await context.close();
});

test('promotion shows a crown', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', fen: 'W:W7:B20', opponent: 'human' }));
  await play(page);
  await drag(page, 7, 3);
  await idle(page);
  assert.equal(await fen(page), 'B:WK3:B20');
  assert.match(await page.getAttribute('#board', 'aria-label'), /Damen auf 30/);
  // The crown is gold on the red piece.
  const c = await squareCenter(page, 3);
  const [r, g, b] = await pixel(page, c.x, c.y - (await cell(page)) * 0.05);
  assert.ok(r > 200 && g > 150 && b < 120, `gold crown, got ${[r, g, b]}`);
  await shot(page, '07-crown');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Blasen: the player huffs a highlighted piece with a click, then moves', async () => {
  const start = 'W:W21,30:B9,17:H17';
  const { page, errors, context } = await openGame(env, q({ rules: 'blasen', fen: start, opponent: 'human' }));
  await play(page);
  assert.match(await message(page), /blasen \(anklicken\)/);
  const c = await squareCenter(page, 17);
  const k = await cell(page);
  const [r, g, b] = await pixel(page, c.x + k * 0.45, c.y);
  assert.ok(b > 180 && g > 150 && r < 150, `blue ring around 17, got ${[r, g, b]}`);
  await shot(page, '08-huff-prompt');
  await click(page, 17);
  await idle(page);
  assert.equal(await fen(page), 'W:W21,30:B9', 'the huffed piece is gone; Red still to move');
  assert.match(await message(page), /Geblasen/);
  await drag(page, 21, 17);
  await idle(page);
  assert.deepEqual(await page.evaluate(() => window.dame.state.view.history), ['h17 21-17']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Blasen: when the computer huffs, the page says which piece and why', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'blasen', fen: 'W:W22,29:B1,18', level: '3' }));
  await play(page);
  assert.match(await message(page), /sollten schlagen/);
  // Not capturing with 22: the computer may huff it.
  await drag(page, 29, 25);
  await page.waitForFunction(() => document.getElementById('board').dataset.fen.startsWith('W:'));
  await idle(page);
  const history = await page.evaluate(() => window.dame.state.view.history);
  assert.match(history[1], /^h22 /, `the computer huffs 22: ${history}`);
  assert.match(await message(page), /^Der Computer hat deinen Stein auf 22 geblasen – er hätte schlagen müssen – und zieht von \d+ nach \d+\./);
  assert.ok((await page.evaluate(() => window.dame.state.message.squares)).includes(22), 'the huffed square is marked while the message stands');
  await shot(page, '09-computer-huffed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('game over is announced, and play again starts afresh', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', fen: 'W:W22:B18' }));
  await play(page);
  await drag(page, 22, 15);
  await page.waitForSelector('#over:not([hidden])');
  assert.equal(await page.textContent('#over-title'), 'Du hast gewonnen!');
  assert.equal(await page.textContent('#over-text'), 'Schwarz hat keine Steine mehr.');
  assert.match(await page.getAttribute('#board', 'aria-label'), /Spiel vorbei/);
  await shot(page, '10-game-over');
  await page.click('#again');
  await idle(page);
  assert.equal(await page.isHidden('#over'), true);
  assert.equal(await fen(page), 'W:W22:B18');
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad URL values give a clear message and the normal start', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', fen: 'W:W21-32:B1-12,40' }));
  assert.match(await message(page), /Ungültige Stellung in der URL/);
  assert.equal(await fen(page), 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
  await page.goto(env.base + q({ rules: 'chess', level: '9' }));
  await page.waitForSelector('body[data-ready="1"]');
  assert.match(await message(page), /Ungültiger URL-Wert rules/);
  assert.match(await message(page), /Ungültiger URL-Wert level/);
  assert.equal(await page.inputValue('#rules'), 'blasen');
  assert.deepEqual(errors, []);
  await context.close();
});

test('undo keeps data-fen up to date', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'standard', opponent: 'human' }));
  await play(page);
  const start = await fen(page);
  await drag(page, 23, 19);
  await idle(page);
  assert.notEqual(await fen(page), start);
  await page.click('#undo');
  await idle(page);
  assert.equal(await fen(page), start);
  assert.deepEqual(errors, []);
  await context.close();
});

test('touch: a finger drag at 360 px width', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', level: '1' }), {
    viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true,
  });
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.width >= 300 && box.x >= 0 && box.x + box.width <= 360, `board fits: ${JSON.stringify(box)}`);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= 360, `no sideways scrolling (${scrollWidth})`);
  await page.tap('#play');
  await idle(page);
  const client = await context.newCDPSession(page);
  const a = await squareCenter(page, 22);
  const b = await squareCenter(page, 18);
  await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y }] });
  for (let i = 1; i <= 8; i++) {
    const x = a.x + ((b.x - a.x) * i) / 8;
    const y = a.y + ((b.y - a.y) * i) / 8;
    await client.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await shot(page, '11-touch-360-drag');
  await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForFunction(() => document.getElementById('board').dataset.fen.includes('W18,') || document.getElementById('board').dataset.fen.includes(',18,'));
  await page.waitForFunction(() => document.getElementById('board').dataset.fen.startsWith('W:'));
  await idle(page);
  assert.equal(await page.evaluate(() => window.dame.state.view.history[0]), '11-15');
  await shot(page, '12-touch-360');
  assert.deepEqual(errors, []);
  await context.close();
});
