// POST /api/v1/auth/password-reset — mail a reset link; always 202, whether or not the email has an account
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, json, parseBody } from '@/lib/server/api/respond';
import { requestPasswordReset } from '@/lib/server/auth/password-reset';
import { clientIp, enforceRateLimit } from '@/lib/server/rate-limit';
import { passwordResetRequestSchema } from '@/lib/schemas/auth';

export const POST = apiRoute(async (request) => {
  await enforceRateLimit([{ key: `reset:ip:${clientIp(request)}`, limit: 10 }]);
  const input = await parseBody(request, passwordResetRequestSchema);
  await enforceRateLimit([{ key: `reset:email:${input.email}`, limit: 5 }]);
  await requestPasswordReset(input.email, requestLocale(request));
  return json({ ok: true }, { status: 202 });
});
