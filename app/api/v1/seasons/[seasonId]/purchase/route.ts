// POST /api/v1/seasons/{seasonId}/purchase — hold seats for the whole season and start the payment → {orderId, paymentUrl}
import { seasonPurchaseSchema, seasonRefParamSchema } from '@/lib/schemas/seasons';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { purchaseSeason } from '@/lib/server/seasons/sale';
import { seasonCheckoutUrls } from '@/lib/server/seasons/urls';

export const POST = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seasonId } = parseWith(seasonRefParamSchema, await params);
  const { seatIds } = await parseBody(request, seasonPurchaseSchema);
  const locale = requestLocale(request);
  const result = await purchaseSeason({ user: caller.user, seasonRef: seasonId, seatIds, locale, urls: seasonCheckoutUrls(locale, seasonId) });
  if (!result.ok) throw failureOf(result);
  return json({ orderId: result.orderId, paymentUrl: result.paymentUrl, paid: result.paid });
});
