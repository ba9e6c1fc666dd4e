// The organiser's team (issue 15 items 1 and 8): every route's role matrix (owners only: managers 403,
// another organisation 404), the last-owner rule, invitations mailed in the invitee's language with a
// hashed 7-day link, accepting only by the invited email, and a removed member losing the gate at once.
import { and, desc, eq } from 'drizzle-orm';
import { POST as acceptRoute } from '@/tests/helpers/api';
import { DELETE as revokeRoute } from '@/tests/helpers/api';
import { DELETE as removeRoute, PATCH as roleRoute } from '@/tests/helpers/api';
import { GET as teamRoute, POST as inviteRoute } from '@/tests/helpers/api';
import { hashToken } from '@/lib/server/auth/session-token';
import * as s from '@/lib/server/db/schema';
import { orgAccess } from '@/lib/server/organiser/access';
import { scannerEvents } from '@/lib/server/scan/access';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import { useTestDatabase } from '../helpers/db';
import { expectedStatuses, makeCast, makeMember, makeOrganisation, orgIdOfSlug, statusesOf, type Cast } from '../helpers/organiser';
import { auth, makeUser, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
let orgId: string;
let otherOrgId: string;
let cast: Cast;
let n = 0;
const fresh = (tag = 'invitee') => `${tag}.${Date.now().toString(36)}.${n++}@example.com`;

const membersPath = (org: string) => `/api/v1/organiser/organisations/${org}/members`;

function invite(headers: Record<string, string>, body: unknown, org = orgId) {
  return inviteRoute(request(membersPath(org), { method: 'POST', headers, body }), params({ orgId: org }));
}

async function lastMailTo(email: string) {
  const [mail] = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, email)).orderBy(desc(s.emailOutbox.createdAt));
  return mail;
}

/** The token of the newest invitation mailed to `email` (read from the link in its text). */
async function tokenMailedTo(email: string): Promise<string> {
  const mail = await lastMailTo(email);
  const match = /token=([A-Za-z0-9_-]+)/.exec(mail.textBody);
  if (!match) throw new Error(`no link in ${mail.textBody}`);
  return match[1];
}

async function role(org: string, userId: string) {
  const [row] = await t.db.select({ role: s.orgMembers.role }).from(s.orgMembers).where(and(eq(s.orgMembers.orgId, org), eq(s.orgMembers.userId, userId)));
  return row?.role ?? null;
}

function accept(headers: Record<string, string>, token: string) {
  return acceptRoute(request('/api/v1/organiser/invitations/accept', { method: 'POST', headers, body: { token } }), params({}));
}

beforeAll(async () => {
  orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  otherOrgId = await orgIdOfSlug(t.db, 'hc-vltava-praha');
  cast = await makeCast(t.db, orgId);
});

