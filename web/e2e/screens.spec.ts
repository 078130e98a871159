// Every screen at 375, 768 and 1280px: it draws its main heading, shows its key texts and links
// and the footer's (texts.ts), the page throws nothing and logs no error, and axe-core finds no
// violation. `make screens` also keeps a full-page screenshot of each for review (support.ts
// `screenshot`). One visit makes every check of a screen at a width: the page loads and axe-core
// runs are most of this spec's time.
// Slug routes take their first example from the listing pages, so the test follows the content.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, PRODUCT_PATHS, screenshot, WIDTHS } from './support';
import { CASE_STUDY, expectScreen, INSIGHT, SCREEN_TEXTS, type Screen } from './texts';

const FIXED = [
  '/',
  '/supplier-management-platform',
  ...PRODUCT_PATHS,
  '/case-study-index',
  '/insights',
  '/about-us',
  '/privacy',
  '/contact-us',
];

/** The first link on `from` whose path starts with `prefix`. */
async function firstLink(page: Page, from: string, prefix: string): Promise<string | null> {
  await page.goto(from);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const hrefs = await page
    .locator(`main a[href^="${prefix}"]`)
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  return hrefs.find((h): h is string => !!h) ?? null;
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

test('every screen with key texts is one of the screens visited', () => {
  expect(Object.keys(SCREEN_TEXTS).filter((path) => !FIXED.includes(path))).toEqual([]);
});

const name = (path: string) => (path === '/' ? 'home' : path.slice(1).replace(/\//g, '_'));

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of FIXED) {
      test(`${path} draws, shows its key texts, is accessible and is photographed`, async ({ page }) => {
        const errors = watchErrors(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Loading...')).toHaveCount(0);
        const texts = SCREEN_TEXTS[path];
        if (texts) await expectScreen(page, texts);
        await expectNoAxeViolations(page);
        await screenshot(page, `${name(path)}-${width}`);
        expect(errors).toEqual([]);
      });
    }

    // The insight and the customer story have key texts, so their listing must link to one; a
    // space without page-builder pages linked from the home page skips that screen.
    const slugScreens: [string, string, Screen | null][] = [
      ['/insights', '/insights/', INSIGHT],
      ['/case-study-index', '/case-study/', CASE_STUDY],
      ['/', '/page/', null],
    ];
    for (const [listing, prefix, texts] of slugScreens) {
      test(`the first ${prefix}… page draws, is accessible and is photographed`, async ({ page }) => {
        const path = await firstLink(page, listing, prefix);
        if (texts) expect(path, `a ${prefix}… link on ${listing}`).toBeTruthy();
        test.skip(!path, `no ${prefix} link on ${listing}`);
        const errors = watchErrors(page);
        await page.goto(path!);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (texts) await expectScreen(page, texts);
        await expectNoAxeViolations(page);
        await screenshot(page, `${name(prefix.slice(0, -1))}-${width}`);
        expect(errors).toEqual([]);
      });
    }
  });
}
