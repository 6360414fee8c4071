// The computer's Web Worker (a module worker). It loads the page's own wasm module (the URLs of
// its JS glue and its .wasm come in the query string, so the browser fetches it once), posts
// "ready", then answers each request with the module's workerAnswer: the search runs here, never
// on the page's thread.

const params = new URL(self.location.href).searchParams;
const pending = [];
let answer = null;

function reply(request) {
  try {
    const out = answer(request);
    if (out !== undefined) self.postMessage(out);
  } catch (e) {
    self.postMessage({ type: 'error', id: request?.id ?? 0, message: String(e?.message ?? e) });
  }
}

self.onmessage = (event) => (answer ? reply(event.data) : pending.push(event.data));

try {
  const glue = await import(params.get('glue'));
  await glue.default({ module_or_path: params.get('wasm') });
  answer = glue.workerAnswer;
  self.postMessage('ready');
  for (const request of pending.splice(0)) reply(request);
} catch (e) {
  self.postMessage({ type: 'error', id: 0, message: 'worker: ' + String(e?.message ?? e) });
}
