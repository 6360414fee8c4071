// The tutorials (www/tutorial.js) and the rules dialog (www/manual.js), driven with the mouse: both
// tutorials from the first step to Play, a wrong move explained and retried, the hint, progress
// kept across a reload, a saved game left as it was, and the rules of every preset in both
// languages.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser, openGame, drag, click, idle, play, fen, message, shot, settle, q } from './helpers.mjs';

const env = withBrowser();

/** Each step's move with the mouse: [from, to, via] for a drag, ['huff', sq] for a click. */
const STANDARD = [
  [[18, 14]], [[22, 15]], [[27, 9, [18]]], [[22, 15]], [[22, 13]], [[14, 23]], [[7, 3]], [[15, 19]],
  [[10, 17]], [[11, 2]], [[30, 16, [23]]], [[20, 16]],
];
const BLASEN = [[[25, 21]], [['huff', 14], [30, 26]], [[29, 11]], [[29, 18]]];

const panel = (page, name) => page.getAttribute('#tutorial', `data-${name}`);

async function openTutorial(page, button = '#tutorial-open') {
  await page.click(button);
  await page.waitForSelector('#tutorial[data-step]');
  await idle(page);
}

/** Waits for the step's status (todo, done, wrong). */
async function status(page, want) {
  await page.waitForSelector(`#tutorial[data-status="${want}"]`, { timeout: 15000 });
  await idle(page);
}

/** Makes the moves of one step with the mouse. */
async function makeStep(page, moves) {
  for (const m of moves) {
    if (m[0] === 'huff') {
      await click(page, m[1]);
      await page.waitForFunction((sq) => window.dame.state.view.pendingHuff === sq, m[1]);
      await idle(page);
    } else {
      await drag(page, m[0], m[1], m[2] ?? []);
    }
  }
}

/** Plays a whole tutorial from its first step, checking each step's start. */
async function complete(page, kind, steps) {
  if ((await panel(page, 'kind')) !== kind) await page.click(`#tutorial-kinds button[data-kind="${kind}"]`);
  await page.waitForSelector(`#tutorial[data-kind="${kind}"][data-step="0"]`);
  for (let i = 0; i < steps.length; i++) {
    await page.waitForSelector(`#tutorial[data-step="${i}"][data-status="todo"]`);
    await idle(page);
    await makeStep(page, steps[i]);
    await status(page, 'done');
    await page.click('#tutorial-next');
  }
  await page.waitForSelector(`#tutorial[data-step="${steps.length}"]`);
  assert.equal(await page.isVisible('#tutorial-play'), true);
}

