// @ts-check
// The Import/Export panel: the game as PDN (a .pdn download, or the clipboard with the text box
// as a fallback), and a PDN game or a FEN position read from the text box or a file. The wasm
// layer reads and writes PDN in each game's own notation; this module only moves text around.
// Imported text (tag values, messages naming them) is only ever set with textContent.

import { state, update, currentGame, onRedraw } from './state.js';
import { $, fillPanel } from './dom.js';
import { t, sideName, nameOf, problemText } from './i18n.js';
import { stopComputer } from './computer.js';
import { afterTurn, humanColor, refresh } from './turns.js';
import { saveSettings } from './settings.js';
import { clearBoard } from './game.js';
import * as engine from './engine.js';

/** @import { WebGame } from '#types/page' */
/** @import { PdnTag } from '#types/PdnTag' */

const text = () => $('pdn-text', HTMLTextAreaElement);

/** The game last imported: its tags are shown while it is the game on the board.
 * @type {WebGame | null} */
let imported = null;

/** Says `words` in the panel (as text). @param {string} words @param {'info' | 'error'} [kind] */
function say(words, kind = 'info') {
  const el = $('pdn-message');
  el.textContent = words;
  el.className = kind === 'error' ? 'msg-error' : '';
}

/** Today as PDN writes a date: 2026.12.01. */
function today() {
  const d = new Date();
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}.${two(d.getMonth() + 1)}.${two(d.getDate())}`;
}

/** The current game as PDN: the players named by colour ("Du"/"Computer" against the computer,
 * "Rot"/"Schwarz" between two people), today's date. */
export function exportPdn() {
  const human = humanColor();
  const name = (/** @type {'red' | 'black'} */ color) => (human ? (color === human ? t('you') : t('vsComputer')) : sideName(color));
  const game = currentGame();
  // With the analysis board's searches (www/analysis.js), as far as they go: judgements and
  // evaluations in the text.
  const a = state.analysis;
  if (a?.evals.length) {
    return game.pdnAnnotated(name('red'), name('black'), { Event: 'Dame', Date: today(), Annotator: `Dame, depth ${a.depth}` }, a.evals);
  }
  return game.pdn(name('red'), name('black'), { Event: 'Dame', Date: today() });
}

/** The file name of a download: dame-english-2026-12-01.pdn. */
function fileName() {
  return `dame-${currentGame().rules()}-${today().replaceAll('.', '-')}.pdn`;
}

/** Downloads the game as a .pdn file (a Blob link). */
function download() {
  if (!state.game) return;
  const file = fileName();
  const url = URL.createObjectURL(new Blob([exportPdn()], { type: 'application/x-pdn;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  say(t('pdnDownloaded', { file }));
}

/** Copies the game as PDN to the clipboard; where that is not allowed, the text stands selected
 * in the text box instead. */
async function copy() {
  if (!state.game) return;
  const pdn = exportPdn();
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(pdn);
    say(t('pdnCopied'));
  } catch {
    const box = text();
    box.value = pdn;
    box.focus();
    box.select();
    say(t('pdnCopyFallback'));
  }
}

/** Shows the tags of an imported game, as text. @param {PdnTag[]} tags */
function showTags(tags) {
  const list = $('pdn-tags');
  const items = [];
  for (const { name, value } of tags) {
    const dt = document.createElement('dt');
    dt.textContent = name;
    const dd = document.createElement('dd');
    dd.textContent = value;
    items.push(dt, dd);
  }
  list.replaceChildren(...items);
  list.setAttribute('aria-label', t('pdnTags'));
  list.hidden = items.length === 0;
}

/** Reads a PDN game or a FEN position and plays on from its last position; on an error the
 * current game is kept and the problem is said. @param {string} input */
export function importText(input) {
  const bindings = state.bindings;
  if (!bindings) return;
  if (!input.trim()) {
    say(t('pdnEmpty'), 'error');
    return;
  }
  /** @type {WebGame} */
  let game;
  try {
    game = bindings.WebGame.fromPdn(input, state.settings.rules);
  } catch (e) {
    say(t('pdnBad', { problem: problemText(e) }), 'error');
    return;
  }
  start(game);
  imported = game;
  const preset = state.presets.find((p) => p.id === game.rules());
  say(t('pdnLoaded', { rules: preset ? nameOf(preset) : game.rules(), n: game.history().length }));
  showTags(game.pdnTags());
}

/** Plays on with `game` (imported): its preset becomes the rules setting. @param {WebGame} game */
function start(game) {
  stopComputer();
  const old = state.game;
  update((s) => {
    s.game = game;
    s.settings = { ...s.settings, rules: game.rules() };
    s.urlNote = null;
    s.phase = 'playing';
    clearBoard(s);
    s.orientation = s.settings.opponent === 'human' ? 'red' : s.settings.color;
    refresh(s);
  });
  old?.free();
  saveSettings(state.settings);
  fillPanel();
  engine.newGame();
  afterTurn();
}

/** The panel's actions, bound in main.js, which loads this module when one is first used. */
export const actions = {
  download,
  copy,
  /** Imports what the text box holds. */
  importBox: () => importText(text().value),
  /** Imports the file chosen in the file input (its text goes in the text box too). */
  async importFile() {
    const file = $('pdn-file', HTMLInputElement);
    const chosen = file.files?.[0];
    if (!chosen) return;
    try {
      const content = await chosen.text();
      text().value = content;
      importText(content);
    } catch (e) {
      say(t('pdnBad', { problem: problemText(e) }), 'error');
    } finally {
      file.value = '';
    }
  },
};

// A new game (or any other) is not the imported one: its tags go.
onRedraw(() => {
  const list = $('pdn-tags');
  if (!list.hidden && state.game !== imported) list.hidden = true;
});
