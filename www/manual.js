// @ts-check
// The rules of each preset in words, German and English, in a dialog (loaded with import() when
// first opened). Blasen: the manual of seed 000, adapted to this page; Standard and Standard mit
// Flugdamen: the tutorial of seed 002; English checkers and Russian draughts: short cards. They
// say what docs/rules.md says (§3 for the parameters, §4 huffing, §5 the end of the game).

import { state } from './state.js';
import { lang, t, nameOf } from './i18n.js';

/** @typedef {{ de: string, en: string }} Words */
/** A section: a heading and its paragraphs (or, with `list`, the items of a list).
 * @typedef {{ h: Words, p: Words[], list?: boolean }} Section */

/** @type {Section} */
const PLAYING = {
  h: { de: 'Bedienung', en: 'How to play here' },
  p: [{
    de: 'Wähle Regeln, Gegner und Farbe und klicke auf „Spielen“. Gezogen wird per Drag & Drop: einen Stein mit der Maus oder dem Finger anfassen und zu dem Feld ziehen, wohin er soll. Du kannst auch erst den Stein und dann das Zielfeld anklicken. Bei einem Mehrfachsprung ziehst du ans Ziel oder Sprung für Sprung.',
    en: 'Choose the rules, the opponent and your colour and click “Play”. Move by drag and drop: take a piece with the mouse or your finger and drag it to the square it should go to. You can also click the piece and then its destination. In a multiple capture, drag to the end or jump by jump.',
  }],
};

/** @type {Section} */
const END = {
  h: { de: 'Spielende', en: 'End of the game' },
  p: [
    {
      de: 'Es gibt zwei Siegbedingungen: 1. Alle Steine des Gegners schlagen. 2. Alle Steine des Gegners blockieren, sodass sie keinen legalen Zug haben.',
      en: 'There are two ways to win: 1. Capture all of the opponent’s pieces. 2. Block all of the opponent’s pieces so that they have no legal move.',
    },
    {
      de: 'Unentschieden ist es, wenn dieselbe Stellung mit demselben Spieler am Zug zum dritten Mal entsteht, oder wenn jede Seite 40 Züge gemacht hat, ohne zu schlagen, zu blasen oder einen normalen Stein zu ziehen. Aufgeben kannst du jederzeit.',
      en: 'The game is drawn when the same position with the same player to move occurs for the third time, or when each side has made 40 moves without a capture, a huff or a man moved. You may resign at any time.',
    },
  ],
};

