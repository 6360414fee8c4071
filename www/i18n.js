// @ts-check
// Words of the page in German (the default) and English. Rules are not decided here: the wasm
// layer sends a reason code with the squares, and this file only puts it into words.

import { state } from './state.js';

/** @import { Lang, Color, Texts } from '#types/page' */
/** @import { Refusal } from '#types/Refusal' */
/** @import { OutcomeView } from '#types/OutcomeView' */

/** @type {Texts} */
const de = {
  play: 'Spielen', again: 'Nochmal spielen', rules: 'Regeln', opponent: 'Gegner',
  vsComputer: 'Computer', vsHuman: 'Zwei Spieler (ein Gerät)', level: 'Spielstärke',
  yourColor: 'Deine Farbe', red: 'Rot', black: 'Schwarz', undo: 'Zug zurück', resign: 'Aufgeben',
  newGame: 'Neues Spiel', numbers: 'Feldnummern zeigen', thinking: 'Der Computer denkt nach …',
  langSwitch: 'English', moves: 'Züge',
  redo: 'Wiederholen', share: 'Stellung teilen', close: 'Schließen',
  pastAt: 'Du siehst Zug {n} ({move}) – zurück zum Spiel', pastStart: 'Du siehst die Ausgangsstellung – zurück zum Spiel',
  playFromHere: 'Von hier weiterspielen',
  pastHint: 'Mit ← und → blätterst du durch die Züge; ein Klick aufs Brett oder Ende führt zurück zum Spiel.', ariaPast: 'Frühere Stellung nach Zug {n}',
  moveLabel: 'Zug {n}: {move} ({side})',
  confirmResign: 'Willst du wirklich aufgeben?', confirmResignYes: 'Aufgeben',
  confirmNew: 'Das laufende Spiel beenden und ein neues beginnen?', confirmNewYes: 'Neues Spiel',
  confirmPlayFrom: 'Von der Stellung nach Zug {n} weiterspielen? Die {count} Züge danach werden gelöscht.',
  confirmPlayFromStart: 'Von der Ausgangsstellung neu weiterspielen? Alle {count} Züge werden gelöscht.',
  confirmPlayFromYes: 'Von hier weiterspielen', confirmNo: 'Abbrechen',
  shareCopied: 'Der Link zu dieser Stellung ist in der Zwischenablage.',
  shareShown: 'Kopiere den Link zu dieser Stellung aus dem Feld.', shareLabel: 'Link zur Stellung',
  savedBad: 'Das gespeicherte Spiel ließ sich nicht laden: {problem} Es ist unter „{key}“ aufgehoben; ein neues Spiel beginnt.',
  savedBadNotKept: 'Das gespeicherte Spiel ließ sich nicht laden: {problem} Ein neues Spiel beginnt.',
  savedNotJson: 'Die gespeicherten Daten sind beschädigt.',
  savedNewer: 'Es stammt aus einer neueren Version von Dame (Format {version}).',
  savedVersion: 'Sein Format ({version}) ist unbekannt.',
  savedIncomplete: 'Die gespeicherten Daten sind unvollständig.',
  savedField: 'Der gespeicherte Wert „{name}“ ist ungültig.',
  savedMismatch: 'Die gespeicherte Stellung passt nicht zu den Zügen.',
  savedMove: 'Der gespeicherte Zug {n} ({move}) ist in seiner Stellung nicht erlaubt.',
  savedRecord: 'Die gespeicherte Partie ist ungültig ({problem}).',
  elsewhereSame: 'Dieses Spiel ist schon in einem anderen Tab offen. Hier wird nichts gespeichert.',
  elsewhereOther: 'In einem anderen Tab wird jetzt ein anderes Spiel gespielt. Dieses Spiel wird hier nicht mehr gespeichert.',
  resumed: 'Das gespeicherte Spiel geht weiter.',
  takeOver: 'Hier weiterspielen', tookOver: 'Das Spiel wird jetzt in diesem Tab fortgesetzt.',
  board: 'Spielbrett',
  beforePlay: 'Wähle die Regeln und klicke auf „Spielen“. Rot beginnt.',
  beforePlayFen: 'Wähle die Einstellungen und klicke auf „Spielen“. In dieser Stellung ist {side} am Zug.',
  clickPlayFirst: 'Klicke zuerst auf „Spielen“.',
  toMove: '{side} ist am Zug', youToMove: 'Du bist am Zug ({side})', computerToMove: 'Der Computer ist am Zug ({side})',
  yourTurnMove: 'Ziehe einen Stein per Drag & Drop oder klicke Stein und Zielfeld an.',
  mustCaptureNow: 'Schlagzwang: Die markierten Steine müssen schlagen.',
  shouldCaptureNow: 'Schlagzwang: Die markierten Steine sollten schlagen – sonst darf der Gegner einen von ihnen blasen.',
  huffPrompt: 'Der Gegner hat nicht geschlagen: Du darfst einen der markierten Steine blasen (anklicken) – oder einfach ziehen, dann verfällt das Recht.',
  huffPromptOnly: 'Der Gegner hat nicht geschlagen, und ziehen kannst du nur nach dem Blasen: Klicke einen der markierten Steine an, um ihn zu blasen.',
  huffed: 'Geblasen: Der Stein auf {sq} ist entfernt. Jetzt ziehe.',
  opponentHuffed: '{side} hat den Stein auf {sq} geblasen (Schlagzwang nicht erfüllt).',
  continueCapture: 'Weiterschlagen: Ziehe den Stein auf eines der markierten Felder.',
  continueOrStop: 'Du kannst weiterschlagen – oder den Stein anklicken, um hier stehen zu bleiben (dann darf der Gegner ihn blasen).',
  crowned: 'Der Stein wird zur Dame gekrönt.',
  pickDestination: 'Wähle ein Zielfeld.',
  win: '{side} gewinnt', youWin: 'Du hast gewonnen!', youLose: 'Du hast verloren.', draw: 'Unentschieden',
  why_noPieces: '{loser} hat keine Steine mehr.', why_noMoves: '{loser} kann nicht mehr ziehen.',
  why_resignation: '{loser} hat aufgegeben.', why_repetition: 'Dieselbe Stellung kam dreimal vor.',
  why_fortyMoves: '40 Züge je Seite ohne Schlagen und ohne Steinzug.',
  badParam: 'Ungültiger URL-Wert {name}: {problem}. Es gilt die normale Einstellung.',
  badFen: 'Ungültige Stellung in der URL: {problem}. Es gilt die normale Startstellung.',
  badStored: 'Eine gespeicherte Einstellung war ungültig: {list}. Es gilt die normale Einstellung.',
  badStoredMany: 'Gespeicherte Einstellungen waren ungültig: {list}. Es gelten die normalen Einstellungen.',
  storedItem: '„{name}“ = {value} (möglich: {allowed})',
  badStoredAll: 'Die gespeicherten Einstellungen waren nicht lesbar ({value}). Es gelten die normalen Einstellungen.',
  storedKept: 'Die alten Daten sind im Browser unter „{key}“ aufbewahrt.',
  storedLeft: 'Die alten Daten bleiben unverändert gespeichert.',
  language: 'Sprache',
  computerError: 'Der Computer konnte nicht antworten: {problem}',
  workerMissing: 'Der Computer ließ sich nicht starten.',
  aria: '{turn}. Rot: {red}. Schwarz: {black}.', ariaMen: 'Steine auf {list}', ariaKings: 'Damen auf {list}',
  ariaNone: 'keine Steine', ariaOver: 'Spiel vorbei: {text}.',
  reason_gameOver: 'Das Spiel ist vorbei.',
  reason_noPiece: 'Auf {sq} steht kein Stein.',
  reason_notYourPiece: 'Das ist nicht dein Stein.',
  reason_mustCaptureThis: 'Schlagzwang: dieser Stein muss schlagen.',
  reason_mustCapture: 'Schlagzwang: Es muss geschlagen werden – mit dem Stein auf {list}.',
  reason_mustContinue: 'Der Stein auf {sq} muss weiterschlagen.',
  reason_menMoveForward: 'Steine ziehen nur vorwärts.',
  reason_occupied: 'Das Feld {sq} ist besetzt.',
  reason_ambiguous: 'Zwei Wege führen dorthin ({list}): Ziehe über ein Zwischenfeld oder schlage Schritt für Schritt.',
  reason_noMoves: 'Dieser Stein kann nicht ziehen.',
  reason_notAMove: 'Dorthin kann dieser Stein nicht ziehen.',
  reason_notHuffable: 'Dieser Stein darf nicht geblasen werden.',
  reason_huffPending: 'Du hast schon geblasen: Jetzt ziehe.',
  reason_noHuffing: 'In diesen Regeln wird nicht geblasen.',
  reason_moveAfterHuff: 'Nach dem Blasen musst du noch ziehen.',
  reason_huffEndsTheGame: 'Das Blasen nimmt den letzten Stein: Du hast gewonnen, ein Zug folgt nicht.',
  reason_captureNeedsX: 'Das ist ein Schlagzug: Schreibe ihn mit x.',
  reason_notACapture: 'Dieser Zug schlägt nichts: Schreibe ihn mit -.',
  reason_default: 'Dieser Zug ist nicht erlaubt.',
  pdnTitle: 'Import/Export (PDN)', pdnDownload: 'PDN herunterladen', pdnCopy: 'PDN kopieren',
  pdnText: 'PDN-Partie oder FEN-Stellung einfügen:', pdnImport: 'Importieren', pdnFile: 'Aus Datei laden:',
  pdnCopied: 'Die Partie ist als PDN in der Zwischenablage.',
  pdnCopyFallback: 'Kopieren ging nicht: Die Partie steht markiert im Textfeld – kopiere sie mit Strg+C.',
  pdnDownloaded: 'Die Partie wurde als {file} gespeichert.',
  pdnLoaded: 'Partie geladen ({rules}, Züge: {n}): Es geht von der letzten Stellung aus weiter.',
  pdnBad: 'Import nicht möglich: {problem}. Das laufende Spiel bleibt.',
  pdnEmpty: 'Füge zuerst eine PDN-Partie oder eine FEN-Stellung ein.',
  pdnTags: 'Angaben der importierten Partie', you: 'Du',
  // Keyboard play, screen reader, plain words (www/keys.js, www/words.js)
  wYou: 'Du', wComputer: 'Der Computer', wAnd: ' und ', wThen: ' – und ',
  wMove2: 'ziehst von {from}{via} nach {to}', wMove3: 'zieht von {from}{via} nach {to}', wVia: ' über {list}',
  wTake2: 'schlägst {count} (auf {list})', wTake3: 'schlägt {count} (auf {list})',
  wOne: 'einen Stein', wMany: '{n} Steine', wNumbers: 'zwei,drei,vier,fünf,sechs,sieben,acht,neun,zehn,elf,zwölf',
  wHuff2: 'hast den Stein auf {sq} geblasen – er hätte schlagen müssen',
  wHuffYours: 'hat deinen Stein auf {sq} geblasen – er hätte schlagen müssen',
  wHuff3: 'hat den Stein auf {sq} geblasen – er hätte schlagen müssen',
  wCrown: 'Der Stein auf {sq} wird zur Dame.',
  wObliged: 'Schlagzwang für {list}.', wHuffable: 'Du darfst blasen: {list}.',
  kCursor: 'Feld {sq}: {what}', kLight: 'helles Feld', kEmpty: 'leer',
  kRedMan: 'roter Stein', kRedKing: 'rote Dame', kBlackMan: 'schwarzer Stein', kBlackKing: 'schwarze Dame',
  kHeld: 'aufgenommen', kTarget: 'Ziel', kStep: 'Zwischenfeld',
  boardHelp: 'Pfeiltasten: Cursor bewegen. Eingabe: Stein aufnehmen, absetzen. Escape: zurücklegen.',
  // Layout and board options: flip, sound, high contrast
  flip: 'Brett drehen', sound: 'Ton', contrast: 'Hoher Kontrast', boardOptions: 'Brett und Anzeige',
  // Tutorial and manual (www/tutorial.js, www/manual.js: their texts live there, loaded when opened)
  tutorialOpen: 'Anleitung', manualOpen: 'Regeln', lazyFailed: 'Das ließ sich nicht laden: {problem}',
  // Hints, "why", typed turns, notation legend (www/assist.js; the words needed only after a
  // click are in www/help.js, loaded then)
  hint: 'Tipp', typeMove: 'Zug eingeben', hintsUsed: '{n} Tipps benutzt', hintsUsed1: '1 Tipp benutzt',
  legend: 'Schreibweise: {move} Zug, {capture} Schlag über jedes Landefeld{huff}; Felder {squares} – „Feldnummern zeigen“ zeigt sie.',
  legendHuff: ', {huff} erst {sq} blasen, dann ziehen',
};

