// @ts-check
// Draws the board on the canvas from the state: squares, highlights, pieces, destinations and
// paths, with whatever an animation (anim.js) moves or fades at this frame's time. Sharp on
// high-density screens: the canvas has device pixels, the drawing uses CSS pixels.

import { state, requestRedraw } from './state.js';
import { center, rowCol, cellOf } from './board.js';
import { frame, blocking } from './anim.js';
import { drawBoard, drawPiece, usePalette } from './sprites.js';
import { destinations, heldAt } from './selection.js';
import { highContrast } from './settings.js';

/** @import { View, Color, Away } from '#types/page' */
/** @import { Palette } from './sprites.js' */
/** The canvas and the board's geometry for one frame, and the palette's colours.
 * @typedef {{ ctx: CanvasRenderingContext2D, size: number, cell: number, o: Color, pal: Palette }} Paint */
const CURSOR = '#00e5ff';
const HINT = 'rgba(171, 71, 188, 0.6)';
const BEST = 'rgba(46, 160, 67, 0.85)';
const BEST_NEXT = 'rgba(46, 160, 67, 0.45)';

/** Gives the canvas device pixels for a board `size` CSS pixels wide.
 * @param {HTMLCanvasElement} canvas @param {number} size */
export function resizeCanvas(canvas, size) {
  const dpr = window.devicePixelRatio || 1;
  canvas.style.width = size + 'px';
  canvas.style.height = size + 'px';
  const px = Math.round(size * dpr);
  // (A new canvas is 300 × 150: a board of 300 device pixels needs its height set too.)
  if (canvas.width !== px || canvas.height !== px) {
    canvas.width = px;
    canvas.height = px;
  }
}

/** Draws the board as the state says, at `now` (the frame's time, for animations).
 * @param {HTMLCanvasElement} canvas @param {number} now */
export function render(canvas, now) {
  const size = state.size;
  const ctx = canvas.getContext('2d');
  if (!size || !state.view || !ctx) return;
  const dpr = canvas.width / size;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  /** @type {Paint} */
  const paint = { ctx, size, cell: size / 8, o: state.orientation, pal: usePalette(highContrast(state.settings)) };
  const running = frame(now, size, paint.o);
  // Looking back at an earlier position: it alone is drawn, with no marks of the game.
  const past = state.past?.view ?? null;
  const moving = past ? null : running;
  // While a turn is shown, the pieces are those of the position before it.
  const view = past ?? (moving?.anim.kind === 'turn' ? moving.anim.view : state.view);
  const interactive = !past && state.phase === 'playing' && !blocking() && !state.thinking;

  drawBoard(ctx, size);
  if (!state.anim && !past) drawLastMove(paint);
  drawSelectedSquare(paint);
  const hint = !past && !state.anim && state.hint?.fen === state.view.fen ? state.hint.turn : null;
  for (const sq of hint ? [hint.huff, ...hint.path.slice(0, state.hint?.full ? undefined : 1)] : []) if (sq != null) fillSquare(paint, sq, HINT);
  const held = moving || past ? null : heldPiece(paint, view);
  if (!moving && !past) drawHuffMark(paint);
  drawPieces(paint, view, moving ?? held ?? undefined, interactive);
  if (interactive) drawDestinations(paint);
  if (!past) for (const path of state.required) arrow(paint, path.squares, paint.pal.required);
  // The analysis board: the engine's best line from the position shown, its first two turns.
  const line = state.analysis?.shown && !state.tutorial && !moving && !state.drag ? state.analysis.lines[state.past?.ply ?? state.view.plies] : null;
  for (const [i, turn] of (line ?? []).slice(0, 2).entries()) if (turn.path.length > 1) arrow(paint, turn.path, i ? BEST_NEXT : BEST);
  // The tutorial's texts name squares: their numbers are shown.
  if (state.settings.numbers || state.tutorial) drawNumbers(paint, view.labels);
  if (!past && !moving) drawNamed(paint, state.message.squares ?? [], view.labels);
  for (const m of moving?.moving ?? held?.moving ?? []) drawPiece(ctx, m.x, m.y, paint.cell, m.piece, 1, m.lifted);
  // The keyboard's cursor (keys.js), while the board has the focus from the keyboard.
  if (state.cursor && document.activeElement === canvas && canvas.matches(':focus-visible')) drawCursor(paint, state.cursor);

  if (state.anim) requestRedraw();
}

