// A smoke test of the set-up and the shell: the first page is drawn from the embedded data
// without a second request, in-app navigation asks the page API once, and the menus work (every
// screen's axe-core check at each width is screens.spec.ts's). It passes against the real server
// and against `vite preview` with the fixture API.
import { expect, test } from '@playwright/test';
import { interactive } from './support';

test('the home page is drawn from the embedded data and navigation asks the page API once', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/page') apiCalls.push(r.url());
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Supply Chain Software' })).toBeVisible();
  expect(apiCalls).toEqual([]);

  // A link followed before hydration is an ordinary page load; this checks the app's own.
  await interactive(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Latest Insights' })).toBeVisible();
  await expect(page).toHaveURL(/\/insights$/);
  expect(apiCalls).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('an unknown path shows the not-found screen in the site layout', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('below 992px the links fold into the Menu, which opens and closes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  const about = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(about).toBeHidden();
  await toggle.click();
  await expect(about).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('the Solutions dropdown shows the large graphic at 1280px and a plain list at 375px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const solutions = page.getByRole('button', { name: 'Solutions' });
  await solutions.click();
  await expect(page.getByRole('img', { name: /source, supply, product and food industry/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(solutions).toHaveAttribute('aria-expanded', 'false');
  await expect(solutions).toBeFocused();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await solutions.click();
  await expect(page.getByRole('img', { name: /source, supply, product and food industry/ })).toBeHidden();
  await expect(page.getByRole('list', { name: 'Source' })).toBeVisible();
});
