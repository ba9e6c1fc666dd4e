// proxy.ts decodes an event page's id; a malformed percent-escape (`%E0%A4%A`) threw there, and the
// page answered 500 under `next dev` (the production server refuses such paths earlier,
// lib/server/serving/request-guard.ts). It is an unknown event: the 404 page.
import { NextRequest } from 'next/server';
import proxy from '@/proxy';

it('takes an event page whose id is a malformed escape for an unknown event', async () => {
  const response = await proxy(new NextRequest('http://localhost/sk/podujatia/%E0%A4%A'));
  expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost/sk/--unknown-event--');
});

/**
 * Under `next dev` proxy.ts is the one entry every page request passes (the production server refuses these
 * earlier, tests/unit/request-guard.test.ts): a page parameter that decodes to a stray `%`, a multipart post
 * to a page and a router state Next cannot parse each answered 500. Now a translated 400, as there.
 */
describe('page requests Next cannot take, under next dev', () => {
  const badRequest = { sk: 'Požiadavka je chybná.', en: '' };
  beforeAll(async () => {
    badRequest.sk = (await import('@/messages/sk.json')).default.errors.badRequest;
    badRequest.en = (await import('@/messages/en.json')).default.errors.badRequest;
  });

  it.each(['/sk/platba/%25zz', '/cs/permanentky/%25zz', '/sk/objednavky/%25zz', '/en/events/x/cart/%25'])('refuses %s', async (path) => {
    const response = await proxy(new NextRequest(`http://localhost${path}`, { headers: { cookie: 'tribuna_session=x' } }));
    expect(response.status).toBe(400);
    expect((await response.text()).trim()).toBe(badRequest.sk);
  });

  it('refuses a multipart post to a page', async () => {
    const response = await proxy(
      new NextRequest('http://localhost/sk/podujatia', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', 'accept-language': 'en' }, body: 'garbage' }),
    );
    expect(response.status).toBe(400);
    expect((await response.text()).trim()).toBe(badRequest.en);
  });

  it('refuses an RSC request with a router state Next cannot parse, and takes a good one', async () => {
    const bad = await proxy(new NextRequest('http://localhost/sk/podujatia', { headers: { rsc: '1', 'next-router-state-tree': 'garbage' } }));
    expect(bad.status).toBe(400);
    const good = await proxy(new NextRequest('http://localhost/sk/podujatia', { headers: { rsc: '1', 'next-router-state-tree': encodeURIComponent(JSON.stringify(['', {}, null, null, 1])) } }));
    expect(good.status).toBeLessThan(400);
  });
});
