import 'server-only';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { isEventRef, isUuid } from '@/lib/ids';
import { getDb, tables, type Db, type Tx } from '@/lib/server/db';
import type { FeedbackAnswer } from '@/lib/server/db/schema';
import type { FeedbackInput, MyFeedback } from '@/lib/schemas/feedback';
import { feedbackWindow } from './rules';

// The fan's side of feedback after an event: the form of a holder who was checked in at the gate, and
// their one answer. "Checked in" is what the gate wrote on the ticket (scan/check-in.ts: status
// checked_in); a holder with several tickets answers once.

const e = tables.events;
const q = tables.feedbackQuestions;
const r = tables.feedbackResponses;

type EventRow = { id: string; slug: string; title: { sk: string; cs: string; en: string }; startsAt: Date; endsAt: Date | null };

async function publicEvent(db: Db | Tx, ref: string): Promise<EventRow | null> {
  if (!isEventRef(ref)) return null;
  const [row] = await db
    .select({ id: e.id, slug: e.slug, title: e.title, startsAt: e.startsAt, endsAt: e.endsAt })
    .from(e)
    .where(and(isUuid(ref) ? eq(e.id, ref) : eq(e.slug, ref), ne(e.status, 'draft'), ne(e.status, 'cancelled')))
    .limit(1);
  return row ?? null;
}

/** Was this user checked in at the event's gate with a ticket they hold? */
export async function wasCheckedIn(db: Db | Tx, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(tables.tickets)
    .where(and(eq(tables.tickets.eventId, eventId), eq(tables.tickets.ownerId, userId), eq(tables.tickets.status, 'checked_in')))
    .limit(1);
  return Boolean(row);
}

/** The organiser's questions of an event, in order. */
export async function questionsOf(db: Db | Tx, eventId: string) {
  return db.select({ id: q.id, prompt: q.prompt, kind: q.kind }).from(q).where(eq(q.eventId, eventId)).orderBy(asc(q.position));
}

type Failure = { ok: false; code: 'EVENT_NOT_FOUND' } | { ok: false; code: 'FEEDBACK_NOT_ATTENDED' };

/** The feedback form of an event for a holder who was checked in, with their answer once given. */
export async function myFeedback(user: { id: string }, eventRef: string, now = new Date()): Promise<({ ok: true } & MyFeedback) | Failure> {
  const db = getDb();
  const event = await publicEvent(db, eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  if (!(await wasCheckedIn(db, event.id, user.id))) return { ok: false, code: 'FEEDBACK_NOT_ATTENDED' };
  const window = feedbackWindow(event, now);
  const [questions, [response]] = await Promise.all([
    questionsOf(db, event.id),
    db
      .select({ rating: r.rating, comment: r.comment, answers: r.answers, createdAt: r.createdAt })
      .from(r)
      .where(and(eq(r.eventId, event.id), eq(r.userId, user.id))),
  ]);
  return {
    ok: true,
    event: { id: event.id, slug: event.slug, title: event.title, startsAt: event.startsAt.toISOString() },
    state: window.state,
    opensAt: window.opensAt.toISOString(),
    closesAt: window.closesAt.toISOString(),
    questions,
    response: response ? { rating: response.rating, comment: response.comment, answers: response.answers, submittedAt: response.createdAt.toISOString() } : null,
  };
}

type SubmitFailure =
  | Failure
  | { ok: false; code: 'FEEDBACK_NOT_OPEN' }
  | { ok: false; code: 'FEEDBACK_CLOSED' }
  | { ok: false; code: 'FEEDBACK_ALREADY_GIVEN' }
  | { ok: false; code: 'FEEDBACK_ANSWER_INVALID' };

/**
 * Stores a checked-in holder's feedback, once: a second answer (also one sent at the same moment from
 * another device) is refused with FEEDBACK_ALREADY_GIVEN — the unique index on (event, user) decides,
 * not a read before the write. Answers name the event's questions, each at most once, in its kind
 * (a rating question 1–5, a text question words); an empty text answer is left out.
 */
export async function submitFeedback(user: { id: string }, eventRef: string, input: FeedbackInput, now = new Date()): Promise<{ ok: true; submittedAt: string } | SubmitFailure> {
  const db = getDb();
  const event = await publicEvent(db, eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  if (!(await wasCheckedIn(db, event.id, user.id))) return { ok: false, code: 'FEEDBACK_NOT_ATTENDED' };
  const window = feedbackWindow(event, now);
  if (window.state === 'not_ended') return { ok: false, code: 'FEEDBACK_NOT_OPEN' };
  if (window.state === 'closed') return { ok: false, code: 'FEEDBACK_CLOSED' };

  const questions = await questionsOf(db, event.id);
  const answers: FeedbackAnswer[] = [];
  for (const answer of input.answers) {
    const question = questions.find((x) => x.id === answer.questionId);
    if (!question || answers.some((a) => a.questionId === answer.questionId)) return { ok: false, code: 'FEEDBACK_ANSWER_INVALID' };
    if (question.kind === 'rating') {
      if (answer.text !== undefined && answer.text !== '') return { ok: false, code: 'FEEDBACK_ANSWER_INVALID' };
      if (answer.rating !== undefined) answers.push({ questionId: question.id, rating: answer.rating });
    } else {
      if (answer.rating !== undefined) return { ok: false, code: 'FEEDBACK_ANSWER_INVALID' };
      if (answer.text) answers.push({ questionId: question.id, text: answer.text });
    }
  }
  const comment = input.comment ? input.comment : null;
  const [row] = await db
    .insert(r)
    .values({ eventId: event.id, userId: user.id, rating: input.rating, comment, answers, createdAt: now })
    .onConflictDoNothing({ target: [r.eventId, r.userId] })
    .returning({ createdAt: r.createdAt });
  if (!row) return { ok: false, code: 'FEEDBACK_ALREADY_GIVEN' };
  return { ok: true, submittedAt: row.createdAt.toISOString() };
}
