import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { testGatewayKey } from '@/lib/server/mode';
import { WebhookSignatureError, type PaymentNotice, type PaymentOutcome, type PaymentProvider } from './types';

/**
 * Signs the gateway page's three buttons so only that page can report an outcome for its payment, with
 * a key of its own (never the session key, never one written in the repository).
 */
function signature(eventId: string, paymentId: string, outcome: PaymentOutcome): string {
  return createHmac('sha256', testGatewayKey()).update(`${eventId}.${paymentId}.${outcome}`).digest('base64url');
}

export type SignedGatewayNotice = { eventId: string; paymentId: string; outcome: PaymentOutcome; signature: string };

/** The webhook body the gateway page posts for an outcome. One event id per payment and outcome: a double click is one event. */
export function signedGatewayNotice(paymentId: string, outcome: PaymentOutcome): SignedGatewayNotice {
  const eventId = `test_${paymentId}_${outcome}`;
  return { eventId, paymentId, outcome, signature: signature(eventId, paymentId, outcome) };
}

/** The embedded default: no money moves; its own page (/pay/[paymentId]) lets the fan pay, decline or cancel. */
export const testGateway: PaymentProvider = {
  name: 'test',
  async createPayment(input) {
    return { redirectUrl: input.gatewayUrl, providerRef: `test_${input.paymentId}` };
  },
  async parseWebhook(rawBody) {
    let body: Partial<SignedGatewayNotice> | null;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new WebhookSignatureError('not json');
    }
    // `null`, a number, an array: valid JSON, but no notice
    if (!body || typeof body !== 'object') throw new WebhookSignatureError('not an object');
    const { eventId, paymentId, outcome } = body;
    if (typeof eventId !== 'string' || typeof paymentId !== 'string' || typeof body.signature !== 'string') throw new WebhookSignatureError('incomplete');
    if (outcome !== 'succeeded' && outcome !== 'declined' && outcome !== 'cancelled') throw new WebhookSignatureError('outcome');
    const expected = Buffer.from(signature(eventId, paymentId, outcome));
    const given = Buffer.from(body.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new WebhookSignatureError('signature');
    return { eventId, paymentId, outcome } satisfies PaymentNotice;
  },
  async refund() {
    // Nothing was charged.
  },
  async cancelPayment() {
    // Its page reads the payment each time and offers to pay only the order's current one.
  },
};
