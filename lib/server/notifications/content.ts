import 'server-only';
import { getPathname } from '@/lib/i18n/pathname';
import { TIME_ZONE } from '@/lib/i18n/time-zone';
// What a notification says and where a tap leads, per topic and language (messages namespace
// `notifications.push`). The row's data names what it is about (eventId, …); the event's title and
// times are read at send time, so a text is in the fan's language of the moment.
//
// data per topic (all optional but eventId):
//   gift-received        { eventId, sender }                 → /tickets
//   resale-sold          { eventId, amount, currency }       → /tickets
//   release-sold         { eventId, amount, currency }       → the profile's wallet (the credit it added)
//   hold-expiring        { eventId, expiresAt }              → the event's cart
//   event-reminder       { eventId, kind: 'day' | 'doors' }  → /tickets
//   event-changed        { eventId }                         → the event
//   event-cancelled      { eventId }                         → /orders
//   waiting-list-offer   { eventId, expiresAt }              → the event's cart
//   feedback-request     { eventId }                         → the event's feedback form
//   announcement         { eventId, message: {sk, cs, en} }  → /tickets
//                        { seasonId, message }              → /tickets: to a season's holders, titled with the
//                                                            season and signed with the club (no one match to name)
//                        { orgId, message }                 → /tickets: to all holders of the organisation's coming
//                                                            events, titled and signed with the club's name
import { eq } from 'drizzle-orm';
import { textIn } from '@/lib/localized-text';
import type { Locale } from '@/lib/i18n/routing';
import type { NotificationTopic, PushPayload } from '@/lib/schemas/notifications';
import { translator } from '@/lib/server/api/translate';
import { tables, type Db } from '@/lib/server/db';
import type { LocalizedText } from '@/lib/server/db/schema';
import { formatMoney } from '@/lib/money';

type Event = { id: string; slug: string; title: LocalizedText; startsAt: Date };

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length ? value : undefined);

/** A stored text read in `locale` (lib/localized-text.ts): empty falls back to the organisation's language, then any. */
function localized(text: unknown, locale: Locale, first?: Locale): string {
  if (typeof text === 'string') return text;
  if (!text || typeof text !== 'object') return '';
  return textIn(text as Partial<LocalizedText>, locale, first);
}

function when(date: Date | string | undefined, locale: Locale): string {
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(date));
}

async function pathOf(locale: Locale, topic: NotificationTopic, data: Record<string, unknown>, event: Event | null): Promise<string> {
  // The event's readable id (its slug) is what its pages' URLs use.
  const eventId = event?.slug ?? str(data.eventId);
  switch (topic) {
    case 'hold-expiring':
    case 'waiting-list-offer':
      if (eventId) return getPathname({ locale, href: { pathname: '/events/[id]/cart', params: { id: eventId } } });
      break;
    case 'event-changed':
      if (eventId) return getPathname({ locale, href: { pathname: '/events/[id]', params: { id: eventId } } });
      break;
    case 'event-cancelled':
      return getPathname({ locale, href: '/orders' });
    case 'release-sold':
      // The wallet is a section of the profile (components/profile/wallet-ledger.tsx, id "wallet").
      return `${getPathname({ locale, href: '/profile' })}#wallet`;
    case 'feedback-request':
      if (eventId) return getPathname({ locale, href: { pathname: '/events/[id]/feedback', params: { id: eventId } } });
      break;
  }
  return getPathname({ locale, href: '/tickets' });
}

export type NotificationContent = PushPayload;

/**
 * Who signs an announcement: the organisation that sent it (its data's orgId; older ones by their event's
 * or season's organisation). Every other notification is signed by Tribuna's team.
 */
export async function announcementSigner(db: Db, data: Record<string, unknown>): Promise<string | undefined> {
  const orgId = str(data.orgId);
  const eventId = str(data.eventId);
  const seasonId = str(data.seasonId);
  const o = tables.organisations;
  const [row] = orgId
    ? await db.select({ name: o.name }).from(o).where(eq(o.id, orgId))
    : eventId
      ? await db.select({ name: o.name }).from(tables.events).innerJoin(o, eq(o.id, tables.events.orgId)).where(eq(tables.events.id, eventId))
      : seasonId
        ? await db.select({ name: o.name }).from(tables.seasons).innerJoin(o, eq(o.id, tables.seasons.orgId)).where(eq(tables.seasons.id, seasonId))
        : [];
  return row?.name;
}

export async function notificationContent(
  db: Db,
  input: { id: string; topic: NotificationTopic; data: Record<string, unknown> },
  locale: Locale,
): Promise<NotificationContent> {
  const { topic, data } = input;
  const t = translator(locale);
  const eventId = str(data.eventId);
  const [event] = eventId
    ? await db
        .select({ id: tables.events.id, slug: tables.events.slug, title: tables.events.title, startsAt: tables.events.startsAt, language: tables.organisations.language })
        .from(tables.events)
        .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
        .where(eq(tables.events.id, eventId))
    : [];
  const values: Record<string, string | number> = {
    event: event ? localized(event.title, locale, event.language) : '',
    time: when(event?.startsAt, locale),
    sender: str(data.sender) ?? '',
    message: localized(data.message, locale),
    minutes: 2,
    price: '',
  };
  if (typeof data.amount === 'number' && (data.currency === 'EUR' || data.currency === 'CZK')) {
    values.price = formatMoney({ amount: data.amount, currency: data.currency }, locale);
  }
  if (topic === 'waiting-list-offer') values.time = when(str(data.expiresAt), locale);
  const seasonId = str(data.seasonId);
  const orgId = str(data.orgId);
  // An organisation's message to all its coming events' holders: no match or season to name; titled with the club.
  const toOrganisation = topic === 'announcement' && !eventId && !seasonId && !!orgId;
  if (topic === 'announcement' && orgId) {
    const [org] = await db.select({ name: tables.organisations.name, language: tables.organisations.language }).from(tables.organisations).where(eq(tables.organisations.id, orgId));
    // An empty language of the message shows the organisation's own language first (lib/localized-text.ts).
    values.message = localized(data.message, locale, org?.language);
    values.organisation = org?.name ?? '';
  }
  if (topic === 'announcement' && seasonId) {
    const [season] = await db
      .select({ name: tables.seasons.name, organisation: tables.organisations.name })
      .from(tables.seasons)
      .innerJoin(tables.organisations, eq(tables.organisations.id, tables.seasons.orgId))
      .where(eq(tables.seasons.id, seasonId));
    values.season = season ? localized(season.name, locale) : '';
    values.organisation = season?.organisation ?? '';
  }
  const key =
    topic === 'event-reminder' && data.kind === 'doors'
      ? 'event-reminder-doors'
      : topic === 'announcement' && seasonId
        ? 'announcement-season'
        : toOrganisation
          ? 'announcement-organisation'
          : topic;
  return {
    topic,
    title: t(`notifications.push.${key}.title`, values),
    body: t(`notifications.push.${key}.body`, values),
    url: await pathOf(locale, topic, data, event ?? null),
    // One notification per thing on a device: a newer one about the same replaces the older. Each sold
    // release is a credit of its own (a holder of two seats may release both for one match).
    tag: `${topic}:${str(data.releaseId) ?? eventId ?? seasonId ?? input.id}`,
  };
}
