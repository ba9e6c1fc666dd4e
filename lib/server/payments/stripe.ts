import 'server-only';
import Stripe from 'stripe';
import { WebhookSignatureError, type PaymentNotice, type PaymentProvider } from './types';

let client: Stripe | null = null;
function stripe(): Stripe {
  client ??= new Stripe(process.env.STRIPE_SECRET_KEY!);
  return client;
}

/** The name of the payment method configuration Tribuna makes in a Stripe account that has none given. */
export const WALLET_CONFIGURATION_NAME = 'Tribuna: card, Apple Pay, Google Pay';
const ON = { display_preference: { preference: 'on' as const } };

let walletConfiguration: Promise<string> | null = null;

/**
 * The payment method configuration every Checkout session names, so that it offers card, Apple Pay and
 * Google Pay on purpose and not by whatever the dashboard's defaults are: STRIPE_PAYMENT_METHOD_CONFIGURATION
 * (pmc_…) when the deployment gives one, else the account's configuration named WALLET_CONFIGURATION_NAME,
 * made once with the three turned on. Asked once per process (a failure is asked again next time).
 */
export function checkoutPaymentMethodConfiguration(): Promise<string> {
  const given = (process.env.STRIPE_PAYMENT_METHOD_CONFIGURATION ?? '').trim();
  if (given) return Promise.resolve(given);
  walletConfiguration ??= (async () => {
    const { data } = await stripe().paymentMethodConfigurations.list({ limit: 100 });
    const known = data.find((config) => config.name === WALLET_CONFIGURATION_NAME && config.active);
    if (known) return known.id;
    const made = await stripe().paymentMethodConfigurations.create(
      { name: WALLET_CONFIGURATION_NAME, card: ON, apple_pay: ON, google_pay: ON },
      { idempotencyKey: 'tribuna-wallet-configuration-v1' },
    );
    return made.id;
  })().catch((error) => {
    walletConfiguration = null;
    throw error;
  });
  return walletConfiguration;
}

/** For tests: forget the configuration asked for. */
export function forgetCheckoutPaymentMethodConfiguration() {
  walletConfiguration = null;
}

/**
 * Stripe Checkout, used when STRIPE_SECRET_KEY is set. Webhooks need STRIPE_WEBHOOK_SECRET. Checkout offers
 * card, Apple Pay and Google Pay (checkoutPaymentMethodConfiguration); Apple Pay and Google Pay are card
 * wallets there, shown on the devices and browsers that have them. README "Payments" says what the account needs.
 */
export const stripeProvider: PaymentProvider = {
  name: 'stripe',
  async createPayment(input) {
    const configuration = await checkoutPaymentMethodConfiguration();
    const session = await stripe().checkout.sessions.create({
      mode: 'payment',
      // Card, Apple Pay and Google Pay, on purpose (the configuration turns exactly these on).
      payment_method_configuration: configuration,
      client_reference_id: input.paymentId,
      customer_email: input.buyerEmail,
      locale: input.locale,
      line_items: [{ quantity: 1, price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amount, product_data: { name: input.description } } }],
      metadata: { paymentId: input.paymentId, orderId: input.orderId },
      payment_intent_data: { metadata: { paymentId: input.paymentId, orderId: input.orderId } },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      // Stripe needs at least 30 minutes; a payment that lands after the hold ran out is handled as late.
      expires_at: Math.floor(Math.max(input.expiresAt.getTime(), Date.now() + 31 * 60_000) / 1000),
    });
    return { redirectUrl: session.url!, providerRef: session.id };
  },
  async parseWebhook(rawBody, headers) {
    const secret = process.env.STRIPE_WEBHOOK_SECRET;
    const header = headers.get('stripe-signature');
    if (!secret || !header) throw new WebhookSignatureError('missing');
    let event: Stripe.Event;
    try {
      event = stripe().webhooks.constructEvent(rawBody, header, secret);
    } catch {
      throw new WebhookSignatureError('signature');
    }
    return noticeOf(event);
  },
  async refund(payment) {
    if (!payment.providerRef) return;
    const session = await stripe().checkout.sessions.retrieve(payment.providerRef);
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (intent) await stripe().refunds.create({ payment_intent: intent, amount: payment.amount }, { idempotencyKey: payment.idempotencyKey });
  },
  async cancelPayment(payment) {
    // Only an open session can be expired; one paid meanwhile is refunded when its notice arrives.
    if (payment.providerRef) await stripe().checkout.sessions.expire(payment.providerRef);
  },
};

/** Checkout Session events → our outcomes. Everything else is acknowledged and ignored. */
function noticeOf(event: Stripe.Event): PaymentNotice | null {
  if (!event.type.startsWith('checkout.session.')) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  const base = {
    eventId: event.id,
    paymentId: session.metadata?.paymentId ?? session.client_reference_id ?? undefined,
    providerRef: session.id,
    amount: session.amount_total ?? undefined,
    currency: session.currency?.toUpperCase() ?? undefined,
  };
  switch (event.type) {
    case 'checkout.session.completed':
      return session.payment_status === 'paid' || session.payment_status === 'no_payment_required' ? { ...base, outcome: 'succeeded' } : null;
    case 'checkout.session.async_payment_succeeded':
      return { ...base, outcome: 'succeeded' };
    case 'checkout.session.async_payment_failed':
      return { ...base, outcome: 'declined' };
    case 'checkout.session.expired':
      return { ...base, outcome: 'cancelled' };
    default:
      return null;
  }
}
