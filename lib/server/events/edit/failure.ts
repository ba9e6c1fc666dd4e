import 'server-only';
import { ApiError } from '@/lib/server/api/error';
import type { FailureCode } from '@/lib/server/api/failures';

/**
 * An organiser's refusal as the API answers it: how many places fans have (UNITS_TAKEN's `taken`,
 * CATEGORY_SOLD's `sold`) is the message's `{count}`.
 */
export function organiserFailure(failure: { code: Exclude<FailureCode, 'RATE_LIMITED'>; taken?: number; sold?: number }): ApiError {
  const count = failure.taken ?? failure.sold;
  return new ApiError(failure.code, count === undefined ? undefined : { values: { count } });
}
