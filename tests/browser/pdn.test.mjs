// Each game's own notation on the page, and the Import/Export panel (PDN and FEN): export a game,
// import it in a fresh page, games in ACF and algebraic notation, imported text shown as text.
// Run with `node --test tests/browser/` after `trunk build --release`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openGame, fen, drag, idle, play, shot, settle, withBrowser, q } from './helpers.mjs';

const env = withBrowser();

const history = (page) => page.evaluate(() => window.dame.state.view.history);
/** The move list shows `expected`, in order. */
async function assertMoves(page, expected) {
  const text = await page.textContent('#moves');
  let at = 0;
  for (const move of expected) {
    const found = text.indexOf(move, at);
    assert.ok(found >= 0, `move list ${JSON.stringify(text)} shows ${move}`);
    at = found + move.length;
  }
}
const pdnMessage = async (page) => (await page.textContent('#pdn-message')).trim();

/** Opens the Import/Export panel. */
async function openPanel(page) {
  if (!(await page.evaluate(() => document.getElementById('pdn').open))) await page.click('#pdn > summary');
  await page.waitForSelector('#pdn-import', { state: 'visible' });
}

/** Pastes `text` into the panel's text box and imports it. */
async function importText(page, text) {
  await openPanel(page);
  await page.fill('#pdn-text', text);
  await page.click('#pdn-import');
  await idle(page);
}

