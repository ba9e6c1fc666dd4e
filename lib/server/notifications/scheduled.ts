import 'server-only';
// Notifications to many fans at once, queued with one INSERT … SELECT (an event of 20,000 holders is one
// statement, not 20,000 calls of notify()), and the ones the sweeper queues when their time comes:
// carts with two minutes left, the day-before and doors-open reminders. Every row has a dedupe key, so a
// second sweeper (another process) or a second tick queues nothing twice.
import { sql } from 'drizzle-orm';
import type { NotificationTopic } from '@/lib/schemas/notifications';
import { getDb, rowsOf, type Db, type Tx } from '@/lib/server/db';

/** Tickets that still admit someone: who is told of the event. */
const HOLDING = sql`('valid', 'listed')`;

/**
 * Queues one notification of `topic` for every fan holding a ticket of the event (one per fan, however
 * many tickets). `key` makes the batch's dedupe keys: `${key}:${userId}`. Answers how many were queued.
 */
export async function notifyEventHolders(
  db: Db | Tx,
  input: { eventId: string; topic: NotificationTopic; key: string; data?: Record<string, unknown>; announcementId?: string; now?: Date },
): Promise<number> {
  const data = JSON.stringify({ eventId: input.eventId, ...input.data });
  const result = await db.execute(sql`
    insert into notifications (user_id, topic, data, dedupe_key, org_id, announcement_id, next_attempt_at)
    select holders.owner_id, ${input.topic}, ${data}::jsonb, ${input.key} || ':' || holders.owner_id, e.org_id, ${input.announcementId ?? null}::uuid, ${(input.now ?? new Date()).toISOString()}::timestamptz
    from (select distinct t.owner_id from tickets t where t.event_id = ${input.eventId} and t.status in ${HOLDING}) holders
    join events e on e.id = ${input.eventId}
    on conflict (dedupe_key) do nothing
    returning id`);
  return rowsOf<{ id: string }>(result).length;
}

/**
 * Queues one notification of `topic` for every current holder of a season ticket of the season (one per
 * fan, however many seats). A season ticket given away is its new holder's: season_tickets.user_id is who
 * holds it now. Answers how many were queued.
 */
export async function notifySeasonHolders(
  db: Db | Tx,
  input: { seasonId: string; topic: NotificationTopic; key: string; data?: Record<string, unknown>; announcementId?: string; now?: Date },
): Promise<number> {
  const data = JSON.stringify({ seasonId: input.seasonId, ...input.data });
  const result = await db.execute(sql`
    insert into notifications (user_id, topic, data, dedupe_key, org_id, announcement_id, next_attempt_at)
    select holders.user_id, ${input.topic}, ${data}::jsonb, ${input.key} || ':' || holders.user_id, se.org_id, ${input.announcementId ?? null}::uuid, ${(input.now ?? new Date()).toISOString()}::timestamptz
    from (select distinct st.user_id from season_tickets st where st.season_id = ${input.seasonId}) holders
    join seasons se on se.id = ${input.seasonId}
    on conflict (dedupe_key) do nothing
    returning id`);
  return rowsOf<{ id: string }>(result).length;
}

/**
 * The people an organisation-wide announcement reaches: whoever holds a ticket to any coming event of the
 * organisation — not cancelled, not yet played (events/played.ts: its end, or its start, is still ahead).
 * Each person once, however many tickets to however many events.
 */
const orgHolders = (orgId: string, now: Date) => sql`
  select distinct t.owner_id from tickets t join events e on e.id = t.event_id
  where e.org_id = ${orgId} and e.status <> 'cancelled' and coalesce(e.ends_at, e.starts_at) > ${now.toISOString()}::timestamptz and t.status in ${HOLDING}`;

