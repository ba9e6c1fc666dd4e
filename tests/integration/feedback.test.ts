// Feedback after an event (issue 19 item 3): only holders checked in at the gate may answer, once, while
// the form is open; the organiser's questions (kept, replaced, at most three); invitations go once per
// holder a set time after the end; the organiser's results (average, distribution, questions, comments)
// and the CSV read back with csv-parse; who may read them (another organisation: 404).
import { sendDueNotifications } from '@/lib/server/notifications/sender';
import { parse as parseCsv } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { GET as fanGet, POST as fanPost } from '@/tests/helpers/api';
import { GET as resultsGet } from '@/tests/helpers/api';
import { GET as questionsGet, PUT as questionsPut } from '@/tests/helpers/api';
import { GET as csvGet } from '@/tests/helpers/api';
import { feedbackQuestionsSchema, feedbackResultsSchema, myFeedbackSchema } from '@/lib/schemas/feedback';
import * as s from '@/lib/server/db/schema';
import { submitFeedback } from '@/lib/server/feedback/fan';
import { inviteDueFeedback } from '@/lib/server/feedback/invitations';
import { answerOf, failureBodyOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { expectedStatuses, makeCast, statusesOf, type Cast } from '../helpers/organiser';
import { auth, eventBySlug, giveTicket, makeUser, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SLUG = 'dunaj-bratislava-spartak-trnava';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let eventId: string;
let cast: Cast;
/** Checked in (one of them with two tickets), holding a valid ticket only, holding nothing. */
const fans: Record<'a' | 'b' | 'c' | 'valid' | 'none', TestUser> = {} as never;

async function checkedInTicket(user: TestUser) {
  const { ticket } = await giveTicket(t.db, user.id, SLUG);
  await t.db.update(s.tickets).set({ status: 'checked_in', checkedInAt: new Date(Date.now() - 5 * HOUR) }).where(eq(s.tickets.id, ticket.id));
  return ticket;
}

const fanCall = (method: 'GET' | 'POST', user: TestUser, body?: unknown, language = 'en') =>
  (method === 'GET' ? fanGet : fanPost)(request(`/api/v1/events/${SLUG}/feedback`, { method, headers: auth(user, { 'accept-language': language }), body }), params({ id: SLUG }));

const organiserPath = (suffix: string) => `/api/v1/organiser/events/${eventId}/${suffix}`;

beforeAll(async () => {
  const event = await eventBySlug(t.db, SLUG);
  eventId = event.id;
  cast = await makeCast(t.db, event.orgId);
  for (const key of ['a', 'b', 'c', 'valid', 'none'] as const) fans[key] = await makeUser(t.db, `feedback-${key}`);
  await checkedInTicket(fans.a);
  await checkedInTicket(fans.a);
  await checkedInTicket(fans.b);
  await checkedInTicket(fans.c);
  await giveTicket(t.db, fans.valid.id, SLUG);
}, 180_000);

describe('before the event is over', () => {
  it('shows the form as not yet open and refuses answers (409 FEEDBACK_NOT_OPEN)', async () => {
    const form = await answerOf(myFeedbackSchema, await fanCall('GET', fans.a));
    expect(form.state).toBe('not_ended');
    const response = await fanCall('POST', fans.a, { rating: 5 });
    expect(response.status).toBe(409);
    expect((await failureBodyOf(response)).code).toBe('FEEDBACK_NOT_OPEN');
  });
});

describe('the demo', () => {
  it('has answers on the past friendly, and invites only fan@tribuna.sk to it', async () => {
    const past = await eventBySlug(t.db, 'dunaj-bratislava-slovan-liberec');
    const owner = await makeUser(t.db, 'liberec-owner');
    await t.db.insert(s.orgMembers).values({ orgId: past.orgId, userId: owner.id, role: 'owner' });
    const results = await answerOf(feedbackResultsSchema, await resultsGet(request(`/api/v1/organiser/events/${past.id}/feedback`, { headers: auth(owner) }), params({ eventId: past.id })));
    expect(results.responses).toBeGreaterThan(5);
    expect(results.average).toBeGreaterThanOrEqual(3);
    expect(results.questions.map((q) => q.kind)).toEqual(['rating', 'text']);
    expect(results.comments.length).toBeGreaterThan(0);
    const invited = (await inviteDueFeedback()).filter((x) => x.eventId === past.id);
    const [fan] = await t.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'fan@tribuna.sk'));
    expect(invited.map((x) => x.userId)).toEqual([fan.id]);
  });
});

