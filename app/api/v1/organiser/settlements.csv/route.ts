// GET /api/v1/organiser/settlements.csv?organisation=&from=&to=[&event=] — the settlement as CSV (UTF-8 with BOM for Excel): a row per event, a total per currency
import { settlementQuerySchema } from '@/lib/schemas/settlements';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, parseQuery } from '@/lib/server/api/respond';
import { translator } from '@/lib/server/api/translate';
import { csvFile } from '@/lib/server/reports/csv';
import { organiserSettlement, SETTLEMENT_CSV_COLUMNS, SETTLEMENT_CSV_TEXT, settlementCsvRows } from '@/lib/server/reports/settlement';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const query = parseQuery(request, settlementQuerySchema);
  const locale = requestLocale(request);
  const result = await organiserSettlement(caller.user.id, query, locale);
  if (!result.ok) throw failureOf(result);
  const t = translator(locale);
  const k = 'organiser.settlements.csv';
  // A statement has a row per event of one organisation: small, so it is written at once (no stream).
  const csv = csvFile(
    settlementCsvRows(result.settlement, t(`${k}.total`)),
    SETTLEMENT_CSV_COLUMNS.map((key) => ({ key, header: t(`${k}.${key}`), kind: SETTLEMENT_CSV_TEXT.includes(key) ? 'text' : 'number' })),
  );
  const filename = `settlement-${query.from}-${query.to}${query.event ? `-${query.event.slice(0, 8)}` : ''}.csv`;
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
});
