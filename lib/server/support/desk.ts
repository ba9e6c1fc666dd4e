import 'server-only';
// The support desk's reads: find orders (by the buyer's or a holder's email, the order number, a ticket's
// id, or a seat), and one order with its tickets and its timeline — every payment attempt, refund, mail,
// gift, resale listing, scan and audit entry about it, oldest first. docs/decisions/support-desk.md
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '@/lib/i18n/routing';
import { textIn } from '@/lib/localized-text';
import { seatLabel } from '@/lib/server/cart/seat-labels';
import { getDb, tables } from '@/lib/server/db';
import { orderNumber } from '@/lib/server/orders/read';
import { isAdmin, type AccessFailure } from '@/lib/server/organiser/access';
import type { SupportOrder, SupportOrderSummary, SupportSearch, SupportTicket, TimelineEntry } from '@/lib/schemas/support';
import { orderSupport, scopeOf, type Scope } from './access';

const o = tables.orders;
const e = tables.events;
const holders = alias(tables.users, 'holders');

/** The orders a search may name: of the scope's organisation (an admin's: every one). */
function inScope(scope: Scope): SQL | undefined {
  return scope.kind === 'org' ? eq(e.orgId, scope.orgId) : undefined;
}

/** An order number is the id's first 8 hex digits: the ids between …-0000… and …-ffff… (the primary key's index). */
function numberRange(number: string): SQL {
  return and(gte(o.id, `${number}-0000-0000-0000-000000000000`), lte(o.id, `${number}-ffff-ffff-ffff-ffffffffffff`))!;
}

/** Orders with a unit of this seat (an order item or its ticket), for any section code or name. */
function seatOrders(input: { event: string; section: string; row: string; seat: string }): SQL {
  const section = input.section.toLowerCase();
  const units = sql`select iu.id from ${tables.inventoryUnits} iu
    join ${tables.venueSeats} vs on vs.id = iu.seat_id
    join ${tables.venueRows} vr on vr.id = vs.row_id
    join ${tables.venueSections} sec on sec.id = vs.section_id
    where iu.event_id = ${input.event}
      and (lower(sec.code) = ${section} or lower(sec.name->>'sk') = ${section} or lower(sec.name->>'cs') = ${section} or lower(sec.name->>'en') = ${section})
      and lower(vr.label) = ${input.row.toLowerCase()} and lower(vs.label) = ${input.seat.toLowerCase()}`;
  return sql`(${o.id} in (select oi.order_id from ${tables.orderItems} oi where oi.unit_id in (${units}))
    or ${o.id} in (select t.order_id from ${tables.tickets} t where t.order_id is not null and t.unit_id in (${units})))`;
}

function criterion(search: SupportSearch): SQL {
  if (search.email) {
    return or(
      sql`lower(${tables.users.email}) = ${search.email}`,
      sql`${o.id} in (select t.order_id from ${tables.tickets} t join ${tables.users} h on h.id = t.owner_id where t.order_id is not null and lower(h.email) = ${search.email})`,
    )!;
  }
  if (search.number) return numberRange(search.number);
  if (search.ticket) return sql`${o.id} = (select t.order_id from ${tables.tickets} t where t.id = ${search.ticket})`;
  return seatOrders(search as { event: string; section: string; row: string; seat: string });
}

const ticketCount = sql<number>`(select count(*)::int from ${tables.tickets} t where t.order_id = ${o.id})`;

