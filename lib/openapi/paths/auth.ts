// Account endpoints (the spec's auth calls, password reset, email verification) in the OpenAPI document.
import {
  passwordResetRequestSchema,
  passwordResetSchema,
  profileSchema,
  removeAccountSchema,
  resendVerificationResultSchema,
  sessionSchema as session,
  signInSchema,
  signUpSchema,
  userSchema,
  verifyEmailResultSchema,
  verifyEmailSchema,
} from '@/lib/schemas/auth';
import { noBody, okSchema as ok } from '@/lib/schemas/primitives';
import { errorResponse, jsonBody, jsonResponse, type ApiPaths } from '../builder';
import { auth, crossSite, notJson, tooMany, unauthorized } from './common';

export const authPaths: ApiPaths = {
  '/api/v1/auth/signup': {
    post: {
      tags: ['accounts'],
      summary: 'Create an account; mails a link that verifies the email (in the request language). Sets the web session cookie',
      requestBody: jsonBody(signUpSchema),
      responses: { 200: jsonResponse('{ user, token }', session), 403: crossSite, 409: errorResponse('The email has an account'), 415: notJson, 422: errorResponse('Invalid form'), 429: tooMany },
    },
  },
  '/api/v1/auth/signin': {
    post: {
      tags: ['accounts'],
      summary: 'Sign in with email and password. A wrong pair is 400 INVALID_CREDENTIALS, never 401',
      requestBody: jsonBody(signInSchema),
      responses: { 200: jsonResponse('{ user, token }', session), 400: errorResponse('Wrong email or password'), 403: crossSite, 415: notJson, 422: errorResponse('Invalid form'), 429: tooMany },
    },
  },
  '/api/v1/auth/me': {
    get: { tags: ['accounts'], security: auth, summary: 'The signed-in user', responses: { 200: jsonResponse('The user', userSchema), 401: unauthorized } },
    patch: {
      tags: ['accounts'],
      security: auth,
      summary:
        'Edit names and date of birth at once. A new email needs `currentPassword` and is pending (`pendingEmail`) until the link mailed to it is used; the old address gets a notice and stays in use until then',
      requestBody: jsonBody(profileSchema),
      responses: {
        200: jsonResponse('The user', userSchema),
        400: errorResponse('Wrong current password (WRONG_PASSWORD)'),
        401: unauthorized,
        403: crossSite,
        409: errorResponse('The new email has an account'),
        415: notJson,
        422: errorResponse('Invalid form, or a new email without currentPassword (CURRENT_PASSWORD_REQUIRED)'),
        429: tooMany,
      },
    },
  },
  '/api/v1/auth/signout': {
    post: { tags: ['accounts'], security: auth, summary: 'Revoke this session and clear the web cookie', responses: { 200: jsonResponse('{ ok }', ok), 401: unauthorized, 403: crossSite } },
  },
  '/api/v1/auth/remove': {
    post: {
      tags: ['accounts'],
      security: auth,
      summary: 'Remove the account: personal data erased, every session revoked, orders kept',
      requestBody: { ...jsonBody(removeAccountSchema, 'Nothing, or `{}`'), required: false },
      responses: { 200: jsonResponse('{ ok }', ok), 401: unauthorized, 403: crossSite },
    },
  },
  '/api/v1/auth/password-reset': {
    post: {
      tags: ['accounts'],
      summary: 'Mail a single-use reset link (60 minutes) when the email has an account; the same answer either way',
      requestBody: jsonBody(passwordResetRequestSchema),
      responses: { 202: jsonResponse('{ ok }', ok), 415: notJson, 422: errorResponse('Invalid email'), 429: tooMany },
    },
  },
  '/api/v1/auth/password-reset/confirm': {
    post: {
      tags: ['accounts'],
      summary: 'Set a new password with the mailed token; ends every session and verifies the email (the link reached it)',
      requestBody: jsonBody(passwordResetSchema),
      responses: { 200: jsonResponse('{ ok }', ok), 400: errorResponse('Invalid, used or expired link (RESET_INVALID); a newer link was mailed since (RESET_REPLACED)'), 415: notJson, 422: errorResponse('Invalid form'), 429: tooMany },
    },
  },
  '/api/v1/auth/verify-email': {
    post: {
      tags: ['accounts'],
      security: [...auth, {}],
      summary:
        "Use a mailed verification link (single use, 24 hours). Signed in as the link's account, the token is enough; anyone else also sends the account's `password`. " +
        'For a pending change, the email switches and every other session of the account ends',
      requestBody: jsonBody(verifyEmailSchema),
      responses: {
        200: jsonResponse('What was confirmed', verifyEmailResultSchema),
        400: errorResponse('Invalid, used or expired link (VERIFY_INVALID), or a wrong password (WRONG_PASSWORD)'),
        403: crossSite,
        409: errorResponse('Another account has the new email now (EMAIL_TAKEN)'),
        415: notJson,
        422: errorResponse('No password and not signed in as the account (PASSWORD_REQUIRED)'),
        429: tooMany,
      },
    },
  },
  '/api/v1/auth/verify-email/resend': {
    post: {
      tags: ['accounts'],
      security: auth,
      summary: "Mail a new verification link (the pending change's, else the account's own address); older links stop working. 3 per 10 minutes",
      requestBody: { ...jsonBody(noBody, 'Nothing, or `{}`'), required: false },
      responses: {
        202: jsonResponse('Where it went', resendVerificationResultSchema),
        401: unauthorized,
        403: crossSite,
        409: errorResponse('Nothing to verify (ALREADY_VERIFIED)'),
        429: tooMany,
      },
    },
  },
};
