// The failures of the organisation's team: inviting, accepting, changing roles and removing members.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { acceptInvitation, inviteMember, revokeInvitation, signUpWithInvitation } from './invitations';
import type { changeMemberRole, removeMember } from './team';

export type Codes =
  | FailureCodeOf<typeof inviteMember>
  | FailureCodeOf<typeof revokeInvitation>
  | FailureCodeOf<typeof acceptInvitation>
  | FailureCodeOf<typeof signUpWithInvitation>
  | FailureCodeOf<typeof changeMemberRole>
  | FailureCodeOf<typeof removeMember>;

export const failures = failureRows({
  ALREADY_MEMBER: { status: 409, key: 'organiser.team.errors.alreadyMember', field: 'email' },
  MEMBER_NOT_FOUND: { status: 404, key: 'organiser.team.errors.memberNotFound', answersAs: 'NOT_FOUND' },
  /** Demoting or removing the organisation's only owner. */
  LAST_OWNER: { status: 409, key: 'organiser.team.errors.lastOwner' },
  INVITATION_NOT_FOUND: { status: 404, key: 'organiser.team.errors.invitationNotFound', answersAs: 'NOT_FOUND' },
  /** Unknown, replaced or revoked link (or one whose inviter may no longer invite). */
  INVITATION_INVALID: { status: 400, key: 'organiser.invitation.errors.invalid', field: 'token' },
  /** Past its 7 days: the owner sends a new one. */
  INVITATION_EXPIRED: { status: 400, key: 'organiser.invitation.errors.expired', field: 'token' },
  /** Accepted already (by whoever it was for). */
  INVITATION_USED: { status: 409, key: 'organiser.invitation.errors.used', field: 'token' },
  /** Signed in with another account than the invited email's (the message names that email). */
  INVITATION_OTHER_EMAIL: { status: 403, key: 'organiser.invitation.errors.otherEmail' },
  /** Signing up from a link whose address has an account: sign in instead. */
  INVITATION_ACCOUNT_EXISTS: { status: 409, key: 'organiser.invitation.errors.accountExists' },
});
