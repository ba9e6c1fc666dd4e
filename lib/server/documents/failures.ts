// The failures of tax documents: a document (or order) that is not the caller's is answered as not there.
import { failureRows } from '@/lib/server/api/failure-row';

export type Codes = 'DOCUMENT_NOT_FOUND';

export const failures = failureRows({
  /** Not one of the caller's orders' documents, nor the organisation's: as if there were none. */
  DOCUMENT_NOT_FOUND: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },
});
