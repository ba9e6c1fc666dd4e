import 'server-only';
// The job loop: every background job the feature modules declare (lib/server/<feature>/module.ts `jobs`),
// run in their `order` every SWEEP_INTERVAL_SECONDS (default 15) in every server process, started once
// per process by instrumentation.ts. Each job is safe with several processes at once (SKIP LOCKED, or a
// claimed row) and idempotent (DESIGN.md §6.14); one job failing does not stop the others.
import type { Job } from './api/operation';
import { apiModules } from './api/modules.generated';

/** Every module's jobs, in the order a tick runs them. */
export function moduleJobs(): Job[] {
  return apiModules.flatMap((module) => [...(module.jobs ?? [])]).sort((a, b) => a.order - b.order);
}

/**
 * One tick: each job in turn, again while it says a backlog is left, for at most half the interval each
 * (the rest waits for the next tick). Answers the names of the jobs that failed.
 */
export async function runJobs(seconds: number, jobs: readonly Job[] = moduleJobs()): Promise<string[]> {
  const failed: string[] = [];
  for (const job of jobs) {
    const startedAt = Date.now();
    try {
      while ((await job.run({ seconds, startedAt })) && Date.now() - startedAt < seconds * 500) {
        /* a backlog: keep going */
      }
    } catch (error) {
      failed.push(job.name);
      console.error(`Job ${job.name} failed:`, error instanceof Error ? error.message : error);
    }
  }
  return failed;
}

const globalForJobs = globalThis as unknown as { __tribunaJobs?: NodeJS.Timeout };

/** Starts this process's job loop (once). */
export function startJobs(): void {
  if (globalForJobs.__tribunaJobs) return;
  const seconds = Number(process.env.SWEEP_INTERVAL_SECONDS) || 15;
  let running = false;
  globalForJobs.__tribunaJobs = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await runJobs(seconds);
    } finally {
      running = false;
    }
  }, seconds * 1000);
  globalForJobs.__tribunaJobs.unref();
}
