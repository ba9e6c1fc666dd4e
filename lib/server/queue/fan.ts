import 'server-only';
// The fan's side of the waiting room: joining (one place per account), the place as the queue page shows
// it (position, an estimated wait from the measured admission rate, progress, when to ask again), the
// admission once it is their turn, and a presale code.
import { sql } from 'drizzle-orm';
import { findSaleEvent } from '@/lib/server/cart/event';
import { getDb, rowsOf } from '@/lib/server/db';
import { salePhase } from '@/lib/server/events/rules';
import { hitRateLimit } from '@/lib/server/rate-limit';
import type { QueueStatus } from '@/lib/schemas/queue';
import { signAdmission } from './admission';
import { claimCode, qualifiesForPresale } from './presale';
import { admissionRate } from './rate';
import { maybeAdmit, measuredRate, placeAtEnd, roomOfEvent, type RoomState } from './room';

type Place = { id: string; opensAt: number; presale: boolean; position: number | null; placedAfter: number | null; admittedAt: number | null; expiresAt: number | null };

type NotFound = { ok: false; code: 'EVENT_NOT_FOUND' } | { ok: false; code: 'QUEUE_NOT_FOUND' };
export type StatusResult = { ok: true; status: QueueStatus } | NotFound;
export type JoinResult = StatusResult | { ok: false; code: 'NOT_ON_SALE' };
export type CodeResult = JoinResult | { ok: false; code: 'INVALID_PRESALE_CODE' } | { ok: false; code: 'RATE_LIMITED'; retryAfterSeconds: number };

const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

async function placeOf(roomId: string, userId: string): Promise<Place | null> {
  const [row] = rowsOf<Place>(
    await getDb().execute(sql`select id, ${ms('opens_at')} as "opensAt", presale, position::float8 as position, placed_after::float8 as "placedAfter",
      ${ms('admitted_at')} as "admittedAt", ${ms('expires_at')} as "expiresAt"
      from waiting_room_places where room_id = ${roomId} and user_id = ${userId}`),
  );
  return row ?? null;
}

async function roomFor(eventRef: string): Promise<{ ok: true; room: RoomState; slug: string; event: NonNullable<Awaited<ReturnType<typeof findSaleEvent>>> } | NotFound> {
  const event = await findSaleEvent(eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  const room = await roomOfEvent(event.id);
  if (!room) return { ok: false, code: 'QUEUE_NOT_FOUND' };
  return { ok: true, room, slug: event.slug, event };
}

const iso = (at: number | null) => (at == null ? null : new Date(at).toISOString());

async function describe(room: RoomState, slug: string, userId: string, place: Place | null, now: number): Promise<QueueStatus> {
  const [codes] = rowsOf<{ any: boolean }>(await getDb().execute(sql`select exists (select 1 from presale_codes where room_id = ${room.id}) as any`));
  const measured = await measuredRate(room.id, now);
  // Until a minute of admissions is measured, the configured rate is the honest figure.
  const firstOpen = Math.min(room.presaleStartsAt ?? Infinity, room.generalAt);
  const rate = now - firstOpen >= 60_000 && measured > 0 ? measured : admissionRate(room);
  const base: QueueStatus = {
    eventId: room.eventId,
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
  if (!place) return base;
  if (place.admittedAt != null && place.expiresAt != null) {
    if (place.expiresAt <= now) return { ...base, state: 'expired', position: place.position };
    const token = signAdmission({ userId, eventId: room.eventId, expiresAt: place.expiresAt, presale: place.presale });
    return { ...base, state: 'admitted', position: place.position, ahead: 0, progress: 1, estimatedWaitSeconds: 0, admission: { token, expiresAt: new Date(place.expiresAt).toISOString() } };
  }
  if (place.position == null) {
    // Before the start: the order is drawn when the window opens; ask again around then.
    const until = Math.max(0, (place.opensAt - now) / 1000);
    return { ...base, state: 'prequeue', nextPollSeconds: Math.round(Math.min(30, Math.max(2, until / 3))) };
  }
  const ahead = Math.max(0, place.position - room.admittedThrough - 1);
  const wait = Math.ceil((ahead / rate) * 60);
  const span = place.position - 1 - (place.placedAfter ?? 0);
  const progress = span <= 0 ? 1 : Math.min(1, Math.max(0, (room.admittedThrough - (place.placedAfter ?? 0)) / span));
  // Far back: rarely; near the front: every few seconds (the page adds jitter and backs off on errors).
  const nextPollSeconds = Math.round(Math.min(30, Math.max(2, wait / 6)));
  return { ...base, state: 'waiting', position: place.position, ahead, estimatedWaitSeconds: wait, progress, nextPollSeconds };
}

/** The fan's place now (running an admission step first when it is due), or 'none'. */
export async function queueStatus(input: { userId: string; eventRef: string; now?: number }): Promise<StatusResult> {
  const now = input.now ?? Date.now();
  const found = await roomFor(input.eventRef);
  if (!found.ok) return found;
  let place = await placeOf(found.room.id, input.userId);
  if (place && place.admittedAt == null) {
    await maybeAdmit(found.room.id, now);
    const room = (await roomOfEvent(found.room.eventId)) ?? found.room;
    place = await placeOf(room.id, input.userId);
    return { ok: true, status: await describe(room, found.slug, input.userId, place, now) };
  }
  return { ok: true, status: await describe(found.room, found.slug, input.userId, place, now) };
}

/**
 * Joins the queue: one place per account (a second tab or device gets the same place). Before the fan's
 * window opens the place waits for the draw; after, it is numbered at the end. A fan whose admission ran
 * out unused joins again at the end.
 */
export async function joinQueue(input: { userId: string; eventRef: string; now?: number }): Promise<JoinResult> {
  const now = input.now ?? Date.now();
  const found = await roomFor(input.eventRef);
  if (!found.ok) return found;
  const { room, event } = found;
  const phase = salePhase(event, new Date(now));
  if (phase === 'closed' || phase === 'off') return { ok: false, code: 'NOT_ON_SALE' };
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
export async function enterPresaleCode(input: { userId: string; eventRef: string; code: string; clientAddress: string; now?: number }): Promise<CodeResult> {
  const now = input.now ?? Date.now();
  for (const [key, limit] of [
    [`presale-code:user:${input.userId}`, CODE_USER_LIMIT],
    [`presale-code:ip:${input.clientAddress}`, CODE_ADDRESS_LIMIT],
  ] as const) {
    const attempt = await hitRateLimit(key, { limit, windowSeconds: 60 }, new Date(now));
    if (!attempt.allowed) return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: attempt.retryAfterSeconds };
  }
  const found = await roomFor(input.eventRef);
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
