// The game kept and looked through: resumed after a reload (and a saved game that cannot be read
// reported and kept), the move list and the arrow keys, playing on from an earlier position,
// undo and redo, the result card closed, resign and new game asked first, a second tab, and a
// link to the position. Run with `node --test tests/browser/` after `trunk build --release`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, fen, message, drag, click, idle, play, shot, settle, withBrowser, q } from './helpers.mjs';

const env = withBrowser();

const START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';
const KEY = 'dame.game.v1';
const BAD = 'dame.game.v1.bad';
/** Three turns of English checkers that capture nothing. */
const THREE = [[22, 18], [12, 16], [21, 17]];

const board = (page, name) => page.getAttribute('#board', name);
// The turns in the internal notation (docs/rules.md §7); the move list shows English games in ACF
// numbers (internal 22-18 is 11-15).
const history = (page) => page.evaluate(() => window.dame.state.game?.history() ?? []);
const moveList = (page) => page.$$eval('#moves button.ply', (bs) => bs.map((b) => b.textContent));
const ready = (page) => page.waitForSelector('body[data-ready="1"]');

/** Plays `moves` (two players on one device) and returns the FEN after each, the one before first. */
async function playMoves(page, moves) {
  const fens = [await fen(page)];
  const before = (await history(page)).length;
  for (const [from, to] of moves) {
    await drag(page, from, to);
    await page.waitForFunction((n) => window.dame.state.view.history.length === n, before + fens.length);
    await idle(page);
    fens.push(await fen(page));
  }
  return fens;
}

/** Waits until the board shows ply `ply` (live or looked back at). */
async function shows(page, ply, live) {
  await page.waitForFunction(([ply, live]) => {
    const b = document.getElementById('board');
    return b.dataset.ply === String(ply) && b.dataset.live === (live ? '1' : '0');
  }, [ply, live]);
  await settle(page);
}

test('resume: three moves, a reload, the same position, move list and choices; against the computer too', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(page);
  const fens = await playMoves(page, THREE);
  const saved = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY));
  assert.equal(saved.version, 1);
  assert.deepEqual(saved.record.history, ['22-18', '12-16', '21-17']);
  assert.equal(saved.opponent, 'human');
  await page.reload();
  await ready(page);
  assert.equal(await fen(page), fens[3]);
  assert.equal(await board(page, 'data-phase'), 'playing');
  assert.deepEqual(await moveList(page), ['11-15', '21-17', '12-16']);
  assert.match(await page.textContent('#turn'), /Schwarz ist am Zug/);
  assert.equal(await message(page), 'Das gespeicherte Spiel geht weiter.');
  // The game goes on from there.
  await drag(page, 9, 14);
  await page.waitForFunction(() => window.dame.state.view.history.length === 4);
  await idle(page);
  assert.deepEqual(errors, []);
  await context.close();

  // Against the computer: level and colour come back; it is the player's turn again.
  const c = await openGame(env, q({ rules: 'english', level: '1' }));
  await play(c.page);
  await drag(c.page, 22, 18);
  await c.page.waitForFunction(() => window.dame.state.view.history.length === 2, null, { timeout: 20000 });
  await idle(c.page);
  const after = await fen(c.page);
  await c.page.reload();
  await ready(c.page);
  await idle(c.page);
  assert.equal(await fen(c.page), after);
  assert.equal(await c.page.inputValue('#level'), '1');
  assert.equal(await c.page.evaluate(() => window.dame.state.settings.opponent), 'computer');
  assert.match(await c.page.textContent('#turn'), /Du bist am Zug/);
  assert.deepEqual(c.errors, []);
  await c.context.close();
});

