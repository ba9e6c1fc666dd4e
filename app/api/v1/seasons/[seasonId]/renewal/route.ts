// POST /api/v1/seasons/{seasonId}/renewal — renew the caller's seat of last season while the renewal is open → {orderId, paymentUrl}
import { seasonRefParamSchema } from '@/lib/schemas/seasons';
import { noBody } from '@/lib/schemas/primitives';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { renewSeason } from '@/lib/server/seasons/sale';
import { seasonCheckoutUrls } from '@/lib/server/seasons/urls';

export const POST = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seasonId } = parseWith(seasonRefParamSchema, await params);
  await parseBody(request, noBody);
  const locale = requestLocale(request);
  const result = await renewSeason({ user: caller.user, seasonRef: seasonId, locale, urls: seasonCheckoutUrls(locale, seasonId) });
  if (!result.ok) throw failureOf(result);
  return json({ orderId: result.orderId, paymentUrl: result.paymentUrl, paid: result.paid });
});
