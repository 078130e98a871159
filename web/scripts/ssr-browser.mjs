// Server-side rendering in Chromium, against the real server with the demo content:
// - every route arrives with its markup, hydrates without a hydration warning or error and
//   keeps the server's DOM nodes (a mismatch would make React throw them away and redraw);
// - it stays interactive: the menu, a FAQ answer, a video modal, load more;
// - with JavaScript disabled every route shows its main content, and its site links answer.
//
//   node scripts/ssr-browser.mjs SERVER_BINARY
//
// Starts `SERVER_BINARY serve` on a free loopback port (web/dist, web/dist-ssr/render.js,
// content/demo) and stops it by its pid at the end. Chromium is Debian's (CHROME_PATH).
/* global window, document */ // page.evaluate and waitForFunction callbacks run in the page.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from './chromium-flags.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const binary = process.argv[2] && resolve(process.argv[2]);
if (!binary) {
  console.error('usage: node scripts/ssr-browser.mjs SERVER_BINARY');
  process.exit(2);
}

const failures = [];
const fail = (route, message) => failures.push(`${route}: ${message}`);

async function startServer() {
  const server = spawn(
    binary,
    [
      'serve',
      '--bind=127.0.0.1:0',
      '--public-url=http://127.0.0.1:8080',
      `--web-dir=${root}/web/dist`,
      `--content=${root}/content/demo/export.json`,
      `--ssr-bundle=${root}/web/dist-ssr/render.js`,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      // What is checked is the markup a render makes, so a render is not cut short when the
      // machine is busy with other suites (the deadline itself is the router's tests' subject).
      env: { ...process.env, RUST_LOG: 'warn', SUPPLYSITE_SSR_DEADLINE_MS: '15000' },
    },
  );
  let seen = '';
  for await (const chunk of server.stdout) {
    seen += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(seen);
    if (match) return { server, origin: match[1] };
  }
  throw new Error(`the server exited before listening: ${seen}`);
}

/** Every page of the demo: the sitemap's, the video page and an unknown path. */
async function routes(origin) {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return [...new Set([...paths, '/videopopup', '/no-such-page'])];
}

/** Opens `route` with scripts on and waits until React has hydrated the server's markup. */
async function openHydrated(context, origin, route) {
  const page = await context.newPage();
  const messages = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`uncaught: ${e.message}`));
  // Before any script runs, remember the nodes the server drew.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const rootEl = document.getElementById('root');
      window.__ssrNodes = [rootEl?.firstElementChild, rootEl?.querySelector('main'), rootEl?.querySelector('main *')];
    });
  });
  const response = await page.goto(origin + route, { waitUntil: 'load' });
  await page.waitForFunction(() => {
    const main = document.querySelector('#root main');
    return !!main && Object.keys(main).some((k) => k.startsWith('__reactFiber'));
  });
  await page.waitForLoadState('networkidle');
  return { page, messages, status: response?.status() };
}