/** How many people an announcement to the organisation's ticket holders would reach now (the console shows it before sending). */
export async function organisationAudience(db: Db | Tx, orgId: string, now = new Date()): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${orgHolders(orgId, now)}) holders`));
  return Number(row?.n ?? 0);
}

/** Queues one notification of `topic` for each of the organisation's coming events' ticket holders, once each. Answers how many were queued. */
export async function notifyOrganisationHolders(
  db: Db | Tx,
  input: { orgId: string; topic: NotificationTopic; key: string; data?: Record<string, unknown>; announcementId?: string; now?: Date },
): Promise<number> {
  const now = input.now ?? new Date();
  const data = JSON.stringify({ orgId: input.orgId, ...input.data });
  const result = await db.execute(sql`
    insert into notifications (user_id, topic, data, dedupe_key, org_id, announcement_id, next_attempt_at)
    select holders.owner_id, ${input.topic}, ${data}::jsonb, ${input.key} || ':' || holders.owner_id, ${input.orgId}::uuid, ${input.announcementId ?? null}::uuid, ${now.toISOString()}::timestamptz
    from (${orgHolders(input.orgId, now)}) holders
    on conflict (dedupe_key) do nothing
    returning id`);
  return rowsOf<{ id: string }>(result).length;
}

const REMINDER_AHEAD_MS = 24 * 60 * 60_000;
const HOLD_WARNING_MS = 2 * 60_000;
/** A doors-open reminder later than this after the doors opened is no use any more. */
const DOORS_LATE_MS = 60 * 60_000;

/** Takes a once-only job's key; true for the one caller that got it. */
async function takeJob(tx: Tx, key: string): Promise<boolean> {
  const rows = rowsOf<{ key: string }>(await tx.execute(sql`insert into notification_jobs (key) values (${key}) on conflict do nothing returning key`));
  return rows.length > 0;
}

/** The sweeper's part: queues what has become due. Safe in several processes at once (dedupe keys, job keys). */
export async function queueDueNotifications(options: { db?: Db; now?: Date } = {}): Promise<{ holds: number; reminders: number }> {
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  // Live carts (not at checkout) with items and at most two minutes left (a fan's own: no organiser's rate applies).
  const holds = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into notifications (user_id, topic, data, dedupe_key, next_attempt_at)
      select h.user_id, 'hold-expiring', jsonb_build_object('eventId', h.event_id, 'holdId', h.id, 'expiresAt', h.expires_at), 'hold-expiring:' || h.id, ${now.toISOString()}::timestamptz
      from holds h
      where h.status = 'active' and hold_is_live(h.status, h.expires_at, ${now.toISOString()}::timestamptz) and h.expires_at <= ${new Date(now.getTime() + HOLD_WARNING_MS).toISOString()}::timestamptz
        and exists (select 1 from hold_items i where i.hold_id = h.id)
      on conflict (dedupe_key) do nothing
      returning id`),
  ).length;

  const due = rowsOf<{ id: string; kind: 'day' | 'doors' }>(
    await db.execute(sql`
      select e.id, 'day' as kind from events e
      where e.status in ('on_sale', 'sold_out') and e.starts_at > ${now.toISOString()}::timestamptz and e.starts_at <= ${new Date(now.getTime() + REMINDER_AHEAD_MS).toISOString()}::timestamptz
        and not exists (select 1 from notification_jobs j where j.key = 'event-reminder:day:' || e.id)
      union all
      select e.id, 'doors' from events e
      where e.status in ('on_sale', 'sold_out') and e.doors_at is not null and e.doors_at <= ${now.toISOString()}::timestamptz and e.doors_at > ${new Date(now.getTime() - DOORS_LATE_MS).toISOString()}::timestamptz
        and not exists (select 1 from notification_jobs j where j.key = 'event-reminder:doors:' || e.id)`),
  );
  let reminders = 0;
  for (const event of due) {
    const key = `event-reminder:${event.kind}:${event.id}`;
    reminders += await db.transaction(async (tx) =>
      (await takeJob(tx, key)) ? notifyEventHolders(tx, { eventId: event.id, topic: 'event-reminder', key, data: { kind: event.kind }, now }) : 0,
    );
  }
  return { holds, reminders };
}
