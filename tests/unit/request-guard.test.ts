// What scripts/serve.mjs refuses before Next or the fast lane see a request (lib/server/serving/request-guard.ts):
// bodies declared past their path's limit, Host headers that are no host names, malformed escapes and
// control characters in the path or query. Each is a translated 4xx and the connection is closed.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { answerLocale, guardRequest } from '@/lib/server/serving/request-guard';
import { isBadRouterState } from '@/lib/page-requests';
import { requestLocale } from '@/lib/server/api/request-locale';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';

let server: Server;
let port: number;
/** Bytes of request bodies the stand-in for Next read. */
let readByNext = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (guardRequest(req, res)) return;
    // A route that refuses before it reads the body (a write from another site: 403 CROSS_SITE).
    if (req.url === '/refused-unread') {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end('{}');
      return;
    }
    req.on('data', (chunk: Buffer) => (readByNext += chunk.length));
    req.on('end', () => {
      res.writeHead(204, { 'x-answered-by': 'next' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(path: string, headers: Record<string, string> = {}, method = 'GET', body?: Buffer): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('requests the app never sees', () => {
  it('refuses a Host header that is no host name, translated, as JSON on the API', async () => {
    const answer = await send('/api/v1/scan', { host: 'a b', 'accept-language': 'en' }, 'POST');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'BAD_REQUEST', message: en.errors.badRequest });
  });

  it('refuses a malformed percent-escape in a page path, as translated text', async () => {
    const answer = await send('/sk/podujatia/%E0%A4%A', { cookie: 'i18n_redirected=cs' });
    expect(answer.status).toBe(400);
    expect(answer.body.trim()).toBe(cs.errors.badRequest);
  });

  it.each(['/_next/image?url=/e%00&w=64&q=75', '/api/v1/events/a%00b/availability', '/sk/podujatia?q=%01', '/sk/%0d%0aSet-Cookie:x=1'])('refuses a control character in %s', async (path) => {
    const answer = await send(path);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(sk.errors.badRequest);
  });

  it.each(['/api/v1/organiser/venues/x/sections/..', '/api/v1/organiser/venues/x/sections/%2e%2E', '/api/v1/events/./availability'])('refuses an API path with a dot segment: %s', async (path) => {
    const answer = await send(path, { 'accept-language': 'en' }, 'DELETE');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'BAD_REQUEST', message: en.errors.badRequest });
  });

  it('lets ordinary requests through, a lenient query escape included', async () => {
    for (const path of ['/sk/podujatia?q=Ko%C5%A1ice', '/api/v1/events?q=%E0%A4%A', '/api/v1/events?q=..', '/api/v1/events/a..b', '/sk/podujatia/dunaj-bratislava-fc-kosice', '/_next/image?url=%2Fimages%2Fa.webp&w=64&q=75']) {
      const answer = await send(path, { host: 'tribuna.sk:443' });
      expect([path, answer.status]).toEqual([path, 204]);
    }
    expect((await send('/sk', { host: '[::1]:3000' })).status).toBe(204);
  });
});

describe('a body declared past its limit', () => {
  it('is answered 413 at once, translated, unread, and the connection closed while the client still sends', async () => {
    readByNext = 0;
    const declared = 200 * 1024 * 1024;
    const { answer, written } = await new Promise<{ answer: string; written: number }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let written = 0;
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (written < declared && !socket.destroyed) {
          written += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
      };
      socket.on('data', (data) => (answer += data.toString('utf8')));
      socket.on('error', () => {});
      socket.on('close', () => resolve({ answer, written }));
      socket.write(`POST /api/v1/auth/signin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept-Language: sk\r\nContent-Length: ${declared}\r\n\r\n`, pump);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain(JSON.stringify(sk.errors.bodyTooLarge));
    // the server closed the connection long before 200 MB were sent, and never read a byte of it
    expect(written).toBeLessThan(32 * 1024 * 1024);
    expect(readByNext).toBe(0);
  });

  it('up to the limit goes on to the app; pages and the analytics proxy may send up to 1 MB', async () => {
    // declared only: a refusal never waits for the body
    const at = (path: string, length: number) => send(path, { 'content-length': String(length) }, 'POST');
    expect((await at('/api/v1/auth/signin', 64 * 1024 + 1)).status).toBe(413);
    expect((await send('/api/v1/auth/signin', {}, 'POST', Buffer.alloc(64 * 1024, 0x20))).status).toBe(204);
    expect((await send('/api/v1/payments/stripe/webhook', {}, 'POST', Buffer.alloc(200 * 1024, 0x20))).status).toBe(204);
    expect((await at('/api/v1/payments/stripe/webhook', 256 * 1024 + 1)).status).toBe(413);
    expect((await at('/ingest/batch', 1024 * 1024 + 1)).status).toBe(413);
  });
});

