import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, rowsOf, type Db } from '@/lib/server/db';
import { sendFeedbackInvite } from './invite';
import { ENDS_AFTER_START_MS, FEEDBACK_OPEN_MS, inviteDelayMs } from './rules';

export const INVITE_BATCH = 200;

/**
 * Invites the checked-in holders of events that ended at least inviteDelayMs() ago (and whose form is
 * still open) to give feedback, each holder once per event. Run by every server process's sweeper
 * (the job loop, lib/server/jobs.ts) at once: the (event, holder) row of feedback_invitations is claimed by an INSERT … ON
 * CONFLICT DO NOTHING … RETURNING in the same transaction that queues the invitation, so of two sweepers
 * that pick the same holder one inserts and the other, waiting on that row, inserts nothing and sends
 * nothing. Rows are claimed in (event, holder) order, so two sweepers never wait on each other in a
 * circle. A holder who has already answered (from Your tickets) is not invited. Answers the claimed pairs.
 */
export async function inviteDueFeedback(options: { db?: Db; now?: Date; limit?: number } = {}): Promise<{ eventId: string; userId: string }[]> {
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  const endedBefore = new Date(now.getTime() - inviteDelayMs()).toISOString();
  const endedAfter = new Date(now.getTime() - FEEDBACK_OPEN_MS).toISOString();
  const claimed = await db.transaction(async (tx) => {
    const claimed = rowsOf<{ event_id: string; user_id: string; org_id: string }>(
      await tx.execute(sql`
        with ended as (
          select id, org_id from events
          where status in ('on_sale', 'sold_out')
            and coalesce(ends_at, starts_at + ${`${ENDS_AFTER_START_MS / 1000} seconds`}::interval) <= ${endedBefore}::timestamptz
            and coalesce(ends_at, starts_at + ${`${ENDS_AFTER_START_MS / 1000} seconds`}::interval) > ${endedAfter}::timestamptz
        ), due as (
          select distinct t.event_id, t.owner_id
          from ended join tickets t on t.event_id = ended.id and t.status = 'checked_in'
          where not exists (select 1 from feedback_invitations i where i.event_id = t.event_id and i.user_id = t.owner_id)
            and not exists (select 1 from feedback_responses f where f.event_id = t.event_id and f.user_id = t.owner_id)
          order by t.event_id, t.owner_id
          limit ${options.limit ?? INVITE_BATCH}
        ), claimed as (
          insert into feedback_invitations (event_id, user_id, created_at)
          select event_id, owner_id, ${now.toISOString()}::timestamptz from due
          order by event_id, owner_id
          on conflict do nothing
          returning event_id, user_id
        )
        select claimed.event_id, claimed.user_id, ended.org_id from claimed join ended on ended.id = claimed.event_id`),
    );
    for (const row of claimed) {
      await sendFeedbackInvite(
        { userId: row.user_id, eventId: row.event_id, organisationId: row.org_id, dedupeKey: `feedback:${row.event_id}:${row.user_id}` },
        { db: tx },
      );
    }
    return claimed;
  });
  return claimed.map((row) => ({ eventId: row.event_id, userId: row.user_id }));
}
