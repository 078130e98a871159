// The video modal in the browser: every kind of video button opens the modal with the player
// address core put in the view model (the page never reads links itself); Escape and the close
// button close it and give focus back to the button; opening a video fetches no WebAssembly;
// an address that is not https gets a message, not a frame. No request reaches YouTube, Vimeo
// or TikTok: their hosts are intercepted and answered here.
import { expect, test, type Page } from '@playwright/test';
import { editEmbeddedView, pageView } from './support';

interface VideoView {
  service: string;
  id: string;
  embedUrl: string;
}

interface VideoButtonView {
  label: string;
  video: VideoView;
}

/** Every video button in a view model: `{label, video}` pieces and page-builder video actions. */
function videoButtons(view: unknown): VideoButtonView[] {
  const found: VideoButtonView[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    const v = value as Record<string, unknown>;
    const video = v.video as VideoView | undefined;
    if (typeof v.label === 'string' && video && typeof video.embedUrl === 'string')
      found.push({ label: v.label, video });
    Object.values(v).forEach(walk);
  };
  walk(view);
  return found;
}

/** The player URL the modal must load: the no-cookie YouTube player, Vimeo's with do-not-track.
 * Core builds it; this is the same rule written out, so a change there shows here. */
function expectedPlayer({ service, id }: VideoView): string {
  if (service === 'youtube') return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
  if (service === 'vimeo') return `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`;
  throw new Error(`the demo space has a ${service} video; add its player here`);
}

const PLAYER_HOSTS =
  /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|googlevideo\.com|vimeo\.com|vimeocdn\.com|tiktok\.com)$/;
const STAND_IN = 'Player stand-in';

