// @ts-check
// Pieces (with crowns for kings) and the bare board, painted once per size into sprites and then
// copied: a frame (a drag, an animation) costs a few image copies instead of dozens of
// gradients, so the main thread stays free even where canvas drawing is slow. Two palettes: the
// wooden board, and high contrast (white and grey squares, flat pieces with a white edge, strong
// marks); render.js takes its marks' colours from the palette in use.

/** @import { PieceView } from '#types/page' */
/** @typedef {CanvasRenderingContext2D} Ctx */

/** @typedef {typeof WOOD} Palette */
const WOOD = {
  name: 'wood',
  light: '#ecd8b4', dark: '#a8744f', grain: true,
  red: ['#f2665a', '#c62a20', '#861510'], black: ['#6a6a6a', '#2c2c2c', '#0e0e0e'],
  redEdge: '#5e0d09', blackEdge: '#000', edgeWidth: 0.07,
  last: 'rgba(214, 220, 80, 0.45)', selected: 'rgba(20, 85, 30, 0.5)', dest: 'rgba(20, 85, 30, 0.55)',
  obliged: '#ffb300', huffable: '#4fc3f7', required: 'rgba(230, 81, 0, 0.85)', huffCross: 'rgba(183, 28, 28, 0.9)',
  numbers: 'rgba(255, 244, 225, 0.8)',
};
/** @type {Palette} */
const HIGH = {
  name: 'high',
  light: '#ffffff', dark: '#4a4a4a', grain: false,
  red: ['#ff2a1a', '#e00000', '#b00000'], black: ['#000', '#000', '#000'],
  redEdge: '#fff', blackEdge: '#fff', edgeWidth: 0.12,
  last: 'rgba(255, 214, 0, 0.75)', selected: 'rgba(0, 200, 255, 0.8)', dest: '#00e5ff',
  obliged: '#ffd600', huffable: '#00e5ff', required: '#ff6d00', huffCross: '#ff1744',
  numbers: '#fff',
};
let palette = WOOD;

/** Chooses the palette (high contrast or not) and returns it. @param {boolean} high */
export function usePalette(high) {
  palette = high ? HIGH : WOOD;
  return palette;
}

/** @param {Ctx} ctx @param {number} x @param {number} y @param {number} r @param {string} color */
function pieceGradient(ctx, x, y, r, color) {
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  const stops = color === 'red' ? palette.red : palette.black;
  g.addColorStop(0, stops[0]);
  g.addColorStop(0.55, stops[1]);
  g.addColorStop(1, stops[2]);
  return g;
}

/** @param {Ctx} ctx @param {number} x @param {number} y @param {number} r the piece's radius */
function paintCrown(ctx, x, y, r) {
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

/** @type {Map<string, HTMLCanvasElement>} */
const sprites = new Map();
const SPRITE = 1.1; // a sprite's side, in cells (the piece, its shadow and a margin)

/** The sprite `key`, painted by `paint` (in CSS pixels, `cssSize` square) on first use.
 * @param {string} key @param {number} cssSize @param {number} dpr @param {(g: Ctx) => void} paint */
function sprite(key, cssSize, dpr, paint) {
  let c = sprites.get(key);
  if (!c) {
    if (sprites.size > 64) sprites.clear(); // sizes change on resize: keep only recent ones
    c = document.createElement('canvas');
    c.width = c.height = Math.ceil(cssSize * dpr);
    const g = /** @type {Ctx} */ (c.getContext('2d'));
    g.setTransform(c.width / cssSize, 0, 0, c.width / cssSize, 0, 0);
    paint(g);
    sprites.set(key, c);
  }
  return c;
}

/** Draws a piece centred on (x, y).
 * @param {Ctx} ctx @param {number} x @param {number} y @param {number} cell a square's side
 * @param {Pick<PieceView, 'color' | 'king'>} piece @param {number} [alpha] @param {boolean} [lifted] drawn larger, with a longer shadow */
export function drawPiece(ctx, x, y, cell, piece, alpha = 1, lifted = false) {
  const dpr = ctx.getTransform().a || 1;
  const side = cell * SPRITE;
  const key = `${palette.name}|${piece.color}|${piece.king ? 1 : 0}|${lifted ? 1 : 0}|${cell}|${dpr}`;
  const img = sprite(key, side, dpr, (g) => paintPiece(g, side / 2, side / 2, cell, piece, lifted));
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.drawImage(img, x - side / 2, y - side / 2, side, side);
  ctx.restore();
}

/** @param {Ctx} ctx @param {number} x @param {number} y @param {number} cell @param {Pick<PieceView, 'color' | 'king'>} piece @param {boolean} lifted */
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
  ctx.lineWidth = Math.max(1, r * palette.edgeWidth);
  ctx.strokeStyle = piece.color === 'red' ? palette.redEdge : palette.blackEdge;
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
  if (piece.king) paintCrown(ctx, x, y, r);
  ctx.restore();
}

/** Draws the bare board: the squares under a faint grain.
 * @param {Ctx} ctx @param {number} size the board's side in CSS pixels */
export function drawBoard(ctx, size) {
  const dpr = ctx.getTransform().a || 1;
  const cell = size / 8;
  const board = sprite(`board|${palette.name}|${size}|${dpr}`, size, dpr, (g) => {
    for (let cy = 0; cy < 8; cy++) {
      for (let cx = 0; cx < 8; cx++) {
        g.fillStyle = (cx + cy) % 2 ? palette.dark : palette.light;
        g.fillRect(cx * cell, cy * cell, cell, cell);
      }
    }
    if (!palette.grain) return;
    const grain = g.createLinearGradient(0, 0, size, size);
    grain.addColorStop(0, 'rgba(255,255,255,0.06)');
    grain.addColorStop(1, 'rgba(0,0,0,0.08)');
    g.fillStyle = grain;
    g.fillRect(0, 0, size, size);
  });
  ctx.drawImage(board, 0, 0, size, size);
}
