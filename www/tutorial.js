// @ts-check
// The tutorials on the main board (loaded with import() when first opened): the step-by-step
// tutorial of seed 002 in the Standard rules (docs/rules.md §6) and a shorter one for Blasen
// (docs/rules.md §4, seed 000). Each step is a small position in which the player makes the move
// the step is about; the wasm layer decides what is legal, the step only which legal move it wants.
// The opponent's answers are scripted (the computer waits). The game that was there is put aside
// and restored on leaving: the saved game is never written while the tutorial runs. Progress is
// remembered in localStorage (`dame.tutorial.v1`).

import { state, update, say } from './state.js';
import { clearBoard, newGame, beforePlay } from './game.js';
import { afterTurn, refresh } from './turns.js';
import { animateTurn } from './anim.js';
import { stopComputer } from './computer.js';
import { t, problemText, onLangSwitched } from './i18n.js';
import { $, fillPanel, showBoard } from './dom.js';
import { saveSettings } from './settings.js';
import { w, storage, el } from './panel.js';

/** @import { View, WebGame, TutorialHook, Message, LastMove, Color, Phase } from '#types/page' */

/** @typedef {{ de: string, en: string }} Words */
/** @typedef {'standard' | 'blasen'} Kind */
/**
 * One step: its position; its text (from the seed where it fits) and the task; the rule said
 * after a refused or a wrong move; whether the move made is the one wanted (`ok`, else `wrong`
 * says why); the opponent's scripted answer (`reply`, a turn in the internal notation); `done`,
 * said once it is made ({sq}: the square the answer huffed); `hint`, a turn in the internal
 * notation, drawn on the board; `punish`, the opponent's scripted answer to a wrong move (null:
 * none). The last step of each tutorial (`final`) is the Play button.
 * @typedef {{
 *   fen: string, text: Words, task: Words, rule: Words, done: Words, wrong?: Words, hint?: string,
 *   ok?: (m: LastMove, v: View) => boolean, reply?: (v: View) => string,
 *   punish?: (v: View) => string | null, final?: boolean
 * }} Step
 */

export const KEY = 'dame.tutorial.v1';
const START = 'W:W21-32:B1-12';

/** The row (1–8) of square `sq` (docs/rules.md §1). @param {number} sq */
const row = (sq) => Math.floor((sq - 1) / 4) + 1;
/** Is there a king on `sq`? @param {View} v @param {number | undefined} sq */
const kingOn = (v, sq) => v.pieces.some((p) => p.sq === sq && p.king);
/** @param {LastMove} m */
const from = (m) => m.path[0];

