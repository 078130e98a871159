// The shared interactive components in the browser (issue 5, docs/behaviour.md §4 and §9): the FAQ
// accordion by mouse and keyboard, both home-page carousels at each width (buttons, keyboard,
// swipe, autoplay and its pauses) and the Solutions dropdown by mouse, touch and keyboard.
// Carousel timers run on Playwright's clock, so time moves only when a test moves it.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { interactive, pageView } from './support';

test.describe('the FAQ accordion', () => {
  test('rows start closed and open and close by click, Enter and Space, turning the arrow', async ({ page }) => {
    const faq = (await pageView(page, '/etender')).faq as { title: string; items: { question: string }[] };
    expect(faq.items.length).toBeGreaterThan(1);
    await page.goto('/etender');
    const main = page.getByRole('main');
    const questions = faq.items.map((item) => main.getByRole('button', { name: item.question, exact: true }));
    for (const question of questions) await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(main.getByRole('region', { name: faq.items[0]!.question })).toHaveCount(0);

    const [first, second] = questions as [Locator, Locator];
    const panel = page.locator(`#${await first.getAttribute('aria-controls')}`);
    await expect(panel).toBeHidden();

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(main.getByRole('region', { name: faq.items[0]!.question })).toBeVisible();
    await expect.poll(async () => (await panel.boundingBox())?.height ?? 0).toBeGreaterThan(10);
    await expect.poll(() => arrowTransform(first)).toBe('matrix(-1, 0, 0, -1, 0, 0)');
    // Opening one row leaves the others as they were.
    await expect(second).toHaveAttribute('aria-expanded', 'false');

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await expect.poll(() => arrowTransform(first)).toBe('none');

    await second.focus();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(main.getByRole('region', { name: faq.items[1]!.question })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press(' ');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(second).toBeFocused();
  });
});

function arrowTransform(question: Locator): Promise<string> {
  return question.locator('svg').evaluate((svg) => getComputedStyle(svg).transform);
}

interface CarouselCase {
  width: number;
  logos: { show: number; scroll: number; first: number };
  cards: { show: number; scroll: number; first: number };
}

/** Slides per view, step and first slide at each width (docs/behaviour.md §9). */
const CAROUSELS: CarouselCase[] = [
  { width: 1280, logos: { show: 4, scroll: 1, first: 0 }, cards: { show: 3, scroll: 3, first: 0 } },
  { width: 768, logos: { show: 3, scroll: 1, first: 0 }, cards: { show: 3, scroll: 3, first: 0 } },
  { width: 540, logos: { show: 2, scroll: 1, first: 0 }, cards: { show: 2, scroll: 2, first: 2 } },
  { width: 375, logos: { show: 1, scroll: 1, first: 0 }, cards: { show: 1, scroll: 1, first: 0 } },
];

const STEP_MS = 500;
const AUTOPLAY_MS = 5000;

/** Opens the home page with the page's clock stopped. */
async function homeOnPausedClock(page: Page) {
  await page.clock.install({ time: new Date('2025-03-05T09:00:00Z') });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Supply Chain Software' })).toBeVisible();
  // Hydration follows the first paint, on the page's clock: let it happen first.
  await interactive(page);
  await page.clock.pauseAt(new Date('2025-03-05T10:00:00Z'));
}

/** The slides a carousel shows (0-based, in order), read from their "N of M" names. */
async function shown(carousel: Locator): Promise<number[]> {
  const labels = await carousel
    .locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')
    .evaluateAll((slides) => slides.map((s) => s.getAttribute('aria-label') ?? ''));
  return labels.map((label) => Number(label.split(' of ')[0]) - 1);
}

/** The slides from `first`, `count` of them, wrapping round `total`. */
function run(first: number, count: number, total: number): number[] {
  return Array.from({ length: count }, (_, i) => (((first + i) % total) + total) % total);
}

/** Lets a step's animation finish, then expects `slides` shown and the first of them in view. */
async function expectShown(page: Page, carousel: Locator, slides: number[], total: number) {
  await page.clock.runFor(STEP_MS + 50);
  await expect.poll(() => shown(carousel)).toEqual(slides);
  const viewport = carousel.locator(':scope > div').last();
  const slide = carousel.locator(`[aria-label="${slides[0]! + 1} of ${total}"]:not([aria-hidden="true"])`);
  // The track slides with a CSS transition, which runs on real time.
  await expect
    .poll(async () => {
      const [v, s] = [await viewport.boundingBox(), await slide.boundingBox()];
      return !!v && !!s && Math.abs(s.x - v.x) < 2;
    })
    .toBe(true);
}

for (const { width, logos, cards } of CAROUSELS) {
  test.describe(`carousels at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [name, label, settings, total] of [
      ['customer logo', 'Customer logos', logos, 12],
      ['More Insights and Information', 'Insights and pages', cards, null],
    ] as const) {
      test(`the ${name} carousel steps by its buttons and the keyboard, round both ends`, async ({ page }) => {
        const count = total ?? ((await pageView(page, '/')).moreInsights as { cards: unknown[] }).cards.length;
        await homeOnPausedClock(page);
        const carousel = page.getByRole('group', { name: label, exact: true });
        await carousel.scrollIntoViewIfNeeded();
        const next = carousel.getByRole('button', { name: 'Next slides' });
        const previous = carousel.getByRole('button', { name: 'Previous slides' });
        const { show, scroll } = settings;
        let first = settings.first;
        if (total) {
          // The logos play by themselves: pause them (the pointer over the carousel) and start
          // from wherever they are. Their first slide is checked with autoplay off, below.
          await previous.hover();
          await page.clock.runFor(STEP_MS + 50);
          first = (await shown(carousel))[0]!;
        }

        await expectShown(page, carousel, run(first, show, count), count);
        await next.click();
        await expectShown(page, carousel, run(first + scroll, show, count), count);
        await previous.click();
        await expectShown(page, carousel, run(first, show, count), count);
        // Infinite: back past the first slide comes round to the last ones.
        await previous.click();
        await expectShown(page, carousel, run(first - scroll, show, count), count);

        await next.focus();
        await page.keyboard.press('Enter');
        await expectShown(page, carousel, run(first, show, count), count);
        await page.keyboard.press('Space');
        await expectShown(page, carousel, run(first + scroll, show, count), count);
        await previous.focus();
        await page.keyboard.press('Enter');
        await expectShown(page, carousel, run(first, show, count), count);
        // Slides out of view are out of the tab order and the accessibility tree.
        await expect(carousel.locator('[aria-roledescription="slide"][aria-hidden="true"]').first()).toHaveAttribute(
          'inert',
          '',
        );
      });
    }
  });
}

/** The "More Insights and Information" carousel on the home page, and its number of cards. */
async function cardCarousel(page: Page) {
  const count = ((await pageView(page, '/')).moreInsights as { cards: unknown[] }).cards.length;
  await homeOnPausedClock(page);
  const carousel = page.getByRole('group', { name: 'Insights and pages', exact: true });
  await carousel.scrollIntoViewIfNeeded();
  // Its endless copies are added as it hydrates: a swipe before that meets markup alone.
  await expect.poll(() => carousel.locator('[aria-roledescription="slide"]').count()).toBeGreaterThan(count);
  const box = (await carousel.locator(':scope > div').last().boundingBox())!;
  return { carousel, count, x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test.describe('swiping at 375px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('a mouse drag left shows the next card and right the previous one, following no link', async ({ page }) => {
    const { carousel, count, x, y } = await cardCarousel(page);
    const swipe = async (dx: number) => {
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y, { steps: 8 });
      await page.mouse.up();
    };
    await swipe(-120);
    await expectShown(page, carousel, [1], count);
    await swipe(120);
    await expectShown(page, carousel, [0], count);
    await swipe(120);
    await expectShown(page, carousel, [count - 1], count);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('swiping by touch at 375px', () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });

  test('a finger swipe left shows the next card and right the previous one, following no link', async ({ page }) => {
    const { carousel, count, x, y } = await cardCarousel(page);
    // Playwright has taps only; Chromium's own touch input makes the pointer events a finger does.
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (dx: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let i = 1; i <= 8; i++)
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 8, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(-120);
    await expectShown(page, carousel, [1], count);
    await swipe(120);
    await expectShown(page, carousel, [0], count);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('logo carousel autoplay at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('moves on every 5 seconds, and stops while hovered or focused', async ({ page }) => {
    await homeOnPausedClock(page);
    const carousel = page.getByRole('group', { name: 'Customer logos', exact: true });
    await page.mouse.move(5, 5);
    await page.clock.runFor(STEP_MS + 50);
    const start = (await shown(carousel))[0]!;

    await page.clock.runFor(AUTOPLAY_MS);
    await expectShown(page, carousel, run(start + 1, 4, 12), 12);
    await page.clock.runFor(AUTOPLAY_MS);
    await expectShown(page, carousel, run(start + 2, 4, 12), 12);

    await carousel.hover();
    await page.clock.runFor(AUTOPLAY_MS * 2);
    expect(await shown(carousel)).toEqual(run(start + 2, 4, 12));

    await page.mouse.move(5, 5);
    await carousel.getByRole('button', { name: 'Next slides' }).focus();
    await page.clock.runFor(AUTOPLAY_MS * 2);
    expect(await shown(carousel)).toEqual(run(start + 2, 4, 12));

    // Stopped on request, from its own button.
    await page.getByRole('link').first().focus();
    await carousel.getByRole('button', { name: 'Stop automatic slide show' }).click();
    await page.mouse.move(5, 5);
    await page.getByRole('link').first().focus();
    await page.clock.runFor(AUTOPLAY_MS * 2);
    expect(await shown(carousel)).toEqual(run(start + 2, 4, 12));
    await expect(carousel.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
  });

  test('does not move for a visitor who prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await homeOnPausedClock(page);
    const carousel = page.getByRole('group', { name: 'Customer logos', exact: true });
    await page.mouse.move(5, 5);
    expect(await shown(carousel)).toEqual([0, 1, 2, 3]);
    await page.clock.runFor(AUTOPLAY_MS * 3);
    expect(await shown(carousel)).toEqual([0, 1, 2, 3]);
    await expect(carousel.getByRole('button', { name: /automatic slide show/ })).toHaveCount(0);
  });
});

function solutionsButton(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Solutions' });
}

const GRAPHIC = /source, supply, product and food industry/;

test.describe('the Solutions dropdown at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('opens on hover and closes when the mouse leaves; a click pins it open until a click outside', async ({
    page,
  }) => {
    await page.goto('/');
    const button = solutionsButton(page);
    const graphic = page.getByRole('img', { name: GRAPHIC });
    await button.hover();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(graphic).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(graphic).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(640, 700);
    await expect(graphic).toBeVisible();
    await page.mouse.click(640, 700);
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // A link in the panel goes to its page and closes the menu.
    await button.click();
    await page
      .getByRole('link', { name: /Contract Management/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/contract-management$/);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('opens and closes by keyboard: Enter, Space, ArrowDown to the first link, Escape and Tab away', async ({
    page,
  }) => {
    await page.goto('/');
    const button = solutionsButton(page);
    // Disabled, and so not focusable, until the page is interactive.
    await expect(button).toBeEnabled();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('ArrowDown');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(panel.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    // Tabbing out of the open menu closes it.
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const links = await panel.getByRole('link').count();
    for (let i = 0; i <= links; i++) await page.keyboard.press('Tab');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('the Solutions dropdown by touch', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('at 1280px a tap opens the graphic and another tap closes it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const button = solutionsButton(page);
    await button.tap();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('img', { name: GRAPHIC })).toBeVisible();
    await button.tap();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('at 375px the Menu opens by tap, then Solutions shows the plain grouped list', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).tap();
    const button = solutionsButton(page);
    await button.tap();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    for (const group of ['Source', 'Supply', 'Product', 'Food Industry'])
      await expect(page.getByRole('list', { name: group })).toBeVisible();
    await expect(page.getByRole('img', { name: GRAPHIC })).toBeHidden();
    await page
      .getByRole('list', { name: 'Source' })
      .getByRole('link', { name: /Reverse Auction/ })
      .tap();
    await expect(page).toHaveURL(/\/reverse-auction-eauction$/);
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
