import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createPageCache, pageCacheKey, sharedPolicy } from '@/lib/server/serving/page-cache';

// A stand-in for Next's handler: streams an HTML page in two writes, numbered per render, and sets the
// per-visitor cookies the way proxy.ts does.
let renders = 0;
let status = 200;
// With `csp`, each render has a nonce of its own, as proxy.ts gives it, on two inline scripts of
// Next's; a third inline script, as if injected into the page, has none. Gzipped when asked, as Next does.
let csp = false;
const NEXT_SCRIPTS = ['self.__next_f.push([1,"a"])', '$RC("B:0","S:0")'];
const INJECTED = 'alert(document.cookie)';
async function handle(req: IncomingMessage, res: ServerResponse) {
  renders += 1;
  const n = renders;
  await new Promise((resolve) => setTimeout(resolve, 30));
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Link', '<http://localhost/sk>; rel="alternate"; hreflang="sk"');
  res.setHeader('Set-Cookie', ['XSRF-TOKEN=token-of-the-first-visitor; Path=/; SameSite=lax']);
  if (!csp) {
    res.write(`<html><body>render ${n} of ${req.url}`);
    res.end('</body></html>');
    return;
  }
  const nonce = randomBytes(16).toString('base64');
  res.setHeader('Content-Security-Policy', `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'sha256-shell'; object-src 'none'`);
  const html = `<html><body>render ${n}<script>${INJECTED}</script>${NEXT_SCRIPTS.map((js) => `<script nonce="${nonce}">${js}</script>`).join('')}<script src="/_next/x.js" nonce="${nonce}" async=""></script></body></html>`;
  if (/gzip/.test(req.headers['accept-encoding'] ?? '')) {
    res.setHeader('Content-Encoding', 'gzip');
    res.end(gzipSync(html));
  } else {
    res.end(html);
  }
}
const hashOf = (js: string) => `'sha256-${createHash('sha256').update(js).digest('base64')}'`;

let clock = 1_000_000;
let server: Server;
let base = '';
let serve: ReturnType<typeof createPageCache>;

beforeAll(async () => {
  serve = createPageCache({ ttlMs: 2000, maxEntries: 3, now: () => clock });
  server = createServer((req, res) => void serve(req, res, handle));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  renders = 0;
  status = 200;
  csp = false;
  clock += 60_000; // every test starts with nothing fresh in the cache
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });

