// Shared states of SPEC §4 that only a real browser's layout shows: the page-builder banner's
// background image only above 1023px, and images that reserve their box before they load so
// nothing shifts.
import { expect, test } from '@playwright/test';

const ROUTES = [
  '/',
  '/etender',
  '/supplier-management-platform',
  '/case-study-index',
  '/insights',
  '/about-us',
  '/privacy',
];

test('a page-builder banner shows its background image above 1023px only', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const href = await page.locator('main a[href^="/page/"]').first().getAttribute('href');
  expect(href, 'a /page/… link on the home page').toBeTruthy();
  await page.goto(href!);
  const banner = page.locator('header', { has: page.getByRole('heading', { level: 1 }) });
  const backgroundImage = () => banner.evaluate((el) => getComputedStyle(el).backgroundImage);
  await expect.poll(backgroundImage).toContain('url(');
  await page.setViewportSize({ width: 1024, height: 900 });
  await expect.poll(backgroundImage).toContain('url(');
  await page.setViewportSize({ width: 1023, height: 900 });
  await expect.poll(backgroundImage).not.toContain('url(');
  await page.setViewportSize({ width: 375, height: 900 });
  await expect.poll(backgroundImage).not.toContain('url(');
});

for (const path of ROUTES) {
  test(`every image on ${path} reserves its box before it loads`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const missing = await page
      .locator('main img')
      .evaluateAll((imgs) =>
        imgs
          .filter((img) => !(img.getAttribute('width') && img.getAttribute('height')))
          .map((img) => img.getAttribute('src')),
      );
    expect(missing).toEqual([]);
  });
}
