// Issue 6's behaviour tests over the real server and the demo space: load more on the insights
// listing, the two not-found redirects, the customer-story PDF button, the About timeline's
// alternation and the page-builder layouts either side of the 1023px breakpoint.
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { interactive, loadMoreOnce } from './support';

async function view(page: Page, path: string): Promise<Record<string, unknown>> {
  const response = await page.request.get(`/api/page?path=${encodeURIComponent(path)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { outcome?: { view?: object }; view?: object };
  return (body.outcome?.view ?? body.view) as Record<string, unknown>;
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

test('load more reveals nine insights a second at a time, scrolls on, and goes when all are shown', async ({
  page,
}) => {
  const total = ((await view(page, '/insights')).pagination as { total: number }).total;
  test.skip(total <= 9, 'the demo space has no more than one page of insights');
  await page.goto('/insights');
  const cards = page.locator('main article');
  const button = page.getByRole('button', { name: 'LOAD MORE INSIGHTS' });
  await expect(cards).toHaveCount(9);
  for (let shown = 9; shown < total; shown += 9) {
    const scrolled = await page.evaluate(() => window.scrollY);
    await loadMoreOnce(page, shown, Math.min(shown + 9, total));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
  }
  await expect(button).toHaveCount(0);
});

for (const [from, to, heading] of [
  ['/case-study/no-such-story', '/case-study-index', 'Customer Stories'],
  ['/insights/no-such-insight', '/insights', 'Our Latest Insights'],
] as const) {
  test(`an unknown ${to} item redirects to ${to}, on first load and in the app`, async ({ page }) => {
    await page.goto(from);
    await expect(page).toHaveURL(new RegExp(`${to}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

    await page.goto('/');
    // The app hears history changes once it has hydrated.
    await interactive(page);
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, from);
    await expect(page).toHaveURL(new RegExp(`${to}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

test('a customer story offers its PDF only when it has one, and the download is saved', async ({ page }) => {
  const teasers = (await view(page, '/case-study-index')).teasers as { href: string }[];
  const stories = await Promise.all(
    teasers.map(async (t) => ({ href: t.href, download: (await view(page, t.href)).download })),
  );
  const withPdf = stories.find((s) => s.download);
  const withoutPdf = stories.find((s) => !s.download);
  test.skip(!withPdf || !withoutPdf, 'the demo space needs a story with and one without a PDF');

  await page.goto(withoutPdf!.href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'DOWNLOAD THE FULL CUSTOMER STORY NOW' })).toHaveCount(0);

  await page.goto(withPdf!.href);
  const button = page.getByRole('link', { name: 'DOWNLOAD THE FULL CUSTOMER STORY NOW' });
  await expect(button).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const saved = readFileSync((await download.path())!);
  expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test.describe('at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the About timeline alternates right and left of its line', async ({ page }) => {
    await page.goto('/about-us');
    const entries = page.locator('main ol > li');
    await expect(entries.first()).toBeVisible();
    const count = await entries.count();
    expect(count).toBeGreaterThan(1);
    const line = await box(page.locator('main ol').first());
    const centre = line.x + line.width / 2;
    for (let i = 0; i < count; i++) {
      const card = await box(entries.nth(i).locator(':scope > div').first());
      if (i % 2 === 0) expect(card.x, `entry ${i} is on the right`).toBeGreaterThanOrEqual(centre - 1);
      else expect(card.x + card.width, `entry ${i} is on the left`).toBeLessThanOrEqual(centre + 1);
    }
  });
});

interface Slice {
  kind: string;
  layout?: string;
  title?: string | null;
  image?: object | null;
}

/** Where each titled text-and-media slice with an image puts its text relative to its media. */
async function sliceLayouts(page: Page, path: string) {
  const slices = ((await view(page, path)).slices as Slice[]).filter(
    (s) => s.kind === 'textMedia' && s.title && s.image,
  );
  await page.goto(path);
  const found: { layout: string; textLeft: boolean; textAbove: boolean; sideBySide: boolean }[] = [];
  for (const slice of slices) {
    const heading = page.getByRole('heading', { level: 2, name: slice.title!, exact: true }).first();
    const text = heading.locator('xpath=..');
    const media = text.locator('xpath=following-sibling::div | preceding-sibling::div').first();
    await media.scrollIntoViewIfNeeded();
    const [t, m] = [await box(text), await box(media)];
    found.push({
      layout: slice.layout!,
      textLeft: t.x < m.x,
      textAbove: t.y + t.height <= m.y + 1,
      sideBySide: Math.abs(t.y - m.y) < t.height && t.x + t.width <= m.x + 1 !== m.x + m.width <= t.x + 1,
    });
  }
  return found;
}

const BUILDER = '/page/supplier-onboarding-toolkit';

for (const width of [1024, 1280]) {
  test.describe(`page builder at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('text-and-media slices follow their layout', async ({ page }) => {
      const found = await sliceLayouts(page, BUILDER);
      expect(found.map((f) => f.layout)).toEqual(expect.arrayContaining(['leftColumn', 'rightColumn']));
      for (const f of found) {
        if (f.layout === 'leftColumn') expect(f).toMatchObject({ sideBySide: true, textLeft: true });
        if (f.layout === 'rightColumn') expect(f).toMatchObject({ sideBySide: true, textLeft: false });
        if (f.layout === 'fullWidth') expect(f).toMatchObject({ textAbove: true });
      }
    });
  });
}

test.describe('page builder at 1023px', () => {
  test.use({ viewport: { width: 1023, height: 900 } });

  test('every text-and-media slice puts its text first, then its media', async ({ page }) => {
    const found = await sliceLayouts(page, BUILDER);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) expect(f, f.layout).toMatchObject({ textAbove: true });
  });
});
