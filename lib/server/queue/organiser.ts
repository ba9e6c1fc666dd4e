import 'server-only';
// The organiser's side (access: the 'events' capability of the event's organisation, decided by the
// access table before these run): queue an event's sale or stop queuing it, its rate and presale, and
// presale codes. Each change is audited and tells every server process (eventChanged) so the hold
// path's admission check learns at once which events are queued.
import { sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/server/audit/record';
import { getDb, rowsOf } from '@/lib/server/db';
import { eventChanged } from '@/lib/server/events/changed';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import type { WaitingRoomAnswer, WaitingRoomInput } from '@/lib/schemas/queue';
import { forgetQueuedEvents } from './admission';
import { generateCodes } from './presale';
import { admissionRate, DEFAULT_RATE_PER_MINUTE } from './rate';

export async function waitingRoomOf(eventId: string): Promise<WaitingRoomAnswer> {
  const [row] = rowsOf<{
    id: string;
    rate_per_minute: number | null;
    admission_minutes: number;
    presale_starts_at: string | Date | null;
    presale_season_holders: boolean;
    presale_min_points: number | null;
    codes: number;
    codes_used: number;
    waiting: number;
    admitted: number;
  }>(
    await getDb().execute(sql`select r.id, r.rate_per_minute, r.admission_minutes, r.presale_starts_at, r.presale_season_holders, r.presale_min_points,
      (select count(*)::int from presale_codes c where c.room_id = r.id) as codes,
      (select count(*)::int from presale_codes c where c.room_id = r.id and c.used_by is not null) as codes_used,
      (select count(*)::int from waiting_room_places p where p.room_id = r.id and p.admitted_at is null) as waiting,
      (select count(*)::int from waiting_room_places p where p.room_id = r.id and p.admitted_at is not null) as admitted
      from waiting_rooms r where r.event_id = ${eventId}`),
  );
  return {
    defaultRatePerMinute: admissionRate({ ratePerMinute: null }) || DEFAULT_RATE_PER_MINUTE,
    room: row
      ? {
          ratePerMinute: row.rate_per_minute,
          effectiveRatePerMinute: admissionRate({ ratePerMinute: row.rate_per_minute }),
          admissionMinutes: row.admission_minutes,
          presaleStartsAt: row.presale_starts_at == null ? null : new Date(row.presale_starts_at).toISOString(),
          presaleSeasonHolders: row.presale_season_holders,
          presaleMinPoints: row.presale_min_points,
          codes: row.codes,
          codesUsed: row.codes_used,
          waiting: row.waiting,
          admitted: row.admitted,
        }
      : null,
  };
}

/** The console's screen: the same answer as GET …/waiting-room, for a member with the 'events' capability. */
export async function getWaitingRoom(userId: string, eventId: string): Promise<({ ok: true } & WaitingRoomAnswer) | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  return { ok: true, ...(await waitingRoomOf(eventId)) };
}

/** Queues the event's sale (or changes its settings). */
export async function setWaitingRoom(actor: { id: string }, eventId: string, input: WaitingRoomInput): Promise<WaitingRoomAnswer> {
  await getDb().transaction(async (tx) => {
    const [event] = rowsOf<{ org_id: string }>(await tx.execute(sql`select org_id from events where id = ${eventId} for update`));
    await tx.execute(sql`insert into waiting_rooms (event_id, rate_per_minute, admission_minutes, presale_starts_at, presale_season_holders, presale_min_points)
      values (${eventId}, ${input.ratePerMinute}, ${input.admissionMinutes}, ${input.presaleStartsAt}, ${input.presaleSeasonHolders}, ${input.presaleMinPoints})
      on conflict (event_id) do update set rate_per_minute = excluded.rate_per_minute, admission_minutes = excluded.admission_minutes,
        presale_starts_at = excluded.presale_starts_at, presale_season_holders = excluded.presale_season_holders, presale_min_points = excluded.presale_min_points`);
    await recordAudit({ actorId: actor.id, orgId: event.org_id, action: 'event.waiting_room', subjectType: 'event', subjectId: eventId, after: { ...input } }, tx);
    await eventChanged(eventId, tx);
  });
  forgetQueuedEvents();
  return waitingRoomOf(eventId);
}

/** Stops queuing the event's sale: its places and codes go; holds need no admission any more. */
export async function removeWaitingRoom(actor: { id: string }, eventId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const removed = rowsOf<{ org_id: string }>(
      await tx.execute(sql`delete from waiting_rooms r using events e where r.event_id = ${eventId} and e.id = r.event_id returning e.org_id`),
    );
    if (!removed[0]) return;
    await recordAudit({ actorId: actor.id, orgId: removed[0].org_id, action: 'event.waiting_room_off', subjectType: 'event', subjectId: eventId }, tx);
    await eventChanged(eventId, tx);
  });
  forgetQueuedEvents();
}

export async function makePresaleCodes(actor: { id: string }, eventId: string, count: number): Promise<{ ok: true; codes: string[] } | { ok: false; code: 'QUEUE_NOT_FOUND' }> {
  const [room] = rowsOf<{ id: string; org_id: string }>(await getDb().execute(sql`select r.id, e.org_id from waiting_rooms r join events e on e.id = r.event_id where r.event_id = ${eventId}`));
  if (!room) return { ok: false, code: 'QUEUE_NOT_FOUND' };
  const codes = await generateCodes(room.id, count);
  await recordAudit({ actorId: actor.id, orgId: room.org_id, action: 'event.presale_codes', subjectType: 'event', subjectId: eventId, after: { count } });
  return { ok: true, codes };
}
