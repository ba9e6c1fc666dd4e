// Gate devices and entries per gate (issue 31 items 1 and 2): a scan stores the gate the device is set up
// as, online and in an offline sync, on its log line and on the ticket it admits; the live view's entries
// and the report's per-gate rows count the tickets checked in by the gate of their first valid entry, so
// they sum exactly to the attendance, with a row for a gate that named none (a check-in without a gate,
// or one that left no line in the scan log); a code shown again at another gate counts once.
import { and, eq } from 'drizzle-orm';
import { GET as get, POST as post } from '@/tests/helpers/api';
import { eventChanged } from '@/lib/server/events/changed';
import * as s from '@/lib/server/db/schema';
import { eventReportSchema } from '@/lib/schemas/reports';
import { liveViewSchema } from '@/lib/schemas/reports-live';
import { answerOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { auth, currentCode, giveTicket, makeScanner, makeUser, openGates, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const MATCH = 'dunaj-bratislava-fc-kosice';

beforeAll(async () => {
  await openGates(t.db, [MATCH]);
}, 180_000);

const scan = async (user: { token: string }, body: Record<string, unknown>) => (await post(request('/api/v1/scan', { method: 'POST', headers: auth(user), body }), params({}))).json();

async function ticketOf(id: string) {
  const [row] = await t.db.select().from(s.tickets).where(eq(s.tickets.id, id));
  return row;
}

async function logOf(ticketId: string) {
  return t.db
    .select({ result: s.scanLog.result, gate: s.scanLog.gate })
    .from(s.scanLog)
    .where(and(eq(s.scanLog.ticketId, ticketId)))
    .orderBy(s.scanLog.scannedAt);
}

describe('entries per gate', () => {
  it('stores the gate with each scan and its ticket; the live view and the report sum the gates to the attendance', async () => {
    const fan = await makeUser(t.db, 'gate-fan');
    const gate = await makeScanner(t.db, MATCH);
    const manager = await makeScanner(t.db, MATCH, 'manager');
    const [atB, unnamed, offline, noLog, refused] = [
      await giveTicket(t.db, fan.id, MATCH),
      await giveTicket(t.db, fan.id, MATCH),
      await giveTicket(t.db, fan.id, MATCH),
      await giveTicket(t.db, fan.id, MATCH),
      await giveTicket(t.db, fan.id, MATCH),
    ];
    const eventId = atB.event.id;

    // Online at "Brána B": admitted, the gate on the log line and on the ticket.
    expect(await scan(gate, { payload: await currentCode(t.db, atB.ticket.id), eventId, gate: 'Brána B' })).toMatchObject({ result: 'admitted' });
    expect(await ticketOf(atB.ticket.id)).toMatchObject({ status: 'checked_in', checkedInGate: 'Brána B' });
    // The same code shown again at "Brána A": already used, logged there, still entered at B.
    expect(await scan(gate, { payload: await currentCode(t.db, atB.ticket.id), eventId, gate: 'Brána A' })).toMatchObject({ result: 'already_used' });
    expect(await logOf(atB.ticket.id)).toEqual([
      { result: 'admitted', gate: 'Brána B' },
      { result: 'already_used', gate: 'Brána A' },
    ]);
    expect((await ticketOf(atB.ticket.id)).checkedInGate).toBe('Brána B');

    // A device that names no gate (never set up).
    expect(await scan(gate, { payload: await currentCode(t.db, unnamed.ticket.id), eventId })).toMatchObject({ result: 'admitted' });
    expect((await ticketOf(unnamed.ticket.id)).checkedInGate).toBeNull();
    expect(await logOf(unnamed.ticket.id)).toEqual([{ result: 'admitted', gate: null }]);

    // Offline at "Brána A", synced later: the gate comes with the check-in.
    const scannedAt = new Date().toISOString();
    const synced = await post(
      request('/api/v1/scan/sync', {
        method: 'POST',
        headers: auth(gate),
        body: { eventId, checkIns: [{ ticketId: offline.ticket.id, version: offline.ticket.version, scannedAt, payload: await currentCode(t.db, offline.ticket.id), gate: 'Brána A' }] },
      }),
      params({}),
    );
    expect(await synced.json()).toEqual({ results: [{ ticketId: offline.ticket.id, result: 'admitted' }] });
    expect(await ticketOf(offline.ticket.id)).toMatchObject({ status: 'checked_in', checkedInGate: 'Brána A' });
    expect(await logOf(offline.ticket.id)).toEqual([{ result: 'admitted', gate: 'Brána A' }]);

    // Checked in with no line in the scan log (as the demo's past matches are): an entry at no named gate.
    await t.db.update(s.tickets).set({ status: 'checked_in', checkedInAt: new Date() }).where(eq(s.tickets.id, noLog.ticket.id));
    // A forged code at "Brána B" enters nobody.
    expect(await scan(gate, { payload: (await currentCode(t.db, refused.ticket.id)).slice(0, -4) + 'AAAA', eventId, gate: 'Brána B' })).toMatchObject({ result: 'invalid' });

    eventChanged(eventId);
    const live = await answerOf(liveViewSchema, await get(request(`/api/v1/organiser/events/${eventId}/live`, { headers: auth(manager) }), params({})));
    expect(live.entered).toEqual({
      total: 4,
      gates: [
        { gate: 'Brána A', admitted: 1 },
        { gate: 'Brána B', admitted: 1 },
        { gate: null, admitted: 2 },
      ],
    });

    const response = await get(request(`/api/v1/organiser/events/${eventId}/report`, { headers: auth(manager) }), params({}));
    const { attendance } = eventReportSchema.parse((await response.json()).report);
    expect(attendance.checkedIn.total).toBe(4);
    expect(attendance.gates).toEqual(live.entered.gates);
    expect(attendance.gates.reduce((sum, row) => sum + row.admitted, 0)).toBe(attendance.checkedIn.total);
    expect(attendance.buckets.reduce((sum, b) => sum + b.single + b.season, 0)).toBe(attendance.checkedIn.total);
  });

  it('the demo’s past match: its per-gate rows sum to its attendance; every seeded entry came through a named gate', async () => {
    const [owner] = await t.db.select().from(s.users).where(eq(s.users.email, 'klub@fkdunaj.sk'));
    const { sessionFor } = await import('../helpers/tickets');
    const token = await sessionFor(t.db, owner.id);
    const [past] = await t.db.select().from(s.events).where(eq(s.events.slug, 'dunaj-bratislava-slovan-liberec'));
    const response = await get(request(`/api/v1/organiser/events/${past.id}/report`, { headers: auth({ token }) }), params({}));
    const { attendance } = eventReportSchema.parse((await response.json()).report);
    expect(attendance.checkedIn.total).toBeGreaterThan(100);
    expect(attendance.gates.map((row) => row.gate)).toEqual(['Brána A', 'Brána B']);
    expect(attendance.gates.reduce((sum, row) => sum + row.admitted, 0)).toBe(attendance.checkedIn.total);
  });
});
