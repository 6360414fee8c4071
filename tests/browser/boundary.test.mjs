// The wasm boundary never traps: every export of the module and every WebGame method, called from
// the page with values of the wrong kind (numbers, strings, {}, null, undefined, arrays, NaN,
// 1e20, -1, 278, a 200 KB string, …), either works or throws an Error with a message, never a
// WebAssembly.RuntimeError; a freed handle and a call from inside a call are refused the same
// way; and afterwards the game still plays. Run with `node --test tests/browser/` after
// `trunk build --release`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, fen, drag, idle, play, withBrowser, q } from './helpers.mjs';

const env = withBrowser();

/// In the page: the wrong values, and `attempt`, which records what a call did. Defined as
/// source text, evaluated in the page before each test's own code.
const HARNESS = `
  const b = window.wasmBindings;
  const values = {
    'undefined': undefined, 'null': null, 'true': true, '0': 0, '-0': -0, '-1': -1,
    '278': 278, '22.5': 22.5, 'NaN': NaN, '1e20': 1e20, 'Infinity': Infinity,
    'empty string': '', "'22'": '22', "'english'": 'english', '200 KB string': 'x'.repeat(200000),
    '{}': {}, '[]': [], '[22, 278]': [22, 278], "['22']": ['22'], '[22.5]': [22.5], '[null]': [null],
    'sparse [, 22]': [, 22], 'long array': new Array(100000).fill(22), 'Uint8Array [22]': new Uint8Array([22]),
    '{ length: 1e9 }': { length: 1e9 }, 'String object': new String('english'),
    '{ valueOf: 22 }': { valueOf: () => 22 }, 'function': () => 22, 'symbol': Symbol('22'),
    'bigint': 22n, 'Date': new Date(0), 'Error': new Error('22'),
  };
  const results = [];
  const attempt = (label, call) => {
    try {
      call();
      results.push({ label, ok: true });
    } catch (e) {
      results.push({
        label, ok: false,
        isError: e instanceof Error,
        runtime: e instanceof WebAssembly.RuntimeError,
        message: String(e && e.message),
      });
    }
  };
`;

/// Runs `body` (source text using the harness) in the page and returns its `results`.
async function run(page, body) {
  return page.evaluate(`(() => { ${HARNESS} ${body}; return results; })()`);
}

/// Every call either worked or threw a plain Error with a message.
function assertNoTrap(results) {
  assert.ok(results.length > 0);
  const bad = results.filter((r) => !r.ok && (!r.isError || r.runtime || !r.message || /memory access|unreachable|out of bounds/i.test(r.message)));
  assert.deepEqual(bad, [], `calls that trapped or threw something else:\n${bad.map((r) => `${r.label}: ${r.message}`).join('\n')}`);
}

/// The page's own game, after the abuse: a move with the mouse is still played.
async function stillPlays(page) {
  await drag(page, 22, 18);
  await idle(page);
  assert.match(await fen(page), /^B:W18,/);
}

