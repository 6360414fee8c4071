// The service worker that makes the page work offline. Trunk copies it to the site's root
// (index.html: rel="copy-file"), so that its scope is the whole page. No list of files is built
// in: Trunk hashes the wasm module's file names, so the app shell is cached at run time.
//   - install: fetches index.html and caches it with every same-origin file it references (the
//     hashed module and its .wasm, www/*.js, the style sheet) and the computer's worker script;
//   - the HTML and the un-hashed files (www/*.js, style.css): network first, so that a new deploy
//     is seen on the next load; the cached copy when offline (or when the network is very slow);
//   - files with a hash in their name never change: cache first; those of an older deploy are
//     dropped from the cache once a new index.html has been fetched.
// Only GETs to this origin are handled; everything else goes to the network as usual.

const CACHE = 'dame-v1';
const HASHED = /-[0-9a-f]{16}(_bg)?\.(js|wasm)$/;
const SLOW_MS = 3000; // a navigation answered from the cache if the network takes longer

const scope = new URL(self.registration.scope);
const shellUrl = new URL('./', scope).href;

/// Same-origin files that a copy of index.html references.
function referenced(html) {
  const out = new Set([shellUrl, new URL('www/worker.js', scope).href]);
  for (const m of html.matchAll(/(?:href|src)\s*=\s*"([^"]+)"|'([^']+\.(?:js|wasm|css))'/g)) {
    const raw = m[1] ?? m[2];
    if (raw.startsWith('data:')) continue;
    const url = new URL(raw, scope);
    if (url.origin === scope.origin) out.add(url.href);
  }
  return [...out];
}

/// Caches index.html (already fetched) and what it references (all of it fresh from the network
/// at install, only what is missing later); drops the hashed files it no longer references.
async function cacheShell(response, refresh) {
  const cache = await caches.open(CACHE);
  const urls = referenced(await response.clone().text());
  await cache.put(shellUrl, response);
  await Promise.all(urls.filter((u) => u !== shellUrl).map(async (u) => {
    const hashed = HASHED.test(new URL(u).pathname);
    if ((refresh && !hashed) || !(await cache.match(u))) await cache.add(new Request(u, { cache: 'no-cache' }));
  }));
  const keep = new Set(urls);
  for (const request of await cache.keys()) {
    if (HASHED.test(new URL(request.url).pathname) && !keep.has(request.url)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const res = await fetch(shellUrl, { cache: 'no-cache' });
    if (res.ok) await cacheShell(res, true);
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
  if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === 'navigate') {
    const network = fetch(request);
    const isShell = url.pathname === scope.pathname || url.pathname === scope.pathname + 'index.html';
    if (isShell) {
      event.waitUntil(network.then((res) => {
        if (res.ok && res.headers.get('content-type')?.includes('text/html')) return cacheShell(res.clone(), false);
      }).catch(() => {}));
    }
    event.respondWith(isShell ? navigate(network) : network);
  } else {
    event.respondWith(networkFirst(request));
  }
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

/// The page (any query string: the game reads it in the browser): from the network (which also
/// refreshes the cached shell), or from the cache when offline or after SLOW_MS.
async function navigate(network) {
  const cached = await caches.match(shellUrl);
  if (!cached) return network;
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), SLOW_MS));
  try {
    return (await Promise.race([network, timeout])) ?? cached;
  } catch {
    return cached;
  }
}

/// Un-hashed files: the network, kept in the cache under their path (the worker script carries
/// the module's URLs in its query string); the cached copy when the network fails.
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  const key = url.origin + url.pathname;
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(key, res.clone());
    return res;
  } catch (e) {
    const hit = await cache.match(key);
    if (hit) return hit;
    throw e;
  }
}
