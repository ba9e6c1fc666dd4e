// How the production server stops the job loop (lib/server/jobs.ts, started by instrumentation.ts inside
// Next's modules) without importing every module's jobs: the loop leaves its stop on globalThis.

/** The running job loop of this process. */
export type JobLoop = { stop: () => Promise<void> };

export const JOB_LOOP_KEY = '__tribunaJobLoop';

/** Stops the job loop after the job it is running (resolves at once when there is none). */
export async function stopJobLoop(): Promise<void> {
  await (globalThis as unknown as Record<string, JobLoop | undefined>)[JOB_LOOP_KEY]?.stop();
}
