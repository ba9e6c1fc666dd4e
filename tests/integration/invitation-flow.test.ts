// Issue 31 items 3 and 4: the invitation link is one flow (the link proves the address: an invitee
// without an account makes it there, verified and a member at once; one with an account signs in and
// accepts; a wrong signed-in account is told so; expired and used links say which), and where a person
// lands after sign-in (organisers in the console, gate-only staff on the scanner, fans on the profile).
import { and, desc, eq } from 'drizzle-orm';
import { GET, POST } from '@/tests/helpers/api';
import { hashPassword } from '@/lib/server/auth/password';
import { hashToken } from '@/lib/server/auth/session-token';
import * as s from '@/lib/server/db/schema';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import { useTestDatabase } from '../helpers/db';
import { makeMember, makeOrganisation } from '../helpers/organiser';
import { auth, makeUser, request } from '../helpers/tickets';

const t = useTestDatabase();
let n = 0;
const fresh = (tag = 'invitee') => `${tag}.${Date.now().toString(36)}.${n++}@example.com`;
const PASSWORD = 'correct-horse-1';
const json = { 'content-type': 'application/json' };

let org: { id: string; name: string; slug: string };
let owner: Awaited<ReturnType<typeof makeMember>>;

beforeAll(async () => {
  org = await makeOrganisation(t.db, 'Gate club');
  owner = await makeMember(t.db, org.id, 'owner', 'gate-owner');
});

async function invite(email: string, role: 'owner' | 'manager' | 'scanner', headers = auth(owner)): Promise<string> {
  const response = await POST(request(`/api/v1/organiser/organisations/${org.id}/members`, { method: 'POST', headers, body: { email, role } }));
  expect(response.status).toBe(201);
  const [mail] = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, email)).orderBy(desc(s.emailOutbox.createdAt));
  const match = /token=([A-Za-z0-9_-]+)/.exec(mail.textBody);
  if (!match) throw new Error(`no link in ${mail.textBody}`);
  return match[1];
}

function signUp(body: Record<string, unknown>, headers: Record<string, string> = { ...json, 'accept-language': 'sk' }) {
  return POST(request('/api/v1/organiser/invitations/signup', { method: 'POST', headers, body }));
}

function accept(headers: Record<string, string>, token: string) {
  return POST(request('/api/v1/organiser/invitations/accept', { method: 'POST', headers, body: { token } }));
}

function signIn(email: string, password = PASSWORD) {
  return POST(request('/api/v1/auth/signin', { method: 'POST', headers: json, body: { email, password } }));
}

async function role(userId: string) {
  const [row] = await t.db.select({ role: s.orgMembers.role }).from(s.orgMembers).where(and(eq(s.orgMembers.orgId, org.id), eq(s.orgMembers.userId, userId)));
  return row?.role ?? null;
}

async function withPassword(tag: string, email?: string, options: { verified?: boolean } = {}) {
  const user = await makeUser(t.db, tag, email, options);
  await t.db.update(s.users).set({ passwordHash: await hashPassword(PASSWORD) }).where(eq(s.users.id, user.id));
  return user;
}

describe('signing up from an invitation link', () => {
  it('makes the invited address’s account, verified, signed in and a member with the role, in one step', async () => {
    const email = fresh('new-scanner');
    const token = await invite(email, 'scanner');
    const response = await signUp({ token, firstName: 'Peter', lastName: 'Skener', password: PASSWORD, confirmPassword: PASSWORD });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ organisation: { id: org.id, name: 'Gate club' }, role: 'scanner', user: { email, firstName: 'Peter', lastName: 'Skener', emailVerified: true } });
    // The web session cookie is set, and the answer's token is a session of the new account.
    expect(response.headers.get('set-cookie')).toBeTruthy();
    const me = await (await GET(request('/api/v1/auth/me', { headers: auth(body) }))).json();
    expect(me).toMatchObject({ email, emailVerified: true });
    expect(await role(body.user.id)).toBe('scanner');
    // No verification mail: the link proved the address.
    const mails = await t.db.select({ kind: s.emailOutbox.kind }).from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, email));
    expect(mails.map((m) => m.kind)).toEqual(['org-invitation']);
    const [row] = await t.db.select().from(s.orgInvitations).where(eq(s.orgInvitations.tokenHash, hashToken(token)));
    expect(row.acceptedBy).toBe(body.user.id);
    // The link is spent: signing up with it again says it was used.
    const again = await signUp({ token, firstName: 'Peter', lastName: 'Skener', password: PASSWORD, confirmPassword: PASSWORD });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'INVITATION_USED', message: sk.organiser.invitation.errors.used });
  });

  it('checks the name and password fields with translated messages, and creates nothing', async () => {
    const email = fresh('careless');
    const token = await invite(email, 'manager');
    const response = await signUp({ token, firstName: '', lastName: 'X', password: 'short', confirmPassword: 'other' }, { ...json, 'accept-language': 'cs' });
    expect(response.status).toBe(422);
    const fields = (await response.json()).errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'password']));
    const [account] = await t.db.select().from(s.users).where(eq(s.users.email, email));
    expect(account).toBeUndefined();
  });

  it('sends an address that has an account to sign in (409), without touching that account', async () => {
    const existing = await withPassword('has-account');
    const token = await invite(existing.email, 'manager');
    const response = await signUp({ token, firstName: 'Someone', lastName: 'Else', password: 'another-pass-1', confirmPassword: 'another-pass-1' });
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe('INVITATION_ACCOUNT_EXISTS');
    expect(await role(existing.id)).toBeNull();
    expect((await signIn(existing.email)).status).toBe(200);
  });

  it('an unknown token is refused before any account is made', async () => {
    const email = fresh('guess');
    const response = await signUp({ token: 'x'.repeat(43), firstName: 'G', lastName: 'Uess', password: PASSWORD, confirmPassword: PASSWORD });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('INVITATION_INVALID');
    const [account] = await t.db.select().from(s.users).where(eq(s.users.email, email));
    expect(account).toBeUndefined();
  });
});

