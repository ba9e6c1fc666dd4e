// Paying through Comgate on a phone (390 × 844): the e2e server runs a local fake of Comgate's API
// (scripts/comgate-fake.ts, started by scripts/e2e-server.mjs) and its seed gives an organisation of its
// own, Sokol Vyšehrad, to Comgate (lib/server/db/seed/comgate.ts). A Czech fan buys two tickets to its
// concert, pays with a bank button on Comgate's page, and lands on the receipt with the tickets.
import { expect, messages, test, xsrfHeaders } from './fixtures';
import { noSeriousViolations } from './axe';

const cs = messages.cs;
const EVENT = 'e2e-comgate-koncert';
test.use({ viewport: { width: 390, height: 844 }, locale: 'cs-CZ' });

test('a fan of the club that uses Comgate pays with a bank button on its page and gets the receipt with tickets', async ({ page, signUpFresh }) => {
  test.setTimeout(120_000);
  await signUpFresh();
  const detail = (await (await page.request.get(`/api/v1/events/${EVENT}`)).json()) as { organiser?: { name: string }; ticketTypes: { id: string; code: string }[] };
  const ga = detail.ticketTypes.find((type) => type.code === 'GA')!;
  const held = await page.request.post(`/api/v1/events/${EVENT}/cart/items`, { data: { ticketTypeId: ga.id, quantity: 2 }, headers: await xsrfHeaders(page) });
  expect(held.status(), await held.text()).toBe(200);

  await page.goto(`/cs/udalosti/${EVENT}/kosik`);
  const total = (await page.getByTestId('cart-total').textContent())!.trim();
  await page.getByRole('link', { name: cs.cart.toCheckout }).click();
  await page.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
  await page.getByRole('button', { name: /^Zaplatit/ }).click();

  // Comgate's page (its local fake): card, Apple Pay, Google Pay and the banks' buttons, for the cart's total.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/pay\/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  for (const method of ['Platba kartou', 'Apple Pay', 'Google Pay', 'Česká spořitelna', 'Tatra banka']) await expect(page.getByRole('button', { name: method, exact: true })).toBeVisible();
  const amount = (await page.getByTestId('comgate-amount').textContent())!;
  expect(amount.replace(/[^0-9]/g, '').replace(/^0+/, '')).toBe(total.replace(/[^0-9]/g, '').replace(/^0+/, ''));
  await page.getByRole('button', { name: 'Komerční banka', exact: true }).click();

  // Back at Tribuna: paid, two tickets on the receipt, sold by the club.
  await expect(page).toHaveURL(/\/cs\/objednavky\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');
  await expect(page.getByTestId('receipt').locator('[data-kind="ticket"]')).toHaveCount(2);
  await expect(page.getByTestId('receipt-organiser')).toHaveText('Sokol Vyšehrad');
  await expect(page.getByTestId('receipt-total')).toHaveText(total);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await noSeriousViolations(page, { include: 'main' });

  const tickets = (await (await page.request.get('/api/v1/tickets')).json()) as { tickets: { event: { slug?: string; id?: string } }[] };
  expect(tickets.tickets).toHaveLength(2);
});
