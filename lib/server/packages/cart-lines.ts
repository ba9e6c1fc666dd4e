import 'server-only';
import { textIn } from '@/lib/localized-text';
import { eq, inArray } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { getDb, tables } from '@/lib/server/db';
import type { CartItemView } from '@/lib/server/cart/types';

/**
 * The cart shows a package as ONE line at the package's price: its tickets (hold_items of one
 * package_line_id, functions.sql package_hold) folded into the line of its first ticket, whose id takes
 * the whole package out again (cart_release_item). Other lines pass through as they are.
 */
export async function foldPackageLines(items: CartItemView[], locale: Locale): Promise<CartItemView[]> {
  if (!items.length) return items;
  const hi = tables.holdItems;
  const rows = await getDb()
    .select({
      itemId: hi.id,
      lineId: hi.packageLineId,
      packageId: tables.packages.id,
      name: tables.packages.name,
      eventTitle: tables.events.title,
      startsAt: tables.events.startsAt,
    })
    .from(hi)
    .innerJoin(tables.holdPackages, eq(tables.holdPackages.id, hi.packageLineId))
    .innerJoin(tables.packages, eq(tables.packages.id, tables.holdPackages.packageId))
    .innerJoin(tables.inventoryUnits, eq(tables.inventoryUnits.id, hi.unitId))
    .innerJoin(tables.events, eq(tables.events.id, tables.inventoryUnits.eventId))
    .where(inArray(hi.id, items.map((item) => item.id)));
  if (!rows.length) return items;
  const lineOf = new Map(rows.map((r) => [r.itemId, r]));
  const folded: CartItemView[] = [];
  const lines = new Map<string, CartItemView>();
  // A festival pass's days in their order (lines of one moment come back in any order).
  const startOf = new Map<object, number>();
  for (const item of items) {
    const row = lineOf.get(item.id);
    if (!row?.lineId) {
      folded.push(item);
      continue;
    }
    const ticket = { ticketType: item.ticketType.name, seat: item.seat, event: textIn(row.eventTitle, locale) };
    startOf.set(ticket, row.startsAt.getTime());
    const line = lines.get(row.lineId);
    if (line) {
      line.price = { ...line.price, amount: line.price.amount + item.price.amount };
      line.fee = { ...line.fee, amount: line.fee.amount + item.fee.amount };
      line.package!.tickets.push(ticket);
      continue;
    }
    const first: CartItemView = {
      ...item,
      kind: 'package',
      ticketType: { id: row.packageId, code: 'PACKAGE', name: textIn(row.name, locale) },
      seat: null,
      package: { id: row.packageId, name: textIn(row.name, locale), tickets: [ticket] },
    };
    lines.set(row.lineId, first);
    folded.push(first);
  }
  for (const line of lines.values()) line.package!.tickets.sort((a, b) => startOf.get(a)! - startOf.get(b)!);
  return folded;
}
