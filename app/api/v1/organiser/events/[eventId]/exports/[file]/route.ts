// GET /api/v1/organiser/events/{eventId}/exports/{kind}.csv — the event's orders, attendees, check-ins or resale sales as CSV (UTF-8 with BOM), streamed; ?locale= its language
import { exportParamsSchema, exportQuerySchema, type ExportKind } from '@/lib/schemas/reports-live';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, parseQuery, parseWith } from '@/lib/server/api/respond';
import { translator } from '@/lib/server/api/translate';
import { eventExport } from '@/lib/server/reports/exports';

export const GET = apiRoute<{ eventId: string; file: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId, file } = parseWith(exportParamsSchema, await params);
  const locale = parseQuery(request, exportQuerySchema).locale ?? requestLocale(request);
  const t = translator(locale);
  const kind = file.slice(0, -'.csv'.length) as ExportKind;
  const result = await eventExport(caller.user.id, eventId, kind, locale, (key) => t(`organiser.exports.${key}`));
  if (!result.ok) throw failureOf(result);
  return new Response(result.stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${result.filename}"`,
      'cache-control': 'private, no-store',
    },
  });
});
