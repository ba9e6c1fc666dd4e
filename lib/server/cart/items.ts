import 'server-only';
import { and, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb, tables, type Db, type Tx } from '@/lib/server/db';
import { preparedQuery } from '@/lib/server/db/prepared';
import type { LocalizedText } from '@/lib/server/db/schema';

const hi = tables.holdItems;
const u = tables.inventoryUnits;
const l = tables.resaleListings;
const listingTicket = alias(tables.tickets, 'listing_ticket');
const listingUnit = alias(tables.inventoryUnits, 'listing_unit');

export type HoldItemRow = {
  id: string;
  kind: 'seat' | 'place' | 'resale';
  unitId: string | null;
  listingId: string | null;
  ticketTypeId: string;
  ticketTypeCode: string;
  ticketTypeName: LocalizedText;
  priceAmount: number;
  feeAmount: number;
  seat: { section: LocalizedText; row: string; seat: string } | null;
};

function itemsOf(db: Db | Tx, holdId: string | ReturnType<typeof sql.placeholder>) {
  return db
    .select({
      id: hi.id,
      unitId: hi.unitId,
      listingId: hi.listingId,
      ticketTypeId: hi.ticketTypeId,
      ticketTypeCode: tables.ticketTypes.code,
      ticketTypeName: tables.ticketTypes.name,
      priceAmount: hi.priceAmount,
      feeAmount: hi.feeAmount,
      seatId: sql<string | null>`coalesce(${u.seatId}, ${listingUnit.seatId})`,
      sectionName: tables.venueSections.name,
      rowLabel: tables.venueRows.label,
      seatLabel: tables.venueSeats.label,
    })
    .from(hi)
    .innerJoin(tables.ticketTypes, eq(tables.ticketTypes.id, hi.ticketTypeId))
    .leftJoin(u, eq(u.id, hi.unitId))
    .leftJoin(l, eq(l.id, hi.listingId))
    .leftJoin(listingTicket, eq(listingTicket.id, l.ticketId))
    .leftJoin(listingUnit, eq(listingUnit.id, listingTicket.unitId))
    .leftJoin(tables.venueSeats, eq(tables.venueSeats.id, sql`coalesce(${u.seatId}, ${listingUnit.seatId})`))
    .leftJoin(tables.venueRows, eq(tables.venueRows.id, tables.venueSeats.rowId))
    .leftJoin(tables.venueSections, eq(tables.venueSections.id, tables.venueSeats.sectionId))
    .where(and(eq(hi.holdId, holdId), or(eq(u.holdId, holdId), eq(l.holdId, holdId))))
    .orderBy(hi.createdAt, tables.venueSections.sortOrder, tables.venueRows.sortOrder, tables.venueSeats.sortOrder);
}

// Read with every cart answer: built once (lib/server/db/prepared.ts); inside a transaction, built there.
const preparedItems = preparedQuery((db) => itemsOf(db, sql.placeholder('holdId')).prepare('live_hold_items'));

/**
 * The items a hold still owns: a unit whose hold_id is this hold, a listing held by this hold. An item
 * whose unit went to someone else after this hold's time ran out is not the fan's any more.
 */
export async function liveHoldItems(db: Db | Tx, holdId: string): Promise<HoldItemRow[]> {
  const rows = db === getDb() ? await preparedItems().execute({ holdId }) : await itemsOf(db, holdId);
  return rows.map((row) => ({
    id: row.id,
    kind: row.listingId ? 'resale' : row.seatId ? 'seat' : 'place',
    unitId: row.unitId,
    listingId: row.listingId,
    ticketTypeId: row.ticketTypeId,
    ticketTypeCode: row.ticketTypeCode,
    ticketTypeName: row.ticketTypeName,
    priceAmount: row.priceAmount,
    feeAmount: row.feeAmount,
    seat: row.sectionName && row.rowLabel && row.seatLabel ? { section: row.sectionName, row: row.rowLabel, seat: row.seatLabel } : null,
  }));
}
