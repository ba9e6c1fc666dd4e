// The bad-input suite (issue 13): every route handler of the app — found on disk, so a new route cannot
// be forgotten — gets the classes of bad input an attacker sends (tests/helpers/bad-input.ts): empty,
// `null`, arrays, broken JSON, NUL, huge numbers, malformed ids, impossible dates, wrong content types,
// oversize bodies, bad path parameters and query strings, mismatched XSRF tokens. Each must answer below
// 500 (an expected failure is a translated 4xx; a 5xx is always a bug), and none may store anything:
// the row count of every table is the same after a route's cases as before (rate-limit counters aside).
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { sealSessionToken } from '@/lib/server/auth/session-cookie';
import { rowsOf } from '@/lib/server/db/client';
import { runSeed } from '@/lib/server/db/seed';
import {
  BAD_BODIES,
  BAD_LANGUAGES,
  BAD_PATH_PARAMS,
  BAD_QUERIES,
  WRONG_CONTENT_TYPES,
  describeValue,
  jsonText,
  mutations,
} from '../helpers/bad-input';
import { useTestDatabase } from '../helpers/db';
import { eventBySlug, giveTicket, makeScanner, makeUser, type TestUser } from '../helpers/tickets';

// connection() only marks a route as rendered per request; outside Next there is no request to mark.
jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), connection: async () => {} }));

// Sign-in, sign-up, reset and redeem count attempts per address and account: thousands of cases must
// reach validation, not the rate limit.
process.env.RATE_LIMIT_SCALE = '100000';

const t = useTestDatabase();
const EVENT = 'dunaj-bratislava-fc-kosice';
const ONE_MB = 1024 * 1024;
/** Tables whose rows a refused request may change: attempts are counted before the input is read. */
const COUNTERS = new Set(['rate_limit_hits']);

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Route = { file: string; template: string; params: string[] };
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every route handler file under app/, with its URL template ('/api/v1/events/[id]/cart'). */
function routesOnDisk(): Route[] {
  const files = (readdirSync('app', { recursive: true }) as string[]).filter((f) => /(^|\/)route\.ts$/.test(f)).sort();
  return files.map((file) => {
    const template = `/${path.dirname(file)}`.replace(/\/$/, '');
    return { file: path.join('app', file), template, params: [...template.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]) };
  });
}

const routes = routesOnDisk();

let user: TestUser;
let ticketId: string;
let eventUuid: string;

beforeAll(async () => {
  await runSeed(t.db);
  // One caller who is both a fan with a ticket and a scanner of the event's organiser, so that every
  // route's input reaches validation past the permission checks.
  user = await makeScanner(t.db, EVENT);
  ticketId = (await giveTicket(t.db, user.id, EVENT)).ticket.id;
  eventUuid = (await eventBySlug(t.db, EVENT)).id;
});

/** Params that reach the route's own work, so that only the case's bad part is bad. */
function goodParams(route: Route): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of route.params) {
    if (name === 'locale') out[name] = 'sk';
    else if (name === 'provider') out[name] = 'test';
    else if (name === 'itemId') out[name] = randomUUID();
    else if (route.template.startsWith('/api/v1/tickets/')) out[name] = ticketId;
    else if (route.template.startsWith('/api/v1/scan/')) out[name] = eventUuid;
    else if (route.template.startsWith('/api/v1/orders/')) out[name] = randomUUID();
    else out[name] = EVENT;
  }
  return out;
}

/**
 * A body each write would accept in shape but that leads nowhere (unknown code, taken email, a price over
 * the cap…), so that nothing is stored even where a mutated field slips through. Routes without one get
 * the whole-body classes only.
 */
