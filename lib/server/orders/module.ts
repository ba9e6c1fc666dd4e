import 'server-only';
import { getPathname } from '@/lib/i18n/pathname';
// Orders over the API: checkout (a cart becomes an order and its payment starts) and the caller's orders.
import { appUrl } from '@/lib/app-url';
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { ApiError, failureOf, json } from '@/lib/server/api/respond';
import { checkoutResultSchema, checkoutSchema } from '@/lib/schemas/cart';
import { orderListQuerySchema, orderListSchema, orderSchema } from '@/lib/schemas/orders';
import { checkout } from './checkout';
import { listMyOrders } from './list';
import { getOrder } from './read';

export default defineModule({
  name: 'orders',
  operations: [
    operation({
      method: 'post',
      path: '/api/v1/events/{id}/checkout',
      summary:
        "Turn the caller's cart into an order and start its payment; open paymentUrl to pay (returnTo app: the provider returns to the app's payment redirect). When wallet credit, loyalty points or a coupon cover the whole total, no payment is started: the order is paid at once (paid: true) and paymentUrl is the order's page (or the app's payment redirect)",
      access: 'signed-in',
      body: checkoutSchema,
      answer: checkoutResultSchema,
      failures: [
        'EVENT_NOT_FOUND',
        'CART_EMPTY',
        'HOLDER_NAMES_MISSING',
        'INVALID_DISCOUNT_CODE',
        'DISCOUNT_CODE_EXPIRED',
        'DISCOUNT_CODE_USED_UP',
        'NOT_ON_SALE',
        'LOYALTY_POINTS_CHANGED',
        'PAYMENTS_UNAVAILABLE',
      ],
      handle: async ({ request, params, body, caller }) => {
        const locale = requestLocale(request);
        const { id } = params;
        const absolute = (path: string) => `${appUrl()}${path}`;
        const appReturn = (orderId: string) => absolute(`${getPathname({ locale, href: '/ios-payment-redirect' })}?orderId=${orderId}`);
        const result = await checkout({
          user: caller.user,
          eventRef: id,
          locale,
          billing: body.billing ?? null,
          urls: {
            success: (orderId) => (body.returnTo === 'app' ? appReturn(orderId) : absolute(getPathname({ locale, href: { pathname: '/orders/[id]', params: { id: orderId } } }))),
            cancel: (orderId) =>
              body.returnTo === 'app' ? appReturn(orderId) : absolute(`${getPathname({ locale, href: { pathname: '/events/[id]/cart', params: { id } } })}?payment=cancelled`),
            gateway: (paymentId) =>
              `${getPathname({ locale, href: { pathname: '/pay/[paymentId]', params: { paymentId } } })}${body.returnTo === 'app' ? '?app=1' : ''}`,
          },
        });
        if (!result.ok) throw failureOf(result);
        return { orderId: result.orderId, paymentUrl: result.paymentUrl, paid: result.paid };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/orders',
      summary: "The caller's own orders, newest first, 20 a page (limit up to 50); nextCursor fetches the older ones. Never cached",
      access: 'signed-in',
      query: orderListQuerySchema,
      answer: orderListSchema,
      failures: ['INVALID_CURSOR'],
      handle: async ({ request, query, caller }) => {
        const result = await listMyOrders({ user: caller.user, locale: requestLocale(request), cursor: query.cursor, limit: query.limit });
        if (!result.ok) throw failureOf(result);
        return json(result.list, { headers: { 'Cache-Control': 'private, no-store' } });
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/orders/{id}',
      summary: "One of the caller's orders: status (paid / pending / failed), items, the receipt's lines (tickets, discount, each fee) that add up to total, refunds. Never cached",
      access: 'signed-in',
      answer: orderSchema,
      failures: ['ORDER_NOT_FOUND'],
      handle: async ({ request, params, caller }) => {
        const order = await getOrder({ user: caller.user, orderId: params.id, locale: requestLocale(request) });
        if (!order) throw new ApiError('ORDER_NOT_FOUND');
        return json(order, { headers: { 'Cache-Control': 'no-store' } });
      },
    }),
  ],
});
