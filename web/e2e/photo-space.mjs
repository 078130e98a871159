#!/usr/bin/env node
// Writes a copy of the demo export whose large pictures are photographs: every insight hero,
// case-study banner and page banner becomes a 2400x1600 JPEG of the export (a real file,
// written here), so the browser tests can check which width the page asks for at each
// viewport. Usage: node e2e/photo-space.mjs <demo export dir> <out dir>
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [from, out] = process.argv.slice(2);
if (!from || !out) throw new Error('usage: photo-space.mjs <demo export dir> <out dir>');

export const WIDTH = 2400;
export const HEIGHT = 1600;

/** Where each content type keeps its large picture. */
const PICTURES = { blogPost: 'heroImage', casestudy: 'mainimage', pageBanner: 'bannerImage' };

const exported = JSON.parse(readFileSync(path.join(from, 'export.json'), 'utf8'));
mkdirSync(out, { recursive: true });
cpSync(path.join(from, 'images.ctfassets.net'), path.join(out, 'images.ctfassets.net'), { recursive: true });

const photoIds = new Set();
for (const entry of exported.entries) {
  const field = PICTURES[entry.sys.contentType.sys.id];
  for (const link of Object.values(entry.fields[field] ?? {})) photoIds.add(link.sys.id);
}

const jpeg = greyJpeg(WIDTH, HEIGHT);
for (const asset of exported.assets) {
  if (!photoIds.has(asset.sys.id)) continue;
  for (const file of Object.values(asset.fields.file)) {
    const rel = `supplysitedemo/${asset.sys.id}/photo/${asset.sys.id}.jpg`;
    mkdirSync(path.dirname(path.join(out, 'images.ctfassets.net', rel)), { recursive: true });
    writeFileSync(path.join(out, 'images.ctfassets.net', rel), jpeg);
    file.url = `//images.ctfassets.net/${rel}`;
    file.fileName = `${asset.sys.id}.jpg`;
    file.contentType = 'image/jpeg';
    file.details = { size: jpeg.length, image: { width: WIDTH, height: HEIGHT } };
  }
}
writeFileSync(path.join(out, 'export.json'), JSON.stringify(exported, null, 2));
console.log(`${photoIds.size} photographs in ${out}`);

/**
 * A baseline JPEG of one grey channel, `width` x `height`, every 8x8 block flat: each block is
 * a zero DC difference and an end of block, one bit each with one-symbol Huffman tables.
 */
function greyJpeg(width, height) {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const u16 = (n) => [n >> 8, n & 255];
  const segment = (marker, body) => [0xff, marker, ...u16(body.length + 2), ...body];
  const huffman = (tableClass) => [(tableClass << 4) | 0, 1, ...new Array(15).fill(0), 0];
  const head = [
    0xff,
    0xd8,
    ...segment(0xdb, [0, ...new Array(64).fill(1)]),
    ...segment(0xc0, [8, ...u16(height), ...u16(width), 1, 1, 0x11, 0]),
    ...segment(0xc4, huffman(0)),
    ...segment(0xc4, huffman(1)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
  ];
  // Two zero bits a block; the last byte is padded with one bits.
  const bits = blocks * 2;
  const data = new Uint8Array(Math.ceil(bits / 8));
  if (bits % 8) data[data.length - 1] = (1 << (8 - (bits % 8))) - 1;
  return Buffer.concat([Buffer.from(head), Buffer.from(data), Buffer.from([0xff, 0xd9])]);
}
