// Resale sales for payout suites: a seller's ticket listed and bought by another fan through the real
// listing, cart, checkout and gateway; bank accounts and admins.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { bankAccountSchema } from '@/lib/schemas/payouts';
import { setBankAccount } from '@/lib/server/payouts/bank-account';
import { listTicketForResale } from '@/lib/server/resale/listing';
import { buy } from './purchases';
import { eventBySlug, giveTicket, makeUser, type TestUser } from './tickets';

/** Valid IBANs (the IBAN registry's examples and others with correct check digits). */
export const IBANS = {
  sk: 'SK31 1200 0000 1987 4263 7541',
  sk2: 'SK08 0900 0000 0001 2312 3123',
  cz: 'CZ65 0800 0000 1920 0014 5399',
  cz2: 'CZ55 0800 0000 0012 3456 7899',
};

/** `seller` sells a ticket of `slug` at face value; `buyer` (a new fan when omitted) buys it. The payout row. */
export async function resaleSale(db: Db, seller: { id: string }, slug: string, buyer?: { id: string; email: string }) {
  const { ticket } = await giveTicket(db, seller.id, slug);
  const listed = await listTicketForResale(seller, { ticketId: ticket.id, priceAmount: ticket.priceAmount });
  if (!listed.ok) throw new Error(`listing: ${listed.code}`);
  const order = await buy(db, buyer ?? (await makeUser(db, 'buyer')), slug, { listingId: listed.listing.id });
  const [payout] = await db.select().from(s.payouts).where(eq(s.payouts.listingId, listed.listing.id));
  return { payout, order, listingId: listed.listing.id };
}

export async function giveBankAccount(seller: { id: string }, iban: string, holderName = 'Eva Nováková') {
  return setBankAccount(seller, bankAccountSchema.parse({ iban, holderName }));
}

export async function makeAdmin(db: Db): Promise<TestUser> {
  const admin = await makeUser(db, 'admin');
  await db.update(s.users).set({ isAdmin: true }).where(eq(s.users.id, admin.id));
  return admin;
}

/** An instant after the event of `slug` is over. */
export async function afterEvent(db: Db, slug: string, days = 1): Promise<Date> {
  const event = await eventBySlug(db, slug);
  return new Date((event.endsAt ?? event.startsAt).getTime() + days * 86_400_000);
}
