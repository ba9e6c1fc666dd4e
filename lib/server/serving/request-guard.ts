// What the production server refuses before Next or the fast lane see a request (used by ./server.ts and
// ./fast-lane.ts). Each was a 500, or worse, from a request no browser
// or app of ours sends (issue 13):
// - a body longer than its path allows (lib/body-limits.ts): 413 from the Content-Length alone, the
//   body unread and the connection closed, before anything else is done (a body without a length is
//   counted where it is read: the fast lane, lib/server/api/body.ts; closeAfterAnswer closes those too);
// - a Host header that is no host name (`a b`): the lane could not build the request's URL;
// - a path with a malformed percent-escape (`%E0%A4%A`), or a path or query that decodes to a control
//   character (`/_next/image?url=/e%00` made Next's image optimiser fail): 400;
// - page requests Next cannot take (issue 29: a parameter that decodes to a stray `%`, a multipart post, a
//   router state header Next cannot parse; lib/page-requests.ts): 400;
// - a body without a length past its path's limit, counted as the parser reads it (countBody): 413.
// The answers are translated like the API's (messages/*.json; JSON under /api/, plain text elsewhere).
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { bodyLimitFor } from '@/lib/body-limits';
import { matchAcceptLanguage } from '@/lib/i18n/accept-language';
import { defaultLocale, isLocale, LOCALE_COOKIE, locales, type Locale } from '@/lib/i18n/locales';
import { isBadPageRequest } from '@/lib/page-requests';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';

const catalogues: Record<Locale, typeof sk> = { sk, cs, en };
/** The keys of the messages' `errors` namespace these answers use. */
type ErrorKey = 'badRequest' | 'bodyTooLarge';

/**
 * The answer's language: Accept-Language by q-value, then the locale cookie, then Slovak, as
 * lib/server/api/request-locale.ts chooses it (tests/unit/request-guard.test.ts checks both agree).
 */
export function answerLocale(headers: IncomingHttpHeaders | Record<string, string>): Locale {
  const fromHeader = matchAcceptLanguage(headers['accept-language'], locales);
  if (fromHeader) return fromHeader;
  for (const part of String(headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (key === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return defaultLocale;
}

/** How long a client still sending a refused body has to read the answer before its socket goes. */
const LINGER_MS = 2000;
/** What of a refused body is read (and dropped) meanwhile; then reading stops and TCP holds the client back. */
const LINGER_BYTES = 1024 * 1024;

/**
 * Closes the connection once a request whose body was not read to its end has its answer (an oversize
 * body refused by this guard, the fast lane or a route; they say `Connection: close`). Gently: the
 * write side at once, so the client sees the answer end; at most LINGER_BYTES of what it still sends
 * are read and dropped, never kept; the socket is destroyed LINGER_MS later. Node destroys it as soon
 * as the answer is out (net.Socket#destroySoon), and with data unread that sends a TCP reset: a client
 * that is still sending then often loses the answer (nginx's "lingering close" exists for this).
 */
function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  // The answer says so when the body is still unread as its headers go out (a route that refuses first, as
  // a write from another site is): with `keep-alive` a client sends its next request into this closing
  // socket and gets a hang-up. Node writes `Connection: close` for a response that will not keep it.
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete) res.shouldKeepAlive = false;
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
  res.once('finish', () => {
    if (req.complete) return;
    const socket = req.socket;
    // Node's own handler ran first and asked for destroySoon(): the destroy waits for the linger instead.
    socket.removeListener('finish', socket.destroy as (...args: unknown[]) => void);
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    let dropped = 0;
    req.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) {
        // The socket too: pausing the request alone leaves a socket whose parser is done flowing, read and dropped.
        req.pause();
        socket.pause();
      }
    });
    req.resume();
    socket.end();
  });
}

/** Answers the request with a translated error. `key` is in the `errors` namespace of messages/*.json. */
export function refuse(req: IncomingMessage, res: ServerResponse, status: number, code: string, key: ErrorKey): void {
  const message = catalogues[answerLocale(req.headers)].errors[key];
  const api = (req.url ?? '').startsWith('/api/');
  const body = Buffer.from(api ? JSON.stringify({ message, code, errors: [{ message }] }) : `${message}\n`);
  res.writeHead(status, {
    'Content-Type': api ? 'application/json' : 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
  });
  res.end(body);
}

