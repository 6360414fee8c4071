// The page under its Content-Security-Policy (index.html's <meta>, and the same policy sent as an
// HTTP header by a server of the test's own): it starts, the computer's Web Worker compiles the
// wasm, a short game is played with the mouse to its end, and not one violation is reported.
// The shipped page has no inline script and no on…= handler.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { distDir, serveWithHeaders, withBrowser, play, playAnyMove, message, shot } from './helpers.mjs';

const env = withBrowser();
const page = () => readFileSync(path.join(distDir, 'index.html'), 'utf8');

/** The policy the shipped page declares in its <meta http-equiv>. */
function policy() {
  const m = page().match(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i);
  assert.ok(m, 'index.html carries a Content-Security-Policy <meta>');
  return m[1];
}

test('CSP: the shipped page declares a strict policy, and has no inline script or handler', () => {
  const csp = policy();
  const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  assert.deepEqual(directives['script-src'], ["'self'", "'wasm-unsafe-eval'"]);
  assert.doesNotMatch(csp, /'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'|'strict-dynamic'|\*/);
  for (const d of ['default-src', 'style-src', 'connect-src', 'worker-src']) assert.deepEqual(directives[d], ["'self'"], d);
  assert.deepEqual(directives['object-src'], ["'none'"]);
  assert.deepEqual(directives['base-uri'], ["'none'"]);
  // The <meta> comes before any script or style sheet (a policy applies to what follows it).
  const html = page().replace(/<!--[^]*?-->/g, '');
  assert.ok(html.indexOf('Content-Security-Policy') < html.search(/<script|<link rel="stylesheet"/));
  const scripts = [...html.matchAll(/<script\b([^>]*)>([^]*?)<\/script>/gi)];
  assert.ok(scripts.length >= 2, 'the loader and the entry module');
  for (const [tag, attrs, body] of scripts) {
    assert.match(attrs, /\bsrc="[^"]+"/, `an external script: ${tag}`);
    assert.equal(body.trim(), '', `no inline script: ${tag}`);
  }
  assert.doesNotMatch(html, /<[a-z][^>]*\son[a-z]+\s*=/i, 'no inline event handler');
  assert.doesNotMatch(html, /<style\b|\sstyle\s*=/i, 'no inline style');
});

test('CSP as an HTTP header: the page starts, the worker thinks, a game is played to its end, no violation', async () => {
  const server = await serveWithHeaders({ 'Content-Security-Policy': policy() });
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 820 } });
  try {
    const tab = await context.newPage();
    const errors = [];
    tab.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    tab.on('pageerror', (err) => errors.push(String(err)));
    // Violations are recorded from the first moment (an init script is not subject to the policy).
    await context.addInitScript(() => {
      window.__violations = [];
      addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await tab.goto(server.base + '?rules=english&level=1');
    assert.equal(response.headers()['content-security-policy'], policy(), 'served with the header');
    await tab.waitForSelector('body[data-ready="1"]');
    await play(tab);
    const moves = [];
    for (let i = 0; i < 5; i++) moves.push(await playAnyMove(tab));
    const plies = await tab.evaluate(() => window.dame.state.view.history.length);
    assert.ok(plies >= 10, `the computer answered every move: ${plies} plies`);
    assert.match(await message(tab), /Der Computer zieht/);
    // To the end: the player resigns.
    await tab.click('#resign');
    await tab.click('#confirm-yes'); // resigning asks first
    await tab.waitForSelector('#over:not([hidden])');
    assert.equal(await tab.textContent('#over-title'), 'Du hast verloren.');
    await shot(tab, 'csp-game-over');
    // The service worker registered and took control under the same policy.
    await tab.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
    assert.deepEqual(await tab.evaluate(() => window.__violations), [], 'no CSP violation');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.stop();
  }
});