/** The Standard tutorial: seed 002, in its order. @type {Step[]} */
const STANDARD = [
  {
    fen: 'W:W18,29,30:B1,3',
    text: {
      de: 'Dame wird auf den dunklen Feldern eines 8x8-Bretts gespielt. Jeder Spieler beginnt mit 12 Steinen. Rot zieht immer zuerst. Normale Steine bewegen sich diagonal ein Feld vorwärts auf ein leeres dunkles Feld. Rot bewegt sich Richtung Brettoberkante; Schwarz Richtung Unterkante. Steine können nicht rückwärts ziehen, bis sie zu Damen werden.',
      en: 'Dame is played on the dark squares of an 8×8 board. Each player starts with 12 men. Red always moves first. Men move diagonally one square forwards onto an empty dark square. Red moves towards the top edge of the board, Black towards the bottom edge. Men cannot move backwards until they become kings.',
    },
    task: {
      de: 'In der gezeigten Stellung ist Rot am Zug. Der rote Stein in Reihe 5 kann diagonal vorwärts auf eines der beiden leeren Felder vor ihm gleiten. Ziehe ihn per Drag & Drop – oder klicke ihn und dann das Zielfeld an.',
      en: 'In the position shown, Red is to move. The red man on row 5 can slide diagonally forwards onto either of the two empty squares in front of it. Drag it there – or click it and then its destination.',
    },
    rule: { de: 'Normale Steine bewegen sich diagonal ein Feld vorwärts auf ein leeres dunkles Feld.', en: 'Men move diagonally one square forwards onto an empty dark square.' },
    ok: (m) => from(m) === 18,
    wrong: {
      de: 'Dieser Zug ist erlaubt, aber hier geht es um den roten Stein in Reihe 5 (Feld 18): Er soll diagonal vorwärts gleiten.',
      en: 'That move is legal, but this step is about the red man on row 5 (square 18): slide it diagonally forwards.',
    },
    done: { de: 'Richtig: Der Stein ist ein Feld diagonal vorwärts gezogen.', en: 'Right: the man moved one square diagonally forwards.' },
    hint: '18-14',
  },
  {
    fen: 'W:W22,30:B2,18',
    text: {
      de: 'Zum Schlagen springt ein Stein diagonal über einen benachbarten gegnerischen Stein und landet auf dem leeren Feld direkt dahinter. Der geschlagene Stein wird vom Brett entfernt.',
      en: 'To capture, a man jumps diagonally over a neighbouring opposing piece and lands on the empty square directly behind it. The captured piece is removed from the board.',
    },
    task: {
      de: 'Hier kann Rot über den schwarzen Stein diagonal springen und auf dem leeren Feld dahinter landen.',
      en: 'Here Red can jump diagonally over the black man and land on the empty square behind it.',
    },
    rule: {
      de: 'Zum Schlagen springt ein Stein diagonal über einen benachbarten gegnerischen Stein und landet auf dem leeren Feld direkt dahinter.',
      en: 'To capture, a man jumps diagonally over a neighbouring opposing piece and lands on the empty square directly behind it.',
    },
    ok: (m) => m.captured.length === 1,
    done: { de: 'Geschlagen: Der schwarze Stein ist vom Brett.', en: 'Captured: the black man is off the board.' },
    hint: '22x15',
  },
  {
    fen: 'W:W27,30:B4,14,23',
    text: {
      de: 'Wenn ein Stein nach einem Schlagzug landet und sofort einen weiteren gegnerischen Stein überspringen kann, muss er weiterspringen. Eine Mehrfachsprung-Kette kann mehrere Steine in einem einzigen Zug schlagen. Derselbe Stein führt alle Sprünge aus, bevor der Zug endet.',
      en: 'When a man lands after a capture and can jump another opposing piece at once, it must jump on. A chain of jumps can capture several pieces in a single move. The same man makes every jump before the move ends.',
    },
    task: {
      de: 'In dieser Stellung kann der rote Stein zuerst den ersten schwarzen Stein überspringen, dann im selben Zug den zweiten, und beide schlagen. Ziehe ihn ans Ziel – oder Sprung für Sprung.',
      en: 'In this position the red man can jump the first black man, then the second in the same move, and capture both. Move it to the end – or jump by jump.',
    },
    rule: {
      de: 'Wenn ein Stein nach einem Schlagzug sofort einen weiteren gegnerischen Stein überspringen kann, muss er weiterspringen.',
      en: 'A man that can jump another piece at once after a capture must jump on.',
    },
    ok: (m) => m.captured.length === 2,
    done: { de: 'Zwei Steine in einem Zug geschlagen.', en: 'Two pieces captured in one move.' },
    hint: '27x18x9',
  },
  {
    fen: 'W:W22,25:B4,18',
    text: {
      de: 'Wenn ein Schlagzug möglich ist, musst du ihn ausführen. Du kannst keinen einfachen Zug wählen, wenn ein Sprung möglich ist.',
      en: 'When a capture is possible, you must make it. You cannot choose a plain move while a jump is possible.',
    },
    task: {
      de: 'Hier hat Rot zwei Steine, die ziehen könnten, aber nur der Stein, der springen kann, darf spielen, weil Schläge Pflicht sind.',
      en: 'Here Red has two men that could move, but only the one that can jump may play, because captures are compulsory.',
    },
    rule: { de: 'Schläge sind Pflicht: Solange ein Sprung möglich ist, ist kein einfacher Zug erlaubt.', en: 'Captures are compulsory: while a jump is possible, no plain move is allowed.' },
    ok: (m) => from(m) === 22,
    done: { de: 'Richtig: Der Stein, der springen konnte, hat geschlagen.', en: 'Right: the man that could jump has captured.' },
    hint: '22x15',
  },
  {
    fen: 'W:W22,31:B3,17,18',
    text: {
      de: 'Wenn mehrere Schläge möglich sind, darfst du wählen, welchen du ausführst, aber du musst mit einem davon schlagen.',
      en: 'When several captures are possible, you may choose which one to make, but you must make one of them.',
    },
    task: {
      de: 'Der rote Stein in Reihe 6 kann den linken oder den rechten schwarzen Stein schlagen. Wähle einen der beiden Schläge.',
      en: 'The red man on row 6 can capture the black man on the left or the one on the right. Choose either capture.',
    },
    rule: {
      de: 'Wenn mehrere Schläge möglich sind, darfst du wählen, welchen du ausführst, aber du musst mit einem davon schlagen.',
      en: 'When several captures are possible, you may choose which one to make, but you must make one of them.',
    },
    ok: (m) => m.captured.length === 1,
    done: { de: 'Gut gewählt: Jeder der beiden Schläge war erlaubt.', en: 'Well chosen: either capture was allowed.' },
    hint: '22x13',
  },
  {
    fen: 'W:W14,30:B2,18',
    text: {
      de: 'Normale Steine können sowohl vorwärts als auch rückwärts schlagen – ziehen aber nur vorwärts.',
      en: 'Men can capture both forwards and backwards – but they move forwards only.',
    },
    task: {
      de: 'Der schwarze Stein steht schräg hinter deinem Stein in Reihe 4. Schlage ihn rückwärts.',
      en: 'The black man stands diagonally behind your man on row 4. Capture it backwards.',
    },
    rule: { de: 'Normale Steine können sowohl vorwärts als auch rückwärts schlagen.', en: 'Men can capture both forwards and backwards.' },
    ok: (m) => from(m) === 14 && m.captured.includes(18),
    done: { de: 'Rückwärts geschlagen.', en: 'Captured backwards.' },
    hint: '14x23',
  },
  {
    fen: 'W:W7,30:B12',
    text: {
      de: 'Wenn ein Stein das gegenüberliegende Ende des Bretts erreicht, wird er zur Dame befördert. Rote Steine werden in Reihe 1 (oberer Rand) befördert; schwarze in Reihe 8 (unterer Rand).',
      en: 'When a man reaches the far end of the board, it is promoted to king. Red men are promoted on row 1 (the top edge), black men on row 8 (the bottom edge).',
    },
    task: {
      de: 'Ziehe den roten Stein in Reihe 2 nach Reihe 1: Er wird zur Dame und bekommt eine Krone.',
      en: 'Move the red man on row 2 to row 1: it becomes a king and gets a crown.',
    },
    rule: { de: 'Rote Steine werden in Reihe 1 (oberer Rand) zur Dame befördert.', en: 'Red men are promoted to king on row 1 (the top edge).' },
    ok: (m, v) => from(m) === 7 && kingOn(v, m.path.at(-1)),
    wrong: {
      de: 'Erlaubt, aber gesucht ist der Zug des Steins in Reihe 2 nach Reihe 1, wo er zur Dame wird.',
      en: 'Legal, but this step wants the man on row 2 to move to row 1, where it becomes a king.',
    },
    done: { de: 'Der Stein ist jetzt eine Dame.', en: 'The man is now a king.' },
    hint: '7-3',
  },
  {
    fen: 'W:WK15,29:B1,4',
    text: {
      de: 'Damen können sich diagonal in jede Richtung bewegen und schlagen, vorwärts und rückwärts. In den Standardregeln zieht eine Dame ein Feld weit.',
      en: 'Kings can move and capture diagonally in any direction, forwards and backwards. In the Standard rules a king moves one square.',
    },
    task: {
      de: 'Deine Dame (mit Krone) steht in Reihe 4. Ziehe sie rückwärts, also nach unten in Reihe 5.',
      en: 'Your king (with the crown) stands on row 4. Move it backwards, down to row 5.',
    },
    rule: { de: 'Damen können sich diagonal in jede Richtung bewegen, vorwärts und rückwärts.', en: 'Kings move diagonally in any direction, forwards and backwards.' },
    ok: (m) => from(m) === 15 && row(m.path[1]) > row(15),
    wrong: {
      de: 'Erlaubt, aber in diesem Schritt soll die Dame rückwärts ziehen – nach unten, in Reihe 5.',
      en: 'Legal, but in this step the king should move backwards – down, to row 5.',
    },
    done: { de: 'Die Dame ist rückwärts gezogen – das kann nur eine Dame.', en: 'The king moved backwards – only a king can.' },
    hint: '15-19',
  },
  {
    fen: 'W:WK10,30:B3,14',
    text: {
      de: 'Auch beim Schlagen springt die Dame in jede Richtung, vorwärts und rückwärts.',
      en: 'A king also captures in every direction, forwards and backwards.',
    },
    task: { de: 'Schlage mit der Dame den schwarzen Stein hinter ihr.', en: 'Capture the black man behind your king.' },
    rule: { de: 'Damen können diagonal in jede Richtung schlagen, vorwärts und rückwärts.', en: 'Kings capture diagonally in any direction, forwards and backwards.' },
    ok: (m) => from(m) === 10 && m.captured.length === 1,
    done: { de: 'Die Dame hat rückwärts geschlagen.', en: 'The king captured backwards.' },
    hint: '10x17',
  },
  {
    fen: 'W:W11,30:B6,7',
    text: {
      de: 'Die Beförderung beendet den Zug sofort – auch wenn ein weiterer Sprung möglich wäre.',
      en: 'Promotion ends the move at once – even if a further jump were possible.',
    },
    task: {
      de: 'Schlage den schwarzen Stein in Reihe 2. Dein Stein landet in Reihe 1 und wird zur Dame; über den zweiten schwarzen Stein springt er in diesem Zug nicht mehr.',
      en: 'Capture the black man on row 2. Your man lands on row 1 and becomes a king; it does not jump the second black man in this move.',
    },
    rule: { de: 'Die Beförderung beendet den Zug sofort – auch wenn ein weiterer Sprung möglich wäre.', en: 'Promotion ends the move at once – even if a further jump were possible.' },
    ok: (m, v) => m.captured.length === 1 && kingOn(v, m.path.at(-1)),
    done: {
      de: 'Der Stein ist zur Dame geworden, und der Zug ist zu Ende, obwohl die neue Dame über den Stein auf 6 springen könnte. Das darf sie erst im nächsten Zug.',
      en: 'The man became a king and the move is over, although the new king could jump the man on 6. It may do so on its next move.',
    },
    hint: '11x2',
  },
  {
    fen: 'W:W30,31:B19,26',
    text: {
      de: 'Das Spiel endet, wenn ein Spieler gewinnt. Es gibt zwei Siegbedingungen: 1. Alle Steine des Gegners schlagen. 2. Alle Steine des Gegners blockieren, sodass sie keinen legalen Zug haben.',
      en: 'The game ends when a player wins. There are two ways to win: 1. Capture all of the opponent’s pieces. 2. Block all of the opponent’s pieces so that they have no legal move.',
    },
    task: { de: 'Schlage alle schwarzen Steine in einem Zug.', en: 'Capture every black piece in one move.' },
    rule: { de: 'Wer alle Steine des Gegners schlägt, gewinnt.', en: 'Whoever captures all of the opponent’s pieces wins.' },
    ok: (_m, v) => v.outcome?.winner === 'red',
    wrong: {
      de: 'Nach diesem Schlag hat Schwarz noch einen Stein. Gesucht ist der Stein, der beide schwarzen Steine nacheinander überspringen kann.',
      en: 'After this capture Black still has a piece. Find the man that can jump both black men one after the other.',
    },
    done: { de: 'In dieser Stellung hat Rot alle schwarzen Steine geschlagen und gewinnt.', en: 'In this position Red has captured every black piece and wins.' },
    hint: '30x23x16',
  },
  {
    fen: 'W:W19,20:B12',
    text: {
      de: 'Die zweite Siegbedingung: Alle Steine des Gegners blockieren, sodass sie keinen legalen Zug haben.',
      en: 'The second way to win: block all of the opponent’s pieces so that they have no legal move.',
    },
    task: { de: 'Ziehe so, dass der schwarze Stein keinen legalen Zug mehr hat.', en: 'Move so that the black man has no legal move left.' },
    rule: { de: 'Wer am Zug ist und keinen legalen Zug hat, verliert.', en: 'A player to move who has no legal move loses.' },
    ok: (_m, v) => v.outcome?.winner === 'red',
    wrong: {
      de: 'Nach diesem Zug kann der schwarze Stein noch ziehen oder schlagen. Versperre ihm das Feld vor ihm – so, dass er auch nicht springen kann.',
      en: 'After this move the black man can still move or capture. Block the square in front of it – so that it cannot jump either.',
    },
    done: { de: 'Schwarz kann nicht mehr ziehen: Rot gewinnt.', en: 'Black cannot move: Red wins.' },
    hint: '20-16',
  },
  {
    fen: START,
    final: true,
    text: { de: 'Du kennst jetzt die Regeln.', en: 'You now know the rules.' },
    task: { de: 'Bereit, Dame zu spielen?', en: 'Ready to play?' },
    rule: { de: '', en: '' },
    done: { de: 'Bereit, Dame zu spielen?', en: 'Ready to play?' },
  },
];

