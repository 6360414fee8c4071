// The computer, in a Web Worker (www/worker.js) running the page's own wasm module. The worker
// posts "ready" once the module has loaded; requests wait for that, so none is lost.

let worker = null;
let ready = null;
let nextId = 1;
const pending = new Map();

export function startWorker() {
  if (ready) return ready;
  ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('worker did not start')), 20000);
    try {
      // Trunk names the module's files with a hash; its preload links in the page carry them.
      const glue = document.querySelector('link[rel=modulepreload][href*="dame-web"]')?.href;
      const wasm = document.querySelector('link[rel=preload][href$=".wasm"]')?.href;
      if (!glue || !wasm) throw new Error('wasm module links not found');
      const url = new URL('worker.js', import.meta.url);
      url.searchParams.set('glue', glue);
      url.searchParams.set('wasm', wasm);
      worker = new Worker(url, { type: 'module' });
    } catch (e) {
      clearTimeout(timer);
      reject(e);
      return;
    }
    worker.onmessage = (event) => {
      const msg = event.data;
      if (msg?.type === 'error' && msg.id === 0) {
        clearTimeout(timer);
        reject(new Error(msg.message));
        return;
      }
      if (msg === 'ready') {
        clearTimeout(timer);
        resolve();
        return;
      }
      const waiting = pending.get(msg.id);
      if (!waiting) return;
      pending.delete(msg.id);
      if (msg.type === 'error') waiting.reject(new Error(msg.message));
      else waiting.resolve(msg);
    };
    worker.onerror = (event) => {
      clearTimeout(timer);
      const error = new Error(event.message || 'worker error');
      reject(error);
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
  });
  ready.catch(() => {});
  return ready;
}

function request(message) {
  return startWorker().then(
    () =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ ...message, id });
      }),
  );
}

/// Asks for the computer's turn: { text, score, depth, nodes, ms }.
export function think({ rules, start, history, level, seed }) {
  return request({ type: 'think', rules, start, history, level, seed });
}

/// A fixed-depth search, for the speed figure: { nodes, ms }.
export function bench({ rules, fen, depth }) {
  return request({ type: 'bench', rules, fen, depth });
}

/// Drops a search that is still running (an undo or a new game while the computer thinks): the
/// worker cannot be interrupted mid-search, so it is replaced, and the next request does not
/// wait for an answer nobody wants. Requests in flight are rejected.
export function cancel() {
  if (!worker || pending.size === 0) return;
  worker.terminate();
  worker = null;
  ready = null;
  const error = new Error('cancelled');
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
  startWorker();
}

export function newGame() {
  if (worker) startWorker().then(() => worker.postMessage({ type: 'newGame' }), () => {});
}
