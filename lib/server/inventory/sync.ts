import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/lib/server/db';

/**
 * An organiser's change would take away or re-price places fans already have: `taken` sold or live-held
 * units would have to leave the sale or change category. Nothing was changed.
 */
export type UnitsTaken = { ok: false; code: 'UNITS_TAKEN'; taken: number };

type Synced = { ok: true; added: number; removed: number };

/** A unit fans have: sold, or held by a cart whose time has not run out. */
const TAKEN = sql`(u.status = 'sold' or unit_is_held(u.status, u.held_until, now()))`;
/** A unit an order or a ticket remembers: never deleted (reports and refunds read it), only held back. */
const REMEMBERED = sql`(exists (select 1 from tickets t where t.unit_id = u.id) or exists (select 1 from order_items oi where oi.unit_id = u.id))`;

async function count(tx: Tx, query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number }>(await tx.execute(query))[0]?.n ?? 0);
}

/**
 * Makes an event's units what its sections say (event_sections): one unit per seat of every seated
 * section, in the section's category; the places of standing areas (standingCapacity). Units of seats
 * that left the layout or sections that left the event go; a unit an order remembers is held back
 * (blocked) instead. Refuses, changing nothing, when a sold or live-held unit would have to go or change
 * category. Run inside the organiser's transaction; the caller then calls eventChanged.
 */
export async function syncEventInventory(tx: Tx, eventId: string): Promise<Synced | UnitsTaken> {
  // One organiser change at a time per event.
  await tx.execute(sql`select 1 from events where id = ${eventId} for update`);
  const desired = sql`(
    select vs.id as seat_id, es.ticket_type_id
    from event_sections es
    join venue_sections sec on sec.id = es.section_id and sec.kind = 'seated'
    join venue_seats vs on vs.section_id = es.section_id
    where es.event_id = ${eventId}
  )`;
  const taken = await count(
    tx,
    sql`select count(*)::int as n from inventory_units u
        left join ${desired} d on d.seat_id = u.seat_id
        where u.event_id = ${eventId} and u.seat_id is not null and ${TAKEN}
          and (d.seat_id is null or d.ticket_type_id <> u.ticket_type_id)`,
  );
  if (taken > 0) return { ok: false, code: 'UNITS_TAKEN', taken };

  await tx.execute(sql`
    update inventory_units u set ticket_type_id = d.ticket_type_id
    from ${desired} d
    where u.event_id = ${eventId} and u.seat_id = d.seat_id and u.ticket_type_id <> d.ticket_type_id`);
  const removed = rowsOf<{ id: string }>(
    await tx.execute(sql`
      delete from inventory_units u
      where u.event_id = ${eventId} and u.seat_id is not null
        and not exists (select 1 from ${desired} d where d.seat_id = u.seat_id)
        and not ${REMEMBERED}
      returning u.id`),
  ).length;
  await tx.execute(sql`
    update inventory_units u set status = 'blocked', hold_id = null, held_until = null
    where u.event_id = ${eventId} and u.seat_id is not null and u.status <> 'blocked'
      and not exists (select 1 from ${desired} d where d.seat_id = u.seat_id)`);
  const added = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into inventory_units (event_id, ticket_type_id, seat_id)
      select ${eventId}, d.ticket_type_id, d.seat_id from ${desired} d
      on conflict (event_id, seat_id) do nothing
      returning id`),
  ).length;

  // Standing categories with standing areas assigned: as many places as the areas hold.
  const areas = rowsOf<{ ticket_type_id: string; capacity: number }>(
    await tx.execute(sql`
      select es.ticket_type_id, coalesce(sum(sec.capacity), 0)::int as capacity
      from event_sections es join venue_sections sec on sec.id = es.section_id and sec.kind = 'standing'
      where es.event_id = ${eventId}
      group by es.ticket_type_id`),
  );
  let standingAdded = 0;
  let standingRemoved = 0;
  for (const area of areas) {
    const result = await setStandingCapacity(tx, eventId, area.ticket_type_id, area.capacity);
    if (!result.ok) return result;
    standingAdded += result.added;
    standingRemoved += result.removed;
  }
  return { ok: true, added: added + standingAdded, removed: removed + standingRemoved };
}

/**
 * Makes a standing category have exactly `capacity` places (units without a seat): adds new ones, or
 * removes free ones no order remembers. Refuses when fans already have more than `capacity`, or when
 * too few free places can go.
 */
export async function setStandingCapacity(tx: Tx, eventId: string, ticketTypeId: string, capacity: number): Promise<Synced | UnitsTaken> {
  const where = sql`u.event_id = ${eventId} and u.ticket_type_id = ${ticketTypeId} and u.seat_id is null`;
  const current = await count(tx, sql`select count(*)::int as n from inventory_units u where ${where} and u.status <> 'blocked'`);
  const taken = await count(tx, sql`select count(*)::int as n from inventory_units u where ${where} and ${TAKEN}`);
  if (capacity < taken) return { ok: false, code: 'UNITS_TAKEN', taken };
  if (capacity > current) {
    await tx.execute(sql`
      insert into inventory_units (event_id, ticket_type_id)
      select ${eventId}, ${ticketTypeId} from generate_series(1, ${capacity - current})`);
    return { ok: true, added: capacity - current, removed: 0 };
  }
  if (capacity === current) return { ok: true, added: 0, removed: 0 };
  const excess = current - capacity;
  const removed = rowsOf<{ id: string }>(
    await tx.execute(sql`
      delete from inventory_units where id in (
        select u.id from inventory_units u
        where ${where} and u.status <> 'blocked' and not ${TAKEN} and not ${REMEMBERED}
        limit ${excess}
        for update skip locked)
      returning id`),
  ).length;
  if (removed < excess) {
    // The rest are free places an old order remembers: held back from sale instead.
    await tx.execute(sql`
      update inventory_units set status = 'blocked', hold_id = null, held_until = null where id in (
        select u.id from inventory_units u
        where ${where} and u.status <> 'blocked' and not ${TAKEN}
        limit ${excess - removed})`);
  }
  return { ok: true, added: 0, removed: excess };
}
