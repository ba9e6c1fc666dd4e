import 'server-only';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { LegalCountry } from '@/lib/legal-ids';
import { checkLegalProfile, type LegalProfileInput, type LegalProfileView, type PayoutScheduleInput } from '@/lib/schemas/onboarding';
import { recordAudit } from '@/lib/server/audit/record';
import { verifyPassword } from '@/lib/server/auth/password';
import { getDb, tables, type Tx } from '@/lib/server/db';
import type { ProfileSensitiveValues } from '@/lib/server/db/schema';
import type { QueuedEmail } from '@/lib/server/email';
import { orgAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { queueProfileChangeMail } from './mail';

// The organisation's legal profile in the console (owners only: the 'payouts' capability). The name, form
// and registered address change at once. The bank account and the tax data (IČO, DIČ, VAT registration
// and number) are what money follows, so a change of them needs the owner's current password, is mailed
// to every owner, and waits PROFILE_COOLING_DAYS before the sweeper (applyDueProfileChanges, the module's
// job) writes it onto the organisation — payouts read organisations.payout_iban/payout_bic, so until then
// they go where they went. A newer change replaces the waiting one and starts its own period. Every
// change is in the audit log with its before and after.

/** How long a change of the bank account or tax data waits before it applies (the one place that says it). */
export const PROFILE_COOLING_DAYS = 7;
const DAY_MS = 86_400_000;

const SENSITIVE = ['ico', 'dic', 'vatRegistered', 'vatId', 'payoutIban', 'payoutBic'] as const;

type Org = typeof tables.organisations.$inferSelect;
type Change = typeof tables.organisationProfileChanges.$inferSelect;

function sensitiveOf(org: Org): ProfileSensitiveValues {
  return { ico: org.ico ?? '', dic: org.dic ?? '', vatRegistered: org.vatRegistered, vatId: org.vatId, payoutIban: org.payoutIban ?? '', payoutBic: org.payoutBic };
}

const sameSensitive = (a: ProfileSensitiveValues, b: ProfileSensitiveValues) => SENSITIVE.every((k) => a[k] === b[k]);

function view(org: Org, pending: Change | undefined): LegalProfileView {
  const s = sensitiveOf(org);
  return {
    orgId: org.id,
    country: org.country as LegalCountry,
    approved: org.approvedAt !== null,
    approvedAt: org.approvedAt?.toISOString() ?? null,
    platformFeePerTicket: org.platformFeePerTicket,
    platformFeeBps: org.platformFeeBps,
    currency: org.currency,
    legalName: org.legalName ?? '',
    legalForm: org.legalForm ?? '',
    street: org.street ?? '',
    city: org.city ?? '',
    postcode: org.postcode ?? '',
    ico: s.ico,
    dic: s.dic,
    vatRegistered: s.vatRegistered,
    vatId: s.vatId,
    iban: s.payoutIban,
    bic: s.payoutBic,
    payoutSchedule: org.payoutSchedule,
    pending: pending
      ? {
          ico: pending.values.ico,
          dic: pending.values.dic,
          vatRegistered: pending.values.vatRegistered,
          vatId: pending.values.vatId,
          iban: pending.values.payoutIban,
          bic: pending.values.payoutBic,
          requestedAt: pending.requestedAt.toISOString(),
          effectiveAt: pending.effectiveAt.toISOString(),
        }
      : null,
  };
}

type Db = ReturnType<typeof getDb> | Tx;

async function openChange(db: Db, orgId: string): Promise<Change | undefined> {
  const [row] = await db
    .select()
    .from(tables.organisationProfileChanges)
    .where(and(eq(tables.organisationProfileChanges.orgId, orgId), isNull(tables.organisationProfileChanges.appliedAt), isNull(tables.organisationProfileChanges.supersededAt)));
  return row;
}

export async function getLegalProfile(userId: string, orgId: string): Promise<{ ok: true; profile: LegalProfileView } | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'payouts');
  if (!access.ok) return access;
  const [org] = await getDb().select().from(tables.organisations).where(eq(tables.organisations.id, orgId));
  return { ok: true, profile: view(org, await openChange(getDb(), orgId)) };
}

