import 'server-only';
// Notifications over the API: a fan's push subscriptions, settings and unsubscribe links, and the
// organiser's announcements to an event's ticket holders. Its jobs queue what has become due and send
// the queue.
import {
  announcementCreateSchema,
  announcementListSchema,
  announcementSchema,
  notificationSettingsAnswerSchema,
  notificationSettingsSchema,
  organisationAnnouncementListSchema,
  pushSubscribeSchema,
  pushSubscriptionAnswerSchema,
  pushUnsubscribeSchema,
  unsubscribeAnswerSchema,
  unsubscribeSchema,
} from '@/lib/schemas/notifications';
import { eventIdParamSchema, orgIdParamSchema } from '@/lib/schemas/organiser';
import { defineModule, operation } from '@/lib/server/api/operation';
import { failureOf, parseWith } from '@/lib/server/api/respond';
import { listAnnouncements, listOrganisationAnnouncements, sendAnnouncement, sendOrganisationAnnouncement } from './announcements';
import { notificationSettings, unsubscribeByToken, updateNotificationSettings } from './preferences';
import { queueDueNotifications } from './scheduled';
import { sendDueNotifications } from './sender';
import { subscribePush, unsubscribePush } from './subscriptions';

const ANNOUNCEMENTS = '/api/v1/organiser/events/{eventId}/announcements';
const ORGANISATION_ANNOUNCEMENTS = '/api/v1/organiser/organisations/{orgId}/announcements';
const ofOrganisation = { capability: 'events', owner: 'organisation', param: 'orgId' } as const;

