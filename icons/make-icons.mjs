#!/usr/bin/env node
// Draws the page's app icons (the web app manifest's, www/manifest.webmanifest) and writes them as
// small PNGs to www/icons/. The PNGs are committed as source files: run this only to change them.
//   node icons/make-icons.mjs            (Debian's Chromium through playwright-core, as the tests)
//
// The drawing is an SVG in the page's colours (www/sprites.js, the wooden palette: the board's
// squares and frame, a red king with its golden crown). Chromium renders it into a canvas at each
// size; the pixels are written here as an indexed PNG (a palette of 64 colours chosen by k-means:
// the flat colours exactly, the rest for the anti-aliased edges), with the best of the PNG row
// filters and zlib at level 9: a few KB each (Chromium's own PNG encoder writes about 3 times as
// many bytes).
//   - icon-<n>.png: purpose "any": the board as a rounded square, transparent outside it;
//   - maskable-<n>.png: purpose "maskable": opaque to the edges, the piece and its crown inside
//     the safe zone (the circle of 40 % of the size around the centre that every mask keeps).

import { chromium } from 'playwright-core';
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'www/icons');
// 64 colours keep every edge smooth (the flat colours are a dozen); 256 made the files 40–50 %
// larger.
const MAX_COLOURS = 64;

// The page's colours (www/style.css, www/sprites.js).
const C = {
  frame: '#5b3a1e', frameEdge: '#3b2412', light: '#ecd8b4', dark: '#a8744f',
  red: ['#f2665a', '#c62a20', '#861510'], redEdge: '#5e0d09',
  gold: ['#fff1a8', '#f4c430', '#b8860b'], goldEdge: '#3c2300', goldBall: '#fff6c8',
};

/// A 4×4 section of the board (dark squares where the game has them: the top left is light)
/// from (x, y), `size` wide.
function squares(x, y, size) {
  const s = size / 4;
  let d = `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${C.light}"/>`;
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) {
    if ((r + c) % 2 === 1) d += `<rect x="${x + c * s}" y="${y + r * s}" width="${s}" height="${s}" fill="${C.dark}"/>`;
  }
  return d;
}

/// A red king centred at (256, 256) with radius r: its side (a darker disc below), its face
/// with a ring, and the game's crown (the shape of www/sprites.js, paintCrown).
function king(r) {
  const x = 256;
  const y = 256 - r * 0.06;
  const w = r * 1.05 * 0.9;
  const h = r * 0.72 * 0.9;
  const left = x - w / 2;
  const base = y + h * 0.42;
  const top = y - h * 0.5;
  const pts = [[left, base], [left - w * 0.04, top + h * 0.2], [left + w * 0.27, top + h * 0.55], [x, top],
    [left + w * 0.73, top + h * 0.55], [left + w * 1.04, top + h * 0.2], [left + w, base]];
  const balls = [pts[1], pts[3], pts[5]];
  const f = (n) => Number(n.toFixed(1));
  return `
  <circle cx="256" cy="${f(256 + r * 0.1)}" r="${r}" fill="${C.redEdge}"/>
  <circle cx="256" cy="${f(256 + r * 0.1)}" r="${f(r * 0.93)}" fill="${C.red[2]}"/>
  <circle cx="256" cy="${f(y)}" r="${f(r * 0.93)}" fill="${C.red[1]}" stroke="${C.redEdge}" stroke-width="${f(r * 0.07)}"/>
  <circle cx="256" cy="${f(y)}" r="${f(r * 0.72)}" fill="none" stroke="${C.red[2]}" stroke-width="${f(r * 0.06)}"/>
  <path d="M${f(256 - r * 0.62)} ${f(y - r * 0.28)}A${f(r * 0.68)} ${f(r * 0.68)} 0 0 1 ${f(256 + r * 0.1)} ${f(y - r * 0.67)}" fill="none" stroke="${C.red[0]}" stroke-width="${f(r * 0.09)}" stroke-linecap="round"/>
  <path d="M${pts.map(([a, b]) => `${f(a)} ${f(b)}`).join('L')}Z" fill="${C.gold[1]}" stroke="${C.goldEdge}" stroke-width="${f(r * 0.06)}" stroke-linejoin="round"/>
  <path d="M${f(left + w * 0.06)} ${f(base - h * 0.16)}H${f(left + w * 0.94)}" stroke="${C.gold[2]}" stroke-width="${f(r * 0.07)}"/>
  ${balls.map(([a, b]) => `<circle cx="${f(a)}" cy="${f(b)}" r="${f(r * 0.09)}" fill="${C.goldBall}" stroke="${C.goldEdge}" stroke-width="${f(r * 0.04)}"/>`).join('')}`;
}

/// purpose "any": the framed board as a rounded square, the king on it.
const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect x="16" y="16" width="480" height="480" rx="72" fill="${C.frameEdge}"/>
  <rect x="24" y="24" width="464" height="464" rx="64" fill="${C.frame}"/>
  <clipPath id="b"><rect x="56" y="56" width="400" height="400" rx="28"/></clipPath>
  <g clip-path="url(#b)">${squares(56, 56, 400)}</g>
  ${king(150)}
