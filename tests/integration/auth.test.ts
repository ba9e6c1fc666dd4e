import { and, eq } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { POST as signUp } from '@/tests/helpers/api';
import { POST as signIn } from '@/tests/helpers/api';
import { GET as me, PATCH as patchMe } from '@/tests/helpers/api';
import { POST as signOut } from '@/tests/helpers/api';
import { POST as remove } from '@/tests/helpers/api';
import { POST as resetRequest } from '@/tests/helpers/api';
import { POST as resetConfirm } from '@/tests/helpers/api';
import en from '@/messages/en.json';
import cs from '@/messages/cs.json';
import sk from '@/messages/sk.json';
import { sessionSchema, userSchema } from '@/lib/schemas/auth';
import { okSchema } from '@/lib/schemas/primitives';
import { checkAnswer } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';

/** What each account call answers on success (lib/schemas): every answer below is checked against it. */
const ANSWERS = { signup: sessionSchema, signin: sessionSchema, me: userSchema, signout: okSchema, remove: okSchema, 'password-reset': okSchema, 'password-reset/confirm': okSchema };

const t = useTestDatabase();

type Handler = (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>;
type CallOptions = { body?: unknown; raw?: string; headers?: Record<string, string>; method?: string; ip?: string; lang?: string };

let ipCounter = 0;
/** Calls a route handler as Next would. Each call comes from its own address unless `ip` is given (rate limits are per IP). */
async function call(handler: Handler, path: string, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  // Like every real client (the web's api client, the native app): JSON bodies say so.
  if (!headers.has('content-type') && (options.body !== undefined || options.raw !== undefined)) headers.set('content-type', 'application/json');
  headers.set('x-forwarded-for', options.ip ?? `10.0.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`);
  if (!headers.has('accept-language')) headers.set('accept-language', options.lang ?? 'en');
  const method = options.method ?? 'POST';
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  const response = await handler(new Request(`http://localhost/api/v1/auth/${path}`, { method, headers, body }), { params: Promise.resolve({}) });
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  if (path in ANSWERS && typeof json === 'object' && json !== null) checkAnswer(ANSWERS[path as keyof typeof ANSWERS], response.status, json);
  const cookies = Object.fromEntries(
    response.headers.getSetCookie().map((c) => {
      const [pair] = c.split(';');
      const index = pair.indexOf('=');
      return [pair.slice(0, index), { value: pair.slice(index + 1), raw: c }];
    }),
  );
  return { status: response.status, json, cookies, headers: response.headers };
}

let emailCounter = 0;
const freshEmail = () => `fan${emailCounter++}.${Date.now()}@example.com`;
const form = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ľubomír',
  lastName: 'Šťastný',
  sex: 'male',
  dateOfBirth: '1990-04-15',
  email: freshEmail(),
  password: 'correct-horse-1',
  confirmPassword: 'correct-horse-1',
  ...overrides,
});

async function userRows(email: string) {
  return t.db.select().from(s.users).where(eq(s.users.email, email));
}
async function userCount() {
  return (await t.db.select({ id: s.users.id }).from(s.users)).length;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Rate-limit windows are per minute: freeze Date (only Date) so a test never straddles two windows. */
async function inOneMinute(run: () => Promise<void>) {
  jest.useFakeTimers({
    now: new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5_000),
    doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'],
  });
  try {
    await run();
  } finally {
    jest.useRealTimers();
  }
}

