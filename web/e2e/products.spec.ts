// Product pages in the browser (issue 5, docs/behaviour.md §2 "Product pages"): each page's factsheet button
// fetches the PDF and saves it as a file under its own name, and each page records its last
// path segment in local storage under its product key.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pageView } from './support';

/** Each product page's local-storage key (docs/behaviour.md §2). */
const PRODUCTS = [
  ['/etender', 'eTender'],
  ['/reverse-auction-eauction', 'reverseAuction'],
  ['/sourcing-management', 'SourcingManagement'],
  ['/supplier-information-management', 'SupplierInformation'],
  ['/contract-management', 'ContractManagement'],
  ['/supplier-performance-management', 'SupplierPerformance'],
  ['/product-information-management', 'ProductInformation'],
  ['/food-industry-software', 'FoodIndustry'],
] as const;

for (const [path, key] of PRODUCTS) {
  test(`${path} saves its factsheet PDF and records itself under ${key}`, async ({ page }) => {
    const { factsheet } = (await pageView(page, path)) as { factsheet: { label: string; fileName: string } };
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key)).toBe(path.slice(1));

    const button = page.getByRole('main').getByRole('link', { name: factsheet.label, exact: true }).first();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(factsheet.fileName);
    const saved = readFileSync((await download.path())!);
    expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Saved, not opened: the page is still the product page.
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  });
}

test('the sourcing page lists its eRFx articles under their heading, each a link to the article', async ({ page }) => {
  const { sourcing } = (await pageView(page, '/sourcing-management')) as {
    sourcing: { erfxArticles: { heading: string; cards: { href: string; text: string }[] } };
  };
  const { heading, cards } = sourcing.erfxArticles;
  expect(cards.length, 'the demo space has eRFx articles').toBeGreaterThan(0);
  expect(cards.length).toBeLessThanOrEqual(9);
  await page.goto('/sourcing-management');
  const section = page.getByRole('main').getByRole('region', { name: heading, exact: true });
  await expect(section.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  const links = section.getByRole('link');
  await expect(links).toHaveCount(cards.length);
  for (const [i, card] of cards.entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', card.href);
    await expect(links.nth(i)).toContainText(card.text);
  }
});
