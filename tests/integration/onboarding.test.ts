// Onboarding (issue 32 items 1 and 2): a signed-in person applies to sell (validation translated: IČO,
// IBAN, VAT number), the organisation exists at once but cannot publish until a Tribuna admin approves it
// with terms; asking for changes lets the applicant resubmit; rejecting leaves it unapproved — each review
// mailed in the applicant's language and audited. The owner's legal profile: a bank or tax change needs
// the password, is mailed to every owner and waits out the cooling period (time passed as `now`).
import { and, asc, desc, eq } from 'drizzle-orm';
import { callApi } from '@/tests/helpers/api';
import { hashPassword } from '@/lib/server/auth/password';
import * as s from '@/lib/server/db/schema';
import { DEMO_APPLICANT_EMAIL } from '@/lib/server/db/seed/applications';
import { applyDueProfileChanges, PROFILE_COOLING_DAYS, updateLegalProfile } from '@/lib/server/onboarding/legal-profile';
import { publishEvent } from '@/lib/server/events/edit';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import { useTestDatabase } from '../helpers/db';
import { makeMember, makeOrganisation } from '../helpers/organiser';
import { auth, makeUser, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const DAY = 86_400_000;
const PASSWORD = 'owner-password-1';

let admin: TestUser;

const call = (user: TestUser | null, method: string, path: string, body?: unknown, language = 'en') =>
  callApi(request(path, { method, headers: user ? auth(user, { 'accept-language': language }) : { 'content-type': 'application/json', 'accept-language': language }, body }));

/** A valid Slovak application; `tag` makes its name its own. */
const application = (tag: string, extra: Record<string, unknown> = {}) => ({
  name: `MFK Test ${tag}`,
  kind: 'club',
  country: 'SK',
  legalName: `MFK Test ${tag}, o.z.`,
  legalForm: 'o.z.',
  street: 'Športová 1',
  city: 'Trnava',
  postcode: '91701',
  ico: '356 123 47',
  dic: '2020612347',
  vatRegistered: true,
  vatId: 'SK2020612347',
  iban: 'SK09 1100 0000 0029 4455 6689',
  bic: 'TATRSKBX',
  contactEmail: `club.${tag}@example.com`,
  contactPhone: '+421 905 111 222',
  language: 'sk',
  currency: 'EUR',
  acceptTerms: true,
  ...extra,
});

async function mailsTo(email: string) {
  return t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, email)).orderBy(desc(s.emailOutbox.createdAt));
}

async function auditOf(subjectId: string) {
  return t.db.select().from(s.auditLog).where(eq(s.auditLog.subjectId, subjectId)).orderBy(asc(s.auditLog.at));
}

async function orgOf(orgId: string) {
  const [org] = await t.db.select().from(s.organisations).where(eq(s.organisations.id, orgId));
  return org;
}

/** A draft of the organisation with nothing else: publishing it is refused for what it lacks, or before that for the approval. */
async function bareDraft(orgId: string): Promise<string> {
  const [venue] = await t.db.select({ id: s.venues.id }).from(s.venues).limit(1);
  const text = { sk: 'Zápas', cs: 'Zápas', en: 'Match' };
  const [event] = await t.db
    .insert(s.events)
    .values({ slug: `onb-${orgId.slice(0, 8)}-${Date.now()}`, orgId, venueId: venue.id, category: 'sport', status: 'draft', title: text, summary: text, description: text, imageUrl: '', currency: 'EUR', startsAt: new Date(Date.now() + 30 * DAY) })
    .returning({ id: s.events.id });
  return event.id;
}

async function applicant(locale: 'sk' | 'cs' | 'en' = 'en'): Promise<TestUser> {
  const user = await makeUser(t.db, 'applicant');
  await t.db.update(s.users).set({ locale }).where(eq(s.users.id, user.id));
  return user;
}

beforeAll(async () => {
  admin = await makeUser(t.db, 'admin');
  await t.db.update(s.users).set({ isAdmin: true }).where(eq(s.users.id, admin.id));
});

