// The page cache in front of Next (used by ./server.ts): a short-lived shared copy of the public
// pages that every signed-out visitor gets alike — home, events list, event detail, about, terms,
// privacy. When a stadium's worth of phones opens the same page at once, one render answers all of
// them for a couple of seconds instead of rendering it once per phone (the "microcache" of nginx/Varnish).
//
// Signed-in fans get those pages and Your tickets from a shared copy too: the page's signed-in shell,
// rendered by Next for no one in particular (lib/server/auth/shared-shell.ts), to which each fan's answer
// adds their own user (and on Your tickets their tickets) as JSON in the <head> (createPageCache's `fans`).
// A page load differs between two signed-in fans only there, so one render serves them all.
//
// What is never served from it: a session that is not live, an Authorization header, client-side
// navigations (RSC requests), non-GET requests, and any answer that is not a 200 HTML page. Catalogue
// data is cached for minutes anyway and live availability comes from the API, so a copy at most
// PAGE_CACHE_MS old (default 2 s; 0 turns the cache off) shows nothing a fan would miss; and when an
// event changes, the server clears every copy at once (it listens through lib/server/events/change-listeners.ts;
// docs/decisions/in-process-caches.md).
// Per-visitor cookies are never shared: a copy is stored without Set-Cookie, and each answer from it
// sets the visitor's own XSRF token and language cookie the way proxy.ts does.
// Nor is a CSP nonce (lib/csp.ts): a nonce is good for one answer only, so a copy's policy allows the
// hashes of exactly the inline scripts that carried the first answer's nonce, and no nonce at all.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SESSION_COOKIE, XSRF_COOKIE } from '@/lib/cookies';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, locales, type Locale } from '@/lib/i18n/locales';
import { pathnames, type AppPathname } from '@/lib/i18n/routing';
import { prepareSplice, spliceGzip, type PreparedSplice } from './gzip-splice';

export { SHELL_HEADER } from './shell-header';

/** The public pages every signed-out visitor gets alike (their translated paths: lib/i18n/routing.ts). */
const PUBLIC_PAGES: AppPathname[] = ['/', '/events', '/events/[id]', '/about', '/terms', '/privacy'];
/** Pages a signed-in fan also gets from a shared copy, beside the public ones: the fan's own data comes with their answer. */
const SIGNED_IN_PAGES: AppPathname[] = ['/tickets'];

/** Matches the pages' paths in every language: `/sk/podujatia/<id>`, with or without a trailing slash. */
function pagePattern(pages: AppPathname[]): RegExp {
  const alternatives = locales.map((locale: Locale) => {
    const paths = pages.map((page) => {
      const entry: string | Record<Locale, string> = pathnames[page];
      const template = typeof entry === 'string' ? entry : entry[locale];
      // '/' is the locale's home: `/sk` (the trailing slash is optional below).
      return (template === '/' ? '' : template).replace(/[.*+?^${}()|\\]/g, '\\$&').replace(/\[[^\]/]+\]/g, '[^/]+');
    });
    return `${locale}(?:${paths.join('|')})`;
  });
  return new RegExp(`^/(?:${alternatives.join('|')})/?$`);
}
const PUBLIC_PAGE = pagePattern(PUBLIC_PAGES);
const SHELL_PAGE = pagePattern([...PUBLIC_PAGES, ...SIGNED_IN_PAGES]);
const TICKETS_PAGE = pagePattern(SIGNED_IN_PAGES);

/** Next's request handler, or anything that answers a request as it would. */
export type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<unknown> | unknown;
/** A fan's own part of a shared page. */
export type FanPart = 'me' | 'tickets';
/** The signed-in shell as this server's Next answered it. */
export type ShellAnswer = { status: number | undefined; headers: IncomingHttpHeaders; body: Buffer };
/** What the cache needs to answer signed-in fans from a shared shell (createPageCache's `fans`). */
export type FanPages = {
  renderShell: (req: IncomingMessage) => Promise<ShellAnswer | null>;
  dataOf: (req: IncomingMessage, parts: FanPart[]) => Promise<Partial<Record<FanPart, string>> | null>;
};
/** The request handler with the cache in front; clear() forgets every copy. */
export type PageCache = ((req: IncomingMessage, res: ServerResponse, handle: Handle) => Promise<unknown>) & { clear: () => void };

type StoredHeaders = Record<string, string | number | string[]>;
/** A stored answer: a public page as Next sent it (maybe compressed), or a signed-in shell (uncompressed, with its cut). */
type Copy = { at: number; status: number; headers: StoredHeaders; body: Buffer };
type ShellCopy = Copy & { cut: number; gzip: PreparedSplice };

