// Help during the game: the hint (piece, then move; counted, kept over a reload, shown at the
// end), turns typed in the game's own notation, the explanation of a turn selected in the move
// list, the rule behind a refusal ("Warum?") and the notation legend. Run with
// `node --test tests/browser/` after `trunk build --release`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, fen, message, drag, idle, play, shot, settle, withBrowser, q } from './helpers.mjs';

const env = withBrowser();

/// Presses the hint button and waits until the hint's search has answered.
async function pressHint(page) {
  await page.click('#hint');
  await page.waitForFunction(() => {
    const h = window.dame.state.hint;
    return h && h.turn;
  }, null, { timeout: 20000 });
  await settle(page);
}

/// Types a turn into the field and presses Enter; waits until it is played (the field is
/// emptied) and shown, or, if `refused`, until the message changes.
async function type(page, text, refused = false) {
  const before = await message(page);
  await page.fill('#typed-text', text);
  await page.press('#typed-text', 'Enter');
  if (refused) {
    await page.waitForFunction((m) => document.getElementById('message').textContent.trim() !== m, before);
  } else {
    await page.waitForFunction(() => document.getElementById('typed-text').value === '');
  }
  await idle(page);
}

test('the hint marks the piece, then shows the move, which is legal and can be played', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', level: '1' }));
  await play(page);
  assert.equal(await page.isDisabled('#hint'), false);
  await pressHint(page);
  const first = await page.evaluate(() => {
    const { state } = window.dame;
    return { hint: state.hint, movable: state.view.movable, hints: state.view.hints };
  });
  assert.equal(first.hint.full, false, 'the first press marks only the piece');
  assert.ok(first.movable.includes(first.hint.turn.path[0]), 'the piece marked can move');
  assert.equal(first.hints, 1, 'one hint counted');
  assert.match(await message(page), /markierten Stein/);
  await shot(page, 'hints-piece');
  await page.click('#hint');
  await settle(page);
  const turn = first.hint.turn;
  assert.equal(await page.evaluate(() => window.dame.state.hint.full), true);
  // In plain words, by the squares' own names (ACF here), no notation.
  const [from, to] = await page.evaluate((p) => p.map((sq) => window.dame.state.view.labels[sq - 1]), [turn.path[0], turn.path.at(-1)]);
  assert.match(await message(page), new RegExp(`^Tipp: Du ziehst von ${from} (über [^.]+ )?nach ${to}\\b`));
  assert.equal(await page.isDisabled('#hint'), true, 'nothing more to show');
  await shot(page, 'hints-move');
  // The move shown is one of the legal paths of that piece, and playing it is accepted.
  const legal = await page.evaluate((from) => window.dame.state.game.grab(from).paths.map((p) => p.text), turn.path[0]);
  assert.ok(legal.includes(turn.text), `${turn.text} among ${legal}`);
  await drag(page, turn.path[0], turn.path.at(-1), turn.path.slice(1, -1));
  await page.waitForFunction(() => window.dame.state.view.history.length === 2, null, { timeout: 20000 });
  await idle(page);
  assert.equal(await page.evaluate(() => window.dame.state.view.history[0]), turn.text);
  assert.equal(await page.evaluate(() => window.dame.state.view.hints), 1);
  // A new game starts without hints, and a hint there is a new one.
  await page.click('#new');
  await page.click('#confirm-yes');
  await play(page);
  assert.equal(await page.evaluate(() => [window.dame.state.hint, window.dame.state.view.hints]).then(JSON.stringify), '[null,0]');
  await pressHint(page);
  assert.equal(await page.evaluate(() => window.dame.state.view.hints), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the hint count is saved, survives a reload (older records read as none) and shows on the result card', async () => {
  // English, Red to move: 22 takes 18, Black's last piece (ACF 11x18).
  const { page, errors, context } = await openGame(env, q({ rules: 'english', fen: 'W:W22,30:B18', level: '1' }));
  await play(page);
  await pressHint(page);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('dame.game.v1')));
  assert.equal(saved.record.hints, 1, 'the saved record counts the hint');
  // Reload without the URL's position: the saved game goes on, with its hint.
  await page.goto(env.base);
  await page.waitForSelector('body[data-ready="1"]');
  await idle(page);
  assert.equal(await page.evaluate(() => window.dame.state.view.hints), 1);
  // A record saved before hints were counted is read with none.
  await page.evaluate(() => {
    const data = JSON.parse(localStorage.getItem('dame.game.v1'));
    delete data.record.hints;
    localStorage.setItem('dame.game.v1', JSON.stringify(data));
  });
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await idle(page);
  assert.equal(await page.evaluate(() => window.dame.state.view.hints), 0);
  await pressHint(page);
  await page.click('#hint');
  await settle(page);
  assert.equal(await page.isDisabled('#hint'), true, 'the whole move is shown: nothing more to ask');
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await idle(page);
  assert.equal(await page.evaluate(() => window.dame.state.view.hints), 1);
  await drag(page, 22, 15);
  await page.waitForSelector('#over:not([hidden])');
  assert.equal((await page.textContent('#over-hints')).trim(), '1 Tipp benutzt');
  assert.equal(await page.isDisabled('#hint'), true, 'no hint once the game is over');
  await shot(page, 'hints-over');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a typed legal turn is played and the computer answers; in two-player mode and with a huff too', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', level: '1' }));
  await play(page);
  await type(page, '11-15');
  await page.waitForFunction(() => window.dame.state.view.history.length === 2, null, { timeout: 20000 });
  await idle(page);
  assert.equal(await page.evaluate(() => window.dame.state.view.history[0]), '11-15');
  assert.equal(await page.inputValue('#typed-text'), '', 'the field is emptied');
  assert.deepEqual(errors, []);
  await context.close();

  // Russian, two players: algebraic squares.
  const russian = await openGame(env, q({ rules: 'russian', opponent: 'human' }));
  await play(russian.page);
  await type(russian.page, 'c3-d4');
  await idle(russian.page);
  await type(russian.page, 'f6-e5');
  await idle(russian.page);
  assert.deepEqual(await russian.page.evaluate(() => window.dame.state.view.history), ['c3-d4', 'f6-e5']);
  await type(russian.page, 'd4:f6');
  await idle(russian.page);
  assert.equal(await russian.page.evaluate(() => window.dame.state.view.history[2]), 'd4:f6');
  assert.deepEqual(russian.errors, []);
  await russian.context.close();

  // Blasen, two players: a huff and a move typed as one turn (docs/rules.md §4's example).
  const blasen = await openGame(env, q({ rules: 'blasen', fen: 'B:W21,22:B5,18:H22', opponent: 'human' }));
  await play(blasen.page);
  await type(blasen.page, 'h22 5-9');
  await idle(blasen.page);
  assert.equal(await fen(blasen.page), 'W:W21:B9,18');
  assert.deepEqual(await blasen.page.evaluate(() => window.dame.state.view.history), ['h22 5-9']);
  assert.deepEqual(blasen.errors, []);
  await blasen.context.close();
});

