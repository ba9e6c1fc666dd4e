// The job loop (lib/server/jobs.ts): the modules' jobs in their order, a backlog worked again within the
// tick, and one failing job never stops the ones after it.
import { runJobs } from '@/lib/server/jobs';
import type { Job } from '@/lib/server/api/operation';

describe('the job loop', () => {
  it('runs the jobs in turn, again while a backlog is left, and goes on past a failure', async () => {
    const ran: string[] = [];
    let backlog = 3;
    const jobs: Job[] = [
      { name: 'holds', order: 10, run: async () => (ran.push('holds'), --backlog > 0) },
      { name: 'broken', order: 20, run: async () => { ran.push('broken'); throw new Error('boom'); } },
      { name: 'mail', order: 30, run: async () => (ran.push('mail'), false) },
    ];
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(await runJobs(15, jobs)).toEqual(['broken']);
    expect(ran).toEqual(['holds', 'holds', 'holds', 'broken', 'mail']);
    expect(error).toHaveBeenCalledWith('Job broken failed:', 'boom');
    error.mockRestore();
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
