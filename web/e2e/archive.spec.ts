// The insights listing over a synthetic space of 47 posts (a server of its own, started by
// the Playwright config: five full pages of nine and a last page of two): LOAD MORE INSIGHTS fetches nine posts at a time from the page API
// until the oldest is shown, and without JavaScript the pages link to each other so every
// post is reachable.
import { expect, test, type Page } from '@playwright/test';
import { interactive, loadMoreOnce } from './support';

const archive = process.env.E2E_ARCHIVE_URL;
test.skip(!archive, 'needs the synthetic-space server the Playwright config starts');

const POSTS = 47;

/** Every post of the listing, newest first, as the page API pages it. */
async function allPosts(page: Page): Promise<string[]> {
  const hrefs: string[] = [];
  let next: string | null = '/insights';
  while (next) {
    const response = await page.request.get(`${archive}/api/page?path=${encodeURIComponent(next)}`);
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as {
      view: { cards: { href: string }[]; pagination: { next: string | null } };
    };
    hrefs.push(...body.view.cards.map((c) => c.href));
    next = body.view.pagination.next;
  }
  return hrefs;
}

const shownHrefs = (page: Page) =>
  page
    .locator('main article a[href^="/insights/"]')
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')))]);

test('load more fetches nine posts at a time until the oldest post is shown, then goes', async ({ page }) => {
  test.setTimeout(120_000);
  const expected = await allPosts(page);
  expect(expected).toHaveLength(POSTS);
  expect(new Set(expected).size).toBe(POSTS);

  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/page')) asked.push(new URL(r.url()).searchParams.get('path') ?? '');
  });
  await page.goto(`${archive}/insights`);
  await interactive(page);
  const cards = page.locator('main article');
  const button = page.getByRole('button', { name: 'LOAD MORE INSIGHTS' });
  await expect(cards).toHaveCount(9);
  for (let shown = 9; shown < POSTS; shown += 9) {
    const scrolled = await page.evaluate(() => window.scrollY);
    await loadMoreOnce(page, shown, Math.min(shown + 9, POSTS));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
  }
  await expect(button).toHaveCount(0);
  expect(await shownHrefs(page)).toEqual(expected);
  // One request per page after the first, in order, and none after the last.
  const pages = Math.ceil(POSTS / 9);
  expect(asked).toEqual(Array.from({ length: pages - 1 }, (_, i) => `/insights?page=${i + 2}`));
});

test('without JavaScript the listing links page to page and reaches every post', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const seen: string[] = [];
  let url: string | null = `${archive}/insights`;
  let pages = 0;
  while (url) {
    await page.goto(url);
    pages += 1;
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(url);
    seen.push(...((await shownHrefs(page)) as string[]));
    const more = page.getByRole('link', { name: 'LOAD MORE INSIGHTS' });
    if ((await more.count()) === 0) break;
    await expect(more).toHaveAttribute('rel', 'next');
    const nextInHead = await page.locator('link[rel="next"]').getAttribute('href');
    url = new URL((await more.getAttribute('href'))!, archive).href;
    expect(nextInHead).toBe(url);
  }
  expect(pages).toBe(Math.ceil(POSTS / 9));
  expect(seen).toHaveLength(POSTS);
  expect(new Set(seen).size).toBe(POSTS);
  await expect(page.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
    'href',
    `/insights?page=${pages - 1}`,
  );
  await context.close();
});
