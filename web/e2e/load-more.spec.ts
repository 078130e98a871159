// LOAD MORE INSIGHTS when the page API lets the visitor down (issue 32, docs/behaviour.md §4): a
// refused request or one with no answer within the time limit is said in a live region, the
// button comes back for another try, and the retry appends the next page once; an answer that
// arrives after the page gave up adds nothing.
import { expect, test, type Page, type Route } from '@playwright/test';

const FAILED = 'More insights could not be loaded just now. Please try again.';
const NEXT = '/insights?page=2';

/** Whether a request is the page API's ask for the listing's second page. */
const isNextPage = (url: URL) => url.pathname === '/api/page' && url.searchParams.get('path') === NEXT;

async function openListing(page: Page) {
  await page.goto('/insights');
  // Interactive once hydrated, which a busy machine may take a while to do.
  await expect(page.getByRole('button', { name: 'Menu', includeHidden: true })).toBeEnabled({ timeout: 20_000 });
  await expect(page.locator('main article')).toHaveCount(9);
}

const shownHrefs = (page: Page) =>
  page.locator('main article a[href^="/insights/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));

async function expectSecondPageOnce(page: Page) {
  await expect(page.locator('main article')).toHaveCount(18);
  const hrefs = await shownHrefs(page);
  expect(new Set(hrefs).size).toBe(hrefs.length);
  expect(new Set(hrefs).size).toBe(18);
}

test('a refused request is said in a live region, and the retry appends the next page once', async ({ page }) => {
  let asked = 0;
  await page.route(isNextPage, (route: Route) => {
    asked += 1;
    return asked === 1 ? route.abort('connectionrefused') : route.continue();
  });
  await openListing(page);
  const button = page.getByRole('button', { name: 'LOAD MORE INSIGHTS' });
  const region = page.getByRole('status').filter({ hasText: FAILED });

  await button.click();
  await expect(region).toBeVisible();
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(button).toBeEnabled();
  await expect(page.locator('main article')).toHaveCount(9);

  await button.click();
  await expectSecondPageOnce(page);
  await expect(page.getByText(FAILED)).toHaveCount(0);
  expect(asked).toBe(2);
});

test('a request with no answer is given up after a few seconds; its late answer adds nothing', async ({ page }) => {
  test.setTimeout(40_000);
  let asked = 0;
  // The first request is held, unanswered, until the page has given up and the retry has been
  // shown, then let through: a stalled connection that recovers too late. The handler returns
  // at once, so later requests are routed while it is held.
  const held: { route?: Route } = {};
  await page.route(isNextPage, (route: Route) => {
    asked += 1;
    if (asked > 1) return route.continue();
    held.route = route;
  });
  await openListing(page);
  const button = page.getByRole('button', { name: 'LOAD MORE INSIGHTS' });

  const started = Date.now();
  await button.click();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('status').filter({ hasText: FAILED })).toBeVisible({ timeout: 10_000 });
  const waited = Date.now() - started;
  // A few seconds: longer than the one-second loading state, shorter than a visitor's patience.
  expect(waited).toBeGreaterThan(2_000);
  expect(waited).toBeLessThan(9_000);
  await expect(button).toBeEnabled();
  await expect(page.locator('main article')).toHaveCount(9);

  await button.click();
  await expectSecondPageOnce(page);
  expect(held.route).toBeDefined();
  await held.route?.continue().catch(() => {});
  // The page gave up on it: each card is still shown once.
  await expectSecondPageOnce(page);
  await expect(page.getByText(FAILED)).toHaveCount(0);
});
