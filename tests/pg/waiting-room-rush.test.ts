// The waiting room under a rush on real PostgreSQL: fans join just before and just after the general sale
// opens (the pre-queue, the draw, arrivals numbered at the end), poll their place (each poll may run the
// admission step) while a second "process" runs admission steps too. No call may fail: every fan gets
// one place, distinct positions without gaps, and is admitted.
// Run: npm run test:pg -- tests/pg/waiting-room-rush.test.ts
import { eq, sql } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { openDatabase, rowsOf } from '@/lib/server/db/client';
import { eventChanged } from '@/lib/server/events/changed';
import { joinQueue, queueStatus } from '@/lib/server/queue/fan';
import { admitStep, roomOfEvent } from '@/lib/server/queue/room';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const STADIUM = 'dunaj-bratislava-fc-kosice';
const FANS = 240;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

describePg('a rush on one waiting room (PostgreSQL)', () => {
  let second: ReturnType<typeof openDatabase>;
  let eventId: string;
  let fans: { id: string }[];

  beforeAll(async () => {
    second = openDatabase({ url: t.url!, poolSize: 10 });
    const [event] = await t.db.select().from(s.events).where(eq(s.events.slug, STADIUM));
    eventId = event.id;
    fans = [];
    for (let i = 0; i < FANS; i++) fans.push(await makeUser(t.db, `pg-rush-${i}`));
  }, 240_000);

  afterAll(async () => {
    await second?.close();
  });

  it('fans joining across the start and polling, with admission steps from two processes, never get an error', async () => {
    const opens = Date.now() + 1500;
    await t.db.update(s.events).set({ saleStartsAt: new Date(opens) }).where(eq(s.events.id, eventId));
    await t.db.insert(s.waitingRooms).values({ eventId, ratePerMinute: 12_000 });
    await eventChanged(eventId);
    const roomId = (await roomOfEvent(eventId))!.id;
    const errors: unknown[] = [];
    let done = false;

    // The other process: an admission step every few milliseconds.
    const stepping = (async () => {
      while (!done) {
        await admitStep(roomId, Date.now(), second.db).catch((error) => errors.push(error));
        await sleep(3 + Math.random() * 5);
      }
    })();

    const admitted = await Promise.all(
      fans.map(async (fan, i) => {
        await sleep((i / FANS) * 3000);
        try {
          // Some fans press the button twice (two tabs).
          const joins = await Promise.all(Array.from({ length: i % 5 === 0 ? 2 : 1 }, () => joinQueue({ userId: fan.id, eventRef: STADIUM })));
          if (!joins.every((r) => r.ok)) throw new Error(`join refused: ${JSON.stringify(joins)}`);
          for (let poll = 0; poll < 400; poll++) {
            const result = await queueStatus({ userId: fan.id, eventRef: STADIUM });
            if (!result.ok) throw new Error(`poll refused: ${JSON.stringify(result)}`);
            if (result.status.state === 'admitted') return true;
            await sleep(20 + Math.random() * 40);
          }
          return false;
        } catch (error) {
          errors.push(error);
          return false;
        }
      }),
    );
    done = true;
    await stepping;

    expect(errors.map((e) => String((e as { cause?: unknown }).cause ?? e))).toEqual([]);
    expect(admitted.filter(Boolean).length).toBe(FANS);
    const positions = rowsOf<{ position: number }>(await t.db.execute(sql`select position::int as position from waiting_room_places where room_id = ${roomId} order by position`));
    expect(positions.map((p) => p.position)).toEqual(fans.map((_, i) => i + 1));
  }, 180_000);
});