/** The 413 of a body past its path's limit (the fast lane's, too, when it counts a body without a length). */
export function refuseBodyTooLarge(req: IncomingMessage, res: ServerResponse): void {
  refuse(req, res, 413, 'BODY_TOO_LARGE', 'bodyTooLarge');
}

/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port (RFC 3986 authority, no user). */
const HOST = /^(?:[a-z0-9._~-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const CONTROL = /[\u0000-\u001f\u007f]/;
const DOT_SEGMENT = /\/\.{1,2}(?:\/|$)/;

function badTarget(url: string): boolean {
  if (url === '*') return false; // OPTIONS * HTTP/1.1
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.startsWith('/')) return false; // absolute-form: Next takes it as it always has
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  if (CONTROL.test(decoded)) return true;
  // An API path with a "." or ".." segment: clients resolve those before sending, and one sent as it is
  // would reach the parent's route (…/sections/.. is …/sections) with a method that route does not take,
  // answered by Next's bare 405 instead of a translated error.
  if (path.startsWith('/api/') && DOT_SEGMENT.test(decoded)) return true;
  if (q < 0) return false;
  for (const [key, value] of new URLSearchParams(url.slice(q + 1))) if (CONTROL.test(key) || CONTROL.test(value)) return true;
  return false;
}

/** The path of a request, for the body limit. */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** The most bytes this request's body may have (lib/body-limits.ts). */
export function bodyLimitOf(req: IncomingMessage): number {
  return bodyLimitFor(pathOf(req.url ?? '/'));
}

/**
 * Counts a body that came without a length as the HTTP parser hands it over (IncomingMessage#push), so that
 * a reader that counts nothing itself — Next's server actions, the analytics proxy — is held to the path's
 * limit by the bytes actually read. Past it the answer is the 413 at once; what arrives after is dropped, not
 * passed on, and reading from the socket stops (closeAfterAnswer closes it). The reader gets no end of
 * the body: it is left waiting until the socket closes, and a truncated body is never taken for a whole one.
 */
function countBody(req: IncomingMessage, res: ServerResponse, limit: number): void {
  const push = req.push;
  let read = 0;
  let over = false;
  req.push = function (this: IncomingMessage, chunk: Buffer | null, encoding?: BufferEncoding) {
    if (chunk === null) return over ? false : push.call(this, chunk, encoding);
    if (over) return false;
    read += chunk.length;
    if (read <= limit) return push.call(this, chunk, encoding);
    over = true;
    if (!res.headersSent) refuseBodyTooLarge(req, res);
    return false;
  };
}

/**
 * Answers a request the app must never see and returns true; returns false for every other request.
 * A request with a body that is not read to its end is closed after its answer (closeAfterAnswer).
 */
export function guardRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const declared = req.headers['content-length'];
  if ((declared !== undefined && declared !== '0') || req.headers['transfer-encoding'] !== undefined) closeAfterAnswer(req, res);
  const host = req.headers.host;
  if (host !== undefined && !HOST.test(host)) {
    refuse(req, res, 400, 'BAD_REQUEST', 'badRequest');
    return true;
  }
  const url = req.url ?? '/';
  if (badTarget(url)) {
    refuse(req, res, 400, 'BAD_REQUEST', 'badRequest');
    return true;
  }
  if (declared !== undefined && Number(declared) > bodyLimitOf(req)) {
    refuseBodyTooLarge(req, res);
    return true;
  }
  if (isBadPageRequest(req.method ?? 'GET', pathOf(url), (name) => req.headers[name])) {
    refuse(req, res, 400, 'BAD_REQUEST', 'badRequest');
    return true;
  }
  // The API's readers count a body without a length themselves (the fast lane, lib/server/api/body.ts) and
  // answer its 413; every other path's reader (Next) does not, and is held to the limit here.
  const path = pathOf(url);
  if (declared === undefined && req.headers['transfer-encoding'] !== undefined && path !== '/api' && !path.startsWith('/api/')) countBody(req, res, bodyLimitOf(req));
  return false;
}