export type ProfileFailure =
  | AccessFailure
  | { ok: false; code: 'PROFILE_INVALID'; errors: { field: string; messageKey: string }[] }
  | { ok: false; code: 'PROFILE_PASSWORD_REQUIRED' }
  | { ok: false; code: 'WRONG_PASSWORD' };

/**
 * The owner saves the whole profile. What differs in the bank account or tax data from what applies now
 * becomes a waiting change (password checked first); saving them as they are leaves a waiting change be.
 */
export async function updateLegalProfile(userId: string, orgId: string, input: LegalProfileInput, now = new Date()): Promise<{ ok: true; profile: LegalProfileView } | ProfileFailure> {
  const access = await orgAccess(userId, orgId, 'payouts');
  if (!access.ok) return access;
  const [current] = await getDb().select().from(tables.organisations).where(eq(tables.organisations.id, orgId));
  const errors: { field: string; messageKey: string }[] = [];
  checkLegalProfile(input, current.country as LegalCountry, (messageKey, field) => errors.push({ field, messageKey }));
  if (errors.length) return { ok: false, code: 'PROFILE_INVALID', errors };

  const wanted: ProfileSensitiveValues = { ico: input.ico, dic: input.dic, vatRegistered: input.vatRegistered, vatId: input.vatRegistered ? input.vatId : null, payoutIban: input.iban, payoutBic: input.bic };
  const sensitiveChange = !sameSensitive(wanted, sensitiveOf(current));
  if (sensitiveChange) {
    if (!input.currentPassword) return { ok: false, code: 'PROFILE_PASSWORD_REQUIRED' };
    const [user] = await getDb().select({ passwordHash: tables.users.passwordHash }).from(tables.users).where(eq(tables.users.id, userId));
    if (!(await verifyPassword(input.currentPassword, user?.passwordHash))) return { ok: false, code: 'WRONG_PASSWORD' };
  }

  const { profile, mails } = await getDb().transaction(async (tx) => {
    const [org] = await tx.select().from(tables.organisations).where(eq(tables.organisations.id, orgId)).for('update');
    const address = { legalName: input.legalName, legalForm: input.legalForm, street: input.street, city: input.city, postcode: input.postcode };
    const addressBefore = { legalName: org.legalName, legalForm: org.legalForm, street: org.street, city: org.city, postcode: org.postcode };
    if (Object.entries(address).some(([k, v]) => addressBefore[k as keyof typeof addressBefore] !== v)) {
      await tx.update(tables.organisations).set(address).where(eq(tables.organisations.id, orgId));
      await recordAudit({ actorId: userId, orgId, action: 'organisation.legal_profile', subjectType: 'organisation', subjectId: orgId, before: addressBefore, after: address }, tx);
    }
    const queued: QueuedEmail[] = [];
    if (sensitiveChange && !sameSensitive(wanted, sensitiveOf(org))) {
      const effectiveAt = new Date(now.getTime() + PROFILE_COOLING_DAYS * DAY_MS);
      const waiting = await openChange(tx, orgId);
      if (waiting) await tx.update(tables.organisationProfileChanges).set({ supersededAt: now }).where(eq(tables.organisationProfileChanges.id, waiting.id));
      const [change] = await tx
        .insert(tables.organisationProfileChanges)
        .values({ orgId, requestedBy: userId, values: wanted, requestedAt: now, effectiveAt })
        .returning({ id: tables.organisationProfileChanges.id });
      await recordAudit(
        {
          actorId: userId,
          orgId,
          action: 'organisation.bank_tax_change',
          subjectType: 'organisation',
          subjectId: orgId,
          reason: `applies ${effectiveAt.toISOString()} (change ${change.id}${waiting ? `, replaces ${waiting.id}` : ''})`,
          before: sensitiveOf(org),
          after: wanted,
        },
        tx,
      );
      const [actor] = await tx.select({ firstName: tables.users.firstName, lastName: tables.users.lastName }).from(tables.users).where(eq(tables.users.id, userId));
      const owners = await tx
        .select({ email: tables.users.email, locale: tables.users.locale, firstName: tables.users.firstName })
        .from(tables.orgMembers)
        .innerJoin(tables.users, eq(tables.users.id, tables.orgMembers.userId))
        .where(and(eq(tables.orgMembers.orgId, orgId), eq(tables.orgMembers.role, 'owner'), isNull(tables.users.removedAt)));
      for (const owner of owners) {
        if (!owner.email) continue;
        queued.push(
          await queueProfileChangeMail(tx, {
            to: owner.email,
            locale: owner.locale,
            name: owner.firstName ?? '',
            organisation: org.name,
            actor: `${actor.firstName ?? ''} ${actor.lastName ?? ''}`.trim(),
            before: sensitiveOf(org),
            after: wanted,
            effectiveAt,
          }),
        );
      }
    }
    const [fresh] = await tx.select().from(tables.organisations).where(eq(tables.organisations.id, orgId));
    return { profile: view(fresh, await openChange(tx, orgId)), mails: queued };
  });
  await Promise.all(mails.map((m) => m.deliver()));
  return { ok: true, profile };
}