describe('POST /api/v1/auth/signup', () => {
  it('creates the account and answers { user, token } with the sealed cookie and an XSRF cookie', async () => {
    const input = form({ email: 'New.Fan@Example.COM ' });
    const res = await call(signUp, 'signup', { body: input });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ email: 'new.fan@example.com', firstName: 'Ľubomír', lastName: 'Šťastný', sex: 'male', dateOfBirth: '1990-04-15' });
    expect(res.json.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json.token).toMatch(/^[\w-]{40,}$/);
    expect(res.json.user).not.toHaveProperty('passwordHash');
    expect(res.cookies.tribuna_session.raw).toMatch(/HttpOnly/i);
    expect(res.cookies.tribuna_session.raw).toMatch(/SameSite=lax/i);
    expect(res.cookies['XSRF-TOKEN'].raw).not.toMatch(/HttpOnly/i);
    const [row] = await userRows('new.fan@example.com');
    expect(row.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.passwordHash).not.toContain('correct-horse-1');
    const sessions = await t.db.select().from(s.sessions).where(eq(s.sessions.userId, row.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0].tokenHash).not.toBe(res.json.token);
    expect(sessions[0].expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it('refuses a second account with the same email (any case) with 409 and a field message', async () => {
    const email = freshEmail();
    expect((await call(signUp, 'signup', { body: form({ email }) })).status).toBe(200);
    const before = await userCount();
    const res = await call(signUp, 'signup', { body: form({ email: email.toUpperCase() }), lang: 'sk' });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: 'EMAIL_TAKEN', message: sk.errors.emailTaken, errors: [{ field: 'email', message: sk.errors.emailTaken }] });
    expect(await userCount()).toBe(before);
  });

  it('answers every validation rule with its translated field message and stores nothing', async () => {
    const before = await userCount();
    const res = await call(signUp, 'signup', { body: {}, lang: 'sk' });
    expect(res.status).toBe(422);
    const byField = Object.fromEntries(res.json.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toEqual({
      firstName: sk.validation.firstNameRequired,
      lastName: sk.validation.lastNameRequired,
      sex: sk.validation.sexRequired,
      dateOfBirth: sk.validation.dateInvalid,
      email: sk.validation.emailRequired,
      password: sk.validation.passwordEmpty,
      confirmPassword: sk.validation.passwordMismatch,
    });
    const bad = await call(signUp, 'signup', {
      body: form({ email: 'not-an-email', sex: 'robot', dateOfBirth: '2001-02-30', password: 'short', confirmPassword: 'other' }),
    });
    expect(bad.status).toBe(422);
    const messages = bad.json.errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        `email: ${en.validation.emailInvalid}`,
        `sex: ${en.validation.sexRequired}`,
        `dateOfBirth: ${en.validation.dateInvalid}`,
        `password: ${en.validation.passwordMin}`,
        `confirmPassword: ${en.validation.passwordMismatch}`,
      ]),
    );
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['an empty body', 422, { raw: '' }],
    ['invalid JSON', 400, { raw: '{"email":' }],
    ['a JSON array', 422, { raw: '[1,2]' }],
    ['null', 422, { raw: 'null' }],
    ['wrong types', 422, { body: { firstName: 1, lastName: true, sex: 3, dateOfBirth: 19900101, email: ['a@b.sk'], password: 12345678, confirmPassword: 12345678 } }],
    ['a 10 kB first name', 422, { body: form({ firstName: 'A'.repeat(10_000) }) }],
    ['a 10 kB password', 422, { body: form({ password: 'p'.repeat(10_000), confirmPassword: 'p'.repeat(10_000) }) }],
    ['a 10 kB email', 422, { body: form({ email: `${'a'.repeat(10_000)}@example.com` }) }],
    ['a NUL byte in a name', 422, { body: form({ lastName: 'Nov\u0000ák' }) }],
    ['a date in the future', 422, { body: form({ dateOfBirth: '2999-01-01' }) }],
    ['a body over 64 kB', 413, { raw: JSON.stringify(form({ firstName: 'x'.repeat(70_000) })) }],
  ])('answers %s with a clean %s and creates no account', async (_label, status, options) => {
    const before = await userCount();
    const res = await call(signUp, 'signup', options as CallOptions);
    expect(res.status).toBe(status);
    expect(typeof res.json.message).toBe('string');
    expect(res.json.errors.length).toBeGreaterThan(0);
    expect(await userCount()).toBe(before);
  });

  it('refuses bidi override and isolate characters in names with a translated field message', async () => {
    const before = await userCount();
    const res = await call(signUp, 'signup', { body: form({ firstName: 'Ján\u202Eakčiv', lastName: '\u2067Šťastný\u2069' }), lang: 'sk' });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([
      { field: 'firstName', message: sk.validation.nameDirection },
      { field: 'lastName', message: sk.validation.nameDirection },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('stores unicode and SQL-looking names exactly as typed', async () => {
    const email = freshEmail();
    const res = await call(signUp, 'signup', { body: form({ email, firstName: "Robert'); DROP TABLE users;--", lastName: 'Ďurčová-Øster 李 🎟️' }) });
    expect(res.status).toBe(200);
    const [row] = await userRows(email);
    expect(row.firstName).toBe("Robert'); DROP TABLE users;--");
    expect(row.lastName).toBe('Ďurčová-Øster 李 🎟️');
    expect(await userCount()).toBeGreaterThan(1);
  });

  it('limits sign-ups per address: the 11th in a minute gets a translated 429', async () => {
    await inOneMinute(async () => {
      const ip = '192.0.2.10';
      for (let i = 0; i < 10; i++) expect((await call(signUp, 'signup', { body: form(), ip })).status).toBe(200);
      const res = await call(signUp, 'signup', { body: form(), ip, lang: 'sk' });
      expect(res.status).toBe(429);
      expect(res.json.message).toBe(sk.errors.tooManyRequests);
      expect(res.headers.get('retry-after')).toBeTruthy();
    });
  });
});

describe('POST /api/v1/auth/signin', () => {
  const email = 'signin.fan@example.com';
  beforeAll(async () => {
    expect((await call(signUp, 'signup', { body: form({ email }) })).status).toBe(200);
  });

  it('answers { user, token } for the right password, whatever the email case', async () => {
    const res = await call(signIn, 'signin', { body: { email: ' Signin.Fan@Example.com', password: 'correct-horse-1' } });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ email, firstName: 'Ľubomír', lastName: 'Šťastný' });
    expect(res.json.token).toBeTruthy();
    expect(res.cookies.tribuna_session).toBeDefined();
  });

  it('answers a wrong password or unknown email with the same translated 400, never 401', async () => {
    const wrong = await call(signIn, 'signin', { body: { email, password: 'wrong-password' }, lang: 'sk' });
    const unknown = await call(signIn, 'signin', { body: { email: 'nobody@example.com', password: 'wrong-password' }, lang: 'sk' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'INVALID_CREDENTIALS', message: sk.errors.invalidCredentials });
      expect(res.cookies.tribuna_session).toBeUndefined();
    }
  });

  it('validates the form with the spec messages', async () => {
    const empty = await call(signIn, 'signin', { body: { email: '', password: '' }, lang: 'sk' });
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Email je povinný.' },
        { field: 'password', message: sk.validation.passwordRequired },
      ]),
    );
    const invalid = await call(signIn, 'signin', { body: { email: 'nope', password: 'short' }, lang: 'sk' });
    expect(invalid.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Neplatný email.' },
        { field: 'password', message: sk.validation.passwordMin },
      ]),
    );
    const types = await call(signIn, 'signin', { body: { email: { $ne: null }, password: ['x'] } });
    expect(types.status).toBe(422);
    const sqlish = await call(signIn, 'signin', { body: { email: "' OR 1=1 --@example.com", password: "' OR '1'='1" } });
    expect(sqlish.status).toBeGreaterThanOrEqual(400);
    expect(sqlish.status).toBeLessThan(500);
    expect(sqlish.status).not.toBe(401);
  });

  it('pauses an email after 10 failed attempts in a minute (429), even from many addresses', async () => {
    const target = 'victim@example.com';
    expect((await call(signUp, 'signup', { body: form({ email: target }) })).status).toBe(200);
    await inOneMinute(async () => {
      for (let i = 0; i < 10; i++) expect((await call(signIn, 'signin', { body: { email: target, password: `guess-${i}-xx` } })).status).toBe(400);
      const res = await call(signIn, 'signin', { body: { email: target, password: 'correct-horse-1' }, lang: 'en' });
      expect(res.status).toBe(429);
      expect(res.json.message).toBe(en.errors.tooManyRequests);
    });
  });

  it('limits attempts per address (30 a minute)', async () => {
    await inOneMinute(async () => {
      const ip = '192.0.2.20';
      for (let i = 0; i < 30; i++) await call(signIn, 'signin', { body: { email: `x${i}@example.com`, password: '' }, ip });
      expect((await call(signIn, 'signin', { body: { email, password: 'correct-horse-1' }, ip })).status).toBe(429);
    });
  });
});