describe('the language of a refusal', () => {
  it('is the one the API would answer in', () => {
    const cases: Record<string, string>[] = [
      {},
      { 'accept-language': 'en-GB,en;q=0.9' },
      { 'accept-language': 'de,cs;q=0.5,en;q=0.4' },
      { 'accept-language': 'sk;q=NaN,en;q=-1' },
      { 'accept-language': ';;;q=abc,*' },
      { cookie: 'a=b; i18n_redirected=cs' },
      { 'accept-language': 'fr', cookie: 'i18n_redirected=en' },
      { cookie: 'i18n_redirected=%00' },
    ];
    for (const headers of cases) {
      expect([headers, answerLocale(headers)]).toEqual([headers, requestLocale(new Request('http://localhost/', { headers }))]);
    }
  });
});

describe('an answer given before the body was read', () => {
  /** Sends the headers of a POST and part of its body, then returns the head of the answer. */
  function answerHead(path: string, declared: number, sent: number): Promise<string> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (data) => {
        answer += data.toString('utf8');
        if (answer.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(answer.split('\r\n\r\n')[0]);
        }
      });
      socket.on('error', () => {});
      socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: ${declared}\r\n\r\n${'x'.repeat(sent)}`);
    });
  }

  it('says Connection: close, since the server closes it: a client keeping the connection would send its next request into a closing socket', async () => {
    const head = await answerHead('/refused-unread', 1000, 10);
    expect(head).toMatch(/^HTTP\/1\.1 403 /);
    expect(head.toLowerCase()).toContain('connection: close');
  });

  it('keeps the connection when the body was read to its end', async () => {
    const head = await answerHead('/api/v1/auth/signin', 10, 10);
    expect(head).toMatch(/^HTTP\/1\.1 204 /);
    expect(head.toLowerCase()).toContain('connection: keep-alive');
  });
});

/**
 * Issue 29 item 4: three page requests Next failed on with a 500 (no browser of ours sends them). The
 * production server answers each with a translated 400 before Next sees it; proxy.ts does the same under
 * `next dev` (tests/unit/proxy-escapes.test.ts).
 */
describe('page requests Next cannot take', () => {
  /** Next-Router-State-Tree as Next's client sends it on a navigation. */
  const routerState = (state: unknown) => encodeURIComponent(JSON.stringify(state));
  const NAVIGATION = routerState(['', { children: ['sk', { children: ['events', { children: ['__PAGE__', {}, null, null] }] }, null, null, 1] }, null, 'refetch']);

  it.each(['/sk/platba/%25zz', '/cs/permanentky/%25zz', '/sk/objednavky/%25zz', '/en/orders/%25E0%25A4%25A', '/sk/podujatia/x/kosik/%25', '/sk/organizator/podujatia/%25zz/predaj'])(
    'refuses a page path whose parameter decodes to a stray %%: %s',
    async (path) => {
      const answer = await send(path, { 'accept-language': 'cs' });
      expect(answer.status).toBe(400);
      expect(answer.body.trim()).toBe(cs.errors.badRequest);
    },
  );

  it('leaves a percent sign in a query, and an API path, to the app', async () => {
    expect((await send('/sk/podujatia?q=100%25')).status).toBe(204);
    expect((await send('/api/v1/events/%25zz/availability')).status).toBe(204);
  });

  it.each([
    ['a body that is no multipart at all', 'multipart/form-data; boundary=x', 'garbage'],
    ['a multipart type without a boundary', 'multipart/form-data', '--x\r\n'],
    ['an unterminated part', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb'],
    ['a well-formed form (no page takes one)', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'],
  ])('refuses a multipart POST to a page: %s', async (_name, type, body) => {
    const answer = await send('/sk/podujatia', { 'content-type': type, 'accept-language': 'en' }, 'POST', Buffer.from(body));
    expect(answer.status).toBe(400);
    expect(answer.body.trim()).toBe(en.errors.badRequest);
  });

  it.each([
    ['not JSON', 'garbage'],
    ['a malformed escape', '%E0%A4%A'],
    ['JSON of another shape', routerState({ children: [] })],
    ['an unknown refresh marker', routerState(['', {}, null, 'now'])],
    ['a flag of the wrong type', routerState(['', {}, null, null, true])],
  ])('refuses an RSC request whose Next-Router-State-Tree is %s', async (_name, state) => {
    const answer = await send('/sk/podujatia', { rsc: '1', 'next-router-state-tree': state });
    expect(answer.status).toBe(400);
    expect(answer.body.trim()).toBe(sk.errors.badRequest);
  });

  it('lets a navigation of Next\'s client through', async () => {
    expect((await send('/sk/podujatia', { rsc: '1', 'next-router-state-tree': NAVIGATION })).status).toBe(204);
    expect((await send('/sk/podujatia', { rsc: '1' })).status).toBe(204);
  });

  it('judges a router state as Next itself does', () => {
    const { parseAndValidateFlightRouterState } = createRequire(__filename)('next/dist/server/app-render/parse-and-validate-flight-router-state.js');
    const nextTakes = (header: string) => {
      try {
        parseAndValidateFlightRouterState(header);
        return true;
      } catch {
        return false;
      }
    };
    const samples = [
      NAVIGATION,
      routerState(['', {}]),
      routerState(['', {}, ['/sk', '/sk'], 'inside-shared-layout', 3, 'x']),
      routerState([['id', 'abc', 'd', null], { children: ['__PAGE__', {}] }]),
      routerState([['id', 'abc', 'd', ['a']], {}, null, 'metadata-only', null]),
      routerState([['id', 'abc', 'x', null], {}]),
      routerState([['id', 'abc', 'd'], {}]),
      routerState(['', {}, null, null, null, null, null]),
      routerState(['', { a: 'b' }]),
      routerState(['', [], ['/sk']]),
      routerState(['', {}, null, 'refresh']),
      routerState([1, {}]),
      routerState(['', {}, null, null, 'x']),
      routerState(['', {}, null, null, true]),
      routerState(null),
      'garbage',
      '%E0%A4%A',
      routerState(['', { children: ['x'.repeat(40_000), {}] }]),
    ];
    for (const sample of samples) expect([sample.slice(0, 80), isBadRouterState(sample)]).toEqual([sample.slice(0, 80), !nextTakes(sample)]);
  });
});

describe('a page body without a length', () => {
  /** Sends `size` bytes in chunks (Transfer-Encoding: chunked, no Content-Length) and returns the answer's status line. */
  function chunked(path: string, size: number): Promise<string> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      const piece = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (sent < size && !socket.destroyed) {
          sent += piece.length;
          if (!socket.write(`${piece.length.toString(16)}\r\n${piece.toString('latin1')}\r\n`)) return void socket.once('drain', pump);
        }
        if (!socket.destroyed) socket.write('0\r\n\r\n');
      };
      socket.on('data', (data) => (answer += data.toString('utf8')));
      socket.on('error', () => {});
      socket.on('close', () => resolve(answer.split('\r\n')[0]));
      socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`, pump);
    });
  }

  it('is counted as it is read: past 1 MB the answer is a 413 and the app reads no more than the limit', async () => {
    readByNext = 0;
    expect(await chunked('/sk/podujatia', 4 * 1024 * 1024)).toMatch(/^HTTP\/1\.1 413 /);
    expect(readByNext).toBeLessThanOrEqual(1024 * 1024);
  });

  it('within the limit reaches the app whole', async () => {
    readByNext = 0;
    expect(await chunked('/sk/podujatia', 512 * 1024)).toMatch(/^HTTP\/1\.1 204 /);
    expect(readByNext).toBe(512 * 1024);
  });
});
