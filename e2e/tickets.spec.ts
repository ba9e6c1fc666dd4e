import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { buyTicket, demo, expect, mailboxPath, messages, redeemVoucher, seeded, signedInContext, test, uniqueEmail, verifyEmailFromMailbox } from './fixtures';

const sk = messages.sk;
const STEP_MS = 15_000;

/** A second fan in their own browser, signed up through the API; `verified` confirms the email through the mailbox. */
async function otherFan(browser: Browser, baseURL: string, options: { verified?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await browser.newContext({ baseURL, locale: 'sk-SK' });
  const page = await context.newPage();
  const email = uniqueEmail('friend');
  const response = await page.request.post('/api/v1/auth/signup', {
    data: { firstName: 'Eva', lastName: 'Priateľová', sex: 'female', dateOfBirth: '1996-02-02', email, password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  if (options.verified) await verifyEmailFromMailbox(page, email);
  return { context, page, email };
}

/** Redeems a seeded voucher through the Your tickets dialog and waits for its ticket to show. */
async function redeem(page: Page, code: string) {
  await redeemVoucher(page, code);
  await expect(page.getByTestId('ticket-card').first()).toBeVisible();
}

async function xsrf(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return cookie ? { 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) } : {};
}

async function stepOf(page: Page) {
  return Number(await page.getByTestId('ticket-qr').first().getAttribute('data-step'));
}

test.describe('Your tickets', () => {
  test('shows a rotating QR code that changes after a 15-second step, with a progress bar', async ({ page, signIn }) => {
    test.setTimeout(90_000);
    await signIn(demo.fan);
    await page.goto('/sk/vstupenky');
    await expect(page.getByRole('heading', { level: 1, name: sk.tickets.title })).toBeVisible();
    await expect(page.getByRole('button', { name: sk.tickets.seasonCta })).toBeVisible();
    await page.getByRole('button', { name: sk.tickets.showCode }).first().click();
    const qr = page.getByTestId('ticket-qr').first();
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(page.getByRole('progressbar', { name: sk.ticketCode.progress }).first()).toBeVisible();
    // The step and the image are read together: read one after the other, a rotation between the two reads
    // paired the new image with the old step.
    const drawn = () => qr.evaluate((el) => ({ step: Number(el.getAttribute('data-step')), src: el.getAttribute('src') }));
    const first = await drawn();
    await expect.poll(async () => (await drawn()).step, { timeout: STEP_MS + 5_000 }).toBe(first.step + 1);
    expect((await drawn()).src).not.toBe(first.src);

    // the code opened full screen at once, with the brightness hint
    await expect(page.getByRole('dialog').getByText(sk.ticketCode.brightness)).toBeVisible();
  });

  test('opens offline from the service worker and the codes keep rotating', async ({ page, context, signIn }) => {
    test.setTimeout(90_000);
    await signIn(demo.fan);
    await page.goto('/sk/vstupenky');
    await expect(page.locator('html[data-offline-ready="1"]')).toBeAttached({ timeout: 30_000 });

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: sk.tickets.title })).toBeVisible();
    await expect(page.getByText(sk.errors.noInternet).first()).toBeVisible();
    await page.getByRole('button', { name: sk.tickets.showCode }).first().click();
    const firstStep = await stepOf(page);
    expect(firstStep).toBeGreaterThan(0);
    await expect.poll(() => stepOf(page), { timeout: STEP_MS + 5_000 }).toBe(firstStep + 1);
    await context.setOffline(false);
  });

  test('a fan gifts a ticket to another fan; it leaves the sender and appears for the recipient', async ({ page, browser, baseURL, signUpFresh }) => {
    await signUpFresh();
    await redeem(page, 'VOUCHER-DUNAJ-1');
    // A gift moves at once only to an account that has confirmed its address.
    const friend = await otherFan(browser, baseURL!, { verified: true });

    await page.getByRole('button', { name: sk.tickets.gift }).first().click();
    const dialog = page.getByRole('dialog', { name: sk.gift.title });
    await dialog.getByLabel(sk.gift.emailLabel).fill(friend.email);
    await dialog.getByRole('button', { name: sk.gift.submit }).click();
    await expect(page.getByText(sk.gift.sent.replace('{email}', friend.email))).toBeVisible();
    await expect(page.getByText(sk.tickets.empty)).toBeVisible();

    await friend.page.goto('/sk/vstupenky');
    await expect(friend.page.getByTestId('ticket-card')).toHaveCount(1);
    await expect(friend.page.getByRole('heading', { level: 2, name: /FK Dunaj Bratislava – FC Košice/ })).toBeVisible();
    await friend.context.close();
  });

  test('a gift to a new email waits; signing up with it is not enough, the link from the mailbox confirms it and the ticket arrives', async ({ page, browser, baseURL, signUpFresh }) => {
    test.setTimeout(120_000);
    await signUpFresh();
    await redeem(page, 'VOUCHER-DUNAJ-5');
    const email = uniqueEmail('newcomer');
    await page.getByRole('button', { name: sk.tickets.gift }).first().click();
    const dialog = page.getByRole('dialog', { name: sk.gift.title });
    await dialog.getByLabel(sk.gift.emailLabel).fill(email);
    await dialog.getByRole('button', { name: sk.gift.submit }).click();
    await expect(page.getByText(sk.gift.invited.replace('{email}', email))).toBeVisible();

    // The newcomer signs up through the form with that address in their own browser.
    const context = await browser.newContext({ baseURL, locale: 'sk-SK' });
    const fan = await context.newPage();
    await fan.goto('/sk/registracia');
    const a = sk.auth;
    await fan.getByLabel(a.firstName, { exact: true }).fill('Nová');
    await fan.getByLabel(a.lastName, { exact: true }).fill('Fanúšička');
    await fan.getByLabel(a.sex, { exact: true }).selectOption('female');
    await fan.getByLabel(a.dateOfBirth, { exact: true }).fill('1999-09-09');
    await fan.getByLabel(a.email, { exact: true }).fill(email);
    await fan.getByLabel(a.password, { exact: true }).fill('correct-horse-1');
    await fan.getByLabel(a.confirmPassword, { exact: true }).fill('correct-horse-1');
    await fan.getByRole('button', { name: a.signUpSubmit }).click();
    await expect(fan).toHaveURL(/\/sk\/profil$/);
    await expect(fan.getByTestId('email-status')).toHaveText(sk.profile.emailUnverified);
    await expect(fan.getByRole('button', { name: sk.profile.resend })).toBeVisible();
    // Not verified: the gift still waits.
    await fan.goto('/sk/vstupenky');
    await expect(fan.getByText(sk.tickets.empty)).toBeVisible();

    await fan.goto(mailboxPath(email));
    const mail = fan.locator('article.mail[data-kind="email-verification"]').first();
    await expect(mail).toContainText(sk.email.verifySubject);
    await mail.getByRole('link').first().click();
    await expect(fan).toHaveURL(/\/sk\/overenie-emailu\?token=/);
    await expect(fan.getByText(sk.verifyEmail.lead.replace('{email}', email))).toBeVisible();
    await fan.getByRole('button', { name: sk.verifyEmail.submit }).click();
    await expect(fan.getByText(sk.verifyEmail.done.replace('{email}', email))).toBeVisible();
    await fan.getByRole('link', { name: sk.verifyEmail.toTickets }).click();
    await expect(fan.getByTestId('ticket-card')).toHaveCount(1);
    await expect(fan.getByRole('heading', { level: 2, name: /FK Dunaj Bratislava – FC Košice/ })).toBeVisible();
    await page.reload();
    await expect(page.getByText(sk.tickets.empty)).toBeVisible();
    await context.close();
  });

  test('resale: a price over the organiser’s cap is refused with the cap shown, a capped price is listed', async ({ page, signUpFresh }) => {
    await signUpFresh();
    // A bought ticket: a redeem code's is free, and free tickets stay off the fan market by default (issue 28).
    await buyTicket(page, seeded.stadiumEvent, 'A');
    await page.goto('/sk/vstupenky');
    await page.getByRole('button', { name: sk.tickets.sell }).first().click();
    const dialog = page.getByRole('dialog', { name: sk.resale.title });
    const price = dialog.getByLabel(sk.resale.price.replace('{currency}', 'EUR'));
    await price.fill('30');
    await dialog.getByRole('button', { name: sk.resale.submit }).click();
    await expect(dialog.getByRole('alert')).toHaveText(sk.resale.errors.overCap.replace('{cap}', '25,00 €'));
    await price.fill('24,50');
    await expect(dialog.getByTestId('resale-payout')).toHaveText(sk.resale.payout.replace('{amount}', '23,27 €'));
    await dialog.getByRole('button', { name: sk.resale.submit }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(sk.tickets.listedFor.replace('{price}', '24,50 €'))).toBeVisible();
    await expect(page.getByText(sk.tickets.status.listed)).toBeVisible();
    // a listed ticket offers no code, no gift and no second listing
    await expect(page.getByRole('button', { name: sk.tickets.showCode })).toHaveCount(0);
    await page.getByRole('button', { name: sk.tickets.withdraw }).click();
    await expect(page.getByText(sk.tickets.status.valid)).toBeVisible();
  });

  test('the gate scanner admits a ticket once, then says already used', async ({ page, browser, baseURL, signUpFresh }) => {
    await signUpFresh();
    // the match of the day: the seed puts it inside its entry window
    await redeem(page, 'VOUCHER-DNES-1');
    await page.getByRole('button', { name: sk.tickets.showCode }).first().click();
    const payload = (await page.getByTestId('ticket-qr').first().getAttribute('data-payload'))!;
    expect(payload).toMatch(/^TRB2\./);

    const gate = await signedInContext(browser, baseURL!, 'skener@tribuna.sk');
    await gate.page.goto('/sk/skener');
    await expect(gate.page.getByRole('heading', { level: 1, name: sk.scanner.title })).toBeVisible();
    const option = gate.page.locator('option[data-slug="dunaj-bratislava-zemplin-michalovce"]');
    await gate.page.getByLabel(sk.scanner.chooseEvent).selectOption((await option.getAttribute('value'))!);
    const input = gate.page.getByLabel(sk.scanner.manual, { exact: true });
    await input.fill(payload);
    await gate.page.getByRole('button', { name: sk.scanner.check }).click();
    await expect(gate.page.getByTestId('scan-result')).toHaveAttribute('data-result', 'admitted');
    await expect(gate.page.getByText(sk.scanner.results.admitted)).toBeVisible();

    await input.fill(payload);
    await gate.page.getByRole('button', { name: sk.scanner.check }).click();
    await expect(gate.page.getByTestId('scan-result')).toHaveAttribute('data-result', 'already_used');
    await expect(gate.page.getByText(sk.scanner.results.already_used)).toBeVisible();
    await expect(gate.page.getByText(/^Odbavená /)).toBeVisible();

    // and the fan's page shows the ticket as used
    await page.reload();
    await expect(page.getByText(sk.tickets.status.checked_in).first()).toBeVisible();
    await gate.context.close();
  });

  test('an offline gate admits a code, and its sync checks the ticket in on the server with the code it scanned', async ({ page, browser, baseURL, signUpFresh }) => {
    await signUpFresh();
    await redeem(page, 'VOUCHER-DNES-13');
    await page.getByRole('button', { name: sk.tickets.showCode }).first().click();
    const payload = (await page.getByTestId('ticket-qr').first().getAttribute('data-payload'))!;

    const gate = await signedInContext(browser, baseURL!, 'skener@tribuna.sk');
    await gate.page.goto('/sk/skener');
    const option = gate.page.locator('option[data-slug="dunaj-bratislava-zemplin-michalovce"]');
    await gate.page.getByLabel(sk.scanner.chooseEvent).selectOption((await option.getAttribute('value'))!);
    await gate.page.getByRole('button', { name: sk.scanner.offline.download }).click();
    await expect(gate.page.getByText('Všetky odbavenia sú zosynchronizované.')).toBeVisible();

    // the network is gone: the gate checks the code against its downloaded public keys and queues the check-in
    await gate.context.setOffline(true);
    await expect(gate.page.getByText(sk.scanner.offline.usingOffline)).toBeVisible();
    await gate.page.getByLabel(sk.scanner.manual, { exact: true }).fill(payload);
    await gate.page.getByRole('button', { name: sk.scanner.check }).click();
    await expect(gate.page.getByTestId('scan-result')).toHaveAttribute('data-result', 'admitted');
    await expect(gate.page.getByText('1 odbavenie čaká na synchronizáciu.')).toBeVisible();

    // back online: the queue goes to POST /api/v1/scan/sync with the code, which the server verifies and admits
    const synced = gate.page.waitForResponse((r) => r.url().endsWith('/api/v1/scan/sync'));
    await gate.context.setOffline(false);
    const sent = (await synced).request().postDataJSON() as { checkIns: { payload?: string }[] };
    expect(sent.checkIns.map((c) => c.payload)).toEqual([payload]);
    await expect(gate.page.getByText(sk.scanner.offline.synced, { exact: true })).toBeVisible();
    await expect(gate.page.getByText('Všetky odbavenia sú zosynchronizované.')).toBeVisible();
    await page.reload();
    await expect(page.getByText(sk.tickets.status.checked_in).first()).toBeVisible();
    await gate.context.close();
  });

  test('resale between two fans: bought through the cart, the ticket moves, the seller’s code dies and the payout is on the profile', async ({ page, browser, baseURL, signUpFresh }) => {
    test.setTimeout(180_000);
    await signUpFresh();
    await buyTicket(page, seeded.stadiumEvent, 'A');
    await page.goto('/sk/vstupenky');
    await page.getByRole('button', { name: sk.tickets.showCode }).first().click();
    const sellerCode = (await page.getByTestId('ticket-qr').first().getAttribute('data-payload'))!;
    // the code is shown full screen: close it to reach the ticket's other actions
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: sk.tickets.sell }).first().click();
    const dialog = page.getByRole('dialog', { name: sk.resale.title });
    await dialog.getByLabel(sk.resale.price.replace('{currency}', 'EUR')).fill('24');
    await dialog.getByRole('button', { name: sk.resale.submit }).click();
    await expect(page.getByText(sk.tickets.listedFor.replace('{price}', '24,00 €'))).toBeVisible();
    const mine = await (await page.request.get('/api/v1/tickets')).json();
    const listingId = mine.tickets[0].listing.id as string;

    const buyer = await otherFan(browser, baseURL!);
    const held = await buyer.page.request.post('/api/v1/events/dunaj-bratislava-fc-kosice/cart/items', { data: { listingId }, headers: await xsrf(buyer.page) });
    expect(held.status(), await held.text()).toBe(200);
    await buyer.page.goto('/sk/podujatia/dunaj-bratislava-fc-kosice/kosik');
    await expect(buyer.page.getByTestId('cart-item')).toHaveCount(1);
    await buyer.page.getByRole('link', { name: sk.cart.toCheckout }).click();
    await buyer.page.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
    await buyer.page.getByRole('button', { name: /^Zaplatiť/ }).click();
    await buyer.page.getByRole('button', { name: sk.gateway.pay, exact: true }).click();
    await expect(buyer.page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');

    await buyer.page.goto('/sk/vstupenky');
    await expect(buyer.page.getByTestId('ticket-card')).toHaveCount(1);
    await page.reload();
    await expect(page.getByText(sk.tickets.empty)).toBeVisible();

    const gate = await signedInContext(browser, baseURL!, 'skener@tribuna.sk');
    const scan = await gate.page.request.post('/api/v1/scan', { data: { payload: sellerCode }, headers: await xsrf(gate.page) });
    expect(await scan.json()).toMatchObject({ result: 'not_valid', reason: 'old_version' });

    await page.goto('/sk/profil');
    const ledger = page.getByTestId('payout-ledger');
    await expect(ledger.getByText('24,00 €')).toBeVisible();
    await expect(ledger.getByText('22,80 €')).toBeVisible();
    await Promise.all([buyer.context.close(), gate.context.close()]);
  });

  test('Your tickets and its dialogs have no serious accessibility violations', async ({ page, signIn }) => {
    test.setTimeout(120_000);
    await signIn(demo.fan);
    await page.goto('/sk/vstupenky');
    await page.getByRole('button', { name: sk.tickets.showCode }).first().click();
    await expect(page.getByTestId('ticket-qr').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).include('main').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.getByRole('button', { name: sk.tickets.hideCode }).first().click();
    await page.getByRole('button', { name: sk.tickets.seasonCta }).click();
    await expect(page.getByRole('dialog', { name: sk.season.title })).toBeVisible();
    await expect(page.getByRole('dialog').getByText(sk.season.states.yours).first()).toBeVisible();
    const dialogResults = await new AxeBuilder({ page }).include('dialog[open]').analyze();
    expect(dialogResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  test('anonymous visitors get the sign-in prompt', async ({ page }) => {
    await page.goto('/en/tickets');
    await expect(page.getByText('You need to sign in to see your tickets.')).toBeVisible();
    await page.goto('/sk/skener');
    await expect(page.getByText(sk.scanner.signInRequired)).toBeVisible();
  });
});
