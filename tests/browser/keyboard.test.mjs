// Keyboard play and the screen reader: a whole game against the computer played with the keys
// alone (the test reads the position to choose a legal turn, but puts it in only with keys: Tab,
// the arrows, Enter, Escape); the live region tells every move of both sides in plain words; the
// board's text lists the pieces; no element has an empty label.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, idle, settle, shot, withBrowser, q } from './helpers.mjs';

const env = withBrowser();

/// Notation the announcements must not use: "22-18", "27x18", "c3:e5", "h22".
const NOTATION = /\d\s*[-x:×]\s*\w|\bh\d/;

/// Tab until the element `id` has the focus (at most 40 presses).
async function tabTo(page, id) {
  for (let i = 0; i < 40; i++) {
    if (await page.evaluate((want) => document.activeElement?.id === want, id)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached #${id}`);
}

/// Moves the keyboard's cursor to square `sq` with the arrow keys (the screen cells computed as
/// the board draws them, from the orientation).
async function cursorTo(page, sq) {
  const cell = (row, col, o) => (o === 'black' ? { cx: 7 - col, cy: 8 - row } : { cx: col, cy: row - 1 });
  const { cursor, o } = await page.evaluate(() => ({ cursor: window.dame.state.cursor, o: window.dame.state.orientation }));
  assert.ok(cursor, 'the board has a cursor once it has the focus');
  const row = Math.floor((sq - 1) / 4) + 1;
  const col = ((sq - 1) % 4) * 2 + (row % 2 === 1 ? 1 : 0);
  const from = cell(cursor.row, cursor.col, o);
  const to = cell(row, col, o);
  const keys = [];
  for (let d = to.cx - from.cx; d !== 0; d -= Math.sign(d)) keys.push(d > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let d = to.cy - from.cy; d !== 0; d -= Math.sign(d)) keys.push(d > 0 ? 'ArrowDown' : 'ArrowUp');
  for (const k of keys) await page.keyboard.press(k);
  const at = await page.evaluate(() => window.dame.state.cursor);
  assert.deepEqual(at, { row, col }, `the cursor went to ${sq}`);
}

/// Enter on square `sq`.
async function enterOn(page, sq) {
  await cursorTo(page, sq);
  await page.keyboard.press('Enter');
}

/// Collects everything the live region #announce says, from now on.
async function listen(page) {
  await page.evaluate(() => {
    window.said = [];
    const el = document.getElementById('announce');
    new MutationObserver(() => window.said.push(el.textContent.trim())).observe(el, { childList: true, characterData: true, subtree: true });
  });
}

/// Waits until the player (Red) is to move again, or the game is over.
async function playersTurn(page) {
  await page.waitForFunction(() => {
    const s = window.dame.state;
    return s.phase === 'over' || (s.view.side === s.settings.color && !s.thinking && !s.anim && !s.selected);
  }, null, { timeout: 20000 });
  await idle(page);
}

test('a whole game against the computer (level 1) played with the keyboard alone', async () => {
  const { page, errors, context } = await openGame(env, q({ level: '1' }));
  assert.equal(await page.evaluate(() => window.dame.state.settings.rules), 'blasen');
  await tabTo(page, 'play');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.dame.state.phase === 'playing');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'board', 'Play from the keyboard gives the board the focus');
  await settle(page);
  const start = await page.evaluate(() => ({ cursor: window.dame.state.cursor, movable: window.dame.state.view.movable }));
  const startSq = (start.cursor.row - 1) * 4 + Math.floor(start.cursor.col / 2) + 1;
  assert.ok(start.movable.includes(startSq), `the cursor starts on a movable piece (${startSq})`);
  await shot(page, 'keys-01-cursor');

  let turns = 0;
  let huffs = 0;
  let jumps = 0;
  await listen(page);
  while ((await page.evaluate(() => window.dame.state.phase)) !== 'over') {
    assert.ok(++turns <= 150, 'the game ends');
    const v = await page.evaluate(() => window.dame.state.view);
    if (v.huffable.length) {
      // A missed capture of the computer's: huff it by choosing the marked piece.
      await enterOn(page, v.huffable[0]);
      huffs++;
      await page.waitForFunction(() => { const s = window.dame.state; return s.view.pendingHuff != null && !s.anim || s.phase === 'over'; });
      await idle(page);
      if ((await page.evaluate(() => window.dame.state.phase)) === 'over') break;
    }
    // The shortest turn of the first piece that has one (a plain move where there is one; else a
    // capture, entered landing square by landing square).
    const path = await page.evaluate(() => {
      const { state } = window.dame;
      const all = state.view.movable.flatMap((sq) => state.game.grab(sq).paths);
      return all.reduce((a, b) => (b.squares.length < a.squares.length ? b : a)).squares;
    });
    await enterOn(page, path[0]);
    await page.waitForFunction((sq) => window.dame.state.selected?.from === sq, path[0]);
    if (path.length > 2) jumps++;
    for (const sq of path.slice(1)) await enterOn(page, sq);
    // A capture that may go on further (Blasen): Enter on the piece stops it where it stands.
    if (await page.evaluate((last) => window.dame.state.selected?.canStop && window.dame.state.selected.committed.at(-1) === last, path.at(-1))) {
      await page.keyboard.press('Enter');
    }
    await playersTurn(page);
  }
  await idle(page);
  const said = await page.evaluate(() => window.said);
  const outcome = await page.evaluate(() => window.dame.state.view.outcome);
  assert.ok(outcome, 'the game is over');
  console.log(`keyboard game: ${turns} turns, ${huffs} huffs, ${jumps} multi-square turns, ${outcome.winner ?? 'draw'} (${outcome.reason})`);
  assert.ok(said.some((s) => /^Du ziehst von \d+ nach \d+/.test(s)), 'the player\'s own moves are told');
  assert.ok(said.some((s) => /Der Computer (zieht|hat deinen Stein)/.test(s)), 'the computer\'s moves are told');
  assert.match(said.at(-1), /Du hast (gewonnen|verloren)|Unentschieden/, 'the end is told');
  assert.deepEqual(said.filter((s) => NOTATION.test(s)), [], 'no notation in what is told');
  await shot(page, 'keys-02-over');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Escape puts a piece picked up with Enter back; the arrows move the cursor, not through the moves', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', level: '1' }));
  await tabTo(page, 'play');
  await page.keyboard.press('Enter');
  await idle(page);
  await enterOn(page, 22);
  await page.waitForFunction(() => document.getElementById('board').dataset.selected === '22');
  await settle(page);
  assert.match(await page.textContent('#board-cursor'), /^Feld 11: roter Stein, aufgenommen$/, 'the cursor square in words, ACF name');
  await cursorTo(page, 18);
  await settle(page);
  assert.equal(await page.textContent('#board-cursor'), 'Feld 15: leer, Ziel');
  await shot(page, 'keys-03-held');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.getElementById('board').dataset.selected === '' && !window.dame.state.selected);
  // Nothing was played, and a turn played with the keys still works.
  assert.deepEqual(await page.evaluate(() => window.dame.state.view.history), []);
  await enterOn(page, 22);
  await enterOn(page, 18);
  await playersTurn(page);
  const history = await page.evaluate(() => window.dame.state.view.history);
  assert.equal(history[0], '11-15');
  // With the focus on the board, ← moves the cursor and does not look back through the moves.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => window.dame.state.past), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Black at the bottom: the arrows follow the board as drawn', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', level: '1', color: 'black' }));
  await tabTo(page, 'play');
  await page.keyboard.press('Enter');
  await playersTurn(page);
  assert.equal(await page.evaluate(() => window.dame.state.orientation), 'black');
  const c0 = await page.evaluate(() => window.dame.state.cursor);
  await page.keyboard.press('ArrowUp');
  const c1 = await page.evaluate(() => window.dame.state.cursor);
  assert.equal(c1.row, Math.min(8, c0.row + 1), 'up on the screen is towards Red when Black is at the bottom');
  const path = await page.evaluate(() => window.dame.state.game.grab(window.dame.state.view.movable[0]).paths[0].squares);
  for (const sq of path) await enterOn(page, sq);
  await playersTurn(page);
  assert.equal(await page.evaluate(() => window.dame.state.view.plies), 3);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the live region tells the player\'s capture and the computer\'s move in plain words; the board\'s text lists the pieces; no empty labels', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'standard', fen: 'W:W22,29:B1,18', level: '1' }));
  assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('[aria-label]')].filter((e) => !e.getAttribute('aria-label').trim()).map((e) => e.id)), []);
  await tabTo(page, 'play');
  await page.keyboard.press('Enter');
  await idle(page);
  await listen(page);
  assert.match(await page.getAttribute('#board', 'aria-label'), /^Rot ist am Zug\. Rot: Steine auf 22, 29\. Schwarz: Steine auf 1, 18\.$/);
  assert.match(await page.textContent('#announce'), /Du bist am Zug \(Rot\)\. Schlagzwang für 22\./);
  await enterOn(page, 22);
  await enterOn(page, 15);
  await playersTurn(page);
  const said = await page.evaluate(() => window.said);
  assert.ok(said.includes('Du ziehst von 22 nach 15 und schlägst einen Stein (auf 18).'), said.join(' | '));
  assert.match(said.at(-1), /^Der Computer zieht von 1 nach [56]\. .*Du bist am Zug \(Rot\)\.$/);
  assert.deepEqual(said.filter((s) => NOTATION.test(s)), []);
  // The visible message names the computer's squares, and they are marked on the board.
  assert.match((await page.textContent('#message')).trim(), /^Der Computer zieht von 1 nach [56]\./);
  const marked = await page.evaluate(() => window.dame.state.message.squares);
  assert.equal(marked[0], 1);
  await shot(page, 'keys-04-named-squares');
  assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('[aria-label]')].filter((e) => !e.getAttribute('aria-label').trim()).map((e) => e.id)), []);
  // English: the same in the other language.
  await page.click('#lang');
  await page.waitForFunction(() => document.documentElement.lang === 'en'); // the English words load first
  await page.evaluate(() => { window.said = []; });
  await page.focus('#board');
  const path = await page.evaluate(() => window.dame.state.game.grab(window.dame.state.view.movable[0]).paths[0].squares);
  await enterOn(page, path[0]);
  await enterOn(page, path.at(-1));
  await playersTurn(page);
  const en = await page.evaluate(() => window.said);
  assert.ok(en.some((s) => /^You move from \d+ to \d+\.$/.test(s)), en.join(' | '));
  assert.ok(en.some((s) => /^The computer moves from \d+ to \d+/.test(s)), en.join(' | '));
  assert.equal(await page.getAttribute('#moves', 'aria-label'), 'Moves');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Blasen with the keys: huffing a marked piece, stopping a capture where it stands', async () => {
  // Two players: Red may huff the marked 17 (Black did not capture with it), then moves.
  const huffing = await openGame(env, q({ rules: 'blasen', fen: 'W:W21,30:B9,17:H17', opponent: 'human' }));
  await tabTo(huffing.page, 'play');
  await huffing.page.keyboard.press('Enter');
  await idle(huffing.page);
  await listen(huffing.page);
  await enterOn(huffing.page, 17);
  await huffing.page.waitForFunction(() => document.getElementById('board').dataset.fen === 'W:W21,30:B9');
  await idle(huffing.page);
  assert.equal((await huffing.page.textContent('#message')).trim(), 'Geblasen: Der Stein auf 17 ist entfernt. Jetzt ziehe.');
  assert.deepEqual(await huffing.page.evaluate(() => window.said), ['Geblasen: Der Stein auf 17 ist entfernt. Jetzt ziehe.']);
  await enterOn(huffing.page, 21);
  await enterOn(huffing.page, 17);
  await huffing.page.waitForFunction(() => window.dame.state.view.history.length === 1 && !window.dame.state.anim);
  assert.deepEqual(await huffing.page.evaluate(() => window.dame.state.view.history), ['h17 21-17']);
  // Told on the next frame.
  await huffing.page.waitForFunction(() => window.said.some((s) => s.startsWith('Rot hat den Stein auf 17 geblasen – er hätte schlagen müssen – und zieht von 21 nach 17. ')));
  assert.deepEqual(huffing.errors, []);
  await huffing.context.close();

  // 29 takes 25 and may go on over 18: Enter on the piece at 22 stops there.
  const { page, errors, context } = await openGame(env, q({ rules: 'blasen', fen: 'W:W29:B1,18,25', level: '1' }));
  await tabTo(page, 'play');
  await page.keyboard.press('Enter');
  await idle(page);
  await listen(page);
  await enterOn(page, 29);
  await enterOn(page, 22);
  await page.waitForFunction(() => window.dame.state.selected?.canStop && window.dame.state.selected.committed.join() === '29,22');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.dame.state.view.history.length >= 1);
  assert.equal(await page.evaluate(() => window.dame.state.view.history[0]), '29x22');
  await page.waitForFunction(() => window.said.includes('Du ziehst von 29 nach 22 und schlägst einen Stein (auf 25).'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a double capture with the keys, landing square by landing square', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'standard', fen: 'W:W29:B1,18,25', level: '1' }));
  await tabTo(page, 'play');
  await page.keyboard.press('Enter');
  await idle(page);
  await listen(page);
  await enterOn(page, 29);
  await enterOn(page, 22);
  await page.waitForFunction(() => window.dame.state.selected?.committed.join() === '29,22' && !window.dame.state.selected.canStop);
  await settle(page);
  assert.equal(await page.textContent('#board-cursor'), 'Feld 22: roter Stein, aufgenommen');
  await shot(page, 'keys-05-mid-capture');
  await enterOn(page, 15);
  await playersTurn(page);
  assert.ok((await page.evaluate(() => window.said)).includes('Du ziehst von 29 über 22 nach 15 und schlägst zwei Steine (auf 25 und 18).'), (await page.evaluate(() => window.said)).join(' | '));
  assert.equal(await page.evaluate(() => window.dame.state.view.history[0]), '29x22x15');
  assert.deepEqual(errors, []);
  await context.close();
});

test('crowning is told; two players are named by their colours', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'standard', fen: 'W:W6:B28', opponent: 'human' }));
  await tabTo(page, 'play');
  await page.keyboard.press('Enter');
  await idle(page);
  await listen(page);
  await enterOn(page, 6);
  await enterOn(page, 1);
  await page.waitForFunction(() => window.said.some((s) => s.startsWith('Rot zieht von 6 nach 1. Der Stein auf 1 wird zur Dame. ')));
  await page.waitForFunction(() => window.said.at(-1).endsWith('Schwarz ist am Zug.'));
  assert.deepEqual(errors, []);
  await context.close();
});
