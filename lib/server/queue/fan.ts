import 'server-only';
// The fan's side of the waiting room: joining (one place per account), the place as the queue page shows
// it (position, an estimated wait from the measured admission rate, progress, when to ask again), the
// admission once it is their turn, and a presale code. The same for an event's sale (`eventRef`) and a
// season's ticket sale (`seasonRef`): only finding the sale and whether it sells at all differ.
import { sql } from 'drizzle-orm';
import { findSaleEvent } from '@/lib/server/cart/event';
import { getDb, rowsOf } from '@/lib/server/db';
import { salePhase } from '@/lib/server/events/rules';
import { isUuid } from '@/lib/ids';
import { hitRateLimit } from '@/lib/server/rate-limit';
import type { QueueStatus, SeasonQueueStatus } from '@/lib/schemas/queue';
import { signAdmission } from './admission';
import { claimCode, qualifiesForPresale } from './presale';
import { admissionRate } from './rate';
import { maybeAdmit, measuredRate, placeAtEnd, roomOf, type RoomState, type Sale } from './room';

type Place = { id: string; opensAt: number; presale: boolean; position: number | null; placedAfter: number | null; admittedAt: number | null; expiresAt: number | null };

/** Which sale's queue: an event's (by id or slug) or a season's ticket sale (by id or slug). */
export type SaleRef = { eventRef: string; seasonRef?: never } | { seasonRef: string; eventRef?: never };
/** The place as the fan's queue answers it: an event's names the event, a season's the season. */
type StatusOf<R extends SaleRef> = R extends { seasonRef: string } ? SeasonQueueStatus : QueueStatus;

type NotFound = { ok: false; code: 'EVENT_NOT_FOUND' } | { ok: false; code: 'SEASON_NOT_FOUND' } | { ok: false; code: 'QUEUE_NOT_FOUND' };
export type StatusResult<S = QueueStatus> = { ok: true; status: S } | NotFound;
export type JoinResult<S = QueueStatus> = StatusResult<S> | { ok: false; code: 'NOT_ON_SALE' };
export type CodeResult<S = QueueStatus> = JoinResult<S> | { ok: false; code: 'INVALID_PRESALE_CODE' } | { ok: false; code: 'RATE_LIMITED'; retryAfterSeconds: number };

const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

async function placeOf(roomId: string, userId: string): Promise<Place | null> {
  const [row] = rowsOf<Place>(
    await getDb().execute(sql`select id, ${ms('opens_at')} as "opensAt", presale, position::float8 as position, placed_after::float8 as "placedAfter",
      ${ms('admitted_at')} as "admittedAt", ${ms('expires_at')} as "expiresAt"
      from waiting_room_places where room_id = ${roomId} and user_id = ${userId}`),
  );
  return row ?? null;
}

/** The queued sale: its room, its slug, and whether it sells at all at `now` (not closed, not off sale). */
type Found = { ok: true; room: RoomState; slug: string; selling: (now: number) => boolean };

