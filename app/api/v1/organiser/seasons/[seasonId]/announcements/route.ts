// GET /api/v1/organiser/seasons/{seasonId}/announcements — the season's sent announcements with delivery counts · POST — send one to every season-ticket holder
import { announcementCreateSchema } from '@/lib/schemas/notifications';
import { seasonIdParamSchema } from '@/lib/schemas/seasons';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { listSeasonAnnouncements, sendSeasonAnnouncement } from '@/lib/server/notifications/announcements';

export const GET = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seasonId } = parseWith(seasonIdParamSchema, await params);
  const result = await listSeasonAnnouncements(caller.user, seasonId);
  if (!result.ok) throw failureOf(result);
  return json({ announcements: result.announcements });
});

export const POST = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seasonId } = parseWith(seasonIdParamSchema, await params);
  const input = await parseBody(request, announcementCreateSchema);
  const result = await sendSeasonAnnouncement(caller.user, seasonId, input);
  if (!result.ok) throw failureOf(result);
  return json(result.announcement, { status: 201 });
});
