// The site search (/search) over the demo space, in the browser: from the insights listing's
// field, a filter, the next page, keyboard only, results following the words as they are
// typed, the page without JavaScript, the no-results state, axe and the robots directive.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, interactive } from './support';

const field = (page: Page) => page.getByRole('searchbox', { name: 'Search the site' });
const count = (page: Page) => page.getByRole('status').filter({ hasText: /results? for/ });
const results = (page: Page) => page.locator('main ol li');

test('a search from the insights listing finds the article a reader remembers', async ({ page }) => {
  await page.goto('/insights');
  await interactive(page);
  await field(page).fill('allergen declarations');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=allergen\+declarations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  const first = results(page).first();
  await expect(first.getByRole('link')).toHaveAttribute('href', '/insights/allergen-declarations-pim');
  await expect(first.locator('mark').first()).toBeVisible();
  await expect(count(page)).toHaveText(/^\d+ results? for “allergen declarations”$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  await expectNoAxeViolations(page);
});

test('a filter narrows the results and paging reaches the second page', async ({ page }) => {
  await page.goto('/search?q=supplier');
  await interactive(page);
  await expect(count(page)).toHaveText(/^\d+ results for “supplier”$/);
  const filters = page.getByRole('navigation', { name: 'Filter results' });
  await filters.getByRole('link', { name: /^Insight \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/search\?q=supplier&type=insight$/);
  await expect(results(page).first()).toContainText('Insight');
  await expect(filters.getByRole('link', { name: /^Insight/ })).toHaveAttribute('aria-current', 'true');
  const pages = page.getByRole('navigation', { name: 'Search result pages' });
  await pages.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/search\?q=supplier&type=insight&page=2$/);
  await expect(pages.getByRole('link', { name: 'Previous page' })).toBeVisible();
  await expect(results(page).first()).toBeVisible();
});

test('results follow the words as they are typed, and the address follows them', async ({ page }) => {
  await page.goto('/search');
  await interactive(page);
  await field(page).pressSequentially('revers auct', { delay: 40 });
  await expect(count(page)).toHaveText(/results? for “revers auct”/);
  await expect(results(page).first().getByRole('link')).toHaveAttribute('href', /reverse-auction/);
  await expect(page).toHaveURL(/\/search\?q=revers\+auct$/);
});

test('the whole search works from the keyboard', async ({ page }) => {
  await page.goto('/search');
  await interactive(page);
  await field(page).focus();
  await page.keyboard.type('rfq vs rfp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=rfq\+vs\+rfp$/);
  await expect(count(page)).toBeVisible();
  // Tab from the field reaches the search button, then the filters and the results.
  await field(page).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
  const first = results(page).first().getByRole('link');
  const href = await first.getAttribute('href');
  for (let i = 0; i < 30 && !(await first.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new URL(href ?? '/', page.url()).href);
});

test('nothing found says so, with suggestions', async ({ page }) => {
  await page.goto('/search?q=zzqqxxwv');
  await expect(page.getByRole('heading', { name: 'No results for “zzqqxxwv”' })).toBeVisible();
  await expect(page.getByText('Check the spelling of your words.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'BROWSE INSIGHTS' })).toHaveAttribute('href', '/insights');
  await expectNoAxeViolations(page);
});

test('the not-found page has a search field', async ({ page }) => {
  await page.goto('/no-such-page');
  await field(page).fill('scorecards');
  await field(page).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=scorecards$/);
  await expect(results(page).first()).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form, the results, a filter and the pages all work', async ({ page }) => {
    await page.goto('/insights');
    await field(page).fill('supplier');
    await field(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=supplier$/);
    await expect(count(page)).toHaveText(/^\d+ results for “supplier”$/);
    await expect(results(page)).toHaveCount(10);
    await page
      .getByRole('navigation', { name: 'Search result pages' })
      .getByRole('link', { name: 'Next page' })
      .click();
    await expect(page).toHaveURL(/\/search\?q=supplier&page=2$/);
    await expect(results(page).first()).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Filter results' })
      .getByRole('link', { name: /^Product \(\d+\)$/ })
      .click();
    await expect(page).toHaveURL(/\/search\?q=supplier&type=product$/);
    await expect(results(page).first()).toContainText('Product');
  });
});
