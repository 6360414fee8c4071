#!/usr/bin/env node
// Content-hashes the page's own files, so that a page never runs with scripts of another deploy.
// Trunk runs it after each build (Trunk.toml, post_build hook) on its staging directory
// (TRUNK_STAGING_DIR); `node scripts/hash-assets.mjs <dir>` runs it on a built site by hand.
//
//   - Starting from index.html's <script src> and <link href> with a relative URL, it follows
//     every reference between the files of www/: import/export specifiers ('./state.js'), dynamic
//     import('./x.js'), `new URL('worker.js', import.meta.url)`, and url()/@import in CSS.
//   - It renames each of those files to <name>-<hash>.<ext> (16 hex digits of SHA-256 over its
//     content) and rewrites the references to it. Files are hashed in dependency order, each
//     after its own references were rewritten, so a change in a module changes the name of every
//     module that imports it, up to the entry. (Modules that import each other in a cycle share
//     one hash over all of them.)
//   - index.html gets a <link rel="modulepreload"> for every module in the entry modules' static
//     import graph (the source page lists only its entry module and its style sheet).
//   - References to files outside www/ (the service worker sw.js at the root, Trunk's own hashed
//     wasm module) are checked but left as they are.
//   - A referenced file that does not exist fails the build (exit status 1).
//   - The web app manifest (<link rel="manifest">, a .webmanifest file in www/) is hashed too, after
//     its icons ("src" in it, relative to it): it ships as compact JSON; one that is not JSON fails.
//   - Data files referenced the same way (the learned evaluation tables that the computer's
//     worker fetches after the first paint, www/learned/*.bin, copied there from data/learned/
//     by Trunk) are hashed as bytes.
//   - No inline script is left (the page's Content-Security-Policy allows none): Trunk's inline
//     loader module becomes www/trunk-loader.js, `trunk serve`'s live-reload script
//     www/trunk-reload.js, both hashed like the rest; any other inline script or an on…= handler
//     attribute fails the build.
//   - JS modules lose their comments first (the JSDoc types are for `tsc`, not for the player's
//     download), reprinted by TypeScript's own parser (npm typescript, installed with the other
//     build tools); without it they are shipped as they are.
// Running it again on its own output changes nothing; after a file changed, it renames what
// depends on it (the browser tests use that to make a new deploy).
// Plain Node; TypeScript (optional) to drop comments.

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** TypeScript's compiler API, if installed (node_modules beside this script's project). */
const ts = (() => {
  try {
    return createRequire(import.meta.url)('typescript');
  } catch {
    console.warn('hash-assets: typescript is not installed: modules keep their comments');
    return null;
  }
})();

/// A module's text without comments. TypeScript parses it and prints it again: a JS module
/// comes back as the same code (nothing is transformed at target ESNext), minus its comments.
function withoutComments(file, text) {
  if (!ts) return text;
  const { outputText, diagnostics } = ts.transpileModule(text, {
    fileName: path.basename(file),
    reportDiagnostics: true,
    compilerOptions: {
      allowJs: true,
      target: ts.ScriptTarget.ESNext,
      module: ts.ModuleKind.ESNext,
      removeComments: true,
      verbatimModuleSyntax: true,
      newLine: ts.NewLineKind.LineFeed,
    },
  });
  if (diagnostics?.length) fail(`${rel(file)}: ${ts.flattenDiagnosticMessageText(diagnostics[0].messageText, ' ')}`);
  return outputText;
}

const HASHED_DIR = 'www'; // the directory (relative to the site) whose files are hashed
const HASH = /-[0-9a-f]{16}(?=\.[^./]+$)/; // a hash already in a file name (a second run)

/// Stops the build: Trunk reports the hook's non-zero exit status and fails.
function fail(message) {
  console.error(`hash-assets: error: ${message}`);
  process.exit(1);
}

const site = path.resolve(process.argv[2] ?? process.env.TRUNK_STAGING_DIR ?? fail('usage: hash-assets.mjs <site dir> (or TRUNK_STAGING_DIR)'));
const hashedRoot = path.join(site, HASHED_DIR) + path.sep;
const rel = (file) => path.relative(site, file).split(path.sep).join('/');

// Absolute paths on the site start with Trunk's public URL (Trunk's own links use it).
const publicUrl = (process.env.TRUNK_PUBLIC_URL || '/').replace(/\/?$/, '/');

