// Accessibility scans (axe-core, tests/browser/axe.mjs): the start screen, a game in progress with
// a piece held, the confirm dialog, the game-over card, in German and English and in high
// contrast: no serious or critical violation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser, openGame, play, playAnyMove, click, drag, idle, settle } from './helpers.mjs';
import { seriousViolations } from './axe.mjs';

const env = withBrowser();

test('the start screen, a game, the confirm dialog and the game-over card have no serious accessibility violation', async () => {
  const { page, context, errors } = await openGame(env, '?rules=english');
  const found = [];
  found.push(...await seriousViolations(page, { label: 'start' }));
  await play(page);
  await playAnyMove(page);
  const movable = await page.evaluate(() => window.dame.state.view.movable[0]);
  await click(page, movable);
  await page.waitForFunction(() => document.getElementById('board').dataset.selected !== '');
  found.push(...await seriousViolations(page, { label: 'game' }));
  await page.click('#lang');
  await page.waitForFunction(() => document.documentElement.lang === 'en'); // the English words load first
  await settle(page);
  found.push(...await seriousViolations(page, { label: 'game, English' }));
  await page.keyboard.press('Escape');
  await page.click('#resign');
  await page.waitForSelector('dialog#confirm[open]');
  found.push(...await seriousViolations(page, { label: 'confirm dialog' }));
  await page.click('#confirm-yes');
  await page.waitForSelector('#over:not([hidden])');
  await idle(page);
  found.push(...await seriousViolations(page, { label: 'game over' }));
  assert.deepEqual(found, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('high contrast has no serious accessibility violation either', async () => {
  const { page, context, errors } = await openGame(env, '', { contrast: 'more' });
  assert.equal(await page.getAttribute('#board', 'data-contrast'), 'high');
  const found = [...await seriousViolations(page, { label: 'start, high contrast' })];
  await play(page);
  await playAnyMove(page);
  found.push(...await seriousViolations(page, { label: 'game, high contrast' }));
  assert.deepEqual(found, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the tutorial (a step, a wrong move explained, the Blasen tutorial) and the rules dialog have no serious accessibility violation', async () => {
  const { page, context, errors } = await openGame(env);
  const found = [];
  await page.click('#tutorial-open');
  await page.waitForSelector('#tutorial[data-step]');
  await idle(page);
  found.push(...await seriousViolations(page, { label: 'tutorial' }));
  // The first step wants the man on row 5 to slide; the man on 29 moving is a wrong move.
  await drag(page, 29, 25);
  await page.waitForSelector('#tutorial[data-status="wrong"]');
  await idle(page);
  found.push(...await seriousViolations(page, { label: 'tutorial, wrong move' }));
  await page.click('.tut-kinds button:nth-child(2)');
  await page.waitForFunction(() => /Blasen/.test(document.getElementById('tutorial-title').textContent));
  await idle(page);
  found.push(...await seriousViolations(page, { label: 'Blasen tutorial' }));
  await page.click('#tutorial-leave');
  await page.waitForSelector('#setup:not([hidden])');
  await page.click('#manual-open');
  await page.waitForSelector('dialog#manual[open]');
  await idle(page);
  found.push(...await seriousViolations(page, { label: 'rules dialog' }));
  assert.deepEqual(found, []);
  assert.deepEqual(errors, []);
  await context.close();
});
