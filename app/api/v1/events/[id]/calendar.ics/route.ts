// GET /api/v1/events/{id}/calendar.ics — the event as an iCalendar file to add to a calendar (public data, ?lang= for its language)
import { appUrl } from '@/lib/app-url';
import { calendarQuerySchema, eventIdParamSchema } from '@/lib/schemas/events';
import { apiRoute, ApiError, parseQuery } from '@/lib/server/api/respond';
import { requestLocale } from '@/lib/server/api/request-locale';
import { cachedEventDetail } from '@/lib/server/events';
import { eventCalendar } from '@/lib/server/events/calendar';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const parsed = eventIdParamSchema.safeParse(await params);
  const detail = parsed.success ? await cachedEventDetail(parsed.data.id) : null;
  if (!detail) throw new ApiError('NOT_FOUND');
  const { lang } = parseQuery(request, calendarQuerySchema);
  const body = eventCalendar(detail, lang ?? requestLocale(request), appUrl());
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${detail.id}.ics"`,
      'Cache-Control': 'public, max-age=300',
    },
  });
});
