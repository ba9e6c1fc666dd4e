// Operating one production server (README, "Operating"; issue 35 items 2–5): its own `scripts/serve.mjs`
// on the e2e build and a fresh demo database, its standard output captured. Health and readiness; the
// metrics refused without the token and counting a request, a hold and a scan; one JSON log line per
// request carrying the X-Request-Id the answer gave, and no password, token, code, cookie, presale code,
// waiting-room admission, IBAN or metrics token in the log;
// then SIGTERM with a request in flight: it completes, readiness says draining, new connections are
// refused, the process exits 0.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, demo, expect, seeded, test, uniqueEmail } from './fixtures';

const port = Number(process.env.E2E_PORT || 3200) + 40;
const metricsPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const dataDir = `.data/e2e-ops-${port}`;
const METRICS_TOKEN = 'metrics-token-e2e-ops-0123456789';

let server: ChildProcess;
const output: string[] = [];
let exitCode: Promise<number | null>;

/** The captured log's lines that are JSON, parsed. */
function logLines(): Record<string, unknown>[] {
  return output
    .join('')
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** Waits until the log has a line that `match` accepts (the log is written a moment after the answer). */
async function logLine(match: (line: Record<string, unknown>) => boolean, timeout = 15_000): Promise<Record<string, unknown>> {
  let found: Record<string, unknown> | undefined;
  await expect.poll(() => (found = logLines().find(match)) !== undefined, { timeout }).toBe(true);
  return found!;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  rmSync(dataDir, { recursive: true, force: true });
  // The demo (no SESSION_SECRET): its mailbox gives the mailed tokens.
  const { SESSION_SECRET: _deployment, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = { ...inherited, NODE_ENV: 'production', PGLITE_DIR: dataDir, UPLOADS_DIR: `${dataDir}/uploads`, TRIBUNA_E2E: '1', NEXT_TELEMETRY_DISABLED: '1' };
  const seeding = spawnSync('npx', ['tsx', 'scripts/db-seed.ts'], { env, encoding: 'utf8' });
  expect(seeding.status, seeding.stderr).toBe(0);
  server = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...env, PORT: String(port), HOSTNAME: '127.0.0.1', APP_URL: base, METRICS_PORT: String(metricsPort), METRICS_TOKEN, LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '60000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  server.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  exitCode = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  // Ready once Next has run instrumentation.ts (migrations) for the server's own first request.
  const probe = await playwrightRequest.newContext();
  try {
    await expect
      .poll(async () => (await probe.get(`http://127.0.0.1:${metricsPort}/health/ready`).catch(() => null))?.status(), { timeout: 240_000, intervals: [1000] })
      .toBe(200);
  } catch (error) {
    throw new Error(`the server did not get ready; its output ends:\n${output.join('').slice(-3000)}`, { cause: error });
  } finally {
    await probe.dispose();
  }
});

test.afterAll(async () => {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function api(headers: Record<string, string> = {}): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: headers });
}