describe('the team routes: owners only, another organisation is not found', () => {
  it('GET …/members lists members with name, email, role and since, and open invitations', async () => {
    expect(await statusesOf(cast, (headers) => teamRoute(request(membersPath(orgId), { headers }), params({ orgId })))).toEqual(expectedStatuses('team', 200));
    const invited = fresh();
    expect((await invite(auth(cast.owner), { email: invited, role: 'scanner' })).status).toBe(201);
    const body = await (await teamRoute(request(membersPath(orgId), { headers: auth(cast.owner) }), params({ orgId }))).json();
    const manager = body.members.find((m: { userId: string }) => m.userId === cast.manager.id);
    expect(manager).toEqual({ userId: cast.manager.id, name: 'Test manager', email: cast.manager.email, role: 'manager', since: expect.any(String) });
    expect(body.members[0].role).toBe('owner');
    expect(body.invitations).toEqual(expect.arrayContaining([expect.objectContaining({ email: invited, role: 'scanner', invitedBy: 'Test owner' })]));
    // The owner asking with another organisation's id: as if it did not exist.
    expect((await teamRoute(request(membersPath(otherOrgId), { headers: auth(cast.owner) }), params({ orgId: otherOrgId }))).status).toBe(404);
  });

  it('POST …/members invites (201 for the owner only; each caller invites another address)', async () => {
    const statuses = await statusesOf(cast, (headers) => invite(headers, { email: fresh(), role: 'manager' }));
    expect(statuses).toEqual(expectedStatuses('team', 201));
    // Refused callers created nothing: only the owner's invitation exists of this round.
    const rows = await t.db.select().from(s.orgInvitations).where(eq(s.orgInvitations.orgId, orgId));
    expect(rows.every((r) => r.invitedBy === cast.owner.id)).toBe(true);
    // Another organisation's team is not found before its body is read (the declared access comes first):
    // a body without its role says nothing either.
    expect((await invite(auth(cast.owner), { email: fresh() }, otherOrgId)).status).toBe(404);
    expect((await invite(auth(cast.owner), { email: fresh(), role: 'manager' }, otherOrgId)).status).toBe(404);
    expect((await invite(auth(cast.owner), { email: fresh() })).status).toBe(422);
  });

  it('validates the invitation: email and role', async () => {
    const bad = await invite(auth(cast.owner), { email: 'not-an-email', role: 'boss' });
    expect(bad.status).toBe(422);
    const body = await bad.json();
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'role']);
    expect(body.errors.find((e: { field: string }) => e.field === 'role').message).toBe(en.organiser.team.errors.roleRequired);
  });

  it('PATCH …/members/{memberId} changes a role (owner only)', async () => {
    const target = await makeMember(t.db, orgId, 'scanner', 'target');
    const path = `${membersPath(orgId)}/${target.id}`;
    const statuses = await statusesOf(cast, (headers) => roleRoute(request(path, { method: 'PATCH', headers, body: { role: 'manager' } }), params({ orgId, memberId: target.id })));
    expect(statuses).toEqual(expectedStatuses('team', 200));
    expect(await role(orgId, target.id)).toBe('manager');
    // Not a member of this organisation, and another organisation's member through this one: 404.
    expect((await roleRoute(request(`${membersPath(orgId)}/${cast.fan.id}`, { method: 'PATCH', headers: auth(cast.owner), body: { role: 'manager' } }), params({ orgId, memberId: cast.fan.id }))).status).toBe(404);
    expect((await roleRoute(request(`${membersPath(otherOrgId)}/${target.id}`, { method: 'PATCH', headers: auth(cast.owner), body: { role: 'manager' } }), params({ orgId: otherOrgId, memberId: target.id }))).status).toBe(404);
  });

  it('DELETE …/members/{memberId} removes a member (owner only)', async () => {
    const target = await makeMember(t.db, orgId, 'manager', 'leaving');
    const path = `${membersPath(orgId)}/${target.id}`;
    const statuses = await statusesOf(cast, (headers) => removeRoute(request(path, { method: 'DELETE', headers }), params({ orgId, memberId: target.id })));
    expect(statuses).toEqual(expectedStatuses('team', 200));
    expect(await role(orgId, target.id)).toBeNull();
    expect((await removeRoute(request(path, { method: 'DELETE', headers: auth(cast.owner) }), params({ orgId, memberId: target.id }))).status).toBe(404);
  });

  it('DELETE …/invitations/{invitationId} revokes an open invitation (owner only); its link then fails', async () => {
    const email = fresh();
    const created = await (await invite(auth(cast.owner), { email, role: 'scanner' })).json();
    const id = created.invitation.id;
    const path = `/api/v1/organiser/organisations/${orgId}/invitations/${id}`;
    const statuses = await statusesOf(cast, (headers) => revokeRoute(request(path, { method: 'DELETE', headers }), params({ orgId, invitationId: id })));
    expect(statuses).toEqual(expectedStatuses('team', 200));
    expect((await revokeRoute(request(path, { method: 'DELETE', headers: auth(cast.owner) }), params({ orgId, invitationId: id }))).status).toBe(404);
    const invitee = await makeUser(t.db, 'revoked', email);
    const refused = await accept(auth(invitee), await tokenMailedTo(email));
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(en.organiser.invitation.errors.invalid);
  });
});

