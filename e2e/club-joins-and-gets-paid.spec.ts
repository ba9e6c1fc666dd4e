// A club joins and gets paid (issue 32, its one combined journey), as the people involved do it in Slovak:
// a person who has just signed up applies to sell at /sk/predavajte, the demo Tribuna admin approves the
// application with commercial terms (a fee per ticket and a percentage), the new owner sets up a venue and
// a match in the console and publishes it, a fan finds it, buys a seat through the test gateway and
// downloads the club's tax document from My orders — a PDF in the club's legal name with its IČO — and
// the club's settlement of the month owes it the sale less exactly the fees the admin set — what the
// payout after the match pays, as the owner chose in the console's settings. The match starts minutes after
// it is made and lasts a minute; once it is over (the e2e server pays at the end: PAYOUT_WAIT_HOURS=0) the
// admin prepares the payout run on the payout screen and the owner sees the match's payout in it, in the
// console. Every step on its own data: fresh accounts, organisation, venue and event.
import type { Browser, Locator } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { instantToLocal } from '../lib/organiser/zoned-time';
import { buyTicket, expect, messages, signedInContext, test, uniqueEmail } from './fixtures';

const sk = messages.sk;
const a = sk.onboarding.apply;
const o = sk.organiser;
const ui = sk.documents.ui;
const shown = (locator: Locator) => locator.filter({ visible: true });
const MINUTE = 60_000;

const layout = {
  width: 400,
  height: 300,
  outline: [],
  sections: [{ code: 'A', name: { sk: 'Tribúna A', cs: 'Tribuna A', en: 'Stand A' }, rows: [{ label: '1', seats: [1, 2, 3, 4].map((n) => ({ label: String(n), x: 80 + n * 30, y: 120 })) }] }],
};

