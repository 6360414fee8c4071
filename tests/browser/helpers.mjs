// Shared set-up for the browser tests: Debian's Chromium through playwright-core, the built
// dist/ served on 127.0.0.1 (or BASE_URL), and helpers that use the mouse as a player does.

import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import net from 'node:net';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const artifacts = path.join(root, 'test-artifacts');
mkdirSync(artifacts, { recursive: true });

/** Chromium's command line for every test (also for a test's own persistent context). */
export const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
  '--disable-default-apps', '--disable-extensions'];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForServer(url) {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} did not start`);
}

/// A server of its own for a directory (dist/ by default), which a test may stop (to be offline).
export async function serve(dir = distDir) {
  const port = await freePort();
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--protocol', 'HTTP/1.1', '--directory', dir], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}/`;
  await waitForServer(base);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  return { base, stop: () => { server.kill(); return exited; } };
}

/// The built site: dist/, or DIST_DIR (a build made with `trunk build --dist <dir>`).
export const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist');

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png' };

/// A tiny static server in this process for a directory (dist/ by default) that adds `headers`
/// to every response (a Content-Security-Policy, say), .wasm as application/wasm.
export async function serveWithHeaders(headers, dir = distDir) {
  const server = http.createServer({ maxHeaderSize: 1 << 20 }, (req, res) => {
    let file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir + path.sep) && file !== dir) return res.writeHead(403).end();
    try {
      if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
      const body = readFileSync(file);
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  return { base: `http://127.0.0.1:${port}/`, stop: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }) };
}

/// Starts the browser (and a server for dist/ unless BASE_URL is set).
export async function setup() {
  let server = null;
  let base = process.env.BASE_URL;
  if (!base) {
    const port = await freePort();
    server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--protocol', 'HTTP/1.1', '--directory', distDir], { stdio: 'ignore' });
    base = `http://127.0.0.1:${port}/`;
    await waitForServer(base);
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS });
  return {
    base,
    browser,
    async close() {
      await browser.close();
      if (server) server.kill();
    },
  };
}

/// One browser for a test file: started before its tests, closed after them. The object is
/// filled in when the browser has started.
export function withBrowser() {
  const env = {};
  before(async () => Object.assign(env, await setup()));
  after(async () => env.close?.());
  return env;
}

/// A query string from an object: `q({ rules: 'english' })` is `?rules=english`.
export const q = (params) => '?' + new URLSearchParams(params).toString();

/// An init script (`context.addInitScript`) that makes the page refuse WebAssembly SIMD, as a
/// browser without it does: WebAssembly.validate says no to a module with a SIMD instruction
/// (its prefix byte, 0xfd; a rough test, but the page only asks this about its SIMD probe).
export function refuseSimd() {
  const validate = WebAssembly.validate;
  WebAssembly.validate = (bytes, ...rest) => {
    const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
    return view.includes(0xfd) ? false : validate(bytes, ...rest);
  };
}

/// A page with the game loaded; collects console errors and page errors. `init`, if given, runs
/// in the page before its own scripts.
export async function openGame(env, query = '', options = {}, init = null) {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 820 }, deviceScaleFactor: 2, ...options });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(env.base + query);
  await page.waitForSelector('body[data-ready="1"]');
  return { page, context, errors };
}

export async function fen(page) {
  return page.getAttribute('#board', 'data-fen');
}

export async function message(page) {
  return (await page.textContent('#message')).trim();
}

/// Waits until the message under the board matches `pattern` (it is drawn on the next frame, so a
/// data attribute set with it may come first), and returns it.
export async function messageMatching(page, pattern, timeout = 30000) {
  await page.waitForFunction(
    ([source, flags]) => new RegExp(source, flags).test(document.getElementById('message')?.textContent.trim() ?? ''),
    [pattern.source, pattern.flags],
    { timeout },
  );
  return message(page);
}

/// The centre of square n in page coordinates (reads the orientation from the page).
export async function squareCenter(page, n) {
  const box = await page.locator('#board').boundingBox();
  const orientation = await page.evaluate(() => window.dame.state.orientation);
  const row = Math.floor((n - 1) / 4) + 1;
  const col = ((n - 1) % 4) * 2 + (row % 2 === 1 ? 1 : 0);
  const cx = orientation === 'black' ? 7 - col : col;
  const cy = orientation === 'black' ? 8 - row : row - 1;
  const cell = box.width / 8;
  return { x: box.x + (cx + 0.5) * cell, y: box.y + (cy + 0.5) * cell };
}

/// Presses on square `from`, moves through `via` squares and releases on `to`, in steps.
export async function drag(page, from, to, via = []) {
  const a = await squareCenter(page, from);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  let at = a;
  for (const sq of [...via, to]) {
    const b = await squareCenter(page, sq);
    await page.mouse.move(b.x, b.y, { steps: 8 });
    at = b;
  }
  await page.mouse.up();
  return at;
}

export async function click(page, sq) {
  const a = await squareCenter(page, sq);
  await page.mouse.click(a.x, a.y);
}

/// Waits until an async condition evaluated in the page (reading the Cache API, say) is true.
/// `page.waitForFunction` cannot do this: a promise is a truthy value, so it would return at once.
export async function waitForAsync(page, condition, arg = null, { timeout = 30000, polling = 100 } = {}) {
  const deadline = Date.now() + timeout;
  while (!(await page.evaluate(condition, arg))) {
    if (Date.now() > deadline) throw new Error(`waitForAsync: not true after ${timeout} ms: ${condition}`);
    await new Promise((r) => setTimeout(r, polling));
  }
}

/// Waits until no animation runs and the computer is not thinking.
export async function idle(page) {
  await page.waitForFunction(() => {
    const s = window.dame.state;
    return !s.thinking && !s.anim && document.getElementById('board').dataset.busy === '0';
  }, null, { timeout: 15000 });
  // Let the DOM catch up with the state (it is synced on the next animation frame).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

export async function play(page) {
  await page.click('#play');
  await idle(page);
}

export async function shot(page, name) {
  await page.screenshot({ path: path.join(artifacts, name + '.png') });
}

/// Waits until the DOM shows the state (it is synced on each animation frame).
export async function settle(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/// The player (Red, against the computer) makes a legal move with the mouse (the first path of the
/// first piece that can move), then waits for the computer's answer (or the game's end).
/// Returns the move played, in notation.
export async function playAnyMove(page) {
  const { path, plies } = await page.evaluate(() => {
    const { state } = window.dame;
    return { path: state.game.grab(state.view.movable[0]).paths[0], plies: state.view.history.length };
  });
  await drag(page, path.squares[0], path.squares.at(-1), path.squares.slice(1, -1));
  await page.waitForFunction((n) => {
    const s = window.dame.state;
    return s.phase === 'over' || (s.view.history.length >= n + 2 && !s.thinking && !s.anim);
  }, plies, { timeout: 20000 });
  await idle(page);
  return path.text;
}
