import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ApplicationInput, ApplicationView, ApproveInput } from '@/lib/schemas/onboarding';
import { recordAudit } from '@/lib/server/audit/record';
import { getDb, isUniqueViolation, tables, type Tx } from '@/lib/server/db';
import type { QueuedEmail } from '@/lib/server/email';
import { isAdmin } from '@/lib/server/organiser/access';
import { queueApplicationMail, type Review } from './mail';

// Applications to sell on Tribuna (issue 32). Submitting creates the organisation at once — unapproved,
// the applicant its owner — so the applicant can prepare venues and draft events while Tribuna reviews;
// publishing waits for approval (events/edit/publish.ts ORG_NOT_APPROVED). A Tribuna admin approves
// (approved_at and the commercial terms), asks for changes (the applicant edits and submits again) or
// rejects (the organisation stays unapproved: its drafts are kept, it never publishes). Every step is
// written to the audit log and mailed to the applicant in their language.
//
// A review moves the application out of 'pending' with one conditional UPDATE, so of two admins acting at
// once one decides and the other is told it is decided (APPLICATION_DECIDED).

type Db = ReturnType<typeof getDb> | Tx;

export type NotAdmin = { ok: false; code: 'NOT_ADMIN' };
type NotFound = { ok: false; code: 'APPLICATION_NOT_FOUND' };
type Decided = { ok: false; code: 'APPLICATION_DECIDED' };

/** A slug fans read in the organisation's address: the name in ASCII, and a few letters more when taken. */
async function freeSlug(db: Db, name: string): Promise<string> {
  const base =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'organisation';
  const [taken] = await db.select({ id: tables.organisations.id }).from(tables.organisations).where(eq(tables.organisations.slug, base));
  return taken ? `${base}-${randomBytes(3).toString('hex')}` : base;
}

/** The organisation's columns an application sets. */
function organisationValues(input: ApplicationInput) {
  return {
    name: input.name,
    kind: input.kind,
    country: input.country,
    contactEmail: input.contactEmail,
    language: input.language,
    currency: input.currency,
    legalName: input.legalName,
    legalForm: input.legalForm,
    street: input.street,
    city: input.city,
    postcode: input.postcode,
    ico: input.ico,
    dic: input.dic,
    vatRegistered: input.vatRegistered,
    // A VAT number only of a VAT-registered organisation.
    vatId: input.vatRegistered ? input.vatId : null,
    payoutIban: input.iban,
    payoutBic: input.bic,
  };
}

const columns = {
  application: tables.organisationApplications,
  org: tables.organisations,
  applicant: { firstName: tables.users.firstName, lastName: tables.users.lastName, email: tables.users.email, locale: tables.users.locale },
};

type Row = {
  application: typeof tables.organisationApplications.$inferSelect;
  org: typeof tables.organisations.$inferSelect;
  applicant: { firstName: string | null; lastName: string | null; email: string | null; locale: 'sk' | 'cs' | 'en' };
};

function viewOf({ application: a, org, applicant }: Row): ApplicationView {
  return {
    id: a.id,
    status: a.status,
    organisation: { id: org.id, slug: org.slug, approved: org.approvedAt !== null },
    applicant: { name: `${applicant.firstName ?? ''} ${applicant.lastName ?? ''}`.trim(), email: applicant.email ?? '', locale: applicant.locale },
    name: org.name,
    kind: org.kind,
    country: org.country as 'SK' | 'CZ',
    legalName: org.legalName ?? '',
    legalForm: org.legalForm ?? '',
    street: org.street ?? '',
    city: org.city ?? '',
    postcode: org.postcode ?? '',
    ico: org.ico ?? '',
    dic: org.dic ?? '',
    vatRegistered: org.vatRegistered,
    vatId: org.vatId,
    iban: org.payoutIban ?? '',
    bic: org.payoutBic,
    contactEmail: org.contactEmail ?? '',
    contactPhone: a.contactPhone,
    language: org.language,
    currency: org.currency,
    submittedAt: a.submittedAt.toISOString(),
    reviewedAt: a.reviewedAt?.toISOString() ?? null,
    reviewMessage: a.reviewMessage,
    platformFeePerTicket: org.platformFeePerTicket,
    platformFeeBps: org.platformFeeBps,
  };
}

function selectApplications(db: Db) {
  return db
    .select(columns)
    .from(tables.organisationApplications)
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.organisationApplications.orgId))
    .innerJoin(tables.users, eq(tables.users.id, tables.organisationApplications.applicantId));
}