/// The file a URL in a file of the site names (relative, or absolute under the public URL), or
/// null for other URLs (data:, http:, //host, another path).
function localTarget(from, spec) {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(spec) || spec === '') return null;
  const clean = spec.replace(/[?#].*$/, '');
  if (clean.startsWith('/') && !clean.startsWith(publicUrl)) return null;
  const file = clean.startsWith('/') ? path.join(site, clean.slice(publicUrl.length)) : path.resolve(path.dirname(from), clean);
  if (!file.startsWith(site + path.sep)) fail(`${rel(from)}: '${spec}' points outside the site`);
  if (!existsSync(file) || !statSync(file).isFile()) fail(`${rel(from)}: '${spec}' names a missing file (${rel(file)})`);
  return file;
}

/// The references in a JS module, a style sheet or a web app manifest: { start, end, spec, kind }
/// with the offsets of the URL inside the text. kind: 'static' (import/export … from, import '…'),
/// 'lazy' (import(), new URL(…, import.meta.url)), 'css' or 'manifest' (an image it names).
function references(file, text) {
  const out = [];
  const add = (m, spec, kind) => {
    const start = m.index + m[0].indexOf(spec, m[0].search(/['"(]/));
    out.push({ start, end: start + spec.length, spec, kind });
  };
  if (/\.m?js$/.test(file)) {
    // Specifiers that are not relative ('./', '../', '/') are bare names: left alone.
    for (const m of text.matchAll(/\b(from|import)(\s*\(\s*|\s*)(['"])([^'"\n]+)\3/g)) {
      const dynamic = m[1] === 'import' && m[2].includes('(');
      if (/^\.{0,2}\//.test(m[4])) add(m, m[4], dynamic ? 'lazy' : 'static');
    }
    for (const m of text.matchAll(/\bnew\s+URL\s*\(\s*(['"])([^'"\n]+)\1\s*,\s*import\.meta\.url\s*\)/g)) add(m, m[2], 'lazy');
  } else if (/\.css$/.test(file)) {
    for (const m of text.matchAll(/url\(\s*(['"]?)([^'")\s]+)\1\s*\)|@import\s+(['"])([^'"]+)\3/g)) add(m, m[2] ?? m[4], 'css');
  } else if (/\.webmanifest$/.test(file)) {
    // The web app manifest's images (icons, screenshots, shortcuts' icons), relative to it.
    for (const m of text.matchAll(/"src"\s*:\s*"([^"\\]+)"/g)) add(m, m[1], 'manifest');
  }
  return out.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------- the page and its files
const indexFile = path.join(site, 'index.html');
if (!existsSync(indexFile)) fail(`no index.html in ${site}`);
let html = readFileSync(indexFile, 'utf8');

// The page runs under a Content-Security-Policy without 'unsafe-inline': no script may be inline.
// Trunk writes its loader (import the wasm-bindgen glue, init the wasm, set window.wasmBindings,
// dispatch TrunkApplicationStarted) inline as <script type="module">…</script>: it becomes the
// module www/trunk-loader.js, hashed below like the rest, in the same place in the page (module
// scripts run in document order, so it still runs before www/main.js).
// The live-reload script that `trunk serve` adds (never `trunk build`) becomes the classic script
// www/trunk-reload.js, with the two values the server fills in only in HTML set here: the host
// (the page's own) and the path (the public URL). Any other inline script or on…= handler fails
// the build.
let loaders = 0;
/** Writes an inline script's text to www/<name>.js; its new tag. */
const external = (name, attrs, text) => {
  const file = path.join(hashedRoot, name + '.js');
  if (existsSync(file)) fail(`index.html: an inline script, and ${rel(file)} exists already`);
  mkdirSync(hashedRoot, { recursive: true });
  writeFileSync(file, text.replace(/^\s*\n/, '').replace(/\s*$/, '\n'));
  return `<script${attrs} src="${HASHED_DIR}/${name}.js"></script>`;
};
html = html.replace(/<script\b([^>]*)>([^]*?)<\/script\s*>/gi, (tag, attrs, body) => {
  if (/\bsrc\s*=/i.test(attrs) || body.trim() === '') return tag;
  if (body.includes('{{__TRUNK_ADDRESS__}}')) {
    const text = body.replaceAll("'{{__TRUNK_ADDRESS__}}'", 'window.location.host').replaceAll('{{__TRUNK_WS_BASE__}}', publicUrl);
    return external('trunk-reload', attrs, text);
  }
  if (!/\btype\s*=\s*["']?module["']?/i.test(attrs)) fail('index.html: an inline classic <script> (the Content-Security-Policy forbids inline scripts): move it into a file');
  return external(`trunk-loader${loaders++ ? '-' + loaders : ''}`, attrs, body);
});
{
  // Inline event handlers (on…= attributes in a tag, comments aside) would be blocked as well.
  const handler = html.replace(/<!--[^]*?-->/g, '').match(/<[a-z][^>]*?\son[a-z]+\s*=[^>]*>/i);
  if (handler) fail(`index.html: an inline event handler (the Content-Security-Policy forbids them): ${handler[0]}`);
}

// The modulepreload links for www/ are generated below: drop any the page already has.
html = html.replace(/[ \t]*<link\b[^>]*\brel\s*=\s*["']?modulepreload["']?[^>]*>[ \t]*\r?\n?/gi, (tag) => {
  const href = tag.match(/\bhref\s*=\s*["']([^"']+)["']/i)?.[1];
  const file = href && localTarget(indexFile, href);
  return file && file.startsWith(hashedRoot) ? '' : tag;
});

/// index.html's <script src> and <link href> (URL offsets in `html`), and which are entry modules.
const pageRefs = [];
for (const m of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
  const tag = m[0];
  const attr = tag.match(/\b(src|href)\s*=\s*(["'])([^"']*)\2/i);
  if (!attr) continue;
  const file = localTarget(indexFile, attr[3]);
  if (!file) continue;
  const start = m.index + attr.index + attr[0].indexOf(attr[2]) + 1;
  const entry = m[1].toLowerCase() === 'script' && /\btype\s*=\s*["']?module\b/i.test(tag);
  pageRefs.push({ start, end: start + attr[3].length, spec: attr[3], file, entry, tagEnd: m.index + tag.length });
}

/// A web app manifest's text, checked and written without spaces (it is JSON: one that does not
/// parse fails the build).
function manifestText(file, raw) {
  try {
    return JSON.stringify(JSON.parse(raw));
  } catch (e) {
    fail(`${rel(file)}: not JSON: ${e.message}`);
  }
}

/// Every file of www/ reached from the page, with its text and references.
const nodes = new Map();
function visit(file) {
  if (!file.startsWith(hashedRoot) || nodes.has(file)) return;
  // Data files (the learned evaluation tables, .bin) are bytes: hashed as they are, no references.
  const raw = /\.(m?js|css|webmanifest)$/.test(file) ? readFileSync(file, 'utf8') : readFileSync(file);
  const text = /\.m?js$/.test(file) ? withoutComments(file, raw) : /\.css$/.test(file) ? raw.replace(/\/\*[^]*?\*\//g, '')
    : /\.webmanifest$/.test(file) ? manifestText(file, raw) : raw;
  const node = { file, text, refs: [] };
  nodes.set(file, node);
  for (const r of references(file, text)) {
    const target = localTarget(file, r.spec);
    if (target) node.refs.push({ ...r, target });
  }
  for (const r of node.refs) visit(r.target);
}
for (const r of pageRefs) visit(r.file);

// ---------------------------------------------------------------- hashing, dependencies first
/// Strongly connected components in reverse topological order (Tarjan): each comes after every
/// component it references.
function components() {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  let next = 0;
  const strong = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const { target: w } of nodes.get(v).refs) {
      if (!nodes.has(w)) continue;
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      out.push(scc.sort());
    }
  };
  for (const v of [...nodes.keys()].sort()) if (!index.has(v)) strong(v);
  return out;
}

/// The text with each reference's URL given the new file name from `names` (file → base name);
/// references to files not in `names` are left as they are.
function rewrite(text, refs, names) {
  if (refs.length === 0) return text; // also keeps a data file's bytes as they are
  let out = '';
  let at = 0;
  for (const r of refs) {
    const name = names.get(r.target ?? r.file);
    if (name === undefined) continue;
    const [, dirPart, , suffix] = r.spec.match(/^(.*?)([^/?#]*)([?#].*)?$/);
    out += text.slice(at, r.start) + dirPart + name + (suffix ?? '');
    at = r.end;
  }
  return out + text.slice(at);
}

const sha = (data) => createHash('sha256').update(data).digest('hex').slice(0, 16);
const plainName = (file) => path.basename(file).replace(HASH, '');
const withHash = (file, hash) => plainName(file).replace(/(\.[^./]+)?$/, (ext) => `-${hash}${ext}`);

const newName = new Map(); // file → its hashed base name
const final = new Map(); // file → its text with every reference rewritten
for (const scc of components()) {
  const cycle = scc.length > 1 || nodes.get(scc[0]).refs.some((r) => r.target === scc[0]);
  if (!cycle) {
    const node = nodes.get(scc[0]);
    final.set(node.file, rewrite(node.text, node.refs, newName));
    newName.set(node.file, withHash(node.file, sha(final.get(node.file))));
    continue;
  }
  // A cycle: one hash over all its members, with their references to each other by plain name.
  const names = new Map([...newName, ...scc.map((f) => [f, plainName(f)])]);
  const digest = createHash('sha256');
  for (const f of scc) digest.update(rel(f).replace(HASH, '') + '\0' + rewrite(nodes.get(f).text, nodes.get(f).refs, names) + '\0');
  const common = digest.digest('hex');
  for (const f of scc) newName.set(f, withHash(f, sha(common + plainName(f))));
  for (const f of scc) final.set(f, rewrite(nodes.get(f).text, nodes.get(f).refs, newName));
}

for (const file of nodes.keys()) {
  const target = path.join(path.dirname(file), newName.get(file));
  writeFileSync(file, final.get(file));
  if (target !== file) renameSync(file, target);
}

// The service worker at the site's root is not hashed (its URL must stay the same), but it is
// shipped without comments too; so is Trunk's wasm-bindgen glue, below (the page checks its
// integrity: the hash in the page is computed anew).
const serviceWorker = path.join(site, 'sw.js');
if (existsSync(serviceWorker)) writeFileSync(serviceWorker, withoutComments(serviceWorker, readFileSync(serviceWorker, 'utf8')));

// ---------------------------------------------------------------- index.html
/// Modules in the static import graph of the page's entry modules, in breadth-first order.
const entries = pageRefs.filter((r) => r.entry && nodes.has(r.file)).map((r) => r.file);
const preload = [];
const seen = new Set(entries);
for (let queue = [...entries]; queue.length;) {
  for (const r of nodes.get(queue.shift()).refs) {
    if (r.kind !== 'static' || seen.has(r.target) || !nodes.has(r.target)) continue;
    seen.add(r.target);
    preload.push(r.target);
    queue.push(r.target);
  }
}

const hrefOf = (file) => rel(path.join(path.dirname(file), newName.get(file)));
let page = rewrite(html, pageRefs, newName);
if (preload.length) {
  // After the last entry module's </script>, one link per module.
  const last = pageRefs.filter((r) => r.entry && nodes.has(r.file)).at(-1);
  const src = page.indexOf(hrefOf(last.file));
  const close = page.indexOf('</script>', src);
  if (src < 0 || close < 0) fail(`index.html: no </script> after ${hrefOf(last.file)}`);
  const at = close + '</script>'.length;
  const links = preload.map((f) => `\n  <link rel="modulepreload" href="${hrefOf(f)}">`).join('');
  page = page.slice(0, at) + links + page.slice(at);
}
// Trunk's JavaScript outside www/ (the wasm-bindgen glue, named with Trunk's own hash) carries the
// Rust doc comments of every export: shipped without them, with its integrity attribute made anew.
// The same glue always gives the same text, so its name still means the same bytes.
page = page.replace(/<link\b[^>]*>/gi, (tag) => {
  const href = tag.match(/\bhref\s*=\s*["']([^"']+\.js)["']/i)?.[1];
  const integrity = tag.match(/\bintegrity\s*=\s*["'](sha(256|384|512)-[^"']+)["']/i);
  const file = href && localTarget(indexFile, href);
  if (!file || !integrity || file.startsWith(hashedRoot) || !existsSync(file)) return tag;
  const text = withoutComments(file, readFileSync(file, 'utf8'));
  writeFileSync(file, text);
  const digest = `sha${integrity[2]}-${createHash(`sha${integrity[2]}`).update(text).digest('base64')}`;
  return tag.replace(integrity[1], digest);
});
// The page's own comments (for its maintainers) are not shipped either.
page = page.replace(/<!--[^]*?-->[ \t]*\r?\n?/g, '');
writeFileSync(indexFile, page);

console.log(`hash-assets: ${nodes.size} files of ${HASHED_DIR}/ content-hashed, ${preload.length} modules preloaded (${rel(site) || site})`);
