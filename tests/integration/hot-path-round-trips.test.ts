// The hot paths' database work, counted (issue 34 item 6): how many statements a hold, a release and a
// gate scan send to the database, through the hot API as the production server answers them
// (lib/server/serving/hot-api.ts), session lookup included. A count, not a time: it fails when a feature
// puts one more round trip on a path every fan or every gate pays (docs/decisions/hot-paths-again.md).
import { statementsSent } from '@/lib/server/db/client';
import { listenForEventChanges } from '@/lib/server/events/changed';
import { serveHotApi } from '@/lib/server/serving/hot-api';
import { useTestDatabase } from '../helpers/db';
import { freeSeatsOf } from '../helpers/seats';
import { auth, currentCode, giveTicket, makeScanner, makeUser, openGates } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const STADIUM = 'dunaj-bratislava-fc-kosice';

/** The most statements each call may send once its event is known to the thread (the figures of docs/decisions/hot-paths-again.md). */
const LIMITS = { hold: 2, firstHold: 2, release: 2, scan: 2, scanAgain: 2 };

beforeAll(async () => {
  await openGates(t.db, [STADIUM]);
  // The thread's LISTEN for event changes, as a server's start begins it: its start forgets every cached event.
  await listenForEventChanges();
}, 180_000);

/** What one call answered and how many statements it sent. */
async function counted(path: string, init: { method: string; headers: Record<string, string>; body?: unknown }) {
  const before = statementsSent();
  const response = await serveHotApi(
    new Request(`http://localhost${path}`, { method: init.method, headers: init.headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, statements: statementsSent() - before };
}

describe('round trips on the hot paths', () => {
  it('a hold, another fan’s first hold and a release each send at most their figure of statements', async () => {
    const fan = await makeUser(t.db, 'rush');
    const seats = await freeSeatsOf(t.db, STADIUM, 3, 700);
    // The thread's first call reads the event (kept per event until it changes): not what each hold pays.
    const warm = await counted(`/api/v1/events/${STADIUM}/cart/items`, { method: 'POST', headers: auth(fan), body: { seatIds: [seats[0]] } });
    expect(warm.status).toBe(200);

    const hold = await counted(`/api/v1/events/${STADIUM}/cart/items`, { method: 'POST', headers: auth(fan), body: { seatIds: [seats[1]] } });
    expect(hold.status).toBe(200);
    const other = await makeUser(t.db, 'rush');
    const firstHold = await counted(`/api/v1/events/${STADIUM}/cart/items`, { method: 'POST', headers: auth(other), body: { seatIds: [seats[2]] } });
    expect(firstHold.status).toBe(200);
    const itemId = (hold.body.items as { id: string }[])[0].id;
    const release = await counted(`/api/v1/events/${STADIUM}/cart/items/${itemId}`, { method: 'DELETE', headers: auth(fan) });
    expect(release.status).toBe(200);

    console.log(`statements: hold ${hold.statements}, another fan's first hold ${firstHold.statements}, release ${release.statements}`);
    expect(hold.statements).toBeLessThanOrEqual(LIMITS.hold);
    expect(firstHold.statements).toBeLessThanOrEqual(LIMITS.firstHold);
    expect(release.statements).toBeLessThanOrEqual(LIMITS.release);
  });

  it('a gate scan, and the same code again, each send at most their figure of statements', async () => {
    const gate = await makeScanner(t.db, STADIUM);
    const owner = await makeUser(t.db, 'goer');
    const warmTicket = (await giveTicket(t.db, owner.id, STADIUM)).ticket;
    const { ticket } = await giveTicket(t.db, owner.id, STADIUM);
    const scan = (payload: string) => counted('/api/v1/scan', { method: 'POST', headers: auth(gate), body: { payload, gate: 'North' } });
    expect((await scan(await currentCode(t.db, warmTicket.id))).body.result).toBe('admitted');

    const code = await currentCode(t.db, ticket.id);
    const first = await scan(code);
    expect(first.body.result).toBe('admitted');
    const again = await scan(code);
    expect(again.body.result).toBe('already_used');

    console.log(`statements: scan ${first.statements}, the same code again ${again.statements}`);
    expect(first.statements).toBeLessThanOrEqual(LIMITS.scan);
    expect(again.statements).toBeLessThanOrEqual(LIMITS.scanAgain);
  });
});
