// Tribuna admins choose an organisation's payment provider and change its commercial terms on a screen
// (issue 33): the list shows every organisation with its provider and terms; a change needs a reason, is
// audited with before and after, and takes effect for the organisation's checkout (paymentProviderFor);
// Comgate is refused with a translated 409 where the deployment has no Comgate account; anyone but an admin
// finds nothing (404), as if the operations did not exist.
import { and, eq } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { paymentProviderFor } from '@/lib/server/payments';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import { callApi } from '@/tests/helpers/api';
import { useTestDatabase } from '../helpers/db';
import { makeMember, makeOrganisation } from '../helpers/organiser';
import { makeAdmin } from '../helpers/payouts';
import { auth, makeUser, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase();
const messages = { sk, cs, en };
const COMGATE = { COMGATE_MERCHANT: '498621', COMGATE_SECRET: 'AbCdEfGhIjKlMnOpQrSt' };

let admin: TestUser;
let owner: TestUser;
let org: { id: string; slug: string; name: string };

const call = (user: TestUser, method: string, path: string, body?: unknown, language = 'en') => callApi(request(path, { method, headers: auth(user, { 'accept-language': language }), body }));
const terms = (extra: Record<string, unknown> = {}) => ({ paymentProvider: 'comgate', platformFeePerTicket: 40, platformFeeBps: 150, payoutSchedule: 'event', reason: 'Club asked for Czech bank buttons', ...extra });
const put = (user: TestUser, body: unknown, language = 'en', orgId = org.id) => call(user, 'PUT', `/api/v1/admin/organisations/${orgId}/terms`, body, language);
const orgRow = async () => (await t.db.select().from(s.organisations).where(eq(s.organisations.id, org.id)))[0];
const entries = () => t.db.select().from(s.auditLog).where(and(eq(s.auditLog.subjectId, org.id), eq(s.auditLog.action, 'organisation.terms')));

function withComgate(on: boolean) {
  for (const [key, value] of Object.entries(COMGATE)) {
    if (on) process.env[key] = value;
    else delete process.env[key];
  }
}

beforeAll(async () => {
  admin = await makeAdmin(t.db);
  org = await makeOrganisation(t.db, 'FK Terms');
  owner = await makeMember(t.db, org.id, 'owner');
});

afterEach(() => withComgate(false));

it('lists every organisation with its provider and terms, and what the deployment can take payments with', async () => {
  const response = await call(admin, 'GET', '/api/v1/admin/organisations');
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body.organisations.find((o: { id: string }) => o.id === org.id)).toEqual({
    id: org.id,
    name: 'FK Terms',
    slug: org.slug,
    country: 'SK',
    currency: 'EUR',
    approved: true,
    paymentProvider: 'default',
    platformFeePerTicket: 0,
    platformFeeBps: 0,
    payoutSchedule: 'period',
  });
  expect(body.providers).toEqual({ default: 'test', comgate: false });
  withComgate(true);
  expect((await (await call(admin, 'GET', '/api/v1/admin/organisations')).json()).providers).toEqual({ default: 'test', comgate: true });
});

it.each(['sk', 'cs', 'en'] as const)('refuses Comgate where the deployment has none, translated (%s), changing and auditing nothing', async (language) => {
  const response = await put(admin, terms(), language);
  expect(response.status).toBe(409);
  const body = await response.json();
  expect(body).toMatchObject({ code: 'COMGATE_NOT_CONFIGURED', message: messages[language].organisations.errors.comgateNotConfigured });
  expect(body.errors).toEqual([{ field: 'paymentProvider', message: messages[language].organisations.errors.comgateNotConfigured }]);
  expect(await orgRow()).toMatchObject({ paymentProvider: null, platformFeePerTicket: 0, payoutSchedule: 'period' });
  expect(await entries()).toEqual([]);
});

