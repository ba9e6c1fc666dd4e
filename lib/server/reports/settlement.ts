import 'server-only';
import { textIn } from '@/lib/localized-text';
import { and, asc, eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { TIME_ZONE } from '@/lib/i18n/time-zone';
import { dayOf, localToInstant } from '@/lib/organiser/zoned-time';
import type { ExportColumnKind, ExportRow } from './export-file';
import type { Settlement, SettlementFigures, SettlementLine, SettlementQuery } from '@/lib/schemas/settlements';
import { getDb, tables } from '@/lib/server/db';
import { orgAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { eventLedgers, netFigures, type EventLedger } from './ledger';

// The organiser's settlement (issue 16, item 6): what Tribuna owes an organisation for its events over a
// period, per event and in total per currency. Every figure comes from the event ledger (ledger.ts), so
// the statement, the report and the overview cannot disagree: sales count by when they were paid, refunds
// by when they were queued, in [start, end).
//
// The organiser is owed its primary ticket sales net of coupon discounts, the wallet credit and loyalty
// points buyers paid with (the organiser's, like coupons: ledger.ts), and refunds, plus its share of
// the resale fees, less Tribuna's platform fee on its tickets (its commercial terms; a refunded ticket's fee
// is given back). Service fees are paid by buyers on top of the ticket price and are Tribuna's, like the
// rest of the resale fees: they are shown, not deducted. The organiser's payouts (payouts/organisers.ts)
// are made of these same figures.

/** The instants of a period of whole days in Europe/Bratislava: [from 00:00, the day after `to` 00:00). */
export function periodOf(from: string, to: string): { start: Date; end: Date } {
  const next = new Date(`${to}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return {
    start: new Date(localToInstant(`${from}T00:00`)!),
    end: new Date(localToInstant(`${next.toISOString().slice(0, 10)}T00:00`)!),
  };
}

/** This month so far, in Europe/Bratislava: its first day and today. */
export function currentMonth(now = new Date()): { from: string; to: string } {
  const today = dayOf(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

function figuresOf(ledger: Pick<EventLedger, 'sales' | 'refunds'>): SettlementFigures {
  const { sales, refunds } = ledger;
  const net = netFigures(ledger);
  return {
    primaryTickets: sales.primaryTickets,
    primaryGross: sales.ticketRevenue,
    discounts: sales.discounts,
    credits: sales.credits,
    refunds: refunds.ticketRevenue - refunds.discounts - refunds.credits,
    primaryNet: net.primaryNet,
    serviceFees: net.serviceFees,
    ticketFees: net.ticketFees,
    resaleTickets: sales.resaleTickets,
    resaleFees: net.resaleFees,
    organiserResaleShare: net.organiserResaleShare,
    owed: net.owedToOrganiser,
    platformFees: net.platformFees,
    collected: net.collectedNet,
  };
}

const FIGURE_KEYS = [
  'primaryTickets',
  'primaryGross',
  'discounts',
  'credits',
  'refunds',
  'primaryNet',
  'serviceFees',
  'ticketFees',
  'resaleTickets',
  'resaleFees',
  'organiserResaleShare',
  'owed',
  'platformFees',
  'collected',
] as const satisfies readonly (keyof SettlementFigures)[];

export function sumFigures(lines: SettlementFigures[]): SettlementFigures {
  return Object.fromEntries(FIGURE_KEYS.map((k) => [k, lines.reduce((sum, line) => sum + line[k], 0)])) as SettlementFigures;
}

/** The organisation's events for the statement's event filter, by start. */
export async function settlementEvents(
  userId: string,
  orgId: string,
  locale: Locale,
): Promise<{ ok: true; events: { id: string; title: string; startsAt: string; createdOn: string }[] } | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'payouts');
  if (!access.ok) return access;
  const e = tables.events;
  const rows = await getDb().select({ id: e.id, title: e.title, startsAt: e.startsAt, createdAt: e.createdAt }).from(e).where(eq(e.orgId, orgId)).orderBy(asc(e.startsAt));
  // createdOn: the first day anything of the event can have sold, where one event's whole statement starts.
  return { ok: true, events: rows.map((r) => ({ id: r.id, title: textIn(r.title, locale), startsAt: r.startsAt.toISOString(), createdOn: dayOf(r.createdAt) })) };
}

/**
 * The settlement of an organisation over a period (and for one of its events): the owner only
 * ('payouts'); a manager is ROLE_FORBIDDEN, anyone else — and an event of another organisation —
 * ORG_NOT_FOUND. Lines are the events with a sale or a refund in the period (the chosen event always).
 */
export async function organiserSettlement(userId: string, query: SettlementQuery, locale: Locale): Promise<{ ok: true; settlement: Settlement } | AccessFailure> {
  const access = await orgAccess(userId, query.organisation, 'payouts');
  if (!access.ok) return access;
  const db = getDb();
  const e = tables.events;
  const [org] = await db.select({ id: tables.organisations.id, name: tables.organisations.name }).from(tables.organisations).where(eq(tables.organisations.id, query.organisation));
  const events = await db
    .select({ id: e.id, title: e.title, startsAt: e.startsAt, status: e.status })
    .from(e)
    .where(query.event ? and(eq(e.orgId, query.organisation), eq(e.id, query.event)) : eq(e.orgId, query.organisation))
    .orderBy(asc(e.startsAt), asc(e.id));
  if (query.event && !events.length) return { ok: false, code: 'ORG_NOT_FOUND' };

  const { start, end } = periodOf(query.from, query.to);
  const ledgers = new Map((await eventLedgers({ eventIds: events.map((x) => x.id), from: start, to: end })).map((l) => [l.eventId, l]));
  const byCurrency = new Map<'EUR' | 'CZK', SettlementLine[]>();
  for (const event of events) {
    const ledger = ledgers.get(event.id);
    if (!ledger) continue;
    if (!query.event && ledger.sales.orders === 0 && ledger.refunds.orders === 0) continue;
    const lines = byCurrency.get(ledger.currency) ?? [];
    lines.push({ eventId: event.id, title: textIn(event.title, locale), startsAt: event.startsAt.toISOString(), status: event.status, ...figuresOf(ledger) });
    byCurrency.set(ledger.currency, lines);
  }
  const currencies = (['EUR', 'CZK'] as const).flatMap((currency) => {
    const lines = byCurrency.get(currency);
    return lines ? [{ currency, lines, total: sumFigures(lines) }] : [];
  });
  return {
    ok: true,
    settlement: {
      organisation: org,
      period: { from: query.from, to: query.to, timeZone: TIME_ZONE, start: start.toISOString(), end: end.toISOString() },
      eventId: query.event ?? null,
      currencies,
    },
  };
}

/** A statement as export rows: one per event, then a total per currency. Amounts in minor units. */
export function settlementExportRows(settlement: Settlement, totalLabel: string): ExportRow[] {
  const row = (figures: SettlementFigures, currency: string, event: string, startsAt: string) => ({
    event,
    startsAt,
    currency,
    primaryTickets: figures.primaryTickets,
    primaryGross: figures.primaryGross,
    discounts: figures.discounts,
    credits: figures.credits,
    refunds: figures.refunds,
    primaryNet: figures.primaryNet,
    serviceFees: figures.serviceFees,
    ticketFees: figures.ticketFees,
    resaleTickets: figures.resaleTickets,
    resaleFees: figures.resaleFees,
    organiserResaleShare: figures.organiserResaleShare,
    owed: figures.owed,
  });
  return settlement.currencies.flatMap(({ currency, lines, total }) => [
    ...lines.map((line) => row(line, currency, line.title, dayOf(new Date(line.startsAt)))),
    row(total, currency, totalLabel, ''),
  ]);
}

/** The statement's columns and what each holds: the event's title is the organiser's text, the day a date, the counts numbers, the rest amounts. */
export const SETTLEMENT_EXPORT_COLUMNS: readonly [string, ExportColumnKind][] = [
  ['event', 'text'],
  ['startsAt', 'date'],
  ['currency', 'text'],
  ['primaryTickets', 'number'],
  ['primaryGross', 'money'],
  ['discounts', 'money'],
  ['credits', 'money'],
  ['refunds', 'money'],
  ['primaryNet', 'money'],
  ['serviceFees', 'money'],
  ['ticketFees', 'money'],
  ['resaleTickets', 'number'],
  ['resaleFees', 'money'],
  ['organiserResaleShare', 'money'],
  ['owed', 'money'],
];