describe('sessions: bearer, cookie, XSRF, revocation', () => {
  let token: string;
  let sealed: string;
  let xsrf: string;
  const email = 'session.fan@example.com';

  beforeAll(async () => {
    const res = await call(signUp, 'signup', { body: form({ email }) });
    token = res.json.token;
    sealed = res.cookies.tribuna_session.value;
    xsrf = res.cookies['XSRF-TOKEN'].value;
  });

  const cookieHeader = () => ({ cookie: `tribuna_session=${sealed}; XSRF-TOKEN=${xsrf}` });

  it('GET /me answers the user for a bearer token and for the sealed cookie', async () => {
    const viaBearer = await call(me, 'me', { method: 'GET', headers: bearer(token) });
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.json).toMatchObject({ email, firstName: 'Ľubomír' });
    const viaCookie = await call(me, 'me', { method: 'GET', headers: cookieHeader() });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.json.id).toBe(viaBearer.json.id);
  });

  it('GET /me is 401 without a session, with an unknown token or a tampered cookie', async () => {
    expect((await call(me, 'me', { method: 'GET' })).status).toBe(401);
    expect((await call(me, 'me', { method: 'GET', headers: bearer('made-up-token') })).status).toBe(401);
    expect((await call(me, 'me', { method: 'GET', headers: { cookie: `tribuna_session=${sealed.slice(0, -4)}abcd` } })).status).toBe(401);
    expect((await call(me, 'me', { method: 'GET', headers: bearer('x'.repeat(5000)) })).status).toBe(401);
  });

  it('a cookie-authenticated change needs X-XSRF-TOKEN equal to the cookie (403 otherwise); a bearer one does not', async () => {
    const profile = { firstName: 'Nové', lastName: 'Meno', email, dateOfBirth: '1991-01-01' };
    const missing = await call(patchMe, 'me', { method: 'PATCH', headers: cookieHeader(), body: profile });
    expect(missing.status).toBe(403);
    const wrong = await call(patchMe, 'me', { method: 'PATCH', headers: { ...cookieHeader(), 'x-xsrf-token': 'forged' }, body: profile });
    expect(wrong.status).toBe(403);
    const [unchanged] = await userRows(email);
    expect(unchanged.firstName).toBe('Ľubomír');
    const right = await call(patchMe, 'me', { method: 'PATCH', headers: { ...cookieHeader(), 'x-xsrf-token': xsrf }, body: profile });
    expect(right.status).toBe(200);
    expect(right.json).toMatchObject(profile);
    const viaBearer = await call(patchMe, 'me', { method: 'PATCH', headers: bearer(token), body: { ...profile, firstName: 'Bearer' } });
    expect(viaBearer.status).toBe(200);
    const [row] = await userRows(email);
    expect(row).toMatchObject({ firstName: 'Bearer', lastName: 'Meno', dateOfBirth: '1991-01-01' });
  });

  it('PATCH /me validates and refuses an email of another account with 409', async () => {
    const other = freshEmail();
    await call(signUp, 'signup', { body: form({ email: other }) });
    // A new email needs the current password (tests/integration/email-verification.test.ts); with it, a taken one is 409.
    const taken = await call(patchMe, 'me', { method: 'PATCH', headers: bearer(token), body: { firstName: 'A', lastName: 'B', email: other, dateOfBirth: '1991-01-01', currentPassword: 'correct-horse-1' } });
    expect(taken.status).toBe(409);
    expect(taken.json.errors[0]).toEqual({ field: 'email', message: en.errors.emailTaken });
    const invalid = await call(patchMe, 'me', { method: 'PATCH', headers: bearer(token), body: { firstName: '', lastName: 'B', email: 'x', dateOfBirth: 'yesterday' } });
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(['dateOfBirth', 'email', 'firstName']);
    expect((await call(patchMe, 'me', { method: 'PATCH', body: { firstName: 'A' } })).status).toBe(401);
  });

  it('sign-out by cookie needs XSRF; sign-out revokes the token, which then gets 401 everywhere', async () => {
    expect((await call(signOut, 'signout', { headers: cookieHeader() })).status).toBe(403);
    const res = await call(signOut, 'signout', { headers: { ...cookieHeader(), 'x-xsrf-token': xsrf } });
    expect(res.status).toBe(200);
    expect(res.cookies.tribuna_session.raw).toMatch(/Max-Age=0/i);
    expect((await call(me, 'me', { method: 'GET', headers: bearer(token) })).status).toBe(401);
    expect((await call(me, 'me', { method: 'GET', headers: cookieHeader() })).status).toBe(401);
    expect((await call(signOut, 'signout', { headers: bearer(token) })).status).toBe(401);
  });

  it('an expired session is dead', async () => {
    const res = await call(signIn, 'signin', { body: { email, password: 'correct-horse-1' } });
    await t.db.update(s.sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(s.sessions.userId, res.json.user.id));
    expect((await call(me, 'me', { method: 'GET', headers: bearer(res.json.token) })).status).toBe(401);
  });
});