/** @type {Texts} */
const en = {
  play: 'Play', again: 'Play again', rules: 'Rules', opponent: 'Opponent',
  vsComputer: 'Computer', vsHuman: 'Two players (one device)', level: 'Level',
  yourColor: 'Your colour', red: 'Red', black: 'Black', undo: 'Take back', resign: 'Resign',
  newGame: 'New game', numbers: 'Show square numbers', thinking: 'The computer is thinking …',
  langSwitch: 'Deutsch', moves: 'Moves',
  redo: 'Redo', share: 'Share position', close: 'Close',
  pastAt: 'You are looking at move {n} ({move}) – back to the game', pastStart: 'You are looking at the starting position – back to the game',
  playFromHere: 'Play on from here',
  pastHint: 'Step through the moves with ← and →; a click on the board or End returns to the game.', ariaPast: 'Earlier position after move {n}',
  moveLabel: 'Move {n}: {move} ({side})',
  confirmResign: 'Do you really want to resign?', confirmResignYes: 'Resign',
  confirmNew: 'End the game in progress and start a new one?', confirmNewYes: 'New game',
  confirmPlayFrom: 'Play on from the position after move {n}? The {count} moves after it are deleted.',
  confirmPlayFromStart: 'Play on afresh from the starting position? All {count} moves are deleted.',
  confirmPlayFromYes: 'Play on from here', confirmNo: 'Cancel',
  shareCopied: 'The link to this position is on the clipboard.',
  shareShown: 'Copy the link to this position from the field.', shareLabel: 'Link to the position',
  savedBad: 'The saved game could not be loaded: {problem} It is kept under “{key}”; a new game starts.',
  savedBadNotKept: 'The saved game could not be loaded: {problem} A new game starts.',
  savedNotJson: 'The saved data is damaged.',
  savedNewer: 'It comes from a newer version of Dame (format {version}).',
  savedVersion: 'Its format ({version}) is unknown.',
  savedIncomplete: 'The saved data is incomplete.',
  savedField: 'The saved value “{name}” is not valid.',
  savedMismatch: 'The saved position does not match the moves.',
  savedMove: 'The saved move {n} ({move}) is not legal in its position.',
  savedRecord: 'The saved game is not valid ({problem}).',
  elsewhereSame: 'This game is already open in another tab. Nothing is saved here.',
  elsewhereOther: 'Another game is now being played in another tab. This game is no longer saved here.',
  resumed: 'The saved game goes on.',
  takeOver: 'Play on here', tookOver: 'The game now goes on in this tab.',
  board: 'Board',
  beforePlay: 'Choose the rules and click “Play”. Red begins.',
  beforePlayFen: 'Choose the settings and click “Play”. In this position {side} is to move.',
  clickPlayFirst: 'Click “Play” first.',
  toMove: '{side} to move', youToMove: 'Your move ({side})', computerToMove: 'The computer’s move ({side})',
  yourTurnMove: 'Drag a piece, or click a piece and then its destination.',
  mustCaptureNow: 'Capture obligation: the marked pieces must capture.',
  shouldCaptureNow: 'Capture obligation: the marked pieces should capture – otherwise your opponent may huff one of them.',
  huffPrompt: 'Your opponent did not capture: you may huff one of the marked pieces (click it) – or just move, and the right lapses.',
  huffPromptOnly: 'Your opponent did not capture, and you can only move after huffing: click one of the marked pieces to huff it.',
  huffed: 'Huffed: the piece on {sq} is removed. Now move.',
  opponentHuffed: '{side} huffed the piece on {sq} (capture obligation not met).',
  continueCapture: 'Keep capturing: move the piece to one of the marked squares.',
  continueOrStop: 'You may keep capturing – or click the piece to stop here (your opponent may then huff it).',
  crowned: 'The piece is crowned king.',
  pickDestination: 'Choose a destination.',
  win: '{side} wins', youWin: 'You won!', youLose: 'You lost.', draw: 'Draw',
  why_noPieces: '{loser} has no pieces left.', why_noMoves: '{loser} cannot move.',
  why_resignation: '{loser} resigned.', why_repetition: 'The same position occurred three times.',
  why_fortyMoves: '40 moves each without a capture or a man moved.',
  badParam: 'Bad URL value {name}: {problem}. The usual setting applies.',
  badFen: 'Bad position in the URL: {problem}. The usual start position applies.',
  badStored: 'A stored setting was not valid: {list}. The usual setting applies.',
  badStoredMany: 'Stored settings were not valid: {list}. The usual settings apply.',
  storedItem: '“{name}” = {value} (possible: {allowed})',
  badStoredAll: 'The stored settings could not be read ({value}). The usual settings apply.',
  storedKept: 'The old data is kept in the browser under “{key}”.',
  storedLeft: 'The old data stays stored as it was.',
  language: 'Language',
  computerError: 'The computer could not answer: {problem}',
  workerMissing: 'The computer could not be started.',
  aria: '{turn}. Red: {red}. Black: {black}.', ariaMen: 'men on {list}', ariaKings: 'kings on {list}',
  ariaNone: 'no pieces', ariaOver: 'Game over: {text}.',
  reason_gameOver: 'The game is over.',
  reason_noPiece: 'There is no piece on {sq}.',
  reason_notYourPiece: 'That is not your piece.',
  reason_mustCaptureThis: 'Capture obligation: this piece must capture.',
  reason_mustCapture: 'Capture obligation: you must capture – with the piece on {list}.',
  reason_mustContinue: 'The piece on {sq} must keep capturing.',
  reason_menMoveForward: 'Men move forwards only.',
  reason_occupied: 'Square {sq} is occupied.',
  reason_ambiguous: 'Two routes lead there ({list}): drag through a square on the way, or capture step by step.',
  reason_noMoves: 'This piece cannot move.',
  reason_notAMove: 'This piece cannot go there.',
  reason_notHuffable: 'This piece may not be huffed.',
  reason_huffPending: 'You have huffed already: now move.',
  reason_noHuffing: 'There is no huffing in these rules.',
  reason_moveAfterHuff: 'After huffing you still have to move.',
  reason_huffEndsTheGame: 'The huff takes the last piece: you have won, no move follows.',
  reason_captureNeedsX: 'That is a capture: write it with x.',
  reason_notACapture: 'This move captures nothing: write it with -.',
  reason_default: 'That move is not allowed.',
  pdnTitle: 'Import/Export (PDN)', pdnDownload: 'Download PDN', pdnCopy: 'Copy PDN',
  pdnText: 'Paste a PDN game or a FEN position:', pdnImport: 'Import', pdnFile: 'Load from a file:',
  pdnCopied: 'The game is on the clipboard as PDN.',
  pdnCopyFallback: 'Copying did not work: the game is selected in the text box – copy it with Ctrl+C.',
  pdnDownloaded: 'The game was saved as {file}.',
  pdnLoaded: 'Game loaded ({rules}, moves: {n}): play goes on from its last position.',
  pdnBad: 'Cannot import: {problem}. The current game goes on.',
  pdnEmpty: 'Paste a PDN game or a FEN position first.',
  pdnTags: 'Tags of the imported game', you: 'You',
  // Keyboard play, screen reader, plain words (www/keys.js, www/words.js)
  wYou: 'You', wComputer: 'The computer', wAnd: ' and ', wThen: ' – and then ',
  wMove2: 'move from {from}{via} to {to}', wMove3: 'moves from {from}{via} to {to}', wVia: ' via {list}',
  wTake2: 'capture {count} (on {list})', wTake3: 'captures {count} (on {list})',
  wOne: 'one piece', wMany: '{n} pieces', wNumbers: 'two,three,four,five,six,seven,eight,nine,ten,eleven,twelve',
  wHuff2: 'huffed the piece on {sq} – it should have captured',
  wHuffYours: 'huffed your piece on {sq} – it should have captured',
  wHuff3: 'huffed the piece on {sq} – it should have captured',
  wCrown: 'The piece on {sq} is crowned king.',
  wObliged: 'Obliged to capture: {list}.', wHuffable: 'You may huff: {list}.',
  kCursor: 'Square {sq}: {what}', kLight: 'light square', kEmpty: 'empty',
  kRedMan: 'red man', kRedKing: 'red king', kBlackMan: 'black man', kBlackKing: 'black king',
  kHeld: 'picked up', kTarget: 'destination', kStep: 'square on the way',
  boardHelp: 'Arrow keys: move the cursor. Enter: pick a piece up, put it down. Escape: put it back.',
  // Layout and board options: flip, sound, high contrast
  flip: 'Flip board', sound: 'Sound', contrast: 'High contrast', boardOptions: 'Board and display',
  // Tutorial and manual (www/tutorial.js, www/manual.js: their texts live there, loaded when opened)
  tutorialOpen: 'Tutorial', manualOpen: 'Rules', lazyFailed: 'This could not be loaded: {problem}',
  // Hints, "why", typed turns, notation legend (www/assist.js; the words needed only after a
  // click are in www/help.js, loaded then)
  hint: 'Hint', typeMove: 'Type a move', hintsUsed: '{n} hints used', hintsUsed1: '1 hint used',
  legend: 'Notation: {move} move, {capture} capture via every landing square{huff}; squares {squares} – “Show square numbers” shows them.',
  legendHuff: ', {huff} huff {sq}, then move',
};

