// Demo onboarding (issue 32): one application to sell on Tribuna waiting for review — BK Tatran Košice,
// applied for by ziadost@bktatran.sk (README "Demo accounts"), whom the admin (admin@tribuna.sk) reviews at
// /sk/admin/ziadosti. As submitting does, the organisation exists unapproved with the applicant as owner.
// Idempotent: keyed by the applicant's email and the organisation's slug.
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import type { Db } from '../client';
import * as s from '../schema';
import { DEMO_PASSWORD } from './users';

export const DEMO_APPLICANT_EMAIL = 'ziadost@bktatran.sk';
const SLUG = 'bk-tatran-kosice';

export async function seedApplications(db: Db): Promise<void> {
  await db
    .insert(s.users)
    .values({ email: DEMO_APPLICANT_EMAIL, firstName: 'Marek', lastName: 'Hudák', sex: 'male', dateOfBirth: '1983-09-02', locale: 'sk', passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date() })
    .onConflictDoNothing();
  const [applicant] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, DEMO_APPLICANT_EMAIL));
  const [existing] = await db.select({ id: s.organisations.id }).from(s.organisations).where(eq(s.organisations.slug, SLUG));
  if (existing) return;
  const submittedAt = new Date(Date.now() - 2 * 86_400_000);
  const [org] = await db
    .insert(s.organisations)
    .values({
      slug: SLUG,
      name: 'BK Tatran Košice',
      kind: 'club',
      country: 'SK',
      contactEmail: DEMO_APPLICANT_EMAIL,
      language: 'sk',
      currency: 'EUR',
      legalName: 'Basketbalový klub Tatran Košice, o.z.',
      legalForm: 'o.z.',
      street: 'Južná trieda 12',
      city: 'Košice',
      postcode: '040 01',
      ico: '42101123',
      dic: '2023101123',
      vatRegistered: false,
      vatId: null,
      payoutIban: 'SK0911000000002944556689',
      payoutBic: 'TATRSKBX',
      approvedAt: null,
    })
    .returning({ id: s.organisations.id });
  await db.insert(s.orgMembers).values({ orgId: org.id, userId: applicant.id, role: 'owner' }).onConflictDoNothing();
  await db.insert(s.organisationApplications).values({ orgId: org.id, applicantId: applicant.id, contactPhone: '+421 905 123 456', termsAcceptedAt: submittedAt, submittedAt, createdAt: submittedAt });
}