test('every export and every WebGame method, given values of the wrong kind, works or throws an Error', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(page);
  const results = await run(page, `
    const game = window.dame.state.game; // the page's own game
    for (const [name, v] of Object.entries(values)) {
      attempt('presets(' + name + ')', () => b.presets(v));
      attempt('levels(' + name + ')', () => b.levels(v));
      attempt('checkLevel(' + name + ')', () => b.checkLevel(v));
      attempt('checkRules(' + name + ')', () => b.checkRules(v));
      attempt('workerAnswer(' + name + ')', () => b.workerAnswer(v));
      attempt('workerLoadTables(' + name + ')', () => b.workerLoadTables(v));
      attempt('workerAnswer({ type: think, level: ' + name + ' })', () => b.workerAnswer({ type: 'think', id: 1, rules: 'english', start: 'W:W21-32:B1-12', history: [], level: v }));
      attempt('workerAnswer({ type: think, history: ' + name + ' })', () => b.workerAnswer({ type: 'think', id: 1, rules: 'english', start: 'W:W21-32:B1-12', history: v, level: 1 }));
      attempt('workerAnswer({ type: bench, depth: ' + name + ' })', () => b.workerAnswer({ type: 'bench', id: 1, rules: 'english', fen: 'W:W21-32:B1-12', depth: v }));
      attempt('new WebGame(' + name + ')', () => new b.WebGame(v).free());
      attempt('new WebGame(english, ' + name + ')', () => new b.WebGame('english', v).free());
      attempt('WebGame.fromRecord(' + name + ')', () => b.WebGame.fromRecord(v).free());
      for (const field of ['version', 'rules', 'start', 'history', 'hints']) {
        const record = { version: 1, rules: 'english', start: 'W:W21-32:B1-12', history: ['22-18'] };
        record[field] = v;
        attempt('WebGame.fromRecord({ ' + field + ': ' + name + ' })', () => b.WebGame.fromRecord(record).free());
      }
      for (const method of ['fen', 'rules', 'startFen', 'history', 'side', 'isOver', 'view', 'cancelHuff', 'canRedo', 'record', 'pdnTags', 'countHint']) {
        attempt(method + '(' + name + ')', () => game[method](v));
      }
      attempt('viewAt(' + name + ')', () => game.viewAt(v));
      attempt('grab(' + name + ')', () => game.grab(v));
      attempt('huff(' + name + ')', () => game.huff(v));
      attempt('playText(' + name + ')', () => game.playText(v));
      attempt('playTyped(' + name + ')', () => game.playTyped(v));
      attempt('explain(' + name + ')', () => game.explain(v));
      attempt('resign(' + name + ')', () => game.resign(v));
      attempt('truncate(' + name + ')', () => game.truncate(v));
      // PDN: export (names and tags) and import (text and default rules).
      attempt('pdn(' + name + ', B)', () => game.pdn(v, 'B'));
      attempt('pdn(R, ' + name + ')', () => game.pdn('R', v));
      attempt('pdn(R, B, ' + name + ')', () => game.pdn('R', 'B', v));
      attempt('pdn(R, B, { Event: ' + name + ' })', () => game.pdn('R', 'B', { Event: v }));
      attempt('WebGame.fromPdn(' + name + ', english)', () => b.WebGame.fromPdn(v, 'english').free());
      attempt('WebGame.fromPdn(1. 11-15 *, ' + name + ')', () => b.WebGame.fromPdn('1. 11-15 *', v).free());
      // Routes to 13 (no piece gets there) or from 9 (Black's piece, Red to move): refused
      // whatever the rest says, never played.
      attempt('route(' + name + ', [], 13, false)', () => game.route(v, [], 13, false));
      attempt('route([9], ' + name + ', 13, false)', () => game.route([9], v, 13, false));
      attempt('route([9], [], ' + name + ', false)', () => game.route([9], [], v, false));
      attempt('route([9], [], 13, ' + name + ')', () => game.route([9], [], 13, v));
      // Undo and redo at the start: nothing to do.
      attempt('undo(' + name + ')', () => game.undo(v));
      attempt('redo(' + name + ')', () => game.redo(v));
    }
  `);
  assertNoTrap(results);
  const byLabel = Object.fromEntries(results.map((r) => [r.label, r]));
  // Out of range is refused, not wrapped (278 would be square 22 as a byte).
  assert.match(byLabel['grab(278)'].message, /grab: the square must be a whole number 1–32, not the number 278/);
  assert.match(byLabel['grab(22.5)'].message, /whole number/);
  assert.match(byLabel['grab(NaN)'].message, /NaN/);
  assert.match(byLabel['checkLevel(1e20)'].message, /1–5/);
  assert.match(byLabel['playText(200 KB string)'].message, /too long: 200000 characters/);
  assert.match(byLabel['playTyped(200 KB string)'].message, /playTyped: the turn is too long/);
  assert.match(byLabel['playTyped(null)'].message, /playTyped: the turn must be a string, not null/);
  assert.match(byLabel["playTyped('22')"].message, /cannot read turn '22'/);
  assert.match(byLabel['explain(278)'].message, /explain: the ply must be a whole number 0–0/);
  assert.ok(byLabel['explain(0)'].ok);
  assert.match(byLabel["WebGame.fromRecord({ hints: '22' })"].message, /fromRecord: hints must be a whole number/);
  assert.ok(byLabel['WebGame.fromRecord({ hints: undefined })'].ok, 'a record without hints is read');
  assert.match(byLabel['checkRules(null)'].message, /must be a string, not null/);
  assert.match(byLabel['new WebGame({})'].message, /must be a string, not an object/);
  assert.match(byLabel['route([9], [], 13, long array)'].message, /stop must be true or false/);
  assert.match(byLabel['route(long array, [], 13, false)'].message, /too long/);
  assert.match(byLabel['WebGame.fromRecord({ version: 278 })'].message, /unknown record version/);
  assert.match(byLabel['WebGame.fromPdn(null, english)'].message, /fromPdn: the text must be a string, not null/);
  assert.match(byLabel['WebGame.fromPdn(200 KB string, english)'].message, /^game 1: move 1 'x+…' \(line 1\): cannot read it/);
  assert.ok(byLabel['WebGame.fromPdn(200 KB string, english)'].message.length < 1000, 'a long move is cut short in the message');
  assert.match(byLabel['WebGame.fromPdn(1. 11-15 *, 278)'].message, /fromPdn: the default rules must be a string/);
  assert.match(byLabel['pdn(R, B, [])'].message, /pdn: the tags must be an object, not an array/);
  assert.match(byLabel['pdn(R, B, { Event: 278 })'].message, /pdn: the tags: Event must be a string, not the number 278/);
  assert.ok(byLabel['pdn(R, B, undefined)'].ok);
  assert.ok(byLabel["pdn('22', B)"].ok);
  // The values that are right work: no FEN means the start; 0 plies is the start.
  assert.ok(byLabel['new WebGame(english, undefined)'].ok);
  assert.ok(byLabel['new WebGame(english, null)'].ok);
  assert.ok(byLabel['viewAt(0)'].ok);
  assert.ok(byLabel['checkRules(\'english\')'].ok);
  // Nothing was played, and the page's game still plays with the mouse.
  assert.equal(await fen(page), 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
  const after = await page.evaluate(() => {
    const g = window.dame.state.game;
    return { history: g.history(), paths: g.grab(22).paths.length, over: g.isOver() };
  });
  assert.deepEqual(after, { history: [], paths: 2, over: false }); // 22-17, 22-18
  await stillPlays(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a freed handle and a call from inside a call throw an Error; the game goes on', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  await play(page);
  const results = await run(page, `
    const freed = new b.WebGame('english');
    freed.free();
    attempt('free() twice', () => freed.free());
    for (const method of ['fen', 'rules', 'startFen', 'history', 'side', 'isOver', 'view', 'cancelHuff', 'canRedo', 'record', 'undo', 'redo', 'pdnTags', 'countHint']) {
      attempt('freed.' + method + '()', () => freed[method]());
    }
    attempt('freed.viewAt(0)', () => freed.viewAt(0));
    attempt('freed.grab(22)', () => freed.grab(22));
    attempt('freed.route([22], [], 18, false)', () => freed.route([22], [], 18, false));
    attempt('freed.huff(22)', () => freed.huff(22));
    attempt('freed.playText(22-18)', () => freed.playText('22-18'));
    attempt('freed.playTyped(11-15)', () => freed.playTyped('11-15'));
    attempt('freed.explain(0)', () => freed.explain(0));
    attempt('freed.resign(red)', () => freed.resign('red'));
    attempt('freed.truncate(0)', () => freed.truncate(0));
    attempt('freed.pdn(R, B)', () => freed.pdn('R', 'B'));
    attempt('a method on another object', () => b.WebGame.prototype.grab.call({}, 22));

    // Calls from inside a call: a getter of an argument calls back into the same game.
    const game = new b.WebGame('english');
    const inner = [];
    const calling = (f) => { const a = []; Object.defineProperty(a, 0, { get() { try { f(); inner.push('ran'); } catch (e) { inner.push(e instanceof WebAssembly.RuntimeError ? 'TRAP' : e instanceof Error ? 'error' : 'other'); } return 22; } }); return a; };
    attempt('route with a getter calling grab', () => game.route(calling(() => game.grab(22)), [], 18, false));
    attempt('route with a getter calling route', () => game.route(calling(() => game.route([22], [], 18, false)), [], 17, false));
    attempt('route with a getter calling free', () => game.route(calling(() => game.free()), [], 17, false));
    // A getter that throws: refused with a message, the game not left borrowed.
    const second = new b.WebGame('english');
    const throwing = []; Object.defineProperty(throwing, 0, { get() { throw new Error('boom'); } });
    attempt('route with a throwing getter', () => second.route(throwing, [], 18, false));
    attempt('fromRecord with a throwing getter', () => b.WebGame.fromRecord({ version: 1, rules: 'english', start: 'W:W21-32:B1-12', get history() { throw new Error('boom'); } }));
    attempt('workerAnswer with a throwing getter', () => b.workerAnswer({ get type() { throw new Error('boom'); } }));
    attempt('pdn with a throwing tag getter', () => second.pdn('R', 'B', { get Event() { throw new Error('boom'); } }));
    const third = new b.WebGame('english');
    attempt('pdn with a tag getter calling route and free', () => third.pdn('R', 'B', { get Event() {
      for (const f of [() => third.route([22], [], 18, false), () => third.free()]) {
        try { f(); inner.push('ran'); } catch (e) { inner.push(e instanceof WebAssembly.RuntimeError ? 'TRAP' : e instanceof Error ? 'error' : 'other'); }
      }
      return 'x';
    } }));
    attempt('pdn with a Proxy whose keys throw', () => second.pdn('R', 'B', new Proxy({}, { ownKeys() { throw new Error('boom'); } })));
    attempt('fromRecord inside fromRecord', () => b.WebGame.fromRecord({ version: 1, rules: 'english', start: 'W:W21-32:B1-12', get history() { b.WebGame.fromRecord({ version: 1, rules: 'english', start: 'W:W21-32:B1-12', history: [] }).free(); return ['22-18']; } }).free());
    results.push({ label: 'inner calls', ok: !inner.includes('TRAP') && !inner.includes('other'), isError: true, message: inner.join(' ') });
    attempt('second game still plays', () => { if (second.route([22], [], 18, false).status !== 'played') throw new Error('not played'); });
    attempt('a new game plays', () => { const g = new b.WebGame('english'); if (g.route([22], [], 18, false).status !== 'played') throw new Error('not played'); g.free(); });
  `);
  assertNoTrap(results);
  const byLabel = Object.fromEntries(results.map((r) => [r.label, r]));
  for (const r of results.filter((r) => r.label.startsWith('freed.'))) {
    assert.ok(!r.ok && r.isError, `${r.label} throws an Error`);
  }
  assert.ok(byLabel['inner calls'].ok, byLabel['inner calls'].message);
  assert.match(byLabel['route with a throwing getter'].message, /committed\[0\] could not be read/);
  assert.match(byLabel['pdn with a throwing tag getter'].message, /pdn: the tags: its 'Event' could not be read/);
  assert.match(byLabel['pdn with a Proxy whose keys throw'].message, /pdn: the tags: their names could not be read/);
  assert.ok(byLabel['fromRecord inside fromRecord'].ok);
  assert.ok(byLabel['second game still plays'].ok, byLabel['second game still plays'].message);
  assert.ok(byLabel['a new game plays'].ok, byLabel['a new game plays'].message);
  await stillPlays(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the move list API: viewAt, undo and redo, truncate, record and fromRecord', async () => {
  const { page, errors, context } = await openGame(env, q({ rules: 'english', opponent: 'human' }));
  const seen = await page.evaluate(() => {
    const b = window.wasmBindings;
    const g = new b.WebGame('english');
    for (const t of ['22-18', '12-16', '24-20']) g.playText(t);
    const out = {};
    out.start = g.viewAt(0).fen;
    out.one = g.viewAt(1).history;
    out.undo = [g.undo(), g.undo(), g.canRedo(), g.redo(), g.history().length];
    const record = g.record();
    out.record = record;
    const resumed = b.WebGame.fromRecord(JSON.parse(JSON.stringify(record)));
    out.resumed = resumed.history();
    g.truncate(1);
    out.truncated = [g.history(), g.canRedo()];
    try { b.WebGame.fromRecord({ ...record, history: ['22-18', '22-18'] }); } catch (e) { out.illegal = e.message; }
    try { b.WebGame.fromRecord({ ...record, version: 2 }); } catch (e) { out.version = e.message; }
    g.free();
    resumed.free();
    return out;
  });
  assert.equal(seen.start, 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
  assert.deepEqual(seen.one, ['11-15'], 'the view in ACF; history() and records stay internal');
  assert.deepEqual(seen.undo, [true, true, true, true, 2]);
  assert.deepEqual(seen.record, { version: 1, rules: 'english', start: 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', history: ['22-18', '12-16'], hints: 0 });
  assert.deepEqual(seen.resumed, ['22-18', '12-16']);
  assert.deepEqual(seen.truncated, [['22-18'], false]);
  assert.match(seen.illegal, /history\[1\] '22-18'/);
  assert.match(seen.version, /unknown record version/);
  assert.deepEqual(errors, []);
  await context.close();
});
