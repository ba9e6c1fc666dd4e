import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { signedGatewayNotice } from '@/lib/server/payments/test-gateway';
import { forgetCheckoutPaymentMethodConfiguration, stripeProvider, WALLET_CONFIGURATION_NAME } from '@/lib/server/payments/stripe';
import { POST as webhookRoute } from '@/tests/helpers/api';
import { processDueRefunds } from '@/lib/server/payments/refunds';
import { useTestDatabase } from '../helpers/db';

// The Stripe client, offline: Checkout sessions and refunds are recorded here instead of sent; the
// webhook side (signatures, constructEvent) is the real library's.
const mockStripe = {
  create: jest.fn(),
  expire: jest.fn(),
  retrieve: jest.fn(),
  refund: jest.fn(),
  listConfigurations: jest.fn(),
  createConfiguration: jest.fn(),
};
jest.mock('stripe', () => {
  const Real = jest.requireActual('stripe');
  function OfflineStripe(key: string, config?: object) {
    const client = new Real(key, config);
    client.checkout.sessions.create = (...args: unknown[]) => mockStripe.create(...args);
    client.checkout.sessions.expire = (...args: unknown[]) => mockStripe.expire(...args);
    client.checkout.sessions.retrieve = (...args: unknown[]) => mockStripe.retrieve(...args);
    client.refunds.create = (...args: unknown[]) => mockStripe.refund(...args);
    client.paymentMethodConfigurations.list = (...args: unknown[]) => mockStripe.listConfigurations(...args);
    client.paymentMethodConfigurations.create = (...args: unknown[]) => mockStripe.createConfiguration(...args);
    return client;
  }
  return Object.assign(OfflineStripe, Real);
});

const t = useTestDatabase({ seeded: true });
const CONCERT = 'polarna-ziara-kosice';
const SECRET = 'whsec_test_offline_secret';

beforeAll(async () => {
  process.env.STRIPE_SECRET_KEY = 'sk_test_offline';
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  mockStripe.listConfigurations.mockResolvedValue({ data: [] });
  mockStripe.createConfiguration.mockResolvedValue({ id: 'pmc_tribuna_wallets' });
}, 180_000);
afterAll(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
});

const stripe = new Stripe('sk_test_offline');

