import 'server-only';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { OrganiserPackage, PackageCreateInput, PackagePatchInput } from '@/lib/schemas/packages';
import { getDb, tables } from '@/lib/server/db';
import { eventChanged } from '@/lib/server/events/changed';
import { orgAccess, ownedAccess, type AccessFailure } from '@/lib/server/organiser/access';

// The organiser's packages: tickets of one or more of the organisation's events (a festival's days)
// sold as one at one price, how many of them, on sale or not. Every call checks the member's role here
// (owner, manager); another organisation's package answers 404.

const p = tables.packages;
const pc = tables.packageContents;

export type ContentsFailure = { ok: false; code: 'PACKAGE_CONTENTS_INVALID' } | { ok: false; code: 'PACKAGE_CURRENCY_MIXED' };
type PackageFailure = AccessFailure | ContentsFailure | { ok: false; code: 'PACKAGE_NOT_FOUND' };

function packageAccess(userId: string, packageId: string) {
  return ownedAccess(userId, 'events', async (db) => (await db.select({ orgId: p.orgId }).from(p).where(eq(p.id, packageId)))[0]?.orgId);
}

/** Packages paid or in a live cart now (functions.sql package_taken: the same rule the hold checks). */
export async function packagesTaken(ids: string[], now = new Date()): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await getDb()
    .select({ id: p.id, taken: sql<number>`package_taken(${p.id}, ${now.toISOString()}::timestamptz)` })
    .from(p)
    .where(inArray(p.id, ids));
  return new Map(rows.map((r) => [r.id, Number(r.taken)]));
}

async function packageViews(ids: string[]): Promise<OrganiserPackage[]> {
  if (!ids.length) return [];
  const db = getDb();
  const rows = await db.select().from(p).where(inArray(p.id, ids)).orderBy(desc(p.createdAt));
  const contents = await db
    .select({
      packageId: pc.packageId,
      eventId: pc.eventId,
      eventTitle: tables.events.title,
      startsAt: tables.events.startsAt,
      ticketTypeId: pc.ticketTypeId,
      ticketTypeName: tables.ticketTypes.name,
      kind: tables.ticketTypes.kind,
      quantity: pc.quantity,
    })
    .from(pc)
    .innerJoin(tables.events, eq(tables.events.id, pc.eventId))
    .innerJoin(tables.ticketTypes, eq(tables.ticketTypes.id, pc.ticketTypeId))
    .where(inArray(pc.packageId, ids))
    .orderBy(asc(pc.sortOrder), asc(tables.events.startsAt));
  const taken = await packagesTaken(ids);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.priceAmount,
    currency: row.currency,
    quantity: row.quantity,
    onSale: row.onSale,
    taken: taken.get(row.id) ?? 0,
    contents: contents
      .filter((c) => c.packageId === row.id)
      .map(({ packageId: _, startsAt, ...c }) => ({ ...c, startsAt: startsAt.toISOString() })),
  }));
}

/** The organisation's events a package can hold: not cancelled, not over, with their price categories. */
async function candidates(orgId: string) {
  const db = getDb();
  const events = await db
    .select({ id: tables.events.id, title: tables.events.title, startsAt: tables.events.startsAt, currency: tables.events.currency })
    .from(tables.events)
    .where(and(eq(tables.events.orgId, orgId), ne(tables.events.status, 'cancelled'), sql`${tables.events.endsAt} > now()`))
    .orderBy(asc(tables.events.startsAt));
  const types = events.length
    ? await db
        .select({ id: tables.ticketTypes.id, eventId: tables.ticketTypes.eventId, name: tables.ticketTypes.name, kind: tables.ticketTypes.kind, price: tables.ticketTypes.priceAmount })
        .from(tables.ticketTypes)
        .where(inArray(tables.ticketTypes.eventId, events.map((e) => e.id)))
        .orderBy(asc(tables.ticketTypes.sortOrder))
    : [];
  return events.map((e) => ({
    ...e,
    startsAt: e.startsAt.toISOString(),
    categories: types.filter((x) => x.eventId === e.id).map(({ eventId: _, ...x }) => x),
  }));
}

export async function listPackages(userId: string, orgId: string) {
  const access = await orgAccess(userId, orgId, 'events');
  if (!access.ok) return access;
  const rows = await getDb().select({ id: p.id }).from(p).where(eq(p.orgId, orgId));
  return { ok: true as const, packages: await packageViews(rows.map((r) => r.id)), events: await candidates(orgId) };
}

export async function getPackage(userId: string, packageId: string): Promise<{ ok: true; package: OrganiserPackage } | PackageFailure> {
  const access = await packageAccess(userId, packageId);
  if (!access.ok) return access.code === 'ORG_NOT_FOUND' ? { ok: false, code: 'PACKAGE_NOT_FOUND' } : access;
  return { ok: true, package: (await packageViews([packageId]))[0] };
}

