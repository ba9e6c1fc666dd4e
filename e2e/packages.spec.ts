import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, messages, test, uniqueEmail } from './fixtures';

// Packages (issue 18 item 4): on a 390 px phone a fan buys the family ticket of four seats together
// from the match's page with the keyboard — one line in the cart at the package price — pays, and gets
// four tickets; the organiser makes a festival pass over Lúka Fest's three days in the console.
// Demo data: lib/server/db/seed/packages.ts.

const FAMILY_EVENT = 'dunaj-bratislava-msk-zilina';
const FAMILY = 'Rodinná vstupenka: 2 dospelí + 2 deti';
const sk = messages.sk;

async function noSeriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
}

/** Nothing wider than the 390 px phone: no sideways scrolling. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe('a family package on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a fan adds the family ticket with the keyboard, sees one line at the package price, pays and gets four tickets', async ({ page, signUpFresh }) => {
    test.setTimeout(120_000);
    await signUpFresh({ email: uniqueEmail('pkg-family') });
    await page.goto(`/sk/podujatia/${FAMILY_EVENT}`);
    const section = page.getByTestId('packages');
    await expect(section.getByRole('heading', { name: sk.packages.fan.title })).toBeVisible();
    const family = section.getByTestId('package').filter({ has: page.getByRole('heading', { name: FAMILY, exact: true }) });
    await expect(family).toContainText('54,00');
    await expect(family).toContainText(sk.packages.fan.seatsTogether);
    await fitsThePhone(page);
    await noSeriousViolations(page, '[data-testid="packages"]');

    // Keyboard: focus the package's button and press Enter.
    const add = family.getByRole('button', { name: `Pridať do košíka: ${FAMILY}` });
    await add.focus();
    await expect(add).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(new RegExp(`/sk/podujatia/${FAMILY_EVENT}/kosik$`));
    const line = page.getByTestId('cart-item');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(FAMILY);
    await expect(line).toContainText('54,00');
    await expect(line.getByTestId('package-tickets').getByRole('listitem')).toHaveCount(4);
    await expect(page.getByTestId('cart-count')).toHaveText('4');
    await fitsThePhone(page);
    await noSeriousViolations(page, 'main');

    // The four seats: next to each other in one row.
    const cart = await (await page.request.get(`/api/v1/events/${FAMILY_EVENT}/cart`)).json();
    const seats = cart.items[0].package.tickets.map((x: { seat: { section: string; row: string; seat: string } }) => x.seat);
    expect(new Set(seats.map((x: { section: string; row: string }) => `${x.section}/${x.row}`)).size).toBe(1);
    const numbers = seats.map((x: { seat: string }) => Number(x.seat)).sort((a: number, b: number) => a - b);
    expect(numbers.map((n: number) => n - numbers[0])).toEqual([0, 1, 2, 3]);

    await page.getByRole('link', { name: sk.cart.toCheckout }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.checkout.title);
    await expect(page.getByTestId('package-tickets').getByRole('listitem')).toHaveCount(4);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /^Zaplatiť/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.gateway.title);
    await expect(async () => {
      if (await page.getByTestId('order-result').count()) return;
      await page.getByRole('button', { name: sk.gateway.pay, exact: true }).click({ timeout: 3000 });
      await expect(page.getByTestId('order-result')).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 45_000 });
    await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');

    const orderId = page.url().split('/').pop()!;
    const order = await (await page.request.get(`/api/v1/orders/${orderId}`)).json();
    expect(order).toMatchObject({ status: 'paid', ticketCount: 4 });
    const body = await (await page.request.get('/api/v1/tickets')).json();
    const tickets = (Array.isArray(body) ? body : body.tickets) as { id: string }[];
    expect(tickets).toHaveLength(4);
    expect(new Set(tickets.map((x) => x.id)).size).toBe(4);
  });
});

test('the organiser makes a festival pass over the three days in the console', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn('festival@lukafest.sk', DEMO_PASSWORD);
  await page.goto('/sk/organizator/baliky');
  const o = sk.packages.organiser;
  await expect(page.getByRole('heading', { level: 1 })).toContainText(o.title);
  await expect(page.getByTestId('organiser-package').filter({ hasText: 'Festivalový pas: piatok – nedeľa' })).toBeVisible();

  const form = page.getByTestId('package-create');
  const name = `Pas ${Date.now().toString(36)}`;
  await form.getByLabel(o.nameSk).fill(name);
  await form.getByLabel(o.nameCs).fill(name);
  await form.getByLabel(o.nameEn).fill(name);
  await form.getByLabel(o.count).fill('20');
  for (const [i, day] of ['piatok', 'sobota', 'nedeľa'].entries()) {
    if (i > 0) await form.getByRole('button', { name: o.addLine }).click();
    const line = form.getByRole('listitem', { name: `Riadok ${i + 1}` });
    const event = line.getByLabel(o.event);
    const value = await event.locator('option', { hasText: `Lúka Fest 2027 – ${day}` }).getAttribute('value');
    await event.selectOption(value!);
    const category = line.getByLabel(o.category);
    const type = await category.locator('option', { hasText: 'Denná vstupenka' }).getAttribute('value');
    await category.selectOption(type!);
  }
  // The price is in the currency of the lines' events.
  await form.getByLabel(`${o.price} (EUR)`).fill('95');
  await noSeriousViolations(page, 'main');
  await form.getByRole('button', { name: o.create }).click();
  const card = page.getByTestId('organiser-package').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveCount(3);
  await expect(card.getByTestId('package-taken')).toHaveText('0 z 20 predaných alebo v košíkoch');

  // Off sale, then deleted (nobody had it in a cart).
  await card.getByRole('button', { name: o.takeOffSale }).click();
  await expect(card).toContainText(o.statusOffSale);
  await card.getByRole('button', { name: `Vymazať balík ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: o.delete }).click();
  await expect(card).toHaveCount(0);
});
