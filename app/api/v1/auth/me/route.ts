// GET /api/v1/auth/me — the signed-in user (401 without a live session)
// PATCH /api/v1/auth/me — edit the profile (first name, last name, email, date of birth)
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, ApiError, json, parseBody } from '@/lib/server/api/respond';
import { findUserById, updateProfile } from '@/lib/server/users';
import { profileSchema } from '@/lib/schemas/auth';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const user = await findUserById(caller.user.id);
  if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'errors.sessionExpired');
  return json(user, { headers: { 'Cache-Control': 'private, no-store' } });
});

export const PATCH = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, profileSchema);
  const updated = await updateProfile(caller.user.id, input);
  if (!updated.ok && updated.code === 'EMAIL_TAKEN') throw new ApiError(409, 'EMAIL_TAKEN', 'errors.emailTaken', [{ field: 'email', messageKey: 'errors.emailTaken' }]);
  if (!updated.ok) throw new ApiError(401, 'UNAUTHENTICATED', 'errors.sessionExpired');
  return json(updated.user);
});
