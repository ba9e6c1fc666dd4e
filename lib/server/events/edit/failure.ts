import 'server-only';
import { ApiError } from '@/lib/server/api/error';
import type { FailureCode } from '@/lib/server/api/failures';

/**
 * An organiser's refusal as the API answers it: how many places fans have (UNITS_TAKEN's `taken`,
 * CATEGORY_SOLD's `sold`) is the message's `{count}`; a title missing in the organisation's language is at
 * its field; a draft not ready to publish lists each missing item in `errors`.
 */
export function organiserFailure(failure: { code: Exclude<FailureCode, 'RATE_LIMITED'>; taken?: number; sold?: number; language?: string; missing?: readonly string[] }): ApiError {
  if (failure.language) return new ApiError(failure.code, { field: `title.${failure.language}` });
  if (failure.missing) {
    return new ApiError(failure.code, { fieldErrors: failure.missing.map((item) => ({ field: item, messageKey: `organiser.publish.items.${item}` as never })) });
  }
  const count = failure.taken ?? failure.sold;
  return new ApiError(failure.code, count === undefined ? undefined : { values: { count } });
}
