// What a scrape (lib/server/ops/scrape.ts) reads from the database and what the waiting room counts
// (issue 35 item 4): the waiting rooms' fans by state — the queue's length among them — and the fans
// admitted (lib/server/queue/room.ts admitStep), and the sweeper's queues' depths, each following the rows.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { NOTIFICATION_TOPICS } from '@/lib/schemas/notifications';
import { createScrape } from '@/lib/server/ops/scrape';
import { admitStep } from '@/lib/server/queue/room';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { makeUser } from '../helpers/tickets';
import { makeSmallEvent } from '../helpers/waiting-list';

const t = useTestDatabase();

const scrape = createScrape({ laneMetrics: async () => [], inFlight: () => 0, draining: () => false, poolMax: 4 });

/** A series' value in a Prometheus text exposition (0 when absent). */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const fans = (text: string, state: string) => seriesValue(text, `tribuna_waiting_room_fans{state="${state}"}`);
const MINUTE = 60_000;

it('the waiting rooms’ fans by state and the fans admitted follow the room', async () => {
  const event = await makeSmallEvent(t.db, { seats: 0, places: 0, enabled: false });
  const [room] = await t.db.insert(s.waitingRooms).values({ eventId: event.id, ratePerMinute: 60, lastPosition: 3 }).returning({ id: s.waitingRooms.id });
  const users = await Promise.all(['pre', 'first', 'second', 'third', 'gone'].map((tag) => makeUser(t.db, `metrics-queue-${tag}`)));
  const now = Date.now();
  await t.db.insert(s.waitingRoomPlaces).values([
    // Came before their window: waits for the draw.
    { roomId: room.id, userId: users[0].id, opensAt: new Date(now + 10 * MINUTE), draw: 0.5 },
    // In line, numbered.
    { roomId: room.id, userId: users[1].id, opensAt: new Date(now - MINUTE), position: 1, placedAfter: 0 },
    { roomId: room.id, userId: users[2].id, opensAt: new Date(now - MINUTE), position: 2, placedAfter: 0 },
    { roomId: room.id, userId: users[3].id, opensAt: new Date(now - MINUTE), position: 3, placedAfter: 0 },
    // Admitted long ago, never bought: their admission expired, they hold no place.
    { roomId: room.id, userId: users[4].id, opensAt: new Date(now - 60 * MINUTE), position: 0, admittedAt: new Date(now - 50 * MINUTE), expiresAt: new Date(now - 40 * MINUTE) },
  ]);

  const before = await scrape();
  expect(fans(before.text, 'prequeue')).toBe(1);
  expect(fans(before.text, 'waiting')).toBe(3);
  expect(fans(before.text, 'admitted')).toBe(0);
  const admittedBefore = seriesValue(before.text, 'tribuna_queue_admissions_total');

  // One fan a minute: the first step admits one, two seconds later (the burst it may bank) two more.
  expect(await admitStep(room.id, now)).toBe(1);
  const once = await scrape();
  expect(fans(once.text, 'waiting')).toBe(2);
  expect(fans(once.text, 'admitted')).toBe(1);
  expect(seriesValue(once.text, 'tribuna_queue_admissions_total')).toBe(admittedBefore + 1);

  expect(await admitStep(room.id, now + 2 * MINUTE)).toBe(2);
  const twice = await scrape();
  expect(fans(twice.text, 'waiting')).toBe(0);
  expect(fans(twice.text, 'admitted')).toBe(3);
  expect(seriesValue(twice.text, 'tribuna_queue_admissions_total')).toBe(admittedBefore + 3);
  // A step with nobody due admits no one and counts nothing.
  expect(await admitStep(room.id, now + 2 * MINUTE)).toBe(0);
  expect(seriesValue((await scrape()).text, 'tribuna_queue_admissions_total')).toBe(admittedBefore + 3);

  await t.db.delete(s.waitingRooms).where(eq(s.waitingRooms.id, room.id));
  const emptied = await scrape();
  for (const state of ['prequeue', 'waiting', 'admitted']) expect(fans(emptied.text, state)).toBe(0);
});

it('the notification queue’s depth counts the rows queued, and the pool’s limit is reported', async () => {
  const series = 'tribuna_queue_depth{queue="notifications"}';
  const depth = seriesValue((await scrape()).text, series);
  const fan = await makeUser(t.db, 'metrics-notified');
  const tag = randomBytes(4).toString('hex');
  await t.db.insert(s.notifications).values([1, 2].map((n) => ({ userId: fan.id, topic: NOTIFICATION_TOPICS[0], data: {}, dedupeKey: `metrics-${tag}-${n}` })));
  const after = (await scrape()).text;
  expect(seriesValue(after, series)).toBe(depth + 2);
  expect(after).toMatch(/tribuna_queue_oldest_seconds\{queue="notifications"\} [\d.]+/);
  expect(after).toMatch(/tribuna_queue_depth\{queue="refunds"\} \d+/);
  expect(after).toMatch(/tribuna_queue_depth\{queue="payouts"\} \d+/);
  // The embedded database is one connection; on PostgreSQL, the pool the server declared (poolMax above).
  expect(seriesValue(after, 'tribuna_db_pool_max')).toBe(isPostgresRun() ? 4 : 1);
});