describe('password reset', () => {
  const email = 'forgetful@example.com';
  let userId: string;
  let oldToken: string;

  beforeAll(async () => {
    const res = await call(signUp, 'signup', { body: form({ email, firstName: 'Zuzana' }) });
    userId = res.json.user.id;
    oldToken = res.json.token;
  });

  // Reset mails only: sign-up also mails the link that verifies the address.
  async function mails(to: string) {
    return t.db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.toAddress, to), eq(s.emailOutbox.kind, 'password-reset')));
  }
  function tokenFrom(text: string): string {
    const url = new URL(/https?:\/\/\S+/.exec(text)![0]);
    expect(url.searchParams.get('email')).toBe(email);
    return url.searchParams.get('token')!;
  }

  it('answers 202 for any email and mails only existing accounts, in the request language', async () => {
    const unknown = await call(resetRequest, 'password-reset', { body: { email: 'ghost@example.com' } });
    expect(unknown.status).toBe(202);
    expect(await mails('ghost@example.com')).toHaveLength(0);
    const known = await call(resetRequest, 'password-reset', { body: { email: email.toUpperCase() }, lang: 'sk' });
    expect(known.status).toBe(202);
    expect(known.json).toEqual(unknown.json);
    const [mail] = await mails(email);
    expect(mail).toMatchObject({ kind: 'password-reset', locale: 'sk', subject: sk.email.passwordResetSubject });
    expect(mail.textBody).toContain('Zuzana');
    expect(mail.textBody).toMatch(/\/sk\/obnovenie-hesla\/nove\?/);
    const bad = await call(resetRequest, 'password-reset', { body: { email: 'nope' } });
    expect(bad.status).toBe(422);
  });

  it('sets the new password once: token single-use, email must match, every session ends', async () => {
    await call(resetRequest, 'password-reset', { body: { email }, lang: 'en' });
    const [latest] = (await mails(email)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const token = tokenFrom(latest.textBody);
    const body = { token, email, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' };

    const mismatch = await call(resetConfirm, 'password-reset/confirm', { body: { ...body, confirmPassword: 'different-pass' } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.errors).toContainEqual({ field: 'confirmPassword', message: en.validation.passwordMismatch });
    const empty = await call(resetConfirm, 'password-reset/confirm', { body: { token, email, password: '', confirmPassword: '' } });
    expect(empty.json.errors).toContainEqual({ field: 'password', message: en.validation.newPasswordRequired });
    const wrongEmail = await call(resetConfirm, 'password-reset/confirm', { body: { ...body, email: 'someone.else@example.com' } });
    expect(wrongEmail.status).toBe(400);
    expect(wrongEmail.json.code).toBe('RESET_INVALID');

    const ok = await call(resetConfirm, 'password-reset/confirm', { body });
    expect(ok.status).toBe(200);
    const again = await call(resetConfirm, 'password-reset/confirm', { body: { ...body, password: 'third-password', confirmPassword: 'third-password' } });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(en.errors.resetInvalid);

    expect((await call(me, 'me', { method: 'GET', headers: bearer(oldToken) })).status).toBe(401);
    expect((await call(signIn, 'signin', { body: { email, password: 'correct-horse-1' } })).status).toBe(400);
    expect((await call(signIn, 'signin', { body: { email, password: 'brand-new-pass' } })).status).toBe(200);
  });

  it('only the newest link works: asking again makes the earlier unused link say it is no longer valid', async () => {
    const newest = async () => tokenFrom((await mails(email)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0].textBody);
    await call(resetRequest, 'password-reset', { body: { email } });
    const first = await newest();
    await new Promise((r) => setTimeout(r, 5));
    await call(resetRequest, 'password-reset', { body: { email } });
    const second = await newest();
    expect(second).not.toBe(first);
    const stale = await call(resetConfirm, 'password-reset/confirm', { body: { token: first, email, password: 'from-old-link', confirmPassword: 'from-old-link' }, lang: 'cs' });
    expect(stale.status).toBe(400);
    expect(stale.json).toMatchObject({ code: 'RESET_REPLACED', message: cs.errors.resetReplaced });
    expect((await call(signIn, 'signin', { body: { email, password: 'from-old-link' } })).status).toBe(400);
    const fresh = await call(resetConfirm, 'password-reset/confirm', { body: { token: second, email, password: 'from-new-link', confirmPassword: 'from-new-link' } });
    expect(fresh.status).toBe(200);
    expect((await call(signIn, 'signin', { body: { email, password: 'from-new-link' } })).status).toBe(200);
  });

  it('refuses an expired token and a made-up one', async () => {
    await call(resetRequest, 'password-reset', { body: { email } });
    const [latest] = (await mails(email)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const token = tokenFrom(latest.textBody);
    await t.db.update(s.passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(s.passwordResets.userId, userId));
    const expired = await call(resetConfirm, 'password-reset/confirm', { body: { token, email, password: 'after-expiry', confirmPassword: 'after-expiry' } });
    expect(expired.status).toBe(400);
    const madeUp = await call(resetConfirm, 'password-reset/confirm', { body: { token: 'x'.repeat(43), email, password: 'after-expiry', confirmPassword: 'after-expiry' } });
    expect(madeUp.status).toBe(400);
    expect((await call(signIn, 'signin', { body: { email, password: 'after-expiry' } })).status).toBe(400);
  });
});

describe('POST /api/v1/auth/remove', () => {
  it('anonymises the account, revokes every session, and lets the email register again', async () => {
    const email = 'leaving@example.com';
    const first = await call(signUp, 'signup', { body: form({ email }) });
    const second = await call(signIn, 'signin', { body: { email, password: 'correct-horse-1' } });
    const id = first.json.user.id;
    await call(resetRequest, 'password-reset', { body: { email } });

    expect((await call(remove, 'remove', { headers: { cookie: `tribuna_session=${first.cookies.tribuna_session.value}` } })).status).toBe(403);
    const res = await call(remove, 'remove', { headers: bearer(first.json.token) });
    expect(res.status).toBe(200);

    const [row] = await t.db.select().from(s.users).where(eq(s.users.id, id));
    expect(row).toMatchObject({ email: null, firstName: null, lastName: null, dateOfBirth: null, sex: null, passwordHash: null });
    expect(row.removedAt).toBeInstanceOf(Date);
    const live = (await t.db.select().from(s.sessions).where(eq(s.sessions.userId, id))).filter((x) => !x.revokedAt);
    expect(live).toHaveLength(0);
    expect(await t.db.select().from(s.passwordResets).where(eq(s.passwordResets.userId, id))).toHaveLength(0);
    expect(await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, email))).toHaveLength(0);

    expect((await call(me, 'me', { method: 'GET', headers: bearer(second.json.token) })).status).toBe(401);
    expect((await call(signIn, 'signin', { body: { email, password: 'correct-horse-1' } })).status).toBe(400);
    expect((await call(remove, 'remove', { headers: bearer(first.json.token) })).status).toBe(401);

    const again = await call(signUp, 'signup', { body: form({ email }) });
    expect(again.status).toBe(200);
    expect(again.json.user.id).not.toBe(id);
  });
});

