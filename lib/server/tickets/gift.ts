import 'server-only';
import { textIn } from '@/lib/localized-text';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { siteLink } from '@/lib/server/site-link';
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/server/api/translate';
import { getDb, tables } from '@/lib/server/db';
import { notify } from '@/lib/server/notifications/notify';
import { queueTicketEmail } from './mail';
import { lockOwnedTicket, moveTicketToOwner, transferBlock } from './ownership';

export type GiftFailure =
  | 'TICKET_NOT_FOUND'
  | 'TICKET_LISTED'
  | 'TICKET_NOT_TRANSFERABLE'
  | 'TRANSFER_DISABLED'
  | 'EVENT_STARTED'
  | 'GIFT_TO_SELF'
  | 'GIFT_PENDING'
  /** A ZŤP-S holder's companion seat goes only with the holder's ticket (ownership.ts moves it along). */
  | 'COMPANION_NOT_ALONE';

export type GiftResult = { ok: true; status: 'claimed' | 'pending'; toEmail: string } | { ok: false; code: GiftFailure };

type Actor = { id: string; email: string; firstName: string; lastName: string };

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Sends a ticket to another fan by email. A registered recipient gets it at once (new secret and
 * version: the sender's code dies); any other address (unknown, or not verified by its account) gets an
 * invitation and the ticket waits in a pending gift until an account has verified that email. The sender can cancel while it waits.
 */
export async function giftTicket(actor: Actor, input: { ticketId: string; email: string; locale: Locale }): Promise<GiftResult> {
  const db = getDb();
  const toEmail = normalise(input.email);
  if (toEmail === normalise(actor.email)) return { ok: false, code: 'GIFT_TO_SELF' };

  const [ticket] = await db
    .select({
      id: tables.tickets.id,
      status: tables.tickets.status,
      concession: tables.tickets.concession,
      eventId: tables.tickets.eventId,
      orgId: tables.events.orgId,
      title: tables.events.title,
      transferEnabled: tables.events.transferEnabled,
      startsAt: tables.events.startsAt,
      eventStatus: tables.events.status,
    })
    .from(tables.tickets)
    .innerJoin(tables.events, eq(tables.events.id, tables.tickets.eventId))
    .where(and(eq(tables.tickets.id, input.ticketId), eq(tables.tickets.ownerId, actor.id)));
  if (!ticket) return { ok: false, code: 'TICKET_NOT_FOUND' };
  if (ticket.concession === 'companion') return { ok: false, code: 'COMPANION_NOT_ALONE' };
  if (ticket.status === 'listed') return { ok: false, code: 'TICKET_LISTED' };
  if (ticket.status !== 'valid') return { ok: false, code: 'TICKET_NOT_TRANSFERABLE' };
  const blocked = transferBlock({ transferEnabled: ticket.transferEnabled, startsAt: ticket.startsAt, status: ticket.eventStatus });
  if (blocked) return { ok: false, code: blocked };

  // Only an account that proved the address is its own receives at once; otherwise the gift waits.
  const [recipient] = await db
    .select({ id: tables.users.id, locale: tables.users.locale })
    .from(tables.users)
    .where(and(sql`lower(${tables.users.email}) = ${toEmail}`, isNotNull(tables.users.emailVerifiedAt), isNull(tables.users.removedAt)));

  const sender = `${actor.firstName} ${actor.lastName}`.trim();
  const result = await db.transaction(async (tx) => {
    // The row lock a listing takes too: of a gift and a listing at once, the second sees the first.
    const locked = await lockOwnedTicket(tx, { ticketId: ticket.id, ownerId: actor.id });
    if (!locked) return { ok: false as const, code: 'TICKET_NOT_FOUND' as const };
    if (locked.status === 'listed') return { ok: false as const, code: 'TICKET_LISTED' as const };
    if (locked.status !== 'valid') return { ok: false as const, code: 'TICKET_NOT_TRANSFERABLE' as const };
    const [pending] = await tx
      .select({ id: tables.gifts.id })
      .from(tables.gifts)
      .where(and(eq(tables.gifts.ticketId, ticket.id), eq(tables.gifts.fromUserId, actor.id), eq(tables.gifts.status, 'pending')));
    if (pending) return { ok: false as const, code: 'GIFT_PENDING' as const };
    // A gift an earlier holder left waiting is not theirs to give any more (and would hold the one-pending-gift slot).
    await tx
      .update(tables.gifts)
      .set({ status: 'cancelled', resolvedAt: new Date() })
      .where(and(eq(tables.gifts.ticketId, ticket.id), eq(tables.gifts.status, 'pending'), ne(tables.gifts.fromUserId, actor.id)));
    if (recipient) {
      const moved = await moveTicketToOwner(tx, { ticketId: ticket.id, fromUserId: actor.id, toUserId: recipient.id });
      if (!moved) return { ok: false as const, code: 'TICKET_NOT_TRANSFERABLE' as const };
      const [given] = await tx
        .insert(tables.gifts)
        .values({ ticketId: ticket.id, fromUserId: actor.id, toEmail, toUserId: recipient.id, status: 'claimed', resolvedAt: new Date() })
        .returning({ id: tables.gifts.id });
      // The gift mail below goes whatever the settings; this is the push notification (sender.ts: PUSH_ONLY_TOPICS).
      await notify(
        { userId: recipient.id, topic: 'gift-received', data: { eventId: ticket.eventId, ticketId: ticket.id, sender }, dedupeKey: `gift-received:${given.id}`, organisationId: ticket.orgId },
        { db: tx },
      );
      return { ok: true as const, status: 'claimed' as const, toEmail };
    }
    // The partial unique index (one pending gift per ticket) settles two concurrent gifts.
    const inserted = await tx
      .insert(tables.gifts)
      .values({ ticketId: ticket.id, fromUserId: actor.id, toEmail })
      .onConflictDoNothing()
      .returning({ id: tables.gifts.id });
    if (!inserted.length) return { ok: false as const, code: 'GIFT_PENDING' as const };
    return { ok: true as const, status: 'pending' as const, toEmail };
  });
  if (!result.ok) return result;

  const locale = (recipient?.locale ?? input.locale) as Locale;
  const t = translator(locale);
  const event = textIn(ticket.title, locale);
  if (recipient) {
    const link = await siteLink(locale, '/tickets');
    await queueTicketEmail({
      to: toEmail,
      locale,
      kind: 'gift-received',
      subject: t('gift.mail.receivedSubject', { event }),
      text: t('gift.mail.receivedBody', { sender, event, link }),
    });
  } else {
    const link = await siteLink(locale, '/signup');
    await queueTicketEmail({
      to: toEmail,
      locale,
      kind: 'gift-invitation',
      subject: t('gift.mail.inviteSubject', { event }),
      text: t('gift.mail.inviteBody', { sender, event, link, email: toEmail }),
    });
  }
  return result;
}

/** The sender takes back a gift nobody has claimed yet. */
export async function cancelGift(actor: { id: string }, ticketId: string): Promise<{ ok: true } | { ok: false; code: 'TICKET_NOT_FOUND' }> {
  const cancelled = await getDb()
    .update(tables.gifts)
    .set({ status: 'cancelled', resolvedAt: new Date() })
    .where(and(eq(tables.gifts.ticketId, ticketId), eq(tables.gifts.fromUserId, actor.id), eq(tables.gifts.status, 'pending')))
    .returning({ id: tables.gifts.id });
  return cancelled.length ? { ok: true } : { ok: false, code: 'TICKET_NOT_FOUND' };
}

/**
 * Gives a fan the tickets waiting for their verified email. Each claim is its
 * own transaction: the gift row flips from pending exactly once, and the ticket moves only if the
 * sender still holds it as a valid ticket; otherwise the gift is cancelled.
 */
export async function claimPendingGifts(user: { id: string; email: string }): Promise<number> {
  const db = getDb();
  // Claimed only for the address the account has verified (read now, not from the session's copy):
  // signing up with someone's email does not get their gifts.
  const [owner] = await db
    .select({ email: tables.users.email })
    .from(tables.users)
    .where(and(eq(tables.users.id, user.id), isNotNull(tables.users.emailVerifiedAt), isNull(tables.users.removedAt)));
  if (!owner?.email) return 0;
  const email = normalise(owner.email);
  const waiting = await db
    .select({ id: tables.gifts.id, ticketId: tables.gifts.ticketId, fromUserId: tables.gifts.fromUserId })
    .from(tables.gifts)
    .where(and(eq(tables.gifts.toEmail, email), eq(tables.gifts.status, 'pending')));
  let claimed = 0;
  for (const gift of waiting) {
    if (gift.fromUserId === user.id) continue;
    const done = await db.transaction(async (tx) => {
      const [taken] = await tx
        .update(tables.gifts)
        .set({ status: 'claimed', toUserId: user.id, resolvedAt: new Date() })
        .where(and(eq(tables.gifts.id, gift.id), eq(tables.gifts.status, 'pending')))
        .returning({ id: tables.gifts.id });
      if (!taken) return false;
      const moved = await moveTicketToOwner(tx, { ticketId: gift.ticketId, fromUserId: gift.fromUserId, toUserId: user.id });
      if (!moved) {
        await tx.update(tables.gifts).set({ status: 'cancelled', toUserId: null }).where(eq(tables.gifts.id, gift.id));
        return false;
      }
      return true;
    });
    if (done) claimed++;
  }
  return claimed;
}
