// Onboarding under concurrency on real PostgreSQL: several admins deciding one application at once decide
// it once (one approval, one audit entry, one mail); one person submitting the same application at once
// makes one organisation; several sweepers at once apply a due legal-profile change once.
// Run: TEST_DATABASE_URL=… npx jest --config jest.pg.config.ts tests/pg/onboarding.test.ts
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { applicationSchema } from '@/lib/schemas/onboarding';
import { reviewApplication, submitApplication } from '@/lib/server/onboarding/applications';
import { applyDueProfileChanges, PROFILE_COOLING_DAYS } from '@/lib/server/onboarding/legal-profile';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { makeUser, type TestUser } from '../helpers/tickets';

const t = useTestDatabase();
const describePg = isPostgresRun() ? describe : describe.skip;
const AT_ONCE = 8;

const input = (tag: string) =>
  applicationSchema.parse({
    name: `Race club ${tag}`,
    kind: 'club',
    country: 'SK',
    legalName: `Race club ${tag}, o.z.`,
    legalForm: 'o.z.',
    street: 'Športová 1',
    city: 'Trnava',
    postcode: '917 01',
    ico: '35612347',
    dic: '2020612347',
    vatRegistered: false,
    vatId: null,
    iban: 'SK0911000000002944556689',
    bic: 'TATRSKBX',
    contactEmail: `race.${tag}@example.com`,
    contactPhone: '+421 905 111 222',
    language: 'sk',
    currency: 'EUR',
    acceptTerms: true,
  });

let admins: TestUser[];

beforeAll(async () => {
  if (!isPostgresRun()) return;
  admins = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => makeUser(t.db, `admin-${i}`)));
  await t.db.update(s.users).set({ isAdmin: true }).where(sql`${s.users.id} in ${admins.map((a) => a.id)}`);
}, 120_000);

describePg('onboarding under concurrency (PostgreSQL)', () => {
  it(`${AT_ONCE} admins approving and rejecting one application at once: decided once`, async () => {
    const applicant = await makeUser(t.db, 'applicant');
    const submitted = await submitApplication(applicant, input('decide'));
    if (!submitted.ok) throw new Error(submitted.code);
    const id = submitted.application.id;
    const results = await Promise.all(
      admins.map((admin, i) =>
        i % 2 ? reviewApplication(admin, id, { review: 'rejected', message: `No ${i}` }) : reviewApplication(admin, id, { review: 'approved', terms: { message: `Yes ${i}`, platformFeePerTicket: 10 * i, platformFeeBps: i } }),
      ),
    );
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(1);
    for (const r of results) if (!r.ok) expect(r.code).toBe('APPLICATION_DECIDED');
    const decisions = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from audit_log where subject_id = ${id} and action in ('application.approve', 'application.reject')`));
    expect(decisions[0].n).toBe(1);
    const mails = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from email_outbox where to_address = ${applicant.email} and kind in ('application-approved', 'application-rejected')`));
    expect(mails[0].n).toBe(1);
    const [org] = await t.db.select().from(s.organisations).where(eq(s.organisations.id, submitted.application.organisation.id));
    const status = (won[0] as { application: { status: string } }).application.status;
    if (status === 'approved') expect(org.approvedAt).not.toBeNull();
    else expect(org.approvedAt).toBeNull();
  });

  it(`one person submitting ${AT_ONCE} times at once: one application, one organisation`, async () => {
    const applicant = await makeUser(t.db, 'eager');
    const results = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => submitApplication(applicant, input(`eager-${i}`))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results) if (!r.ok) expect(r.code).toBe('APPLICATION_OPEN');
    const owned = await t.db.select().from(s.orgMembers).where(and(eq(s.orgMembers.userId, applicant.id), eq(s.orgMembers.role, 'owner')));
    expect(owned).toHaveLength(1);
  });

  it(`${AT_ONCE} sweepers at once apply a due change once`, async () => {
    const applicant = await makeUser(t.db, 'sweep');
    const submitted = await submitApplication(applicant, input('sweep'));
    if (!submitted.ok) throw new Error(submitted.code);
    const orgId = submitted.application.organisation.id;
    const requestedAt = new Date('2030-01-01T00:00:00Z');
    const effectiveAt = new Date(requestedAt.getTime() + PROFILE_COOLING_DAYS * 86_400_000);
    await t.db.insert(s.organisationProfileChanges).values({
      orgId,
      requestedBy: applicant.id,
      values: { ico: '35612347', dic: '2020612347', vatRegistered: false, vatId: null, payoutIban: 'SK3311000000002931234568', payoutBic: 'TATRSKBX' },
      requestedAt,
      effectiveAt,
    });
    const applied = await Promise.all(Array.from({ length: AT_ONCE }, () => applyDueProfileChanges(effectiveAt)));
    expect(applied.reduce((a, b) => a + b, 0)).toBe(1);
    const audits = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from audit_log where org_id = ${orgId} and action = 'organisation.bank_tax_apply'`));
    expect(audits[0].n).toBe(1);
    const [org] = await t.db.select({ iban: s.organisations.payoutIban }).from(s.organisations).where(eq(s.organisations.id, orgId));
    expect(org.iban).toBe('SK3311000000002931234568');
  });
});
