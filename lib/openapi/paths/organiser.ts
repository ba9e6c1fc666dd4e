// The organiser console's own endpoints (organisations); each feature of it has its organiser-*.ts beside.
import { myOrganisationsSchema } from '@/lib/schemas/organiser';
import { errorResponse, jsonResponse, type ApiPaths } from '../builder';
import { auth, unauthorized } from './common';

/** Every organiser call that names another organisation's data answers this, as if it did not exist. */
export const orgNotFound = errorResponse('Not found, or of an organisation the caller is not a member of (ORG_NOT_FOUND)');
/** A member whose role does not allow the call (owner: everything; manager: all but team and payouts; scanner: the gate). */
export const roleForbidden = errorResponse('The caller’s role in the organisation does not allow this (ROLE_FORBIDDEN)');

export const organiserPaths: ApiPaths = {
  '/api/v1/organiser/organisations': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: 'The organisations the caller belongs to, with their role and what it allows',
      responses: { 200: jsonResponse('{ organisations }', myOrganisationsSchema), 401: unauthorized },
    },
  },
};
