import 'server-only';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, ApiError, json } from '@/lib/server/api/respond';
import { findUserById } from '@/lib/server/users';

/**
 * GET /api/v1/auth/me — the signed-in user (401 without a live session). Served without Next by the
 * production server (hot-api.ts): the app asks it on every start, and the server asks it for every
 * signed-in page it answers from the shared copy (scripts/page-cache.mjs).
 */
export const readMe = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const user = await findUserById(caller.user.id);
  if (!user) throw new ApiError('UNAUTHENTICATED');
  return json(user, { headers: { 'Cache-Control': 'private, no-store' } });
});
