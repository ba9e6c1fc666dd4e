import 'server-only';
// The support desk and the audit log over the API. Tribuna admins see every organisation; an
// organisation's owners and managers its events' orders (`support`), its owners its audit log (`audit`).
// Each operation names what it reads; the domain functions decide access through the one access table.
import {
  auditExportQuerySchema,
  auditLogSchema,
  auditQuerySchema,
  orderIdParamSchema,
  supportActionResultSchema,
  supportMoveSchema,
  supportOrderSchema,
  supportReasonSchema,
  supportRefundSchema,
  supportSearchResultSchema,
  supportSearchSchema,
  ticketIdParamSchema,
} from '@/lib/schemas/support';
import type { Caller } from '@/lib/server/api/authenticate';
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { failureOf, json, parseWith } from '@/lib/server/api/respond';
import { exportResponse } from '@/lib/server/reports/export-file';
import { enforceRateLimit } from '@/lib/server/rate-limit';
import { moveTicket, refundOrder, refundTicket, resendOrderMail, voidTicket } from './actions';
import { exportAuditLog, readAuditLog } from './audit-log';
import { searchOrders, supportOrder } from './desk';

const privately = { headers: { 'Cache-Control': 'private, no-store' } };

/**
 * A search by email, number or seat can walk through addresses and numbers: plenty for a person at a desk
 * (120 per 10 minutes), too few to enumerate. Counted per account before the query is read.
 */
const searches = async (_request: Request, caller: Caller) => {
  await enforceRateLimit([{ key: `support-search:user:${caller.user.id}`, limit: 120, windowSeconds: 600 }]);
};

const ACTION_FAILURES = ['SUPPORT_TICKET_NOT_FOUND', 'ROLE_FORBIDDEN', 'VALIDATION'] as const;

