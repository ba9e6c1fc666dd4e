// Organiser payouts (issue 32, item 3): FK Dunaj is paid after each match, so the demo's past match has a
// payout due. The Tribuna admin prepares the EUR payout run — its pain.001 file pays the club's legal name
// and account — and confirms it; the club's owner then sees the payout paid in the console (on a phone), the
// manager sees the list too, the scanner is refused. No serious accessibility violations.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from '@playwright/test';
import { DEMO_PASSWORD, demo, expect, messages, test } from './fixtures';

const sk = messages.sk;
const phone = { width: 390, height: 844 };
const ADMIN = 'admin@tribuna.sk';

async function signedIn(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, locale: 'sk-SK', viewport: phone, acceptDownloads: true });
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/auth/signin', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return { context, page };
}

test('the admin runs a payout run with FK Dunaj’s payout; the club sees it paid in the console', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const owner = await signedIn(browser, baseURL!, demo.dunajOwner);
  const { organisations } = await (await owner.page.request.get('/api/v1/organiser/organisations')).json();
  const orgId = organisations.find((o: { slug: string }) => o.slug === 'fk-dunaj-bratislava').id;
  const before = await (await owner.page.request.get(`/api/v1/organiser/payouts?organisation=${orgId}`)).json();
  const payout = before.payouts.find((p: { kind: string; amount: number }) => p.kind === 'event' && p.amount > 0);
  expect(payout, JSON.stringify(before)).toBeTruthy();

  const admin = await signedIn(browser, baseURL!, ADMIN);
  await admin.page.goto('/sk/admin/vyplaty');
  await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText(sk.payouts.admin.title);
  const prepare = admin.page.getByRole('button', { name: sk.payouts.admin.prepare.replace('{currency}', 'EUR') });
  // The club's payout is due (the owner's list made it), so the EUR run can be prepared — unless another
  // journey on this shared server (the resale sellers' payouts) prepared an EUR run first: the payout is in it.
  const prepared = admin.page.locator('[data-testid="payout-run"][data-status="prepared"]');
  await expect(prepare).toBeVisible();
  if (await prepare.isEnabled()) {
    await prepare.click();
    await expect(admin.page.getByTestId('payout-run').first()).toHaveAttribute('data-status', 'prepared');
  }
  await expect(prepared.first()).toBeVisible();
  // The club's transfer is in a prepared run's file: its legal name, its account, the amount
  const files: string[] = [];
  for (let i = 0; i < (await prepared.count()); i++) {
    const [download] = await Promise.all([admin.page.waitForEvent('download'), prepared.nth(i).getByRole('link', { name: /^Stiahnuť súbor dávky/ }).click()]);
    files.push(readFileSync((await download.path())!, 'utf8'));
  }
  const xml = files.find((f) => f.includes(payout.id.replace(/-/g, '')));
  expect(xml).toBeTruthy();
  const transfer = xml!.slice(xml!.indexOf(`<EndToEndId>${payout.id.replace(/-/g, '')}</EndToEndId>`));
  expect(transfer).toContain(`Ccy="EUR">${(payout.amount / 100).toFixed(2)}</InstdAmt>`);
  expect(transfer).toContain('<Nm>FK Dunaj Bratislava, a.s.</Nm>');
  expect(transfer).toContain('<IBAN>SK3311000000002931234568</IBAN>');

  for (let left = await prepared.count(); left > 0; left = await prepared.count()) {
    const run = prepared.first();
    const runId = await run.getAttribute('data-run');
    await run.getByRole('button', { name: /^Potvrdiť dávku/ }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('button', { name: sk.payouts.admin.confirmYes }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.page.locator(`[data-testid="payout-run"][data-run="${runId}"]`)).toHaveAttribute('data-status', 'confirmed');
  }
  await admin.context.close();

  // The owner: from the settlement to the payouts, the match's payout paid, to the masked account
  await owner.page.goto('/sk/organizator/vyuctovanie');
  await owner.page.getByRole('link', { name: sk.organiser.settlements.payoutsLink }).click();
  await expect(owner.page).toHaveURL(/\/sk\/organizator\/vyplaty$/);
  await expect(owner.page.getByRole('heading', { level: 1 })).toHaveText(sk.organiser.payouts.title);
  const row = owner.page.getByTestId('organiser-payout').filter({ hasText: 'Slovan Liberec' });
  await expect(row).toContainText(sk.organiser.payouts.statuses.paid);
  await expect(row).toContainText('SK33 •••• •••• 4568');
  const axe = await new AxeBuilder({ page: owner.page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
  expect(await owner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await owner.context.close();

  // The manager sees the list (from the console's menu); the scanner is refused
  const manager = await signedIn(browser, baseURL!, demo.dunajManager);
  await manager.page.goto('/sk/organizator/vyplaty');
  await expect(manager.page.getByTestId('organiser-payout').filter({ hasText: 'Slovan Liberec' })).toContainText(sk.organiser.payouts.statuses.paid);
  await manager.context.close();
  const scanner = await signedIn(browser, baseURL!, demo.scanner);
  expect((await scanner.page.request.get(`/api/v1/organiser/payouts?organisation=${orgId}`)).status()).toBe(403);
  await scanner.context.close();
});
