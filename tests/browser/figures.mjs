// The browser game's figures (issue 4), measured and printed, not asserted (timings flake):
//   page weight gzipped, navigation → board painted, main-thread long tasks while the computer
//   thinks at its top level, and the search speed in the browser against the native build.
// Usage: node tests/browser/figures.mjs  (after `trunk build --release` and
//        `cargo build --release --bin dame-web`; BASE_URL as for the tests;
//        PAINT_AGAINST=<dist/ of another build> times that build's first paint in turns with this one).

import { gzipSync } from 'node:zlib';
import { readFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { loadavg, cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setup, serveWithHeaders, openGame, drag, idle, distDir, refuseSimd } from './helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = distDir; // dist/, or DIST_DIR
const env = await setup();
const lines = [];
const report = (line) => {
  lines.push(line);
  console.log(line);
};

report(`machine: ${cpus().length} cores, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} (timings are noisy when it is busy)`);
try {
  // 1. Page weight: every file the page loads (HTML, JS, CSS, the page's wasm and the worker's).
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const loaded = new Set();
  // The context's requests: the page's and its worker's (not the service worker's own fetches,
  // which only copy the same files into its cache); the service worker script is added below.
  context.on('request', (req) => req.serviceWorker() || loaded.add(new URL(req.url()).pathname));
  await page.goto(env.base);
  await page.waitForSelector('body[data-ready="1"]');
  await page.click('#play');
  await drag(page, 22, 18);
  await page.waitForFunction(() => document.getElementById('board').dataset.fen.startsWith('W:'), null, { timeout: 20000 });
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
  loaded.add(new URL(await page.evaluate(() => navigator.serviceWorker.controller.scriptURL)).pathname);
  let total = 0;
  let data = 0;
  const parts = [];
  const dataParts = [];
  const missing = [];
  for (const p of [...loaded].sort()) {
    const file = path.join(dist, p === '/' ? 'index.html' : decodeURIComponent(p));
    if (!existsSync(file)) {
      missing.push(p);
      continue;
    }
    const gz = gzipSync(readFileSync(file), { level: 9 }).length;
    // The learned evaluation tables: the worker fetches them after the first paint.
    if (file.endsWith('.bin')) {
      data += gz;
      dataParts.push(`${path.basename(file)} ${(gz / 1024).toFixed(1)}`);
      continue;
    }
    total += gz;
    parts.push(`${path.basename(file)} ${(gz / 1024).toFixed(1)}`);
  }
  // What the page requested before its board was painted (the page's own resource timings; the
  // worker, the service worker and modules loaded on use come later).
  const beforePaint = await page.evaluate(() => {
    const painted = performance.getEntriesByName('board-painted')[0].startTime;
    return performance.getEntriesByType('resource').filter((e) => e.startTime < painted).map((e) => new URL(e.name).pathname);
  });
  let early = gzipSync(readFileSync(path.join(dist, 'index.html')), { level: 9 }).length;
  for (const p of new Set(beforePaint)) {
    const file = path.join(dist, decodeURIComponent(p));
    if (existsSync(file)) early += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  report(`page weight before the first paint (gzipped): ${(early / 1024).toFixed(1)} KB (budget 150 KB)`);
  report(`page weight, everything a game loads but the engine's data (gzipped): ${(total / 1024).toFixed(1)} KB`);
  report(`  ${parts.join(', ')}`);
  report(`engine data fetched by the worker after the first paint (gzipped): ${(data / 1024).toFixed(1)} KB: ${dataParts.join(', ') || 'none'}`);
  // The page's files have content-hashed names (scripts/hash-assets.mjs): each is a file of dist/.
  if (missing.length) throw new Error(`page weight: loaded files not found in dist/: ${missing.join(', ')}`);
  await context.close();

  // 2. Navigation → board painted (fresh context each time: nothing cached), the page served by
  // a static server in this process, as a web server or `trunk serve` would serve it. The tests'
  // own server (Python's http.server) is timed in turns with it: it answers the page's two dozen
  // requests slowly enough to add 100–150 ms of its own, which is the server's and not the page's.
  // With PAINT_AGAINST=<another build's dist/> that build loads in turns too, so that a slow
  // figure can be told apart from a busy or slower machine.
  const fast = await serveWithHeaders({}, dist);
  const against = process.env.PAINT_AGAINST ? await serveWithHeaders({}, path.resolve(process.env.PAINT_AGAINST)) : null;
  const builds = [
    { name: 'static server', base: fast.base, times: [] },
    { name: "Python's http.server, the tests' server", base: env.base, times: [] },
  ];
  if (against) builds.push({ name: `PAINT_AGAINST ${process.env.PAINT_AGAINST}, static server`, base: against.base, times: [] });
  try {
    for (let i = 0; i < 7; i++) {
      for (const build of builds) {
        const c = await env.browser.newContext();
        const p = await c.newPage();
        await p.goto(build.base);
        await p.waitForSelector('body[data-ready="1"]');
        build.times.push(await p.evaluate(() => performance.getEntriesByName('board-painted')[0].startTime));
        await c.close();
      }
    }
  } finally {
    await against?.stop(); // the other build's server, also when a load fails
    await fast.stop();
  }
  for (const [i, { name, times }] of builds.entries()) {
    times.sort((a, b) => a - b);
    const budget = i === 1 ? '' : ' (budget 300 ms)';
    report(`navigation → board painted (${name}): median ${times[3].toFixed(0)} ms, best ${times[0].toFixed(0)} ms, worst ${times[6].toFixed(0)} ms of 7 cold loads${budget}`);
  }

  // 3. Long tasks on the page's main thread while the computer thinks at its top level: two
  // games, each a first move and the computer's answer.
  {
    let longest = 0;
    let count = 0;
    let thinkMs = 0;
    let indicator = true;
    for (const [from, to] of [[22, 18], [23, 19]]) {
      const { page, context } = await openGame(env, '?rules=english&level=5');
      await page.click('#play');
      await idle(page);
      await page.evaluate(() => {
        window.__long = [];
        new PerformanceObserver((list) => window.__long.push(...list.getEntries())).observe({ type: 'longtask' });
      });
      await drag(page, from, to);
      const t0 = Date.now();
      await page.waitForFunction(() => window.dame.state.thinking);
      // Only tasks that end after the computer started thinking count (not the player's drag).
      const thinkStart = await page.evaluate(() => performance.now());
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      indicator &&= await page.isVisible('#thinking');
      await page.waitForFunction(() => !window.dame.state.thinking, null, { timeout: 20000 });
      thinkMs += Date.now() - t0;
      await idle(page);
      const long = await page.evaluate(
        (from) => window.__long.filter((e) => e.startTime + e.duration >= from).map((e) => e.duration),
        thinkStart,
      );
      longest = Math.max(longest, ...long, 0);
      count += long.length;
      await context.close();
    }
    report(`main-thread long tasks while the computer thinks at level 5 (Meister, ~${(thinkMs / 2000).toFixed(1)} s a move, 2 moves): ${count} tasks > 50 ms, longest ${longest.toFixed(0)} ms (budget: none > 50 ms); thinking indicator ${indicator ? 'shown' : 'NOT shown'}`);
  }

  // 4. Search speed: the same fixed-depth search in the page's worker and natively; the worker
  // built with SIMD (what Chromium loads) and the plain one (what a browser without SIMD loads).
  {
    // Depth 18: about 1.3 M nodes, long enough that start-up costs do not blur the ratio (ProbCut
    // made depth 15, 1.2 M nodes before, a 0.28 M-node search).
    const depth = 18;
    const bin = path.join(root, 'target/release/dame-web');
    let native = null;
    for (let i = 0; i < 3; i++) {
      const out = execFileSync(bin, ['bench', 'english', String(depth)]).toString();
      const m = out.match(/(\d+) nodes in (\d+) ms/);
      const nps = Number(m[1]) / Number(m[2]) * 1000;
      if (!native || nps > native.nps) native = { nodes: Number(m[1]), ms: Number(m[2]), nps };
    }
    for (const simd of [true, false]) {
      const { page, context } = await openGame(env, '', {}, simd ? null : refuseSimd);
      // Like for like: the native bench has the learned tables, so wait until the worker has them.
      await page.evaluate(async () => {
        const ask = () => window.dame.engine.think({ rules: 'english', start: 'W:W21-32:B1-12', history: [], level: 1 });
        while (!(await ask()).fullStrength) await new Promise((r) => setTimeout(r, 50));
      });
      let best = null;
      for (let i = 0; i < 3; i++) {
        const r = await page.evaluate((depth) => window.dame.engine.bench({ rules: 'english', fen: 'W:W21-32:B1-12', depth }), depth);
        const nps = r.nodes / r.ms * 1000;
        if (!best || nps > best.nps) best = { ...r, nps };
      }
      await context.close();
      report(`search speed, english start, depth ${depth}, ${simd ? 'SIMD' : 'plain'} worker: browser ${(best.nps / 1e6).toFixed(2)} M nodes/s (${best.nodes} nodes, ${best.ms.toFixed(0)} ms), native ${(native.nps / 1e6).toFixed(2)} M nodes/s: ratio ${(best.nps / native.nps).toFixed(2)}${simd ? ' (budget ≥ 0.7)' : ''}`);
      if (best.nodes !== native.nodes) report(`  (node counts differ: browser ${best.nodes}, native ${native.nodes})`);
    }
  }

  // 5. The analysis board: a 60-ply game (the first 60 plies of the first game against DarkHorse
  // in docs/matches/) imported and analysed at the default depth; the time to the last position
  // and the main-thread long tasks meanwhile.
  {
    const games = readFileSync(path.join(root, 'docs/matches/darkhorse-english-0.2s.pdn'), 'utf8');
    const first = games.split(/\n(?=\[Event )/)[0];
    const body = first.replace(/^\[.*\]$/gm, '').replace(/\{[^}]*\}/g, ' ');
    const turns = body.split(/\s+/).filter((w) => /^\d+[-x]\d+/.test(w)).slice(0, 60);
    const movetext = turns.map((t, i) => (i % 2 ? t : `${i / 2 + 1}. ${t}`)).join(' ');
    const pdn = `[GameType "21"]\n\n${movetext} *\n`;
    const { page, context } = await openGame(env, '?rules=english&opponent=human');
    await page.click('#pdn summary');
    await page.fill('#pdn-text', pdn);
    await page.click('#pdn-import');
    await page.waitForFunction((n) => window.dame.state.view?.history.length === n, turns.length);
    await idle(page);
    // Like for like with `dame analyse`: the worker has its learned tables first.
    await page.evaluate(async () => {
      const ask = () => window.dame.engine.think({ rules: 'english', start: 'W:W21-32:B1-12', history: [], level: 1 });
      while (!(await ask()).fullStrength) await new Promise((r) => setTimeout(r, 50));
      window.__long = [];
      new PerformanceObserver((list) => window.__long.push(...list.getEntries())).observe({ type: 'longtask' });
    });
    const t0 = Date.now();
    await page.click('#analyse');
    await page.waitForSelector('#analysis[data-state="done"]', { timeout: 300000 });
    const ms = Date.now() - t0;
    const long = await page.evaluate(() => window.__long.map((e) => e.duration));
    const depth = await page.getAttribute('#analysis', 'data-depth');
    report(`analysis of a ${turns.length}-ply game at the default depth ${depth}: ${(ms / 1000).toFixed(1)} s (budget 30 s); main-thread long tasks meanwhile: ${long.length} > 50 ms, longest ${Math.max(0, ...long).toFixed(0)} ms`);
    await context.close();
  }
} finally {
  await env.close();
}