/** The Blasen tutorial: seed 000 (docs/rules.md §4). @type {Step[]} */
const BLASEN = [
  {
    fen: 'W:W22,25:B5,18',
    text: {
      de: 'In den Blasen-Regeln ziehen und schlagen normale Steine nur vorwärts. Wenn mit einem Stein geschlagen werden kann, dann steht dieser unter Schlagzwang. Wenn mindestens ein Stein unter Schlagzwang steht und der Spieler schlägt nicht, so kann der Gegner einen der Steine, die unter Schlagzwang stehen, entfernen („blasen“).',
      en: 'In the Blasen rules men move and capture forwards only. A piece that can capture is under capture obligation. If at least one piece is under obligation and the player does not capture, the opponent may remove (“huff”) one of the obligated pieces.',
    },
    task: {
      de: 'Dein Stein auf 22 steht unter Schlagzwang (gelb markiert). Schlage diesmal nicht: Ziehe einen Stein, ohne zu schlagen, und sieh, was Schwarz tut.',
      en: 'Your man on 22 is under capture obligation (marked in yellow). Do not capture this time: move without capturing, and see what Black does.',
    },
    rule: {
      de: 'Wer nicht schlägt, obwohl ein Stein unter Schlagzwang steht, dem darf der Gegner einen dieser Steine blasen.',
      en: 'A player who does not capture although a piece is obligated may have one of those pieces huffed by the opponent.',
    },
    ok: (m) => m.captured.length === 0,
    wrong: {
      de: 'In diesem Schritt sollst du nicht schlagen, um zu sehen, was dann geschieht. Ziehe einen Stein, ohne zu schlagen.',
      en: 'In this step you should not capture, to see what happens then. Move a piece without capturing.',
    },
    reply: (v) => `h${v.huffable[0]} 5-9`,
    done: {
      de: 'Schwarz hat deinen Stein auf {sq} geblasen, weil er nicht geschlagen hat, und dann gezogen. Nicht zu schlagen kann trotzdem sinnvoll sein, wenn sich dadurch andere Vorteile ergeben.',
      en: 'Black huffed your man on {sq}, because it did not capture, and then moved. Not capturing may still be wise when it brings other advantages.',
    },
    hint: '25-21',
  },
  {
    fen: 'W:W18,30:B5,14:H14',
    text: {
      de: 'Schwarz hat im letzten Zug nicht geschlagen, obwohl der Stein auf 14 deinen Stein auf 18 hätte schlagen können. Deshalb darfst du ihn jetzt blasen: Ein Klick auf den blau markierten Stein entfernt ihn. Danach ziehst du wie gewohnt.',
      en: 'In its last move Black did not capture, although its man on 14 could have taken your man on 18. So you may huff it now: a click on the piece marked in blue removes it. Then you move as usual.',
    },
    task: { de: 'Blase den schwarzen Stein auf 14 (anklicken) und ziehe danach.', en: 'Huff the black man on 14 (click it), then move.' },
    rule: {
      de: 'Blasen darfst du vor deinem Zug einen der markierten Steine, die nicht geschlagen haben; wer zieht, ohne zu blasen, gibt das Recht auf.',
      en: 'Before your move you may huff one of the marked pieces that failed to capture; moving without huffing gives up the right.',
    },
    ok: (m) => m.huff === 14,
    wrong: {
      de: 'Du hast gezogen, ohne zu blasen – damit ist das Recht verfallen. Klicke zuerst den markierten schwarzen Stein an.',
      en: 'You moved without huffing – so the right lapsed. Click the marked black man first.',
    },
    done: { de: 'Geblasen und gezogen: So sieht ein Zug mit Blasen aus.', en: 'Huffed and moved: that is a turn with a huff.' },
    hint: 'h14 30-26',
  },
  {
    fen: 'W:WK29,30:B1,15',
    text: {
      de: 'Eine Dame kann rückwärts ziehen. Eine Dame kann beliebig viele Felder weit ziehen. Eine Dame muss, wenn sie schlägt, ebenfalls auf dem Feld direkt hinter dem geschlagenen Stein stehenbleiben. Schlägt sie mehrmals hintereinander, müssen alle weiteren Steine direkt neben ihr stehen.',
      en: 'A king can move backwards. A king can move any number of squares. When a king captures, it too must stop on the square directly behind the captured piece. If it captures several times in a row, every further piece must stand right next to it.',
    },
    task: {
      de: 'Schlage mit der Dame unten links den schwarzen Stein auf 15 – aus der Entfernung. Sie landet direkt dahinter.',
      en: 'Capture the black man on 15 with the king in the lower left corner – from a distance. It lands directly behind it.',
    },
    rule: {
      de: 'Eine Dame muss, wenn sie schlägt, auf dem Feld direkt hinter dem geschlagenen Stein stehenbleiben.',
      en: 'A king that captures must stop on the square directly behind the captured piece.',
    },
    ok: (m) => from(m) === 29 && m.captured.length === 1,
    wrong: {
      de: 'Erlaubt, aber hier soll die Dame den Stein auf 15 aus der Entfernung schlagen und direkt dahinter landen.',
      en: 'Legal, but here the king should capture the man on 15 from a distance and land right behind it.',
    },
    done: { de: 'Die Dame ist über vier Felder gezogen und direkt hinter dem Stein gelandet.', en: 'The king slid along the diagonal and landed right behind the piece.' },
    hint: '29x11',
  },
  {
    fen: 'W:W27,K29:B1,22,24',
    text: {
      de: 'Wenn eine Dame unter Schlagzwang steht, dann hat das eine höhere Priorität, als normale Steine unter Schlagzwang. Wird trotzdem nicht mit der Dame geschlagen, sondern z.B. nur mit einem normalen Stein, ist die Dame natürlich verloren.',
      en: 'When a king is under capture obligation, that ranks above men under obligation. If the player captures with a man instead of the king, the king is lost.',
    },
    task: { de: 'Deine Dame und dein Stein auf 27 können beide schlagen. Schlage mit der Dame.', en: 'Your king and your man on 27 can both capture. Capture with the king.' },
    rule: {
      de: 'Die Dame unter Schlagzwang geht vor: Schlägt ein normaler Stein statt ihrer, darf der Gegner die Dame blasen.',
      en: 'The obligated king comes first: if a man captures instead, the opponent may huff the king.',
    },
    ok: (m) => from(m) === 29 && m.captured.length > 0,
    wrong: {
      de: 'Nicht die Dame hat geschlagen, obwohl sie unter Schlagzwang stand: Deshalb hat Schwarz sie geblasen.',
      en: 'The king did not capture although it was obligated: so Black huffed it.',
    },
    punish: (v) => {
      const king = v.pieces.find((p) => p.king && p.color === 'red');
      return king && v.huffable.includes(king.sq) ? `h${king.sq} 1-5` : null;
    },
    done: { de: 'Richtig: Die Dame hat geschlagen, und Schwarz darf nichts blasen.', en: 'Right: the king captured, and Black may huff nothing.' },
    hint: '29x18',
  },
  {
    fen: START,
    final: true,
    text: { de: 'Du kennst jetzt das Blasen.', en: 'You now know huffing.' },
    task: { de: 'Bereit, Dame zu spielen?', en: 'Ready to play?' },
    rule: { de: '', en: '' },
    done: { de: 'Bereit, Dame zu spielen?', en: 'Ready to play?' },
  },
];

