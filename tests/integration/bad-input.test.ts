// The bad-input suite (issue 13): every route handler of the app — found on disk, so a new route cannot
// be forgotten — gets the classes of bad input an attacker sends (tests/helpers/bad-input.ts): empty,
// `null`, arrays, broken JSON, NUL, huge numbers, malformed ids, impossible dates, wrong content types,
// oversize bodies, bad path parameters and query strings, mismatched XSRF tokens. Each must answer below
// 500 (an expected failure is a translated 4xx; a 5xx is always a bug), and none may store anything:
// the row count of every table is the same after a route's cases as before (rate-limit counters aside).
// The writes that read a JSON body also get their real bodies (real credentials, a real gift, a real
// coupon, a ticket's current code…) as a page on another site can post them: text/plain, form-urlencoded
// and multipart are 415, from another site 403, no row is added or changed, and as JSON they are taken.
// Every text field of those real bodies also gets a lone surrogate, a bidi override and NUL (issue 29):
// each a translated 4xx, nothing changed.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { sendAccountVerification } from '@/lib/server/auth/email-verification';
import { requestPasswordReset } from '@/lib/server/auth/password-reset';
import { sealSessionToken } from '@/lib/server/auth/session-cookie';
import { bodyLimitFor } from '@/lib/body-limits';
import { addToCart } from '@/lib/server/cart';
import { addSection } from '@/lib/server/venues/layout';
import { inviteMember } from '@/lib/server/team/invitations';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { DEMO_PASSWORD } from '@/lib/server/db/seed/users';
import { createEvent, publishEvent } from '@/lib/server/events/edit';
import { createPriceCategory } from '@/lib/server/events/price-categories';
import { unsubscribeToken } from '@/lib/server/notifications/token';
import { setBankAccount } from '@/lib/server/payouts/bank-account';
import { bankAccountSchema } from '@/lib/schemas/payouts';
import { applicationSchema } from '@/lib/schemas/onboarding';
import { reviewApplication, submitApplication } from '@/lib/server/onboarding/applications';
import {
  BAD_BODIES,
  BAD_LANGUAGES,
  BAD_PATH_PARAMS,
  BAD_QUERIES,
  WRONG_CONTENT_TYPES,
  describeValue,
  formPosts,
  jsonText,
  mutations,
  textMutations,
} from '../helpers/bad-input';
import { makeSmallEvent } from '../helpers/waiting-list';
import { makeMember } from '../helpers/organiser';
import { eventChanged } from '@/lib/server/events/changed';
import { generateCodes } from '@/lib/server/queue/presale';
import { buy as buyPaid } from '../helpers/purchases';
import { allRoutes, handlersOf, METHODS, readsJsonBody, type Handler, type Route } from '../helpers/routes';
import { useTestDatabase } from '../helpers/db';
import { currentCode, eventBySlug, giveTicket, makeScanner, makeUser, openGates, sessionFor, type TestUser } from '../helpers/tickets';
import { seasonSale } from '@/lib/server/seasons/sale';
import { seasonHolderByHand } from '../helpers/season-release';
import { categoriesBodyOf } from '../helpers/seasons';
import { getSeason, setSeasonCategories } from '@/lib/server/seasons/organiser';

// connection() only marks a route as rendered per request; outside Next there is no request to mark.
jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), connection: async () => {} }));

// Sign-in, sign-up, reset and redeem count attempts per address and account: thousands of cases must
// reach validation, not the rate limit.
process.env.RATE_LIMIT_SCALE = '100000';

const t = useTestDatabase({ seeded: true });
const EVENT = 'dunaj-bratislava-fc-kosice';
/** The demo's risk match: every ticket in its holder's name (seed/named-tickets.ts). */
const RISK_MATCH = 'dunaj-bratislava-dac-dunajska-streda';
/** A match in the arena whose wheelchair places are held back for ZŤP / ZŤP-S card holders (seed/concessions.ts). */
const ACCESSIBLE_MATCH = 'vltava-praha-kometa-brno';
const ONE_MB = 1024 * 1024;
/** Tables whose rows a refused request may change: attempts are counted before the input is read. */
const COUNTERS = new Set(['rate_limit_hits', 'app_settings']);

const routes = allRoutes();

let user: TestUser;
let ticketId: string;
let eventUuid: string;
let orgUuid: string;
let venueUuid: string;

beforeAll(async () => {
  // One caller who is both a fan with a ticket and a scanner of the event's organiser, so that every
  // route's input reaches validation past the permission checks.
  user = await makeScanner(t.db, EVENT);
  ticketId = (await giveTicket(t.db, user.id, EVENT)).ticket.id;
  eventUuid = (await eventBySlug(t.db, EVENT)).id;
  orgUuid = (await eventBySlug(t.db, EVENT)).orgId;
  venueUuid = (await eventBySlug(t.db, EVENT)).venueId;
});

/** Params that reach the route's own work, so that only the case's bad part is bad. */
function goodParams(route: Route): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of route.params) {
    if (name === 'locale') out[name] = 'sk';
    else if (name === 'provider') out[name] = 'test';
    else if (name === 'itemId' || name === 'sectionId') out[name] = randomUUID();
    else if (name === 'venueId') out[name] = venueUuid;
    else if (name === 'eventId') out[name] = eventUuid;
    else if (name === 'orgId') out[name] = orgUuid;
    else if (name === 'memberId' || name === 'invitationId') out[name] = randomUUID();
    else if (name === 'index') out[name] = '0';
    else if (name === 'runId' || name === 'applicationId' || name === 'orderId') out[name] = randomUUID();
    else if (name === 'ticketId') out[name] = ticketId;
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
    // the caller has no cart of the event: CART_EMPTY
    'PUT /api/v1/events/[id]/cart/loyalty': { points: 100 },
    'POST /api/v1/events/[id]/checkout': { acceptTerms: true, returnTo: 'web' },
    'POST /api/v1/tickets/redeem': { code: 'NO-SUCH-CODE' },
    'POST /api/v1/tickets/[id]/gift': { email: user.email },
    'POST /api/v1/tickets/[id]/listing': { price: 99_000_000 },
    // the caller's ticket is no season ticket's (NOT_SEASON_TICKET), and no season offers 99 %
    'POST /api/v1/tickets/[id]/release': { sharePercent: 99 },
    'POST /api/v1/scan': { payload: 'TRB1.nothing', eventId: randomUUID(), gate: 'A' },
    // a code in the right shape, of a ticket that does not exist
    'POST /api/v1/scan/sync': { eventId: 'EVENT_UUID', checkIns: [{ ticketId: randomUUID(), version: 1, scannedAt: 'NOW', payload: `TRB2.${randomUUID()}.1.1000.${'A'.repeat(86)}` }] },
    'POST /api/v1/payments/[provider]/webhook': { eventId: 'evt_1', paymentId: randomUUID(), outcome: 'succeeded', signature: 'x'.repeat(64) },
    // check digits that do not match: no field a mutation changes makes it an account to store
    'PUT /api/v1/payouts/bank-account': { iban: 'SK32 1200 0000 1987 4263 7541', holderName: 'Jana Nováková' },
    'POST /api/v1/admin/payout-runs': { currency: 'EUR' },
  };
  const body = bodies[key];
  if (!body) return undefined;
  return JSON.parse(JSON.stringify(body).replace('"EVENT_UUID"', JSON.stringify(eventUuid)).replace('"NOW"', JSON.stringify(new Date().toISOString())));
}

/**
 * A body each JSON write accepts and acts on — real credentials, a real gift, a real coupon, the current
 * code of a real ticket… — with the caller (null: signed out) and path it needs, made fresh for the
 * write's own test so that no other case touches it. `admitted` tells the write's JSON answer from an
 * outcome that changed nothing (a scan answers 200 for every outcome).
 */
type RealWrite = { caller: TestUser | null; params: Record<string, string>; body: Record<string, unknown>; admitted?: (answer: unknown) => boolean };