async function roomFor(ref: SaleRef): Promise<Found | NotFound> {
  if (ref.seasonRef !== undefined) {
    const [season] = rowsOf<{ id: string; slug: string; opens: number | null; closes: number | null }>(
      await getDb().execute(
        sql`select id, slug, ${ms('sale_opens_at')} as opens, ${ms('sale_closes_at')} as closes from seasons where ${isUuid(ref.seasonRef) ? sql`id = ${ref.seasonRef}` : sql`slug = ${ref.seasonRef}`}`,
      ),
    );
    if (!season) return { ok: false, code: 'SEASON_NOT_FOUND' };
    const room = await roomOf({ kind: 'season', id: season.id });
    if (!room) return { ok: false, code: 'QUEUE_NOT_FOUND' };
    // A season sells from its sale opening (a presale before it, through the queue) until it closes.
    return { ok: true, room, slug: season.slug, selling: (now) => season.opens != null && (season.closes == null || now < season.closes) };
  }
  const event = await findSaleEvent(ref.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  const room = await roomOf({ kind: 'event', id: event.id });
  if (!room) return { ok: false, code: 'QUEUE_NOT_FOUND' };
  return {
    ok: true,
    room,
    slug: event.slug,
    selling: (now) => {
      const phase = salePhase(event, new Date(now));
      return phase !== 'closed' && phase !== 'off';
    },
  };
}

const saleOf = (room: RoomState): Sale => ({ kind: room.kind, id: room.saleId });

const iso = (at: number | null) => (at == null ? null : new Date(at).toISOString());

async function describe(room: RoomState, slug: string, userId: string, place: Place | null, now: number): Promise<QueueStatus | SeasonQueueStatus> {
  const [codes] = rowsOf<{ any: boolean }>(await getDb().execute(sql`select exists (select 1 from presale_codes where room_id = ${room.id}) as any`));
  const measured = await measuredRate(room.id, now);
  // Until a minute of admissions is measured, the configured rate is the honest figure.
  const firstOpen = Math.min(room.presaleStartsAt ?? Infinity, room.generalAt);
  const rate = now - firstOpen >= 60_000 && measured > 0 ? measured : admissionRate(room);
  const base: Omit<QueueStatus, 'eventId'> = {
    slug,
    state: 'none',
    presale: place?.presale ?? false,
    opensAt: iso(place?.opensAt ?? null),
    generalOpensAt: new Date(room.generalAt).toISOString(),
    presaleOpensAt: iso(room.presaleStartsAt),
    presaleKinds: { seasonHolders: room.presaleSeasonHolders, minPoints: room.presaleMinPoints, codes: Boolean(codes?.any) },
    position: null,
    ahead: null,
    estimatedWaitSeconds: null,
    progress: null,
    ratePerMinute: Math.round(rate),
    admission: null,
    nextPollSeconds: 0,
  };
  const named = (status: Omit<QueueStatus, 'eventId'>) => (room.kind === 'season' ? { seasonId: room.saleId, ...status } : { eventId: room.saleId, ...status });
  if (!place) return named(base);
  if (place.admittedAt != null && place.expiresAt != null) {
    if (place.expiresAt <= now) return named({ ...base, state: 'expired', position: place.position });
    const token = signAdmission({ userId, saleId: room.saleId, expiresAt: place.expiresAt, presale: place.presale });
    return named({ ...base, state: 'admitted', position: place.position, ahead: 0, progress: 1, estimatedWaitSeconds: 0, admission: { token, expiresAt: new Date(place.expiresAt).toISOString() } });
  }
  if (place.position == null) {
    // Before the start: the order is drawn when the window opens; ask again around then.
    const until = Math.max(0, (place.opensAt - now) / 1000);
    return named({ ...base, state: 'prequeue', nextPollSeconds: Math.round(Math.min(30, Math.max(2, until / 3))) });
  }
  const ahead = Math.max(0, place.position - room.admittedThrough - 1);
  const wait = Math.ceil((ahead / rate) * 60);
  const span = place.position - 1 - (place.placedAfter ?? 0);
  const progress = span <= 0 ? 1 : Math.min(1, Math.max(0, (room.admittedThrough - (place.placedAfter ?? 0)) / span));
  // Far back: rarely; near the front: every few seconds (the page adds jitter and backs off on errors).
  const nextPollSeconds = Math.round(Math.min(30, Math.max(2, wait / 6)));
  return named({ ...base, state: 'waiting', position: place.position, ahead, estimatedWaitSeconds: wait, progress, nextPollSeconds });
}

/** The fan's place now (running an admission step first when it is due), or 'none'. */
export async function queueStatus<R extends SaleRef>(input: R & { userId: string; now?: number }): Promise<StatusResult<StatusOf<R>>> {
  const now = input.now ?? Date.now();
  const found = await roomFor(input);
  if (!found.ok) return found;
  let place = await placeOf(found.room.id, input.userId);
  let room = found.room;
  if (place && place.admittedAt == null) {
    await maybeAdmit(room.id, now);
    room = (await roomOf(saleOf(room))) ?? room;
    place = await placeOf(room.id, input.userId);
  }
  return { ok: true, status: (await describe(room, found.slug, input.userId, place, now)) as StatusOf<R> };
}

/**
 * Joins the queue: one place per account (a second tab or device gets the same place). Before the fan's
 * window opens the place waits for the draw; after, it is numbered at the end. A fan whose admission ran
 * out unused joins again at the end.
 */
export async function joinQueue<R extends SaleRef>(input: R & { userId: string; now?: number }): Promise<JoinResult<StatusOf<R>>> {
  const now = input.now ?? Date.now();
  const found = await roomFor(input);
  if (!found.ok) return found;
  const { room } = found;
  if (!found.selling(now)) return { ok: false, code: 'NOT_ON_SALE' };
  const existing = await placeOf(room.id, input.userId);
  if (existing && !(existing.expiresAt != null && existing.expiresAt <= now)) return queueStatus(input);
  const presale = now < room.generalAt && (await qualifiesForPresale(room, input.userId));
  const opensAt = presale ? room.presaleStartsAt! : room.generalAt;
  await getDb().transaction(async (tx) => {
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into waiting_room_places (room_id, user_id, opens_at, presale, draw, joined_at)
        values (${room.id}, ${input.userId}, to_timestamp(${opensAt} / 1000.0), ${presale}, ${opensAt > now ? sql`random()` : null}, to_timestamp(${now} / 1000.0))
        on conflict (room_id, user_id) do update set opens_at = excluded.opens_at, presale = excluded.presale, draw = excluded.draw,
          joined_at = excluded.joined_at, position = null, placed_after = null, admitted_at = null, expires_at = null
          where waiting_room_places.expires_at is not null and waiting_room_places.expires_at <= to_timestamp(${now} / 1000.0)
        returning id`),
    );
    // Inserted (or joined again) after the window opened: numbered at the end now.
    if (rows[0] && opensAt <= now) await placeAtEnd(tx, room.id, rows[0].id, now);
  });
  return queueStatus(input);
}

export const CODE_USER_LIMIT = 5;
export const CODE_ADDRESS_LIMIT = 20;

/**
 * A presale code: the fan keeps it (single use), and a place not yet numbered moves into the presale
 * window (joining first if they had no place). Guesses are limited per fan and per address.
 */
export async function enterPresaleCode<R extends SaleRef>(input: R & { userId: string; code: string; clientAddress: string; now?: number }): Promise<CodeResult<StatusOf<R>>> {
  const now = input.now ?? Date.now();
  for (const [key, limit] of [
    [`presale-code:user:${input.userId}`, CODE_USER_LIMIT],
    [`presale-code:ip:${input.clientAddress}`, CODE_ADDRESS_LIMIT],
  ] as const) {
    const attempt = await hitRateLimit(key, { limit, windowSeconds: 60 }, new Date(now));
    if (!attempt.allowed) return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: attempt.retryAfterSeconds };
  }
  const found = await roomFor(input);
  if (!found.ok) return found;
  const { room } = found;
  if (room.presaleStartsAt == null || now >= room.generalAt) return { ok: false, code: 'INVALID_PRESALE_CODE' };
  const claimed = await getDb().transaction(async (tx) => {
    if (!(await claimCode(room.id, input.userId, input.code, tx))) return false;
    const moved = rowsOf<{ id: string }>(
      await tx.execute(sql`update waiting_room_places set presale = true, opens_at = to_timestamp(${room.presaleStartsAt} / 1000.0), draw = ${room.presaleStartsAt! > now ? sql`random()` : null}
        where room_id = ${room.id} and user_id = ${input.userId} and not presale and position is null returning id`),
    );
    if (moved[0] && room.presaleStartsAt! <= now) await placeAtEnd(tx, room.id, moved[0].id, now);
    return true;
  });
  if (!claimed) return { ok: false, code: 'INVALID_PRESALE_CODE' };
  return joinQueue(input);
}
