import type { Page } from '@playwright/test';
import { demo, expect, freeSeats, holdScripts, messages, payOnGateway, signedInContext, test, xsrfHeaders } from './fixtures';
import { noSeriousViolations } from './axe';
import { instantToLocal } from '../lib/organiser/zoned-time';

// Fans returning tickets (issue 33 items 4 and 5) on a 390 px phone:
//  • the organiser lets fans cancel; a fan with two tickets of one order cancels one from Your tickets in two
//    taps, sees what comes back first (to the card, the service fee kept), and the order shows the part refund;
//  • the organiser postpones a match from the console; its holder sees the new date on Your tickets and asks
//    for the money back before the deadline.

const SELF = 'dunaj-bratislava-fc-kosice';
const POSTPONED = 'vltava-praha-skoda-plzen';
const sk = messages.sk;
const payLabel = new RegExp(`^(${messages.sk.gateway.pay}|${messages.cs.gateway.pay}|${messages.en.gateway.pay})$`);

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** Holds `count` seats of `slug`, checks out and pays on the test gateway's page: the order id. */
async function buySeats(page: Page, slug: string, count: number): Promise<string> {
  await expect(async () => {
    const held = await page.request.post(`/api/v1/events/${slug}/cart/items`, { data: { seatIds: await freeSeats(page, slug, count) }, headers: await xsrfHeaders(page) });
    expect(held.status(), await held.text()).toBe(200);
  }).toPass({ timeout: 20_000 });
  const response = await page.request.post(`/api/v1/events/${slug}/checkout`, { data: { acceptTerms: true }, headers: await xsrfHeaders(page) });
  expect(response.status(), await response.text()).toBe(200);
  const { orderId, paymentUrl } = (await response.json()) as { orderId: string; paymentUrl: string };
  await page.goto(paymentUrl);
  await payOnGateway(page, payLabel);
  return orderId;
}

/** The event's id (the public pages name it by its slug), as its organiser's scan list has it. */
async function eventIdOf(office: Page, slug: string): Promise<string> {
  const { events } = (await (await office.request.get('/api/v1/scan/events')).json()) as { events: { id: string; slug: string }[] };
  return events.find((e) => e.slug === slug)!.id;
}

/** An amount as the Slovak pages write it, whatever space precedes the sign: "12,50". */
const euro = (amount: number) => (amount / 100).toFixed(2).replace('.', ',');