/** @type {Record<Kind, { rules: string, name: Words, steps: Step[] }>} */
export const TUTORIALS = {
  standard: { rules: 'standard', name: { de: 'Grundlagen (Standard)', en: 'Basics (Standard)' }, steps: STANDARD },
  blasen: { rules: 'blasen', name: { de: 'Blasen', en: 'Blasen (huffing)' }, steps: BLASEN },
};
/** @type {Kind[]} */
const KINDS = ['standard', 'blasen'];

/** The panel's words. @type {Record<string, Words>} */
const UI = {
  title: { de: 'Anleitung', en: 'Tutorial' },
  step: { de: 'Schritt {n} von {count}', en: 'Step {n} of {count}' },
  back: { de: '← Zurück', en: '← Back' },
  next: { de: 'Weiter →', en: 'Next →' },
  hint: { de: 'Tipp', en: 'Hint' },
  retry: { de: 'Nochmal', en: 'Try again' },
  leave: { de: 'Anleitung verlassen', en: 'Leave the tutorial' },
  play: { de: 'Spielen', en: 'Play' },
  backToGame: { de: 'Zurück zum Spiel', en: 'Back to the game' },
  kinds: { de: 'Welche Anleitung', en: 'Which tutorial' },
  wrongRetry: { de: 'Klicke auf „Nochmal“.', en: 'Click “Try again”.' },
  hintMove: { de: 'Tipp: {move} – der Pfeil zeigt den Zug.', en: 'Hint: {move} – the arrow shows the move.' },
  hintHuff: {
    de: 'Tipp: Klicke zuerst den blau markierten Stein auf {sq} an (blasen), dann ziehe zum Beispiel {move}.',
    en: 'Hint: first click the piece marked in blue on {sq} (huff), then move, for instance {move}.',
  },
  doneNext: { de: 'Weiter mit „Weiter“.', en: 'Go on with “Next”.' },
};

