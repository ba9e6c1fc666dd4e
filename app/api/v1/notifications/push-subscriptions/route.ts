// POST /api/v1/notifications/push-subscriptions — this browser receives push notifications · DELETE — no more
import { pushSubscribeSchema, pushUnsubscribeSchema } from '@/lib/schemas/notifications';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { subscribePush, unsubscribePush } from '@/lib/server/notifications/subscriptions';

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, pushSubscribeSchema);
  const result = await subscribePush(caller.user, { ...input, userAgent: request.headers.get('user-agent') });
  if (!result.ok) throw failureOf(result);
  return json(result, { status: 201 });
});

export const DELETE = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, pushUnsubscribeSchema);
  return json(await unsubscribePush(caller.user, input.endpoint));
});
