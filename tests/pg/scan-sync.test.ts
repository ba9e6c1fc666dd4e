// Offline syncs are one transaction each (issue 13): its rows stay locked until it commits, so two gates
// replaying overlapping check-ins at once must lock them in the same order, or PostgreSQL breaks the
// circle by failing one of them. PostgreSQL only (PGlite has one connection).
import { and, eq, inArray } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { syncOfflineCheckIns } from '@/lib/server/scan/offline';
import { useTestDatabase } from '../helpers/db';
import { currentCode, giveTicket, makeScanner, makeUser, openGates } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const EVENT = 'vltava-praha-slavia-praha';

beforeAll(async () => {
  // The seeded match lies days ahead: its gates must be open for a check-in made now.
  await openGates(t.db, [EVENT]);
});

it('runs on PostgreSQL', () => {
  expect(t.kind).toBe('postgres');
});

it('two gates syncing the same check-ins in opposite orders at once both finish; each ticket is admitted once', async () => {
  const owner = await makeUser(t.db, 'offline-crowd');
  const [north, south] = await Promise.all([makeScanner(t.db, EVENT), makeScanner(t.db, EVENT)]);
  const tickets = [];
  for (let i = 0; i < 12; i++) tickets.push((await giveTicket(t.db, owner.id, EVENT, 'STAND')).ticket);
  const eventId = tickets[0].eventId;
  const at = Date.now();
  const items = await Promise.all(tickets.map(async (x) => ({ ticketId: x.id, version: x.version, scannedAt: new Date(at).toISOString(), payload: await currentCode(t.db, x.id, at) })));

  const synced = await Promise.all([syncOfflineCheckIns(north, eventId, items), syncOfflineCheckIns(south, eventId, [...items].reverse())]);
  const [a, b] = synced.map((sync) => (sync.ok ? sync.results : null));
  // answers in the order the gate sent them
  expect(a!.map((r) => r.ticketId)).toEqual(items.map((i) => i.ticketId));
  expect(b!.map((r) => r.ticketId)).toEqual([...items].reverse().map((i) => i.ticketId));
  const admitted = [...a!, ...b!].filter((r) => r.result === 'admitted').map((r) => r.ticketId);
  expect(admitted.sort()).toEqual(tickets.map((x) => x.id).sort());
  const checkedIn = await t.db
    .select({ id: s.tickets.id })
    .from(s.tickets)
    .where(and(inArray(s.tickets.id, tickets.map((x) => x.id)), eq(s.tickets.status, 'checked_in')));
  expect(checkedIn).toHaveLength(12);
});
