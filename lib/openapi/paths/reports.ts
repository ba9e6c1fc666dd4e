// The organiser's event report and organisation overview (lib/server/reports) in the OpenAPI document.
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { eventReportSchema, overviewQueryFields, overviewSchema } from '@/lib/schemas/reports';
import { z } from 'zod';
import { jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, invalid, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

export const reportPaths: ApiPaths = {
  '/api/v1/organiser/events/{eventId}/report': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary:
        "The event's report (owner, manager): tickets sold and capacity per price category; sales over time (the on-sale's first hour per 5 minutes, the first 24 hours per hour, then per day in Europe/Bratislava); money in the event's currency — gross, coupon discounts, service fees, refunds, net — as the ledger defines it; coupon and redeem-code use; resale listings, sales and fees; check-ins per 5 minutes around the doors opening and per gate, checked-in against sold and, once the event is over, no-shows. Season-ticket holders and single tickets apart.",
      parameters: parametersOf(eventIdParamSchema, 'path'),
      responses: { 200: jsonResponse('{ report }', z.object({ report: eventReportSchema })), 401: unauthorized, 403: roleForbidden, 404: orgNotFound },
    },
  },
  '/api/v1/organiser/reports/overview': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary:
        "The organisation's events starting in a period (owner, manager) — by default from 90 days ago on, every coming event included — each with sold/capacity, net primary sales (coupons and refunds deducted) and checked-in/sold; totals per currency",
      parameters: parametersOf(overviewQueryFields, 'query'),
      responses: {
        200: jsonResponse('{ overview }', z.object({ overview: overviewSchema })),
        401: unauthorized,
        403: roleForbidden,
        404: orgNotFound,
        422: invalid,
      },
    },
  },
};
