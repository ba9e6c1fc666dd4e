// Concessions (issue 18 item 5): a fan buys a wheelchair place with a ZŤP-S card, its companion seat
// beside it comes free, the ticket says to bring the card and the gate scanner shows "check the card".
// A general buyer cannot hold a wheelchair place (a translated 409); a student concession in the cart
// changes the total; the console sets the prices. On the e2e-only accessible match
// (lib/server/db/seed/concessions.ts), gates open like the match of the day.
import { demo, expect, freeSeats, messages, seeded, signedInContext, test, toTickets, xsrfHeaders } from './fixtures';
import { noSeriousViolations } from './axe';

const sk = messages.sk;
const MATCH = 'e2e-bezbarierovy-zapas';

type Cart = { items: { id: string; price: { amount: number }; fee: { amount: number } }[]; total: { amount: number } };

test('a fan buys a wheelchair place with a ZŤP-S card and its free companion seat; the gate asks for the card', async ({ page, browser, baseURL, signUpFresh }) => {
  test.setTimeout(120_000);
  await signUpFresh();
  await page.goto(`/sk/podujatia/${MATCH}`);
  await toTickets(page, 'sk');
  const places = page.getByTestId('wheelchair-places');
  await expect(places.getByRole('heading', { name: sk.concessions.seats.heading })).toBeVisible();
  await expect(places.getByTestId('wheelchair-place').first()).toBeVisible();
  await noSeriousViolations(page, { include: 'main' });
  // Keyboard: the first free place's card (ZŤP-S is the default) and its button.
  const add = places.getByRole('button', { name: /^Pridať do košíka: miesto pre vozičkára/ }).first();
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sk\/podujatia\/e2e-bezbarierovy-zapas\/kosik$/);

  const lines = page.getByTestId('cart-item');
  await expect(lines).toHaveCount(2);
  await expect(page.getByTestId('companion-line')).toHaveText(sk.concessions.cart.companionLine);
  const concession = page.getByTestId('line-concession');
  await expect(concession).toContainText(sk.concessions.cart.wheelchairLine);
  await expect(concession.getByRole('combobox')).toHaveValue('ztp_s');
  const cart = (await (await page.request.get(`/api/v1/events/${MATCH}/cart`)).json()) as Cart;
  const prices = cart.items.map((item) => item.price.amount).sort((a, b) => a - b);
  expect(prices[0]).toBe(0);
  expect(cart.total.amount).toBe(prices[1] + cart.items.reduce((sum, item) => sum + item.fee.amount, 0));
  await noSeriousViolations(page, { include: 'main' });

  await page.goto(`/sk/podujatia/${MATCH}/pokladna`);
  await page.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
  await page.getByRole('button', { name: /^Zaplatiť/ }).click();
  await expect(page).toHaveURL(/\/sk\/platba\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: sk.gateway.pay, exact: true }).click();
  await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');

  // Your tickets: the ZŤP-S ticket says to bring the card; the companion's goes with it.
  await page.goto('/sk/vstupenky');
  const badges = page.getByTestId('ticket-concession');
  await expect(badges).toHaveCount(2);
  const holderCard = page.getByTestId('ticket-card').filter({ hasText: sk.concessions.ticket.badge.replace('{kind}', sk.concessions.kinds.ztp_s) });
  await expect(holderCard).toHaveCount(1);
  await holderCard.getByRole('button', { name: sk.tickets.showCode }).click();
  const payload = (await holderCard.getByTestId('ticket-qr').getAttribute('data-payload'))!;

  // The gate: admitted, "check the card: ZŤP-S".
  const gate = await signedInContext(browser, baseURL!, demo.scanner);
  await gate.page.goto('/sk/skener');
  const option = gate.page.locator(`option[data-slug="${MATCH}"]`);
  await gate.page.getByLabel(sk.scanner.chooseEvent).selectOption((await option.getAttribute('value'))!);
  await gate.page.getByLabel(sk.scanner.manual, { exact: true }).fill(payload);
  await gate.page.getByRole('button', { name: sk.scanner.check }).click();
  await expect(gate.page.getByTestId('scan-result')).toHaveAttribute('data-result', 'admitted');
  await expect(gate.page.getByTestId('scan-card')).toContainText(sk.concessions.gate.checkCard.replace('{card}', sk.concessions.gate.cards.ztp_s));
  await noSeriousViolations(gate.page, { include: 'main' });
  await gate.context.close();
});

test('a general buyer cannot hold a wheelchair place; a student concession changes the cart’s total', async ({ page, signUpFresh }) => {
  await signUpFresh();
  const { seats } = (await (await page.request.get(`/api/v1/events/${MATCH}/accessible-seats`)).json()) as { seats: { seatId: string; kind: string }[] };
  const refused = await page.request.post(`/api/v1/events/${MATCH}/cart/items`, { data: { seatIds: [seats.find((s) => s.kind === 'wheelchair')!.seatId] }, headers: await xsrfHeaders(page) });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(sk.concessions.errors.accessibleSeat);

  const [seat] = await freeSeats(page, seeded.stadiumEvent, 1);
  expect((await page.request.post(`/api/v1/events/${seeded.stadiumEvent}/cart/items`, { data: { seatIds: [seat] }, headers: await xsrfHeaders(page) })).status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/sk/podujatia/${seeded.stadiumEvent}/kosik`);
  const before = await page.getByTestId('cart-total').textContent();
  await page.getByRole('combobox', { name: /^Zľava pre/ }).selectOption('student');
  await expect(page.getByText(sk.concessions.cart.cardNote)).toBeVisible();
  await expect(page.getByTestId('cart-total')).not.toHaveText(before!);
  const cart = (await (await page.request.get(`/api/v1/events/${seeded.stadiumEvent}/cart`)).json()) as Cart;
  expect(cart.total.amount).toBe(cart.items[0].price.amount + cart.items[0].fee.amount);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await noSeriousViolations(page, { include: 'main' });
});

test('the organiser sets concession prices per price category', async ({ page, signIn }) => {
  await signIn(demo.vltavaOwner);
  const { events } = (await (await page.request.get('/api/v1/scan/events')).json()) as { events: { id: string; slug: string }[] };
  const id = events.find((event) => event.slug === MATCH)!.id;
  await page.goto(`/sk/organizator/podujatia/${id}/ceny`);
  const section = page.getByTestId('concession-prices');
  await expect(section.getByRole('heading', { name: sk.concessions.console.heading, exact: true })).toBeVisible();
  const form = section.getByTestId('concession-form').first();
  await expect(form.getByRole('checkbox', { name: sk.concessions.console.offer.replace('{kind}', sk.concessions.kinds.ztp_s) })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: sk.concessions.console.companionOf.replace('{kind}', sk.concessions.kinds.ztp_s) })).toBeChecked();
  await noSeriousViolations(page, { include: 'main' });
  // Saving them as they are changes nothing for the other journeys on this match.
  await form.getByRole('button', { name: sk.concessions.console.save }).click();
  await expect(page.getByText(sk.concessions.console.saved)).toBeVisible();
});
