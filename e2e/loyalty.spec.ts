// Loyalty points (issue 18 item 6): the organiser turns the programme on in the console settings, a fan
// is checked in at the gate, and their profile shows the points and the line in the history.
import AxeBuilder from '@axe-core/playwright';
import { demo, DEMO_PASSWORD, expect, freeSeats, messages, redeemVoucher, signedInContext, test, xsrfHeaders } from './fixtures';

const sk = messages.sk;

test('a check-in at the gate earns the fan the organiser’s loyalty points, shown on the profile', async ({ page, browser, baseURL, signUpFresh }) => {
  test.setTimeout(120_000);
  // The organiser (FK Dunaj Bratislava's manager) turns the programme on.
  const organiser = await signedInContext(browser, baseURL!, demo.dunajManager);
  await organiser.page.goto('/sk/organizator/nastavenia');
  const form = organiser.page.getByTestId('loyalty-form');
  await expect(organiser.page.getByRole('heading', { level: 2, name: sk.loyalty.organiser.title })).toBeVisible();
  await form.getByRole('checkbox', { name: sk.loyalty.organiser.enabled }).check();
  await form.getByLabel(sk.loyalty.organiser.attendancePoints).fill('25');
  await form.getByRole('button', { name: sk.loyalty.organiser.save }).click();
  await expect(organiser.page.getByText(sk.loyalty.organiser.saved)).toBeVisible();
  const axe = await new AxeBuilder({ page: organiser.page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await organiser.context.close();

  // A fan with a ticket of the match of the day (gates open) is checked in.
  await signUpFresh();
  await page.goto('/sk/profil');
  await expect(page.getByTestId('loyalty-ledger')).toContainText(sk.loyalty.empty);
  await redeemVoucher(page, 'VOUCHER-DNES-14');
  await page.getByRole('button', { name: sk.tickets.showCode }).first().click();
  const payload = (await page.getByTestId('ticket-qr').first().getAttribute('data-payload'))!;
  const gate = await signedInContext(browser, baseURL!, 'skener@tribuna.sk');
  await gate.page.goto('/sk/skener');
  const option = gate.page.locator('option[data-slug="dunaj-bratislava-zemplin-michalovce"]');
  await gate.page.getByLabel(sk.scanner.chooseEvent).selectOption((await option.getAttribute('value'))!);
  await gate.page.getByLabel(sk.scanner.manual, { exact: true }).fill(payload);
  await gate.page.getByRole('button', { name: sk.scanner.check }).click();
  await expect(gate.page.getByTestId('scan-result')).toHaveAttribute('data-result', 'admitted');
  await gate.context.close();

  await page.goto('/sk/profil');
  const ledger = page.getByTestId('loyalty-ledger');
  await expect(ledger).toContainText('FK Dunaj Bratislava');
  // 25 points (another journey may add one to the rate meanwhile: e2e/bad-input.spec.ts)
  await expect(ledger).toContainText(/2[56] bodov/);
  await expect(ledger).toContainText(sk.loyalty.kinds.attendance);
});

const PHONE = { width: 390, height: 844 };
/** The e2e fan with 5 000 of FK Dunaj's points (lib/server/db/seed/loyalty.ts), whom only this spec and bad-input use. */
const POINTS_FAN = 'body@e2e.tribuna.sk';

test('on a phone, a fan pays part of the cart with points: a line in the cart and on the receipt, deducted on the profile', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL, locale: 'sk-SK', viewport: PHONE });
  const page = await context.newPage();
  expect((await page.request.post('/api/v1/auth/signin', { data: { email: POINTS_FAN, password: DEMO_PASSWORD } })).status()).toBe(200);
  const event = 'dunaj-bratislava-msk-zilina';
  const held = await page.request.post(`/api/v1/events/${event}/cart/items`, { data: { seatIds: await freeSeats(page, event, 1) }, headers: await xsrfHeaders(page) });
  expect(held.status(), await held.text()).toBe(200);
  await page.goto(`/sk/podujatia/${event}/kosik`);
  const form = page.getByTestId('cart-loyalty');
  await expect(form.getByRole('heading', { name: sk.cart.loyalty.title })).toBeVisible();
  // Keyboard only: into the field, type the points, Enter.
  const field = form.getByLabel(sk.cart.loyalty.label);
  await field.focus();
  await field.press('ControlOrMeta+a');
  await page.keyboard.type('300');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-loyalty-amount')).toHaveText('−3,00 €');
  await expect(page.getByTestId('cart-totals')).toContainText(sk.cart.loyalty.line.replace('{points}', '300'));
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(PHONE.width);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.getByRole('link', { name: sk.cart.toCheckout }).click();
  await page.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
  await page.getByRole('button', { name: /^Zaplatiť/ }).click();
  await page.getByRole('button', { name: sk.gateway.pay, exact: true }).click();
  await expect(page).toHaveURL(/\/sk\/objednavky\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');
  await expect(page.locator('[data-testid="receipt-line"][data-kind="loyalty"]')).toHaveAttribute('data-amount', '-300');
  await expect(page.getByTestId('receipt')).toContainText(sk.receipt.loyalty.replace('{points}', '300'));

  await page.goto('/sk/profil');
  const ledger = page.getByTestId('loyalty-ledger');
  await expect(ledger).toContainText(sk.loyalty.kinds.redemption);
  await expect(ledger).toContainText('-300');
  const loyalty = await (await page.request.get('/api/v1/loyalty')).json();
  expect(loyalty.entries.find((e: { kind: string }) => e.kind === 'redemption')).toMatchObject({ points: -300, event: { slug: event } });
  await context.close();
});

test('priority access: the event page says it in words, a fan with the points holds tickets, a newcomer gets a translated 403', async ({ page, browser, baseURL, signUpFresh }) => {
  test.setTimeout(90_000);
  const event = 'dunaj-bratislava-slovan-bratislava';
  const loyal = await signedInContext(browser, baseURL!, POINTS_FAN);
  await loyal.page.goto(`/sk/podujatia/${event}`);
  await expect(loyal.page.getByTestId('priority-access')).toContainText(/Fanúšikovia s aspoň 10 vernostnými bodmi organizátora FK Dunaj Bratislava môžu kupovať od/);
  const held = await loyal.page.request.post(`/api/v1/events/${event}/cart/items`, { data: { seatIds: await freeSeats(loyal.page, event, 1) }, headers: await xsrfHeaders(loyal.page) });
  expect(held.status(), await held.text()).toBe(200);
  await loyal.context.close();

  await signUpFresh();
  const refused = await page.request.post(`/api/v1/events/${event}/cart/items`, {
    data: { seatIds: await freeSeats(page, event, 1) },
    headers: { ...(await xsrfHeaders(page)), 'accept-language': 'sk' },
  });
  expect(refused.status()).toBe(403);
  const body = await refused.json();
  expect(body.code).toBe('PRIORITY_ONLY');
  expect(body.message).toMatch(/^Zatiaľ môžu vstupenky kupovať len fanúšikovia s aspoň 10 vernostnými bodmi tohto organizátora\. Pre vás sa predaj začína .+\d{2}:\d{2}\.$/);
});
