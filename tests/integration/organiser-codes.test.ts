// Organiser console — codes and resale: an event's resale rules (withdrawing listings the new rules
// forbid and telling each seller in their language), the organisation's settings and resale defaults,
// coupons and redeem codes (with the CSV export); each route's role matrix and cross-organisation 404s.
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { GET as policyGet, PUT as policyPut } from '@/tests/helpers/api';
import { POST as policyPreview } from '@/tests/helpers/api';
import { GET as settingsGet, PATCH as settingsPatch } from '@/tests/helpers/api';
import { GET as couponsGet, POST as couponsPost } from '@/tests/helpers/api';
import { PATCH as couponPatch } from '@/tests/helpers/api';
import { GET as redeemGet, POST as redeemPost } from '@/tests/helpers/api';
import { PATCH as redeemPatch } from '@/tests/helpers/api';
import { GET as redeemCsv } from '@/tests/helpers/api';
import { POST as redeemRoute } from '@/tests/helpers/api';
import { POST as couponRoute } from '@/tests/helpers/api';
import {
  couponListSchema,
  couponResultSchema,
  type couponSchema,
  orgSettingsSchema,
  type redeemBatchSchema,
  type redeemCodeRowSchema,
  type resalePolicySchema,
  redeemBatchCodesSchema,
  redeemBatchCreatedSchema,
  redeemBatchListSchema,
  redeemCodeResultSchema,
  resalePolicyResultSchema,
  resalePolicyViewSchema,
  resalePreviewSchema,
} from '@/lib/schemas/organiser-codes';
import * as s from '@/lib/server/db/schema';
import { addToCart, applyCoupon } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { listTicketForResale } from '@/lib/server/resale/listing';
import { resaleCapFor } from '@/lib/server/resale/policy';
import { newRedeemCode } from '@/lib/server/coupons/redeem-codes';
import { answerOf, failureBodyOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { expectedStatuses, makeCast, makeOrganisation, makeMember, orgIdOfSlug, statusesOf, type Cast } from '../helpers/organiser';
import { auth, eventBySlug, giveTicket, makeUser, params, request } from '../helpers/tickets';
import { freeSeatsOf } from '../helpers/seats';

const t = useTestDatabase({ seeded: true });
let orgId: string;
let cast: Cast;
let otherOrg: { id: string };
let otherOwner: Awaited<ReturnType<typeof makeMember>>;

const ZILINA = 'dunaj-bratislava-msk-zilina';
const TRNAVA = 'dunaj-bratislava-spartak-trnava';
const KOSICE = 'dunaj-bratislava-fc-kosice';
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };

const POLICY = {
  transferEnabled: true,
  resaleEnabled: true,
  resaleCapPercent: 100,
  resaleCapAmount: null,
  resaleWindowHours: 2,
  resaleSellerFeeBps: 500,
  resaleBuyerFeeBps: 300,
  resaleOrganiserSharePercent: 0,
  freeTicketsResale: false,
};

beforeAll(async () => {
  orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  cast = await makeCast(t.db, orgId);
  otherOrg = await makeOrganisation(t.db, 'Third club');
  otherOwner = await makeMember(t.db, otherOrg.id, 'owner', 'other-owner');
}, 180_000);

const put = (eventId: string, body: unknown, headers: Record<string, string> = auth(cast.manager)) =>
  policyPut(request(`/api/v1/organiser/events/${eventId}/resale-policy`, { method: 'PUT', headers, body }), params({ eventId }));

async function sellerIn(locale: 'sk' | 'cs' | 'en', tag: string) {
  const user = await makeUser(t.db, tag);
  await t.db.update(s.users).set({ locale }).where(eq(s.users.id, user.id));
  return user;
}

/** A ticket of `code` at `slug` listed by its new owner at `price`. */
async function listed(slug: string, code: string, price: number, locale: 'sk' | 'cs' | 'en' = 'en') {
  const seller = await sellerIn(locale, `seller-${locale}`);
  const { ticket, type } = await giveTicket(t.db, seller.id, slug, code);
  const result = await listTicketForResale(seller, { ticketId: ticket.id, priceAmount: price });
  if (!result.ok) throw new Error(result.code);
  return { seller, ticket, faceValue: type.priceAmount, listingId: result.listing.id };
}

async function listingStatus(id: string) {
  const [row] = await t.db.select({ status: s.resaleListings.status, holdId: s.resaleListings.holdId }).from(s.resaleListings).where(eq(s.resaleListings.id, id));
  return row;
}

async function mailsTo(email: string) {
  return t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, email));
}

