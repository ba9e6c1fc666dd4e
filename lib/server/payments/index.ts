import 'server-only';
import { stripeProvider } from './stripe';
import { testGateway } from './test-gateway';
import type { PaymentProvider } from './types';

export type { PaymentProvider, PaymentNotice, PaymentOutcome } from './types';
export { WebhookSignatureError } from './types';

/** Stripe Checkout when STRIPE_SECRET_KEY is set, else the built-in test gateway. */
export function activePaymentProvider(): PaymentProvider {
  return process.env.STRIPE_SECRET_KEY ? stripeProvider : testGateway;
}

export function paymentProviderByName(name: string): PaymentProvider | null {
  if (name === 'test') return testGateway;
  if (name === 'stripe') return stripeProvider;
  return null;
}
