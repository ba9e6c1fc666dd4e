// Shared by the browser (document.cookie) and the server (the Cookie header): both are `a=1; b=2`.

/** One cookie's decoded value from a cookie string; null when it is missing or not valid percent-encoding. */
export function cookieFrom(cookies: string | null | undefined, name: string): string | null {
  if (!cookies) return null;
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}
