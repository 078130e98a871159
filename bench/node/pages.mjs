// Opens every route in Debian's Chromium and records, per route: the JavaScript and WebAssembly
// the page loads (raw bytes, gzip -9 bytes, and bytes on the wire), console errors, and
// axe-core's violations (WCAG 2.x A/AA and best-practice rules). Prints one JSON document.
//
//   node pages.mjs BASE_URL ROUTES_JSON     (ROUTES_JSON: [["home", "/"], ...])
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS } from '../../web/scripts/chromium-flags.mjs';

const [base, routesJson] = process.argv.slice(2);
const routes = JSON.parse(routesJson);
const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';

const browser = await chromium.launch({
  executablePath,
  args: CHROMIUM_ARGS,
});

const results = [];
try {
  for (const [template, path] of routes) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts = [];
    const consoleErrors = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(String(e)));
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      const url = response.url();
      const wasm = url.split('?')[0].endsWith('.wasm');
      if (type !== 'script' && !wasm) return;
      scripts.push(
        (async () => {
          const body = await response.body().catch(() => Buffer.alloc(0));
          const sizes = await response.request().sizes().catch(() => ({ responseBodySize: 0 }));
          return {
            url: url.replace(base, ''),
            kind: wasm ? 'wasm' : 'js',
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            wire: sizes.responseBodySize,
            encoding: response.headers()['content-encoding'] ?? 'identity',
          };
        })(),
      );
    });
    let response;
    try {
      response = await page.goto(base + path, { waitUntil: 'networkidle', timeout: 60_000 });
    } catch (e) {
      consoleErrors.push(`navigation: ${e.message.split('\n')[0]}`);
    }
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const files = await Promise.all(scripts);
    const sum = (kind, key) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f[key], 0);
    results.push({
      template,
      path,
      status: response?.status() ?? 0,
      js: { raw: sum('js', 'raw'), gzip: sum('js', 'gzip'), wire: sum('js', 'wire'), files: files.filter((f) => f.kind === 'js').length },
      wasm: { raw: sum('wasm', 'raw'), gzip: sum('wasm', 'gzip'), wire: sum('wasm', 'wire'), files: files.filter((f) => f.kind === 'wasm').length },
      files,
      consoleErrors,
      axe: {
        violations: axe.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help })),
        passes: axe.passes.length,
        incomplete: axe.incomplete.length,
      },
    });
    process.stderr.write(`pages: ${template} ${path}: ${axe.violations.length} axe violations\n`);
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify({ routes: results }, null, 1));