describe('applying', () => {
  it('refuses a wrong IČO checksum, IBAN and VAT number with messages in the asker’s language, at their fields', async () => {
    const person = await applicant();
    for (const [language, messages] of [['sk', sk], ['cs', cs], ['en', en]] as const) {
      const answer = await call(person, 'POST', '/api/v1/onboarding/application', application('bad', { ico: '35612348', iban: 'SK43 1100 0000 0029 4455 6689', vatId: 'CZ2020612347' }), language);
      expect(answer.status).toBe(422);
      const body = await answer.json();
      const byField = Object.fromEntries(body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
      expect(byField).toEqual({ ico: messages.onboarding.errors.ico, iban: messages.onboarding.errors.iban, vatId: messages.onboarding.errors.vatIdSk });
    }
    // Czech formats for a Czech organisation; a VAT-registered one needs its number; the terms must be accepted.
    const czech = await (await call(person, 'POST', '/api/v1/onboarding/application', application('cz', { country: 'CZ', dic: '2020612347', vatId: null }), 'cs')).json();
    expect(czech.errors).toEqual(
      expect.arrayContaining([
        { field: 'dic', message: cs.onboarding.errors.dicCz },
        { field: 'vatId', message: cs.onboarding.errors.vatIdRequired },
      ]),
    );
    const terms = await (await call(person, 'POST', '/api/v1/onboarding/application', application('terms', { acceptTerms: false }), 'sk')).json();
    expect(terms.errors).toEqual([{ field: 'acceptTerms', message: sk.onboarding.errors.terms }]);
    expect(await t.db.select().from(s.organisationApplications).where(eq(s.organisationApplications.applicantId, person.id))).toEqual([]);
  });

  it('creates the organisation unapproved with the applicant as owner, mails a confirmation, and allows one open application', async () => {
    const person = await applicant('cs');
    const answer = await call(person, 'POST', '/api/v1/onboarding/application', application('open'));
    expect(answer.status).toBe(201);
    const { application: created } = await answer.json();
    expect(created).toMatchObject({ status: 'pending', ico: '35612347', postcode: '917 01', iban: 'SK0911000000002944556689', organisation: { approved: false } });
    const org = await orgOf(created.organisation.id);
    expect(org).toMatchObject({ approvedAt: null, legalName: 'MFK Test open, o.z.', vatId: 'SK2020612347', payoutBic: 'TATRSKBX' });
    const [member] = await t.db.select().from(s.orgMembers).where(eq(s.orgMembers.orgId, org.id));
    expect(member).toMatchObject({ userId: person.id, role: 'owner' });
    const [mail] = await mailsTo(person.email);
    expect(mail).toMatchObject({ kind: 'application-received', locale: 'cs', subject: cs.onboarding.mail.received.subject.replace('{organisation}', 'MFK Test open') });
    expect((await call(person, 'POST', '/api/v1/onboarding/application', application('again'))).status).toBe(409);
    expect((await (await call(person, 'GET', '/api/v1/onboarding/application')).json()).application.id).toBe(created.id);
    expect((await auditOf(created.id)).map((a) => a.action)).toEqual(['application.submit']);
  });

  it('an unapproved organisation prepares drafts but publishes nothing (a translated refusal, and the checklist says why)', async () => {
    const person = await applicant('sk');
    const { application: created } = await (await call(person, 'POST', '/api/v1/onboarding/application', application('drafts'))).json();
    const eventId = await bareDraft(created.organisation.id);
    const refused = await call(person, 'POST', `/api/v1/organiser/events/${eventId}/publish`, undefined, 'sk');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'ORG_NOT_APPROVED', message: sk.organiser.publish.notApproved });
    const checklist = await (await call(person, 'GET', `/api/v1/organiser/events/${eventId}/publish-checklist`)).json();
    expect(checklist.checklist.items[0]).toEqual({ item: 'approved', done: false });
    const [event] = await t.db.select({ status: s.events.status }).from(s.events).where(eq(s.events.id, eventId));
    expect(event.status).toBe('draft');
  });
});

