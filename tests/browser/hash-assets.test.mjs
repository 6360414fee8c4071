// The build's hash step (scripts/hash-assets.mjs) on small sites of its own: names, rewritten
// references, preload links, hashes that follow dependencies, cycles, a second run, a missing file,
// comments dropped, the web app manifest and its icons.
// No browser needed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/hash-assets.mjs');

function site(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dame-hash-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const run = (dir) => spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
const www = (dir) => readdirSync(path.join(dir, 'www')).sort();
const named = (dir, base) => www(dir).find((f) => new RegExp(`^${base}-[0-9a-f]{16}\\.`).test(f));
const read = (dir, f) => readFileSync(path.join(dir, f), 'utf8');

const PAGE = `<head>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="www/style.css">
  <script type="module" src="www/main.js"></script>
  <link rel="modulepreload" href="/glue-0123456789abcdef.js">
</head>`;

test('hash step: every file of www/ the page loads gets a content-hashed name, and every reference follows', () => {
  const dir = site({
    'index.html': PAGE,
    'glue-0123456789abcdef.js': '// Trunk\'s, already hashed',
    'sw.js': '// the service worker',
    'www/main.js': "import { a } from './a.js';\nimport * as e from './engine.js';\nnavigator.serviceWorker.register(new URL('../sw.js', import.meta.url));\n",
    'www/a.js': "import { b } from './b.js';\nexport const a = b;\n",
    'www/b.js': 'export const b = 1;\n',
    'www/engine.js': "export const w = () => new Worker(new URL('worker.js', import.meta.url), { type: 'module' });\nexport const lazy = () => import('./lazy.js');\n",
    'www/worker.js': 'self.postMessage("ready");\n',
    'www/lazy.js': 'export default 1;\n',
    'www/style.css': 'body { background: url("bg.svg") }\n',
    'www/bg.svg': '<svg/>',
  });
  try {
    const r = run(dir);
    assert.equal(r.status, 0, r.stderr);
    const [main, a, b, engine, worker, lazy, style, bg] = ['main', 'a', 'b', 'engine', 'worker', 'lazy', 'style', 'bg'].map((n) => named(dir, n));
    assert.deepEqual(www(dir), [main, a, b, bg, engine, lazy, style, worker].sort(), 'only hashed names are left');
    assert.match(read(dir, 'www/' + main), new RegExp(`from '\\./${a}'[^]*from '\\./${engine}'[^]*new URL\\('\\.\\./sw\\.js', import\\.meta\\.url\\)`));
    assert.match(read(dir, 'www/' + engine), new RegExp(`new URL\\('${worker}', import\\.meta\\.url\\)[^]*import\\('\\./${lazy}'\\)`));
    assert.match(read(dir, 'www/' + style), new RegExp(`url\\("${bg}"\\)`));
    const html = read(dir, 'index.html');
    assert.match(html, new RegExp(`<script type="module" src="www/${main}"></script>`));
    assert.match(html, new RegExp(`<link rel="stylesheet" href="www/${style}">`));
    // One preload link per module of the static import graph: not the entry, the worker or a lazy import.
    const preloads = [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(preloads.sort(), ['/glue-0123456789abcdef.js', `www/${a}`, `www/${b}`, `www/${engine}`].sort());
    assert.ok(existsSync(path.join(dir, 'sw.js')) && existsSync(path.join(dir, 'glue-0123456789abcdef.js')), 'files outside www/ keep their names');

    // A second run changes nothing.
    const before = www(dir);
    assert.equal(run(dir).status, 0);
    assert.deepEqual(www(dir), before);
    assert.equal(read(dir, 'index.html'), html);

    // A change in b renames b, a (imports b) and main (imports a); engine and the rest keep theirs.
    appendFileSync(path.join(dir, 'www', b), 'export const changed = true;\n');
    assert.equal(run(dir).status, 0);
    for (const [n, old] of [['b', b], ['a', a], ['main', main]]) assert.notEqual(named(dir, n), old, `${n} is renamed`);
    for (const [n, old] of [['engine', engine], ['worker', worker], ['lazy', lazy], ['style', style]]) assert.equal(named(dir, n), old, `${n} keeps its name`);
    assert.equal(www(dir).length, before.length, 'the old files are gone');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('hash step: modules that import each other share one hash; a change in one renames both', () => {
  const dir = site({
    'index.html': PAGE.replace(/\s*<link rel="modulepreload"[^>]*>/, '').replace(/\s*<link rel="stylesheet"[^>]*>/, ''),
    'www/main.js': "import './x.js';\n",
    'www/x.js': "import { y } from './y.js';\nexport const x = 1;\n",
    'www/y.js': "import { x } from './x.js';\nexport const y = 2;\n",
  });
  try {
    assert.equal(run(dir).status, 0);
    const [x, y, main] = ['x', 'y', 'main'].map((n) => named(dir, n));
    assert.match(read(dir, 'www/' + x), new RegExp(`'\\./${y}'`));
    assert.match(read(dir, 'www/' + y), new RegExp(`'\\./${x}'`));
    assert.equal(run(dir).status, 0);
    assert.deepEqual([named(dir, 'x'), named(dir, 'y')], [x, y], 'a second run changes nothing');
    appendFileSync(path.join(dir, 'www', y), 'export const changed = true;\n');
    assert.equal(run(dir).status, 0);
    assert.notEqual(named(dir, 'x'), x);
    assert.notEqual(named(dir, 'y'), y);
    assert.notEqual(named(dir, 'main'), main);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('hash step: a reference to a missing file fails the build, naming it', () => {
  for (const files of [
    { 'index.html': PAGE, 'glue-0123456789abcdef.js': '', 'www/style.css': '', 'www/main.js': "import './gone.js';\n" },
    { 'index.html': PAGE, 'glue-0123456789abcdef.js': '', 'www/main.js': '' },
    { 'index.html': PAGE, 'glue-0123456789abcdef.js': '', 'www/style.css': '', 'www/main.js': "new URL('worker.js', import.meta.url);\n" },
  ]) {
    const dir = site(files);
    try {
      const r = run(dir);
      assert.equal(r.status, 1);
      assert.match(r.stderr, /hash-assets: error: .*names a missing file \(www\/(gone\.js|style\.css|worker\.js)\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

test('hash step: modules are shipped without comments, their code and strings untouched', () => {
  const dir = site({
    'index.html': PAGE.replace(/\s*<link rel="modulepreload"[^>]*>/, '').replace(/\s*<link rel="stylesheet"[^>]*>/, ''),
    'www/main.js': [
      '// @ts-check',
      "/** @import { View } from '#types/View' */",
      '/** A doc comment that only tsc reads. @param {number} n */',
      "export const url = 'http://example.org/a//b'; // a trailing comment",
      'export const half = (n) => n / 2 /* inline */ + /x\\/\\/y/.source.length;',
      '',
    ].join('\n'),
  });
  try {
    assert.equal(run(dir).status, 0);
    const out = read(dir, 'www/' + named(dir, 'main'));
    assert.doesNotMatch(out, /@ts-check|@import|doc comment|trailing comment|inline/);
    assert.match(out, /'http:\/\/example\.org\/a\/\/b'/);
    assert.match(out, /\/x\\\/\\\/y\/\.source/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('hash step: the web app manifest is hashed after its icons, which it names by their new names; a missing icon or a manifest that is not JSON fails the build', () => {
  const page = PAGE.replace(/\s*<link rel="modulepreload"[^>]*>/, '').replace(/\s*<link rel="stylesheet"[^>]*>/, '')
    .replace('<head>', '<head>\n  <link rel="manifest" href="www/app.webmanifest">\n  <link rel="apple-touch-icon" href="www/icons/b.png">');
  const manifest = JSON.stringify({ name: 'Dame', start_url: '../', icons: [{ src: 'icons/a.png', sizes: '1x1' }, { src: 'icons/b.png', sizes: '2x2' }] }, null, 2);
  const dir = site({ 'index.html': page, 'www/main.js': '', 'www/app.webmanifest': manifest, 'www/icons/a.png': 'A', 'www/icons/b.png': 'B' });
  try {
    assert.equal(run(dir).status, 0);
    const icons = readdirSync(path.join(dir, 'www/icons')).sort();
    assert.equal(icons.length, 2);
    assert.match(icons.join(' '), /^a-[0-9a-f]{16}\.png b-[0-9a-f]{16}\.png$/);
    const app = named(dir, 'app');
    assert.match(app, /\.webmanifest$/);
    // Compact JSON, with the icons' new names (relative to the manifest) and the rest as it was.
    assert.equal(read(dir, 'www/' + app), JSON.stringify({ ...JSON.parse(manifest), icons: [
      { src: `icons/${icons[0]}`, sizes: '1x1' }, { src: `icons/${icons[1]}`, sizes: '2x2' }] }));
    const html = read(dir, 'index.html');
    assert.match(html, new RegExp(`<link rel="manifest" href="www/${app}">`));
    assert.match(html, new RegExp(`<link rel="apple-touch-icon" href="www/icons/${icons[1]}">`), 'the same icon, the same name');
    assert.equal(run(dir).status, 0);
    assert.equal(named(dir, 'app'), app, 'a second run changes nothing');
    // A new icon: a new name for it and for the manifest.
    writeFileSync(path.join(dir, 'www/icons', icons[0]), 'A2');
    assert.equal(run(dir).status, 0);
    assert.notEqual(named(dir, 'app'), app);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const [files, error] of [
    [{ 'www/app.webmanifest': manifest, 'www/icons/b.png': 'B' }, /names a missing file \(www\/icons\/a\.png\)/],
    [{ 'www/app.webmanifest': '{ "icons": [ }', 'www/icons/b.png': 'B' }, /www\/app\.webmanifest: not JSON/],
  ]) {
    const bad = site({ 'index.html': page, 'www/main.js': '', ...files });
    try {
      const r = run(bad);
      assert.equal(r.status, 1);
      assert.match(r.stderr, error);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  }
});
