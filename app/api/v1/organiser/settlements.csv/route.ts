// GET /api/v1/organiser/settlements.csv?organisation=&from=&to=[&event=] — the settlement as CSV (UTF-8 with BOM for Excel): a row per event, a total per currency
import { stringify } from 'csv-stringify/sync';
import { settlementQuerySchema } from '@/lib/schemas/settlements';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, parseQuery } from '@/lib/server/api/respond';
import { translator } from '@/lib/server/api/translate';
import { organiserSettlement, SETTLEMENT_CSV_COLUMNS, settlementCsvRows } from '@/lib/server/reports/settlement';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const query = parseQuery(request, settlementQuerySchema);
  const locale = requestLocale(request);
  const result = await organiserSettlement(caller.user.id, query, locale);
  if (!result.ok) throw failureOf(result);
  const t = translator(locale);
  const k = 'organiser.settlements.csv';
  // A statement has a row per event of one organisation: small, so it is written at once (no stream).
  const csv = stringify(settlementCsvRows(result.settlement, t(`${k}.total`)), {
    bom: true,
    header: true,
    columns: SETTLEMENT_CSV_COLUMNS.map((key) => ({ key, header: t(`${k}.${key}`) })),
  });
  const filename = `settlement-${query.from}-${query.to}${query.event ? `-${query.event.slice(0, 8)}` : ''}.csv`;
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
});