export default defineModule({
  name: 'support',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/support/orders',
      summary:
        'Support desk: find orders by ONE of — the buyer’s or a holder’s email; the order number (8 characters, # optional); a ticket id; a seat (event, section code or name, row, seat). `organisation`: its orders (owners and managers); omitted: every organisation’s (Tribuna admins). At most 50, newest first. 120 searches per 10 minutes per account',
      access: 'signed-in',
      before: searches,
      query: supportSearchSchema,
      answer: supportSearchResultSchema,
      failures: ['ORG_NOT_FOUND', 'ROLE_FORBIDDEN', 'RATE_LIMITED'],
      handle: async ({ request, query, caller }) => {
        const result = await searchOrders(caller.user, query, requestLocale(request));
        if (!result.ok) throw failureOf(result);
        return json({ orders: result.orders }, privately);
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/support/orders/{orderId}',
      summary:
        'Support desk: one order — buyer, total, its tickets (seat, holder, status, code version) and its timeline oldest first: created, paid, payment attempts, refunds, mails, gifts, resale listings and sales, scans and audit entries. Another organisation’s order is not found',
      access: 'signed-in',
      params: orderIdParamSchema,
      answer: supportOrderSchema,
      failures: ['SUPPORT_ORDER_NOT_FOUND', 'ROLE_FORBIDDEN', 'VALIDATION'],
      handle: async ({ request, params, caller }) => {
        const result = await supportOrder(caller.user, params.orderId, requestLocale(request));
        if (!result.ok) throw failureOf(result);
        return json({ order: result.order, tickets: result.tickets, timeline: result.timeline }, privately);
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/support/orders/{orderId}/resend',
      summary:
        'Support desk: send the order’s mail again to the buyer (a paid order’s confirmation, a refunded order’s notice), with a reason (3–500 characters) written to the audit log in the same transaction',
      access: 'signed-in',
      params: orderIdParamSchema,
      body: supportReasonSchema,
      answer: supportActionResultSchema,
      failures: ['SUPPORT_ORDER_NOT_FOUND', 'SUPPORT_ORDER_NOT_PAID', 'SUPPORT_NO_ADDRESS', 'ROLE_FORBIDDEN', 'VALIDATION'],
      handle: async ({ params, body, caller }) => {
        const { orderId } = parseWith(orderIdParamSchema, params);
        const result = await resendOrderMail(caller.user, { orderId, reason: body.reason });
        if (!result.ok) throw failureOf(result);
        return { ok: true as const, auditId: result.auditId };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/support/tickets/{ticketId}/move',
      summary:
        'Support desk: move a valid ticket to the account that verified `email` — new code version (the old code dies), the new holder mailed; with a reason written to the audit log (holder and version before and after)',
      access: 'signed-in',
      params: ticketIdParamSchema,
      body: supportMoveSchema,
      answer: supportActionResultSchema,
      failures: [...ACTION_FAILURES, 'SUPPORT_NO_ACCOUNT', 'SUPPORT_SAME_HOLDER', 'SUPPORT_TICKET_VOID', 'SUPPORT_TICKET_NOT_VALID', 'TICKET_LISTED', 'COMPANION_NOT_ALONE'],
      handle: async ({ request, params, body, caller }) => {
        const { ticketId } = parseWith(ticketIdParamSchema, params);
        const result = await moveTicket(caller.user, { ticketId, email: body.email, reason: body.reason, locale: requestLocale(request) });
        if (!result.ok) throw failureOf(result);
        return { ok: true as const, auditId: result.auditId };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/support/tickets/{ticketId}/void',
      summary:
        'Support desk: void a valid ticket (its code dies; a ZŤP-S companion goes with it). The place is not put back on sale. With a reason written to the audit log; two agents at once act once (the second is SUPPORT_TICKET_VOID)',
      access: 'signed-in',
      params: ticketIdParamSchema,
      body: supportReasonSchema,
      answer: supportActionResultSchema,
      failures: [...ACTION_FAILURES, 'SUPPORT_TICKET_VOID', 'SUPPORT_TICKET_NOT_VALID', 'TICKET_LISTED'],
      handle: async ({ params, body, caller }) => {
        const { ticketId } = parseWith(ticketIdParamSchema, params);
        const result = await voidTicket(caller.user, { ticketId, reason: body.reason });
        if (!result.ok) throw failureOf(result);
        return { ok: true as const, auditId: result.auditId };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/support/tickets/{ticketId}/refund',
      summary:
        'Support desk: refund one ticket through the refund core — it turns void, its place goes back on sale, what was paid for it goes back to the card, the wallet and the points, the service fee by the organisation’s rule. With a reason written to the audit log; two agents at once refund once',
      access: 'signed-in',
      params: ticketIdParamSchema,
      body: supportReasonSchema,
      answer: supportActionResultSchema,
      failures: [...ACTION_FAILURES, 'SUPPORT_NOT_REFUNDABLE', 'SUPPORT_ALREADY_REFUNDED'],
      handle: async ({ params, body, caller }) => {
        const { ticketId } = parseWith(ticketIdParamSchema, params);
        const result = await refundTicket(caller.user, { ticketId, reason: body.reason });
        if (!result.ok) throw failureOf(result);
        return { ok: true as const, auditId: result.auditId };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/support/orders/{orderId}/refund',
      summary:
        'Support desk: refund an order — without `amount` every ticket of it still valid or on resale (as a ticket refund each); with `amount` (minor units) that much of its payment, the tickets staying valid, never more than remains refundable. With a reason written to the audit log',
      access: 'signed-in',
      params: orderIdParamSchema,
      body: supportRefundSchema,
      answer: supportActionResultSchema,
      failures: ['SUPPORT_ORDER_NOT_FOUND', 'SUPPORT_TICKET_NOT_FOUND', 'ROLE_FORBIDDEN', 'VALIDATION', 'SUPPORT_NOT_REFUNDABLE', 'SUPPORT_ALREADY_REFUNDED', 'SUPPORT_REFUND_EXCEEDS_PAID'],
      handle: async ({ params, body, caller }) => {
        const { orderId } = parseWith(orderIdParamSchema, params);
        const result = await refundOrder(caller.user, { orderId, reason: body.reason, amount: body.amount });
        if (!result.ok) throw failureOf(result);
        return { ok: true as const, auditId: result.auditId };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/audit-log',
      summary:
        'The audit log, newest first, 200 at a time: who, when, what, why, before and after. `organisation`: its entries (its owners); omitted: all (Tribuna admins). Filters: from/to (days, Europe/Bratislava), action (a code or its start), actor (email)',
      access: 'signed-in',
      query: auditQuerySchema,
      answer: auditLogSchema,
      failures: ['ORG_NOT_FOUND', 'ROLE_FORBIDDEN'],
      handle: async ({ query, caller }) => {
        const result = await readAuditLog(caller.user, query);
        if (!result.ok) throw failureOf(result);
        return json({ entries: result.entries, more: result.more }, privately);
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/audit-log/export',
      summary:
        'The audit log with the same filters, every matching entry, as a download: format=csv (UTF-8 with BOM, the locale’s Excel dialect) or xlsx; translated header (?locale=, else the request’s language), local times',
      access: 'signed-in',
      query: auditExportQuerySchema,
      answer: { type: 'text/csv', description: 'The CSV or the xlsx workbook (Content-Disposition: attachment)' },
      failures: ['ORG_NOT_FOUND', 'ROLE_FORBIDDEN'],
      handle: async ({ request, query, caller }) => {
        const result = await exportAuditLog(caller.user, query, query.locale ?? requestLocale(request));
        if (!result.ok) throw failureOf(result);
        return exportResponse(result);
      },
    }),
  ],
});