test('a saved game that cannot be read is reported in words, kept under a backup key, and a new game works', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(page);
  await playMoves(page, [[22, 18]]);
  const good = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY));
  const cases = [
    ['{"version": 1, "record": ', /Das gespeicherte Spiel ließ sich nicht laden: Die gespeicherten Daten sind beschädigt\./],
    [JSON.stringify({ ...good, version: 7 }), /neueren Version von Dame \(Format 7\)/],
    [JSON.stringify({ ...good, record: { ...good.record, history: ['22-18', '22-17'] } }), /Der gespeicherte Zug 2 \(22-17\) ist in seiner Stellung nicht erlaubt\./],
  ];
  for (const [raw, words] of cases) {
    await page.evaluate(([k, raw]) => localStorage.setItem(k, raw), [KEY, raw]);
    await page.reload();
    await ready(page);
    const text = await message(page);
    assert.match(text, words);
    assert.match(text, /Es ist unter „dame\.game\.v1\.bad“ aufgehoben; ein neues Spiel beginnt\./);
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), BAD), raw, 'the old data is kept');
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), null);
    assert.equal(await board(page, 'data-phase'), 'setup');
    assert.equal(await fen(page), START);
    if (raw.includes('22-17')) await shot(page, 'keep-01-bad-save');
  }
  // A new game works, and is saved.
  await play(page);
  await playMoves(page, [[23, 19]]);
  assert.deepEqual(JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY)).record.history, ['23-19']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('without localStorage the page still works', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 820 } });
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('blocked', 'SecurityError'); } });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(env.base + q({ rules: 'english', opponent: 'human' }));
  await ready(page);
  await play(page);
  await playMoves(page, [[22, 18]]);
  assert.deepEqual(await history(page), ['22-18']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the move list and the arrow keys step through the game; a click returns to it', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }), { viewport: { width: 1280, height: 800 } });
  await play(page);
  const fens = await playMoves(page, THREE);
  assert.equal(await board(page, 'data-live'), '1');
  assert.equal(await board(page, 'data-ply'), '3');
  assert.equal(await page.getAttribute('#moves button[data-ply="3"]', 'aria-current'), 'step');
  assert.equal(await page.getAttribute('#moves button[data-ply="1"]', 'aria-label'), 'Zug 1, Rot: 11-15 (von 11 nach 15)');
  await page.click('#moves button[data-ply="1"]');
  await shows(page, 1, false);
  assert.equal(await fen(page), fens[1]);
  assert.equal((await page.textContent('#past-back')).trim(), 'Du siehst Zug 1 (11-15) – zurück zum Spiel');
  assert.equal(await page.getAttribute('#moves button[data-ply="1"]', 'aria-current'), 'step');
  assert.equal(await page.getAttribute('#moves button[data-ply="3"]', 'aria-current'), null);
  assert.match(await board(page, 'aria-label'), /^Frühere Stellung nach Zug 1\. Schwarz ist am Zug/);
  await shot(page, 'keep-02-looking-back-1280');
  await page.keyboard.press('ArrowRight');
  await shows(page, 2, false);
  assert.equal(await fen(page), fens[2]);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await shows(page, 0, false);
  assert.equal(await fen(page), START);
  assert.equal((await page.textContent('#past-back')).trim(), 'Du siehst die Ausgangsstellung – zurück zum Spiel');
  await page.keyboard.press('ArrowLeft');
  await shows(page, 0, false);
  await page.keyboard.press('End');
  await shows(page, 3, true);
  assert.equal(await fen(page), fens[3]);
  assert.equal(await page.isHidden('#past'), true);
  await page.keyboard.press('Home');
  await shows(page, 0, false);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await shows(page, 3, true);
  // Keys typed into a form field are the field's.
  await page.focus('#numbers');
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  assert.equal(await board(page, 'data-live'), '1');
  // No move while looking back: a click on the board returns to the game, nothing is played.
  await page.click('#moves button[data-ply="2"]');
  await shows(page, 2, false);
  await click(page, 21);
  await shows(page, 3, true);
  assert.deepEqual(await history(page), ['22-18', '12-16', '21-17']);
  // The banner's button returns too.
  await page.keyboard.press('ArrowLeft');
  await shows(page, 2, false);
  await page.click('#past-back');
  await shows(page, 3, true);
  assert.equal(await fen(page), fens[3]);
  assert.equal(await page.getAttribute('#moves', 'aria-label'), 'Züge');
  // In English too.
  await page.keyboard.press('ArrowLeft');
  await shows(page, 2, false);
  await page.click('#lang');
  await page.waitForFunction(() => document.documentElement.lang === 'en'); // the English words load first
  await settle(page);
  assert.equal((await page.textContent('#past-back')).trim(), 'You are looking at move 2 (21-17) – back to the game');
  assert.equal(await page.getAttribute('#moves button[data-ply="2"]', 'aria-label'), 'Move 2, Black: 21-17 (from 21 to 17)');
  assert.deepEqual(errors, []);
  await context.close();
});

