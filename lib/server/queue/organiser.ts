import 'server-only';
// The organiser's side (access: the 'events' capability of the event's or season's organisation, decided
// by the access table before these run): queue an event's sale or a season's ticket sale, or stop queuing
// it, its rate and presale, and presale codes. Each change is audited; an event's tells every server
// process (eventChanged) so the hold path's admission check learns at once which events are queued (a
// season's: this process at once, the others within the check's 2 s).
import { sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/server/audit/record';
import { getDb, rowsOf, type Tx } from '@/lib/server/db';
import { eventChanged } from '@/lib/server/events/changed';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { seasonAccess } from '@/lib/server/seasons/organiser';
import type { WaitingRoomAnswer, WaitingRoomInput } from '@/lib/schemas/queue';
import { forgetQueuedEvents } from './admission';
import { generateCodes } from './presale';
import { admissionRate, DEFAULT_RATE_PER_MINUTE } from './rate';
import { saleColumn, type Sale } from './room';

/** The organisation a sale belongs to, locked for the change (null: no such event or season). */
async function saleOrg(tx: Tx, sale: Sale): Promise<string | null> {
  const table = sql.raw(sale.kind === 'season' ? 'seasons' : 'events');
  const [row] = rowsOf<{ org_id: string }>(await tx.execute(sql`select org_id from ${table} where id = ${sale.id} for update`));
  return row?.org_id ?? null;
}

export async function waitingRoomOf(sale: Sale): Promise<WaitingRoomAnswer> {
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
      from waiting_rooms r where r.${saleColumn(sale.kind)} = ${sale.id}`),
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
export async function getWaitingRoom(userId: string, sale: Sale): Promise<({ ok: true } & WaitingRoomAnswer) | AccessFailure> {
  const access = sale.kind === 'season' ? await seasonAccess(userId, sale.id) : await eventAccess(userId, sale.id, 'events');
  if (!access.ok) return access;
  return { ok: true, ...(await waitingRoomOf(sale)) };
}

/** Queues the sale (or changes its settings). */
export async function setWaitingRoom(actor: { id: string }, sale: Sale, input: WaitingRoomInput): Promise<WaitingRoomAnswer> {
  const column = saleColumn(sale.kind);
  await getDb().transaction(async (tx) => {
    const orgId = await saleOrg(tx, sale);
    if (!orgId) return;
    await tx.execute(sql`insert into waiting_rooms (${column}, rate_per_minute, admission_minutes, presale_starts_at, presale_season_holders, presale_min_points)
      values (${sale.id}, ${input.ratePerMinute}, ${input.admissionMinutes}, ${input.presaleStartsAt}, ${input.presaleSeasonHolders}, ${input.presaleMinPoints})
      on conflict (${column}) do update set rate_per_minute = excluded.rate_per_minute, admission_minutes = excluded.admission_minutes,
        presale_starts_at = excluded.presale_starts_at, presale_season_holders = excluded.presale_season_holders, presale_min_points = excluded.presale_min_points`);
    await recordAudit({ actorId: actor.id, orgId, action: `${sale.kind}.waiting_room`, subjectType: sale.kind, subjectId: sale.id, after: { ...input } }, tx);
    if (sale.kind === 'event') await eventChanged(sale.id, tx);
  });
  forgetQueuedEvents();
  return waitingRoomOf(sale);
}

/** Stops queuing the sale: its places and codes go; holds need no admission any more. */
export async function removeWaitingRoom(actor: { id: string }, sale: Sale): Promise<void> {
  await getDb().transaction(async (tx) => {
    const orgId = await saleOrg(tx, sale);
    const removed = rowsOf<{ id: string }>(await tx.execute(sql`delete from waiting_rooms where ${saleColumn(sale.kind)} = ${sale.id} returning id`));
    if (!orgId || !removed[0]) return;
    await recordAudit({ actorId: actor.id, orgId, action: `${sale.kind}.waiting_room_off`, subjectType: sale.kind, subjectId: sale.id }, tx);
    if (sale.kind === 'event') await eventChanged(sale.id, tx);
  });
  forgetQueuedEvents();
}

export async function makePresaleCodes(actor: { id: string }, sale: Sale, count: number): Promise<{ ok: true; codes: string[] } | { ok: false; code: 'QUEUE_NOT_FOUND' }> {
  const [room] = rowsOf<{ id: string; org_id: string }>(
    await getDb().execute(
      sql`select r.id, coalesce(e.org_id, s.org_id) as org_id from waiting_rooms r left join events e on e.id = r.event_id left join seasons s on s.id = r.season_id
        where r.${saleColumn(sale.kind)} = ${sale.id}`,
    ),
  );
  if (!room) return { ok: false, code: 'QUEUE_NOT_FOUND' };
  const codes = await generateCodes(room.id, count);
  await recordAudit({ actorId: actor.id, orgId: room.org_id, action: `${sale.kind}.presale_codes`, subjectType: sale.kind, subjectId: sale.id, after: { count } });
  return { ok: true, codes };
}
