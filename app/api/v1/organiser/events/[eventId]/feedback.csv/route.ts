// GET /api/v1/organiser/events/{eventId}/feedback.csv — every feedback answer of the event as CSV (UTF-8 with BOM), streamed; ?locale= its language
import { feedbackCsvQuerySchema } from '@/lib/schemas/feedback';
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, parseQuery, parseWith } from '@/lib/server/api/respond';
import { translator } from '@/lib/server/api/translate';
import { feedbackCsv } from '@/lib/server/feedback/organiser';

export const GET = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const locale = parseQuery(request, feedbackCsvQuerySchema).locale ?? requestLocale(request);
  const t = translator(locale);
  const result = await feedbackCsv(caller.user.id, eventId, locale, (key) => t(`organiser.feedback.csv.${key}`));
  if (!result.ok) throw failureOf(result);
  return new Response(result.stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${result.filename}"`,
      'cache-control': 'private, no-store',
    },
  });
});
