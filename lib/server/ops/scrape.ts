// What the production server answers at /metrics (lib/server/serving/server.ts): this thread's counters
// summed with every fast-lane thread's (prom-client's AggregatorRegistry.aggregate), then what only the
// main thread knows: the process's default metrics, requests in flight and draining, and — read from the
// database at scrape time, never on a request's path — the queues' depths, the waiting rooms' fans and
// this process's connections.
import { sql } from 'drizzle-orm';
import { AggregatorRegistry, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { connectionName, databaseKind, getDb, rowsOf } from '@/lib/server/db/client';
import { WAITING_ROOM_FIGURES } from '@/lib/server/queue/figures';
import { log } from './log';
import { metrics, type ThreadMetrics } from './metrics';

export type ScrapeSources = {
  /** The fast-lane threads' counters. */
  laneMetrics: () => Promise<ThreadMetrics[]>;
  /** Requests being answered now, and whether the server is draining. */
  inFlight: () => number;
  draining: () => boolean;
  /** Connections this process may open to PostgreSQL (the main thread's pool and every lane thread's). */
  poolMax: number;
};

/** The queues the sweeper works off: waiting rows and how long the oldest has waited. */
const QUEUES = sql`
  select 'refunds' as queue, count(*)::int as depth, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
    from refunds where status = 'pending'
  union all
  select 'notifications', count(*)::int, coalesce(extract(epoch from now() - min(created_at)), 0)::float8
    from notifications where status = 'queued'
  union all
  select 'payouts', count(*)::int, coalesce(extract(epoch from now() - min(created_at)), 0)::float8
    from payouts where status = 'pending' and run_id is null`;


/** Returns scrape(): the metrics text in Prometheus's format. */
export function createScrape(sources: ScrapeSources): () => Promise<{ contentType: string; text: string }> {
  const own = new Registry();
  const registers = [own];
  collectDefaultMetrics({ register: own });
  new Gauge({ name: 'tribuna_http_requests_in_flight', help: 'Requests being answered now', registers, collect() {
    this.set(sources.inFlight());
  } });
  new Gauge({ name: 'tribuna_draining', help: '1 while the server drains after SIGTERM (readiness answers 503)', registers, collect() {
    this.set(sources.draining() ? 1 : 0);
  } });
  const depth = new Gauge({ name: 'tribuna_queue_depth', help: 'Rows waiting in a queue: refunds pending, notifications queued, payouts due and in no run', labelNames: ['queue'] as const, registers });
  const oldest = new Gauge({ name: 'tribuna_queue_oldest_seconds', help: 'Age of the oldest row waiting in a queue', labelNames: ['queue'] as const, registers });
  const roomFans = new Gauge({ name: 'tribuna_waiting_room_fans', help: 'Fans in the waiting rooms, by state: prequeue (before the start, not yet drawn), waiting (in line: the queue’s length), admitted (admission not yet expired)', labelNames: ['state'] as const, registers });
  const connections = new Gauge({ name: 'tribuna_db_connections', help: 'This process’s PostgreSQL connections (every thread’s pool), by state in pg_stat_activity', labelNames: ['state'] as const, registers });
  new Gauge({ name: 'tribuna_db_pool_max', help: 'Connections this process may open to PostgreSQL', registers, collect() {
    this.set(databaseKind() === 'postgres' ? sources.poolMax : 1);
  } });

  /** The database's part, one round trip each; a database that does not answer leaves the gauges as they were. */
  async function readDatabase(): Promise<void> {
    const db = getDb();
    try {
      for (const row of rowsOf<{ queue: string; depth: number; oldest: number }>(await db.execute(QUEUES))) {
        depth.set({ queue: row.queue }, Number(row.depth));
        oldest.set({ queue: row.queue }, Number(row.oldest));
      }
      const [rooms] = rowsOf<{ prequeue: number; waiting: number; admitted: number }>(await db.execute(WAITING_ROOM_FIGURES));
      for (const state of ['prequeue', 'waiting', 'admitted'] as const) roomFans.set({ state }, Number(rooms?.[state] ?? 0));
      if (databaseKind() === 'postgres') {
        connections.reset();
        const states = rowsOf<{ state: string | null; n: number }>(
          await db.execute(sql`select state, count(*)::int as n from pg_stat_activity where application_name like ${`${connectionName(process.pid, 0).replace(/\/0$/, '/')}%`} group by state`),
        );
        for (const { state, n } of states) connections.set({ state: state ?? 'unknown' }, Number(n));
      }
    } catch (error) {
      log().warn({ err: error }, 'metrics: the database did not answer');
    }
  }

  return async () => {
    const [threads] = await Promise.all([sources.laneMetrics(), readDatabase()]);
    const counted = AggregatorRegistry.aggregate([await metrics().registry.getMetricsAsJSON(), ...threads]);
    return { contentType: own.contentType, text: `${await counted.metrics()}\n${await own.metrics()}` };
  };
}