/** Blasen: seed 000, adapted to this page. @type {Section[]} */
const BLASEN = [
  {
    h: { de: 'Ziel', en: 'Aim' },
    p: [{
      de: 'Rot beginnt; wenn du nichts anderes wählst, bist du „Rot“ und darfst beginnen. Ziel des Spieles ist es, dem Gegner alle Steine zu schlagen oder ihn in eine Lage zu bringen, in der er mit keinem Stein einen gültigen Zug machen kann.',
      en: 'Red moves first; unless you choose otherwise, you are “Red” and begin. The aim of the game is to capture all of the opponent’s pieces, or to bring them into a position in which none of their pieces can make a valid move.',
    }],
  },
  {
    h: { de: 'Ziehen', en: 'Moving' },
    p: [{
      de: 'Normale Steine können sich nur diagonal um jeweils ein Feld nach vorne bewegen. Gezogen wird per Drag & Drop, d.h. mit der Maus einen Spielstein anfassen und zu dem Feld ziehen, wohin der Stein soll – oder den Stein und dann das Zielfeld anklicken.',
      en: 'Men can only move diagonally forwards, one square at a time. Move by drag and drop: take a piece with the mouse and drag it to the square it should go to – or click the piece and then its destination.',
    }],
  },
  {
    h: { de: 'Schlagen', en: 'Capturing' },
    p: [{
      de: 'Geschlagen wird ebenfalls nur diagonal und nach vorne. Um einen gegnerischen Stein zu schlagen, muss über ihn hinweggezogen werden, d.h. das Feld direkt hinter dem gegnerischen Stein muss frei sein. Nachdem ein Stein geschlagen wurde, kann – falls möglich – direkt hinterher der nächste Stein geschlagen werden.',
      en: 'Men capture diagonally and forwards only, too. To capture an opposing piece, jump over it: the square directly behind it must be empty. After a capture the next piece can be captured straight away, if possible.',
    }],
  },
  {
    h: { de: 'Schlagzwang und Blasen', en: 'Capture obligation and huffing' },
    p: [
      {
        de: 'Wenn mit einem Stein geschlagen werden kann, dann steht dieser unter Schlagzwang; das Spiel markiert solche Steine gelb. Wenn mindestens ein Stein unter Schlagzwang steht – es können ja auch mehrere sein – und der Spieler schlägt nicht, so kann der Gegner einen der Steine, die unter Schlagzwang stehen, entfernen („blasen“).',
        en: 'A piece that can capture is under capture obligation; the game marks such pieces in yellow. If at least one piece is under obligation – there may be several – and the player does not capture, the opponent may remove (“huff”) one of the pieces that were under obligation.',
      },
      {
        de: 'Unter Umständen kann es durchaus sinnvoll sein, mit einem Stein unter Schlagzwang nicht zu schlagen, wenn sich dadurch andere Vorteile ergeben.',
        en: 'It can well make sense not to capture with an obligated piece, when that brings other advantages.',
      },
      {
        de: 'Blasen: Zu Beginn deines Zuges sind die Steine, die du blasen darfst, blau markiert. Klicke einen davon an, um ihn zu entfernen, und ziehe dann wie gewohnt. Ziehst du, ohne zu blasen, verfällt das Recht. Wer einen Mehrfachsprung abbricht (ein Klick auf den Stein), obwohl er weiterschlagen könnte, dessen Stein darf ebenfalls geblasen werden.',
        en: 'Huffing: at the start of your turn the pieces you may huff are marked in blue. Click one to remove it, then move as usual. If you move without huffing, the right lapses. A piece that stops a multiple capture early (a click on it) although it could capture on may be huffed as well.',
      },
    ],
  },
  {
    h: { de: 'Verwandeln eines Steins in eine Dame', en: 'A man becomes a king' },
    p: [{
      de: 'Erreicht ein einfacher Stein die letzte Reihe, so verwandelt er sich in eine Dame, die mit einer Krone gekennzeichnet wird. Erreicht er sie mitten in einem Schlagzug, ist der Zug damit zu Ende.',
      en: 'A man that reaches the last row becomes a king, marked with a crown. If it reaches it in the middle of a capture, the move ends there.',
    }],
  },
  {
    h: { de: 'Besondere Eigenschaften der Dame(n)', en: 'What kings can do' },
    list: true,
    p: [
      { de: 'Eine Dame kann rückwärts ziehen.', en: 'A king can move backwards.' },
      { de: 'Eine Dame kann beliebig viele Felder weit ziehen.', en: 'A king can move any number of squares.' },
      {
        de: 'Eine Dame muss, wenn sie schlägt, ebenfalls auf dem Feld direkt hinter dem geschlagenen Stein stehenbleiben.',
        en: 'When a king captures, it too must stop on the square directly behind the captured piece.',
      },
      {
        de: 'Eine Dame kann auch mehrmals hintereinander schlagen. Allerdings müssen alle weiteren Steine, die übersprungen werden sollen, direkt neben der Dame stehen. D.h. beim zweiten, dritten, … Schlagen kann die Dame zwar auch rückwärts schlagen, ansonsten aber nur genauso, wie die normalen Steine.',
        en: 'A king can capture several times in a row. But every further piece to be jumped must stand directly next to the king: on the second, third, … capture the king may capture backwards too, but otherwise only as a man does.',
      },
    ],
  },
  {
    h: { de: 'Dame unter Schlagzwang', en: 'A king under capture obligation' },
    p: [{
      de: 'Wenn eine Dame unter Schlagzwang steht, dann hat das eine höhere Priorität, als normale Steine unter Schlagzwang. Wird trotzdem nicht mit der Dame geschlagen, sondern z.B. nur mit einem normalen Stein, ist die Dame natürlich verloren: Der Gegner darf sie blasen.',
      en: 'A king under capture obligation ranks above men under obligation. If the player captures with a man instead of the king, the king is lost: the opponent may huff it.',
    }],
  },
  END,
];