/** The contents' events must be the organisation's, each category its event's, all in one currency. */
async function checkContents(orgId: string, contents: PackageCreateInput['contents']): Promise<{ ok: true; currency: 'EUR' | 'CZK' } | ContentsFailure> {
  const rows = await getDb()
    .select({ typeId: tables.ticketTypes.id, eventId: tables.events.id, currency: tables.events.currency, status: tables.events.status })
    .from(tables.ticketTypes)
    .innerJoin(tables.events, eq(tables.events.id, tables.ticketTypes.eventId))
    .where(and(inArray(tables.ticketTypes.id, contents.map((c) => c.ticketTypeId)), eq(tables.events.orgId, orgId)));
  const byType = new Map(rows.map((r) => [r.typeId, r]));
  for (const c of contents) {
    const row = byType.get(c.ticketTypeId);
    if (!row || row.eventId !== c.eventId || row.status === 'cancelled') return { ok: false, code: 'PACKAGE_CONTENTS_INVALID' };
  }
  if (new Set(contents.map((c) => c.ticketTypeId)).size !== contents.length) return { ok: false, code: 'PACKAGE_CONTENTS_INVALID' };
  const currencies = new Set(rows.map((r) => r.currency));
  if (currencies.size !== 1) return { ok: false, code: 'PACKAGE_CURRENCY_MIXED' };
  return { ok: true, currency: [...currencies][0] };
}

async function announce(eventIds: string[]) {
  for (const id of new Set(eventIds)) await eventChanged(id);
}

export async function createPackage(userId: string, input: PackageCreateInput): Promise<{ ok: true; package: OrganiserPackage } | PackageFailure> {
  const access = await orgAccess(userId, input.organisation, 'events');
  if (!access.ok) return access;
  const checked = await checkContents(input.organisation, input.contents);
  if (!checked.ok) return checked;
  const id = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(p)
      .values({
        orgId: input.organisation,
        name: input.name,
        description: input.description,
        priceAmount: input.price,
        currency: checked.currency,
        quantity: input.quantity,
        onSale: input.onSale,
      })
      .returning({ id: p.id });
    await tx.insert(pc).values(input.contents.map((c, i) => ({ packageId: row.id, ...c, sortOrder: i })));
    return row.id;
  });
  await announce(input.contents.map((c) => c.eventId));
  return { ok: true, package: (await packageViews([id]))[0] };
}

export async function updatePackage(userId: string, packageId: string, input: PackagePatchInput): Promise<{ ok: true; package: OrganiserPackage } | PackageFailure> {
  const access = await packageAccess(userId, packageId);
  if (!access.ok) return access.code === 'ORG_NOT_FOUND' ? { ok: false, code: 'PACKAGE_NOT_FOUND' } : access;
  const db = getDb();
  const before = await db.select({ eventId: pc.eventId }).from(pc).where(eq(pc.packageId, packageId));
  let currency: 'EUR' | 'CZK' | undefined;
  if (input.contents) {
    // What a package holds is part of what was sold: it changes only while none is paid or in a cart.
    if (((await packagesTaken([packageId])).get(packageId) ?? 0) > 0) return { ok: false, code: 'PACKAGE_CONTENTS_INVALID' };
    const checked = await checkContents(access.orgId, input.contents);
    if (!checked.ok) return checked;
    currency = checked.currency;
  }
  await db.transaction(async (tx) => {
    const patch = {
      ...(input.name ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.price !== undefined ? { priceAmount: input.price } : {}),
      ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
      ...(input.onSale !== undefined ? { onSale: input.onSale } : {}),
      ...(currency ? { currency } : {}),
    };
    if (Object.keys(patch).length) await tx.update(p).set(patch).where(eq(p.id, packageId));
    if (input.contents) {
      await tx.delete(pc).where(eq(pc.packageId, packageId));
      await tx.insert(pc).values(input.contents.map((c, i) => ({ packageId, ...c, sortOrder: i })));
    }
  });
  await announce([...before.map((b) => b.eventId), ...(input.contents ?? []).map((c) => c.eventId)]);
  return { ok: true, package: (await packageViews([packageId]))[0] };
}

/** Deletes a package no fan ever had in a cart; one that was sold can only be taken off sale. */
export async function deletePackage(userId: string, packageId: string): Promise<{ ok: true } | PackageFailure | { ok: false; code: 'PACKAGE_IN_USE' }> {
  const access = await packageAccess(userId, packageId);
  if (!access.ok) return access.code === 'ORG_NOT_FOUND' ? { ok: false, code: 'PACKAGE_NOT_FOUND' } : access;
  const db = getDb();
  const [used] = await db.select({ id: tables.holdPackages.id }).from(tables.holdPackages).where(eq(tables.holdPackages.packageId, packageId)).limit(1);
  if (used) return { ok: false, code: 'PACKAGE_IN_USE' };
  const before = await db.select({ eventId: pc.eventId }).from(pc).where(eq(pc.packageId, packageId));
  await db.delete(p).where(eq(p.id, packageId));
  await announce(before.map((b) => b.eventId));
  return { ok: true };
}
