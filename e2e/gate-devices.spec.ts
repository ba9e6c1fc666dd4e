// Match day at the gate (issue 31 items 1 and 2), on a phone, in Slovak and in Czech: the seeded gate scanner
// sets its device up once as "Brána B" (kept on the device), scans a child's concession ticket — amber, full
// screen, "check the card", no fan tab bar — and an adult ticket (green); the club's live view then shows 2
// entered at Brána B with no destructive action on it, and the report's per-gate rows sum to the attendance.
// axe on the device setup and the live view, phone and desktop. Each language on its own match with open
// gates, so their counts at "Brána B" stay their own: the match of the day (FK Dunaj Bratislava) and the
// e2e-only accessible hockey match (HC Vltava Praha).
import type { Page } from '@playwright/test';
import { noSeriousViolations } from './axe';
import { demo, expect, freeSeats, messages, payOnGateway, signedInContext, test, xsrfHeaders } from './fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const GATE_NAME = 'Brána B';

const CASES = [
  { locale: 'sk', oneEvent: '1 podujatie', slug: 'dunaj-bratislava-zemplin-michalovce', owner: demo.dunajOwner, live: 'organizator/podujatia/{id}/nazivo', report: 'organizator/podujatia/{id}/prehlad' },
  { locale: 'cs', oneEvent: '1 akce', slug: 'e2e-bezbarierovy-zapas', owner: demo.vltavaOwner, live: 'poradatel/udalosti/{id}/zive', report: 'poradatel/udalosti/{id}/prehled' },
] as const;

type Cart = { items: { id: string }[] };

/** The fan buys two seats of `slug`, one of them at the child's price, and pays on the test gateway. */
async function buyAdultAndChild(page: Page, slug: string) {
  await expect(async () => {
    // Any two free seats (a wheelchair place among them is refused to a general buyer: try others).
    const seats = await freeSeats(page, slug, 2);
    const held = await page.request.post(`/api/v1/events/${slug}/cart/items`, { data: { seatIds: seats }, headers: await xsrfHeaders(page) });
    expect(held.status(), await held.text()).toBe(200);
  }).toPass({ timeout: 30_000 });
  const cart = (await (await page.request.get(`/api/v1/events/${slug}/cart`)).json()) as Cart;
  expect(cart.items).toHaveLength(2);
  const child = await page.request.put(`/api/v1/events/${slug}/cart/concessions`, { data: { itemId: cart.items[0].id, concession: 'child' }, headers: await xsrfHeaders(page) });
  expect(child.status(), await child.text()).toBe(200);
  const checkout = await page.request.post(`/api/v1/events/${slug}/checkout`, { data: { acceptTerms: true }, headers: await xsrfHeaders(page) });
  expect(checkout.status(), await checkout.text()).toBeLessThan(300);
  await page.goto((await checkout.json()).paymentUrl);
  await payOnGateway(page, new RegExp(`^(${[messages.sk.gateway.pay, messages.cs.gateway.pay].join('|')})$`));
}

/** The code a ticket card shows (its dialog closed again). */
async function codeOf(page: Page, card: ReturnType<Page['getByTestId']>, showCode: string) {
  await card.getByRole('button', { name: showCode }).click();
  const payload = (await card.getByTestId('ticket-qr').getAttribute('data-payload'))!;
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ticket-code-dialog')).toHaveCount(0);
  return payload;
}