/** Headers that belong to one answer on one connection (its request id too), never to a stored copy. */
const HOP_HEADERS = new Set(['set-cookie', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id']);

/** The headers of an answer a copy may keep: none of one answer's own, none of `also`, none unset. */
function storable(headers: OutgoingHttpHeaders | IncomingHttpHeaders, also: string[]): StoredHeaders {
  const stored: StoredHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_HEADERS.has(name) && !also.includes(name)) stored[name] = value;
  return stored;
}

function cookiesOf(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

/** The page a request asks for, as a cache key: its origin and its path and query. */
function pageKey(req: IncomingMessage, url: URL): string {
  // Whatever names the page's origin is part of the key: the Host, and the forwarded host and scheme,
  // which reach this far only from a trusted proxy (the server drops them otherwise, ./client-address.ts).
  const xfh = req.headers['x-forwarded-host'];
  const xfp = req.headers['x-forwarded-proto'];
  const forwarded = xfh || xfp ? `${xfp ?? ''}://${xfh ?? ''} ` : '';
  return `${forwarded}${req.headers.host ?? ''}${url.pathname}${url.search}`;
}

/** The key a request's answer is stored under, or null when the request must be rendered for itself. */
export function pageCacheKey(req: IncomingMessage): string | null {
  if (!isPageLoad(req)) return null;
  const h = req.headers;
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (!PUBLIC_PAGE.test(url.pathname) || url.searchParams.has('_rsc')) return null;
  if (cookiesOf(h.cookie)[SESSION_COOKIE]) return null;
  const gzip = /\bgzip\b/.test(h['accept-encoding'] ?? '');
  return `${pageKey(req, url)}|${gzip ? 'gzip' : 'identity'}`;
}

/** Whether a request is a plain page load (no app navigation, prefetch, action or bearer token). */
function isPageLoad(req: IncomingMessage): boolean {
  const h = req.headers;
  return req.method === 'GET' && !(h.rsc || h['next-router-prefetch'] || h['next-router-state-tree'] || h['next-router-segment-prefetch'] || h['next-action'] || h.authorization);
}

/**
 * The key of the signed-in shell a signed-in fan's page load is answered from, or null. The shell is
 * the same for every fan (no cookie of anyone's is in it); what is the fan's own comes with each answer.
 */
export function shellCacheKey(req: IncomingMessage): string | null {
  if (!isPageLoad(req)) return null;
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (!SHELL_PAGE.test(url.pathname) || url.searchParams.has('_rsc')) return null;
  if (!cookiesOf(req.headers.cookie)[SESSION_COOKIE]) return null;
  return `${pageKey(req, url)}|shell`;
}

/** The fan's own parts a shared page needs: always the user (spec: "me" before first render); Your tickets also their tickets. */
export function fanPartsOf(pathname: string): FanPart[] {
  return TICKETS_PAGE.test(pathname) ? ['me', 'tickets'] : ['me'];
}

/**
 * A fan's own data as the page carries it: JSON in a `<script type="application/json" id="tribuna-…">`
 * element, which the browser never runs (so the page's script policy does not concern it) and the
 * client reads before its first render (lib/client/fan-data.ts). `<` is escaped, so no text in the data
 * can end the element.
 */
export function fanDataElements(parts: Partial<Record<FanPart, string>>): string {
  return Object.entries(parts)
    .map(([name, json = '']) => `<script type="application/json" id="tribuna-${name}">${json.replace(/</g, '\\u003c')}</script>`)
    .join('');
}

/** More distinct inline scripts than this and a page is not shared: their hashes would make the header too long for proxies. */
const MAX_SHARED_SCRIPTS = 40;

function decoded(body: Buffer, encoding: string | undefined): Buffer | null {
  if (!encoding || encoding === 'identity') return body;
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  return null;
}

/**
 * The policy a shared copy is answered with: the first answer's `'nonce-…'` replaced by the hashes of
 * the inline scripts that carried that nonce (Next's own; a script injected into the page could not
 * know it). Null when the copy must not be shared.
 */
export function sharedPolicy(policy: string, body: Buffer, encoding: string | undefined): string | null {
  if (!policy) return policy;
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce) return policy;
  const html = decoded(body, encoding)?.toString('utf8');
  if (html === undefined) return null;
  const hashes = new Set<string>();
  for (const [, attributes, source] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)) {
    if (/\ssrc=/i.test(attributes) || !attributes.includes(` nonce="${nonce}"`)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`);
  }
  if (hashes.size > MAX_SHARED_SCRIPTS) return null;
  return policy.replace(` 'nonce-${nonce}'`, hashes.size ? ` ${[...hashes].join(' ')}` : '');
}

/** The visitor's own cookies on an answer from the cache: what proxy.ts and next-intl would have set. */
function visitorCookies(req: IncomingMessage): string[] {
  const cookies = cookiesOf(req.headers.cookie);
  const secure = req.headers['x-forwarded-proto'] === 'https' || Boolean((req.socket as TLSSocket | undefined)?.encrypted);
  const out: string[] = [];
  if (!cookies[XSRF_COOKIE]) out.push(`${XSRF_COOKIE}=${randomBytes(24).toString('base64url')}; Path=/; SameSite=lax${secure ? '; Secure' : ''}`);
  const locale = new URL(req.url ?? '/', 'http://localhost').pathname.split('/')[1];
  if (cookies[LOCALE_COOKIE] !== locale) {
    const expires = new Date(Date.now() + LOCALE_COOKIE_MAX_AGE * 1000).toUTCString();
    out.push(`${LOCALE_COOKIE}=${locale}; Path=/; Expires=${expires}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=lax`);
  }
  return out;
}

function sendCopy(req: IncomingMessage, res: ServerResponse, copy: Copy, now: number): void {
  for (const [name, value] of Object.entries(copy.headers)) res.setHeader(name, value);
  const cookies = visitorCookies(req);
  if (cookies.length) res.setHeader('Set-Cookie', cookies);
  res.setHeader('Content-Length', copy.body.length);
  res.setHeader('Age', String(Math.floor((now - copy.at) / 1000)));
  res.setHeader('X-Tribuna-Cache', 'HIT');
  res.writeHead(copy.status);
  res.end(copy.body);
}

/** Lets Next answer the request while keeping a copy of what it sends; resolves to the copy, or null. */
function renderAndKeep(req: IncomingMessage, res: ServerResponse, handle: Handle, now: () => number): Promise<Copy | null> {
  const chunks: Buffer[] = [];
  const write = res.write;
  const end = res.end;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk == null || typeof chunk === 'function') return;
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array));
  };
  // Node's own overloads (chunk, encoding?, callback?) pass through unchanged.
  res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    keep(chunk, encoding);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, encoding, callback);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    keep(chunk, encoding);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, encoding, callback);
  } as ServerResponse['end'];
  res.setHeader('X-Tribuna-Cache', 'MISS');
  return new Promise((resolve) => {
    res.once('finish', () => {
      const headers = res.getHeaders();
      const html = String(headers['content-type'] ?? '').startsWith('text/html');
      if (res.statusCode !== 200 || !html) return resolve(null);
      const stored = storable(headers, ['x-tribuna-cache']);
      const body = Buffer.concat(chunks);
      if (stored['content-security-policy']) {
        let policy = null;
        try {
          policy = sharedPolicy(String(stored['content-security-policy']), body, stored['content-encoding'] === undefined ? undefined : String(stored['content-encoding']));
        } catch {
          // a body we cannot read is not shared
        }
        if (!policy) return resolve(null);
        stored['content-security-policy'] = policy;
      }
      resolve({ at: now(), status: res.statusCode, headers: stored, body });
    });
    // A visitor who leaves before the end leaves an incomplete copy: keep nothing ('close' after 'finish' changes nothing).
    res.once('close', () => resolve(null));
    Promise.resolve()
      .then(() => handle(req, res))
      .catch(() => resolve(null));
  });
}

/** A signed-in shell as Next answered it (uncompressed), ready to be answered with fans' data, or null. */
function shellCopyOf(answer: ShellAnswer | null, at: number): ShellCopy | null {
  if (!answer || answer.status !== 200 || !String(answer.headers['content-type'] ?? '').startsWith('text/html')) return null;
  if (answer.headers['content-encoding'] && answer.headers['content-encoding'] !== 'identity') return null;
  const cut = answer.body.indexOf('</head>');
  if (cut < 0) return null;
  const headers = storable(answer.headers, ['x-tribuna-cache', 'content-encoding', 'etag']);
  if (headers['content-security-policy']) {
    const policy = sharedPolicy(String(headers['content-security-policy']), answer.body, undefined);
    if (!policy) return null;
    headers['content-security-policy'] = policy;
  }
  // Never kept by a browser or proxy: the answer carries the fan's own data.
  headers['cache-control'] = 'private, no-cache, no-store, max-age=0, must-revalidate';
  // Compressed once, its halves around the fans' data (./gzip-splice.ts).
  const gzip = prepareSplice(answer.body.subarray(0, cut), answer.body.subarray(cut));
  return { at, status: 200, headers, body: answer.body, cut, gzip };
}

/** A fan's page: the shared shell with the fan's own data in its <head>, gzipped when the browser takes it. */
function sendFanCopy(req: IncomingMessage, res: ServerResponse, copy: ShellCopy, parts: Partial<Record<FanPart, string>>, now: number): void {
  const own = Buffer.from(fanDataElements(parts));
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  const body = gzip ? spliceGzip(copy.gzip, own) : Buffer.concat([copy.body.subarray(0, copy.cut), own, copy.body.subarray(copy.cut)]);
  for (const [name, value] of Object.entries(copy.headers)) res.setHeader(name, value);
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Vary', 'Accept-Encoding');
  const cookies = visitorCookies(req);
  if (cookies.length) res.setHeader('Set-Cookie', cookies);
  res.setHeader('Content-Length', body.length);
  res.setHeader('Age', String(Math.floor((now - copy.at) / 1000)));
  res.setHeader('X-Tribuna-Cache', 'SHELL');
  res.writeHead(200);
  res.end(body);
}

/**
 * The request handler with the cache in front of `handle` (Next's request handler). Concurrent misses
 * of one page share a single render: the first renders, the others wait for its copy.
 *
 * With `fans`, signed-in fans' page loads of the public pages and of Your tickets are answered from a
 * shared signed-in shell too (README, "Signed-in pages"): `fans.renderShell(req)` asks Next for the shell
 * ({ status, headers, body } uncompressed, or null), `fans.dataOf(req, parts)` the fan's own data for
 * the parts fanPartsOf names ({ me: JSON text, … }, or null when the session is not live: then Next
 * renders the page for the request, as without `fans`).
 */
export function createPageCache({
  ttlMs = 2000,
  maxEntries = 500,
  now = Date.now,
  fans = null,
}: { ttlMs?: number; maxEntries?: number; now?: () => number; fans?: FanPages | null } = {}): PageCache {
  const copies = new Map<string, Copy | ShellCopy>();
  const rendering = new Map<string, Promise<Copy | ShellCopy | null>>();
  // A render that began before a clear() may show the old data: its copy is not kept.
  let generation = 0;

  function keep(key: string, fresh: Copy | ShellCopy): void {
    copies.delete(key);
    copies.set(key, fresh);
    // Oldest first out, so many distinct URLs (searches) cannot grow memory without bound.
    while (copies.size > maxEntries) copies.delete(copies.keys().next().value!);
  }

  /** The fresh shell under `key`, rendering it when there is none; concurrent misses share one render. */
  function shellOf(key: string, req: IncomingMessage, fans: FanPages): ShellCopy | Promise<ShellCopy | null> {
    const copy = copies.get(key) as ShellCopy | undefined;
    if (copy && now() - copy.at < ttlMs) return copy;
    const running = rendering.get(key) as Promise<ShellCopy | null> | undefined;
    if (running) return running;
    const startedIn = generation;
    const render = Promise.resolve()
      .then(() => fans.renderShell(req))
      .then((answer) => shellCopyOf(answer, now()))
      .catch(() => null)
      .then((fresh) => {
        if (fresh && startedIn === generation) keep(key, fresh);
        else if (copy) copies.delete(key);
        return fresh;
      })
      .finally(() => rendering.get(key) === render && rendering.delete(key));
    rendering.set(key, render);
    return render;
  }

  async function serveFan(req: IncomingMessage, res: ServerResponse, handle: Handle, key: string, fans: FanPages): Promise<unknown> {
    const parts = fanPartsOf(new URL(req.url ?? '/', 'http://localhost').pathname);
    const [data, shell] = await Promise.all([Promise.resolve().then(() => fans.dataOf(req, parts)).catch(() => null), shellOf(key, req, fans)]);
    if (!data || !shell) return handle(req, res);
    sendFanCopy(req, res, shell, data, now());
  }

  async function serve(req: IncomingMessage, res: ServerResponse, handle: Handle): Promise<unknown> {
    const shellKey = fans && ttlMs > 0 ? shellCacheKey(req) : null;
    if (fans && shellKey) return serveFan(req, res, handle, shellKey, fans);
    const key = ttlMs > 0 ? pageCacheKey(req) : null;
    if (!key) return handle(req, res);
    const copy = copies.get(key);
    if (copy && now() - copy.at < ttlMs) return sendCopy(req, res, copy, now());
    const running = rendering.get(key);
    if (running) {
      const fresh = await running;
      return fresh ? sendCopy(req, res, fresh, now()) : handle(req, res);
    }
    const render = renderAndKeep(req, res, handle, now);
    const startedIn = generation;
    rendering.set(key, render);
    const fresh = await render.finally(() => rendering.get(key) === render && rendering.delete(key));
    if (fresh && startedIn === generation) {
      keep(key, fresh);
    } else if (copy) {
      copies.delete(key);
    }
  }

  /** Forget every copy, and every render under way: the next visitor of each page gets a fresh one. */
  serve.clear = () => {
    generation++;
    copies.clear();
    rendering.clear();
  };
  return serve;
}
