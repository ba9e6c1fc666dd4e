// POST /api/v1/auth/signout — revoke this session and clear the web cookie
import { assertXsrf, authenticate } from '@/lib/server/api/authenticate';
import { apiRoute, ApiError, errorResponse, json } from '@/lib/server/api/respond';
import { revokeSession } from '@/lib/server/auth/sessions';
import { clearSessionCookie } from '@/lib/server/auth/web-session';

export const POST = apiRoute(async (request) => {
  const caller = await authenticate(request);
  if (!caller) {
    // Already gone: still drop a dead cookie so the browser stops sending it.
    const response = errorResponse(request, new ApiError('UNAUTHENTICATED'));
    clearSessionCookie(response);
    return response;
  }
  if (caller.via === 'cookie') assertXsrf(request);
  await revokeSession(caller.sessionId);
  const response = json({ ok: true });
  clearSessionCookie(response);
  return response;
});
