// The `next` return path of the sign-in guard. Only paths inside this site are accepted, so a
// crafted link like /signin?next=https://evil.example cannot send a person elsewhere after sign-in.

export const RETURN_PARAM = 'next';

/** The path itself (pathname + query + hash) when it is internal, else null. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  // One leading slash only: '//host' and '/\host' are protocol-relative URLs in browsers.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://tribuna.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://tribuna.invalid') return null;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/_next/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
