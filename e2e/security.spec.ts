import { networkInterfaces } from 'node:os';
import { expect, messages, test } from './fixtures';

test.describe('the public origin', () => {
  test('the hreflang Link header names APP_URL, whatever X-Forwarded-Host says, and a cached copy cannot be poisoned', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const forged = await request.get('/cs/o-nas', { headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' } });
    expect(forged.headers().link).not.toContain('evil.example');
    expect(forged.headers().link).toContain(`<${origin}/cs/o-nas>; rel="alternate"; hreflang="cs"`);
    const plain = await request.get('/cs/o-nas');
    expect(plain.headers().link).not.toContain('evil.example');
    expect(plain.headers().link).toContain(`<${origin}/en/about>; rel="alternate"; hreflang="en"`);
  });

  test('canonical and hreflang links name the running server’s APP_URL, not the build’s', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    // Browsers (and crawlers that run scripts) get the metadata streamed, React puts it in <head>;
    // crawlers that read only HTML get it in <head> itself.
    for (const [userAgent, inHead] of [
      ['Mozilla/5.0 (X11; Linux x86_64) Chrome/140', false],
      ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    ] as const) {
      const html = await (await request.get(`/sk/podujatia?origin=${Date.now()}`, { headers: { 'User-Agent': userAgent } })).text();
      const part = inHead ? html.slice(0, html.indexOf('</head>')) : html;
      expect(part).toContain(`<link rel="canonical" href="${origin}/sk/podujatia"/>`);
      expect(part).toContain(`<link rel="alternate" hrefLang="en" href="${origin}/en/events"/>`);
      expect(html).not.toMatch(/https?:\/\/localhost:\d+/);
    }
  });
});

test.describe('the demo’s mailbox', () => {
  /** An address of this machine that is not loopback: a request to it comes from that address. */
  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

  test('answers the machine itself, over loopback', async ({ request }) => {
    expect((await request.get('/dev/mailbox')).status()).toBe(200);
  });

  test('refuses the same machine’s network address, whatever X-Forwarded-For claims', async ({ playwright, baseURL }) => {
    test.skip(!lanAddress, 'no network interface besides loopback');
    const url = new URL(baseURL!);
    url.hostname = lanAddress!;
    const lan = await playwright.request.newContext({ baseURL: url.origin });
    const plain = await lan.get('/dev/mailbox');
    expect(plain.status()).toBe(403);
    expect(await plain.text()).toBe(messages.sk.mailbox.localOnly);
    const claiming = await lan.get('/dev/mailbox?lang=en', { headers: { 'X-Forwarded-For': '127.0.0.1', 'X-Real-IP': '127.0.0.1' } });
    expect(claiming.status()).toBe(403);
    await lan.dispose();
  });
});
