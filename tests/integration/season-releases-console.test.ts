// The organiser's console on seats released for credit (issue 18 item 3): GET /api/v1/organiser/seasons/{id}/releases
// lists each release (match, seat, holder as "Jana N.", released at, status, credit granted), the season's totals
// and the organisation's wallet credit still owed; owner and manager only, another organisation's season a 404.
import { eq } from 'drizzle-orm';
import { GET as releasesGet } from '@/tests/helpers/api';
import { seasonReleasesSchema, type SeasonReleases } from '@/lib/schemas/season-releases';
import * as s from '@/lib/server/db/schema';
import { releaseTicket, takeBackTicket } from '@/lib/server/seasons/release';
import { walletBalance } from '@/lib/server/wallet';
import { answerOf, failureBodyOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { expectedStatuses, makeCast, makeMember, makeOrganisation, orgIdOfSlug, statusesOf, type Cast } from '../helpers/organiser';
import { buy } from '../helpers/purchases';
import { makeSeasonHolder, MATCH, WINTER } from '../helpers/season-release';
import { auth, eventBySlug, makeUser, params, request } from '../helpers/tickets';

jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), connection: async () => {} }));

const t = useTestDatabase({ seeded: true });
/** The winter season's second match (the same club): where the credit is spent. */
const OTHER_MATCH = 'dunaj-bratislava-msk-zilina';

let cast: Cast;
let seasonId: string;
let orgId: string;

beforeAll(async () => {
  orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  cast = await makeCast(t.db, orgId);
  [{ id: seasonId }] = await t.db.select({ id: s.seasons.id }).from(s.seasons).where(eq(s.seasons.slug, WINTER));
}, 180_000);

function get(headers: Record<string, string>, query = '', id = seasonId) {
  return releasesGet(request(`/api/v1/organiser/seasons/${id}/releases${query}`, { headers }), params({ seasonId: id }));
}

async function report(query = ''): Promise<SeasonReleases> {
  return answerOf(seasonReleasesSchema, await get(auth(cast.manager), query));
}

/** The organisation's fans' wallet balances added up, per currency: what "still owed" must equal. */
async function balancesOfOrg(): Promise<number> {
  const wallets = await t.db.select({ userId: s.wallets.userId }).from(s.wallets).where(eq(s.wallets.orgId, orgId));
  let sum = 0;
  for (const w of wallets) sum += await walletBalance(t.db, { userId: w.userId, orgId, currency: 'EUR' }, new Date());
  return sum;
}

