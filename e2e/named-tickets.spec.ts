// Named tickets for a risk match (issue 18 item 7, Slovak act 1/2014): the fan names the ticket's holder
// at checkout, sees the name on Your tickets, and the gate scanner shows that name and date of birth with
// "check the ID". On the e2e-only risk match (lib/server/db/seed/named-tickets.ts), gates open like the match of the day.
import { demo, expect, freeSeats, messages, redeemVoucher, signedInContext, test, xsrfHeaders } from './fixtures';
import { noSeriousViolations } from './axe';

const sk = messages.sk;
const RISK_MATCH = 'e2e-rizikovy-zapas';

test('a fan buys a named ticket giving the holder’s name; the gate shows the name and asks for the ID', async ({ page, browser, baseURL, signUpFresh }) => {
  test.setTimeout(120_000);
  await signUpFresh();
  const [seat] = await freeSeats(page, RISK_MATCH, 1);
  const held = await page.request.post(`/api/v1/events/${RISK_MATCH}/cart/items`, { data: { seatIds: [seat] }, headers: await xsrfHeaders(page) });
  expect(held.status(), await held.text()).toBe(200);

  await page.goto(`/sk/podujatia/${RISK_MATCH}/pokladna`);
  const holders = page.getByTestId('holder-names');
  await expect(holders.getByRole('heading', { name: sk.namedTickets.cart.title })).toBeVisible();
  await page.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
  const pay = page.getByRole('button', { name: /^Zaplatiť/ });
  // Without the holder's name there is no paying.
  await pay.click();
  await expect(holders.getByText(sk.namedTickets.nameRequired)).toBeVisible();
  await expect(page).toHaveURL(/\/pokladna$/);
  await noSeriousViolations(page, { include: 'main' });

  await holders.getByLabel(sk.namedTickets.cart.name).fill('Ján Nováček');
  await holders.getByLabel(sk.namedTickets.cart.dateOfBirth).fill('1991-05-17');
  await pay.click();
  await expect(page).toHaveURL(/\/sk\/platba\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: sk.gateway.pay, exact: true }).click();
  await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');

  // Your tickets: the ticket is in the holder's name.
  await page.goto('/sk/vstupenky');
  const card = page.getByTestId('ticket-card').first();
  await expect(card.getByTestId('ticket-holder')).toContainText(sk.namedTickets.tickets.namedTo.replace('{name}', 'Ján Nováček'));
  await expect(card.getByTestId('ticket-holder')).toContainText('17. mája 1991');
  await card.getByRole('button', { name: sk.tickets.showCode }).click();
  const payload = (await card.getByTestId('ticket-qr').getAttribute('data-payload'))!;

  // The gate: admitted, with the holder's name and date of birth to check against an ID.
  const gate = await signedInContext(browser, baseURL!, 'skener@tribuna.sk');
  await gate.page.goto('/sk/skener');
  const option = gate.page.locator(`option[data-slug="${RISK_MATCH}"]`);
  await gate.page.getByLabel(sk.scanner.chooseEvent).selectOption((await option.getAttribute('value'))!);
  await gate.page.getByLabel(sk.scanner.manual, { exact: true }).fill(payload);
  await gate.page.getByRole('button', { name: sk.scanner.check }).click();
  await expect(gate.page.getByTestId('scan-result')).toHaveAttribute('data-result', 'admitted');
  const holder = gate.page.getByTestId('scan-holder');
  await expect(holder).toContainText(sk.namedTickets.gate.checkId);
  await expect(holder).toContainText('Ján Nováček');
  await expect(holder).toContainText('17. mája 1991');
  await noSeriousViolations(gate.page, { include: 'main' });
  await gate.context.close();
});

test('a named ticket that arrives without a holder (a gift, a code) shows no code until its owner names the holder', async ({ page, signUpFresh }) => {
  await signUpFresh();
  await redeemVoucher(page, 'VOUCHER-RIZIKO-2');
  const card = page.getByTestId('ticket-card').first();
  const form = card.getByTestId('name-ticket-form');
  await expect(form).toContainText(sk.namedTickets.tickets.needsName);
  await expect(card.getByRole('button', { name: sk.tickets.showCode })).toHaveCount(0);

  await form.getByLabel(sk.namedTickets.cart.name).fill('Eva Obdarovaná');
  await form.getByLabel(sk.namedTickets.cart.dateOfBirth).fill('2001-02-03');
  await form.getByRole('button', { name: sk.namedTickets.tickets.nameTicket }).click();
  await expect(card.getByTestId('ticket-holder')).toContainText(sk.namedTickets.tickets.namedTo.replace('{name}', 'Eva Obdarovaná'));
  await expect(card.getByTestId('name-ticket-form')).toHaveCount(0);
  await card.getByRole('button', { name: sk.tickets.showCode }).click();
  await expect(card.getByTestId('ticket-qr')).toHaveAttribute('data-payload', /^TRB2\./);
});

test('the organiser’s console shows which tickets of the event are named', async ({ page, signIn }) => {
  await signIn(demo.dunajManager);
  // The console names events by uuid (the public API by slug): the organiser's own list has both.
  const { events } = (await (await page.request.get('/api/v1/scan/events')).json()) as { events: { id: string; slug: string }[] };
  const id = events.find((event) => event.slug === RISK_MATCH)!.id;
  await page.goto(`/sk/organizator/podujatia/${id}/na-meno`);
  await expect(page.getByRole('heading', { level: 2, name: sk.namedTickets.organiser.title })).toBeVisible();
  const form = page.getByTestId('named-tickets-form');
  await expect(form.getByRole('checkbox', { name: sk.namedTickets.organiser.wholeEvent })).toBeChecked();
  await expect(form.getByTestId('named-counts')).toContainText(/Vstupenky na meno: \d+/);
  await noSeriousViolations(page, { include: 'main' });
  // Saving the rule as it is changes nothing for the other journeys on this match.
  await form.getByRole('button', { name: sk.namedTickets.organiser.save }).click();
  await expect(page.getByText(sk.namedTickets.organiser.saved)).toBeVisible();
});
