// What the event page's first load makes the phone do (issue 17: Lighthouse's blocking time). Two
// costs that once sat in long tasks after the first paint: the browser's first Intl.NumberFormat
// (15–20 ms of number data, now built by the inline warm-up in <head>, lib/intl-warm-up.ts, on the
// event pages only: a page that formats no number does not pay for it) and a whole
// validation library (zod, ~30 kB gzip) that one error check of the packages card pulled in. And V8
// compiling the app's functions on the main thread as hydration first calls them (scripts/build-app.mjs).
import { expect, messages, seeded, test, toTickets } from './fixtures';

const PATHS = { sk: `/sk/podujatia/${seeded.stadiumEvent}`, en: `/en/events/${seeded.stadiumEvent}` } as const;

for (const [locale, path] of Object.entries(PATHS) as [keyof typeof PATHS, string][]) {
  test(`${locale}: the first number format is built while the page is parsed, not by the app's scripts`, async ({ page }) => {
    await page.addInitScript(() => {
      const NumberFormat = Intl.NumberFormat;
      const first: { stack?: string; readyState?: string } = {};
      (window as unknown as { __firstNumberFormat: typeof first }).__firstNumberFormat = first;
      Intl.NumberFormat = new Proxy(NumberFormat, {
        construct(target, args) {
          if (first.stack === undefined) {
            first.stack = new Error().stack ?? '';
            first.readyState = document.readyState;
          }
          return Reflect.construct(target, args);
        },
      });
    });
    await page.goto(path);
    await toTickets(page, locale);
    // The live availability has arrived and its counts are written ("… left" formats a number).
    await expect(page.getByText(messages[locale].event.loadingAvailability).first()).toBeHidden();
    await expect(page.getByTestId('seat-map')).toBeVisible();
    const first = await page.evaluate(() => (window as unknown as { __firstNumberFormat: { stack?: string; readyState?: string } }).__firstNumberFormat);
    expect(first.stack, 'no number format was built at all').toBeDefined();
    expect(first.readyState).toBe('loading');
    expect(first.stack).not.toContain('/_next/static/');
  });
}

test('pages that format no number while they load build no number data', async ({ page }) => {
  // The warm-up costs the first paint 15–20 ms of a fast machine's main thread: only pages that need it carry it.
  await page.addInitScript(() => {
    const built: string[] = [];
    (window as unknown as { __intlBuilt: string[] }).__intlBuilt = built;
    for (const name of ['NumberFormat', 'PluralRules', 'DateTimeFormat'] as const) {
      const Original = Intl[name];
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(Original, {
        construct(target, args) {
          built.push(name);
          return Reflect.construct(target, args);
        },
      });
    }
  });
  for (const path of ['/sk', '/en/events']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __intlBuilt: string[] }).__intlBuilt), path).toEqual([]);
  }
});

test('the event page loads no validation library', async ({ page }) => {
  const scripts: { url: string; body: string }[] = [];
  page.on('response', async (response) => {
    if (/javascript/.test(response.headers()['content-type'] ?? '')) scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
  });
  await page.goto(PATHS.sk);
  await toTickets(page, 'sk');
  await expect(page.getByText(messages.sk.event.loadingAvailability).first()).toBeHidden();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  // zod's own type names, which its minified code keeps.
  expect(scripts.filter((s) => s.body.includes('$ZodType')).map((s) => s.url)).toEqual([]);
});

test('links prefetch their page when the fan reaches for them, not while the page loads', async ({ page }) => {
  const prefetched: string[] = [];
  page.on('request', (request) => {
    if (request.headers()['next-router-prefetch']) prefetched.push(new URL(request.url()).pathname);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(PATHS.en);
  await expect(page.getByText(messages.en.event.loadingAvailability).first()).toBeHidden();
  await page.waitForLoadState('networkidle');
  expect(prefetched).toEqual([]);
  // The pointer over the header's Events link: that page is fetched ahead of the click.
  await page.getByRole('navigation', { name: messages.en.nav.main }).getByRole('link', { name: messages.en.nav.events, exact: true }).hover();
  await expect.poll(() => prefetched).toContain('/en/events');
  // Keyboard focus does the same.
  await page.getByRole('navigation', { name: messages.en.nav.main }).getByRole('link', { name: messages.en.nav.home, exact: true }).focus();
  await expect.poll(() => prefetched).toContain('/en');
});

test('on a phone the seats (their layout, map and wheelchair places) load when the fan comes to the tickets, not while the page loads', async ({ page }) => {
  // issue 34: fetching, parsing and laying out a stadium's thousand seats at load was most of the event
  // page's blocking time on Lighthouse's phone, for a map two screens below the first
  // (docs/decisions/event-page-seats-on-approach.md).
  const requested: string[] = [];
  const scripts: { url: string; body: string }[] = [];
  page.on('request', (request) => requested.push(request.url()));
  page.on('response', async (response) => {
    if (/javascript/.test(response.headers()['content-type'] ?? '')) scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  const availability = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/availability'));
  await page.goto(PATHS.sk);
  expect((await availability).status()).toBe(200);
  await page.waitForLoadState('networkidle');
  const seatsData = () => requested.filter((url) => url.includes('include=seats') || url.includes('/accessible-seats'));
  expect(seatsData()).toEqual([]);
  await expect(page.getByTestId('seat-map')).toHaveCount(0);
  // The map's own code (its venue outline's test id is one of its strings) is not fetched either.
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.body.includes('venue-outline')).map((s) => s.url)).toEqual([]);

  // The fan scrolls to the tickets: the layout and the wheelchair places are fetched, the map appears,
  // and its seats are drawn as it nears the window.
  await toTickets(page, 'sk');
  await expect.poll(() => seatsData().length).toBe(2);
  const map = page.getByTestId('seat-map');
  await expect(map).toBeAttached();
  await expect(page.getByText(messages.sk.event.loadingAvailability).first()).toBeHidden();
  await map.scrollIntoViewIfNeeded();
  await expect.poll(() => map.locator('circle[data-i]').count()).toBeGreaterThan(1000);
});

test('the scripts a page runs at start are compiled while they download', async ({ page }) => {
  // scripts/build-app.mjs puts V8's explicit compile hint on the first line of each first-load script: V8
  // then compiles them on a background thread as they stream in, instead of function by function on the
  // main thread while the page hydrates (a Chrome trace of this page at 4× slowdown: ~100 ms of the
  // ~190 ms module-evaluation task was compiling).
  const HINT = '//# allFunctionsCalledOnLoad\n';
  for (const path of [PATHS.sk, '/en']) {
    const html = await (await page.request.get(path)).text();
    // The scripts the HTML names, but for the polyfills only browsers without ES modules run.
    const atStart = [...html.matchAll(/<script[^>]*>/g)].filter(([tag]) => !/nomodule/i.test(tag)).flatMap(([tag]) => tag.match(/\ssrc="([^"]+)"/)?.[1] ?? []);
    expect(atStart.length).toBeGreaterThan(3);
    for (const src of atStart) expect((await (await page.request.get(src)).text()).startsWith(HINT), `${path}: ${src}`).toBe(true);
  }
});
