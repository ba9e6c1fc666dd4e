import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { Payout } from '@/lib/schemas/tickets';
import { getDb, tables } from '@/lib/server/db';

/** The seller's payout ledger: what each resold ticket earned (price − seller fee), newest first. */
export async function listPayouts(actor: { id: string }): Promise<Payout[]> {
  const rows = await getDb()
    .select({
      id: tables.payouts.id,
      createdAt: tables.payouts.createdAt,
      status: tables.payouts.status,
      grossAmount: tables.payouts.grossAmount,
      feeAmount: tables.payouts.feeAmount,
      netAmount: tables.payouts.netAmount,
      currency: tables.payouts.currency,
      eventId: tables.events.id,
      slug: tables.events.slug,
      title: tables.events.title,
    })
    .from(tables.payouts)
    .innerJoin(tables.resaleListings, eq(tables.resaleListings.id, tables.payouts.listingId))
    .innerJoin(tables.events, eq(tables.events.id, tables.resaleListings.eventId))
    .where(eq(tables.payouts.userId, actor.id))
    .orderBy(desc(tables.payouts.createdAt));
  return rows.map(({ eventId, slug, title, createdAt, ...r }) => ({ ...r, createdAt: createdAt.toISOString(), event: { id: eventId, slug, title } }));
}
