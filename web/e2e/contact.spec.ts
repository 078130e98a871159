// The contact journey in Chromium (issue 8 "The form (web)"): every docs/behaviour.md §5 message on an
// empty submit, messages clearing as fields are fixed, the self-hosted robot check solved in
// the page, the thank-you message shown then hidden after about four seconds with the
// visitor's email kept as trackingEmail, and a polite error that keeps every field when the
// enquiry cannot be taken.
// Against the server started by playwright.config.ts the enquiry goes through the real outbox to
// the fake Brevo, whose control API (E2E_BREVO_URL) says what it received and scripts failures;
// the outbox (E2E_OUTBOX) is made unavailable by holding its write lock from another process.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FORM_JOURNEY_TIMEOUT, tickRobot } from './support';

test.describe.configure({ timeout: FORM_JOURNEY_TIMEOUT });

const BREVO = process.env.E2E_BREVO_URL;
const OUTBOX = process.env.E2E_OUTBOX;
/** The API key the fake Brevo accepts, which the server is started with. */
const BREVO_KEY = 'xkeysib-test-key-0123456789';

const MESSAGES = [
  'First name is required.',
  'Last name is required.',
  'Organisation name is required.',
  'Phone number is required',
  'Email is required.',
  "Please select 'I'm not a robot' checkbox.",
];

