// The failures of onboarding: applications, their review by Tribuna's admins, and the legal profile.
// NOT_ADMIN (central table) and WRONG_PASSWORD (auth) are answered as there.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { listApplications, resubmitApplication, reviewApplication, submitApplication } from './applications';
import type { updateLegalProfile } from './legal-profile';

export type Codes =
  | FailureCodeOf<typeof submitApplication>
  | FailureCodeOf<typeof resubmitApplication>
  | FailureCodeOf<typeof listApplications>
  | FailureCodeOf<typeof reviewApplication>
  | FailureCodeOf<typeof updateLegalProfile>;

export const failures = failureRows({
  /** The caller has an application waiting for review or for their changes: that one is edited (PUT). */
  APPLICATION_OPEN: { status: 409, key: 'onboarding.errors.applicationOpen' },
  APPLICATION_NOT_FOUND: { status: 404, key: 'onboarding.errors.applicationNotFound', answersAs: 'NOT_FOUND' },
  /** Decided already (by another admin, or not in a state this decision is taken from). */
  APPLICATION_DECIDED: { status: 409, key: 'onboarding.errors.applicationDecided' },
  /** A field the organisation's country rules out (DIČ or VAT number format, VAT number missing, BIC of another country): each at its field. */
  PROFILE_INVALID: { status: 422, key: 'onboarding.errors.profileInvalid' },
  /** A change of the bank account or tax data without the owner's current password. */
  PROFILE_PASSWORD_REQUIRED: { status: 422, key: 'onboarding.errors.passwordRequired', field: 'currentPassword' },
});
