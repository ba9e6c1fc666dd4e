// Fans' notifications (push subscriptions, settings, unsubscribe links) and organisers' announcements in the OpenAPI document.
import {
  announcementCreateSchema,
  announcementListSchema,
  announcementSchema,
  notificationSettingsAnswerSchema,
  notificationSettingsSchema,
  pushSubscribeSchema,
  pushSubscriptionAnswerSchema,
  pushUnsubscribeSchema,
  unsubscribeAnswerSchema,
  unsubscribeSchema,
} from '@/lib/schemas/notifications';
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, crossSite, invalid, notJson, unauthorized } from './common';
import { orgNotFound } from './organiser';

export const notificationPaths: ApiPaths = {
  '/api/v1/notifications/settings': {
    get: {
      tags: ['notifications'],
      security: auth,
      summary:
        "The caller's notification settings: topics by push and by email (no settings yet: every topic on both), the language of the texts (the account's), the VAPID public key to subscribe a browser with, and how many devices are subscribed",
      responses: { 200: jsonResponse('The settings', notificationSettingsAnswerSchema), 401: unauthorized },
    },
    put: {
      tags: ['notifications'],
      security: auth,
      summary: 'Change the topics per channel and the language (it is the account’s language, for every mail)',
      requestBody: jsonBody(notificationSettingsSchema),
      responses: { 200: jsonResponse('The settings', notificationSettingsAnswerSchema), 401: unauthorized, 403: crossSite, 415: notJson, 422: invalid },
    },
  },
  '/api/v1/notifications/push-subscriptions': {
    post: {
      tags: ['notifications'],
      security: auth,
      summary:
        "Subscribe this browser (PushSubscription.toJSON(), made with the settings' vapidPublicKey). A notification goes by push to every subscribed device of the fan when push is on for its topic, else by email; a subscription the push service answers 404/410 for is removed",
      requestBody: jsonBody(pushSubscribeSchema),
      responses: {
        201: jsonResponse('{ ok }', pushSubscriptionAnswerSchema),
        401: unauthorized,
        403: crossSite,
        415: notJson,
        409: errorResponse('The endpoint is another account’s and these are not its keys (PUSH_ENDPOINT_TAKEN)'),
        422: errorResponse('Invalid subscription, an endpoint that is not https (PUSH_ENDPOINT_INVALID), or not a push service browsers use (PUSH_SERVICE_NOT_ALLOWED)'),
      },
    },
    delete: {
      tags: ['notifications'],
      security: auth,
      summary: 'This browser receives no more push notifications (an endpoint that is not the caller’s changes nothing)',
      requestBody: jsonBody(pushUnsubscribeSchema),
      responses: { 200: jsonResponse('{ ok }', pushSubscriptionAnswerSchema), 401: unauthorized, 403: crossSite, 415: notJson, 422: invalid },
    },
  },
  '/api/v1/notifications/unsubscribe': {
    post: {
      tags: ['notifications'],
      summary: 'The unsubscribe link of a notification email: its signed token turns that topic’s email off for the fan it names. No session needed',
      requestBody: jsonBody(unsubscribeSchema),
      responses: {
        200: jsonResponse('The topic turned off', unsubscribeAnswerSchema),
        404: errorResponse('Not a valid token (UNSUBSCRIBE_INVALID)'),
        415: notJson,
        422: invalid,
      },
    },
  },
  '/api/v1/organiser/events/{eventId}/announcements': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: 'The event’s announcements, newest first, each with its recipients and delivery counts (queued, sent, failed) — owner or manager',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      responses: { 200: jsonResponse('{ announcements }', announcementListSchema), 401: unauthorized, 403: errorResponse('A scanner of the organisation (ROLE_FORBIDDEN)'), 404: orgNotFound },
    },
    post: {
      tags: ['organiser'],
      security: auth,
      summary:
        'Send a short message (sk/cs/en, at least one; an empty language shows another) to every ticket holder of the event, by push or email per fan; at most 3 an hour per event. Delivered by the notification queue at the organiser’s rate',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      requestBody: jsonBody(announcementCreateSchema),
      responses: {
        201: jsonResponse('The announcement, queued for every holder', announcementSchema),
        401: unauthorized,
        403: errorResponse('A scanner of the organisation (ROLE_FORBIDDEN), or CROSS_SITE'),
        404: orgNotFound,
        415: notJson,
        422: invalid,
        429: errorResponse('3 announcements in the last hour (RATE_LIMITED); Retry-After says when the next may go'),
      },
    },
  },
};
