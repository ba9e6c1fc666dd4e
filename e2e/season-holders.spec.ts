// The ticket office's season holders (issue 28 item 5) on a 390 px phone, in Slovak: the club's owner opens the
// winter season in the console, reads its holders (the demo's winter holder among them) and the renewal
// counts, filters them, and downloads the CSV (UTF-8 with a BOM, a translated header, a row per holder).
import { readFileSync } from 'node:fs';
import { demo, expect, messages, signedInContext, test } from './fixtures';
import { noSeriousViolations } from './axe';

const sk = messages.sk;
const h = sk.seasons.organiser.holdersList;
const SEASON = 'fk-dunaj-bratislava-zima';

test('the office reads a season’s holders, filters them and downloads the CSV on a phone', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, page } = await signedInContext(browser, baseURL!, demo.dunajOwner);
  await page.setViewportSize({ width: 390, height: 844 });
  const { seasons } = (await (await page.request.get(`/api/v1/organiser/seasons?organisation=${await orgId(page)}`)).json()) as { seasons: { id: string; slug: string }[] };
  const season = seasons.find((s) => s.slug === SEASON)!;
  await page.goto(`/sk/organizator/permanentky/${season.id}`);

  const panel = page.getByTestId('season-holders');
  await expect(panel.getByRole('heading', { name: h.title })).toBeVisible();
  await expect(page.getByTestId('season-renewal-counts')).toContainText(h.lastSeason);
  const list = page.getByTestId('season-holder-list');
  // The demo's winter holder (supporter@tribuna.eu) holds a seat of the first category.
  await expect(list).toContainText('supporter@tribuna.eu');
  const rows = await list.locator('tbody tr').count();
  expect(rows).toBeGreaterThan(0);
  await noSeriousViolations(page, { include: '[data-testid="season-holders"]' });

  // Filtered to those who renewed: the winter holder bought no renewal, so they are not listed.
  const renewed = panel.locator('select[name="renewed"]');
  await renewed.selectOption('yes');
  await page.getByTestId('season-holders-filter').getByRole('button', { name: h.apply }).click();
  await expect(page).toHaveURL(/renewed=yes/);
  await expect(page.getByTestId('season-holders')).not.toContainText('supporter@tribuna.eu');

  // The CSV of all holders: BOM, the Slovak header, one row per holder.
  await renewed.selectOption('');
  await page.getByTestId('season-holders-filter').getByRole('button', { name: h.apply }).click();
  await expect(list).toContainText('supporter@tribuna.eu');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: h.csv }).click()]);
  const csv = readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString('utf8').slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toContain(h.columns.name);
  expect(lines[0]).toContain(h.columns.acceptsMail);
  expect(lines.slice(1).some((line) => line.includes('supporter@tribuna.eu'))).toBe(true);
  expect(lines.length - 1).toBe(await page.getByTestId('season-holder-list').locator('tbody tr').count());
  await context.close();
});

async function orgId(page: import('@playwright/test').Page): Promise<string> {
  const { organisations } = (await (await page.request.get('/api/v1/organiser/organisations')).json()) as { organisations: { id: string; slug: string }[] };
  return organisations.find((o) => o.slug === 'fk-dunaj-bratislava')!.id;
}
