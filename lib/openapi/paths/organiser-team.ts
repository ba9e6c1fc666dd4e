// The organiser console's team (members, invitations, accepting one) in the OpenAPI document.
import { orgIdParamSchema } from '@/lib/schemas/organiser';
import {
  acceptInvitationSchema,
  acceptResultSchema,
  invitationParamSchema,
  inviteResultSchema,
  inviteSchema,
  memberParamSchema,
  memberResultSchema,
  memberRoleSchema,
  teamSchema,
} from '@/lib/schemas/organiser-team';
import { okSchema } from '@/lib/schemas/primitives';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, invalid, notJson, tooMany, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const tags = ['organiser'];
const lastOwner = errorResponse('The organisation’s last owner cannot be demoted or removed (LAST_OWNER)');
const forbiddenOrCrossSite = errorResponse('Not an owner (ROLE_FORBIDDEN), or a cross-site write (CROSS_SITE/XSRF)');

export const organiserTeamPaths: ApiPaths = {
  '/api/v1/organiser/organisations/{orgId}/members': {
    get: {
      tags,
      security: auth,
      summary: 'The team: members with name, email, role and since when, and the open invitations (owners only)',
      parameters: parametersOf(orgIdParamSchema, 'path'),
      responses: { 200: jsonResponse('{ members, invitations }', teamSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound },
    },
    post: {
      tags,
      security: auth,
      summary:
        'Invite by email with a role (owners only): a link valid 7 days is mailed in the invitee’s language; inviting the same email again replaces the open invitation. Rate-limited per inviter.',
      parameters: parametersOf(orgIdParamSchema, 'path'),
      requestBody: jsonBody(inviteSchema),
      responses: {
        201: jsonResponse('{ invitation }', inviteResultSchema),
        401: unauthorized,
        403: forbiddenOrCrossSite,
        404: orgNotFound,
        409: errorResponse('Already a member of the team (ALREADY_MEMBER)'),
        415: notJson,
        422: invalid,
        429: tooMany,
      },
    },
  },
  '/api/v1/organiser/organisations/{orgId}/members/{memberId}': {
    patch: {
      tags,
      security: auth,
      summary: 'Change a member’s role (owners only; memberId is the member’s user id)',
      parameters: parametersOf(memberParamSchema, 'path'),
      requestBody: jsonBody(memberRoleSchema),
      responses: {
        200: jsonResponse('{ member }', memberResultSchema),
        401: unauthorized,
        403: forbiddenOrCrossSite,
        404: errorResponse('Another organisation (ORG_NOT_FOUND) or not a member (NOT_FOUND)'),
        409: lastOwner,
        415: notJson,
        422: invalid,
      },
    },
    delete: {
      tags,
      security: auth,
      summary: 'Remove a member from the team (owners only): their access ends at once',
      parameters: parametersOf(memberParamSchema, 'path'),
      responses: {
        200: jsonResponse('{ ok }', okSchema),
        401: unauthorized,
        403: forbiddenOrCrossSite,
        404: errorResponse('Another organisation (ORG_NOT_FOUND) or not a member (NOT_FOUND)'),
        409: lastOwner,
      },
    },
  },
  '/api/v1/organiser/organisations/{orgId}/invitations/{invitationId}': {
    delete: {
      tags,
      security: auth,
      summary: 'Revoke an open invitation (owners only): its link stops working',
      parameters: parametersOf(invitationParamSchema, 'path'),
      responses: {
        200: jsonResponse('{ ok }', okSchema),
        401: unauthorized,
        403: forbiddenOrCrossSite,
        404: errorResponse('Another organisation (ORG_NOT_FOUND) or no open invitation (NOT_FOUND)'),
      },
    },
  },
  '/api/v1/organiser/invitations/accept': {
    post: {
      tags,
      security: auth,
      summary: 'Accept a team invitation with the token of its link; the signed-in account’s verified email must be the invited one. Rate-limited.',
      requestBody: jsonBody(acceptInvitationSchema),
      responses: {
        200: jsonResponse('The organisation joined and the role', acceptResultSchema),
        400: errorResponse('Unknown, expired, revoked, replaced or used link (INVITATION_INVALID)'),
        401: unauthorized,
        403: errorResponse('Sent to another email (INVITATION_OTHER_EMAIL, names it), the email is not verified yet (INVITATION_EMAIL_UNVERIFIED), or a cross-site write'),
        415: notJson,
        422: invalid,
        429: tooMany,
      },
    },
  },
};
