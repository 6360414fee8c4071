// Installable (issue 24): the web app manifest is served and parses, has what a phone needs to put
// the game on its home screen, its icons are PNGs of the sizes it declares (the maskable ones
// opaque to the edges, the piece inside the safe zone), Chromium reports no installability error,
// and after one visit the manifest and the icons load offline from the service worker. Also the
// board's data-rules: the preset of the position shown. Every wait is for a condition.
//
// Chromium reports every page of an incognito profile as not installable ("in-incognito"), and
// Playwright's browser.newContext() is one: installability is checked in a persistent context
// with a profile of its own.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ARGS, artifacts, distDir, drag, idle, openGame, play, q, serve, shot, withBrowser } from './helpers.mjs';

const env = withBrowser();

/// The width and height a PNG's header says (the IHDR chunk right after the signature).
function pngSize(bytes) {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  assert.deepEqual([...bytes.subarray(0, 8)], signature, 'a PNG signature');
  assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/// The manifest the page links to: its URL and its JSON, fetched as the browser would.
async function manifestOf(page) {
  const href = await page.evaluate(() => /** @type {HTMLLinkElement} */ (document.querySelector('link[rel=manifest]')).href);
  const res = await page.request.get(href);
  assert.equal(res.status(), 200, `${href} is served`);
  return { href, json: JSON.parse(await res.text()) };
}

/// A browser context with a profile of its own on disk (not incognito), and a page in it.
async function persistentContext() {
  const profile = mkdtempSync(path.join(tmpdir(), 'dame-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS,
    viewport: { width: 412, height: 915 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
  });
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return { context, page, errors, close: async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  } };
}

/// Waits until the service worker controls the page: it is installed, and its install step has
/// cached the page with every file it names (the manifest and its icons included).
async function controlled(page) {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
}

test('manifest: served, parses, names the game, its start, scope, display and colours; linked with a theme colour', async () => {
  const { page, context, errors } = await openGame(env);
  try {
    const { href, json: m } = await manifestOf(page);
    assert.match(href, /\/www\/manifest-[0-9a-f]{16}\.webmanifest$/, 'content-hashed like the page\'s other files');
    assert.equal(m.name, 'Dame');
    assert.equal(typeof m.short_name, 'string');
    assert.ok(m.short_name.length > 0 && m.short_name.length <= 12, `a short name for the home screen: ${m.short_name}`);
    assert.ok(typeof m.description === 'string' && m.description.length > 20, 'a description');
    assert.equal(m.display, 'standalone');
    // start_url and scope are relative to the manifest: both are the page's own address.
    const site = new URL('./', page.url()).href;
    assert.equal(new URL(m.start_url, href).href, site);
    assert.equal(new URL(m.scope, href).href, site);
    assert.equal(new URL(m.id, new URL(m.start_url, href)).href, site);
    // The colours are the page's: its background, in the title bar and behind the splash screen.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    assert.equal(rgb(m.theme_color), background);
    assert.equal(rgb(m.background_color), background);
    assert.equal(await page.getAttribute('meta[name=theme-color]', 'content'), m.theme_color);
    const touch = await page.evaluate(() => /** @type {HTMLLinkElement} */ (document.querySelector('link[rel=apple-touch-icon]')).href);
    assert.ok(m.icons.some((i) => new URL(i.src, href).href === touch), 'the apple-touch-icon is one of the manifest\'s icons');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('manifest icons: PNGs of the declared sizes (192 and 512, any and maskable); the maskable ones opaque, the piece inside the safe zone', async () => {
  const { page, context } = await openGame(env);
  try {
    const { href, json: m } = await manifestOf(page);
    const declared = m.icons.map((i) => `${i.purpose ?? 'any'} ${i.sizes}`).sort();
    assert.deepEqual(declared, ['any 192x192', 'any 512x512', 'maskable 192x192', 'maskable 512x512']);
    for (const icon of m.icons) {
      const url = new URL(icon.src, href).href;
      assert.match(url, /\/www\/icons\/[a-z]+-\d+-[0-9a-f]{16}\.png$/, 'content-hashed');
      const res = await page.request.get(url);
      assert.equal(res.status(), 200, `${url} is served`);
      assert.equal(icon.type, 'image/png');
      const bytes = await res.body();
      assert.equal(pngSize(bytes), icon.sizes, `${icon.src}: the PNG's size is the declared one`);
      assert.ok(bytes.length < (icon.sizes === '192x192' ? 6 : 16) * 1024, `${icon.src}: small (${bytes.length} bytes)`);
      // The pixels, as the browser decodes them.
      const px = await page.evaluate(async (url) => {
        const bitmap = await createImageBitmap(await (await fetch(url)).blob());
        const c = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (c.getContext('2d'));
        ctx.drawImage(bitmap, 0, 0);
        const { data, width, height } = ctx.getImageData(0, 0, c.width, c.height);
        // Pixels not opaque, the corner's alpha, the red ones (the piece) and the farthest of them
        // from the centre.
        let transparent = 0;
        let red = 0;
        let farthest = 0;
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++) {
            const i = (y * width + x) * 4;
            const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
            if (a < 255) transparent++;
            if (a === 255 && r > 60 && r > 2.2 * g + 20 && r > 2.2 * b + 20) {
              red++;
              farthest = Math.max(farthest, Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) / width);
            }
          }
        }
        return { transparent, redShare: red / (width * height), farthest, corner: data[3] };
      }, url);
      assert.ok(px.redShare > 0.15, `${icon.src}: a red piece in the middle (${(px.redShare * 100).toFixed(0)} % of the pixels)`);
      if (icon.purpose === 'maskable') {
        assert.equal(px.transparent, 0, `${icon.src}: opaque to the edges`);
        // Every mask keeps the circle of 40 % of the size around the centre.
        assert.ok(px.farthest < 0.4, `${icon.src}: the piece reaches ${(px.farthest * 100).toFixed(1)} % of the size from the centre`);
      } else {
        assert.equal(px.corner, 0, `${icon.src}: a rounded square, transparent in its corners`);
      }
    }
    // To look at: the icons on a dark and a light home screen at launcher size, the maskable one
    // under a circle, a squircle and the safe zone's circle (the smallest mask allowed).
    const data = new Map();
    for (const icon of m.icons) data.set(icon, `data:image/png;base64,${(await (await page.request.get(new URL(icon.src, href).href)).body()).toString('base64')}`);
    const url = (purpose, size) => data.get(m.icons.find((i) => (i.purpose ?? 'any') === purpose && i.sizes === size));
    const row = (bg) => `<div style="background:${bg};display:flex;gap:24px;padding:24px;align-items:center">
      <img src="${url('any', '192x192')}" width="96"><img src="${url('any', '512x512')}" width="96">
      <img src="${url('maskable', '512x512')}" width="96" style="border-radius:50%">
      <img src="${url('maskable', '192x192')}" width="96" style="border-radius:22%">
      <img src="${url('maskable', '512x512')}" width="96" style="clip-path:circle(40%)">
      <img src="${url('any', '192x192')}" width="48"><img src="${url('maskable', '192x192')}" width="48" style="border-radius:50%"></div>`;
    await page.goto('about:blank'); // away from the page's Content-Security-Policy (no inline styles)
    await page.setContent(`<body style="margin:0"><div id="preview" style="width:max-content">${row('#262421')}${row('#e8e3dc')}</div></body>`);
    await page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
    await page.locator('#preview').screenshot({ path: path.join(artifacts, '62-icons-on-home-screens.png') });
  } finally {
    await context.close();
  }
});

test('installable: Chromium reports no installability errors once the service worker is ready', async () => {
  const { page, errors, close } = await persistentContext();
  try {
    await page.goto(env.base);
    await page.waitForSelector('body[data-ready="1"]');
    await controlled(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifest.errors, [], 'the manifest parses without warnings');
    assert.match(manifest.url, /\/www\/manifest-[0-9a-f]{16}\.webmanifest$/);
    // The icon Chromium chose for the home screen, as it decoded it.
    const { primaryIcon } = await cdp.send('Page.getManifestIcons');
    assert.ok(primaryIcon && primaryIcon.length > 1000, 'Chromium has a primary icon');
    await page.screenshot({ path: path.join(artifacts, '60-installable-phone.png') });
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('offline: after one visit the manifest and its icons load from the service worker, and the page is still installable', async () => {
  // A server of the test's own, stopped below: really offline.
  const site = await serve(distDir);
  const { context, page, errors, close } = await persistentContext();
  try {
    await page.goto(site.base);
    await page.waitForSelector('body[data-ready="1"]');
    await controlled(page);
    await context.setOffline(true);
    await site.stop();
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    const loaded = await page.evaluate(async () => {
      const href = /** @type {HTMLLinkElement} */ (document.querySelector('link[rel=manifest]')).href;
      const res = await fetch(href);
      const manifest = await res.json();
      const icons = [];
      for (const icon of manifest.icons) {
        const r = await fetch(new URL(icon.src, href));
        const bitmap = await createImageBitmap(await r.blob());
        icons.push({ sizes: icon.sizes, status: r.status, decoded: `${bitmap.width}x${bitmap.height}` });
      }
      return { status: res.status, name: manifest.name, icons };
    });
    assert.equal(loaded.status, 200);
    assert.equal(loaded.name, 'Dame');
    assert.equal(loaded.icons.length, 4);
    for (const icon of loaded.icons) assert.deepEqual(icon, { sizes: icon.sizes, status: 200, decoded: icon.sizes });
    // What the page asks the cache for: each icon is there under its hashed name.
    const cached = await page.evaluate(async () => (await (await caches.open('dame-v2')).keys())
      .map((r) => new URL(r.url).pathname).filter((p) => /manifest|icons/.test(p)).sort());
    assert.equal(cached.length, 5, `the manifest and four icons are cached: ${cached}`);
    const cdp = await context.newCDPSession(page);
    assert.deepEqual((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, [], 'installable offline too');
    assert.deepEqual(errors, []);
  } finally {
    await close();
    await site.stop();
  }
});

test('data-rules: the board carries the preset of the position shown, from the URL, the panel and during a game', async () => {
  const { page, context, errors } = await openGame(env, q({ rules: 'english' }));
  try {
    const rules = () => page.getAttribute('#board', 'data-rules');
    assert.equal(await rules(), 'english', 'the URL\'s ?rules=');
    const presets = await page.evaluate(() => [...document.querySelectorAll('#rules option')].map((o) => /** @type {HTMLOptionElement} */ (o).value));
    assert.deepEqual(presets.slice().sort(), ['blasen', 'english', 'russian', 'standard', 'standard-flying']);
    for (const id of [...presets.filter((p) => p !== 'english'), 'english']) {
      await page.selectOption('#rules', id);
      await page.waitForFunction((id) => document.getElementById('board')?.dataset.rules === id, id);
      assert.equal(await page.evaluate(() => window.dame.state.view.rules), id);
    }
    // In the game, and while looking back at an earlier position of it.
    await page.selectOption('#rules', 'russian');
    await page.waitForFunction(() => document.getElementById('board')?.dataset.rules === 'russian');
    await page.selectOption('#opponent', 'human');
    await play(page);
    assert.equal(await rules(), 'russian');
    for (const [n, [from, to]] of [[22, 18], [12, 16]].entries()) {
      await drag(page, from, to);
      await page.waitForFunction((n) => window.dame.state.view.history.length === n, n + 1);
      await idle(page);
    }
    await page.click('#moves button[data-ply="1"]');
    await page.waitForFunction(() => document.getElementById('board')?.dataset.live === '0');
    assert.equal(await rules(), 'russian');
    await shot(page, '61-data-rules-russian');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
  // Another URL (a fresh browser: no saved game to go on with), another preset.
  const other = await openGame(env, q({ rules: 'standard-flying' }));
  try {
    assert.equal(await other.page.getAttribute('#board', 'data-rules'), 'standard-flying');
    assert.deepEqual(other.errors, []);
  } finally {
    await other.context.close();
  }
});