/** Signs in through the API; answers the session token and the session cookie the answer set. */
async function signIn(email: string, password = DEMO_PASSWORD): Promise<{ token: string; cookie: string; requestId: string }> {
  const anyone = await api();
  const answer = await anyone.post('/api/v1/auth/signin', { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  // The session cookie: the longest value the answer set.
  const cookie = answer
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value.split(';')[0].split('=').slice(1).join('='))
    .reduce((a, b) => (b.length > a.length ? b : a), '');
  const { token } = (await answer.json()) as { token: string };
  const requestId = answer.headers()['x-request-id'];
  await anyone.dispose();
  return { token, cookie, requestId };
}

/** The token in the link of the mail of this kind to `to`, from the demo's mailbox. */
async function mailedToken(to: string, kind: string): Promise<string> {
  const anyone = await api();
  let token: string | undefined;
  await expect
    .poll(async () => {
      const html = await (await anyone.get(`/dev/mailbox?to=${encodeURIComponent(to)}`)).text();
      const mail = html.split('<article').find((part) => part.includes(`data-kind="${kind}"`)) ?? '';
      token = /(?:\?|&amp;|&)token=([^&"<\s]+)/.exec(mail)?.[1];
      return token !== undefined;
    })
    .toBe(true);
  await anyone.dispose();
  return decodeURIComponent(token!);
}

/** A series' value in a Prometheus text exposition (0 when absent). */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function scrape(): Promise<string> {
  const anyone = await api({ authorization: `Bearer ${METRICS_TOKEN}` });
  const answer = await anyone.get('/metrics');
  expect(answer.status()).toBe(200);
  const text = await answer.text();
  await anyone.dispose();
  return text;
}

test('liveness and readiness answer without Next, uncached', async () => {
  const anyone = await api();
  const live = await anyone.get('/health/live');
  expect(live.status()).toBe(200);
  expect(await live.json()).toEqual({ status: 'live' });
  const ready = await anyone.get('/health/ready');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ status: 'ready' });
  expect(ready.headers()['cache-control']).toBe('no-store');
  const onMetricsPort = await anyone.get(`http://127.0.0.1:${metricsPort}/health/ready`);
  expect(onMetricsPort.status()).toBe(200);
  await anyone.dispose();
});

test('metrics are refused without the token and count requests, holds and scans', async () => {
  const anyone = await api();
  expect((await anyone.get('/metrics')).status()).toBe(401);
  expect((await anyone.get('/metrics', { headers: { authorization: 'Bearer not-the-token' } })).status()).toBe(401);
  expect((await anyone.get(`http://127.0.0.1:${metricsPort}/metrics`)).status()).toBe(401);

  const holdSeries = 'tribuna_holds_total{result="held"}';
  const holdRequests = 'tribuna_http_request_duration_seconds_count{method="POST",route="/api/v1/events/{id}/cart/items",status="200"}';
  const scanSeries = 'tribuna_scans_total{result="invalid"}';
  const before = await scrape();

  const { token } = await signIn(demo.fanEn);
  const fan = await api({ authorization: `Bearer ${token}` });
  const detail = (await (await fan.get(`/api/v1/events/${seeded.standingEvent}`)).json()) as { ticketTypes: { id: string; kind: string }[] };
  const standing = detail.ticketTypes.find((x) => x.kind !== 'seat') ?? detail.ticketTypes[0];
  const held = await fan.post(`/api/v1/events/${seeded.standingEvent}/cart/items`, { data: { ticketTypeId: standing.id, quantity: 1 } });
  expect(held.status(), await held.text()).toBe(200);
  const scanner = await api({ authorization: `Bearer ${(await signIn(demo.scanner)).token}` });
  const scanned = await scanner.post('/api/v1/scan', { data: { payload: 'not a ticket code' } });
  expect(await scanned.json()).toMatchObject({ result: 'invalid' });

  const after = await scrape();
  expect(seriesValue(after, holdSeries)).toBe(seriesValue(before, holdSeries) + 1);
  expect(seriesValue(after, holdRequests)).toBe(seriesValue(before, holdRequests) + 1);
  expect(seriesValue(after, scanSeries)).toBe(seriesValue(before, scanSeries) + 1);
  // Routes are templates, never raw paths; the process's own metrics and the queues are there.
  expect(after).not.toContain(seeded.standingEvent);
  expect(after).toContain('process_cpu_seconds_total');
  expect(after).toMatch(/tribuna_queue_depth\{queue="refunds"\} \d+/);
  await Promise.all([anyone.dispose(), fan.dispose(), scanner.dispose()]);
});

test('one JSON line per request with the id the answer gave, and no secret in the log', async () => {
  const secrets: string[] = [];
  const remember = (...values: string[]) => secrets.push(...values.filter((v) => v.length >= 6));
  remember(DEMO_PASSWORD);

  // A sign-in (its password, token and cookie), a wrong password, the bearer token used.
  const fanSession = await signIn(demo.fan);
  remember(fanSession.token, fanSession.cookie);
  const anyone = await api();
  const wrong = await anyone.post('/api/v1/auth/signin', { data: { email: demo.fan, password: 'wrong-password-Zq81x' } });
  expect(wrong.status()).toBeGreaterThanOrEqual(400);
  expect(wrong.status()).toBeLessThan(500);
  remember('wrong-password-Zq81x');
  const fan = await api({ authorization: `Bearer ${fanSession.token}` });
  const me = await fan.get('/api/v1/auth/me');
  expect(me.status()).toBe(200);

  // A password reset: the mailed token, the page that carries it in its query, the new password.
  const resetEmail = uniqueEmail('reset');
  const signUp = await anyone.post('/api/v1/auth/signup', {
    data: { firstName: 'Reset', lastName: 'Fan', sex: 'other', dateOfBirth: '1990-01-01', email: resetEmail, password: 'first-Secret-pw1', confirmPassword: 'first-Secret-pw1' },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  remember('first-Secret-pw1', ((await signUp.json()) as { token: string }).token);
  expect((await anyone.post('/api/v1/auth/password-reset', { data: { email: resetEmail } })).status()).toBeLessThan(300);
  const resetToken = await mailedToken(resetEmail, 'password-reset');
  remember(resetToken);
  const resetPage = await anyone.get(`/sk/obnovenie-hesla/nove?token=${encodeURIComponent(resetToken)}&email=${encodeURIComponent(resetEmail)}`);
  expect(resetPage.status()).toBe(200);
  const reset = await anyone.post('/api/v1/auth/password-reset/confirm', { data: { token: resetToken, email: resetEmail, password: 'second-Secret-pw2', confirmPassword: 'second-Secret-pw2' } });
  expect(reset.status(), await reset.text()).toBeLessThan(300);
  remember('second-Secret-pw2');

  // An invitation to a team: its mailed token, accepted by a new member.
  const owner = await api({ authorization: `Bearer ${(await signIn(demo.dunajOwner)).token}` });
  const orgs = (await (await owner.get('/api/v1/organiser/organisations')).json()) as { organisations?: { id: string }[] } | { id: string }[];
  const orgId = (Array.isArray(orgs) ? orgs : orgs.organisations!)[0].id;
  const invitee = uniqueEmail('invitee');
  const invited = await owner.post(`/api/v1/organiser/organisations/${orgId}/members`, { data: { email: invitee, role: 'scanner' } });
  expect(invited.status(), await invited.text()).toBeLessThan(300);
  const inviteToken = await mailedToken(invitee, 'org-invitation');
  remember(inviteToken);
  const newcomer = await anyone.post('/api/v1/auth/signup', {
    data: { firstName: 'New', lastName: 'Member', sex: 'other', dateOfBirth: '1990-01-01', email: invitee, password: 'invitee-Secret-pw3', confirmPassword: 'invitee-Secret-pw3' },
  });
  const newcomerToken = ((await newcomer.json()) as { token: string }).token;
  remember('invitee-Secret-pw3', newcomerToken);
  const member = await api({ authorization: `Bearer ${newcomerToken}` });
  // The address verified first (an invitation is accepted by a verified address): another mailed token.
  const verifyToken = await mailedToken(invitee, 'email-verification');
  remember(verifyToken);
  const verified = await member.post('/api/v1/auth/verify-email', { data: { token: verifyToken, password: 'invitee-Secret-pw3' } });
  expect(verified.status(), await verified.text()).toBeLessThan(300);
  const accepted = await member.post('/api/v1/organiser/invitations/accept', { data: { token: inviteToken } });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);

  // A redeem code and a gate scan's code.
  const redeemCode = 'VOUCHER-DUNAJ-37';
  await fan.post('/api/v1/tickets/redeem', { data: { code: redeemCode } });
  remember(redeemCode);
  const scanPayload = 'TRB2.4f1c2b7e-93aa-4f65-b6a3-0c9e7d5a1b22.1.123456.c2lnbmF0dXJlLW9mLWEtdGlja2V0LWNvZGU';
  const scanner = await api({ authorization: `Bearer ${(await signIn(demo.scanner)).token}` });
  const scanned = await scanner.post('/api/v1/scan', { data: { payload: scanPayload } });
  expect(scanned.status()).toBe(200);
  remember(scanPayload);

  // A queued sale (issue 34): presale codes the organiser makes (one typed by a fan), the fan's signed
  // admission, carried by a hold in its header (and set as a cookie).
  const detail = (await (await anyone.get(`/api/v1/events/${seeded.stadiumEvent}?include=seats`)).json()) as { layout: { sections: { rows: { seats: { id: string }[] }[] }[] } };
  const { events } = (await (await owner.get(`/api/v1/organiser/events?organisation=${orgId}`)).json()) as { events: { id: string; slug: string }[] };
  const queueUrl = `/api/v1/organiser/events/${events.find((e) => e.slug === seeded.stadiumEvent)!.id}/waiting-room`;
  const queued = await owner.put(queueUrl, { data: { ratePerMinute: 12_000 } });
  expect(queued.status(), await queued.text()).toBe(200);
  try {
    const made = await owner.post(`${queueUrl}/codes`, { data: { count: 2 } });
    expect(made.status(), await made.text()).toBe(201);
    const { codes } = (await made.json()) as { codes: string[] };
    remember(...codes);
    // Typed by a fan (the general sale is open, so it is refused: the code still went through the server).
    const typed = await fan.post(`/api/v1/events/${seeded.stadiumEvent}/queue/presale-code`, { data: { code: codes[0] } });
    expect(typed.status()).toBeLessThan(500);
    const joined = await fan.post(`/api/v1/events/${seeded.stadiumEvent}/queue`);
    expect(joined.status(), await joined.text()).toBe(200);
    const admission = ((await joined.json()) as { admission: { token: string } | null }).admission;
    expect(admission, 'admitted at once: nobody else waits').not.toBeNull();
    remember(admission!.token);
    const taken = new Set(((await (await anyone.get(`/api/v1/events/${seeded.stadiumEvent}/availability`)).json()) as { takenSeatIds: string[] }).takenSeatIds);
    const seat = detail.layout.sections.flatMap((section) => section.rows.flatMap((row) => row.seats.map((x) => x.id))).reverse().find((id) => !taken.has(id))!;
    const admitted = await fan.post(`/api/v1/events/${seeded.stadiumEvent}/cart/items`, { data: { seatIds: [seat] }, headers: { 'x-tribuna-admission': admission!.token } });
    expect(admitted.status(), await admitted.text()).toBe(200);
  } finally {
    expect((await owner.delete(queueUrl)).status()).toBe(200);
  }

  // A seller's bank account for resale payouts: the IBAN typed with spaces, stored without.
  const iban = 'SK06 0900 0000 0050 2847 1941';
  const account = await fan.put('/api/v1/payouts/bank-account', { data: { iban, holderName: 'Ján Fanúšik' } });
  expect(account.status(), await account.text()).toBe(200);
  remember(iban, iban.replaceAll(' ', ''), '50284719');
  // The metrics' own token, as a scraper sends it.
  remember(METRICS_TOKEN);
  await scrape();

  // Every answer carries its id; the log has its line with route, status and duration.
  const id = me.headers()['x-request-id'];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const line = await logLine((l) => l.requestId === id && l.msg === 'request');
  expect(line).toMatchObject({ method: 'GET', route: '/api/v1/auth/me', path: '/api/v1/auth/me', status: 200 });
  expect(typeof line.ms).toBe('number');
  const signInLine = await logLine((l) => l.requestId === fanSession.requestId && l.msg === 'request');
  expect(signInLine).toMatchObject({ method: 'POST', route: '/api/v1/auth/signin', status: 200 });
  const pageId = resetPage.headers()['x-request-id'];
  const pageLine = await logLine((l) => l.requestId === pageId);
  expect(pageLine).toMatchObject({ route: '/[locale]/password-reset/new', path: '/sk/obnovenie-hesla/nove' });
  // A public page served twice (the second from the page cache): each answer its own id and line.
  const [once, twice] = [await anyone.get('/sk/podujatia'), await anyone.get('/sk/podujatia')];
  expect(once.headers()['x-request-id']).not.toBe(twice.headers()['x-request-id']);
  for (const page of [once, twice]) await logLine((l) => l.requestId === page.headers()['x-request-id'] && l.route === '/[locale]/events' && l.status === 200);
  // An id a client sends is not taken without a trusted proxy in front.
  const chosen = await anyone.get('/api/v1/events', { headers: { 'x-request-id': 'client-chosen-id' } });
  expect(chosen.headers()['x-request-id']).not.toBe('client-chosen-id');
  await logLine((l) => l.requestId === scanned.headers()['x-request-id']);

  const log = output.join('');
  for (const secret of secrets) expect(log.includes(secret), `the log holds ${secret}`).toBe(false);
  expect(log).not.toMatch(/token=/i);
  await Promise.all([anyone, fan, owner, member, scanner].map((c) => c.dispose()));
});

/** Opens a connection to the public port; resolves with the socket or rejects with the error (ECONNREFUSED). */
function openConnection(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

test('SIGTERM: the request in flight completes, readiness says draining, new connections are refused, exit 0', async () => {
  test.setTimeout(120_000);
  // A sign-in whose body is half sent: in flight until the rest arrives.
  const body = JSON.stringify({ email: demo.fanCs, password: DEMO_PASSWORD });
  const socket = await openConnection();
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
  const ended = new Promise<void>((resolve) => socket.once('end', () => resolve()));
  socket.write(`POST /api/v1/auth/signin HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
  socket.write(body.slice(0, 10));

  server.kill('SIGTERM');
  await logLine((l) => l.msg === 'no longer accepting connections');
  const metrics = await api();
  const ready = await metrics.get(`http://127.0.0.1:${metricsPort}/health/ready`);
  expect(ready.status()).toBe(503);
  expect(await ready.json()).toMatchObject({ status: 'not-ready', reason: 'draining' });
  await expect(openConnection()).rejects.toMatchObject({ code: 'ECONNREFUSED' });

  socket.write(body.slice(10));
  await ended;
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  expect(answer.toLowerCase()).toContain('connection: close');
  expect(await exitCode).toBe(0);
  await metrics.dispose();
  expect(logLines().some((l) => l.msg === 'stopped')).toBe(true);
});
