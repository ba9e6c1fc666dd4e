import AxeBuilder from '@axe-core/playwright';
import { expect, messages, test } from './fixtures';

test('the header links reach every main screen, and account links follow the session', async ({ page, signIn }) => {
  await page.goto('/en');
  const nav = page.getByRole('navigation', { name: messages.en.nav.main });
  for (const label of ['Home', 'Events', 'Your tickets', 'About us', 'Sign In', 'Create Account']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'My profile' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL(/\/en\/about$/);

  await signIn();
  await page.reload();
  await expect(nav.getByRole('link', { name: 'My profile' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0);
});

test('the footer has links, legal pages, partnership contact and social links', async ({ page }) => {
  await page.goto('/sk');
  const footer = page.locator('footer');
  await footer.getByRole('link', { name: messages.sk.footer.terms }).click();
  await expect(page).toHaveURL(/\/sk\/obchodne-podmienky$/);
  await page.locator('footer').getByRole('link', { name: messages.sk.footer.gdpr }).click();
  await expect(page).toHaveURL(/\/sk\/ochrana-osobnych-udajov$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.sk.privacy.title);
  await expect(page.locator('footer').getByRole('link', { name: messages.sk.footer.partnershipCta })).toHaveAttribute('href', 'mailto:partners@tribuna.sk');
  await expect(page.locator('footer').getByRole('link', { name: 'Instagram' })).toBeVisible();
});

test('phones get the bottom tabs instead of the header links', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/cs');
  const tabs = page.getByRole('navigation', { name: messages.cs.nav.tabs });
  await expect(tabs).toBeVisible();
  for (const label of [messages.cs.tabs.home, messages.cs.tabs.events, messages.cs.tabs.tickets, messages.cs.tabs.signIn]) {
    await expect(tabs.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: messages.cs.nav.main })).toBeHidden();
  await tabs.getByRole('link', { name: messages.cs.tabs.events }).tap();
  await expect(page).toHaveURL(/\/cs\/udalosti$/);
  await context.close();
});

test('keyboard users can skip to the content', async ({ page }) => {
  await page.goto('/en/about');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: messages.en.nav.skipToContent });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('the build manifest names the running build', async ({ request }) => {
  const response = await request.get('/builds/latest.json');
  expect(response.headers()['cache-control']).toContain('no-store');
  const body = await response.json();
  expect(typeof body.id).toBe('string');
  expect(body.id.length).toBeGreaterThan(3);
});

test('security headers are sent', async ({ request }) => {
  const response = await request.get('/sk');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
});

test('pages and API reads come gzipped; API writes come uncompressed (cheaper in an on-sale rush)', async ({ request }) => {
  const gzip = { 'accept-encoding': 'gzip' };
  expect((await request.get('/sk/podujatia', { headers: gzip })).headers()['content-encoding']).toBe('gzip');
  expect((await request.get('/api/v1/events', { headers: gzip })).headers()['content-encoding']).toBe('gzip');
  const write = await request.post('/api/v1/auth/signin', { headers: gzip, data: { email: 'nobody@example.com', password: 'wrong-password-1' } });
  expect(write.status()).toBe(400);
  expect(write.headers()['content-encoding']).toBeUndefined();
  expect((await write.json()).message).toBeTruthy();
});

test('the fast lane (hold, release, scan) answers as Next would: translated errors, security headers', async ({ request }) => {
  const scan = await request.post('/api/v1/scan', { headers: { 'accept-language': 'cs' }, data: { payload: 'TRB1.x' } });
  expect(scan.status()).toBe(401);
  expect((await scan.json()).message).toBe('Vaše přihlášení vypršelo. Přihlaste se prosím znovu.');
  expect(scan.headers()['x-content-type-options']).toBe('nosniff');
  expect(scan.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const release = await request.delete('/api/v1/events/nic/cart/items/00000000-0000-0000-0000-000000000000', { headers: { 'accept-language': 'en' } });
  expect(release.status()).toBe(401);
  expect((await release.json()).code).toBe('UNAUTHENTICATED');
});

for (const path of ['/sk', '/en/about', '/cs/obchodni-podminky', '/sk/toto-neexistuje']) {
  test(`axe finds no serious or critical violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('the loading bar shows while a page navigates, hidden from assistive technology (its role="bar" is no ARIA role)', async ({ page }) => {
  await page.goto('/sk');
  await page.waitForLoadState('networkidle');
  const bar = page.waitForSelector('#nprogress [aria-hidden="true"] .bar', { state: 'attached', timeout: 10_000 });
  await page.getByRole('banner').getByRole('link', { name: messages.sk.nav.events }).first().click();
  await bar;
  await expect(page).toHaveURL(/\/sk\/podujatia$/);
});