// ------------------------------------------------------------------ progress

/** @typedef {{ step: number, reached: number }} Place */
/** @typedef {{ kind: Kind, standard: Place, blasen: Place }} Progress */

/** The remembered progress, checked: anything that is not a step of the tutorial counts as none.
 * @returns {Progress} */
export function readProgress() {
  /** @type {Progress} */
  const out = { kind: 'standard', standard: { step: 0, reached: 0 }, blasen: { step: 0, reached: 0 } };
  /** @type {any} */
  let data = null;
  try {
    data = JSON.parse(storage()?.getItem(KEY) ?? 'null');
  } catch {
    return out;
  }
  if (!data || typeof data !== 'object' || data.version !== 1) return out;
  if (data.kind === 'blasen') out.kind = 'blasen';
  for (const kind of KINDS) {
    const p = data[kind];
    if (!p || typeof p !== 'object') continue;
    const n = TUTORIALS[kind].steps.length;
    const index = (/** @type {unknown} */ x) => (Number.isInteger(x) && Number(x) >= 0 && Number(x) < n ? Number(x) : 0);
    const reached = index(p.reached);
    out[kind] = { reached, step: Math.min(index(p.step), reached) };
  }
  return out;
}

function writeProgress() {
  try {
    storage()?.setItem(KEY, JSON.stringify({ version: 1, ...progress }));
  } catch {
    // full or blocked: the tutorial goes on, unremembered
  }
}