describe('resale rules', () => {
  it('role matrix: GET, PUT and preview of an event’s rules; another organisation’s event is 404', async () => {
    const event = await eventBySlug(t.db, ZILINA);
    const eventId = event.id;
    expect(await statusesOf(cast, (headers) => policyGet(request(`/api/v1/organiser/events/${eventId}/resale-policy`, { headers }), params({ eventId })))).toEqual(
      expectedStatuses('events', 200),
    );
    expect(await statusesOf(cast, (headers) => put(eventId, POLICY, headers))).toEqual(expectedStatuses('events', 200));
    expect(
      await statusesOf(cast, (headers) =>
        policyPreview(request(`/api/v1/organiser/events/${eventId}/resale-policy/preview`, { method: 'POST', headers, body: POLICY }), params({ eventId })),
      ),
    ).toEqual(expectedStatuses('events', 200));
    const view = await answerOf(resalePolicyViewSchema, await policyGet(request(`/api/v1/organiser/events/${eventId}/resale-policy`, { headers: auth(cast.owner) }), params({ eventId })));
    expect(view).toMatchObject({ policy: POLICY, currency: 'EUR' });
    // The owner of another organisation: not found, and nothing changed.
    const refused = await put(eventId, { ...POLICY, resaleEnabled: false }, auth(otherOwner));
    expect(refused.status).toBe(404);
    expect((await eventBySlug(t.db, ZILINA)).resaleEnabled).toBe(true);
    // A malformed id names no event of the caller's (the access table finds no owner): 404, not a 500.
    expect((await policyGet(request('/api/v1/organiser/events/nope/resale-policy', { headers: auth(cast.owner) }), params({ eventId: 'nope' }))).status).toBe(404);
  });

  it('validates the rules with translated messages', async () => {
    const event = await eventBySlug(t.db, ZILINA);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ resaleCapPercent: null, resaleCapAmount: null }, 'resaleCapPercent', 'With resale on, set a highest price: a percentage, an amount or both.'],
      [{ resaleCapPercent: 20 }, 'resaleCapPercent', 'Enter a whole percentage from 50 to 300.'],
      [{ resaleCapPercent: 100.5 }, 'resaleCapPercent', 'Enter a whole percentage from 50 to 300.'],
      [{ resaleCapAmount: -5 }, 'resaleCapAmount', 'Enter a positive amount.'],
      [{ resaleWindowHours: 10_000 }, 'resaleWindowHours', 'Enter a whole number of hours from 0 to 720.'],
      [{ resaleSellerFeeBps: 5000 }, 'resaleSellerFeeBps', 'Enter a fee from 0 to 30 %.'],
      [{ resaleBuyerFeeBps: -1 }, 'resaleBuyerFeeBps', 'Enter a fee from 0 to 30 %.'],
    ];
    for (const [change, field, message] of cases) {
      const response = await put(event.id, { ...POLICY, ...change });
      expect(response.status).toBe(422);
      expect((await failureBodyOf(response)).errors).toEqual([{ field, message }]);
    }
    const notBoolean = await put(event.id, { ...POLICY, transferEnabled: 'yes' });
    expect(notBoolean.status).toBe(422);
    expect((await failureBodyOf(notBoolean)).errors[0].field).toBe('transferEnabled');
    // Resale off needs no cap.
    expect((await put(event.id, { ...POLICY, resaleEnabled: false, resaleCapPercent: null })).status).toBe(200);
    const sk = await put(event.id, { ...POLICY, resaleCapPercent: 20 }, auth(cast.manager, { 'accept-language': 'sk' }));
    expect((await failureBodyOf(sk)).message).toBe('Zadajte celé percento od 50 do 300.');
    expect((await put(event.id, POLICY)).status).toBe(200);
  });

  it('lowering the cap withdraws exactly the live listings over their new cap and emails each seller in their language', async () => {
    const event = await eventBySlug(t.db, ZILINA);
    await put(event.id, POLICY);
    // Face values: A 2500, B 1800, C 1200.
    const overA = await listed(ZILINA, 'A', 2400, 'sk'); // new cap A: min(80 % = 2000, 1900) = 1900 → over
    const atA = await listed(ZILINA, 'A', 1900, 'cs'); // exactly the cap → stays
    const overB = await listed(ZILINA, 'B', 1500, 'cs'); // cap B: 80 % = 1440 → over
    const keepC = await listed(ZILINA, 'C', 900, 'en'); // cap C: 960 → stays
    const newPolicy = { ...POLICY, resaleCapPercent: 80, resaleCapAmount: 1900 };
    // The same cap rule as the fan side.
    expect([overA, atA, overB, keepC].map((x) => resaleCapFor(newPolicy, x.faceValue))).toEqual([1900, 1900, 1440, 960]);

    const preview = await answerOf(
      resalePreviewSchema,
      await policyPreview(request(`/api/v1/organiser/events/${event.id}/resale-policy/preview`, { method: 'POST', headers: auth(cast.owner), body: newPolicy }), params({ eventId: event.id })),
    );
    expect(preview).toEqual({ activeListings: 4, withdraw: 2 });
    // The preview changed nothing.
    expect((await listingStatus(overA.listingId)).status).toBe('active');

    const result = await answerOf(resalePolicyResultSchema, await put(event.id, newPolicy));
    expect(result).toEqual({ policy: newPolicy, withdrawn: 2 });
    expect((await listingStatus(overA.listingId)).status).toBe('withdrawn');
    expect((await listingStatus(overB.listingId)).status).toBe('withdrawn');
    expect((await listingStatus(atA.listingId)).status).toBe('active');
    expect((await listingStatus(keepC.listingId)).status).toBe('active');
    // The withdrawn tickets are their sellers' and valid again; the others stay listed.
    const tickets = await t.db.select({ id: s.tickets.id, status: s.tickets.status, ownerId: s.tickets.ownerId }).from(s.tickets).where(inArray(s.tickets.id, [overA.ticket.id, overB.ticket.id, atA.ticket.id]));
    expect(Object.fromEntries(tickets.map((x) => [x.id, x.status]))).toEqual({ [overA.ticket.id]: 'valid', [overB.ticket.id]: 'valid', [atA.ticket.id]: 'listed' });
    // The event's columns are the one source the fan side reads.
    expect(await eventBySlug(t.db, ZILINA)).toMatchObject({ resaleCapPercent: 80, resaleCapAmount: 1900 });

    const [sk] = await mailsTo(overA.seller.email);
    expect(sk).toMatchObject({ locale: 'sk', kind: 'resale-listing-withdrawn' });
    expect(sk.subject).toBe('Vaša ponuka na ďalší predaj pre FK Dunaj Bratislava – MŠK Žilina bola stiahnutá');
    expect(sk.textBody).toContain('24,00');
    expect(sk.textBody).toContain('19,00');
    const [cs] = await mailsTo(overB.seller.email);
    expect(cs).toMatchObject({ locale: 'cs' });
    expect(cs.subject).toContain('byla stažena');
    expect(cs.textBody).toContain('14,40');
    expect(await mailsTo(atA.seller.email)).toEqual([]);
    expect(await mailsTo(keepC.seller.email)).toEqual([]);

    // Raising it again withdraws nothing more.
    expect((await answerOf(resalePolicyResultSchema, await put(event.id, POLICY))).withdrawn).toBe(0);
  });

  it('a listing held in a buyer’s cart is withdrawn at once, leaves the cart, and the checkout refuses', async () => {
    const event = await eventBySlug(t.db, KOSICE);
    await put(event.id, POLICY);
    const offer = await listed(KOSICE, 'A', 2500, 'en');
    const buyer = await makeUser(t.db, 'buyer');
    const held = await addToCart({ user: buyer, eventRef: KOSICE, selection: { listingId: offer.listingId }, locale: 'en' });
    expect(held.ok).toBe(true);
    expect((await listingStatus(offer.listingId)).holdId).not.toBeNull();

    const result = await answerOf(resalePolicyResultSchema, await put(event.id, { ...POLICY, resaleCapPercent: 90 }));
    // This one and the seed's own A offer at face value.
    expect(result.withdrawn).toBe(2);
    expect(await listingStatus(offer.listingId)).toEqual({ status: 'withdrawn', holdId: null });
    expect(await checkout({ user: buyer, eventRef: KOSICE, locale: 'en', urls })).toEqual({ ok: false, code: 'CART_EMPTY' });
    await put(event.id, POLICY);
  });

  it('turning resale off withdraws every live listing and tells each seller', async () => {
    const event = await eventBySlug(t.db, TRNAVA);
    await put(event.id, POLICY);
    const a = await listed(TRNAVA, 'A', 1000, 'en');
    const b = await listed(TRNAVA, 'C', 1200, 'sk');
    const result = await answerOf(resalePolicyResultSchema, await put(event.id, { ...POLICY, resaleEnabled: false, transferEnabled: false }));
    expect(result.withdrawn).toBe(2);
    const live = await t.db.select().from(s.resaleListings).where(and(eq(s.resaleListings.eventId, event.id), eq(s.resaleListings.status, 'active')));
    expect(live).toEqual([]);
    const [en] = await mailsTo(a.seller.email);
    expect(en.textBody).toContain('turned resale off');
    const [sk] = await mailsTo(b.seller.email);
    expect(sk.textBody).toContain('vypol ďalší predaj');
    // Gifting off is read by the fan side from the same row.
    expect(await eventBySlug(t.db, TRNAVA)).toMatchObject({ resaleEnabled: false, transferEnabled: false });
    await put(event.id, POLICY);
  });
});

