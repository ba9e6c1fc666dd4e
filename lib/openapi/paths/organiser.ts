// The organiser console's shared answers for the organiser-*.ts path files (the organisations list is
// declared by lib/server/team/module.ts).
import { errorResponse } from '../builder';

/** Every organiser call that names another organisation's data answers this, as if it did not exist. */
export const orgNotFound = errorResponse('Not found, or of an organisation the caller is not a member of (ORG_NOT_FOUND)');
/** A member whose role does not allow the call (owner: everything; manager: all but team and payouts; scanner: the gate). */
export const roleForbidden = errorResponse('The caller’s role in the organisation does not allow this (ROLE_FORBIDDEN)');
