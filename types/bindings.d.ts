// The wasm module's exports that the page and the computer's worker use. Written by hand (the
// values they take and return are the types generated from the Rust structs, in this folder),
// and checked against the exports: each export in crates/web/src declares these TypeScript types
// in its #[wasm_bindgen] attributes, and `cargo test -p dame-web --test bindings` fails when a
// class, a member, a parameter (name, optional or not, type) or a return type here differs.
// Every export checks what it is given: a value of the wrong type, a number that is not a whole
// number in range (squares 1–32), a text longer than 10 000 characters or an array of such
// values throws an `Error` with a message naming the argument; the game is unchanged and goes on.

import type { View } from './View';
import type { PresetView } from './PresetView';
import type { LevelView } from './LevelView';
import type { Grab } from './Grab';
import type { PlayedTurn } from './PlayedTurn';
import type { RouteAnswer } from './RouteAnswer';
import type { WorkerRequest } from './WorkerRequest';
import type { WorkerReply } from './WorkerReply';
import type { GameRecord } from './GameRecord';
import type { PdnTag } from './PdnTag';
import type { Explanation } from './Explanation';
import type { PositionEvalView } from './PositionEvalView';
import type { PlyJudgement } from './PlyJudgement';
import type { Refusal } from './Refusal';

/** A game in progress: an opaque handle to the Rust `WebGame`. */
export declare class WebGame {
  /** A new game of the preset `rules` (an id such as "blasen"), from `fen` or the start (no FEN, or a blank one); throws on a bad preset or position. */
  constructor(rules: string, fen?: string | null);
  /** Resumes a game saved with `record()`; throws an Error naming the problem (an unknown version, a bad preset or start position, the first turn of `history` that cannot be played, with its index). */
  static fromRecord(record: GameRecord): WebGame;
  /** Reads the first game of a PDN text (up to 1 000 000 characters), or a FEN position (`W:…`, `B:…`) in the notation of `defaultRules`: the game at its final position, with its history. Its rules come from its `Rules` tag or `GameType` (21 English, 25 Russian), else from `defaultRules` (a preset id; an untagged game whose moves do not fit them is tried as English, then Russian). Throws an Error naming the game and the move in words. */
  static fromPdn(text: string, defaultRules: string): WebGame;
  /** Releases the Rust side. */
  free(): void;
  /** The position shown (after a pending huff), as FEN. */
  fen(): string;
  /** The preset's id. */
  rules(): string;
  /** The position the game started from, as FEN. */
  startFen(): string;
  /** The turns played, in the internal notation of docs/rules.md §7 (for the computer's worker; `view().history` has the game's own). */
  history(): string[];
  /** The side to move: "red" or "black". */
  side(): string;
  isOver(): boolean;
  /** Everything the page draws. */
  view(): View;
  /** The view of the position after `ply` turns (0: the start; `history.length`: now), for stepping through the moves: its `history` is the turns up to it, `outcome` is set only at the end, a pending huff is not shown. Throws when `ply` is not a whole number 0–`history.length`. */
  viewAt(ply: number): View;
  /** What the piece on `from` (a square 1–32) may do. */
  grab(from: number): Grab;
  /** Plays the route the player pointed at, or says why not (`stop` may be left out: false). */
  route(committed: ArrayLike<number>, via: ArrayLike<number>, target: number, stop?: boolean): RouteAnswer;
  /** Huffs the piece on `sq`: the turn if that ended the game, otherwise null. Throws if refused. */
  huff(sq: number): PlayedTurn | null;
  /** Takes back a huff not yet followed by a move. */
  cancelHuff(): boolean;
  /** Plays a turn given in the internal notation (the computer's answer); throws if it is not legal. Its `text` is in the game's own notation. */
  playText(text: string): PlayedTurn;
  /** Takes back a pending huff, or else the last turn (kept for `redo()`). Returns whether anything was undone. */
  undo(): boolean;
  /** Plays again the last turn taken back by `undo()`; any new turn (and `truncate`) clears what there was to redo. Returns whether it did. */
  redo(): boolean;
  /** Whether `redo()` would play a turn. */
  canRedo(): boolean;
  /** Drops the turns after the first `ply` (to play on from an earlier position), with a pending huff, a resignation and what there was to redo; `ply` = `history.length` changes nothing. Throws when `ply` is not a whole number 0–`history.length`. */
  truncate(ply: number): void;
  /** The game, to save and resume with `WebGame.fromRecord` (a pending huff and a resignation are not part of it). */
  record(): GameRecord;
  /** The game as PDN in its own notation: `red` and `black` name the players of the two colours (written as PDN's White and Black the way the notation calls the sides), `tags` gives further tags (`{ Event, Date, Site, Round, … }`; White, Black, Result, GameType, Rules, SetUp and FEN come from the game). Throws on a name or tag that is not text. */
  pdn(red: string, black: string, tags?: Record<string, string> | null): string;
  /** The tag pairs of the PDN game this game was imported from (none for a game begun here): text, to be shown with textContent. */
  pdnTags(): PdnTag[];
  /** `color` ("red" or "black") gives up. */
  resign(color: string): void;
  /** Plays a turn typed in the game's own notation (`22-18`, `h22 9-13` in Blasen, `11-15` in English checkers, `c3:e5` in Russian draughts), after a pending huff if there is one. Throws a `TypedError`: with a `refusal` when the turn is not legal here, without one when the text is not a turn in that notation; the game is unchanged. */
  playTyped(text: string): PlayedTurn;
  /** The turn that led to the position after `ply` turns (1: the first), explained; null for 0. Throws when `ply` is not a whole number 0–`history.length`. */
  explain(ply: number): Explanation | null;
  /** Counts one more hint (kept in `record()`, shown in `view().hints`); returns the count. */
  countHint(): number;
  /** Judges every turn the analysis's searches reach (`evals[i]`: the worker's evaluation of the position after `i` turns), as `dame analyse` does. Throws on a malformed evaluation. */
  judge(evals: PositionEvalView[]): PlyJudgement[];
  /** The engine's line `turns` (internal notation) from the position after `ply` turns, as played turns (text in the game's notation, paths for arrows); stops at the first illegal turn. */
  line(ply: number, turns: string[]): PlayedTurn[];
  /** The game as PDN with the analysis: NAGs, `{[%eval …]}` comments, the engine's line after a bad turn. */
  pdnAnnotated(red: string, black: string, tags: Record<string, string> | null, evals: PositionEvalView[]): string;
}

