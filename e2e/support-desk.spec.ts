// The support desk and the audit log (issue 33, item 6), on a desktop: a fan buys a seat; the club's
// manager finds the order by that seat in the console's support desk, resends its mail with a reason,
// and the demo mailbox shows the mail again; the order's timeline shows the resend. Then Tribuna's admin
// reads the audit log, filters it and exports it as CSV and Excel. Both screens are axe clean.
import { readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { noSeriousViolations } from './axe';
import { DEMO_PASSWORD, demo, expect, mailboxPath, messages, payOnGateway, seeded, test, xsrfHeaders } from './fixtures';

const sk = messages.sk;
const desktop = { width: 1280, height: 900 };
const ADMIN = 'admin@tribuna.sk';

test.describe.configure({ mode: 'serial' });

async function signedIn(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, locale: 'sk-SK', viewport: desktop, acceptDownloads: true });
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/auth/signin', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return { context, page };
}

type Layout = { layout: { sections: { code: string; name: string; rows?: { label: string; seats: { id: string; label: string; ticketTypeId: string | null }[] }[] }[] } };

test('support finds an order by its seat and resends the mail; the mailbox shows it and the timeline the resend', async ({ page, browser, baseURL, signUpFresh }) => {
  test.setTimeout(180_000);
  // A fan buys one seat, through the cart, checkout and the test gateway.
  const email = await signUpFresh();
  const detail = (await (await page.request.get(`/api/v1/events/${seeded.stadiumEvent}?include=seats`, { headers: { 'accept-language': 'sk' } })).json()) as Layout;
  const taken = new Set<string>(((await (await page.request.get(`/api/v1/events/${seeded.stadiumEvent}/availability`)).json()) as { takenSeatIds: string[] }).takenSeatIds);
  const places = detail.layout.sections.flatMap((section) =>
    (section.rows ?? []).flatMap((row) => row.seats.filter((seat) => seat.ticketTypeId && !taken.has(seat.id)).map((seat) => ({ section: section.name, row: row.label, seat: seat.label, id: seat.id }))),
  );
  let place = places[0];
  await expect(async () => {
    place = places[Math.floor(Math.random() * places.length)];
    const held = await page.request.post(`/api/v1/events/${seeded.stadiumEvent}/cart/items`, { data: { seatIds: [place.id] }, headers: await xsrfHeaders(page) });
    expect(held.status(), await held.text()).toBe(200);
  }).toPass({ timeout: 20_000 });
  const checkout = await page.request.post(`/api/v1/events/${seeded.stadiumEvent}/checkout`, { data: { acceptTerms: true }, headers: await xsrfHeaders(page) });
  expect(checkout.status(), await checkout.text()).toBeLessThan(300);
  const { orderId, paymentUrl } = (await checkout.json()) as { orderId: string; paymentUrl: string };
  await page.goto(paymentUrl);
  await payOnGateway(page, new RegExp(`^(${[messages.sk.gateway.pay, messages.cs.gateway.pay, messages.en.gateway.pay].join('|')})$`));
  const number = orderId.slice(0, 8).toUpperCase();

  // The club's manager, at the console's support desk: find by seat.
  const manager = await signedIn(browser, baseURL!, demo.dunajManager);
  const desk = manager.page;
  const { organisations } = (await (await desk.request.get('/api/v1/organiser/organisations')).json()) as { organisations: { id: string }[] };
  const { events } = (await (await desk.request.get(`/api/v1/organiser/events?organisation=${organisations[0].id}`)).json()) as { events: { id: string; slug: string }[] };
  const eventId = events.find((e) => e.slug === seeded.stadiumEvent)!.id;
  await desk.goto('/sk/organizator');
  await desk.getByRole('navigation', { name: sk.organiser.consoleNav }).getByRole('link', { name: sk.organiser.nav.support }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText(sk.support.title);
  // The form works once hydrated (its button is enabled then).
  await expect(desk.getByRole('button', { name: sk.support.search.submit, exact: true })).toBeEnabled();
  await desk.getByRole('radio', { name: sk.support.search.ways.seat }).check();
  await desk.getByLabel(sk.support.search.event, { exact: true }).selectOption(eventId);
  await desk.getByLabel(sk.support.search.section, { exact: true }).fill(place.section);
  await desk.getByLabel(sk.support.search.row, { exact: true }).fill(place.row);
  await desk.getByLabel(sk.support.search.seat, { exact: true }).fill(place.seat);
  await desk.getByRole('button', { name: sk.support.search.submit, exact: true }).click();
  const result = desk.getByTestId('support-result');
  await expect(result).toHaveCount(1);
  await expect(result).toContainText(`#${number}`);
  await expect(result).toContainText(email);
  await noSeriousViolations(desk);

  await result.getByRole('button', { name: sk.support.order.open.replace('{number}', number) }).click();
  await expect(desk.getByRole('heading', { name: sk.support.order.title.replace('{number}', number) })).toBeVisible();
  await expect(desk.getByTestId('support-ticket')).toHaveCount(1);

  // Resend: the reason is required, then the mail goes again.
  await desk.getByRole('button', { name: sk.support.actions.resend }).click();
  await desk.getByRole('button', { name: sk.support.actions.confirm }).click();
  await expect(desk.getByText(sk.support.errors.reasonRequired)).toBeVisible();
  await desk.getByLabel(sk.support.actions.reason).fill('Fanúšik nenašiel potvrdenie v pošte');
  await desk.getByRole('button', { name: sk.support.actions.confirm }).click();
  await expect(desk.getByText(sk.support.actions.done.resend).first()).toBeVisible();
  const timeline = desk.getByTestId('support-timeline');
  await expect(timeline).toContainText(sk.support.auditActions.order_resend_mail);
  await expect(timeline).toContainText('Fanúšik nenašiel potvrdenie v pošte');
  await noSeriousViolations(desk, { afterToasts: true });

  // The demo mailbox: the confirmation, twice.
  await page.goto(mailboxPath(email));
  await expect(page.locator('article.mail[data-kind="order-paid"]')).toHaveCount(2);
  await manager.context.close();
});

test('the admin reads the audit log, filters it and exports it as CSV and Excel', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, baseURL!, ADMIN);
  const page = admin.page;
  await page.goto('/sk/profil');
  await page.getByRole('link', { name: sk.support.audit.title }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.support.audit.adminTitle);
  await expect(page.getByRole('button', { name: sk.support.audit.apply })).toBeEnabled();
  await page.getByLabel(sk.support.audit.action, { exact: true }).fill('order.resend_mail');
  await page.getByRole('button', { name: sk.support.audit.apply }).click();
  const rows = page.getByTestId('audit-entry');
  await expect(rows.first()).toContainText('Fanúšik nenašiel potvrdenie v pošte');
  await expect(rows.first()).toContainText(demo.dunajManager);
  await noSeriousViolations(page);

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: sk.support.audit.exportCsv }).click()]);
  expect(csv.suggestedFilename()).toBe('audit-log.csv');
  const text = readFileSync((await csv.path())!, 'utf8');
  expect(text.split('\n')[0]).toContain(`${sk.support.audit.columns.at};${sk.support.audit.columns.actor}`);
  expect(text).toContain('order.resend_mail');
  expect(text).toContain('Fanúšik nenašiel potvrdenie v pošte');
  expect(text).not.toContain('ticket.void');

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: sk.support.audit.exportXlsx }).click()]);
  expect(xlsx.suggestedFilename()).toBe('audit-log.xlsx');
  expect(readFileSync((await xlsx.path())!).subarray(0, 2).toString()).toBe('PK');
  await admin.context.close();
});
