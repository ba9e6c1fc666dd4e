import 'server-only';
// The organisation's team and settings over the API: the caller's organisations, the members and their
// roles, invitations by email and accepting one (or signing up from one), and the organisation's name, contacts and resale defaults.
import { myOrganisationsSchema, orgIdParamSchema } from '@/lib/schemas/organiser';
import { orgSettingsPatchSchema, orgSettingsSchema } from '@/lib/schemas/organiser-codes';
import {
  acceptInvitationSchema,
  acceptResultSchema,
  invitationSignUpResultSchema,
  invitationSignUpSchema,
  invitationParamSchema,
  inviteResultSchema,
  inviteSchema,
  memberParamSchema,
  memberResultSchema,
  memberRoleSchema,
  teamSchema,
} from '@/lib/schemas/organiser-team';
import { okSchema } from '@/lib/schemas/primitives';
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { failureOf, parseWith } from '@/lib/server/api/respond';
import { myOrganisations } from '@/lib/server/organiser/access';
import { clientIp, enforceRateLimit } from '@/lib/server/rate-limit';
import { sessionResponse } from '@/lib/server/auth/respond-session';
import { acceptInvitation, inviteMember, revokeInvitation, signUpWithInvitation } from './invitations';
import { getOrgSettings, updateOrgSettings } from './settings';
import { changeMemberRole, listTeam, removeMember } from './team';

/** The owners of the organisation the path names. */
const teamOfOrg = { capability: 'team', owner: 'organisation', param: 'orgId' } as const;
/** Owners and managers of the organisation the path names. */
const eventsOfOrg = { capability: 'events', owner: 'organisation', param: 'orgId' } as const;

