// The build's hash step and the page's Content-Security-Policy: Trunk's inline loader becomes a
// hashed module file of its own, in the same place in the page (and `trunk serve`'s live-reload
// script a classic one); any other inline script or an on…= handler fails the build. No browser
// needed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/hash-assets.mjs');

function site(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dame-loader-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
const run = (dir) => spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
const read = (dir, f) => readFileSync(path.join(dir, f), 'utf8');

// What Trunk 0.21 writes for the rel="rust" link, then the page's own entry module.
const LOADER = `
import init, * as bindings from '/glue-0123456789abcdef.js';
const wasm = await init({ module_or_path: '/glue-0123456789abcdef_bg.wasm' });


window.wasmBindings = bindings;


dispatchEvent(new CustomEvent("TrunkApplicationStarted", {detail: {wasm}}));
`;
const page = (extra = '') => `<head>
  <meta http-equiv="Content-Security-Policy" content="script-src 'self' 'wasm-unsafe-eval'">
<script type="module">${LOADER}</script>
  <script type="module" src="www/main.js"></script>
<link rel="modulepreload" href="/glue-0123456789abcdef.js"></head>
<body>${extra}</body>`;
const FILES = {
  'glue-0123456789abcdef.js': 'export default async function init() {}\n',
  'glue-0123456789abcdef_bg.wasm': '',
  'www/main.js': "import { a } from './a.js';\n",
  'www/a.js': 'export const a = 1;\n',
};

test('hash step: Trunk\'s inline loader becomes a hashed module file, before the entry module', () => {
  const dir = site({ ...FILES, 'index.html': page('<form id="setup"></form>') });
  try {
    const r = run(dir);
    assert.equal(r.status, 0, r.stderr);
    const loader = readdirSync(path.join(dir, 'www')).find((f) => /^trunk-loader-[0-9a-f]{16}\.js$/.test(f));
    assert.ok(loader, 'www/trunk-loader-<hash>.js');
    const html = read(dir, 'index.html');
    assert.doesNotMatch(html, /<script\b[^>]*>\s*[^<\s]/, 'no inline script is left');
    assert.match(html, new RegExp(`<script type="module" src="www/${loader}"></script>\\s*<script type="module" src="www/main-[0-9a-f]{16}\\.js">`));
    const code = read(dir, 'www/' + loader);
    assert.match(code, /import init, \* as bindings from '\/glue-0123456789abcdef\.js';/);
    assert.match(code, /window\.wasmBindings = bindings;/);
    assert.match(code, /dispatchEvent\(new CustomEvent\("TrunkApplicationStarted"/);
    // A second run changes nothing.
    assert.equal(run(dir).status, 0);
    assert.equal(read(dir, 'index.html'), html);
    assert.equal(readdirSync(path.join(dir, 'www')).length, 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('hash step: the live-reload script of `trunk serve` becomes a classic script file, host and path filled in', () => {
  const reload = `"use strict";\n(function () {\n    const address = '{{__TRUNK_ADDRESS__}}';\n    const base = '{{__TRUNK_WS_BASE__}}';\n    new WebSocket('ws://' + address + base + '.well-known/trunk/ws');\n})()`;
  const dir = site({ ...FILES, 'index.html': page(`<script>${reload}</script>`) });
  try {
    const r = run(dir);
    assert.equal(r.status, 0, r.stderr);
    const file = readdirSync(path.join(dir, 'www')).find((f) => /^trunk-reload-[0-9a-f]{16}\.js$/.test(f));
    assert.ok(file, 'www/trunk-reload-<hash>.js');
    const html = read(dir, 'index.html');
    assert.match(html, new RegExp(`<script src="www/${file}"></script></body>`));
    assert.doesNotMatch(html, /<script\b[^>]*>\s*[^<\s]/, 'no inline script is left');
    const code = read(dir, 'www/' + file);
    assert.match(code, /const address = window\.location\.host;/);
    assert.match(code, /const base = '\/';/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('hash step: an inline classic script or an on…= handler fails the build', () => {
  for (const [extra, words] of [
    ['<script>console.log(1)</script>', /inline classic <script>/],
    ['<form id="setup" onsubmit="return false"></form>', /inline event handler[^]*onsubmit/],
    ['<button type="button" ONCLICK=go()>x</button>', /inline event handler/],
  ]) {
    const dir = site({ ...FILES, 'index.html': page(extra) });
    try {
      const r = run(dir);
      assert.equal(r.status, 1, extra);
      assert.match(r.stderr, words);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  // A comment may mention one.
  const dir = site({ ...FILES, 'index.html': page('<!-- not <form onsubmit="return false"> -->') });
  try {
    assert.equal(run(dir).status, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
