// Dates money depends on (issue 28 item 9): once anything is sold, an event's start and end cannot move
// into the past, and a resale payout waits for the event to have really ended — the later of its end now
// and the latest end it had while sold, plus the deployment's wait (PAYOUT_WAIT_HOURS, default 12) — so moving
// a match does not pay a seller early, and a cancelled match pays nobody.
import { eq } from 'drizzle-orm';
import { PATCH as eventPatch } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import { updateEvent } from '@/lib/server/events/edit';
import { DEFAULT_PAYOUT_WAIT_HOURS } from '@/lib/server/payouts/state';
import { listPayouts } from '@/lib/server/resale/payouts';
import { useTestDatabase } from '../helpers/db';
import { headersOf, makeCast, orgIdOfSlug, type Cast } from '../helpers/organiser';
import { resaleSale } from '../helpers/payouts';
import { eventBySlug, makeUser, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const EVENT = 'dunaj-bratislava-spartak-trnava';
const HOUR = 3_600_000;

let cast: Cast;
let eventId: string;
let seller: TestUser;
let originalStart: Date;
let originalEnd: Date;

beforeAll(async () => {
  cast = await makeCast(t.db, await orgIdOfSlug(t.db, 'fk-dunaj-bratislava'));
  const event = await eventBySlug(t.db, EVENT);
  eventId = event.id;
  originalStart = event.startsAt;
  originalEnd = event.endsAt ?? new Date(event.startsAt.getTime() + 2 * HOUR);
  if (!event.endsAt) await t.db.update(s.events).set({ endsAt: originalEnd, latestEndAt: originalEnd }).where(eq(s.events.id, eventId));
  seller = await makeUser(t.db, 'dates-seller');
  await resaleSale(t.db, seller, EVENT);
}, 180_000);

/** The event's start and end moved (its doors an hour before the start, as a club sets them). */
const moveTo = (start: Date, end: Date) => ({ startsAt: start.toISOString(), doorsAt: new Date(start.getTime() - HOUR).toISOString(), endsAt: end.toISOString() });

async function payoutState(at: Date) {
  const [payout] = await listPayouts(seller, at);
  return payout.state;
}

describe('an event with tickets sold', () => {
  it('cannot start or end in the past: refused with a translated 409, nothing changed', async () => {
    const yesterday = new Date(Date.now() - 24 * HOUR);
    expect(await updateEvent(cast.owner.id, eventId, moveTo(yesterday, new Date(yesterday.getTime() + 2 * HOUR)))).toEqual({ ok: false, code: 'EVENT_DATE_IN_PAST' });
    expect(await updateEvent(cast.manager.id, eventId, { endsAt: new Date(Date.now() - HOUR).toISOString() })).toMatchObject({ ok: false, code: expect.stringMatching(/EVENT_DATE_IN_PAST|END_BEFORE_START/) });
    const response = await eventPatch(
      request(`/api/v1/organiser/events/${eventId}`, { method: 'PATCH', headers: { ...headersOf(cast, 'owner'), 'accept-language': 'sk' }, body: moveTo(yesterday, new Date(yesterday.getTime() + HOUR)) }),
      params({ eventId }),
    );
    expect(response.status).toBe(409);
    expect((await response.json()).message).toContain('do minulosti');
    const after = await eventBySlug(t.db, EVENT);
    expect(after.startsAt.getTime()).toBe(originalStart.getTime());
    expect(after.endsAt!.getTime()).toBe(originalEnd.getTime());
  });

  it('may still move into the future', async () => {
    const later = new Date(originalStart.getTime() + HOUR);
    const moved = await updateEvent(cast.owner.id, eventId, moveTo(later, new Date(originalEnd.getTime() + HOUR)));
    expect(moved.ok).toBe(true);
    const back = await updateEvent(cast.owner.id, eventId, moveTo(originalStart, originalEnd));
    expect(back.ok).toBe(true);
  });
});

describe('a resale payout', () => {
  it('is due only a set time after the event really ended', async () => {
    // The previous case moved the end an hour later and back: the latest end it had counts.
    const latest = new Date(originalEnd.getTime() + HOUR);
    expect(await payoutState(new Date(latest.getTime() + (DEFAULT_PAYOUT_WAIT_HOURS - 1) * HOUR))).toBe('waiting');
    expect(await payoutState(new Date(latest.getTime() + DEFAULT_PAYOUT_WAIT_HOURS * HOUR))).toBe('due');
  });

  it('waits as long as the deployment says (PAYOUT_WAIT_HOURS): 0 hours, due the moment the match ended; a wait that is no whole number of hours is refused, never read as the default', async () => {
    const latest = new Date(originalEnd.getTime() + HOUR);
    const configured = process.env.PAYOUT_WAIT_HOURS;
    try {
      process.env.PAYOUT_WAIT_HOURS = '0';
      expect(await payoutState(new Date(latest.getTime() - 60_000))).toBe('waiting');
      expect(await payoutState(latest)).toBe('due');
      process.env.PAYOUT_WAIT_HOURS = '3';
      expect(await payoutState(new Date(latest.getTime() + 2 * HOUR))).toBe('waiting');
      expect(await payoutState(new Date(latest.getTime() + 3 * HOUR))).toBe('due');
      for (const wrong of ['twelve', '-1', '1.5', '9000']) {
        process.env.PAYOUT_WAIT_HOURS = wrong;
        await expect(payoutState(new Date(latest.getTime() + 30 * 24 * HOUR))).rejects.toThrow(`PAYOUT_WAIT_HOURS "${wrong}" is not a whole number of hours from 0 to 8760`);
      }
    } finally {
      if (configured === undefined) delete process.env.PAYOUT_WAIT_HOURS;
      else process.env.PAYOUT_WAIT_HOURS = configured;
    }
  });

  it('waits for the later end when the match is moved later, and moving it back does not make it due sooner', async () => {
    const postponedEnd = new Date(originalEnd.getTime() + 3 * 24 * HOUR);
    expect((await updateEvent(cast.owner.id, eventId, moveTo(new Date(originalStart.getTime() + 3 * 24 * HOUR), postponedEnd))).ok).toBe(true);
    const afterOriginal = new Date(originalEnd.getTime() + (DEFAULT_PAYOUT_WAIT_HOURS + 2) * HOUR);
    expect(await payoutState(afterOriginal)).toBe('waiting');
    // Back to the original date: the buyers were promised the later one, the payout still waits for it.
    expect((await updateEvent(cast.owner.id, eventId, moveTo(originalStart, originalEnd))).ok).toBe(true);
    expect(await payoutState(afterOriginal)).toBe('waiting');
    expect(await payoutState(new Date(postponedEnd.getTime() + DEFAULT_PAYOUT_WAIT_HOURS * HOUR))).toBe('due');
  });

  it('never becomes due for a cancelled event', async () => {
    const when = new Date(originalEnd.getTime() + 30 * 24 * HOUR);
    expect(await payoutState(when)).toBe('due');
    await t.db.update(s.events).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(s.events.id, eventId));
    expect(await payoutState(when)).toBe('waiting');
  });
});
