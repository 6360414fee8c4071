// The service worker that makes the page work offline. Trunk copies it to the site's root
// (index.html: rel="copy-file"), so that its scope is the whole page. Every file of the site
// other than the page and this script has a content hash in its name (Trunk's wasm module, and
// www/ through scripts/hash-assets.mjs), so a name always means the same bytes:
//   - the page (a navigation): the network first, so that a new deploy is used on the next load;
//     the cached copy when offline;
//   - every other file: the cache first, the network (then cached) when it is not there yet;
//   - a page fetched from the network is cached with every file it references, directly or
//     through its modules (the computer's worker script and the wasm included) or its web app
//     manifest (the icons, so that an installed game keeps them offline): the page goes in
//     only after all of them are in, and files that it no longer references are dropped.
// Only GETs to this origin are handled; everything else goes to the network as usual.

const CACHE = 'dame-v2';

const scope = new URL(self.registration.scope);
const shellUrl = new URL('./', scope).href;
const isShell = (url) => url.pathname === scope.pathname || url.pathname === scope.pathname + 'index.html';
/// Cache key: the path without the query string (the worker's URL carries the module's in it).
const key = (url) => url.origin + url.pathname;

/// Same-origin URLs a text names: in the page, src/href attributes and quoted .js/.wasm/.css
/// paths (Trunk's inline loader); in a module or style sheet, what scripts/hash-assets.mjs
/// rewrites (import/export specifiers, new URL(…, import.meta.url), CSS url()); in the web app
/// manifest, its icons ("src").
function references(text, base, isPage) {
  const pattern = isPage
    ? /(?:href|src)\s*=\s*["']([^"']+)["']|'([^'\s]+\.(?:js|wasm|css))'/g
    : /\.webmanifest$/.test(base)
      ? /"src"\s*:\s*"()([^"\\]+)"/g
      : /\b(?:from|import)\s*\(?\s*(['"])(\.{0,2}\/[^'"\n]+)\1|\bnew\s+URL\s*\(\s*(['"])([^'"\n]+)\3\s*,\s*import\.meta\.url|url\(\s*(['"]?)([^'")\s]+)\5\s*\)/g;
  const out = [];
  for (const m of text.matchAll(pattern)) {
    const raw = m[1] && isPage ? m[1] : (m[2] ?? m[4] ?? m[6]);
    if (!raw || raw.startsWith('data:')) continue;
    const url = new URL(raw, base);
    if (url.origin === scope.origin && url.href !== self.location.href && !isShell(url)) out.push(key(url));
  }
  return out;
}

/// Caches a page fetched from the network and everything it references (what is missing is
/// fetched), then drops what it does not reference. The page goes in last, so a cached page always
/// finds its files.
async function cacheShell(response) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  const keep = new Set([shellUrl]);
  // A file the page names must be there. One found in code may be a default never used (the
  // wasm-bindgen glue names its .wasm as it was before Trunk hashed it): skipped when missing.
  const load = async (url, required) => {
    if (keep.has(url)) return;
    keep.add(url);
    let res = await cache.match(url);
    if (!res) {
      res = await fetch(url);
      if (!res.ok && !required && res.status === 404) return keep.delete(url);
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      await cache.put(url, res.clone());
    }
    // What a module, a style sheet or the manifest names (the manifest's icons must be there).
    if (/\.(m?js|css|webmanifest)$/.test(url)) {
      const required = url.endsWith('.webmanifest');
      await Promise.all(references(await res.text(), url, false).map((u) => load(u, required)));
    }
  };
  await Promise.all(references(html, shellUrl, true).map((u) => load(u, true)));
  await cache.put(shellUrl, response);
  for (const request of await cache.keys()) if (!keep.has(request.url)) await cache.delete(request);
}

/// The page from the network, never from the HTTP cache (a conditional request could be answered
/// "not modified" for a page rewritten within the same second).
const fetchPage = (url) => fetch(url, { cache: 'no-store', credentials: 'same-origin' });

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const res = await fetchPage(shellUrl);
    if (!res.ok) throw new Error(`${shellUrl}: ${res.status}`);
    await cacheShell(res);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== scope.origin) return;
  if (isShell(url)) {
    if (request.mode !== 'navigate') return;
    // Any query string: the game reads it in the browser.
    const network = fetchPage(request.url);
    event.waitUntil(network.then((res) => {
      if (!res.ok || !res.headers.get('content-type')?.includes('text/html')) return;
      return cacheShell(res.clone()).catch((e) => console.warn('service worker: page not cached:', e));
    }, () => {})); // offline: answered from the cache below
    event.respondWith(network.catch(async (e) => (await caches.match(shellUrl, { cacheName: CACHE })) ?? Promise.reject(e)));
  } else {
    event.respondWith(cacheFirst(request, url));
  }
});

async function cacheFirst(request, url) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key(url));
  // Cached without the query string: a copy without a URL takes the request's, so the worker,
  // whose location carries the module's URLs, sees its query.
  if (hit) return hit.url === request.url ? hit : new Response(hit.body, hit);
  const res = await fetch(request);
  if (res.ok && res.type === 'basic') await cache.put(key(url), res.clone());
  return res;
}
