import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { textIn } from '@/lib/localized-text';
import { dayOf } from '@/lib/organiser/zoned-time';
import type { OrganiserPayouts, OrganiserPayoutView } from '@/lib/schemas/payouts';
import type { LocalizedText } from '@/lib/server/db/schema';
import { orgAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { getDb, rowsOf, tables, type Tx } from '@/lib/server/db';
import { eventLedgers, netFigures } from '@/lib/server/reports/ledger';
import { periodOf } from '@/lib/server/reports/settlement';
import { issuePlatformFeeDocument } from './platform-fee-invoice';
import { payoutDueAtSql } from './state';

// Organiser payouts (issue 32, item 3): what Tribuna owes an organisation, turned into payouts — one per
// settlement period (a calendar month in Europe/Bratislava) or one after each event, as the organisation's
// payout_schedule says — which the payout runs pay with the resale sellers' (runs.ts).
//
// Every figure is the event ledger's (reports/ledger.ts netFigures: primary sales net of coupons, credit and
// refunds, less Tribuna's platform fee, plus the organisation's share of the resale fees), so a payout, the
// settlement and the reports cannot disagree. A payout row holds the organisation's ledger *cumulated* up to
// its cutoff (cum_*); its own figures are the difference to the previous row's. Its amount is
//
//     amount(n) = cumOwed(n) − Σ amount of the earlier rows that pay (pending or paid)
//
// so whatever changes after a payout — a refund of a ticket already paid out — lands in the next row, and
// a row whose amount is not positive pays nothing ('carried'): its (negative) balance is the next row's
// carried_in. Nothing can be lost: Σ paying amounts + the balance carried = cumOwed of the last row,
// always (tests/integration/organiser-payouts-reconcile.test.ts checks it in SQL over random data).
//
// Scope of a row's ledger:
//   period   every event of the organisation in the currency; sales by when paid and refunds by when made,
//            before the month's end (so the month's row equals the month's settlement exactly);
//   event    the organisation's events that have ended (their end, the latest they had while sold, plus
//            the deployment's wait — the resale payouts' rule, state.ts payoutDueAtSql) or were cancelled,
//            before the row's cutoff: that moment (never before the previous row's cutoff).
// A row is made once (unique org + currency + period_key) and only when its figures change anything; the
// organisation's row lock serialises the makers (several server processes, a payout run).

type Db = ReturnType<typeof getDb> | Tx;
type Currency = 'EUR' | 'CZK';
const CURRENCIES: readonly Currency[] = ['EUR', 'CZK'];

/** A row's figures, minor units. */
export type PayoutFigures = { primaryNet: number; platformFee: number; resaleShare: number; owed: number };

const ZERO: PayoutFigures = { primaryNet: 0, platformFee: 0, resaleShare: 0, owed: 0 };

/** The organisation's ledger in `currency`, cumulated up to `cutoff`, over the schedule's scope (see above). */
export async function owedUpTo(orgId: string, currency: Currency, cutoff: Date, schedule: 'period' | 'event', db: Db = getDb()): Promise<PayoutFigures> {
  const at = cutoff.toISOString();
  const events = rowsOf<{ id: string }>(
    await db.execute(sql`
      select e.id from events e
      where e.org_id = ${orgId}::uuid and e.currency = ${currency}
        and (${schedule} = 'period' or e.status = 'cancelled'
          or ${payoutDueAtSql()} <= ${at}::timestamptz)`),
  );
  const ledgers = await eventLedgers({ eventIds: events.map((e) => e.id), to: cutoff }, db);
  return ledgers.reduce((sum, ledger) => {
    const net = netFigures(ledger);
    return {
      primaryNet: sum.primaryNet + net.primaryNet,
      platformFee: sum.platformFee + net.ticketFees,
      resaleShare: sum.resaleShare + net.organiserResaleShare,
      owed: sum.owed + net.owedToOrganiser,
    };
  }, ZERO);
}

type Row = typeof tables.organiserPayouts.$inferSelect;

/** A new row to make: its key and cutoff, and (for a period) its first instant. */
type Candidate = { key: string; cutoff: Date; eventId: string | null; periodStart: Date | null; schedule: 'period' | 'event' };

/** Month `ym` (YYYY-MM) in Europe/Bratislava: its first instant and the next month's. */
export function monthOf(ym: string): { start: Date; end: Date } {
  const [y, m] = ym.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return periodOf(`${ym}-01`, `${ym}-${String(last).padStart(2, '0')}`);
}

function nextMonth(ym: string): string {
  const [y, m] = ym.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The periods closed by `now` whose rows may be missing: from the month of the last row's cutoff (or the first sale). */
async function periodCandidates(orgId: string, currency: Currency, last: Row | undefined, now: Date, db: Db): Promise<Candidate[]> {
  let since = last?.cutoff;
  if (!since) {
    const [first] = rowsOf<{ at: string | Date | null }>(
      await db.execute(sql`
        select min(o.paid_at) as at from order_shares s
        join orders o on o.id = s.order_id join events e on e.id = s.event_id
        where e.org_id = ${orgId}::uuid and e.currency = ${currency} and o.paid_at is not null`),
    );
    if (!first?.at) return [];
    since = new Date(first.at);
  }
  const out: Candidate[] = [];
  for (let ym = dayOf(since).slice(0, 7); ; ym = nextMonth(ym)) {
    const { start, end } = monthOf(ym);
    if (end > now) break;
    if (last && end <= last.cutoff) continue;
    out.push({ key: `period:${ym}`, cutoff: end, eventId: null, periodStart: start, schedule: 'period' });
  }
  return out;
}

/** The organisation's events of the currency that ended (plus the wait) by `now`, with a sale, and no row yet. */
async function eventCandidates(orgId: string, currency: Currency, last: Row | undefined, now: Date, db: Db): Promise<Candidate[]> {
  const rows = rowsOf<{ id: string; due_at: string | Date }>(
    await db.execute(sql`
      select e.id, ${payoutDueAtSql()} as due_at
      from events e
      where e.org_id = ${orgId}::uuid and e.currency = ${currency} and e.status <> 'cancelled'
        and ${payoutDueAtSql()} <= ${now.toISOString()}::timestamptz
        and exists (select 1 from order_shares s join orders o on o.id = s.order_id where s.event_id = e.id and o.paid_at is not null)
        and not exists (select 1 from organiser_payouts p where p.org_id = e.org_id and p.currency = e.currency and p.period_key = 'event:' || e.id::text)
      order by 2, e.id`),
  );
  let floor = last?.cutoff.getTime() ?? 0;
  return rows.map((r) => {
    const due = new Date(r.due_at).getTime();
    floor = Math.max(floor, due);
    return { key: `event:${r.id}`, cutoff: new Date(floor), eventId: r.id, periodStart: null, schedule: 'event' as const };
  });
}

/**
 * Makes the organisation's missing payout rows in `currency` up to `now`, in order, in one transaction
 * holding the organisation's row lock (so two makers at once make each row once). Answers how many were made.
 */
async function settleOne(orgId: string, currency: Currency, now: Date): Promise<number> {
  return getDb().transaction(async (tx) => {
    const [org] = rowsOf<{ payout_schedule: 'period' | 'event' }>(await tx.execute(sql`select payout_schedule from organisations where id = ${orgId}::uuid for update`));
    if (!org) return 0;
    const p = tables.organiserPayouts;
    let [last] = await tx
      .select()
      .from(p)
      .where(and(eq(p.orgId, orgId), eq(p.currency, currency)))
      .orderBy(desc(p.seq))
      .limit(1);
    const candidates =
      org.payout_schedule === 'period' ? await periodCandidates(orgId, currency, last, now, tx) : await eventCandidates(orgId, currency, last, now, tx);
    let made = 0;
    for (const candidate of candidates) {
      const cum = await owedUpTo(orgId, currency, candidate.cutoff, candidate.schedule, tx);
      const before = last ? { primaryNet: last.cumPrimaryNet, platformFee: last.cumPlatformFee, resaleShare: last.cumResaleShare, owed: last.cumOwed } : ZERO;
      const delta = {
        primaryNet: cum.primaryNet - before.primaryNet,
        platformFee: cum.platformFee - before.platformFee,
        resaleShare: cum.resaleShare - before.resaleShare,
        owed: cum.owed - before.owed,
      };
      // Nothing happened (a month without sales or refunds, an event whose money an earlier row already counted).
      if (!delta.primaryNet && !delta.platformFee && !delta.resaleShare) continue;
      const [paying] = rowsOf<{ total: string | number }>(
        await tx.execute(sql`select coalesce(sum(amount), 0)::bigint as total from organiser_payouts where org_id = ${orgId}::uuid and currency = ${currency} and status <> 'carried'`),
      );
      const carriedIn = before.owed - Number(paying.total);
      const amount = delta.owed + carriedIn;
      [last] = await tx
        .insert(p)
        .values({
          orgId,
          currency,
          periodKey: candidate.key,
          seq: (last?.seq ?? 0) + 1,
          eventId: candidate.eventId,
          periodStart: candidate.periodStart,
          cutoff: candidate.cutoff,
          cumPrimaryNet: cum.primaryNet,
          cumPlatformFee: cum.platformFee,
          cumResaleShare: cum.resaleShare,
          cumOwed: cum.owed,
          ...delta,
          carriedIn,
          amount,
          status: amount > 0 ? 'pending' : 'carried',
          createdAt: now,
        })
        .returning();
      // Tribuna's invoice (or credit note) for the platform fee this payout deducts, issued with it.
      await issuePlatformFeeDocument(tx, last, now);
      made += 1;
    }
    return made;
  });
}

/**
 * Makes every organisation's missing payout rows up to `now` (or one organisation's). Run by the job loop,
 * before a payout run claims, and when the console lists the payouts. Answers how many rows were made.
 */
export async function settleOrganiserPayouts(now = new Date(), orgId?: string): Promise<number> {
  const pairs = rowsOf<{ org_id: string; currency: Currency }>(
    await getDb().execute(sql`
      select distinct e.org_id, e.currency from events e
      where ${orgId ?? null}::uuid is null or e.org_id = ${orgId ?? null}::uuid
      order by e.org_id, e.currency`),
  );
  let made = 0;
  for (const pair of pairs) if (CURRENCIES.includes(pair.currency)) made += await settleOne(pair.org_id, pair.currency, now);
  return made;
}

/** A payout row's state for people: 'carried' (nothing to pay), 'due' (the next run), 'processing' (in a run's file), 'paid', or 'waiting' (no bank account yet). */
export type OrganiserPayoutState = 'carried' | 'due' | 'waiting' | 'processing' | 'paid';

export type OrganiserPayoutRow = Row & { state: OrganiserPayoutState; eventTitle: unknown; eventStartsAt: Date | null };

/** The organisation's rows, newest first (the console's list; access is the caller's). */
export async function organiserPayoutRows(orgId: string, db: Db = getDb()): Promise<OrganiserPayoutRow[]> {
  const p = tables.organiserPayouts;
  const rows = await db
    .select({ row: p, title: tables.events.title, startsAt: tables.events.startsAt, iban: tables.organisations.payoutIban })
    .from(p)
    .innerJoin(tables.organisations, eq(tables.organisations.id, p.orgId))
    .leftJoin(tables.events, eq(tables.events.id, p.eventId))
    .where(eq(p.orgId, orgId))
    .orderBy(desc(p.cutoff), desc(p.seq), asc(p.currency));
  return rows.map(({ row, title, startsAt, iban }) => ({
    ...row,
    eventTitle: title,
    eventStartsAt: startsAt,
    state: row.status === 'paid' ? 'paid' : row.status === 'carried' ? 'carried' : row.runId ? 'processing' : iban ? 'due' : 'waiting',
  }));
}

/** Due: an organiser payout `op` (of organisation `o`) the next run of its currency takes — pending, in no run, the organisation approved and with a payout account. */
export const organiserDueSql = sql`(op.status = 'pending' and op.run_id is null and o.approved_at is not null and o.payout_iban is not null)`;

/**
 * The organisation's payouts, newest first, and what each currency carries into its next payout: owner and
 * manager ('payout-list'); a scanner is ROLE_FORBIDDEN, anyone else ORG_NOT_FOUND. Missing rows are made first.
 */
export async function organiserPayouts(userId: string, orgId: string, locale: Locale, now = new Date()): Promise<{ ok: true; result: OrganiserPayouts } | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'payout-list');
  if (!access.ok) return access;
  await settleOrganiserPayouts(now, orgId);
  const rows = await organiserPayoutRows(orgId);
  const payouts: OrganiserPayoutView[] = rows.map((row) => ({
    id: row.id,
    currency: row.currency,
    kind: row.eventId ? 'event' : 'period',
    period: row.periodKey.startsWith('period:') ? row.periodKey.slice('period:'.length) : null,
    event:
      row.eventId && row.eventStartsAt
        ? { id: row.eventId, title: textIn(row.eventTitle as LocalizedText, locale), startsAt: row.eventStartsAt.toISOString() }
        : null,
    cutoff: row.cutoff.toISOString(),
    primaryNet: row.primaryNet,
    platformFee: row.platformFee,
    resaleShare: row.resaleShare,
    owed: row.owed,
    carriedIn: row.carriedIn,
    amount: row.amount,
    status: row.state,
    paidTo: row.paidTo,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
  // The latest row of each currency says what is carried: its amount when it paid nothing.
  const balances = CURRENCIES.flatMap((currency) => {
    const latest = rows.filter((r) => r.currency === currency).sort((a, b) => b.seq - a.seq)[0];
    return latest ? [{ currency, carried: latest.status === 'carried' ? latest.amount : 0 }] : [];
  });
  return { ok: true, result: { payouts, balances } };
}
