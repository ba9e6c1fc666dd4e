// The demo data as a gate sees it right after seeding: the match of the day is inside its entry window
// (doors open … end + 2 h), so the seeded scanner admits a redeemed ticket; next week's match is not yet.
import { eq } from 'drizzle-orm';
import { POST as redeem } from '@/tests/helpers/api';
import { POST as scan } from '@/tests/helpers/api';
import { GET as scannerEventsRoute } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import { scanWindow } from '@/lib/ticket-code/window';
import { useTestDatabase } from '../helpers/db';
import { auth, currentCode, eventBySlug, makeUser, params, request, sessionFor } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });


async function redeemAs(fan: { token: string }, code: string): Promise<string> {
  const response = await redeem(request('/api/v1/tickets/redeem', { method: 'POST', headers: auth(fan), body: { code } }), params({}));
  expect(response.status).toBe(201);
  return (await response.json()).ticketIds[0];
}

describe('the demo gate', () => {
  it('the seeded scanner admits a ticket of the match of the day and refuses next week’s as too early', async () => {
    const today = await eventBySlug(t.db, 'dunaj-bratislava-zemplin-michalovce');
    const window = scanWindow(today);
    expect(window.opensAt.getTime()).toBeLessThan(Date.now());
    expect(window.closesAt.getTime()).toBeGreaterThan(Date.now() + 5 * 3_600_000);

    const [skener] = await t.db.select().from(s.users).where(eq(s.users.email, 'skener@tribuna.sk'));
    const gate = { token: await sessionFor(t.db, skener.id) };
    const listed = await scannerEventsRoute(request('/api/v1/scan/events', { headers: auth(gate) }), params({}));
    const events = await listed.json();
    expect({ status: listed.status, events }).toMatchObject({ status: 200 });
    expect(events.events[0]).toMatchObject({ slug: 'dunaj-bratislava-zemplin-michalovce' });

    const fan = await makeUser(t.db, 'demo-goer');
    const todayTicket = await redeemAs(fan, 'VOUCHER-DNES-1');
    const nextWeekTicket = await redeemAs(fan, 'VOUCHER-DUNAJ-1');
    const scanAs = async (payload: string, eventId: string) =>
      (await scan(request('/api/v1/scan', { method: 'POST', headers: auth(gate), body: { payload, eventId } }), params({}))).json();
    expect(await scanAs(await currentCode(t.db, todayTicket), today.id)).toMatchObject({ result: 'admitted' });
    const kosice = await eventBySlug(t.db, 'dunaj-bratislava-fc-kosice');
    expect(await scanAs(await currentCode(t.db, nextWeekTicket), kosice.id)).toMatchObject({ result: 'not_valid', reason: 'too_early' });
  });
});
