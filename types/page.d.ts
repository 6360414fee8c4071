// The page's own types (www/): its state, the held piece, a drag, an animation. Written by hand;
// kept here rather than as JSDoc in www/, so that the words describing them are not shipped.

import type { Bindings, WebGame } from './bindings';
import type { LevelView } from './LevelView';
import type { PathView } from './PathView';
import type { PieceView } from './PieceView';
import type { PresetView } from './PresetView';
import type { RefusalCode } from './RefusalCode';
import type { Side } from './Side';
import type { View } from './View';
import type { WorkerReply } from './WorkerReply';
import type { GameRecord } from './GameRecord';
import type { PlayedTurn } from './PlayedTurn';
import type { PositionEvalView } from './PositionEvalView';

export type { Bindings, WebGame, View, PieceView, PathView, PresetView, LevelView, WorkerReply, GameRecord };

export type Color = Side;
export type Lang = 'de' | 'en';
export type Phase = 'loading' | 'setup' | 'playing' | 'over';
export type MessageKind = 'info' | 'warn' | 'error' | 'huff';
/** A message under the board; `squares` are the squares it names, marked on the board while it
 * stands (the square numbers are hidden by default). */
export type Message = { text: string; kind: MessageKind; squares?: number[] };
/** A point in CSS pixels of the board. */
export type Point = { x: number; y: number };

/** The player's choices (remembered, and read from the URL). */
export type Settings = {
  rules: string;
  level: number;
  color: Color;
  opponent: 'computer' | 'human';
  numbers: boolean;
  lang: Lang;
  /** Sounds for moves, captures, crowning and the game's end (off by default). */
  sound: boolean;
  /** The high-contrast theme: 'auto' follows prefers-contrast: more. */
  contrast: 'auto' | 'on' | 'off';
};

/** The piece the player holds. */
export type Selection = {
  /** Where it started. */
  from: number;
  /** The start, then the squares it has landed on so far in a capture. */
  committed: number[];
  /** Its paths, from the wasm layer. */
  paths: PathView[];
  /** What it has captured so far. */
  captured: number[];
  /** Blasen: the capture may stop where the piece stands. */
  canStop: boolean;
  /** It was pressed while already held: a click puts it down. */
  again: boolean;
  /** The wasm layer said it may not move. */
  refused: boolean;
};

/** A press on a piece, which becomes a drag once the pointer has moved a few pixels. */
export type Drag = {
  from: number;
  start: Point;
  at: Point;
  started: boolean;
  /** The squares of its paths it was dragged over (they tell routes apart). */
  via: number[];
  /** The press was on the piece in the middle of a capture. */
  onActive: boolean;
};

export type LastMove = { path: number[]; captured: number[]; huff: number | null };
/** The piece the opponent just huffed, drawn faded and crossed out. */
export type HuffMark = { sq: number; piece: PieceView };

/** A turn being shown over the position before it. */
export type TurnAnim = {
  kind: 'turn';
  start: number;
  duration: number;
  view: View;
  huff: number | null;
  huffMs: number;
  mover: PieceView | null;
  /** The squares the piece goes through (empty for a huff alone). */
  path: number[];
  /** Each captured square and the jump that takes it. */
  segmentOf: Map<number, number>;
};
/** A piece sliding back to `sq` from where it was dropped. */
export type BackAnim = { kind: 'back'; start: number; duration: number; piece: PieceView; sq: number; from: Point };
export type Anim = TurnAnim | BackAnim;
/** The part of a turn an animation shows. */
export type Shown = { huff: number | null; path: number[]; captured: number[] };

/** A piece drawn away from its square. */
export type Moving = { piece: PieceView; x: number; y: number; lifted: boolean };
/** What is drawn away from the position: pieces not on their squares, pieces faded (alpha by
 * square), pieces in motion. */
export type Away = { hidden: Set<number>; faded: Map<number, number>; moving: Moving[] };
/** A running animation at one frame's time. */
export type Frame = Away & { anim: Anim };

