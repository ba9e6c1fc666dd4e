import 'server-only';
// Accounts over the API: the spec's sign-up, sign-in, me, sign-out and remove, the profile edit, email
// verification and password reset.
import { assertXsrf, authenticate } from '@/lib/server/api/authenticate';
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { ApiError, errorResponse, failureOf, json } from '@/lib/server/api/respond';
import { clientIp, enforceRateLimit, hitRateLimit, peekRateLimit, rateLimitedError } from '@/lib/server/rate-limit';
import { homeOf } from '@/lib/server/organiser/landing';
import { createUser, findUserById, removeUser, updateProfile, verifyCredentials } from '@/lib/server/users';
import {
  passwordResetRequestSchema,
  passwordResetSchema,
  profileSchema,
  removeAccountSchema,
  resendVerificationResultSchema,
  sessionSchema,
  signInResultSchema,
  signInSchema,
  signUpSchema,
  userSchema,
  verifyEmailResultSchema,
  verifyEmailSchema,
} from '@/lib/schemas/auth';
import { noBody, okSchema } from '@/lib/schemas/primitives';
import { confirmEmailVerification, resendVerification } from './email-verification';
import { requestPasswordReset, resetPassword } from './password-reset';
import { sessionResponse } from './respond-session';
import { revokeSession } from './sessions';
import { clearSessionCookie } from './web-session';

/** Failed attempts per email per minute before the account's sign-in pauses. */
const FAILURES_PER_EMAIL = 10;
/** Sign-in attempts per address per minute (one address may be a whole stadium's wifi). */
const SIGNIN_ATTEMPTS_PER_IP = 30;
/** Attempts to change the email per account per hour: password guesses and mails to other addresses. */
const EMAIL_CHANGES_PER_HOUR = 10;
/** Verification links per account per 10 minutes: enough for a lost mail, too few to flood a mailbox. */
const RESENDS = 3;

const perIp = (name: string, limit: number) => async (request: Request) => {
  await enforceRateLimit([{ key: `${name}:ip:${clientIp(request)}`, limit }]);
};

