// The failure table (lib/server/api/failures.ts): every code is answered with an error status and a
// sentence in each language; the compiler refuses a code without a row and a 429 without its seconds.
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import { ApiError, failureOf } from '@/lib/server/api/error';
import { FAILURES, type FailureCode, type MessageKey } from '@/lib/server/api/failures';
import { errorResponse } from '@/lib/server/api/respond';

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

const rows = Object.entries(FAILURES) as [FailureCode, (typeof FAILURES)[FailureCode]][];
const request = (language = 'en') => new Request('http://localhost/api/v1/x', { headers: { 'accept-language': language } });

describe('the failure table', () => {
  it.each(rows)('%s is a 4xx or 5xx with a message in sk, cs and en', (_code, row) => {
    expect(row.status).toBeGreaterThanOrEqual(400);
    expect(row.status).toBeLessThan(600);
    for (const messages of [sk, cs, en]) expect(typeof lookup(messages as Tree, row.key)).toBe('string');
  });

  it('has one 429, RATE_LIMITED, and its answer says when to try again', async () => {
    expect(rows.filter(([, row]) => row.status === 429).map(([code]) => code)).toEqual(['RATE_LIMITED']);
    const response = errorResponse(request(), new ApiError('RATE_LIMITED', { retryAfterSeconds: 17 }));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('17');
  });

  it('answers a code that means something else in another domain with the contract’s code and its own sentence', async () => {
    const response = errorResponse(request(), new ApiError('TICKET_NOT_FOUND'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: en.tickets.errors.notFound, errors: [{ message: en.tickets.errors.notFound }] });
  });

  it('names the taken seats one by one, each with its id at seatIds (clients mark them on the map)', async () => {
    const response = errorResponse(request('sk'), failureOf({ code: 'SEAT_TAKEN', taken: [{ id: 's1', label: 'A 1/3' }] }));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: sk.cart.seatTaken,
      code: 'SEAT_TAKEN',
      errors: [{ field: 'seatIds', id: 's1', message: sk.cart.seatTakenOne.replace('{seat}', 'A 1/3') }],
    });
  });

  it('puts a failure’s message at its form field, and a limit into its sentence', async () => {
    const discount = await errorResponse(request(), failureOf({ code: 'INVALID_DISCOUNT_CODE' })).json();
    expect(discount.errors).toEqual([{ field: 'code', message: en.errors.invalidDiscountCode }]);
    const limit = await errorResponse(request(), failureOf({ code: 'LIMIT_PER_ORDER', limit: 6 })).json();
    expect(limit.message).toContain('6');
  });
});

// ── compile-time checks (tsc runs over tests/: `npm run typecheck`) ───────────
export function compileTimeChecks() {
  // A code without a row does not compile.
  const { SOLD_OUT: _dropped, ...withoutOne } = FAILURES;
  // @ts-expect-error SOLD_OUT has no row
  void (withoutOne satisfies Record<FailureCode, unknown>);
  // A row for a code no domain function returns does not either.
  // @ts-expect-error NO_SUCH_CODE is no FailureCode
  void ({ ...FAILURES, NO_SUCH_CODE: { status: 400, key: 'errors.generic' } } satisfies Record<FailureCode, unknown>);
  // A 429 cannot be built without the seconds of its Retry-After …
  // @ts-expect-error retryAfterSeconds is required
  void new ApiError('RATE_LIMITED');
  // … not even through a code that may be RATE_LIMITED.
  const code = 'RATE_LIMITED' as FailureCode;
  // @ts-expect-error retryAfterSeconds is required
  void new ApiError(code);
  // @ts-expect-error a rate limit without its seconds
  void failureOf({ code: 'RATE_LIMITED' });
  // The message key of a row is a key of messages/*.json.
  // @ts-expect-error errors.noSuchMessage is no message key
  const key: MessageKey = 'errors.noSuchMessage';
  void key;
}
