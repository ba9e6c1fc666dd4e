// POST /api/v1/auth/verify-email — use an emailed verification link: { token, password? }; signed in as its account, or with the account's password
import { assertXsrf, authenticate } from '@/lib/server/api/authenticate';
import { apiRoute, json, parseBody } from '@/lib/server/api/respond';
import { confirmEmailVerification } from '@/lib/server/auth/email-verification';
import { accountFailure } from '@/lib/server/auth/failures';
import { clientIp, enforceRateLimit } from '@/lib/server/rate-limit';
import { verifyEmailSchema } from '@/lib/schemas/auth';

export const POST = apiRoute(async (request) => {
  await enforceRateLimit([{ key: `verify-email:ip:${clientIp(request)}`, limit: 10 }]);
  const caller = await authenticate(request);
  if (caller?.via === 'cookie') assertXsrf(request);
  const input = await parseBody(request, verifyEmailSchema);
  const result = await confirmEmailVerification(input, caller ? { userId: caller.user.id, sessionId: caller.sessionId } : null);
  if (!result.ok) throw accountFailure(result.code, result.code === 'WRONG_PASSWORD' ? 'password' : undefined);
  return json(result);
});