describe('public page cache', () => {
  it('renders a public page once for many signed-out visitors within its lifetime, then renders it again', async () => {
    const first = await get('/sk/podujatia');
    expect(first.headers.get('x-tribuna-cache')).toBe('MISS');
    const firstBody = await first.text();
    expect(firstBody).toContain('render 1 of /sk/podujatia');

    const second = await get('/sk/podujatia');
    expect(second.headers.get('x-tribuna-cache')).toBe('HIT');
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get('link')).toContain('hreflang="sk"');
    expect(renders).toBe(1);

    clock += 2500;
    const later = await get('/sk/podujatia');
    expect(later.headers.get('x-tribuna-cache')).toBe('MISS');
    expect(await later.text()).toContain('render 2');
  });

  it('an event change clears every copy, and a render begun before it is not kept', async () => {
    await get('/sk/podujatia/zapas');
    expect((await get('/sk/podujatia/zapas')).headers.get('x-tribuna-cache')).toBe('HIT');
    serve.clear();
    const after = await get('/sk/podujatia/zapas');
    expect(after.headers.get('x-tribuna-cache')).toBe('MISS');
    expect(await after.text()).toContain('render 2');

    // a render under way when the change lands shows the old data: its visitor gets it, nobody after
    const during = get('/sk/podujatia/iny-zapas');
    await new Promise((resolve) => setTimeout(resolve, 10));
    serve.clear();
    expect(await (await during).text()).toContain('render 3');
    const next = await get('/sk/podujatia/iny-zapas');
    expect(next.headers.get('x-tribuna-cache')).toBe('MISS');
    expect(await next.text()).toContain('render 4');
  });

  it('many visitors arriving at once share one render', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/en/events/some-match').then((r) => r.text())));
    expect(renders).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('never shares one visitor’s cookies: each copy answer sets the visitor’s own XSRF token and language', async () => {
    await get('/cs/udalosti');
    const a = await get('/cs/udalosti');
    const b = await get('/cs/udalosti');
    const cookiesA = a.headers.getSetCookie();
    const cookiesB = b.headers.getSetCookie();
    expect(cookiesA.join()).not.toContain('token-of-the-first-visitor');
    const xsrf = (cookies: string[]) => cookies.find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(xsrf(cookiesA)).toMatch(/^XSRF-TOKEN=[\w-]{32}; Path=\/; SameSite=lax$/);
    expect(xsrf(cookiesA)).not.toBe(xsrf(cookiesB));
    expect(cookiesA).toContainEqual(expect.stringMatching(/^i18n_redirected=cs; Path=\/; Expires=.+; Max-Age=31536000; SameSite=lax$/));

    // a visitor who already has both cookies gets none
    const known = await get('/cs/udalosti', { Cookie: 'XSRF-TOKEN=mine; i18n_redirected=cs' });
    expect(known.headers.get('x-tribuna-cache')).toBe('HIT');
    expect(known.headers.getSetCookie()).toEqual([]);
  });

  it('signed-in visitors, app navigations, private pages and failed answers are always rendered for themselves', async () => {
    const rendersFresh = async (path: string, headers: Record<string, string> = {}) => {
      const before = renders;
      const res = await get(path, headers);
      await res.text();
      return res.headers.get('x-tribuna-cache') !== 'HIT' && renders === before + 1;
    };
    await get('/sk');
    expect(await rendersFresh('/sk')).toBe(false); // the copy
    expect(await rendersFresh('/sk', { Cookie: 'tribuna_session=sealed' })).toBe(true);
    expect(await rendersFresh('/sk', { Authorization: 'Bearer abc' })).toBe(true);
    expect(await rendersFresh('/sk', { RSC: '1' })).toBe(true);
    expect(await rendersFresh('/sk?_rsc=abc')).toBe(true);
    await get('/sk/profil');
    expect(await rendersFresh('/sk/profil')).toBe(true);
    await get('/sk/podujatia/zapas/kosik');
    expect(await rendersFresh('/sk/podujatia/zapas/kosik')).toBe(true);

    status = 404;
    await get('/en/events/unknown');
    expect(await rendersFresh('/en/events/unknown')).toBe(true);
  });

  it('never repeats a nonce: a shared copy allows the hashes of the scripts that carried the first answer’s nonce, and nothing else', async () => {
    csp = true;
    for (const encoding of ['identity', 'gzip']) {
      clock += 60_000;
      const first = await get('/sk/o-nas', { 'accept-encoding': encoding });
      expect(first.headers.get('x-tribuna-cache')).toBe('MISS');
      const firstPolicy = first.headers.get('content-security-policy')!;
      const nonce = /'nonce-([^']+)'/.exec(firstPolicy)![1];
      const body = await first.text();

      const copy = await get('/sk/o-nas', { 'accept-encoding': encoding });
      expect(copy.headers.get('x-tribuna-cache')).toBe('HIT');
      expect(await copy.text()).toBe(body);
      const policy = copy.headers.get('content-security-policy')!;
      expect(policy).not.toContain('nonce-');
      expect(policy).not.toContain(nonce);
      expect(policy).toBe(firstPolicy.replace(`'nonce-${nonce}'`, NEXT_SCRIPTS.map(hashOf).join(' ')));
      expect(policy).not.toContain(hashOf(INJECTED));
    }
    expect(renders).toBe(2);
  });

  it('a policy without a nonce is shared as it is; a body it cannot read is not shared', () => {
    expect(sharedPolicy("script-src 'self'", Buffer.from('<script>x</script>'), undefined)).toBe("script-src 'self'");
    expect(sharedPolicy("script-src 'self' 'nonce-abc'", Buffer.from('<p>'), 'deflate')).toBeNull();
    expect(sharedPolicy("script-src 'self' 'nonce-abc'", Buffer.from('<p>no scripts</p>'), undefined)).toBe("script-src 'self'");
  });

  it('keeps a bounded number of pages (searches cannot grow memory without end)', async () => {
    for (const q of ['a', 'b', 'c', 'd']) await get(`/sk/podujatia?q=${q}`);
    expect((await get('/sk/podujatia?q=d')).headers.get('x-tribuna-cache')).toBe('HIT');
    expect((await get('/sk/podujatia?q=a')).headers.get('x-tribuna-cache')).toBe('MISS');
  });

  it('keys by what is asked: path, query, host and compression', () => {
    const req = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, headers: { host: 'tribuna.sk', ...headers } }) as unknown as IncomingMessage;
    expect(pageCacheKey(req('/sk/podujatia?q=kosice'))).toBe('tribuna.sk/sk/podujatia?q=kosice|identity');
    expect(pageCacheKey(req('/sk/podujatia', { 'accept-encoding': 'gzip, br' }))).toBe('tribuna.sk/sk/podujatia|gzip');
    expect(pageCacheKey(req('/en/about'))).not.toBeNull();
    expect(pageCacheKey(req('/sk/o-nas'))).not.toBeNull();
    expect(pageCacheKey(req('/cs/ochrana-osobnich-udaju'))).not.toBeNull();
    expect(pageCacheKey(req('/sk/about'))).toBeNull();
    expect(pageCacheKey(req('/en/tickets'))).toBeNull();
    expect(pageCacheKey(req('/api/v1/events'))).toBeNull();
    expect(pageCacheKey({ ...req('/sk'), method: 'POST' } as IncomingMessage)).toBeNull();
  });

  it('keys by the forwarded host and scheme too (they reach it only from a trusted proxy): one cannot poison another’s copy', () => {
    const req = (headers: Record<string, string> = {}) => ({ method: 'GET', url: '/sk/o-nas', headers: { host: 'tribuna.sk', ...headers } }) as unknown as IncomingMessage;
    const plain = pageCacheKey(req());
    const forwarded = pageCacheKey(req({ 'x-forwarded-host': 'evil.example' }));
    expect(forwarded).not.toBeNull();
    expect(forwarded).not.toBe(plain);
    expect(pageCacheKey(req({ 'x-forwarded-proto': 'http' }))).not.toBe(pageCacheKey(req({ 'x-forwarded-proto': 'https' })));
  });
});