describe('accepting with an existing account', () => {
  it('signs in as the invited address and accepts; an unverified address is verified by the link', async () => {
    const user = await withPassword('existing-unverified', undefined, { verified: false });
    const token = await invite(user.email, 'manager');
    const session = await (await signIn(user.email)).json();
    const response = await accept(auth(session), token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ organisation: { id: org.id }, role: 'manager' });
    expect(await role(user.id)).toBe('manager');
    const [row] = await t.db.select({ verifiedAt: s.users.emailVerifiedAt }).from(s.users).where(eq(s.users.id, user.id));
    expect(row.verifiedAt).not.toBeNull();
  });

  it('a different signed-in account is told which address the invitation is for, and nothing changes', async () => {
    const email = fresh('meant-for');
    const token = await invite(email, 'scanner');
    const other = await makeUser(t.db, 'other-account');
    const refused = await accept(auth(other, { 'accept-language': 'cs' }), token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'INVITATION_OTHER_EMAIL', message: cs.organiser.invitation.errors.otherEmail.replace('{email}', email) });
    expect(await role(other.id)).toBeNull();
    // The link still works for the address it was sent to.
    expect((await signUp({ token, firstName: 'Right', lastName: 'Person', password: PASSWORD, confirmPassword: PASSWORD })).status).toBe(200);
  });

  it('an expired link says it expired, a used one that it was used (translated)', async () => {
    const user = await makeUser(t.db, 'late-comer');
    const token = await invite(user.email, 'scanner');
    await t.db.update(s.orgInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(s.orgInvitations.tokenHash, hashToken(token)));
    const expired = await accept(auth(user, { 'accept-language': 'sk' }), token);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ code: 'INVITATION_EXPIRED', message: sk.organiser.invitation.errors.expired });
    const expiredSignUp = await signUp({ token, firstName: 'Late', lastName: 'Comer', password: PASSWORD, confirmPassword: PASSWORD });
    expect((await expiredSignUp.json()).code).toBe('INVITATION_EXPIRED');
    expect(await role(user.id)).toBeNull();

    const again = await invite(user.email, 'scanner');
    expect((await accept(auth(user), again)).status).toBe(200);
    const used = await accept(auth(user, { 'accept-language': 'en' }), again);
    expect(used.status).toBe(409);
    expect(await used.json()).toMatchObject({ code: 'INVITATION_USED', message: en.organiser.invitation.errors.used });
  });
});

describe('where sign-in lands', () => {
  it('an owner or manager in the console, gate-only staff on the scanner, a fan on the profile', async () => {
    const manager = await withPassword('lands-manager');
    await t.db.insert(s.orgMembers).values({ orgId: org.id, userId: manager.id, role: 'manager' });
    const scanner = await withPassword('lands-scanner');
    await t.db.insert(s.orgMembers).values({ orgId: org.id, userId: scanner.id, role: 'scanner' });
    const fan = await withPassword('lands-fan');
    // A scanner of one organisation who manages another opens the console.
    const both = await withPassword('lands-both');
    const other = await makeOrganisation(t.db, 'Other club');
    await t.db.insert(s.orgMembers).values([
      { orgId: org.id, userId: both.id, role: 'scanner' },
      { orgId: other.id, userId: both.id, role: 'manager' },
    ]);
    const homes = await Promise.all([manager, scanner, fan, both].map(async (u) => (await (await signIn(u.email)).json()).home));
    expect(homes).toEqual(['console', 'scanner', 'profile', 'console']);
  });
});
