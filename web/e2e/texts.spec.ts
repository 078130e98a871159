// Every screen at 375, 768 and 1280px shows its key texts (docs/behaviour.md §2, quoted exactly, letter case
// included) and its key links, and every page carries the footer's links. Slug routes take
// their first example from the listing pages, so the test follows the content.
import { expect, test, type Page } from '@playwright/test';
import { PRODUCT_PATHS as PRODUCTS, WIDTHS } from './support';

interface Screen {
  texts: string[];
  links: string[];
}

const FIXED: Record<string, Screen> = {
  '/': {
    texts: [
      'Supply Chain Software',
      'I need help with...',
      'DISCOVER MORE',
      'READ THE FULL CUSTOMER STORY NOW',
      'MORE CUSTOMER STORIES',
      'Read Our Latest Insights',
      'READ POST',
      'Read our Customer Stories',
      'VIEW CUSTOMER STORIES',
      'More Insights and Information',
    ],
    links: [...PRODUCTS, '/case-study/manage-contractor-compliance', '/contact-us', '/about-us', '/case-study-index'],
  },
  '/supplier-management-platform': { texts: ['Our Solutions'], links: ['/contact-us'] },
  '/sourcing-management': {
    texts: [
      'VIEW STRATEGIC SOURCING VIDEO',
      'DOWNLOAD SOURCING MANAGEMENT FACTSHEET',
      'CONTACT US TO DISCUSS STRATEGIC SOURCING',
    ],
    links: ['/etender', '/reverse-auction-eauction', '/contact-us'],
  },
  '/case-study-index': { texts: ['Customer Stories', 'READ THE FULL CUSTOMER STORY NOW'], links: [] },
  '/insights': { texts: ['Our Latest Insights', 'LOAD MORE INSIGHTS', 'READ POST'], links: [] },
  '/about-us': { texts: ['Our Team', 'Our Culture', 'READ POST'], links: ['/case-study-index'] },
  '/contact-us': { texts: ['Get In Touch'], links: [] },
};
for (const path of PRODUCTS.filter((p) => p !== '/sourcing-management')) {
  FIXED[path] = { texts: ['VIEW DEMO', 'DOWNLOAD FACTSHEET', 'READ POST'], links: [] };
}

const INSIGHT: Screen = {
  texts: ['Insight', 'More Insights', 'Read More Insights', 'View Insights'],
  links: ['/insights'],
};
const CASE_STUDY: Screen = {
  texts: [
    'Category',
    'Location',
    'Suppliers',
    'Strategy',
    'Industry',
    'Background',
    'The Challenge',
    'The Solution',
    'The Outcomes',
  ],
  links: [],
};
const FOOTER = ['/privacy', '/contact-us', '/about-us', '/case-study-index', '/insights'];

async function expectScreen(page: Page, screen: Screen) {
  await expect(page.getByText('Loading...')).toHaveCount(0);
  const main = page.locator('main');
  for (const text of screen.texts) {
    await expect(main.getByText(text, { exact: true }).first(), `the text '${text}'`).toBeVisible();
  }
  for (const href of screen.links) {
    await expect(main.locator(`a[href="${href}"]`).first(), `a link to ${href}`).toBeVisible();
  }
  const footer = page.locator('footer');
  await expect(footer.getByText('Send us a message', { exact: true })).toBeVisible();
  for (const href of FOOTER) {
    await expect(footer.locator(`a[href="${href}"]`).first(), `a footer link to ${href}`).toBeVisible();
  }
}

/** The first link on `from` whose path starts with `prefix`. */
async function firstLink(page: Page, from: string, prefix: string): Promise<string> {
  await page.goto(from);
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
  expect(href, `a ${prefix}… link on ${from}`).toBeTruthy();
  return href!;
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [path, screen] of Object.entries(FIXED)) {
      test(`${path} shows its key texts and links`, async ({ page }) => {
        await page.goto(path);
        await expectScreen(page, screen);
      });
    }

    test('an insight shows its key texts and links', async ({ page }) => {
      await page.goto(await firstLink(page, '/insights', '/insights/'));
      await expectScreen(page, INSIGHT);
    });

    test('a customer story shows its facts and sections', async ({ page }) => {
      await page.goto(await firstLink(page, '/case-study-index', '/case-study/'));
      await expectScreen(page, CASE_STUDY);
    });
  });
}