async function applicationById(db: Db, id: string): Promise<Row | undefined> {
  return (await selectApplications(db).where(eq(tables.organisationApplications.id, id)))[0] as Row | undefined;
}

/** The caller's latest application, or null. */
export async function myApplication(user: { id: string }): Promise<ApplicationView | null> {
  const [row] = await selectApplications(getDb())
    .where(eq(tables.organisationApplications.applicantId, user.id))
    .orderBy(desc(tables.organisationApplications.createdAt))
    .limit(1);
  return row ? viewOf(row as Row) : null;
}

async function afterCommit(mails: QueuedEmail[]): Promise<void> {
  await Promise.all(mails.map((m) => m.deliver()));
}

/** The applicant's mail; none when the account is gone (removed accounts keep no address). */
async function applicantMail(db: Db, row: Row, review: Review, message?: string | null): Promise<QueuedEmail> {
  if (!row.applicant.email) return { id: '', deliver: async () => {} };
  return queueApplicationMail(db, {
    to: row.applicant.email,
    locale: row.applicant.locale,
    name: row.applicant.firstName ?? null,
    organisation: row.org.name,
    review,
    message,
  });
}

/**
 * A new application: the organisation is created unapproved with the caller as its owner, and the
 * applicant is mailed that it arrived. One open application per person (APPLICATION_OPEN: edit that one).
 */
export async function submitApplication(
  user: { id: string },
  input: ApplicationInput,
  now = new Date(),
): Promise<{ ok: true; application: ApplicationView } | { ok: false; code: 'APPLICATION_OPEN' }> {
  try {
    const { view, mail } = await getDb().transaction(async (tx) => {
      const [open] = await tx
        .select({ id: tables.organisationApplications.id })
        .from(tables.organisationApplications)
        .where(and(eq(tables.organisationApplications.applicantId, user.id), inArray(tables.organisationApplications.status, ['pending', 'changes_requested'])));
      if (open) return { view: null, mail: null };
      const [org] = await tx
        .insert(tables.organisations)
        .values({ slug: await freeSlug(tx, input.name), ...organisationValues(input), approvedAt: null })
        .returning({ id: tables.organisations.id });
      await tx.insert(tables.orgMembers).values({ orgId: org.id, userId: user.id, role: 'owner' });
      const [application] = await tx
        .insert(tables.organisationApplications)
        .values({ orgId: org.id, applicantId: user.id, contactPhone: input.contactPhone, termsAcceptedAt: now, submittedAt: now, createdAt: now })
        .returning({ id: tables.organisationApplications.id });
      await recordAudit(
        { actorId: user.id, orgId: org.id, action: 'application.submit', subjectType: 'application', subjectId: application.id, after: { ...organisationValues(input), contactPhone: input.contactPhone } },
        tx,
      );
      const row = (await applicationById(tx, application.id))!;
      return { view: viewOf(row), mail: await applicantMail(tx, row, 'received') };
    });
    if (!view) return { ok: false, code: 'APPLICATION_OPEN' };
    await afterCommit([mail]);
    return { ok: true, application: view };
  } catch (error) {
    // Two submits at once: the open-application index lets one through.
    if (isUniqueViolation(error)) return { ok: false, code: 'APPLICATION_OPEN' };
    throw error;
  }
}

/**
 * The open application changed (while it waits, or as the admin asked): the organisation takes the new
 * details and the application waits for review again. None open: APPLICATION_NOT_FOUND.
 */
export async function resubmitApplication(user: { id: string }, input: ApplicationInput, now = new Date()): Promise<{ ok: true; application: ApplicationView } | NotFound> {
  const result = await getDb().transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(tables.organisationApplications)
      .where(and(eq(tables.organisationApplications.applicantId, user.id), inArray(tables.organisationApplications.status, ['pending', 'changes_requested'])))
      .for('update');
    if (!open) return null;
    const before = (await applicationById(tx, open.id))!;
    // The organisation keeps its address (slug) once made; an unapproved one has published nothing.
    await tx.update(tables.organisations).set(organisationValues(input)).where(and(eq(tables.organisations.id, open.orgId), sql`approved_at is null`));
    await tx
      .update(tables.organisationApplications)
      .set({ status: 'pending', contactPhone: input.contactPhone, termsAcceptedAt: now, submittedAt: now })
      .where(eq(tables.organisationApplications.id, open.id));
    await recordAudit(
      {
        actorId: user.id,
        orgId: open.orgId,
        action: 'application.resubmit',
        subjectType: 'application',
        subjectId: open.id,
        before: { ...viewOf(before), status: open.status },
        after: { ...organisationValues(input), contactPhone: input.contactPhone },
      },
      tx,
    );
    const row = (await applicationById(tx, open.id))!;
    return { view: viewOf(row), mail: await applicantMail(tx, row, 'received') };
  });
  if (!result) return { ok: false, code: 'APPLICATION_NOT_FOUND' };
  await afterCommit([result.mail]);
  return { ok: true, application: result.view };
}