// ------------------------------------------------------------------ the tutorial on the board

/** The game that was there, put aside while the tutorial runs.
 * @typedef {{ game: WebGame | null, gameId: string | null, phase: Phase, elsewhere: 'same' | 'other' | null,
 *   orientation: Color, message: Message, prompt: Message | null, lastMove: LastMove | null }} Aside */

/** @type {Aside | null} */
let aside = null;
/** @type {Progress} */
let progress = readProgress();
/** @type {Kind} */
let kind = progress.kind;
let index = 0;
/** 'todo': the player is to move; 'busy': the opponent answers; 'done'; 'wrong': retry. */
let status = 'todo';
/** The square the scripted answer huffed, for the step's words. */
let huffed = 0;
/** Whether the hint is shown. */
let hinted = false;

/** @type {TutorialHook} */
const hook = { open: false, rule: () => (aside ? w(current().rule) : ''), after: onTurn };

const current = () => TUTORIALS[kind].steps[index];

/** Opens the tutorial where the player left it (from the start screen or from a game). */
export function open() {
  const bindings = state.bindings;
  if (state.tutorial || !bindings) return;
  stopComputer();
  aside = {
    game: state.game, gameId: state.gameId, phase: state.phase, elsewhere: state.elsewhere,
    orientation: state.orientation, message: state.message, prompt: state.prompt, lastMove: state.lastMove,
  };
  progress = readProgress();
  kind = progress.kind;
  update((s) => {
    s.tutorial = hook;
    s.gameId = null;
    s.elsewhere = null;
    s.share = null;
    s.orientation = 'red';
  });
  buildPanel();
  document.body.classList.add('in-tutorial');
  show(progress[kind].step);
  $('tutorial-title').focus({ preventScroll: true });
}

/** Shows step `i` of the current tutorial from its position. @param {number} i */
function show(i) {
  const steps = TUTORIALS[kind].steps;
  const bindings = state.bindings;
  if (!bindings || !aside) return;
  index = Math.max(0, Math.min(i, steps.length - 1));
  const step = current();
  const game = new bindings.WebGame(TUTORIALS[kind].rules, step.fen);
  stopComputer();
  const old = state.game;
  status = step.final ? 'done' : 'todo';
  hinted = false;
  update((s) => {
    s.game = game;
    s.phase = 'playing';
    clearBoard(s);
    refresh(s);
    hook.open = !step.final;
    say(s, step.final ? w(step.task) : t('yourTurnMove'), 'info');
    s.prompt = { ...s.message };
  });
  if (old && old !== aside.game) old.free();
  progress.kind = kind;
  progress[kind].step = index;
  writeProgress();
  syncPanel();
  // On an upright phone the panel is under the board: a step begins with the board in view (its
  // task and buttons come right under it, www/learn.css), as a game does after Play.
  if (matchMedia('(max-width: 820px) and (orientation: portrait)').matches) showBoard();
}


