// Real purchases for report and money suites: a fan's cart, coupon, checkout and the test gateway's
// "paid" notice, through the same domain functions the API calls. Nothing is inserted by hand.
import { eq } from 'drizzle-orm';
import { addToCart, applyCoupon } from '@/lib/server/cart';
import type { Db } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { checkout } from '@/lib/server/orders/checkout';
import { signedGatewayNotice, testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';

const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };

export type Selection = { seatIds: string[] } | { ticketTypeId: string; quantity: number } | { listingId: string };

/** Buys `selection` of event `slug` for `fan` at `now` (with a coupon `code`), paid at once. Answers the order. */
export async function buy(db: Db, fan: { id: string; email: string }, slug: string, selection: Selection, options: { now?: Date; code?: string } = {}) {
  const now = options.now ?? new Date();
  const held = await addToCart({ user: fan, eventRef: slug, selection, locale: 'en', now });
  if (!held.ok) throw new Error(`addToCart: ${held.code}`);
  if (options.code) {
    const applied = await applyCoupon({ user: fan, eventRef: slug, code: options.code, locale: 'en', now });
    if (!applied.ok) throw new Error(`applyCoupon: ${applied.code}`);
  }
  const result = await checkout({ user: fan, eventRef: slug, locale: 'en', urls, now });
  if (!result.ok) throw new Error(`checkout: ${result.code}`);
  // Nothing to pay (a coupon or credit covered it all): checkout completed the order itself.
  if (!result.paid) {
    const { eventId } = signedGatewayNotice(result.paymentId, 'succeeded');
    const paid = await handlePaymentNotice(testGateway, { eventId, paymentId: result.paymentId, outcome: 'succeeded' }, now);
    if (paid.kind !== 'paid') throw new Error(`payment: ${paid.kind}`);
  }
  const [order] = await db.select().from(s.orders).where(eq(s.orders.id, result.orderId));
  return order;
}
