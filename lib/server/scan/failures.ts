// The failures of gate scanning.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { scannerEvents } from './access';
import type { offlineDataset, syncOfflineCheckIns } from './offline';
import type { scanTicket } from './scan';

export type Codes =
  | FailureCodeOf<typeof scanTicket>
  | FailureCodeOf<typeof scannerEvents>
  | FailureCodeOf<typeof offlineDataset>
  | FailureCodeOf<typeof syncOfflineCheckIns>;

export const failures = failureRows({
  NOT_A_SCANNER: { status: 403, key: 'scanner.errors.notAScanner' },
});
