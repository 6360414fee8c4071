// The learned evaluation in the browser: the computer's worker fetches the tables after the first
// paint; the computer plays at full strength once they are in and with the hand evaluation until
// then, or for good when they cannot be had (blocked or damaged): it always plays. The service
// worker keeps them for offline play. Every wait is for a condition.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, drag, play, q, refuseSimd, waitForAsync, withBrowser } from './helpers.mjs';

const env = withBrowser();

/// Asks the computer for a turn from the start position of `rules` (English unless told) until
/// its reply says it played at full strength (`wantFull`) or not.
async function thinkUntil(page, wantFull, rules = 'english') {
  return page.evaluate(async ({ wantFull, rules }) => {
    const ask = () => window.dame.engine.think({ rules, start: 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', history: [], level: 1 });
    for (;;) {
      const reply = await ask();
      if (reply.fullStrength === wantFull) return reply;
      await new Promise((r) => setTimeout(r, 50));
    }
  }, { wantFull, rules });
}

/// The computer answers a move made with the mouse.
async function computerAnswers(page) {
  await drag(page, 22, 18);
  await page.waitForFunction(() => document.getElementById('board').dataset.fen.startsWith('W:'), null, { timeout: 20000 });
}

test('the worker loads the learned tables after the first paint, the computer then plays at full strength, and they are kept for offline play', async () => {
  const { page, context, errors } = await openGame(env, q({ rules: 'english', level: '5' }));
  await play(page);
  const reply = await thinkUntil(page, true);
  assert.ok(reply.text, 'a turn');
  // Every rule family has its tables (short kings, huffing, flying kings), and English, Standard,
  // Russian and Blasen their networks too.
  for (const rules of ['standard', 'blasen', 'russian', 'standard-flying']) assert.ok((await thinkUntil(page, true, rules)).text, rules);
  await computerAnswers(page);
  // The worker fetches them (it starts once the board is up); the page itself never does.
  const pageFetched = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.bin')).length);
  assert.equal(pageFetched, 0);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
  await waitForAsync(page, async () => {
    const cache = await caches.open('dame-v2');
    const keys = await cache.keys();
    const files = ['short-kings', 'huffing', 'flying-kings', 'english-net', 'standard-net', 'russian-net', 'blasen-net'];
    return files.every((file) => keys.some((r) => new RegExp(`learned/${file}-[0-9a-f]{16}\\.bin$`).test(r.url)));
  }, null, { timeout: 30000, polling: 100 });
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [what, handle] of [
  ['blocked', (route) => route.abort()],
  ['damaged', (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: Buffer.from('not a tables file') })],
]) {
  test(`tables that are ${what}: the computer plays on with the hand evaluation`, async () => {
    const context = await env.browser.newContext({ serviceWorkers: 'block' });
    await context.route('**/*.bin', handle);
    const page = await context.newPage();
    const warned = page.waitForEvent('console', { predicate: (m) => m.type() === 'warning' && /learned tables/.test(m.text()), timeout: 20000 });
    await page.goto(env.base + q({ rules: 'english', level: '5' }));
    await page.waitForSelector('body[data-ready="1"]');
    await play(page);
    await warned; // the worker tried, and gave up with a warning
    await computerAnswers(page);
    const reply = await thinkUntil(page, false);
    assert.ok(reply.text);
    await context.close();
  });
}

/// The modules the page's computer worker was started on ('simd' or 'plain' for its JS glue and
/// its .wasm), from the worker's URL, which names them.
function workerModules(page) {
  return page.workers().filter((w) => /\/worker-[0-9a-f]{16}\.js\?/.test(w.url())).map((w) => {
    const params = new URL(w.url()).searchParams;
    const kind = (name, plain, simd) => (simd.test(name) ? 'simd' : plain.test(name) ? 'plain' : name);
    const file = (key) => new URL(params.get(key)).pathname.split('/').at(-1);
    return [
      kind(file('glue'), /^dame-worker-[0-9a-f]{16}\.js$/, /^dame-worker-simd-[0-9a-f]{16}\.js$/),
      kind(file('wasm'), /^dame-worker_bg-[0-9a-f]{16}\.wasm$/, /^dame-worker-simd_bg-[0-9a-f]{16}\.wasm$/),
    ].join(' ');
  });
}

/// The node count of a fixed-depth search from English's start in the page's worker, once the
/// worker has the tables and the network.
async function benchNodes(page) {
  await thinkUntil(page, true);
  const reply = await page.evaluate(() => window.dame.engine.bench({ rules: 'english', fen: 'W:W21-32:B1-12', depth: 11 }));
  return reply.nodes;
}

test('a browser without WebAssembly SIMD gets the plain worker, which searches exactly as the SIMD one', async () => {
  const simd = await openGame(env, q({ rules: 'english', level: '5' }), { serviceWorkers: 'block' });
  const simdNodes = await benchNodes(simd.page);
  assert.deepEqual(workerModules(simd.page), ['simd simd'], 'Chromium runs WebAssembly SIMD: the SIMD worker');

  // An older browser.
  const { page, context, errors } = await openGame(env, q({ rules: 'english', level: '5' }), { serviceWorkers: 'block' }, refuseSimd);
  await play(page);
  await computerAnswers(page);
  assert.equal(await benchNodes(page), simdNodes, 'the same tree: the same evaluation, vectorised or not');
  assert.deepEqual(workerModules(page), ['plain plain']);
  assert.deepEqual([...simd.errors, ...errors], []);
  await simd.context.close();
  await context.close();
});
