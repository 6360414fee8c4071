// Offline play through the service worker (www/sw.js): after one visit the page loads and the
// game (the computer's Web Worker included) works with no network; a fresh browser profile starts
// with no service worker and no cache; a new deploy is picked up on the next load. Each test
// serves its own copy of the site, so that it can stop the server and be really offline.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, distDir, fen, drag, idle, play, shot, withBrowser } from './helpers.mjs';

const env = withBrowser();

async function open(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]');
  return { page, errors };
}

/// Waits until the service worker controls the page (it registers after the load event).
async function controlled(page) {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15000 });
}

/// The board's canvas has been drawn on: a light and a dark square have their colours.
async function boardPainted(page) {
  return page.evaluate(() => {
    const c = document.getElementById('board');
    const ctx = c.getContext('2d');
    const cell = c.width / 8;
    const at = (col, row) => [...ctx.getImageData(Math.floor((col + 0.5) * cell), Math.floor((row + 0.1) * cell), 1, 1).data];
    return { light: at(0, 0), dark: at(1, 0) };
  });
}

test('offline: after one visit the page reloads with no network, and the computer answers a move', async () => {
  const site = await serve(distDir);
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 820 }, deviceScaleFactor: 1 });
  try {
    const url = site.base + '?rules=english&level=1';
    const { page, errors } = await open(context, url);
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null, 'a fresh profile has no service worker yet');
    await controlled(page);
    const online = await boardPainted(page);
    // Nothing from the network from here on: the browser is offline and the server is gone.
    await context.setOffline(true);
    await site.stop();
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller));
    assert.equal(await fen(page), 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
    const px = await boardPainted(page);
    assert.deepEqual(px, online, 'the board is painted as it was online');
    assert.notDeepEqual(px.light, px.dark);
    assert.equal(px.light[3], 255);
    assert.equal(await page.inputValue('#rules'), 'english', 'the URL (query string) is read offline too');
    await play(page);
    await drag(page, 22, 18);
    await page.waitForFunction(() => document.getElementById('board').dataset.fen.startsWith('W:') &&
      window.dame.state.view.history.length === 2, null, { timeout: 20000 });
    await idle(page);
    assert.match(await fen(page), /^W:W18,/);
    assert.equal(await page.evaluate(() => window.dame.state.view.history[0]), '22-18');
    await shot(page, '30-offline-after-computer-move');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await site.stop();
  }
});

test('offline: a fresh browser context has no service worker or cache; a new deploy is used on the next load', async () => {
  // A copy of the site, "deployed" again below with new files.
  const dir = mkdtempSync(path.join(tmpdir(), 'dame-site-'));
  cpSync(distDir, dir, { recursive: true });
  const site = await serve(dir);
  try {
    const first = await env.browser.newContext();
    const { page } = await open(first, site.base);
    await controlled(page);
    const cached = await page.evaluate(async () => (await caches.keys()).length);
    assert.equal(cached, 1);
    await first.close();
    // Another context: its own empty storage, nothing served by the first one's service worker.
    const second = await env.browser.newContext();
    const b = await open(second, site.base);
    assert.equal(await b.page.evaluate(() => navigator.serviceWorker.controller), null);
    assert.deepEqual(await b.page.evaluate(async () => caches.keys()), []);
    await controlled(b.page);

    // A new deploy: new hashes for the module, a changed page and a changed un-hashed script.
    const files = readdirSync(dir);
    const glue = files.find((f) => /^dame-web-[0-9a-f]{16}\.js$/.test(f));
    const oldHash = glue.match(/[0-9a-f]{16}/)[0];
    const newHash = 'f'.repeat(16);
    for (const f of files) if (f.includes(oldHash)) renameSync(path.join(dir, f), path.join(dir, f.replace(oldHash, newHash)));
    const index = path.join(dir, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replaceAll(oldHash, newHash).replace('<title>Dame</title>', '<title>Dame 2</title>'));
    appendFileSync(path.join(dir, 'www', 'main.js'), '\nwindow.__deploy = 2;\n');

    await b.page.reload();
    await b.page.waitForSelector('body[data-ready="1"]');
    assert.equal(await b.page.title(), 'Dame 2', 'the new page, not the cached one');
    assert.equal(await b.page.evaluate(() => window.__deploy), 2, 'the new script, not the cached one');
    assert.ok(await b.page.evaluate((h) => !!document.querySelector(`link[href*="${h}"]`), newHash));
    // The old module is dropped from the cache, the new one kept; then offline, the new version.
    await b.page.waitForFunction(async ([o, n]) => {
      const keys = (await (await caches.open('dame-v1')).keys()).map((r) => r.url);
      return !keys.some((u) => u.includes(o)) && keys.some((u) => u.includes(n + '_bg.wasm'));
    }, [oldHash, newHash], { timeout: 10000, polling: 100 });
    await second.setOffline(true);
    await site.stop();
    await b.page.reload();
    await b.page.waitForSelector('body[data-ready="1"]');
    assert.equal(await b.page.title(), 'Dame 2');
    assert.equal(await b.page.evaluate(() => window.__deploy), 2);
    await second.close();
  } finally {
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
