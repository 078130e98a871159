// The width of picture the browser asks for, over a copy of the demo whose insight heroes,
// case-study banners and page banners are 2400x1600 JPEGs (a server of its own, started by the
// Playwright config): at each viewport and pixel density, the largest picture of an insight and
// of a case study loads the narrowest listed rendition that covers its rendered width in device
// pixels, in AVIF, preloaded with the same candidates, and a page banner is never fetched on
// phones.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { WIDTHS } from './support';

const photos = process.env.E2E_PHOTOS_URL;
test.skip(!photos, 'needs the photo-demo server the Playwright config starts');

/** The first page of a listing whose view has the named picture, from the page API. */
async function firstWith(page: Page, listing: string, picture: 'hero' | 'bannerImage'): Promise<string> {
  const view = async (path: string) => {
    const response = await page.request.get(`${photos}/api/page?path=${encodeURIComponent(path)}`);
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { view: Record<string, unknown> }).view;
  };
  const list = (await view(listing)) as { cards?: { href: string }[]; teasers?: { href: string }[] };
  for (const { href } of list.cards ?? list.teasers ?? []) {
    if ((await view(href))[picture]) return href;
  }
  throw new Error(`no page of ${listing} has a ${picture}`);
}

interface Chosen {
  currentSrc: string;
  rendered: number;
  dpr: number;
  listed: number[];
  preload: string | null;
}

/** The largest picture's chosen candidate, its rendered width and the widths it lists. */
async function chosen(page: Page): Promise<Chosen> {
  const img = page.locator('main img[srcset][fetchpriority="high"]');
  await expect(img).toHaveCount(1);
  await expect.poll(() => img.evaluate((e: HTMLImageElement) => e.currentSrc)).not.toBe('');
  return img.evaluate((e: HTMLImageElement) => {
    const avif = e.parentElement?.querySelector('source[type="image/avif"]')?.getAttribute('srcset') ?? '';
    return {
      currentSrc: e.currentSrc,
      rendered: e.getBoundingClientRect().width,
      dpr: window.devicePixelRatio,
      listed: avif.split(', ').map((c) => Number(c.split(' ')[1]!.replace('w', ''))),
      preload: document.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('imagesrcset') ?? null,
    };
  });
}

async function visit(browser: Browser, path: string, width: number, dpr: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: dpr });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  await page.goto(`${photos}${path}`);
  return { context, page, asked };
}

for (const [name, listing, picture] of [
  ['an insight hero', '/insights', 'hero'],
  ['a case-study banner', '/case-study-index', 'bannerImage'],
] as const) {
  for (const dpr of [1, 2]) {
    test(`${name} loads the rendition that covers it at ${WIDTHS.join(', ')} px, ${dpr}x`, async ({
      browser,
      page: api,
    }) => {
      const path = await firstWith(api, listing, picture);
      for (const width of WIDTHS) {
        const { context, page, asked } = await visit(browser, path, width, dpr);
        const c = await chosen(page);
        const url = new URL(c.currentSrc);
        const w = Number(url.searchParams.get('w'));
        const needed = c.rendered * c.dpr;
        const covering = c.listed.find((l) => l >= needed) ?? Math.max(...c.listed);
        const where = `${path} at ${width}px ${dpr}x: chose ${w} for ${needed} device px of ${c.listed.join(' ')}`;
        expect(url.pathname, where).toMatch(/^\/img\/images\.ctfassets\.net\//);
        expect(url.searchParams.get('fm'), where).toBe('avif');
        expect(w, where).toBeGreaterThanOrEqual(Math.min(needed, Math.max(...c.listed)));
        expect(w, where).toBeLessThanOrEqual(covering);
        // The preload names the same candidates, so the picture is fetched once, in one width.
        expect(c.preload?.split(', ').map((s) => s.split(' ')[0])).toContain(url.pathname + url.search);
        expect(
          asked.filter((a) => a.includes(url.pathname) && a !== url.href),
          where,
        ).toEqual([]);
        await context.close();
      }
    });
  }
}

test('a page banner is a picture behind the text from 1024px and never fetched on a phone', async ({ browser }) => {
  const path = '/page/procurement-transformation-guide';
  for (const width of WIDTHS) {
    const { context, page, asked } = await visit(browser, path, width, 1);
    const banner = page.locator('header img[srcset][fetchpriority="high"]');
    await expect(banner).toHaveCount(1);
    await expect.poll(() => banner.evaluate((e: HTMLImageElement) => e.currentSrc)).not.toBe('');
    const src = await banner.evaluate((e: HTMLImageElement) => e.currentSrc);
    if (width < 1024) {
      expect(src).toMatch(/^data:image\/gif/);
      await expect(banner).toBeHidden();
    } else {
      expect(new URL(src).searchParams.get('fm')).toBe('avif');
      await expect(banner).toBeVisible();
      const box = await banner.boundingBox();
      expect(box?.width).toBe(width);
    }
    expect(
      asked.some((a) => a.includes('/img/')),
      `${width}px`,
    ).toBe(width >= 1024);
    await context.close();
  }
});
