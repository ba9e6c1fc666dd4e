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
  /** What the provider says it took, when it says (Stripe: the session's amount_total and currency). */
  amount?: number;
  currency?: string;
};

/** DESIGN.md §4: createPayment(order) → redirect URL, plus a verified webhook and refunds. */
export type PaymentProviderName = 'test' | 'stripe' | 'comgate';

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createPayment(input: CreatePaymentInput): Promise<{ redirectUrl: string; providerRef: string }>;
  /** Verifies a webhook request's signature; null when it is not a notice we act on. Throws WebhookSignatureError. */
  parseWebhook(rawBody: string, headers: Headers): Promise<PaymentNotice | null>;
  /**
   * Gives `amount` of the payment back (all of it, or one event's share: payments/refunds.ts); idempotent per
   * `idempotencyKey`, which names the payment and what of it goes back. Throws when the provider fails (the queue retries).
   */
  refund(payment: { id: string; providerRef: string | null; amount: number; idempotencyKey: string }): Promise<void>;
  /** Makes a payment that is no longer the order's current one impossible to complete at the provider, where it can. */
  cancelPayment(payment: { id: string; providerRef: string | null }): Promise<void>;
}

export class WebhookSignatureError extends Error {}
