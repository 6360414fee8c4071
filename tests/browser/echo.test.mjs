// Long input is cut when the page echoes it (one helper, clip() in www/i18n.js): URL parameters,
// a position's problem, stored values. A 100 KB URL value gives a message of a few lines.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser, serveWithHeaders, message, play, playAnyMove, shot } from './helpers.mjs';

const env = withBrowser();
const BIG = 100 * 1024;

test('clip() and problemText(): 60 characters and "…", never half a character; quoted input cut, quotes kept', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(env.base);
  await page.waitForSelector('body[data-ready="1"]');
  const out = await page.evaluate(async () => {
    const href = /** @type {HTMLLinkElement} */ (document.querySelector('link[rel=modulepreload][href*="/i18n-"]')).href;
    const { clip, problemText, ECHO_MAX } = await import(href);
    const long = 'a'.repeat(100000);
    return {
      max: ECHO_MAX,
      short: clip('english'),
      exact: clip('b'.repeat(60)),
      long: clip(long),
      pair: clip('c'.repeat(59) + '😀😀'),
      plain: problemText(new Error('unknown level \'9\' (1–5)')),
      input: problemText(new Error(`unknown rules preset '${long}' (expected one of: blasen, english)`), long),
      spaced: problemText(new Error(`unknown rules preset '${'a '.repeat(5000)}' (expected one of: blasen)`), 'a '.repeat(5000)),
      runs: problemText(new Error(`bad position 'W:W1-12,${long}': bad square '${long}' in FEN (expected 1–32)`)),
      whole: problemText('x '.repeat(50000)).length,
    };
  });
  assert.equal(out.max, 60);
  assert.equal(out.short, 'english');
  assert.equal(out.exact, 'b'.repeat(60));
  assert.equal(out.long, 'a'.repeat(60) + '…');
  assert.equal(out.pair, 'c'.repeat(59) + '…', 'a surrogate pair is not split');
  assert.equal(out.plain, 'unknown level \'9\' (1–5)');
  assert.equal(out.input, `unknown rules preset '${'a'.repeat(60)}…' (expected one of: blasen, english)`);
  assert.equal(out.spaced, `unknown rules preset '${'a '.repeat(30)}…' (expected one of: blasen)`);
  assert.equal(out.runs, `bad position 'W:W1-12,${'a'.repeat(52)}…': bad square '${'a'.repeat(60)}…' in FEN (expected 1–32)`);
  assert.equal(out.whole, 301, 'at most 300 characters and "…" in all');
  await context.close();
});

test('100 KB URL values: each is reported, cut to 60 characters, the message stays short, and the game plays', async () => {
  // Python's http.server refuses request lines over 64 KB: a server of the test's own.
  const server = await serveWithHeaders({});
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 820 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(String(err)));
    const value = (c) => c.repeat(BIG);
    const params = { rules: value('r'), level: value('l'), opponent: value('o'), color: value('c'), lang: value('g'), fen: 'W:W21-32:B1-12,' + value('f') };
    await page.goto(server.base + '?' + new URLSearchParams(params));
    await page.waitForSelector('body[data-ready="1"]');
    const text = await message(page);
    for (const [name, c] of [['rules', 'r'], ['level', 'l'], ['opponent', 'o'], ['color', 'c'], ['lang', 'g']]) {
      assert.ok(text.includes(`Ungültiger URL-Wert ${name}: `), name);
      assert.ok(text.includes(`'${c.repeat(60)}…'`), `${name}: cut to 60 characters`);
      assert.ok(!text.includes(c.repeat(61)), `${name}: not longer`);
    }
    // The position is refused for its length alone by the wasm layer, which then names it, cut.
    assert.ok(text.includes(`Ungültige Stellung in der URL: 'W:W21-32:B1-12,${'f'.repeat(45)}…'`), text.slice(-400));
    assert.ok(!text.includes('f'.repeat(61)));
    assert.ok(text.length < 1200, `the message is ${text.length} characters`);
    await shot(page, 'echo-long-url');
    await play(page);
    await playAnyMove(page);
    assert.ok(await page.evaluate(() => window.dame.state.view.history.length) >= 2);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.stop();
  }
});
