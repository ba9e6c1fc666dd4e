// Feedback after an event (lib/server/feedback): the fan's form and the organiser's questions and results.
import { z } from 'zod';
import { localizedTextSchema, multilineText, uuidString } from './primitives';

export const FEEDBACK_LIMITS = { questions: 3, prompt: 200, comment: 2000, answer: 500 } as const;

/** Free text a person typed: line breaks and tabs allowed. */
const typedText = (max: number, tooLong: string) => multilineText(max, tooLong);

export const feedbackQuestionKindSchema = z.enum(['rating', 'text'], { error: 'errors.invalidInput' });

export const feedbackQuestionSchema = z.object({
  id: z.string(),
  prompt: localizedTextSchema,
  kind: feedbackQuestionKindSchema.describe('rating: answered 1–5; text: answered in words'),
});
export type FeedbackQuestion = z.infer<typeof feedbackQuestionSchema>;

const rating = z.number({ error: 'feedback.errors.ratingRequired' }).int('feedback.errors.ratingRequired').min(1, 'feedback.errors.ratingRequired').max(5, 'feedback.errors.ratingRequired');

// ── the fan ─────────────────────────────────────────────────────────────────

export const feedbackAnswerInputSchema = z.object({
  questionId: uuidString('feedback.errors.answerInvalid'),
  rating: rating.optional().describe('for a rating question'),
  text: typedText(FEEDBACK_LIMITS.answer, 'feedback.errors.answerTooLong').optional().describe('for a text question'),
});

/** POST /api/v1/events/{id}/feedback */
export const feedbackInputSchema = z.strictObject(
  {
    rating: rating.describe('1–5 for the whole event'),
    comment: typedText(FEEDBACK_LIMITS.comment, 'feedback.errors.commentTooLong').optional(),
    answers: z.array(feedbackAnswerInputSchema).max(FEEDBACK_LIMITS.questions, 'errors.invalidInput').default([]).describe('answers to the organiser’s questions; each may be left out'),
  },
  { error: 'errors.invalidInput' },
);
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

export const feedbackAnswerSchema = z.object({ questionId: z.string(), rating: z.number().int().optional(), text: z.string().optional() });

export const myFeedbackResponseSchema = z.object({
  rating: z.number().int(),
  comment: z.string().nullable(),
  answers: z.array(feedbackAnswerSchema),
  submittedAt: z.string(),
});

/** GET /api/v1/events/{id}/feedback: the form of a checked-in holder, and their answer once given. */
export const myFeedbackSchema = z.object({
  event: z.object({ id: z.string(), slug: z.string(), title: localizedTextSchema, startsAt: z.string() }),
  state: z.enum(['not_ended', 'open', 'closed']).describe('the form takes answers from the event’s end for 30 days'),
  opensAt: z.string(),
  closesAt: z.string(),
  questions: z.array(feedbackQuestionSchema),
  response: myFeedbackResponseSchema.nullable().describe('the caller’s answer; given once, it cannot be changed'),
});
export type MyFeedback = z.infer<typeof myFeedbackSchema>;

// ── the organiser ───────────────────────────────────────────────────────────

const prompt = z.object(
  {
    sk: typedText(FEEDBACK_LIMITS.prompt, 'organiser.feedback.errors.promptTooLong').pipe(z.string().min(1, 'organiser.feedback.errors.promptRequired')),
    cs: typedText(FEEDBACK_LIMITS.prompt, 'organiser.feedback.errors.promptTooLong').pipe(z.string().min(1, 'organiser.feedback.errors.promptRequired')),
    en: typedText(FEEDBACK_LIMITS.prompt, 'organiser.feedback.errors.promptTooLong').pipe(z.string().min(1, 'organiser.feedback.errors.promptRequired')),
  },
  { error: 'errors.invalidInput' },
);

/** PUT /api/v1/organiser/events/{eventId}/feedback-questions: the whole list, in order; a question keeps its id (and its answers) while its kind stays. */
export const feedbackQuestionsInputSchema = z.strictObject(
  {
    questions: z
      .array(z.strictObject({ id: uuidString().optional().describe('an existing question’s id; leave out for a new one'), prompt, kind: feedbackQuestionKindSchema }, { error: 'errors.invalidInput' }))
      .max(FEEDBACK_LIMITS.questions, 'organiser.feedback.errors.tooMany'),
  },
  { error: 'errors.invalidInput' },
);
export type FeedbackQuestionsInput = z.infer<typeof feedbackQuestionsInputSchema>;

export const feedbackQuestionsSchema = z.object({ questions: z.array(feedbackQuestionSchema) });

const distribution = z.array(z.number().int()).length(5).describe('how many answered 1, 2, 3, 4 and 5');

/** GET /api/v1/organiser/events/{eventId}/feedback */
export const feedbackResultsSchema = z.object({
  responses: z.number().int(),
  invited: z.number().int().describe('checked-in holders invited to answer'),
  average: z.number().nullable().describe('mean rating, one decimal; null with no answers'),
  distribution,
  questions: z.array(
    feedbackQuestionSchema.extend({
      answered: z.number().int(),
      average: z.number().nullable().describe('rating questions'),
      distribution: distribution.nullable().describe('rating questions'),
      texts: z.array(z.string()).describe('text questions: the newest 50 answers (all in the CSV)'),
    }),
  ),
  comments: z.array(z.object({ rating: z.number().int(), comment: z.string(), submittedAt: z.string() })).describe('the newest 100 comments (all in the CSV)'),
});
export type FeedbackResults = z.infer<typeof feedbackResultsSchema>;

export const feedbackCsvQuerySchema = z.object({ locale: z.enum(['sk', 'cs', 'en'], { error: 'errors.invalidInput' }).optional() });
