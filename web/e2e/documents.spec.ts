// A PDF from the space opens in the browser's own viewer when a visitor follows its address:
// it is sent inline as application/pdf with nosniff and without the sandbox policy that the
// space's runnable files (HTML, SVG, XML) keep, so Chromium shows it instead of refusing or
// downloading it.
import { expect, test } from '@playwright/test';
import { pageView } from './support';

test('following a customer story PDF address opens it in the browser', async ({ page }) => {
  const teasers = (await pageView(page, '/case-study-index')).teasers as { href: string }[];
  const downloads = await Promise.all(
    teasers.map(async (t) => (await pageView(page, t.href)).download as { href: string } | null),
  );
  const pdf = downloads.find((d) => d?.href.endsWith('.pdf'));
  expect(pdf, 'the demo space has a customer story with a PDF').toBeTruthy();

  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });
  const response = await page.goto(pdf!.href);
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers['content-type']).toBe('application/pdf');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-disposition'] ?? '').not.toContain('attachment');
  expect(headers['content-security-policy'] ?? '').not.toContain('sandbox');
  // Chromium's viewer is an extension page framed in the document it opens.
  await expect
    .poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://')), { timeout: 10_000 })
    .toBe(true);
  expect(page.url()).toBe(new URL(pdf!.href, page.url()).href);
  expect(downloaded).toBe(false);
});
