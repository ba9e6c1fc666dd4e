// Test factory for ticket suites: users with bearer sessions, tickets issued straight onto units.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { hashToken } from '@/lib/server/auth/session-token';
import type { Db } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { insertPaidOrder } from '@/lib/server/db/seed/paid-order';
import { generateTicketCode } from '@/lib/ticket-code/code';
import { newTicketKeys, signingKeyFor } from '@/lib/ticket-code/keys';

let counter = 0;

export type TestUser = { id: string; email: string; firstName: string; lastName: string; token: string };

/** A fresh user with a verified email and a live session; call handlers with `auth(user)` headers. */
export async function makeUser(db: Db, tag = 'fan', email?: string, options: { verified?: boolean } = {}): Promise<TestUser> {
  const address = email ?? `${tag}.${Date.now().toString(36)}.${counter++}@example.com`;
  const emailVerifiedAt = options.verified === false ? null : new Date();
  const [user] = await db
    .insert(s.users)
    .values({ email: address, firstName: 'Test', lastName: tag, sex: 'other', dateOfBirth: '1990-01-01', locale: 'en', passwordHash: 'x', emailVerifiedAt })
    .returning({ id: s.users.id });
  return { id: user.id, email: address, firstName: 'Test', lastName: tag, token: await sessionFor(db, user.id) };
}

export async function sessionFor(db: Db, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(s.sessions).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
  return token;
}

export function auth(user: { token: string }, extra: Record<string, string> = {}) {
  return { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'accept-language': 'en', ...extra };
}

export async function eventBySlug(db: Db, slug: string) {
  const [event] = await db.select().from(s.events).where(eq(s.events.slug, slug));
  if (!event) throw new Error(`no event ${slug}`);
  return event;
}

/**
 * Issues a valid ticket of `typeCode` (first category when omitted) at `slug` to `ownerId`, like a paid order
 * would: with its paid order line at the category's price (the resale cap is taken of it). `free`: like a
 * redeem code, no order.
 */
export async function giveTicket(db: Db, ownerId: string, slug: string, typeCode?: string, options: { free?: boolean } = {}) {
  const event = await eventBySlug(db, slug);
  const types = await db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id)).orderBy(asc(s.ticketTypes.sortOrder));
  const type = typeCode ? types.find((t) => t.code === typeCode)! : types[0];
  const [unit] = await db
    .select({ id: s.inventoryUnits.id })
    .from(s.inventoryUnits)
    // A season holder's released seat is on sale again while its ticket still exists (seasons/release.ts): not that one.
    .where(and(eq(s.inventoryUnits.ticketTypeId, type.id), eq(s.inventoryUnits.status, 'available'), sql`not exists (select 1 from tickets t where t.unit_id = ${s.inventoryUnits.id})`))
    .limit(1);
  await db.update(s.inventoryUnits).set({ status: 'sold' }).where(eq(s.inventoryUnits.id, unit.id));
  const [ticket] = await db
    .insert(s.tickets)
    .values({ eventId: event.id, unitId: unit.id, ticketTypeId: type.id, ownerId, priceAmount: type.priceAmount, ...newTicketKeys() })
    .returning();
  if (!options.free) {
    const orderId = await db.transaction((tx) =>
      insertPaidOrder(tx, { userId: ownerId, eventId: event.id, currency: event.currency, locale: 'en', at: new Date(), lines: [{ unitId: unit.id, ticketTypeId: type.id, priceAmount: type.priceAmount, feeAmount: 0 }] }),
    );
    await db.update(s.tickets).set({ orderId }).where(eq(s.tickets.id, ticket.id));
    ticket.orderId = orderId;
  }
  return { ticket, event, type };
}

/** The code the owner's phone signs right now for a ticket's current (or a given) secret and version. */
export async function currentCode(db: Db, ticketId: string, at = Date.now(), override?: { secret: string; version: number }) {
  const [row] = await db.select({ secret: s.tickets.secret, version: s.tickets.version }).from(s.tickets).where(eq(s.tickets.id, ticketId));
  const { secret, version } = override ?? row;
  return generateTicketCode({ ticketId, version, signingKey: signingKeyFor(secret, version) }, at);
}

/**
 * Opens the gates of events now (doors an hour ago), so that their codes scan today: the seeded events
 * lie days ahead. The entry window itself has its own tests.
 */
export async function openGates(db: Db, slugs?: string[]) {
  const now = Date.now();
  await db
    .update(s.events)
    .set({ doorsAt: new Date(now - 3_600_000) })
    .where(slugs ? inArray(s.events.slug, slugs) : undefined);
}

/** A member of the organiser of `slug` with the given role. */
export async function makeScanner(db: Db, slug: string, role: 'scanner' | 'manager' | 'owner' = 'scanner') {
  const user = await makeUser(db, 'scanner');
  const event = await eventBySlug(db, slug);
  await db.insert(s.orgMembers).values({ orgId: event.orgId, userId: user.id, role });
  return user;
}

export function request(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  return new Request(`http://localhost${path}`, {
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

export const params = <P>(value: P) => ({ params: Promise.resolve(value) });