/** Standard and Standard mit Flugdamen: seed 002. @param {boolean} flying @returns {Section[]} */
function standard(flying) {
  return [
    {
      h: { de: 'Brett und Steine', en: 'Board and pieces' },
      p: [{
        de: 'Dame wird auf den dunklen Feldern eines 8x8-Bretts gespielt. Jeder Spieler beginnt mit 12 Steinen. Schwarz belegt die dunklen Felder in den oberen drei Reihen (1-3). Rot belegt die dunklen Felder in den unteren drei Reihen (6-8). Rot zieht immer zuerst. Steine können nur auf dunklen Feldern ziehen und schlagen.',
        en: 'Dame is played on the dark squares of an 8×8 board. Each player starts with 12 men. Black takes the dark squares of the top three rows (1–3), Red those of the bottom three rows (6–8). Red always moves first. Pieces move and capture on dark squares only.',
      }],
    },
    {
      h: { de: 'Ziehen', en: 'Moving' },
      p: [{
        de: 'Normale Steine bewegen sich diagonal ein Feld vorwärts auf ein leeres dunkles Feld. Rot bewegt sich Richtung Brettoberkante; Schwarz Richtung Unterkante. Steine können nicht rückwärts ziehen, bis sie zu Damen werden.',
        en: 'Men move diagonally one square forwards onto an empty dark square. Red moves towards the top edge, Black towards the bottom edge. Men cannot move backwards until they become kings.',
      }],
    },
    {
      h: { de: 'Schlagen', en: 'Capturing' },
      p: [
        {
          de: 'Zum Schlagen springt ein Stein diagonal über einen benachbarten gegnerischen Stein und landet auf dem leeren Feld direkt dahinter. Der geschlagene Stein wird vom Brett entfernt. Normale Steine können sowohl vorwärts als auch rückwärts schlagen.',
          en: 'To capture, a man jumps diagonally over a neighbouring opposing piece and lands on the empty square directly behind it. The captured piece is removed from the board. Men can capture both forwards and backwards.',
        },
        {
          de: 'Wenn ein Stein nach einem Schlagzug landet und sofort einen weiteren gegnerischen Stein überspringen kann, muss er weiterspringen. Eine Mehrfachsprung-Kette kann mehrere Steine in einem einzigen Zug schlagen. Derselbe Stein führt alle Sprünge aus, bevor der Zug endet.',
          en: 'When a man lands after a capture and can jump another opposing piece at once, it must jump on. A chain of jumps can capture several pieces in a single move; the same piece makes every jump before the move ends.',
        },
      ],
    },
    {
      h: { de: 'Schlagpflicht', en: 'Compulsory capture' },
      p: [{
        de: 'Wenn ein Schlagzug möglich ist, musst du ihn ausführen. Du kannst keinen einfachen Zug wählen, wenn ein Sprung möglich ist. Wenn mehrere Schläge möglich sind, darfst du wählen, welchen du ausführst, aber du musst mit einem davon schlagen.',
        en: 'When a capture is possible, you must make it: you cannot choose a plain move while a jump is possible. When several captures are possible, you may choose which one to make, but you must make one of them.',
      }],
    },
    {
      h: { de: 'Damen', en: 'Kings' },
      p: [
        {
          de: 'Wenn ein Stein das gegenüberliegende Ende des Bretts erreicht, wird er zur Dame befördert (mit Krone). Rote Steine werden in Reihe 1 (oberer Rand) befördert; schwarze in Reihe 8 (unterer Rand). Die Beförderung beendet den Zug sofort – auch wenn ein weiterer Sprung möglich wäre.',
          en: 'When a man reaches the far end of the board, it is promoted to king (with a crown). Red men are promoted on row 1 (the top edge), black men on row 8 (the bottom edge). Promotion ends the move at once – even if a further jump were possible.',
        },
        flying
          ? {
            de: 'Damen können sich diagonal in jede Richtung bewegen und schlagen, vorwärts und rückwärts. Mit Flugdamen kann eine Dame mehrere Felder entlang einer Diagonale gleiten, solange sie frei sind. Sie schlägt auch aus der Entfernung und darf auf jedem freien Feld hinter dem geschlagenen Stein landen; kann sie von einem dieser Felder aus weiterschlagen, muss sie auf einem solchen landen.',
            en: 'Kings move and capture diagonally in any direction, forwards and backwards. With flying kings a king can slide several squares along a diagonal, as long as they are empty. It also captures from a distance and may land on any empty square behind the captured piece; if it can capture on from some of those squares, it must land on one of them.',
          }
          : {
            de: 'Damen können sich diagonal in jede Richtung bewegen und schlagen, vorwärts und rückwärts – jeweils ein Feld weit: Eine Dame springt über einen benachbarten Stein und landet direkt dahinter.',
            en: 'Kings move and capture diagonally in any direction, forwards and backwards – one square at a time: a king jumps a neighbouring piece and lands directly behind it.',
          },
      ],
    },
    END,
    PLAYING,
  ];
}

