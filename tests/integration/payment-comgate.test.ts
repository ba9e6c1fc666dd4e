import { and, eq } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { getDb } from '@/lib/server/db';
import { runSeed } from '@/lib/server/db/seed';
import { addToCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { processDueRefunds, queueRefund } from '@/lib/server/payments/refunds';
import { comgateApiAllowed } from '@/lib/server/mode';
import { POST as webhookRoute } from '@/tests/helpers/api';
import { startComgateFake, type ComgateFake } from '@/scripts/comgate-fake';
import { useTestDatabase } from '../helpers/db';
import { freeSeatsOf } from '../helpers/seats';

// Comgate against its local fake (scripts/comgate-fake.ts), which follows Comgate's documented protocol:
// checkout creates the payment there, the fan acts on its page, its background notice reaches the
// webhook route and is believed only after asking the fake's status call.
const t = useTestDatabase();
const MATCH = 'vltava-praha-slavia-praha';
const MERCHANT = '498621';
const SECRET = 'cg-test-secret-0123456789abcdef';
let fake: ComgateFake;
const answers: { status: number; body: { result?: string; orderId?: string | null } }[] = [];

async function post(body: string) {
  const response = await webhookRoute(
    new Request('http://localhost/api/v1/payments/comgate/webhook', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    { params: Promise.resolve({ provider: 'comgate' }) },
  );
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  fake = await startComgateFake({ merchant: MERCHANT, secret: SECRET, deliver: async (body) => void answers.push(await post(body)) });
  Object.assign(process.env, { COMGATE_MERCHANT: MERCHANT, COMGATE_SECRET: SECRET, COMGATE_API_URL: fake.apiUrl, COMGATE_TEST: '1' });
  await runSeed(t.db);
}, 180_000);
afterAll(async () => {
  for (const key of ['COMGATE_MERCHANT', 'COMGATE_SECRET', 'COMGATE_API_URL', 'COMGATE_TEST']) delete process.env[key];
  await fake.close();
});

const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/cs/platba/${id}` };
let fans = 0;

/** `n` seats of the match still free for a general cart (never a wheelchair place or companion seat). */
const freeSeats = (n: number) => freeSeatsOf(t.db, MATCH, n);

/** A fan with `seats` seats of the match in the cart, checked out: the Comgate payment waiting on its page. */
async function checkedOut(seats = 2) {
  const [fan] = await t.db.insert(s.users).values({ email: `comgate-${++fans}@example.cz`, firstName: 'Jana', lastName: 'Nováková', locale: 'cs' }).returning();
  const user = { id: fan.id, email: fan.email! };
  expect((await addToCart({ user, eventRef: MATCH, selection: { seatIds: await freeSeats(seats) }, locale: 'cs' })).ok).toBe(true);
  const result = await checkout({ user, eventRef: MATCH, locale: 'cs', urls });
  if (!result.ok || result.paid) throw new Error(result.ok ? 'paid at checkout' : result.code);
  const [payment] = await t.db.select().from(s.payments).where(eq(s.payments.id, result.paymentId));
  return { user, result, payment, transId: payment.providerRef! };
}

async function waitFor(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition()).toBe(true);
}

const ticketsOf = (orderId: string) => t.db.select().from(s.tickets).where(eq(s.tickets.orderId, orderId));
const orderOf = async (orderId: string) => (await t.db.select().from(s.orders).where(eq(s.orders.id, orderId)))[0];

describe('Comgate (against its local fake)', () => {
  it('HC Vltava Praha pays through Comgate: the payment is created there for the order’s total in CZK, and a bank button pays it once', async () => {
    const { result, payment, transId } = await checkedOut(2);
    expect(payment.provider).toBe('comgate');
    expect(result.paymentUrl).toBe(`${fake.origin}/pay/${transId}`);
    const tx = fake.transactions.get(transId)!;
    expect(tx).toMatchObject({ price: payment.amount, curr: 'CZK', refId: payment.id, method: 'ALL', status: 'PENDING', test: true, urlPaid: urls.success(result.orderId) });
    expect(tx.label.length).toBeLessThanOrEqual(16);

    const before = answers.length;
    const paid = await fake.act(transId, 'BANK_CZ_CS');
    expect(paid.location).toBe(urls.success(result.orderId));
    expect(answers.slice(before)).toEqual([{ status: 200, body: expect.objectContaining({ result: 'paid', orderId: result.orderId }) }]);
    expect(await ticketsOf(result.orderId)).toHaveLength(2);
    expect((await orderOf(result.orderId)).status).toBe('paid');

    // Comgate repeats its notice (and a late one arrives a day later): the same event, nothing twice.
    await fake.notify(transId);
    await fake.notify(transId);
    // A late or stale notice that claims a different state is checked at Comgate, which says PAID: still the same event.
    await fake.notify(transId, { status: 'CANCELLED' });
    expect(answers.slice(before + 1).map((a) => a.body.result)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(await ticketsOf(result.orderId)).toHaveLength(2);
    expect((await orderOf(result.orderId)).status).toBe('paid');
  });

  it('a declined card leaves the payment open on Comgate’s page; Apple Pay then pays it', async () => {
    const { result, transId } = await checkedOut(1);
    const before = answers.length;
    expect((await fake.act(transId, 'DECLINE')).location).toBeNull();
    expect(answers.length).toBe(before);
    expect(fake.transactions.get(transId)!.status).toBe('PENDING');
    expect((await orderOf(result.orderId)).status).toBe('pending');
    expect(await ticketsOf(result.orderId)).toHaveLength(0);
    await fake.act(transId, 'APPLEPAY_REDIRECT');
    expect(answers.at(-1)!.body.result).toBe('paid');
    expect(await ticketsOf(result.orderId)).toHaveLength(1);
  });

  it('the fan cancels on Comgate’s page: back to the cart, nothing issued, nothing refunded', async () => {
    const { result, payment, transId } = await checkedOut(1);
    expect((await fake.act(transId, 'CANCEL')).location).toBe('http://x/cart');
    expect(answers.at(-1)!.body.result).toBe('failed');
    expect((await orderOf(result.orderId)).status).toBe('cancelled');
    expect((await t.db.select().from(s.payments).where(eq(s.payments.id, payment.id)))[0].status).toBe('cancelled');
    const [hold] = await t.db.select().from(s.holds).where(eq(s.holds.id, (await orderOf(result.orderId)).holdId));
    expect(hold.status).toBe('active');
    expect(await t.db.select().from(s.refunds).where(eq(s.refunds.paymentId, payment.id))).toHaveLength(0);
  });

  it('a notice with a wrong secret or merchant, or for a transaction Comgate does not know, is refused and changes nothing', async () => {
    const { result, payment, transId } = await checkedOut(1);
    const form = (fields: Record<string, string>) =>
      new URLSearchParams({ merchant: MERCHANT, secret: SECRET, transId, refId: payment.id, status: 'PAID', price: String(payment.amount), curr: 'CZK', ...fields }).toString();
    expect((await post(form({ secret: 'guessed-secret' }))).status).toBe(400);
    expect((await post(form({ merchant: '111111' }))).status).toBe(400);
    expect((await post(form({ transId: 'ABCD-EF01-2345' }))).status).toBe(400);
    expect((await post('not a form')).status).toBe(400);
    // A notice with the right secret that says PAID is only a prompt: Comgate's status says PENDING, so nothing happens.
    expect((await post(form({}))).body.result).toBe('ignored');
    expect((await orderOf(result.orderId)).status).toBe('pending');
    expect(await ticketsOf(result.orderId)).toHaveLength(0);
  });

  it('a payment Comgate took for another amount than the order is refused and refunded through Comgate (whatever the notice claims)', async () => {
    const { result, payment, transId } = await checkedOut(2);
    // Comgate took 1 CZK (what its status call says); the notice itself repeats the order's total.
    fake.transactions.get(transId)!.price = 100;
    await fake.act(transId, 'CARD_CZ_CSOB_2');
    expect(answers.at(-1)!.body.result).toBe('refunded');
    expect(await ticketsOf(result.orderId)).toHaveLength(0);
    const [refund] = await t.db.select().from(s.refunds).where(eq(s.refunds.paymentId, payment.id));
    expect(refund).toMatchObject({ provider: 'comgate', reason: 'AMOUNT_MISMATCH', status: 'pending' });
    await processDueRefunds();
    await processDueRefunds();
    // What goes back is what Comgate took (never more than the payment's price there), once.
    expect(fake.transactions.get(transId)!.refunds).toEqual([{ amount: 100, refId: `refund_${payment.id}` }]);
    expect((await t.db.select().from(s.refunds).where(eq(s.refunds.paymentId, payment.id)))[0].status).toBe('succeeded');
  });

  it('a new checkout cancels the old payment at Comgate; whole and partial refunds go through Comgate once, more than was paid is refused and retried', async () => {
    const first = await checkedOut(2);
    // The fan checks out again (a new payment): the old one is cancelled at Comgate and can no longer be paid.
    const again = await checkout({ user: first.user, eventRef: MATCH, locale: 'cs', urls });
    if (!again.ok || again.paid) throw new Error('no new payment');
    expect(fake.transactions.get(first.transId)!.status).toBe('CANCELLED');
    // Comgate announces the cancellation in the background: the old payment is no longer the order's, so it says nothing.
    await waitFor(() => answers.at(-1)?.body.orderId === first.result.orderId && answers.at(-1)?.body.result === 'ignored');
    const [current] = await t.db.select().from(s.payments).where(eq(s.payments.id, again.paymentId));
    await fake.act(current.providerRef!, 'BANK_SK_TB');
    expect(answers.at(-1)!.body.result).toBe('paid');

    // A partial refund (one match's share, as a cancelled match of a season ticket queues it), then another part.
    const [e] = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, MATCH));
    const part = Math.floor(current.amount / 2);
    await getDb().transaction((tx) => queueRefund(tx, { payment: current, reason: 'EVENT_CANCELLED', now: new Date(), part: { eventId: e.id, amount: part } }));
    await processDueRefunds();
    expect(fake.transactions.get(current.providerRef!)!.refunds).toEqual([{ amount: part, refId: `refund_${current.id}_${e.id}` }]);
    // The whole payment on top would be more than Comgate has left of it: refused (code 1402), kept and retried later.
    await getDb().transaction((tx) => queueRefund(tx, { payment: current, reason: 'EVENT_CANCELLED', now: new Date() }));
    const attempts = await processDueRefunds();
    expect(attempts).toEqual([{ paymentId: current.id, ok: false }]);
    const [whole] = await t.db.select().from(s.refunds).where(and(eq(s.refunds.paymentId, current.id), eq(s.refunds.scope, 'whole')));
    expect(whole.status).toBe('pending');
    expect(whole.lastError).toContain('1402');
    expect(fake.transactions.get(current.providerRef!)!.refunds).toHaveLength(1);

    // A whole refund of another paid order goes through in full.
    const other = await checkedOut(1);
    await fake.act(other.transId, 'GOOGLEPAY_REDIRECT');
    await getDb().transaction((tx) => queueRefund(tx, { payment: other.payment, reason: 'EVENT_CANCELLED', now: new Date() }));
    await processDueRefunds();
    await processDueRefunds();
    expect(fake.transactions.get(other.transId)!.refunds).toEqual([{ amount: other.payment.amount, refId: `refund_${other.payment.id}` }]);
  });

  it('the provider is the organisation’s choice: another organisation pays as before; Comgate chosen but not configured refuses checkout', async () => {
    const [fan] = await t.db.insert(s.users).values({ email: 'comgate-other-org@example.cz', firstName: 'P', lastName: 'K', locale: 'sk' }).returning();
    const user = { id: fan.id, email: fan.email! };
    const [e] = await t.db.select().from(s.events).where(eq(s.events.slug, 'polarna-ziara-kosice'));
    const [ga] = await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, e.id));
    expect((await addToCart({ user, eventRef: 'polarna-ziara-kosice', selection: { ticketTypeId: ga.id, quantity: 1 }, locale: 'sk' })).ok).toBe(true);
    const result = await checkout({ user, eventRef: 'polarna-ziara-kosice', locale: 'sk', urls });
    if (!result.ok || result.paid) throw new Error('no payment');
    expect((await t.db.select().from(s.payments).where(eq(s.payments.id, result.paymentId)))[0].provider).toBe('test');

    const saved = process.env.COMGATE_SECRET;
    delete process.env.COMGATE_SECRET;
    try {
      const [other] = await t.db.insert(s.users).values({ email: 'comgate-unconfigured@example.cz', firstName: 'P', lastName: 'K', locale: 'cs' }).returning();
      const them = { id: other.id, email: other.email! };
      expect((await addToCart({ user: them, eventRef: MATCH, selection: { seatIds: await freeSeats(1) }, locale: 'cs' })).ok).toBe(true);
      expect(await checkout({ user: them, eventRef: MATCH, locale: 'cs', urls })).toEqual({ ok: false, code: 'PAYMENTS_UNAVAILABLE' });
      // …and its webhook is not there.
      expect((await post('merchant=1')).status).toBe(404);
    } finally {
      process.env.COMGATE_SECRET = saved;
    }
  });

  it('a deployment reaches Comgate only over https on another machine: never the local fake', () => {
    const production = { SESSION_SECRET: 'x'.repeat(40) };
    expect(comgateApiAllowed('https://payments.comgate.cz/v1.0', production)).toBe(true);
    expect(comgateApiAllowed(fake.apiUrl, production)).toBe(false);
    expect(comgateApiAllowed('https://127.0.0.1:3361/v1.0', production)).toBe(false);
    expect(comgateApiAllowed('https://localhost/v1.0', production)).toBe(false);
    expect(comgateApiAllowed('http://payments.comgate.cz/v1.0', production)).toBe(false);
    expect(comgateApiAllowed(fake.apiUrl, {})).toBe(true);
  });
});
