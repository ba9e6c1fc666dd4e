// Your tickets on a phone, finished (issue 17 items 7 and 9): the code full screen after one tap, a
// compact list per event, add to calendar (.ics) with the right start in Europe/Bratislava, gift traces
// on both sides, and the branded offline page for pages the service worker has no copy of.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { demo, expect, messages, redeemVoucher, seeded, test, uniqueEmail, verifyEmailFromMailbox } from './fixtures';

const sk = messages.sk;
const en = messages.en;
const phone = { width: 390, height: 844 };

test.use({ viewport: phone });

/** A fan with a verified email and their own name, in their own phone-sized browser. */
async function namedFan(browser: Browser, baseURL: string, firstName: string, lastName: string) {
  const context = await browser.newContext({ baseURL, locale: 'sk-SK', viewport: phone });
  const page = await context.newPage();
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await page.request.post('/api/v1/auth/signup', {
    data: { firstName, lastName, sex: 'other', dateOfBirth: '1994-04-04', email, password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  await verifyEmailFromMailbox(page, email);
  return { context, page, email };
}

/** DTSTART of a calendar file (UTC, …Z) as the wall-clock time in Bratislava, e.g. "19:30". */
function startInBratislava(ics: string): { instant: Date; time: string } {
  const value = /\r\nDTSTART:(\d{8}T\d{6}Z)\r\n/.exec(ics.replace(/\r\n[ \t]/g, ''))![1];
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value)!;
  const instant = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  const time = new Intl.DateTimeFormat('sk-SK', { timeZone: 'Europe/Bratislava', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
  return { instant, time };
}

async function downloadedText(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  return readFile((await download.path())!, 'utf8');
}

test.describe('Your tickets on a phone', () => {
  test('one tap opens the code full screen: fully visible without scrolling, brightness hint, Escape closes', async ({ page, signIn }) => {
    await signIn(demo.fan);
    await page.goto('/sk/vstupenky');
    await page.getByRole('button', { name: sk.tickets.showCode }).first().click();

    const dialog = page.getByRole('dialog');
    const qr = dialog.getByTestId('ticket-qr');
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(dialog.getByText(sk.ticketCode.brightness)).toBeVisible();
    // modal: the rest of the page is inert and focus stays in the dialog
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);

    // the dialog covers the screen and the whole code is inside it, no scrolling
    const screen = (await dialog.boundingBox())!;
    expect(screen.x).toBeLessThanOrEqual(0);
    expect(screen.y).toBeLessThanOrEqual(0);
    expect(screen.width).toBeGreaterThanOrEqual(phone.width);
    expect(screen.height).toBeGreaterThanOrEqual(phone.height);
    const box = (await qr.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    expect(box.y + box.height).toBeLessThanOrEqual(phone.height);
    expect(box.width).toBeGreaterThanOrEqual(280); // large enough for a gate's reader
    expect(await qr.evaluate((img) => img.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // and the close button closes it too
    await page.getByRole('button', { name: sk.tickets.showCode }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: sk.ticketCode.close }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('a compact list: the event, date and venue once in the group header, each row its seat and actions; the .ics starts at the right time in Bratislava', async ({ page, signUpFresh }) => {
    await signUpFresh();
    // one code, two tickets of one match
    await redeemVoucher(page, `VOUCHER-KOSICE-PAIR-${7 + test.info().retry}`);
    const group = page.getByTestId('ticket-event');
    await expect(group).toHaveCount(1);
    const rows = group.getByTestId('ticket-card');
    await expect(rows).toHaveCount(2);
    const header = group.locator('header');
    const venue = (await (await page.request.get('/api/v1/tickets')).json()).tickets[0].event.venue.name as string;
    await expect(header).toContainText(venue);
    for (const row of await rows.all()) {
      await expect(row).not.toContainText(venue);
      await expect(row.getByRole('button', { name: sk.tickets.showCode })).toBeVisible();
    }

    // add to calendar from the group: the file's start, read in Bratislava, is the time the page shows
    const shown = (await header.locator('time').textContent())!;
    const ics = await downloadedText(page, () => header.getByRole('link', { name: sk.tickets.addToCalendar }).click());
    const start = startInBratislava(ics);
    expect(shown).toContain(start.time);
    const slug = (await (await page.request.get('/api/v1/tickets')).json()).tickets[0].event.slug as string;
    const detail = await (await page.request.get(`/api/v1/events/${slug}`)).json();
    expect(start.instant.toISOString()).toBe(new Date(detail.startsAt).toISOString());
    expect(ics).toContain('BEGIN:VEVENT');

    // and from the event page
    await page.goto(`/sk/podujatia/${seeded.stadiumEvent}`);
    const fromEvent = await downloadedText(page, () => page.getByRole('link', { name: sk.event.addToCalendar }).click());
    const stadium = await (await page.request.get(`/api/v1/events/${seeded.stadiumEvent}`)).json();
    expect(startInBratislava(fromEvent).instant.toISOString()).toBe(new Date(stadium.startsAt).toISOString());
    await expect(page.locator('time').first()).toContainText(startInBratislava(fromEvent).time);
  });

  test('share: the phone’s share sheet where there is one, else the link is copied', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto(`/sk/podujatia/${seeded.stadiumEvent}`);
    // no Web Share API here: the fallback copies the link
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
    await page.getByRole('button', { name: sk.event.share }).click();
    await expect(page.getByText(sk.event.linkCopied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/sk/podujatia/${seeded.stadiumEvent}`, baseURL).toString());
    // with the Web Share API, it gets the event's title and link
    await page.evaluate(() => {
      const w = window as unknown as { shared?: ShareData };
      Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void (w.shared = data), configurable: true });
    });
    await page.getByRole('button', { name: sk.event.share }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared?: ShareData }).shared);
    expect(shared?.url).toBe(new URL(`/sk/podujatia/${seeded.stadiumEvent}`, baseURL).toString());
    expect(shared?.title).toBe(await page.getByRole('heading', { level: 1 }).textContent());
  });

  test('a gift leaves a trace on both sides: "Gifted to Peter D." for the giver, "From Jana N." on the ticket', async ({ page, browser, baseURL, signUpFresh }) => {
    await signUpFresh({ firstName: 'Jana', lastName: 'Nováková' });
    await redeemVoucher(page, `VOUCHER-DUNAJ-${35 + test.info().retry}`);
    await expect(page.getByTestId('ticket-card')).toHaveCount(1);
    const peter = await namedFan(browser, baseURL!, 'Peter', 'Dvořák');

    await page.getByRole('button', { name: sk.tickets.gift }).first().click();
    const dialog = page.getByRole('dialog', { name: sk.gift.title });
    await dialog.getByLabel(sk.gift.emailLabel).fill(peter.email);
    await dialog.getByRole('button', { name: sk.gift.submit }).click();
    await expect(page.getByText(sk.gift.sent.replace('{email}', peter.email))).toBeVisible();

    // the giver: no ticket any more, and a history line under the event
    await page.reload();
    await expect(page.getByTestId('ticket-card')).toHaveCount(0);
    const line = page.getByTestId('ticket-gifted');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(sk.tickets.giftedTo.replace('{name}', 'Peter D.'));
    await expect(page.getByTestId('ticket-event').getByRole('heading', { level: 2 })).toContainText('FK Dunaj Bratislava – FC Košice');

    // the receiver: the ticket says who gave it
    await peter.page.goto('/sk/vstupenky');
    await expect(peter.page.getByTestId('ticket-card')).toHaveCount(1);
    await expect(peter.page.getByTestId('gift-from')).toHaveText(new RegExp(sk.tickets.giftFrom.replace('{name}', 'Jana N.')));
    await peter.context.close();
  });

  test('offline, a page the service worker has no copy of shows the branded offline page with a link to Your tickets', async ({ page, context, signIn }) => {
    test.setTimeout(90_000);
    await signIn(demo.fan);
    await page.goto('/sk/vstupenky');
    await expect(page.locator('html[data-offline-ready="1"]')).toBeAttached({ timeout: 30_000 });

    await context.setOffline(true);
    await page.goto('/sk/podujatia');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.offlinePage.title);
    await expect(page.getByText(sk.offlinePage.lead)).toBeVisible();
    await expect(page.getByText('Tribuna').first()).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // in the page's language
    await page.goto('/en/events');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.offlinePage.title);
    await page.goto('/sk/o-nas');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.offlinePage.title);

    // Your tickets open offline from there, codes and all
    await page.getByRole('link', { name: sk.offlinePage.toTickets }).click();
    await expect(page.getByRole('heading', { level: 1, name: sk.tickets.title })).toBeVisible();
    await page.getByRole('button', { name: sk.tickets.showCode }).first().click();
    await expect(page.getByRole('dialog').getByTestId('ticket-qr')).toBeVisible();
    await context.setOffline(false);
  });
});
