// POST /api/v1/auth/verify-email — use an emailed verification link: { token, password? }; signed in as its account, or with the account's password
import { assertXsrf, authenticate } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { confirmEmailVerification } from '@/lib/server/auth/email-verification';
import { clientIp, enforceRateLimit } from '@/lib/server/rate-limit';
import { verifyEmailSchema } from '@/lib/schemas/auth';

export const POST = apiRoute(async (request) => {
  await enforceRateLimit([{ key: `verify-email:ip:${clientIp(request)}`, limit: 10 }]);
  const caller = await authenticate(request);
  if (caller?.via === 'cookie') assertXsrf(request);
  const input = await parseBody(request, verifyEmailSchema);
  const result = await confirmEmailVerification(input, caller ? { userId: caller.user.id, sessionId: caller.sessionId } : null);
  // This form's password field is `password` (the profile's is currentPassword).
  if (!result.ok) throw failureOf(result, result.code === 'WRONG_PASSWORD' ? { field: 'password' } : undefined);
  return json(result);
});
