// The route a request is counted and logged under (lib/server/ops/routes.ts, the api bundle's
// apiRouteOf): a template or a group, never the raw path, so the metrics' labels stay few.
import { apiRouteOf } from '@/lib/server/serving/api-bundle';
import { createRouteOf } from '@/lib/server/ops/routes';

const routeOf = createRouteOf(apiRouteOf);

describe('the route of a request', () => {
  it('is the operation’s path template for an API call', () => {
    expect(routeOf('POST', '/api/v1/events/derby-2026/cart/items')).toBe('/api/v1/events/{id}/cart/items');
    expect(routeOf('DELETE', '/api/v1/events/derby/cart/items/5b0c')).toBe('/api/v1/events/{id}/cart/items/{itemId}');
    expect(routeOf('POST', '/api/v1/scan')).toBe('/api/v1/scan');
    expect(routeOf('GET', '/api/v1/seasons/renewals')).toBe('/api/v1/seasons/renewals');
    expect(routeOf('GET', '/api/v1/seasons/spring-2027')).toBe('/api/v1/seasons/{seasonId}');
    expect(routeOf('POST', '/api/v1/seasons/spring-2027/purchase')).toBe('/api/v1/seasons/{seasonId}/purchase');
    expect(routeOf('HEAD', '/api/v1/events')).toBe('/api/v1/events');
    expect(routeOf('GET', '/api/v1/no/such/thing')).toBe('/api/*');
  });

  it('is the page’s internal route in every language', () => {
    expect(routeOf('GET', '/sk/podujatia/derby-2026')).toBe('/[locale]/events/[id]');
    expect(routeOf('GET', '/cs/udalosti/derby-2026/kosik')).toBe('/[locale]/events/[id]/cart');
    expect(routeOf('GET', '/en/events')).toBe('/[locale]/events');
    expect(routeOf('GET', '/sk/obnovenie-hesla/nove')).toBe('/[locale]/password-reset/new');
    expect(routeOf('GET', '/sk')).toBe('/[locale]');
    expect(routeOf('GET', '/')).toBe('/');
  });

  it('groups static files and leaves anything else unmatched', () => {
    expect(routeOf('GET', '/_next/static/chunks/app-1234.js')).toBe('/_next/static/*');
    expect(routeOf('GET', '/media/events/abc.webp')).toBe('/media/*');
    expect(routeOf('GET', '/sw.js')).toBe('/sw.js');
    expect(routeOf('GET', '/images/demo/one.webp')).toBe('/images/*');
    expect(routeOf('GET', '/wp-login.php')).toBe('unmatched');
    expect(routeOf('GET', '/sk/a/b/c/d')).toBe('unmatched');
  });
});
