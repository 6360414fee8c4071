// Every level answers in bounded time, in the browser too: on a Russian position full of kings
// (where level 1 used to think 41 s) the computer's search stops at its level's time cap. The
// figure checked is the search's own report from the worker (its clock is performance.now()),
// with a wide margin: this checks that the cap is applied, not how fast the machine is.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, play, withBrowser, q } from './helpers.mjs';

const env = withBrowser();

const KINGS = 'B:WK2,K3,K4,K6,K10,K11,K12,K13,K17,K18,20,K26,K27,K28,K29:BK1,K5,K7,K9,K15,K16,K21,K22,K23,K24,K25,K30,K32';

for (const level of ['1', '3']) {
  test(`level ${level} answers on a board full of kings within its cap`, async () => {
    const { page, errors, context } = await openGame(env, q({ rules: 'russian', level, color: 'red', fen: KINGS }));
    await play(page); // Black (the computer) is to move in this position
    await page.waitForFunction(() => window.dame.state.view?.history.length === 1, null, { timeout: 30000 });
    const search = await page.evaluate(() => window.dame.state.lastSearch);
    assert.ok(search && search.text, 'the computer played a turn');
    assert.ok(search.ms < 2000, `level ${level} thought ${Math.round(search.ms)} ms (cap 800 ms)`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