const PASSWORD = 'real-password-1';

/** A valid Slovak application to sell on Tribuna; `tag` makes its name its own. */
function applicationBody(tag: string) {
  return {
    name: `Klub ${tag}`,
    kind: 'club',
    country: 'SK',
    legalName: `Klub ${tag}, o.z.`,
    legalForm: 'o.z.',
    street: 'Športová 1',
    city: 'Trnava',
    postcode: '917 01',
    ico: '35612347',
    dic: '2020612347',
    vatRegistered: false,
    vatId: null,
    iban: 'SK09 1100 0000 0029 4455 6689',
    bic: 'TATRSKBX',
    contactEmail: `klub.${tag}@example.com`,
    contactPhone: '+421 905 111 222',
    language: 'sk',
    currency: 'EUR',
    acceptTerms: true,
  };
}

/** A new applicant with an application waiting for review (and its organisation). */
async function ownApplication(): Promise<{ user: TestUser; id: string; orgId: string; tag: string }> {
  const tag = randomUUID().slice(0, 8);
  const user = await makeUser(t.db, 'applicant');
  const submitted = await submitApplication(user, applicationSchema.parse(applicationBody(tag)));
  if (!submitted.ok) throw new Error(submitted.code);
  return { user, id: submitted.application.id, orgId: submitted.application.organisation.id, tag };
}

async function makeAdminUser(): Promise<TestUser> {
  const admin = await makeUser(t.db, 'admin');
  await t.db.update(s.users).set({ isAdmin: true }).where(eq(s.users.id, admin.id));
  return admin;
}

async function freeSeat(): Promise<string> {
  const [unit] = await t.db
    .select({ seatId: s.inventoryUnits.seatId })
    .from(s.inventoryUnits)
    .where(and(eq(s.inventoryUnits.eventId, eventUuid), eq(s.inventoryUnits.status, 'available'), isNotNull(s.inventoryUnits.seatId)))
    .orderBy(desc(s.inventoryUnits.id))
    .limit(1);
  return unit.seatId!;
}

/** A fan with a seat in the cart of EVENT. */
async function fanWithCart(): Promise<TestUser> {
  const fan = await makeUser(t.db, 'cart');
  const held = await addToCart({ user: fan, eventRef: EVENT, selection: { seatIds: [await freeSeat()] }, locale: 'en' });
  if (!held.ok) throw new Error(`no cart: ${held.code}`);
  return fan;
}

/** The token of the newest link mailed to `to` (reset or verification). */
async function mailedToken(to: string): Promise<string> {
  const [mail] = await t.db.select({ text: s.emailOutbox.textBody }).from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, to)).orderBy(desc(s.emailOutbox.createdAt)).limit(1);
  return new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;
}

/** An owner of EVENT's organiser with a new draft of theirs; `publishable` gives it places and an image, `published` puts it on sale. */
/** The demo's family ticket of four seats together at Dunaj – Žilina (lib/server/db/seed/packages.ts). */
async function familyPackage() {
  const [pkg] = await t.db.select({ id: s.packages.id }).from(s.packages).where(sql`${s.packages.name}->>'en' = 'Family ticket: 2 adults + 2 children'`);
  return pkg;
}

/** The demo's winter season of FK Dunaj (lib/server/db/seed/seasons.ts). */
/**
 * Maps every category of the winter season's matches that is not mapped yet (the match another case adds sells
 * a category of its own) onto the season's first category, as the office does: its seats are on season sale again.
 */
async function mapWinterSeason(seasonId: string): Promise<void> {
  const office = await makeScanner(t.db, EVENT, 'manager');
  const current = await getSeason(office.id, seasonId);
  if (!current.ok) throw new Error(current.code);
  const body = categoriesBodyOf(current.season);
  body.mapping = body.mapping.map((m) => (m.category === null ? { ...m, category: 0 } : m));
  const mapped = await setSeasonCategories(office.id, seasonId, body);
  if (!mapped.ok) throw new Error(mapped.code);
}

async function winterSeason(): Promise<string> {
  const [season] = await t.db.select({ id: s.seasons.id }).from(s.seasons).where(eq(s.seasons.slug, 'fk-dunaj-bratislava-zima'));
  return season.id;
}

/** A season of the demo club of its own (no matches), its sale opening at `opens` (none: not on sale). */
async function ownSeason(label: string, opens: Date | null = null) {
  const event = await eventBySlug(t.db, EVENT);
  const [season] = await t.db
    .insert(s.seasons)
    .values({ orgId: event.orgId, venueId: event.venueId, slug: `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`, name: { sk: label, cs: label, en: label }, startsOn: '2027-01-01', endsOn: '2027-06-30', saleOpensAt: opens })
    .returning({ id: s.seasons.id, slug: s.seasons.slug, orgId: s.seasons.orgId });
  return season;
}

async function organiserDraft(state: 'draft' | 'publishable' | 'published' = 'draft') {
  const owner = await makeScanner(t.db, EVENT, 'owner');
  const [venue] = await t.db.select({ id: s.venues.id, orgId: s.venues.orgId }).from(s.venues).innerJoin(s.events, eq(s.events.venueId, s.venues.id)).where(eq(s.events.id, eventUuid));
  const created = await createEvent(owner.id, {
    organisation: venue.orgId!,
    venueId: venue.id,
    category: 'sport',
    title: { sk: 'Koncept' },
    startsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    currency: 'EUR',
  });
  if (!created.ok) throw new Error(created.code);
  const eventId = created.event.id;
  if (state !== 'draft') {
    const category = await createPriceCategory(owner.id, eventId, { name: { sk: 'Státie' }, kind: 'standing', priceAmount: 500, capacity: 5 });
    if (!category.ok) throw new Error(category.code);
    await t.db.update(s.events).set({ imageUrl: '/images/demo/stadium.webp' }).where(eq(s.events.id, eventId));
    if (state === 'published' && !(await publishEvent(owner.id, eventId)).ok) throw new Error('not published');
    return { owner, eventId, categoryId: category.category.id };
  }
  return { owner, eventId, categoryId: '' };
}

/** A draft of EVENT's organiser with two pictures in its gallery (as uploads leave them). */
async function draftWithGallery() {
  const { owner, eventId } = await organiserDraft();
  const picture = (n: number) => ({ src: `/media/events/${eventId}/${n}.webp`, width: 1600, height: 900, alt: { sk: `Obrázok ${n}`, cs: `Obrázek ${n}`, en: `Picture ${n}` } });
  await t.db.update(s.events).set({ gallery: [picture(1), picture(2)], imageUrl: picture(1).src }).where(eq(s.events.id, eventId));
  return { owner, eventId };
}

/** A Tribuna admin of its own, for the support desk's writes. */
async function supportAdmin(): Promise<TestUser> {
  const admin = await makeUser(t.db, 'support-admin');
  await t.db.update(s.users).set({ isAdmin: true }).where(eq(s.users.id, admin.id));
  return admin;
}