describe('organisation settings', () => {
  const path = (id: string) => `/api/v1/organiser/organisations/${id}/settings`;

  it('role matrix for GET and PATCH; another organisation is 404', async () => {
    expect(await statusesOf(cast, (headers) => settingsGet(request(path(orgId), { headers }), params({ orgId })))).toEqual(expectedStatuses('events', 200));
    expect(
      await statusesOf(cast, (headers) => settingsPatch(request(path(orgId), { method: 'PATCH', headers, body: { website: 'https://fkdunaj.sk' } }), params({ orgId }))),
    ).toEqual(expectedStatuses('events', 200));
    expect((await settingsGet(request(path(otherOrg.id), { headers: auth(cast.owner) }), params({ orgId: otherOrg.id }))).status).toBe(404);
  });

  it('changes only what is sent, and keeps the resale defaults new events start with', async () => {
    const defaults = { ...POLICY, resaleCapPercent: 110, resaleCapAmount: 5000, resaleWindowHours: 6 };
    const patched = await answerOf(
      orgSettingsSchema,
      await settingsPatch(request(path(orgId), { method: 'PATCH', headers: auth(cast.manager), body: { contactEmail: 'Listky@FKDunaj.sk ', resaleDefaults: defaults } }), params({ orgId })),
    );
    expect(patched).toMatchObject({ name: 'FK Dunaj Bratislava', website: 'https://fkdunaj.sk', contactEmail: 'Listky@FKDunaj.sk', resaleDefaults: defaults });
    const [row] = await t.db.select().from(s.organisations).where(eq(s.organisations.id, orgId));
    expect(row.resaleDefaults).toEqual(defaults);
    const read = await answerOf(orgSettingsSchema, await settingsGet(request(path(orgId), { headers: auth(cast.owner) }), params({ orgId })));
    expect(read.resaleDefaults).toEqual(defaults);
    // Validation: the same rules as an event's, and the organisation's own fields.
    for (const [body, field] of [
      [{ name: 'x' }, 'name'],
      [{ website: 'not a url' }, 'website'],
      [{ contactEmail: 'nope' }, 'contactEmail'],
      [{ resaleDefaults: { ...POLICY, resaleCapPercent: null } }, 'resaleDefaults.resaleCapPercent'],
    ] as const) {
      const response = await settingsPatch(request(path(orgId), { method: 'PATCH', headers: auth(cast.owner), body }), params({ orgId }));
      expect(response.status).toBe(422);
      expect((await failureBodyOf(response)).errors[0].field).toBe(field);
    }
    // Emptying the website clears it.
    const cleared = await answerOf(orgSettingsSchema, await settingsPatch(request(path(orgId), { method: 'PATCH', headers: auth(cast.owner), body: { website: '' } }), params({ orgId })));
    expect(cleared.website).toBeNull();
  });
});