describe('cross-site writes and JSON bodies (login CSRF)', () => {
  const email = 'csrf.fan@example.com';
  const password = 'correct-horse-1';
  let token: string;
  let sealed: string;
  let xsrf: string;
  beforeAll(async () => {
    const res = await call(signUp, 'signup', { body: form({ email, password, confirmPassword: password }) });
    token = res.json.token;
    sealed = res.cookies.tribuna_session.value;
    xsrf = res.cookies['XSRF-TOKEN'].value;
  });
  async function sessionCount() {
    const [row] = await userRows(email);
    return (await t.db.select().from(s.sessions).where(eq(s.sessions.userId, row.id))).length;
  }

  it('refuses a sign-in posted by another site as text/plain (an HTML form), sets no cookie and opens no session', async () => {
    const before = await sessionCount();
    // <form enctype="text/plain" action="…/signin"> on evil.example: the browser sends its Origin and Sec-Fetch-Site.
    const forged = await call(signIn, 'signin', {
      raw: `{"email":"${email}","password":"${password}","x":"="}`,
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      lang: 'sk',
    });
    expect(forged.status).toBe(403);
    expect(forged.json).toMatchObject({ code: 'CROSS_SITE', message: sk.errors.crossSite });
    expect(forged.cookies.tribuna_session).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a JSON sign-in or sign-up from another origin, with Origin or only Sec-Fetch-Site', async () => {
    const before = await sessionCount();
    for (const headers of <Record<string, string>[]>[{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'http://localhost.evil.example' }]) {
      const res = await call(signIn, 'signin', { body: { email, password }, headers, lang: 'en' });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(en.errors.crossSite);
      expect(res.cookies.tribuna_session).toBeUndefined();
    }
    expect(await sessionCount()).toBe(before);
    const users = await userCount();
    const signUpForged = await call(signUp, 'signup', { body: form(), headers: { origin: 'https://evil.example' } });
    expect(signUpForged.status).toBe(403);
    expect(await userCount()).toBe(users);
  });

  it('accepts a sign-in from this site (its Origin or same-origin fetch metadata) and from the native app (neither)', async () => {
    for (const headers of <Record<string, string>[]>[{ origin: 'http://localhost' }, { 'sec-fetch-site': 'same-origin' }, { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }, {}]) {
      const res = await call(signIn, 'signin', { body: { email, password }, headers });
      expect(res.status).toBe(200);
    }
  });

  it('accepts the public origin (APP_URL) behind a proxy that rewrites Host', async () => {
    const previous = process.env.APP_URL;
    process.env.APP_URL = 'https://tickets.example.sk';
    try {
      const res = await call(signIn, 'signin', { body: { email, password }, headers: { origin: 'https://tickets.example.sk', host: 'internal:3000' } });
      expect(res.status).toBe(200);
    } finally {
      if (previous === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = previous;
    }
  });

  it('refuses a cookie-authenticated change from another site even with the XSRF pair; a bearer call with a foreign Origin still works', async () => {
    const profile = { firstName: 'Cudzí', lastName: 'Web', email, dateOfBirth: '1991-01-01' };
    const cookie = { cookie: `tribuna_session=${sealed}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
    const forged = await call(patchMe, 'me', { method: 'PATCH', headers: { ...cookie, origin: 'https://evil.example' }, body: profile });
    expect(forged.status).toBe(403);
    expect((await userRows(email))[0].firstName).toBe('Ľubomír');
    expect((await call(signOut, 'signout', { headers: { ...cookie, 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    const bearerCall = await call(patchMe, 'me', { method: 'PATCH', headers: { ...bearer(token), origin: 'https://app.example' }, body: { ...profile, firstName: 'Natívna' } });
    expect(bearerCall.status).toBe(200);
    expect((await userRows(email))[0].firstName).toBe('Natívna');
  });

  it('answers a JSON write in another content type with a translated 415, from this site too', async () => {
    const plain = await call(signIn, 'signin', { raw: JSON.stringify({ email, password }), headers: { 'content-type': 'text/plain;charset=UTF-8' }, lang: 'cs' });
    expect(plain.status).toBe(415);
    expect(plain.json).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: cs.errors.jsonRequired });
    expect(plain.cookies.tribuna_session).toBeUndefined();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/json']) {
      expect((await call(signIn, 'signin', { raw: JSON.stringify({ email, password }), headers: { 'content-type': type } })).status).toBe(415);
    }
    // A body without any content type is not JSON either.
    const untyped = await handlerWithoutType(JSON.stringify({ email, password }));
    expect(untyped.status).toBe(415);
    const bearerPlain = await call(patchMe, 'me', { method: 'PATCH', headers: { ...bearer(token), 'content-type': 'text/plain' }, raw: JSON.stringify({ firstName: 'A', lastName: 'B', email, dateOfBirth: '1991-01-01' }) });
    expect(bearerPlain.status).toBe(415);
    // JSON with a charset, or a +json type, is JSON.
    expect((await call(signIn, 'signin', { body: { email, password }, headers: { 'content-type': 'application/json; charset=utf-8' } })).status).toBe(200);
    // An empty body needs no type (account removal sends none).
    expect((await call(remove, 'remove', { headers: bearer((await call(signUp, 'signup', { body: form() })).json.token) })).status).toBe(200);
  });

  async function handlerWithoutType(body: string) {
    const request = new Request('http://localhost/api/v1/auth/signin', { method: 'POST', body: new TextEncoder().encode(body), headers: { 'accept-language': 'en', 'x-forwarded-for': '10.9.9.9' } });
    expect(request.headers.get('content-type')).toBeNull();
    return signIn(request, { params: Promise.resolve({}) });
  }
});