/** Answers every request to a video host here, and lists them. */
async function interceptPlayers(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route(
    (url) => PLAYER_HOSTS.test(url.hostname),
    (route) => {
      requests.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html><title>Player</title><p>${STAND_IN}</p>`,
      });
    },
  );
  return requests;
}

/** Requests for the WebAssembly module. */
function watchWasm(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('.wasm')) requests.push(r.url());
  });
  return requests;
}

/** The first insight and the first builder page with a video button, found from the listings. */
async function discovered(page: Page): Promise<{ insight: string; builder: string }> {
  const cards = (await pageView(page, '/insights')).cards as { href: string }[];
  const pages = ((await pageView(page, '/')).moreInsights as { cards: { href: string }[] }).cards
    .map((c) => c.href)
    .filter((h) => h.startsWith('/page/'));
  const withVideo = async (paths: string[]) => {
    for (const path of paths) if (videoButtons(await pageView(page, path)).length > 0) return path;
    throw new Error(`none of ${paths.join(', ')} has a video button`);
  };
  return { insight: await withVideo(cards.map((c) => c.href)), builder: await withVideo(pages) };
}

const FIXED = [
  ['the home page’s overview', '/'],
  ['the solutions overview', '/supplier-management-platform'],
  ['a Vimeo product demo', '/etender'],
  ['the YouTube product demo', '/supplier-performance-management'],
  ['the strategic sourcing video', '/sourcing-management'],
] as const;

async function checkEveryButton(page: Page, path: string) {
  const buttons = videoButtons(await pageView(page, path));
  expect(buttons.length, `${path} has a video button`).toBeGreaterThan(0);
  const requests = await interceptPlayers(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
  const seen = new Set<string>();
  for (const { label, video } of buttons) {
    if (seen.has(label)) continue;
    seen.add(label);
    const opener = page.getByRole('main').getByRole('button', { name: label, exact: true }).first();
    const dialog = page.getByRole('dialog', { name: label });
    const player = expectedPlayer(video);

    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close video' })).toBeFocused();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', player);
    await expect(dialog.locator('iframe').contentFrame().getByText(STAND_IN)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    // Again from the keyboard, closed by its button this time.
    await page.keyboard.press('Enter');
    await expect(dialog.locator('iframe')).toHaveAttribute('src', player);
    await dialog.getByRole('button', { name: 'Close video' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
  expect(new Set(requests)).toEqual(new Set(buttons.map((b) => expectedPlayer(b.video))));
}

for (const [what, path] of FIXED) {
  test(`${what} (${path}) opens in the modal with its host and id, and closes back to its button`, async ({ page }) => {
    await checkEveryButton(page, path);
  });
}

test('an insight’s Watch Insight Video and a builder page’s View Video button open their videos', async ({ page }) => {
  const { insight, builder } = await discovered(page);
  await checkEveryButton(page, insight);
  await checkEveryButton(page, builder);
});

test('/videopopup opens the overview video by itself, and its button opens it again', async ({ page }) => {
  const [button] = videoButtons(await pageView(page, '/videopopup'));
  const requests = await interceptPlayers(page);
  await page.goto('/videopopup');
  const dialog = page.getByRole('dialog', { name: button!.label });
  await expect(dialog.locator('iframe')).toHaveAttribute('src', expectedPlayer(button!.video));
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const opener = page.getByRole('button', { name: button!.label, exact: true });
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(dialog.locator('iframe')).toHaveAttribute('src', expectedPlayer(button!.video));
  expect(requests.every((url) => url === expectedPlayer(button!.video))).toBe(true);
});

test('Shift+Tab from the close button goes to the player, not to the inert page behind', async ({ page }) => {
  await interceptPlayers(page);
  await page.goto('/etender');
  await page.getByRole('main').getByRole('button', { name: 'VIEW DEMO' }).click();
  const dialog = page.getByRole('dialog', { name: 'VIEW DEMO' });
  const close = dialog.getByRole('button', { name: 'Close video' });
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('src', /player\.vimeo\.com/);
  await expect(close).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(frame).toBeFocused();
  await expect(page.locator('#root')).toHaveJSProperty('inert', true);
});

test('opening a video fetches no WebAssembly: the player address comes with the page', async ({ page }) => {
  const wasm = watchWasm(page);
  await interceptPlayers(page);
  await page.goto('/etender');
  const opener = page.getByRole('main').getByRole('button', { name: 'VIEW DEMO' });
  await expect(opener).toBeVisible();
  await opener.hover();
  await opener.click();
  // The player's address is in the iframe: a module that made it would have been asked for
  // before, so every request that matters has started (waiting for the network to fall idle
  // instead hangs on whatever the player's frame keeps open).
  await expect(page.getByRole('dialog').locator('iframe')).toHaveAttribute('src', /player\.vimeo\.com/);
  expect(wasm).toEqual([]);
});

test('the modal loads the player address of the view model as it is: a TikTok video plays', async ({ page }) => {
  const requests = await interceptPlayers(page);
  const player = 'https://www.tiktok.com/embed/v2/7106594312292453675';
  await editEmbeddedView(page, '/etender', (view) => {
    (view.demo as VideoButtonView).video = { service: 'tiktok', id: '7106594312292453675', embedUrl: player };
  });
  await page.goto('/etender');
  await page.getByRole('main').getByRole('button', { name: 'VIEW DEMO' }).click();
  const frame = page.getByRole('dialog').locator('iframe');
  await expect(frame).toHaveAttribute('src', player);
  // The page's Content-Security-Policy lets the TikTok player in.
  await expect(frame.contentFrame().getByText(STAND_IN)).toBeVisible();
  expect(requests).toEqual([player]);
});

test('a player address that is not https gets a clear message in the modal and no player', async ({ page }) => {
  const requests = await interceptPlayers(page);
  await editEmbeddedView(page, '/etender', (view) => {
    (view.demo as VideoButtonView).video.embedUrl = 'http://player.vimeo.com/video/76979871';
  });
  await page.goto('/etender');
  const opener = page.getByRole('main').getByRole('button', { name: 'VIEW DEMO' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'VIEW DEMO' });
  await expect(dialog.getByRole('status')).toHaveText(
    'Sorry, this video can’t be played here: its link is not from a video service we recognise.',
  );
  await expect(dialog.locator('iframe')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(opener).toBeFocused();
  expect(requests).toEqual([]);
});
