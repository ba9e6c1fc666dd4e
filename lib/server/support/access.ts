import 'server-only';
// Who may use the support desk and the audit log, decided by the one access table (organiser/access.ts):
// Tribuna admins everything; an organisation's owners and managers (`support`) its events' orders; its
// owners (`audit`) its audit log. Another organisation's order answers exactly like one that does not exist.
import { eq } from 'drizzle-orm';
import { isUuid } from '@/lib/ids';
import { getDb, tables, type Db, type Tx } from '@/lib/server/db';
import { isAdmin, orgAccess, type AccessFailure, type Capability } from '@/lib/server/organiser/access';

/** Whose rows a reader sees: every organisation's (an admin), or one organisation's. */
export type Scope = { kind: 'all' } | { kind: 'org'; orgId: string };

type User = { id: string };

/**
 * The scope of a search or a read: `organisation` named → a member with `capability` there (or an admin);
 * none → an admin's view of everything; anyone else is not found.
 */
export async function scopeOf(user: User, organisation: string | undefined, capability: Capability): Promise<{ ok: true; scope: Scope } | AccessFailure> {
  if (organisation) {
    if (await isAdmin(user.id)) return { ok: true, scope: { kind: 'org', orgId: organisation } };
    const access = await orgAccess(user.id, organisation, capability);
    return access.ok ? { ok: true, scope: { kind: 'org', orgId: organisation } } : access;
  }
  return (await isAdmin(user.id)) ? { ok: true, scope: { kind: 'all' } } : { ok: false, code: 'ORG_NOT_FOUND' };
}

export type SupportNotFound = { ok: false; code: 'SUPPORT_ORDER_NOT_FOUND' } | { ok: false; code: 'SUPPORT_TICKET_NOT_FOUND' };

/** May the user act on an order or ticket of `orgId` (null: no such row)? A non-member is told it does not exist; a scanner is forbidden. */
async function supportOf<M extends SupportNotFound['code']>(user: User, orgId: string | null | undefined, missing: M, db: Db | Tx) {
  if (!orgId) return { ok: false as const, code: missing };
  if (await isAdmin(user.id, db)) return { ok: true as const, orgId };
  const access = await orgAccess(user.id, orgId, 'support', db);
  if (access.ok) return { ok: true as const, orgId };
  return access.code === 'ORG_NOT_FOUND' ? { ok: false as const, code: missing } : { ok: false as const, code: access.code };
}

/** Support access to an order: its event's organisation decides. */
export async function orderSupport(user: User, orderId: string, db: Db | Tx = getDb()) {
  if (!isUuid(orderId)) return { ok: false as const, code: 'SUPPORT_ORDER_NOT_FOUND' as const };
  const [row] = await db
    .select({ orgId: tables.events.orgId })
    .from(tables.orders)
    .innerJoin(tables.events, eq(tables.events.id, tables.orders.eventId))
    .where(eq(tables.orders.id, orderId));
  return supportOf(user, row?.orgId, 'SUPPORT_ORDER_NOT_FOUND' as const, db);
}

/** Support access to a ticket: its event's organisation decides. */
export async function ticketSupport(user: User, ticketId: string, db: Db | Tx = getDb()) {
  if (!isUuid(ticketId)) return { ok: false as const, code: 'SUPPORT_TICKET_NOT_FOUND' as const };
  const [row] = await db
    .select({ orgId: tables.events.orgId })
    .from(tables.tickets)
    .innerJoin(tables.events, eq(tables.events.id, tables.tickets.eventId))
    .where(eq(tables.tickets.id, ticketId));
  return supportOf(user, row?.orgId, 'SUPPORT_TICKET_NOT_FOUND' as const, db);
}
