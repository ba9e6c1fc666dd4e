// The failures of the waiting room: no queue for the event, a presale code that is not one, and the
// hold path's admission check (answered by every hold of a queued event).
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { AdmissionCheck } from './admission';
import type { enterPresaleCode, joinQueue, queueStatus } from './fan';
import type { makePresaleCodes } from './organiser';

export type Codes =
  | FailureCodeOf<typeof joinQueue>
  | FailureCodeOf<typeof queueStatus>
  | FailureCodeOf<typeof enterPresaleCode>
  | FailureCodeOf<typeof makePresaleCodes>
  | Extract<AdmissionCheck, { ok: false }>['code'];

export const failures = failureRows({
  /** The event's sale is not queued. */
  QUEUE_NOT_FOUND: { status: 404, key: 'queue.errors.notFound' },
  /** A hold of a queued event without the caller's admission: join the queue first. */
  ADMISSION_REQUIRED: { status: 403, key: 'queue.errors.admissionRequired' },
  /** The admission ran out unused: the turn passed; join again. */
  ADMISSION_EXPIRED: { status: 403, key: 'queue.errors.admissionExpired' },
  INVALID_PRESALE_CODE: { status: 422, key: 'queue.errors.codeInvalid', field: 'code' },
});
