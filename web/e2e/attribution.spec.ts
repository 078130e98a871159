// Where a lead came from, in Chromium against the real server and the fake Brevo (docs/behaviour.md
// §7): a visit that lands with campaign parameters from another site, reads a second page and
// then sends the contact form gives Brevo the contact's lead attributes and the inbox a "Where
// this enquiry came from" block; the same journey with Global Privacy Control sends none of it.
// Session storage is the only storage the capture uses.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FORM_JOURNEY_TIMEOUT, interactive, tickRobot } from './support';

test.describe.configure({ timeout: FORM_JOURNEY_TIMEOUT });

const BREVO = process.env.E2E_BREVO_URL;

/** A request as the fake Brevo received it. */
interface Received {
  path: string;
  body: Record<string, unknown>;
  violations: string[];
}

async function resetBrevo(request: APIRequestContext) {
  expect((await request.post(`${BREVO}/_control/reset`)).ok()).toBe(true);
}

/** The two requests of the one enquiry sent, once both have arrived. */
async function received(request: APIRequestContext): Promise<{ contact: Received; email: Received }> {
  let all: Received[] = [];
  await expect
    .poll(
      async () => {
        all = (await (await request.get(`${BREVO}/_control/requests`)).json()) as Received[];
        return all.map((r) => r.path).sort();
      },
      { timeout: 15_000 },
    )
    .toEqual(['/v3/contacts', '/v3/smtp/email']);
  for (const r of all) expect(r.violations).toEqual([]);
  return {
    contact: all.find((r) => r.path === '/v3/contacts')!,
    email: all.find((r) => r.path === '/v3/smtp/email')!,
  };
}

/**
 * Lands from a newsletter with campaign parameters, reads a product page, then sends the form
 * from `email` (each journey its own address: the same form sent again is folded into the first).
 */
async function journey(page: Page, email: string) {
  await page.goto(
    '/insights?utm_source=Newsletter&utm_medium=email&utm_campaign=Spring-Tenders&utm_content=hero&gclid=Cj0KCQ-secret&ref=x',
    { referer: 'http://news.example.org/issue/7?reader=ann@example.com' },
  );
  // Each page is read once the app runs (it notes the page as it hydrates).
  await interactive(page);
  await page.goto('/etender');
  await interactive(page);
  await page.goto('/contact-us');
  await interactive(page);
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Organisation name').fill('Acme Foods');
  await page.getByLabel('Phone number').fill('02 9999 8888');
  await page.getByLabel('Email').fill(email);
  await tickRobot(page);
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible({ timeout: 10_000 });
}

/** Every key and value the page keeps in storage or cookies. */
async function stored(page: Page) {
  return page.evaluate(() => ({
    session: Object.fromEntries(Object.entries(sessionStorage)),
    local: Object.fromEntries(Object.entries(localStorage)),
    cookies: document.cookie,
  }));
}

test.skip(!BREVO, 'needs the fake Brevo of the server playwright.config.ts starts');

test('a campaign visit gives Brevo the lead attributes and the inbox where the enquiry came from', async ({
  page,
  request,
}) => {
  await resetBrevo(request);
  await journey(page, 'ann.lee@example.com');
  const { contact, email } = await received(request);
  expect(contact.body.attributes).toEqual({
    FIRSTNAME: 'Ann',
    LASTNAME: 'Lee',
    ORGANISATION: 'Acme Foods',
    PHONE: '02 9999 8888',
    LEAD_SOURCE: 'newsletter',
    LEAD_MEDIUM: 'email',
    LEAD_CAMPAIGN: 'spring-tenders',
    LEAD_CONTENT: 'hero',
    LANDING_PAGE: '/insights?utm_source=Newsletter&utm_medium=email&utm_campaign=Spring-Tenders&utm_content=hero',
    REFERRER: 'news.example.org',
    CONVERSION_PAGE: '/etender',
  });
  const html = email.body.htmlContent as string;
  expect(html).toContain('<h2>Where this enquiry came from</h2>');
  expect(html).toContain('<tr><th align="left" valign="top">Campaign</th><td>spring-tenders</td></tr>');
  expect(html).toContain('<tr><th align="left" valign="top">Sent from page</th><td>/etender</td></tr>');
  expect(html).toContain('came from an ad click');
  // Never the click id, the referrer's path or query, or a parameter that is not a campaign's.
  for (const kept of [JSON.stringify(contact.body), html]) {
    for (const never of ['Cj0KCQ-secret', 'issue/7', 'reader=', 'ref=x']) expect(kept).not.toContain(never);
  }

  const kept = await stored(page);
  expect(Object.keys(kept.session).sort()).toEqual(['supplysite.pages', 'supplysite.visit']);
  expect(kept.cookies).toBe('');
  // Local storage holds the tracker's address after an enquiry (docs/behaviour.md §4) and the
  // product page's own key (§2), nothing of the visit's origin.
  expect(Object.keys(kept.local).sort()).toEqual(['eTender', 'trackingEmail']);
});

test.describe('with Global Privacy Control', () => {
  test.use({ extraHTTPHeaders: { 'Sec-GPC': '1' } });

  test('the same journey keeps and sends nothing of where it came from', async ({ page, request }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }),
    );
    await resetBrevo(request);
    await journey(page, 'ann.lee+private@example.com');
    const { contact, email } = await received(request);
    expect(contact.body.attributes).toEqual({
      FIRSTNAME: 'Ann',
      LASTNAME: 'Lee',
      ORGANISATION: 'Acme Foods',
      PHONE: '02 9999 8888',
    });
    expect(email.body.htmlContent as string).not.toContain('Where this enquiry came from');
    const kept = await stored(page);
    expect(kept.session).toEqual({});
    // The product page's key (the page's last path segment, docs/behaviour.md §2) and no address.
    expect(kept.local).toEqual({ eTender: 'etender' });
    expect(kept.cookies).toBe('');
  });
});
