import 'server-only';
// Tickets over the API: the fan's own tickets, claiming a redeem code, and gifting a ticket.
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { failureOf, json, parseWith } from '@/lib/server/api/respond';
import { okSchema } from '@/lib/schemas/primitives';
import { giftResultSchema, giftSchema, myTicketsSchema, redeemResultSchema, redeemSchema, ticketIdParamSchema } from '@/lib/schemas/tickets';
import { cancelGift, giftTicket } from './gift';
import { listMyTickets } from './list';
import { redeemCode } from './redeem';

export default defineModule({
  name: 'tickets',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/tickets',
      summary:
        "The caller's tickets with each valid ticket's signing key (an Ed25519 private key: sign the rotating TRB2 codes on the device), and season schedules",
      access: 'signed-in',
      answer: myTicketsSchema,
      failures: [],
      // The production server answers it without Next, and hands it to the Your tickets page it answers
      // from the shared copy (scripts/page-cache.mjs).
      hot: true,
      handle: async ({ caller }) => json(await listMyTickets(caller.user), { headers: { 'Cache-Control': 'private, no-store' } }),
    }),
    operation({
      method: 'post',
      path: '/api/v1/tickets/redeem',
      summary: 'Claim the ticket(s) of a redeem code; single use, rate-limited (per fan: the codes are guessable by brute force only without a limit)',
      access: 'signed-in',
      body: redeemSchema,
      answer: redeemResultSchema,
      status: 201,
      failures: ['INVALID_REDEEM_CODE', 'REDEEM_SOLD_OUT', 'RATE_LIMITED'],
      handle: async ({ body, caller }) => {
        // redeemCode counts the attempt (RATE_LIMITED with its seconds) before it looks the code up.
        const result = await redeemCode(caller.user, body.code);
        if (!result.ok) throw failureOf(result);
        return result;
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/tickets/{id}/gift',
      summary: 'Send a ticket by email: a registered fan gets it at once (new secret and version), an unknown email an invitation',
      access: 'signed-in',
      body: giftSchema,
      answer: giftResultSchema,
      status: 201,
      failures: [
        'TICKET_NOT_FOUND',
        'TICKET_LISTED',
        'TICKET_NOT_TRANSFERABLE',
        'TRANSFER_DISABLED',
        'EVENT_STARTED',
        'GIFT_TO_SELF',
        'GIFT_PENDING',
        'COMPANION_NOT_ALONE',
        'VALIDATION',
      ],
      handle: async ({ request, params, body, caller }) => {
        const id = parseWith(ticketIdParamSchema.shape.id, params.id);
        const result = await giftTicket(caller.user, { ticketId: id, email: body.email, locale: requestLocale(request) });
        if (!result.ok) throw failureOf(result);
        return result;
      },
    }),
    operation({
      method: 'delete',
      path: '/api/v1/tickets/{id}/gift',
      summary: 'Cancel a gift nobody has claimed yet',
      access: 'signed-in',
      answer: okSchema,
      failures: ['TICKET_NOT_FOUND', 'VALIDATION'],
      handle: async ({ params, caller }) => {
        const result = await cancelGift(caller.user, parseWith(ticketIdParamSchema.shape.id, params.id));
        if (!result.ok) throw failureOf(result);
        return result;
      },
    }),
  ],
});