/** After each of the player's turns (from the turn order): the step's move, or why not. */
function onTurn() {
  const step = current();
  const v = state.view;
  const m = state.lastMove;
  if (status !== 'todo' || !v) return;
  if (!m || v.plies === 0) {
    // Nothing played (the language changed, say): what to do again.
    update((s) => say(s, t('yourTurnMove'), 'info'));
    return;
  }
  if (step.ok && !step.ok(m, v)) {
    const punish = step.punish?.(v);
    if (punish) answer(punish).then((shown) => { if (shown) wrong(); });
    else wrong();
  } else if (step.reply) {
    answer(step.reply(v)).then((played) => { if (played) done(); });
  } else {
    done();
  }
}

/** The move made is not the step's: said why, in the step's words; the step can be tried again. */
function wrong() {
  const step = current();
  if (!aside || status === 'wrong') return;
  status = 'wrong';
  update((s) => {
    hook.open = false;
    s.required = [];
    say(s, `${w(step.wrong ?? step.rule)} ${w(UI.wrongRetry)}`, 'error');
  });
  syncPanel();
  $('tutorial-retry').focus({ preventScroll: true });
}

/** The opponent's scripted answer, played through the wasm layer and shown; whether it was (and
 * the step is still shown). @param {string} text @returns {Promise<boolean>} */
async function answer(text) {
  const game = state.game;
  const before = state.view;
  if (!game || !before) return false;
  status = 'busy';
  update(() => { hook.open = false; });
  syncPanel();
  const mine = state.epoch;
  let turn;
  try {
    turn = game.playText(text);
  } catch (e) {
    // Not expected (each answer was checked with `dame moves`): said, and the step goes on.
    update((s) => say(s, problemText(e), 'error'));
    return true;
  }
  huffed = turn.huff ?? 0;
  await animateTurn(turn, before);
  if (mine !== state.epoch || game !== state.game) return false;
  update((s) => {
    s.lastMove = { path: turn.path, captured: turn.captured, huff: turn.huff };
    refresh(s);
  });
  return true;
}

/** The step is made: said, remembered, and the next one open. */
function done() {
  status = 'done';
  const steps = TUTORIALS[kind].steps;
  progress[kind].reached = Math.max(progress[kind].reached, Math.min(index + 1, steps.length - 1));
  writeProgress();
  update((s) => {
    hook.open = false;
    s.required = [];
    say(s, `${w(current().done, { sq: huffed })} ${w(UI.doneNext)}`, 'info');
  });
  syncPanel();
  $('tutorial-next').focus({ preventScroll: true });
}

/** Shows the step's move on the board (an arrow), and says it. */
function hint() {
  const step = current();
  const game = state.game;
  const v = state.view;
  if (!step.hint || status !== 'todo' || !game || !v) return;
  const parts = step.hint.split(' ');
  const move = parts[parts.length - 1];
  const huff = parts.length > 1 && v.pendingHuff == null ? Number(parts[0].slice(1)) : null;
  const path = game.grab(Number(move.split(/[-x]/)[0])).paths.find((p) => p.text === move) ?? null;
  hinted = true;
  update((s) => {
    s.selected = null;
    s.drag = null;
    s.required = path ? [path] : [];
    say(s, huff != null ? w(UI.hintHuff, { sq: huff, move }) : w(UI.hintMove, { move }), 'info');
  });
  syncPanel();
}

/** Leaves the tutorial: the game that was there comes back as it was. */
function leave() {
  const back = aside;
  if (!back) return;
  stopComputer();
  const mine = state.game;
  update((s) => {
    s.tutorial = null;
    s.game = back.game;
    s.gameId = back.gameId;
    s.phase = back.phase;
    s.elsewhere = back.elsewhere;
    clearBoard(s);
    s.orientation = back.orientation;
    if (back.game) refresh(s);
    s.lastMove = back.lastMove;
    s.message = back.phase === 'setup' ? { text: beforePlay(), kind: 'info' } : back.message;
    s.prompt = back.prompt;
  });
  if (mine && mine !== back.game) mine.free();
  aside = null;
  document.body.classList.remove('in-tutorial');
  const focused = document.activeElement;
  document.getElementById('tutorial')?.remove();
  // The focus was in the panel just removed: to the button that opens the tutorial again, once the
  // redraw has shown it (this frame callback runs after the redraw's).
  if (!focused || !focused.isConnected) {
    requestAnimationFrame(() => $(back.phase === 'setup' ? 'tutorial-open' : 'tutorial-open-game').focus({ preventScroll: true }));
  }
  if (back.phase === 'playing' && !back.elsewhere) afterTurn();
}

