// GET /api/v1/organiser/events/{eventId}/announcements — sent announcements with delivery counts · POST — send one to every ticket holder
import { announcementCreateSchema } from '@/lib/schemas/notifications';
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { listAnnouncements, sendAnnouncement } from '@/lib/server/notifications/announcements';

export const GET = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const eventId = parseWith(eventIdParamSchema.shape.eventId, (await params).eventId);
  const result = await listAnnouncements(caller.user, eventId);
  if (!result.ok) throw failureOf(result);
  return json({ announcements: result.announcements });
});

export const POST = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const eventId = parseWith(eventIdParamSchema.shape.eventId, (await params).eventId);
  const input = await parseBody(request, announcementCreateSchema);
  const result = await sendAnnouncement(caller.user, eventId, input);
  if (!result.ok) throw failureOf(result);
  return json(result.announcement, { status: 201 });
});