/**
 * The owner chooses when Tribuna pays the organisation: once per settlement period or after each event
 * (payouts/organisers.ts reads it under the same row lock when it makes the payout rows, so a choice and a
 * payout being made never cross). It moves no money — what is owed stays owed, only when it is paid
 * changes — so it needs no password nor cooling period; a change is in the audit log.
 */
export async function setPayoutSchedule(userId: string, orgId: string, input: PayoutScheduleInput): Promise<{ ok: true; profile: LegalProfileView } | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'payouts');
  if (!access.ok) return access;
  const profile = await getDb().transaction(async (tx) => {
    const [org] = await tx.select().from(tables.organisations).where(eq(tables.organisations.id, orgId)).for('update');
    if (org.payoutSchedule !== input.schedule) {
      await tx.update(tables.organisations).set({ payoutSchedule: input.schedule }).where(eq(tables.organisations.id, orgId));
      await recordAudit(
        { actorId: userId, orgId, action: 'organisation.payout_schedule', subjectType: 'organisation', subjectId: orgId, before: { payoutSchedule: org.payoutSchedule }, after: { payoutSchedule: input.schedule } },
        tx,
      );
    }
    const [fresh] = await tx.select().from(tables.organisations).where(eq(tables.organisations.id, orgId));
    return view(fresh, await openChange(tx, orgId));
  });
  return { ok: true, profile };
}

/** How many due changes one pass applies. */
export const APPLY_BATCH = 50;

/**
 * The sweeper: every change whose cooling period has ended is written onto its organisation (and the audit
 * log, as the system), once — claimed with SKIP LOCKED and marked applied in the same transaction, so two
 * processes never apply one twice. Answers how many it applied.
 */
export async function applyDueProfileChanges(now = new Date()): Promise<number> {
  return getDb().transaction(async (tx) => {
    const due = await tx
      .select()
      .from(tables.organisationProfileChanges)
      .where(and(isNull(tables.organisationProfileChanges.appliedAt), isNull(tables.organisationProfileChanges.supersededAt), lte(tables.organisationProfileChanges.effectiveAt, now)))
      .orderBy(tables.organisationProfileChanges.effectiveAt)
      .limit(APPLY_BATCH)
      .for('update', { skipLocked: true });
    for (const change of due) {
      const [org] = await tx.select().from(tables.organisations).where(eq(tables.organisations.id, change.orgId)).for('update');
      const v = change.values;
      await tx
        .update(tables.organisations)
        .set({ ico: v.ico, dic: v.dic, vatRegistered: v.vatRegistered, vatId: v.vatId, payoutIban: v.payoutIban, payoutBic: v.payoutBic })
        .where(eq(tables.organisations.id, change.orgId));
      await tx.update(tables.organisationProfileChanges).set({ appliedAt: now }).where(eq(tables.organisationProfileChanges.id, change.id));
      await recordAudit(
        { actorId: null, orgId: change.orgId, action: 'organisation.bank_tax_apply', subjectType: 'organisation', subjectId: change.orgId, reason: `change ${change.id}`, before: sensitiveOf(org), after: v },
        tx,
      );
    }
    return due.length;
  });
}
