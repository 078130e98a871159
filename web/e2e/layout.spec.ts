// Shared states of docs/behaviour.md §4 that only a real browser's layout shows: the page-builder banner's
// background image only above 1023px, and images that reserve their space before they load so
// no text moves when they arrive.
import { expect, test, type Page } from '@playwright/test';

const ROUTES = [
  '/',
  '/etender',
  '/insights/rfq-vs-rfp-vs-rft',
  '/case-study/manage-contractor-compliance',
  '/supplier-management-platform',
  '/case-study-index',
  '/insights',
  '/about-us',
  '/privacy',
];

test('a page-builder banner shows its picture behind the text above 1023px only', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const href = await page.locator('main a[href^="/page/"]').first().getAttribute('href');
  expect(href, 'a /page/… link on the home page').toBeTruthy();
  await page.goto(href!);
  const banner = page.locator('header', { has: page.getByRole('heading', { level: 1 }) });
  const picture = banner.locator('img[fetchpriority="high"]').first();
  // The picture fills the banner, behind the heading.
  const covers = () =>
    banner.evaluate((el) => {
      const img = el.querySelector('img[fetchpriority="high"]');
      if (!img || getComputedStyle(img).display === 'none') return false;
      const [a, b] = [el.getBoundingClientRect(), img.getBoundingClientRect()];
      return Math.abs(a.width - b.width) < 1 && Math.abs(a.height - b.height) < 1;
    });
  await expect.poll(covers).toBe(true);
  await expect(picture).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 900 });
  await expect.poll(covers).toBe(true);
  await page.setViewportSize({ width: 1023, height: 900 });
  await expect(picture).toBeHidden();
  await page.setViewportSize({ width: 375, height: 900 });
  await expect(picture).toBeHidden();
});

/**
 * Where each heading, paragraph and list item of the main content starts down the page, with
 * every section laid out. Sections far below the screen are skipped by `content-visibility: auto`
 * until they come near it, standing in with a remembered or placeholder height; which of them a
 * browser has laid out yet depends on how many frames it has drawn, not on the images. Showing
 * them all measures what this test is about: the space each picture keeps before it arrives.
 */
async function textTops(page: Page) {
  await page.addStyleTag({ content: 'main * { content-visibility: visible !important; }' });
  return page
    .locator('main :is(h1, h2, h3, h4, p, li)')
    .evaluateAll((els) =>
      els.map((el) => `${el.tagName} ${Math.round(el.getBoundingClientRect().top + window.scrollY)}`),
    );
}

for (const path of ROUTES) {
  test(`nothing on ${path} moves down when its images arrive`, async ({ browser }) => {
    // Images still on their way (their responses held back): the layout as it is before they
    // arrive.
    const blocked = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await blocked.route(/\.(svg|png|jpe?g|webp|avif|gif)(\?.*)?$/, () => new Promise<void>(() => {}));
    await blocked.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(blocked.getByRole('heading', { level: 1 })).toBeVisible();
    await blocked.evaluate(() => document.fonts.ready);
    const before = await textTops(blocked);
    await blocked.unrouteAll({ behavior: 'ignoreErrors' });
    await blocked.close();

    // The same page with every image loaded.
    const loaded = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await loaded.goto(path);
    await expect(loaded.getByRole('heading', { level: 1 })).toBeVisible();
    // Every picture asked for now, lazy or not, until all have arrived; asked on each poll, since
    // hydration may still replace an element after the first ask.
    await loaded.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('main img')).every((img) => {
        img.loading = 'eager';
        return img.complete;
      }),
    );
    await loaded.evaluate(() => document.fonts.ready);
    const after = await textTops(loaded);
    await loaded.close();

    expect(before.length).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });
}
