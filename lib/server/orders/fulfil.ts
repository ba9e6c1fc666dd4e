import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { tables, type Tx } from '@/lib/server/db';
import { rowsOf } from '@/lib/server/db/client';
import { sellListings, sellUnits } from '@/lib/server/inventory/sell';
import { notify } from '@/lib/server/notifications/notify';
import { issueTicketsForOrder } from '@/lib/server/tickets/issue';
import { completeSeasonOrder } from '@/lib/server/seasons/fulfil';
import { confirmOrderSpend } from '@/lib/server/wallet';
import { issueOrderDocuments } from '@/lib/server/documents/order-documents';

// Completing an order, once its total is covered: by the provider's payment (payments/outcome.ts), or at
// checkout itself when wallet credit, loyalty points or a coupon leave nothing to pay (orders/checkout.ts).
// Both take the same steps in the same order, so a fully covered order sells, spends and issues exactly as
// a paid one does.

/** Thrown inside fulfilOrder when what the order bought is no longer its to sell (a late payment). */
export class UnitsGone extends Error {}

type Order = typeof tables.orders.$inferSelect;

/**
 * The packages of the order still fit in their quantities: a late payment (its hold expired, its
 * package line no longer counted) for a package that sold out meanwhile is refunded, never sold one
 * over. Each package's row is locked first, as package_hold does (functions.sql), so late payments and
 * new holds of one package queue and each counts what the one before it committed.
 */
async function packagesStillFit(tx: Tx, holdId: string, unitIds: string[], now: Date): Promise<boolean> {
  if (!unitIds.length) return true;
  const lines = rowsOf<{ package_id: string; lines: number }>(
    await tx.execute(sql`select hp.package_id, count(distinct hp.id)::int as lines from hold_packages hp
      join hold_items hi on hi.package_line_id = hp.id and hi.hold_id = hp.hold_id
      where hp.hold_id = ${holdId}::uuid and hi.unit_id in (${sql.join(unitIds.map((id) => sql`${id}::uuid`), sql`, `)})
      group by hp.package_id order by hp.package_id`),
  );
  for (const line of lines) {
    // The lock first, the count in a statement of its own: it then sees what the previous holder of the lock committed.
    await tx.select({ id: tables.packages.id }).from(tables.packages).where(eq(tables.packages.id, line.package_id)).for('update');
    const [fit] = rowsOf<{ fits: boolean }>(
      await tx.execute(sql`select package_taken_except(pk.id, ${holdId}::uuid, ${now.toISOString()}::timestamptz) + ${line.lines}::int <= pk.quantity as fits
        from packages pk where pk.id = ${line.package_id}::uuid`),
    );
    if (!fit?.fits) return false;
  }
  return true;
}

/**
 * Sells the order's units and listings to its hold, confirms its wallet credit and loyalty points, and issues
 * its tickets. Throws UnitsGone (or WalletCreditGone) when any of it is gone: run it in a savepoint.
 */
export async function fulfilOrder(
  tx: Tx,
  input: { order: Order; items: (typeof tables.orderItems.$inferSelect)[]; now: Date },
): Promise<string[]> {
  const { order, items, now } = input;
  const unitIds = items.flatMap((item) => (item.unitId ? [item.unitId] : []));
  const listingIds = items.flatMap((item) => (item.listingId ? [item.listingId] : []));
  if (!(await packagesStillFit(tx, order.holdId, unitIds, now))) throw new UnitsGone();
  if ((await sellUnits(tx, { holdId: order.holdId, unitIds, now })) !== unitIds.length) throw new UnitsGone();
  // The wallet credit the order counted on must still be there (a late payment's may have been spent meanwhile).
  await confirmOrderSpend(tx, { orderId: order.id, now });
  // So must its loyalty points: spent now unless already (checkout spent them; an expired cart gave them back),
  // under the balance row's lock; short, the late payment is refunded rather than the balance going below zero.
  const [points] = rowsOf<{ spent: boolean }>(await tx.execute(sql`select loyalty_spend(${order.id}::uuid, false) as spent`));
  if (!points?.spent) throw new UnitsGone();
  const soldListings = await sellListings(tx, { holdId: order.holdId, listingIds, now });
  if (soldListings.length !== listingIds.length) throw new UnitsGone();
  // Units of this hold that were not in the order (added after a cancelled attempt) go back on sale.
  await tx
    .update(tables.inventoryUnits)
    .set({ status: 'available', holdId: null, heldUntil: null })
    .where(and(eq(tables.inventoryUnits.holdId, order.holdId), eq(tables.inventoryUnits.status, 'held')));
  const [event] = await tx
    .select({ sellerFeeBps: tables.events.resaleSellerFeeBps, organiserSharePercent: tables.events.resaleOrganiserSharePercent, currency: tables.events.currency, orgId: tables.events.orgId })
    .from(tables.events)
    .where(eq(tables.events.id, order.eventId));
  for (const listing of soldListings) {
    await notify(
      {
        userId: listing.sellerId,
        topic: 'resale-sold',
        data: { eventId: order.eventId, listingId: listing.id, amount: listing.priceAmount, currency: listing.currency },
        dedupeKey: `resale-sold:${listing.id}`,
        organisationId: event.orgId,
      },
      { db: tx },
    );
  }
  const ticketIds = await issueTicketsForOrder(tx, {
    orderId: order.id,
    eventId: order.eventId,
    buyerId: order.userId,
    items,
    sellerFeeBps: event.sellerFeeBps,
    organiserSharePercent: event.organiserSharePercent,
    currency: event.currency,
    now,
  });
  await completeSeasonOrder(tx, { holdId: order.holdId, orderId: order.id, userId: order.userId, ticketIds });
  return ticketIds;
}

/**
 * The order is paid: its cart is done, and its money is split over the events of its tickets (order_shares,
 * functions.sql order_split), what every report and refund reads. No provider payment when it was fully
 * covered at checkout (currentPaymentId null). Its tax documents are issued in the same transaction
 * (documents/order-documents.ts): the order is paid exactly when they exist.
 */
export async function markOrderPaid(tx: Tx, order: Pick<Order, 'id' | 'holdId'>, now: Date): Promise<void> {
  await tx.update(tables.orders).set({ status: 'paid', paidAt: now, note: null }).where(eq(tables.orders.id, order.id));
  await tx.update(tables.holds).set({ status: 'completed', updatedAt: now }).where(eq(tables.holds.id, order.holdId));
  await splitOrder(tx, order.id);
  await issueOrderDocuments(tx, { orderId: order.id, now });
}

/** Writes the order's shares per event, once (functions.sql order_split). */
export async function splitOrder(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`select order_split(${orderId}::uuid)`);
}