/** The last step's button: a real game in the tutorial's rules from the start screen; from a game,
 * back to that game (it is not ended for a new one). */
function play() {
  const fromSetup = aside?.phase === 'setup';
  const rules = TUTORIALS[kind].rules;
  leave();
  if (fromSetup) {
    update((s) => { s.settings = { ...s.settings, rules }; });
    saveSettings(state.settings);
    fillPanel();
    newGame('playing');
  }
}

// ------------------------------------------------------------------ the panel

/** The tutorial's part of the panel, before the rest of it. */
function buildPanel() {
  document.getElementById('tutorial')?.remove();
  const section = el('section', { id: 'tutorial', 'aria-labelledby': 'tutorial-title' });
  const kinds = el('div', { class: 'tut-kinds', role: 'group', id: 'tutorial-kinds' });
  for (const k of KINDS) {
    const b = el('button', { type: 'button', 'data-kind': k });
    b.addEventListener('click', () => {
      if (k === kind) return;
      kind = k;
      show(progress[k].step);
    });
    kinds.append(b);
  }
  const title = el('h2', { id: 'tutorial-title', tabindex: '-1' });
  const count = el('p', { id: 'tutorial-count', class: 'tut-count' });
  const text = el('p', { id: 'tutorial-text', class: 'tut-text' });
  const task = el('p', { id: 'tutorial-task', class: 'tut-task' });
  const nav = el('div', { class: 'tut-nav' });
  /** @type {[string, () => void][]} */
  const buttons = [
    ['tutorial-back', () => show(index - 1)],
    ['tutorial-hint', hint],
    ['tutorial-retry', () => show(index)],
    ['tutorial-next', () => show(index + 1)],
  ];
  for (const [id, fn] of buttons) {
    const b = el('button', { type: 'button', id });
    b.addEventListener('click', fn);
    nav.append(b);
  }
  const playButton = el('button', { type: 'button', id: 'tutorial-play', class: 'primary' });
  playButton.addEventListener('click', play);
  const leaveButton = el('button', { type: 'button', id: 'tutorial-leave', class: 'link' });
  leaveButton.addEventListener('click', leave);
  section.append(title, kinds, count, text, task, nav, playButton, leaveButton);
  $('panel').prepend(section);
}

/** The panel in step with the tutorial, in the page's language. */
function syncPanel() {
  const section = document.getElementById('tutorial');
  if (!section) return;
  const steps = TUTORIALS[kind].steps;
  const step = current();
  section.dataset.kind = kind;
  section.dataset.step = String(index);
  section.dataset.status = status;
  section.dataset.hint = hinted && step.hint ? step.hint : '';
  const set = (/** @type {string} */ id, /** @type {string} */ text) => {
    const e = $(id);
    if (e.textContent !== text) e.textContent = text;
  };
  set('tutorial-title', `${w(UI.title)}: ${w(TUTORIALS[kind].name)}`);
  $('tutorial-kinds').setAttribute('aria-label', w(UI.kinds));
  for (const b of $('tutorial-kinds').querySelectorAll('button')) {
    const k = /** @type {Kind} */ (b.dataset.kind);
    b.textContent = w(TUTORIALS[k].name);
    b.setAttribute('aria-pressed', String(k === kind));
  }
  set('tutorial-count', w(UI.step, { n: index + 1, count: steps.length }));
  set('tutorial-text', w(step.text));
  set('tutorial-task', w(step.task));
  set('tutorial-back', w(UI.back));
  set('tutorial-next', w(UI.next));
  set('tutorial-hint', w(UI.hint));
  set('tutorial-retry', w(UI.retry));
  set('tutorial-leave', w(UI.leave));
  set('tutorial-play', aside?.phase === 'setup' ? w(UI.play) : w(UI.backToGame));
  /** @type {(id: string, on: boolean) => void} */
  const enable = (id, on) => { $(id, HTMLButtonElement).disabled = !on; };
  enable('tutorial-back', index > 0);
  enable('tutorial-next', index < steps.length - 1 && (index < progress[kind].reached || status === 'done'));
  enable('tutorial-hint', status === 'todo' && !!step.hint);
  $('tutorial-hint').hidden = !!step.final;
  $('tutorial-retry').hidden = !!step.final;
  enable('tutorial-retry', status !== 'busy');
  $('tutorial-next').classList.toggle('primary', status === 'done' && !step.final);
  $('tutorial-retry').classList.toggle('primary', status === 'wrong');
  $('tutorial-play').hidden = !step.final;
}

/** The language switch (after the page's own): the panel and the message in the other one. */
onLangSwitched(() => {
  if (!state.tutorial) return;
  syncPanel();
  const step = current();
  const text = status === 'done' && !step.final ? `${w(step.done, { sq: huffed })} ${w(UI.doneNext)}`
    : status === 'wrong' ? `${w(step.wrong ?? step.rule)} ${w(UI.wrongRetry)}` : step.final ? w(step.task) : t('yourTurnMove');
  update((s) => {
    say(s, text, status === 'wrong' ? 'error' : 'info');
    s.prompt = status === 'todo' ? { ...s.message } : s.prompt;
  });
});
