import 'server-only';
import type { Db, Tx } from '@/lib/server/db';
import { notify } from '@/lib/server/notifications/notify';

// The one step that tells a checked-in holder their feedback is wanted: through the notification queue
// (push when the fan has a subscription for the topic, else an email with the form's link). The caller
// (invitations.ts) has already claimed the (event, holder) row in `db`'s transaction, so it runs once
// per holder, and the dedupe key makes a second queueing of it nothing.

export type FeedbackInvite = { userId: string; eventId: string; organisationId: string; /** `feedback:{eventId}:{userId}` */ dedupeKey: string };

/** Queues the invitation in the caller's transaction. */
export async function sendFeedbackInvite(invite: FeedbackInvite, { db }: { db: Db | Tx }): Promise<void> {
  await notify(
    { userId: invite.userId, topic: 'feedback-request', data: { eventId: invite.eventId }, dedupeKey: invite.dedupeKey, organisationId: invite.organisationId },
    { db },
  );
}
