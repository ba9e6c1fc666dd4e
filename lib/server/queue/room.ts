import 'server-only';
// The waiting room of a queued on-sale (issue 34), all its state in PostgreSQL so that every server
// process shares one queue. A room queues one sale: an event's, or a season's ticket sale (the same
// room, places, draw, rate and admission for both; only where the general sale's start comes from differs).
// - Joining: one place per account (unique (room, user)). A fan who comes before their window opens (the
//   presale's, if they qualify, else the general sale's) waits in the pre-queue with a random draw key;
//   a fan who comes later is placed at once at the end, in arrival order.
// - The draw: when a window opens, the pre-queue's places are numbered in the order of their random keys
//   (a fair draw: everyone who came early has the same chance), before any later arrival is numbered
//   (both happen under the room's row lock).
// - Admitting: at most `rate` fans a minute in position order (a token bucket whose clock is the room
//   row's admit_clock, advanced under the row lock: two processes running the step at once cannot admit
//   more than the rate). An admission lasts admission_minutes; unused, it expires and the fan has lost
//   their turn (they may join again, at the end).
import { sql } from 'drizzle-orm';
import { getDb, rowsOf, type Db, type Tx } from '@/lib/server/db';
import { metrics } from '@/lib/server/ops/metrics';
import { admissionRate } from './rate';

/** Which sale a room queues: an event's, or a season's ticket sale. */
export type SaleKind = 'event' | 'season';
export type Sale = { kind: SaleKind; id: string };

/** What the room's state needs of its room and sale, times as epoch milliseconds. */
export type RoomState = {
  id: string;
  kind: SaleKind;
  /** The queued sale's id: the event's or the season's (what an admission is bound to). */
  saleId: string;
  orgId: string;
  ratePerMinute: number | null;
  admissionMinutes: number;
  presaleStartsAt: number | null;
  presaleSeasonHolders: boolean;
  presaleMinPoints: number | null;
  /** When the general sale opens (the event's sale start or the season's sale opening; without one, when the room was made). */
  generalAt: number;
  lastPosition: number;
  admittedThrough: number;
  admitClock: number | null;
};

const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

const roomColumns = sql`r.id, case when r.season_id is null then 'event' else 'season' end as kind, coalesce(r.event_id, r.season_id) as "saleId",
  coalesce(e.org_id, s.org_id) as "orgId", r.rate_per_minute as "ratePerMinute",
  r.admission_minutes as "admissionMinutes", ${ms('r.presale_starts_at')} as "presaleStartsAt",
  r.presale_season_holders as "presaleSeasonHolders", r.presale_min_points as "presaleMinPoints",
  ${ms('coalesce(e.sale_starts_at, s.sale_opens_at, r.created_at)')} as "generalAt", r.last_position::float8 as "lastPosition",
  r.admitted_through::float8 as "admittedThrough", ${ms('r.admit_clock')} as "admitClock"`;

/** A room with its sale: the event's or the season's row (exactly one of the two is the room's). */
const roomsWithSale = sql`waiting_rooms r left join events e on e.id = r.event_id left join seasons s on s.id = r.season_id`;

/** The column of waiting_rooms naming a sale of this kind. */
export const saleColumn = (kind: SaleKind) => sql.raw(kind === 'season' ? 'season_id' : 'event_id');

export async function roomOf(sale: Sale, db: Tx | ReturnType<typeof getDb> = getDb()): Promise<RoomState | null> {
  const [row] = rowsOf<RoomState>(await db.execute(sql`select ${roomColumns} from ${roomsWithSale} where r.${saleColumn(sale.kind)} = ${sale.id}`));
  return row ?? null;
}

export const roomOfEvent = (eventId: string, db: Tx | ReturnType<typeof getDb> = getDb()) => roomOf({ kind: 'event', id: eventId }, db);

/**
 * The room, locked for this transaction (`skip`: null when another process holds it). NO KEY UPDATE: a
 * place being inserted (its foreign key takes KEY SHARE on the room) does not wait for it, nor deadlock.
 */
async function lockRoom(tx: Tx, roomId: string, skip = false): Promise<RoomState | null> {
  const [row] = rowsOf<RoomState>(
    await tx.execute(sql`select ${roomColumns} from ${roomsWithSale} where r.id = ${roomId} for no key update of r ${skip ? sql`skip locked` : sql``}`),
  );
  return row ?? null;
}

/**
 * The fair draw, under the room's lock: every place whose window has opened and that has no position yet
 * (it came before the start: it has a draw key) is numbered after the last position, in the order of its key.
 */
