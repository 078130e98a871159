// The Content-Security-Policy in Chromium: scripts are allowed by the hash of the shell's one
// inline script (the entry loader) and by 'strict-dynamic' for what it adds, so every page of the
// site runs, hydrates and compiles the contact form's WebAssembly with no violation; and a page
// kept by a shared cache (nginx, a CDN), the same bytes and headers handed to every visitor,
// runs the site's own scripts and nothing that was slipped into it.
import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { interactive } from './support';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Records every CSP violation and every error the page reports, from before its first script. */
async function watch(page: Page): Promise<{ errors: string[]; violations: () => Promise<Violation[]> }> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __violations: Violation[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample }),
    );
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  const violations = () => page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations);
  return { errors, violations };
}

/** The entry loader's text in `html`: the one inline script that is not data. */
function loaderText(html: string): string {
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes ?? ''),
  );
  expect(scripts, 'one script that runs: the entry loader').toHaveLength(1);
  return scripts[0]?.[2] ?? '';
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

for (const path of ['/', '/about-us', '/insights', '/etender', '/case-study-index']) {
  test(`${path} runs and hydrates with no CSP violation`, async ({ page }) => {
    const { errors, violations } = await watch(page);
    const response = await page.goto(path);
    if (!response) throw new Error(`no response for ${path}`);
    expect(response.status()).toBe(200);
    const policy = response.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).not.toContain('nonce');
    expect(policy).toContain(sha256(loaderText(await response.text())));
    await interactive(page);
    // In-app navigation: the entry's code and a screen's chunk, all added by scripts that run.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the contact form compiles its WebAssembly validator under the policy', async ({ page }) => {
  const { errors, violations } = await watch(page);
  const wasm = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('.wasm') && r.ok());
  await page.goto('/contact-us');
  await interactive(page);
  const email = page.getByLabel('Email');
  await email.fill('not-an-address');
  await email.blur();
  await wasm;
  // Checked on blur by the WebAssembly core, in the browser: no request is made for it.
  await expect(page.getByText('Enter a valid email.')).toBeVisible();
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});

test('a page kept by a shared cache runs only the site’s own scripts, for every visitor', async ({
  browser,
  request,
}) => {
  const baseURL = test.info().project.use.baseURL;
  // Two answers for the same page are the same bytes under the same policy: what a cache keeps
  // and hands to everyone is exactly what each visitor would have been sent.
  const [first, second] = [await request.get('/about-us'), await request.get('/about-us')];
  const [a, b] = [await first.text(), await second.text()];
  expect(a).toBe(b);
  const policy = first.headers()['content-security-policy'] ?? '';
  expect(second.headers()['content-security-policy']).toBe(policy);
  expect(policy).toContain(sha256(loaderText(a)));

  // The kept copy, with scripts slipped into it as a poisoned entry or an injection in the
  // content would add them: plain inline code, and code bearing a nonce (what a nonce-based
  // policy would have let anyone copy from the cached page).
  const headers = { ...first.headers() };
  delete headers['content-encoding'];
  delete headers['content-length'];
  const kept = a.replace(
    '</head>',
    '<script>window.__injected = "inline"</script>' +
      '<script nonce="QUJDREVGR0hJSktMTU5PUA==">window.__injected = "nonce"</script></head>',
  );

  for (const visitor of ['first visitor', 'second visitor']) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const { violations } = await watch(page);
    await page.route(
      (url) => url.pathname === '/about-us',
      (route) =>
        route.request().resourceType() === 'document'
          ? route.fulfill({ status: 200, headers, body: kept })
          : route.fallback(),
    );
    await page.goto('/about-us');
    // The site's own code ran: the loader added the entry, which hydrated the page.
    await interactive(page);
    expect(await page.evaluate(() => (window as { __injected?: string }).__injected), visitor).toBeUndefined();
    const seen = await violations();
    expect(
      seen.map((v) => `${v.directive} ${v.blocked}`),
      visitor,
    ).toEqual(['script-src-elem inline', 'script-src-elem inline']);
    await context.close();
  }
});
