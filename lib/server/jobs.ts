import 'server-only';
// The job loop: every background job the feature modules declare (lib/server/<feature>/module.ts `jobs`),
// run in their `order` every SWEEP_INTERVAL_SECONDS (default 15) in every server process, started once
// per process by instrumentation.ts. Each job is safe with several processes at once (SKIP LOCKED, or a
// claimed row) and idempotent (DESIGN.md §6.14); one job failing does not stop the others.
import type { Job } from './api/operation';
import { apiModules } from './api/modules.generated';
import { log } from './ops/log';
import { metrics } from './ops/metrics';
import { JOB_LOOP_KEY, type JobLoop } from './ops/job-loop';

/** Every module's jobs, in the order a tick runs them. */
export function moduleJobs(): Job[] {
  return apiModules.flatMap((module) => [...(module.jobs ?? [])]).sort((a, b) => a.order - b.order);
}

/**
 * One tick: each job in turn, again while it says a backlog is left, for at most half the interval each
 * (the rest waits for the next tick). Answers the names of the jobs that failed. `stopping()` true: no
 * further job (nor more of a backlog) starts, the one running finishes (a shutdown).
 */
export async function runJobs(seconds: number, jobs: readonly Job[] = moduleJobs(), stopping: () => boolean = () => false): Promise<string[]> {
  const failed: string[] = [];
  const counted = metrics();
  for (const job of jobs) {
    if (stopping()) break;
    const startedAt = Date.now();
    try {
      while ((await job.run({ seconds, startedAt })) && Date.now() - startedAt < seconds * 500 && !stopping()) {
        /* a backlog: keep going */
      }
    } catch (error) {
      failed.push(job.name);
      counted.jobFailures.inc({ job: job.name });
      log().error({ err: error, job: job.name }, `Job ${job.name} failed`);
    } finally {
      counted.jobRuns.inc({ job: job.name });
      counted.jobDuration.observe({ job: job.name }, (Date.now() - startedAt) / 1000);
    }
  }
  return failed;
}

const globalForJobs = globalThis as unknown as { __tribunaJobs?: NodeJS.Timeout } & { [JOB_LOOP_KEY]?: JobLoop };

/** Starts this process's job loop (once); the production server stops it at shutdown (./ops/job-loop.ts). */
export function startJobs(): void {
  if (globalForJobs.__tribunaJobs) return;
  const seconds = Number(process.env.SWEEP_INTERVAL_SECONDS) || 15;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = runJobs(seconds, moduleJobs(), () => stopped).finally(() => {
      running = null;
    });
  }, seconds * 1000);
  timer.unref();
  globalForJobs.__tribunaJobs = timer;
  globalForJobs[JOB_LOOP_KEY] = {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
