// The content audit's HTML report (`supplysite audit --format html`), opened from a file as an
// auditor opens it: axe-clean, no request for anything, tables that sort and filter, printable.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const outDir = fileURLToPath(new URL('../test-results/audit-report', import.meta.url));

/** Writes the report of `args` to test-results/audit-report/`name`.html and returns its path. */
function report(name: string, args: string[]): string {
  // The binary `make test-e2e` built, or `cargo run` (docs: playwright.config.ts).
  const prebuilt = process.env.E2E_PREBUILT === '1';
  const target = path.resolve(repoRoot, process.env.CARGO_TARGET_DIR ?? 'target');
  const [command, prefix] = prebuilt
    ? [path.join(target, 'debug', 'supplysite'), []]
    : ['cargo', ['run', '-q', '-p', 'supplysite-cli', '--']];
  const run = spawnSync(command, [...prefix, 'audit', '--format', 'html', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // No live space from a .env: the export named is audited.
    env: { ...process.env, CONTENTFUL_SPACE_ID: '', SUPPLYSITE_CONTENT: '' },
  });
  // 0, or 1 when a finding reaches --fail-on; the report is written either way.
  expect([0, 1], run.stderr).toContain(run.status);
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${name}.html`);
  writeFileSync(file, run.stdout);
  return file;
}

/** Opens `file`, recording every request the page makes besides loading itself. */
async function open(page: Page, file: string): Promise<string[]> {
  const url = pathToFileURL(file).href;
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url() !== url) requests.push(request.url());
  });
  await page.goto(url);
  await page.waitForLoadState('load');
  return requests;
}

// The demo space's report is a long page: axe alone takes most of the default 30 s on a busy
// two-core machine.
test.setTimeout(90_000);

test('the demo space report is axe-clean, loads nothing and charts every figure', async ({ page }) => {
  const file = report('demo', [
    '--content',
    'content/demo/export.json',
    '--site-url',
    'https://www.supplysite.example',
  ]);
  const requests = await open(page, file);
  await expect(page.getByRole('heading', { level: 1, name: 'Content audit' })).toBeVisible();
  for (const name of [
    'Findings by report and severity',
    'Posts and customer stories per product tag',
    'Indexable posts by year published',
  ]) {
    await expect(page.getByRole('img', { name })).toBeVisible();
  }
  // The text alternative carries the figures: the demo has eRFx posts.
  const tags = page.getByRole('img', { name: 'Posts and customer stories per product tag' });
  await expect(tags).toHaveAccessibleDescription(/eRFx: \d+ posts?/);
  await expect(page.locator('section h2')).toHaveCount(8);
  await expectNoAxeViolations(page);
  if (process.env.AUDIT_REPORT_SCREENSHOT) {
    // docs/editors.md shows it: AUDIT_REPORT_SCREENSHOT=../docs/audit-report.png
    await page.setViewportSize({ width: 1100, height: 1400 });
    await page.screenshot({ path: process.env.AUDIT_REPORT_SCREENSHOT, animations: 'disabled' });
  }
  expect(requests).toEqual([]);
});

test('findings link to the site and to Contentful, and the tables sort, filter and print', async ({ page }) => {
  const file = report('links', [
    'links',
    '--content',
    'crates/cli/tests/fixtures/audit/links.json',
    '--site-url',
    'https://www.supplysite.example',
    '--space-id',
    'demo-space',
  ]);
  const requests = await open(page, file);
  const table = page.getByRole('table', { name: /Links findings/ });
  const rows = table.locator('tbody tr');
  const total = await rows.count();
  expect(total).toBeGreaterThan(10);
  await expect(table.getByRole('link', { name: 'post-links' }).first()).toHaveAttribute(
    'href',
    'https://app.contentful.com/spaces/demo-space/environments/master/entries/post-links',
  );
  await expect(table.getByRole('link', { name: '/about-us' }).first()).toHaveAttribute(
    'href',
    'https://www.supplysite.example/about-us',
  );

  // Filtering keeps the rows holding every word typed.
  const filter = page.getByRole('searchbox', { name: 'Filter Links findings' });
  await filter.fill('pdf-missing');
  await expect(rows.filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole('status')).toHaveText(`1 of ${total} shown`);
  await filter.fill('');
  await expect(rows.filter({ visible: true })).toHaveCount(total);

  // Severity sorts by seriousness: ascending lists errors first, descending info first.
  const severity = table.getByRole('columnheader', { name: 'Severity' });
  await severity.getByRole('button').click();
  await expect(severity).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first().locator('td').first()).toHaveText('error');
  await severity.getByRole('button').click();
  await expect(severity).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first().locator('td').first()).toHaveText('info');
  await expectNoAxeViolations(page);

  // Printed, the filter is gone and every row is there.
  await page.emulateMedia({ media: 'print' });
  await expect(filter).toBeHidden();
  await expect(rows.filter({ visible: true })).toHaveCount(total);
  expect(requests).toEqual([]);
});
