import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { runSeed } from '@/lib/server/db/seed';
import { addToCart } from '@/lib/server/cart/service';
import { checkout } from '@/lib/server/orders/checkout';
import { signedGatewayNotice } from '@/lib/server/payments/test-gateway';
import { stripeProvider } from '@/lib/server/payments/stripe';
import { POST as webhookRoute } from '@/app/api/v1/payments/[provider]/webhook/route';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const CONCERT = 'polarna-ziara-kosice';
const SECRET = 'whsec_test_offline_secret';

beforeAll(async () => {
  await runSeed(t.db);
  process.env.STRIPE_SECRET_KEY = 'sk_test_offline';
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
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
    if (!result.ok) throw new Error(result.code);
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

  it('the built-in test gateway is refused once Stripe is configured', async () => {
    const response = await post('test', JSON.stringify(signedGatewayNotice('00000000-0000-4000-8000-000000000000', 'succeeded')));
    expect(response.status).toBe(404);
    expect((await post('paypal', '{}')).status).toBe(404);
  });
});
