// The metrics a scrape answers (lib/server/ops/scrape.ts) sum what the fast-lane threads counted with
// what the main thread counted: a scan answered in a lane thread shows in the main thread's scrape, and
// nothing of the request's path becomes a label. The lane thread runs the real hot API bundle on a
// database of its own (a PGlite folder the test migrates first), as on PostgreSQL each thread has its pool.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as s from '@/lib/server/db/schema';
import { openDatabase } from '@/lib/server/db/client';
import { hashToken, newSessionToken } from '@/lib/server/auth/session-token';
import { createFastLane } from '@/lib/server/serving/fast-lane';
import { metrics } from '@/lib/server/ops/metrics';
import { createScrape } from '@/lib/server/ops/scrape';
import { buildApi } from '@/scripts/build-api.mjs';
import { useTestDatabase } from '../helpers/db';

useTestDatabase();

let folder: string;
let token: string;
let lane: Awaited<ReturnType<typeof createFastLane>>;

beforeAll(async () => {
  mkdirSync('.tribuna', { recursive: true });
  folder = mkdtempSync(path.join('.tribuna', 'jest-ops-'));
  const { api, laneThread } = await buildApi({ dir: folder });
  // The lane thread's own database: migrated, with a signed-in user who scans for no organisation.
  const dataDir = path.resolve(folder, 'pglite');
  const own = openDatabase({ dataDir });
  await own.migrate();
  const [user] = await own.db.insert(s.users).values({ email: 'gate@example.com', firstName: 'Gate', lastName: 'Keeper', locale: 'en' }).returning({ id: s.users.id });
  token = newSessionToken();
  await own.db.insert(s.sessions).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  await own.close();
  process.env.PGLITE_DIR = dataDir;
  lane = await createFastLane({ bundle: api, laneThread, threads: 1 });
}, 120_000);

afterAll(async () => {
  await lane.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** A series' value in a Prometheus text exposition (0 when absent). */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

it('a scrape sums the lane threads’ counters with the main thread’s', async () => {
  const scrape = createScrape({ laneMetrics: () => lane.threadMetrics(), inFlight: () => 0, draining: () => false, poolMax: 4 });
  const series = 'tribuna_scans_total{result="NOT_A_SCANNER"}';
  const before = seriesValue((await scrape()).text, series);

  for (let i = 0; i < 2; i++) {
    const answer = await fetchThroughLane({ payload: `not-a-code-${i}` });
    expect(answer.status).toBe(403);
  }
  // Counted in the thread, not in this one, and summed in by the scrape; this thread's own count adds up too.
  metrics().scans.inc({ result: 'NOT_A_SCANNER' });
  expect((await scrape()).text.split('\n').filter((l) => l.startsWith(series))).toHaveLength(1);
  expect(seriesValue((await scrape()).text, series)).toBe(before + 3);
  const threads = await lane.threadMetrics();
  expect(threads).toHaveLength(1);
  expect(threads[0].find((m) => m.name === 'tribuna_scans_total')?.values).toEqual([expect.objectContaining({ labels: { result: 'NOT_A_SCANNER' }, value: 2 })]);
});

/** A scan with a JSON body through the lane thread (as the server hands it one). */
async function fetchThroughLane(body: unknown): Promise<{ status: number }> {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => void lane(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/scan`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await response.text();
    return { status: response.status };
  } finally {
    server.close();
  }
}
