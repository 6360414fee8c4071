// Nothing stored can break the page: every remembered choice (localStorage 'dame.settings.v1') is
// checked on reading. For each field, and for the stored text as a whole, corrupted values (bad
// JSON, wrong types, unknown ids, null, a 200 KB string): the page starts, says what happened in
// plain words, keeps the old text under 'dame.settings.v1.bad', replaces it with choices that
// work, and a new game plays: a move is made with the mouse and the computer answers.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser, message, play, playAnyMove, shot } from './helpers.mjs';

const env = withBrowser();
const KEY = 'dame.settings.v1';
const BAD = 'dame.settings.v1.bad';
const HUGE = 'x'.repeat(200 * 1024);
const DEFAULTS = { rules: 'blasen', level: 3, color: 'red', opponent: 'computer', numbers: false, lang: 'de', sound: false, contrast: 'auto' };

/** Stored texts that cannot be read at all. */
const WHOLE = ['{"rules":"english"', 'nope', '', 'null', '"nope"', '5', 'true', '[]', '[{"rules":"english"}]', HUGE, JSON.stringify(HUGE)];
/** For each field, values that cannot be used. */
const FIELDS = {
  rules: [5, 'nope', null, 'blasen-classic', '', true, { id: 'english' }, ['english'], HUGE],
  level: [0, 6, 3.5, 'nine', null, true, '', [3], HUGE],
  color: ['green', null, 1, 'Red', '', HUGE],
  opponent: ['robot', null, false, 'HUMAN', HUGE],
  numbers: ['yes', 1, null, 'true', HUGE],
  lang: ['fr', null, 0, 'EN', HUGE],
  sound: ['on', null],
  contrast: ['more', true, HUGE],
};
const WORDS = { rules: 'Regeln', level: 'Spielstärke', color: 'Deine Farbe', opponent: 'Gegner', numbers: 'Feldnummern zeigen', lang: 'Sprache', sound: 'Ton', contrast: 'Hoher Kontrast' };

/** Loads the page with `raw` stored (a fresh origin storage each time), and checks what it says. */
async function start(page, raw) {
  await page.evaluate(([key, raw]) => {
    localStorage.clear();
    localStorage.setItem(key, raw);
  }, [KEY, raw]);
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  return {
    text: await message(page),
    bad: await page.evaluate((k) => localStorage.getItem(k), BAD),
    now: await page.evaluate((k) => localStorage.getItem(k), KEY),
  };
}

/** A new game plays: Play, a move with the mouse, the computer's answer. */
async function plays(page, label) {
  await play(page);
  await playAnyMove(page);
  const plies = await page.evaluate(() => window.dame.state.view.history.length);
  assert.ok(plies >= 2, `${label}: a move and the computer's answer (${plies} plies)`);
}

async function open() {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 820 } });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(env.base);
  await page.waitForSelector('body[data-ready="1"]');
  return { context, page, errors };
}

test('stored choices that cannot be read: reported, kept aside, replaced by the defaults; the game plays', async () => {
  const { context, page, errors } = await open();
  for (const raw of WHOLE) {
    const label = JSON.stringify(raw.slice(0, 30));
    const { text, bad, now } = await start(page, raw);
    assert.match(text, /^Die gespeicherten Einstellungen waren nicht lesbar \(.*\)\. Es gelten die normalen Einstellungen\. Die alten Daten sind im Browser unter „dame\.settings\.v1\.bad“ aufbewahrt\.$/, label);
    assert.ok(text.length < 250, `${label}: the message is short (${text.length})`);
    assert.equal(bad, raw, `${label}: the old text is kept`);
    assert.deepEqual(JSON.parse(now), DEFAULTS, `${label}: replaced by the defaults`);
    assert.equal(await page.inputValue('#rules'), 'blasen');
    await plays(page, label);
  }
  // Replaced: the next visit is quiet (with no saved game to resume), and the kept text stays.
  await page.evaluate(() => localStorage.removeItem('dame.game.v1'));
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  assert.match(await message(page), /^Wähle die Regeln/);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), BAD), JSON.stringify(HUGE));
  assert.deepEqual(errors, []);
  await context.close();
});

test('each stored field with a bad value: that one is reported and defaulted, the others kept; the game plays', async () => {
  const { context, page, errors } = await open();
  for (const [field, values] of Object.entries(FIELDS)) {
    for (const value of values) {
      const label = `${field} = ${JSON.stringify(value).slice(0, 30)}`;
      // The other fields are good (and not the defaults, where that shows they are kept).
      const good = { ...DEFAULTS, rules: 'english', level: 2 };
      const stored = { ...good, [field]: value, future: 'a field of a later version' };
      const raw = JSON.stringify(stored);
      const { text, bad, now } = await start(page, raw);
      assert.ok(text.startsWith(`Eine gespeicherte Einstellung war ungültig: „${WORDS[field]}“ = `), `${label}: ${text.slice(0, 200)}`);
      assert.match(text, /\(möglich: [^)]+\)\. Es gilt die normale Einstellung\. Die alten Daten sind im Browser unter „dame\.settings\.v1\.bad“ aufbewahrt\.$/, label);
      assert.ok(text.length < 300, `${label}: the message is short (${text.length})`);
      assert.equal(bad, raw, `${label}: the old text is kept`);
      assert.deepEqual(JSON.parse(now), { ...good, [field]: DEFAULTS[field], future: 'a field of a later version' }, `${label}: the bad field replaced, the rest kept`);
      assert.equal(await page.inputValue('#rules'), field === 'rules' ? 'blasen' : 'english', label);
      assert.equal(await page.inputValue('#level'), field === 'level' ? '3' : '2', label);
      await plays(page, label);
    }
  }
  await shot(page, 'stored-bad-field-played');
  assert.deepEqual(errors, []);
  await context.close();
});

test('several bad stored fields at once, in English; a 200 KB value is echoed cut short', async () => {
  const { context, page, errors } = await open();
  const raw = JSON.stringify({ rules: HUGE, level: 'nine', color: 'green', opponent: null, numbers: 'yes', lang: 'en' });
  const { text, bad } = await start(page, raw);
  const ids = await page.evaluate(() => window.dame.state.presets.map((p) => p.id).join(', '));
  assert.equal(text, 'Stored settings were not valid: '
    + `“Rules” = "${'x'.repeat(60)}…" (possible: ${ids}); `
    + '“Level” = "nine" (possible: 1–5); “Your colour” = "green" (possible: red, black); '
    + '“Opponent” = null (possible: computer, human); “Show square numbers” = "yes" (possible: true, false). '
    + 'The usual settings apply. The old data is kept in the browser under “dame.settings.v1.bad”.');
  assert.equal(bad, raw);
  await shot(page, 'stored-bad-message');
  await plays(page, 'several');
  assert.deepEqual(errors, []);
  await context.close();
});

test('good stored choices (also as an older version wrote them) start quietly', async () => {
  const { context, page, errors } = await open();
  for (const stored of [{ rules: 'english', level: 1, color: 'black', opponent: 'computer', numbers: true, lang: 'en' }, { rules: 'russian' }, {}]) {
    const { text, bad, now } = await start(page, JSON.stringify(stored));
    assert.doesNotMatch(text, /stored|gespeichert/i, JSON.stringify(stored));
    assert.equal(bad, null);
    assert.equal(now, JSON.stringify(stored), 'left as it was');
    assert.equal(await page.inputValue('#rules'), stored.rules ?? 'blasen');
  }
  assert.deepEqual(errors, []);
  await context.close();
});
