// GET /api/v1/organiser/events/{eventId}/feedback-questions — the event's up to three feedback questions · PUT — replace them
import { feedbackQuestionsInputSchema } from '@/lib/schemas/feedback';
import { getFeedbackQuestions, setFeedbackQuestions } from '@/lib/server/feedback/organiser';
import { eventSettingsRoute } from '@/lib/server/api/event-settings-route';

const route = eventSettingsRoute({ read: getFeedbackQuestions, body: feedbackQuestionsInputSchema, write: setFeedbackQuestions });
export const GET = route.GET;
export const PUT = route.PUT;
