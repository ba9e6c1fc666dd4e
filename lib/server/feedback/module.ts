import 'server-only';
// Feedback after an event over the API: the checked-in fan's form and answer, the organiser's questions,
// results and CSV.
import { z } from 'zod';
import { eventIdParamSchema as eventRefParamSchema } from '@/lib/schemas/events';
import {
  feedbackCsvQuerySchema,
  feedbackInputSchema,
  feedbackQuestionsInputSchema,
  feedbackQuestionsSchema,
  feedbackResultsSchema,
  myFeedbackSchema,
} from '@/lib/schemas/feedback';
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { failureOf, json, parseWith } from '@/lib/server/api/respond';
import { translator } from '@/lib/server/api/translate';
import { myFeedback, submitFeedback } from './fan';
import { inviteDueFeedback, INVITE_BATCH } from './invitations';
import { feedbackExport, feedbackResults, getFeedbackQuestions, setFeedbackQuestions } from './organiser';
import { EXPORT_FORMATS } from '@/lib/schemas/reports-live';
import { exportResponse } from '@/lib/server/reports/export-file';

const FAN = '/api/v1/events/{id}/feedback';
const RESULTS = '/api/v1/organiser/events/{eventId}/feedback';
const QUESTIONS = '/api/v1/organiser/events/{eventId}/feedback-questions';
const FEEDBACK_FILE = '/api/v1/organiser/events/{eventId}/feedback';

const eventAccess = { capability: 'events', owner: 'event', param: 'eventId' } as const;

export default defineModule({
  name: 'feedback',
  operations: [
    // GET /api/v1/events/{id}/feedback — the feedback form of a holder who was checked in, and their answer
    operation({
      method: 'get',
      path: FAN,
      summary:
        'The feedback form of an event (id or slug) for a fan who was checked in at its gate: the organiser’s questions, whether it takes answers now (from the event’s end — its start + 6 h without an end — for 30 days), and the fan’s answer once given',
      access: 'signed-in',
      answer: myFeedbackSchema,
      failures: ['VALIDATION', 'EVENT_NOT_FOUND', 'FEEDBACK_NOT_ATTENDED'],
      handle: async ({ params, caller }) => {
        const { id } = parseWith(eventRefParamSchema, params);
        const result = await myFeedback(caller.user, id);
        if (!result.ok) throw failureOf(result);
        const { ok: _ok, ...view } = result;
        return json(view, { headers: { 'Cache-Control': 'no-store' } });
      },
    }),
    // POST /api/v1/events/{id}/feedback — answer it (once)
    operation({
      method: 'post',
      path: FAN,
      summary:
        'Answer the form, once per holder and event: a 1–5 rating, an optional comment (≤ 2,000 characters) and answers to the organiser’s questions (a rating question 1–5, a text question ≤ 500 characters; each may be left out). A second answer — also one sent at the same moment — is refused (FEEDBACK_ALREADY_GIVEN); it is not edited. The organiser sees it without the fan’s name',
      access: 'signed-in',
      body: feedbackInputSchema,
      answer: z.object({ ok: z.literal(true), submittedAt: z.string() }),
      status: 201,
      failures: ['EVENT_NOT_FOUND', 'FEEDBACK_NOT_ATTENDED', 'FEEDBACK_NOT_OPEN', 'FEEDBACK_CLOSED', 'FEEDBACK_ALREADY_GIVEN', 'FEEDBACK_ANSWER_INVALID'],
      handle: async ({ params, body, caller }) => {
        const { id } = parseWith(eventRefParamSchema, params);
        const result = await submitFeedback(caller.user, id, body);
        if (!result.ok) throw failureOf(result);
        return { ok: true as const, submittedAt: result.submittedAt };
      },
    }),
    // GET /api/v1/organiser/events/{eventId}/feedback — what the checked-in holders answered: average, distribution, questions, comments
    operation({
      method: 'get',
      path: RESULTS,
      summary:
        'What the checked-in holders answered (owner, manager): how many were invited and answered, the average rating and its 1–5 distribution, per question its average and distribution (rating) or newest answers (text), and the newest comments; everything in feedback.csv',
      access: eventAccess,
      params: eventIdParamSchema,
      answer: feedbackResultsSchema,
      failures: ['VALIDATION'],
      handle: async ({ params, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await feedbackResults(caller.user.id, eventId);
        if (!result.ok) throw failureOf(result);
        const { ok: _ok, ...view } = result;
        return json(view, { headers: { 'Cache-Control': 'private, no-store' } });
      },
    }),
    // GET /api/v1/organiser/events/{eventId}/feedback-questions — the event's up to three feedback questions
    operation({
      method: 'get',
      path: QUESTIONS,
      summary: 'The event’s feedback questions (owner, manager), in order',
      access: eventAccess,
      params: eventIdParamSchema,
      answer: feedbackQuestionsSchema,
      failures: ['VALIDATION'],
      handle: async ({ params, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await getFeedbackQuestions(caller.user.id, eventId);
        if (!result.ok) throw failureOf(result);
        return { questions: result.questions };
      },
    }),
    // PUT /api/v1/organiser/events/{eventId}/feedback-questions — replace them
    operation({
      method: 'put',
      path: QUESTIONS,
      summary:
        'Replace the event’s feedback questions (owner, manager), before or after the event: at most three, each worded in sk, cs and en (≤ 200 characters) and answered 1–5 (rating) or in words (text). A question sent with its id and the same kind keeps its answers; one left out is removed with its results',
      access: eventAccess,
      params: eventIdParamSchema,
      body: feedbackQuestionsInputSchema,
      answer: feedbackQuestionsSchema,
      failures: [],
      handle: async ({ params, body, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await setFeedbackQuestions(caller.user.id, eventId, body);
        if (!result.ok) throw failureOf(result);
        return { questions: result.questions };
      },
    }),
    // GET /api/v1/organiser/events/{eventId}/feedback.csv|.xlsx — every feedback answer of the event as CSV or Excel, streamed; ?locale= its language
    ...EXPORT_FORMATS.map((format) =>
      operation({
        method: 'get',
        path: `${FEEDBACK_FILE}.${format}`,
        summary: `Every feedback answer of the event as a ${format === 'csv' ? 'CSV (UTF-8 with BOM, semicolons in Slovak and Czech)' : 'Excel'} download (owner, manager): submitted at (local time), rating, comment, then one column per question headed by its wording. Header in ?locale= (else the request’s language); streamed`,
        access: eventAccess,
        params: eventIdParamSchema,
        query: feedbackCsvQuerySchema,
        answer: { type: format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: `The file (Content-Disposition: attachment; filename {event slug}-feedback-{date}.${format})` },
        failures: ['VALIDATION'],
        handle: async ({ request, params, query, caller }) => {
          const { eventId } = parseWith(eventIdParamSchema, params);
          const locale = query.locale ?? requestLocale(request);
          const t = translator(locale);
          const result = await feedbackExport(caller.user.id, eventId, format, locale, (key) => t(`organiser.feedback.csv.${key}`));
          if (!result.ok) throw failureOf(result);
          return exportResponse(result);
        },
      }),
    ),
  ],
  jobs: [
    // Checked-in holders of events that ended are invited to give feedback; a stadium's worth is worked in batches.
    { name: 'feedback invitations', order: 80, run: async () => (await inviteDueFeedback()).length === INVITE_BATCH },
  ],
});
