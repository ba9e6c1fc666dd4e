import 'server-only';
// Payments over the API: the providers' notices (the test gateway's, Stripe's or Comgate's webhook).
import { requestText } from '@/lib/server/api/body';
import { defineModule, operation } from '@/lib/server/api/operation';
import { ApiError } from '@/lib/server/api/respond';
import { webhookResultSchema } from '@/lib/schemas/orders';
import { activePaymentProvider, paymentProviderByName, WebhookSignatureError } from '.';
import { handlePaymentNotice } from './webhook';
import { processDueRefunds } from './refunds';

/** Refunds one pass sends at most. */
const REFUND_BATCH = 20;

export default defineModule({
  name: 'payments',
  operations: [
    operation({
      method: 'post',
      path: '/api/v1/payments/{provider}/webhook',
      summary:
        "A payment provider's notice (Stripe's signed event; Comgate's, verified with its status call; or the built-in test gateway's while it is the active provider); idempotent per provider event id",
      access: 'anyone',
      body: { type: 'raw', description: "The provider's own notice: Stripe's verified with its signature header, Comgate's form with the shop's merchant and secret and then its status call" },
      answer: webhookResultSchema,
      failures: ['NOT_FOUND', 'BAD_SIGNATURE'],
      handle: async ({ request, params }) => {
        const provider = paymentProviderByName(params.provider);
        // The built-in gateway takes no money: it answers only while it is the active provider.
        if (!provider || (provider.name === 'test' && activePaymentProvider()?.name !== 'test')) throw new ApiError('NOT_FOUND');
        // Bounded by the webhook's own limit (lib/body-limits.mjs), read before anything else by the frame.
        const raw = await requestText(request);
        let notice;
        try {
          notice = await provider.parseWebhook(raw, request.headers);
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw new ApiError('BAD_SIGNATURE');
          throw error;
        }
        if (!notice) return { received: true as const, result: 'ignored' as const };
        const result = await handlePaymentNotice(provider, notice);
        return { received: true as const, result: result.kind, orderId: 'orderId' in result ? result.orderId : null };
      },
    }),
  ],
  jobs: [
    // The refund queue (a failed refund is due again only later, so a backlog ends).
    { name: 'refunds', order: 70, run: async () => (await processDueRefunds({ limit: REFUND_BATCH })).length === REFUND_BATCH },
  ],
});
