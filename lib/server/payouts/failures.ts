// The failures of payout runs (Tribuna's admins). NOT_ADMIN stays in the central table: the API frame
// answers it for every operation declared `access: 'admin'`.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { cancelRun, confirmRun, payoutRunsOverview, prepareRun, runFile } from './runs';

export type Codes =
  | FailureCodeOf<typeof payoutRunsOverview>
  | FailureCodeOf<typeof prepareRun>
  | FailureCodeOf<typeof confirmRun>
  | FailureCodeOf<typeof cancelRun>
  | FailureCodeOf<typeof runFile>;

export const failures = failureRows({
  RUN_NOT_FOUND: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },
  NOTHING_DUE: { status: 409, key: 'payouts.admin.errors.nothingDue' },
  /** A deployment without PAYOUT_DEBTOR_IBAN (…_CZK) and PAYOUT_DEBTOR_NAME: no account to pay from. */
  PAYOUT_DEBTOR_MISSING: { status: 409, key: 'payouts.admin.errors.debtorMissing' },
  RUN_CANCELLED: { status: 409, key: 'payouts.admin.errors.runCancelled' },
  RUN_CONFIRMED: { status: 409, key: 'payouts.admin.errors.runConfirmed' },
});
