// TRIBUNA_MIGRATE_AT_START (instrumentation.ts): a server migrates when it starts unless a deployment says
// the migrations are a step of their own (0), as deploy/systemd/tribuna@.service does; the demo's
// `npm start` leaves it unset and still needs no second command.
const migrateDatabase = jest.fn(async () => {});
jest.mock('@/lib/server/db/client', () => ({ migrateDatabase }));
jest.mock('@/lib/server/mode', () => ({ resolveMode: () => 'demo' }));
jest.mock('@/lib/server/jobs', () => ({ startJobs: () => {} }));
jest.mock('@/lib/server/events/changed', () => ({ listenForEventChanges: async () => {} }));

import { register } from '@/instrumentation';

const saved = { runtime: process.env.NEXT_RUNTIME, flag: process.env.TRIBUNA_MIGRATE_AT_START };
afterAll(() => {
  process.env.NEXT_RUNTIME = saved.runtime;
  if (saved.flag === undefined) delete process.env.TRIBUNA_MIGRATE_AT_START;
  else process.env.TRIBUNA_MIGRATE_AT_START = saved.flag;
});

describe('migrations when a server starts', () => {
  beforeEach(() => {
    migrateDatabase.mockClear();
    process.env.NEXT_RUNTIME = 'nodejs';
  });

  it('are applied by default', async () => {
    delete process.env.TRIBUNA_MIGRATE_AT_START;
    await register();
    expect(migrateDatabase).toHaveBeenCalledTimes(1);
  });

  it('are left to npm run db:migrate with TRIBUNA_MIGRATE_AT_START=0', async () => {
    process.env.TRIBUNA_MIGRATE_AT_START = '0';
    await register();
    expect(migrateDatabase).not.toHaveBeenCalled();
  });
});
