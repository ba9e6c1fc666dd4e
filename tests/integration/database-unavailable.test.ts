// While the database cannot be reached, the API answers 503 with Retry-After and a translated message,
// never 500 (issue 13, item 9): a client tries again later; nothing is wrong with its request.
import { GET as events } from '@/app/api/v1/events/route';
import { GET as availability } from '@/app/api/v1/events/[id]/availability/route';
import { POST as signin } from '@/app/api/v1/auth/signin/route';
import { GET as tickets } from '@/app/api/v1/tickets/route';
import { closeDatabase, openDatabase, useDatabase } from '@/lib/server/db/client';
import messages from '@/messages/cs.json';
import { params } from '../helpers/tickets';

beforeAll(() => {
  // Nothing listens on port 1: every connection is refused.
  useDatabase(openDatabase({ url: 'postgres://tribuna@127.0.0.1:1/tribuna', poolSize: 1 }));
});

afterAll(() => closeDatabase());

const headers = { 'accept-language': 'cs', 'content-type': 'application/json', authorization: 'Bearer x'.padEnd(50, 'x') };

it.each([
  ['the events list', () => events(new Request('http://localhost/api/v1/events', { headers }), params({}))],
  ['availability', () => availability(new Request('http://localhost/api/v1/events/derby/availability', { headers }), params({ id: 'derby' }))],
  ['sign-in', () => signin(new Request('http://localhost/api/v1/auth/signin', { method: 'POST', headers, body: '{"email":"a@b.cz","password":"12345678"}' }), params({}))],
  ['a signed-in read', () => tickets(new Request('http://localhost/api/v1/tickets', { headers }), params({}))],
])('%s answers 503 with Retry-After', async (_name, call) => {
  const response = await call();
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.json()).toMatchObject({ code: 'UNAVAILABLE', message: messages.errors.unavailable });
});
