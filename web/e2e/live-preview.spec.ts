// Live Preview: the site framed by Contentful's editor (a page served here at the editor's
// origin stands in for it), an editor saving a change or typing one, and the preview showing it
// without a reload. The server reads a fake Contentful with the preview on (see playwright.config.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';

const site = process.env.E2E_LIVE_URL;
const control = process.env.E2E_CONTENTFUL_CONTROL_URL;
const secret = process.env.E2E_PREVIEW_SECRET;
test.skip(!site || !control || !secret, 'needs the live-mode server the Playwright config starts');

const EDITOR = 'https://app.contentful.com';
const ENTRY = 'post-what-is-e-tendering';
const PATH = '/insights/what-is-e-tendering';

// A browser of its own: the editor's page is on a public origin and the site here is on the
// loopback address, which Chromium's local network access checks would not let it frame (a
// deployed site is public, so real editors never meet them).
let context: BrowserContext;
let profile: string;
test.beforeAll(async ({ launchOptions }) => {
  profile = mkdtempSync(path.join(tmpdir(), 'supplysite-editor-'));
  const args = [...(launchOptions.args ?? []), '--disable-features=LocalNetworkAccessChecks'];
  context = await chromium.launchPersistentContext(profile, { ...launchOptions, args });
});
test.afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** The editor's page (answered here: no request leaves the machine) framing the preview of the post. */
async function openEditor() {
  const page = await context.newPage();
  const start = `${site}/api/preview?secret=${secret}&path=${PATH}`;
  await page.route(`${EDITOR}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Editor</title><iframe id="preview" title="Preview" src="${start}" width="1200" height="900"></iframe>`,
    }),
  );
  await page.goto(`${EDITOR}/spaces/fakespace/entries/${ENTRY}`);
  return { page, frame: page.frameLocator('#preview') };
}

test('a change saved in the editor shows in the framed preview without a reload', async ({ request }) => {
  const { page, frame } = await openEditor();
  const title = frame.getByRole('heading', { level: 1, name: /^What Is e-Tendering\?/ });
  await expect(title).toBeVisible();
  await expect(frame.getByRole('region', { name: 'Preview' })).toBeVisible();
  await expect(title).toHaveAttribute('data-contentful-entry-id', ENTRY);
  await expect(title).toHaveAttribute('data-contentful-field-id', 'title');

  // Marks this document: a reload would lose the mark.
  const preview = page.frame({ url: (url) => url.href.startsWith(`${site}${PATH}`) });
  expect(preview).not.toBeNull();
  await preview!.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const saved = await request.post(`${control}/draft/${ENTRY}`, {
    data: { field: 'title', value: 'Edited in the editor, not published' },
  });
  expect(saved.ok()).toBe(true);

  const edited = frame.getByRole('heading', { level: 1, name: 'Edited in the editor, not published' });
  // The SDK's save message, as the editor posts it. The SDK may still be loading: post until
  // the page has asked the server again and shows the change.
  await expect(async () => {
    await page.evaluate((entry) => {
      const frame = document.querySelector<HTMLIFrameElement>('#preview');
      frame?.contentWindow?.postMessage(
        { source: 'live-preview-editor', method: 'ENTRY_SAVED', entity: { sys: { id: entry } } },
        '*',
      );
    }, ENTRY);
    await expect(edited).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(edited).toHaveAttribute('data-contentful-entry-id', ENTRY);
  await expect(title).toHaveCount(0);
  expect(await preview!.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The public page still shows the published title.
  const publicPage = await request.get(`${site}${PATH}`);
  expect(await publicPage.text()).not.toContain('Edited in the editor');
});

test('what an editor types shows in the framed preview in place, and nowhere else', async ({ request }) => {
  const { page, frame } = await openEditor();
  await expect(frame.getByRole('heading', { level: 1 }).first()).toHaveAttribute('data-contentful-entry-id', ENTRY);
  const preview = page.frame({ url: (url) => url.href.startsWith(`${site}${PATH}`) });
  expect(preview).not.toBeNull();
  // Scrolled a little down the article, and marked: a reload would lose both.
  await preview!.evaluate(() => {
    window.scrollTo(0, 400);
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const scrolled = await preview!.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  // The entry as the editor sends it while the editor types: every field by locale, unsaved.
  const demo = JSON.parse(readFileSync(new URL('../../content/demo/export.json', import.meta.url), 'utf8')) as {
    entries: { sys: { id: string }; fields: Record<string, Record<string, unknown>> }[];
  };
  const entity = structuredClone(demo.entries.find((e) => e.sys.id === ENTRY)!);
  const typedTitle = 'Typed, not saved: e-Tendering';
  const typedText = 'A sentence the editor is typing right now.';
  entity.fields.title['en-AU'] = typedTitle;
  const body = entity.fields.bodyRichtext['en-AU'] as { content: { nodeType: string; content: unknown[] }[] };
  const paragraph = body.content.find((n) => n.nodeType === 'paragraph')!;
  paragraph.content = [{ nodeType: 'text', value: typedText, marks: [], data: {} }];

  const edited = frame.getByRole('heading', { level: 1, name: typedTitle });
  // A burst of keystrokes: only the last state matters. The SDK may still be loading: send
  // until the page shows the change.
  await expect(async () => {
    await page.evaluate((entity) => {
      const target = document.querySelector<HTMLIFrameElement>('#preview')?.contentWindow;
      for (const title of ['T', 'Ty', 'Typ', entity.fields.title['en-AU']]) {
        const sent = { ...entity, fields: { ...entity.fields, title: { 'en-AU': title } } };
        target?.postMessage(
          {
            source: 'live-preview-editor',
            method: 'ENTRY_UPDATED',
            entity: {
              ...sent,
              sys: {
                ...entity.sys,
                type: 'Entry',
                contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'blogPost' } },
              },
            },
            entityReferenceMap: {},
          },
          '*',
        );
      }
    }, entity);
    await expect(edited).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(frame.getByText(typedText)).toBeVisible();
  // In place: the same document, scrolled where it was, the inspector tags still there.
  expect(await preview!.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(Math.abs((await preview!.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);
  await expect(edited).toHaveAttribute('data-contentful-entry-id', ENTRY);
  await expect(edited).toHaveAttribute('data-contentful-field-id', 'title');

  // Nobody else sees it: not the public page, its API, nor the preview read afresh.
  for (const url of [`${site}${PATH}`, `${site}/api/page?path=${encodeURIComponent(PATH)}`]) {
    expect(await (await request.get(url)).text()).not.toContain(typedTitle);
  }
  const again = await preview!.evaluate(
    async (path) => (await fetch(`/api/page?path=${encodeURIComponent(path)}`, { cache: 'no-store' })).text(),
    PATH,
  );
  expect(again).not.toContain(typedTitle);
});
