// Feedback after an event (lib/server/feedback): the fan's form and the organiser's questions, results and CSV.
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
import { z } from 'zod';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, invalid, notJson, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const notAttended = errorResponse('The caller holds no ticket of the event that was checked in at the gate (FEEDBACK_NOT_ATTENDED), or (POST) a browser sent it from another site or without X-XSRF-TOKEN (CROSS_SITE, XSRF)');
const eventNotFound = errorResponse('No such published event, or it was cancelled (EVENT_NOT_FOUND)');

export const feedbackPaths: ApiPaths = {
  '/api/v1/events/{id}/feedback': {
    get: {
      tags: ['feedback'],
      security: auth,
      summary:
        'The feedback form of an event (id or slug) for a fan who was checked in at its gate: the organiser’s questions, whether it takes answers now (from the event’s end — its start + 6 h without an end — for 30 days), and the fan’s answer once given',
      parameters: parametersOf(eventRefParamSchema, 'path'),
      responses: { 200: jsonResponse('The form', myFeedbackSchema), 401: unauthorized, 403: notAttended, 404: eventNotFound },
    },
    post: {
      tags: ['feedback'],
      security: auth,
      summary:
        'Answer the form, once per holder and event: a 1–5 rating, an optional comment (≤ 2,000 characters) and answers to the organiser’s questions (a rating question 1–5, a text question ≤ 500 characters; each may be left out). A second answer — also one sent at the same moment — is refused (FEEDBACK_ALREADY_GIVEN); it is not edited. The organiser sees it without the fan’s name',
      parameters: parametersOf(eventRefParamSchema, 'path'),
      requestBody: jsonBody(feedbackInputSchema),
      responses: {
        201: jsonResponse('Stored', z.object({ ok: z.literal(true), submittedAt: z.string() })),
        401: unauthorized,
        403: notAttended,
        404: eventNotFound,
        409: errorResponse('The event has not ended yet (FEEDBACK_NOT_OPEN), the form closed (FEEDBACK_CLOSED), or the caller answered already (FEEDBACK_ALREADY_GIVEN)'),
        415: notJson,
        422: errorResponse('Invalid input (VALIDATION), or an answer to a question the event does not have, given twice or of the other kind (FEEDBACK_ANSWER_INVALID)'),
      },
    },
  },
  '/api/v1/organiser/events/{eventId}/feedback': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary:
        'What the checked-in holders answered (owner, manager): how many were invited and answered, the average rating and its 1–5 distribution, per question its average and distribution (rating) or newest answers (text), and the newest comments; everything in feedback.csv',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      responses: { 200: jsonResponse('The results', feedbackResultsSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound, 422: invalid },
    },
  },
  '/api/v1/organiser/events/{eventId}/feedback-questions': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: 'The event’s feedback questions (owner, manager), in order',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      responses: { 200: jsonResponse('{ questions }', feedbackQuestionsSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound, 422: invalid },
    },
    put: {
      tags: ['organiser'],
      security: auth,
      summary:
        'Replace the event’s feedback questions (owner, manager), before or after the event: at most three, each worded in sk, cs and en (≤ 200 characters) and answered 1–5 (rating) or in words (text). A question sent with its id and the same kind keeps its answers; one left out is removed with its results',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      requestBody: jsonBody(feedbackQuestionsInputSchema),
      responses: {
        200: jsonResponse('{ questions } as saved', feedbackQuestionsSchema),
        401: unauthorized,
        403: errorResponse('The caller is a scanner of the organisation (ROLE_FORBIDDEN), or a browser sent it from another site or without X-XSRF-TOKEN (CROSS_SITE, XSRF)'),
        404: orgNotFound,
        415: notJson,
        422: invalid,
      },
    },
  },
  '/api/v1/organiser/events/{eventId}/feedback.csv': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary:
        'Every feedback answer of the event as a CSV download (owner, manager): submitted at (ISO 8601 UTC), rating, comment, then one column per question headed by its wording. UTF-8 with BOM, header in ?locale= (else the request’s language); streamed',
      parameters: [...parametersOf(eventIdParamSchema, 'path'), ...parametersOf(feedbackCsvQuerySchema, 'query')],
      responses: {
        200: { description: 'The CSV file (Content-Disposition: attachment; filename {event slug}-feedback-{date}.csv)', content: { 'text/csv': { schema: { type: 'string' } } } },
        401: unauthorized,
        403: roleForbidden,
        404: orgNotFound,
        422: invalid,
      },
    },
  },
};
