// Receipts, My orders and resale buying on a phone (390 × 844): what a fan sees after paying, and on
// the fan market.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { buyTicket, expect, freeSeats, messages, redeemVoucher, seeded, test, uniqueEmail, xsrfHeaders } from './fixtures';

const sk = messages.sk;
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

async function seriousViolations(page: Page, selector = 'main') {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** From the cart page: checkout, accept the terms, pay at the test gateway; ends on the order page. */
async function payCart(page: Page) {
  await page.getByRole('link', { name: sk.cart.toCheckout }).click();
  await page.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
  await page.getByRole('button', { name: /^Zaplatiť/ }).click();
  await page.getByRole('button', { name: sk.gateway.pay, exact: true }).click();
  await expect(page).toHaveURL(/\/sk\/objednavky\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');
}

/** The receipt's line amounts (minor units) and its total. */
async function receiptNumbers(page: Page) {
  const lines = await page.getByTestId('receipt-line').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-amount'))));
  const total = Number(await page.getByTestId('receipt-total').getAttribute('data-amount'));
  return { lines, total };
}

async function newFan(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'sk-SK', viewport: PHONE });
  const page = await context.newPage();
  const email = uniqueEmail('market');
  const response = await page.request.post('/api/v1/auth/signup', {
    data: { firstName: 'Eva', lastName: 'Kupcová', sex: 'female', dateOfBirth: '1994-04-04', email, password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { context, page };
}

test.describe('receipts and My orders', () => {
  test('bought with a coupon: the receipt lists tickets with seats, the discount and the fee, adding up; My orders lists it and opens it; printing shows no navigation', async ({ page, signUpFresh }) => {
    test.setTimeout(120_000);
    await signUpFresh();
    const eventId = seeded.stadiumEvent;
    const held = await page.request.post(`/api/v1/events/${eventId}/cart/items`, { data: { seatIds: await freeSeats(page, eventId, 2) }, headers: await xsrfHeaders(page) });
    expect(held.status(), await held.text()).toBe(200);
    await page.goto(`/sk/podujatia/${eventId}/kosik`);
    await page.getByRole('textbox', { name: sk.cart.couponLabel }).fill('DUNAJ10');
    await page.getByRole('button', { name: sk.cart.couponApply }).click();
    await expect(page.getByTestId('cart-discount')).toBeVisible();
    const cartTotal = (await page.getByTestId('cart-total').textContent())!.trim();
    await payCart(page);
    const orderUrl = page.url();

    // every line, and they add up to the total the fan paid
    const receipt = page.getByTestId('receipt');
    await expect(receipt.locator('[data-kind="ticket"]')).toHaveCount(2);
    await expect(receipt.locator('[data-kind="ticket"]').first()).toContainText(/, rad .+, miesto .+/);
    await expect(receipt.locator('[data-kind="discount"]')).toContainText(sk.receipt.discountCode.replace('{code}', 'DUNAJ10'));
    await expect(receipt.locator('[data-kind="fee"]')).toContainText('Servisný poplatok (2 vstupenky)');
    const { lines, total } = await receiptNumbers(page);
    expect(lines.reduce((a, b) => a + b, 0)).toBe(total);
    await expect(page.getByTestId('receipt-total')).toHaveText(cartTotal);
    await expect(page.getByTestId('receipt-organiser')).toHaveText('FK Dunaj Bratislava');
    const number = (await page.getByTestId('receipt-number').textContent())!;
    expect(orderUrl.split('/').pop()!.slice(0, 8).toUpperCase()).toBe(number);
    expect(await seriousViolations(page)).toEqual([]);

    // printed (or saved as PDF): the receipt, black on white, without header, tabs or buttons
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('receipt')).toBeVisible();
    await expect(page.getByTestId('receipt-total')).toBeVisible();
    for (const chrome of await page.locator('header, nav, footer, button').all()) await expect(chrome).toBeHidden();
    expect(await page.getByTestId('receipt-total').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
    expect(await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByTestId('print-receipt')).toBeVisible();

    // My orders, from Your tickets: the purchase, newest first, opens its receipt
    await page.goto('/sk/vstupenky');
    await page.getByTestId('my-orders-link').click();
    await expect(page).toHaveURL(/\/sk\/objednavky$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.myOrders.title);
    const row = page.getByTestId('order-row').first();
    await expect(row).toContainText('FK Dunaj Bratislava – FC Košice');
    await expect(row.getByTestId('order-status')).toHaveText(sk.receipt.statuses.paid);
    await expect(row).toContainText(cartTotal);
    await expect(row).toContainText(number);
    expect(await seriousViolations(page)).toEqual([]);
    await row.click();
    await expect(page).toHaveURL(orderUrl);
    await expect(page.getByTestId('receipt')).toBeVisible();

    // and from the profile; the English route is /en/orders
    await page.goto('/sk/profil');
    await page.getByTestId('my-orders-link').click();
    await expect(page).toHaveURL(/\/sk\/objednavky$/);
    await page.goto('/en/orders');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.en.myOrders.title);
    await expect(page.getByTestId('order-status').first()).toHaveText(messages.en.receipt.statuses.paid);
  });

  test('My orders needs a sign-in and a fan without orders is told so', async ({ page, signUpFresh }) => {
    await page.goto('/sk/objednavky');
    await expect(page).toHaveURL(/\/sk\/prihlasenie/);
    await signUpFresh();
    await page.goto('/cs/objednavky');
    await expect(page.getByTestId('orders-empty')).toContainText(messages.cs.myOrders.empty);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('resale on the fan market', () => {
  test('the seller sees their own offers as theirs (no Buy), a listing sold a moment ago says so in words, the buyer’s ticket shows the price paid', async ({ page, browser, baseURL, signUpFresh }) => {
    test.setTimeout(180_000);
    const eventId = seeded.stadiumEvent;
    await signUpFresh();
    // Bought tickets: a redeem code's is free, and free tickets stay off the fan market by default (issue 28).
    await buyTicket(page, eventId, 'A');
    await buyTicket(page, eventId, 'A');
    await page.goto('/sk/vstupenky');

    // the sell dialog: over the cap, no payout but the cap and the error; within it, the payout
    await page.getByRole('button', { name: sk.tickets.sell }).first().click();
    const dialog = page.getByRole('dialog', { name: sk.resale.title });
    const price = dialog.getByLabel(sk.resale.price.replace('{currency}', 'EUR'));
    await price.fill('40');
    await expect(dialog.getByRole('alert')).toHaveText(sk.resale.errors.overCap.replace('{cap}', '25,00 €'));
    await expect(dialog.getByTestId('resale-payout')).toHaveCount(0);
    await price.fill('20');
    await expect(dialog.getByTestId('resale-payout')).toHaveText(sk.resale.payout.replace('{amount}', '19,00 €'));
    await dialog.getByRole('button', { name: sk.resale.submit }).click();
    await expect(dialog).toBeHidden();
    const mine = await (await page.request.get('/api/v1/tickets')).json();
    type Owned = { id: string; listing: { id: string } | null };
    const first = (mine.tickets as Owned[]).find((t) => t.listing)!;
    const second = (mine.tickets as Owned[]).find((t) => !t.listing)!;
    const listed = await page.request.post(`/api/v1/tickets/${second.id}/listing`, { data: { price: 2150 }, headers: await xsrfHeaders(page) });
    expect(listed.status(), await listed.text()).toBe(201);
    const firstListing = first.listing!.id;
    const secondListing = (await listed.json()).listing.id as string;

    // the seller on the event page: both offers are theirs, to withdraw, never to buy
    await page.goto(`/sk/podujatia/${eventId}`);
    for (const id of [firstListing, secondListing]) {
      const offer = page.locator(`[data-testid="resale-offer"][data-listing-id="${id}"]`);
      await expect(offer.getByTestId('resale-own')).toContainText(sk.resaleBuying.yours);
      await expect(offer.getByRole('button', { name: /^Stiahnuť ponuku: / })).toBeVisible();
      await expect(offer.getByRole('button', { name: /Kúpiť/ })).toHaveCount(0);
    }
    expect(await seriousViolations(page, '[data-testid="resale-offers"]')).toEqual([]);

    // a buyer sees Buy; someone else buys the second offer first
    const buyer = await newFan(browser, baseURL!);
    await buyer.page.goto(`/sk/podujatia/${eventId}`);
    const secondOffer = buyer.page.locator(`[data-testid="resale-offer"][data-listing-id="${secondListing}"]`);
    await expect(secondOffer.getByRole('button', { name: /Kúpiť/ })).toBeVisible();
    // the page's poll must not drop the offer before the fan presses Buy (the poll would, some seconds later)
    await buyer.page.route('**/availability', (route) => route.abort());
    const other = await newFan(browser, baseURL!);
    const taken = await other.page.request.post(`/api/v1/events/${eventId}/cart/items`, { data: { listingId: secondListing }, headers: await xsrfHeaders(other.page) });
    expect(taken.status(), await taken.text()).toBe(200);
    await secondOffer.getByRole('button', { name: /Kúpiť/ }).click();
    await expect(secondOffer.getByTestId('resale-just-sold')).toHaveText(sk.resaleBuying.justSold);
    await expect(buyer.page.getByText(sk.resale.errors.justSold).first()).toBeVisible();
    expect(await buyer.page.locator('body').innerText()).not.toContain(secondListing);
    await buyer.page.unroute('**/availability');

    // the buyer takes the first offer: the receipt and the ticket show the resale price, not the face value
    await buyer.page.reload();
    await buyer.page.locator(`[data-testid="resale-offer"][data-listing-id="${firstListing}"]`).getByRole('button', { name: /Kúpiť/ }).click();
    await expect(buyer.page).toHaveURL(/\/kosik$/);
    await payCart(buyer.page);
    await expect(buyer.page.getByTestId('receipt').locator('[data-kind="ticket"]')).toContainText('20,00 €');
    const { lines, total } = await receiptNumbers(buyer.page);
    expect(lines.reduce((a, b) => a + b, 0)).toBe(total);
    await buyer.page.goto('/sk/vstupenky');
    const card = buyer.page.getByTestId('ticket-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('20,00 €');
    await expect(card).not.toContainText('25,00 €');
    const api = await (await buyer.page.request.get('/api/v1/tickets')).json();
    expect(api.tickets[0]).toMatchObject({ id: first.id, paidAmount: 2000, priceAmount: 2500 });
    await Promise.all([buyer.context.close(), other.context.close()]);
  });

  test('a ticket whose organiser forbids resale says why instead of hiding Sell', async ({ page, signUpFresh }) => {
    await signUpFresh();
    await redeemVoucher(page, 'VOUCHER-KOVOVE-3');
    await page.getByRole('button', { name: sk.tickets.sell }).first().click();
    const dialog = page.getByRole('dialog', { name: sk.resale.title });
    await expect(dialog.getByTestId('resale-unavailable')).toHaveText(sk.resale.unavailable);
    await expect(dialog.getByRole('button', { name: sk.resale.submit })).toHaveCount(0);
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
    // the dialog's own Close (beside the ✕ in its corner)
    await dialog.getByRole('button', { name: sk.resale.close }).last().click();
    await expect(dialog).toBeHidden();
  });
});