/** @type {Record<Lang, Texts>} */
const tables = { de, en };
/** @type {Lang} */
let current = 'de';

/** @param {string} lang */
export function setLang(lang) {
  current = lang === 'en' ? 'en' : 'de';
  document.documentElement.lang = current;
}

export function lang() {
  return current;
}

/** The text `key` in the current language, with `{name}` filled in from `params`.
 * @param {string} key @param {Record<string, string | number | undefined>} [params] */
export function t(key, params = {}) {
  const text = tables[current][key] ?? tables.de[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
}

/** @param {string} color "red" or "black" */
export function sideName(color) {
  return t(color === 'red' ? 'red' : 'black');
}

/** An item's name (a preset, a level) in the current language.
 * @param {{ nameDe: string, nameEn: string }} item */
export function nameOf(item) {
  return current === 'de' ? item.nameDe : item.nameEn;
}

/** A preset's rules note in the current language.
 * @param {{ noteDe: string, noteEn: string }} preset */
export function noteOf(preset) {
  return current === 'de' ? preset.noteDe : preset.noteEn;
}

/** How much of a value from outside (the URL, the stored choices) is echoed in a message. */
export const ECHO_MAX = 60;

/** The one place that cuts input echoed back: `text` if short, else its first `max` characters
 * (never half a character) and "…". @param {string} text @param {number} [max] */
export function clip(text, max = ECHO_MAX) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut) + '…';
}