/** The admins' screen: the applications waiting for review first (oldest first), then the latest decided. */
export async function listApplications(actor: { id: string }): Promise<{ ok: true; applications: ApplicationView[] } | NotAdmin> {
  if (!(await isAdmin(actor.id))) return { ok: false, code: 'NOT_ADMIN' };
  const rows = (await selectApplications(getDb())
    .orderBy(sql`case ${tables.organisationApplications.status} when 'pending' then 0 when 'changes_requested' then 1 else 2 end`, asc(tables.organisationApplications.submittedAt))
    .limit(300)) as Row[];
  return { ok: true, applications: rows.map(viewOf) };
}

type Decision =
  | { review: 'approved'; terms: ApproveInput }
  | { review: 'changes'; message: string }
  | { review: 'rejected'; message: string };

const STATUS_OF = { approved: 'approved', changes: 'changes_requested', rejected: 'rejected' } as const;
const ACTION_OF = { approved: 'application.approve', changes: 'application.request_changes', rejected: 'application.reject' } as const;
/** What each decision may be taken from: changes are asked of (and approval given to) what was submitted; a rejection ends either. */
const FROM: Record<Decision['review'], ('pending' | 'changes_requested')[]> = { approved: ['pending'], changes: ['pending'], rejected: ['pending', 'changes_requested'] };

/** One admin's decision on an application, its audit entry and the applicant's mail, in one transaction. */
export async function reviewApplication(
  actor: { id: string },
  applicationId: string,
  decision: Decision,
  now = new Date(),
): Promise<{ ok: true; application: ApplicationView } | NotAdmin | NotFound | Decided> {
  if (!(await isAdmin(actor.id))) return { ok: false, code: 'NOT_ADMIN' };
  const message = decision.review === 'approved' ? decision.terms.message : decision.message;
  const result = await getDb().transaction(async (tx) => {
    const before = await applicationById(tx, applicationId);
    if (!before) return { ok: false, code: 'APPLICATION_NOT_FOUND' } as const;
    const [moved] = await tx
      .update(tables.organisationApplications)
      .set({ status: STATUS_OF[decision.review], reviewedAt: now, reviewedBy: actor.id, reviewMessage: message })
      .where(and(eq(tables.organisationApplications.id, applicationId), inArray(tables.organisationApplications.status, FROM[decision.review])))
      .returning({ id: tables.organisationApplications.id });
    if (!moved) return { ok: false, code: 'APPLICATION_DECIDED' } as const;
    let terms: Record<string, unknown> = {};
    if (decision.review === 'approved') {
      terms = { platformFeePerTicket: decision.terms.platformFeePerTicket, platformFeeBps: decision.terms.platformFeeBps };
      await tx
        .update(tables.organisations)
        .set({ approvedAt: now, platformFeePerTicket: decision.terms.platformFeePerTicket, platformFeeBps: decision.terms.platformFeeBps })
        .where(eq(tables.organisations.id, before.org.id));
    }
    await recordAudit(
      {
        actorId: actor.id,
        orgId: before.org.id,
        action: ACTION_OF[decision.review],
        subjectType: 'application',
        subjectId: applicationId,
        reason: message,
        before: { status: before.application.status, approvedAt: before.org.approvedAt?.toISOString() ?? null, platformFeePerTicket: before.org.platformFeePerTicket, platformFeeBps: before.org.platformFeeBps },
        after: { status: STATUS_OF[decision.review], ...(decision.review === 'approved' ? { approvedAt: now.toISOString() } : {}), ...terms },
      },
      tx,
    );
    const row = (await applicationById(tx, applicationId))!;
    return { ok: true, view: viewOf(row), mail: await applicantMail(tx, row, decision.review, message) } as const;
  });
  if (!result.ok) return result;
  await afterCommit([result.mail]);
  return { ok: true, application: result.view };
}
