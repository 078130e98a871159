// Renders page props with the server bundle under Node, for comparison with the Rust server's
// QuickJS output (crates/http/tests/server/ssr_parity.rs runs this).
//
//   node scripts/ssr-parity.mjs BUNDLE PROPS_FILE
//
// PROPS_FILE is a JSON array of props strings (exactly what the server passes to `render`).
// Prints a JSON array with, for each, {"html": …} or {"error": …}.
import { readFileSync } from 'node:fs';
import { runInThisContext } from 'node:vm';

const [bundlePath, propsPath] = process.argv.slice(2);
if (!bundlePath || !propsPath) {
  console.error('usage: node scripts/ssr-parity.mjs BUNDLE PROPS_FILE');
  process.exit(2);
}

// The bundle is a plain script that defines globalThis.render, as QuickJS evaluates it.
runInThisContext(readFileSync(bundlePath, 'utf8'), { filename: bundlePath });
if (typeof globalThis.render !== 'function') {
  console.error(`${bundlePath} defines no global function render`);
  process.exit(1);
}

const all = JSON.parse(readFileSync(propsPath, 'utf8'));
const results = [];
for (const props of all) {
  try {
    results.push({ html: await globalThis.render(props) });
  } catch (error) {
    results.push({ error: String(error?.stack ?? error) });
  }
}
// React's stream renderer opens a MessageChannel, which would keep Node running: exit once
// the output is written.
process.stdout.write(JSON.stringify(results), () => process.exit(0));