/** A new fan in a browser of their own, signed up through the API (Slovak). */
async function newFan(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'sk-SK', acceptDownloads: true });
  const page = await context.newPage();
  const signup = await page.request.post('/api/v1/auth/signup', {
    data: { firstName: 'Jana', lastName: 'Fanúšiková', sex: 'female', dateOfBirth: '1995-05-05', email: uniqueEmail('club-fan'), password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  return { context, page };
}

test('a new club applies, is approved, publishes a match; a fan buys and downloads the club’s tax document; the club is owed the sale less its fees and sees the match’s payout in the next run', async ({ page, browser, baseURL, signUpFresh }) => {
  // The match starts three to four minutes after it is made, so that the fan can still buy on a busy CI
  // machine (publishing refuses a start in the past, sales close at kick-off), and ends a minute later.
  test.setTimeout(600_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const club = `TJ Platená ${stamp}`;
  const legalName = `${club}, o.z.`;
  await signUpFresh({ email: uniqueEmail('club-owner') });

  // ── the application ──────────────────────────────────────────────────────────
  await page.goto('/sk/predavajte');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(a.title);
  await page.getByLabel(a.fields.name, { exact: true }).fill(club);
  await page.getByLabel(a.fields.legalForm, { exact: true }).fill('o.z.');
  await page.getByLabel(a.fields.legalName, { exact: true }).fill(legalName);
  await page.getByLabel(a.fields.street, { exact: true }).fill('Ihrisková 7');
  await page.getByLabel(a.fields.postcode, { exact: true }).fill('97401');
  await page.getByLabel(a.fields.city, { exact: true }).fill('Banská Bystrica');
  await page.getByLabel(a.fields.ico, { exact: true }).fill('35612347');
  await page.getByLabel(a.fields.dic, { exact: true }).fill('2020612347');
  await page.getByLabel(a.fields.iban, { exact: true }).fill('SK09 1100 0000 0029 4455 6689');
  await page.getByLabel(a.fields.bic, { exact: true }).fill('TATRSKBX');
  await page.getByLabel(a.fields.contactPhone, { exact: true }).fill('+421 905 765 432');
  await page.getByLabel(a.acceptTerms).check();
  await page.getByRole('button', { name: a.submit }).click();
  await expect(page.getByTestId('application-status')).toContainText(a.status.pending.title);

  // ── a Tribuna admin approves it: 0,50 € per ticket and 2,5 % ────────────────
  const admin = await signedInContext(browser, baseURL!, 'admin@tribuna.sk');
  await admin.page.goto('/sk/admin/ziadosti');
  await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText(sk.onboarding.admin.title);
  const card = admin.page.getByTestId('application').filter({ has: admin.page.getByRole('heading', { name: club }) });
  await card.getByLabel(sk.onboarding.admin.message).fill('Vitajte!');
  await card.getByLabel(sk.onboarding.admin.feePerTicket).fill('50');
  await card.getByLabel(sk.onboarding.admin.feeBps).fill('250');
  await card.getByRole('button', { name: sk.onboarding.admin.approve }).click();
  await expect(admin.page.getByText(sk.onboarding.admin.done.approved)).toBeVisible();
  await admin.context.close();

  // ── the new owner chooses to be paid after each match, not once a month ─────
  const schedule = sk.onboarding.profile.schedule;
  await page.goto('/sk/organizator/nastavenia');
  const payoutForm = page.getByTestId('payout-schedule');
  await expect(payoutForm.getByLabel(schedule.period)).toBeChecked();
  await payoutForm.getByLabel(schedule.event).check();
  await payoutForm.getByRole('button', { name: schedule.save }).click();
  await expect(page.getByText(schedule.saved)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('payout-schedule').getByLabel(schedule.event)).toBeChecked();

  // ── the new owner: a venue, a match with a price, an image, published ──────
  const venueName = `Ihrisko ${stamp}`;
  await page.goto('/sk/organizator/miesta-konania/nove');
  await page.getByLabel(o.venues.form.name).fill(venueName);
  await page.getByLabel(o.venues.form.address).fill('Ihrisková 7');
  await page.getByLabel(o.venues.form.city).fill('Banská Bystrica');
  await page.getByRole('button', { name: o.venues.form.create }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(venueName);
  await page.getByLabel(o.venues.importText).fill(JSON.stringify(layout, null, 2));
  await page.getByRole('button', { name: o.venues.importButton }).click();
  await page.getByRole('dialog').getByRole('button', { name: o.venues.importConfirm.yes }).click();
  await expect(page.getByTestId('layout-preview').locator('circle')).toHaveCount(4);

  const title = `${club} – FK Hostia`;
  await page.goto('/sk/organizator/podujatia/nove');
  await page.getByRole('group', { name: o.events.languages.sk }).getByLabel(o.events.fields.title).fill(title);
  await page.getByLabel(o.events.fields.venue, { exact: true }).selectOption({ label: `${venueName}, Banská Bystrica` });
  await page.getByLabel(o.events.fields.category, { exact: true }).selectOption({ label: o.events.categories.sport });
  // Kick-off on the next minute three minutes from now, the final whistle a minute later: the payout is due soon after the sale.
  const startsAt = new Date(Math.ceil((Date.now() + 3 * MINUTE) / MINUTE) * MINUTE);
  await page.getByLabel(o.events.fields.startsAt, { exact: true }).fill(instantToLocal(startsAt.toISOString()));
  await page.getByLabel(`${o.events.fields.endsAt} (${o.events.optional})`, { exact: true }).fill(instantToLocal(new Date(startsAt.getTime() + MINUTE).toISOString()));
  await page.getByRole('button', { name: o.events.create }).click();
  await expect(page).toHaveURL(/\/sk\/organizator\/podujatia\/[0-9a-f-]{36}$/);
  const eventId = page.url().split('/').pop()!;

  await shown(page.getByRole('link', { name: o.eventTabs.prices })).click();
  const form = shown(page.getByRole('form', { name: o.prices.newCategory }));
  await form.getByLabel('Názov (SK)').fill('Sedenie');
  await form.getByLabel('Cena (EUR)').fill('12');
  await form.getByRole('checkbox', { name: /Tribúna A/ }).check();
  await form.getByRole('button', { name: o.prices.add }).click();
  await expect(shown(page.getByRole('form', { name: 'Sedenie' })).getByText(/Predané 0 · v košíkoch 0 · miest [1-9]/)).toBeVisible();

  await shown(page.getByRole('link', { name: o.eventTabs.images })).click();
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#1e3a8a' } }).png().toBuffer();
  const upload = shown(page.getByRole('button', { name: o.images.upload.submit }));
  await expect(upload).toBeEnabled();
  await shown(page.getByLabel(o.images.upload.file, { exact: true })).setInputFiles({ name: 'zapas.png', mimeType: 'image/png', buffer: png });
  await upload.click();
  await expect(page.getByText(o.images.upload.done)).toBeVisible();
  await shown(page.getByRole('button', { name: o.eventActions.publish })).click();
  await page.getByRole('dialog', { name: o.eventActions.confirm.publish.title }).getByRole('button', { name: o.eventActions.confirm.publish.yes }).click();
  await expect(page.getByText(o.eventActions.done.publish)).toBeVisible();
  await expect(shown(page.getByTestId('event-status'))).toHaveText(o.eventStatus.on_sale);

  // ── a fan finds the match, buys a seat and downloads the club's document ────
  const fan = await newFan(browser, baseURL!);
  await fan.page.goto(`/sk/podujatia?q=${encodeURIComponent(title)}`);
  const found = fan.page.getByRole('link', { name: new RegExp(title) }).first();
  await expect(found).toBeVisible();
  const slug = (await found.getAttribute('href'))!.split('/').pop()!;
  const orderId = await buyTicket(fan.page, slug);

  await fan.page.goto(`/sk/objednavky/${orderId}`);
  const documents = fan.page.getByTestId('order-documents');
  await expect(documents.getByRole('heading', { name: ui.title })).toBeVisible();
  const ticketsItem = documents.getByRole('listitem').filter({ hasText: ui.invoice.tickets.replace(' {number}', '') });
  const link = ticketsItem.getByTestId('document-download');
  await expect(link).toBeVisible();
  const [download] = await Promise.all([fan.page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^faktura-\d{4}-\d{6}\.pdf$/);
  const pdf = await fan.page.request.get((await link.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  // The club's first document: its legal name, its IČO, the seat's price, number 1 of its series.
  expect(text).toContain(legalName);
  expect(text).toContain('35612347');
  expect(text).toMatch(/12,00/);
  expect(download.suggestedFilename()).toMatch(/-000001\.pdf$/);
  await fan.context.close();

  // ── the club: the month's settlement owes it the sale less exactly its fees ─
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const orgId = organisations.find((org: { name: string }) => org.name === club).id;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bratislava', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const statement = await (await page.request.get(`/api/v1/organiser/settlements?organisation=${orgId}&from=${today.slice(0, 8)}01&to=${today}`)).json();
  const line = statement.currencies.find((c: { currency: string }) => c.currency === 'EUR').lines.find((l: { title: string }) => l.title.includes(title));
  // 12,00 € sold; Tribuna's fee: 0,50 € per ticket + 2,5 % of 12,00 € = 0,80 €.
  expect({ primaryNet: line.primaryNet, ticketFees: line.ticketFees, owed: line.owed }).toEqual({ primaryNet: 1200, ticketFees: 80, owed: 1120 });
  await page.goto('/sk/organizator/vyuctovanie');
  const table = page.getByRole('table', { name: o.settlements.tableCaption.replace('{currency}', 'EUR') });
  await expect(table.getByRole('rowheader', { name: new RegExp(title) })).toBeVisible();

  // ── the match is over: its payout, 11,20 €, in the next payout run ──────────
  // The owner's list makes the payout once the match has ended (the e2e server waits 0 hours after it).
  type Payout = { id: string; kind: string; event: { id: string } | null; amount: number };
  let payout: Payout | undefined;
  await expect
    .poll(
      async () => {
        const answer = await (await page.request.get(`/api/v1/organiser/payouts?organisation=${orgId}`)).json();
        payout = (answer.payouts as Payout[]).find((p) => p.kind === 'event' && p.event?.id === eventId);
        return payout?.amount ?? 'no payout yet';
      },
      { timeout: 300_000, intervals: [5_000] },
    )
    .toBe(1120);

  const payoutAdmin = await signedInContext(browser, baseURL!, 'admin@tribuna.sk');
  await payoutAdmin.page.goto('/sk/admin/vyplaty');
  await expect(payoutAdmin.page.getByRole('heading', { level: 1 })).toHaveText(sk.payouts.admin.title);
  const prepare = payoutAdmin.page.getByRole('button', { name: sk.payouts.admin.prepare.replace('{currency}', 'EUR') });
  await expect(prepare).toBeVisible();
  // The run holding the club's payout: its file pays the club's legal name and account exactly 11,20 €. The
  // admin prepares the EUR run (the button works once the screen has hydrated) — unless another journey on
  // this server already prepared one that took the club's payout (runs are Tribuna's, not one club's), and
  // may have confirmed it too.
  const endToEnd = `<EndToEndId>${payout!.id.replace(/-/g, '')}</EndToEndId>`;
  let transfer = '';
  await expect(async () => {
    const runs = payoutAdmin.page.getByTestId('payout-run');
    for (let i = 0; i < (await runs.count()) && !transfer; i++) {
      const file = await payoutAdmin.page.request.get((await runs.nth(i).getByRole('link', { name: /^Stiahnuť súbor dávky/ }).getAttribute('href'))!);
      const xml = await file.text();
      if (xml.includes(endToEnd)) transfer = xml.slice(xml.indexOf(endToEnd), xml.indexOf('</CdtTrfTxInf>', xml.indexOf(endToEnd)));
    }
    if (!transfer && (await prepare.isEnabled())) {
      await Promise.all([payoutAdmin.page.waitForResponse((r) => r.url().endsWith('/api/v1/admin/payout-runs') && r.request().method() === 'POST'), prepare.click()]);
    }
    if (!transfer) await payoutAdmin.page.reload();
    expect(transfer, 'no payout run holds the club’s payout').not.toBe('');
  }).toPass({ timeout: 60_000 });
  expect(transfer).toContain('Ccy="EUR">11.20</InstdAmt>');
  // (in the SEPA character set: banks get “Platena”)
  expect(transfer).toContain(`<Nm>TJ Platena ${stamp}, o.z.</Nm>`);
  expect(transfer).toContain('<IBAN>SK0911000000002944556689</IBAN>');
  await payoutAdmin.context.close();

  // The owner: from the settlement to the payouts, the match's payout of 11,20 € with the bank (or already paid).
  await page.getByRole('link', { name: o.settlements.payoutsLink }).click();
  await expect(page).toHaveURL(/\/sk\/organizator\/vyplaty$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(o.payouts.title);
  const row = page.getByTestId('organiser-payout').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  // Its figures, in the columns' order: 12,00 € sold, 0,80 € Tribuna's fee, no resale share, 11,20 € owed, nothing carried, 11,20 € paid out.
  await expect(row.getByRole('cell')).toHaveText([/^12,00\s€$/, /^[−-]0,80\s€$/, /^0,00\s€$/, /^11,20\s€$/, /^0,00\s€$/, /^11,20\s€$/, new RegExp(`^(${o.payouts.statuses.processing}|${o.payouts.statuses.paid})$`), /.*/]);
});
