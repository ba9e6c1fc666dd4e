import type { Locator } from '@playwright/test';
import { expect, messages, seeded, test } from './fixtures';

// Toasts (issue 17 item 9): sonner loads after the first paint (components/layout/deferred.tsx), and on a
// phone its toasts never cover the page's buttons or the bottom tabs: top centre, below the header.

const en = messages.en;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'en-GB' });

  test('a toast covers neither the buy button, the header nor the bottom tabs', async ({ page }) => {
    await page.goto(`/en/events/${seeded.standingEvent}`);
    await page.getByLabel('Number of tickets – General admission').selectOption('2');
    const buy = page.getByRole('button', { name: en.event.buy });
    await buy.click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: en.auth.signInRequiredTitle });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-y-position', 'top');
    // Wait for the toast's entry transition to end before measuring.
    await expect.poll(async () => (await box(toast)).y, { timeout: 5_000 }).toBeGreaterThanOrEqual(56);
    const tabs = page.getByRole('navigation', { name: en.nav.tabs });
    const toastBox = await box(toast);
    expect(overlap(toastBox, await box(tabs))).toBe(false);
    expect(overlap(toastBox, await box(buy))).toBe(false);
    expect(overlap(toastBox, await box(page.getByRole('banner')))).toBe(false);
  });
});

test('on a desktop, toasts stay bottom right (spec §9)', async ({ page }) => {
  await page.goto(`/en/events/${seeded.standingEvent}`);
  await page.getByLabel('Number of tickets – General admission').selectOption('2');
  await page.getByRole('button', { name: en.event.buy }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: en.auth.signInRequiredTitle });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-y-position', 'bottom');
  await expect(toast).toHaveAttribute('data-x-position', 'right');
});
