import { NextRequest } from 'next/server';
import proxy from '@/proxy';

// The proxy's guard is where a signed-in visitor of sign-in/sign-up is sent to `?next=`: the real
// redirect, with the Location header a browser follows.
async function signedInVisit(path: string): Promise<URL> {
  const request = new NextRequest(`http://localhost:3000${path}`, { headers: { cookie: 'tribuna_session=sealed-cookie-value; i18n_redirected=en' } });
  const response = await proxy(request);
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  return new URL(response.headers.get('location')!, 'http://localhost:3000');
}

describe('the sign-in guard redirect', () => {
  it.each([
    '/.//evil.example/x',
    '/..//x',
    '/%2e//x',
    '/%2E%2E//evil.example/x',
    '/x/..//evil.example',
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
  ])('sends a signed-in visitor with ?next=%s to the profile on this site', async (next) => {
    for (const page of ['/en/signin', '/sk/registracia']) {
      const target = await signedInVisit(`${page}?next=${encodeURIComponent(next)}`);
      expect(target.origin).toBe('http://localhost:3000');
      expect(target.pathname).toBe(page.startsWith('/en') ? '/en/profile' : '/sk/profil');
    }
  });

  it('keeps an internal return path', async () => {
    const target = await signedInVisit(`/en/signin?next=${encodeURIComponent('/en/events?q=rock')}`);
    expect(`${target.origin}${target.pathname}${target.search}`).toBe('http://localhost:3000/en/events?q=rock');
  });
});
