// Resale payouts that are paid (issue 16, item 7), on a phone: a seller of the demo's past resale sale
// adds a bank account (a wrong IBAN is refused with a translated message), the admin prepares a payout
// run, downloads its pain.001 file and confirms it, and the seller sees the payout paid. The admin
// screen has no serious accessibility violations; anyone else finds no page there.
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

test('a seller adds a bank account, the admin runs and confirms the payouts, the seller sees “paid”', async ({ page, browser, baseURL, signIn }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(phone);
  await signIn(demo.fanEn);
  await page.goto('/sk/profil');
  const ledger = page.getByTestId('payout-ledger');
  await expect(ledger.getByText(sk.payouts.states.needsBankAccount).or(ledger.getByText(sk.payouts.states.due)).first()).toBeVisible();

  // a wrong check digit is refused under the field, in Slovak
  const account = page.getByTestId('bank-account');
  await account.getByRole('button', { name: new RegExp(`^(${sk.payouts.bankAccount.add}|${sk.payouts.bankAccount.change})$`) }).click();
  await account.getByLabel(sk.payouts.bankAccount.iban, { exact: true }).fill('SK32 1200 0000 1987 4263 7541');
  await account.getByLabel(sk.payouts.bankAccount.holderName, { exact: true }).fill('Alex Morgan');
  await account.getByRole('button', { name: sk.payouts.bankAccount.save }).click();
  await expect(account.getByText(sk.payouts.bankAccount.errors.iban)).toBeVisible();
  await expect(account.getByLabel(sk.payouts.bankAccount.iban, { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await account.getByLabel(sk.payouts.bankAccount.iban, { exact: true }).fill('sk31 1200 0000 1987 4263 7541');
  await account.getByRole('button', { name: sk.payouts.bankAccount.save }).click();
  await expect(account.getByTestId('bank-account-current')).toContainText('SK31 •••• •••• 7541');
  await expect(page.getByText('SK3112000000198742637541')).toHaveCount(0);
  await expect(ledger.locator('[data-testid="payout-state"][data-state="due"], [data-testid="payout-state"][data-state="processing"]').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  // the admin: prepare the EUR run, download its file, confirm it after the second step
  const admin = await signedIn(browser, baseURL!, ADMIN);
  await admin.page.goto('/sk/admin/vyplaty');
  await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText(sk.payouts.admin.title);
  const axe = await new AxeBuilder({ page: admin.page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
  expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  const prepare = admin.page.getByRole('button', { name: sk.payouts.admin.prepare.replace('{currency}', 'EUR') });
  // Another journey's run may already hold the seller's payout: then there is nothing to prepare, only to confirm.
  if (await prepare.isEnabled()) {
    await prepare.click();
    await expect(admin.page.getByTestId('payout-run').first()).toHaveAttribute('data-status', 'prepared');
  }
  const prepared = admin.page.locator('[data-testid="payout-run"][data-status="prepared"]');
  await expect(prepared.first()).toBeVisible();

  const [download] = await Promise.all([admin.page.waitForEvent('download'), prepared.first().getByRole('link', { name: /^Stiahnuť súbor dávky/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^tribuna-payouts-EUR-\d{4}-\d{2}-\d{2}-TRB[0-9A-F]{20}\.xml$/);
  const xml = readFileSync((await download.path())!, 'utf8');
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  expect(xml).toContain('<CdtTrfTxInf>');

  const axeRuns = await new AxeBuilder({ page: admin.page }).include('main').analyze();
  expect(axeRuns.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);

  // Every prepared run (another journey may have prepared one too), each confirmed and seen confirmed
  // before the next is looked for: the list refreshes after each confirmation.
  for (let left = await prepared.count(); left > 0; left = await prepared.count()) {
    const run = prepared.first();
    const runId = await run.getAttribute('data-run');
    await run.getByRole('button', { name: /^Potvrdiť dávku/ }).click();
    const dialog = admin.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toContainText('Vykonala banka dávku');
    const dialogAxe = await new AxeBuilder({ page: admin.page }).include('dialog[open]').analyze();
    expect(dialogAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await dialog.getByRole('button', { name: sk.payouts.admin.confirmYes }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.page.locator(`[data-testid="payout-run"][data-run="${runId}"]`)).toHaveAttribute('data-status', 'confirmed');
  }
  await admin.context.close();

  // the seller: paid, on a date, to the masked account
  await page.reload();
  const paid = ledger.locator('[data-testid="payout-state"][data-state="paid"]').first();
  await expect(paid).toBeVisible();
  await expect(paid).toContainText('Vyplatené');
  await expect(paid).toContainText('SK31 •••• •••• 7541');
});

test('the payout screen is only for Tribuna admins: a fan finds no page, signed out goes to sign-in', async ({ page, signIn }) => {
  await page.goto('/sk/admin/vyplaty');
  await expect(page).toHaveURL(/\/sk\/prihlasenie\?next=/);
  await signIn(demo.fan);
  await page.goto('/sk/admin/vyplaty');
  await expect(page.getByText(sk.errorPage.notFound).first()).toBeVisible();
  const answer = await page.request.get('/api/v1/admin/payout-runs');
  expect(answer.status()).toBe(404);
  // and the profile offers the screen to admins only
  await page.goto('/sk/profil');
  await expect(page.getByRole('link', { name: sk.payouts.profileLink.cta })).toHaveCount(0);
});

test('an admin finds the payout screen from the profile, in Czech and English too', async ({ browser, baseURL }) => {
  const admin = await signedIn(browser, baseURL!, ADMIN);
  await admin.page.goto('/sk/profil');
  await admin.page.getByRole('link', { name: sk.payouts.profileLink.cta }).click();
  await expect(admin.page).toHaveURL(/\/sk\/admin\/vyplaty$/);
  await admin.page.goto('/cs/admin/vyplaty');
  await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText(messages.cs.payouts.admin.title);
  await admin.page.goto('/en/admin/payouts');
  await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText(messages.en.payouts.admin.title);
  await admin.context.close();
});