const REAL_WRITES: Record<string, () => Promise<RealWrite>> = {
  'POST /api/v1/auth/signin': async () => ({ caller: null, params: {}, body: { email: 'fan@tribuna.sk', password: DEMO_PASSWORD } }),
  'POST /api/v1/auth/signup': async () => ({
    caller: null,
    params: {},
    body: { firstName: 'Eva', lastName: 'Nová', sex: 'female', dateOfBirth: '1990-01-01', email: `new.${randomUUID()}@example.com`, password: PASSWORD, confirmPassword: PASSWORD },
  }),
  'PATCH /api/v1/auth/me': async () => {
    const fan = await makeUser(t.db, 'profile');
    return { caller: fan, params: {}, body: { firstName: 'Zmenené', lastName: 'Meno', email: fan.email, dateOfBirth: '1985-05-05' } };
  },
  'POST /api/v1/auth/password-reset': async () => ({ caller: null, params: {}, body: { email: (await makeUser(t.db, 'forgetful')).email } }),
  'POST /api/v1/auth/password-reset/confirm': async () => {
    const fan = await makeUser(t.db, 'resetting');
    await requestPasswordReset(fan.email, 'en');
    return { caller: null, params: {}, body: { token: await mailedToken(fan.email), email: fan.email, password: PASSWORD, confirmPassword: PASSWORD } };
  },
  'POST /api/v1/auth/verify-email': async () => {
    const fan = await makeUser(t.db, 'unverified', undefined, { verified: false });
    await sendAccountVerification({ id: fan.id, email: fan.email, firstName: fan.firstName }, 'en');
    return { caller: fan, params: {}, body: { token: await mailedToken(fan.email) } };
  },
  'POST /api/v1/auth/verify-email/resend': async () => ({ caller: await makeUser(t.db, 'resending', undefined, { verified: false }), params: {}, body: {} }),
  'POST /api/v1/auth/remove': async () => ({ caller: await makeUser(t.db, 'removing'), params: {}, body: {} }),
  'POST /api/v1/events/[id]/cart/items': async () => ({ caller: await makeUser(t.db, 'buyer'), params: { id: EVENT }, body: { seatIds: [await freeSeat()] } }),
  'POST /api/v1/events/[id]/cart/coupon': async () => ({ caller: await fanWithCart(), params: { id: EVENT }, body: { code: 'DUNAJ10' } }),
  // a fan with FK Dunaj's points pays part of the cart with them (the demo club takes 100 points = 1 €)
  'PUT /api/v1/events/[id]/cart/loyalty': async () => {
    const fan = await fanWithCart();
    await t.db.insert(s.loyaltyLedger).values({ orgId: orgUuid, userId: fan.id, points: 500, kind: 'attendance' });
    return { caller: fan, params: { id: EVENT }, body: { points: 300 } };
  },
  'POST /api/v1/events/[id]/checkout': async () => ({ caller: await fanWithCart(), params: { id: EVENT }, body: { acceptTerms: true, returnTo: 'web' } }),
  'POST /api/v1/tickets/redeem': async () => ({ caller: await makeUser(t.db, 'redeemer'), params: {}, body: { code: 'VOUCHER-DUNAJ-30' } }),
  'POST /api/v1/tickets/[id]/gift': async () => {
    const fan = await makeUser(t.db, 'giver');
    const { ticket } = await giveTicket(t.db, fan.id, EVENT);
    return { caller: fan, params: { id: ticket.id }, body: { email: (await makeUser(t.db, 'friend')).email } };
  },
  'POST /api/v1/tickets/[id]/listing': async () => {
    const fan = await makeUser(t.db, 'seller');
    const { ticket } = await giveTicket(t.db, fan.id, EVENT);
    return { caller: fan, params: { id: ticket.id }, body: { price: ticket.priceAmount } };
  },
  'POST /api/v1/tickets/[id]/release': async () => {
    const { holder, ticketId } = await seasonHolderByHand(t.db, 'releasing');
    // The share the season offers now (an organiser's real write above may have changed it).
    const [season] = await t.db.select({ share: s.seasons.releaseSharePercent }).from(s.seasons).where(eq(s.seasons.slug, 'fk-dunaj-bratislava-zima'));
    return { caller: holder, params: { id: ticketId }, body: { sharePercent: season.share } };
  },
  'POST /api/v1/scan': async () => {
    await openGates(t.db, [EVENT]);
    const { ticket } = await giveTicket(t.db, (await makeUser(t.db, 'arriving')).id, EVENT);
    return {
      caller: await makeScanner(t.db, EVENT),
      params: {},
      body: { payload: await currentCode(t.db, ticket.id), eventId: eventUuid, gate: 'A' },
      admitted: (answer) => (answer as { result?: string }).result === 'admitted',
    };
  },
  'POST /api/v1/scan/sync': async () => {
    await openGates(t.db, [EVENT]);
    const { ticket } = await giveTicket(t.db, (await makeUser(t.db, 'arrived')).id, EVENT);
    const scannedAt = new Date();
    return {
      caller: await makeScanner(t.db, EVENT),
      params: {},
      body: { eventId: eventUuid, checkIns: [{ ticketId: ticket.id, version: ticket.version, scannedAt: scannedAt.toISOString(), payload: await currentCode(t.db, ticket.id, scannedAt.getTime()), gate: 'A' }] },
      admitted: (answer) => (answer as { results?: { result: string }[] }).results?.[0]?.result === 'admitted',
    };
  },
  'POST /api/v1/organiser/events': async () => {
    const { owner } = await organiserDraft();
    const [event] = await t.db.select({ orgId: s.events.orgId, venueId: s.events.venueId }).from(s.events).where(eq(s.events.id, eventUuid));
    return {
      caller: owner,
      params: {},
      body: { organisation: event.orgId, venueId: event.venueId, category: 'concert', title: { sk: 'Nové' }, startsAt: new Date(Date.now() + 86_400_000).toISOString(), currency: 'EUR' },
    };
  },
  'PATCH /api/v1/organiser/events/[eventId]': async () => {
    const { owner, eventId } = await organiserDraft();
    return { caller: owner, params: { eventId }, body: { maxTicketsPerOrder: 4, title: { sk: 'Zmenené' } } };
  },
  'POST /api/v1/organiser/events/[eventId]/publish': async () => {
    const { owner, eventId } = await organiserDraft('publishable');
    return { caller: owner, params: { eventId }, body: {} };
  },
  'POST /api/v1/organiser/events/[eventId]/unpublish': async () => {
    const { owner, eventId } = await organiserDraft('published');
    return { caller: owner, params: { eventId }, body: {} };
  },
  'POST /api/v1/organiser/events/[eventId]/cancel': async () => {
    const { owner, eventId } = await organiserDraft('published');
    return { caller: owner, params: { eventId }, body: { message: 'Zápas sa presúva na jar.' } };
  },
  'POST /api/v1/organiser/events/[eventId]/duplicate': async () => {
    const { owner, eventId } = await organiserDraft('publishable');
    return { caller: owner, params: { eventId }, body: { startsAt: new Date(Date.now() + 60 * 86_400_000).toISOString() } };
  },
  'POST /api/v1/organiser/events/[eventId]/price-categories': async () => {
    const { owner, eventId } = await organiserDraft();
    return { caller: owner, params: { eventId }, body: { name: { sk: 'Státie' }, kind: 'standing', priceAmount: 700, capacity: 3 } };
  },
  'PATCH /api/v1/organiser/events/[eventId]/price-categories/[categoryId]': async () => {
    const { owner, eventId, categoryId } = await organiserDraft('publishable');
    return { caller: owner, params: { eventId, categoryId }, body: { priceAmount: 900, capacity: 4 } };
  },
  // organiser: team and images
  'POST /api/v1/organiser/organisations/[orgId]/members': async () => ({
    caller: await makeScanner(t.db, EVENT, 'owner'),
    params: { orgId: orgUuid },
    body: { email: `invited.${randomUUID()}@example.com`, role: 'scanner' },
  }),
  'PATCH /api/v1/organiser/organisations/[orgId]/members/[memberId]': async () => {
    const member = await makeScanner(t.db, EVENT, 'scanner');
    return { caller: await makeScanner(t.db, EVENT, 'owner'), params: { orgId: orgUuid, memberId: member.id }, body: { role: 'manager' } };
  },
  'POST /api/v1/organiser/invitations/accept': async () => {
    const owner = await makeScanner(t.db, EVENT, 'owner');
    const invited = await makeUser(t.db, 'invited');
    const sent = await inviteMember(owner, orgUuid, { email: invited.email, role: 'scanner', locale: 'en' });
    if (!sent.ok) throw new Error(sent.code);
    return { caller: invited, params: {}, body: { token: await mailedToken(invited.email) } };
  },
  'POST /api/v1/organiser/invitations/signup': async () => {
    const owner = await makeScanner(t.db, EVENT, 'owner');
    const email = `invited.${randomUUID()}@example.com`;
    const sent = await inviteMember(owner, orgUuid, { email, role: 'scanner', locale: 'en' });
    if (!sent.ok) throw new Error(sent.code);
    return { caller: null, params: {}, body: { token: await mailedToken(email), firstName: 'Eva', lastName: 'Nová', password: PASSWORD, confirmPassword: PASSWORD } };
  },
  'PATCH /api/v1/organiser/events/[eventId]/images': async () => {
    const { owner, eventId } = await draftWithGallery();
    return { caller: owner, params: { eventId }, body: { order: [1, 0] } };
  },
  'PATCH /api/v1/organiser/events/[eventId]/images/[index]': async () => {
    const { owner, eventId } = await draftWithGallery();
    return { caller: owner, params: { eventId, index: '1' }, body: { cover: true } };
  },
  // organiser: venues
  'POST /api/v1/organiser/venues': async () => ({
    caller: await makeScanner(t.db, EVENT, 'manager'),
    params: {},
    body: { organisation: (await eventBySlug(t.db, EVENT)).orgId, name: 'Nová hala', address: 'Hlavná 1', city: 'Trnava', country: 'SK' },
  }),
  'PATCH /api/v1/organiser/venues/[venueId]': async () => ({ caller: await makeScanner(t.db, EVENT, 'owner'), params: { venueId: venueUuid }, body: { city: 'Bratislava' } }),
  'POST /api/v1/organiser/venues/[venueId]/sections': async () => ({
    caller: await makeScanner(t.db, EVENT, 'manager'),
    params: { venueId: venueUuid },
    body: { code: `R${randomUUID().slice(0, 8)}`, name: { sk: 'Rad', cs: 'Řada', en: 'Row' }, rows: 2, seatsPerRow: 3 },
  }),
  'PATCH /api/v1/organiser/venues/[venueId]/sections/[sectionId]': async () => {
    const owner = await makeScanner(t.db, EVENT, 'owner');
    const added = await addSection(owner.id, venueUuid, { code: `E${randomUUID().slice(0, 8)}`, name: { sk: 'x', cs: 'x', en: 'x' }, rows: 1, seatsPerRow: 2 });
    if (!added.ok) throw new Error(added.code);
    return { caller: owner, params: { venueId: venueUuid, sectionId: added.sectionId }, body: { name: { sk: 'Nový', cs: 'Nový', en: 'New' } } };
  },
  // A seat of a section added for it, so that no other write here meets a held-back seat.
  'PUT /api/v1/organiser/venues/[venueId]/accessible-seats': async () => {
    const owner = await makeScanner(t.db, EVENT, 'owner');
    const added = await addSection(owner.id, venueUuid, { code: `W${randomUUID().slice(0, 8)}`, name: { sk: 'x', cs: 'x', en: 'x' }, rows: 1, seatsPerRow: 2 });
    if (!added.ok) throw new Error(added.code);
    const [seat] = await t.db.select({ id: s.venueSeats.id }).from(s.venueSeats).where(eq(s.venueSeats.sectionId, added.sectionId)).limit(1);
    return { caller: owner, params: { venueId: venueUuid }, body: { seatIds: [seat.id], kind: 'wheelchair' } };
  },
  'POST /api/v1/organiser/events/[eventId]/seat-blocks': async () => ({
    caller: await makeScanner(t.db, EVENT, 'manager'),
    params: { eventId: eventUuid },
    body: { seatIds: [await freeSeat()], action: 'block' },
    admitted: (answer) => (answer as { changed?: number }).changed === 1,
  }),
  // organiser: codes and resale
  ...organiserCodesWrites(),
  // waiting list: a sold-out event (no place at all) with its list on
  'POST /api/v1/events/[id]/waiting-list': async () => {
    const event = await makeSmallEvent(t.db, { seats: 0, places: 0 });
    return { caller: await makeUser(t.db, 'waiting'), params: { id: event.slug }, body: { quantity: 2 } };
  },
  // waiting room (queued on-sale): small events of their own, so that no other write's holds need an admission
  'PUT /api/v1/organiser/events/[eventId]/waiting-room': async () => {
    const event = await makeSmallEvent(t.db);
    return { caller: await makeMember(t.db, event.orgId, 'manager', 'queue-put'), params: { eventId: event.id }, body: { ratePerMinute: 300, admissionMinutes: 5 } };
  },
  'POST /api/v1/organiser/events/[eventId]/waiting-room/codes': async () => {
    const event = await makeSmallEvent(t.db);
    await t.db.insert(s.waitingRooms).values({ eventId: event.id });
    return { caller: await makeMember(t.db, event.orgId, 'manager', 'queue-codes'), params: { eventId: event.id }, body: { count: 2 } };
  },
  'POST /api/v1/events/[id]/queue/presale-code': async () => {
    const event = await makeSmallEvent(t.db);
    await t.db.update(s.events).set({ saleStartsAt: new Date(Date.now() + 3_600_000) }).where(eq(s.events.id, event.id));
    await eventChanged(event.id);
    const [room] = await t.db.insert(s.waitingRooms).values({ eventId: event.id, presaleStartsAt: new Date(Date.now() - 60_000) }).returning({ id: s.waitingRooms.id });
    const [code] = await generateCodes(room.id, 1);
    return { caller: await makeUser(t.db, 'presale-code'), params: { id: event.slug }, body: { code } };
  },
  // a season's ticket sale queued the same way: a season of its own (holds of the demo's seasons need no admission)
  'PUT /api/v1/organiser/seasons/[seasonId]/waiting-room': async () => {
    const season = await ownSeason('queue-put');
    return { caller: await makeMember(t.db, season.orgId, 'manager', 'season-queue-put'), params: { seasonId: season.id }, body: { ratePerMinute: 300, admissionMinutes: 5 } };
  },
  'POST /api/v1/organiser/seasons/[seasonId]/waiting-room/codes': async () => {
    const season = await ownSeason('queue-codes');
    await t.db.insert(s.waitingRooms).values({ seasonId: season.id });
    return { caller: await makeMember(t.db, season.orgId, 'manager', 'season-queue-codes'), params: { seasonId: season.id }, body: { count: 2 } };
  },
  'POST /api/v1/seasons/[seasonId]/queue/presale-code': async () => {
    const season = await ownSeason('queue-presale', new Date(Date.now() + 3_600_000));
    const [room] = await t.db.insert(s.waitingRooms).values({ seasonId: season.id, presaleStartsAt: new Date(Date.now() - 60_000) }).returning({ id: s.waitingRooms.id });
    const [code] = await generateCodes(room.id, 1);
    return { caller: await makeUser(t.db, 'season-presale-code'), params: { seasonId: season.slug }, body: { code } };
  },
  'PUT /api/v1/organiser/events/[eventId]/waiting-list': async () => ({
    caller: await makeScanner(t.db, EVENT, 'manager'),
    params: { eventId: eventUuid },
    body: { enabled: false, offerMinutes: 45 },
  }),
  // part refunds (lib/server/refunds): an event of their own, never the demo's
  'POST /api/v1/tickets/[id]/refund': async () => {
    const event = await makeSmallEvent(t.db, { seats: 2 });
    await t.db.update(s.events).set({ selfCancelAllowed: true, selfCancelHours: 1 }).where(eq(s.events.id, event.id));
    const fan = await makeUser(t.db, 'returning');
    const order = await buyPaid(t.db, fan, event.slug, { seatIds: [event.seatIds[0]] });
    const [ticket] = await t.db.select({ id: s.tickets.id }).from(s.tickets).where(eq(s.tickets.orderId, order.id));
    return { caller: fan, params: { id: ticket.id }, body: { scope: 'ticket' } };
  },
  'POST /api/v1/organiser/events/[eventId]/postpone': async () => {
    const event = await makeSmallEvent(t.db, { seats: 1 });
    const [row] = await t.db.select({ startsAt: s.events.startsAt }).from(s.events).where(eq(s.events.id, event.id));
    return {
      caller: await makeScanner(t.db, event.slug, 'manager'),
      params: { eventId: event.id },
      body: { startsAt: new Date(row.startsAt.getTime() + 7 * 86_400_000).toISOString(), refundDeadline: new Date(row.startsAt.getTime()).toISOString(), message: 'Nový termín.' },
    };
  },
  'PUT /api/v1/organiser/events/[eventId]/self-cancel': async () => {
    const event = await makeSmallEvent(t.db, { seats: 1 });
    return { caller: await makeScanner(t.db, event.slug, 'manager'), params: { eventId: event.id }, body: { allowed: true, hoursBefore: 24, refundsFee: null } };
  },
  // named tickets (risk matches): the demo's risk match names every ticket
  'PUT /api/v1/events/[id]/cart/holders': async () => {
    const fan = await makeUser(t.db, 'naming');
    const risk = await eventBySlug(t.db, RISK_MATCH);
    const [unit] = await t.db
      .select({ seatId: s.inventoryUnits.seatId })
      .from(s.inventoryUnits)
      .where(and(eq(s.inventoryUnits.eventId, risk.id), eq(s.inventoryUnits.status, 'available'), isNotNull(s.inventoryUnits.seatId)))
      .limit(1);
    const held = await addToCart({ user: fan, eventRef: RISK_MATCH, selection: { seatIds: [unit.seatId!] }, locale: 'en' });
    if (!held.ok) throw new Error(held.code);
    return { caller: fan, params: { id: RISK_MATCH }, body: { holders: [{ itemId: held.cart.items[0].id, name: 'Ján Novák', dateOfBirth: '1990-04-02' }] } };
  },
  'PUT /api/v1/tickets/[id]/holder': async () => {
    const fan = await makeUser(t.db, 'receiver');
    const { ticket } = await giveTicket(t.db, fan.id, RISK_MATCH);
    await t.db.update(s.tickets).set({ named: true }).where(eq(s.tickets.id, ticket.id));
    return { caller: fan, params: { id: ticket.id }, body: { name: 'Eva Nováková', dateOfBirth: '1992-03-04' } };
  },
  'PUT /api/v1/organiser/events/[eventId]/named-tickets': async () => ({
    caller: await makeScanner(t.db, EVENT, 'manager'),
    params: { eventId: eventUuid },
    body: { namedTickets: false, sectionIds: [] },
  }),
  // concessions: the category's prices as they are, a student concession on a cart line, a wheelchair place with a ZŤP card
  'PUT /api/v1/organiser/events/[eventId]/price-categories/[categoryId]/concessions': async () => {
    const [category] = await t.db.select({ id: s.ticketTypes.id }).from(s.ticketTypes).where(eq(s.ticketTypes.eventId, eventUuid)).orderBy(asc(s.ticketTypes.sortOrder)).limit(1);
    const concessions = await t.db
      .select({ kind: s.ticketTypeConcessions.kind, priceAmount: s.ticketTypeConcessions.priceAmount, companion: s.ticketTypeConcessions.companion })
      .from(s.ticketTypeConcessions)
      .where(eq(s.ticketTypeConcessions.ticketTypeId, category.id));
    return { caller: await makeScanner(t.db, EVENT, 'manager'), params: { eventId: eventUuid, categoryId: category.id }, body: { concessions } };
  },
  'PUT /api/v1/events/[id]/cart/concessions': async () => {
    const fan = await makeUser(t.db, 'concession');
    const held = await addToCart({ user: fan, eventRef: EVENT, selection: { seatIds: [await freeSeat()] }, locale: 'en' });
    if (!held.ok) throw new Error(held.code);
    return { caller: fan, params: { id: EVENT }, body: { itemId: held.cart.items[0].id, concession: 'student' } };
  },
  'POST /api/v1/events/[id]/cart/accessible': async () => {
    const [place] = await t.db
      .select({ seatId: s.accessibleSeats.seatId })
      .from(s.accessibleSeats)
      .innerJoin(s.inventoryUnits, eq(s.inventoryUnits.seatId, s.accessibleSeats.seatId))
      .innerJoin(s.events, eq(s.events.id, s.inventoryUnits.eventId))
      .where(and(eq(s.events.slug, ACCESSIBLE_MATCH), eq(s.accessibleSeats.kind, 'wheelchair'), eq(s.inventoryUnits.status, 'available')))
      .limit(1);
    return { caller: await makeUser(t.db, 'wheelchair'), params: { id: ACCESSIBLE_MATCH }, body: { seatId: place.seatId, concession: 'ztp' } };
  },
  // loyalty points: the programme as it stays off
  'PUT /api/v1/organiser/organisations/[orgId]/loyalty': async () => ({
    caller: await makeScanner(t.db, EVENT, 'manager'),
    params: { orgId: orgUuid },
    body: { enabled: false, attendancePoints: 5, pointsPerUnit: 1, redeemRate: 100, redeemMaxPercent: 50 },
  }),
  // seasons: FK Dunaj's winter season (the demo's, in its renewal window), written by a manager of the club
  'POST /api/v1/organiser/seasons': async () => {
    const event = await eventBySlug(t.db, EVENT);
    const name = { sk: 'Jar 2027', cs: 'Jaro 2027', en: 'Spring 2027' };
    const windows = { saleOpensAt: null, saleClosesAt: null, renewalOpensAt: null, renewalClosesAt: null };
    return {
      caller: await makeScanner(t.db, EVENT, 'manager'),
      params: {},
      body: { organisation: event.orgId, venueId: event.venueId, currency: 'EUR', renewsSeasonId: null, name, ...windows, transferEnabled: true, releaseSharePercent: 50 },
    };
  },
  'PATCH /api/v1/organiser/seasons/[seasonId]': async () => ({ caller: await makeScanner(t.db, EVENT, 'manager'), params: { seasonId: await winterSeason() }, body: { releaseSharePercent: 40 } }),
  'PUT /api/v1/organiser/seasons/[seasonId]/categories': async () => {
    const seasonId = await winterSeason();
    const caller = await makeScanner(t.db, EVENT, 'manager');
    const current = await getSeason(caller.id, seasonId);
    if (!current.ok) throw new Error(current.code);
    return { caller, params: { seasonId }, body: categoriesBodyOf(current.season) };
  },
  'PUT /api/v1/organiser/seasons/[seasonId]/template': async () => {
    const seasonId = await winterSeason();
    const [match] = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.seasonId, seasonId)).limit(1);
    return { caller: await makeScanner(t.db, EVENT, 'manager'), params: { seasonId }, body: { eventId: match.id } };
  },
  // a new match from the season's template (one of its matches)
  'POST /api/v1/organiser/seasons/[seasonId]/matches/from-template': async () => {
    const seasonId = await winterSeason();
    const [match] = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.seasonId, seasonId)).limit(1);
    await t.db.update(s.seasons).set({ templateEventId: match.id }).where(eq(s.seasons.id, seasonId));
    return { caller: await makeScanner(t.db, EVENT, 'manager'), params: { seasonId }, body: { startsAt: new Date(Date.now() + 120 * 86_400_000).toISOString() } };
  },
  // a new match of the club selling every seat of the season's stadium
  'POST /api/v1/organiser/seasons/[seasonId]/matches': async () => {
    const { owner, eventId } = await organiserDraft();
    const sections = await t.db
      .select({ id: s.venueSections.id })
      .from(s.venueSections)
      .innerJoin(s.events, eq(s.events.venueId, s.venueSections.venueId))
      .where(and(eq(s.events.id, eventId), sql`exists (select 1 from venue_seats vs where vs.section_id = ${s.venueSections.id})`));
    const category = await createPriceCategory(owner.id, eventId, { name: { sk: 'Sedenie' }, kind: 'seated', priceAmount: 900, sectionIds: sections.map((section) => section.id) });
    if (!category.ok) throw new Error(category.code);
    await t.db.update(s.events).set({ imageUrl: '/images/demo/stadium.webp' }).where(eq(s.events.id, eventId));
    if (!(await publishEvent(owner.id, eventId)).ok) throw new Error('not published');
    return { caller: owner, params: { seasonId: await winterSeason() }, body: { eventId } };
  },
  'POST /api/v1/season-tickets/[id]/transfer': async () => {
    const holder = await makeUser(t.db, 'season-holder');
    const receiver = await makeUser(t.db, 'season-receiver');
    const seasonId = await winterSeason();
    const [seat] = await t.db
      .select({ id: s.venueSeats.id })
      .from(s.venueSeats)
      .innerJoin(s.venues, eq(s.venues.id, s.venueSeats.venueId))
      .innerJoin(s.seasons, eq(s.seasons.venueId, s.venues.id))
      .where(and(eq(s.seasons.id, seasonId), sql`not exists (select 1 from season_tickets st where st.season_id = ${seasonId} and st.seat_id = ${s.venueSeats.id})`))
      .limit(1);
    const [held] = await t.db.insert(s.seasonTickets).values({ seasonId, userId: holder.id, seatId: seat.id }).returning({ id: s.seasonTickets.id });
    await t.db.update(s.seasons).set({ transferEnabled: true }).where(eq(s.seasons.id, seasonId));
    return { caller: holder, params: { id: held.id }, body: { email: receiver.email } };
  },
  // packages: a manager of FK Dunaj makes one of the match's category; the demo's family ticket changes and is bought
  'POST /api/v1/organiser/packages': async () => {
    const [category] = await t.db.select({ id: s.ticketTypes.id }).from(s.ticketTypes).where(eq(s.ticketTypes.eventId, eventUuid)).limit(1);
    return {
      caller: await makeScanner(t.db, EVENT, 'manager'),
      params: {},
      body: { organisation: orgUuid, name: { sk: 'Dvojica', cs: 'Dvojice', en: 'Pair' }, description: null, price: 3000, quantity: 10, onSale: true, contents: [{ eventId: eventUuid, ticketTypeId: category.id, quantity: 2 }] },
    };
  },
  'PATCH /api/v1/organiser/packages/[packageId]': async () => ({
    caller: await makeScanner(t.db, EVENT, 'manager'),
    params: { packageId: (await familyPackage()).id },
    body: { price: 5300, quantity: 41 },
  }),
  'POST /api/v1/events/[id]/cart/packages': async () => {
    const pkg = await familyPackage();
    return { caller: await makeUser(t.db, 'family'), params: { id: 'dunaj-bratislava-msk-zilina' }, body: { packageId: pkg.id } };
  },
  // a fan buys a free seat for the whole winter season (its sale opened a day ago)
  'POST /api/v1/seasons/[seasonId]/purchase': async () => {
    const seasonId = await winterSeason();
    await t.db.update(s.seasons).set({ saleOpensAt: new Date(Date.now() - 86_400_000), saleClosesAt: null }).where(eq(s.seasons.id, seasonId));
    await mapWinterSeason(seasonId);
    const fan = await makeUser(t.db, 'season-buyer');
    const sale = await seasonSale(seasonId, fan.id);
    const free = sale!.sections.flatMap((section) => section.rows.flatMap((row) => row.seats)).find((seat) => seat.state === 'free');
    return { caller: fan, params: { seasonId }, body: { seatIds: [free!.id] } };
  },
  // the demo's holder of last season renews their seat in the renewal window
  'POST /api/v1/seasons/[seasonId]/renewal': async () => {
    const [holder] = await t.db.select({ id: s.users.id, email: s.users.email }).from(s.users).where(eq(s.users.email, 'fan@tribuna.sk'));
    const seasonId = await winterSeason();
    await mapWinterSeason(seasonId);
    return { caller: { id: holder.id, email: holder.email!, token: await sessionFor(t.db, holder.id) } as TestUser, params: { seasonId }, body: {} };
  },
  // the support desk (issue 33 item 6): an admin acts on a paid order of a fan of its own
  'POST /api/v1/support/orders/[orderId]/resend': async () => {
    const { ticket } = await giveTicket(t.db, (await makeUser(t.db, 'supported')).id, EVENT);
    return { caller: await supportAdmin(), params: { orderId: ticket.orderId! }, body: { reason: 'Fan did not get the mail' } };
  },
  'POST /api/v1/support/orders/[orderId]/refund': async () => {
    const { ticket } = await giveTicket(t.db, (await makeUser(t.db, 'supported')).id, EVENT);
    return { caller: await supportAdmin(), params: { orderId: ticket.orderId! }, body: { reason: 'Goodwill for a late gate', amount: 100 } };
  },
  'POST /api/v1/support/tickets/[ticketId]/move': async () => {
    const { ticket } = await giveTicket(t.db, (await makeUser(t.db, 'supported')).id, EVENT);
    return { caller: await supportAdmin(), params: { ticketId: ticket.id }, body: { reason: 'Bought for a friend', email: (await makeUser(t.db, 'friend')).email } };
  },
  'POST /api/v1/support/tickets/[ticketId]/void': async () => {
    const { ticket } = await giveTicket(t.db, (await makeUser(t.db, 'supported')).id, EVENT);
    return { caller: await supportAdmin(), params: { ticketId: ticket.id }, body: { reason: 'Issued twice by mistake' } };
  },
  'POST /api/v1/support/tickets/[ticketId]/refund': async () => {
    const { ticket } = await giveTicket(t.db, (await makeUser(t.db, 'supported')).id, EVENT);
    return { caller: await supportAdmin(), params: { ticketId: ticket.id }, body: { reason: 'Fan cannot come' } };
  },
  // payouts: bank accounts and runs
  'PUT /api/v1/payouts/bank-account': async () => ({ caller: await makeUser(t.db, 'seller'), params: {}, body: { iban: 'SK31 1200 0000 1987 4263 7541', holderName: 'Jana Nováková' } }),
  // The demo's past resale sale is due once its seller has a bank account: an admin's run takes it.
  'POST /api/v1/admin/payout-runs': async () => {
    const [seller] = await t.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'fanusik@tribuna.cz'));
    await setBankAccount(seller, bankAccountSchema.parse({ iban: 'CZ65 0800 0000 1920 0014 5399', holderName: 'Petr Dvořák' }));
    const admin = await makeUser(t.db, 'admin');
    await t.db.update(s.users).set({ isAdmin: true }).where(eq(s.users.id, admin.id));
    return { caller: admin, params: {}, body: { currency: 'EUR' }, admitted: (answer) => (answer as { run?: { payoutCount: number } }).run!.payoutCount >= 1 };
  },
  // onboarding: each write its own applicant (and admin), its own application and organisation
  'POST /api/v1/onboarding/application': async () => ({ caller: await makeUser(t.db, 'applicant'), params: {}, body: applicationBody(randomUUID().slice(0, 8)) }),
  'PUT /api/v1/onboarding/application': async () => {
    const applicant = await ownApplication();
    return { caller: applicant.user, params: {}, body: applicationBody(`${applicant.tag}-changed`) };
  },
  'POST /api/v1/admin/applications/[applicationId]/approve': async () => {
    const { id } = await ownApplication();
    return { caller: await makeAdminUser(), params: { applicationId: id }, body: { message: 'Vitajte na Tribune.', platformFeePerTicket: 50, platformFeeBps: 250 } };
  },
  'POST /api/v1/admin/applications/[applicationId]/changes': async () => {
    const { id } = await ownApplication();
    return { caller: await makeAdminUser(), params: { applicationId: id }, body: { message: 'Doplňte, prosím, IČ DPH.' } };
  },
  'POST /api/v1/admin/applications/[applicationId]/reject': async () => {
    const { id } = await ownApplication();
    return { caller: await makeAdminUser(), params: { applicationId: id }, body: { message: 'IČO sa nepodarilo overiť.' } };
  },
  // organisations: an admin changes the terms of an organisation of its own (the deployment's default provider: no Comgate here)
  'PUT /api/v1/admin/organisations/[orgId]/terms': async () => {
    const { orgId } = await ownApplication();
    return { caller: await makeAdminUser(), params: { orgId }, body: { paymentProvider: 'default', platformFeePerTicket: 40, platformFeeBps: 150, payoutSchedule: 'event', reason: 'Nové podmienky klubu' } };
  },
  // An address change applies at once (no password): the approved organisation of its own applicant.
  'PUT /api/v1/organiser/organisations/[orgId]/legal-profile': async () => {
    const { user, id, orgId } = await ownApplication();
    const approved = await reviewApplication(await makeAdminUser(), id, { review: 'approved', terms: { message: 'OK', platformFeePerTicket: 0, platformFeeBps: 0 } });
    if (!approved.ok) throw new Error(approved.code);
    const body = applicationBody('profile');
    return {
      caller: user,
      params: { orgId },
      body: { legalName: 'Iný klub, o.z.', legalForm: 'o.z.', street: 'Nová 2', city: 'Žilina', postcode: '010 01', ico: body.ico, dic: body.dic, vatRegistered: false, vatId: null, iban: body.iban, bic: body.bic },
    };
  },
  'PUT /api/v1/organiser/organisations/[orgId]/payout-schedule': async () => {
    const { user, orgId } = await ownApplication();
    return { caller: user, params: { orgId }, body: { schedule: 'event' } };
  },
  // notifications: push, settings, announcements
  'PUT /api/v1/notifications/settings': async () => ({ caller: await makeUser(t.db, 'notified'), params: {}, body: { push: ['gift-received'], email: ['announcement'], locale: 'cs' } }),
  'POST /api/v1/notifications/push-subscriptions': async () => ({
    caller: await makeUser(t.db, 'subscribing'),
    params: {},
    body: { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys: PUSH_KEYS },
  }),
  'DELETE /api/v1/notifications/push-subscriptions': async () => {
    const fan = await makeUser(t.db, 'unsubscribing');
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
    await t.db.insert(s.pushSubscriptions).values({ userId: fan.id, endpoint, ...PUSH_KEYS });
    return { caller: fan, params: {}, body: { endpoint } };
  },
  'POST /api/v1/notifications/unsubscribe': async () => ({ caller: null, params: {}, body: { token: unsubscribeToken((await makeUser(t.db, 'unsubscribed')).id, 'announcement') } }),
  'POST /api/v1/organiser/events/[eventId]/announcements': async () => {
    const { owner, eventId } = await organiserDraft('published');
    return { caller: owner, params: { eventId }, body: { message: { sk: 'Brány sa otvoria neskôr.', cs: '', en: 'Gates open later.' } } };
  },
  // to everyone with a ticket to one of the club's coming matches (issue 31 item 8g)
  'POST /api/v1/organiser/organisations/[orgId]/announcements': async () => ({
    caller: await makeScanner(t.db, EVENT, 'manager'),
    params: { orgId: orgUuid },
    body: { message: { sk: 'Pokladňa je v sobotu otvorená od 9:00.', cs: '', en: '' } },
  }),
  'POST /api/v1/organiser/seasons/[seasonId]/announcements': async () => ({
    caller: await makeScanner(t.db, EVENT, 'manager'),
    params: { seasonId: await winterSeason() },
    body: { message: { sk: 'Permanentky si vyzdvihnete pri pokladni B.', cs: '', en: 'Collect your season cards at desk B.' } },
  }),
  // feedback after an event: a holder checked in at the past friendly answers; a manager words a question
  'POST /api/v1/events/[id]/feedback': async () => {
    const fan = await makeUser(t.db, 'rater');
    const { ticket } = await giveTicket(t.db, fan.id, 'dunaj-bratislava-slovan-liberec');
    await t.db.update(s.tickets).set({ status: 'checked_in', checkedInAt: new Date() }).where(eq(s.tickets.id, ticket.id));
    return { caller: fan, params: { id: 'dunaj-bratislava-slovan-liberec' }, body: { rating: 4, comment: 'Dobrý zápas' } };
  },
  'PUT /api/v1/organiser/events/[eventId]/feedback-questions': async () => ({
    caller: await makeScanner(t.db, EVENT, 'manager'),
    params: { eventId: eventUuid },
    body: { questions: [{ prompt: { sk: 'Ako sa vám páčilo?', cs: 'Jak se vám líbilo?', en: 'Did you like it?' }, kind: 'rating' }] },
  }),
};

