import { expect, test } from './fixtures';

test.describe('locale choice: prefix, then cookie, then browser language, then sk', () => {
  test('no cookie and a Czech browser go to /cs', async ({ browser }) => {
    // A browser set to Czech sends Accept-Language: cs-CZ.
    const context = await browser.newContext({ locale: 'cs-CZ' });
    const page = await context.newPage();
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/cs');
    await context.close();
  });

  test('an English browser lands on the English path of an unprefixed screen', async ({ request }) => {
    const response = await request.get('/events', { headers: { 'Accept-Language': 'en-GB,en;q=0.9' }, maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(new URL(response.headers()['location'], 'http://x').pathname).toBe('/en/events');
  });

  test('cookie i18n_redirected=en beats the browser language', async ({ request }) => {
    const response = await request.get('/', { headers: { 'Accept-Language': 'cs-CZ,cs;q=0.9', Cookie: 'i18n_redirected=en' }, maxRedirects: 0 });
    expect(new URL(response.headers()['location'], 'http://x').pathname).toBe('/en');
  });

  test('an unsupported browser language falls back to Slovak', async ({ request }) => {
    const response = await request.get('/', { headers: { 'Accept-Language': 'de-DE,de;q=0.9' }, maxRedirects: 0 });
    expect(new URL(response.headers()['location'], 'http://x').pathname).toBe('/sk');
  });

  test('choosing a language sets i18n_redirected for 365 days', async ({ request }) => {
    const response = await request.get('/cs', { maxRedirects: 0 });
    const cookie = response.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('i18n_redirected='));
    expect(cookie?.value).toMatch(/^i18n_redirected=cs;/);
    expect(cookie?.value).toMatch(/Max-Age=31536000/);
  });

  test('pages carry hreflang alternates for their translations in the served HTML', async ({ request }) => {
    // What a search engine reads: the HTML as served, not the DOM after scripts ran.
    const html = await (await request.get('/sk/o-nas')).text();
    const alternates = Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], new URL(m[2]).pathname]),
    );
    expect(alternates).toMatchObject({ sk: '/sk/o-nas', cs: '/cs/o-nas', en: '/en/about', 'x-default': '/sk/o-nas' });
    const canonicals = [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => new URL(m[1]).pathname);
    expect(canonicals).toEqual(['/sk/o-nas']);
  });

  test('the language switcher keeps the screen and translates its path', async ({ page }) => {
    await page.goto('/sk/obchodne-podmienky');
    await page.getByRole('combobox', { name: 'Jazyk' }).selectOption('cs');
    await expect(page).toHaveURL(/\/cs\/obchodni-podminky$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  });
});