describe('an organisation never loses its last owner', () => {
  it('refuses demoting or removing the only owner, with a clear message; allows it once there is another', async () => {
    const org = await makeOrganisation(t.db, 'Solo club');
    const solo = await makeMember(t.db, org.id, 'owner', 'solo');
    const path = `${membersPath(org.id)}/${solo.id}`;
    const demote = await roleRoute(request(path, { method: 'PATCH', headers: auth(solo), body: { role: 'manager' } }), params({ orgId: org.id, memberId: solo.id }));
    expect(demote.status).toBe(409);
    expect((await demote.json()).message).toBe(en.organiser.team.errors.lastOwner);
    const leave = await removeRoute(request(path, { method: 'DELETE', headers: auth(solo, { 'accept-language': 'sk' }) }), params({ orgId: org.id, memberId: solo.id }));
    expect(leave.status).toBe(409);
    expect((await leave.json()).message).toBe(sk.organiser.team.errors.lastOwner);
    expect(await role(org.id, solo.id)).toBe('owner');

    const second = await makeMember(t.db, org.id, 'manager', 'second');
    const promote = await roleRoute(request(`${membersPath(org.id)}/${second.id}`, { method: 'PATCH', headers: auth(solo), body: { role: 'owner' } }), params({ orgId: org.id, memberId: second.id }));
    expect(promote.status).toBe(200);
    expect((await removeRoute(request(path, { method: 'DELETE', headers: auth(solo) }), params({ orgId: org.id, memberId: solo.id }))).status).toBe(200);
    expect(await role(org.id, solo.id)).toBeNull();
  });
});

