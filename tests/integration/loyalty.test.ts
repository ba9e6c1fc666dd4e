// Loyalty points (issue 18 item 6): the organiser's programme, points for a check-in and per euro spent,
// the fan's ledger, and everything taken back when the event is cancelled (refund + void).
import { eq } from 'drizzle-orm';
import { GET as ledgerRoute } from '@/tests/helpers/api';
import { GET as getProgram, PUT as putProgram } from '@/tests/helpers/api';
import { POST as scan } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import { cancelEvent } from '@/lib/server/events/cancel';
import { loyaltyProgramResultSchema, loyaltySchema } from '@/lib/schemas/loyalty';
import { answerOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { makeMember, makeOrganisation } from '../helpers/organiser';
import { buy } from '../helpers/purchases';
import { freeSeatsOf } from '../helpers/seats';
import { auth, currentCode, eventBySlug, makeScanner, makeUser, openGates, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SLUG = 'dunaj-bratislava-msk-zilina';

let orgId: string;
let manager: TestUser;

async function ledgerOf(user: TestUser) {
  const response = await ledgerRoute(request('/api/v1/loyalty', { headers: auth(user) }), params({}));
  expect(response.status).toBe(200);
  return answerOf(loyaltySchema, response);
}

beforeAll(async () => {
  await openGates(t.db, [SLUG]);
  orgId = (await eventBySlug(t.db, SLUG)).orgId;
  manager = await makeScanner(t.db, SLUG, 'manager');
});

it('the demo: FK Dunaj rewards attendance, and the demo fan’s past match has earned its points', async () => {
  const [fan] = await t.db.select().from(s.users).where(eq(s.users.email, 'fan@tribuna.sk'));
  const { sessionFor } = await import('../helpers/tickets');
  const ledger = await ledgerOf({ id: fan.id, email: fan.email!, firstName: '', lastName: '', token: await sessionFor(t.db, fan.id) });
  expect(ledger.balances.find((b) => b.organisation.id === orgId)!.points).toBeGreaterThanOrEqual(10);
  expect(ledger.entries.some((e) => e.kind === 'attendance' && e.event?.slug === 'dunaj-bratislava-slovan-liberec')).toBe(true);
});

it('the programme is the organiser’s: a scanner may not change it, another organisation’s member gets 404', async () => {
  const scanner = await makeScanner(t.db, SLUG, 'scanner');
  const other = await makeMember(t.db, (await makeOrganisation(t.db, 'Other club')).id, 'owner');
  const body = { enabled: true, attendancePoints: 10, pointsPerUnit: 2, redeemRate: 100, redeemMaxPercent: 50 };
  const put = (user: TestUser, input: unknown = body) =>
    putProgram(request(`/api/v1/organiser/organisations/${orgId}/loyalty`, { method: 'PUT', headers: auth(user), body: input }), params({ orgId }));
  expect((await put(scanner)).status).toBe(403);
  expect((await put(other)).status).toBe(404);
  expect((await getProgram(request(`/api/v1/organiser/organisations/${orgId}/loyalty`, { headers: auth(other) }), params({ orgId }))).status).toBe(404);
  expect((await put(manager, { ...body, attendancePoints: -1 })).status).toBe(422);
  const saved = await put(manager);
  expect(saved.status).toBe(200);
  // The demo seed's programme (10 a check-in, 1 a euro) with its fans who were at a match already.
  expect(await answerOf(loyaltyProgramResultSchema, saved)).toEqual({ ...body, members: expect.any(Number) });
});

it('a paid order earns points per euro, a check-in earns attendance once, and a cancelled event takes them all back', async () => {
  const fan = await makeUser(t.db, 'loyal');
  const seats = await freeSeatsOf(t.db, SLUG, 2);
  const order = await buy(t.db, fan, SLUG, { seatIds: seats });
  const perEuro = Math.floor(order.totalAmount / 100) * 2;
  expect(perEuro).toBeGreaterThan(0);
  let ledger = await ledgerOf(fan);
  expect(ledger.balances).toEqual([{ organisation: { id: orgId, name: 'FK Dunaj Bratislava' }, points: perEuro }]);
  expect(ledger.entries.map((e) => [e.kind, e.points, e.event?.slug])).toEqual([['purchase', perEuro, SLUG]]);

  // Two gates scan the same code: one admits, and the points come once.
  const tickets = await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, order.id));
  const [north, south] = [await makeScanner(t.db, SLUG), await makeScanner(t.db, SLUG)];
  const payload = await currentCode(t.db, tickets[0].id);
  const eventId = tickets[0].eventId;
  const answers = await Promise.all(
    [north, south].map(async (gate) => (await scan(request('/api/v1/scan', { method: 'POST', headers: auth(gate), body: { payload, eventId } }), params({}))).json()),
  );
  expect(answers.map((a) => a.result).sort()).toEqual(['admitted', 'already_used']);
  ledger = await ledgerOf(fan);
  expect(ledger.balances[0].points).toBe(perEuro + 10);
  expect(ledger.entries.filter((e) => e.kind === 'attendance')).toHaveLength(1);

  // Programme off: nothing more is earned, what was earned stays.
  await putProgram(
    request(`/api/v1/organiser/organisations/${orgId}/loyalty`, { method: 'PUT', headers: auth(manager), body: { enabled: false, attendancePoints: 10, pointsPerUnit: 2, redeemRate: 100, redeemMaxPercent: 50 } }),
    params({ orgId }),
  );
  const second = await scan(request('/api/v1/scan', { method: 'POST', headers: auth(north), body: { payload: await currentCode(t.db, tickets[1].id), eventId } }), params({}));
  expect((await second.json()).result).toBe('admitted');
  expect((await ledgerOf(fan)).balances[0].points).toBe(perEuro + 10);

  // The organiser cancels the event: the order is refunded, its tickets void, every point taken back once.
  const owner = await makeScanner(t.db, SLUG, 'owner');
  expect((await cancelEvent(owner, eventId)).ok).toBe(true);
  ledger = await ledgerOf(fan);
  expect(ledger.balances[0].points).toBe(0);
  const reversals = ledger.entries.filter((e) => e.kind === 'reversal');
  expect(reversals.map((e) => [e.reverses, e.points]).sort()).toEqual([
    ['attendance', -10],
    ['purchase', -perEuro],
  ]);
  const rows = await t.db.select().from(s.loyaltyLedger).where(eq(s.loyaltyLedger.userId, fan.id));
  expect(rows.reduce((sum, row) => sum + row.points, 0)).toBe(0);
});

it('answers 401 without a session', async () => {
  expect((await ledgerRoute(request('/api/v1/loyalty'), params({}))).status).toBe(401);
});
