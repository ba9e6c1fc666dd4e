import 'server-only';
import { bodyLimitFor } from '@/lib/body-limits';
import { ApiError } from './error';

// The one reader of request bodies (issue 13: 600 MB from an anonymous client once added ~800 MB to
// the server). A body is read at most once per request, in chunks, and never past its path's limit
// (lib/body-limits.ts): a declared Content-Length over it is refused unread, and a body without one is
// refused as soon as what arrived passes it. apiRoute reads it before the handler runs, so the refusal
// comes before any work on who is calling. The production server refuses the same sizes before Next
// (lib/server/serving/request-guard.ts); this is what `next dev`, the fast lane and the route tests get.

const read = new WeakMap<Request, Promise<Uint8Array>>();

/**
 * 413, and the connection is closed after it: the rest of an oversize body is never read, so a client
 * cannot keep the server busy by sending on (the production server closes it gently,
 * lib/server/serving/request-guard.ts closeAfterAnswer).
 */
export function bodyTooLarge(): ApiError {
  return new ApiError('BODY_TOO_LARGE', { headers: { Connection: 'close' } });
}

/** The request's body bytes, read once and bounded by the path's limit (413 past it). */
export function requestBytes(request: Request): Promise<Uint8Array> {
  let bytes = read.get(request);
  if (!bytes) {
    bytes = readBounded(request, bodyLimitFor(new URL(request.url).pathname));
    read.set(request, bytes);
  }
  return bytes;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text; bytes that are not UTF-8 are a 400. */
export async function requestText(request: Request): Promise<string> {
  const bytes = await requestBytes(request);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ApiError('INVALID_JSON');
  }
}

async function readBounded(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > limit) throw bodyTooLarge();
  if (!request.body) {
    // No stream: a GET, or a fast-lane request whose bytes the server has already read (bounded).
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > limit) throw bodyTooLarge();
    return bytes;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not cancel(): on Node that destroys the socket before the 413 is written. The server closes it after.
      reader.releaseLock();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