/** @type {Record<string, Section[]>} */
const CARDS = {
  blasen: [...BLASEN, PLAYING],
  standard: standard(false),
  'standard-flying': standard(true),
  english: [
    {
      h: { de: 'Die Regeln in Kürze', en: 'The rules in brief' },
      list: true,
      p: [
        { de: 'Normale Steine ziehen und schlagen nur diagonal vorwärts.', en: 'Men move and capture diagonally forwards only.' },
        { de: 'Damen ziehen und schlagen ein Feld weit in jede Richtung.', en: 'Kings move and capture one square in any direction.' },
        {
          de: 'Schlagen ist Pflicht, und ein Mehrfachsprung wird bis zum Ende ausgeführt. Unter mehreren Schlägen darfst du frei wählen.',
          en: 'Capturing is compulsory, and a multiple capture is taken to its end. Among several captures you may choose freely.',
        },
        {
          de: 'Ein Stein, der die letzte Reihe erreicht, wird zur Dame; damit ist der Zug zu Ende, auch mitten in einem Schlagzug.',
          en: 'A man that reaches the last row becomes a king, and the move ends there, even in the middle of a capture.',
        },
        {
          de: 'Notation: die ACF-Felder 1–32, gezählt von der Seite, die anfängt (hier Rot, bei der ACF „Schwarz“). Der erste Zug 22-18 heißt hier 11-15.',
          en: 'Notation: the ACF squares 1–32, counted from the side that moves first (Red here, “Black” in ACF). The first move 22-18 is written 11-15.',
        },
      ],
    },
    END,
    PLAYING,
  ],
  russian: [
    {
      h: { de: 'Die Regeln in Kürze', en: 'The rules in brief' },
      list: true,
      p: [
        { de: 'Normale Steine ziehen diagonal vorwärts und schlagen vorwärts und rückwärts.', en: 'Men move diagonally forwards and capture forwards and backwards.' },
        {
          de: 'Damen fliegen: Sie ziehen beliebig weit, schlagen aus der Entfernung und landen auf einem beliebigen freien Feld hinter dem geschlagenen Stein – auf einem, von dem aus sie weiterschlagen können, wenn es eines gibt.',
          en: 'Kings fly: they move any distance, capture from a distance and land on any empty square behind the captured piece – on one from which they can capture on, if there is one.',
        },
        {
          de: 'Schlagen ist Pflicht, und ein Mehrfachsprung wird bis zum Ende ausgeführt. Unter mehreren Schlägen darfst du frei wählen.',
          en: 'Capturing is compulsory, and a multiple capture is taken to its end. Among several captures you may choose freely.',
        },
        {
          de: 'Erreicht ein Stein mitten in einem Schlagzug die letzte Reihe, wird er zur Dame und schlägt, wenn er kann, als Dame weiter.',
          en: 'A man that reaches the last row in the middle of a capture becomes a king and, if it can, captures on as a king.',
        },
        {
          de: 'Notation: Felder a1–h8, gesehen von der Seite, die anfängt (hier Rot, in der russischen Notation „Weiß“). Der erste Zug 22-18 heißt hier c3-d4, ein Schlag c3:e5.',
          en: 'Notation: squares a1–h8, seen from the side that moves first (Red here, “White” in Russian notation). The first move 22-18 is written c3-d4, a capture c3:e5.',
        },
      ],
    },
    END,
    PLAYING,
  ],
};

