import 'server-only';
import { ApiError } from '@/lib/server/api/respond';

/** Expected failures of account actions → HTTP status, message key and the form field it belongs to. */
const FAILURES = {
  NOT_FOUND: [401, 'errors.sessionExpired', undefined],
  EMAIL_TAKEN: [409, 'errors.emailTaken', 'email'],
  CURRENT_PASSWORD_REQUIRED: [422, 'validation.currentPasswordRequired', 'currentPassword'],
  WRONG_PASSWORD: [400, 'errors.wrongPassword', 'currentPassword'],
  PASSWORD_REQUIRED: [422, 'verifyEmail.passwordRequired', 'password'],
  VERIFY_INVALID: [400, 'errors.verifyInvalid', undefined],
  ALREADY_VERIFIED: [409, 'errors.alreadyVerified', undefined],
} as const satisfies Record<string, readonly [number, string, string | undefined]>;

export type AccountFailure = keyof typeof FAILURES;

/** The translated answer of a failure; `field` overrides the form field (the verification page's password is `password`). */
export function accountFailure(code: AccountFailure, field?: string): ApiError {
  const [status, key, defaultField] = FAILURES[code];
  const on = field ?? defaultField;
  return new ApiError(status, code, key, on ? [{ field: on, messageKey: key }] : []);
}
