import 'server-only';
import { and, asc, count, desc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { getDb, rowsOf, tables } from '@/lib/server/db';
import type { FeedbackAnswer } from '@/lib/server/db/schema';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { exportFile, type ExportColumn, type ExportFile, type ExportFormat, type ExportRow } from '@/lib/server/reports/export-file';
import type { FeedbackQuestion, FeedbackQuestionsInput, FeedbackResults } from '@/lib/schemas/feedback';
import { questionsOf } from './fan';
import { log } from '@/lib/server/ops/log';

// The organiser's side of feedback (owner and manager: the 'events' capability): the event's up to
// three questions, what the checked-in holders answered, and all of it as CSV. Answers carry no name
// or address: the fan is told so on the form.

const q = tables.feedbackQuestions;
const r = tables.feedbackResponses;

export async function getFeedbackQuestions(userId: string, eventId: string): Promise<{ ok: true; questions: FeedbackQuestion[] } | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  return { ok: true, questions: await questionsOf(getDb(), eventId) };
}

/**
 * Replaces the event's questions with `input` (before or after the event). A question sent with its id
 * and the same kind keeps its answers under its new wording; one whose kind changed is a new question
 * (answers of the other kind would not fit it); one left out is removed, and with it its results.
 */
export async function setFeedbackQuestions(userId: string, eventId: string, input: FeedbackQuestionsInput): Promise<{ ok: true; questions: FeedbackQuestion[] } | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const questions = await getDb().transaction(async (tx) => {
    // One editor at a time per event: the event row's lock orders two saves.
    await tx.execute(sql`select 1 from events where id = ${eventId} for update`);
    const existing = await tx.select({ id: q.id, kind: q.kind }).from(q).where(eq(q.eventId, eventId));
    const kept: string[] = [];
    for (const [position, question] of input.questions.entries()) {
      const same = question.id ? existing.find((x) => x.id === question.id && x.kind === question.kind && !kept.includes(x.id)) : undefined;
      if (same) {
        await tx.update(q).set({ prompt: question.prompt, position }).where(eq(q.id, same.id));
        kept.push(same.id);
      } else {
        const [row] = await tx.insert(q).values({ eventId, position, prompt: question.prompt, kind: question.kind }).returning({ id: q.id });
        kept.push(row.id);
      }
    }
    await tx.delete(q).where(kept.length ? and(eq(q.eventId, eventId), notInArray(q.id, kept)) : eq(q.eventId, eventId));
    return questionsOf(tx, eventId);
  });
  return { ok: true, questions };
}

const TEXTS_SHOWN = 50;
const COMMENTS_SHOWN = 100;

function distributionOf(rows: { rating: number; n: number }[]): number[] {
  const out = [0, 0, 0, 0, 0];
  for (const row of rows) if (row.rating >= 1 && row.rating <= 5) out[row.rating - 1] += Number(row.n);
  return out;
}

function averageOf(distribution: number[]): number | null {
  const total = distribution.reduce((a, b) => a + b, 0);
  if (!total) return null;
  const sum = distribution.reduce((acc, n, i) => acc + n * (i + 1), 0);
  return Math.round((sum / total) * 10) / 10;
}

