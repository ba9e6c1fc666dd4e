// POST /api/v1/auth/verify-email/resend — mail a new verification link (the pending change's, else the account's own address)
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { resendVerification } from '@/lib/server/auth/email-verification';
import { enforceRateLimit } from '@/lib/server/rate-limit';
import { noBody } from '@/lib/schemas/primitives';

/** Links per account per 10 minutes: enough for a lost mail, too few to flood a mailbox. */
const RESENDS = 3;

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  // A body it does not expect (broken JSON, a form) is refused rather than taken as a request for a mail.
  await parseBody(request, noBody);
  await enforceRateLimit([{ key: `verify-resend:user:${caller.user.id}`, limit: RESENDS, windowSeconds: 600 }]);
  const result = await resendVerification(caller.user.id, requestLocale(request));
  if (!result.ok) throw failureOf(result);
  return json(result, { status: 202 });
});
