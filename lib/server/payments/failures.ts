// The failures of payments: a provider's notice whose signature does not check out.
import { failureRows } from '@/lib/server/api/failure-row';

export type Codes = 'BAD_SIGNATURE';

export const failures = failureRows({
  BAD_SIGNATURE: { status: 400, key: 'errors.invalidInput' },
});
