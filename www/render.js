// Draws the board on the canvas from the state: squares, highlights, pieces (with crowns for
// kings), destinations and paths. Sharp on high-density screens: the canvas has device pixels,
// the drawing uses CSS pixels.

import { state, requestRedraw } from './state.js';
import { center, rowCol, cellOf } from './board.js';
import { progress, ease } from './anim.js';

const LIGHT = '#ecd8b4';
const DARK = '#a8744f';
const LAST = 'rgba(214, 220, 80, 0.45)';
const SELECTED = 'rgba(20, 85, 30, 0.5)';
const DEST = 'rgba(20, 85, 30, 0.55)';
const OBLIGED = '#ffb300';
const HUFFABLE = '#4fc3f7';
const REQUIRED = 'rgba(230, 81, 0, 0.85)';

export function resizeCanvas(canvas, size) {
  const dpr = window.devicePixelRatio || 1;
  canvas.style.width = size + 'px';
  canvas.style.height = size + 'px';
  const px = Math.round(size * dpr);
  if (canvas.width !== px) {
    canvas.width = px;
    canvas.height = px;
  }
}

function pieceGradient(ctx, x, y, r, color) {
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  if (color === 'red') {
    g.addColorStop(0, '#f2665a');
    g.addColorStop(0.55, '#c62a20');
    g.addColorStop(1, '#861510');
  } else {
    g.addColorStop(0, '#6a6a6a');
    g.addColorStop(0.55, '#2c2c2c');
    g.addColorStop(1, '#0e0e0e');
  }
  return g;
}