function validBody(key: string): Record<string, unknown> | undefined {
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/v1/auth/signin': { email: 'nobody@example.com', password: 'wrong-password-1' },
    'POST /api/v1/auth/signup': { firstName: 'Eva', lastName: 'Nová', sex: 'female', dateOfBirth: '1990-01-01', email: 'fan@tribuna.sk', password: 'password-123', confirmPassword: 'password-123' },
    'PATCH /api/v1/auth/me': { firstName: 'Eva', lastName: 'Nová', email: 'fan@tribuna.sk', dateOfBirth: '1990-01-01' },
    'POST /api/v1/auth/password-reset': { email: 'nobody@example.com' },
    'POST /api/v1/auth/password-reset/confirm': { token: 'x'.repeat(43), email: 'nobody@example.com', password: 'password-123', confirmPassword: 'password-123' },
    'POST /api/v1/events/[id]/cart/items': { seatIds: [randomUUID()] },
    'POST /api/v1/events/[id]/cart/coupon': { code: 'NO-SUCH-COUPON' },
    'POST /api/v1/events/[id]/checkout': { acceptTerms: true, returnTo: 'web' },
    'POST /api/v1/tickets/redeem': { code: 'NO-SUCH-CODE' },
    'POST /api/v1/tickets/[id]/gift': { email: user.email },
    'POST /api/v1/tickets/[id]/listing': { price: 99_000_000 },
    'POST /api/v1/scan': { payload: 'TRB1.nothing', eventId: randomUUID(), gate: 'A' },
    'POST /api/v1/scan/sync': { eventId: 'EVENT_UUID', checkIns: [{ ticketId: randomUUID(), version: 1, scannedAt: 'NOW' }] },
    'POST /api/v1/payments/[provider]/webhook': { eventId: 'evt_1', paymentId: randomUUID(), outcome: 'succeeded', signature: 'x'.repeat(64) },
  };
  const body = bodies[key];
  if (!body) return undefined;
  return JSON.parse(JSON.stringify(body).replace('"EVENT_UUID"', JSON.stringify(eventUuid)).replace('"NOW"', JSON.stringify(new Date().toISOString())));
}

type Case = {
  name: string;
  url: string;
  params: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  anonymous?: boolean;
  viaCookie?: boolean;
  /** The exact status this case must get; otherwise anything below 500. */
  status?: number;
  /** For a streamed body: how many bytes the handler pulled before it answered. */
  pulled?: () => number;
};

function urlOf(template: string, params: Record<string, string>, query = ''): string {
  const pathname = template.replace(/\[([^\]]+)\]/g, (_m, name: string) => encodeURIComponent(params[name]));
  return `http://localhost${pathname}${query ? `?${query}` : ''}`;
}

/** A body without a length that never ends: 16 KB a pull, counted, until the reader stops pulling. */
function endlessBody(): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let bytes = 0;
  const chunk = new TextEncoder().encode(`{"a":"${'x'.repeat(16 * 1024 - 6)}`);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      bytes += chunk.byteLength;
      controller.enqueue(chunk);
      if (bytes > 64 * ONE_MB) controller.close();
    },
  });
  return { stream, pulled: () => bytes };
}

function casesFor(route: Route, method: (typeof METHODS)[number]): Case[] {
  const key = `${method} ${route.template}`;
  const params = goodParams(route);
  const url = urlOf(route.template, params);
  const valid = validBody(key);
  const writes = method !== 'GET';
  const validText = valid ? jsonText(valid) : undefined;
  const cases: Case[] = [{ name: 'anonymous', url, params, body: writes ? validText : undefined, anonymous: true }];
  if (writes) {
    for (const bad of BAD_BODIES) cases.push({ name: `body: ${bad.name}`, url, params, body: bad.text });
    for (const wrong of WRONG_CONTENT_TYPES) cases.push({ name: `content type ${wrong.type}`, url, params, body: wrong.text, headers: { 'content-type': wrong.type } });
    if (valid) for (const m of mutations(valid)) cases.push({ name: `field ${m.name}`, url, params, body: jsonText(m.body) });
    cases.push({ name: 'a 1 MB body', url, params, body: jsonText({ a: 'x'.repeat(ONE_MB) }), status: 413 });
    cases.push({ name: 'a 1 MB body, signed out', url, params, body: jsonText({ a: 'x'.repeat(ONE_MB) }), anonymous: true, status: 413 });
    const endless = endlessBody();
    cases.push({ name: 'an endless body without a length', url, params, body: endless.stream, status: 413, pulled: endless.pulled });
    // timingSafeEqual throws on buffers of different byte lengths: same characters, not the same bytes
    cases.push({ name: 'XSRF header of another byte length', url, params, body: 'null', viaCookie: true, headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'ábc' } });
    cases.push({ name: 'XSRF cookie with a bad escape', url, params, body: 'null', viaCookie: true, headers: { cookie: 'XSRF-TOKEN=%E0%A4%A', 'x-xsrf-token': '%E0%A4%A' } });
  } else {
    for (const query of BAD_QUERIES) cases.push({ name: `query ${query.slice(0, 40)}`, url: urlOf(route.template, params, query), params });
  }
  for (const name of route.params) {
    for (const bad of BAD_PATH_PARAMS) {
      const badParams = { ...params, [name]: bad };
      cases.push({ name: `param ${name} = ${describeValue(bad)}`, url: urlOf(route.template, badParams), params: badParams, body: writes ? validText : undefined });
    }
  }
  // Headers: with a body that is refused anyway, so that the error's translation is what is tested.
  const refused = writes ? 'null' : undefined;
  for (const language of BAD_LANGUAGES) cases.push({ name: `Accept-Language ${language.slice(0, 20)}`, url, params, body: refused, headers: { 'accept-language': language } });
  cases.push({ name: 'a bearer token of 10,000 characters', url, params, body: refused, anonymous: true, headers: { authorization: `Bearer ${'x'.repeat(10_000)}` } });
  cases.push({ name: 'a session cookie with a bad escape', url, params, body: refused, anonymous: true, headers: { cookie: 'tribuna_session=%E0%A4%A; i18n_redirected=%00' } });
  return cases;
}