describe('the season’s releases in the console', () => {
  it('lists each release with its match, seat, masked holder, status and credit; totals and the wallet credit owed add up', async () => {
    const before = await report();
    // Sold: a fan buys the seat; its holder is credited, then spends part of it on another match.
    const sold = await makeSeasonHolder(t.db, 'console-sold');
    await t.db.update(s.users).set({ firstName: 'Šimon', lastName: 'Šťastný' }).where(eq(s.users.id, sold.holder.id));
    const soldRelease = await releaseTicket(sold.holder, { ticketId: sold.ticketId });
    if (!soldRelease.ok) throw new Error(soldRelease.code);
    await buy(t.db, await makeUser(t.db, 'console-buyer'), MATCH, { seatIds: [sold.seatId] });
    // On sale: released, nobody bought it yet. Taken back: released, then taken back unsold.
    const open = await makeSeasonHolder(t.db, 'console-open');
    const openRelease = await releaseTicket(open.holder, { ticketId: open.ticketId });
    const back = await makeSeasonHolder(t.db, 'console-back');
    const backRelease = await releaseTicket(back.holder, { ticketId: back.ticketId });
    if (!openRelease.ok || !backRelease.ok) throw new Error('release');
    expect((await takeBackTicket(back.holder, { ticketId: back.ticketId })).ok).toBe(true);

    const after = await report();
    const credit = soldRelease.release.creditAmount;
    expect(after.currency).toBe('EUR');
    expect(after.totals).toEqual({
      released: before.totals.released + 3,
      onSale: before.totals.onSale + 1,
      sold: before.totals.sold + 1,
      creditGranted: { amount: before.totals.creditGranted.amount + credit, currency: 'EUR' },
    });
    const match = await eventBySlug(t.db, MATCH);
    const byId = new Map(after.releases.map((x) => [x.id, x]));
    expect(byId.get(soldRelease.release.id)).toMatchObject({
      match: { id: match.id, slug: MATCH, title: match.title },
      seat: { section: expect.objectContaining({ sk: expect.any(String) }), row: expect.any(String), seat: expect.any(String) },
      holder: 'Šimon Š.',
      status: 'sold',
      credit: { amount: credit, currency: 'EUR' },
      creditGranted: { amount: credit, currency: 'EUR' },
      resolvedAt: expect.any(String),
    });
    expect(byId.get(openRelease.release.id)).toMatchObject({ status: 'released', creditGranted: null, resolvedAt: null, holder: 'Test C.' });
    expect(byId.get(backRelease.release.id)).toMatchObject({ status: 'taken_back', creditGranted: null });
    // Newest first; the holder's last name never leaves the server.
    expect(after.releases[0].id).toBe(backRelease.release.id);
    const raw = JSON.stringify(after);
    expect(raw).not.toContain('Šťastný');
    expect(raw).not.toContain('console-open');
    expect(raw).not.toContain('@example.com');

    // The wallet credit still owed: every credit granted less what the fans spent of it.
    const owedBefore = after.walletCredit.find((w) => w.currency === 'EUR')!;
    expect(owedBefore.outstanding).toBe(owedBefore.granted - owedBefore.spent);
    expect(owedBefore.outstanding).toBe(await balancesOfOrg());
    const event = await eventBySlug(t.db, OTHER_MATCH);
    const free = (await t.db.select({ seatId: s.inventoryUnits.seatId, status: s.inventoryUnits.status }).from(s.inventoryUnits).where(eq(s.inventoryUnits.eventId, event.id))).filter((u) => u.status === 'available' && u.seatId);
    const order = await buy(t.db, sold.holder, OTHER_MATCH, { seatIds: [free[Math.floor(Math.random() * free.length)].seatId!] });
    const spent = order.subtotalAmount - order.discountAmount + order.feeAmount - order.totalAmount;
    expect(spent).toBeGreaterThan(0);
    const owedAfter = (await report()).walletCredit.find((w) => w.currency === 'EUR')!;
    expect(owedAfter).toEqual({ currency: 'EUR', granted: owedBefore.granted, spent: owedBefore.spent + spent, outstanding: owedBefore.outstanding - spent });
    expect(owedAfter.outstanding).toBe(await balancesOfOrg());
  });

  it('one match: ?eventId= lists only its releases and counts only them', async () => {
    const other = await eventBySlug(t.db, OTHER_MATCH);
    const holder = await makeSeasonHolder(t.db, 'console-filter');
    const [otherTicket] = (await t.db.select({ id: s.tickets.id, eventId: s.tickets.eventId }).from(s.tickets).where(eq(s.tickets.ownerId, holder.holder.id))).filter((x) => x.eventId === other.id);
    const released = await releaseTicket(holder.holder, { ticketId: otherTicket.id });
    if (!released.ok) throw new Error(released.code);
    const one = await report(`?eventId=${other.id}`);
    expect(one.releases.length).toBeGreaterThan(0);
    expect(one.releases.every((x) => x.match.id === other.id)).toBe(true);
    expect(one.releases.map((x) => x.id)).toContain(released.release.id);
    expect(one.totals.released).toBe(one.releases.length);
    expect((await report()).totals.released).toBeGreaterThan(one.totals.released);
  });

  it('owner and manager only; a fan or another organisation’s owner gets a 404 that says nothing of it', async () => {
    expect(await statusesOf(cast, (headers) => get(headers))).toEqual(expectedStatuses('events', 200));
    const refused = await get(auth(cast.stranger, { 'accept-language': 'sk' }));
    expect(refused.status).toBe(404);
    const body = await failureBodyOf(refused);
    // Exactly what a season that does not exist answers.
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(body).toEqual(await failureBodyOf(await get(auth(cast.owner, { 'accept-language': 'sk' }), '', missing)));
    expect(JSON.stringify(body)).not.toMatch(/releases|walletCredit|totals/);
    // The same for another organisation's manager, asking for one match of this season.
    const club = await makeOrganisation(t.db, 'Iný klub');
    const manager = await makeMember(t.db, club.id, 'manager', 'other-manager');
    const match = await eventBySlug(t.db, MATCH);
    expect((await get(auth(manager), `?eventId=${match.id}`)).status).toBe(404);
  });

  it('bad input is a translated 422; an unknown season a 404, and so is a season id that is no id', async () => {
    const bad = await get(auth(cast.owner, { 'accept-language': 'sk' }), '?eventId=nie-je-id');
    expect(bad.status).toBe(422);
    expect((await failureBodyOf(bad)).message).not.toMatch(/errors\./);
    const unknown = await get(auth(cast.owner), '', '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    // The operation's access (lib/server/api/app.ts) finds no season's organisation for it: no such season.
    const malformed = await get(auth(cast.owner), '', 'not-a-uuid');
    expect(malformed.status).toBe(404);
    expect(await failureBodyOf(malformed)).toEqual(await failureBodyOf(unknown));
  });
});