function drawCrown(ctx, x, y, r) {
  const w = r * 1.05;
  const h = r * 0.72;
  const left = x - w / 2;
  const base = y + h * 0.42;
  const top = y - h * 0.5;
  ctx.save();
  ctx.beginPath();
  ctx.moveTo(left, base);
  ctx.lineTo(left - w * 0.04, top + h * 0.2);
  ctx.lineTo(left + w * 0.27, top + h * 0.55);
  ctx.lineTo(x, top);
  ctx.lineTo(left + w * 0.73, top + h * 0.55);
  ctx.lineTo(left + w * 1.04, top + h * 0.2);
  ctx.lineTo(left + w, base);
  ctx.closePath();
  const g = ctx.createLinearGradient(0, top, 0, base);
  g.addColorStop(0, '#fff1a8');
  g.addColorStop(0.5, '#f4c430');
  g.addColorStop(1, '#b8860b');
  ctx.fillStyle = g;
  ctx.strokeStyle = 'rgba(60, 35, 0, 0.85)';
  ctx.lineWidth = Math.max(1, r * 0.06);
  ctx.lineJoin = 'round';
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#fff6c8';
  for (const [px, py] of [[left - w * 0.04, top + h * 0.2], [x, top], [left + w * 1.04, top + h * 0.2]]) {
    ctx.beginPath();
    ctx.arc(px, py, r * 0.09, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
  ctx.fillStyle = 'rgba(60, 35, 0, 0.55)';
  ctx.fillRect(left + w * 0.05, base - h * 0.2, w * 0.9, Math.max(1, h * 0.08));
  ctx.restore();
}

// Pieces and the bare board are painted once per size into sprites and then copied: a frame
// (a drag, an animation) costs a few image copies instead of dozens of gradients, so the main
// thread stays free even where canvas drawing is slow.
const sprites = new Map();
const SPRITE = 1.1; // a sprite's side, in cells (the piece, its shadow and a margin)

function sprite(key, cssSize, dpr, paint) {
  let c = sprites.get(key);
  if (!c) {
    if (sprites.size > 64) sprites.clear(); // sizes change on resize: keep only recent ones
    c = document.createElement('canvas');
    c.width = c.height = Math.ceil(cssSize * dpr);
    const g = c.getContext('2d');
    g.setTransform(c.width / cssSize, 0, 0, c.width / cssSize, 0, 0);
    paint(g);
    sprites.set(key, c);
  }
  return c;
}

export function drawPiece(ctx, x, y, cell, piece, alpha = 1, lifted = false) {
  const dpr = ctx.getTransform().a || 1;
  const side = cell * SPRITE;
  const key = `${piece.color}|${piece.king ? 1 : 0}|${lifted ? 1 : 0}|${cell}|${dpr}`;
  const img = sprite(key, side, dpr, (g) => paintPiece(g, side / 2, side / 2, cell, piece, lifted));
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.drawImage(img, x - side / 2, y - side / 2, side, side);
  ctx.restore();
}

function paintPiece(ctx, x, y, cell, piece, lifted) {
  const r = cell * (lifted ? 0.41 : 0.39);
  ctx.save();
  ctx.fillStyle = 'rgba(0, 0, 0, 0.35)';
  ctx.beginPath();
  ctx.ellipse(x + r * 0.06, y + r * (lifted ? 0.28 : 0.12), r * 1.0, r * 0.96, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = pieceGradient(ctx, x, y, r, piece.color);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.07);
  ctx.strokeStyle = piece.color === 'red' ? '#5e0d09' : '#000';
  ctx.stroke();
  ctx.lineWidth = Math.max(1, r * 0.05);
  ctx.strokeStyle = piece.color === 'red' ? 'rgba(255, 190, 180, 0.45)' : 'rgba(255, 255, 255, 0.22)';
  ctx.beginPath();
  ctx.arc(x, y, r * 0.72, 0, Math.PI * 2);
  ctx.stroke();
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.35)';
  ctx.beginPath();
  ctx.arc(x, y, r * 0.5, 0, Math.PI * 2);
  ctx.stroke();
  if (piece.king) drawCrown(ctx, x, y, r);
  ctx.restore();
}

function fillSquare(ctx, sq, cell, color) {
  const { row, col } = rowCol(sq);
  const { cx, cy } = cellOf(row, col, state.orientation);
  ctx.fillStyle = color;
  ctx.fillRect(cx * cell, cy * cell, cell, cell);
}

function ring(ctx, x, y, cell, color, dashed = false) {
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

function arrow(ctx, path, size, color) {
  const cell = size / 8;
  const pts = path.map((sq) => center(sq, size, state.orientation));
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

/// The destinations of the held piece: final squares and intermediate landing squares.
function destinations() {
  const sel = state.selected;
  if (!sel) return { finals: new Set(), steps: new Set() };
  const k = sel.committed.length;
  const finals = new Set();
  const steps = new Set();
  for (const p of sel.paths) {
    if (p.squares.length <= k) continue;
    finals.add(p.squares[p.squares.length - 1]);
    for (const sq of p.squares.slice(k, -1)) steps.add(sq);
  }
  for (const sq of finals) steps.delete(sq);
  return { finals, steps };
}

export function render(canvas, now) {
  const size = state.size;
  if (!size || !state.view) return;
  const ctx = canvas.getContext('2d');
  const dpr = canvas.width / size;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const cell = size / 8;
  const o = state.orientation;
  const view = state.anim?.kind === 'turn' ? state.anim.view : state.view;

  const board = sprite(`board|${size}|${dpr}`, size, dpr, (g) => {
    for (let cy = 0; cy < 8; cy++) {
      for (let cx = 0; cx < 8; cx++) {
        g.fillStyle = (cx + cy) % 2 ? DARK : LIGHT;
        g.fillRect(cx * cell, cy * cell, cell, cell);
      }
    }
    // A faint grain over the squares.
    const grain = g.createLinearGradient(0, 0, size, size);
    grain.addColorStop(0, 'rgba(255,255,255,0.06)');
    grain.addColorStop(1, 'rgba(0,0,0,0.08)');
    g.fillStyle = grain;
    g.fillRect(0, 0, size, size);
  });
  ctx.drawImage(board, 0, 0, size, size);

  if (state.lastMove && !state.anim) {
    const squares = new Set(state.lastMove.path);
    for (const sq of squares) fillSquare(ctx, sq, cell, LAST);
  }
  const sel = state.selected;
  if (sel) fillSquare(ctx, sel.committed[sel.committed.length - 1], cell, SELECTED);

  // Pieces, with what is moving drawn last.
  const p = progress(now);
  const hidden = new Set();
  const faded = new Map();
  const moving = [];
  let held = null;
  if (p?.anim.kind === 'turn') {
    const a = p.anim;
    if (a.huff) faded.set(a.huff, a.huffMs ? 1 - Math.min(1, p.t / a.huffMs) : 0);
    const tm = p.t - a.huffMs;
    if (a.mover && a.path.length > 1) {
      hidden.add(a.path[0]);
      const jumps = a.path.length - 1;
      const seg = tm <= 0 ? 0 : Math.min(jumps - 1, Math.floor(tm / 220));
      const local = tm <= 0 ? 0 : ease(Math.min(1, (tm - seg * 220) / 220));
      const from = center(a.path[seg], size, o);
      const to = center(a.path[seg + 1], size, o);
      moving.push({ piece: a.mover, x: from.x + (to.x - from.x) * local, y: from.y + (to.y - from.y) * local, lifted: true });
      for (const [sq, i] of Object.entries(a.segmentOf)) {
        if (i < seg) faded.set(Number(sq), 0);
        else if (i === seg) faded.set(Number(sq), 1 - local);
      }
    }
  } else if (p?.anim.kind === 'back') {
    const a = p.anim;
    const to = center(a.sq, size, o);
    const k = ease(Math.min(1, p.t / a.duration));
    hidden.add(a.sq);
    moving.push({ piece: a.piece, x: a.x + (to.x - a.x) * k, y: a.y + (to.y - a.y) * k, lifted: true });
  }
  if (sel && !p) {
    const at = sel.committed[sel.committed.length - 1];
    const piece = view.pieces.find((q) => q.sq === sel.from);
    for (const sq of sel.captured) faded.set(sq, 0.35);
    if (piece && (at !== sel.from || state.drag?.started)) {
      hidden.add(sel.from);
      held = { piece, ...(state.drag?.started ? { x: state.drag.x, y: state.drag.y } : center(at, size, o)), lifted: !!state.drag?.started };
    }
  }

  if (state.huffMark && !p) {
    const c = center(state.huffMark.sq, size, o);
    drawPiece(ctx, c.x, c.y, cell, state.huffMark.piece, 0.28);
    ctx.save();
    ctx.strokeStyle = 'rgba(183, 28, 28, 0.9)';
    ctx.lineWidth = cell * 0.07;
    ctx.lineCap = 'round';
    const d = cell * 0.22;
    ctx.beginPath();
    ctx.moveTo(c.x - d, c.y - d); ctx.lineTo(c.x + d, c.y + d);
    ctx.moveTo(c.x + d, c.y - d); ctx.lineTo(c.x - d, c.y + d);
    ctx.stroke();
    ctx.restore();
  }

  const interactive = state.phase === 'playing' && (!state.anim || state.anim.kind === 'back') && !state.thinking;
  const obliged = new Set(interactive ? view.obligated : []);
  const huffable = new Set(interactive ? view.huffable : []);
  for (const piece of view.pieces) {
    if (hidden.has(piece.sq)) continue;
    const c = center(piece.sq, size, o);
    if (obliged.has(piece.sq) && !(sel && sel.committed.length > 1)) ring(ctx, c.x, c.y, cell, OBLIGED);
    if (huffable.has(piece.sq)) ring(ctx, c.x, c.y, cell, HUFFABLE, true);
    drawPiece(ctx, c.x, c.y, cell, piece, faded.get(piece.sq) ?? 1);
  }

  if (interactive && sel) {
    const { finals, steps } = destinations();
    ctx.save();
    ctx.fillStyle = DEST;
    ctx.strokeStyle = DEST;
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
  for (const path of state.required) arrow(ctx, path.squares, size, REQUIRED);
  if (state.settings.numbers) {
    ctx.save();
    ctx.fillStyle = 'rgba(255, 244, 225, 0.8)';
    ctx.font = `700 ${Math.max(8, cell * 0.16)}px system-ui, sans-serif`;
    ctx.shadowColor = 'rgba(0, 0, 0, 0.8)';
    ctx.shadowBlur = 2;
    ctx.textBaseline = 'top';
    for (let n = 1; n <= 32; n++) {
      const { row, col } = rowCol(n);
      const { cx, cy } = cellOf(row, col, o);
      ctx.fillText(String(n), cx * cell + cell * 0.04, cy * cell + cell * 0.035);
    }
    ctx.restore();
  }

  for (const m of moving) drawPiece(ctx, m.x, m.y, cell, m.piece, 1, m.lifted);
  if (held) drawPiece(ctx, held.x, held.y, cell, held.piece, 1, held.lifted);

  if (state.anim) requestRedraw();
}
