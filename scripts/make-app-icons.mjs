// Draws the installable app's icons from the brand mark (apps/web/public/favicon.svg) into PNGs:
// icon-192.png and icon-512.png (the rounded tile, transparent corners) and icon-maskable-512.png
// (full-bleed tile, the mark inside the maskable safe zone), and badge-96.png (the white mark
// alone, the small icon a notification shows in the status bar). No image library: the mark is two
// circles and two shoulders on a rounded square, so a small supersampling rasterizer and Node's
// zlib are enough, and the script runs on a bare checkout.
// Usage: node scripts/make-app-icons.mjs   (writes into apps/web/public/icons/)
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const BRAND = [0x60, 0x5d, 0xff]; // the favicon's tile, daisyUI 5's light primary
const WHITE = [0xff, 0xff, 0xff];
const SAMPLES = 4; // 4 x 4 samples per pixel
const outDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../apps/web/public/icons",
);

/** Points along a cubic Bézier curve, without its start point. */
function cubic(p0, p1, p2, p3, steps = 32) {
  const points = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    points.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return points;
}

/** The favicon's shoulder path "M12 50c2-8 7-12 12-12s10 4 12 12z", moved dx to the right. */
function shoulders(dx) {
  const at = (x, y) => [x + dx, y];
  return [
    at(12, 50),
    ...cubic(at(12, 50), at(14, 42), at(19, 38), at(24, 38)),
    ...cubic(at(24, 38), at(29, 38), at(34, 42), at(36, 50)),
  ];
}

function insidePolygon(polygon, x, y) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare(x, y, size, radius) {
  if (x < 0 || y < 0 || x > size || y > size) return false;
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** The favicon's shapes in its drawing order (a later one lies over an earlier one). */
const firstBody = shoulders(0);
const secondBody = shoulders(16);
const SHAPES = [
  { opacity: 1, hit: (x, y) => (x - 24) ** 2 + (y - 26) ** 2 <= 81 },
  { opacity: 0.75, hit: (x, y) => (x - 40) ** 2 + (y - 26) ** 2 <= 81 },
  { opacity: 1, hit: (x, y) => insidePolygon(firstBody, x, y) },
  { opacity: 0.75, hit: (x, y) => insidePolygon(secondBody, x, y) },
];

/** The colour and opacity of one point, in the favicon's 64-unit coordinates. */
function paint(x, y, fullBleed, badge) {
  // A notification badge is a silhouette: Android keeps only its alpha.
  if (badge) return SHAPES.some((shape) => shape.hit(x, y)) ? [...WHITE, 1] : [0, 0, 0, 0];
  if (!fullBleed && !insideRoundedSquare(x, y, 64, 14)) return [0, 0, 0, 0];
  let color = BRAND;
  for (const shape of SHAPES) {
    if (!shape.hit(x, y)) continue;
    color = color.map((c, i) => c + (WHITE[i] - c) * shape.opacity);
  }
  return [...color, 1];
}

/**
 * One icon: `scale` is the share of the image the favicon's 64-unit square fills (1 for the
 * plain icons; less for the maskable one, whose mark must sit in the central safe circle).
 */
function render(size, { fullBleed, scale, badge = false }) {
  const pixels = Buffer.alloc(size * size * 4);
  const unit = (size * scale) / 64;
  const offset = (size - size * scale) / 2;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES - offset) / unit;
          const y = (py + (sy + 0.5) / SAMPLES - offset) / unit;
          const [cr, cg, cb, ca] = paint(x, y, fullBleed, badge);
          r += cr * ca;
          g += cg * ca;
          b += cb * ca;
          a += ca;
        }
      }
      const at = (py * size + px) * 4;
      pixels[at] = a ? Math.round(r / a) : 0;
      pixels[at + 1] = a ? Math.round(g / a) : 0;
      pixels[at + 2] = a ? Math.round(b / a) : 0;
      pixels[at + 3] = Math.round((a / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return encodePng(size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG, every row unfiltered. */
function encodePng(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

mkdirSync(outDir, { recursive: true });
const icons = [
  { file: "icon-192.png", size: 192, fullBleed: false, scale: 1 },
  { file: "icon-512.png", size: 512, fullBleed: false, scale: 1 },
  // The mark reaches 0.42 of the tile from its centre; at 0.8 it stays inside the safe circle
  // (radius 0.4) that every launcher mask keeps.
  { file: "icon-maskable-512.png", size: 512, fullBleed: true, scale: 0.8 },
  { file: "badge-96.png", size: 96, fullBleed: false, scale: 1.25, badge: true },
];
for (const icon of icons) {
  const png = render(icon.size, icon);
  writeFileSync(path.join(outDir, icon.file), png);
  console.log(`${icon.file}: ${icon.size}x${icon.size}, ${png.length} bytes`);
}