export default defineModule({
  name: 'team',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/organiser/organisations',
      summary: 'The organisations the caller belongs to, with their role and what it allows',
      access: 'signed-in',
      answer: myOrganisationsSchema,
      failures: [],
      handle: async ({ caller }) => ({ organisations: await myOrganisations(caller.user.id) }),
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/organisations/{orgId}/members',
      summary: 'The team: members with name, email, role and since when, and the open invitations (owners only)',
      access: teamOfOrg,
      answer: teamSchema,
      failures: [],
      handle: async ({ params, caller }) => {
        const { orgId } = parseWith(orgIdParamSchema, params);
        const result = await listTeam(caller.user, orgId);
        if (!result.ok) throw failureOf(result);
        return { members: result.members, invitations: result.invitations };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/organisations/{orgId}/members',
      summary:
        'Invite by email with a role (owners only): a link valid 7 days is mailed in the invitee’s language; inviting the same email again replaces the open invitation. Rate-limited per inviter.',
      access: teamOfOrg,
      body: inviteSchema,
      answer: inviteResultSchema,
      status: 201,
      failures: ['ALREADY_MEMBER', 'RATE_LIMITED'],
      handle: async ({ request, params, body, caller }) => {
        const { orgId } = parseWith(orgIdParamSchema, params);
        // Each invitation sends a mail to an address the inviter chose: bounded per inviter.
        await enforceRateLimit([{ key: `org-invite:user:${caller.user.id}`, limit: 30, windowSeconds: 3600 }]);
        const result = await inviteMember(caller.user, orgId, { ...body, locale: requestLocale(request) });
        if (!result.ok) throw failureOf(result);
        return { invitation: result.invitation };
      },
    }),
    operation({
      method: 'patch',
      path: '/api/v1/organiser/organisations/{orgId}/members/{memberId}',
      summary: 'Change a member’s role (owners only; memberId is the member’s user id)',
      access: teamOfOrg,
      body: memberRoleSchema,
      answer: memberResultSchema,
      failures: ['MEMBER_NOT_FOUND', 'LAST_OWNER'],
      handle: async ({ params, body, caller }) => {
        const { orgId, memberId } = parseWith(memberParamSchema, params);
        const result = await changeMemberRole(caller.user, orgId, memberId, body.role);
        if (!result.ok) throw failureOf(result);
        return { member: result.member };
      },
    }),
    operation({
      method: 'delete',
      path: '/api/v1/organiser/organisations/{orgId}/members/{memberId}',
      summary: 'Remove a member from the team (owners only; never the last owner): their access ends at once',
      access: teamOfOrg,
      answer: okSchema,
      failures: ['VALIDATION', 'MEMBER_NOT_FOUND', 'LAST_OWNER'],
      handle: async ({ params, caller }) => {
        const { orgId, memberId } = parseWith(memberParamSchema, params);
        const result = await removeMember(caller.user, orgId, memberId);
        if (!result.ok) throw failureOf(result);
        return { ok: true as const };
      },
    }),
    operation({
      method: 'delete',
      path: '/api/v1/organiser/organisations/{orgId}/invitations/{invitationId}',
      summary: 'Revoke an open invitation (owners only): its link stops working',
      access: teamOfOrg,
      answer: okSchema,
      failures: ['VALIDATION', 'INVITATION_NOT_FOUND'],
      handle: async ({ params, caller }) => {
        const { orgId, invitationId } = parseWith(invitationParamSchema, params);
        const result = await revokeInvitation(caller.user, orgId, invitationId);
        if (!result.ok) throw failureOf(result);
        return { ok: true as const };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/invitations/accept',
      summary:
        'Accept a team invitation with the token of its link as the account of the invited email (the link proves the address: an unverified one is verified). Rate-limited (a token is a secret).',
      access: 'signed-in',
      // Attempts are counted per account and address before the token is read.
      before: async (request, caller) => {
        await enforceRateLimit([
          { key: `invitation-accept:user:${caller.user.id}`, limit: 10, windowSeconds: 600 },
          { key: `invitation-accept:ip:${clientIp(request)}`, limit: 30, windowSeconds: 600 },
        ]);
      },
      body: acceptInvitationSchema,
      answer: acceptResultSchema,
      failures: ['INVITATION_INVALID', 'INVITATION_EXPIRED', 'INVITATION_USED', 'INVITATION_OTHER_EMAIL', 'RATE_LIMITED'],
      handle: async ({ body, caller }) => {
        const result = await acceptInvitation(caller.user, body.token);
        if (!result.ok) throw failureOf(result, result.code === 'INVITATION_OTHER_EMAIL' ? { values: { email: result.email } } : undefined);
        return { organisation: result.organisation, role: result.role };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/invitations/signup',
      summary:
        'Create the account of the invited email from the invitation’s link and accept it, in one step: name and password; the email counts as verified (the link proves it). Sets the web session cookie. An address that has an account signs in and accepts instead (409). Rate-limited per address.',
      access: 'anyone',
      // Counted with the accepts of the same address before the token is read: guessing tokens here costs the same.
      before: async (request) => {
        await enforceRateLimit([
          { key: `invitation-signup:ip:${clientIp(request)}`, limit: 10, windowSeconds: 600 },
          { key: `invitation-accept:ip:${clientIp(request)}`, limit: 30, windowSeconds: 600 },
        ]);
      },
      body: invitationSignUpSchema,
      answer: invitationSignUpResultSchema,
      failures: ['INVITATION_INVALID', 'INVITATION_EXPIRED', 'INVITATION_USED', 'INVITATION_ACCOUNT_EXISTS', 'RATE_LIMITED'],
      handle: async ({ request, body }) => {
        const result = await signUpWithInvitation(body);
        if (!result.ok) throw failureOf(result, result.code === 'INVITATION_OTHER_EMAIL' ? { values: { email: result.email } } : undefined);
        return sessionResponse(request, result.user, { organisation: result.organisation, role: result.role });
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/organisations/{orgId}/settings',
      summary: "The organisation's name, contacts and the resale rules its new events start with (owner, manager)",
      access: eventsOfOrg,
      answer: orgSettingsSchema,
      failures: [],
      handle: async ({ params, caller }) => {
        const { orgId } = parseWith(orgIdParamSchema, params);
        const result = await getOrgSettings(caller.user.id, orgId);
        if (!result.ok) throw failureOf(result);
        return result.settings;
      },
    }),
    operation({
      method: 'patch',
      path: '/api/v1/organiser/organisations/{orgId}/settings',
      summary: 'Change the name, website, contact email or default resale rules; only what is sent changes (owner, manager)',
      access: eventsOfOrg,
      body: orgSettingsPatchSchema,
      answer: orgSettingsSchema,
      failures: [],
      handle: async ({ params, body, caller }) => {
        const { orgId } = parseWith(orgIdParamSchema, params);
        const result = await updateOrgSettings(caller.user.id, orgId, body);
        if (!result.ok) throw failureOf(result);
        return result.settings;
      },
    }),
  ],
});
