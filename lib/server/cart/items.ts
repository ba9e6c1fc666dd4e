import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '@/lib/server/db';
import type { LocalizedText } from '@/lib/server/db/schema';

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

export type ItemRow = {
  id: string;
  unit_id: string | null;
  listing_id: string | null;
  ticket_type_id: string;
  ticket_type_code: string;
  ticket_type_name: LocalizedText | string;
  price_amount: number;
  fee_amount: number;
  seat_id: string | null;
  section_name: LocalizedText | string | null;
  row_label: string | null;
  seat_label: string | null;
};

/** A jsonb value: parsed by postgres.js and PGlite, text from a driver that does not parse it. */
export const fromJsonb = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/**
 * The items a hold still owns: a unit whose hold_id is this hold, a listing held by this hold. An item
 * whose unit went to someone else after this hold's time ran out is not the fan's any more. The query
 * is the database function cart_live_items (lib/server/db/functions.sql), which the holds of
 * cart/hold.ts also answer with.
 */
export async function liveHoldItems(db: Db | Tx, holdId: string): Promise<HoldItemRow[]> {
  return rowsOf<ItemRow>(await db.execute(sql`select * from cart_live_items(${holdId}::uuid)`)).map(holdItemRow);
}

export function holdItemRow(row: ItemRow): HoldItemRow {
  const section = row.section_name ? fromJsonb<LocalizedText>(row.section_name) : null;
  return {
    id: row.id,
    kind: row.listing_id ? 'resale' : row.seat_id ? 'seat' : 'place',
    unitId: row.unit_id,
    listingId: row.listing_id,
    ticketTypeId: row.ticket_type_id,
    ticketTypeCode: row.ticket_type_code,
    ticketTypeName: fromJsonb<LocalizedText>(row.ticket_type_name),
    priceAmount: Number(row.price_amount),
    feeAmount: Number(row.fee_amount),
    seat: section && row.row_label && row.seat_label ? { section, row: row.row_label, seat: row.seat_label } : null,
  };
}
