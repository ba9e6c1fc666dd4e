// Issue 33: a Tribuna admin switches an organisation to Comgate on a screen (the e2e server runs the Comgate
// fake, so Comgate is configured), by keyboard, with a reason; the screen and the audit log show the change.
// Its own data: a fresh applicant's organisation (the demo's organisations keep their providers for the other
// journeys).
import { noSeriousViolations } from './axe';
import { expect, messages, signedInContext, test, uniqueEmail, xsrfHeaders } from './fixtures';

const sk = messages.sk;
const o = sk.organisations;

test('an admin switches an organisation to Comgate with a reason, by keyboard; audited', async ({ page, browser, baseURL, signUpFresh }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const club = `TJ Comgate ${stamp}`;
  await signUpFresh({ email: uniqueEmail('comgate-club') });
  const applied = await page.request.post('/api/v1/onboarding/application', {
    headers: await xsrfHeaders(page),
    data: {
      name: club,
      kind: 'club',
      country: 'CZ',
      legalName: `${club}, z.s.`,
      legalForm: 'z.s.',
      street: 'Sportovní 1',
      city: 'Brno',
      postcode: '602 00',
      ico: '25596641',
      dic: 'CZ25596641',
      vatRegistered: false,
      vatId: null,
      iban: 'CZ65 0800 0000 1920 0014 5399',
      bic: null,
      contactEmail: `klub.${stamp}@example.com`,
      contactPhone: '+420 601 123 456',
      language: 'cs',
      currency: 'CZK',
      acceptTerms: true,
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const orgId: string = (await applied.json()).application.organisation.id;

  const admin = await signedInContext(browser, baseURL!, 'admin@tribuna.sk');
  await admin.page.goto('/sk/admin/organizacie');
  await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText(o.title);
  const card = admin.page.getByTestId('organisation').filter({ has: admin.page.getByRole('heading', { name: club }) });
  await expect(card.getByTestId('organisation-terms')).toContainText(o.providers.default.replace(' ({name})', ''));

  // By keyboard: the edit button opens the form with the provider's select focused; Enter in the reason saves.
  await card.getByRole('button', { name: o.edit }).focus();
  await admin.page.keyboard.press('Enter');
  const provider = card.getByLabel(o.fields.paymentProvider);
  await expect(provider).toBeFocused();
  await expect(card.getByRole('option', { name: o.providers.comgate, exact: true })).toBeEnabled();
  await provider.selectOption('comgate');
  await admin.page.keyboard.press('Tab');
  await expect(card.getByLabel(o.fields.feePerTicket)).toBeFocused();
  await admin.page.keyboard.press('Control+A');
  await admin.page.keyboard.type('80');
  await card.getByLabel(o.fields.payoutSchedule).selectOption('event');
  await noSeriousViolations(admin.page, { include: 'main' });

  // No reason: refused at the field, nothing saved.
  await card.getByLabel(o.fields.reason).focus();
  await admin.page.keyboard.press('Enter');
  await expect(card.getByText(sk.support.errors.reasonRequired)).toBeVisible();
  const reason = `Klub chce bankové tlačidlá ${stamp}`;
  await card.getByLabel(o.fields.reason).fill(reason);
  await admin.page.keyboard.press('Enter');
  await expect(admin.page.getByText(o.saved.replace('{name}', club))).toBeVisible();
  const terms = card.getByTestId('organisation-terms');
  await expect(terms).toContainText(o.providers.comgate);
  await expect(terms).toContainText(o.schedules.event);
  await expect(terms).toContainText('0,80');
  await noSeriousViolations(admin.page, { include: 'main', afterToasts: true });

  // After a reload the choice stands; the audit log has who, why, before and after.
  await admin.page.reload();
  await expect(admin.page.getByTestId('organisation').filter({ has: admin.page.getByRole('heading', { name: club }) }).getByTestId('organisation-terms')).toContainText(o.providers.comgate);
  const log = await (await admin.page.request.get(`/api/v1/audit-log?action=organisation.terms&organisation=${orgId}`)).json();
  expect(log.entries).toHaveLength(1);
  expect(log.entries[0]).toMatchObject({
    actor: 'admin@tribuna.sk',
    organisation: club,
    subjectId: orgId,
    reason,
    before: { paymentProvider: 'default', platformFeePerTicket: 0, payoutSchedule: 'period' },
    after: { paymentProvider: 'comgate', platformFeePerTicket: 80, payoutSchedule: 'event' },
  });
  await admin.context.close();
});
