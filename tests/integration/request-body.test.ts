// Request bodies are read once, in chunks, and never past their path's limit (lib/server/api/body.ts,
// lib/body-limits.ts): an oversize body is answered 413 before anything is done about who is calling,
// and a body without a length stops being read as soon as it passes the limit (issue 13, item 6).
import { userForToken } from '@/lib/server/auth/session-token';
import { enforceRateLimit } from '@/lib/server/rate-limit';
import { POST as redeem } from '@/tests/helpers/api';
import { POST as signin } from '@/tests/helpers/api';
import { POST as webhook } from '@/tests/helpers/api';
import { JSON_API_BODY_LIMIT, WEBHOOK_BODY_LIMIT } from '@/lib/body-limits';
import messages from '@/messages/sk.json';
import { useTestDatabase } from '../helpers/db';
import { makeUser, params } from '../helpers/tickets';

// Watched: the first work a route does about its caller (the session lookup, the rate limit's count).
jest.mock('@/lib/server/auth/session-token', () => {
  const actual = jest.requireActual('@/lib/server/auth/session-token');
  return { ...actual, userForToken: jest.fn(actual.userForToken) };
});
jest.mock('@/lib/server/rate-limit', () => {
  const actual = jest.requireActual('@/lib/server/rate-limit');
  return { ...actual, enforceRateLimit: jest.fn(actual.enforceRateLimit) };
});

const t = useTestDatabase();

/** A body that never ends by itself, 16 KB a pull, and how much of it was pulled. */
function endless(): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let bytes = 0;
  const chunk = new Uint8Array(16 * 1024).fill(0x20);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled: () => bytes };
}

function post(path: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'sk', ...headers }, body, duplex: 'half' } as RequestInit);
}

afterEach(() => jest.clearAllMocks());

describe('the JSON API reads at most 64 KB of a body', () => {
  it('answers a 1 MB body 413 with a translated message and closes the connection, before looking up the session', async () => {
    const fan = await makeUser(t.db);
    const response = await redeem(post('/api/v1/tickets/redeem', JSON.stringify({ code: 'x'.repeat(1024 * 1024) }), { authorization: `Bearer ${fan.token}` }), params({}));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'BODY_TOO_LARGE', message: messages.errors.bodyTooLarge });
    expect(response.headers.get('connection')).toBe('close');
    expect(userForToken).not.toHaveBeenCalled();
  });

  it('refuses a declared Content-Length over the limit without reading the body, before the rate limit counts', async () => {
    const { body, pulled } = endless();
    const response = await signin(post('/api/v1/auth/signin', body, { 'content-length': String(600 * 1024 * 1024) }), params({}));
    expect(response.status).toBe(413);
    expect(enforceRateLimit).not.toHaveBeenCalled();
    // the stream may be primed with a chunk or two, never read on
    expect(pulled()).toBeLessThanOrEqual(2 * 16 * 1024);
  });

  it('stops reading a body without a length once it passes the limit', async () => {
    const { body, pulled } = endless();
    const response = await signin(post('/api/v1/auth/signin', body), params({}));
    expect(response.status).toBe(413);
    expect(pulled()).toBeLessThan(JSON_API_BODY_LIMIT + 3 * 16 * 1024);
  });

  it('takes a body of up to the limit as before', async () => {
    const padding = 'x'.repeat(JSON_API_BODY_LIMIT - 100);
    const response = await signin(post('/api/v1/auth/signin', JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1', padding })), params({}));
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('INVALID_CREDENTIALS');
    expect(enforceRateLimit).toHaveBeenCalled(); // the watch above sees what it watches
  });

  it('answers a body that is not UTF-8 with 400', async () => {
    const response = await signin(post('/api/v1/auth/signin', Uint8Array.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])), params({}));
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(messages.errors.invalidInput);
  });
});

describe('a payment provider’s notice has a limit of its own', () => {
  it('is read up to 256 KB and refused past it', async () => {
    const notice = (size: number) => post('/api/v1/payments/test/webhook', JSON.stringify({ eventId: 'evt', paymentId: 'p', outcome: 'succeeded', signature: 'x', padding: 'x'.repeat(size) }));
    const within = await webhook(notice(200 * 1024), params({ provider: 'test' }));
    expect(within.status).toBe(400);
    expect((await within.json()).code).toBe('BAD_SIGNATURE');
    const over = await webhook(notice(WEBHOOK_BODY_LIMIT), params({ provider: 'test' }));
    expect(over.status).toBe(413);
  });
});