test('a typed illegal turn is refused with its reason and the rule behind it; the game is unchanged', async () => {
  const start = 'W:W22,25:B18,1';
  const { page, errors, context } = await openGame(env, q({ rules: 'english', fen: start, opponent: 'human' }));
  await play(page);
  const before = await fen(page);
  await type(page, '8-12', true); // internal 25-21, while 22 must capture 18
  await settle(page);
  assert.match(await message(page), /^Schlagzwang: Es muss geschlagen werden – mit dem Stein auf 11\./);
  await page.waitForSelector('#why-rule:not([hidden])');
  assert.match(await page.textContent('#why-rule'), /^Warum\? Schlagzwang: Kann ein Stein schlagen, sind nur Schlagzüge erlaubt \(§2\)\./);
  assert.equal(await fen(page), before);
  assert.equal(await page.inputValue('#typed-text'), '8-12', 'the text stays, to be corrected');
  await shot(page, 'hints-refused');
  // Bad text: told apart from an illegal turn, with examples in the game's notation.
  await type(page, '33-29', true);
  await settle(page);
  assert.equal(await message(page), '„33-29“ ist kein Zug in dieser Schreibweise. Beispiele: 11-15, 11x18x27.');
  assert.equal(await page.isHidden('#why-rule'), true);
  assert.equal(await fen(page), before);
  // In English.
  await page.click('#lang');
  await page.waitForFunction(() => document.documentElement.lang === 'en'); // the English words load first
  await type(page, '8-12', true);
  await page.waitForSelector('#why-rule:not([hidden])');
  assert.match(await page.textContent('#why-rule'), /^Why\? Capture obligation: when a piece can capture, only captures are legal/);
  assert.equal(await fen(page), before);
  assert.deepEqual(errors, []);
  await context.close();
});

