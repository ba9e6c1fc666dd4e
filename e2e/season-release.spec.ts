import type { Page } from '@playwright/test';
import { demo, expect, messages, payOnGateway, signedInContext, test, xsrfHeaders } from './fixtures';
import { noSeriousViolations } from './axe';

// Releasing one match of a season ticket for credit (issue 18 item 3) on a 390 px phone: a holder of the winter
// season (an e2e-only holder, lib/server/db/seed/season-release.ts) releases their seat for one match from Your
// tickets with the keyboard, another fan buys it, and the holder sees the credit on the profile and spends it in
// a later cart of the club — a line of its own there and on the receipt. The club's manager sees the sold release,
// its credit and the wallet credit owed on the season's console screen.

const SEASON = 'fk-dunaj-bratislava-zima';
const MATCH = 'dunaj-bratislava-fc-kosice';
const OTHER_MATCH = 'dunaj-bratislava-msk-zilina';
const HOLDER = 'uvolnenie-1@e2e.tribuna.sk';
const sk = messages.sk;

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** Checks out the fan's cart of `eventId` and pays on the test gateway's page; answers the order id. */
async function checkoutAndPay(page: Page, eventId: string): Promise<string> {
  // The gateway's page speaks the request's language.
  const payLabel = new RegExp(`^(${messages.sk.gateway.pay}|${messages.cs.gateway.pay}|${messages.en.gateway.pay})$`);
  const response = await page.request.post(`/api/v1/events/${eventId}/checkout`, { data: { acceptTerms: true }, headers: await xsrfHeaders(page) });
  expect(response.status(), await response.text()).toBe(200);
  const { orderId, paymentUrl } = (await response.json()) as { orderId: string; paymentUrl: string };
  await page.goto(paymentUrl);
  await payOnGateway(page, payLabel);
  return orderId;
}