export default defineModule({
  name: 'auth',
  operations: [
    operation({
      method: 'post',
      path: '/api/v1/auth/signup',
      summary: 'Create an account; mails a link that verifies the email (in the request language). Sets the web session cookie',
      access: 'anyone',
      before: perIp('signup', 10),
      body: signUpSchema,
      answer: sessionSchema,
      failures: ['EMAIL_TAKEN', 'RATE_LIMITED'],
      handle: async ({ request, body }) => {
        await enforceRateLimit([{ key: `signup:email:${body.email}`, limit: 10 }]);
        const created = await createUser(body, requestLocale(request));
        if (!created.ok) throw failureOf(created);
        return sessionResponse(request, created.user);
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/auth/signin',
      summary: 'Sign in with email and password. A wrong pair is 400 INVALID_CREDENTIALS, never 401',
      access: 'anyone',
      before: perIp('signin', SIGNIN_ATTEMPTS_PER_IP),
      body: signInSchema,
      answer: signInResultSchema,
      failures: ['INVALID_CREDENTIALS', 'RATE_LIMITED'],
      handle: async ({ request, body }) => {
        const failureKey = `signin:fail:${body.email}`;
        const failures = await peekRateLimit(failureKey, { limit: FAILURES_PER_EMAIL });
        if (!failures.allowed) throw rateLimitedError(failures.retryAfterSeconds);
        const user = await verifyCredentials(body.email, body.password);
        if (!user) {
          await hitRateLimit(failureKey, { limit: FAILURES_PER_EMAIL });
          throw new ApiError('INVALID_CREDENTIALS');
        }
        return sessionResponse(request, user, { home: await homeOf(user.id) });
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/auth/me',
      summary: 'The signed-in user',
      access: 'signed-in',
      answer: userSchema,
      failures: [],
      // The app asks it on every start, and the server for every signed-in page it answers from the shared copy.
      hot: true,
      handle: async ({ caller }) => {
        const user = await findUserById(caller.user.id);
        if (!user) throw new ApiError('UNAUTHENTICATED');
        return json(user, { headers: { 'Cache-Control': 'private, no-store' } });
      },
    }),
    operation({
      method: 'patch',
      path: '/api/v1/auth/me',
      summary:
        'Edit names and date of birth at once. A new email needs `currentPassword` and is pending (`pendingEmail`) until the link mailed to it is used; the old address gets a notice and stays in use until then',
      access: 'signed-in',
      body: profileSchema,
      answer: userSchema,
      failures: ['WRONG_PASSWORD', 'CURRENT_PASSWORD_REQUIRED', 'EMAIL_TAKEN', 'RATE_LIMITED'],
      handle: async ({ request, body, caller }) => {
        if (body.email !== caller.user.email) {
          await enforceRateLimit([{ key: `email-change:user:${caller.user.id}`, limit: EMAIL_CHANGES_PER_HOUR, windowSeconds: 3600 }]);
        }
        const updated = await updateProfile(caller.user.id, body, { locale: requestLocale(request), sessionId: caller.sessionId });
        if (!updated.ok) throw failureOf(updated);
        return updated.user;
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/auth/signout',
      summary: 'Revoke this session and clear the web cookie (401 when it was already gone; the cookie is cleared all the same)',
      access: 'anyone',
      answer: okSchema,
      failures: ['UNAUTHENTICATED', 'XSRF'],
      handle: async ({ request }) => {
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
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/auth/remove',
      summary: 'Remove the caller’s account: personal data anonymised, every session revoked, orders kept',
      access: 'signed-in',
      body: removeAccountSchema,
      answer: okSchema,
      failures: [],
      handle: async ({ caller }) => {
        await removeUser(caller.user.id);
        const response = json({ ok: true });
        clearSessionCookie(response);
        return response;
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/auth/verify-email',
      summary: 'Use an emailed verification link: { token, password? }; signed in as its account, or with the account’s password',
      access: 'anyone',
      before: perIp('verify-email', 10),
      body: verifyEmailSchema,
      answer: verifyEmailResultSchema,
      failures: ['VERIFY_INVALID', 'ALREADY_VERIFIED', 'PASSWORD_REQUIRED', 'WRONG_PASSWORD', 'EMAIL_TAKEN', 'XSRF', 'RATE_LIMITED'],
      handle: async ({ request, body }) => {
        const caller = await authenticate(request);
        if (caller?.via === 'cookie') assertXsrf(request);
        const result = await confirmEmailVerification(body, caller ? { userId: caller.user.id, sessionId: caller.sessionId } : null);
        // This form's password field is `password` (the profile's is currentPassword).
        if (!result.ok) throw failureOf(result, result.code === 'WRONG_PASSWORD' ? { field: 'password' } : undefined);
        return result;
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/auth/verify-email/resend',
      summary: 'Mail a new verification link (the pending change’s, else the account’s own address)',
      access: 'signed-in',
      // A body it does not expect (broken JSON, a form) is refused rather than taken as a request for a mail.
      body: noBody,
      answer: resendVerificationResultSchema,
      status: 202,
      failures: ['ALREADY_VERIFIED', 'RATE_LIMITED'],
      handle: async ({ request, caller }) => {
        await enforceRateLimit([{ key: `verify-resend:user:${caller.user.id}`, limit: RESENDS, windowSeconds: 600 }]);
        const result = await resendVerification(caller.user.id, requestLocale(request));
        if (!result.ok) throw failureOf(result);
        return result;
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/auth/password-reset',
      summary: 'Mail a reset link; always 202, whether or not the email has an account',
      access: 'anyone',
      before: perIp('reset', 10),
      body: passwordResetRequestSchema,
      answer: okSchema,
      status: 202,
      failures: ['RATE_LIMITED'],
      handle: async ({ request, body }) => {
        await enforceRateLimit([{ key: `reset:email:${body.email}`, limit: 5 }]);
        await requestPasswordReset(body.email, requestLocale(request));
        return { ok: true as const };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/auth/password-reset/confirm',
      summary: 'Set a new password with the token from the emailed link; ends every session',
      access: 'anyone',
      before: perIp('reset-confirm', 10),
      body: passwordResetSchema,
      answer: okSchema,
      failures: ['RESET_INVALID', 'RESET_REPLACED', 'RATE_LIMITED'],
      handle: async ({ body }) => {
        const result = await resetPassword(body);
        if (!result.ok) throw failureOf(result);
        return { ok: true as const };
      },
    }),
  ],
});
