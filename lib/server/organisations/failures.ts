// The failures of Tribuna's administration of organisations. NOT_ADMIN and ORG_NOT_FOUND are the central
// table's (404, as if nothing were there).
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { listOrganisations, setOrganisationTerms } from './admin';

export type Codes = FailureCodeOf<typeof listOrganisations> | FailureCodeOf<typeof setOrganisationTerms>;

export const failures = failureRows({
  /** Comgate chosen for an organisation where the deployment has no Comgate account (COMGATE_MERCHANT, COMGATE_SECRET). */
  COMGATE_NOT_CONFIGURED: { status: 409, key: 'organisations.errors.comgateNotConfigured', field: 'paymentProvider' },
});
