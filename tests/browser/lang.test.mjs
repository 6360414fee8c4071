// One language at a time: after switching to English no German word is left on the page (visible
// text, aria-label, title, placeholder, the options of every choice, the confirm dialog, the
// game-over card, the share field), and after switching back no English one. Words are found by
// lists of each language's own words; "Dame" is the game's name in both. Text marked with
// another language (lang="…", the language switch itself) is left out.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser, openGame, play, playAnyMove, idle, settle } from './helpers.mjs';

const env = withBrowser();

const GERMAN = ['Spielen', 'Nochmal', 'Regeln', 'Gegner', 'Spielstärke', 'Deine', 'Farbe', 'Rot', 'Schwarz', 'Zug', 'Züge',
  'zurück', 'Aufgeben', 'Neues', 'Spiel', 'Feldnummern', 'zeigen', 'Stellung', 'teilen', 'Brett', 'drehen', 'Ton', 'Hoher',
  'Kontrast', 'Wähle', 'klicke', 'Klicke', 'beginnt', 'Schließen', 'und', 'der', 'die', 'das', 'ist', 'nicht', 'mit', 'oder',
  'Stein', 'Steine', 'Damen', 'Du', 'bist', 'am', 'denkt', 'Wiederholen', 'gewonnen', 'verloren', 'Unentschieden', 'hat',
  'aufgegeben', 'Abbrechen', 'wirklich', 'Willst', 'Ziehe', 'Spielbrett', 'Anfänger', 'Leicht', 'Mittel', 'Stark', 'Meister',
  'Zwei', 'Spieler', 'Gerät', 'Schlagzwang', 'Pflicht', 'herunterladen', 'kopieren', 'Importieren', 'Datei', 'laden',
  'einfügen', 'Partie', 'Angaben', 'Anzeige', 'keine', 'auf', 'Englische', 'Russische', 'Flugdamen', 'zieht', 'Zwischenablage'];
const ENGLISH = ['Play', 'again', 'Rules', 'Opponent', 'Level', 'Your', 'colour', 'Red', 'Black', 'Take', 'back', 'Resign',
  'New', 'game', 'Show', 'square', 'numbers', 'Share', 'position', 'Flip', 'board', 'Sound', 'High', 'contrast', 'Choose',
  'the', 'and', 'click', 'begins', 'Close', 'is', 'not', 'with', 'or', 'piece', 'pieces', 'move', 'moves', 'Move', 'Moves',
  'men', 'kings', 'Board', 'You', 'to', 'Two', 'players', 'device', 'Beginner', 'Easy', 'Medium', 'Strong', 'Master',
  'Download', 'Copy', 'Paste', 'Load', 'file', 'Cancel', 'won', 'lost', 'Draw', 'resigned', 'really', 'want', 'Drag a',
  'thinking', 'Redo', 'capturing', 'English', 'Russian', 'checkers', 'draughts', 'plays', 'display', 'Tags', 'from'];

/** Every text of the page a person can meet (as [where, text] pairs), in the page's language. */
function pageTexts(page) {
  return page.evaluate(() => {
    const lang = document.documentElement.lang;
    const other = (/** @type {Element} */ el) => (el.closest('[lang]')?.getAttribute('lang') ?? lang) !== lang;
    /** @type {[string, string][]} */
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent.trim() || other(el) || el.closest('script, style')) continue;
      if (el.tagName === 'OPTION' || el.checkVisibility()) out.push([`text of ${el.tagName.toLowerCase()}#${el.id}`, n.textContent]);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (other(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name);
        if (value) out.push([`${name} of ${el.tagName.toLowerCase()}#${el.id}`, value]);
      }
    }
    out.push(['title', document.title]);
    return out;
  });
}

/** The words of `list` found in the page's texts, with where. */
async function found(page, list) {
  const words = list.map((w) => new RegExp(`(?<![\\p{L}\\p{N}])${w}(?![\\p{L}\\p{N}])`, 'u'));
  const out = [];
  for (const [where, text] of await pageTexts(page)) {
    for (const [i, re] of words.entries()) if (re.test(text)) out.push(`${list[i]} in ${where}: ${text.slice(0, 120)}`);
  }
  return out;
}

/** Switches the language with the page's own link. */
async function switchTo(page, lang) {
  await page.click('#lang');
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  await settle(page);
}

test('no German is left after switching to English, and no English after switching back', async () => {
  const { page, context, errors } = await openGame(env, '?rules=english');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  assert.deepEqual(await found(page, ENGLISH), [], 'the German start screen');
  await switchTo(page, 'en');
  assert.deepEqual(await found(page, GERMAN), [], 'the English start screen');
  await play(page);
  await playAnyMove(page);
  await page.click('#share');
  await page.evaluate(() => document.getElementById('pdn').setAttribute('open', ''));
  await settle(page);
  assert.deepEqual(await found(page, GERMAN), [], 'a game in English');
  await switchTo(page, 'de');
  assert.deepEqual(await found(page, ENGLISH), [], 'a game in German');
  // An imported game: its message and the list of its tags.
  await page.fill('#pdn-text', '[Event "Test"]\n[GameType "21"]\n\n1. 11-15 23-19 *');
  await page.click('#pdn-import');
  await page.waitForSelector('#pdn-tags:not([hidden])');
  await idle(page);
  assert.deepEqual(await found(page, ENGLISH), [], 'an imported game in German');
  await switchTo(page, 'en');
  assert.deepEqual(await found(page, GERMAN), [], 'an imported game in English');
  await page.click('#resign');
  await page.waitForSelector('dialog#confirm[open]');
  assert.deepEqual(await found(page, GERMAN), [], 'the confirm dialog in English');
  await page.click('#confirm-yes');
  await page.waitForSelector('#over:not([hidden])');
  await idle(page);
  assert.deepEqual(await found(page, GERMAN), [], 'the game-over card in English');
  await switchTo(page, 'de');
  assert.deepEqual(await found(page, ENGLISH), [], 'the game-over card in German');
  await page.click('#over-close');
  await page.click('#new');
  await settle(page);
  assert.deepEqual(await found(page, ENGLISH), [], 'a new game set up in German');
  assert.deepEqual(errors, []);
  await context.close();
});