describe('signed-in fans: one shared shell, each fan’s own data', () => {
  // Sessions of the stand-in: "sealed-<name>" is live, anything else is not.
  const FANS: Record<string, { id: string; firstName: string }> = {
    jana: { id: 'u-jana', firstName: 'Jana' },
    peter: { id: 'u-peter', firstName: '</script><script>alert(1)</script>' },
  };
  let shellRenders = 0;
  let shellRequests: IncomingMessage[] = [];
  let dataAsked: string[][] = [];
  let fanServer: Server;
  let fanBase = '';
  let fanServe: ReturnType<typeof createPageCache>;
  const cookieOf = (req: IncomingMessage) => /tribuna_session=sealed-(\w+)/.exec(req.headers.cookie ?? '')?.[1];

  beforeAll(async () => {
    fanServe = createPageCache({
      ttlMs: 2000,
      now: () => clock,
      fans: {
        async renderShell(req) {
          shellRenders += 1;
          shellRequests.push(req);
          await new Promise((resolve) => setTimeout(resolve, 30));
          const nonce = 'shellnonce';
          return {
            status: 200,
            headers: {
              'content-type': 'text/html; charset=utf-8',
              'content-security-policy': `script-src 'self' 'nonce-${nonce}'`,
              'set-cookie': ['XSRF-TOKEN=of-the-render; Path=/'],
            },
            body: Buffer.from(`<html><head><title>t</title></head><body>shell ${shellRenders} of ${req.url}<script nonce="${nonce}">boot()</script></body></html>`),
          };
        },
        async dataOf(req, parts) {
          dataAsked.push(parts);
          const fan = FANS[cookieOf(req) ?? ''];
          if (!fan) return null;
          const data: Record<string, string> = { me: JSON.stringify(fan) };
          if (parts.includes('tickets')) data.tickets = JSON.stringify({ renderedAt: 1, tickets: { owner: fan.id } });
          return data;
        },
      },
    });
    fanServer = createServer((req, res) => void fanServe(req, res, handle));
    await new Promise<void>((resolve) => fanServer.listen(0, '127.0.0.1', resolve));
    fanBase = `http://127.0.0.1:${(fanServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => fanServer.close(resolve)));
  beforeEach(() => {
    shellRenders = 0;
    shellRequests = [];
    dataAsked = [];
  });
  const fanGet = (path: string, fan: string, headers: Record<string, string> = {}) =>
    fetch(fanBase + path, { headers: { Cookie: `tribuna_session=sealed-${fan}; XSRF-TOKEN=mine; i18n_redirected=sk`, ...headers } });
  const dataIn = (html: string, name: string) => {
    const text = new RegExp(`<script type="application/json" id="tribuna-${name}">(.*?)</script>`).exec(html)?.[1];
    return text === undefined ? undefined : JSON.parse(text);
  };

  it('renders the shell once for many fans, and gives each fan their own user in the page’s <head>', async () => {
    const [jana, peter] = await Promise.all([fanGet('/sk', 'jana'), fanGet('/sk', 'peter')]);
    const [janaHtml, peterHtml] = await Promise.all([jana.text(), peter.text()]);
    expect(shellRenders).toBe(1);
    expect(renders).toBe(0); // Next's handler never rendered the page for one fan
    expect(dataIn(janaHtml, 'me')).toEqual(FANS.jana);
    expect(dataIn(peterHtml, 'me')).toEqual(FANS.peter);
    expect(janaHtml).not.toContain('u-peter');
    expect(janaHtml.indexOf('tribuna-me')).toBeLessThan(janaHtml.indexOf('</head>'));
    expect(jana.headers.get('x-tribuna-cache')).toBe('SHELL');
    expect(jana.headers.get('cache-control')).toContain('no-store');
    expect(jana.headers.getSetCookie()).toEqual([]); // no cookie of the render, none needed by this visitor

    // the shell was asked with no one's cookie
    expect(shellRequests[0].url).toBe('/sk');
    const again = await (await fanGet('/sk', 'peter')).text();
    expect(shellRenders).toBe(1);
    expect(dataIn(again, 'me')).toEqual(FANS.peter);
  });

  it('escapes the data so that no text in it ends its element', async () => {
    const html = await (await fanGet('/sk/podujatia', 'peter')).text();
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(dataIn(html, 'me').firstName).toBe(FANS.peter.firstName);
  });

  it('gzips for browsers that take it, and answers the shell’s script hashes instead of its nonce', async () => {
    const res = await fanGet('/en/events', 'jana', { 'Accept-Encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('shell 1 of /en/events'); // fetch un-gzips
    expect(res.headers.get('content-security-policy')).toBe(`script-src 'self' ${hashOf('boot()')}`);
  });

  it('Your tickets carries the fan’s tickets too; other pages only the user', async () => {
    const html = await (await fanGet('/sk/vstupenky', 'jana')).text();
    expect(dataIn(html, 'tickets')).toEqual({ renderedAt: 1, tickets: { owner: 'u-jana' } });
    expect(dataAsked).toEqual([['me', 'tickets']]);
    await (await fanGet('/en/events/some-match', 'jana')).text();
    expect(dataAsked[1]).toEqual(['me']);
  });

  it('a session that is not live, app navigations and private pages are rendered by Next for the request', async () => {
    const rendered = async (path: string, fan: string, headers: Record<string, string> = {}) => {
      const before = renders;
      const res = await fanGet(path, fan, headers);
      await res.text();
      return res.headers.get('x-tribuna-cache') !== 'SHELL' && renders === before + 1;
    };
    expect(await rendered('/sk', 'nobody')).toBe(true);
    expect(await rendered('/sk', 'jana', { RSC: '1' })).toBe(true);
    expect(await rendered('/sk/profil', 'jana')).toBe(true);
    expect(await rendered('/sk/vstupenky/123', 'jana')).toBe(true);
    expect(await rendered('/sk', 'jana')).toBe(false);
  });

  it('an event change clears the shells too', async () => {
    await (await fanGet('/cs/udalosti', 'jana')).text();
    await (await fanGet('/cs/udalosti', 'jana')).text();
    expect(shellRenders).toBe(1);
    fanServe.clear();
    expect(await (await fanGet('/cs/udalosti', 'jana')).text()).toContain('shell 2');
    clock += 2500;
    expect(await (await fanGet('/cs/udalosti', 'jana')).text()).toContain('shell 3');
  });
});