describe('the organiser’s questions', () => {
  it('are kept by id while their kind stays, replaced when it changes, at most three', async () => {
    const put = (who: keyof Cast, body: unknown) => questionsPut(request(organiserPath('feedback-questions'), { method: 'PUT', headers: auth(cast[who]), body }), params({ eventId }));
    const prompt = (en: string) => ({ sk: `${en} (sk)`, cs: `${en} (cs)`, en });
    const first = await answerOf(
      feedbackQuestionsSchema,
      await put('manager', { questions: [{ prompt: prompt('How was the food?'), kind: 'rating' }, { prompt: prompt('What should we change?'), kind: 'text' }, { prompt: prompt('Parking?'), kind: 'rating' }] }),
    );
    expect(first.questions.map((q) => q.kind)).toEqual(['rating', 'text', 'rating']);
    const [food, change, parking] = first.questions;
    // Reworded and reordered; the third turns into a text question: a new one.
    const second = await answerOf(
      feedbackQuestionsSchema,
      await put('owner', {
        questions: [
          { id: change.id, prompt: prompt('What one thing should we change?'), kind: 'text' },
          { id: food.id, prompt: prompt('How were food and drinks?'), kind: 'rating' },
          { id: parking.id, prompt: prompt('How did you travel?'), kind: 'text' },
        ],
      }),
    );
    expect(second.questions.map((q) => q.id).slice(0, 2)).toEqual([change.id, food.id]);
    expect(second.questions[1].prompt.en).toBe('How were food and drinks?');
    expect(second.questions[2].id).not.toBe(parking.id);
    expect(second.questions[2].kind).toBe('text');

    const tooMany = await put('owner', { questions: [...second.questions, { prompt: prompt('Four?'), kind: 'text' }] });
    expect(tooMany.status).toBe(422);
    const missingLanguage = await put('owner', { questions: [{ prompt: { sk: 'Otázka', cs: '', en: 'Question' }, kind: 'text' }] });
    expect(missingLanguage.status).toBe(422);
    expect((await failureBodyOf(missingLanguage)).errors[0]).toMatchObject({ field: 'questions.0.prompt.cs', message: 'Write the question in every language.' });

    const read = await answerOf(feedbackQuestionsSchema, await questionsGet(request(organiserPath('feedback-questions'), { headers: auth(cast.owner) }), params({ eventId })));
    expect(read.questions).toEqual(second.questions);
  });

  it('are the organisation’s own: scanner 403, fan and another organisation 404', async () => {
    const statuses = await statusesOf(cast, (headers) => questionsGet(request(organiserPath('feedback-questions'), { headers }), params({ eventId })));
    expect(statuses).toEqual(expectedStatuses('events', 200));
    // A refused PUT changes nothing (the allowed one is the test above).
    const before = await questionsGet(request(organiserPath('feedback-questions'), { headers: auth(cast.owner) }), params({ eventId }));
    for (const [who, status] of [['anonymous', 401], ['fan', 404], ['stranger', 404], ['scanner', 403]] as const) {
      const headers = who === 'anonymous' ? { 'content-type': 'application/json' } : auth(cast[who]);
      expect((await questionsPut(request(organiserPath('feedback-questions'), { method: 'PUT', headers, body: { questions: [] } }), params({ eventId }))).status).toBe(status);
    }
    const after = await questionsGet(request(organiserPath('feedback-questions'), { headers: auth(cast.owner) }), params({ eventId }));
    expect(await after.json()).toEqual(await before.json());
  });
});

