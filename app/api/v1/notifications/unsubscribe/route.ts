// POST /api/v1/notifications/unsubscribe — an email's unsubscribe link: turns off that topic's email (the token is the authority, no session)
import { unsubscribeSchema } from '@/lib/schemas/notifications';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { unsubscribeByToken } from '@/lib/server/notifications/preferences';

export const POST = apiRoute(async (request) => {
  const input = await parseBody(request, unsubscribeSchema);
  const result = await unsubscribeByToken(input.token);
  if (!result.ok) throw failureOf(result);
  return json({ topic: result.topic });
});