/** The event's results: how many answered, the average and distribution, per question, and the newest comments. */
export async function feedbackResults(userId: string, eventId: string): Promise<({ ok: true } & FeedbackResults) | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const [questions, ratings, [invited], answerRows, comments] = await Promise.all([
    questionsOf(db, eventId),
    db.select({ rating: r.rating, n: count() }).from(r).where(eq(r.eventId, eventId)).groupBy(r.rating),
    db.select({ n: count() }).from(tables.feedbackInvitations).where(eq(tables.feedbackInvitations.eventId, eventId)),
    db.execute(sql`
      select a->>'questionId' as question_id, (a->>'rating')::int as rating, count(*)::int as n
      from feedback_responses, jsonb_array_elements(answers) a
      where event_id = ${eventId}
      group by 1, 2`),
    db
      .select({ rating: r.rating, comment: r.comment, createdAt: r.createdAt })
      .from(r)
      .where(and(eq(r.eventId, eventId), isNotNull(r.comment)))
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(COMMENTS_SHOWN),
  ]);
  const perQuestion = rowsOf<{ question_id: string; rating: number | null; n: number }>(answerRows);
  const distribution = distributionOf(ratings);
  const questionResults = await Promise.all(
    questions.map(async (question) => {
      const rows = perQuestion.filter((row) => row.question_id === question.id);
      const answered = rows.reduce((acc, row) => acc + Number(row.n), 0);
      if (question.kind === 'rating') {
        const d = distributionOf(rows.map((row) => ({ rating: Number(row.rating), n: row.n })));
        return { ...question, answered, average: averageOf(d), distribution: d, texts: [] };
      }
      const texts = rowsOf<{ text: string }>(
        await db.execute(sql`
          select a->>'text' as text
          from feedback_responses, jsonb_array_elements(answers) a
          where event_id = ${eventId} and a->>'questionId' = ${question.id} and a->>'text' is not null
          order by created_at desc, id desc
          limit ${TEXTS_SHOWN}`),
      );
      return { ...question, answered, average: null, distribution: null, texts: texts.map((row) => row.text) };
    }),
  );
  return {
    ok: true,
    responses: distribution.reduce((a, b) => a + b, 0),
    invited: Number(invited?.n ?? 0),
    average: averageOf(distribution),
    distribution,
    questions: questionResults,
    comments: comments.map((c) => ({ rating: c.rating, comment: c.comment ?? '', submittedAt: c.createdAt.toISOString() })),
  };
}

const CSV_BATCH = 1000;

export type FeedbackCsvLabels = (key: 'submittedAt' | 'rating' | 'comment' | 'sheet') => string;

/**
 * Every answer of the event as CSV or .xlsx (export-file.ts; header in `locale`): when, the rating, the
 * comment, then one column per question (its wording in `locale`). Read in batches of CSV_BATCH rows.
 */
export async function feedbackExport(
  userId: string,
  eventId: string,
  format: ExportFormat,
  locale: Locale,
  label: FeedbackCsvLabels,
  now = new Date(),
): Promise<ExportFile | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const [event] = await db.select({ slug: tables.events.slug }).from(tables.events).where(eq(tables.events.id, eventId));
  if (!event) return { ok: false, code: 'ORG_NOT_FOUND' };
  const questions = await questionsOf(db, eventId);
  const columns: ExportColumn[] = [
    { key: 'submittedAt', header: label('submittedAt'), kind: 'time' },
    { key: 'rating', header: label('rating'), kind: 'number' },
    { key: 'comment', header: label('comment') },
    // A rating question's answers are numbers; a text question's are the fan's words.
    ...questions.map((question, i): ExportColumn => ({ key: `q${i}`, header: question.prompt[locale], kind: question.kind === 'rating' ? 'number' : 'text' })),
  ];
  async function* batches(): AsyncGenerator<readonly ExportRow[]> {
    // The cursor keeps the database's own time text: microseconds a Date would round away.
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const batch = await db
        .select({ id: r.id, createdAt: r.createdAt, at: sql<string>`${r.createdAt}::text`, rating: r.rating, comment: r.comment, answers: r.answers })
        .from(r)
        .where(and(eq(r.eventId, eventId), after ? sql`(${r.createdAt}, ${r.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined))
        .orderBy(asc(r.createdAt), asc(r.id))
        .limit(CSV_BATCH);
      yield batch.map((row) => {
        const out: ExportRow = { submittedAt: row.createdAt, rating: row.rating, comment: row.comment ?? '' };
        questions.forEach((question, i) => {
          const answer = (row.answers as FeedbackAnswer[]).find((a) => a.questionId === question.id);
          out[`q${i}`] = answer ? (answer.rating !== undefined ? answer.rating : (answer.text ?? '')) : '';
        });
        return out;
      });
      if (batch.length < CSV_BATCH) return;
      after = { at: batch[batch.length - 1].at, id: batch[batch.length - 1].id };
    }
  }
  return exportFile({
    format,
    name: `${event.slug}-feedback-${now.toISOString().slice(0, 10)}`,
    sheet: label('sheet'),
    columns,
    batches: batches(),
    locale,
    what: `feedback of event ${eventId}`,
  });
}
