// A paid order as checkout and the test gateway leave one: the completed cart it came from, the order with
// its lines, the succeeded payment as its current one. For demo data that was bought (seed/tickets.ts,
// seed/payouts.ts); the caller points the tickets at the order.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import * as s from '../schema';

type Line = { unitId?: string; listingId?: string; ticketTypeId: string; priceAmount: number; feeAmount: number };

export async function insertPaidOrder(
  tx: Tx,
  input: { userId: string; eventId: string; currency: 'EUR' | 'CZK'; locale: 'sk' | 'cs' | 'en'; at: Date; lines: Line[] },
): Promise<string> {
  const { at } = input;
  const subtotal = input.lines.reduce((sum, line) => sum + line.priceAmount, 0);
  const fees = input.lines.reduce((sum, line) => sum + line.feeAmount, 0);
  const [hold] = await tx.insert(s.holds).values({ userId: input.userId, eventId: input.eventId, status: 'completed', expiresAt: at, createdAt: at, updatedAt: at }).returning({ id: s.holds.id });
  const [order] = await tx
    .insert(s.orders)
    .values({ userId: input.userId, eventId: input.eventId, holdId: hold.id, status: 'paid', currency: input.currency, subtotalAmount: subtotal, feeAmount: fees, totalAmount: subtotal + fees, locale: input.locale, createdAt: at, paidAt: at })
    .returning({ id: s.orders.id });
  await tx.insert(s.orderItems).values(input.lines.map((line) => ({ orderId: order.id, ...line })));
  const [payment] = await tx
    .insert(s.payments)
    .values({ orderId: order.id, provider: 'test', providerRef: `seed-order-${order.id}`, status: 'succeeded', amount: subtotal + fees, currency: input.currency, createdAt: at, updatedAt: at })
    .returning({ id: s.payments.id });
  await tx.update(s.orders).set({ currentPaymentId: payment.id }).where(eq(s.orders.id, order.id));
  // Its money per event, as paying splits it (orders/fulfil.ts markOrderPaid).
  await tx.execute(sql`select order_split(${order.id}::uuid)`);
  return order.id;
}
