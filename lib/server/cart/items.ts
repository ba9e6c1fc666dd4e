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

type ItemRow = {
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

// jsonb may arrive parsed or as text, depending on the driver.
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The items a hold still owns: a unit whose hold_id is this hold, a listing held by this hold. An item
 * whose unit went to someone else after this hold's time ran out is not the fan's any more.
 * Hand-written: it is read with every cart answer, often inside the cart change's own transaction
 * (pipelined with the change), where drizzle would build the join again each time.
 */
export async function liveHoldItems(db: Db | Tx, holdId: string): Promise<HoldItemRow[]> {
  const rows = rowsOf<ItemRow>(
    await db.execute(sql`
      select hi.id, hi.unit_id, hi.listing_id, hi.ticket_type_id, tt.code as ticket_type_code, tt.name as ticket_type_name,
             hi.price_amount, hi.fee_amount, coalesce(u.seat_id, lu.seat_id) as seat_id,
             sec.name as section_name, r.label as row_label, vs.label as seat_label
      from hold_items hi
      join ticket_types tt on tt.id = hi.ticket_type_id
      left join inventory_units u on u.id = hi.unit_id
      left join resale_listings l on l.id = hi.listing_id
      left join tickets lt on lt.id = l.ticket_id
      left join inventory_units lu on lu.id = lt.unit_id
      left join venue_seats vs on vs.id = coalesce(u.seat_id, lu.seat_id)
      left join venue_rows r on r.id = vs.row_id
      left join venue_sections sec on sec.id = vs.section_id
      where hi.hold_id = ${holdId} and (u.hold_id = ${holdId} or l.hold_id = ${holdId})
      order by hi.created_at, sec.sort_order, r.sort_order, vs.sort_order`),
  );
  return rows.map((row) => {
    const section = row.section_name ? json<LocalizedText>(row.section_name) : null;
    return {
      id: row.id,
      kind: row.listing_id ? 'resale' : row.seat_id ? 'seat' : 'place',
      unitId: row.unit_id,
      listingId: row.listing_id,
      ticketTypeId: row.ticket_type_id,
      ticketTypeCode: row.ticket_type_code,
      ticketTypeName: json<LocalizedText>(row.ticket_type_name),
      priceAmount: Number(row.price_amount),
      feeAmount: Number(row.fee_amount),
      seat: section && row.row_label && row.seat_label ? { section, row: row.row_label, seat: row.seat_label } : null,
    };
  });
}