test('English: ACF move texts and square numbers; export PDN, import it in a fresh page: same position and moves', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await play(page);
  // Internal 22-18, 9-13, 24-20 are ACF 11-15, 24-20, 9-13 (square s is 33 − s).
  for (const [from, to] of [[22, 18], [9, 13], [24, 20]]) {
    await drag(page, from, to);
    await idle(page);
  }
  assert.deepEqual(await history(page), ['11-15', '24-20', '9-13']);
  await assertMoves(page, ['11-15', '24-20', '9-13']);
  const labels = await page.evaluate(() => window.dame.state.view.labels);
  assert.equal(labels.length, 32);
  assert.deepEqual([labels[0], labels[21], labels[31]], ['32', '11', '1']);
  // The computer's worker still gets the internal notation; data-fen stays internal.
  assert.deepEqual(await page.evaluate(() => window.dame.state.game.history()), ['22-18', '9-13', '24-20']);
  const position = await fen(page);
  assert.match(position, /^B:W18,20,21,23,/);
  await page.check('#numbers');
  await settle(page);
  await shot(page, 'pdn-01-english-acf-numbers');

  await openPanel(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#pdn-download')]);
  assert.match(download.suggestedFilename(), /^dame-english-\d{4}-\d\d-\d\d\.pdn$/);
  const pdn = await readFile(await download.path(), 'utf8');
  assert.match(pdn, /^\[Event "Dame"\]$/m);
  assert.match(pdn, /^\[Date "\d{4}\.\d\d\.\d\d"\]$/m);
  // Two players: named by colour; in ACF the first mover (Red) is "Black".
  assert.match(pdn, /^\[White "Schwarz"\]\n\[Black "Rot"\]\n\[Result "\*"\]\n\[GameType "21"\]\n\[Rules "english"\]$/m);
  assert.doesNotMatch(pdn, /FEN/, 'no FEN tag from the start position');
  assert.match(pdn, /\n1\. 11-15 24-20 2\. 9-13 \*\n$/);
  // Copy: the same text on the clipboard (or, where copying is not allowed, selected in the box).
  await page.click('#pdn-copy');
  await page.waitForFunction(() => document.getElementById('pdn-message').textContent !== '' &&
    !document.getElementById('pdn-message').textContent.includes('.pdn'));
  const copied = /Zwischenablage/.test(await pdnMessage(page))
    ? await page.evaluate(() => navigator.clipboard.readText())
    : await page.inputValue('#pdn-text');
  assert.equal(copied, pdn);
  assert.deepEqual(errors, []);
  await context.close();

  // A fresh page, set to Blasen: the game's preset becomes the rules setting.
  const fresh = await openGame(env, q({ opponent: 'human' }));
  assert.equal(await fresh.page.inputValue('#rules'), 'blasen');
  await importText(fresh.page, pdn);
  assert.equal(await fen(fresh.page), position);
  assert.deepEqual(await history(fresh.page), ['11-15', '24-20', '9-13']);
  await assertMoves(fresh.page, ['11-15', '24-20', '9-13']);
  assert.equal(await fresh.page.inputValue('#rules'), 'english');
  assert.equal(await fresh.page.getAttribute('#board', 'data-phase'), 'playing');
  assert.match(await pdnMessage(fresh.page), /^Partie geladen \(Englische Dame \(Checkers\), Züge: 3\)/);
  const names = await fresh.page.$$eval('#pdn-tags dt', (dt) => dt.map((d) => d.textContent));
  assert.deepEqual(names, ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result', 'GameType', 'Rules']);
  // Play goes on from the last position: Black (ACF "White") moves, 10-14 internally is ACF 23-19.
  await drag(fresh.page, 10, 14);
  await idle(fresh.page);
  assert.deepEqual(await history(fresh.page), ['11-15', '24-20', '9-13', '23-19']);
  // The rules setting is remembered.
  await fresh.page.reload();
  await fresh.page.waitForSelector('body[data-ready="1"]');
  assert.equal(await fresh.page.inputValue('#rules'), 'english');
  assert.deepEqual(fresh.errors, []);
  await fresh.context.close();
});

test('Russian: algebraic move texts and squares; a game from a file, and a FEN position', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'russian', opponent: 'human', lang: 'en' }));
  await play(page);
  await drag(page, 22, 18);
  await idle(page);
  await drag(page, 11, 15);
  await idle(page);
  assert.deepEqual(await history(page), ['c3-d4', 'f6-e5']);
  // d4 takes e5: a capture is written with ':'.
  await drag(page, 18, 11);
  await idle(page);
  assert.deepEqual(await history(page), ['c3-d4', 'f6-e5', 'd4:f6']);
  await assertMoves(page, ['c3-d4', 'f6-e5', 'd4:f6']);
  const labels = await page.evaluate(() => window.dame.state.view.labels);
  assert.deepEqual([labels[0], labels[21], labels[28]], ['b8', 'c3', 'a1']);
  assert.match(await page.getAttribute('#board', 'aria-label'), /Red: men on a1, .*f6/);
  await page.check('#numbers');
  await settle(page);
  await shot(page, 'pdn-02-russian-algebraic');
  await openPanel(page);
  await page.click('#pdn-copy');
  await page.waitForFunction(() => document.getElementById('pdn-message').textContent !== '');

  // A game written by another program: GameType 25, comments, a NAG, captures with x or ':'.
  const other = '[Event "Moscow"]\n[White "Ivanov"]\n[Black "Petrov"]\n[Result "*"]\n[GameType "25,W,8,8,A0,0"]\n\n' +
    '1. c3-d4 f6-e5 {a classic} 2. d4xf6 $1 g7:e5 3. b2-c3 *\n';
  await page.setInputFiles('#pdn-file', { name: 'moscow.pdn', mimeType: 'text/plain', buffer: Buffer.from(other) });
  await page.waitForFunction(() => window.dame.state.view.history.length === 5);
  await idle(page);
  assert.deepEqual(await history(page), ['c3-d4', 'f6-e5', 'd4:f6', 'g7:e5', 'b2-c3']);
  assert.equal(await page.inputValue('#rules'), 'russian');
  assert.match(await pdnMessage(page), /Game loaded \(Russian draughts, moves: 5\)/);
  assert.deepEqual(await page.$$eval('#pdn-tags dd', (dd) => dd.map((d) => d.textContent)),
    ['Moscow', 'Ivanov', 'Petrov', '*', '25,W,8,8,A0,0']);

  // A FEN position in the game's notation (algebraic for Russian).
  await importText(page, 'W:Wc3,e3:Bf6,h8');
  assert.equal(await fen(page), 'W:W22,23:B4,11');
  assert.deepEqual(await history(page), []);
  assert.equal(await page.isHidden('#pdn-tags'), true, 'a FEN position has no tags');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an imported tag with markup is shown as text and runs nothing', async () => {
  const { page, errors, context } = await openGame(env, q({ opponent: 'human' }));
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    d.dismiss().catch(() => {});
  });
  const evil = '<img src=x onerror=alert(1)>';
  await importText(page, `[Event "${evil}"]\n[White "<script>alert(2)</script>"]\n[GameType "21"]\n1. 11-15 *`);
  assert.equal(await page.inputValue('#rules'), 'english');
  assert.deepEqual(await history(page), ['11-15']);
  const shown = await page.$$eval('#pdn-tags dd', (dd) => dd.map((d) => d.textContent));
  assert.deepEqual(shown.slice(0, 2), [evil, '<script>alert(2)</script>']);
  assert.equal(await page.locator('#pdn img, #pdn script').count(), 0, 'no element made from the text');
  assert.match(await page.textContent('#pdn-tags'), /<img src=x onerror=alert\(1\)>/);
  await shot(page, 'pdn-03-markup-as-text');
  assert.deepEqual(dialogs, []);
  // A new game is not the imported one: its tags go.
  await page.click('#new');
  await page.click('#confirm-yes'); // a new game during a game asks first
  await settle(page);
  assert.equal(await page.isHidden('#pdn-tags'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a bad PDN gives a plain message and the current game is kept', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(page);
  await drag(page, 22, 18);
  await idle(page);
  const position = await fen(page);
  const before = await history(page);
  await importText(page, '[Event "Cup"]\n[GameType "21"]\n1. 11-15 22-13 *');
  assert.equal(await pdnMessage(page),
    "Import nicht möglich: game 1 (Cup): move 1... '22-13' (line 3): not a legal move here. Das laufende Spiel bleibt.");
  assert.equal(await page.getAttribute('#pdn-message', 'class'), 'msg-error');
  assert.equal(await fen(page), position);
  assert.deepEqual(await history(page), before);
  assert.equal(await page.inputValue('#rules'), 'english');
  for (const bad of ['hello world', '[Event "x"\n1. 11-15', '[GameType "20"]\n1. 32-28 *', 'B:W21-32:B1-12,40']) {
    await importText(page, bad);
    assert.match(await pdnMessage(page), /^Import nicht möglich: .+\. Das laufende Spiel bleibt\.$/s, bad);
    assert.equal(await fen(page), position);
  }
  await importText(page, '   ');
  assert.match(await pdnMessage(page), /Füge zuerst/);
  // The game goes on.
  await drag(page, 9, 14);
  await idle(page);
  assert.deepEqual(await history(page), ['11-15', '24-19']);
  assert.deepEqual(errors, []);
  await context.close();
});
