// Shared helpers for the end-to-end tests: viewport widths, screenshots kept for review and
// an axe-core check.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Time for a journey through the contact form: it waits for the self-hosted robot check, which
 * the browser solves as fast as a busy processor lets it (Chromium, the servers and anything else
 * running share two cores on the project's machines).
 */
export const FORM_JOURNEY_TIMEOUT = 120_000;

/**
 * Ticks "I'm not a robot" and waits until the browser has solved the challenge: the box shows
 * ticked only once the work is done, so it is clicked (Playwright's check() expects an immediate
 * change) and then awaited for up to a minute.
 */
export async function tickRobot(page: Page) {
  const robot = page.getByRole('checkbox', { name: "I'm not a robot" });
  await robot.click();
  await expect(robot).toBeChecked({ timeout: 60_000 });
}

/** The widths every screen is checked and photographed at. */
export const WIDTHS = [375, 768, 1280] as const;

/** The eight product pages (docs/behaviour.md §2 "Product pages"), in the Solutions menu's order. */
export const PRODUCT_PATHS = [
  '/etender',
  '/reverse-auction-eauction',
  '/sourcing-management',
  '/supplier-information-management',
  '/contract-management',
  '/supplier-performance-management',
  '/product-information-management',
  '/food-industry-software',
] as const;

/**
 * Waits until the page is interactive: hydration follows the first paint, and until then every
 * button is disabled (the header's Menu toggle is on every page, shown or not).
 */
export async function interactive(page: Page) {
  await expect(page.getByRole('button', { name: 'Menu', includeHidden: true })).toBeEnabled();
}

/**
 * Saves a full-page screenshot under test-results/screens/ for review, when E2E_SCREENS is set
 * (`make screens`). JPEG at quality 85: it reads the same to a reviewer and encodes in half the
 * time of a PNG of a long page. `make test` checks every screen and leaves the photographs, a
 * long page drawn whole in software, to `make screens`.
 */
export async function screenshot(page: Page, name: string) {
  if (!process.env.E2E_SCREENS) return;
  await page.screenshot({
    path: `test-results/screens/${name}.jpg`,
    type: 'jpeg',
    quality: 85,
    fullPage: true,
    animations: 'disabled',
  });
}

/** Fails with the list of violations if axe-core finds any on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** The view model the server composes for `path` (what the page API answers). */
export async function pageView(page: Page, path: string): Promise<Record<string, unknown>> {
  const response = await page.request.get(`/api/page?path=${encodeURIComponent(path)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { outcome?: { view?: object }; view?: object };
  return (body.outcome?.view ?? body.view) as Record<string, unknown>;
}

/**
 * Serves the documents whose URL `matches` with their embedded page data changed by `edit`, as
 * the server would have sent it (the server-rendered markup stays as it is), and with the
 * headers `headers` makes of the server's.
 */
export async function editEmbeddedData(
  page: Page,
  matches: (url: URL) => boolean,
  edit: (data: Record<string, unknown>) => void,
  headers: (sent: Record<string, string>) => Record<string, string> = (sent) => sent,
) {
  await page.route(matches, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<script id="__SUPPLYSITE__"[^>]*>)(.*?)(<\/script>)/s,
      (_, open: string, json: string, close: string) => {
        const data = JSON.parse(json) as Record<string, unknown>;
        edit(data);
        return open + JSON.stringify(data).replace(/</g, '\\u003c') + close;
      },
    );
    return route.fulfill({ response, body: html, headers: headers({ ...response.headers() }) });
  });
}

/**
 * Serves `path` with its embedded view model changed by `edit`, as the server would have sent
 * it; the server-rendered markup stays as it is.
 */
export async function editEmbeddedView(page: Page, path: string, edit: (view: Record<string, unknown>) => void) {
  await editEmbeddedData(
    page,
    (url) => url.pathname === path,
    (data) => {
      const view = (data as { outcome?: { view?: Record<string, unknown> } }).outcome?.view;
      expect(view, 'the page carries its view model').toBeTruthy();
      edit(view!);
    },
  );
}

/**
 * Presses LOAD MORE INSIGHTS once on a listing showing `shown` cards and waits until it shows
 * `next`. What the visitor sees is recorded in the page itself, at every change of the page
 * (a MutationObserver), so the order is checked however slowly the machine runs: the button is
 * busy first, with the cards as they were, for about a second (the loading state), and the new
 * cards only come once it is no longer busy.
 */
export async function loadMoreOnce(page: Page, shown: number, next: number) {
  const button = page.getByRole('button', { name: 'LOAD MORE INSIGHTS' });
  await page.evaluate(() => {
    const seen: { busy: boolean; cards: number; at: number }[] = [];
    const record = () =>
      seen.push({
        busy: document.querySelector('button[aria-busy="true"]') !== null,
        cards: document.querySelectorAll('main article').length,
        at: performance.now(),
      });
    const observer = new MutationObserver(record);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    (window as unknown as { loadMore: unknown }).loadMore = { seen, observer };
  });
  await button.click();
  // The app gives up on a request after five seconds; the loading state adds one.
  await expect(page.locator('main article')).toHaveCount(next, { timeout: 10_000 });
  const seen = await page.evaluate(() => {
    const { seen, observer } = (
      window as unknown as {
        loadMore: { seen: { busy: boolean; cards: number; at: number }[]; observer: MutationObserver };
      }
    ).loadMore;
    observer.disconnect();
    return seen;
  });
  const busy = seen.find((s) => s.busy);
  expect(busy, 'the button showed its loading state').toBeDefined();
  expect(busy!.cards, 'no new card before the loading state').toBe(shown);
  expect(
    seen.filter((s) => s.busy && s.cards !== shown),
    'no new card while the button is busy',
  ).toEqual([]);
  const arrived = seen.find((s) => s.cards === next)!;
  expect(arrived.at - busy!.at, 'the loading state lasts about a second').toBeGreaterThanOrEqual(900);
}