/** The dialog's own words. @type {Record<string, Words>} */
const UI = {
  title: { de: 'Spielregeln: {name}', en: 'Rules: {name}' },
  preset: { de: 'Regeln für', en: 'Rules for' },
  brief: { de: 'Die Regeln in Kürze', en: 'The rules in brief' },
};

/** Where the focus was before the dialog opened. @type {Element | null} */
let before = null;

/** @param {Words} words */
const w = (words) => words[lang()];

/** @param {string} tag @param {Record<string, string>} [attrs] @param {string} [text] */
function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The dialog, made once. @returns {HTMLDialogElement} */
function dialog() {
  const found = document.getElementById('manual');
  if (found instanceof HTMLDialogElement) return found;
  const d = /** @type {HTMLDialogElement} */ (el('dialog', { id: 'manual', 'aria-labelledby': 'manual-title' }));
  const head = el('div', { class: 'manual-head' });
  const close = el('button', { type: 'button', id: 'manual-close', class: 'close' }, '×');
  close.addEventListener('click', () => d.close());
  head.append(el('h2', { id: 'manual-title' }), close);
  const choose = el('label', { class: 'manual-preset' });
  const select = /** @type {HTMLSelectElement} */ (el('select', { id: 'manual-preset' }));
  select.addEventListener('change', () => fill(d, select.value));
  choose.append(el('span', { id: 'manual-preset-label' }), select);
  // The text scrolls: it takes the focus, so that it scrolls with the keys too.
  d.append(head, choose, el('div', { id: 'manual-body', tabindex: '0', role: 'region', 'aria-labelledby': 'manual-title' }));
  // Escape closes the dialog alone (the page's own Escape, which closes the result card or puts a
  // piece down, is not meant).
  d.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    d.close();
  });
  // Focus goes back where it was (the button that opened it).
  d.addEventListener('close', () => {
    if (before instanceof HTMLElement && before.isConnected) before.focus({ preventScroll: true });
  });
  document.body.append(d);
  return d;
}

/** Writes the rules of preset `id` into the dialog. @param {HTMLDialogElement} d @param {string} id */
function fill(d, id) {
  const preset = state.presets.find((p) => p.id === id);
  // Every preset of the registry has a card (a native test checks it); should one be missing, its
  // registry note is shown, never another preset's card.
  const sections = CARDS[id] ?? (preset ? [{ h: UI.brief, p: [{ de: preset.noteDe, en: preset.noteEn }] }, END, PLAYING] : []);
  const name = preset ? nameOf(preset) : id;
  d.dataset.preset = id;
  d.dataset.lang = lang();
  /** @type {HTMLElement} */ (d.querySelector('#manual-title')).textContent = w(UI.title).replace('{name}', name);
  /** @type {HTMLElement} */ (d.querySelector('#manual-close')).setAttribute('aria-label', t('close'));
  /** @type {HTMLElement} */ (d.querySelector('#manual-preset-label')).textContent = w(UI.preset);
  const select = /** @type {HTMLSelectElement} */ (d.querySelector('#manual-preset'));
  select.replaceChildren(...state.presets.map((p) => new Option(nameOf(p), p.id, false, p.id === id)));
  const body = /** @type {HTMLElement} */ (d.querySelector('#manual-body'));
  body.replaceChildren(...sections.flatMap((s) => {
    const h = el('h3', {}, w(s.h));
    if (s.list) {
      const ul = el('ul');
      ul.append(...s.p.map((p) => el('li', {}, w(p))));
      return [h, ul];
    }
    return [h, ...s.p.map((p) => el('p', {}, w(p)))];
  }));
  body.scrollTop = 0;
}

/** Opens the rules of the preset being played (or chosen), in the page's language. */
export function open() {
  const d = dialog();
  fill(d, state.view?.rules ?? state.settings.rules);
  if (!d.open) {
    before = document.activeElement;
    d.showModal();
  }
  /** @type {HTMLElement} */ (d.querySelector('#manual-close')).focus();
}
