// Fans' notifications (issue 19): topics, push subscriptions, per-channel settings, organisers' announcements.
// Shared by the profile's settings form, the service worker's payload and the /api/v1 handlers.
import { z } from 'zod';
import { multilineText, plainText } from './primitives';

/** What a fan can be told of. The first six a fan chooses per channel; `announcement` is an organiser's message. */
export const NOTIFICATION_TOPICS = [
  'gift-received',
  'resale-sold',
  'release-sold',
  'hold-expiring',
  'event-reminder',
  'event-changed',
  'event-cancelled',
  'waiting-list-offer',
  'feedback-request',
  'announcement',
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];
export const notificationTopicSchema = z.enum(NOTIFICATION_TOPICS);

export const NOTIFICATION_CHANNELS = ['push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

const base64url = z.string().trim().min(16).max(200).regex(/^[A-Za-z0-9_-]+=*$/, 'errors.invalidInput');

/** The browser's PushSubscription.toJSON(), as it comes. */
export const pushSubscribeSchema = z.object({
  endpoint: z.url().max(2000).refine((value) => value.startsWith('https://') || value.startsWith('http://'), 'errors.invalidInput'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url.min(16).max(64) }),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: plainText().min(1).max(2000) });

export const pushSubscriptionAnswerSchema = z.object({ ok: z.literal(true) });

export const notificationSettingsSchema = z.object({
  push: z.array(notificationTopicSchema).max(NOTIFICATION_TOPICS.length),
  email: z.array(notificationTopicSchema).max(NOTIFICATION_TOPICS.length),
  locale: z.enum(['sk', 'cs', 'en']),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsAnswerSchema = notificationSettingsSchema.extend({
  /** The VAPID public key the browser subscribes with (applicationServerKey). */
  vapidPublicKey: z.string(),
  /** How many of the fan's devices are subscribed. */
  pushDevices: z.number().int(),
});
export type NotificationSettingsAnswer = z.infer<typeof notificationSettingsAnswerSchema>;

export const unsubscribeSchema = z.object({ token: plainText().min(10).max(500) });
export const unsubscribeAnswerSchema = z.object({ topic: notificationTopicSchema });

/** What the service worker receives in a push message (JSON). */
export const pushPayloadSchema = z.object({
  topic: notificationTopicSchema,
  title: z.string(),
  body: z.string(),
  /** Where a tap leads: a path on this site, with its language. */
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const ANNOUNCEMENT_MAX = 280;
// Line breaks are fine in a message; any other control character (NUL: jsonb refuses it) is not.
const announcementText = multilineText(ANNOUNCEMENT_MAX);

/** An organiser's message to every ticket holder: at least one language; a missing one falls back to the others. */
export const announcementCreateSchema = z
  .object({ message: z.object({ sk: announcementText, cs: announcementText, en: announcementText }) })
  .refine((value) => Object.values(value.message).some((text) => text.length > 0), { message: 'notifications.errors.messageRequired', path: ['message', 'sk'] });
export type AnnouncementCreateInput = z.infer<typeof announcementCreateSchema>;

export const announcementSchema = z.object({
  id: z.uuid(),
  message: z.object({ sk: z.string(), cs: z.string(), en: z.string() }),
  createdAt: z.string(),
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementListSchema = z.object({ announcements: z.array(announcementSchema) });
/** The organisation's own announcements, and how many people one sent now would reach (each person once). */
export const organisationAnnouncementListSchema = announcementListSchema.extend({ audience: z.number().int() });
export type OrganisationAnnouncementList = z.infer<typeof organisationAnnouncementListSchema>;
