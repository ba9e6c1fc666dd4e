// GET /api/v1/events?q=&category=&from=&to=&page= — published upcoming events, searched and paged, each with its lowest price
import { eventListQuerySchema } from '@/lib/schemas/events';
import { apiRoute, json, parseQuery } from '@/lib/server/api/respond';
import { requestLocale } from '@/lib/server/api/request-locale';
import { cachedEventList, localizeCard } from '@/lib/server/events';

export const GET = apiRoute(async (request) => {
  const query = parseQuery(request, eventListQuerySchema);
  const locale = requestLocale(request);
  const list = await cachedEventList(query);
  return json({ ...list, items: list.items.map((card) => localizeCard(card, locale)) });
});
