// The failures of accounts: sign-up, sign-in, the profile, email verification and password reset.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { confirmEmailVerification, resendVerification } from './email-verification';
import type { resetPassword } from './password-reset';
import type { createUser, updateProfile } from '@/lib/server/users';

export type Codes =
  | 'INVALID_CREDENTIALS'
  | FailureCodeOf<typeof createUser>
  | FailureCodeOf<typeof updateProfile>
  | FailureCodeOf<typeof resendVerification>
  | FailureCodeOf<typeof confirmEmailVerification>
  | FailureCodeOf<typeof resetPassword>;

export const failures = failureRows({
  INVALID_CREDENTIALS: { status: 400, key: 'errors.invalidCredentials' },
  EMAIL_TAKEN: { status: 409, key: 'errors.emailTaken', field: 'email' },
  CURRENT_PASSWORD_REQUIRED: { status: 422, key: 'validation.currentPasswordRequired', field: 'currentPassword' },
  WRONG_PASSWORD: { status: 400, key: 'errors.wrongPassword', field: 'currentPassword' },
  PASSWORD_REQUIRED: { status: 422, key: 'verifyEmail.passwordRequired', field: 'password' },
  VERIFY_INVALID: { status: 400, key: 'errors.verifyInvalid' },
  ALREADY_VERIFIED: { status: 409, key: 'errors.alreadyVerified' },
  RESET_INVALID: { status: 400, key: 'errors.resetInvalid' },
  RESET_REPLACED: { status: 400, key: 'errors.resetReplaced' },
});