export default defineModule({
  name: 'notifications',
  operations: [
    // GET /api/v1/notifications/settings — the caller's notification topics per channel, language and VAPID key
    operation({
      method: 'get',
      path: '/api/v1/notifications/settings',
      summary:
        "The caller's notification settings: topics by push and by email (no settings yet: every topic on both), the language of the texts (the account's), the VAPID public key to subscribe a browser with, and how many devices are subscribed",
      access: 'signed-in',
      answer: notificationSettingsAnswerSchema,
      failures: [],
      handle: async ({ caller }) => notificationSettings(caller.user),
    }),
    // PUT /api/v1/notifications/settings — change them
    operation({
      method: 'put',
      path: '/api/v1/notifications/settings',
      summary: 'Change the topics per channel and the language (it is the account’s language, for every mail)',
      access: 'signed-in',
      body: notificationSettingsSchema,
      answer: notificationSettingsAnswerSchema,
      failures: [],
      handle: async ({ body, caller }) => updateNotificationSettings(caller.user, body),
    }),
    // POST /api/v1/notifications/push-subscriptions — this browser receives push notifications
    operation({
      method: 'post',
      path: '/api/v1/notifications/push-subscriptions',
      summary:
        "Subscribe this browser (PushSubscription.toJSON(), made with the settings' vapidPublicKey). A notification goes by push to every subscribed device of the fan when push is on for its topic, else by email; a subscription the push service answers 404/410 for is removed",
      access: 'signed-in',
      body: pushSubscribeSchema,
      answer: pushSubscriptionAnswerSchema,
      status: 201,
      failures: ['PUSH_ENDPOINT_INVALID', 'PUSH_SERVICE_NOT_ALLOWED', 'PUSH_ENDPOINT_TAKEN'],
      handle: async ({ request, body, caller }) => {
        const result = await subscribePush(caller.user, { ...body, userAgent: request.headers.get('user-agent') });
        if (!result.ok) throw failureOf(result);
        return result;
      },
    }),
    // DELETE /api/v1/notifications/push-subscriptions — no more
    operation({
      method: 'delete',
      path: '/api/v1/notifications/push-subscriptions',
      summary: 'This browser receives no more push notifications (an endpoint that is not the caller’s changes nothing)',
      access: 'signed-in',
      body: pushUnsubscribeSchema,
      answer: pushSubscriptionAnswerSchema,
      failures: [],
      handle: async ({ body, caller }) => unsubscribePush(caller.user, body.endpoint),
    }),
    // POST /api/v1/notifications/unsubscribe — an email's unsubscribe link: turns off that topic's email (the token is the authority, no session)
    operation({
      method: 'post',
      path: '/api/v1/notifications/unsubscribe',
      summary: 'The unsubscribe link of a notification email: its signed token turns that topic’s email off for the fan it names. No session needed',
      access: 'anyone',
      body: unsubscribeSchema,
      answer: unsubscribeAnswerSchema,
      failures: ['UNSUBSCRIBE_INVALID'],
      handle: async ({ body }) => {
        const result = await unsubscribeByToken(body.token);
        if (!result.ok) throw failureOf(result);
        return { topic: result.topic };
      },
    }),
    // GET /api/v1/organiser/events/{eventId}/announcements — sent announcements with delivery counts
    operation({
      method: 'get',
      path: ANNOUNCEMENTS,
      summary: 'The event’s announcements, newest first, each with its recipients and delivery counts (queued, sent, failed) — owner or manager',
      access: { capability: 'events', owner: 'event', param: 'eventId' },
      params: eventIdParamSchema,
      answer: announcementListSchema,
      failures: ['VALIDATION'],
      handle: async ({ params, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await listAnnouncements(caller.user, eventId);
        if (!result.ok) throw failureOf(result);
        return { announcements: result.announcements };
      },
    }),
    // POST /api/v1/organiser/events/{eventId}/announcements — send one to every ticket holder
    operation({
      method: 'post',
      path: ANNOUNCEMENTS,
      summary:
        'Send a short message (sk/cs/en, at least one; an empty language shows another) to every ticket holder of the event, by push or email per fan; at most 3 an hour per event (RATE_LIMITED; Retry-After says when the next may go). Delivered by the notification queue at the organiser’s rate',
      access: { capability: 'events', owner: 'event', param: 'eventId' },
      params: eventIdParamSchema,
      body: announcementCreateSchema,
      answer: announcementSchema,
      status: 201,
      failures: ['RATE_LIMITED'],
      handle: async ({ params, body, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await sendAnnouncement(caller.user, eventId, body);
        if (!result.ok) throw failureOf(result);
        return result.announcement;
      },
    }),
    // GET /api/v1/organiser/organisations/{orgId}/announcements — the organisation's own announcements and whom one would reach
    operation({
      method: 'get',
      path: ORGANISATION_ANNOUNCEMENTS,
      summary:
        'The organisation’s announcements to all its ticket holders, newest first, with delivery counts, and `audience`: how many people one sent now would reach (everyone holding a ticket to a coming — not played, not cancelled — event of the organisation, each once) — owner or manager; another organisation is 404',
      access: ofOrganisation,
      params: orgIdParamSchema,
      answer: organisationAnnouncementListSchema,
      failures: ['VALIDATION'],
      handle: async ({ params, caller }) => {
        const { orgId } = parseWith(orgIdParamSchema, params);
        const result = await listOrganisationAnnouncements(caller.user, orgId);
        if (!result.ok) throw failureOf(result);
        return { audience: result.audience, announcements: result.announcements };
      },
    }),
    // POST /api/v1/organiser/organisations/{orgId}/announcements — send one to everyone with a ticket to a coming event
    operation({
      method: 'post',
      path: ORGANISATION_ANNOUNCEMENTS,
      summary:
        'Send a short message (sk/cs/en, at least one; stored as written, an empty language shows another when read) to everyone holding a ticket to any coming (not played, not cancelled) event of the organisation, each person once, by push or email per fan and their settings, signed with the organisation’s name; at most 3 an hour per organisation (RATE_LIMITED; Retry-After says when the next may go). Delivered by the notification queue at the organiser’s rate',
      access: ofOrganisation,
      params: orgIdParamSchema,
      body: announcementCreateSchema,
      answer: announcementSchema,
      status: 201,
      failures: ['RATE_LIMITED'],
      handle: async ({ params, body, caller }) => {
        const { orgId } = parseWith(orgIdParamSchema, params);
        const result = await sendOrganisationAnnouncement(caller.user, orgId, body);
        if (!result.ok) throw failureOf(result);
        return result.announcement;
      },
    }),
  ],
  jobs: [
    // Reminders, expiring carts and feedback invitations are queued first, so that they go out in this same tick.
    {
      name: 'notifications: queue what is due',
      order: 90,
      run: async () => {
        await queueDueNotifications();
        return false;
      },
    },
    // A backlog (an announcement to a stadium) is worked for half the tick's interval; the rest waits for the next tick.
    {
      name: 'notifications: send',
      order: 91,
      run: async ({ seconds, startedAt }) => (await sendDueNotifications()).length > 0 && Date.now() - startedAt < seconds * 500,
    },
  ],
});
