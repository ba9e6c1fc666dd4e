import 'server-only';

export type PaymentOutcome = 'succeeded' | 'declined' | 'cancelled';

export type CreatePaymentInput = {
  paymentId: string;
  orderId: string;
  amount: number;
  currency: 'EUR' | 'CZK';
  description: string;
  locale: 'sk' | 'cs' | 'en';
  buyerEmail: string;
  /** Where the fan lands after paying, and after giving up. Absolute URLs. */
  successUrl: string;
  cancelUrl: string;
  /** The built-in gateway's own page for this payment (absolute or site-relative). */
  gatewayUrl: string;
  /** Until when the provider may take the money (the hold's expiry). */
  expiresAt: Date;
};

/** A verified notification from a provider, in our terms. */
export type PaymentNotice = {
  /** The provider's event id: the idempotency key (payment_events). */
  eventId: string;
  paymentId?: string;
  providerRef?: string;
  outcome: PaymentOutcome;
};

/** DESIGN.md §4: createPayment(order) → redirect URL, plus a verified webhook and refunds. */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createPayment(input: CreatePaymentInput): Promise<{ redirectUrl: string; providerRef: string }>;
  /** Verifies a webhook request's signature; null when it is not a notice we act on. Throws WebhookSignatureError. */
  parseWebhook(rawBody: string, headers: Headers): Promise<PaymentNotice | null>;
  refund(payment: { id: string; providerRef: string | null; amount: number }): Promise<void>;
}

export class WebhookSignatureError extends Error {}