async function checkHydration(context, origin, route) {
  const { page, messages, status } = await openHydrated(context, origin, route);
  const html = await (await fetch(origin + route)).text();
  const markup = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="__SUPPLYSITE__"'));
  if (!markup.includes('<main')) fail(route, 'the server sent no markup in the root element');
  const kept = await page.evaluate(() => {
    const rootEl = document.getElementById('root');
    const now = [rootEl?.firstElementChild, rootEl?.querySelector('main'), rootEl?.querySelector('main *')];
    return window.__ssrNodes?.every((node, i) => node && node === now[i]) ?? false;
  });
  if (!kept) fail(route, 'hydration replaced the server-rendered nodes');
  // React keeps the server's attributes when hydrating, so a class name the two builds spell
  // differently would stay unstyled: every class on the page must be in the stylesheets.
  const unstyled = await page.evaluate(() => {
    const defined = new Set();
    const walk = (rules) => {
      for (const rule of rules) {
        if (rule.selectorText) for (const m of rule.selectorText.matchAll(/\.([\w-]+)/g)) defined.add(m[1]);
        if (rule.cssRules) walk(rule.cssRules);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    const used = new Set([...document.querySelectorAll('#root [class]')].flatMap((el) => [...el.classList]));
    return [...used].filter((c) => c.startsWith('_') && !defined.has(c));
  });
  if (unstyled.length) fail(route, `classes missing from the stylesheets: ${unstyled.join(' ')}`);
  // Notices that are not about rendering: missing images, Chromium's note on the video
  // iframe's allow/allowfullscreen pair, and the site's own note that no tracker key is set.
  const notices =
    /Failed to load resource|Allow attribute will take precedence over 'allowfullscreen'|client key is missing: the tracker is not loaded/;
  for (const m of messages.filter((m) => !notices.test(m))) fail(route, m);
  if (status !== 200 && !(route === '/no-such-page' && status === 404)) fail(route, `status ${status}`);
  return page;
}

async function checkInteractive(page, route) {
  if (route === '/videopopup') {
    await page.locator('[role="dialog"]').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
  }
  // A FAQ answer opens (found by id: the closed-answer selector would move on to the next).
  // Counted first: most pages have no FAQ, and a lookup would wait for one to appear.
  const closedQuestion = page.locator('main button[aria-expanded="false"][aria-controls]').first();
  const questionId = (await closedQuestion.count()) > 0 ? await closedQuestion.getAttribute('id') : null;
  if (questionId) {
    const question = page.locator(`[id="${questionId}"]`);
    await question.click();
    if ((await question.getAttribute('aria-expanded')) !== 'true') fail(route, 'the FAQ answer did not open');
  }
  // The mobile menu opens.
  const menu = page.locator('header button[aria-controls][aria-expanded]').first();
  if (await menu.isVisible()) {
    await menu.click();
    if ((await menu.getAttribute('aria-expanded')) !== 'true') fail(route, 'the menu did not open');
    await menu.click();
  }
  // A video modal opens and closes with Escape (the video page opens its own).
  const video = page.locator('main button[aria-haspopup="dialog"]').first();
  // (The video page's own modal opened on arrival and was closed above.)
  if (route !== '/videopopup' && (await video.count()) > 0) {
    await video.click();
    await page.locator('[role="dialog"]').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
  }
  // Load more shows more insights.
  if (route === '/insights') {
    const cards = page.locator('main li');
    const before = await cards.count();
    const more = page.locator('main button', { hasText: /load more/i });
    if ((await more.count()) === 0) fail(route, 'no load more button');
    else {
      await more.click();
      await page.waitForFunction((n) => document.querySelectorAll('main li').length > n, before);
    }
  }
}

async function checkWithoutScripts(context, origin, route, linkStatus) {
  const page = await context.newPage();
  await page.goto(origin + route);
  const text = (await page.locator('main').innerText()).trim();
  if (text.length < 20) fail(route, `without JavaScript the main content is missing (${JSON.stringify(text)})`);
  if ((await page.locator('h1').count()) === 0) fail(route, 'without JavaScript there is no h1');
  const hrefs = await page.$$eval('a[href^="/"]', (links) => links.map((a) => a.getAttribute('href')));
  for (const href of new Set(hrefs)) {
    const path = href.split('#')[0];
    if (!path || linkStatus.has(path)) continue;
    linkStatus.set(path, (await fetch(origin + path)).status);
  }
  for (const href of new Set(hrefs)) {
    const status = linkStatus.get(href.split('#')[0]);
    if (status !== undefined && status !== 200) fail(route, `link ${href} answers ${status}`);
  }
  await page.close();
}

const { server, origin } = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  const all = await routes(origin);
  const linkStatus = new Map();
  // Two routes at a time, each lane with contexts of its own: most of a page's time is the wait
  // for the network to go quiet after hydration, which two pages can spend together.
  const queue = [...all];
  const lane = async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
      for (const context of [phone, desktop]) {
        const page = await checkHydration(context, origin, route);
        await checkInteractive(page, route);
        await page.close();
      }
      await checkWithoutScripts(noScript, origin, route, linkStatus);
    }
  };
  await Promise.all([lane(), lane()]);
  console.log(`${all.length} routes checked in Chromium (phone and desktop, and without JavaScript)`);
} catch (error) {
  failures.push(String(error?.stack ?? error));
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await once(server, 'exit');
}
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