describe('coupons', () => {
  const create = (body: Record<string, unknown>, headers: Record<string, string> = auth(cast.manager)) => couponsPost(request('/api/v1/organiser/coupons', { method: 'POST', headers, body }), params({}));

  it('role matrix for the list, create and change; another organisation’s coupon is 404', async () => {
    expect(await statusesOf(cast, (headers) => couponsGet(request(`/api/v1/organiser/coupons?organisation=${orgId}`, { headers }), params({})))).toEqual(
      expectedStatuses('events', 200),
    );
    expect(await statusesOf(cast, (headers, who) => create({ organisation: orgId, code: `MATRIX-${who}`, kind: 'percent', value: 5 }, headers))).toEqual(
      expectedStatuses('events', 201),
    );
    const coupon = (await answerOf(couponResultSchema, await create({ organisation: orgId, code: 'MATRIXEDIT', kind: 'percent', value: 5 }))).coupon;
    expect(
      await statusesOf(cast, (headers) => couponPatch(request(`/api/v1/organiser/coupons/${coupon.id}`, { method: 'PATCH', headers, body: { maxUses: 10 } }), params({ couponId: coupon.id }))),
    ).toEqual(expectedStatuses('events', 200));
    // The owner of this organisation cannot see or change another organisation's coupon.
    const theirs = (await answerOf(couponResultSchema, await create({ organisation: otherOrg.id, code: 'THEIRS', kind: 'percent', value: 5 }, auth(otherOwner)))).coupon;
    expect((await couponPatch(request(`/api/v1/organiser/coupons/${theirs.id}`, { method: 'PATCH', headers: auth(cast.owner), body: { active: false } }), params({ couponId: theirs.id }))).status).toBe(404);
    expect((await couponsGet(request(`/api/v1/organiser/coupons?organisation=${otherOrg.id}`, { headers: auth(cast.owner) }), params({}))).status).toBe(404);
    const mine = await answerOf(couponListSchema, await couponsGet(request(`/api/v1/organiser/coupons?organisation=${orgId}`, { headers: auth(cast.owner) }), params({})));
    expect(mine.coupons.map((c) => c.code)).toEqual(expect.arrayContaining(['DUNAJ10', 'MATRIX-OWNER', 'MATRIX-MANAGER', 'MATRIXEDIT']));
    expect(mine.coupons.map((c) => c.code)).not.toContain('THEIRS');
    expect((await couponsGet(request('/api/v1/organiser/coupons', { headers: auth(cast.owner) }), params({}))).status).toBe(422);
  });

  it('creates a coupon for price categories of an event, upper-cased; a code taken is a clear 409', async () => {
    const event = await eventBySlug(t.db, ZILINA);
    const created = await answerOf(
      couponResultSchema,
      await create({ organisation: orgId, code: 'zilina-a', kind: 'fixed', value: 300, currency: 'EUR', eventId: event.id, ticketTypeCodes: ['A', 'B'], maxUses: 100, maxUsesPerUser: 2 }),
    );
    expect(created.coupon).toMatchObject({ code: 'ZILINA-A', kind: 'fixed', value: 300, currency: 'EUR', eventId: event.id, ticketTypeCodes: ['A', 'B'], maxUses: 100, maxUsesPerUser: 2, usedCount: 0, active: true });
    expect(created.coupon.eventTitle).toBe('FK Dunaj Bratislava v MŠK Žilina');
    const taken = await create({ organisation: orgId, code: 'Zilina-A', kind: 'percent', value: 5 });
    expect(taken.status).toBe(409);
    expect(await failureBodyOf(taken)).toMatchObject({ code: 'COUPON_CODE_TAKEN', errors: [{ field: 'code', message: 'This code is already used by another coupon. Choose another.' }] });
    // Another organisation's seeded code is taken too: fans type only the code.
    expect((await create({ organisation: orgId, code: 'vip20', kind: 'percent', value: 5 })).status).toBe(409);
  });

  it('validates a coupon', async () => {
    const event = await eventBySlug(t.db, ZILINA);
    const theirEvent = await eventBySlug(t.db, 'polarna-ziara-kosice');
    const base = { organisation: orgId, code: 'VALID1', kind: 'percent', value: 10 };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ code: 'a' }, 422, 'code', 'Use 3 to 32 letters, digits, - or _.'],
      [{ code: 'NO SPACES' }, 422, 'code', 'Use 3 to 32 letters, digits, - or _.'],
      [{ value: 150 }, 422, 'value', 'A percentage discount is 1 to 100 %.'],
      [{ value: 0 }, 422, 'value', 'Enter a positive whole number.'],
      [{ kind: 'fixed', value: 500 }, 422, 'currency', 'Choose the currency of the amount.'],
      [{ ticketTypeCodes: ['A'] }, 422, 'ticketTypeCodes', 'Price categories belong to one event: choose the event first.'],
      [{ validFrom: '2027-01-02T00:00:00Z', validUntil: '2027-01-01T00:00:00Z' }, 422, 'validUntil', 'The end must be after the start.'],
      [{ maxUses: 0 }, 422, 'maxUses', 'Enter a positive whole number, or leave it empty.'],
      [{ eventId: theirEvent.id }, 422, 'eventId', 'Choose an event of your organisation.'],
      [{ eventId: event.id, ticketTypeCodes: ['VIP'] }, 422, 'ticketTypeCodes', 'The event has no price category with that code.'],
      [{ eventId: event.id, kind: 'fixed', value: 500, currency: 'CZK' }, 422, 'currency', 'The amount must be in the event\u2019s currency.'],
    ];
    for (const [change, status, field, message] of cases) {
      const response = await create({ ...base, ...change });
      expect([JSON.stringify(change), response.status]).toEqual([JSON.stringify(change), status]);
      const body = await failureBodyOf(response);
      expect(body.errors[0]).toEqual({ field, message: message.replace('\u2019', "'") });
    }
  });

  it('a deactivated coupon is refused at the cart like an unknown code, and at checkout if it was applied before', async () => {
    const created = (await answerOf(couponResultSchema, await create({ organisation: orgId, code: 'ZAVRETE', kind: 'percent', value: 10 }))).coupon;
    const fan = await makeUser(t.db, 'coupon-fan');
    const [seat] = await freeSeatsOf(t.db, ZILINA, 1, 300);
    expect((await addToCart({ user: fan, eventRef: ZILINA, selection: { seatIds: [seat] }, locale: 'en' })).ok).toBe(true);
    expect((await applyCoupon({ user: fan, eventRef: ZILINA, code: 'zavrete', locale: 'en' })).ok).toBe(true);

    const off = await answerOf(
      couponResultSchema,
      await couponPatch(request(`/api/v1/organiser/coupons/${created.id}`, { method: 'PATCH', headers: auth(cast.owner), body: { active: false } }), params({ couponId: created.id })),
    );
    expect(off.coupon.active).toBe(false);
    expect(await checkout({ user: fan, eventRef: ZILINA, locale: 'en', urls })).toEqual({ ok: false, code: 'INVALID_DISCOUNT_CODE' });
    const other = await makeUser(t.db, 'coupon-fan-2');
    const [seat2] = await freeSeatsOf(t.db, ZILINA, 1, 320);
    await addToCart({ user: other, eventRef: ZILINA, selection: { seatIds: [seat2] }, locale: 'en' });
    const refused = await couponRoute(
      new Request(`http://localhost/api/v1/events/${ZILINA}/cart/coupon`, { method: 'POST', headers: auth(other), body: JSON.stringify({ code: 'ZAVRETE' }) }),
      params({ id: ZILINA }),
    );
    const unknown = await couponRoute(
      new Request(`http://localhost/api/v1/events/${ZILINA}/cart/coupon`, { method: 'POST', headers: auth(other), body: JSON.stringify({ code: 'NIKDYNEBOL' }) }),
      params({ id: ZILINA }),
    );
    expect(refused.status).toBe(unknown.status);
    expect(await refused.json()).toEqual(await unknown.json());

    // Active again: usable again.
    await couponPatch(request(`/api/v1/organiser/coupons/${created.id}`, { method: 'PATCH', headers: auth(cast.owner), body: { active: true } }), params({ couponId: created.id }));
    expect((await applyCoupon({ user: other, eventRef: ZILINA, code: 'ZAVRETE', locale: 'en' })).ok).toBe(true);
  });

  it('edits a coupon’s value, window and limits, and lists its uses', async () => {
    const created = (await answerOf(couponResultSchema, await create({ organisation: orgId, code: 'EDITME', kind: 'percent', value: 10 }))).coupon;
    const patch = (body: unknown) => couponPatch(request(`/api/v1/organiser/coupons/${created.id}`, { method: 'PATCH', headers: auth(cast.owner), body }), params({ couponId: created.id }));
    const edited = await answerOf(couponResultSchema, await patch({ value: 15, validUntil: '2030-01-01T00:00:00Z', maxUsesPerUser: 1 }));
    expect(edited.coupon).toMatchObject({ value: 15, validUntil: '2030-01-01T00:00:00.000Z', maxUsesPerUser: 1 });
    expect((await failureBodyOf(await patch({ value: 101 }))).code).toBe('COUPON_VALUE_INVALID');
    expect((await failureBodyOf(await patch({ validFrom: '2031-01-01T00:00:00Z' }))).code).toBe('COUPON_WINDOW_INVALID');
    const fan = await makeUser(t.db, 'uses-fan');
    const [seat] = await freeSeatsOf(t.db, ZILINA, 1, 340);
    await addToCart({ user: fan, eventRef: ZILINA, selection: { seatIds: [seat] }, locale: 'en' });
    await applyCoupon({ user: fan, eventRef: ZILINA, code: 'EDITME', locale: 'en' });
    expect((await checkout({ user: fan, eventRef: ZILINA, locale: 'en', urls })).ok).toBe(true);
    const list = await answerOf(couponListSchema, await couponsGet(request(`/api/v1/organiser/coupons?organisation=${orgId}`, { headers: auth(cast.manager) }), params({})));
    const row = list.coupons.find((c) => c.code === 'EDITME')!;
    expect(row.usedCount).toBe(1);
    expect(row.redemptions.map((r) => r.email)).toEqual([fan.email]);
  });

  it('shows Used up and Expired by the rule the cart refuses by; editing the limit or the window makes it usable again', async () => {
    const created = (await answerOf(couponResultSchema, await create({ organisation: orgId, code: 'JEDENRAZ', kind: 'percent', value: 10, maxUses: 1 }))).coupon;
    expect(created.status).toBe('active');
    const patch = (body: unknown) => couponPatch(request(`/api/v1/organiser/coupons/${created.id}`, { method: 'PATCH', headers: auth(cast.manager), body }), params({ couponId: created.id }));
    const statusOf = async () => {
      const list = await answerOf(couponListSchema, await couponsGet(request(`/api/v1/organiser/coupons?organisation=${orgId}`, { headers: auth(cast.manager) }), params({})));
      return list.coupons.find((c) => c.id === created.id)!.status;
    };
    const tryAs = async (label: string) => {
      const fan = await makeUser(t.db, label);
      const [seat] = await freeSeatsOf(t.db, ZILINA, 1, 360 + label.length * 3);
      await addToCart({ user: fan, eventRef: ZILINA, selection: { seatIds: [seat] }, locale: 'en' });
      return { fan, result: await applyCoupon({ user: fan, eventRef: ZILINA, code: 'jedenraz', locale: 'en' }) };
    };
    const first = await tryAs('once-1');
    expect(first.result.ok).toBe(true);
    expect((await checkout({ user: first.fan, eventRef: ZILINA, locale: 'en', urls })).ok).toBe(true);
    // Its one use is taken: the console says Used up, and the cart refuses the next fan for that reason.
    expect(await statusOf()).toBe('used-up');
    expect((await tryAs('once-22')).result).toMatchObject({ ok: false, code: 'DISCOUNT_CODE_USED_UP' });
    // The office raises the limit: active and usable again.
    expect((await answerOf(couponResultSchema, await patch({ maxUses: 5 }))).coupon.status).toBe('active');
    expect((await tryAs('once-333')).result.ok).toBe(true);
    // Its window closed a minute ago: Expired, and the cart says so.
    expect((await answerOf(couponResultSchema, await patch({ validUntil: new Date(Date.now() - 60_000).toISOString() }))).coupon.status).toBe('expired');
    expect((await tryAs('once-4444')).result).toMatchObject({ ok: false, code: 'DISCOUNT_CODE_EXPIRED' });
    // Not yet open: Not valid yet.
    expect((await answerOf(couponResultSchema, await patch({ validFrom: '2099-01-01T00:00:00Z', validUntil: null }))).coupon.status).toBe('scheduled');
    expect((await answerOf(couponResultSchema, await patch({ validFrom: null, active: false }))).coupon.status).toBe('inactive');
  });
});