async function tableCounts(): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(await t.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`));
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    if (COUNTERS.has(name)) continue;
    const [row] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`));
    out[name] = Number(row.n);
  }
  return out;
}

/** Next's notFound()/redirect() throw an error whose digest names the answer. */
function thrownStatus(error: unknown): number | null {
  const digest = (error as { digest?: unknown })?.digest;
  if (typeof digest !== 'string') return null;
  const fallback = /^NEXT_HTTP_ERROR_FALLBACK;(\d{3})$/.exec(digest);
  if (fallback) return Number(fallback[1]);
  return digest.startsWith('NEXT_REDIRECT') ? 307 : null;
}

async function send(handler: Handler, method: string, c: Case, token: string): Promise<{ status: number; text: string }> {
  const headers = new Headers({ 'content-type': 'application/json', 'accept-language': 'sk' });
  if (!c.anonymous && !c.viaCookie) headers.set('authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(c.headers ?? {})) headers.set(name, value);
  if (c.viaCookie) headers.set('cookie', `tribuna_session=${await sealSessionToken(token, 3600)}; ${headers.get('cookie') ?? ''}`);
  const request = new Request(c.url, { method, headers, body: c.body, duplex: 'half' } as RequestInit);
  try {
    const response = await handler(request, { params: Promise.resolve(c.params) });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const status = thrownStatus(error);
    if (status !== null) return { status, text: '' };
    return { status: 599, text: `threw ${error instanceof Error ? error.stack : String(error)}` };
  }
}

/** What is wrong with an answer, or null. */
function verdict(route: Route, c: Case, answer: { status: number; text: string }): string | null {
  if (c.status !== undefined && answer.status !== c.status) return `answered ${answer.status}, expected ${c.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (c.pulled && c.pulled() > ONE_MB) return `read ${c.pulled()} bytes of an oversize body before answering`;
  if (route.template.startsWith('/api/') && answer.status >= 400) {
    let body: { message?: unknown };
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `answered ${answer.status} without a JSON error: ${answer.text.slice(0, 100)}`;
    }
    // translated: a sentence, not a message key
    if (typeof body.message !== 'string' || !body.message || /^[a-zA-Z]+(\.[a-zA-Z]+)+$/.test(body.message)) return `answered ${answer.status} with an untranslated message ${JSON.stringify(body.message)}`;
  }
  return null;
}

it('finds the API routes on disk', () => {
  expect(routes.length).toBeGreaterThan(25);
  expect(routes.map((r) => r.template)).toEqual(expect.arrayContaining(['/api/v1/scan', '/api/v1/events/[id]/cart/items/[itemId]', '/[locale]/ios-payment-redirect']));
});

describe.each(routes)('$template', (route) => {
  it('answers every bad input below 500 and stores nothing', async () => {
    const mod = (await import(path.join(process.cwd(), route.file))) as Record<string, unknown>;
    const methods = METHODS.filter((m) => typeof mod[m] === 'function');
    expect(methods.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const method of methods) {
      const cases = casesFor(route, method);
      // Sign-out and removal end the caller's session: each of their cases gets its own caller.
      const ownCaller = /\/auth\/(signout|remove)$/.test(route.template);
      const tokens = ownCaller ? await Promise.all(cases.map(async () => (await makeUser(t.db, 'leaving')).token)) : [];
      const before = await tableCounts();
      for (const [i, c] of cases.entries()) {
        const answer = await send(mod[method] as Handler, method, c, tokens[i] ?? tokens[0] ?? user.token);
        const wrong = verdict(route, c, answer);
        if (wrong) failures.push(`${method} ${route.template} — ${c.name}: ${wrong}`);
      }
      const after = await tableCounts();
      for (const table of Object.keys(before)) {
        if (after[table] !== before[table]) failures.push(`${method} ${route.template} stored rows in ${table}: ${before[table]} → ${after[table]}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
