import 'server-only';
import { sql } from 'drizzle-orm';
import { TIME_ZONE } from '@/lib/i18n/time-zone';
import { dayOf, localToInstant } from '@/lib/organiser/zoned-time';
import type { Overview } from '@/lib/schemas/reports';
import { getDb, rowsOf } from '@/lib/server/db';
import type { LocalizedText } from '@/lib/server/db/schema';
import { orgAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { eventIsOver } from './event-report';
import { eventLedgers, netFigures } from './ledger';

// The organisation's events of a period (by their start, days in Europe/Bratislava), each with what it
// sold of its capacity, its net primary sales (the ledger's) and its attendance; totals per currency.

export const DEFAULT_OVERVIEW_DAYS = 90;

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The day `days` before `now` in Europe/Bratislava, YYYY-MM-DD. */
export function dayBefore(now: Date, days: number): string {
  return dayOf(new Date(now.getTime() - days * 86_400_000));
}

/** The instant a local day starts. */
function dayStart(day: string): string {
  return localToInstant(`${day}T00:00`, TIME_ZONE)!;
}

/** The day after a YYYY-MM-DD day. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export async function organisationOverview(
  userId: string,
  input: { organisation: string; from?: string; to?: string },
  now = new Date(),
): Promise<{ ok: true; overview: Overview } | AccessFailure> {
  const access = await orgAccess(userId, input.organisation, 'events');
  if (!access.ok) return access;
  const from = input.from ?? dayBefore(now, DEFAULT_OVERVIEW_DAYS);
  const to = input.to ?? null;
  const fromAt = dayStart(from);
  const toAt = to ? dayStart(nextDay(to)) : null;

  const rows = rowsOf<{
    id: string;
    slug: string;
    title: LocalizedText | string;
    status: Overview['events'][number]['status'];
    currency: 'EUR' | 'CZK';
    starts_at: Date | string;
    ends_at: Date | string | null;
    capacity: number;
    sold: number;
    checked_in: number;
  }>(
    await getDb().execute(sql`
      select e.id, e.slug, e.title, e.status, e.currency, e.starts_at, e.ends_at,
        coalesce((select count(*) from inventory_units u where u.event_id = e.id), 0)::int as capacity,
        coalesce(t.sold, 0)::int as sold, coalesce(t.checked_in, 0)::int as checked_in
      from events e
      left join lateral (
        select count(*) filter (where status <> 'void') as sold, count(*) filter (where status = 'checked_in') as checked_in
        from tickets where event_id = e.id
      ) t on true
      where e.org_id = ${input.organisation}::uuid
        and e.starts_at >= ${fromAt}::timestamptz
        and (${toAt}::timestamptz is null or e.starts_at < ${toAt}::timestamptz)
      order by e.starts_at, e.slug`),
  );
  const ledgers = new Map((await eventLedgers({ eventIds: rows.map((r) => r.id) })).map((l) => [l.eventId, l]));
  const events: Overview['events'] = rows.map((r) => {
    const startsAt = new Date(r.starts_at);
    return {
      id: r.id,
      slug: r.slug,
      title: json(r.title),
      status: r.status,
      startsAt: startsAt.toISOString(),
      over: eventIsOver({ startsAt, endsAt: r.ends_at ? new Date(r.ends_at) : null }, now),
      currency: r.currency,
      capacity: Number(r.capacity),
      sold: Number(r.sold),
      checkedIn: Number(r.checked_in),
      net: netFigures(ledgers.get(r.id)!).primaryNet,
    };
  });
  const totals = new Map<'EUR' | 'CZK', Overview['totals'][number]>();
  for (const e of events) {
    const total = totals.get(e.currency) ?? { currency: e.currency, events: 0, capacity: 0, sold: 0, checkedIn: 0, net: 0 };
    totals.set(e.currency, { ...total, events: total.events + 1, capacity: total.capacity + e.capacity, sold: total.sold + e.sold, checkedIn: total.checkedIn + e.checkedIn, net: total.net + e.net });
  }
  return { ok: true, overview: { from, to, events, totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)) } };
}