/** The words of something thrown (an Error from the wasm layer, usually), with the input they
 * quote cut short: each of `inputs` where it appears, then any other run of more than ECHO_MAX
 * characters without a space (a quoted value, keeping its quotes), and the whole at most
 * 5 × ECHO_MAX characters.
 * @param {unknown} e @param {string[]} inputs the values the failed call was given */
export function problemText(e, ...inputs) {
  let text = e instanceof Error ? e.message : String(e);
  for (const input of inputs) {
    for (const form of [input, input.trim()]) {
      if (form.length > ECHO_MAX) text = text.split(form).join(clip(form));
    }
    // A message that does not quote the long input (refused for its length alone) names it, cut.
    if (input.length > ECHO_MAX && !text.includes(clip(input.trim()))) text = `'${clip(input.trim())}': ${text}`;
  }
  text = text.replace(new RegExp(`\\S{${ECHO_MAX + 1},}`, 'g'), (run) => {
    const open = /^['"„“‘]/.test(run) ? run[0] : '';
    const close = run.slice(-3).match(/['"“”’]?[.,:;)]*$/)?.[0] ?? '';
    return open + clip(run.slice(open.length, run.length - close.length)) + close;
  });
  return clip(text, 5 * ECHO_MAX);
}

/** A square's name in the game's own notation (ACF numbers, algebraic), from the view's labels.
 * @param {number | undefined} sq */
export function squareName(sq) {
  if (sq === undefined) return '';
  return state.view?.labels[sq - 1] ?? String(sq);
}

/** @param {number[]} squares */
function list(squares) {
  const sep = current === 'de' ? ' oder ' : ' or ';
  const names = squares.map(squareName);
  return names.length <= 1 ? String(names[0] ?? '') : names.slice(0, -1).join(', ') + sep + names[names.length - 1];
}

/** Words for a refusal from the wasm layer; `held` is the square of the piece that was moved. In
 * the tutorial the step's rule follows. @param {Refusal} refusal @param {number} [held] */
export function reasonText(refusal, held) {
  const rule = state.tutorial?.rule();
  const text = rule ? `${wordReason(refusal, held)} ${rule}` : wordReason(refusal, held);
  lastReason.text = text;
  lastReason.code = refusal.code;
  return text;
}

/** The refusal last put into words: its words and its code (the page adds the rule behind it). */
export const lastReason = { text: '', code: '' };

/** @param {Refusal} refusal @param {number} [held] */
function wordReason(refusal, held) {
  const { code, squares = [], options = [] } = refusal;
  if (code === 'mustCapture') {
    return held !== undefined && squares.includes(held) ? t('reason_mustCaptureThis') : t('reason_mustCapture', { list: list(squares) });
  }
  const key = 'reason_' + code;
  if (!(key in tables[current])) return t('reason_default') + (refusal.text ? ` (${refusal.text})` : '');
  return t(key, { sq: squareName(squares[0]), list: options.length ? options.join(current === 'de' ? ' oder ' : ' or ') : list(squares) });
}

/** The title and the reason of a game's end, from the player's side if there is one.
 * @param {OutcomeView} outcome @param {Color | null} human */
export function outcomeText(outcome, human) {
  const loser = outcome.winner === 'red' ? 'black' : 'red';
  const why = t('why_' + outcome.reason, { loser: sideName(loser) });
  if (!outcome.winner) return { title: t('draw'), why };
  if (human) return { title: outcome.winner === human ? t('youWin') : t('youLose'), why };
  return { title: t('win', { side: sideName(outcome.winner) }), why };
}

/** Fills every element with a data-i18n key with its text, and with a data-i18n-label key its
 * aria-label. @param {ParentNode} [root] */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    if (el instanceof HTMLElement) el.textContent = t(el.dataset.i18n ?? '');
  }
  for (const el of root.querySelectorAll('[data-i18n-label]')) {
    if (el instanceof HTMLElement) el.setAttribute('aria-label', t(el.dataset.i18nLabel ?? ''));
  }
}
