// Shared helpers for the end-to-end tests: viewport widths, screenshots kept for review and
// an axe-core check.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The widths every screen is checked and photographed at. */
export const WIDTHS = [375, 768, 1280] as const;

/** Saves a full-page screenshot under test-results/screens/, which CI keeps for review. */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** Fails with the list of violations if axe-core finds any on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
