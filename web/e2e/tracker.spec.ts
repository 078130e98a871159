// The marketing-automation tracker (issue 6 "Site-wide behaviour"), with and without a client
// key. No request leaves the machine: the tracker's host is intercepted and answered here.
// The key reaches the page in the embedded settings; for the keyed case the test adds it to
// the server's page (and the tracker's host to its CSP), as the server does when
// SUPPLYSITE_TRACKER_KEY is set.
import { expect, test, type Page } from '@playwright/test';

const MISSING = 'The marketing-automation client key is missing: the tracker is not loaded.';

async function interceptTracker(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route(/sibautomation\.com|sendinblue\.com|brevo\.com/, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* tracker stand-in */' });
  });
  return requests;
}

test('with no client key the console says so and nothing is loaded', async ({ page }) => {
  const requests = await interceptTracker(page);
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => messages).toContain(MISSING);
  await expect(page.locator('script#sendinblue-js')).toHaveCount(0);
  expect(await page.evaluate(() => 'sendinblue' in window)).toBe(false);
  expect(requests).toEqual([]);
});

test('with a client key the tracker loads, knows the visitor and hears pages and calls to action', async ({ page }) => {
  const requests = await interceptTracker(page);
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script id="__SUPPLYSITE__"[^>]*>)(.*?)(<\/script>)/s,
        (_, open: string, json: string, close: string) => {
          const data = JSON.parse(json) as Record<string, unknown>;
          data.settings = { ...(data.settings as object), tracker: { clientKey: 'test-client-key' } };
          return open + JSON.stringify(data).replace(/</g, '\\u003c') + close;
        },
      );
      const headers = { ...response.headers() };
      const csp = headers['content-security-policy'];
      if (csp) headers['content-security-policy'] = csp.replace('script-src', 'script-src https://sibautomation.com');
      return route.fulfill({ response, body: html, headers });
    },
  );
  await page.addInitScript(() => localStorage.setItem('trackingEmail', 'ann.lee@example.com'));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => requests).toContain('https://sibautomation.com/sa.js?key=test-client-key');
  const sib = () =>
    page.evaluate(() => {
      const w = window as unknown as { sib: { email_id?: string; client_key: string; equeue: object[] } };
      return { email: w.sib.email_id, key: w.sib.client_key, queue: w.sib.equeue.map((e) => Object.keys(e)[0]) };
    });
  expect(await sib()).toEqual({ email: 'ann.lee@example.com', key: 'test-client-key', queue: ['page'] });

  // An in-app call to action: a track event, then a page event for the new page.
  await page.locator('main a[data-cta][href="/contact-us"]').first().click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(async () => (await sib()).queue).toEqual(['page', 'track', 'page']);
  expect(requests.every((url) => url.startsWith('https://sibautomation.com/'))).toBe(true);
});
