// GET /api/v1/waiting-list — the caller's waiting-list entries: open ones and those that ended within the last week
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, json } from '@/lib/server/api/respond';
import { myWaitingEntries } from '@/lib/server/waiting-list';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  return json({ entries: await myWaitingEntries({ user: caller.user, locale: requestLocale(request) }) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