/** What `WebGame.playTyped` throws for a text it does not play: `refusal` says why a well-written turn is not legal (none: the text is not a turn in the game's notation). */
export interface TypedError extends Error {
  refusal?: Refusal;
}

/** The page's module's exports (window.wasmBindings, set by Trunk's loader). */
export interface Bindings {
  WebGame: typeof WebGame;
  /** The rules presets, in the order offered. */
  presets(): PresetView[];
  /** The computer's levels, 1–5. */
  levels(): LevelView[];
  /** A level number from text (a number or a name) or a whole number 1–5; throws with the problem in words. */
  checkLevel(level: string | number): number;
  /** A preset id from text (a URL parameter); throws with the problem in words. */
  checkRules(text: string): string;
}

/** The worker's module's JS glue as the worker imports it (`dame-worker`, built with the feature
 * `worker`: the page's exports and the worker's). */
export interface Glue extends Bindings {
  default(options: { module_or_path: string }): Promise<unknown>;
  /** The worker's entry point: answers a request (nothing for "newGame"). */
  workerAnswer(request: WorkerRequest): WorkerReply | undefined;
  /** The worker loads learned evaluation tables (a data/learned/*.bin file); returns their family. */
  workerLoadTables(bytes: Uint8Array): string;
}

declare global {
  interface Window {
    wasmBindings?: Bindings;
    /** For the tests and for debugging: the page's state and the computer's client. */
    dame?: { state: object; engine: object };
  }
}
