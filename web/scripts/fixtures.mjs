// The web's test fixtures, composed from the demo content by the real core:
// `node scripts/fixtures.mjs [--check] BIN` runs `BIN page PATH --answer` (BIN is the built
// `supplysite` binary) for one route per screen and writes each answer, and the site's chrome,
// as JSON under src/testing/fixtures/composed/. With --check it writes nothing and exits 1 when
// a committed file differs from what the binary composes now (rewrite them with
// `make web-fixtures`). The demo's photographs must be there (`make demo-photos`): without them
// core composes the pictures differently.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(web, 'src/testing/fixtures/composed');
const repo = resolve(web, '..');
const content = join(repo, 'content/demo/export.json');

const args = process.argv.slice(2);
const check = args.includes('--check');
const bin = args.find((a) => !a.startsWith('--'));
if (!bin) {
  console.error('usage: node scripts/fixtures.mjs [--check] PATH_TO_SUPPLYSITE_BINARY');
  process.exit(2);
}

/** The browser's answer for `path` over the demo content: `{chrome, outcome}`. */
function answer(path) {
  const stdout = execFileSync(resolve(bin), ['page', path, '--answer', '--content', content], {
    cwd: repo,
    encoding: 'utf8',
  });
  return JSON.parse(stdout);
}

/** The first site path starting with `prefix` in a composed view, in document order. */
function firstLink(view, prefix) {
  const found = JSON.stringify(view).match(new RegExp(`"(${prefix}[a-z0-9-]+)"`));
  if (!found) throw new Error(`no ${prefix} link in the composed view`);
  return found[1];
}

const files = {
  home: '/',
  etender: '/etender',
  supplierPerformance: '/supplier-performance-management',
  sourcing: '/sourcing-management',
  solutions: '/supplier-management-platform',
  videoPopup: '/videopopup',
  caseStudyIndex: '/case-study-index',
  insights: '/insights',
  insightsPage2: '/insights?page=2',
  insightsPage3: '/insights?page=3',
  about: '/about-us',
  privacy: '/privacy',
  contact: '/contact-us',
  notFound: '/no-such-page',
};
// The "first" story, article and builder page: the first the index, the listing and the home
// page link to, so the choice follows the demo content.
const home = answer('/').outcome;
files.caseStudy = firstLink(answer('/case-study-index').outcome.view.teasers, '/case-study/');
files.insight = firstLink(answer('/insights').outcome.view.cards, '/insights/');
files.builderPage = firstLink(home.view, '/page/');

const wanted = new Map();
let chrome;
for (const [name, path] of Object.entries(files)) {
  const { chrome: c, outcome } = answer(path);
  chrome ??= c;
  wanted.set(`${name}.json`, `${JSON.stringify({ path, outcome }, null, 2)}\n`);
}
wanted.set('chrome.json', `${JSON.stringify(chrome, null, 2)}\n`);

mkdirSync(out, { recursive: true });
const present = readdirSync(out).filter((f) => f.endsWith('.json'));
if (check) {
  const stale = [...wanted].filter(([f, text]) => {
    try {
      return readFileSync(join(out, f), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  const extra = present.filter((f) => !wanted.has(f));
  for (const [f] of stale) console.error(`fixtures: ${f} differs from what the demo composes now`);
  for (const f of extra) console.error(`fixtures: ${f} is no longer composed`);
  if (stale.length || extra.length) {
    console.error('fixtures: rewrite them with `make web-fixtures` and commit the result (pictures are composed');
    console.error('fixtures: differently when the demo photographs are missing: `make demo-photos` first)');
    process.exit(1);
  }
  console.log(`fixtures: ${wanted.size} composed fixtures match the demo`);
} else {
  for (const f of present) if (!wanted.has(f)) rmSync(join(out, f));
  for (const [f, text] of wanted) writeFileSync(join(out, f), text);
  console.log(`fixtures: wrote ${wanted.size} files to ${out}`);
}