describe('invitations', () => {
  it('mails the invitee in their account’s language, with a link to the localized invitation page; the token is stored only hashed', async () => {
    const czech = await makeUser(t.db, 'czech');
    await t.db.update(s.users).set({ locale: 'cs' }).where(eq(s.users.id, czech.id));
    const response = await invite(auth(cast.owner, { 'accept-language': 'en' }), { email: czech.email.toUpperCase(), role: 'manager' });
    expect(response.status).toBe(201);
    const mail = await lastMailTo(czech.email);
    expect(mail.locale).toBe('cs');
    expect(mail.kind).toBe('org-invitation');
    expect(mail.subject).toBe(cs.organiser.invitation.mail.subject.replace('{organisation}', 'FK Dunaj Bratislava'));
    expect(mail.textBody).toMatch(/\/cs\/poradatel\/pozvanka\?token=[A-Za-z0-9_-]{43}/);
    expect(mail.textBody).toContain('Manažer');
    const token = await tokenMailedTo(czech.email);
    const [row] = await t.db.select().from(s.orgInvitations).where(eq(s.orgInvitations.email, czech.email));
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.locale).toBe('cs');
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 1);
  });

  it('mails an address without an account in the inviter’s request language', async () => {
    const email = fresh('newcomer');
    await invite(auth(cast.owner, { 'accept-language': 'sk' }), { email, role: 'scanner' });
    const mail = await lastMailTo(email);
    expect(mail.locale).toBe('sk');
    expect(mail.subject).toBe(sk.organiser.invitation.mail.subject.replace('{organisation}', 'FK Dunaj Bratislava'));
    expect(mail.textBody).toMatch(/\/sk\/organizator\/pozvanka\?token=/);
  });

  it('a second invitation of the same email replaces the first: one open row, the old link dead', async () => {
    const email = fresh('twice');
    await invite(auth(cast.owner), { email, role: 'scanner' });
    const first = await tokenMailedTo(email);
    await new Promise((r) => setTimeout(r, 5));
    await invite(auth(cast.owner), { email, role: 'manager' });
    const second = await tokenMailedTo(email);
    expect(second).not.toBe(first);
    const open = (await t.db.select().from(s.orgInvitations).where(eq(s.orgInvitations.email, email))).filter((r) => !r.revokedAt && !r.acceptedAt);
    expect(open.map((r) => r.role)).toEqual(['manager']);
    const invitee = await makeUser(t.db, 'twice', email);
    expect((await accept(auth(invitee), first)).status).toBe(400);
    expect((await accept(auth(invitee), second)).status).toBe(200);
    expect(await role(orgId, invitee.id)).toBe('manager');
  });

  it('inviting someone who is already a member is a clear 409', async () => {
    const response = await invite(auth(cast.owner), { email: cast.manager.email, role: 'scanner' });
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body.code).toBe('ALREADY_MEMBER');
    expect(body.errors).toEqual([{ field: 'email', message: en.organiser.team.errors.alreadyMember }]);
  });

  it('accepting makes the invited account a member with the role, once', async () => {
    const invitee = await makeUser(t.db, 'joining');
    await invite(auth(cast.owner), { email: invitee.email, role: 'scanner' });
    const token = await tokenMailedTo(invitee.email);
    const response = await accept(auth(invitee), token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ organisation: { id: orgId, name: 'FK Dunaj Bratislava', slug: 'fk-dunaj-bratislava' }, role: 'scanner' });
    expect(await role(orgId, invitee.id)).toBe('scanner');
    const [row] = await t.db.select().from(s.orgInvitations).where(eq(s.orgInvitations.tokenHash, hashToken(token)));
    expect(row.acceptedAt).not.toBeNull();
    expect(row.acceptedBy).toBe(invitee.id);
    // Used: a second try is refused, saying so.
    const again = await accept(auth(invitee), token);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('INVITATION_USED');
  });

  it('refuses a wrong or expired token with a translated 400, and anonymous callers with 401', async () => {
    const invitee = await makeUser(t.db, 'late');
    const wrong = await accept(auth(invitee, { 'accept-language': 'cs' }), 'x'.repeat(43));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe(cs.organiser.invitation.errors.invalid);
    await invite(auth(cast.owner), { email: invitee.email, role: 'manager' });
    const token = await tokenMailedTo(invitee.email);
    await t.db.update(s.orgInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(s.orgInvitations.tokenHash, hashToken(token)));
    expect((await accept(auth(invitee), token)).status).toBe(400);
    expect(await role(orgId, invitee.id)).toBeNull();
    expect((await acceptRoute(request('/api/v1/organiser/invitations/accept', { method: 'POST', headers: { 'content-type': 'application/json' }, body: { token } }), params({}))).status).toBe(401);
    expect((await accept(auth(invitee), '')).status).toBe(422);
  });

  it('only the account of the invited email may accept (the link verifies it); the message names the email', async () => {
    const email = fresh('meant');
    await invite(auth(cast.owner), { email, role: 'manager' });
    const token = await tokenMailedTo(email);
    const someoneElse = await makeUser(t.db, 'forwarded');
    const refused = await accept(auth(someoneElse), token);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(en.organiser.invitation.errors.otherEmail.replace('{email}', email));
    expect(await role(orgId, someoneElse.id)).toBeNull();
    // The link was mailed to the address: its account accepts even before it verified it, and is verified now.
    const unverified = await makeUser(t.db, 'unverified', email.toUpperCase(), { verified: false });
    expect((await accept(auth(unverified), token)).status).toBe(200);
    expect(await role(orgId, unverified.id)).toBe('manager');
    const [account] = await t.db.select({ verifiedAt: s.users.emailVerifiedAt }).from(s.users).where(eq(s.users.id, unverified.id));
    expect(account.verifiedAt).not.toBeNull();
  });

  it.each([
    ['removed', (headers: Record<string, string>, org: string, member: string) => removeRoute(request(`${membersPath(org)}/${member}`, { method: 'DELETE', headers }), params({ orgId: org, memberId: member }))],
    ['demoted', (headers: Record<string, string>, org: string, member: string) => roleRoute(request(`${membersPath(org)}/${member}`, { method: 'PATCH', headers, body: { role: 'manager' } }), params({ orgId: org, memberId: member }))],
  ])('an owner who is %s no longer lets their invitations in: sent ones are revoked, none can be accepted', async (_what, change) => {
    const org = await makeOrganisation(t.db, 'Two owners');
    const leaving = await makeMember(t.db, org.id, 'owner', 'leaving-owner');
    const staying = await makeMember(t.db, org.id, 'owner', 'staying-owner');
    // The leaving owner's second address, invited as owner before they go.
    const second = await makeUser(t.db, 'second-address');
    expect((await invite(auth(leaving), { email: second.email, role: 'owner' }, org.id)).status).toBe(201);
    const token = await tokenMailedTo(second.email);
    expect((await change(auth(staying), org.id, leaving.id)).status).toBe(200);

    const refused = await accept(auth(second, { 'accept-language': 'sk' }), token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'INVITATION_INVALID', message: sk.organiser.invitation.errors.invalid });
    expect(await role(org.id, second.id)).toBeNull();
    const [row] = await t.db.select().from(s.orgInvitations).where(eq(s.orgInvitations.tokenHash, hashToken(token)));
    expect(row.revokedAt).not.toBeNull();
    expect(row.acceptedAt).toBeNull();
    const team = await (await teamRoute(request(membersPath(org.id), { headers: auth(staying) }), params({ orgId: org.id }))).json();
    expect(team.invitations).toEqual([]);
  });

  it('an invitation whose inviter may no longer invite cannot be accepted, even if it was never revoked', async () => {
    const org = await makeOrganisation(t.db, 'Quiet change');
    const inviter = await makeMember(t.db, org.id, 'owner', 'quiet-owner');
    await makeMember(t.db, org.id, 'owner', 'other-owner');
    const invitee = await makeUser(t.db, 'quiet-invitee');
    expect((await invite(auth(inviter), { email: invitee.email, role: 'owner' }, org.id)).status).toBe(201);
    const token = await tokenMailedTo(invitee.email);
    // The role changed behind the team routes' back (say, by hand in the database).
    await t.db.update(s.orgMembers).set({ role: 'scanner' }).where(and(eq(s.orgMembers.orgId, org.id), eq(s.orgMembers.userId, inviter.id)));
    const refused = await accept(auth(invitee), token);
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe('INVITATION_INVALID');
    expect(await role(org.id, invitee.id)).toBeNull();
    const [row] = await t.db.select().from(s.orgInvitations).where(eq(s.orgInvitations.tokenHash, hashToken(token)));
    expect(row.revokedAt).not.toBeNull();
  });

  it('rate-limits invitations per inviter (30 an hour)', async () => {
    const org = await makeOrganisation(t.db, 'Busy club');
    const busy = await makeMember(t.db, org.id, 'owner', 'busy');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await invite(auth(busy), { email: fresh('many'), role: 'scanner' }, org.id)).status);
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('rate-limits guessing tokens', async () => {
    const guesser = await makeUser(t.db, 'guesser');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await accept(auth(guesser, { 'x-forwarded-for': '203.0.113.9' }), `guess${i}`.padEnd(43, 'x'))).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('gate staff (item 8): the scanner sees only their organisations’ events', () => {
  it('a scanner of one organisation does not see another’s events, and a removed member loses access at once', async () => {
    const scanner = await makeMember(t.db, orgId, 'scanner', 'gate');
    const events = await t.db.select({ id: s.events.id, orgId: s.events.orgId }).from(s.events);
    const mine = await scannerEvents(scanner.id);
    if (!mine.ok) throw new Error('not a scanner');
    expect(mine.events.length).toBeGreaterThan(0);
    const orgOf = new Map(events.map((e) => [e.id, e.orgId]));
    expect(mine.events.every((e) => orgOf.get(e.id) === orgId)).toBe(true);
    expect(events.some((e) => e.orgId === otherOrgId)).toBe(true);

    const other = await makeMember(t.db, otherOrgId, 'scanner', 'other-gate');
    const theirs = await scannerEvents(other.id);
    if (!theirs.ok) throw new Error('not a scanner');
    expect(theirs.events.every((e) => orgOf.get(e.id) === otherOrgId)).toBe(true);
    expect(theirs.events.map((e) => e.id)).not.toEqual(expect.arrayContaining([mine.events[0].id]));

    const removed = await removeRoute(request(`${membersPath(orgId)}/${scanner.id}`, { method: 'DELETE', headers: auth(cast.owner) }), params({ orgId, memberId: scanner.id }));
    expect(removed.status).toBe(200);
    expect(await scannerEvents(scanner.id)).toEqual({ ok: false, code: 'NOT_A_SCANNER' });
    expect(await orgAccess(scanner.id, orgId, 'gate')).toEqual({ ok: false, code: 'ORG_NOT_FOUND' });
  });
});

// ── the answers' schemas are what the server returns (compile time: tsc runs over tests/) ─
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Ok<R> = Extract<Awaited<R>, { ok: true }>;
export const teamTypesMatchSchemas: [
  Same<Omit<Ok<ReturnType<typeof import('@/lib/server/team/team').listTeam>>, 'ok'>, import('zod').infer<typeof import('@/lib/schemas/organiser-team').teamSchema>>,
  Same<Omit<Ok<ReturnType<typeof import('@/lib/server/team/invitations').inviteMember>>, 'ok'>, import('zod').infer<typeof import('@/lib/schemas/organiser-team').inviteResultSchema>>,
  Same<Omit<Ok<ReturnType<typeof import('@/lib/server/team/team').changeMemberRole>>, 'ok'>, import('zod').infer<typeof import('@/lib/schemas/organiser-team').memberResultSchema>>,
  Same<Omit<Ok<ReturnType<typeof import('@/lib/server/team/invitations').acceptInvitation>>, 'ok'>, import('zod').infer<typeof import('@/lib/schemas/organiser-team').acceptResultSchema>>,
] = [true, true, true, true];
