// Two owners take each other off the team (or demote each other) at the same moment: without the lock
// on the organisation's row both would see "another owner remains" and the organisation would be left
// with none. Also one invitation link accepted twice at once joins once. PostgreSQL only (PGlite has
// one connection and would serialise the race away).
import { and, eq } from 'drizzle-orm';
import { POST as acceptRoute } from '@/tests/helpers/api';
import { DELETE as removeRoute, PATCH as roleRoute } from '@/tests/helpers/api';
import { POST as inviteRoute } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import { useTestDatabase } from '../helpers/db';
import { makeMember, makeOrganisation } from '../helpers/organiser';
import { auth, makeUser, params, request } from '../helpers/tickets';

const t = useTestDatabase();
const ROUNDS = 20;

async function owners(orgId: string) {
  return t.db.select().from(s.orgMembers).where(and(eq(s.orgMembers.orgId, orgId), eq(s.orgMembers.role, 'owner')));
}

describe('the last owner under concurrency (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(t.kind).toBe('postgres');
  });

  it.each([
    ['remove each other', 'DELETE'],
    ['demote each other', 'PATCH'],
  ])('two owners who %s at once leave exactly one owner', async (_name, method) => {
    for (let round = 0; round < ROUNDS; round++) {
      const org = await makeOrganisation(t.db, `Race ${round}`);
      const a = await makeMember(t.db, org.id, 'owner', 'a');
      const b = await makeMember(t.db, org.id, 'owner', 'b');
      const call = (actor: typeof a, target: typeof a) => {
        const path = `/api/v1/organiser/organisations/${org.id}/members/${target.id}`;
        const ctx = params({ orgId: org.id, memberId: target.id });
        return method === 'DELETE'
          ? removeRoute(request(path, { method, headers: auth(actor) }), ctx)
          : roleRoute(request(path, { method, headers: auth(actor), body: { role: 'manager' } }), ctx);
      };
      const statuses = (await Promise.all([call(a, b), call(b, a)])).map((r) => r.status).sort();
      // The first wins; the second is refused: as the last owner (409), or, removed already, as no longer a member (404).
      expect(statuses[0]).toBe(200);
      expect([403, 404, 409]).toContain(statuses[1]);
      expect(await owners(org.id)).toHaveLength(1);
    }
  });
});

describe('one invitation accepted twice at once (PostgreSQL)', () => {
  it('joins once: one 200, and the other told the link is used (409)', async () => {
    const org = await makeOrganisation(t.db, 'Double accept');
    const owner = await makeMember(t.db, org.id, 'owner');
    for (let round = 0; round < ROUNDS; round++) {
      const invitee = await makeUser(t.db, 'double');
      const invited = await inviteRoute(request(`/api/v1/organiser/organisations/${org.id}/members`, { method: 'POST', headers: auth(owner), body: { email: invitee.email, role: 'scanner' } }), params({ orgId: org.id }));
      expect(invited.status).toBe(201);
      const [mail] = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, invitee.email));
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1];
      const accept = () => acceptRoute(request('/api/v1/organiser/invitations/accept', { method: 'POST', headers: auth(invitee, { 'x-forwarded-for': `198.51.100.${round}` }), body: { token } }), params({}));
      const statuses = (await Promise.all([accept(), accept()])).map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      const rows = await t.db.select().from(s.orgMembers).where(and(eq(s.orgMembers.orgId, org.id), eq(s.orgMembers.userId, invitee.id)));
      expect(rows).toHaveLength(1);
    }
  });
});