const summaryColumns = {
  id: o.id,
  status: o.status,
  currency: o.currency,
  total: o.totalAmount,
  createdAt: o.createdAt,
  paidAt: o.paidAt,
  title: e.title,
  startsAt: e.startsAt,
  orgId: e.orgId,
  organisation: tables.organisations.name,
  language: tables.organisations.language,
  email: tables.users.email,
  firstName: tables.users.firstName,
  lastName: tables.users.lastName,
  tickets: ticketCount,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & {
  id: string;
  status: SupportOrderSummary['status'];
  currency: 'EUR' | 'CZK';
  total: number;
  createdAt: Date;
  paidAt: Date | null;
  title: Record<string, string>;
  startsAt: Date;
  orgId: string;
  organisation: string;
  language: Locale;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  tickets: number;
};

function summaryOf(row: SummaryRow, locale: Locale): SupportOrderSummary {
  return {
    id: row.id,
    number: orderNumber(row.id),
    status: row.status,
    event: textIn(row.title, locale, row.language),
    eventStartsAt: row.startsAt.toISOString(),
    organisation: row.organisation,
    buyerEmail: row.email,
    buyerName: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
    total: { amount: row.total, currency: row.currency },
    tickets: Number(row.tickets),
    createdAt: row.createdAt.toISOString(),
  };
}

function ordersQuery() {
  return getDb()
    .select(summaryColumns)
    .from(o)
    .innerJoin(e, eq(e.id, o.eventId))
    .innerJoin(tables.organisations, eq(tables.organisations.id, e.orgId))
    .innerJoin(tables.users, eq(tables.users.id, o.userId));
}

/** Orders found by one of the four ways, in the caller's scope, newest first (at most 50). */
export async function searchOrders(user: { id: string }, search: SupportSearch, locale: Locale): Promise<{ ok: true; orders: SupportOrderSummary[] } | AccessFailure> {
  const scoped = await scopeOf(user, search.organisation, 'support');
  if (!scoped.ok) return scoped;
  const rows = (await ordersQuery()
    .where(and(inScope(scoped.scope), criterion(search)))
    .orderBy(desc(o.createdAt))
    .limit(50)) as SummaryRow[];
  return { ok: true, orders: rows.map((row) => summaryOf(row, locale)) };
}

/** The events whose seats support may look up (the seat search's list): the scope's, newest first. */
export async function supportEvents(user: { id: string }, organisation: string | undefined, locale: Locale) {
  const scoped = await scopeOf(user, organisation, 'support');
  if (!scoped.ok) return scoped;
  const rows = await getDb()
    .select({ id: e.id, title: e.title, startsAt: e.startsAt, language: tables.organisations.language })
    .from(e)
    .innerJoin(tables.organisations, eq(tables.organisations.id, e.orgId))
    .where(inScope(scoped.scope))
    .orderBy(desc(e.startsAt))
    .limit(300);
  return { ok: true as const, events: rows.map((row) => ({ id: row.id, title: textIn(row.title, locale, row.language), startsAt: row.startsAt.toISOString() })) };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const entry = (at: Date, kind: TimelineEntry['kind'], fields: Partial<Omit<TimelineEntry, 'at' | 'kind'>> = {}): TimelineEntry => ({
  at: at.toISOString(),
  kind,
  status: null,
  amount: null,
  detail: null,
  ticketId: null,
  actor: null,
  reason: null,
  before: null,
  after: null,
  ...fields,
});

/** One order for support: its summary, its tickets (wherever they are now) and its timeline. Another organisation's order is not found. */
export async function supportOrder(
  user: { id: string },
  orderId: string,
  locale: Locale,
): Promise<({ ok: true } & SupportOrder) | { ok: false; code: 'SUPPORT_ORDER_NOT_FOUND' | 'ROLE_FORBIDDEN' }> {
  const access = await orderSupport(user, orderId);
  if (!access.ok) return access;
  const db = getDb();
  const [row] = (await ordersQuery().where(eq(o.id, orderId))) as SummaryRow[];
  if (!row) return { ok: false, code: 'SUPPORT_ORDER_NOT_FOUND' };

  const ticketRows = await db
    .select({
      id: tables.tickets.id,
      status: tables.tickets.status,
      version: tables.tickets.version,
      price: tables.tickets.priceAmount,
      type: tables.ticketTypes.name,
      section: tables.venueSections.name,
      row: tables.venueRows.label,
      seat: tables.venueSeats.label,
      holderEmail: holders.email,
    })
    .from(tables.tickets)
    .innerJoin(tables.ticketTypes, eq(tables.ticketTypes.id, tables.tickets.ticketTypeId))
    .innerJoin(tables.inventoryUnits, eq(tables.inventoryUnits.id, tables.tickets.unitId))
    .innerJoin(holders, eq(holders.id, tables.tickets.ownerId))
    .leftJoin(tables.venueSeats, eq(tables.venueSeats.id, tables.inventoryUnits.seatId))
    .leftJoin(tables.venueRows, eq(tables.venueRows.id, tables.venueSeats.rowId))
    .leftJoin(tables.venueSections, eq(tables.venueSections.id, tables.venueSeats.sectionId))
    .where(eq(tables.tickets.orderId, orderId))
    .orderBy(asc(tables.tickets.createdAt), asc(tables.tickets.id));
  const tickets: SupportTicket[] = ticketRows.map((t) => ({
    id: t.id,
    status: t.status,
    type: textIn(t.type, locale, row.language),
    seat: t.section && t.row && t.seat ? seatLabel(locale, textIn(t.section, locale, row.language), t.row, t.seat) : null,
    holderEmail: t.holderEmail,
    version: t.version,
    price: { amount: t.price, currency: row.currency },
  }));
  const ticketIds = tickets.map((t) => t.id);
  const ofTickets = (column: Column) => (ticketIds.length ? inArray(column, ticketIds) : sql`false`);

  const timeline: TimelineEntry[] = [entry(row.createdAt, 'order.created', { amount: { amount: row.total, currency: row.currency } })];
  if (row.paidAt) timeline.push(entry(row.paidAt, 'order.paid'));
  const [refundedAt] = await db.select({ at: o.refundedAt }).from(o).where(eq(o.id, orderId));
  if (refundedAt?.at) timeline.push(entry(refundedAt.at, 'order.refunded'));

  const [payments, refunds, mails, gifts, listings, scans, audits] = await Promise.all([
    db.select().from(tables.payments).where(eq(tables.payments.orderId, orderId)),
    db
      .select({ refund: tables.refunds })
      .from(tables.refunds)
      .innerJoin(tables.payments, eq(tables.payments.id, tables.refunds.paymentId))
      .where(eq(tables.payments.orderId, orderId)),
    db
      .select({ at: tables.emailOutbox.createdAt, to: tables.emailOutbox.toAddress, subject: tables.emailOutbox.subject, kind: tables.emailOutbox.kind })
      .from(tables.emailOutbox)
      .where(eq(tables.emailOutbox.orderId, orderId)),
    db.select().from(tables.gifts).where(ofTickets(tables.gifts.ticketId)),
    db.select().from(tables.resaleListings).where(ofTickets(tables.resaleListings.ticketId)),
    db.select().from(tables.scanLog).where(ofTickets(tables.scanLog.ticketId)),
    db
      .select({ audit: tables.auditLog, actor: tables.users.email })
      .from(tables.auditLog)
      .leftJoin(tables.users, eq(tables.users.id, tables.auditLog.actorId))
      .where(
        or(
          and(eq(tables.auditLog.subjectType, 'order'), eq(tables.auditLog.subjectId, orderId)),
          ticketIds.length ? and(eq(tables.auditLog.subjectType, 'ticket'), inArray(tables.auditLog.subjectId, ticketIds)) : sql`false`,
        ),
      ),
  ]);
  for (const p of payments) timeline.push(entry(p.createdAt, 'payment', { status: p.status, amount: { amount: p.amount, currency: p.currency }, detail: p.provider }));
  for (const { refund } of refunds) {
    const amount = { amount: refund.amount, currency: refund.currency };
    timeline.push(entry(refund.createdAt, 'refund.queued', { status: refund.status, amount, detail: refund.reason }));
    if (refund.refundedAt) timeline.push(entry(refund.refundedAt, 'refund.done', { amount, detail: refund.reason }));
  }
  for (const mail of mails) timeline.push(entry(mail.at, 'mail', { status: mail.kind, detail: `${mail.subject} → ${mail.to}` }));
  for (const gift of gifts) timeline.push(entry(gift.createdAt, 'gift', { status: gift.status, detail: gift.toEmail, ticketId: gift.ticketId }));
  for (const listing of listings) {
    const amount = { amount: listing.priceAmount, currency: listing.currency };
    timeline.push(entry(listing.createdAt, 'resale.listed', { status: listing.status, amount, ticketId: listing.ticketId }));
    if (listing.soldAt) timeline.push(entry(listing.soldAt, 'resale.sold', { amount, ticketId: listing.ticketId }));
  }
  for (const scan of scans) timeline.push(entry(scan.scannedAt, 'scan', { status: scan.result, detail: scan.gate, ticketId: scan.ticketId }));
  for (const { audit, actor } of audits) {
    timeline.push(
      entry(audit.at, 'audit', {
        status: audit.action,
        actor: actor ?? null,
        reason: audit.reason,
        before: audit.before,
        after: audit.after,
        ticketId: audit.subjectType === 'ticket' ? audit.subjectId : null,
      }),
    );
  }
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return {
    ok: true,
    order: { ...summaryOf(row, locale), paidAt: iso(row.paidAt), orgId: row.orgId },
    tickets,
    timeline,
  };
}

/** Whether the user is a Tribuna admin (the admin pages' gate). */
export const isSupportAdmin = (user: { id: string }) => isAdmin(user.id);
