// Organiser payouts suites (payouts/organisers.ts): an organisation with a legal profile, payout account and
// commercial terms, demo events moved to it, and primary sales and refunds written as checkout, the gateway
// and the refund path leave them (order, lines, current payment, the order's share; a refund dates the
// share and the order).
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { makeOrganisation } from './organiser';
import { eventBySlug } from './tickets';

export type Terms = { perTicket: number; bps: number; schedule: 'period' | 'event' };

/** The platform fee of a primary ticket under `terms`, computed apart from functions.sql order_item_platform_fee. */
export const platformFeeOf = (price: number, terms: Pick<Terms, 'perTicket' | 'bps'>) => Math.min(price, terms.perTicket + Math.floor((price * terms.bps + 5000) / 10000));

/** A new approved organisation with its legal name, payout account and terms, owning the events of `slugs`. */
export async function payoutOrganisation(db: Db, input: { name: string; legalName: string; iban: string | null; bic?: string | null; terms: Terms; slugs: string[] }) {
  const org = await makeOrganisation(db, input.name);
  await db
    .update(s.organisations)
    .set({ legalName: input.legalName, payoutIban: input.iban, payoutBic: input.bic ?? null, platformFeePerTicket: input.terms.perTicket, platformFeeBps: input.terms.bps, payoutSchedule: input.terms.schedule })
    .where(eq(s.organisations.id, org.id));
  const events = [];
  for (const slug of input.slugs) {
    const event = await eventBySlug(db, slug);
    await db.update(s.events).set({ orgId: org.id }).where(eq(s.events.id, event.id));
    const [type] = await db.select({ id: s.ticketTypes.id }).from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id)).limit(1);
    events.push({ id: event.id, slug, currency: event.currency as 'EUR' | 'CZK', ticketTypeId: type.id });
  }
  return { ...org, events };
}

export type SaleEvent = { id: string; currency: 'EUR' | 'CZK'; ticketTypeId: string };

/** A paid order of primary tickets at `prices` for `event`, paid at `at`. Its id. */
export async function sell(db: Db, buyerId: string, event: SaleEvent, prices: number[], at: Date): Promise<string> {
  const orderId = randomUUID();
  const holdId = randomUUID();
  const paymentId = randomUUID();
  const total = prices.reduce((a, b) => a + b, 0);
  await db.insert(s.holds).values({ id: holdId, userId: buyerId, eventId: event.id, status: 'completed', expiresAt: at, createdAt: at, updatedAt: at });
  await db.insert(s.orders).values({ id: orderId, userId: buyerId, eventId: event.id, holdId, status: 'paid', currency: event.currency, subtotalAmount: total, feeAmount: 0, totalAmount: total, locale: 'en', createdAt: at, paidAt: at });
  await db.insert(s.payments).values({ id: paymentId, orderId, provider: 'test', providerRef: paymentId, status: 'succeeded', amount: total, currency: event.currency, createdAt: at, updatedAt: at });
  await db.update(s.orders).set({ currentPaymentId: paymentId }).where(eq(s.orders.id, orderId));
  await db.insert(s.orderItems).values(prices.map((price) => ({ orderId, ticketTypeId: event.ticketTypeId, priceAmount: price, feeAmount: 0 })));
  await db.execute(sql`select order_split(${orderId}::uuid)`);
  return orderId;
}

/** The whole order refunded at `at`, as the refund path dates it (the order, its payment's refund, its share). */
export async function refund(db: Db, orderId: string, at: Date): Promise<void> {
  const [order] = await db.select().from(s.orders).where(eq(s.orders.id, orderId));
  await db.update(s.orders).set({ status: 'refunded', refundedAt: at }).where(eq(s.orders.id, orderId));
  await db.update(s.payments).set({ status: 'refunded' }).where(eq(s.payments.id, order.currentPaymentId!));
  await db.insert(s.refunds).values({ paymentId: order.currentPaymentId!, provider: 'test', amount: order.totalAmount, currency: order.currency, reason: 'EVENT_CANCELLED', status: 'succeeded', createdAt: at, nextAttemptAt: at });
  await db.execute(sql`update order_shares set refunded_at = ${at.toISOString()}::timestamptz, refund_mode = 'payment', refunded_amount = total_amount where order_id = ${orderId}::uuid`);
}

/** An instant given as a Europe/Bratislava wall-clock time (winter: UTC+1). */
export const bratislava = (local: string) => new Date(`${local}+01:00`);
