// POST /api/v1/events/{id}/checkout — turn the caller's cart into an order and start the payment (or, nothing to pay, complete it) → {orderId, paymentUrl, paid}
import { appUrl } from '@/lib/app-url';
import { getPathname } from '@/lib/i18n/navigation';
import { checkoutSchema } from '@/lib/schemas/cart';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { checkout } from '@/lib/server/orders/checkout';

export const POST = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, checkoutSchema);
  const locale = requestLocale(request);
  const id = (await params).id;
  const absolute = (path: string) => `${appUrl()}${path}`;
  const appReturn = (orderId: string) => absolute(`${getPathname({ locale, href: '/ios-payment-redirect' })}?orderId=${orderId}`);
  const result = await checkout({
    user: caller.user,
    eventRef: id,
    locale,
    urls: {
      success: (orderId) => (input.returnTo === 'app' ? appReturn(orderId) : absolute(getPathname({ locale, href: { pathname: '/orders/[id]', params: { id: orderId } } }))),
      cancel: (orderId) =>
        input.returnTo === 'app' ? appReturn(orderId) : absolute(`${getPathname({ locale, href: { pathname: '/events/[id]/cart', params: { id } } })}?payment=cancelled`),
      gateway: (paymentId) =>
        `${getPathname({ locale, href: { pathname: '/pay/[paymentId]', params: { paymentId } } })}${input.returnTo === 'app' ? '?app=1' : ''}`,
    },
  });
  if (!result.ok) throw failureOf(result);
  return json({ orderId: result.orderId, paymentUrl: result.paymentUrl, paid: result.paid });
});