/** @param {Paint} paint @param {number} sq @param {string} color */
function fillSquare({ ctx, cell, o }, sq, color) {
  const { row, col } = rowCol(sq);
  const { cx, cy } = cellOf(row, col, o);
  ctx.fillStyle = color;
  ctx.fillRect(cx * cell, cy * cell, cell, cell);
}

/** The squares of the last turn. @param {Paint} paint */
function drawLastMove(paint) {
  for (const sq of new Set(state.lastMove?.path ?? [])) fillSquare(paint, sq, paint.pal.last);
}

/** The square the held piece stands on. @param {Paint} paint */
function drawSelectedSquare(paint) {
  if (state.selected) fillSquare(paint, heldAt(state.selected), paint.pal.selected);
}

/**
 * The held piece, when it is away from its square (dragged, or in the middle of a capture), and
 * the pieces it has captured so far (faded), in the form of an animation frame.
 * @param {Paint} paint @param {View} view @returns {Away | null}
 */
function heldPiece({ size, o }, view) {
  const sel = state.selected;
  if (!sel) return null;
  const drag = state.drag?.started ? state.drag : null;
  /** @type {Away} */
  const out = { hidden: new Set(), faded: new Map(sel.captured.map((sq) => [sq, 0.35])), moving: [] };
  const at = heldAt(sel);
  const piece = view.pieces.find((q) => q.sq === sel.from);
  if (piece && (at !== sel.from || drag)) {
    out.hidden.add(sel.from);
    const { x, y } = drag ? drag.at : center(at, size, o);
    out.moving.push({ piece, x, y, lifted: !!drag });
  }
  return out;
}

/** The piece the opponent just huffed: faded, and crossed out. @param {Paint} paint */
function drawHuffMark({ ctx, size, cell, o, pal }) {
  const mark = state.huffMark;
  if (!mark) return;
  const c = center(mark.sq, size, o);
  drawPiece(ctx, c.x, c.y, cell, mark.piece, 0.28);
  ctx.save();
  ctx.strokeStyle = pal.huffCross;
  ctx.lineWidth = cell * 0.07;
  ctx.lineCap = 'round';
  const d = cell * 0.22;
  ctx.beginPath();
  ctx.moveTo(c.x - d, c.y - d);
  ctx.lineTo(c.x + d, c.y + d);
  ctx.moveTo(c.x + d, c.y - d);
  ctx.lineTo(c.x - d, c.y + d);
  ctx.stroke();
  ctx.restore();
}

/**
 * The pieces on their squares, with rings on those under capture obligation and those that may
 * be huffed while the player is to move. `away`: pieces not drawn on their squares, or faded.
 * @param {Paint} paint @param {View} view @param {Away | undefined} away
 * @param {boolean} interactive
 */
function drawPieces(paint, view, away, interactive) {
  const { ctx, size, cell, o, pal } = paint;
  const midCapture = !!state.selected && state.selected.committed.length > 1;
  const obliged = new Set(interactive && !midCapture ? view.obligated : []);
  const huffable = new Set(interactive ? view.huffable : []);
  for (const piece of view.pieces) {
    if (away?.hidden.has(piece.sq)) continue;
    const c = center(piece.sq, size, o);
    if (obliged.has(piece.sq)) ring(paint, c.x, c.y, pal.obliged);
    if (huffable.has(piece.sq)) ring(paint, c.x, c.y, pal.huffable, true);
    drawPiece(ctx, c.x, c.y, cell, piece, away?.faded.get(piece.sq) ?? 1);
  }
}

