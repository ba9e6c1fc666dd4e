import { and, eq, isNull } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { POST as signUp } from '@/tests/helpers/api';
import { POST as signIn } from '@/tests/helpers/api';
import { GET as me, PATCH as patchMe } from '@/tests/helpers/api';
import { POST as resetRequest } from '@/tests/helpers/api';
import { POST as resetConfirm } from '@/tests/helpers/api';
import { POST as verifyEmail } from '@/tests/helpers/api';
import { POST as resendVerification } from '@/tests/helpers/api';
import { GET as listTickets } from '@/tests/helpers/api';
import { POST as gift } from '@/tests/helpers/api';
import { hashToken } from '@/lib/server/auth/session-token';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import { useTestDatabase } from '../helpers/db';
import { giveTicket, makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });


type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;
let ipCounter = 0;
async function call(handler: Handler, path: string, options: { body?: unknown; headers?: Record<string, string>; method?: string; lang?: string; params?: Record<string, string> } = {}) {
  const headers = new Headers(options.headers);
  headers.set('x-forwarded-for', `10.7.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`);
  if (!headers.has('accept-language')) headers.set('accept-language', options.lang ?? 'en');
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  const request = new Request(`http://localhost${path}`, { method: options.method ?? 'POST', headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null, setCookies: response.headers.getSetCookie() };
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const PASSWORD = 'correct-horse-1';
let counter = 0;
const freshEmail = (tag = 'fan') => `${tag}.${counter++}.${Date.now()}@example.com`;
async function signUpAs(email: string, lang = 'en') {
  const res = await call(signUp, '/api/v1/auth/signup', {
    body: { firstName: 'Ľubica', lastName: 'Nová', sex: 'female', dateOfBirth: '1990-01-01', email, password: PASSWORD, confirmPassword: PASSWORD },
    lang,
  });
  expect(res.status).toBe(200);
  return res.json as { user: { id: string; email: string; emailVerified: boolean }; token: string };
}
async function mailsTo(to: string) {
  const rows = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, to));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
/** The token of the newest verification link mailed to `to`. */
async function linkTokenFor(to: string): Promise<{ token: string; url: URL }> {
  const mail = (await mailsTo(to)).filter((m) => m.kind === 'email-verification' || m.kind === 'email-change').at(-1);
  expect(mail).toBeDefined();
  const url = new URL(/https?:\/\/\S+/.exec(mail!.textBody)![0]);
  return { token: url.searchParams.get('token')!, url };
}
async function ticketsOf(token: string) {
  const res = await call(listTickets, '/api/v1/tickets', { method: 'GET', headers: bearer(token) });
  expect(res.status).toBe(200);
  return res.json.tickets as { id: string }[];
}
async function ownerOf(ticketId: string) {
  const [row] = await t.db.select({ ownerId: s.tickets.ownerId }).from(s.tickets).where(eq(s.tickets.id, ticketId));
  return row.ownerId;
}
async function giftTo(sender: { token: string }, ticketId: string, email: string) {
  return call(gift, `/api/v1/tickets/${ticketId}/gift`, { headers: bearer(sender.token), body: { email }, params: { id: ticketId } });
}

describe('gift theft through an unverified email', () => {
  it('a pending gift is not claimed by an account that signed up with the address but never verified it', async () => {
    const sender = await makeUser(t.db, 'sender');
    const { ticket } = await giveTicket(t.db, sender.id, 'polarna-ziara-kosice');
    const victim = freshEmail('victim');
    expect((await giftTo(sender, ticket.id, victim)).json).toMatchObject({ status: 'pending' });

    // The attacker registers the victim's address and loads their tickets.
    const attacker = await signUpAs(victim);
    expect(attacker.user.emailVerified).toBe(false);
    expect(await ticketsOf(attacker.token)).toHaveLength(0);
    expect(await ownerOf(ticket.id)).toBe(sender.id);
    const [pending] = await t.db.select().from(s.gifts).where(eq(s.gifts.ticketId, ticket.id));
    expect(pending.status).toBe('pending');
  });

  it('a gift to a registered but unverified address waits instead of moving at once', async () => {
    const sender = await makeUser(t.db, 'sender');
    const { ticket } = await giveTicket(t.db, sender.id, 'polarna-ziara-kosice');
    const squatted = freshEmail('squatted');
    const squatter = await signUpAs(squatted);
    const res = await giftTo(sender, ticket.id, squatted);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: 'pending', toEmail: squatted });
    expect(await ownerOf(ticket.id)).toBe(sender.id);
    expect(await ticketsOf(squatter.token)).toHaveLength(0);
  });

  it('the address owner verifies by the mailed link; then the gift is claimed', async () => {
    const sender = await makeUser(t.db, 'sender');
    const { ticket } = await giveTicket(t.db, sender.id, 'polarna-ziara-kosice');
    const email = freshEmail('newcomer');
    await giftTo(sender, ticket.id, email);
    const fan = await signUpAs(email, 'cs');
    const mail = (await mailsTo(email)).find((m) => m.kind === 'email-verification')!;
    expect(mail).toMatchObject({ locale: 'cs', subject: cs.email.verifySubject });
    expect(mail.textBody).toContain('Ľubica');
    const { token, url } = await linkTokenFor(email);
    expect(url.pathname).toBe('/cs/overeni-emailu');
    // Stored only as its hash.
    const [row] = await t.db.select().from(s.emailVerifications).where(eq(s.emailVerifications.userId, fan.user.id));
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 3600_000);

    const confirmed = await call(verifyEmail, '/api/v1/auth/verify-email', { headers: bearer(fan.token), body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ ok: true, email, changed: false });
    expect((await call(me, '/api/v1/auth/me', { method: 'GET', headers: bearer(fan.token) })).json).toMatchObject({ email, emailVerified: true, pendingEmail: null });
    expect((await ticketsOf(fan.token)).map((x) => x.id)).toEqual([ticket.id]);
    expect(await ownerOf(ticket.id)).toBe(fan.user.id);

    // Single use.
    const again = await call(verifyEmail, '/api/v1/auth/verify-email', { headers: bearer(fan.token), body: { token }, lang: 'sk' });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ code: 'VERIFY_INVALID', message: sk.errors.verifyInvalid });
  });
});

