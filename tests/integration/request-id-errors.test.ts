// An unexpected error in an API handler (lib/server/api/respond.ts) answers 500 INTERNAL and writes one
// error line carrying the request's id (the X-Request-Id the production server put on the request and
// returned to the client: lib/server/serving/server.ts), so an error is found from the request (issue 35
// item 5). What the logger then writes of the error (never a statement's parameters) is ops/log.ts's, and
// e2e/operating.spec.ts greps the real log for secrets.
import { log } from '@/lib/server/ops/log';
import { apiRoute } from '@/lib/server/api/respond';

it('the error line carries the request id and the answer is a 500 INTERNAL', async () => {
  const logger = log();
  const lines: Record<string, unknown>[] = [];
  const error = jest.spyOn(logger, 'error').mockImplementation(((object: Record<string, unknown>, msg: string) => void lines.push({ ...object, msg })) as never);
  try {
    const failing = new Error('Failed query: select 1');
    const route = apiRoute(async () => {
      throw failing;
    });
    const response = await route(new Request('http://localhost/api/v1/anything', { headers: { 'x-request-id': 'req-7f3a', 'accept-language': 'en' } }), { params: Promise.resolve({}) });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ code: 'INTERNAL' });
    expect(lines).toEqual([expect.objectContaining({ requestId: 'req-7f3a', method: 'GET', path: '/api/v1/anything', err: failing, msg: 'API request failed' })]);
  } finally {
    error.mockRestore();
  }
});
