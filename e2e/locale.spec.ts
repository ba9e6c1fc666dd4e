import { expect, test } from './fixtures';

test.describe('locale choice: prefix, then cookie, then browser language, then sk', () => {
  test('no cookie and a Czech browser go to /cs', async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Language': 'cs-CZ,cs;q=0.9' } });
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

  test('pages carry hreflang alternates for their translations', async ({ page }) => {
    await page.goto('/sk/o-nas');
    const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) =>
      Object.fromEntries(links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!, location.href).pathname])),
    );
    expect(alternates).toMatchObject({ sk: '/sk/o-nas', cs: '/cs/o-nas', en: '/en/about' });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/sk\/o-nas$/);
  });

  test('the language switcher keeps the screen and translates its path', async ({ page }) => {
    await page.goto('/sk/obchodne-podmienky');
    await page.getByRole('combobox', { name: 'Jazyk' }).selectOption('cs');
    await expect(page).toHaveURL(/\/cs\/obchodni-podminky$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  });
});