describe('POST /api/v1/auth/verify-email', () => {
  it('signed out (or as someone else) it needs the account’s password: a link alone does not verify another person’s account', async () => {
    const email = freshEmail('needs-password');
    const owner = await signUpAs(email);
    const { token } = await linkTokenFor(email);
    const missing = await call(verifyEmail, '/api/v1/auth/verify-email', { body: { token }, lang: 'sk' });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual([{ field: 'password', message: sk.verifyEmail.passwordRequired }]);
    const wrong = await call(verifyEmail, '/api/v1/auth/verify-email', { body: { token, password: 'not-the-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual([{ field: 'password', message: en.errors.wrongPassword }]);
    const stranger = await makeUser(t.db, 'stranger');
    expect((await call(verifyEmail, '/api/v1/auth/verify-email', { headers: bearer(stranger.token), body: { token } })).status).toBe(422);
    const [still] = await t.db.select().from(s.users).where(eq(s.users.id, owner.user.id));
    expect(still.emailVerifiedAt).toBeNull();

    const right = await call(verifyEmail, '/api/v1/auth/verify-email', { body: { token, password: PASSWORD } });
    expect(right.status).toBe(200);
    const [verified] = await t.db.select().from(s.users).where(eq(s.users.id, owner.user.id));
    expect(verified.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('refuses an expired, a made-up and a malformed token', async () => {
    const email = freshEmail('expired');
    const fan = await signUpAs(email);
    const { token } = await linkTokenFor(email);
    await t.db.update(s.emailVerifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(s.emailVerifications.userId, fan.user.id));
    expect((await call(verifyEmail, '/api/v1/auth/verify-email', { headers: bearer(fan.token), body: { token } })).status).toBe(400);
    expect((await call(verifyEmail, '/api/v1/auth/verify-email', { headers: bearer(fan.token), body: { token: 'x'.repeat(43) } })).status).toBe(400);
    expect((await call(verifyEmail, '/api/v1/auth/verify-email', { headers: bearer(fan.token), body: { token: '' } })).status).toBe(422);
    expect((await call(verifyEmail, '/api/v1/auth/verify-email', { headers: bearer(fan.token), body: { token: ['x'] } })).status).toBe(422);
    const [row] = await t.db.select().from(s.users).where(eq(s.users.id, fan.user.id));
    expect(row.emailVerifiedAt).toBeNull();
  });
});

describe('POST /api/v1/auth/verify-email/resend', () => {
  it('mails a new link (the older one stops working), refuses when nothing waits, and is rate-limited', async () => {
    const email = freshEmail('resend');
    const fan = await signUpAs(email);
    const first = await linkTokenFor(email);
    const res = await call(resendVerification, '/api/v1/auth/verify-email/resend', { headers: bearer(fan.token), lang: 'sk' });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ ok: true, email });
    const second = await linkTokenFor(email);
    expect(second.token).not.toBe(first.token);
    expect((await mailsTo(email)).filter((m) => m.kind === 'email-verification').map((m) => m.locale)).toEqual(['en', 'sk']);
    expect((await call(verifyEmail, '/api/v1/auth/verify-email', { headers: bearer(fan.token), body: { token: first.token } })).status).toBe(400);
    expect((await call(verifyEmail, '/api/v1/auth/verify-email', { headers: bearer(fan.token), body: { token: second.token } })).status).toBe(200);

    const done = await call(resendVerification, '/api/v1/auth/verify-email/resend', { headers: bearer(fan.token), lang: 'sk' });
    expect(done.status).toBe(409);
    expect(done.json).toMatchObject({ code: 'ALREADY_VERIFIED', message: sk.errors.alreadyVerified });
    expect((await call(resendVerification, '/api/v1/auth/verify-email/resend')).status).toBe(401);

    const other = await signUpAs(freshEmail('resend-limit'));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(resendVerification, '/api/v1/auth/verify-email/resend', { headers: bearer(other.token) })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it('refuses a body it does not take (broken JSON, a form, an array) and mails nothing for it', async () => {
    const email = freshEmail('resend-garbage');
    const fan = await signUpAs(email);
    const before = (await mailsTo(email)).length;
    const bodies: [string, string][] = [['application/json', '{"broken'], ['application/json', '[1,2]'], ['application/json', '{"x":1}'], ['text/plain', 'hello']];
    for (const [type, body] of bodies) {
      const response = await resendVerification(
        new Request('http://localhost/api/v1/auth/verify-email/resend', { method: 'POST', headers: { ...bearer(fan.token), 'content-type': type, 'accept-language': 'sk' }, body }),
        { params: Promise.resolve({}) },
      );
      expect([400, 415, 422]).toContain(response.status);
    }
    expect((await mailsTo(email)).length).toBe(before);
  });
});

describe('changing the email (PATCH /api/v1/auth/me)', () => {
  const profile = (email: string, extra: Record<string, unknown> = {}) => ({ firstName: 'Ľubica', lastName: 'Nová', email, dateOfBirth: '1990-01-01', ...extra });

  it('a stolen session cannot take the account over: the change needs the current password', async () => {
    const email = freshEmail('owner');
    const owner = await signUpAs(email);
    const attackerAddress = freshEmail('attacker');
    const missing = await call(patchMe, '/api/v1/auth/me', { method: 'PATCH', headers: bearer(owner.token), body: profile(attackerAddress), lang: 'sk' });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual([{ field: 'currentPassword', message: sk.validation.currentPasswordRequired }]);
    const wrong = await call(patchMe, '/api/v1/auth/me', { method: 'PATCH', headers: bearer(owner.token), body: profile(attackerAddress, { currentPassword: 'guessed-wrong', firstName: 'Zmenené' }) });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: 'WRONG_PASSWORD', errors: [{ field: 'currentPassword', message: en.errors.wrongPassword }] });
    const [row] = await t.db.select().from(s.users).where(eq(s.users.id, owner.user.id));
    expect(row).toMatchObject({ email, firstName: 'Ľubica' });
    expect(await mailsTo(attackerAddress)).toHaveLength(0);
  });

  it('is pending until the new address is verified: the old one keeps working and gets a notice; then other sessions end', async () => {
    const oldEmail = freshEmail('mover');
    const mover = await signUpAs(oldEmail);
    await t.db.update(s.users).set({ emailVerifiedAt: new Date() }).where(eq(s.users.id, mover.user.id));
    const phone = await call(signIn, '/api/v1/auth/signin', { body: { email: oldEmail, password: PASSWORD } });
    const newEmail = freshEmail('moved');

    const res = await call(patchMe, '/api/v1/auth/me', { method: 'PATCH', headers: bearer(mover.token), body: profile(newEmail, { currentPassword: PASSWORD, lastName: 'Presťahovaná' }), lang: 'sk' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email: oldEmail, emailVerified: true, pendingEmail: newEmail, lastName: 'Presťahovaná' });
    // Until verified: the old address signs in, the new one does not, and nothing else changed.
    expect((await call(signIn, '/api/v1/auth/signin', { body: { email: oldEmail, password: PASSWORD } })).status).toBe(200);
    expect((await call(signIn, '/api/v1/auth/signin', { body: { email: newEmail, password: PASSWORD } })).status).toBe(400);
    const notice = (await mailsTo(oldEmail)).find((m) => m.kind === 'email-change-notice')!;
    expect(notice).toMatchObject({ locale: 'sk', subject: sk.email.changeNoticeSubject });
    expect(notice.textBody).toContain(newEmail);
    expect(notice.textBody).not.toMatch(/token=/);
    const change = (await mailsTo(newEmail)).find((m) => m.kind === 'email-change')!;
    expect(change.subject).toBe(sk.email.changeSubject);

    // A gift to the new address waits until it is verified.
    const sender = await makeUser(t.db, 'sender');
    const { ticket } = await giveTicket(t.db, sender.id, 'polarna-ziara-kosice');
    expect((await giftTo(sender, ticket.id, newEmail)).json).toMatchObject({ status: 'pending' });
    expect(await ticketsOf(mover.token)).toHaveLength(0);

    // Resending sends the pending change's link again; only the newest works.
    const stale = await linkTokenFor(newEmail);
    const resent = await call(resendVerification, '/api/v1/auth/verify-email/resend', { headers: bearer(mover.token), lang: 'sk' });
    expect(resent.json).toEqual({ ok: true, email: newEmail });
    const { token, url } = await linkTokenFor(newEmail);
    expect(token).not.toBe(stale.token);
    expect((await call(verifyEmail, '/api/v1/auth/verify-email', { headers: bearer(mover.token), body: { token: stale.token } })).status).toBe(400);
    expect(url.pathname).toBe('/sk/overenie-emailu');
    const confirmed = await call(verifyEmail, '/api/v1/auth/verify-email', { headers: bearer(mover.token), body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ ok: true, email: newEmail, changed: true });

    const after = await call(me, '/api/v1/auth/me', { method: 'GET', headers: bearer(mover.token) });
    expect(after.json).toMatchObject({ email: newEmail, emailVerified: true, pendingEmail: null });
    // Other sessions ended; the one that asked for the change stays.
    expect((await call(me, '/api/v1/auth/me', { method: 'GET', headers: bearer(phone.json.token) })).status).toBe(401);
    expect((await call(signIn, '/api/v1/auth/signin', { body: { email: oldEmail, password: PASSWORD } })).status).toBe(400);
    expect((await call(signIn, '/api/v1/auth/signin', { body: { email: newEmail, password: PASSWORD } })).status).toBe(200);
    expect((await ticketsOf(mover.token)).map((x) => x.id)).toEqual([ticket.id]);
  });

  it('refuses an address of another account (409), keeps names-only edits password-free', async () => {
    const email = freshEmail('keeper');
    const keeper = await signUpAs(email);
    const taken = await call(patchMe, '/api/v1/auth/me', { method: 'PATCH', headers: bearer(keeper.token), body: profile('fan@tribuna.sk', { currentPassword: PASSWORD }) });
    expect(taken.status).toBe(409);
    expect(taken.json.errors[0]).toEqual({ field: 'email', message: en.errors.emailTaken });
    const namesOnly = await call(patchMe, '/api/v1/auth/me', { method: 'PATCH', headers: bearer(keeper.token), body: profile(email.toUpperCase(), { firstName: 'Iba', lastName: 'Meno' }) });
    expect(namesOnly.status).toBe(200);
    expect(namesOnly.json).toMatchObject({ email, firstName: 'Iba', pendingEmail: null });
  });

  it('a change fails at confirmation when someone else verified the address meanwhile', async () => {
    const mover = await signUpAs(freshEmail('slow'));
    const target = freshEmail('contested');
    await call(patchMe, '/api/v1/auth/me', { method: 'PATCH', headers: bearer(mover.token), body: profile(target, { currentPassword: PASSWORD }) });
    const { token } = await linkTokenFor(target);
    await makeUser(t.db, 'fast', target);
    const res = await call(verifyEmail, '/api/v1/auth/verify-email', { headers: bearer(mover.token), body: { token } });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('EMAIL_TAKEN');
    const [row] = await t.db.select().from(s.users).where(eq(s.users.id, mover.user.id));
    expect(row.email).not.toBe(target);
  });
});

describe('password reset proves the address', () => {
  it('the real owner of a squatted address resets the password: the account is theirs, verified, and the squatter is out', async () => {
    const email = freshEmail('squatted-reset');
    const squatter = await signUpAs(email);
    await call(resetRequest, '/api/v1/auth/password-reset', { body: { email } });
    const mail = (await mailsTo(email)).find((m) => m.kind === 'password-reset')!;
    const token = new URL(/https?:\/\/\S+/.exec(mail.textBody)![0]).searchParams.get('token')!;
    const reset = await call(resetConfirm, '/api/v1/auth/password-reset/confirm', { body: { token, email, password: 'owner-now-1', confirmPassword: 'owner-now-1' } });
    expect(reset.status).toBe(200);
    const [row] = await t.db.select().from(s.users).where(eq(s.users.id, squatter.user.id));
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await call(me, '/api/v1/auth/me', { method: 'GET', headers: bearer(squatter.token) })).status).toBe(401);
  });
});

describe('the user object', () => {
  it('sign-up and sign-in answer emailVerified and pendingEmail next to the spec fields', async () => {
    const email = freshEmail('shape');
    const created = await signUpAs(email);
    expect(created.user).toMatchObject({ id: expect.any(String), email, firstName: 'Ľubica', lastName: 'Nová', emailVerified: false, pendingEmail: null });
    const signedIn = await call(signIn, '/api/v1/auth/signin', { body: { email: 'fan@tribuna.sk', password: 'tribuna-demo' } });
    expect(signedIn.json.user).toMatchObject({ email: 'fan@tribuna.sk', emailVerified: true });
  });

  it('the demo accounts are seeded verified', async () => {
    const rows = await t.db.select({ email: s.users.email }).from(s.users).where(and(isNull(s.users.emailVerifiedAt), isNull(s.users.removedAt)));
    for (const demo of ['fan@tribuna.sk', 'fanusik@tribuna.cz', 'supporter@tribuna.eu', 'skener@tribuna.sk']) expect(rows.map((r) => r.email)).not.toContain(demo);
  });
});
