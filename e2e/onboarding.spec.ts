// A club joins (issue 32): a person who has just signed up applies to sell on Tribuna in Slovak (the form
// checks the IČO), the demo admin approves the application with commercial terms, the approval mail
// arrives in the applicant's mailbox, and the new owner sets up a venue and a match in the console and
// publishes it. Every step on its own data: a fresh account, organisation, venue and event.
import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { noSeriousViolations } from './axe';
import { expect, mailboxPath, messages, signedInContext, test, uniqueEmail } from './fixtures';

const sk = messages.sk;
const a = sk.onboarding.apply;
const o = sk.organiser;
const shown = (locator: Locator) => locator.filter({ visible: true });

const layout = {
  width: 400,
  height: 300,
  outline: [],
  sections: [{ code: 'A', name: { sk: 'Tribúna A', cs: 'Tribuna A', en: 'Stand A' }, rows: [{ label: '1', seats: [1, 2, 3].map((n) => ({ label: String(n), x: 100 + n * 30, y: 120 })) }] }],
};

test('a new club applies, the admin approves it with terms, the mail arrives, and the club publishes a match', async ({ page, browser, baseURL, signUpFresh }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const club = `MŠK Onboarding ${stamp}`;
  const email = await signUpFresh({ email: uniqueEmail('club') });

  // ── the application ──────────────────────────────────────────────────────────
  await page.goto('/sk/predavajte');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(a.title);
  await page.getByLabel(a.fields.name, { exact: true }).fill(club);
  await page.getByLabel(a.fields.legalForm, { exact: true }).fill('o.z.');
  await page.getByLabel(a.fields.legalName, { exact: true }).fill(`${club}, o.z.`);
  await page.getByLabel(a.fields.street, { exact: true }).fill('Športová 5');
  await page.getByLabel(a.fields.postcode, { exact: true }).fill('01001');
  await page.getByLabel(a.fields.city, { exact: true }).fill('Žilina');
  // A mistyped IČO is caught at its field, in Slovak.
  await page.getByLabel(a.fields.ico, { exact: true }).fill('35612348');
  await page.getByLabel(a.fields.dic, { exact: true }).fill('2020612347');
  await page.getByLabel(a.fields.iban, { exact: true }).fill('SK09 1100 0000 0029 4455 6689');
  await page.getByLabel(a.fields.bic, { exact: true }).fill('TATRSKBX');
  await page.getByLabel(a.fields.contactPhone, { exact: true }).fill('+421 905 123 456');
  await page.getByLabel(a.acceptTerms).check();
  await page.getByRole('button', { name: a.submit }).click();
  await expect(page.getByText(sk.onboarding.errors.ico)).toBeVisible();
  await noSeriousViolations(page);
  await page.getByLabel(a.fields.ico, { exact: true }).fill('356 123 47');
  await page.getByRole('button', { name: a.submit }).click();
  await expect(page.getByTestId('application-status')).toContainText(a.status.pending.title);
  await page.goto(mailboxPath(email));
  await expect(page.locator('article.mail[data-kind="application-received"]')).toHaveCount(1);

  // ── the demo admin approves it with terms ────────────────────────────────────
  const admin = await signedInContext(browser, baseURL!, 'admin@tribuna.sk');
  await admin.page.goto('/sk/admin/ziadosti');
  await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText(sk.onboarding.admin.title);
  const card = admin.page.getByTestId('application').filter({ has: admin.page.getByRole('heading', { name: club }) });
  await expect(card).toContainText('35612347');
  await noSeriousViolations(admin.page);
  await card.getByLabel(sk.onboarding.admin.message).fill('Vitajte na Tribune!');
  await card.getByLabel(sk.onboarding.admin.feePerTicket).fill('50');
  await card.getByLabel(sk.onboarding.admin.feeBps).fill('250');
  await expect(card.getByRole('button', { name: sk.onboarding.admin.approve })).toBeEnabled();
  await card.getByRole('button', { name: sk.onboarding.admin.approve }).click();
  await expect(admin.page.getByText(sk.onboarding.admin.done.approved)).toBeVisible();
  await expect(card).toContainText(sk.onboarding.statuses.approved);
  await admin.context.close();

  // ── the applicant's mail ─────────────────────────────────────────────────────
  await page.goto(mailboxPath(email));
  const approved = page.locator('article.mail[data-kind="application-approved"]');
  await expect(approved).toHaveCount(1);
  await expect(approved).toContainText(sk.onboarding.mail.approved.subject.replace('{organisation}', club));
  await expect(approved).toContainText('Vitajte na Tribune!');

  // ── the new owner's console: terms shown, a venue and a match, published ─────
  await page.goto('/sk/organizator/nastavenia');
  await expect(page.getByTestId('approval')).toContainText('0,50');
  await expect(page.getByTestId('approval')).toContainText('2,5');

  const venueName = `Štadión ${stamp}`;
  await page.goto('/sk/organizator/miesta-konania/nove');
  await page.getByLabel(o.venues.form.name).fill(venueName);
  await page.getByLabel(o.venues.form.address).fill('Športová 5');
  await page.getByLabel(o.venues.form.city).fill('Žilina');
  await page.getByRole('button', { name: o.venues.form.create }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(venueName);
  await page.getByLabel(o.venues.importText).fill(JSON.stringify(layout, null, 2));
  await page.getByRole('button', { name: o.venues.importButton }).click();
  await page.getByRole('dialog').getByRole('button', { name: o.venues.importConfirm.yes }).click();
  await expect(page.getByTestId('layout-preview').locator('circle')).toHaveCount(3);

  const title = `${club} – FK Test`;
  await page.goto('/sk/organizator/podujatia/nove');
  await page.getByRole('group', { name: o.events.languages.sk }).getByLabel(o.events.fields.title).fill(title);
  await page.getByLabel(o.events.fields.venue, { exact: true }).selectOption({ label: `${venueName}, Žilina` });
  await page.getByLabel(o.events.fields.category, { exact: true }).selectOption({ label: o.events.categories.sport });
  await page.getByLabel(o.events.fields.startsAt, { exact: true }).fill('2027-08-01T18:00');
  await page.getByRole('button', { name: o.events.create }).click();
  await expect(page).toHaveURL(/\/sk\/organizator\/podujatia\/[0-9a-f-]{36}$/);

  await shown(page.getByRole('link', { name: o.eventTabs.prices })).click();
  const form = shown(page.getByRole('form', { name: o.prices.newCategory }));
  await form.getByLabel('Názov (SK)').fill('Sedenie');
  await form.getByLabel('Cena (EUR)').fill('12');
  await form.getByRole('checkbox', { name: /Tribúna A/ }).check();
  await form.getByRole('button', { name: o.prices.add }).click();
  await expect(shown(page.getByRole('form', { name: 'Sedenie' })).getByText(/Predané 0 · v košíkoch 0 · miest [1-9]/)).toBeVisible();

  await shown(page.getByRole('link', { name: o.eventTabs.images })).click();
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#166534' } }).png().toBuffer();
  const upload = shown(page.getByRole('button', { name: o.images.upload.submit }));
  await expect(upload).toBeEnabled();
  await shown(page.getByLabel(o.images.upload.file, { exact: true })).setInputFiles({ name: 'zapas.png', mimeType: 'image/png', buffer: png });
  await upload.click();
  await expect(page.getByText(o.images.upload.done)).toBeVisible();
  await shown(page.getByRole('button', { name: o.eventActions.publish })).click();
  await page.getByRole('dialog', { name: o.eventActions.confirm.publish.title }).getByRole('button', { name: o.eventActions.confirm.publish.yes }).click();
  await expect(page.getByText(o.eventActions.done.publish)).toBeVisible();
  await expect(shown(page.getByTestId('event-status'))).toHaveText(o.eventStatus.on_sale);

  // Fans find it.
  await page.goto(`/sk/podujatia?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
});
