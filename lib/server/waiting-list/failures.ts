// The failures of the waiting list: joining and leaving it.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { joinWaitingList, leaveWaitingList } from './index';

export type Codes = FailureCodeOf<typeof joinWaitingList> | FailureCodeOf<typeof leaveWaitingList>;

export const failures = failureRows({
  WAITING_LIST_OFF: { status: 409, key: 'waitingList.errors.off' },
  NOT_SOLD_OUT: { status: 409, key: 'waitingList.errors.notSoldOut' },
  ALREADY_WAITING: { status: 409, key: 'waitingList.errors.already' },
  WAITING_ENTRY_NOT_FOUND: { status: 404, key: 'waitingList.errors.notFound' },
});
