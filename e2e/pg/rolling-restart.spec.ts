import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { e2eRunDir } from '../../scripts/e2e-pg-database.mjs';
import { uniqueEmail } from '../fixtures';

// A rolling restart behind nginx (deploy/nginx/, scripts/e2e-pg-server.mjs), as README "Deploy it" does
// an upgrade: each server in turn gets SIGTERM, drains (readiness false, no new connections, requests in
// flight finish) and is started again; meanwhile fans keep loading the event page, asking availability,
// holding and releasing seats through nginx, and the buying and gate journeys of this run go on in the
// other worker. Not one request fails: nginx sends what the draining server no longer accepts to the other.

const port = Number(process.env.E2E_PORT || 3200);
const servers = [port + 1, port + 2];
// A seated event no journey of this project touches (pg/two-servers ran before, project dependencies).
const EVENT = 'dunaj-bratislava-msk-zilina';
const FANS = 3;

function pidOf(serverPort: number): number | undefined {
  const list = JSON.parse(readFileSync(path.join(e2eRunDir(port), 'servers.json'), 'utf8')) as { port: number; pid: number }[];
  return list.find((s) => s.port === serverPort)?.pid;
}

/** The server's own readiness (never through nginx): its status, or 'refused' when nothing listens. */
async function readiness(serverPort: number): Promise<number | 'refused'> {
  try {
    return (await fetch(`http://127.0.0.1:${serverPort}/health/ready`)).status;
  } catch {
    return 'refused';
  }
}

async function freshFan(api: APIRequestContext): Promise<Record<string, string>> {
  const email = uniqueEmail('rolling');
  const password = 'correct-horse-1';
  const signUp = await api.post('/api/v1/auth/signup', {
    data: { firstName: 'Test', lastName: 'Fanúšik', sex: 'other', dateOfBirth: '1995-05-05', email, password, confirmPassword: password },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const signIn = await api.post('/api/v1/auth/signin', { data: { email, password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return { Authorization: `Bearer ${(await signIn.json()).token}` };
}

test('each server restarted in turn behind nginx: every request answered, readiness false while it drains', async () => {
  test.setTimeout(300_000);
  const api = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const detail = await (await api.get(`/api/v1/events/${EVENT}?include=seats`)).json();
  const taken = new Set(((await (await api.get(`/api/v1/events/${EVENT}/availability`)).json()).takenSeatIds as string[]) ?? []);
  const seats = (detail.layout.sections as { rows: { seats: { id: string }[] }[] }[])
    .flatMap((section) => section.rows.flatMap((row) => row.seats.map((s) => s.id)))
    .filter((id) => !taken.has(id))
    .slice(-FANS);
  expect(seats).toHaveLength(FANS);
  const fans = await Promise.all(seats.map(() => freshFan(api)));

  const failures: string[] = [];
  let answered = 0;
  let running = true;
  async function expectStatus(what: string, call: () => Promise<APIResponse>, status: number): Promise<APIResponse | null> {
    try {
      const response = await call();
      if (response.status() !== status) failures.push(`${what}: ${response.status()} ${(await response.text()).slice(0, 200)}`);
      else answered++;
      return response;
    } catch (error) {
      failures.push(`${what}: ${(error as Error).message.split('\n')[0]}`);
      return null;
    }
  }
  async function fan(index: number) {
    const auth = fans[index];
    while (running) {
      await expectStatus('event page', () => api.get(`/sk/podujatia/${EVENT}`), 200);
      await expectStatus('availability', () => api.get(`/api/v1/events/${EVENT}/availability`), 200);
      const held = await expectStatus('hold', () => api.post(`/api/v1/events/${EVENT}/cart/items`, { data: { seatIds: [seats[index]] }, headers: auth }), 200);
      const item = held && held.ok() ? ((await held.json()).items as { id: string; seatId?: string | null }[]).find((i) => i.seatId === seats[index]) : undefined;
      if (item) await expectStatus('release', () => api.delete(`/api/v1/events/${EVENT}/cart/items/${item.id}`, { headers: auth }), 200);
    }
  }
  const load = Promise.all(fans.map((_, index) => fan(index)));

  for (const serverPort of servers) {
    expect(await readiness(serverPort)).toBe(200);
    const pid = pidOf(serverPort)!;
    const before = answered;
    process.kill(pid, 'SIGTERM');
    // Draining, then gone: never ready again under this process.
    let drained: number | 'refused' = 200;
    await expect.poll(async () => (drained = await readiness(serverPort)), { timeout: 30_000, intervals: [50] }).not.toBe(200);
    expect([503, 'refused']).toContain(drained);
    // Started again (scripts/e2e-pg-server.mjs, as systemd's Restart=always) and ready; the other answered meanwhile.
    await expect.poll(async () => pidOf(serverPort) !== pid && (await readiness(serverPort)) === 200, { timeout: 180_000, intervals: [500] }).toBe(true);
    expect(answered).toBeGreaterThan(before);
  }

  running = false;
  await load;
  await api.dispose();
  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(40);
});
