// @ts-check
// Board geometry: standard square numbers (RULES.md §7) to rows, columns and pixels. Only where
// things are drawn; which moves are legal comes from the wasm layer.

/** @import { Color, Point } from '#types/page' */

/** @param {number} n a square, 1–32 @returns {{ row: number, col: number }} row 1–8 from Black's side, column 0–7 */
export function rowCol(n) {
  const row = Math.floor((n - 1) / 4) + 1;
  const col = ((n - 1) % 4) * 2 + (row % 2 === 1 ? 1 : 0);
  return { row, col };
}

/** @param {number} row @param {number} col @returns {number | null} */
export function squareOf(row, col) {
  if (row < 1 || row > 8 || col < 0 || col > 7 || (row - 1 + col) % 2 === 0) return null;
  return (row - 1) * 4 + Math.floor(col / 2) + 1;
}

/** The cell (0–7, 0–7 from the top left of the screen) of a board row/column.
 * @param {number} row @param {number} col @param {Color} orientation the colour at the bottom */
export function cellOf(row, col, orientation) {
  return orientation === 'black' ? { cx: 7 - col, cy: 8 - row } : { cx: col, cy: row - 1 };
}

/** The centre of square n, in CSS pixels of a board `size` wide.
 * @param {number} n @param {number} size @param {Color} orientation @returns {Point} */
export function center(n, size, orientation) {
  const { row, col } = rowCol(n);
  const { cx, cy } = cellOf(row, col, orientation);
  const cell = size / 8;
  return { x: (cx + 0.5) * cell, y: (cy + 0.5) * cell };
}

/** The dark square under a point in CSS pixels of the board, or null.
 * @param {number} x @param {number} y @param {number} size @param {Color} orientation */
export function squareAt(x, y, size, orientation) {
  const cell = size / 8;
  const cx = Math.floor(x / cell);
  const cy = Math.floor(y / cell);
  if (cx < 0 || cx > 7 || cy < 0 || cy > 7 || x < 0 || y < 0) return null;
  const row = orientation === 'black' ? 8 - cy : cy + 1;
  const col = orientation === 'black' ? 7 - cx : cx;
  return squareOf(row, col);
}

/** The squares strictly between two squares on a diagonal.
 * @param {number} a @param {number} b @returns {number[]} */
export function between(a, b) {
  const p = rowCol(a);
  const q = rowCol(b);
  const dr = Math.sign(q.row - p.row);
  const dc = Math.sign(q.col - p.col);
  /** @type {number[]} */
  const out = [];
  if (Math.abs(q.row - p.row) !== Math.abs(q.col - p.col)) return out;
  for (let r = p.row + dr, c = p.col + dc; r !== q.row; r += dr, c += dc) out.push(/** @type {number} */ (squareOf(r, c)));
  return out;
}
