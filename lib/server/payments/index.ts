import 'server-only';
import { testGatewayEnabled } from '@/lib/server/mode';
import { stripeProvider } from './stripe';
import { testGateway } from './test-gateway';
import type { PaymentProvider } from './types';

export type { PaymentProvider, PaymentNotice, PaymentOutcome } from './types';
export { WebhookSignatureError } from './types';

/**
 * Stripe Checkout when STRIPE_SECRET_KEY is set; else the built-in test gateway where it may take
 * payments (the demo, or PAYMENTS_TEST_GATEWAY=1); else none, and checkout is refused.
 */
export function activePaymentProvider(): PaymentProvider | null {
  if (process.env.STRIPE_SECRET_KEY) return stripeProvider;
  return testGatewayEnabled() ? testGateway : null;
}

export function paymentProviderByName(name: string): PaymentProvider | null {
  if (name === 'test') return testGateway;
  if (name === 'stripe') return stripeProvider;
  return null;
}
