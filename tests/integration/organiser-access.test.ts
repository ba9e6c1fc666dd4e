import { GET as myOrganisationsRoute } from '@/tests/helpers/api';
import { eventAccess, myOrganisations, orgAccess, roleCan } from '@/lib/server/organiser/access';
import { useTestDatabase } from '../helpers/db';
import { makeCast, makeOrganisation, orgIdOfSlug, statusesOf, type Cast } from '../helpers/organiser';
import { eventBySlug, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
let orgId: string;
let cast: Cast;

beforeAll(async () => {
  orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  cast = await makeCast(t.db, orgId);
});

describe('organiser roles', () => {
  it('owner does everything; manager all but team and payouts; scanner the gate only', () => {
    expect(['team', 'payouts', 'events', 'gate'].map((c) => roleCan('owner', c as never))).toEqual([true, true, true, true]);
    expect(['team', 'payouts', 'events', 'gate'].map((c) => roleCan('manager', c as never))).toEqual([false, false, true, true]);
    expect(['team', 'payouts', 'events', 'gate'].map((c) => roleCan('scanner', c as never))).toEqual([false, false, false, true]);
    // The organisation's payouts list: owner and manager, not the scanner.
    expect((['owner', 'manager', 'scanner'] as const).map((role) => roleCan(role, 'payout-list'))).toEqual([true, true, false]);
  });

  it('a member of another organisation is told the data does not exist, not that it is forbidden', async () => {
    const event = await eventBySlug(t.db, 'dunaj-bratislava-fc-kosice');
    expect(await eventAccess(cast.stranger.id, event.id, 'events')).toEqual({ ok: false, code: 'ORG_NOT_FOUND' });
    expect(await eventAccess(cast.scanner.id, event.id, 'events')).toEqual({ ok: false, code: 'ROLE_FORBIDDEN' });
    expect(await eventAccess(cast.manager.id, event.id, 'events')).toMatchObject({ ok: true, orgId, role: 'manager' });
    expect(await orgAccess(cast.manager.id, orgId, 'team')).toEqual({ ok: false, code: 'ROLE_FORBIDDEN' });
    expect(await eventAccess(cast.owner.id, '00000000-0000-4000-8000-000000000000', 'events')).toEqual({ ok: false, code: 'ORG_NOT_FOUND' });
  });

  it('lists my organisations with my role in each', async () => {
    const second = await makeOrganisation(t.db, 'Aaa second club');
    await t.db.insert((await import('@/lib/server/db/schema')).orgMembers).values({ orgId: second.id, userId: cast.manager.id, role: 'owner' });
    const mine = await myOrganisations(cast.manager.id);
    expect(mine.map((o) => [o.name, o.role])).toEqual([
      ['Aaa second club', 'owner'],
      ['FK Dunaj Bratislava', 'manager'],
    ]);
    expect(mine[1].capabilities).toEqual(['events', 'gate', 'support', 'payout-list']);
    expect(await myOrganisations(cast.fan.id)).toEqual([]);
  });

  it('GET /api/v1/organiser/organisations answers each caller with their own organisations', async () => {
    const statuses = await statusesOf(cast, (headers) => myOrganisationsRoute(request('/api/v1/organiser/organisations', { headers }), params({})));
    expect(statuses).toEqual({ anonymous: 401, fan: 200, stranger: 200, scanner: 200, manager: 200, owner: 200 });
    const response = await myOrganisationsRoute(request('/api/v1/organiser/organisations', { headers: { authorization: `Bearer ${cast.stranger.token}` } }), params({}));
    const body = await response.json();
    expect(body.organisations.map((o: { name: string }) => o.name)).toEqual(['Another club']);
  });

  it('the demo data has an owner and a manager for every organisation, and its venues belong to their organisations', async () => {
    const schema = await import('@/lib/server/db/schema');
    const members = await t.db.select().from(schema.orgMembers);
    const orgs = await t.db.select().from(schema.organisations);
    for (const slug of ['fk-dunaj-bratislava', 'hc-vltava-praha', 'pulz-live', 'luka-fest']) {
      const org = orgs.find((o) => o.slug === slug)!;
      expect(members.filter((m) => m.orgId === org.id).map((m) => m.role)).toEqual(expect.arrayContaining(['owner', 'manager']));
    }
    const venues = await t.db.select().from(schema.venues);
    expect(venues.every((v) => v.orgId !== null)).toBe(true);
  });
});