for (const c of CASES) {
  test(`${c.locale}: a gate device set up as Brána B checks a child's card in amber, admits an adult in green; the live view and the report count them at Brána B`, async ({ page, browser, baseURL, signUpFresh }) => {
    test.setTimeout(180_000);
    const m = messages[c.locale];
    // A retry counts its own 2 at a gate of its own: the failed attempt's scans stay at Brána B.
    const GATE = test.info().retry ? `${GATE_NAME} ${test.info().retry + 1}` : GATE_NAME;

    // The fan: an adult and a child ticket.
    await signUpFresh();
    await buyAdultAndChild(page, c.slug);
    await page.goto(`/${c.locale}/vstupenky`);
    const cards = page.getByTestId('ticket-card');
    await expect(cards).toHaveCount(2);
    const childCard = cards.filter({ has: page.getByTestId('ticket-concession') });
    await expect(childCard).toHaveCount(1);
    // Each code is read from the fan's phone just before the gate scans it (they rotate).
    const adultCard = cards.filter({ hasNot: page.getByTestId('ticket-concession') });

    // The gate: set the device up once, on a phone.
    const gate = await signedInContext(browser, baseURL!, demo.scanner);
    await gate.page.setViewportSize(PHONE);
    await gate.page.goto(`/${c.locale}/skener`);
    const form = gate.page.getByTestId('gate-device-form');
    await expect(form.getByRole('heading', { name: m.scanner.device.setupTitle })).toBeVisible();
    // A gate screen: no fan tab bar, no header links.
    const fanNavigation = gate.page.locator('[data-fan-nav]');
    expect(await fanNavigation.count()).toBeGreaterThanOrEqual(3);
    for (const element of await fanNavigation.all()) await expect(element).toBeHidden();
    await noSeriousViolations(gate.page);
    // Saving without a name says what is missing.
    await form.getByRole('button', { name: m.scanner.device.save }).click();
    await expect(form.getByRole('alert')).toHaveText(m.scanner.device.gateNameRequired);
    await form.getByLabel(m.scanner.device.gateName).fill(GATE);
    for (const box of await form.getByRole('checkbox').all()) await box.uncheck();
    await form.locator(`input[data-slug="${c.slug}"]`).check();
    await form.getByRole('button', { name: m.scanner.device.save }).click();
    await expect(gate.page.getByTestId('gate-device-name')).toHaveText(GATE);
    // Kept on the device: after a reload it is still Brána B, at this match.
    await gate.page.reload();
    await expect(gate.page.getByTestId('gate-device-name')).toHaveText(GATE);
    await expect(gate.page.getByTestId('gate-device')).toContainText(c.oneEvent);
    await expect(gate.page.getByLabel(m.scanner.chooseEvent).locator('option')).toHaveCount(1);
    await expect(gate.page.getByLabel(m.scanner.chooseEvent).locator(`option[data-slug="${c.slug}"]`)).toHaveCount(1);

    // The child's ticket: amber, the whole screen, "check the card: child".
    const scanned = gate.page.waitForResponse((r) => r.url().endsWith('/api/v1/scan'));
    await gate.page.getByLabel(m.scanner.manual, { exact: true }).fill(await codeOf(page, childCard, m.tickets.showCode));
    await gate.page.getByRole('button', { name: m.scanner.check, exact: true }).click();
    expect((await scanned).request().postDataJSON()).toMatchObject({ gate: GATE });
    const result = gate.page.getByTestId('scan-result');
    await expect(result).toHaveAttribute('data-tone', 'check');
    await expect(result).toHaveAttribute('data-result', 'admitted');
    const checkCard = m.concessions.gate.checkCard.replace('{card}', m.concessions.gate.cards.child);
    await expect(result.getByRole('heading', { level: 2 })).toHaveText(checkCard);
    expect(await result.boundingBox()).toEqual({ x: 0, y: 0, ...PHONE });
    await expect(gate.page.getByRole('navigation', { name: m.nav.tabs })).toBeHidden();
    const amber = await result.evaluate((el) => getComputedStyle(el).backgroundColor);
    await noSeriousViolations(gate.page);
    // The big button at the bottom, in reach of the thumb, lets the next one come.
    const done = gate.page.getByRole('button', { name: m.scanner.gateCheck.done });
    await expect(done).toBeFocused();
    const button = (await done.boundingBox())!;
    expect(button.height).toBeGreaterThanOrEqual(64);
    expect(button.y + button.height).toBeGreaterThan(PHONE.height - 120);
    await done.click();
    await expect(result).toHaveCount(0);

    // The adult's: green, valid.
    await gate.page.getByLabel(m.scanner.manual, { exact: true }).fill(await codeOf(page, adultCard, m.tickets.showCode));
    await gate.page.getByRole('button', { name: m.scanner.check, exact: true }).click();
    await expect(result).toHaveAttribute('data-tone', 'valid');
    await expect(result).toContainText(m.scanner.results.admitted);
    // Green is not the amber of a check.
    expect(await result.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toEqual(amber);

    // The setup screen on a desktop too.
    await gate.page.setViewportSize(DESKTOP);
    await gate.page.getByRole('button', { name: m.scanner.device.change }).click();
    await expect(form.getByLabel(m.scanner.device.gateName)).toHaveValue(GATE);
    await noSeriousViolations(gate.page);
    await form.getByRole('button', { name: m.scanner.device.cancel }).click();
    await gate.context.close();

    // The club's live view on a phone: 2 entered at Brána B, the gates summing to the entered total.
    const office = await signedInContext(browser, baseURL!, c.owner);
    await office.page.setViewportSize(PHONE);
    const { events } = (await (await office.page.request.get('/api/v1/scan/events')).json()) as { events: { id: string; slug: string }[] };
    const eventId = events.find((e) => e.slug === c.slug)!.id;
    await office.page.goto(`/${c.locale}/${c.live.replace('{id}', eventId)}`);
    const board = office.page.getByTestId('live-board');
    await expect(board.locator(`[data-testid="live-gate"][data-gate="${GATE}"] td`)).toHaveText('2');
    const entered = Number((await board.getByTestId('live-entered').textContent())!.replace(/\D/g, ''));
    const perGate = await board.getByTestId('live-gate').locator('td').allTextContents();
    expect(perGate.reduce((sum, text) => sum + Number(text.replace(/\D/g, '')), 0)).toBe(entered);
    // One set of figures, first on the phone, and nothing destructive on this screen.
    await expect(office.page.getByRole('button', { name: m.organiser.eventActions.cancel })).toHaveCount(0);
    await expect(office.page.getByText(new RegExp(`^${m.organiser.eventHeader.sold.split(' {')[0]} \\d`))).toHaveCount(0);
    // The entered figure on the first screen (the page is not scrolled): waited for, as the board refreshes itself.
    await expect(board.getByTestId('live-entered')).toBeInViewport();
    await noSeriousViolations(office.page, { afterToasts: true });
    expect(await office.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await office.page.setViewportSize(DESKTOP);
    await noSeriousViolations(office.page);

    // The report: Brána B with its 2, and the per-gate rows summing to the attendance.
    await office.page.setViewportSize(PHONE);
    await expect(async () => {
      await office.page.goto(`/${c.locale}/${c.report.replace('{id}', eventId)}`);
      await expect(office.page.locator(`[data-testid="report-gate"][data-gate="${GATE}"]`)).toHaveAttribute('data-admitted', '2', { timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    const rows = await office.page.getByTestId('report-gate').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-admitted'))));
    const attendance = Number(await office.page.getByTestId('report-gates-total').getAttribute('data-admitted'));
    expect(rows.reduce((sum, n) => sum + n, 0)).toBe(attendance);
    expect(Number((await office.page.getByTestId('checked-in-total').textContent())!.split('(')[0].replace(/\D/g, ''))).toBe(attendance);
    await office.context.close();
  });
}
