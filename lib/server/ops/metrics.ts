// Prometheus metrics (prom-client). Each thread keeps its counters on globalThis (like the database, so
// Next's modules, the hot API's bundle and the serving code of one thread count into the same ones); the
// fast-lane threads hand theirs to the main thread when it is scraped, which sums them with its own
// (lib/server/serving/fast-lane.ts, ./scrape.ts). Counting is an increment in memory: no database work,
// no message between threads per request. docs/decisions/metrics-prom-client.md
import { Counter, Histogram, Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';

/** Latency buckets in seconds: a hold or a scan takes milliseconds, a page tens, an export seconds. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    /** Every request the server answered, by method, route template (never the raw path) and status. */
    requests: new Histogram({
      name: 'tribuna_http_request_duration_seconds',
      help: 'Requests answered, by method, route (the operation’s path template or the page’s route) and status, with their duration',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: SECONDS,
      registers,
    }),
    /** Holds asked for (POST …/cart/items), by what came of them. */
    holds: new Counter({ name: 'tribuna_holds_total', help: 'Holds asked for, by result: held, or the failure code', labelNames: ['result'] as const, registers }),
    /** Gate scans, by their answer (admitted is an admission). */
    scans: new Counter({ name: 'tribuna_scans_total', help: 'Gate scans, by result: admitted, already_used, invalid, wrong_event, expired, not_valid, or the failure code', labelNames: ['result'] as const, registers }),
    /** Fans a waiting room admitted (lib/server/queue/room.ts admitStep, counted once its transaction committed). */
    queueAdmissions: new Counter({ name: 'tribuna_queue_admissions_total', help: 'Fans admitted from a waiting room to buy (every room of every event)', registers }),
    jobRuns: new Counter({ name: 'tribuna_job_runs_total', help: 'Background job runs (the sweeper’s jobs), by job', labelNames: ['job'] as const, registers }),
    jobFailures: new Counter({ name: 'tribuna_job_failures_total', help: 'Background job runs that failed, by job', labelNames: ['job'] as const, registers }),
    jobDuration: new Histogram({
      name: 'tribuna_job_duration_seconds',
      help: 'How long one background job run took (its backlog included), by job',
      labelNames: ['job'] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
export type ThreadMetrics = MetricObjectWithValues<MetricValue<string>>[];

const globalForMetrics = globalThis as unknown as { __tribunaMetrics?: Metrics };

/** This thread's counters. */
export function metrics(): Metrics {
  return (globalForMetrics.__tribunaMetrics ??= createMetrics());
}

/** This thread's counters as prom-client's JSON, for the main thread to sum (a lane thread's answer to a scrape). */
export function threadMetrics(): Promise<ThreadMetrics> {
  return metrics().registry.getMetricsAsJSON();
}
