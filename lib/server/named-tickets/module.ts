import 'server-only';
// Named tickets for risk matches (Slovak act 1/2014) over the API: the holders of a cart's named lines,
// naming a ticket's holder, and the organiser's rule of which tickets are named.
import { defineModule, operation } from '@/lib/server/api/operation';
import { failureOf, parseWith } from '@/lib/server/api/respond';
import {
  cartHoldersResultSchema,
  cartHoldersSchema,
  holderSchema,
  namedTicketsSettingsResultSchema,
  namedTicketsSettingsSchema,
  ticketHolderResultSchema,
} from '@/lib/schemas/named-tickets';
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { ticketIdParamSchema } from '@/lib/schemas/tickets';
import { getCartHolders, setCartHolders } from './holders';
import { getNamedTickets, setNamedTickets } from './settings';
import { nameTicket } from './ticket-holder';
import { ERASE_BATCH, eraseExpiredHolders } from './erase';

const byEvent = { capability: 'events', owner: 'event', param: 'eventId' } as const;

export default defineModule({
  name: 'named-tickets',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/events/{id}/cart/holders',
      summary:
        'A risk match: which lines of the caller’s cart must be in their holder’s name, and the holders given so far (checkout refuses the cart until each is named: HOLDER_NAMES_MISSING)',
      access: 'signed-in',
      answer: cartHoldersResultSchema,
      failures: ['EVENT_NOT_FOUND'],
      handle: async ({ params, caller }) => {
        const result = await getCartHolders({ user: caller.user, eventRef: params.id });
        if (!result.ok) throw failureOf(result);
        return { holders: result.holders };
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/events/{id}/cart/holders',
      summary: 'Name the holder (full name, date of birth) of named lines of the cart; kept until 30 days after the event',
      access: 'signed-in',
      body: cartHoldersSchema,
      answer: cartHoldersResultSchema,
      failures: ['EVENT_NOT_FOUND', 'CART_EMPTY', 'ITEM_NOT_FOUND', 'HOLDER_NOT_NEEDED'],
      handle: async ({ params, body, caller }) => {
        const result = await setCartHolders({ user: caller.user, eventRef: params.id, holders: body.holders });
        if (!result.ok) throw failureOf(result);
        return { holders: result.holders };
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/tickets/{id}/holder',
      summary:
        'Name the holder of a named ticket that has none yet (a gift received, a ticket resold or redeemed); the code is issued only once it is named',
      access: 'signed-in',
      body: holderSchema,
      answer: ticketHolderResultSchema,
      failures: ['TICKET_NOT_FOUND', 'HOLDER_NOT_NEEDED', 'HOLDER_ALREADY_NAMED', 'TICKET_NOT_TRANSFERABLE'],
      handle: async ({ params, body, caller }) => {
        const id = parseWith(ticketIdParamSchema.shape.id, params.id);
        const result = await nameTicket(caller.user, { ticketId: id, ...body });
        if (!result.ok) throw failureOf(result);
        const { ok: _ok, ...named } = result;
        return named;
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/events/{eventId}/named-tickets',
      summary: 'Whether the event’s tickets are in their holders’ names, for the whole event or per section (owner, manager)',
      access: byEvent,
      answer: namedTicketsSettingsResultSchema,
      failures: [],
      handle: async ({ params, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await getNamedTickets(caller.user.id, eventId);
        if (!result.ok) throw failureOf(result);
        const { ok: _ok, ...view } = result;
        return view;
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/organiser/events/{eventId}/named-tickets',
      summary:
        'Turn named tickets on for the whole event or for some sections (owner, manager); tickets already issued follow at once (a newly named one needs its owner to name the holder); a played event’s rule stays (409 EVENT_PLAYED)',
      access: byEvent,
      body: namedTicketsSettingsSchema,
      answer: namedTicketsSettingsResultSchema,
      failures: ['SECTION_NOT_IN_VENUE', 'EVENT_PLAYED'],
      handle: async ({ params, body, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await setNamedTickets(caller.user.id, eventId, body);
        if (!result.ok) throw failureOf(result);
        const { ok: _ok, ...view } = result;
        return view;
      },
    }),
  ],
  jobs: [
    // Named tickets: the holders' data of events over 30 days ago (Slovak act 1/2014).
    { name: 'holder erasure', order: 60, run: async () => (await eraseExpiredHolders()) === ERASE_BATCH },
  ],
});