describe('the admins’ review', () => {
  it('is for Tribuna admins only (anyone else: 404) and lists the demo’s pending application', async () => {
    const fan = await makeUser(t.db, 'fan');
    expect((await call(fan, 'GET', '/api/v1/admin/applications')).status).toBe(404);
    const list = await (await call(admin, 'GET', '/api/v1/admin/applications')).json();
    expect(list.applications.find((a: { applicant: { email: string } }) => a.applicant.email === DEMO_APPLICANT_EMAIL)).toMatchObject({ status: 'pending', name: 'BK Tatran Košice' });
    const id = list.applications[0].id;
    expect((await call(fan, 'POST', `/api/v1/admin/applications/${id}/approve`, { message: 'x', platformFeePerTicket: 0, platformFeeBps: 0 })).status).toBe(404);
  });

  it('asks for changes (mailed in Czech), the applicant resubmits, the admin approves with terms: the organisation publishes', async () => {
    const person = await applicant('cs');
    const { application: created } = await (await call(person, 'POST', '/api/v1/onboarding/application', application('review'))).json();
    const changes = await call(admin, 'POST', `/api/v1/admin/applications/${created.id}/changes`, { message: 'Doplňte prosím IČ DPH.' });
    expect(changes.status).toBe(200);
    expect((await changes.json()).application.status).toBe('changes_requested');
    const [asked] = await mailsTo(person.email);
    expect(asked).toMatchObject({ kind: 'application-changes', locale: 'cs', subject: cs.onboarding.mail.changes.subject.replace('{organisation}', 'MFK Test review') });
    expect(asked.textBody).toContain('Doplňte prosím IČ DPH.');
    // Not approvable until resubmitted.
    expect((await call(admin, 'POST', `/api/v1/admin/applications/${created.id}/approve`, { message: 'OK', platformFeePerTicket: 50, platformFeeBps: 250 })).status).toBe(409);

    const resubmitted = await call(person, 'PUT', '/api/v1/onboarding/application', application('review', { name: 'MFK Test review 2' }));
    expect(resubmitted.status).toBe(200);
    expect((await resubmitted.json()).application).toMatchObject({ status: 'pending', name: 'MFK Test review 2' });

    const approved = await call(admin, 'POST', `/api/v1/admin/applications/${created.id}/approve`, { message: 'Vitajte na Tribune!', platformFeePerTicket: 50, platformFeeBps: 250 });
    expect(approved.status).toBe(200);
    const org = await orgOf(created.organisation.id);
    expect(org.approvedAt).not.toBeNull();
    expect(org).toMatchObject({ platformFeePerTicket: 50, platformFeeBps: 250, name: 'MFK Test review 2' });
    const [welcome] = await mailsTo(person.email);
    expect(welcome).toMatchObject({ kind: 'application-approved', locale: 'cs', subject: cs.onboarding.mail.approved.subject.replace('{organisation}', 'MFK Test review 2') });
    expect(welcome.textBody).toContain('Vitajte na Tribune!');
    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action)).toEqual(['application.submit', 'application.request_changes', 'application.resubmit', 'application.approve']);
    expect(audit[3]).toMatchObject({ actorId: admin.id, orgId: org.id, reason: 'Vitajte na Tribune!', after: expect.objectContaining({ status: 'approved', platformFeePerTicket: 50, platformFeeBps: 250 }) });
    // A second decision finds it decided.
    expect((await call(admin, 'POST', `/api/v1/admin/applications/${created.id}/reject`, { message: 'No' })).status).toBe(409);
    // The gate is lifted: what still stops the bare draft is what it lacks, not the approval.
    const eventId = await bareDraft(org.id);
    const publish = await publishEvent(person.id, eventId);
    expect(publish).toMatchObject({ ok: false, code: 'NOT_READY' });
    expect((publish as { missing: string[] }).missing).not.toContain('approved');
  });

  it('rejects with a message in the applicant’s language; the organisation stays unapproved and a new application is possible', async () => {
    const person = await applicant('en');
    const { application: created } = await (await call(person, 'POST', '/api/v1/onboarding/application', application('reject'))).json();
    expect((await call(admin, 'POST', `/api/v1/admin/applications/${created.id}/reject`, { message: '   ' })).status).toBe(422);
    const rejected = await call(admin, 'POST', `/api/v1/admin/applications/${created.id}/reject`, { message: 'We cannot verify the IČO.' });
    expect(rejected.status).toBe(200);
    expect((await orgOf(created.organisation.id)).approvedAt).toBeNull();
    const [mail] = await mailsTo(person.email);
    expect(mail).toMatchObject({ kind: 'application-rejected', locale: 'en', subject: en.onboarding.mail.rejected.subject.replace('{organisation}', 'MFK Test reject') });
    expect((await auditOf(created.id)).map((a) => a.action)).toEqual(['application.submit', 'application.reject']);
    expect((await call(person, 'PUT', '/api/v1/onboarding/application', application('reject'))).status).toBe(404);
    expect((await call(person, 'POST', '/api/v1/onboarding/application', application('reject-2'))).status).toBe(201);
  });

  it('validates the terms: fees are whole numbers within bounds', async () => {
    const person = await applicant();
    const { application: created } = await (await call(person, 'POST', '/api/v1/onboarding/application', application('fees'))).json();
    const bad = await call(admin, 'POST', `/api/v1/admin/applications/${created.id}/approve`, { message: 'OK', platformFeePerTicket: 1.5, platformFeeBps: 9000 }, 'sk');
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual([
      { field: 'platformFeePerTicket', message: sk.onboarding.errors.feePerTicket },
      { field: 'platformFeeBps', message: sk.onboarding.errors.feeBps },
    ]);
    expect((await orgOf(created.organisation.id)).approvedAt).toBeNull();
  });
});

