import 'server-only';
import { textIn } from '@/lib/localized-text';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, tables, type Tx } from '@/lib/server/db';
import type { Locale } from '@/lib/i18n/routing';
import type { RedeemBatchCreateInput } from '@/lib/schemas/organiser-codes';
import { eventAccess, orgAccess, ownedAccess, type AccessFailure } from '@/lib/server/organiser/access';

const b = tables.redeemCodeBatches;
const rc = tables.redeemCodes;

/** 32 letters and digits a person reads back without doubt: no 0/O, no 1/I. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * XXXX-XXXX-XXXX from the system's CSPRNG: 12 symbols of 32 = 60 random bits, unguessable at the
 * fan side's rate limit (tickets/redeem.ts). 256 is a multiple of 32, so `byte & 31` is unbiased.
 */
export function newRedeemCode(): string {
  const bytes = randomBytes(12);
  let out = '';
  for (let i = 0; i < 12; i++) {
    if (i && i % 4 === 0) out += '-';
    out += ALPHABET[bytes[i] & 31];
  }
  return out;
}

export type RedeemBatch = {
  id: string;
  eventId: string;
  eventTitle: string;
  categoryId: string;
  categoryName: string;
  count: number;
  used: number;
  deactivated: number;
  expiresAt: string | null;
  createdAt: string;
};

export type RedeemCodeRow = { id: string; code: string; usedAt: string | null; usedByEmail: string | null; active: boolean };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function batchesWhere(where: ReturnType<typeof eq>, locale: Locale, db: ReturnType<typeof getDb> | Tx = getDb()): Promise<RedeemBatch[]> {
  const rows = await db
    .select({
      id: b.id,
      eventId: b.eventId,
      eventTitle: tables.events.title,
      categoryId: b.ticketTypeId,
      categoryName: tables.ticketTypes.name,
      count: b.count,
      used: sql<number>`(select count(*)::int from ${rc} where ${rc.batchId} = ${b.id} and ${rc.usedAt} is not null)`,
      deactivated: sql<number>`(select count(*)::int from ${rc} where ${rc.batchId} = ${b.id} and ${rc.deactivatedAt} is not null)`,
      expiresAt: b.expiresAt,
      createdAt: b.createdAt,
    })
    .from(b)
    .innerJoin(tables.events, eq(tables.events.id, b.eventId))
    .innerJoin(tables.ticketTypes, eq(tables.ticketTypes.id, b.ticketTypeId))
    .where(where)
    .orderBy(desc(b.createdAt));
  return rows.map((row) => ({
    ...row,
    eventTitle: textIn(row.eventTitle, locale),
    categoryName: row.categoryName[locale],
    used: Number(row.used),
    deactivated: Number(row.deactivated),
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
  }));
}

export type RedeemBatchFailure = { ok: false; code: 'REDEEM_CATEGORY_INVALID' };

/**
 * Generates `count` single-use codes, each granting one ticket of the event's price category, as one
 * batch (exported together as CSV). Answers the batch and its codes.
 */
export async function createRedeemBatch(
  userId: string,
  input: RedeemBatchCreateInput,
  locale: Locale,
): Promise<{ ok: true; batch: RedeemBatch; codes: string[] } | AccessFailure | RedeemBatchFailure> {
  const access = await eventAccess(userId, input.eventId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const [category] = await db
    .select({ id: tables.ticketTypes.id })
    .from(tables.ticketTypes)
    .where(and(eq(tables.ticketTypes.id, input.categoryId), eq(tables.ticketTypes.eventId, input.eventId)));
  if (!category) return { ok: false, code: 'REDEEM_CATEGORY_INVALID' };
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(b)
      .values({ orgId: access.orgId, eventId: input.eventId, ticketTypeId: category.id, count: input.count, expiresAt, createdBy: userId })
      .returning({ id: b.id });
    const codes: string[] = [];
    // A collision with an existing code (2⁻⁶⁰ per pair) is skipped by the unique index and drawn again.
    while (codes.length < input.count) {
      const wanted = Math.min(input.count - codes.length, 1000);
      const drawn = [...new Set(Array.from({ length: wanted }, newRedeemCode))];
      const inserted = await tx
        .insert(rc)
        .values(drawn.map((code) => ({ code, eventId: input.eventId, ticketTypeId: category.id, expiresAt, batchId: batch.id })))
        .onConflictDoNothing({ target: rc.code })
        .returning({ code: rc.code });
      codes.push(...inserted.map((x) => x.code));
    }
    const [view] = await batchesWhere(eq(b.id, batch.id), locale, tx);
    return { ok: true as const, batch: view, codes };
  });
}

/** The organisation's batches with how many of each were used and deactivated, newest first. */
export async function listRedeemBatches(userId: string, orgId: string, locale: Locale): Promise<{ ok: true; batches: RedeemBatch[] } | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'events');
  if (!access.ok) return access;
  return { ok: true, batches: await batchesWhere(eq(b.orgId, orgId), locale) };
}

function batchAccess(userId: string, batchId: string) {
  return ownedAccess(userId, 'events', async (db) => (await db.select({ orgId: b.orgId }).from(b).where(eq(b.id, batchId)))[0]?.orgId);
}

const codeColumns = {
  id: rc.id,
  code: rc.code,
  usedAt: rc.usedAt,
  usedByEmail: tables.users.email,
  deactivatedAt: rc.deactivatedAt,
  expiresAt: rc.expiresAt,
};