test('selecting a move in the list explains it; the legend explains the notation', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'standard', fen: 'W:W22,24,30:B18,19,1', opponent: 'human' }));
  await play(page);
  assert.equal(await page.textContent('#legend'), 'Schreibweise: 22-18 Zug, 22x15x6 Schlag über jedes Landefeld; Felder 1–32 – „Feldnummern zeigen“ zeigt sie.');
  await type(page, '22x15');
  await idle(page);
  await type(page, '19x10');
  await idle(page);
  assert.equal(await page.isHidden('#why-move'), true, 'nothing explained until a move is selected');
  await page.click('#moves button[data-ply="1"]');
  await page.waitForSelector('#why-move:not([hidden])');
  const text = (await page.textContent('#why-move')).trim();
  assert.equal(text, 'Rot springt von 22 nach 15 und schlägt den Stein auf 18. Schlagen war Pflicht (Schlagzwang, §2). ' +
    'Es gab einen weiteren Schlag: Die Wahl ist frei, man muss nicht die meisten Steine schlagen (§2).');
  await shot(page, 'hints-explained');
  // The last move (the game's own position) is explained too, and a new turn puts it away.
  await page.click('#moves button[data-ply="2"]');
  await page.waitForFunction(() => document.getElementById('why-move').dataset.ply === '2');
  assert.match(await page.textContent('#why-move'), /^Schwarz springt von 19 nach 10 und schlägt den Stein auf 15\. Schlagen war Pflicht/);
  await type(page, '30-26');
  await idle(page);
  assert.equal(await page.isHidden('#why-move'), true);
  assert.deepEqual(errors, []);
  await context.close();

  // Blasen: a declined capture, the huff that follows, and the legend with the huff.
  const blasen = await openGame(env, q({ rules: 'blasen', fen: 'W:W22,25:B5,18', opponent: 'human' }));
  await play(blasen.page);
  assert.match(await blasen.page.textContent('#legend'), /, h26 8-11 erst 26 blasen, dann ziehen;/);
  await type(blasen.page, '25-21');
  await idle(blasen.page);
  await type(blasen.page, 'h22 5-9');
  await idle(blasen.page);
  await blasen.page.click('#moves button[data-ply="1"]');
  await blasen.page.waitForFunction(() => document.getElementById('why-move').dataset.ply === '1');
  assert.equal((await blasen.page.textContent('#why-move')).trim(),
    'Rot zieht von 25 nach 21. Schlagen wäre möglich gewesen (mit 22); wer nicht schlägt, riskiert, dass der Gegner bläst (§4). ' +
    'Blasbar sind jetzt: 22 (hat nicht geschlagen).');
  await blasen.page.click('#moves button[data-ply="2"]');
  await blasen.page.waitForFunction(() => document.getElementById('why-move').dataset.ply === '2');
  assert.match(await blasen.page.textContent('#why-move'),
    /^Zuerst bläst Schwarz den Stein auf 22: Er hätte im Zug davor schlagen können und hat es nicht getan \(§4\)\. Schwarz zieht von 5 nach 9\./);
  assert.deepEqual(blasen.errors, []);
  await blasen.context.close();

  // English: ACF numbers and square names explained.
  const english = await openGame(env, q({ rules: 'english', lang: 'en', opponent: 'human' }));
  await play(english.page);
  assert.match(await english.page.textContent('#legend'), /^Notation: 11-15 move, 11x18x27 capture via every landing square; squares 1–32 \(ACF\)/);
  assert.deepEqual(english.errors, []);
  await english.context.close();
});