it('refuses anyone but an admin (404), the organisation’s owner too', async () => {
  withComgate(true);
  const fan = await makeUser(t.db, 'fan');
  for (const user of [owner, fan]) {
    expect((await put(user, terms())).status).toBe(404);
    expect((await call(user, 'GET', '/api/v1/admin/organisations')).status).toBe(404);
  }
  expect((await orgRow()).paymentProvider).toBeNull();
  expect(await entries()).toEqual([]);
});

it.each(['sk', 'en'] as const)('needs a reason and valid terms (422, translated: %s)', async (language) => {
  withComgate(true);
  const cases: [Record<string, unknown>, string][] = [
    [{ reason: '' }, messages[language].support.errors.reasonRequired],
    [{ platformFeeBps: 9000 }, messages[language].onboarding.errors.feeBps],
    [{ platformFeePerTicket: -1 }, messages[language].onboarding.errors.feePerTicket],
    [{ paymentProvider: 'stripe' }, messages[language].organisations.errors.paymentProvider],
    [{ payoutSchedule: 'weekly' }, messages[language].organisations.errors.payoutSchedule],
  ];
  for (const [extra, message] of cases) {
    const response = await put(admin, terms(extra), language);
    expect(response.status).toBe(422);
    expect((await response.json()).errors.map((e: { message: string }) => e.message)).toContain(message);
  }
  expect(await entries()).toEqual([]);
});

it('sets the provider and terms, audited with who, why, before and after; checkout then goes through Comgate', async () => {
  withComgate(true);
  expect((await paymentProviderFor(org.id))?.name).toBe('test');
  const response = await put(admin, terms());
  expect(response.status).toBe(200);
  expect((await response.json()).organisation).toMatchObject({ paymentProvider: 'comgate', platformFeePerTicket: 40, platformFeeBps: 150, payoutSchedule: 'event' });
  expect(await orgRow()).toMatchObject({ paymentProvider: 'comgate', platformFeePerTicket: 40, platformFeeBps: 150, payoutSchedule: 'event' });
  expect((await paymentProviderFor(org.id))?.name).toBe('comgate');
  const [entry] = await entries();
  expect(entry).toMatchObject({ actorId: admin.id, orgId: org.id, subjectType: 'organisation', reason: 'Club asked for Czech bank buttons' });
  expect(entry.before).toEqual({ paymentProvider: 'default', platformFeePerTicket: 0, platformFeeBps: 0, payoutSchedule: 'period' });
  expect(entry.after).toEqual({ paymentProvider: 'comgate', platformFeePerTicket: 40, platformFeeBps: 150, payoutSchedule: 'event', changed: ['paymentProvider', 'platformFeePerTicket', 'platformFeeBps', 'payoutSchedule'] });
  // The owner reads it in the organisation's audit log.
  const log = await (await call(owner, 'GET', `/api/v1/audit-log?organisation=${org.id}`)).json();
  expect(log.entries.map((e: { action: string }) => e.action)).toContain('organisation.terms');

  // The same terms again: nothing changes, nothing is recorded.
  expect((await put(admin, terms({ reason: 'Saved twice' }))).status).toBe(200);
  expect(await entries()).toHaveLength(1);

  // Without Comgate configured any more, the organisation keeps its choice while the fee changes (the doctor reports it).
  withComgate(false);
  expect((await put(admin, terms({ platformFeeBps: 200, reason: 'New fee' }))).status).toBe(200);
  expect((await orgRow()).paymentProvider).toBe('comgate');
  // Back to the deployment's default.
  const back = await put(admin, terms({ paymentProvider: 'default', platformFeeBps: 200, reason: 'Back to cards through Stripe' }));
  expect(back.status).toBe(200);
  expect((await orgRow()).paymentProvider).toBeNull();
  expect((await paymentProviderFor(org.id))?.name).toBe('test');
  const all = await entries();
  expect(all).toHaveLength(3);
  expect(all.find((e) => e.reason === 'Back to cards through Stripe')?.after).toMatchObject({ paymentProvider: 'default', changed: ['paymentProvider'] });
});

it('an unknown organisation is not found', async () => {
  withComgate(true);
  expect((await put(admin, terms(), 'en', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
});