function signed(event: object, secret = SECRET) {
  const payload = JSON.stringify(event);
  return { payload, header: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

async function post(provider: string, body: string, headers: Record<string, string> = {}) {
  return webhookRoute(new Request(`http://localhost/api/v1/payments/${provider}/webhook`, { method: 'POST', body, headers }), {
    params: Promise.resolve({ provider }),
  });
}

describe('Stripe webhooks', () => {
  it('a signed checkout.session.completed pays the order once; a bad signature is refused', async () => {
    const [fan] = await t.db.insert(s.users).values({ email: 'stripe-fan@example.com', firstName: 'S', lastName: 'F', locale: 'cs' }).returning();
    const [e] = await t.db.select().from(s.events).where(eq(s.events.slug, CONCERT));
    const [ga] = await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, e.id));
    expect((await addToCart({ user: fan, eventRef: CONCERT, selection: { ticketTypeId: ga.id, quantity: 2 }, locale: 'cs' })).ok).toBe(true);
    const sessionId = 'cs_test_a1b2c3';
    // Stripe's API is not called offline: the adapter's createPayment is replaced, its webhook side is real.
    const provider = { ...stripeProvider, createPayment: async () => ({ redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3', providerRef: sessionId }) };
    const result = await checkout({
      user: { id: fan.id, email: fan.email! },
      eventRef: CONCERT,
      locale: 'cs',
      provider,
      urls: { success: () => 'http://x/ok', cancel: () => 'http://x/cart', gateway: () => '/unused' },
    });
    if (!result.ok || result.paid) throw new Error(result.ok ? 'paid at checkout' : result.code);
    expect(result.paymentUrl).toContain('checkout.stripe.com');

    const event = {
      id: 'evt_test_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', metadata: { paymentId: result.paymentId } } },
    };
    const { payload, header } = signed(event);
    const bad = await post('stripe', payload, { 'stripe-signature': signed(event, 'whsec_wrong').header });
    expect(bad.status).toBe(400);
    const unsigned = await post('stripe', payload);
    expect(unsigned.status).toBe(400);
    const first = await post('stripe', payload, { 'stripe-signature': header });
    expect(await first.json()).toMatchObject({ result: 'paid', orderId: result.orderId });
    const again = await post('stripe', payload, { 'stripe-signature': header });
    expect(await again.json()).toMatchObject({ result: 'duplicate' });
    const tickets = await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, result.orderId));
    expect(tickets).toHaveLength(2);

    // events we do not act on are acknowledged
    const other = signed({ id: 'evt_test_2', object: 'event', type: 'payment_intent.created', data: { object: {} } });
    expect(await (await post('stripe', other.payload, { 'stripe-signature': other.header })).json()).toMatchObject({ result: 'ignored' });
  });

  it('a new payment for the order expires the old Checkout session; the old one paid anyway is refunded once, and issues nothing', async () => {
    let sessions = 0;
    mockStripe.create.mockImplementation(async (params: { metadata: { paymentId: string } }) => {
      sessions++;
      return { id: `cs_test_order_${sessions}`, url: `https://checkout.stripe.com/c/pay/cs_test_order_${sessions}`, metadata: params.metadata };
    });
    mockStripe.expire.mockResolvedValue({ status: 'expired' });
    mockStripe.retrieve.mockImplementation(async (id: string) => ({ id, payment_intent: `pi_of_${id}` }));
    mockStripe.refund.mockResolvedValue({ id: 're_1', status: 'succeeded' });
    const [fan] = await t.db.insert(s.users).values({ email: 'stripe-twice@example.com', firstName: 'S', lastName: 'T', locale: 'sk' }).returning();
    const user = { id: fan.id, email: fan.email! };
    const [e] = await t.db.select().from(s.events).where(eq(s.events.slug, CONCERT));
    const [ga] = await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, e.id));
    const urls = { success: () => 'http://x/ok', cancel: () => 'http://x/cart', gateway: () => '/unused' };
    expect((await addToCart({ user, eventRef: CONCERT, selection: { ticketTypeId: ga.id, quantity: 1 }, locale: 'sk' })).ok).toBe(true);
    const cheap = await checkout({ user, eventRef: CONCERT, locale: 'sk', urls });
    if (!cheap.ok || cheap.paid) throw new Error(cheap.ok ? 'paid at checkout' : cheap.code);
    expect(mockStripe.expire).not.toHaveBeenCalled();
    expect((await addToCart({ user, eventRef: CONCERT, selection: { ticketTypeId: ga.id, quantity: 3 }, locale: 'sk' })).ok).toBe(true);
    const full = await checkout({ user, eventRef: CONCERT, locale: 'sk', urls });
    if (!full.ok || full.paid) throw new Error(full.ok ? 'paid at checkout' : full.code);
    expect(full.orderId).toBe(cheap.orderId);
    // the old session can no longer be paid at Stripe
    expect(mockStripe.expire).toHaveBeenCalledTimes(1);
    expect(mockStripe.expire).toHaveBeenCalledWith('cs_test_order_1');

    const [oldPayment] = await t.db.select().from(s.payments).where(eq(s.payments.id, cheap.paymentId));
    const [newPayment] = await t.db.select().from(s.payments).where(eq(s.payments.id, full.paymentId));
    const completed = (id: string, session: string, payment: { id: string; amount: number }) =>
      signed({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: session, object: 'checkout.session', payment_status: 'paid', amount_total: payment.amount, currency: 'eur', metadata: { paymentId: payment.id } } },
      });
    // it was paid a moment before it expired: the money goes back, no ticket is issued
    const late = completed('evt_old_paid', 'cs_test_order_1', oldPayment);
    expect(await (await post('stripe', late.payload, { 'stripe-signature': late.header })).json()).toMatchObject({ result: 'refunded' });
    expect(await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, full.orderId))).toHaveLength(0);
    await processDueRefunds();
    await processDueRefunds();
    expect(mockStripe.refund).toHaveBeenCalledTimes(1);
    expect(mockStripe.refund).toHaveBeenCalledWith({ payment_intent: 'pi_of_cs_test_order_1', amount: oldPayment.amount }, { idempotencyKey: `refund_${cheap.paymentId}` });
    const [refund] = await t.db.select().from(s.refunds).where(eq(s.refunds.paymentId, cheap.paymentId));
    expect(refund).toMatchObject({ provider: 'stripe', amount: oldPayment.amount, currency: 'EUR', status: 'succeeded' });

    // the current session pays the order
    const paid = completed('evt_new_paid', 'cs_test_order_2', newPayment);
    expect(await (await post('stripe', paid.payload, { 'stripe-signature': paid.header })).json()).toMatchObject({ result: 'paid' });
    expect(await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, full.orderId))).toHaveLength(4);
    expect(mockStripe.refund).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['amount', { amount_total: 100, currency: 'eur' }],
    ['currency', { currency: 'czk' }],
  ])('a Checkout session completed with another %s than the order is refunded and issues nothing', async (what, paidWith) => {
    mockStripe.create.mockImplementation(async () => ({ id: `cs_test_other_${what}`, url: 'https://checkout.stripe.com/c/pay/x' }));
    const [fan] = await t.db.insert(s.users).values({ email: `stripe-${what}@example.com`, firstName: 'S', lastName: 'A', locale: 'en' }).returning();
    const user = { id: fan.id, email: fan.email! };
    const [e] = await t.db.select().from(s.events).where(eq(s.events.slug, CONCERT));
    const [ga] = await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, e.id));
    expect((await addToCart({ user, eventRef: CONCERT, selection: { ticketTypeId: ga.id, quantity: 2 }, locale: 'en' })).ok).toBe(true);
    const result = await checkout({ user, eventRef: CONCERT, locale: 'en', urls: { success: () => 'http://x/ok', cancel: () => 'http://x/cart', gateway: () => '/unused' } });
    if (!result.ok || result.paid) throw new Error(result.ok ? 'paid at checkout' : result.code);
    const [payment] = await t.db.select().from(s.payments).where(eq(s.payments.id, result.paymentId));
    const event = signed({
      id: `evt_other_${what}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: `cs_test_other_${what}`, object: 'checkout.session', payment_status: 'paid', amount_total: payment.amount, ...paidWith, metadata: { paymentId: payment.id } } },
    });
    expect(await (await post('stripe', event.payload, { 'stripe-signature': event.header })).json()).toMatchObject({ result: 'refunded' });
    expect(await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, result.orderId))).toHaveLength(0);
    const [refund] = await t.db.select().from(s.refunds).where(eq(s.refunds.paymentId, payment.id));
    expect(refund).toMatchObject({ provider: 'stripe', status: 'pending' });
  });

  it('the built-in test gateway is refused once Stripe is configured', async () => {
    const response = await post('test', JSON.stringify(signedGatewayNotice('00000000-0000-4000-8000-000000000000', 'succeeded')));
    expect(response.status).toBe(404);
    expect((await post('paypal', '{}')).status).toBe(404);
  });
});

describe('Stripe Checkout offers card, Apple Pay and Google Pay on purpose', () => {
  const input = {
    paymentId: '00000000-0000-4000-8000-00000000aaaa',
    orderId: '00000000-0000-4000-8000-00000000bbbb',
    amount: 4500,
    currency: 'EUR' as const,
    description: 'Polárna žiara',
    locale: 'sk' as const,
    buyerEmail: 'wallet@example.com',
    successUrl: 'http://x/ok',
    cancelUrl: 'http://x/cart',
    gatewayUrl: '/unused',
    expiresAt: new Date(Date.now() + 15 * 60_000),
  };
  const on = { display_preference: { preference: 'on' } };
  beforeEach(() => {
    forgetCheckoutPaymentMethodConfiguration();
    mockStripe.listConfigurations.mockReset();
    mockStripe.createConfiguration.mockReset();
    mockStripe.create.mockReset();
    mockStripe.create.mockImplementation(async () => ({ id: 'cs_test_wallets', url: 'https://checkout.stripe.com/c/pay/cs_test_wallets' }));
  });

  it('the session names a payment method configuration with card, Apple Pay and Google Pay turned on, made once in the account', async () => {
    mockStripe.listConfigurations.mockResolvedValue({ data: [{ id: 'pmc_dashboard_default', name: 'Default', active: true }] });
    mockStripe.createConfiguration.mockResolvedValue({ id: 'pmc_tribuna_wallets' });
    await stripeProvider.createPayment(input);
    await stripeProvider.createPayment({ ...input, paymentId: '00000000-0000-4000-8000-00000000cccc' });
    expect(mockStripe.createConfiguration).toHaveBeenCalledTimes(1);
    expect(mockStripe.createConfiguration.mock.calls[0][0]).toEqual({ name: WALLET_CONFIGURATION_NAME, card: on, apple_pay: on, google_pay: on });
    expect(mockStripe.listConfigurations).toHaveBeenCalledTimes(1);
    expect(mockStripe.create).toHaveBeenCalledTimes(2);
    for (const [params] of mockStripe.create.mock.calls) expect(params).toMatchObject({ mode: 'payment', payment_method_configuration: 'pmc_tribuna_wallets' });
  });

  it('an account that has the configuration already uses it; STRIPE_PAYMENT_METHOD_CONFIGURATION names another', async () => {
    mockStripe.listConfigurations.mockResolvedValue({ data: [{ id: 'pmc_made_before', name: WALLET_CONFIGURATION_NAME, active: true }] });
    await stripeProvider.createPayment(input);
    expect(mockStripe.createConfiguration).not.toHaveBeenCalled();
    expect(mockStripe.create.mock.calls[0][0]).toMatchObject({ payment_method_configuration: 'pmc_made_before' });

    process.env.STRIPE_PAYMENT_METHOD_CONFIGURATION = 'pmc_from_the_operator';
    try {
      await stripeProvider.createPayment(input);
      expect(mockStripe.create.mock.calls[1][0]).toMatchObject({ payment_method_configuration: 'pmc_from_the_operator' });
      expect(mockStripe.listConfigurations).toHaveBeenCalledTimes(1);
    } finally {
      delete process.env.STRIPE_PAYMENT_METHOD_CONFIGURATION;
    }
  });
});
