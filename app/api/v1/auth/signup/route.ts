// POST /api/v1/auth/signup — create an account from the sign-up form; answers { user, token } and sets the session cookie
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, parseBody } from '@/lib/server/api/respond';
import { sessionResponse } from '@/lib/server/auth/respond-session';
import { clientIp, enforceRateLimit } from '@/lib/server/rate-limit';
import { createUser } from '@/lib/server/users';
import { signUpSchema } from '@/lib/schemas/auth';

export const POST = apiRoute(async (request) => {
  await enforceRateLimit([{ key: `signup:ip:${clientIp(request)}`, limit: 10 }]);
  const input = await parseBody(request, signUpSchema);
  await enforceRateLimit([{ key: `signup:email:${input.email}`, limit: 10 }]);
  const created = await createUser(input, requestLocale(request));
  if (!created.ok) throw failureOf(created);
  return sessionResponse(request, created.user);
});
