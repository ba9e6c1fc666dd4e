// POST /api/v1/auth/password-reset/confirm — token from the emailed link, email, new password twice; ends every session
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { resetPassword } from '@/lib/server/auth/password-reset';
import { clientIp, enforceRateLimit } from '@/lib/server/rate-limit';
import { passwordResetSchema } from '@/lib/schemas/auth';

export const POST = apiRoute(async (request) => {
  await enforceRateLimit([{ key: `reset-confirm:ip:${clientIp(request)}`, limit: 10 }]);
  const input = await parseBody(request, passwordResetSchema);
  const result = await resetPassword(input);
  if (!result.ok) throw failureOf(result);
  return json({ ok: true });
});