export type State = {
  /** The wasm layer (window.wasmBindings). */
  bindings: Bindings | null;
  game: WebGame | null;
  /** What the wasm layer says the position is. */
  view: View | null;
  presets: PresetView[];
  levels: LevelView[];
  settings: Settings;
  /** A position from the URL, used for new games. */
  startFen: { rules: string; fen: string } | null;
  /** A problem with the URL or the remembered choices, shown when the first game is set up. */
  urlNote: string | null;
  phase: Phase;
  orientation: Color;
  selected: Selection | null;
  drag: Drag | null;
  /** A square pressed while a piece is held: the destination, on release. */
  pendingClick: number | null;
  /** Capture paths shown when a piece that may not move is grabbed. */
  required: PathView[];
  lastMove: LastMove | null;
  huffMark: HuffMark | null;
  anim: Anim | null;
  thinking: boolean;
  /** Bumped by a new game or an undo: answers for an older game are dropped. */
  epoch: number;
  /** The computer's last answer (score, depth, nodes), for debugging. */
  lastSearch: WorkerReply | null;
  message: Message;
  /** The last message that said what the player's turn is about. */
  prompt: Message | null;
  /** The board's side in CSS pixels. */
  size: number;
  /** An earlier position being looked at (the board draws it; no moves), or null: the game. */
  past: { ply: number; view: View } | null;
  /** A question waiting for the player's answer (the confirm dialog). */
  confirm: Confirm | null;
  /** The result card was closed (the final position is shown, the result beside the board). */
  overClosed: boolean;
  /** The saved game's id (it tells tabs on the same game apart from others). */
  gameId: string | null;
  /** Another tab has the saved game: 'same' (this game), 'other' (a game begun there); nothing is
   * saved here until the player takes it over. */
  elsewhere: 'same' | 'other' | null;
  /** A link to a position, shown to be copied by hand: the link, and the FEN it is for. */
  share: { link: string; fen: string } | null;
  /** What the live region #announce tells the screen reader; `n` counts the announcements, so the
   * same words are told again. */
  announce: { text: string; n: number };
  /** The keyboard's cursor on the board (keys.js): a row 1–8 and a column 0–7 of board.js, or
   * null until the board is first focused. */
  cursor: { row: number; col: number } | null;
  /** The tutorial running on the board (www/tutorial.js), or null: the game. */
  tutorial: TutorialHook | null;
  /** The hint for the position `fen` (www/assist.js): `turn` null while the computer looks for
   * it; `full` once the whole move is shown (else only the piece to move is marked). */
  hint: { fen: string; turn: PlayedTurn | null; full: boolean } | null;
  /** The position (FEN) after the turn the player selected in the move list: that turn is
   * explained while this position is drawn. */
  explained: string | null;
  /** What the analysis board (www/analysis.js) draws on the board: the engine's line from each
   * analysed position (`lines[ply]`), as arrows while `shown`. */
  analysis: { lines: (PlayedTurn[] | undefined)[]; shown: boolean; evals: PositionEvalView[]; depth: number } | null;
};

/** What the turn order asks the tutorial (www/tutorial.js) while it runs on the board: nothing is
 * saved and the computer does not answer; the tutorial scripts the opponent. */
export type TutorialHook = {
  /** The player may move now. */
  open: boolean;
  /** The step's rule in words, said after a refused move. */
  rule: () => string;
  /** Called after each of the player's turns instead of the game's turn order. */
  after: (notes: string[]) => void;
};

/** What the confirm dialog asks: resign, end the game for a new one, play on from `ply`. */
export type Confirm = { kind: 'resign' } | { kind: 'new' } | { kind: 'playFrom'; ply: number };

/** The game as kept in localStorage (key `dame.game.v1`). */
export type SavedGame = {
  /** The format: 1. */
  version: number;
  /** A random id per game. */
  id: string;
  /** Preset, start position and every turn (WebGame.record()). */
  record: GameRecord;
  level: number;
  color: Color;
  opponent: 'computer' | 'human';
  /** A huff made but not yet followed by a move. */
  huff: number | null;
  /** The side that resigned. */
  resigned: Color | null;
  /** The position, to check the record against. */
  fen: string;
};

/** A language's texts: a reason for every refusal code the wasm layer sends, among the rest. */
export type Texts = Record<string, string> & Record<`reason_${RefusalCode}`, string>;

/** A URL parameter that was not understood. */
export type UrlError = { name: string; problem: string };

/** A remembered choice that could not be used (it was replaced by the default). */
export type StoredProblem = {
  /** The field, or null: the stored text as a whole could not be read. */
  name: keyof Settings | null;
  /** The stored value, cut short for the message. */
  value: string;
  /** The values the field allows, in words. */
  allowed: string;
  /** The stored text was kept aside (dame.settings.v1.bad). */
  kept: boolean;
};
