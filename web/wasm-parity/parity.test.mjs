// Runs the parity test vectors of tests/vectors/ against the built WebAssembly package, the way
// crates/core/tests/vectors.rs runs them against the native core: identical results or a failure.
// Build the package first (scripts/build-wasm.sh); SUPPLYSITE_WASM_PKG points at another build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const pkgDir = path.resolve(process.env.SUPPLYSITE_WASM_PKG ?? path.join(root, 'web/src/wasm-pkg'));
const vectorsDir = path.join(root, 'tests/vectors');

async function load(name) {
  const mod = await import(pathToFileURL(path.join(pkgDir, `supplysite_${name}.js`)).href);
  mod.initSync({ module: readFileSync(path.join(pkgDir, `supplysite_${name}_bg.wasm`)) });
  return mod;
}

const modules = { contact: await load('contact') };

// How each area's input becomes a call, and which modules export it.
const areas = {
  contact: { in: ['contact'], call: (m, input) => m.validateContact(input) },
  attribution: { in: ['contact'], call: (m, input) => m.cleanAttribution(input) },
  video: { in: ['contact'], call: (m, input) => m.videoId(input) },
  dates: {
    in: ['contact'],
    call: (m, { call, minutes, isoDate }) =>
      call === 'formatDate' ? m.formatDate(isoDate) : m.readTimeLine(minutes, isoDate),
  },
};
// Areas only the server applies (the browser receives rich text rendered and routes resolved):
// their vectors run against the native core alone (crates/core/tests/vectors.rs).
const serverOnly = ['richtext', 'routes'];

function vectors(area) {
  const list = JSON.parse(readFileSync(path.join(vectorsDir, `${area}.json`), 'utf8'));
  assert.ok(Array.isArray(list) && list.length > 0, `${area}.json has no vectors`);
  return list;
}

test('every vector file belongs to an area this runner knows', () => {
  for (const file of readdirSync(vectorsDir)) {
    const area = file.replace(/\.json$/, '');
    assert.ok(area in areas || serverOnly.includes(area), `no runner for tests/vectors/${file}`);
  }
});

for (const [area, { file = area, in: names, call }] of Object.entries(areas)) {
  for (const name of names) {
    test(`${area} vectors match the native core in the ${name} module`, () => {
      vectors(file).forEach((v, i) => {
        const label = `${area}[${i}] ${JSON.stringify(v.input)}`;
        if ('error' in v) {
          assert.throws(() => call(modules[name], v.input), { name: 'Error', message: v.error }, label);
        } else {
          assert.deepStrictEqual(call(modules[name], v.input), v.expected, label);
        }
      });
    });
  }
}

// What only the JavaScript side can get wrong: values the native core never sees.
test('a contact form that is not an object is a JavaScript error, not a panic', () => {
  for (const [bad, found] of [[5, 'number'], ['Ada', 'string'], [['Ada'], 'an array'], [null, 'null'], [undefined, 'undefined']]) {
    assert.throws(
      () => modules.contact.validateContact(bad),
      { name: 'Error', message: `invalid contact form: expected an object, found ${found}` },
    );
  }
  assert.throws(
    () => modules.contact.validateContact({ phone: 12345 }),
    /^Error: invalid contact form: "phone" must be a string or null, found number$/,
  );
});

test('contact errors come back in form order', () => {
  const { errors } = modules.contact.validateContact({});
  assert.deepStrictEqual(Object.keys(errors), ['firstname', 'lastname', 'orgName', 'phone', 'email', 'robot']);
});

test('a read time must be a whole number of minutes or absent', () => {
  assert.equal(modules.contact.readTimeLine(undefined, '2024-03-05'), 'March 05, 2024');
  for (const [bad, shown] of [[-1, '-1'], [1.5, '1.5'], [NaN, 'NaN'], ['5', '5'], [2 ** 32, '4294967296']]) {
    assert.throws(
      () => modules.contact.readTimeLine(bad, '2024-03-05'),
      { name: 'Error', message: `invalid read time ${shown} (expected a whole number of minutes)` },
    );
  }
});

test('the module keeps working after an error', () => {
  assert.throws(() => modules.contact.readTimeLine(-1, '2024-03-05'), /^Error: invalid read time -1/);
  assert.equal(modules.contact.formatDate('2024-03-05'), 'March 05, 2024');
});
