import 'server-only';

// When an event's feedback form is open and when its holders are invited: the one place that says it.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** An event with no end time counts as over this long after its start (as Your tickets counts it past). */
export const ENDS_AFTER_START_MS = 6 * HOUR;
/** The form takes answers for this long after the event's end. */
export const FEEDBACK_OPEN_MS = 30 * DAY;

/** How long after the end the invitations go: FEEDBACK_INVITE_DELAY_MINUTES, default two hours (people get home first). */
export function inviteDelayMs(): number {
  const raw = process.env.FEEDBACK_INVITE_DELAY_MINUTES;
  const minutes = raw ? Number(raw) : Number.NaN;
  return Number.isFinite(minutes) && minutes >= 0 ? minutes * 60_000 : 2 * HOUR;
}

export function eventEnd(event: { startsAt: Date; endsAt: Date | null }): Date {
  return event.endsAt ?? new Date(event.startsAt.getTime() + ENDS_AFTER_START_MS);
}

export type FeedbackWindow = { opensAt: Date; closesAt: Date; state: 'not_ended' | 'open' | 'closed' };

export function feedbackWindow(event: { startsAt: Date; endsAt: Date | null }, now: Date): FeedbackWindow {
  const opensAt = eventEnd(event);
  const closesAt = new Date(opensAt.getTime() + FEEDBACK_OPEN_MS);
  const state = now < opensAt ? 'not_ended' : now >= closesAt ? 'closed' : 'open';
  return { opensAt, closesAt, state };
}
