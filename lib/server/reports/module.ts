import 'server-only';
// The organiser's reports over the API: the event report and the organisation's overview, the live
// on-sale view, the event's CSV exports and the settlement (as JSON and as CSV).
import { z } from 'zod';
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { eventReportSchema, overviewQuerySchema, overviewSchema } from '@/lib/schemas/reports';
import { EXPORT_FORMATS, exportFileParts, exportParamsSchema, exportQuerySchema, liveViewSchema } from '@/lib/schemas/reports-live';
import { settlementQuerySchema, settlementSchema } from '@/lib/schemas/settlements';
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { failureOf, json, parseWith } from '@/lib/server/api/respond';
import { translator } from '@/lib/server/api/translate';
import { exportFile, exportResponse, oneBatch } from './export-file';
import { eventReport } from './event-report';
import { eventExport } from './exports';
import { liveView } from './live';
import { organisationOverview } from './overview';
import { organiserSettlement, SETTLEMENT_EXPORT_COLUMNS, settlementExportRows } from './settlement';

const noStore = { 'cache-control': 'private, no-store' };

const period =
  '`from` and `to` are days (YYYY-MM-DD) in Europe/Bratislava, `to` included: sales count by when they were paid, refunds by when they were queued, in [from 00:00, the day after `to` 00:00) there';

const REPORT = '/api/v1/organiser/events/{eventId}/report';
const LIVE = '/api/v1/organiser/events/{eventId}/live';
const EXPORT = '/api/v1/organiser/events/{eventId}/exports/{file}';
const OVERVIEW = '/api/v1/organiser/reports/overview';
const SETTLEMENT = '/api/v1/organiser/settlements';