test('playing on from an earlier position asks first, then continues from there', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(page);
  const fens = await playMoves(page, THREE);
  await page.click('#moves button[data-ply="1"]');
  await shows(page, 1, false);
  await page.click('#play-from');
  await page.waitForSelector('#confirm[open]');
  assert.equal((await page.textContent('#confirm-text')).trim(), 'Von der Stellung nach Zug 1 weiterspielen? Die 2 Züge danach werden gelöscht.');
  await shot(page, 'keep-03-confirm-play-from');
  await page.click('#confirm-no');
  await page.waitForSelector('#confirm:not([open])', { state: 'attached' });
  await settle(page);
  assert.equal(await board(page, 'data-ply'), '1', 'still looking back');
  assert.equal((await history(page)).length, 3, 'nothing dropped');
  await page.click('#play-from');
  await page.waitForSelector('#confirm[open]');
  await page.click('#confirm-yes');
  await shows(page, 1, true);
  assert.deepEqual(await history(page), ['22-18']);
  assert.equal(await fen(page), fens[1]);
  assert.equal(await page.isDisabled('#redo'), true, 'what followed cannot be redone');
  // A different move from there.
  await playMoves(page, [[11, 15]]);
  assert.deepEqual(await history(page), ['22-18', '11-15']);
  assert.deepEqual(await moveList(page), ['11-15', '22-18']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('undo, then redo; against the computer a whole move pair', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(page);
  const fens = await playMoves(page, THREE);
  assert.equal(await page.isDisabled('#redo'), true);
  await page.click('#undo');
  await idle(page);
  assert.equal(await fen(page), fens[2]);
  assert.equal(await page.isDisabled('#redo'), false);
  await page.click('#undo');
  await idle(page);
  assert.equal(await fen(page), fens[1]);
  await page.click('#redo');
  await idle(page);
  assert.equal(await fen(page), fens[2]);
  await page.click('#redo');
  await idle(page);
  assert.equal(await fen(page), fens[3]);
  assert.deepEqual(await history(page), ['22-18', '12-16', '21-17']);
  assert.equal(await page.isDisabled('#redo'), true);
  assert.deepEqual(errors, []);
  await context.close();

  const c = await openGame(env, q({ rules: 'english', level: '1' }));
  await play(c.page);
  await drag(c.page, 22, 18);
  await c.page.waitForFunction(() => window.dame.state.view.history.length === 2, null, { timeout: 20000 });
  await idle(c.page);
  const pair = await history(c.page);
  const after = await fen(c.page);
  await c.page.click('#undo');
  await idle(c.page);
  assert.equal(await fen(c.page), START);
  await c.page.click('#redo');
  await idle(c.page);
  assert.deepEqual(await history(c.page), pair, 'the player’s move and the computer’s answer');
  assert.equal(await fen(c.page), after);
  assert.match(await c.page.textContent('#turn'), /Du bist am Zug/);
  assert.deepEqual(c.errors, []);
  await c.context.close();
});

test('the result card closes to show the final position, the result stays beside the board', async () => {
  for (const [viewport, name] of [[{ width: 1280, height: 800 }, '1280'], [{ width: 360, height: 740 }, '360']]) {
    const { page, errors, context } = await openGame(env, q({ rules: 'english', fen: 'W:W22:B18' }), { viewport });
    await play(page);
    await drag(page, 22, 15);
    await page.waitForSelector('#over:not([hidden])');
    assert.equal(await page.getAttribute('#over .card', 'role'), 'dialog');
    assert.equal(await page.getAttribute('#over-close', 'aria-label'), 'Schließen');
    await shot(page, `keep-04-result-card-${name}`);
    await page.click('#over-close');
    await page.waitForSelector('#over[hidden]', { state: 'attached' });
    assert.equal(await fen(page), await page.evaluate(() => window.dame.state.view.fen));
    assert.equal(await board(page, 'data-live'), '1');
    assert.equal(await page.isVisible('#result'), true);
    assert.equal((await page.textContent('#result-title')).trim(), 'Du hast gewonnen!');
    assert.equal((await page.textContent('#result-text')).trim(), 'Schwarz hat keine Steine mehr.');
    await shot(page, `keep-05-result-beside-${name}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
  // Escape closes it too.
  const { page, errors, context } = await openGame(env, q({ rules: 'english', fen: 'W:W22:B18', opponent: 'human' }));
  await play(page);
  await drag(page, 22, 15);
  await page.waitForSelector('#over:not([hidden])');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#over[hidden]', { state: 'attached' });
  assert.equal(await page.isVisible('#result'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('resign and new game ask first during a game', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', level: '1' }), { viewport: { width: 360, height: 740 } });
  await play(page);
  await page.click('#resign');
  await page.waitForSelector('#confirm[open]');
  assert.equal((await page.textContent('#confirm-text')).trim(), 'Willst du wirklich aufgeben?');
  await shot(page, 'keep-06-confirm-resign-360');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#confirm:not([open])', { state: 'attached' });
  await settle(page);
  assert.equal(await board(page, 'data-phase'), 'playing', 'Escape is a no');
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForSelector('#over:not([hidden])');
  assert.equal(await page.textContent('#over-title'), 'Du hast verloren.');
  assert.equal(await page.textContent('#over-text'), 'Rot hat aufgegeben.');
  await context.close();

  const p = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(p.page);
  await playMoves(p.page, [[22, 18]]);
  await p.page.click('#new');
  await p.page.waitForSelector('#confirm[open]');
  assert.equal((await p.page.textContent('#confirm-text')).trim(), 'Das laufende Spiel beenden und ein neues beginnen?');
  await p.page.click('#confirm-no');
  await settle(p.page);
  assert.equal(await board(p.page, 'data-phase'), 'playing');
  assert.deepEqual(await history(p.page), ['22-18']);
  await p.page.click('#new');
  await p.page.click('#confirm-yes');
  await p.page.waitForFunction(() => document.getElementById('board').dataset.phase === 'setup');
  assert.equal(await p.page.evaluate((k) => localStorage.getItem(k), KEY), null, 'the ended game is no longer saved');
  assert.deepEqual(errors, []);
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test('a second tab on the same game is told so, follows it, and can take it over', async () => {
  const a = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(a.page);
  await playMoves(a.page, [[22, 18]]);
  const b = await a.context.newPage();
  const errors = [];
  b.on('pageerror', (err) => errors.push(String(err)));
  await b.goto(env.base + q({ rules: 'english', opponent: 'human' }));
  await ready(b);
  await b.waitForSelector('#tabs:not([hidden])');
  assert.match(await b.textContent('#tabs-text'), /Dieses Spiel ist schon in einem anderen Tab offen/);
  assert.equal(await fen(b), await fen(a.page));
  await shot(b, 'keep-07-second-tab');
  // The second tab does not move; it follows the first.
  await drag(b, 9, 13);
  await settle(b);
  assert.deepEqual(await history(b), ['22-18']);
  // (A page in the background gets no animation frames: the one used is brought to the front.)
  await a.page.bringToFront();
  await playMoves(a.page, [[11, 15]]);
  await b.bringToFront();
  await b.waitForFunction(() => window.dame.state.view.history.length === 2);
  await settle(b);
  assert.equal(await fen(b), await fen(a.page));
  // Taken over: the first tab is told now, and follows.
  await b.click('#take-over');
  await a.page.bringToFront();
  await a.page.waitForSelector('#tabs:not([hidden])');
  assert.match(await a.page.textContent('#tabs-text'), /Dieses Spiel ist schon in einem anderen Tab offen/);
  await b.bringToFront();
  await settle(b);
  assert.equal(await b.isHidden('#tabs'), true);
  await playMoves(b, [[18, 11]]);
  await a.page.bringToFront();
  await a.page.waitForFunction(() => window.dame.state.view.history.length === 3);
  await settle(a.page);
  assert.equal(await fen(a.page), await fen(b));
  assert.deepEqual(JSON.parse(await b.evaluate((k) => localStorage.getItem(k), KEY)).record.history, ['22-18', '11-15', '18x11']);
  assert.deepEqual(errors, []);
  assert.deepEqual(a.errors, []);
  await a.context.close();
});

test('two tabs opened together on the saved game: one has it, the other is told', async () => {
  const a = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(a.page);
  await playMoves(a.page, [[22, 18]]);
  await a.page.close();
  const [b, c] = await Promise.all([a.context.newPage(), a.context.newPage()]);
  const url = env.base + q({ rules: 'english', opponent: 'human' });
  await Promise.all([b.goto(url), c.goto(url)]);
  await Promise.all([ready(b), ready(c)]);
  const passive = async () => {
    const states = await Promise.all([b, c].map((p) => p.evaluate(() => window.dame.state.elsewhere)));
    return states.filter((x) => x === 'same').length;
  };
  const told = () => window.dame.state.elsewhere === 'same';
  await Promise.race([b.waitForFunction(told), c.waitForFunction(told)]);
  // Both tabs have heard each other's hello by now: a second 'here' would have come.
  await Promise.all([b.evaluate(() => new Promise((r) => setTimeout(r, 0))), c.evaluate(() => new Promise((r) => setTimeout(r, 0)))]);
  assert.equal(await passive(), 1, 'exactly one of the two is passive');
  assert.deepEqual(await history(b), ['22-18']);
  assert.deepEqual(await history(c), ['22-18']);
  await a.context.close();
});

test('share: a link to the position, copied or shown in a field, opens the same position', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.base).origin });
  await play(page);
  const fens = await playMoves(page, THREE);
  await page.click('#share');
  await page.waitForSelector('#share-box:not([hidden])');
  assert.equal(await message(page), 'Der Link zu dieser Stellung ist in der Zwischenablage.');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(await page.inputValue('#share-link'), link);
  assert.equal(link, `${env.base}?rules=english&fen=${encodeURIComponent(fens[3])}`);
  // While looking back, the link is to the position shown.
  await page.click('#moves button[data-ply="1"]');
  await shows(page, 1, false);
  await page.click('#share');
  await page.waitForFunction((f) => document.getElementById('share-link').value.endsWith(encodeURIComponent(f)), fens[1]);
  const other = await env.browser.newPage();
  await other.goto(link);
  await ready(other);
  assert.equal(await fen(other), fens[3]);
  assert.equal(await other.inputValue('#rules'), 'english');
  await other.close();
  assert.deepEqual(errors, []);
  await context.close();

  // No clipboard: the link is shown in a field, selected.
  const c = await openGame(env, q({ rules: 'english', opponent: 'human' }), { viewport: { width: 360, height: 740 } });
  await c.page.evaluate(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
  await play(c.page);
  const f = await playMoves(c.page, [[22, 18]]);
  await c.page.click('#share');
  await c.page.waitForSelector('#share-box:not([hidden])');
  assert.equal(await message(c.page), 'Kopiere den Link zu dieser Stellung aus dem Feld.');
  assert.equal(await c.page.inputValue('#share-link'), `${env.base}?rules=english&fen=${encodeURIComponent(f[1])}`);
  await c.page.waitForFunction(() => document.activeElement?.id === 'share-link');
  await shot(c.page, 'keep-08-share-field-360');
  assert.deepEqual(c.errors, []);
  await c.context.close();
});

test('layout at 1280×800 and on a 360×740 phone: the game panel, looking back', async () => {
  for (const [viewport, name] of [[{ width: 1280, height: 800 }, '1280'], [{ width: 360, height: 740 }, '360']]) {
    const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }), { viewport });
    await play(page);
    await playMoves(page, THREE);
    await page.keyboard.press('ArrowLeft');
    await shows(page, 2, false);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= viewport.width, `no sideways scrolling at ${name} (${scroll})`);
    const banner = await page.locator('#past').boundingBox();
    const boardBox = await page.locator('#board').boundingBox();
    assert.ok(banner.y >= boardBox.y + boardBox.height && banner.y - (boardBox.y + boardBox.height) < 40, 'the banner is right under the board');
    assert.ok(banner.y + banner.height <= viewport.height, `the banner is in view at ${name}`);
    for (const id of ['#undo', '#redo', '#resign', '#new', '#share']) {
      const box = await page.locator(id).boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${id} within the width at ${name}`);
    }
    await shot(page, `keep-09-looking-back-${name}`);
    await page.keyboard.press('End');
    await shows(page, 3, true);
    await shot(page, `keep-10-playing-${name}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