test.describe('returning tickets on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a fan cancels one of two tickets in two taps, sees what comes back first, and the order shows the part refund', async ({ browser, baseURL, page, signUpFresh }) => {
    test.setTimeout(180_000);
    const { context, page: office } = await signedInContext(browser, baseURL!, demo.dunajManager);
    const eventId = await eventIdOf(office, SELF);
    const rules = await office.request.put(`/api/v1/organiser/events/${eventId}/self-cancel`, { data: { allowed: true, hoursBefore: 1, refundsFee: null }, headers: await xsrfHeaders(office) });
    expect(rules.status(), await rules.text()).toBe(200);
    await context.close();

    await signUpFresh();
    const orderId = await buySeats(page, SELF, 2);
    type Ticket = { id: string; priceAmount: number; paidAmount: number; event: { slug: string }; refund: { kind: string } | null };
    const mine = ((await (await page.request.get('/api/v1/tickets')).json()).tickets as Ticket[]).filter((x) => x.event.slug === SELF);
    expect(mine).toHaveLength(2);
    expect(mine[0].refund).toMatchObject({ kind: 'self-cancel' });
    const [first, second] = mine;

    await page.goto('/sk/vstupenky');
    const card = page.locator(`[data-ticket-id="${first.id}"]`);
    await expect(card).toBeVisible();
    await fitsThePhone(page);
    // Tap 1: the dialog shows what comes back, before anything happens.
    await card.getByRole('button', { name: sk.refunds.fan.cancel }).tap();
    const dialog = page.getByRole('dialog', { name: sk.refunds.fan.titleCancel });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('refund-total')).toContainText(euro(first.paidAmount));
    await expect(dialog.getByTestId('refund-card')).toContainText(euro(first.paidAmount));
    await fitsThePhone(page);
    await noSeriousViolations(page);
    // Tap 2: confirmed; the ticket is gone, the other stays.
    await dialog.getByRole('button', { name: sk.refunds.fan.confirm }).tap();
    await expect(dialog).toBeHidden();
    await expect(card).toBeHidden();
    await expect(page.locator(`[data-ticket-id="${second.id}"]`)).toBeVisible();

    // The order: paid, and a part refund of that ticket's price on its way to the card.
    await page.goto(`/sk/objednavky/${orderId}`);
    await expect(page.getByText(euro(first.paidAmount)).first()).toBeVisible();
    const order = await (await page.request.get(`/api/v1/orders/${orderId}`)).json();
    expect(order.status).toBe('paid');
    expect(order.refunds).toEqual([{ amount: { amount: first.paidAmount, currency: 'EUR' }, status: expect.any(String) }]);
    await fitsThePhone(page);
  });

  test('the postpone form takes no typing before the page listens: its fields wait for the scripts, then keep what is typed', async ({ browser, baseURL }) => {
    const { context, page: office } = await signedInContext(browser, baseURL!, demo.vltavaOwner);
    // The page's scripts held back (its styles not): the server's HTML is there, React is not listening yet.
    const release = await holdScripts(office);
    await office.goto(`/sk/organizator/podujatia/${await eventIdOf(office, POSTPONED)}`, { waitUntil: 'commit' });
    const form = office.getByTestId('postpone-form');
    const startsAt = form.getByLabel(sk.refunds.organiser.postpone.startsAt);
    await expect(startsAt).toBeVisible();
    await expect(startsAt).toBeDisabled();
    await expect(form.getByRole('button', { name: sk.refunds.organiser.postpone.submit })).toBeDisabled();
    release();
    await expect(startsAt).toBeEnabled({ timeout: 30_000 });
    const value = instantToLocal(new Date(Date.now() + 30 * 86_400_000).toISOString());
    await startsAt.fill(value);
    await expect(startsAt).toHaveValue(value);
    await context.close();
  });

  test('the organiser postpones a match; its holder sees the new date and asks for a refund before the deadline', async ({ browser, baseURL, page, signUpFresh }) => {
    test.setTimeout(180_000);
    await signUpFresh();
    await buySeats(page, POSTPONED, 1);
    const before = (await (await page.request.get(`/api/v1/events/${POSTPONED}`)).json()) as { startsAt: string };

    // The office: the event's page, Postpone with a new start a week later and a refund deadline in three days.
    const { context, page: office } = await signedInContext(browser, baseURL!, demo.vltavaOwner);
    await office.goto(`/sk/organizator/podujatia/${await eventIdOf(office, POSTPONED)}`);
    const form = office.getByTestId('postpone-form');
    await expect(form).toBeVisible();
    const newStart = new Date(new Date(before.startsAt).getTime() + 7 * 86_400_000);
    await form.getByLabel(sk.refunds.organiser.postpone.startsAt).fill(instantToLocal(newStart.toISOString()));
    await form.getByLabel(sk.refunds.organiser.postpone.refundDeadline).fill(instantToLocal(new Date(Date.now() + 3 * 86_400_000).toISOString()));
    await form.getByRole('button', { name: sk.refunds.organiser.postpone.submit }).click();
    await expect(office.getByTestId('postponement-state')).toBeVisible();
    await context.close();

    // The holder: the new date on Your tickets, and the refund in two taps.
    await page.goto('/sk/vstupenky');
    type Ticket = { id: string; paidAmount: number; event: { slug: string; startsAt: string } };
    const [ticket] = ((await (await page.request.get('/api/v1/tickets')).json()).tickets as Ticket[]).filter((x) => x.event.slug === POSTPONED);
    expect(new Date(ticket.event.startsAt).getTime()).toBe(Math.floor(newStart.getTime() / 60_000) * 60_000);
    const card = page.locator(`[data-ticket-id="${ticket.id}"]`);
    await expect(card.getByTestId('ticket-postponed')).toBeVisible();
    await fitsThePhone(page);
    await card.getByRole('button', { name: sk.refunds.fan.refund }).tap();
    const dialog = page.getByRole('dialog', { name: sk.refunds.fan.titleRefund });
    await expect(dialog.getByTestId('refund-total')).toBeVisible();
    await noSeriousViolations(page);
    await dialog.getByRole('button', { name: sk.refunds.fan.confirm }).tap();
    await expect(dialog).toBeHidden();
    await expect(card).toBeHidden();
  });
});
