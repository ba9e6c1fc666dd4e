// The waiting room on real PostgreSQL (issue 34 item 4): several server processes share one queue. Two
// connection pools (what two processes are to the database) run the admission step at once and never
// admit more than the rate; parallel joins give one place per account and distinct, gapless positions.
// Run: npm run test:pg -- tests/pg/waiting-room.test.ts
import { eq, sql } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { openDatabase, rowsOf } from '@/lib/server/db/client';
import { eventChanged } from '@/lib/server/events/changed';
import { joinQueue } from '@/lib/server/queue/fan';
import { admitStep, roomOfEvent } from '@/lib/server/queue/room';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const STADIUM = 'dunaj-bratislava-fc-kosice';

describePg('one waiting room, several processes (PostgreSQL)', () => {
  let second: ReturnType<typeof openDatabase>;
  let roomId: string;
  let fans: { id: string }[];

  beforeAll(async () => {
    // The second "server process": its own pool of connections to the same database.
    second = openDatabase({ url: t.url!, poolSize: 10 });
    const [event] = await t.db.select().from(s.events).where(eq(s.events.slug, STADIUM));
    await t.db.update(s.events).set({ saleStartsAt: null }).where(eq(s.events.id, event.id));
    await t.db.insert(s.waitingRooms).values({ eventId: event.id, ratePerMinute: 600 });
    await eventChanged(event.id);
    roomId = (await roomOfEvent(event.id))!.id;
    fans = [];
    for (let i = 0; i < 300; i++) fans.push(await makeUser(t.db, `pg-queue-${i}`));
  }, 240_000);

  afterAll(async () => {
    await second?.close();
  });

  it('300 fans joining at once get 300 distinct positions 1…300; 20 joins of one account make one place', async () => {
    const now = Date.now();
    const joined = await Promise.all(fans.map((fan, i) => joinQueue({ userId: fan.id, eventRef: STADIUM, now: now + i })));
    expect(joined.every((r) => r.ok)).toBe(true);
    const positions = rowsOf<{ position: number }>(await t.db.execute(sql`select position::int as position from waiting_room_places where room_id = ${roomId} order by position`));
    expect(positions.map((p) => p.position)).toEqual(fans.map((_, i) => i + 1));
    const again = await Promise.all(Array.from({ length: 20 }, () => joinQueue({ userId: fans[0].id, eventRef: STADIUM, now })));
    expect(again.every((r) => r.ok)).toBe(true);
    const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from waiting_room_places where room_id = ${roomId} and user_id = ${fans[0].id}`));
    expect(n).toBe(1);
  });

  it('two processes running 40 admission steps at the same instant admit exactly what the rate allows, in position order', async () => {
    // Start afresh: nobody admitted, the clock one second back (600 a minute: 10 are due).
    await t.db.execute(sql`update waiting_room_places set admitted_at = null, expires_at = null where room_id = ${roomId}`);
    const now = Date.now() + 60_000;
    await t.db.execute(sql`update waiting_rooms set admitted_through = 0, admit_clock = to_timestamp(${now - 1000} / 1000.0) where id = ${roomId}`);
    const steps = (at: number) => Promise.all(Array.from({ length: 40 }, (_, i) => admitStep(roomId, at, i % 2 ? second.db : t.db)));
    const first = await steps(now);
    expect(first.reduce((a, b) => a + b, 0)).toBe(10);
    // Half a second later: 5 more, whoever runs the step.
    const later = await steps(now + 500);
    expect(later.reduce((a, b) => a + b, 0)).toBe(5);
    const admitted = rowsOf<{ position: number }>(await t.db.execute(sql`select position::int as position from waiting_room_places where room_id = ${roomId} and admitted_at is not null order by position`));
    expect(admitted.map((p) => p.position)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  it('two processes admitting in a loop for 3 s never exceed the rate', async () => {
    await t.db.execute(sql`update waiting_room_places set admitted_at = null, expires_at = null where room_id = ${roomId}`);
    await t.db.execute(sql`update waiting_rooms set admitted_through = 0, admit_clock = null where id = ${roomId}`);
    const started = Date.now();
    const loop = async (db: typeof t.db) => {
      let admitted = 0;
      while (Date.now() - started < 3000) {
        admitted += await admitStep(roomId, Date.now(), db);
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 10));
      }
      return admitted;
    };
    const counts = await Promise.all([loop(t.db), loop(second.db), loop(t.db), loop(second.db)]);
    const elapsed = Date.now() - started;
    const total = counts.reduce((a, b) => a + b, 0);
    // 600 a minute is 10 a second: at most one interval's worth on top (the first step's), never more.
    expect(total).toBeLessThanOrEqual(Math.floor((elapsed / 1000) * 10) + 1);
    expect(total).toBeGreaterThanOrEqual(20);
    // Both processes did some of the work.
    expect(counts[1] + counts[3]).toBeGreaterThan(0);
  });
});