describe('after the event', () => {
  beforeAll(async () => {
    // The match ended three hours ago (the invitations wait two).
    await t.db
      .update(s.events)
      .set({ startsAt: new Date(Date.now() - 5 * HOUR), doorsAt: new Date(Date.now() - 6 * HOUR), endsAt: new Date(Date.now() - 3 * HOUR) })
      .where(eq(s.events.id, eventId));
  });

  it('invites every checked-in holder once, in their language, with a link to the form', async () => {
    await t.db.update(s.users).set({ locale: 'sk' }).where(eq(s.users.id, fans.b.id));
    const first = await inviteDueFeedback();
    const ours = first.filter((x) => x.eventId === eventId).map((x) => x.userId);
    expect(ours.sort()).toEqual([fans.a.id, fans.b.id, fans.c.id].sort());
    // Again, and a sweeper at the same moment: nothing more.
    const again = await Promise.all([inviteDueFeedback(), inviteDueFeedback()]);
    expect(again.flat().filter((x) => x.eventId === eventId)).toEqual([]);

    // Queued once each; without a push subscription the sender emails them.
    await sendDueNotifications();
    const mails = await t.db
      .select()
      .from(s.emailOutbox)
      .where(and(eq(s.emailOutbox.kind, 'notification-feedback-request'), inArray(s.emailOutbox.toAddress, [fans.a.email, fans.b.email, fans.c.email, fans.valid.email, fans.none.email])));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([fans.a.email, fans.b.email, fans.c.email].sort());
    const slovak = mails.find((m) => m.toAddress === fans.b.email)!;
    expect(slovak.subject).toBe('Aké bolo podujatie FK Dunaj Bratislava – Spartak Trnava?');
    expect(slovak.textBody).toContain(`/sk/podujatia/${SLUG}/hodnotenie`);
    const english = mails.find((m) => m.toAddress === fans.a.email)!;
    expect(english.textBody).toContain(`/en/events/${SLUG}/feedback`);
  });

  it('takes answers only from holders checked in at the gate (403 FEEDBACK_NOT_ATTENDED)', async () => {
    for (const fan of [fans.valid, fans.none]) {
      const get = await fanCall('GET', fan);
      expect(get.status).toBe(403);
      const post = await fanCall('POST', fan, { rating: 4 }, 'sk');
      expect(post.status).toBe(403);
      expect(await failureBodyOf(post)).toMatchObject({ code: 'FEEDBACK_NOT_ATTENDED', message: 'Hodnotiť môžu len fanúšikovia, ktorých vstupenku naskenovali pri vstupe.' });
    }
    expect(await t.db.select().from(s.feedbackResponses).where(eq(s.feedbackResponses.eventId, eventId))).toEqual([]);
  });

  it('stores one answer per holder; a second is refused with a translated 409', async () => {
    const form = await answerOf(myFeedbackSchema, await fanCall('GET', fans.a));
    expect(form.state).toBe('open');
    expect(form.response).toBeNull();
    const [change, food, travel] = form.questions;
    const answer = {
      rating: 5,
      comment: 'Skvelá atmosféra, ale dlhý rad na pivo.',
      answers: [
        { questionId: food.id, rating: 3 },
        { questionId: change.id, text: 'Viac stánkov, "rýchlejšie", prosím' },
        { questionId: travel.id, text: '' },
      ],
    };
    const created = await fanCall('POST', fans.a, answer);
    expect(created.status).toBe(201);
    const again = await fanCall('POST', fans.a, { rating: 1 }, 'cs');
    expect(again.status).toBe(409);
    expect(await failureBodyOf(again)).toMatchObject({ code: 'FEEDBACK_ALREADY_GIVEN', message: 'Tuto akci jste už ohodnotili.' });
    const mine = await answerOf(myFeedbackSchema, await fanCall('GET', fans.a));
    expect(mine.response).toMatchObject({ rating: 5, comment: answer.comment, answers: [answer.answers[0], answer.answers[1]] });
    const rows = await t.db.select().from(s.feedbackResponses).where(eq(s.feedbackResponses.eventId, eventId));
    expect(rows).toHaveLength(1);
  });

  it('refuses answers that do not fit the questions, and a rating outside 1–5', async () => {
    const form = await answerOf(myFeedbackSchema, await fanCall('GET', fans.b));
    const [change, food] = form.questions;
    const wrongKind = await fanCall('POST', fans.b, { rating: 4, answers: [{ questionId: change.id, rating: 2 }] });
    expect(wrongKind.status).toBe(422);
    expect((await failureBodyOf(wrongKind)).code).toBe('FEEDBACK_ANSWER_INVALID');
    const unknown = await fanCall('POST', fans.b, { rating: 4, answers: [{ questionId: cast.owner.id, rating: 2 }] });
    expect((await failureBodyOf(unknown)).code).toBe('FEEDBACK_ANSWER_INVALID');
    const twice = await fanCall('POST', fans.b, { rating: 4, answers: [{ questionId: food.id, rating: 2 }, { questionId: food.id, rating: 3 }] });
    expect((await failureBodyOf(twice)).code).toBe('FEEDBACK_ANSWER_INVALID');
    const six = await fanCall('POST', fans.b, { rating: 6 });
    expect(six.status).toBe(422);
    expect((await failureBodyOf(six)).errors[0]).toMatchObject({ field: 'rating', message: 'Choose a rating from 1 to 5.' });
    const long = await fanCall('POST', fans.b, { rating: 4, comment: 'x'.repeat(2001) });
    expect((await failureBodyOf(long)).errors[0]).toMatchObject({ field: 'comment' });

    expect((await fanCall('POST', fans.b, { rating: 2, answers: [{ questionId: food.id, rating: 1 }] })).status).toBe(201);
    expect((await fanCall('POST', fans.c, { rating: 4, comment: 'Fine', answers: [{ questionId: change.id, text: 'Nothing' }] })).status).toBe(201);
  });

  it('does not invite a holder who answered before the invitation', async () => {
    const late = await makeUser(t.db, 'feedback-late');
    await checkedInTicket(late);
    expect((await submitFeedback(late, SLUG, { rating: 3, answers: [] })).ok).toBe(true);
    const invited = await inviteDueFeedback();
    expect(invited.filter((x) => x.eventId === eventId)).toEqual([]);
  });

  it('gives the organiser the average, the distribution, each question’s answers and the comments', async () => {
    const results = await answerOf(feedbackResultsSchema, await resultsGet(request(organiserPath('feedback'), { headers: auth(cast.manager) }), params({ eventId })));
    expect(results.responses).toBe(4);
    expect(results.invited).toBe(3);
    // 5, 2, 4, 3
    expect(results.average).toBe(3.5);
    expect(results.distribution).toEqual([0, 1, 1, 1, 1]);
    const [change, food, travel] = results.questions;
    expect(change).toMatchObject({ kind: 'text', answered: 2, average: null, distribution: null });
    expect([...change.texts].sort()).toEqual(['Nothing', 'Viac stánkov, "rýchlejšie", prosím']);
    expect(food).toMatchObject({ kind: 'rating', answered: 2, average: 2, distribution: [1, 0, 1, 0, 0] });
    expect(travel).toMatchObject({ answered: 0, texts: [] });
    expect(results.comments.map((c) => c.comment).sort()).toEqual(['Fine', 'Skvelá atmosféra, ale dlhý rad na pivo.']);

    const statuses = await statusesOf(cast, (headers) => resultsGet(request(organiserPath('feedback'), { headers }), params({ eventId })));
    expect(statuses).toEqual(expectedStatuses('events', 200));
  });

  it('downloads every answer as CSV with a translated header and the questions as columns', async () => {
    const response = await csvGet(request(`${organiserPath('feedback.csv')}?locale=sk`, { headers: auth(cast.owner) }), params({ eventId }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${SLUG}-feedback-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: Record<string, string>[] = parseCsv(Buffer.from(bytes), { bom: true, columns: true, delimiter: ';' });
    expect(Object.keys(rows[0])).toEqual(['Odoslané', 'Hodnotenie', 'Komentár', 'What one thing should we change? (sk)', 'How were food and drinks? (sk)', 'How did you travel? (sk)']);
    expect(rows).toHaveLength(4);
    const first = rows.find((row) => row['Hodnotenie'] === '5')!;
    expect(first).toMatchObject({ 'Komentár': 'Skvelá atmosféra, ale dlhý rad na pivo.', 'What one thing should we change? (sk)': 'Viac stánkov, "rýchlejšie", prosím', 'How were food and drinks? (sk)': '3', 'How did you travel? (sk)': '' });
    // Local time (Europe/Bratislava), which Slovak Excel reads as a date.
    expect(first['Odoslané']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const statuses = await statusesOf(cast, (headers) => csvGet(request(organiserPath('feedback.csv'), { headers }), params({ eventId })));
    expect(statuses).toEqual(expectedStatuses('events', 200));
  });

  it('closes the form 30 days after the end', async () => {
    const late = await makeUser(t.db, 'feedback-closed');
    await checkedInTicket(late);
    const result = await submitFeedback(late, SLUG, { rating: 3, answers: [] }, new Date(Date.now() + 31 * DAY));
    expect(result).toEqual({ ok: false, code: 'FEEDBACK_CLOSED' });
  });
});
