// Offline play through the service worker (sw.js): after one visit the page loads and the game
// (the computer's Web Worker included) works with no network; a fresh browser profile starts with
// no service worker and no cache; a new deploy is used on the next load, and the page never runs
// with a script of the old one. Each test serves its own copy of the site, so that it can stop the
// server and be really offline. Every wait is for a condition.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, distDir, fen, drag, idle, play, shot, waitForAsync, withBrowser } from './helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE = 'dame-v2';
const env = withBrowser();

async function open(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  const response = await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]');
  return { page, errors, response };
}

/// A browser context starts with no service worker and no cache. Looked at from a page of the site
/// that registers none (the service worker script itself), so that the game does not register
/// its own in the meantime.
async function assertFresh(context, base) {
  const probe = await context.newPage();
  await probe.goto(base + 'sw.js');
  assert.deepEqual(await probe.evaluate(async () => ({
    controller: navigator.serviceWorker.controller,
    registrations: (await navigator.serviceWorker.getRegistrations()).length,
    caches: await caches.keys(),
  })), { controller: null, registrations: 0, caches: [] });
  await probe.close();
}

/// Waits until the service worker controls the page (it registers after the load event).
async function controlled(page) {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
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
    await assertFresh(context, site.base);
    const { page, errors, response } = await open(context, url);
    assert.equal(response.fromServiceWorker(), false, 'the first visit is served by the network');
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
    assert.equal(await page.evaluate(() => window.dame.state.view.history[0]), '11-15', 'ACF: internal 22-18');
    await shot(page, '30-offline-after-computer-move');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await site.stop();
  }
});

/// The site's files (paths relative to it, '/'-separated) and its entry module.
function deployOf(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)).split(path.sep).join('/'));
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  // The page's entry module (Trunk's loader, www/trunk-loader-<hash>.js, comes before it).
  const entry = html.match(/<script type="module" src="(www\/main-[0-9a-f]{16}\.js)"/)[1];
  return { files, entry, html };
}

/// Same-origin URLs the pages of a browser context request (and their workers; not the service
/// worker's own requests), as paths.
function recordRequests(context, base) {
  const paths = [];
  context.on('request', (req) => {
    if (req.serviceWorker()) return;
    const url = new URL(req.url());
    if (url.origin === new URL(base).origin) paths.push(decodeURIComponent(url.pathname));
  });
  return paths;
}

/// Every file a page loaded (other than the page and the service worker) is a file of the deploy
/// in `dir`: none is left over from an older one.
function assertAllFrom(dir, loaded, what) {
  const files = loaded.filter((p) => p !== '/' && p !== '/index.html' && p !== '/sw.js');
  assert.ok(files.some((p) => p.endsWith('.wasm')) && files.some((p) => /^\/www\/.+\.js$/.test(p)), `${what}: scripts seen (${files})`);
  for (const p of files) assert.ok(existsSync(path.join(dir, p)), `${what}: ${p} is not a file of the new deploy`);
}

test('offline: a fresh browser context has no service worker or cache; a new deploy is used on the next load, never mixed with the old one', async () => {
  // A copy of the site, deployed again below with a changed module.
  const dir = mkdtempSync(path.join(tmpdir(), 'dame-site-'));
  cpSync(distDir, dir, { recursive: true });
  const site = await serve(dir);
  try {
    const first = await env.browser.newContext();
    const { page } = await open(first, site.base);
    await controlled(page);
    assert.deepEqual(await page.evaluate(() => caches.keys()), [CACHE]);
    await first.close();
    // Another context: its own empty storage, nothing served by the first one's service worker.
    const second = await env.browser.newContext();
    const loaded = recordRequests(second, site.base);
    await assertFresh(second, site.base);
    const b = await open(second, site.base);
    assert.equal(b.response.fromServiceWorker(), false);
    await controlled(b.page);
    assert.equal(await b.page.evaluate(() => window.__deploy), undefined);

    // A new deploy, made as the build makes one: a module changes (state.js, which most modules
    // import) and the hash step runs again; it renames that module and every one that depends on
    // it, up to the entry module, and rewrites the page. The page changes too (its title).
    const old = deployOf(dir);
    const state = old.files.find((f) => /^www\/state-[0-9a-f]{16}\.js$/.test(f));
    assert.ok(state, 'the state module has a hashed name');
    appendFileSync(path.join(dir, state), '\nwindow.__deploy = 2;\n');
    const index = path.join(dir, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('<title>Dame</title>', '<title>Dame 2</title>'));
    execFileSync(process.execPath, [path.join(root, 'scripts/hash-assets.mjs'), dir], { stdio: 'pipe' });
    const now = deployOf(dir);
    assert.notEqual(now.entry, old.entry, 'the entry module has a new name: it depends on the changed module');
    assert.ok(!existsSync(path.join(dir, state)) && !existsSync(path.join(dir, old.entry)), 'the old names are gone');
    const gone = old.files.filter((f) => !now.files.includes(f));
    // Hashed names: 16 hex digits from scripts/hash-assets.mjs, Trunk's own (its wasm module and
    // glue at the root) a 64-bit hash in hex without leading zeros.
    const hashed = now.files.filter((f) => /-[0-9a-f]{16}(_bg)?\.[a-z]+$/.test(f) || /^dame-web-[0-9a-f]{1,16}(_bg)?\.(js|wasm)$/.test(f)).map((f) => '/' + f);

    // The next load: the new page with the new scripts only.
    loaded.length = 0;
    await b.page.reload();
    await b.page.waitForSelector('body[data-ready="1"]');
    assert.equal(await b.page.title(), 'Dame 2', 'the new page, not the cached one');
    assert.equal(await b.page.evaluate(() => window.__deploy), 2, 'the new script, not the cached one');
    assert.equal(await b.page.evaluate(() => document.querySelector('script[type=module][src^="www/main-"]').getAttribute('src')), now.entry);
    assertAllFrom(dir, loaded, 'online');
    // The cache ends up with the new page and exactly the new deploy's files (the worker and the
    // wasm included): the old files are dropped.
    await waitForAsync(b.page, async ([cache, want]) => {
      const c = await caches.open(cache);
      const keys = (await c.keys()).map((r) => new URL(r.url).pathname);
      const page = await c.match('/');
      return page && (await page.text()).includes('<title>Dame 2</title>') &&
        JSON.stringify(keys.filter((k) => k !== '/').sort()) === JSON.stringify([...want].sort());
    }, [CACHE, hashed], { timeout: 20000, polling: 100 });
    const cachedOld = await b.page.evaluate(async ([cache, gone]) => {
      const keys = (await (await caches.open(cache)).keys()).map((r) => new URL(r.url).pathname.slice(1));
      return keys.filter((k) => gone.includes(k));
    }, [CACHE, gone]);
    assert.deepEqual(cachedOld, []);

    // Offline: the new version, whole, from the cache; the computer's worker starts.
    await second.setOffline(true);
    await site.stop();
    loaded.length = 0;
    await b.page.reload();
    await b.page.waitForSelector('body[data-ready="1"]');
    assert.equal(await b.page.title(), 'Dame 2');
    assert.equal(await b.page.evaluate(() => window.__deploy), 2);
    await b.page.evaluate(() => window.dame.engine.startWorker());
    assertAllFrom(dir, loaded, 'offline');
    assert.ok(loaded.some((p) => /^\/www\/worker-[0-9a-f]{16}\.js$/.test(p)), 'the worker script was loaded');
    assert.deepEqual(b.errors, []);
    await second.close();
  } finally {
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