test('the Standard tutorial, from the start screen to Play, with the mouse', async () => {
  const { page, context, errors } = await openGame(env);
  await openTutorial(page);
  assert.equal(await page.isHidden('#setup'), true, 'the settings give way to the tutorial');
  assert.equal(await fen(page), 'W:W18,29,30:B1,3');
  await shot(page, 'tutorial-step');
  await complete(page, 'standard', STANDARD);
  assert.match(await page.textContent('#tutorial-task'), /Bereit, Dame zu spielen\?/);
  await page.click('#tutorial-play');
  await page.waitForFunction(() => !window.dame.state.tutorial && window.dame.state.phase === 'playing');
  assert.equal(await page.$('#tutorial'), null);
  assert.equal(await page.evaluate(() => window.dame.state.view.rules), 'standard');
  assert.equal(await fen(page), 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
  assert.equal(await page.isVisible('#controls'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Blasen tutorial: declining a capture, huffing, the flying king, the king first', async () => {
  const { page, context, errors } = await openGame(env, q({ lang: 'en' }));
  await openTutorial(page);
  await page.click('#tutorial-kinds button[data-kind="blasen"]');
  await page.waitForSelector('#tutorial[data-kind="blasen"][data-step="0"]');
  // The scripted answer huffs the man that did not capture.
  await makeStep(page, BLASEN[0]);
  await status(page, 'done');
  assert.equal(await fen(page), 'W:W21:B9,18');
  assert.match(await message(page), /Black huffed your man on 22/);
  await page.click('#tutorial-next');
  for (let i = 1; i < BLASEN.length; i++) {
    await page.waitForSelector(`#tutorial[data-step="${i}"][data-status="todo"]`);
    await idle(page);
    if (i === 3) {
      // The man captures instead of the obligated king: Black huffs the king, then the step again.
      await drag(page, 27, 20);
      await status(page, 'wrong');
      assert.equal(await fen(page), 'W:W20:B5,22');
      assert.match(await message(page), /so Black huffed it/);
      await page.click('#tutorial-retry');
      await status(page, 'todo');
      assert.equal(await fen(page), 'W:W27,K29:B1,22,24');
    }
    await makeStep(page, BLASEN[i]);
    await status(page, 'done');
    await page.click('#tutorial-next');
  }
  assert.equal(await page.textContent('#tutorial-task'), 'Ready to play?');
  await page.click('#tutorial-play');
  await page.waitForFunction(() => !window.dame.state.tutorial && window.dame.state.phase === 'playing');
  assert.equal(await page.evaluate(() => window.dame.state.view.rules), 'blasen');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrong move is explained in the words of the rule, and can be tried again', async () => {
  const { page, context } = await openGame(env);
  await openTutorial(page);
  // Legal, but not the step's move: said why, the board waits for "Nochmal".
  await drag(page, 29, 25);
  await status(page, 'wrong');
  assert.match(await message(page), /hier geht es um den roten Stein in Reihe 5/);
  assert.equal(await page.evaluate(() => window.dame.state.tutorial.open), false);
  await page.click('#tutorial-retry');
  await status(page, 'todo');
  assert.equal(await fen(page), 'W:W18,29,30:B1,3');
  // Refused by the wasm layer: its reason, then the step's rule; the position stays.
  await drag(page, 18, 22);
  await page.waitForFunction(() => /Steine ziehen nur vorwärts\. Normale Steine bewegen sich diagonal/.test(document.getElementById('message').textContent));
  assert.equal(await fen(page), 'W:W18,29,30:B1,3');
  assert.equal(await panel(page, 'status'), 'todo');
  // Compulsory capture (step 4): the man that cannot jump is refused with the rule.
  await drag(page, 18, 14);
  await status(page, 'done');
  for (const moves of STANDARD.slice(1, 3)) {
    await page.click('#tutorial-next');
    await status(page, 'todo');
    await makeStep(page, moves);
    await status(page, 'done');
  }
  await page.click('#tutorial-next');
  await status(page, 'todo');
  await drag(page, 25, 21);
  await page.waitForFunction(() => /Schlagzwang: Es muss geschlagen werden – mit dem Stein auf 22\. Schläge sind Pflicht/.test(document.getElementById('message').textContent));
  await shot(page, 'tutorial-refused');
  assert.equal(await fen(page), 'W:W22,25:B4,18');
  await context.close();
});

test('the hint shows the move on the board', async () => {
  const { page, context } = await openGame(env);
  await openTutorial(page);
  await page.click('#tutorial-hint');
  await page.waitForSelector('#tutorial[data-hint="18-14"]');
  assert.deepEqual(await page.evaluate(() => window.dame.state.required.map((p) => p.squares)), [[18, 14]]);
  // The message under the board follows on the next frame.
  await page.waitForFunction(() => /Tipp: 18-14 – der Pfeil zeigt den Zug/.test(document.getElementById('message').textContent));
  await shot(page, 'tutorial-hint');
  // The hinted move is the step's move.
  await drag(page, 18, 14);
  await status(page, 'done');
  await context.close();
});

test('progress is remembered across a reload, and a bad record is ignored', async () => {
  const { page, context } = await openGame(env);
  await openTutorial(page);
  await makeStep(page, STANDARD[0]);
  await status(page, 'done');
  await page.click('#tutorial-next');
  await status(page, 'todo');
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await openTutorial(page);
  assert.equal(await panel(page, 'step'), '1');
  assert.equal(await fen(page), 'W:W22,30:B2,18');
  // Back to a step made before, and forward again without making it.
  await page.click('#tutorial-back');
  await page.waitForSelector('#tutorial[data-step="0"]');
  assert.equal(await page.isEnabled('#tutorial-next'), true);
  await page.click('#tutorial-next');
  await page.waitForSelector('#tutorial[data-step="1"]');
  assert.equal(await page.isEnabled('#tutorial-next'), false, 'a step not yet made bars the way on');
  // A record that is not the tutorial's: from the start, nothing thrown.
  await page.evaluate(() => localStorage.setItem('dame.tutorial.v1', '{"version":1,"kind":"blasen","blasen":{"step":99,"reached":"x"}}'));
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await openTutorial(page);
  assert.equal(await panel(page, 'kind'), 'blasen');
  assert.equal(await panel(page, 'step'), '0');
  await context.close();
});

test('the tutorial leaves a saved game untouched, and the computer waits', async () => {
  const { page, context, errors } = await openGame(env, q({ rules: 'english', level: 1 }));
  await play(page);
  await drag(page, 22, 18);
  await page.waitForFunction(() => window.dame.state.view.history.length === 2 && !window.dame.state.thinking);
  await idle(page);
  const saved = await page.evaluate(() => localStorage.getItem('dame.game.v1'));
  const before = await fen(page);
  assert.ok(saved);
  await openTutorial(page, '#tutorial-open-game');
  assert.equal(await page.isHidden('#controls'), true);
  await makeStep(page, STANDARD[0]);
  await status(page, 'done');
  assert.equal(await page.evaluate(() => window.dame.state.thinking), false, 'the computer does not answer');
  assert.equal(await page.evaluate(() => localStorage.getItem('dame.game.v1')), saved);
  // The last step's button leads back to the game, which goes on as it was.
  await page.click('#tutorial-leave');
  await page.waitForFunction(() => !window.dame.state.tutorial);
  await idle(page);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tutorial-open-game');
  assert.equal(await fen(page), before);
  assert.equal(await page.evaluate(() => window.dame.state.view.rules), 'english');
  assert.equal(await page.evaluate(() => localStorage.getItem('dame.game.v1')), saved);
  // And the game goes on: the player moves, the computer answers.
  const path = await page.evaluate(() => { const s = window.dame.state; return s.game.grab(s.view.movable[0]).paths[0].squares; });
  await drag(page, path[0], path.at(-1), path.slice(1, -1));
  await page.waitForFunction(() => window.dame.state.view.history.length === 4 && !window.dame.state.thinking, null, { timeout: 20000 });
  assert.deepEqual(errors, []);
  await context.close();
});

/** A sentence each card has, in each language. The presets come from the page (its registry,
 * through `presets()`); a new preset without an entry here is still checked: its card has words,
 * and no other preset's. */
const SAYS = {
  blasen: { de: /Dame unter Schlagzwang/, en: /huff/ },
  standard: { de: /jeweils ein Feld weit/, en: /one square at a time/ },
  'standard-flying': { de: /Mit Flugdamen kann eine Dame mehrere Felder/, en: /With flying kings/ },
  english: { de: /11-15/, en: /ACF/ },
  russian: { de: /als Dame weiter/, en: /captures on as a king/ },
};

test('the rules open for every preset in both languages, as an accessible dialog', async () => {
  const first = await openGame(env);
  /** @type {string[]} */
  const presets = await first.page.evaluate(() => window.dame.state.presets.map((p) => p.id));
  await first.context.close();
  assert.ok(presets.length >= 5, `the page offers ${presets}`);
  const bodies = new Set();
  for (const lang of ['de', 'en']) {
    for (const rules of presets) {
      const { page, context, errors } = await openGame(env, q({ rules, lang }));
      await page.click('#manual-open');
      await page.waitForSelector('dialog#manual[open]');
      assert.equal(await page.getAttribute('#manual', 'data-preset'), rules);
      assert.equal(await page.getAttribute('#manual', 'data-lang'), lang);
      const name = await page.evaluate((id) => {
        const p = window.dame.state.presets.find((x) => x.id === id);
        return document.documentElement.lang === 'de' ? p.nameDe : p.nameEn;
      }, rules);
      assert.ok((await page.textContent('#manual-title')).includes(name));
      const body = await page.textContent('#manual-body') ?? '';
      if (SAYS[rules]) assert.match(body, SAYS[rules][lang]);
      assert.ok(body.length > 200, `${rules}: the card has words`);
      assert.ok(!bodies.has(body), `${rules}: its card is not another preset's`);
      bodies.add(body);
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'manual-close');
      assert.equal(await page.getAttribute('#manual-close', 'aria-label'), lang === 'de' ? 'Schließen' : 'Close');
      if (rules === 'blasen' && lang === 'de') await shot(page, 'manual-blasen');
      await page.keyboard.press('Escape');
      await page.waitForSelector('dialog#manual:not([open])', { state: 'attached' });
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'manual-open');
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test('the rules from a game, and the close button', async () => {
  const { page, context } = await openGame(env, q({ rules: 'russian', lang: 'en' }));
  await play(page);
  await page.click('#manual-open-game');
  await page.waitForSelector('dialog#manual[open]');
  assert.equal(await page.getAttribute('#manual', 'data-preset'), 'russian');
  await page.selectOption('#manual-preset', 'blasen');
  await page.waitForSelector('dialog#manual[data-preset="blasen"]');
  await shot(page, 'manual-from-game');
  await page.click('#manual-close');
  await page.waitForSelector('dialog#manual:not([open])', { state: 'attached' });
  await settle(page);
  await context.close();
});

test('the tutorial and the rules are loaded when first opened, not before', async () => {
  const { page, context } = await openGame(env);
  const asked = [];
  page.on('request', (req) => asked.push(new URL(req.url()).pathname));
  await idle(page);
  const lazy = (list) => list.filter((p) => /\/(tutorial|manual)-[0-9a-f]+\.js$/.test(p));
  assert.deepEqual(lazy(asked), [], 'nothing of them before they are opened');
  const html = await page.content();
  assert.doesNotMatch(html, /modulepreload[^>]*(tutorial|manual)-/);
  await openTutorial(page);
  assert.equal(lazy(asked).length, 1);
  await page.click('#tutorial-leave');
  await page.waitForSelector('#setup:not([hidden])');
  await page.click('#manual-open');
  await page.waitForSelector('dialog#manual[open]');
  assert.equal(lazy(asked).length, 2);
  await context.close();
});

test('the tutorial in the other language: the panel and the message switch', async () => {
  const { page, context } = await openGame(env);
  await openTutorial(page);
  assert.match(await page.textContent('#tutorial-title'), /^Anleitung/);
  await page.click('#lang');
  await page.waitForFunction(() => /^Tutorial/.test(document.getElementById('tutorial-title').textContent));
  await settle(page);
  assert.match(await page.textContent('#tutorial-task'), /In the position shown, Red is to move/);
  assert.equal(await message(page), 'Drag a piece, or click a piece and then its destination.');
  // Still the same step, still to be made; the tutorial's move is judged as before.
  await drag(page, 29, 25);
  await status(page, 'wrong');
  assert.match(await message(page), /this step is about the red man on row 5/);
  await context.close();
});
