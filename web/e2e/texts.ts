// The key texts (docs/behaviour.md §2, quoted exactly, letter case included) and key links each
// screen shows, and the footer's links every page carries: checked by screens.spec.ts at every
// width on the same visit as its accessibility check.
import { expect, type Page } from '@playwright/test';
import { PRODUCT_PATHS as PRODUCTS } from './support';

export interface Screen {
  texts: string[];
  links: string[];
}

export const SCREEN_TEXTS: Record<string, Screen> = {
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
  SCREEN_TEXTS[path] = { texts: ['VIEW DEMO', 'DOWNLOAD FACTSHEET', 'READ POST'], links: [] };
}

export const INSIGHT: Screen = {
  texts: ['Insight', 'More Insights', 'Read More Insights', 'View Insights'],
  links: ['/insights'],
};
export const CASE_STUDY: Screen = {
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

/** `page` shows `screen`'s texts and links in its main part, and the footer's. */
export async function expectScreen(page: Page, screen: Screen) {
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
