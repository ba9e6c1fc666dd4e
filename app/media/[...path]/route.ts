// GET /media/{key} — an organiser upload kept on local disk (lib/server/storage): WebP, never changed, cached for ever
import { readFile } from 'node:fs/promises';
import { localPathOf } from '@/lib/server/storage';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export async function GET(_request: Request, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const parts = (await params).path ?? [];
  const key = parts.join('/');
  // Only the WebP files the uploads wrote; the key's own check refuses '..', empty and odd segments.
  if (!key.endsWith('.webp')) return notFound();
  const file = localPathOf(key);
  if (!file) return notFound();
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return notFound();
  }
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'image/webp',
      'content-length': String(bytes.byteLength),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}
