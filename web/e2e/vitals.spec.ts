// Core Web Vitals from real visitors: after a page loads, the browser fetches the web-vitals
// chunk and, when the page is left, sends its measurements with navigator.sendBeacon to
// POST /api/vitals (the route template, the metric's name and its value, no cookie); the server
// counts them into its histograms, read here from its metrics listener.
import { expect, test, type APIRequestContext } from '@playwright/test';

const metricsURL = process.env.E2E_METRICS_URL;

/** How many measurements of `metric` on `route` the server has counted. */
async function counted(request: APIRequestContext, route: string, metric: string): Promise<number> {
  const text = await (await request.get(`${metricsURL}/metrics`)).text();
  const family = metric === 'CLS' ? 'supplysite_web_vitals_cls' : 'supplysite_web_vitals_seconds';
  const line = text.split('\n').find((l) => l.startsWith(`${family}_count{route="${route}",metric="${metric}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

test('a page load then leaving the page sends its Web Vitals, counted by route template', async ({ page, request }) => {
  test.skip(!metricsURL, 'needs the server started by this configuration, with its metrics listener');
  const before = {
    LCP: await counted(request, '/about-us', 'LCP'),
    CLS: await counted(request, '/about-us', 'CLS'),
    TTFB: await counted(request, '/about-us', 'TTFB'),
  };
  const beacons: { body: string; cookie: string | undefined }[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/vitals') {
      beacons.push({ body: r.postData() ?? '', cookie: r.headers()['cookie'] });
    }
  });
  const library = page.waitForResponse((r) => /\/assets\/web-vitals-[^/]+\.js$/.test(r.url()));
  await page.goto('/about-us');
  // Loaded after the page, on its own: not part of the page's scripts.
  await library;
  await page.mouse.click(5, 5);
  // Hiding the page makes LCP and CLS final, as leaving it does, while the page is still there
  // for its beacons to be seen (a beacon sent as the page is left may not be reported to it).
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  for (const metric of ['LCP', 'CLS', 'TTFB'] as const) {
    await expect
      .poll(() => counted(request, '/about-us', metric), { message: `${metric} counted`, timeout: 15_000 })
      .toBeGreaterThan(before[metric]);
  }
  expect(beacons.length).toBeGreaterThan(0);
  for (const beacon of beacons) {
    expect(Object.keys(JSON.parse(beacon.body) as object).sort()).toEqual(['name', 'route', 'value']);
    expect(beacon.cookie).toBeUndefined();
  }
});
