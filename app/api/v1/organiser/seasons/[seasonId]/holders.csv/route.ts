// GET /api/v1/organiser/seasons/{seasonId}/holders.csv — the same list as CSV (UTF-8 with BOM), in the request's language
import { seasonHoldersQuerySchema } from '@/lib/schemas/season-holders';
import { seasonIdParamSchema } from '@/lib/schemas/seasons';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, parseQuery, parseWith } from '@/lib/server/api/respond';
import { translator } from '@/lib/server/api/translate';
import { seasonHoldersCsv } from '@/lib/server/seasons/holders';

export const GET = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seasonId } = parseWith(seasonIdParamSchema, await params);
  const query = parseQuery(request, seasonHoldersQuerySchema);
  const locale = requestLocale(request);
  const t = translator(locale);
  const result = await seasonHoldersCsv(caller.user.id, seasonId, query, locale, (key) => t(`seasons.organiser.holdersList.${key}`));
  if (!result.ok) throw failureOf(result);
  return new Response(result.stream, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${result.filename}"`, 'cache-control': 'private, no-store' },
  });
});