export default defineModule({
  name: 'reports',
  operations: [
    // GET /api/v1/organiser/events/{eventId}/report — the event's sales, money, codes, resale and attendance (owner, manager)
    operation({
      method: 'get',
      path: REPORT,
      summary:
        "The event's report (owner, manager): tickets sold and capacity per price category; sales over time (the on-sale's first hour per 5 minutes, the first 24 hours per hour, then per day in Europe/Bratislava); money in the event's currency — gross, coupon discounts, service fees, refunds, net — as the ledger defines it; coupon and redeem-code use; resale listings, sales and fees; check-ins per 5 minutes around the doors opening and per gate, checked-in against sold and, once the event is over, no-shows. Season-ticket holders and single tickets apart.",
      access: { capability: 'events', owner: 'event', param: 'eventId' },
      params: eventIdParamSchema,
      answer: z.object({ report: eventReportSchema }),
      failures: ['VALIDATION'],
      handle: async ({ params, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await eventReport(caller.user.id, eventId);
        if (!result.ok) throw failureOf(result);
        return { report: result.report };
      },
    }),
    // GET /api/v1/organiser/reports/overview?organisation={orgId}&from=&to= — the organisation's events of a period with sales, net and attendance (owner, manager)
    operation({
      method: 'get',
      path: OVERVIEW,
      summary:
        "The organisation's events starting in a period (owner, manager) — by default from 90 days ago on, every coming event included — each with sold/capacity, net primary sales (coupons and refunds deducted) and checked-in/sold; totals per currency",
      access: { capability: 'events', owner: 'organisation', query: 'organisation' },
      query: overviewQuerySchema,
      answer: z.object({ overview: overviewSchema }),
      failures: [],
      handle: async ({ query, caller }) => {
        const result = await organisationOverview(caller.user.id, query);
        if (!result.ok) throw failureOf(result);
        return { overview: result.overview };
      },
    }),
    // GET /api/v1/organiser/events/{eventId}/live — the live on-sale view: tickets in carts, sold in the last minute, sold and sold out per category
    operation({
      method: 'get',
      path: LIVE,
      summary:
        'The live on-sale view (owner, manager): tickets in fans’ carts right now (seats and places, resale offers), tickets sold in the last minute, sold and capacity per price category and which are sold out. One read answers every caller of the event for up to 2 s; poll every few seconds',
      access: { capability: 'events', owner: 'event', param: 'eventId' },
      params: eventIdParamSchema,
      answer: liveViewSchema,
      failures: ['VALIDATION'],
      handle: async ({ request, params, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await liveView(caller.user.id, eventId, requestLocale(request));
        if (!result.ok) throw failureOf(result);
        return json(result.live, { headers: noStore });
      },
    }),
    // GET /api/v1/organiser/events/{eventId}/exports/{kind}.{csv|xlsx} — the event's orders, attendees, check-ins or resale sales as CSV or Excel, streamed; ?locale= its language
    operation({
      method: 'get',
      path: EXPORT,
      summary:
        'An export of the event as a download (owner, manager), each as .csv or .xlsx: orders, attendees (tickets with holder, category, seat, status, check-in time), check-ins (the scan log) or resale (resale sales). Translated header (?locale=, else the request’s language), amounts beside a currency column, times in local time (Europe/Bratislava). CSV: UTF-8 with BOM, semicolons and a decimal comma in Slovak and Czech (commas and a dot in English). Excel: number cells with two decimals and the currency, date cells. Streamed in batches, so it starts at once whatever its size',
      access: { capability: 'events', owner: 'event', param: 'eventId' },
      params: exportParamsSchema,
      query: exportQuerySchema,
      answer: { type: 'text/csv', description: 'The CSV or Excel file (Content-Disposition: attachment; filename {event slug}-{kind}-{date}.csv or .xlsx)' },
      failures: ['VALIDATION'],
      handle: async ({ request, params, query, caller }) => {
        const { eventId, file } = parseWith(exportParamsSchema, params);
        const locale = query.locale ?? requestLocale(request);
        const t = translator(locale);
        const { kind, format } = exportFileParts(file);
        const result = await eventExport(caller.user.id, eventId, kind, format, locale, (key) => t(`organiser.exports.${key}`));
        if (!result.ok) throw failureOf(result);
        return exportResponse(result);
      },
    }),
    // GET /api/v1/organiser/settlements?organisation=&from=&to=[&event=] — what Tribuna owes the organisation for a period (owner)
    operation({
      method: 'get',
      path: SETTLEMENT,
      summary: `What Tribuna owes the organisation for its events over a period, per currency: per event and in total, primary sales, coupon discounts, refunds, net primary sales, the service fees (Tribuna's), resale fees and the organiser's share of them, and what is owed (net primary sales + share). ${period}. Events with nothing in the period have no line; with \`event\`, only that event. Owner only (a manager is 403); an event of another organisation is 404`,
      access: { capability: 'payouts', owner: 'organisation', query: 'organisation' },
      query: settlementQuerySchema,
      answer: settlementSchema,
      failures: [],
      handle: async ({ request, query, caller }) => {
        const result = await organiserSettlement(caller.user.id, query, requestLocale(request));
        if (!result.ok) throw failureOf(result);
        return json(result.settlement, { headers: noStore });
      },
    }),
    // GET /api/v1/organiser/settlements.csv|.xlsx?organisation=&from=&to=[&event=] — the settlement as a download: a row per event, a total per currency
    ...EXPORT_FORMATS.map((format) =>
      operation({
        method: 'get',
        path: `${SETTLEMENT}.${format}`,
        summary: `The same statement as a ${format === 'csv' ? 'CSV (UTF-8 with BOM; semicolons and a decimal comma in Slovak and Czech)' : 'Excel workbook (amounts as number cells with two decimals and the currency)'} download (translated header: event, date, currency, primary tickets, primary sales, discounts, refunds, net primary sales, service fees, resale tickets, resale fees, organiser's share, owed): a row per event, then a total row per currency. ${period}. Owner only`,
        access: { capability: 'payouts', owner: 'organisation', query: 'organisation' },
        query: settlementQuerySchema,
        answer: { type: format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: 'The file (Content-Disposition: attachment)' },
        failures: [],
        handle: async ({ request, query, caller }) => {
          const locale = requestLocale(request);
          const result = await organiserSettlement(caller.user.id, query, locale);
          if (!result.ok) throw failureOf(result);
          const t = translator(locale);
          const k = 'organiser.settlements.csv';
          // A statement has a row per event of one organisation: small, so it is one batch.
          return exportResponse(
            exportFile({
              format,
              name: `settlement-${query.from}-${query.to}${query.event ? `-${query.event.slice(0, 8)}` : ''}`,
              sheet: t('organiser.settlements.title'),
              columns: SETTLEMENT_EXPORT_COLUMNS.map(([key, kind]) => ({ key, header: t(`${k}.${key}`), kind, currency: 'currency' })),
              batches: oneBatch(settlementExportRows(result.settlement, t(`${k}.total`))),
              locale,
              what: `settlement of ${query.organisation}`,
            }),
          );
        },
      }),
    ),
  ],
});