</svg>`;

/// purpose "maskable": the squares to every edge; the piece (radius 150, its side included
/// 165 from the centre) well inside the safe zone's 204.8.
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  ${squares(0, 0, 512)}
  ${king(150)}
</svg>`;

// ---------------------------------------------------------------- PNG
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/// RGBA pixels as an indexed PNG of at most MAX_COLOURS colours: the most frequent colours to start
/// with, then refined by weighted k-means over the picture's colours, so that the flat colours stay
/// exact (they weigh thousands of pixels) and the rest of the palette goes to the anti-aliased
/// edges' blends.
function indexedPng(rgba, size) {
  // Fully transparent pixels are all the same colour.
  const keyOf = (i) => (rgba[i + 3] === 0 ? 0 : rgba.readUInt32BE(i));
  const count = new Map();
  for (let i = 0; i < rgba.length; i += 4) count.set(keyOf(i), (count.get(keyOf(i)) ?? 0) + 1);
  const channels = (k) => [k >>> 24, (k >>> 16) & 0xff, (k >>> 8) & 0xff, k & 0xff];
  const colours = [...count.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => ({ c: channels(k), n, k }));
  const dist = (p, q) => (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2 + 2 * (p[3] - q[3]) ** 2;
  let centres = colours.slice(0, MAX_COLOURS).map((x) => [...x.c]);
  const assign = () => colours.forEach((x) => {
    let best = 0;
    for (let i = 1; i < centres.length; i++) if (dist(x.c, centres[i]) < dist(x.c, centres[best])) best = i;
    x.at = best;
  });
  for (let round = 0; round < 12 && colours.length > MAX_COLOURS; round++) {
    assign();
    const sum = centres.map(() => [0, 0, 0, 0, 0]);
    for (const x of colours) {
      const s = sum[x.at];
      for (let j = 0; j < 4; j++) s[j] += x.c[j] * x.n;
      s[4] += x.n;
    }
    centres = sum.map((s, i) => (s[4] ? s.slice(0, 4).map((v) => Math.round(v / s[4])) : centres[i]));
  }
  assign();
  // Transparent entries first (tRNS then lists only those); fully transparent is black.
  const order = centres.map((c, i) => i).sort((a, b) => centres[a][3] - centres[b][3] || a - b);
  const slot = new Map(order.map((i, j) => [i, j]));
  const palette = order.map((i) => (centres[i][3] === 0 ? [0, 0, 0, 0] : centres[i]));
  const indexOf = new Map(colours.map((x) => [x.k, slot.get(x.at)]));
  const plte = Buffer.from(palette.flatMap((c) => c.slice(0, 3)));
  const alphas = palette.map((c) => c[3]);
  const lastTransparent = alphas.findLastIndex((a) => a < 255);
  const trns = lastTransparent >= 0 ? chunk('tRNS', Buffer.from(alphas.slice(0, lastTransparent + 1))) : Buffer.alloc(0);
  const pixels = Buffer.alloc(size * size);
  for (let p = 0; p < size * size; p++) pixels[p] = indexOf.get(keyOf(p * 4));
  // Every row filtered the same way: the smallest of None, Sub, Up and Paeth.
  let best = null;
  for (const filter of [0, 1, 2, 4]) {
    const raw = Buffer.alloc(size * (size + 1));
    for (let y = 0; y < size; y++) {
      raw[y * (size + 1)] = filter;
      for (let x = 0; x < size; x++) {
        const v = pixels[y * size + x];
        const a = x > 0 ? pixels[y * size + x - 1] : 0;
        const b = y > 0 ? pixels[(y - 1) * size + x] : 0;
        const c = x > 0 && y > 0 ? pixels[(y - 1) * size + x - 1] : 0;
        let pred = 0;
        if (filter === 1) pred = a;
        else if (filter === 2) pred = b;
        else if (filter === 4) {
          const p = a + b - c;
          const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
          pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
        }
        raw[y * (size + 1) + 1 + x] = (v - pred) & 0xff;
      }
    }
    const z = deflateSync(raw, { level: 9, memLevel: 9 });
    if (!best || z.length < best.length) best = z;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // indexed colour
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('PLTE', plte), trns, chunk('IDAT', best), chunk('IEND', Buffer.alloc(0))]);
}

// ---------------------------------------------------------------- render and write
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  /** The SVG's pixels at `size`×`size`, RGBA. */
  const render = async (svg, size) => Buffer.from(await page.evaluate(async ([svg, size]) => {
    const img = new Image();
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0, size, size);
    const data = ctx.getImageData(0, 0, size, size, { colorSpace: 'srgb' }).data;
    let s = '';
    for (let i = 0; i < data.length; i += 0x8000) s += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return btoa(s);
  }, [svg, size]), 'base64');
  mkdirSync(out, { recursive: true });
  for (const [name, svg] of [['icon', anyIcon], ['maskable', maskableIcon]]) {
    for (const size of [192, 512]) {
      const png = indexedPng(await render(svg, size), size);
      writeFileSync(path.join(out, `${name}-${size}.png`), png);
      console.log(`www/icons/${name}-${size}.png: ${size}×${size}, ${png.length} bytes`);
    }
  }
} finally {
  await browser.close();
}
