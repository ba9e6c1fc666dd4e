import 'server-only';
// Loyalty points over the API: the fan's balances and ledger, paying part of a cart with points, and the
// organiser's programme.
import { cartPointsSchema, cartSchema } from '@/lib/schemas/cart';
import { loyaltyProgramResultSchema, loyaltyProgramSchema, loyaltySchema } from '@/lib/schemas/loyalty';
import { orgIdParamSchema } from '@/lib/schemas/organiser';
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { failureOf, parseWith } from '@/lib/server/api/respond';
import { removeCartPoints, setCartPoints } from '@/lib/server/cart';
import { myLoyalty } from './ledger';
import { getLoyaltyProgram, setLoyaltyProgram } from './program';

const CART = '/api/v1/events/{id}/cart/loyalty';
const PROGRAMME = '/api/v1/organiser/organisations/{orgId}/loyalty';

export default defineModule({
  name: 'loyalty',
  operations: [
    // GET /api/v1/loyalty — the caller's loyalty points per organiser and their newest ledger lines
    operation({
      method: 'get',
      path: '/api/v1/loyalty',
      summary: 'The caller’s loyalty points per organiser and the newest 100 ledger lines (earned at a check-in or per euro/koruna spent; taken back on a refund or a voided ticket)',
      access: 'signed-in',
      answer: loyaltySchema,
      failures: [],
      handle: async ({ caller }) => myLoyalty(caller.user),
    }),
    // PUT /api/v1/events/{id}/cart/loyalty — pay part of the cart with the organiser's loyalty points {points} (spent at checkout, given back if unpaid)
    operation({
      method: 'put',
      path: CART,
      summary:
        'Pay part of the cart with the organiser’s loyalty points: up to `points` (the cart answers how many it takes, at most the organiser’s share of its tickets). Deducted at checkout, given back if the order is not paid or is refunded',
      access: 'signed-in',
      body: cartPointsSchema,
      answer: cartSchema,
      failures: ['EVENT_NOT_FOUND', 'CART_EMPTY', 'LOYALTY_REDEEM_OFF', 'LOYALTY_NO_POINTS'],
      handle: async ({ request, params, body, caller }) => {
        const result = await setCartPoints({ user: caller.user, eventRef: params.id, points: body.points, locale: requestLocale(request) });
        if (!result.ok) throw failureOf(result);
        return result.cart;
      },
    }),
    // DELETE /api/v1/events/{id}/cart/loyalty — pays with none
    operation({
      method: 'delete',
      path: CART,
      summary: 'Pay with no loyalty points',
      access: 'signed-in',
      answer: cartSchema,
      failures: ['EVENT_NOT_FOUND'],
      handle: async ({ request, params, caller }) => {
        const result = await removeCartPoints({ user: caller.user, eventRef: params.id, locale: requestLocale(request) });
        if (!result.ok) throw failureOf(result);
        return result.cart;
      },
    }),
    // GET /api/v1/organiser/organisations/{orgId}/loyalty — the organiser's loyalty programme
    operation({
      method: 'get',
      path: PROGRAMME,
      summary: 'The organisation’s loyalty programme (owner, manager), with how many fans hold points',
      access: { capability: 'events', owner: 'organisation', param: 'orgId' },
      params: orgIdParamSchema,
      answer: loyaltyProgramResultSchema,
      failures: ['VALIDATION'],
      handle: async ({ params, caller }) => {
        const { orgId } = parseWith(orgIdParamSchema, params);
        const result = await getLoyaltyProgram(caller.user.id, orgId);
        if (!result.ok) throw failureOf(result);
        const { ok: _ok, ...program } = result;
        return program;
      },
    }),
    // PUT /api/v1/organiser/organisations/{orgId}/loyalty — change what a check-in and a euro/koruna spent earn
    operation({
      method: 'put',
      path: PROGRAMME,
      summary: 'Turn the loyalty programme on or off and set the points for a check-in and per euro/koruna spent (owner, manager); points already earned stay',
      access: { capability: 'events', owner: 'organisation', param: 'orgId' },
      params: orgIdParamSchema,
      body: loyaltyProgramSchema,
      answer: loyaltyProgramResultSchema,
      failures: [],
      handle: async ({ params, body, caller }) => {
        const { orgId } = parseWith(orgIdParamSchema, params);
        const result = await setLoyaltyProgram(caller.user.id, orgId, body);
        if (!result.ok) throw failureOf(result);
        const { ok: _ok, ...program } = result;
        return program;
      },
    }),
  ],
});