test.describe('releasing a season match for credit on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a holder releases one match, another fan buys it, the holder sees the credit and spends it in the cart', async ({ browser, baseURL, page, signUpFresh }) => {
    test.setTimeout(180_000);
    const { context, page: holder } = await signedInContext(browser, baseURL!, HOLDER);
    // The holder's seat (the season's map marks it theirs) and their ticket for the match.
    const sale = (await (await holder.request.get(`/api/v1/seasons/${SEASON}`)).json()).season;
    const seatId: string = sale.sections.flatMap((s: { rows: { seats: { id: string; state: string }[] }[] }) => s.rows.flatMap((r) => r.seats)).find((seat: { state: string }) => seat.state === 'mine').id;
    type Ticket = { id: string; priceAmount: number; event: { slug: string }; seat: { section: { sk: string }; row: string; seat: string }; release: { creditAmount: number; released: boolean } | null };
    const before = ((await (await holder.request.get('/api/v1/tickets')).json()).tickets as Ticket[]).find((x) => x.event.slug === MATCH)!;
    const credit = before.release!.creditAmount;
    expect(credit).toBeGreaterThan(0);

    // Your tickets: Release for credit on that match's ticket, with the keyboard; the dialog explains the share.
    await holder.goto('/sk/vstupenky');
    const card = holder.locator(`[data-ticket-id="${before.id}"]`);
    await expect(card).toBeVisible();
    await fitsThePhone(holder);
    const action = card.getByRole('button', { name: sk.release.action });
    await action.focus();
    await holder.keyboard.press('Enter');
    const dialog = holder.getByRole('dialog', { name: sk.release.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('release-explainer')).toContainText('50 %');
    await fitsThePhone(holder);
    await noSeriousViolations(holder);
    await dialog.getByRole('button', { name: sk.release.submit }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('ticket-released')).toBeVisible();
    await expect(card.getByRole('button', { name: sk.release.takeBack })).toBeVisible();

    // Another fan buys the seat on the primary sale, at its price.
    await signUpFresh();
    const added = await page.request.post(`/api/v1/events/${MATCH}/cart/items`, { data: { seatIds: [seatId] }, headers: await xsrfHeaders(page) });
    expect(added.status(), await added.text()).toBe(200);
    expect((await added.json()).items[0].price.amount).toBe(before.priceAmount);
    await checkoutAndPay(page, MATCH);
    const bought = (await (await page.request.get('/api/v1/tickets')).json()).tickets as Ticket[];
    expect(bought.map((x) => x.id)).toContain(before.id);

    // The holder: the ticket is gone from Your tickets, the credit is on the profile's wallet.
    await holder.goto('/sk/profil');
    const wallet = holder.getByRole('region', { name: sk.wallet.title });
    await expect(wallet).toBeVisible();
    await expect(wallet.getByTestId('wallet-balance').locator('[data-amount]')).toHaveAttribute('data-amount', String(credit));
    await fitsThePhone(holder);
    // Being told of it is a topic of the profile's notification settings, on for both channels by default.
    const topic = sk.notifications.topics['release-sold'];
    await expect(holder.getByRole('checkbox', { name: `${topic}: ${sk.notifications.settings.push}`, exact: true })).toBeChecked();
    await expect(holder.getByRole('checkbox', { name: `${topic}: ${sk.notifications.settings.email}`, exact: true })).toBeChecked();

    // The club's console: the season screen lists the release as sold, with the credit granted, the holder named
    // only as "Sezóna U.", and the wallet credit the club owes; the table scrolls sideways with the keyboard.
    const { context: consoleContext, page: manager } = await signedInContext(browser, baseURL!, demo.dunajManager);
    await manager.setViewportSize({ width: 390, height: 844 });
    await manager.goto(`/sk/organizator/permanentky/${sale.id}`);
    const releases = manager.getByRole('region', { name: sk.seasons.organiser.releases.title, exact: true });
    await expect(releases).toBeVisible();
    // This holder's seat (the other e2e holders, named alike, release theirs in tests running alongside).
    const seatName = sk.seatMap.seatName.replace('{section}', before.seat.section.sk).replace('{row}', before.seat.row).replace('{seat}', before.seat.seat);
    const row = releases.locator('tr[data-status="sold"]').filter({ hasText: 'Sezóna U.' }).filter({ hasText: seatName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(sk.seasons.organiser.releases.status.sold);
    await expect(row.getByTestId('release-credit').locator('[data-amount]')).toHaveAttribute('data-amount', String(credit));
    await expect(releases).not.toContainText('Uvoľnená 1');
    await expect(releases.locator('[data-total="sold"] dd')).not.toHaveText('0');
    const owed = releases.getByTestId('season-wallet-credit').locator('[data-currency="EUR"]');
    expect(Number(await owed.getAttribute('data-outstanding'))).toBeGreaterThanOrEqual(credit);
    const table = releases.getByRole('region', { name: sk.seasons.organiser.releases.tableCaption, exact: true });
    await table.focus();
    await expect(table).toBeFocused();
    await expect(table).toHaveAttribute('data-overflow', 'true');
    await manager.keyboard.press('ArrowRight');
    await manager.keyboard.press('ArrowRight');
    await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await fitsThePhone(manager);
    await noSeriousViolations(manager);
    // One match's releases: the plain form, with the keyboard (the winter season's first match is MATCH).
    const releasesOf = sk.seasons.organiser.releases;
    await releases.getByLabel(releasesOf.filterLabel).selectOption({ index: 1 });
    await releases.getByRole('button', { name: releasesOf.filterApply }).focus();
    await manager.keyboard.press('Enter');
    await expect(manager).toHaveURL(/[?&]match=[0-9a-f-]{36}/);
    await expect(releases.locator('tr[data-status="sold"]').filter({ hasText: 'Sezóna U.' }).filter({ hasText: seatName })).toHaveCount(1);
    await expect(releases.getByLabel(releasesOf.filterLabel)).not.toHaveValue('');
    await consoleContext.close();

    // A later cart of the club: the credit comes off on a line of its own, and on the receipt.
    const detail = await (await holder.request.get(`/api/v1/events/${OTHER_MATCH}?include=seats`)).json();
    const availability = await (await holder.request.get(`/api/v1/events/${OTHER_MATCH}/availability`)).json();
    const taken = new Set<string>(availability.takenSeatIds);
    const free: string[] = detail.layout.sections.flatMap((s: { rows: { seats: { id: string; ticketTypeId: string | null }[] }[] }) =>
      s.rows.flatMap((r) => r.seats.filter((seat) => seat.ticketTypeId && !taken.has(seat.id)).map((seat) => seat.id)),
    );
    const seat = free[Math.floor(Math.random() * free.length)];
    const cart = await holder.request.post(`/api/v1/events/${OTHER_MATCH}/cart/items`, { data: { seatIds: [seat] }, headers: await xsrfHeaders(holder) });
    expect(cart.status(), await cart.text()).toBe(200);
    const cartBody = await cart.json();
    const used = Math.min(credit, cartBody.subtotal.amount - cartBody.discount.amount + cartBody.fees.amount);
    expect(cartBody.walletCredit.amount).toBe(used);
    await holder.goto(`/sk/podujatia/${OTHER_MATCH}/kosik`);
    const line = holder.getByTestId('cart-wallet-credit');
    await expect(line).toBeVisible();
    await expect(holder.getByTestId('cart-totals')).toContainText(sk.cart.walletCredit);
    await fitsThePhone(holder);
    await noSeriousViolations(holder);
    const orderId = await checkoutAndPay(holder, OTHER_MATCH);
    await holder.goto(`/sk/objednavky/${orderId}`);
    await expect(holder.locator('[data-testid="receipt-line"][data-kind="wallet"]')).toHaveAttribute('data-amount', String(-used));
    await expect(holder.getByTestId('receipt')).toContainText(sk.receipt.walletCredit);
    const after = (await (await holder.request.get('/api/v1/wallet')).json()) as { wallets: { balance: { amount: number } }[] };
    expect(after.wallets[0].balance.amount).toBe(credit - used);
    await context.close();
  });
});

// When the credit covers the whole cart there is nothing to pay: the checkout says so, confirms the order
// without the payment page and lands on the receipt (orders/checkout.ts). A holder of a main-stand seat (the
// e2e spare holder: category A, 25 €) releases both winter matches, another fan buys them, and the 25 € of
// credit pays a 12 € seat (with its 1 € fee) of the club's next match.
const SPARE_HOLDER = 'uvolnenie-3@e2e.tribuna.sk';
const NEXT_MATCH = 'dunaj-bratislava-spartak-trnava';

test.describe('credit that covers the whole cart, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the checkout has nothing to pay: the fan confirms with the keyboard and lands on the receipt, no payment page', async ({ browser, baseURL, page, signUpFresh }) => {
    test.setTimeout(180_000);
    const { context, page: holder } = await signedInContext(browser, baseURL!, SPARE_HOLDER);
    type Ticket = { id: string; event: { slug: string }; release: { creditAmount: number; released: boolean } | null };
    const mine = ((await (await holder.request.get('/api/v1/tickets')).json()).tickets as Ticket[]).filter((x) => x.release && !x.release.released);
    expect(mine.map((x) => x.event.slug).sort()).toEqual([MATCH, OTHER_MATCH].sort());
    const credit = mine.reduce((sum, x) => sum + x.release!.creditAmount, 0);
    // The holder's seat (the season's map marks it theirs): the same seat at both matches.
    const seat = (await (await holder.request.get(`/api/v1/seasons/${SEASON}`)).json()).season.sections
      .flatMap((s: { rows: { seats: { id: string; state: string }[] }[] }) => s.rows.flatMap((r) => r.seats))
      .find((x: { state: string }) => x.state === 'mine').id as string;
    // The holder releases both matches; another fan buys both seats.
    await signUpFresh();
    for (const ticket of mine) {
      const released = await holder.request.post(`/api/v1/tickets/${ticket.id}/release`, { data: { sharePercent: 50 }, headers: await xsrfHeaders(holder) });
      expect(released.status(), await released.text()).toBe(201);
      const added = await page.request.post(`/api/v1/events/${ticket.event.slug}/cart/items`, { data: { seatIds: [seat] }, headers: await xsrfHeaders(page) });
      expect(added.status(), await added.text()).toBe(200);
      await checkoutAndPay(page, ticket.event.slug);
    }
    const wallet = (await (await holder.request.get('/api/v1/wallet')).json()) as { wallets: { balance: { amount: number } }[] };
    expect(wallet.wallets[0].balance.amount).toBe(credit);

    // A category C seat of the club's next match: 12 € and a 1 € fee, within the credit.
    const detail = await (await holder.request.get(`/api/v1/events/${NEXT_MATCH}?include=seats`)).json();
    type Category = { id: string; price: { amount: number } };
    const availability = (await (await holder.request.get(`/api/v1/events/${NEXT_MATCH}/availability`)).json()) as { ticketTypes: Category[]; takenSeatIds: string[] };
    const cheapest = availability.ticketTypes.reduce((a, b) => (b.price.amount < a.price.amount ? b : a));
    const taken = new Set<string>(availability.takenSeatIds);
    const free: string[] = detail.layout.sections.flatMap((s: { rows: { seats: { id: string; ticketTypeId: string | null }[] }[] }) =>
      s.rows.flatMap((r) => r.seats.filter((x) => x.ticketTypeId === cheapest.id && !taken.has(x.id)).map((x) => x.id)),
    );
    const cart = await holder.request.post(`/api/v1/events/${NEXT_MATCH}/cart/items`, { data: { seatIds: [free[Math.floor(Math.random() * free.length)]] }, headers: await xsrfHeaders(holder) });
    expect(cart.status(), await cart.text()).toBe(200);
    const cartBody = await cart.json();
    const gross = cartBody.subtotal.amount + cartBody.fees.amount;
    expect(gross).toBeLessThanOrEqual(credit);
    expect(cartBody.walletCredit.amount).toBe(gross);
    expect(cartBody.total.amount).toBe(0);

    // The checkout: nothing to pay, said in words; the button confirms instead of paying.
    await holder.goto(`/sk/podujatia/${NEXT_MATCH}/pokladna`);
    await expect(holder.getByTestId('checkout-nothing-to-pay')).toHaveText(sk.checkout.nothingToPay);
    await expect(holder.getByRole('button', { name: /^Zaplatiť/ })).toHaveCount(0);
    await fitsThePhone(holder);
    await noSeriousViolations(holder);
    await holder.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
    const confirm = holder.getByRole('button', { name: sk.checkout.free });
    await confirm.focus();
    await holder.keyboard.press('Enter');

    // Straight to the receipt: paid, the credit on its own line, 0 € in total; never the payment page.
    await expect(holder).toHaveURL(/\/sk\/objednavky\/[0-9a-f-]{36}$/);
    await expect(holder.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');
    await expect(holder.getByTestId('order-result')).toContainText(sk.orders.coveredTitle);
    await expect(holder.locator('[data-testid="receipt-line"][data-kind="wallet"]')).toHaveAttribute('data-amount', String(-gross));
    await expect(holder.getByTestId('receipt')).toContainText(sk.receipt.walletCredit);
    await fitsThePhone(holder);
    const orderId = holder.url().split('/').pop()!;
    const order = await (await holder.request.get(`/api/v1/orders/${orderId}`)).json();
    expect(order).toMatchObject({ status: 'paid', ticketCount: 1, total: { amount: 0, currency: 'EUR' } });
    const after = (await (await holder.request.get('/api/v1/wallet')).json()) as { wallets: { balance: { amount: number } }[] };
    expect(after.wallets[0].balance.amount).toBe(credit - gross);
    const tickets = (await (await holder.request.get('/api/v1/tickets')).json()).tickets as Ticket[];
    expect(tickets.filter((x) => x.event.slug === NEXT_MATCH)).toHaveLength(1);
    await context.close();
  });
});
