// The wasm module's exports that the page and the computer's worker use (written by hand: the
// values they take and return are the types generated from the Rust structs, in this folder).

import type { View } from './View';
import type { PresetView } from './PresetView';
import type { LevelView } from './LevelView';
import type { Grab } from './Grab';
import type { PlayedTurn } from './PlayedTurn';
import type { RouteAnswer } from './RouteAnswer';
import type { WorkerRequest } from './WorkerRequest';
import type { WorkerReply } from './WorkerReply';

/** A game in progress: an opaque handle to the Rust `WebGame`. */
export declare class WebGame {
  /** A new game of the preset `rules` (an id such as "blasen"), from `fen` or the start; throws on a bad position. */
  constructor(rules: string, fen?: string | null);
  /** Releases the Rust side. */
  free(): void;
  /** The position shown (after a pending huff), as FEN. */
  fen(): string;
  /** The preset's id. */
  rules(): string;
  /** The position the game started from, as FEN. */
  startFen(): string;
  /** The turns played, in notation. */
  history(): string[];
  /** The side to move: "red" or "black". */
  side(): string;
  isOver(): boolean;
  /** Everything the page draws. */
  view(): View;
  /** What the piece on `from` may do. */
  grab(from: number): Grab;
  /** Plays the route the player pointed at, or says why not. */
  route(committed: ArrayLike<number>, via: ArrayLike<number>, target: number, stop: boolean): RouteAnswer;
  /** Huffs the piece on `sq`: the turn if that ended the game, otherwise null. Throws if refused. */
  huff(sq: number): PlayedTurn | null;
  /** Takes back a huff not yet followed by a move. */
  cancelHuff(): boolean;
  /** Plays a turn given in notation (the computer's answer); throws if it is not legal. */
  playText(text: string): PlayedTurn;
  /** Takes back a pending huff, or else the last turn. */
  undo(): boolean;
  /** `color` ("red" or "black") gives up. */
  resign(color: string): void;
}

/** The module's exports on the page (window.wasmBindings, set by Trunk's loader). */
export interface Bindings {
  WebGame: typeof WebGame;
  /** The rules presets, in the order offered. */
  presets(): PresetView[];
  /** The computer's levels, 1–5. */
  levels(): LevelView[];
  /** A level number from text; throws with the problem in words. */
  checkLevel(text: string): number;
  /** A preset id from text (a URL parameter); throws with the problem in words. */
  checkRules(text: string): string;
  /** The worker's entry point: answers a request (nothing for "newGame"). */
  workerAnswer(request: WorkerRequest): WorkerReply | undefined;
}

/** The module's JS glue as the worker imports it. */
export interface Glue extends Bindings {
  default(options: { module_or_path: string }): Promise<unknown>;
}

declare global {
  interface Window {
    wasmBindings?: Bindings;
    /** For the tests and for debugging: the page's state and the computer's client. */
    dame?: { state: object; engine: object };
  }
}
