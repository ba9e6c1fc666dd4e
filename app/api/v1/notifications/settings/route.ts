// GET /api/v1/notifications/settings — the caller's notification topics per channel, language and VAPID key · PUT — change them
import { notificationSettingsSchema } from '@/lib/schemas/notifications';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, json, parseBody } from '@/lib/server/api/respond';
import { notificationSettings, updateNotificationSettings } from '@/lib/server/notifications/preferences';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  return json(await notificationSettings(caller.user));
});

export const PUT = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, notificationSettingsSchema);
  return json(await updateNotificationSettings(caller.user, input));
});