describe('redeem codes', () => {
  let eventId: string;
  let categoryId: string;
  beforeAll(async () => {
    const event = await eventBySlug(t.db, ZILINA);
    eventId = event.id;
    [{ id: categoryId }] = await t.db.select({ id: s.ticketTypes.id }).from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, eventId), eq(s.ticketTypes.code, 'C')));
  });
  const generate = (body: Record<string, unknown>, headers: Record<string, string> = auth(cast.manager)) => redeemPost(request('/api/v1/organiser/redeem-codes', { method: 'POST', headers, body }), params({}));
  const redeemAs = (user: { token: string }, code: string) => redeemRoute(request('/api/v1/tickets/redeem', { method: 'POST', headers: auth(user), body: { code } }), params({}));

  it('codes are 12 symbols of a readable alphabet in three groups', () => {
    const codes = Array.from({ length: 2000 }, newRedeemCode);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('role matrix for generate, list, batch, deactivate and CSV; another organisation’s batch and code are 404', async () => {
    expect(await statusesOf(cast, (headers) => generate({ eventId, categoryId, count: 2 }, headers))).toEqual(expectedStatuses('events', 201));
    const { batch, codes } = await answerOf(redeemBatchCreatedSchema, await generate({ eventId, categoryId, count: 3 }));
    expect(await statusesOf(cast, (headers) => redeemGet(request(`/api/v1/organiser/redeem-codes?organisation=${orgId}`, { headers }), params({})))).toEqual(
      expectedStatuses('events', 200),
    );
    expect(await statusesOf(cast, (headers) => redeemGet(request(`/api/v1/organiser/redeem-codes?batch=${batch.id}`, { headers }), params({})))).toEqual(
      expectedStatuses('events', 200),
    );
    expect(await statusesOf(cast, (headers) => redeemCsv(request(`/api/v1/organiser/redeem-codes.csv?batch=${batch.id}`, { headers }), params({})))).toEqual(
      expectedStatuses('events', 200),
    );
    const [code] = await t.db.select({ id: s.redeemCodes.id }).from(s.redeemCodes).where(eq(s.redeemCodes.code, codes[0]));
    expect(
      await statusesOf(cast, (headers) => redeemPatch(request(`/api/v1/organiser/redeem-codes/${code.id}`, { method: 'PATCH', headers, body: { active: false } }), params({ codeId: code.id }))),
    ).toEqual(expectedStatuses('events', 200));
    // Another organisation's owner: the batch, its CSV and its codes do not exist.
    expect((await redeemGet(request(`/api/v1/organiser/redeem-codes?batch=${batch.id}`, { headers: auth(otherOwner) }), params({}))).status).toBe(404);
    expect((await redeemCsv(request(`/api/v1/organiser/redeem-codes.csv?batch=${batch.id}`, { headers: auth(otherOwner) }), params({}))).status).toBe(404);
    expect((await redeemPatch(request(`/api/v1/organiser/redeem-codes/${code.id}`, { method: 'PATCH', headers: auth(otherOwner), body: { active: true } }), params({ codeId: code.id }))).status).toBe(404);
    expect((await generate({ eventId, categoryId, count: 1 }, auth(otherOwner))).status).toBe(404);
  });

  it('validates a batch', async () => {
    const otherCategory = (await t.db.select({ id: s.ticketTypes.id }).from(s.ticketTypes).innerJoin(s.events, eq(s.events.id, s.ticketTypes.eventId)).where(eq(s.events.slug, TRNAVA)))[0].id;
    for (const [body, field, message] of [
      [{ eventId, categoryId, count: 0 }, 'count', 'Enter a number from 1 to 5000.'],
      [{ eventId, categoryId, count: 5001 }, 'count', 'Enter a number from 1 to 5000.'],
      [{ eventId, categoryId, count: 2.5 }, 'count', 'Enter a number from 1 to 5000.'],
      [{ eventId, count: 1 }, 'categoryId', 'Choose a price category.'],
      [{ eventId, categoryId, count: 1, expiresAt: 'tomorrow' }, 'expiresAt', expect.any(String)],
      [{ eventId, categoryId: otherCategory, count: 1 }, 'categoryId', 'Choose a price category of this event.'],
    ] as const) {
      const response = await generate(body);
      expect(response.status).toBe(422);
      expect((await failureBodyOf(response)).errors[0]).toEqual({ field, message });
    }
  });

  it('generates N codes, lists uses per code, and a deactivated code is refused like an invalid one', async () => {
    const expiresAt = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const created = await answerOf(redeemBatchCreatedSchema, await generate({ eventId, categoryId, count: 25, expiresAt }));
    expect(created.codes).toHaveLength(25);
    expect(new Set(created.codes).size).toBe(25);
    expect(created.batch).toMatchObject({ count: 25, used: 0, deactivated: 0, eventTitle: 'FK Dunaj Bratislava v MŠK Žilina', categoryName: 'Category C – behind the goal' });
    const rows = await t.db.select().from(s.redeemCodes).where(eq(s.redeemCodes.batchId, created.batch.id));
    expect(rows).toHaveLength(25);
    expect(rows.every((r) => r.expiresAt?.toISOString() === expiresAt && r.ticketTypeId === categoryId)).toBe(true);

    const fan = await makeUser(t.db, 'redeemer');
    expect((await redeemAs(fan, created.codes[0].toLowerCase())).status).toBe(201);
    const [target] = rows.filter((r) => r.code === created.codes[1]);
    const off = await answerOf(
      redeemCodeResultSchema,
      await redeemPatch(request(`/api/v1/organiser/redeem-codes/${target.id}`, { method: 'PATCH', headers: auth(cast.owner), body: { active: false } }), params({ codeId: target.id })),
    );
    expect(off.code).toMatchObject({ code: created.codes[1], active: false, usedAt: null });
    const other = await makeUser(t.db, 'redeemer-2');
    const refused = await redeemAs(other, created.codes[1]);
    const invalid = await redeemAs(other, 'ABCD-EFGH-JKLM');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual(await invalid.json());

    const list = await answerOf(redeemBatchListSchema, await redeemGet(request(`/api/v1/organiser/redeem-codes?organisation=${orgId}`, { headers: auth(cast.manager) }), params({})));
    expect(list.batches.find((b) => b.id === created.batch.id)).toMatchObject({ count: 25, used: 1, deactivated: 1 });
    const detail = await answerOf(redeemBatchCodesSchema, await redeemGet(request(`/api/v1/organiser/redeem-codes?batch=${created.batch.id}`, { headers: auth(cast.manager) }), params({})));
    expect(detail.codes).toHaveLength(25);
    expect(detail.codes.find((c) => c.code === created.codes[0])).toMatchObject({ usedByEmail: fan.email, active: true });
    expect(detail.codes.find((c) => c.code === created.codes[0])!.usedAt).not.toBeNull();

    // Active again: it redeems.
    await redeemPatch(request(`/api/v1/organiser/redeem-codes/${target.id}`, { method: 'PATCH', headers: auth(cast.owner), body: { active: true } }), params({ codeId: target.id }));
    expect((await redeemAs(other, created.codes[1])).status).toBe(201);
  });

  it('the CSV has a BOM, a translated header and one row per code', async () => {
    const created = await answerOf(redeemBatchCreatedSchema, await generate({ eventId, categoryId, count: 12 }));
    const fan = await makeUser(t.db, 'csv-fan');
    await redeemAs(fan, created.codes[3]);
    const response = await redeemCsv(request(`/api/v1/organiser/redeem-codes.csv?batch=${created.batch.id}`, { headers: auth(cast.manager, { 'accept-language': 'sk' }) }), params({}));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="redeem-codes-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\n');
    // Slovak Excel's dialect: semicolons.
    expect(lines[0]).toBe('Kód;Kategória;Platné do;Použité;Použil (e-mail);Aktívny');
    expect(lines).toHaveLength(13);
    expect(lines.slice(1).map((l) => l.split(';')[0]).sort()).toEqual([...created.codes].sort());
    const used = lines.find((l) => l.startsWith(created.codes[3]))!;
    expect(used).toContain(fan.email);
    expect(used).toMatch(/;\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2};/);
    expect(used.endsWith(';áno')).toBe(true);
    expect(lines.find((l) => l.startsWith(created.codes[0]))).toBe(`${created.codes[0]};Kategória C – za bránou;;;;áno`);
  });
});

// ── the answers' schemas are what the domain returns (compile time: tsc runs over tests/) ─
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type SchemaOf<S extends z.ZodType> = z.infer<S>;
export const organiserCodesTypesMatchSchemas: [
  Same<import('@/lib/server/db/schema').ResalePolicy, SchemaOf<typeof resalePolicySchema>>,
  Same<import('@/lib/server/team/settings').OrgSettings, SchemaOf<typeof orgSettingsSchema>>,
  Same<import('@/lib/server/coupons/organiser').OrganiserCoupon, SchemaOf<typeof couponSchema>>,
  Same<import('@/lib/server/coupons/redeem-codes').RedeemBatch, SchemaOf<typeof redeemBatchSchema>>,
  Same<import('@/lib/server/coupons/redeem-codes').RedeemCodeRow, SchemaOf<typeof redeemCodeRowSchema>>,
] = [true, true, true, true, true];
