// The failures of feedback after an event: the checked-in fan's form and answer.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { myFeedback, submitFeedback } from './fan';

export type Codes = FailureCodeOf<typeof myFeedback> | FailureCodeOf<typeof submitFeedback>;

export const failures = failureRows({
  /** The caller holds no ticket of the event that was checked in at the gate. */
  FEEDBACK_NOT_ATTENDED: { status: 403, key: 'feedback.errors.notAttended' },
  FEEDBACK_NOT_OPEN: { status: 409, key: 'feedback.errors.notOpen' },
  FEEDBACK_CLOSED: { status: 409, key: 'feedback.errors.closed' },
  /** One answer per holder and event; it is not edited afterwards. */
  FEEDBACK_ALREADY_GIVEN: { status: 409, key: 'feedback.errors.alreadyGiven' },
  /** An answer to a question the event does not have (any more), twice, or of the other kind. */
  FEEDBACK_ANSWER_INVALID: { status: 422, key: 'feedback.errors.answerInvalid', field: 'answers' },
});