async function open(page: Page) {
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function fillIn(page: Page, message = 'We would like a demo of eRFx.') {
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Organisation name').fill('Acme Foods');
  await page.getByLabel('Phone number').fill('02 9999 8888');
  await page.getByLabel('Email').fill('ann.lee@example.com');
  await page.getByLabel('Message (optional)').fill(message);
}

/** A request as the fake Brevo received it. */
interface Received {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  violations: string[];
}

async function brevoRequests(request: APIRequestContext): Promise<Received[]> {
  const response = await request.get(`${BREVO}/_control/requests`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Received[];
}

async function brevoEmails(request: APIRequestContext): Promise<{ total: number; byKey: Record<string, number> }> {
  const response = await request.get(`${BREVO}/_control/emails`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { total: number; byKey: Record<string, number> };
}

/** Forgets what the fake Brevo received before this test. */
async function resetBrevo(request: APIRequestContext) {
  expect((await request.post(`${BREVO}/_control/reset`)).ok()).toBe(true);
}

/** The fake Brevo received exactly the email and the contact of the one enquiry sent, its values escaped. */
async function expectBrevoReceivedTheEnquiry(request: APIRequestContext) {
  const received = await brevoRequests(request);
  expect(received.map((r) => r.path).sort()).toEqual(['/v3/contacts', '/v3/smtp/email']);
  for (const r of received) {
    expect(r.violations).toEqual([]);
    expect(r.headers['api-key']).toBe(BREVO_KEY);
    expect(r.headers['content-type']).toBe('application/json');
  }
  const email = received.find((r) => r.path === '/v3/smtp/email')!.body;
  const key = (email.headers as { idempotencyKey: string }).idempotencyKey;
  expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(email).toEqual({
    sender: { name: 'Supplysite Website', email: 'website@supplysite.test' },
    to: [{ name: 'Supplysite', email: 'info@supplysite.test' }],
    replyTo: { email: 'ann.lee@example.com', name: 'Ann Lee' },
    subject: 'Website enquiry from Ann Lee (Acme Foods)',
    htmlContent: expect.any(String),
    headers: { idempotencyKey: key },
  });
  const html = email.htmlContent as string;
  for (const [label, value] of [
    ['Name', 'Ann Lee'],
    ['Organisation', 'Acme Foods'],
    ['Phone', '02 9999 8888'],
    ['Email', 'ann.lee@example.com'],
    ['Message', 'We&#39;d like a &lt;b&gt;demo&lt;/b&gt; of eRFx &amp; eAuction.<br>Call after 2pm.'],
  ]) {
    expect(html).toContain(`<tr><th align="left" valign="top">${label}</th><td>${value}</td></tr>`);
  }
  expect(received.find((r) => r.path === '/v3/contacts')!.body).toEqual({
    email: 'ann.lee@example.com',
    // The visit began on the contact page itself (docs/behaviour.md §7): that is all it says.
    attributes: {
      FIRSTNAME: 'Ann',
      LASTNAME: 'Lee',
      ORGANISATION: 'Acme Foods',
      PHONE: '02 9999 8888',
      LANDING_PAGE: '/contact-us',
    },
    updateEnabled: true,
  });
  expect(await brevoEmails(request)).toEqual({ total: 1, byKey: { [key]: 1 } });
}

test('an empty submit shows every message, and fixing the fields clears them', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  for (const message of MESSAGES) await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Phone number').fill('123');
  await page.getByLabel('Phone number').blur();
  await expect(page.getByText('Enter a valid phone number', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Enter a valid email.', { exact: true })).toBeVisible();

  await fillIn(page);
  await tickRobot(page);
  for (const message of [...MESSAGES, 'Enter a valid phone number', 'Enter a valid email.']) {
    await expect(page.getByText(message, { exact: true })).toHaveCount(0);
  }
});

test('a valid enquiry reaches Brevo, is thanked for about four seconds, clears the form and sets trackingEmail', async ({
  page,
  request,
}) => {
  if (BREVO) await resetBrevo(request);
  await open(page);
  await fillIn(page, "We'd like a <b>demo</b> of eRFx & eAuction.\nCall after 2pm.");
  await tickRobot(page);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  const posted = await sent;
  const body = posted.postDataJSON() as Record<string, string>;
  expect(body).toMatchObject({ firstname: 'Ann', email: 'ann.lee@example.com', orgName: 'Acme Foods' });
  expect(body.robotToken).toBeTruthy();

  const thanks = page.getByRole('status').filter({ hasText: 'Thank you' });
  await expect(thanks).toBeVisible();
  const shownAt = Date.now();
  if (BREVO) await expectBrevoReceivedTheEnquiry(request);
  expect(await page.evaluate(() => localStorage.getItem('trackingEmail'))).toBe('ann.lee@example.com');
  await expect(page.getByLabel('First name')).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
  await expect(thanks).toHaveCount(0, { timeout: 8_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(3_000);
});

test('when Brevo refuses the email for good, the enquiry is kept and the visitor is still thanked', async ({
  page,
  request,
}) => {
  test.skip(!BREVO, 'needs the fake Brevo of the server started by playwright.config.ts');
  await resetBrevo(request);
  const scripted = await request.post(`${BREVO}/_control/fail`, {
    data: { status: 400, path: '/v3/smtp/email', code: 'invalid_parameter', message: 'sender is invalid / inactive' },
  });
  expect(scripted.ok()).toBe(true);
  await open(page);
  await fillIn(page);
  await tickRobot(page);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  // Stored in the outbox, so nothing is lost: the server says "queued" and the page thanks.
  const answer = await answered;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ status: 'queued' });
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();

  const received = await brevoRequests(request);
  expect(received.map((r) => r.path).sort()).toEqual(['/v3/contacts', '/v3/smtp/email']);
  expect(received.flatMap((r) => r.violations)).toEqual([]);
  expect(await brevoEmails(request)).toEqual({ total: 0, byKey: {} });
});

/**
 * Holds the outbox's write lock from another process (Python's sqlite3) until `release` is
 * called, so the server cannot store an enquiry.
 */
async function lockOutbox(file: string): Promise<{ release: () => void }> {
  const script = [
    'import sqlite3, sys',
    'db = sqlite3.connect(sys.argv[1], isolation_level=None)',
    "db.execute('BEGIN EXCLUSIVE')",
    "print('locked', flush=True)",
    'sys.stdin.read()',
  ].join('\n');
  const child = spawn('python3', ['-c', script, file], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  await new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => line === 'locked' && resolve());
    child.on('exit', (code) => reject(new Error(`the outbox lock ended with status ${code}`)));
  });
  return {
    release: () => {
      child.stdin.end();
      child.kill();
    },
  };
}

test('when the outbox cannot store the enquiry a polite error shows and the text is kept', async ({
  page,
  request,
}) => {
  test.skip(!BREVO || !OUTBOX, 'needs the outbox of the server started by playwright.config.ts');
  await resetBrevo(request);
  await open(page);
  await fillIn(page);
  await tickRobot(page);
  const lock = await lockOutbox(OUTBOX!);
  try {
    await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
    await expect(page.getByRole('status')).toContainText('Sorry, your message could not be sent.', {
      timeout: 15_000,
    });
  } finally {
    lock.release();
  }
  await expect(page.getByLabel('First name')).toHaveValue('Ann');
  await expect(page.getByLabel('Message (optional)')).toHaveValue('We would like a demo of eRFx.');
  expect(await page.evaluate(() => localStorage.getItem('trackingEmail'))).toBeNull();
  await expect(page.getByRole('button', { name: 'SEND MESSAGE' })).toBeEnabled();
  expect(await brevoRequests(request)).toEqual([]);
});

test('when the server answers with an error a polite error shows and the text is kept', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'enquiries cannot be stored right now' }),
    }),
  );
  await open(page);
  await fillIn(page);
  await tickRobot(page);
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(page.getByRole('status')).toContainText('Sorry, your message could not be sent.');
  await expect(page.getByLabel('First name')).toHaveValue('Ann');
  await expect(page.getByLabel('Message (optional)')).toHaveValue('We would like a demo of eRFx.');
  expect(await page.evaluate(() => localStorage.getItem('trackingEmail'))).toBeNull();
  await expect(page.getByRole('button', { name: 'SEND MESSAGE' })).toBeEnabled();
});
