// Demo feedback on the past FK Dunaj friendly (dunaj-bratislava-slovan-liberec): the club's two questions
// and the answers of most demo fans who came through the gate — ratings, a few comments in Slovak and
// Czech. Every checked-in holder but fan@tribuna.sk counts as already invited, so the demo's sweeper
// invites exactly that one fan (their invitation shows in the dev mailbox). Deterministic, idempotent
// (nothing when the match has answers).
//
// e2e only (TRIBUNA_E2E=1): a Pulz Live concert that ended eight hours ago (e2e-hodnotenie) with two
// questions and one checked-in holder, hodnotenie@e2e.tribuna.sk, whom no one else uses: e2e/feedback.spec.ts
// follows their invitation from the mailbox and reads the answer in the organiser's console.
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import { newTicketKeys } from '../../../ticket-code/keys';
import type { Db } from '../client';
import * as s from '../schema';
import { DEMO_PASSWORD } from './users';

const EVENT_SLUG = 'dunaj-bratislava-slovan-liberec';
const INVITED_LATER = 'fan@tribuna.sk';
const HOUR = 3_600_000;

const QUESTIONS: { prompt: s.LocalizedText; kind: 'rating' | 'text' }[] = [
  { prompt: { sk: 'Ako ste boli spokojní s občerstvením?', cs: 'Jak jste byli spokojeni s občerstvením?', en: 'How happy were you with food and drinks?' }, kind: 'rating' },
  { prompt: { sk: 'Čo by sme mali zlepšiť?', cs: 'Co bychom měli zlepšit?', en: 'What should we improve?' }, kind: 'text' },
];

const COMMENTS = [
  'Výborná atmosféra, na prípravný zápas veľa ľudí.',
  'Vstup cez Bránu A išiel rýchlo, vďaka!',
  'Škoda výsledku, ale ako zápas to bolo fajn.',
  'Super akce, přijedeme zas.',
  'Parkovanie pri štadióne bolo katastrofa.',
  'Hezký stadion, dobré výhledy.',
];
const IMPROVE = ['Viac stánkov s jedlom.', 'Kratší fronty na pivo.', 'Lepšie značenie sektorov.', 'Platba kartou u všech stánků.'];

export async function seedFeedback(db: Db, now = new Date()): Promise<void> {
  await seedDemoFeedback(db);
  if (process.env.TRIBUNA_E2E === '1') {
    await seedE2eFeedbackEvent(db, now, { slug: E2E_EVENT, fan: { email: E2E_FEEDBACK_FAN, firstName: 'Hana', lastName: 'Hodnotiaca' }, title: { sk: 'E2E: hodnotenie koncertu', cs: 'E2E: hodnocení koncertu', en: 'E2E: concert feedback' } });
    // e2e/bad-input.spec.ts answers this one's form with its real body (a holder answers once: not the journey's event).
    await seedE2eFeedbackEvent(db, now, { slug: 'e2e-hodnotenie-vstupy', fan: { email: 'hodnotenie-vstupy@e2e.tribuna.sk', firstName: 'Viera', lastName: 'Vstupná' }, title: { sk: 'E2E: hodnotenie vstupov', cs: 'E2E: hodnocení vstupů', en: 'E2E: input feedback' } });
  }
}

