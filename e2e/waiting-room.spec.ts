// A queued on-sale on a phone (issue 34): the organiser queues a new event's sale with a presale for code
// holders. A fan without a code joins before the start and is told when the general sale opens; at the
// start the queue takes the presale's fans first (10 a minute), the fan watches their place come closer,
// is admitted, holds a ticket with the admission and pays. A hold without an admission is refused.
import sharp from 'sharp';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { DEMO_PASSWORD, expect, messages, test, uniqueEmail, xsrfHeaders } from './fixtures';

const sk = messages.sk;
const ORGANISER = 'festival@lukafest.sk';
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const ok = async (response: APIResponse, status = 200) => {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
};

/** Signs a new fan up; answers their bearer token's header (an API client without cookies needs no XSRF echo). */
async function signUpIn(request: APIRequestContext): Promise<Record<string, string>> {
  const email = uniqueEmail('queue');
  const answer = await request.post('/api/v1/auth/signup', {
    data: { firstName: 'Fan', lastName: 'Radu', sex: 'other', dateOfBirth: '1990-01-01', email, password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
  });
  const { token } = (await ok(answer)) as { token?: string };
  return token ? { authorization: `Bearer ${token}` } : {};
}

test('a fan joins before the start, watches their place come closer, is admitted and buys; a fan without a presale code is told when the general sale opens', async ({ page, playwright, signUpFresh }) => {
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL!;

  // The organiser: a new standing event, general sale in 40 s, a presale for code holders from 20 s, 10 fans a minute.
  const signingIn = await playwright.request.newContext({ baseURL });
  const { token } = await ok(await signingIn.post('/api/v1/auth/signin', { data: { email: ORGANISER, password: DEMO_PASSWORD } }));
  await signingIn.dispose();
  const organiser = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const { organisations } = await ok(await organiser.get('/api/v1/organiser/organisations'));
  const organisation = organisations[0].id as string;
  const { venues } = await ok(await organiser.get(`/api/v1/organiser/venues?organisation=${organisation}`));
  const json = { 'content-type': 'application/json' };
  const title = `Koncert s radom ${Date.now().toString(36)}`;
  const { event } = await ok(
    await organiser.post('/api/v1/organiser/events', {
      headers: json,
      data: { organisation, venueId: venues[0].id, category: 'concert', title: { sk: title }, startsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(), currency: 'EUR' },
    }),
    201,
  );
  const eventUrl = `/api/v1/organiser/events/${event.id}`;
  await ok(await organiser.post(`${eventUrl}/price-categories`, { headers: json, data: { name: { sk: 'Státie' }, kind: 'standing', priceAmount: 900, capacity: 40 } }), 201);
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#1e3a8a' } }).png().toBuffer();
  await ok(await organiser.post(`${eventUrl}/images`, { multipart: { file: { name: 'plagat.png', mimeType: 'image/png', buffer: png }, altSk: 'Plagát' } }), 201);
  const start = Date.now();
  const general = new Date(start + 40_000);
  await ok(await organiser.patch(eventUrl, { headers: json, data: { saleStartsAt: general.toISOString() } }));
  await ok(await organiser.post(`${eventUrl}/publish`));
  await ok(await organiser.put(`${eventUrl}/waiting-room`, { headers: json, data: { ratePerMinute: 10, presaleStartsAt: new Date(start + 20_000).toISOString() } }));
  const { codes } = await ok(await organiser.post(`${eventUrl}/waiting-room/codes`, { headers: json, data: { count: 5 } }), 201);
  const slug = event.slug as string;

  // Five fans with presale codes wait in the presale's pre-queue.
  for (const code of codes as string[]) {
    const signingUp = await playwright.request.newContext({ baseURL });
    const headers = await signUpIn(signingUp);
    await signingUp.dispose();
    const fan = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
    await ok(await fan.post(`/api/v1/events/${slug}/queue/presale-code`, { headers: json, data: { code } }));
    await fan.dispose();
  }

  // The fan (no code) opens the event page: the sale goes through the queue; they join before the start.
  await signUpFresh();
  await page.goto(`/sk/podujatia/${slug}`);
  await page.getByTestId('join-queue').click();
  await expect(page).toHaveURL(new RegExp(`/sk/podujatia/${slug}/rad$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.queue.title);
  await page.getByRole('button', { name: sk.queue.join }).click();
  await expect(page.getByRole('heading', { name: sk.queue.prequeueTitle })).toBeVisible();
  await expect(page.getByText(/^Do predpredaja nemáte prístup\. Všeobecný predaj sa začne /)).toBeVisible();

  // Without an admission no hold: the API says to join the queue.
  const type = ((await (await page.request.get(`/api/v1/events/${slug}`)).json()).ticketTypes as { id: string }[])[0].id;
  const early = await page.request.post(`/api/v1/events/${slug}/cart/items`, { data: { ticketTypeId: type, quantity: 1 }, headers: { ...(await xsrfHeaders(page)), 'accept-language': 'sk' } });
  expect(early.status()).toBe(403);
  expect((await early.json()).message).toBe(sk.queue.errors.admissionRequired);

  // A second fan without a code is told when the general sale opens, too; a reload keeps the place.
  const other = await page.context().browser()!.newContext({ baseURL, locale: 'sk-SK', viewport: { width: 390, height: 844 } });
  const otherPage = await other.newPage();
  await signUpIn(otherPage.request);
  await otherPage.goto(`/sk/podujatia/${slug}/rad`);
  await otherPage.getByRole('button', { name: sk.queue.join }).click();
  await expect(otherPage.getByText(/^Do predpredaja nemáte prístup\. Všeobecný predaj sa začne /)).toBeVisible();
  await otherPage.reload();
  await expect(otherPage.getByRole('heading', { name: sk.queue.prequeueTitle })).toBeVisible();
  await other.close();

  // The general sale opens: the fan is numbered after the presale's fans and watches the count fall.
  const ahead = page.getByTestId('queue-ahead');
  await expect(ahead).toBeVisible({ timeout: 60_000 });
  const count = async () => {
    const text = (await ahead.textContent()) ?? '';
    return /\d+/.test(text) ? Number(/\d+/.exec(text)![0]) : 0;
  };
  const first = await count();
  expect(first).toBeGreaterThan(0);
  await expect.poll(count, { timeout: 60_000 }).toBeLessThan(first);

  // Admitted: to the event's page with the admission (its cookie), a hold, and payment.
  await expect(page.getByRole('heading', { name: sk.queue.admittedTitle })).toBeVisible({ timeout: 90_000 });
  await page.getByRole('link', { name: sk.queue.buy }).click();
  await expect(page).toHaveURL(new RegExp(`/sk/podujatia/${slug}$`));
  const held = await page.request.post(`/api/v1/events/${slug}/cart/items`, { data: { ticketTypeId: type, quantity: 1 }, headers: await xsrfHeaders(page) });
  expect(held.status(), await held.text()).toBe(200);
  await page.goto(`/sk/podujatia/${slug}/pokladna`);
  await page.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
  await page.getByRole('button', { name: /^Zaplatiť/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.gateway.title);
  await page.getByRole('button', { name: sk.gateway.pay, exact: true }).click();
  await expect(page).toHaveURL(/\/sk\/objednavky\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');

  // The organiser stops queuing: nobody else needs an admission.
  await ok(await organiser.delete(`${eventUrl}/waiting-room`));
  await organiser.dispose();
});
