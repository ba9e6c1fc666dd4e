// proxy.ts decodes an event page's id; a malformed percent-escape (`%E0%A4%A`) threw there, and the
// page answered 500 under `next dev` (the production server refuses such paths earlier,
// scripts/request-guard.mjs). It is an unknown event: the 404 page.
import { NextRequest } from 'next/server';
import proxy from '@/proxy';

it('takes an event page whose id is a malformed escape for an unknown event', async () => {
  const response = await proxy(new NextRequest('http://localhost/sk/podujatia/%E0%A4%A'));
  expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost/sk/--unknown-event--');
});