async function draw(tx: Tx, room: RoomState, now: number): Promise<RoomState> {
  const drawn = rowsOf<{ last: number | null }>(
    await tx.execute(sql`
      with early as (
        select id, row_number() over (order by opens_at, draw, id) as n
        from waiting_room_places
        where room_id = ${room.id} and position is null and draw is not null and opens_at <= to_timestamp(${now} / 1000.0)
      ), placed as (
        update waiting_room_places p set position = ${room.lastPosition} + early.n, placed_after = ${room.admittedThrough}
        from early where p.id = early.id
        returning p.position
      )
      select max(position)::float8 as last from placed`),
  );
  const last = drawn[0]?.last;
  if (last == null) return room;
  await tx.execute(sql`update waiting_rooms set last_position = ${last} where id = ${room.id}`);
  return { ...room, lastPosition: last };
}

/** Numbers one place at the end (a later arrival, or a fan joining again), after any due draw. */
export async function placeAtEnd(tx: Tx, roomId: string, placeId: string, now: number): Promise<void> {
  let room = await lockRoom(tx, roomId);
  if (!room) return;
  room = await draw(tx, room, now);
  const position = room.lastPosition + 1;
  await tx.execute(sql`update waiting_room_places set position = ${position}, placed_after = ${room.admittedThrough}, draw = null where id = ${placeId}`);
  await tx.execute(sql`update waiting_rooms set last_position = ${position} where id = ${roomId}`);
}

/** Admissions may bank up to this much time when nobody was waiting (so one step a second keeps up). */
const BURST_MS = 2000;

/**
 * One admission step of a room: the draw if a window opened, then the fans the rate allows since the
 * last step, in position order. Returns how many were admitted (0 when another process is running it).
 */
export async function admitStep(roomId: string, now = Date.now(), db: Db = getDb()): Promise<number> {
  const admitted = await db.transaction(async (tx) => {
    let room = await lockRoom(tx, roomId, true);
    if (!room) return 0;
    room = await draw(tx, room, now);
    const interval = 60_000 / admissionRate(room);
    const floor = now - Math.max(interval, BURST_MS);
    const clock = Math.max(room.admitClock ?? now - interval, floor);
    const due = Math.floor((now - clock) / interval);
    if (due <= 0) return 0;
    const admitted = rowsOf<{ position: number }>(
      await tx.execute(sql`
        with next as (
          select id from waiting_room_places
          where room_id = ${room.id} and position > ${room.admittedThrough} and admitted_at is null
          order by position limit ${due}
        )
        update waiting_room_places p
        set admitted_at = to_timestamp(${now} / 1000.0), expires_at = to_timestamp(${now} / 1000.0) + make_interval(mins => ${room.admissionMinutes})
        from next where p.id = next.id
        returning p.position::float8 as position`),
    );
    const through = admitted.reduce((max, row) => Math.max(max, row.position), room.admittedThrough);
    // Admissions nobody was waiting for are not banked beyond the burst: the clock catches up with now.
    const nextClock = admitted.length < due ? now : clock + due * interval;
    await tx.execute(sql`update waiting_rooms set admit_clock = to_timestamp(${nextClock} / 1000.0), admitted_through = ${through} where id = ${room.id}`);
    return admitted.length;
  });
  if (admitted > 0) metrics().queueAdmissions.inc(admitted);
  return admitted;
}

// Each process runs a room's step at most once per STEP_EVERY_MS, driven by the fans' polls (and the sweeper).
const STEP_EVERY_MS = 500;
const lastStep = new Map<string, number>();

/** Runs the room's admission step unless this process ran it very recently. */
export async function maybeAdmit(roomId: string, now = Date.now()): Promise<void> {
  const last = lastStep.get(roomId) ?? 0;
  if (now - last < STEP_EVERY_MS && now >= last) return;
  lastStep.set(roomId, now);
  if (lastStep.size > 1000) lastStep.clear();
  await admitStep(roomId, now);
}

/** The sweeper's pass: a step for every room with fans waiting (a backstop when nobody polls). */
export async function admitAllRooms(now = Date.now()): Promise<void> {
  const rooms = rowsOf<{ id: string }>(await getDb().execute(sql`select id from waiting_rooms where last_position > admitted_through or exists (select 1 from waiting_room_places p where p.room_id = waiting_rooms.id and p.position is null and p.draw is not null)`));
  for (const room of rooms) await admitStep(room.id, now);
}

// The measured admission rate (fans a minute over the last minute) per room, read once per 2 s per process.
const measured = new Map<string, { until: number; read: Promise<number> }>();

export function measuredRate(roomId: string, now = Date.now()): Promise<number> {
  const known = measured.get(roomId);
  if (known && now < known.until) return known.read;
  const read = getDb()
    .execute(sql`select count(*)::int as n from waiting_room_places where room_id = ${roomId} and admitted_at > to_timestamp(${now - 60_000} / 1000.0)`)
    .then((result) => rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  if (measured.size > 1000) measured.clear();
  measured.set(roomId, { until: now + 2000, read });
  read.catch(() => measured.delete(roomId));
  return read;
}
