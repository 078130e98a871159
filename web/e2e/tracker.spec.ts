// The marketing-automation tracker (issue 6 "Site-wide behaviour"), with and without a client
// key, and with Global Privacy Control (issue 32): a visitor whose browser sends it gets no
// tracker and no stored tracking email, from the same cached page as everyone else. No request
// leaves the machine: the tracker's host is intercepted and answered here.
// The key reaches the page in the embedded settings; for the keyed case the test adds it to
// the server's page (and the tracker's host to its CSP), as the server does when
// SUPPLYSITE_TRACKER_KEY is set.
import { expect, test, type Page } from '@playwright/test';
import { editEmbeddedData, FORM_JOURNEY_TIMEOUT, interactive, tickRobot } from './support';

test.describe.configure({ timeout: FORM_JOURNEY_TIMEOUT });

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

/** Serves every page with the tracker's client key, as the server does with SUPPLYSITE_TRACKER_KEY. */
async function serveWithTrackerKey(page: Page) {
  await editEmbeddedData(
    page,
    (url) => !url.pathname.startsWith('/api/'),
    (data) => {
      data.settings = { ...(data.settings as object), tracker: { clientKey: 'test-client-key' } };
    },
    (headers) => {
      const csp = headers['content-security-policy'];
      if (csp) headers['content-security-policy'] = csp.replace('script-src', 'script-src https://sibautomation.com');
      return headers;
    },
  );
}

test('with a client key the tracker loads, knows the visitor and hears pages and calls to action', async ({ page }) => {
  const requests = await interceptTracker(page);
  await serveWithTrackerKey(page);
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

test.describe('with Global Privacy Control', () => {
  // What a browser with GPC on does: the header on every request and the property in the page.
  test.use({ extraHTTPHeaders: { 'Sec-GPC': '1' } });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }),
    );
  });

  test('the tracker is never loaded and no tracking email is stored, though a key is configured', async ({ page }) => {
    const requests = await interceptTracker(page);
    await serveWithTrackerKey(page);
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));

    await page.goto('/');
    await interactive(page);
    expect(await page.evaluate(() => (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl)).toBe(
      true,
    );
    await page.locator('main a[data-cta][href="/contact-us"]').first().click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // An enquiry sent: thanked as ever, and its address not kept for a tracker.
    await page.getByLabel('First name').fill('Gail');
    await page.getByLabel('Last name').fill('Private');
    await page.getByLabel('Organisation name').fill('Quiet Foods');
    await page.getByLabel('Phone number').fill('02 9999 7777');
    await page.getByLabel('Email').fill('gail.private@example.com');
    await tickRobot(page);
    await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible({ timeout: 15_000 });

    expect(await page.evaluate(() => localStorage.getItem('trackingEmail'))).toBeNull();
    expect(await page.evaluate(() => 'sendinblue' in window || 'sib' in window)).toBe(false);
    await expect(page.locator('script#sendinblue-js')).toHaveCount(0);
    expect(requests).toEqual([]);
    // The key was there: GPC, not a missing key, kept the tracker out.
    expect(messages).not.toContain(MISSING);
  });

  test('the page is the one every visitor gets, so caches keep one copy', async ({ page, playwright }) => {
    const plain = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const withGpc = await page.request.get('/');
    const without = await plain.get('/');
    expect(withGpc.status()).toBe(200);
    expect(withGpc.headers()['etag']).toBeTruthy();
    expect(withGpc.headers()['etag']).toBe(without.headers()['etag']);
    expect(withGpc.headers()['cache-control']).toBe(without.headers()['cache-control']);
    expect(withGpc.headers()['cache-control']).toContain('public');
    expect(withGpc.headers()['vary'] ?? '').not.toMatch(/sec-gpc/i);
    await plain.dispose();
  });
});

test('the privacy policy says what is tracked and kept, for how long, and that Global Privacy Control is honoured', async ({
  page,
}) => {
  await page.goto('/privacy');
  // The demo space's own policy text (editors own it), within its five sections.
  const heading = page.getByRole('heading', {
    name: 'Tracking, where your visit came from, and Global Privacy Control',
  });
  await expect(heading).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText("Brevo's marketing-automation tracker");
  await expect(main).toContainText('session storage only');
  await expect(main).toContainText('for 400 days');
  await expect(main).toContainText('We honour Global Privacy Control.');
  await expect(page.getByRole('region', { name: 'Tracking and Global Privacy Control' })).toHaveCount(0);
});
