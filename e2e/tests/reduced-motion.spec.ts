import type { Page } from '@playwright/test';
import { OrderTableStatusText } from '@retouch/shared/admin-orders';
import { admin, logInStaff } from '../support/staff';
import { expect, test } from '../support/test';

// Issue 25: a user who asked for reduced motion sees nothing shimmer, spin or glide (global.css). The
// portfolio's loading skeleton is held on screen by holding back the catalogue until it has been measured.

interface Animated {
  name: string;
  iterations: string;
  duration: number;
}

/** The CSS animations of the elements under `selector` (their names, iteration counts and seconds). */
const animationsUnder = (page: Page, selector: string) =>
  page.locator(selector).evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      .map((element) => getComputedStyle(element))
      .filter((style) => style.animationName !== 'none')
      .map((style): Animated => ({
        name: style.animationName,
        iterations: style.animationIterationCount,
        duration: parseFloat(style.animationDuration),
      })),
  );

/** Opens /portfolio with the catalogue held back; answers the function that lets it through. */
async function portfolioLoading(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/services', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/portfolio');
  const skeleton = page.locator('[aria-busy="true"]').filter({ has: page.locator('.ant-skeleton') });
  await expect(skeleton).toBeVisible();
  return { skeleton, release };
}

test.describe('for a user who asked for reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a loading skeleton does not shimmer', async ({ page }) => {
    const { release } = await portfolioLoading(page);
    const animations = await animationsUnder(page, 'main');
    expect(animations.length).toBeGreaterThan(0);
    for (const animation of animations) {
      expect(animation.iterations).toBe('1');
      expect(animation.duration).toBeLessThan(0.001);
    }
    release();
    await expect(page.getByRole('tab').first()).toBeVisible();
  });

  // Shortening every element's transitions to 0.01 ms turned them on for all properties of elements that
  // had none (transition-property defaults to all): a position a script set was read back unchanged until
  // the next frame, so Ant Design measured its dropdowns where they were hidden and left them there.
  test('a position a script sets is read back at once', async ({ page }) => {
    await page.goto('/');
    const readBack = await page.evaluate(() => {
      const box = document.createElement('div');
      box.style.position = 'absolute';
      box.style.left = '0px';
      document.body.append(box);
      const before = getComputedStyle(box).left;
      box.style.left = '100px';
      const left = getComputedStyle(box).left;
      box.remove();
      return [before, left];
    });
    expect(readBack).toEqual(['0px', '100px']);
  });

  test('a dropdown opens under its field, every time', async ({ page }) => {
    await logInStaff(page, admin, '/admin/orders');
    // The orders table's status filter (features/admin-orders/texts.ts) and one of its statuses.
    const statusFilter = page.getByLabel('Статус');
    const completed = page.getByTitle(OrderTableStatusText.completed, { exact: true });
    for (let opening = 0; opening < 5; opening++) {
      await statusFilter.click();
      await expect(completed).toBeInViewport();
      await page.keyboard.press('Escape');
      await expect(completed).toBeHidden();
    }
  });
});

test.describe('for other users', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('a loading skeleton shimmers', async ({ page }) => {
    const { release } = await portfolioLoading(page);
    const animations = await animationsUnder(page, 'main');
    expect(animations.some((animation) => animation.iterations === 'infinite')).toBe(true);
    release();
    await expect(page.getByRole('tab').first()).toBeVisible();
  });
});
