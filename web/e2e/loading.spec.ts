// The order a server-rendered page loads in: the first frame shows the server's markup before
// the UI's code is asked for (so a phone spends its first round trips on the HTML, the
// stylesheet and the pictures), and the page still becomes interactive after it.
import { expect, test } from '@playwright/test';
import { interactive } from './support';

const ENTRY = /\/assets\/index-[^/]*\.js$/;

// A phone, where the menu is a button the UI's code opens.
test.use({ viewport: { width: 375, height: 800 } });

for (const path of ['/', '/about-us', '/insights']) {
  test(`${path}: the UI's code is asked for after the first paint, and the page then works`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(path);
    await page.waitForFunction(
      (pattern) =>
        performance.getEntriesByType('resource').some((e) => new RegExp(pattern).test(e.name)) &&
        performance.getEntriesByName('first-contentful-paint').length > 0,
      ENTRY.source,
    );
    const { paint, asked } = await page.evaluate((pattern) => {
      const entry = performance.getEntriesByType('resource').find((e) => new RegExp(pattern).test(e.name));
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        asked: entry?.startTime ?? Number.NaN,
      };
    }, ENTRY.source);
    expect(asked, 'the entry script is asked for after the first contentful paint').toBeGreaterThanOrEqual(paint);
    // Exactly one entry script, added by the loader (none in the served markup).
    await expect(page.locator('script[type="module"]')).toHaveCount(1);

    await interactive(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('the served page names no module script: the loader adds the one entry', async ({ request }) => {
  const html = await (await request.get('/about-us')).text();
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  // The loader is a plain inline script: the policy allows it by its hash, the same in every page.
  expect(html).toMatch(/<script>[^<]*\/assets\/index-[^"]*\.js/);
  expect(html).not.toContain('nonce');
});