const PUSH_KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };

/** The organiser's writes of codes and resale rules, each by a manager of the event's organiser. */
function organiserCodesWrites(): Record<string, () => Promise<RealWrite>> {
  const policy = { transferEnabled: true, resaleEnabled: true, resaleCapPercent: 100, resaleCapAmount: null, resaleWindowHours: 2, resaleSellerFeeBps: 500, resaleBuyerFeeBps: 300, resaleOrganiserSharePercent: 20 };
  const manager = () => makeScanner(t.db, EVENT, 'manager');
  const event = () => eventBySlug(t.db, EVENT);
  const code = () => `BAD${randomUUID().slice(0, 8).toUpperCase()}`;
  return {
    'PUT /api/v1/organiser/events/[eventId]/resale-policy': async () => ({ caller: await manager(), params: { eventId: eventUuid }, body: policy }),
    'POST /api/v1/organiser/events/[eventId]/resale-policy/preview': async () => ({ caller: await manager(), params: { eventId: eventUuid }, body: { ...policy, resaleCapPercent: 90 } }),
    'PATCH /api/v1/organiser/organisations/[orgId]/settings': async () => ({ caller: await manager(), params: { orgId: (await event()).orgId }, body: { website: 'https://fkdunaj.sk' } }),
    'POST /api/v1/organiser/coupons': async () => ({ caller: await manager(), params: {}, body: { organisation: (await event()).orgId, code: code(), kind: 'percent', value: 5 } }),
    'PATCH /api/v1/organiser/coupons/[couponId]': async () => {
      const [coupon] = await t.db.insert(s.coupons).values({ code: code(), orgId: (await event()).orgId, kind: 'percent', value: 5 }).returning({ id: s.coupons.id });
      return { caller: await manager(), params: { couponId: coupon.id }, body: { active: false } };
    },
    'POST /api/v1/organiser/redeem-codes': async () => {
      const [type] = await t.db.select({ id: s.ticketTypes.id }).from(s.ticketTypes).where(eq(s.ticketTypes.eventId, eventUuid)).limit(1);
      return { caller: await manager(), params: {}, body: { eventId: eventUuid, categoryId: type.id, count: 2 } };
    },
    'PATCH /api/v1/organiser/redeem-codes/[codeId]': async () => {
      const [type] = await t.db.select({ id: s.ticketTypes.id }).from(s.ticketTypes).where(eq(s.ticketTypes.eventId, eventUuid)).limit(1);
      const [row] = await t.db.insert(s.redeemCodes).values({ code: code(), eventId: eventUuid, ticketTypeId: type.id }).returning({ id: s.redeemCodes.id });
      return { caller: await manager(), params: { codeId: row.id }, body: { active: false } };
    },
  };
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
    // The writes that read a JSON body get their real bodies in these types instead (below: form posts).
    if (!REAL_WRITES[key]) for (const wrong of WRONG_CONTENT_TYPES) cases.push({ name: `content type ${wrong.type}`, url, params, body: wrong.text, headers: { 'content-type': wrong.type } });
    if (valid) for (const m of mutations(valid)) cases.push({ name: `field ${m.name}`, url, params, body: jsonText(m.body) });
    // Past the path's limit (lib/body-limits.ts): 1 MB, or more where a path takes more (a venue's layout file).
    const oversize = Math.max(ONE_MB, bodyLimitFor(new URL(url).pathname) + 1024);
    cases.push({ name: 'an oversize body', url, params, body: jsonText({ a: 'x'.repeat(oversize) }), status: 413 });
    cases.push({ name: 'an oversize body, signed out', url, params, body: jsonText({ a: 'x'.repeat(oversize) }), anonymous: true, status: 413 });
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

/** The tables a refused write must leave alone (rate-limit counters aside); the schema does not change in a run. */
let checkedTables: string[] | null = null;
async function tablesToCheck(): Promise<string[]> {
  checkedTables ??= rowsOf<{ name: string }>(await t.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`))
    .map((row) => row.name)
    .filter((name) => !COUNTERS.has(name));
  return checkedTables;
}

/** One figure per checked table (`of` reads it from the table's rows, `r`), all in one statement. */
async function perTable<T>(of: SQL): Promise<Record<string, T>> {
  const names = await tablesToCheck();
  const figures = sql.join(
    names.map((name) => sql`select ${name}::text as name, ${of} as figure from ${sql.identifier(name)} r`),
    sql` union all `,
  );
  const rows = rowsOf<{ name: string; figure: T }>(await t.db.execute(figures));
  return Object.fromEntries(rows.map((row) => [row.name, row.figure]));
}

/** Every table's row count (a route's cases are counted before and after). */
const tableCounts = () => perTable<number>(sql`count(*)::int`);

/**
 * Every table's rows, hashed (rate-limit counters aside): a refused write may neither add a row nor
 * change one (a profile, a cart's coupon, a ticket's check-in).
 */
const tableContents = () => perTable<string>(sql`md5(coalesce(string_agg(r::text, '|' order by r::text), ''))`);

/** Next's notFound()/redirect() throw an error whose digest names the answer. */
function thrownStatus(error: unknown): number | null {
  const digest = (error as { digest?: unknown })?.digest;
  if (typeof digest !== 'string') return null;
  const fallback = /^NEXT_HTTP_ERROR_FALLBACK;(\d{3})$/.exec(digest);
  if (fallback) return Number(fallback[1]);
  return digest.startsWith('NEXT_REDIRECT') ? 307 : null;
}

async function send(handler: Handler, method: string, c: Case, token: string | undefined): Promise<{ status: number; text: string }> {
  const headers = new Headers({ 'content-type': 'application/json', 'accept-language': 'sk' });
  if (!c.anonymous && !c.viaCookie) headers.set('authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(c.headers ?? {})) headers.set(name, value);
  if (c.viaCookie && token) headers.set('cookie', `tribuna_session=${await sealSessionToken(token, 3600)}; ${headers.get('cookie') ?? ''}`);
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
  if (c.pulled && c.pulled() > Math.max(ONE_MB, bodyLimitFor(new URL(c.url).pathname) + 64 * 1024)) return `read ${c.pulled()} bytes of an oversize body before answering`;
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
    const mod = await handlersOf(route);
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

const realWriteRoutes = routes.flatMap((route) => METHODS.filter((m) => REAL_WRITES[`${m} ${route.template}`]).map((method) => ({ route, method, key: `${method} ${route.template}` })));

it('has a real body for every route that reads a JSON body', () => {
  const reading = routes.filter(readsJsonBody).map((r) => r.template);
  expect(reading.length).toBeGreaterThan(10);
  expect(reading.filter((template) => !realWriteRoutes.some((w) => w.route.template === template))).toEqual([]);
});

/** A write as a page on another site can send it: a form post (no preflight) that the browser gives our cookies. */
function formPostCases(write: RealWrite, url: string): Case[] {
  const cases: Case[] = [];
  const signedOut = write.caller === null;
  const xsrf = { cookie: 'XSRF-TOKEN=same-site-token', 'x-xsrf-token': 'same-site-token' };
  for (const form of formPosts(write.body)) {
    const type = { 'content-type': form.type };
    const base = { url, params: write.params, body: form.text };
    // From this site (or the native app): a JSON API takes JSON only.
    cases.push({ ...base, name: `${form.name}`, anonymous: signedOut, headers: type, status: 415 });
    cases.push({ ...base, name: `${form.name}, from this site`, anonymous: signedOut, viaCookie: !signedOut, headers: { ...type, ...xsrf, origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }, status: 415 });
    // A bearer token is the native app's own authority, not the browser's: another Origin does not matter, the type does.
    if (!signedOut) cases.push({ ...base, name: `${form.name}, bearer from another site`, headers: { ...type, origin: 'https://evil.example' }, status: 415 });
    // From another site with the browser's cookies (even knowing the XSRF token): refused before the body is read.
    cases.push({ ...base, name: `${form.name}, posted by another site`, anonymous: signedOut, viaCookie: !signedOut, headers: { ...type, ...xsrf, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, status: 403 });
    cases.push({ ...base, name: `${form.name}, another site without Origin`, anonymous: signedOut, viaCookie: !signedOut, headers: { ...type, ...xsrf, 'sec-fetch-site': 'cross-site' }, status: 403 });
    cases.push({ ...base, name: `${form.name}, from a sandboxed frame (Origin: null)`, anonymous: signedOut, viaCookie: !signedOut, headers: { ...type, ...xsrf, origin: 'null' }, status: 403 });
  }
  cases.push({ url, params: write.params, body: JSON.stringify(write.body), name: 'JSON posted by another site', anonymous: signedOut, viaCookie: !signedOut, headers: { ...xsrf, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, status: 403 });
  return cases;
}

const REFUSAL_CODES: Record<number, string> = { 415: 'UNSUPPORTED_MEDIA_TYPE', 403: 'CROSS_SITE' };

describe.each(realWriteRoutes)('$key', ({ route, method, key }) => {
  it('refuses its real body sent as a form could (415, 403 from another site), changes nothing, and takes it as JSON', async () => {
    const mod = (await handlersOf(route)) as Record<string, Handler>;
    const write = await REAL_WRITES[key]();
    const url = urlOf(route.template, write.params);
    const before = await tableContents();
    const failures: string[] = [];
    for (const c of formPostCases(write, url)) {
      const answer = await send(mod[method], method, c, write.caller?.token);
      const wrong = verdict(route, c, answer) ?? (JSON.parse(answer.text).code === REFUSAL_CODES[c.status!] ? null : `answered ${answer.text.slice(0, 200)}`);
      if (wrong) failures.push(`${c.name}: ${wrong}`);
    }
    const after = await tableContents();
    for (const table of Object.keys(before)) if (after[table] !== before[table]) failures.push(`changed rows in ${table}`);
    expect(failures).toEqual([]);

    // The same body as JSON does what it says: the refusals above were the type's and the site's, not the body's.
    const accepted = await send(mod[method], method, { name: 'as JSON', url, params: write.params, body: JSON.stringify(write.body), anonymous: write.caller === null }, write.caller?.token);
    expect(accepted.status >= 200 && accepted.status < 300 ? 'accepted' : `${accepted.status} ${accepted.text.slice(0, 300)}`).toBe('accepted');
    if (write.admitted) expect(write.admitted(JSON.parse(accepted.text))).toBe(true);
  });
});

describe.each(realWriteRoutes)('$key, text faults', ({ route, method, key }) => {
  it('refuses a lone surrogate, a bidi override or NUL in each of its text fields below 500, and changes nothing', async () => {
    const mod = (await handlersOf(route)) as Record<string, Handler>;
    const write = await REAL_WRITES[key]();
    const url = urlOf(route.template, write.params);
    const before = await tableContents();
    const failures: string[] = [];
    for (const m of textMutations(write.body)) {
      const c: Case = { name: m.name, url, params: write.params, body: jsonText(m.body), anonymous: write.caller === null };
      const answer = await send(mod[method], method, c, write.caller?.token);
      const wrong = verdict(route, c, answer) ?? (answer.status < 400 ? `took it: ${answer.status} ${answer.text.slice(0, 200)}` : null);
      if (wrong) failures.push(`${c.name}: ${wrong}`);
    }
    const after = await tableContents();
    for (const table of Object.keys(before)) if (after[table] !== before[table]) failures.push(`changed rows in ${table}`);
    expect(failures).toEqual([]);
  });
});
