// Lighthouse 12 over every route, mobile (the default config: simulated slow 4G and a 4x slower
// CPU) and desktop, in Debian's headless Chromium. Prints one JSON document with, per route and
// form factor, the four category scores (0-100), LCP, TBT, CLS and FCP, and the page's total
// bytes over the network (Lighthouse's total byte weight).
//
//   node lighthouse.mjs BASE_URL ROUTES_JSON [mobile,desktop]
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS } from '../../web/scripts/chromium-flags.mjs';

const [base, routesJson, formFactors = 'mobile,desktop'] = process.argv.slice(2);
const routes = JSON.parse(routesJson);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  lcp_ms: 'largest-contentful-paint',
  tbt_ms: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcp_ms: 'first-contentful-paint',
  total_bytes: 'total-byte-weight',
};

// The search results page answers `noindex, follow` by design (a results page is not a page to
// index), which Lighthouse's SEO category counts against it as `is-crawlable`: that one audit
// is not scored there, every other SEO audit is.
const NOT_FOR_INDEXING = new Set(['search']);
// Runs per template and form factor where a budget is judged on the median of several
// (bench/budgets.toml [lighthouse_search]); one elsewhere.
const RUNS = { search: 3 };

const results = [];
for (const formFactor of formFactors.split(',')) {
  // Lighthouse refuses to score an error status, so the 404 page is left to axe and vnu.
  const measured = routes
    .filter(([t]) => t !== 'not-found')
    .flatMap(([t, p]) => Array.from({ length: RUNS[t] ?? 1 }, () => [t, p]));
  for (const [template, path] of measured) {
    // A fresh browser and profile per run, so no run warms another's cache.
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });
    try {
      const config = formFactor === 'desktop' ? desktopConfig : undefined;
      const flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        ...(NOT_FOR_INDEXING.has(template) ? { skipAudits: ['is-crawlable'] } : {}),
      };
      let run = await lighthouse(base + path, flags, config);
      // On a loaded machine the trace is sometimes lost (NO_NAVSTART): one more try.
      if (run.lhr.runtimeError) run = await lighthouse(base + path, flags, config);
      const lhr = run.lhr;
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]),
      );
      const metrics = Object.fromEntries(
        Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? null]),
      );
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
        .map((a) => a.id);
      results.push({ template, path, formFactor, scores, metrics, failing, runtimeError: lhr.runtimeError?.message ?? null });
      process.stderr.write(`lighthouse: ${formFactor} ${template}: ${CATEGORIES.map((c) => scores[c]).join('/')}\n`);
    } finally {
      await chrome.kill();
    }
  }
}
console.log(JSON.stringify({ runs: results }, null, 1));
