// Signed-in fans' pages from the shared shell (lib/server/serving/page-cache.ts, README "Signed-in pages"): one
// render for every signed-in fan, each answer with the fan's own user (and tickets) — never another's —
// and a page React takes over without a hydration mismatch.
import type { Page } from '@playwright/test';
import { demo, expect, messages, seeded, signedInContext, test } from './fixtures';

const sk = messages.sk;

/** Console errors React reports when the server's HTML and the first client render differ. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match|Minified React error #4(18|19|23|25)/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('signed-in pages from the shared shell', () => {
  test('home, events and an event page: the fan is signed in from the first paint, with their own data and no hydration mismatch', async ({ browser, baseURL }) => {
    const { page } = await signedInContext(browser, baseURL!, demo.fan);
    const errors = hydrationErrors(page);
    for (const path of ['/sk', '/sk/podujatia', `/sk/podujatia/${seeded.stadiumEvent}`]) {
      const response = await page.goto(path);
      expect(response?.headers()['x-tribuna-cache']).toBe('SHELL');
      expect(response?.headers()['cache-control']).toContain('no-store');
      // The header's account link was in the HTML (signed in before any script ran).
      const html = await response!.text();
      expect(html).toContain(`>${sk.nav.profile}<`);
      expect(html).not.toContain(`>${sk.nav.signIn}<`);
      const me = JSON.parse((await page.locator('#tribuna-me').textContent())!);
      expect(me.email).toBe(demo.fan);
      await expect(page.getByRole('banner').getByRole('link', { name: sk.nav.profile })).toBeVisible();
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('two fans on Your tickets at once: each sees their own tickets, never the other’s', async ({ browser, baseURL }) => {
    const [jana, other] = (await Promise.all([signedInContext(browser, baseURL!, demo.fan), signedInContext(browser, baseURL!, demo.fanEn)])).map((fan) => fan.page);
    const janaErrors = hydrationErrors(jana);
    const [a, b] = await Promise.all([jana.goto('/sk/vstupenky'), other.goto('/sk/vstupenky')]);
    expect(a?.headers()['x-tribuna-cache']).toBe('SHELL');
    expect(b?.headers()['x-tribuna-cache']).toBe('SHELL');
    const ticketsOf = async (page: Page) => JSON.parse((await page.locator('#tribuna-tickets').textContent())!).tickets.tickets.map((t: { id: string }) => t.id);
    const janaTickets: string[] = await ticketsOf(jana);
    const otherTickets: string[] = await ticketsOf(other);
    expect(janaTickets.length).toBeGreaterThan(0);
    expect(janaTickets.filter((id) => otherTickets.includes(id))).toEqual([]);
    // The wallet shows the fan's tickets once React has the page (it draws the rotating codes).
    await expect(jana.getByRole('heading', { level: 1, name: sk.tickets.title })).toBeVisible();
    await expect(jana.locator('[data-ticket-id]').first()).toBeVisible();
    const shown = await jana.locator('[data-ticket-id]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-ticket-id')));
    expect(shown.every((id) => janaTickets.includes(id!))).toBe(true);
    expect(janaErrors).toEqual([]);
    await Promise.all([jana.context().close(), other.context().close()]);
  });

  test('a session cookie that is no longer live is rendered as signed out, not from the shell', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'tribuna_session', value: 'Fe26.2*1*no-longer-live', url: baseURL! }]);
    const response = await page.goto('/sk');
    expect(response?.headers()['x-tribuna-cache']).not.toBe('SHELL');
    await expect(page.getByRole('banner').getByRole('link', { name: sk.nav.signIn })).toBeVisible();
    expect(await page.locator('#tribuna-me').count()).toBe(0);
  });

  test('a request that claims to be the server’s own shell render gets no shell', async ({ request }) => {
    const response = await request.get('/sk/vstupenky', { headers: { 'x-tribuna-shell': 'guess' } });
    const html = await response.text();
    expect(html).toContain(sk.tickets.signInRequired);
  });
});
