// POST /api/v1/auth/signin — email + password; answers { user, token } and sets the session cookie. A wrong pair is 400, never 401.
import { apiRoute, ApiError, parseBody } from '@/lib/server/api/respond';
import { sessionResponse } from '@/lib/server/auth/respond-session';
import { clientIp, enforceRateLimit, hitRateLimit, peekRateLimit, rateLimitedError } from '@/lib/server/rate-limit';
import { verifyCredentials } from '@/lib/server/users';
import { signInSchema } from '@/lib/schemas/auth';

/** Failed attempts per email per minute before the account's sign-in pauses. */
const FAILURES_PER_EMAIL = 10;
/** Attempts per address per minute (one address may be a whole stadium's wifi). */
const ATTEMPTS_PER_IP = 30;

export const POST = apiRoute(async (request) => {
  await enforceRateLimit([{ key: `signin:ip:${clientIp(request)}`, limit: ATTEMPTS_PER_IP }]);
  const input = await parseBody(request, signInSchema);
  const failureKey = `signin:fail:${input.email}`;
  const failures = await peekRateLimit(failureKey, { limit: FAILURES_PER_EMAIL });
  if (!failures.allowed) throw rateLimitedError(failures.retryAfterSeconds);
  const user = await verifyCredentials(input.email, input.password);
  if (!user) {
    await hitRateLimit(failureKey, { limit: FAILURES_PER_EMAIL });
    throw new ApiError('INVALID_CREDENTIALS');
  }
  return sessionResponse(request, user);
});
