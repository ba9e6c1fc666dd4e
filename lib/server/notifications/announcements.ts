import 'server-only';
// Organisers' announcements (issue 19, item 2): a short message in sk/cs/en to every ticket holder of an
// event — or to every holder of a season ticket of a season (issue 28 item 5), or to everyone holding a
// ticket to any coming event of the organisation (issue 31 item 8g) — queued as one notification per fan
// (push, else email) and worked through at the organiser's rate by the sender. At most
// ANNOUNCEMENTS_PER_HOUR per event, season or organisation. Owners and managers; another organisation's event or
// season answers ORG_NOT_FOUND (404) like every organiser call.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Announcement, AnnouncementCreateInput } from '@/lib/schemas/notifications';
import { getDb, rowsOf, tables } from '@/lib/server/db';
import { writtenText } from '@/lib/localized-text';
import { eventAccess, orgAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { seasonAccess } from '@/lib/server/seasons/organiser';
import { notifyEventHolders, notifyOrganisationHolders, notifySeasonHolders, organisationAudience } from './scheduled';

export const ANNOUNCEMENTS_PER_HOUR = 3;

type Counts = { queued: number; sent: number; failed: number };

async function countsOf(ids: string[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  if (!ids.length) return counts;
  const rows = rowsOf<{ announcement_id: string; status: string; n: number }>(
    await getDb().execute(sql`
      select announcement_id, status, count(*)::int as n from notifications
      where announcement_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
      group by announcement_id, status`),
  );
  for (const row of rows) {
    const entry = counts.get(row.announcement_id) ?? { queued: 0, sent: 0, failed: 0 };
    // A fan who turned announcements off everywhere was not sent one: counted with the failed ones would mislead; left out.
    if (row.status === 'queued' || row.status === 'sent' || row.status === 'failed') entry[row.status] += Number(row.n);
    counts.set(row.announcement_id, entry);
  }
  return counts;
}

function answer(row: typeof tables.announcements.$inferSelect, counts?: Counts): Announcement {
  return { id: row.id, message: row.message, createdAt: row.createdAt.toISOString(), recipients: row.recipients, ...(counts ?? { queued: 0, sent: 0, failed: 0 }) };
}

/** Whom an announcement is to: one event's ticket holders, one season's season-ticket holders, or the organisation's coming events' ticket holders. */
type Target = { eventId: string } | { seasonId: string } | { orgId: string };

const accessOf = (actor: { id: string }, target: Target) =>
  'eventId' in target ? eventAccess(actor.id, target.eventId, 'events') : 'seasonId' in target ? seasonAccess(actor.id, target.seasonId) : orgAccess(actor.id, target.orgId, 'events');
const a = tables.announcements;
const targetColumn = (target: Target) =>
  'eventId' in target
    ? eq(a.eventId, target.eventId)
    : 'seasonId' in target
      ? eq(a.seasonId, target.seasonId)
      : and(eq(a.orgId, target.orgId), isNull(a.eventId), isNull(a.seasonId));

type SendResult = { ok: true; announcement: Announcement } | AccessFailure | { ok: false; code: 'RATE_LIMITED'; retryAfterSeconds: number };

async function listFor(actor: { id: string }, target: Target): Promise<{ ok: true; announcements: Announcement[] } | AccessFailure> {
  const access = await accessOf(actor, target);
  if (!access.ok) return access;
  const rows = await getDb().select().from(tables.announcements).where(targetColumn(target)).orderBy(desc(tables.announcements.createdAt)).limit(50);
  const counts = await countsOf(rows.map((row) => row.id));
  return { ok: true, announcements: rows.map((row) => answer(row, counts.get(row.id))) };
}

async function sendTo(actor: { id: string }, target: Target, input: AnnouncementCreateInput, now: Date): Promise<SendResult> {
  const access = await accessOf(actor, target);
  if (!access.ok) return access;
  // Stored as written: an empty language stays empty and shows another one when read (lib/localized-text.ts).
  const message = writtenText(input.message);
  const result = await getDb().transaction(async (tx) => {
    // The event's (season's) row lock puts two announcements at once one after the other: the limit holds.
    if ('eventId' in target) await tx.select({ id: tables.events.id }).from(tables.events).where(eq(tables.events.id, target.eventId)).for('update');
    else if ('seasonId' in target) await tx.select({ id: tables.seasons.id }).from(tables.seasons).where(eq(tables.seasons.id, target.seasonId)).for('update');
    else await tx.select({ id: tables.organisations.id }).from(tables.organisations).where(eq(tables.organisations.id, target.orgId)).for('update');
    const recent = await tx
      .select({ createdAt: tables.announcements.createdAt })
      .from(tables.announcements)
      .where(and(targetColumn(target), gt(tables.announcements.createdAt, new Date(now.getTime() - 3_600_000))))
      .orderBy(desc(tables.announcements.createdAt));
    // The next may go an hour after the oldest of the last ANNOUNCEMENTS_PER_HOUR.
    if (recent.length >= ANNOUNCEMENTS_PER_HOUR) return { limited: recent[ANNOUNCEMENTS_PER_HOUR - 1].createdAt.getTime() + 3_600_000 - now.getTime() };
    const [created] = await tx
      .insert(tables.announcements)
      .values({ ...target, orgId: access.orgId, authorId: actor.id, message, createdAt: now })
      .returning();
    // Signed with the organisation's name in each mail (sender.ts), in the recipient's language.
    const batch = { topic: 'announcement' as const, key: `announcement:${created.id}`, data: { message, orgId: access.orgId }, announcementId: created.id, now };
    const recipients =
      'eventId' in target
        ? await notifyEventHolders(tx, { eventId: target.eventId, ...batch })
        : 'seasonId' in target
          ? await notifySeasonHolders(tx, { seasonId: target.seasonId, ...batch })
          : await notifyOrganisationHolders(tx, { orgId: target.orgId, ...batch });
    const [withCount] = await tx.update(tables.announcements).set({ recipients }).where(eq(tables.announcements.id, created.id)).returning();
    return withCount;
  });
  if ('limited' in result) return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: Math.max(1, Math.ceil(result.limited / 1000)) };
  return { ok: true, announcement: answer(result, { queued: result.recipients, sent: 0, failed: 0 }) };
}

export function listAnnouncements(actor: { id: string }, eventId: string) {
  return listFor(actor, { eventId });
}

export function sendAnnouncement(actor: { id: string }, eventId: string, input: AnnouncementCreateInput, now = new Date()): Promise<SendResult> {
  return sendTo(actor, { eventId }, input, now);
}

/** A season's announcements, newest first (the console's season screen). */
export function listSeasonAnnouncements(actor: { id: string }, seasonId: string) {
  return listFor(actor, { seasonId });
}

/** To every current holder of a season ticket of the season, once each however many seats they hold. */
export function sendSeasonAnnouncement(actor: { id: string }, seasonId: string, input: AnnouncementCreateInput, now = new Date()): Promise<SendResult> {
  return sendTo(actor, { seasonId }, input, now);
}

/**
 * The organisation's own announcements (to all its coming events' ticket holders), newest first, and how
 * many people one sent now would reach.
 */
export async function listOrganisationAnnouncements(
  actor: { id: string },
  orgId: string,
  now = new Date(),
): Promise<{ ok: true; audience: number; announcements: Announcement[] } | AccessFailure> {
  const list = await listFor(actor, { orgId });
  if (!list.ok) return list;
  return { ok: true, audience: await organisationAudience(getDb(), orgId, now), announcements: list.announcements };
}

/** To everyone holding a ticket to a coming (not played, not cancelled) event of the organisation, once each. */
export function sendOrganisationAnnouncement(actor: { id: string }, orgId: string, input: AnnouncementCreateInput, now = new Date()): Promise<SendResult> {
  return sendTo(actor, { orgId }, input, now);
}
