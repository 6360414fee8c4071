// @ts-check
// The computer's Web Worker (a module worker). It loads the computer's own wasm module, the one
// with the engine (the URLs of its JS glue and its .wasm come in the query string, from
// www/engine.js), posts "ready", then answers each request with the module's workerAnswer: the
// search runs here, never on the page's thread. Type-checked with the webworker library (tsconfig.worker.json).

/** @import { Glue } from '#types/bindings' */
/** @import { WorkerRequest } from '#types/WorkerRequest' */

const params = new URL(self.location.href).searchParams;
/** @type {WorkerRequest[]} */
const pending = [];
/** @type {Glue['workerAnswer'] | null} */
let answer = null;

/** @param {Glue['workerAnswer']} answer @param {WorkerRequest} request */
function reply(answer, request) {
  try {
    const out = answer(request);
    if (out !== undefined) self.postMessage(out);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    self.postMessage({ type: 'error', id: request && 'id' in request ? request.id : 0, message });
  }
}

/// The learned evaluation (data/learned/: tables per rule family, most presets' networks), fetched
/// once the worker answers: they are not part of the page's first load. The service worker
/// caches them with the rest for offline play. Until a file is in, its rules play with what
/// is there (the hand evaluation, or the tables without the network); a file that fails to
/// load or is refused changes nothing.
const TABLES = [
  new URL('learned/english-net.bin', import.meta.url),
  new URL('learned/standard-net.bin', import.meta.url),
  new URL('learned/russian-net.bin', import.meta.url),
  new URL('learned/blasen-net.bin', import.meta.url),
  new URL('learned/short-kings.bin', import.meta.url),
  new URL('learned/huffing.bin', import.meta.url),
  new URL('learned/flying-kings.bin', import.meta.url),
];

/** @param {Glue} glue */
function loadTables(glue) {
  for (const url of TABLES) {
    fetch(url)
      .then((res) => (res.ok ? res.arrayBuffer() : Promise.reject(new Error(`${res.status}`))))
      .then((bytes) => glue.workerLoadTables(new Uint8Array(bytes)))
      .catch((e) => console.warn(`learned tables ${url.pathname}:`, e instanceof Error ? e.message : e));
  }
}

self.onmessage = (event) => (answer ? reply(answer, event.data) : pending.push(event.data));

try {
  /** @type {Glue} */
  const glue = await import(params.get('glue') ?? '');
  await glue.default({ module_or_path: params.get('wasm') ?? '' });
  answer = glue.workerAnswer;
  self.postMessage('ready');
  for (const request of pending.splice(0)) reply(answer, request);
  loadTables(glue);
} catch (e) {
  self.postMessage({ type: 'error', id: 0, message: 'worker: ' + (e instanceof Error ? e.message : String(e)) });
}
