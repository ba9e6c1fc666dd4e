// Event images in the OpenAPI document (the team is declared by lib/server/team/module.ts).
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { galleryResultSchema, imageIndexParamSchema, imageOrderSchema, imageUpdateSchema, imageUploadSchema } from '@/lib/schemas/organiser-team';
import { errorResponse, jsonBody, jsonResponse, parametersOf, schemaOf, type ApiPaths } from '../builder';
import { auth, invalid, notJson, unauthorized } from './common';
import { orgNotFound } from './organiser';

const tags = ['organiser'];
const eventForbidden = errorResponse('A scanner (ROLE_FORBIDDEN: images are for owners and managers), or a cross-site write');
const imageNotFound = errorResponse('Another organisation’s event or no such event (ORG_NOT_FOUND), or no picture at that position (NOT_FOUND)');

export const organiserTeamPaths: ApiPaths = {
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
