// The job loop (lib/server/jobs.ts): the modules' jobs in their order, a backlog worked again within the
// tick, and one failing job never stops the ones after it.
import { runJobs } from '@/lib/server/jobs';
import type { Job } from '@/lib/server/api/operation';
import { log } from '@/lib/server/ops/log';
import { metrics } from '@/lib/server/ops/metrics';

/** A counter's value for one job. */
async function countOf(name: 'tribuna_job_runs_total' | 'tribuna_job_failures_total', job: string): Promise<number> {
  const metric = (await metrics().registry.getMetricsAsJSON()).find((m) => m.name === name);
  return metric?.values.find((v) => v.labels.job === job)?.value ?? 0;
}

describe('the job loop', () => {
  it('runs the jobs in turn, again while a backlog is left, and goes on past a failure', async () => {
    const ran: string[] = [];
    let backlog = 3;
    const jobs: Job[] = [
      { name: 'holds', order: 10, run: async () => (ran.push('holds'), --backlog > 0) },
      { name: 'broken', order: 20, run: async () => { ran.push('broken'); throw new Error('boom'); } },
      { name: 'mail', order: 30, run: async () => (ran.push('mail'), false) },
    ];
    const error = jest.spyOn(log(), 'error').mockImplementation(() => {});
    const failuresBefore = await countOf('tribuna_job_failures_total', 'broken');
    const runsBefore = await countOf('tribuna_job_runs_total', 'mail');
    expect(await runJobs(15, jobs)).toEqual(['broken']);
    expect(ran).toEqual(['holds', 'holds', 'holds', 'broken', 'mail']);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ job: 'broken', err: expect.objectContaining({ message: 'boom' }) }), 'Job broken failed');
    error.mockRestore();
    // Counted for the metrics: every job's runs, the failures of the one that failed.
    expect(await countOf('tribuna_job_failures_total', 'broken')).toBe(failuresBefore + 1);
    expect(await countOf('tribuna_job_runs_total', 'mail')).toBe(runsBefore + 1);
  });

  it('stopping (a shutdown): the job running finishes, no other starts', async () => {
    const ran: string[] = [];
    let stopping = false;
    const jobs: Job[] = [
      { name: 'first', order: 1, run: async () => (ran.push('first'), (stopping = true), true) },
      { name: 'second', order: 2, run: async () => (ran.push('second'), false) },
    ];
    await runJobs(15, jobs, () => stopping);
    // Its backlog is left for the next server, and the job after it does not start.
    expect(ran).toEqual(['first']);
  });

  it('stops a backlog after half the interval; the rest waits for the next tick', async () => {
    let runs = 0;
    const endless: Job = { name: 'endless', order: 1, run: async () => (runs++, await new Promise((r) => setTimeout(r, 5)), true) };
    await runJobs(0.05, [endless]);
    expect(runs).toBeGreaterThan(0);
    expect(runs).toBeLessThan(20);
  });
});

describe('the modules’ jobs', () => {
  it('run in the order one feeds the next: holds end, waiting lists are offered what they gave back, refunds go out after cancellations queue them', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { moduleJobs } = require('@/lib/server/jobs') as typeof import('@/lib/server/jobs');
    const names = moduleJobs().map((job) => job.name);
    const at = (name: string) => {
      expect(names).toContain(name);
      return names.indexOf(name);
    };
    expect(at('expired holds')).toBeLessThan(at('waiting lists'));
    expect(at('event cancellations')).toBeLessThan(at('refunds'));
    expect(names).toEqual(expect.arrayContaining(['holder erasure', 'feedback invitations']));
  });
});
