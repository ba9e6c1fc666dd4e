import 'server-only';
// Resale over the API: offering one's ticket and withdrawing it, one's own offers on an event's page, and
// the seller's payout ledger.
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { ApiError, failureOf, json, parseWith } from '@/lib/server/api/respond';
import { cachedEventRef } from '@/lib/server/events';
import { okSchema } from '@/lib/schemas/primitives';
import { myListingsSchema } from '@/lib/schemas/resale';
import { listingResultSchema, listingSchema, payoutsSchema, ticketIdParamSchema } from '@/lib/schemas/tickets';
import { listTicketForResale, withdrawListing } from './listing';
import { myActiveListings } from './own-listings';
import { listPayouts } from './payouts';

const privately = { headers: { 'Cache-Control': 'private, no-store' } };

export default defineModule({
  name: 'resale',
  operations: [
    operation({
      method: 'post',
      path: '/api/v1/tickets/{id}/listing',
      summary: "Offer a ticket for resale at a price (minor units) within the organiser's cap and window",
      access: 'signed-in',
      body: listingSchema,
      answer: listingResultSchema,
      status: 201,
      failures: [
        'TICKET_NOT_FOUND',
        'ALREADY_LISTED',
        'TICKET_NOT_LISTABLE',
        'GIFT_PENDING',
        'RESALE_DISABLED',
        'RESALE_WINDOW_CLOSED',
        'EVENT_STARTED',
        'COMPANION_NOT_ALONE',
        'RESALE_WITH_COMPANION',
        'CONCESSION_RESALE_NOT_ALLOWED',
        'FREE_TICKET_RESALE_NOT_ALLOWED',
        'PRICE_OVER_CAP',
        'VALIDATION',
      ],
      handle: async ({ request, params, body, caller }) => {
        const id = parseWith(ticketIdParamSchema.shape.id, params.id);
        const result = await listTicketForResale(caller.user, { ticketId: id, priceAmount: body.price });
        if (!result.ok) {
          if (result.code === 'PRICE_OVER_CAP') {
            const cap = new Intl.NumberFormat(requestLocale(request), { style: 'currency', currency: result.currency }).format(result.capAmount / 100);
            throw failureOf(result, { values: { cap } });
          }
          throw failureOf(result);
        }
        return result;
      },
    }),
    operation({
      method: 'delete',
      path: '/api/v1/tickets/{id}/listing',
      summary: 'Withdraw an unsold listing (not while a buyer holds it)',
      access: 'signed-in',
      answer: okSchema,
      failures: ['TICKET_NOT_FOUND', 'LISTING_HELD', 'VALIDATION'],
      handle: async ({ params, caller }) => {
        const result = await withdrawListing(caller.user, parseWith(ticketIdParamSchema.shape.id, params.id));
        if (!result.ok) throw failureOf(result);
        return { ok: true as const };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/events/{id}/my-listings',
      summary:
        "The caller's own resale listings on sale for the event: the offers of availability that are theirs to manage (withdraw in Your tickets), not to buy. Adding one to the cart answers 409 OWN_LISTING; one bought or held by someone else, 409 LISTING_SOLD",
      access: 'signed-in',
      answer: myListingsSchema,
      failures: ['NOT_FOUND'],
      handle: async ({ params, caller }) => {
        const event = params.id.length <= 120 ? await cachedEventRef(params.id) : null;
        if (!event) throw new ApiError('NOT_FOUND');
        return json({ listings: await myActiveListings(caller.user, event.uuid) }, privately);
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/payouts',
      summary:
        "The caller's resale payout ledger, newest first, each with its state: waiting (the event has not taken place, or the buyer's payment is not final), due (in the next payout run; needsBankAccount when the seller has none), processing (in a run sent to the bank), paid (paidAt, paidTo masked) or cancelled",
      access: 'signed-in',
      answer: payoutsSchema,
      failures: [],
      handle: async ({ caller }) => json({ payouts: await listPayouts(caller.user) }, privately),
    }),
  ],
});