describe('the legal profile', () => {
  let orgId: string;
  let owner: TestUser;
  let coOwner: TestUser;
  let manager: TestUser;
  let stranger: TestUser;
  const path = () => `/api/v1/organiser/organisations/${orgId}/legal-profile`;
  const profile = (extra: Record<string, unknown> = {}) => ({
    legalName: 'Test club, a.s.',
    legalForm: 'a.s.',
    street: 'Dunajská 12',
    city: 'Bratislava',
    postcode: '811 08',
    ico: '35612347',
    dic: '2020612347',
    vatRegistered: true,
    vatId: 'SK2020612347',
    iban: 'SK3311000000002931234568',
    bic: 'TATRSKBX',
    ...extra,
  });

  beforeAll(async () => {
    const org = await makeOrganisation(t.db, 'Profile club');
    orgId = org.id;
    await t.db
      .update(s.organisations)
      .set({ legalName: 'Test club, a.s.', legalForm: 'a.s.', street: 'Dunajská 12', city: 'Bratislava', postcode: '811 08', ico: '35612347', dic: '2020612347', vatRegistered: true, vatId: 'SK2020612347', payoutIban: 'SK3311000000002931234568', payoutBic: 'TATRSKBX' })
      .where(eq(s.organisations.id, orgId));
    owner = await makeMember(t.db, orgId, 'owner');
    coOwner = await makeMember(t.db, orgId, 'owner', 'co-owner');
    await t.db.update(s.users).set({ locale: 'sk' }).where(eq(s.users.id, coOwner.id));
    await t.db.update(s.users).set({ passwordHash: await hashPassword(PASSWORD) }).where(eq(s.users.id, owner.id));
    manager = await makeMember(t.db, orgId, 'manager');
    const other = await makeOrganisation(t.db, 'Other club');
    stranger = await makeMember(t.db, other.id, 'owner', 'stranger');
  });

  it('is the owner’s: a manager 403, another organisation’s owner 404', async () => {
    expect((await call(owner, 'GET', path())).status).toBe(200);
    expect((await call(manager, 'GET', path())).status).toBe(403);
    expect((await call(stranger, 'GET', path())).status).toBe(404);
    expect((await call(manager, 'PUT', path(), profile({ street: 'Iná 1' }))).status).toBe(403);
    expect((await call(stranger, 'PUT', path(), profile({ street: 'Iná 1' }))).status).toBe(404);
    expect((await orgOf(orgId)).street).toBe('Dunajská 12');
  });

  it('changes the address at once without a password (audited)', async () => {
    const answer = await call(owner, 'PUT', path(), profile({ street: 'Viedenská cesta 7' }));
    expect(answer.status).toBe(200);
    expect((await answer.json()).pending).toBeNull();
    expect((await orgOf(orgId)).street).toBe('Viedenská cesta 7');
    const [entry] = await t.db.select().from(s.auditLog).where(and(eq(s.auditLog.orgId, orgId), eq(s.auditLog.action, 'organisation.legal_profile')));
    expect(entry).toMatchObject({ actorId: owner.id, before: expect.objectContaining({ street: 'Dunajská 12' }), after: expect.objectContaining({ street: 'Viedenská cesta 7' }) });
  });

  it('checks the DIČ and VAT number against the organisation’s country', async () => {
    const answer = await call(owner, 'PUT', path(), profile({ dic: 'CZ45789011', street: 'Viedenská cesta 7' }), 'sk');
    expect(answer.status).toBe(422);
    expect((await answer.json()).errors).toEqual([{ field: 'dic', message: sk.onboarding.errors.dicSk }]);
  });

  it('a bank change needs the password, is mailed to every owner, and applies only after the cooling period', async () => {
    const now = new Date('2030-03-01T10:00:00Z');
    const body = profile({ street: 'Viedenská cesta 7', iban: 'SK09 1100 0000 0029 4455 6689' });
    const without = await call(owner, 'PUT', path(), body, 'sk');
    expect(without.status).toBe(422);
    expect((await without.json()).errors).toEqual([{ field: 'currentPassword', message: sk.onboarding.errors.passwordRequired }]);
    const wrong = await call(owner, 'PUT', path(), { ...body, currentPassword: 'not-it' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe('WRONG_PASSWORD');
    expect(await t.db.select().from(s.organisationProfileChanges).where(eq(s.organisationProfileChanges.orgId, orgId))).toEqual([]);

    const changed = await updateLegalProfile(owner.id, orgId, { ...body, iban: 'SK0911000000002944556689', currentPassword: PASSWORD } as never, now);
    expect(changed.ok).toBe(true);
    const effectiveAt = new Date(now.getTime() + PROFILE_COOLING_DAYS * DAY);
    expect((changed as { profile: { pending: unknown; iban: string } }).profile).toMatchObject({ iban: 'SK3311000000002931234568', pending: { iban: 'SK0911000000002944556689', effectiveAt: effectiveAt.toISOString() } });
    // Payouts still read the old account.
    expect((await orgOf(orgId)).payoutIban).toBe('SK3311000000002931234568');
    // Every owner is told, each in their language; the IBANs masked.
    const [toOwner] = await mailsTo(owner.email);
    const [toCoOwner] = await mailsTo(coOwner.email);
    expect(toOwner).toMatchObject({ kind: 'legal-profile-change', locale: 'en' });
    expect(toCoOwner).toMatchObject({ kind: 'legal-profile-change', locale: 'sk', subject: sk.onboarding.mail.profile.subject.replace('{organisation}', 'Profile club') });
    expect(toCoOwner.textBody).toContain('SK33 •••• •••• 4568 → SK09 •••• •••• 6689');
    expect(toCoOwner.textBody).not.toContain('SK0911000000002944556689');
    const [audit] = await t.db.select().from(s.auditLog).where(and(eq(s.auditLog.orgId, orgId), eq(s.auditLog.action, 'organisation.bank_tax_change')));
    expect(audit).toMatchObject({ actorId: owner.id, before: expect.objectContaining({ payoutIban: 'SK3311000000002931234568' }), after: expect.objectContaining({ payoutIban: 'SK0911000000002944556689' }) });

    // A day before its time nothing applies; once due, the sweeper applies it once.
    expect(await applyDueProfileChanges(new Date(effectiveAt.getTime() - DAY))).toBe(0);
    expect((await orgOf(orgId)).payoutIban).toBe('SK3311000000002931234568');
    expect(await applyDueProfileChanges(effectiveAt)).toBe(1);
    expect((await orgOf(orgId)).payoutIban).toBe('SK0911000000002944556689');
    expect(await applyDueProfileChanges(new Date(effectiveAt.getTime() + DAY))).toBe(0);
    const applied = await t.db.select().from(s.auditLog).where(and(eq(s.auditLog.orgId, orgId), eq(s.auditLog.action, 'organisation.bank_tax_apply')));
    expect(applied).toHaveLength(1);
    expect(applied[0].actorId).toBeNull();
    expect((await (await call(owner, 'GET', path())).json()).pending).toBeNull();
  });

  it('a newer change replaces the waiting one and starts its own period', async () => {
    const now = new Date('2030-04-01T10:00:00Z');
    const base = profile({ street: 'Viedenská cesta 7', iban: 'SK0911000000002944556689', currentPassword: PASSWORD });
    await updateLegalProfile(owner.id, orgId, { ...base, vatRegistered: false, vatId: null } as never, now);
    const later = new Date(now.getTime() + 3 * DAY);
    await updateLegalProfile(owner.id, orgId, { ...base, bic: 'SUBASKBX' } as never, later);
    const open = await t.db.select().from(s.organisationProfileChanges).where(eq(s.organisationProfileChanges.orgId, orgId)).orderBy(asc(s.organisationProfileChanges.requestedAt));
    expect(open.filter((c) => !c.appliedAt && !c.supersededAt)).toHaveLength(1);
    expect(await applyDueProfileChanges(new Date(now.getTime() + PROFILE_COOLING_DAYS * DAY))).toBe(0);
    expect(await applyDueProfileChanges(new Date(later.getTime() + PROFILE_COOLING_DAYS * DAY))).toBe(1);
    expect(await orgOf(orgId)).toMatchObject({ payoutBic: 'SUBASKBX', vatRegistered: true });
  });

  it('the owner chooses the payout schedule — per settlement period or after each event — (audited); a manager may not, and a bad choice is a translated 422', async () => {
    const schedulePath = () => `/api/v1/organiser/organisations/${orgId}/payout-schedule`;
    expect((await (await call(owner, 'GET', path())).json()).payoutSchedule).toBe('period');
    expect((await call(manager, 'PUT', schedulePath(), { schedule: 'event' })).status).toBe(403);
    expect((await call(stranger, 'PUT', schedulePath(), { schedule: 'event' })).status).toBe(404);
    const bad = await call(owner, 'PUT', schedulePath(), { schedule: 'weekly' }, 'sk');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain(sk.onboarding.errors.payoutSchedule);
    expect((await orgOf(orgId)).payoutSchedule).toBe('period');

    const answer = await call(owner, 'PUT', schedulePath(), { schedule: 'event' });
    expect(answer.status).toBe(200);
    expect((await answer.json()).payoutSchedule).toBe('event');
    expect((await orgOf(orgId)).payoutSchedule).toBe('event');
    // Saving the same choice again changes nothing and records nothing.
    expect((await call(owner, 'PUT', schedulePath(), { schedule: 'event' })).status).toBe(200);
    const entries = await t.db.select().from(s.auditLog).where(and(eq(s.auditLog.orgId, orgId), eq(s.auditLog.action, 'organisation.payout_schedule')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: owner.id, before: { payoutSchedule: 'period' }, after: { payoutSchedule: 'event' } });

    expect((await call(coOwner, 'PUT', schedulePath(), { schedule: 'period' })).status).toBe(200);
    expect((await orgOf(orgId)).payoutSchedule).toBe('period');
    for (const m of [sk, cs, en]) expect(m.onboarding.profile.schedule).toMatchObject({ title: expect.any(String), period: expect.any(String), event: expect.any(String), save: expect.any(String), saved: expect.any(String) });
  });
});
