import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb, tables } from '@/lib/server/db';
import { testGatewayEnabled } from '@/lib/server/mode';
import { comgateConfig, comgateProvider } from './comgate';
import { stripeProvider } from './stripe';
import { testGateway } from './test-gateway';
import type { PaymentProvider } from './types';

export type { PaymentProvider, PaymentNotice, PaymentOutcome } from './types';
export { WebhookSignatureError } from './types';

/** The providers an organisation may choose (organisations.payment_provider, lib/schemas/organisations.ts); null is the deployment's default. */
export { ORGANISATION_PAYMENT_PROVIDERS } from '@/lib/schemas/organisations';

/**
 * The deployment's default: Stripe Checkout when STRIPE_SECRET_KEY is set; else the built-in test gateway
 * where it may take payments (the demo, or PAYMENTS_TEST_GATEWAY=1); else none, and checkout is refused.
 */
export function activePaymentProvider(): PaymentProvider | null {
  if (process.env.STRIPE_SECRET_KEY) return stripeProvider;
  return testGatewayEnabled() ? testGateway : null;
}

/**
 * Who takes the payments of one organisation's event: the organisation's own choice (payment_provider =
 * 'comgate') when the deployment has that provider configured, else the default. An organisation that chose
 * Comgate on a deployment without it gets none (checkout is refused, PAYMENTS_UNAVAILABLE), never a
 * provider it did not choose. docs/decisions/comgate.md.
 */
export async function paymentProviderFor(orgId: string): Promise<PaymentProvider | null> {
  const [org] = await getDb().select({ choice: tables.organisations.paymentProvider }).from(tables.organisations).where(eq(tables.organisations.id, orgId));
  if (org?.choice === 'comgate') return comgateConfig() ? comgateProvider : null;
  return activePaymentProvider();
}

/** A provider by its name (a webhook's path, a stored payment's provider); Comgate only while it is configured. */
export function paymentProviderByName(name: string): PaymentProvider | null {
  if (name === 'test') return testGateway;
  if (name === 'stripe') return stripeProvider;
  if (name === 'comgate') return comgateConfig() ? comgateProvider : null;
  return null;
}
