// POST /api/v1/payments/{provider}/webhook — a payment provider's signed notice (test gateway or Stripe); idempotent per provider event id
import { requestText } from '@/lib/server/api/body';
import { ApiError, apiRoute, json } from '@/lib/server/api/respond';
import { activePaymentProvider, paymentProviderByName, WebhookSignatureError } from '@/lib/server/payments';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';

export const POST = apiRoute<{ provider: string }>(async (request, { params }) => {
  const provider = paymentProviderByName((await params).provider);
  // The built-in gateway takes no money: it answers only while it is the active provider.
  if (!provider || (provider.name === 'test' && activePaymentProvider()?.name !== 'test')) throw new ApiError('NOT_FOUND');
  // Bounded by the webhook's own limit (lib/body-limits.mjs), read before anything else by apiRoute.
  const raw = await requestText(request);
  let notice;
  try {
    notice = await provider.parseWebhook(raw, request.headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new ApiError('BAD_SIGNATURE');
    throw error;
  }
  if (!notice) return json({ received: true, result: 'ignored' });
  const result = await handlePaymentNotice(provider, notice);
  return json({ received: true, result: result.kind, orderId: 'orderId' in result ? result.orderId : null });
});
