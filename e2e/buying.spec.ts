import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, freeSeats, messages, seeded, test, xsrfHeaders } from './fixtures';

const sk = messages.sk;
/** lib/server/db/seed/coupons.ts: a copy of a match whose carts hold for one minute (TRIBUNA_E2E=1). */
const SHORT_HOLD_EVENT = 'e2e-kratka-rezervacia';

/** What the event page's buy button does: POST …/cart/items with the selected seats. */
async function holdSeats(page: Page, eventId: string, seatIds: string[]) {
  const response = await page.request.post(`/api/v1/events/${eventId}/cart/items`, { data: { seatIds }, headers: await xsrfHeaders(page) });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

test.describe('buying tickets', () => {
  test('seats → cart with countdown → coupon → checkout → test gateway pays → order paid → tickets are the fan’s', async ({ page, signUpFresh }) => {
    await signUpFresh();
    const eventId = seeded.stadiumEvent;
    const seats = await freeSeats(page, eventId, 2);
    await holdSeats(page, eventId, seats);

    await page.goto(`/sk/podujatia/${eventId}/kosik`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.cart.title);
    await expect(page.getByTestId('cart-item')).toHaveCount(2);
    await expect(page.getByTestId('countdown')).toHaveText(/^(09:[0-5]\d|10:00)$/);
    const first = await page.getByTestId('countdown').textContent();
    await expect(page.getByTestId('countdown')).not.toHaveText(first!, { timeout: 3000 });
    await expect(page.getByText(/Na dokončenie objednávky a platbu máte \d\d:\d\d, inak sa všetok postup stratí\./)).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('2');

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    const code = page.getByRole('textbox', { name: sk.cart.couponLabel });
    await code.fill('NEEXISTUJE');
    await page.getByRole('button', { name: sk.cart.couponApply }).click();
    await expect(page.getByRole('alert').filter({ hasText: sk.errors.invalidDiscountCode })).toBeVisible();
    await code.fill('dunaj10');
    await page.getByRole('button', { name: sk.cart.couponApply }).click();
    await expect(page.getByTestId('cart-discount')).toBeVisible();
    const total = (await page.getByTestId('cart-total').textContent())!;
    expect(total).toMatch(/€/);

    await page.getByRole('link', { name: sk.cart.toCheckout }).click();
    await expect(page).toHaveURL(/\/sk\/podujatia\/[^/]+\/pokladna$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.checkout.title);
    const pay = page.getByRole('button', { name: /^Zaplatiť/ });
    await expect(pay).toContainText(total.trim());
    await pay.click();
    await expect(page.getByText(sk.checkout.termsRequired)).toBeVisible();
    await page.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
    await pay.click();

    await expect(page).toHaveURL(/\/sk\/platba\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.gateway.title);
    await expect(page.getByTestId('gateway-amount')).toHaveText(total.trim());
    await page.getByRole('button', { name: sk.gateway.pay, exact: true }).click();

    await expect(page).toHaveURL(/\/sk\/objednavky\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');
    await expect(page.getByText(sk.orders.paidTitle)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: sk.orders.goToTickets })).toBeVisible();

    const orderId = page.url().split('/').pop()!;
    const order = await (await page.request.get(`/api/v1/orders/${orderId}`)).json();
    expect(order).toMatchObject({ status: 'paid', ticketCount: 2, couponCode: 'DUNAJ10' });
    const mine = await page.request.get('/api/v1/tickets');
    expect(mine.status()).toBe(200);
    const body = await mine.json();
    const tickets = Array.isArray(body) ? body : body.tickets;
    expect(tickets).toHaveLength(2);

    // the seats are sold: nobody else can hold them
    const cart = await (await page.request.get(`/api/v1/events/${eventId}/cart`)).json();
    expect(cart.count).toBe(0);
    const availability = await (await page.request.get(`/api/v1/events/${eventId}/availability`)).json();
    expect(availability.takenSeatIds).toEqual(expect.arrayContaining(seats));
  });

  test('an older, cheaper payment paid from a tab left open issues nothing and is shown being refunded; the current payment issues the tickets', async ({ page, signUpFresh }) => {
    await signUpFresh();
    const eventId = seeded.stadiumEvent;
    const [first, ...more] = await freeSeats(page, eventId, 3);
    await holdSeats(page, eventId, [first]);
    const startPayment = async () => {
      const response = await page.request.post(`/api/v1/events/${eventId}/checkout`, { data: { acceptTerms: true }, headers: await xsrfHeaders(page) });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { orderId: string; paymentUrl: string };
    };
    const cheap = await startPayment();
    // the gateway of the one-ticket payment stays open in another tab
    const oldTab = await page.context().newPage();
    await oldTab.goto(cheap.paymentUrl);
    const cheapAmount = (await oldTab.getByTestId('gateway-amount').textContent())!.trim();
    // the fan adds two tickets and checks out again: the same order, a new payment
    await holdSeats(page, eventId, more);
    const full = await startPayment();
    expect(full.orderId).toBe(cheap.orderId);
    await page.goto(cheap.paymentUrl);
    await expect(page.getByTestId('gateway-closed')).toHaveText(sk.gateway.replaced);

    // the old tab pays the old payment anyway: nothing is issued and the money goes back
    await oldTab.getByRole('button', { name: sk.gateway.pay, exact: true }).click();
    await expect(oldTab).toHaveURL(/\/sk\/objednavky\/[0-9a-f-]{36}$/);
    await expect(oldTab.getByTestId('order-result')).toHaveAttribute('data-result', 'pending');
    await expect(oldTab.getByTestId('order-refunds')).toContainText(cheapAmount);
    expect(await (await page.request.get(`/api/v1/orders/${full.orderId}`)).json()).toMatchObject({ status: 'pending', ticketCount: 0, refunds: [{}] });

    // the current payment completes the order with its three tickets
    await page.goto(full.paymentUrl);
    await page.getByRole('button', { name: sk.gateway.pay, exact: true }).click();
    await expect(page).toHaveURL(/\/sk\/objednavky\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');
    expect(await (await page.request.get(`/api/v1/orders/${full.orderId}`)).json()).toMatchObject({ status: 'paid', ticketCount: 3 });
  });

  test('a declined payment returns to the cart with the tickets still held', async ({ page, signUpFresh }) => {
    await signUpFresh();
    const eventId = seeded.stadiumEvent;
    await holdSeats(page, eventId, await freeSeats(page, eventId, 1));
    await page.goto(`/sk/podujatia/${eventId}/pokladna`);
    await page.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
    await page.getByRole('button', { name: /^Zaplatiť/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.gateway.title);
    await page.getByRole('button', { name: sk.gateway.decline }).click();

    await expect(page).toHaveURL(/\/sk\/podujatia\/[^/]+\/kosik\?payment=declined$/);
    await expect(page.getByText(sk.cart.paymentDeclined)).toBeVisible();
    await expect(page.getByTestId('cart-item')).toHaveCount(1);
    await expect(page.getByTestId('countdown')).toHaveText(/^\d\d:\d\d$/);
    const cart = await (await page.request.get(`/api/v1/events/${eventId}/cart`)).json();
    expect(cart).toMatchObject({ count: 1, status: 'active' });
    expect(cart.timeLeft).toBeGreaterThan(0);
  });

  test('when the reservation runs out the fan is told, the cart empties and the seat is for sale again', async ({ page, signUpFresh, browser }) => {
    test.setTimeout(150_000);
    await signUpFresh();
    const [seat] = await freeSeats(page, SHORT_HOLD_EVENT, 1);
    await holdSeats(page, SHORT_HOLD_EVENT, [seat]);
    await page.goto(`/en/events/${SHORT_HOLD_EVENT}/cart`);
    await expect(page.getByTestId('countdown')).toHaveText(/^00:[0-5]\d|01:00$/);
    const alert = page.getByRole('alert').filter({ hasText: messages.en.cart.expiredTitle });
    await expect(alert).toBeVisible({ timeout: 80_000 });
    await expect(alert).toContainText(messages.en.cart.expiredText);
    await expect(page.getByTestId('cart-item')).toHaveCount(0);
    await expect(page.getByText(messages.en.cart.empty)).toBeVisible();

    const availability = await (await page.request.get(`/api/v1/events/${SHORT_HOLD_EVENT}/availability`)).json();
    expect(availability.takenSeatIds).not.toContain(seat);
    // another fan can hold it now
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherPage = await other.newPage();
    const email = `expiry.${Date.now()}@example.com`;
    const signUp = await otherPage.request.post('/api/v1/auth/signup', {
      data: { firstName: 'Druhý', lastName: 'Fanúšik', sex: 'other', dateOfBirth: '1990-01-01', email, password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
    });
    expect(signUp.status()).toBe(200);
    await holdSeats(otherPage, SHORT_HOLD_EVENT, [seat]);
    await other.close();

    // a reload still explains why the cart is empty
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: messages.en.cart.expiredTitle })).toBeVisible();
  });

  test('the app return URL sends browsers to the order page and the app to its deep link', async ({ page, signUpFresh }) => {
    await signUpFresh();
    const eventId = seeded.stadiumEvent;
    await holdSeats(page, eventId, await freeSeats(page, eventId, 1));
    const checkout = await page.request.post(`/api/v1/events/${eventId}/checkout`, { data: { acceptTerms: true, returnTo: 'app' }, headers: await xsrfHeaders(page) });
    expect(checkout.status()).toBe(200);
    const { orderId, paymentUrl } = await checkout.json();
    expect(paymentUrl).toMatch(/\/sk\/platba\/[0-9a-f-]{36}\?app=1$/);
    const web = await page.request.get(`/cs/ios-payment-redirect?orderId=${orderId}&web=1`, { maxRedirects: 0 });
    expect(web.status()).toBe(303);
    expect(web.headers().location).toMatch(new RegExp(`/cs/objednavky/${orderId}$`));
    const app = await page.request.get(`/en/ios-payment-redirect?orderId=${orderId}`, {
      maxRedirects: 0,
      headers: { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Tribuna/1.0' },
    });
    expect(app.status()).toBe(303);
    expect(app.headers().location).toBe(`tribuna://payment-result?orderId=${orderId}&status=pending&locale=en`);
  });
});
