// The organiser console's team (members, invitations, accepting one) and event images in the OpenAPI document.
import { eventIdParamSchema, orgIdParamSchema } from '@/lib/schemas/organiser';
import {
  acceptInvitationSchema,
  acceptResultSchema,
  galleryResultSchema,
  imageIndexParamSchema,
  imageOrderSchema,
  imageUpdateSchema,
  imageUploadSchema,
  invitationParamSchema,
  inviteResultSchema,
  inviteSchema,
  memberParamSchema,
  memberResultSchema,
  memberRoleSchema,
  teamSchema,
} from '@/lib/schemas/organiser-team';
import { okSchema } from '@/lib/schemas/primitives';
import { errorResponse, jsonBody, jsonResponse, parametersOf, schemaOf, type ApiPaths } from '../builder';
import { auth, invalid, notJson, tooMany, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const tags = ['organiser'];
const lastOwner = errorResponse('The organisation’s last owner cannot be demoted or removed (LAST_OWNER)');
const forbiddenOrCrossSite = errorResponse('Not an owner (ROLE_FORBIDDEN), or a cross-site write (CROSS_SITE/XSRF)');
const eventForbidden = errorResponse('A scanner (ROLE_FORBIDDEN: images are for owners and managers), or a cross-site write');
const imageNotFound = errorResponse('Another organisation’s event or no such event (ORG_NOT_FOUND), or no picture at that position (NOT_FOUND)');

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
  '/api/v1/organiser/events/{eventId}/images': {
    post: {
      tags,
      security: auth,
      summary:
        'Upload a gallery picture (owners and managers): multipart/form-data with `file` (JPEG, PNG, WebP or AVIF by its bytes, at most 10 MB) and optional altSk/altCs/altEn. Stored upright as WebP ≤ 1600 px wide (plus a -640 variant beside it), without metadata; the first picture becomes the cover.',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      requestBody: { required: true, content: { 'multipart/form-data': { schema: schemaOf(imageUploadSchema, 'input') } } },
      responses: {
        201: jsonResponse('The gallery and the cover', galleryResultSchema),
        401: unauthorized,
        403: eventForbidden,
        404: orgNotFound,
        409: errorResponse('The gallery is full (GALLERY_FULL)'),
        413: errorResponse('Larger than 10 MB (IMAGE_TOO_LARGE), or the body past its limit (BODY_TOO_LARGE)'),
        415: errorResponse('Not a JPEG, PNG, WebP or AVIF picture (IMAGE_TYPE)'),
        422: errorResponse('No file, or not multipart/form-data (IMAGE_REQUIRED); an alt text too long (VALIDATION)'),
      },
    },
    patch: {
      tags,
      security: auth,
      summary: 'Put the gallery in a new order: `order` lists every current position once; the first becomes the cover',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      requestBody: jsonBody(imageOrderSchema),
      responses: {
        200: jsonResponse('The gallery and the cover', galleryResultSchema),
        401: unauthorized,
        403: eventForbidden,
        404: orgNotFound,
        415: notJson,
        422: errorResponse('Not a permutation of the positions (IMAGE_ORDER_INVALID)'),
      },
    },
  },
  '/api/v1/organiser/events/{eventId}/images/{index}': {
    patch: {
      tags,
      security: auth,
      summary: 'Make the picture at a position the cover (it moves first) and/or change its alt texts',
      parameters: parametersOf(imageIndexParamSchema, 'path'),
      requestBody: jsonBody(imageUpdateSchema),
      responses: { 200: jsonResponse('The gallery and the cover', galleryResultSchema), 401: unauthorized, 403: eventForbidden, 404: imageNotFound, 415: notJson, 422: invalid },
    },
    delete: {
      tags,
      security: auth,
      summary: 'Delete the picture at a position (and its stored files); when it was the cover, the next one becomes it',
      parameters: parametersOf(imageIndexParamSchema, 'path'),
      responses: { 200: jsonResponse('The gallery and the cover', galleryResultSchema), 401: unauthorized, 403: eventForbidden, 404: imageNotFound },
    },
  },
};
