// The waiting list of a sold-out event: a fan joins, another fan's cart runs out (the e2e event's carts
// hold for one minute; the server's sweeper returns them), the fan sees the offer with its countdown,
// gets the email in the demo mailbox and buys within the offer.
import { expect, messages, signedInContext, test, uniqueEmail, xsrfHeaders } from './fixtures';

const sk = messages.sk;
const EVENT = 'e2e-cakacia-listina';

test('a fan joins the waiting list of a sold-out event, gets the returned ticket as an offer and buys it', async ({ page, browser, signUpFresh }) => {
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL!;

  // Another fan holds every place left: the event is sold out for a minute.
  const holder = await browser.newContext({ baseURL, locale: 'sk-SK' });
  const holderPage = await holder.newPage();
  const signUp = await holderPage.request.post('/api/v1/auth/signup', {
    data: { firstName: 'Držiteľ', lastName: 'Košíka', sex: 'other', dateOfBirth: '1990-01-01', email: uniqueEmail('holder'), password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
  });
  expect(signUp.status()).toBe(200);
  const availability = await (await holderPage.request.get(`/api/v1/events/${EVENT}/availability`)).json();
  const [type] = availability.ticketTypes as { id: string; available: number }[];
  expect(type.available).toBeGreaterThan(0);
  const held = await holderPage.request.post(`/api/v1/events/${EVENT}/cart/items`, { data: { ticketTypeId: type.id, quantity: type.available }, headers: await xsrfHeaders(holderPage) });
  expect(held.status(), await held.text()).toBe(200);

  // The fan finds it sold out and joins the waiting list.
  const email = await signUpFresh();
  await page.goto(`/sk/podujatia/${EVENT}`);
  const panel = page.getByTestId('waiting-list');
  await expect(panel.getByRole('heading', { name: sk.waitingList.title })).toBeVisible();
  await expect(panel.getByText(sk.waitingList.intro.replace('{minutes}', '30'))).toBeVisible();
  await panel.getByLabel(sk.waitingList.quantity).selectOption('1');
  await panel.getByRole('button', { name: sk.waitingList.join }).click();
  await expect(panel.getByTestId('waiting-entry')).toHaveAttribute('data-status', 'waiting');
  await expect(panel.getByText(/^Ste \d+\. v poradí na 1 vstupenku\.$/)).toBeVisible();

  // Meanwhile nobody else can take a returned place: the list is first. Once the holder's minute is up,
  // the sweeper hands the place to the fan, held in their cart for 30 minutes.
  await expect(panel.getByTestId('waiting-entry')).toHaveAttribute('data-status', 'offered', { timeout: 150_000 });
  await expect(panel.getByText(sk.waitingList.offered.replace(/\{count, plural, .*\}\} /, '1 vstupenka je rezervovaná '))).toBeVisible();
  await expect(panel.getByTestId('offer-countdown')).toHaveText(/^(29:[0-5]\d|30:00)$/);
  await holder.close();

  // the email is in the demo mailbox, with the link to the cart
  const mailbox = await browser.newContext({ baseURL });
  const mailPage = await mailbox.newPage();
  const mail = mailPage.locator('article.mail[data-kind="notification-waiting-list-offer"]');
  // The notification queue is sent on the server's next sweep (every 15 s): look again until it came.
  await expect(async () => {
    await mailPage.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(mail).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(mail).toContainText('E2E: čakacia listina');
  await expect(mail.getByRole('link').first()).toHaveAttribute('href', new RegExp(`/sk/podujatia/${EVENT}/kosik$`));
  await mailbox.close();

  // Your tickets lists the offer
  await page.goto('/sk/vstupenky');
  await expect(page.getByTestId('my-waiting-lists').locator('li[data-status="offered"]')).toContainText('E2E: čakacia listina');

  // the fan buys within the offer
  await page.goto(`/sk/podujatia/${EVENT}`);
  await page.getByTestId('waiting-list').getByRole('link', { name: sk.waitingList.goToCart }).click();
  await expect(page).toHaveURL(new RegExp(`/sk/podujatia/${EVENT}/kosik$`));
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await expect(page.getByTestId('countdown')).toHaveText(/^(29:[0-5]\d|30:00)$/);
  await page.goto(`/sk/podujatia/${EVENT}/pokladna`);
  await page.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
  await page.getByRole('button', { name: /^Zaplatiť/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.gateway.title);
  await page.getByRole('button', { name: sk.gateway.pay, exact: true }).click();
  await expect(page).toHaveURL(/\/sk\/objednavky\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');
});

test('the organiser sees and sets the waiting list in the console', async ({ browser }) => {
  const baseURL = test.info().project.use.baseURL!;
  const { context, page } = await signedInContext(browser, baseURL, 'manazer@pulzlive.sk');
  const events = await (await page.request.get('/api/v1/scan/events')).json();
  const concert = (events.events as { id: string; slug: string }[]).find((e) => e.slug === 'kovove-nebe-praha')!;
  await page.goto(`/sk/organizator/podujatia/${concert.id}/dalsi-predaj`);
  const form = page.getByTestId('waiting-list-form');
  await expect(form.getByLabel(sk.waitingList.organiser.enabled)).toBeChecked();
  await expect(form.getByLabel(sk.waitingList.organiser.offerMinutes)).toHaveValue(/^\d+$/);
  await context.close();
});