async function seedDemoFeedback(db: Db): Promise<void> {
  const [event] = await db.select({ id: s.events.id, startsAt: s.events.startsAt, endsAt: s.events.endsAt }).from(s.events).where(eq(s.events.slug, EVENT_SLUG));
  if (!event) return;
  const [answered] = await db.select({ id: s.feedbackResponses.id }).from(s.feedbackResponses).where(eq(s.feedbackResponses.eventId, event.id)).limit(1);
  if (answered) return;
  const holders = await db
    .selectDistinct({ userId: s.tickets.ownerId, email: s.users.email })
    .from(s.tickets)
    .innerJoin(s.users, eq(s.users.id, s.tickets.ownerId))
    .where(and(eq(s.tickets.eventId, event.id), eq(s.tickets.status, 'checked_in')))
    .orderBy(s.users.email);
  if (!holders.length) return;
  const end = (event.endsAt ?? new Date(event.startsAt.getTime() + 6 * HOUR)).getTime();
  await db.transaction(async (tx) => {
    const questions = await tx
      .insert(s.feedbackQuestions)
      .values(QUESTIONS.map((q, position) => ({ eventId: event.id, position, ...q, createdAt: new Date(end - 3 * 24 * HOUR) })))
      .returning({ id: s.feedbackQuestions.id });
    const invited = holders.filter((h) => h.email !== INVITED_LATER);
    await tx.insert(s.feedbackInvitations).values(invited.map((h) => ({ eventId: event.id, userId: h.userId, createdAt: new Date(end + 2 * HOUR) })));
    // Two in three of the demo fans answered, over the two days after the invitation.
    const responses = invited
      .filter((h) => h.email?.endsWith('@demo.tribuna.sk'))
      .filter((_, i) => i % 3 !== 2)
      .map((h, i) => {
        const rating = [5, 4, 5, 3, 4, 5, 2, 4][i % 8];
        const answers: s.FeedbackAnswer[] = [{ questionId: questions[0].id, rating: [3, 4, 2, 5, 3][i % 5] }];
        if (i % 4 === 1) answers.push({ questionId: questions[1].id, text: IMPROVE[Math.floor(i / 4) % IMPROVE.length] });
        return {
          eventId: event.id,
          userId: h.userId,
          rating,
          comment: i % 3 === 0 ? COMMENTS[Math.floor(i / 3) % COMMENTS.length] : null,
          answers,
          createdAt: new Date(end + 2 * HOUR + (i * 47 + 13) * 60_000),
        };
      });
    if (responses.length) await tx.insert(s.feedbackResponses).values(responses);
  });
}

const E2E_EVENT = 'e2e-hodnotenie';
export const E2E_FEEDBACK_FAN = 'hodnotenie@e2e.tribuna.sk';

/** e2e only: a concert over eight hours ago, its one checked-in holder, and the organiser's two questions. */
type E2eFeedbackEvent = { slug: string; fan: { email: string; firstName: string; lastName: string }; title: s.LocalizedText };

async function seedE2eFeedbackEvent(db: Db, now: Date, { slug, fan: holder, title }: E2eFeedbackEvent): Promise<void> {
  const [exists] = await db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, slug));
  if (exists) return;
  const [source] = await db.select().from(s.events).where(eq(s.events.slug, 'polarna-ziara-kosice'));
  if (!source) return;
  const [sourceType] = await db
    .select()
    .from(s.ticketTypes)
    .where(and(eq(s.ticketTypes.eventId, source.id), eq(s.ticketTypes.code, 'GA')));
  if (!sourceType) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [fan] = await db
    .insert(s.users)
    .values({ email: holder.email, firstName: holder.firstName, lastName: holder.lastName, sex: 'female', dateOfBirth: '1992-06-15', locale: 'sk', passwordHash, emailVerifiedAt: now })
    .onConflictDoUpdate({ target: s.users.email, set: { locale: 'sk' } })
    .returning({ id: s.users.id });
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source;
  const startsAt = new Date(now.getTime() - 11 * HOUR);
  const [event] = await db
    .insert(s.events)
    .values({ ...copy, slug, title, summary: title, searchText: 'e2e hodnotenie', startsAt, doorsAt: new Date(startsAt.getTime() - HOUR), endsAt: new Date(now.getTime() - 8 * HOUR), saleStartsAt: null, saleEndsAt: null })
    .returning({ id: s.events.id });
  const { id: _t, eventId: _e, ...typeCopy } = sourceType;
  const [type] = await db.insert(s.ticketTypes).values({ ...typeCopy, eventId: event.id }).returning({ id: s.ticketTypes.id, priceAmount: s.ticketTypes.priceAmount });
  const [unit] = await db.insert(s.inventoryUnits).values({ eventId: event.id, ticketTypeId: type.id, status: 'sold' }).returning({ id: s.inventoryUnits.id });
  await db.insert(s.tickets).values({
    eventId: event.id,
    unitId: unit.id,
    ticketTypeId: type.id,
    ownerId: fan.id,
    priceAmount: type.priceAmount,
    ...newTicketKeys(),
    status: 'checked_in',
    checkedInAt: new Date(startsAt.getTime() - 30 * 60_000),
    checkedInGate: 'Hlavný vchod',
  });
  await db.insert(s.feedbackQuestions).values([
    { eventId: event.id, position: 0, prompt: { sk: 'Ako sa vám páčil zvuk?', cs: 'Jak se vám líbil zvuk?', en: 'How did you like the sound?' }, kind: 'rating' },
    { eventId: event.id, position: 1, prompt: { sk: 'Akú pieseň ste najviac chceli počuť?', cs: 'Jakou píseň jste nejvíc chtěli slyšet?', en: 'Which song did you most want to hear?' }, kind: 'text' },
  ]);
}
