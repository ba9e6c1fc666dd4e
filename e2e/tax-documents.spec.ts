// Tax documents (issue 32): a new fan buys a seat of an FK Dunaj match through the test gateway, opens the
// order in My orders, sees its two tax documents (the club's invoice for the ticket, Tribuna's for the
// service fee) and downloads the club's as a PDF; another fan gets 404 for it. The club's owner opens
// Documents from the console's navigation and finds the same number in this month's list (axe clean).
import AxeBuilder from '@axe-core/playwright';
import { buyTicket, demo, expect, messages, test } from './fixtures';

const ui = messages.sk.documents.ui;

test('a fan downloads the tax document of an order from My orders; the organiser sees it in the console', async ({ page, signUpFresh, signIn, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signUpFresh({ firstName: 'Ľubica', lastName: 'Dokladová' });
  const orderId = await buyTicket(page, 'dunaj-bratislava-msk-zilina');
  await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');

  await page.goto(`/sk/objednavky/${orderId}`);
  const documents = page.getByTestId('order-documents');
  await expect(documents.getByRole('heading', { name: ui.title })).toBeVisible();
  const links = documents.getByTestId('document-download');
  await expect(links).toHaveCount(2);
  // The club's invoice for the ticket (the other is Tribuna's for its service fee).
  const ticketsItem = documents.getByRole('listitem').filter({ hasText: ui.invoice.tickets.replace(' {number}', '') });
  const link = ticketsItem.getByTestId('document-download');
  const href = (await link.getAttribute('href'))!;
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^faktura-\d{4}-\d{6}\.pdf$/);
  const number = download.suggestedFilename().replace(/^faktura-|\.pdf$/g, '');
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Another fan: nothing there.
  const stranger = await browser.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  const signed = await strangerPage.request.post('/api/v1/auth/signin', { data: { email: demo.fanCs, password: 'tribuna-demo' } });
  expect(signed.status()).toBe(200);
  expect((await strangerPage.request.get(href)).status()).toBe(404);
  await stranger.close();

  // The club's owner: Documents in the console lists it.
  await page.context().clearCookies();
  await signIn(demo.dunajOwner);
  await page.goto('/sk/organizator/podujatia');
  await page.getByRole('navigation', { name: messages.sk.organiser.consoleNav }).getByRole('link', { name: messages.sk.organiser.nav.documents }).click();
  await expect(page).toHaveURL(/\/sk\/organizator\/doklady$/);
  const table = page.getByTestId('documents-table');
  const tickets = table.getByTestId('document-row').filter({ hasText: number });
  await expect(table).toBeVisible();
  await expect(tickets.first()).toBeVisible();
  const owned = await new AxeBuilder({ page }).analyze();
  expect(owned.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
