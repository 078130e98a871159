// Prints the raw and gzip size of every built JavaScript and CSS chunk, then the home page's
// JavaScript (the entry, its static imports and the home screen's chunk when it has its own;
// the build puts the home screen in the entry) against its budget.
// Usage: node scripts/size.mjs [--check]   (--check exits 1 when the budget is exceeded)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// 71 KB since Live Preview (issue 21): the shared components put each CMS field's inspector
// attributes on its element, which hydration must match (about 0.55 KB gzip). 72 KB since the
// first page of a visit notes where it came from for the enquiry (73,120 bytes measured).
const BUDGET_GZIP = 72 * 1024;
const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(dist, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return sizes.get(file);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const row = (name, s) => console.log(`${name.padEnd(48)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)}`);

console.log(`${'chunk'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`);
const files = new Set();
for (const chunk of Object.values(manifest)) {
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
}
for (const file of [...files].sort()) row(file, size(file));

// The home page loads the entry and everything it imports statically, then its screen chunk.
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const home = new Set();
function addStatic(key) {
  const chunk = manifest[key];
  if (!chunk || home.has(chunk.file)) return;
  home.add(chunk.file);
  for (const dep of chunk.imports ?? []) addStatic(dep);
}
addStatic(entryKey);
const homeScreen = Object.keys(manifest).find((k) => /features\/home\//.test(k));
if (homeScreen) addStatic(homeScreen);

const total = [...home]
  .filter((f) => f.endsWith('.js'))
  .reduce((sum, f) => ({ raw: sum.raw + size(f).raw, gzip: sum.gzip + size(f).gzip }), { raw: 0, gzip: 0 });
console.log('');
const scripts = [...home].filter((f) => f.endsWith('.js')).length;
row(`home page JavaScript (${scripts} ${scripts === 1 ? 'script' : 'scripts'})`, total);
console.log(`home page JavaScript: ${total.gzip} bytes gzip -9`);
const within = total.gzip <= BUDGET_GZIP;
console.log(`budget ${kb(BUDGET_GZIP)} gzip: ${within ? 'within' : `over by ${kb(total.gzip - BUDGET_GZIP)}`}`);
if (process.argv.includes('--check') && !within) process.exit(1);
