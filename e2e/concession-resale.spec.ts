// Issue 28 items 3 and 4 on a 390 px phone, in Slovak: a ZŤP-S holder's companion seat offers no Sell
// nor Gift on Your tickets; a child ticket resold by a fan says "Dieťa" to its buyer on the event page,
// in the cart and at checkout, before anything is paid. On the e2e-only accessible match.
import { demo, expect, freeSeats, messages, signedInContext, test, toTickets, xsrfHeaders } from './fixtures';

const sk = messages.sk;
const MATCH = 'e2e-bezbarierovy-zapas';
const childBadge = sk.concessions.ticket.badge.replace('{kind}', sk.concessions.kinds.child);

async function payCart(page: import('@playwright/test').Page) {
  await page.goto(`/sk/podujatia/${MATCH}/pokladna`);
  await page.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
  await page.getByRole('button', { name: /^Zaplatiť/ }).click();
  await expect(page).toHaveURL(/\/sk\/platba\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: sk.gateway.pay, exact: true }).click();
  await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');
}

test('a ZŤP-S companion seat offers no Sell and no Gift', async ({ page, signUpFresh }) => {
  test.setTimeout(120_000);
  await signUpFresh();
  await page.goto(`/sk/podujatia/${MATCH}`);
  await toTickets(page, 'sk');
  await page.getByTestId('wheelchair-places').getByRole('button', { name: /^Pridať do košíka: miesto pre vozičkára/ }).first().click();
  await expect(page.getByTestId('companion-line')).toBeVisible();
  await payCart(page);
  await page.goto('/sk/vstupenky');
  const companion = page.getByTestId('ticket-card').filter({ hasText: sk.concessions.ticket.companion });
  await expect(companion).toHaveCount(1);
  await expect(companion.getByRole('button', { name: sk.tickets.sell, exact: true })).toHaveCount(0);
  await expect(companion.getByRole('button', { name: sk.tickets.gift, exact: true })).toHaveCount(0);
  const holder = page.getByTestId('ticket-card').filter({ hasText: sk.concessions.ticket.badge.replace('{kind}', sk.concessions.kinds.ztp_s) });
  await expect(holder.getByRole('button', { name: sk.tickets.gift, exact: true })).toBeVisible();
});

test('a resold child ticket says "Dieťa" to its buyer before payment', async ({ page, browser, baseURL, signUpFresh }) => {
  test.setTimeout(150_000);
  // The organiser lets child tickets be resold (off by default).
  const { context: owner, page: ownerPage } = await signedInContext(browser, baseURL!, demo.vltavaOwner);
  const { events } = (await (await ownerPage.request.get('/api/v1/scan/events')).json()) as { events: { id: string; slug: string }[] };
  const eventId = events.find((event) => event.slug === MATCH)!.id;
  const detail = (await (await ownerPage.request.get(`/api/v1/events/${MATCH}`)).json()) as { ticketTypes: { id: string }[] };
  const categoryId = detail.ticketTypes[0].id;
  const url = `/api/v1/organiser/events/${eventId}/price-categories/${categoryId}/concessions`;
  const current = (await (await ownerPage.request.get(url)).json()) as { concessions: { kind: string; resaleAllowed: boolean }[] };
  const concessions = current.concessions.map((c) => (c.kind === 'child' ? { ...c, resaleAllowed: true } : c));
  expect((await ownerPage.request.put(url, { data: { concessions }, headers: await xsrfHeaders(ownerPage) })).status()).toBe(200);
  await owner.close();

  // A fan buys a child ticket and offers it at its price.
  await signUpFresh();
  const [seat] = await freeSeats(page, MATCH, 1);
  expect((await page.request.post(`/api/v1/events/${MATCH}/cart/items`, { data: { seatIds: [seat] }, headers: await xsrfHeaders(page) })).status()).toBe(200);
  const lines = (await (await page.request.get(`/api/v1/events/${MATCH}/cart/concessions`)).json()) as { lines: { itemId: string; options: { kind: string; price: { amount: number } }[] }[] };
  const child = lines.lines[0].options.find((o) => o.kind === 'child')!;
  expect((await page.request.put(`/api/v1/events/${MATCH}/cart/concessions`, { data: { itemId: lines.lines[0].itemId, concession: 'child' }, headers: await xsrfHeaders(page) })).status()).toBe(200);
  await payCart(page);
  const mine = (await (await page.request.get('/api/v1/tickets')).json()) as { tickets: { id: string; concession?: string | null }[] };
  const ticket = mine.tickets.find((x) => x.concession === 'child')!;
  expect((await page.request.post(`/api/v1/tickets/${ticket.id}/listing`, { data: { price: child.price.amount }, headers: await xsrfHeaders(page) })).status()).toBe(201);

  // Another fan sees it is a child's ticket on the event page, in the cart and at checkout.
  const { context: buyer, page: buyerPage } = await signedInContext(browser, baseURL!, demo.fan);
  await buyerPage.setViewportSize({ width: 390, height: 844 });
  await buyerPage.goto(`/sk/podujatia/${MATCH}`);
  const offer = buyerPage.getByTestId('resale-offer').filter({ hasText: childBadge });
  await expect(offer.first()).toBeVisible();
  await offer.first().getByRole('button').first().click();
  await expect(buyerPage).toHaveURL(/\/kosik$/);
  // The cart's line (the offers beside it carry the same badge).
  await expect(buyerPage.getByTestId('cart-item').getByTestId('resale-concession').first()).toHaveText(childBadge);
  await buyerPage.goto(`/sk/podujatia/${MATCH}/pokladna`);
  await expect(buyerPage.getByTestId('resale-concession').first()).toHaveText(childBadge);
  await buyer.close();
});
