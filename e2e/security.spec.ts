import { createHash } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import type { Page } from '@playwright/test';
import { expect, messages, seeded, test } from './fixtures';

/** Everything the browser refused under the page's Content-Security-Policy. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return violations;
}

/** The header's language picker is disabled until React has hydrated the page. */
async function expectHydrated(page: Page, locale: 'sk' | 'cs' | 'en') {
  await expect(page.getByRole('combobox', { name: messages[locale].nav.language }).first()).toBeEnabled();
}

const scriptSources = (policy: string) => policy.split(';').find((d) => d.trim().startsWith('script-src'))!.trim().split(/\s+/).slice(1);
const hashOf = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

test.describe('Content-Security-Policy', () => {
  test('allows no inline script but those of the answer: each has the answer’s nonce or an allowed hash', async ({ request }) => {
    for (const path of ['/sk', '/en/events', `/cs/udalosti/${seeded.stadiumEvent}`, '/en/signin']) {
      // a query of its own: rendered for this request, not a copy shared with another
      const response = await request.get(`${path}?csp=${Date.now()}`);
      expect(response.status()).toBe(200);
      const policy = response.headers()['content-security-policy'];
      const sources = scriptSources(policy);
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, `a nonce on ${path}`).toBeTruthy();
      const html = await response.text();
      for (const [, attributes, source] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)) {
        if (/\ssrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) continue;
        const allowed = attributes.includes(` nonce="${nonce}"`) || sources.includes(hashOf(source));
        expect(allowed, `inline script on ${path} not allowed by the policy: ${source.slice(0, 80)}`).toBe(true);
      }
    }
  });

  test('a nonce is never used twice, not even by the shared copy of a public page', async ({ request }) => {
    const first = await request.get('/sk/o-nas');
    const second = await request.get('/sk/o-nas');
    const nonces = [first, second].map((r) => /'nonce-([^']+)'/.exec(r.headers()['content-security-policy'])?.[1]);
    if (second.headers()['x-tribuna-cache'] === 'HIT') {
      expect(nonces[1]).toBeUndefined();
      expect(scriptSources(second.headers()['content-security-policy'])).not.toContain("'unsafe-inline'");
    } else {
      expect(nonces[1]).not.toBe(nonces[0]);
    }
  });

  test('pages hydrate under the policy, rendered or from the shared copy, signed out and signed in', async ({ page, signIn }) => {
    const violations = await watchViolations(page);
    await page.request.get('/en/about'); // the next visit within 2 s is answered from the shared copy
    const copy = await page.goto('/en/about');
    expect(copy?.headers()['x-tribuna-cache']).toBe('HIT');
    await expectHydrated(page, 'en');

    await page.goto(`/sk/podujatia/${seeded.stadiumEvent}`);
    await expectHydrated(page, 'sk');
    await signIn();
    await page.goto('/sk/vstupenky');
    await expectHydrated(page, 'sk');
    await page.goto('/cs/udalosti');
    await page.getByRole('combobox', { name: messages.cs.nav.language }).first().selectOption('en');
    await expect(page).toHaveURL(/\/en\/events$/);
    expect(violations).toEqual([]);
  });
});

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
    // Every machine of this project has one (the sandbox's own network); without it this proof cannot be made.
    expect(lanAddress, 'a network interface besides loopback').toBeTruthy();
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