type CodeRow = { id: string; code: string; usedAt: Date | null; usedByEmail: string | null; deactivatedAt: Date | null; expiresAt: Date | null };

const codeView = (row: CodeRow): RedeemCodeRow => ({ id: row.id, code: row.code, usedAt: iso(row.usedAt), usedByEmail: row.usedByEmail, active: row.deactivatedAt === null });

function batchCodeRows(batchId: string) {
  return getDb().select(codeColumns).from(rc).leftJoin(tables.users, eq(tables.users.id, rc.usedBy)).where(eq(rc.batchId, batchId)).orderBy(asc(rc.createdAt), asc(rc.code));
}

/** One batch with every code: who used it and when, and whether it is still active. */
export async function redeemBatchCodes(
  userId: string,
  batchId: string,
  locale: Locale,
): Promise<{ ok: true; batch: RedeemBatch; codes: RedeemCodeRow[] } | AccessFailure> {
  const access = await batchAccess(userId, batchId);
  if (!access.ok) return access;
  const [batch] = await batchesWhere(eq(b.id, batchId), locale);
  return { ok: true, batch, codes: (await batchCodeRows(batchId)).map(codeView) };
}

export type RedeemCsvRow = { code: string; category: string; expiresAt: Date | string | null; usedAt: Date | string | null; usedByEmail: string; active: string };

/**
 * The rows of a batch's export, in pages (a batch has up to 5 000 codes): what the route streams through
 * lib/server/reports/export-file.ts as CSV or .xlsx (times in local time there); `active` is translated.
 */
export async function redeemBatchCsv(
  userId: string,
  batchId: string,
  locale: Locale,
  labels: { yes: string; no: string },
): Promise<{ ok: true; name: string; rows: () => AsyncGenerator<RedeemCsvRow> } | AccessFailure> {
  const access = await batchAccess(userId, batchId);
  if (!access.ok) return access;
  const [batch] = await batchesWhere(eq(b.id, batchId), locale);
  async function* rows() {
    const PAGE = 1000;
    for (let offset = 0; ; offset += PAGE) {
      const page = await batchCodeRows(batchId).limit(PAGE).offset(offset);
      for (const row of page) {
        yield {
          code: row.code,
          category: batch.categoryName,
          expiresAt: row.expiresAt,
          usedAt: row.usedAt,
          usedByEmail: row.usedByEmail ?? '',
          active: row.deactivatedAt === null ? labels.yes : labels.no,
        };
      }
      if (page.length < PAGE) return;
    }
  }
  return { ok: true, name: `redeem-codes-${batch.createdAt.slice(0, 10)}-${batchId.slice(0, 8)}`, rows };
}

/**
 * Deactivates a code (or turns it back on): a deactivated code is refused at the fan's redeem like one
 * that does not exist (tickets/redeem.ts). A used code stays used. The code's event decides whose it is.
 */
export async function setRedeemCodeActive(userId: string, codeId: string, active: boolean, now = new Date()): Promise<{ ok: true; code: RedeemCodeRow } | AccessFailure> {
  const access = await ownedAccess(userId, 'events', async (db) =>
    (await db.select({ orgId: tables.events.orgId }).from(rc).innerJoin(tables.events, eq(tables.events.id, rc.eventId)).where(eq(rc.id, codeId)))[0]?.orgId,
  );
  if (!access.ok) return access;
  const db = getDb();
  // Deactivating keeps the first moment it was deactivated.
  await db
    .update(rc)
    .set({ deactivatedAt: active ? null : sql`coalesce(${rc.deactivatedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(rc.id, codeId));
  const [row] = await db.select(codeColumns).from(rc).leftJoin(tables.users, eq(tables.users.id, rc.usedBy)).where(eq(rc.id, codeId));
  return { ok: true, code: codeView(row) };
}

export type CodesEventOption = { id: string; title: string; startsAt: string; currency: 'EUR' | 'CZK'; categories: { id: string; code: string; name: string }[] };

/** The organisation's events that have not started, with their price categories: the choices of the coupon and code forms. */
export async function redeemEventOptions(userId: string, orgId: string, locale: Locale, now = new Date()): Promise<{ ok: true; events: CodesEventOption[] } | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const events = await db
    .select({ id: tables.events.id, title: tables.events.title, startsAt: tables.events.startsAt, currency: tables.events.currency })
    .from(tables.events)
    .where(and(eq(tables.events.orgId, orgId), sql`${tables.events.startsAt} > ${now.toISOString()}::timestamptz`, sql`${tables.events.status} <> 'cancelled'`))
    .orderBy(asc(tables.events.startsAt));
  if (!events.length) return { ok: true, events: [] };
  const types = await db
    .select({ id: tables.ticketTypes.id, eventId: tables.ticketTypes.eventId, code: tables.ticketTypes.code, name: tables.ticketTypes.name })
    .from(tables.ticketTypes)
    .where(inArray(tables.ticketTypes.eventId, events.map((e) => e.id)))
    .orderBy(asc(tables.ticketTypes.sortOrder));
  return {
    ok: true,
    events: events.map((e) => ({
      id: e.id,
      title: textIn(e.title, locale),
      startsAt: e.startsAt.toISOString(),
      currency: e.currency,
      categories: types.filter((t) => t.eventId === e.id).map((t) => ({ id: t.id, code: t.code, name: textIn(t.name, locale) })),
    })),
  };
}
