// Loyalty points are concurrency-safe (issue 18 item 6): a ticket scanned at two gates and synced from an
// offline gate at the same moment, many tickets at once, awards its attendance points exactly once, and
// the balance is the ledger's sum. PostgreSQL only (PGlite has one connection).
import { eq, inArray } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { scanTicket } from '@/lib/server/scan/scan';
import { syncOfflineCheckIns } from '@/lib/server/scan/offline';
import { useTestDatabase } from '../helpers/db';
import { currentCode, eventBySlug, giveTicket, makeScanner, makeUser, openGates } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const EVENT = 'vltava-praha-slavia-praha';

beforeAll(async () => {
  await openGates(t.db, [EVENT]);
});

it('runs on PostgreSQL', () => {
  expect(t.kind).toBe('postgres');
});

it('two gates and an offline sync checking in the same tickets at once award each ticket once', async () => {
  const event = await eventBySlug(t.db, EVENT);
  await t.db.insert(s.loyaltyPrograms).values({ orgId: event.orgId, enabled: true, attendancePoints: 7 });
  const fans = await Promise.all(Array.from({ length: 5 }, (_, i) => makeUser(t.db, `crowd${i}`)));
  const tickets = [];
  for (let i = 0; i < 20; i++) tickets.push((await giveTicket(t.db, fans[i % fans.length].id, EVENT, 'STAND')).ticket);
  const [north, south, offline] = await Promise.all([makeScanner(t.db, EVENT), makeScanner(t.db, EVENT), makeScanner(t.db, EVENT)]);
  const at = Date.now();
  const codes = await Promise.all(tickets.map((x) => currentCode(t.db, x.id, at)));

  const online = tickets.flatMap((x, i) => [north, south].map((gate) => scanTicket({ id: gate.id }, { payload: codes[i], eventId: event.id }, new Date(at))));
  const synced = syncOfflineCheckIns(
    offline,
    event.id,
    tickets.map((x, i) => ({ ticketId: x.id, version: x.version, scannedAt: new Date(at).toISOString(), payload: codes[i] })),
  );
  const [results, sync] = await Promise.all([Promise.all(online), synced]);
  const admittedOnline = results.filter((r) => 'result' in r && r.result === 'admitted').length;
  const admittedOffline = sync.ok ? sync.results.filter((r) => r.result === 'admitted').length : 0;
  expect(admittedOnline + admittedOffline).toBe(20);

  const ids = tickets.map((x) => x.id);
  const ledger = await t.db.select().from(s.loyaltyLedger).where(inArray(s.loyaltyLedger.ticketId, ids));
  expect(ledger).toHaveLength(20);
  expect(new Set(ledger.map((row) => row.ticketId)).size).toBe(20);
  const balances = await t.db.select().from(s.loyaltyBalances).where(eq(s.loyaltyBalances.orgId, event.orgId));
  for (const [i, fan] of fans.entries()) {
    const owned = tickets.filter((_, n) => n % fans.length === i).length;
    expect(balances.find((b) => b.userId === fan.id)?.points).toBe(owned * 7);
  }
});
