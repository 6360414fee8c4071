// @ts-check
// The computer, in a Web Worker (www/worker.js) running the computer's own wasm module. The worker
// posts "ready" once the module has loaded; requests wait for that, so none is lost.

/** @import { WorkerRequest } from '#types/WorkerRequest' */
/** @import { WorkerReply } from '#types/WorkerReply' */
/** @typedef {Extract<WorkerReply, { type: 'move' }>} MoveReply */
/** @typedef {Extract<WorkerReply, { type: 'bench' }>} BenchReply */
/** @typedef {Extract<WorkerReply, { type: 'evaluation' }>} EvaluationReply */
/** @typedef {{ resolve: (reply: WorkerReply) => void, reject: (error: Error) => void }} Waiting */

/** @type {Worker | null} */
let worker = null;
/** @type {Promise<Worker> | null} */
let ready = null;
let nextId = 1;
/** @type {Map<number, Waiting>} */
const pending = new Map();

/** The smallest module with a WebAssembly SIMD instruction (i8x16.splat, then i8x16.popcnt):
 * a browser that validates it runs the worker built with SIMD (scripts/simd-worker.sh). */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

/** Whether this browser runs WebAssembly SIMD. */
function hasSimd() {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/** Starts the worker (once); resolves when it has loaded the wasm module.
 * @returns {Promise<Worker>} */
export function startWorker() {
  if (ready) return ready;
  ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('worker did not start')), 20000);
    /** @type {Worker} */
    let started;
    try {
      // The computer's own wasm module (the engine), fetched now, after the first paint: built
      // with SIMD where the browser has it, plain otherwise. The build gives the files a content
      // hash and writes the names in here.
      const [glue, wasm] = hasSimd()
        ? [new URL('dame-worker-simd.js', import.meta.url), new URL('dame-worker-simd_bg.wasm', import.meta.url)]
        : [new URL('dame-worker.js', import.meta.url), new URL('dame-worker_bg.wasm', import.meta.url)];
      const url = new URL('worker.js', import.meta.url);
      url.searchParams.set('glue', glue.href);
      url.searchParams.set('wasm', wasm.href);
      started = worker = new Worker(url, { type: 'module' });
    } catch (e) {
      clearTimeout(timer);
      reject(e);
      return;
    }
    started.onmessage = (event) => {
      /** @type {WorkerReply | 'ready'} */
      const msg = event.data;
      if (msg === 'ready') {
        clearTimeout(timer);
        resolve(started);
        return;
      }
      if (msg.type === 'error' && msg.id === 0) {
        clearTimeout(timer);
        reject(new Error(msg.message));
        return;
      }
      const waiting = pending.get(msg.id);
      if (!waiting) return;
      pending.delete(msg.id);
      if (msg.type === 'error') waiting.reject(new Error(msg.message));
      else waiting.resolve(msg);
    };
    started.onerror = (event) => {
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

/** Sends a request and resolves with the reply of the expected type.
 * @template {WorkerReply['type']} K
 * @param {WorkerRequest} message (its id is set here) @param {K} expect
 * @returns {Promise<Extract<WorkerReply, { type: K }>>} */
function request(message, expect) {
  return startWorker().then(
    (started) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, {
          resolve: (reply) => (reply.type === expect
            ? resolve(/** @type {Extract<WorkerReply, { type: K }>} */ (reply))
            : reject(new Error(`unexpected answer '${reply.type}' from the worker`))),
          reject,
        });
        started.postMessage({ ...message, id });
      }),
  );
}

/** Asks for the computer's turn (the worker chooses its own seed): { text, score, depth, nodes, ms }.
 * @param {{ rules: string, start: string, history: string[], level: number }} what
 * @returns {Promise<MoveReply>} */
export function think({ rules, start, history, level }) {
  return request({ type: 'think', id: 0, rules, start, history, level }, 'move');
}

/** A fixed-depth search, for the speed figure: { nodes, ms }.
 * @param {{ rules: string, fen: string, depth: number }} what
 * @returns {Promise<BenchReply>} */
export function bench({ rules, fen, depth }) {
  return request({ type: 'bench', id: 0, rules, fen, depth }, 'bench');
}

/** Searches the position after `history` to `depth` with a cleared engine, as `dame analyse`
 * does: { eval: { score, shallower, best, pv, legal, depth }, nodes, ms, fullStrength }. Scores
 * are the side to move's; turns in the internal notation.
 * @param {{ rules: string, start: string, history: string[], depth: number }} what
 * @returns {Promise<EvaluationReply>} */
export function evaluate({ rules, start, history, depth }) {
  return request({ type: 'evaluate', id: 0, rules, start, history, depth }, 'evaluation');
}

/** Whether a request is in flight (the computer thinking, an analysis searching). */
export function busy() {
  return pending.size > 0;
}

/** Drops a search that is still running (an undo or a new game while the computer thinks): the
 * worker cannot be interrupted mid-search, so it is replaced, and the next request does not
 * wait for an answer nobody wants. Requests in flight are rejected. */
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

/** Tells the worker a new game starts (it forgets what it learnt). */
export function newGame() {
  if (worker) startWorker().then((started) => started.postMessage({ type: 'newGame' }), () => {});
}
