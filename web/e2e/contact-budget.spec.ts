// The contact form while Brevo is slow (issues 18 and 32): the server stores the enquiry, waits
// for delivery until its answer budget (4.5 s from the request's arrival) ends and answers
// "queued"; the page thanks the visitor and never shows a failure for an enquiry that was
// stored, and the email still goes out once when Brevo answers. When the answer is lost on the
// way (the first request hangs past the page's wait), the page sends the same submission once
// more and the visitor is thanked for the one enquiry.
// Needs the fake Brevo started by playwright.config.ts (E2E_BREVO_URL); its control API makes
// the next calls wait before accepting (longer than the answer budget, shorter than the
// server's 5 s Brevo timeout), which is how a slow or briefly hanging Brevo looks to the server.
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Page,
  type Request,
  type Route,
} from '@playwright/test';
import { FORM_JOURNEY_TIMEOUT, tickRobot } from './support';

test.describe.configure({ timeout: FORM_JOURNEY_TIMEOUT });

const BREVO = process.env.E2E_BREVO_URL;

async function emails(request: APIRequestContext): Promise<{ total: number; byKey: Record<string, number> }> {
  const response = await request.get(`${BREVO}/_control/emails`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { total: number; byKey: Record<string, number> };
}

test('with Brevo slow, the visitor is thanked for the queued enquiry and it is emailed once', async ({
  page,
  request,
}) => {
  test.skip(!BREVO, 'needs the fake Brevo of the server started by playwright.config.ts');
  expect((await request.post(`${BREVO}/_control/reset`)).ok()).toBe(true);
  const slow = await request.post(`${BREVO}/_control/slow`, { data: { millis: 4800 } });
  expect(slow.ok()).toBe(true);

  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Organisation name').fill('Acme Foods');
  await page.getByLabel('Phone number').fill('02 9999 8888');
  await page.getByLabel('Email').fill('ann.slow@example.com');
  await page.getByLabel('Message (optional)').fill(`Brevo is slow today (${Date.now()}).`);
  await tickRobot(page);

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  const response = await answered;
  // Answered within the 4.5 s answer budget (with room for a busy machine), before the page's
  // own wait of 5 s ran out.
  const timing = response.request().timing();
  expect(timing.responseStart - timing.requestStart).toBeLessThan(4_900);
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'queued' });

  const status = page.getByRole('status');
  await expect(status).toContainText('Thank you');
  await expect(status).not.toContainText('could not be sent');

  // The attempt goes on after the answer: the email goes out once Brevo accepts it.
  await expect.poll(async () => (await emails(request)).total, { timeout: 15_000 }).toBe(1);
  const delivered = await emails(request);
  expect(Object.values(delivered.byKey)).toEqual([1]);
});

async function fillInAndTick(page: Page, email: string) {
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Organisation name').fill('Acme Foods');
  await page.getByLabel('Phone number').fill('02 9999 8888');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message (optional)').fill(`The first answer is lost (${Date.now()}).`);
  await tickRobot(page);
}

test('when the answer to an enquiry never arrives, the page sends it once more and the visitor is thanked once', async ({
  page,
  request,
}) => {
  test.skip(!BREVO, 'needs the fake Brevo of the server started by playwright.config.ts');
  expect((await request.post(`${BREVO}/_control/reset`)).ok()).toBe(true);

  // The first request reaches the server, which stores the enquiry and answers, but the answer
  // is held on the way until the page has given up and sent again: a connection that stalls
  // after the request went out. Later requests pass as they are.
  const posted: { at: number; body: { submissionId: string } }[] = [];
  const first: { answer?: { status: number; json: unknown }; route?: Route; response?: APIResponse } = {};
  await page.route('**/api/contact', async (route: Route, req: Request) => {
    posted.push({ at: Date.now(), body: req.postDataJSON() as { submissionId: string } });
    if (posted.length > 1) return route.continue();
    const response = await route.fetch();
    first.answer = { status: response.status(), json: await response.json() };
    // Held, unanswered; the handler returns so the resend is routed meanwhile.
    first.route = route;
    first.response = response;
  });
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const settings = await page.evaluate(
    () =>
      (JSON.parse(document.getElementById('__SUPPLYSITE__')!.textContent!) as { settings: { contactWaitMs: number } })
        .settings,
  );
  // The page waits the server's answer budget and a margin, as the server tells it.
  expect(settings.contactWaitMs).toBe(5000);
  await fillInAndTick(page, 'ann.lost-answer@example.com');
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();

  const status = page.getByRole('status');
  await expect(status).toContainText('Thank you', { timeout: 20_000 });
  await expect(status).not.toContainText('could not be sent');
  expect(posted).toHaveLength(2);
  expect(posted[1]!.body.submissionId).toBe(posted[0]!.body.submissionId);
  // Sent again once the page's wait ran out, not before.
  expect(posted[1]!.at - posted[0]!.at).toBeGreaterThanOrEqual(settings.contactWaitMs - 100);
  // The first request was taken: the lost answer said so, and the resend stored nothing more.
  expect(first.answer).toMatchObject({ status: 200 });
  await expect.poll(async () => (await emails(request)).total, { timeout: 15_000 }).toBe(1);
  // Too late: the page stopped waiting for the first answer.
  await first.route?.fulfill({ response: first.response }).catch(() => {});
});
