// Cancelling one match of a season (issue 28 item 2) on a 390 px phone, in Slovak: a fan holds a season
// ticket of the e2e-only two-match season (lib/server/db/seed/seasons.ts); the club's office cancels the
// second match in the console; the holder sees that match's ticket void and the first still valid, the
// match's share of the season ticket coming back on the order page, and the mail in their language.
import { demo, expect, messages, payOnGateway, signedInContext, test, xsrfHeaders } from './fixtures';
import { noSeriousViolations } from './axe';

const SEASON = 'e2e-sezona-na-zrusenie';
const FIRST = 'E2E: sezóna, 1. zápas';
const SECOND = 'E2E: sezóna, 2. zápas';
const sk = messages.sk;

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('the office cancels a season match: its ticket is void, its share comes back on the order page and by mail, the season stands', async ({ page, browser, baseURL, signUpFresh }) => {
  test.setTimeout(180_000);
  const email = await signUpFresh();
  type Seat = { id: string; state: string };
  const sale = (await (await page.request.get(`/api/v1/seasons/${SEASON}`)).json()).season as { sections: { rows: { seats: Seat[] }[] }[] };
  const free = sale.sections.flatMap((section) => section.rows.flatMap((row) => row.seats)).filter((seat) => seat.state === 'free');
  const seat = free[Math.floor(Math.random() * free.length)];
  const bought = await page.request.post(`/api/v1/seasons/${SEASON}/purchase`, { data: { seatIds: [seat.id] }, headers: await xsrfHeaders(page) });
  expect(bought.status(), await bought.text()).toBeLessThan(300);
  const { orderId, paymentUrl } = (await bought.json()) as { orderId: string; paymentUrl: string };
  await page.goto(paymentUrl);
  await payOnGateway(page, sk.gateway.pay);
  const paid = (await (await page.request.get(`/api/v1/orders/${orderId}`)).json()) as { total: { amount: number } };

  // The office cancels the second match from its console page.
  // The office works at a desk.
  const office = await signedInContext(browser, baseURL!, demo.dunajOwner);
  const { organisations } = (await (await office.page.request.get('/api/v1/organiser/organisations')).json()) as { organisations: { id: string; slug: string }[] };
  const dunaj = organisations.find((o) => o.slug === 'fk-dunaj-bratislava')!;
  const { events } = (await (await office.page.request.get(`/api/v1/organiser/events?organisation=${dunaj.id}`)).json()) as { events: { id: string; slug: string }[] };
  const eventId = events.find((e) => e.slug === 'e2e-sezona-zapas-2')!.id;
  await office.page.goto(`/sk/organizator/podujatia/${eventId}`);
  await office.page.getByRole('button', { name: sk.organiser.eventActions.cancel }).filter({ visible: true }).first().click();
  await office.page.getByRole('dialog').getByRole('button', { name: sk.organiser.eventActions.confirm.cancel.yes }).click();
  await expect(office.page.getByText(sk.organiser.eventActions.done.cancel)).toBeVisible();
  await office.context.close();

  // Your tickets: the second match's ticket is void, the first still the holder's.
  await page.goto('/sk/vstupenky');
  await expect(page.getByRole('article', { name: new RegExp(SECOND) })).toContainText(sk.tickets.status.void);
  await expect(page.getByRole('article', { name: new RegExp(FIRST) })).not.toContainText(sk.tickets.status.void);

  // The order page: the cancelled match with its share coming back; the season's price was split in two.
  await page.goto(`/sk/objednavky/${orderId}`);
  const cancelled = page.getByTestId('order-cancelled-matches');
  await expect(cancelled).toContainText(sk.orders.cancelledMatches.title);
  await expect(cancelled).toContainText(SECOND);
  const share = Math.floor(paid.total.amount / 2);
  const amount = new Intl.NumberFormat('sk', { style: 'currency', currency: 'EUR' }).format(share / 100);
  await expect(cancelled).toContainText(amount.replace(/\s/g, ' '));
  await expect(cancelled).not.toContainText(FIRST);
  await noSeriousViolations(page);

  // The mail, in Slovak, names the match and the share.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = page.locator('article.mail[data-kind="season-match-cancelled"]');
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(`Zápas ${SECOND} je zrušený`);
  await expect(mail).toContainText('platí ďalej');
});
