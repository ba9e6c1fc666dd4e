import 'server-only';
import { sql } from 'drizzle-orm';
import { tables } from '@/lib/server/db';
import type { TicketConcession } from '@/lib/schemas/concessions';

const t = tables.tickets;

// Which tickets the fan market takes beyond the event's own rules: a companion seat never alone, a
// ZŤP-S ticket with its companion not at all (the companion cannot follow a listing: one offer is one
// ticket), a concession only where the organiser allows its resale, a free ticket only where the event
// allows free tickets' resale. The cap (policy.ts) is taken of the price paid, never the face value.

export type ResaleRefusal = 'COMPANION_NOT_ALONE' | 'RESALE_WITH_COMPANION' | 'CONCESSION_RESALE_NOT_ALLOWED' | 'FREE_TICKET_RESALE_NOT_ALLOWED';

/** What the rules below need of a ticket row, as columns of a select from tickets. */
export const resaleFacts = {
  concession: t.concession,
  pricePaid: sql<number>`coalesce((
    select oi.price_amount from ${tables.orderItems} oi join ${tables.orders} o on o.id = oi.order_id and o.status = 'paid'
    where oi.unit_id = ${t.unitId} and oi.listing_id is null
    order by (oi.order_id = ${t.orderId}) desc, o.created_at desc limit 1), 0)`.mapWith(Number),
  concessionResaleAllowed: sql<boolean>`exists (
    select 1 from ${tables.ticketTypeConcessions} c where c.ticket_type_id = ${t.ticketTypeId} and c.kind = ${t.concession} and c.resale_allowed)`.mapWith(Boolean),
  hasCompanion: sql<boolean>`exists (select 1 from ${tables.tickets} c where c.companion_of = ${t.id} and c.status <> 'void')`.mapWith(Boolean),
};

export type ResaleFacts = { concession: TicketConcession | null; pricePaid: number; concessionResaleAllowed: boolean; hasCompanion: boolean };

/** Why this ticket may not be listed whatever price is asked, or null. */
export function resaleRefusal(ticket: ResaleFacts, event: { freeTicketsResale: boolean }): ResaleRefusal | null {
  if (ticket.concession === 'companion') return 'COMPANION_NOT_ALONE';
  if (ticket.hasCompanion) return 'RESALE_WITH_COMPANION';
  if (ticket.concession && !ticket.concessionResaleAllowed) return 'CONCESSION_RESALE_NOT_ALLOWED';
  if (ticket.pricePaid === 0 && !event.freeTicketsResale) return 'FREE_TICKET_RESALE_NOT_ALLOWED';
  return null;
}