/** @param {Paint} paint @param {number} x @param {number} y @param {string} color @param {boolean} [dashed] */
function ring({ ctx, cell }, x, y, color, dashed = false) {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = Math.max(2, cell * 0.07);
  if (dashed) ctx.setLineDash([cell * 0.12, cell * 0.07]);
  ctx.shadowColor = color;
  ctx.shadowBlur = cell * 0.15;
  ctx.beginPath();
  ctx.arc(x, y, cell * 0.45, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/** Where the held piece may go: dots on final squares, rings on squares it lands on on the way.
 * @param {Paint} paint */
function drawDestinations({ ctx, size, cell, o, pal }) {
  if (!state.selected) return;
  const { finals, steps } = destinations();
  ctx.save();
  ctx.fillStyle = pal.dest;
  ctx.strokeStyle = pal.dest;
  for (const sq of finals) {
    const c = center(sq, size, o);
    ctx.beginPath();
    ctx.arc(c.x, c.y, cell * 0.17, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.lineWidth = cell * 0.05;
  for (const sq of steps) {
    const c = center(sq, size, o);
    ctx.beginPath();
    ctx.arc(c.x, c.y, cell * 0.14, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}

/** An arrow along a path of squares. @param {Paint} paint @param {number[]} path @param {string} color */
function arrow({ ctx, size, cell, o }, path, color) {
  const pts = path.map((sq) => center(sq, size, o));
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = cell * 0.12;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  pts.forEach((p, i) => (i ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
  const a = pts[pts.length - 2];
  const b = pts[pts.length - 1];
  const angle = Math.atan2(b.y - a.y, b.x - a.x);
  const head = cell * 0.3;
  const tip = { x: b.x - Math.cos(angle) * head * 0.2, y: b.y - Math.sin(angle) * head * 0.2 };
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(tip.x, tip.y);
  ctx.lineTo(tip.x - head * Math.cos(angle - 0.5), tip.y - head * Math.sin(angle - 0.5));
  ctx.lineTo(tip.x - head * Math.cos(angle + 0.5), tip.y - head * Math.sin(angle + 0.5));
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/** The squares' names in the game's own notation (ACF numbers, algebraic, or 1–32), in the
 * corner of each dark square. @param {Paint} paint @param {string[]} labels */
function drawNumbers({ ctx, cell, o, pal }, labels) {
  ctx.save();
  ctx.fillStyle = pal.numbers;
  ctx.font = `700 ${Math.max(8, cell * 0.16)}px system-ui, sans-serif`;
  ctx.shadowColor = 'rgba(0, 0, 0, 0.8)';
  ctx.shadowBlur = 2;
  ctx.textBaseline = 'top';
  for (let n = 1; n <= 32; n++) {
    const { row, col } = rowCol(n);
    const { cx, cy } = cellOf(row, col, o);
    ctx.fillText(labels[n - 1] ?? String(n), cx * cell + cell * 0.04, cy * cell + cell * 0.035);
  }
  ctx.restore();
}

/** The squares the message names, by their names on a dark tag in their bottom right corner (the
 * square numbers, hidden by default, are in the top left one). @param {Paint} paint @param {number[]} squares @param {string[]} labels */
function drawNamed({ ctx, cell, o }, squares, labels) {
  if (!squares.length) return;
  ctx.save();
  ctx.font = `700 ${Math.max(10, cell * 0.2)}px system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  for (const n of new Set(squares)) {
    const { row, col } = rowCol(n);
    const { cx, cy } = cellOf(row, col, o);
    const text = labels[n - 1] ?? String(n);
    const w = ctx.measureText(text).width + cell * 0.1;
    const h = Math.max(10, cell * 0.2) + cell * 0.06;
    const x = (cx + 1) * cell - w - cell * 0.03;
    const y = (cy + 1) * cell - h - cell * 0.03;
    ctx.fillStyle = 'rgba(20, 18, 16, 0.85)';
    ctx.fillRect(x, y, w, h);
    ctx.fillStyle = '#fff4e1';
    ctx.fillText(text, x + cell * 0.05, y + cell * 0.03);
  }
  ctx.restore();
}

/** The keyboard's cursor (keys.js): a bright frame, lined dark, round the cell it is on.
 * @param {Paint} paint @param {{ row: number, col: number }} at */
function drawCursor({ ctx, cell, o }, at) {
  const { cx, cy } = cellOf(at.row, at.col, o);
  const w = Math.max(3, cell * 0.07);
  ctx.save();
  ctx.lineWidth = w + 2;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.8)';
  ctx.strokeRect(cx * cell + w / 2, cy * cell + w / 2, cell - w, cell - w);
  ctx.lineWidth = w;
  ctx.strokeStyle = CURSOR;
  ctx.strokeRect(cx * cell + w / 2, cy * cell + w / 2, cell - w, cell - w);
  ctx.restore();
}
