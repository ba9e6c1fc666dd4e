// GET /api/v1/auth/me — the signed-in user (401 without a live session)
// PATCH /api/v1/auth/me — edit the profile (first name, last name, date of birth; a new email with the current password, pending until verified)
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { enforceRateLimit } from '@/lib/server/rate-limit';
import { updateProfile } from '@/lib/server/users';
import { profileSchema } from '@/lib/schemas/auth';

// GET's handler lives in lib/server/http: the production server serves it without Next (lib/server/http/hot-api.ts).
export { readMe as GET } from '@/lib/server/http/me';

/** Attempts to change the email per account per hour: password guesses and mails to other addresses. */
const EMAIL_CHANGES_PER_HOUR = 10;

export const PATCH = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, profileSchema);
  if (input.email !== caller.user.email) await enforceRateLimit([{ key: `email-change:user:${caller.user.id}`, limit: EMAIL_CHANGES_PER_HOUR, windowSeconds: 3600 }]);
  const updated = await updateProfile(caller.user.id, input, { locale: requestLocale(request), sessionId: caller.sessionId });
  if (!updated.ok) throw failureOf(updated);
  return json(updated.user);
});
