// The organiser's reports in Slovak, as FK Dunaj's owner reads them: the report of the past match the
// demo seeded with a history (charts drawn, attendance figures, a chart shown as its table), the
// organisation's overview with its date range (a plain GET form), no serious accessibility violations,
// a 390 px phone; and uPlot never in a fan page's scripts or styles.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, expect, seeded, test } from './fixtures';

const PAST = 'dunaj-bratislava-slovan-liberec';
/** The screen shown now: the router keeps the previous screen's DOM hidden after a client navigation. */
const shown = (locator: Locator) => locator.filter({ visible: true });

type Report = {
  event: { title: { sk: string } };
  tickets: { total: { sold: { total: number } } };
  attendance: { checkedIn: { total: number; single: number }; noShows: { total: number } | null; buckets: { at: string; single: number }[]; gates: { gate: string | null; admitted: number }[] };
};

async function pastEvent(page: Page): Promise<{ id: string; report: Report }> {
  const mine = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const dunaj = mine.organisations.find((o: { slug: string }) => o.slug === 'fk-dunaj-bratislava');
  const list = await (await page.request.get(`/api/v1/organiser/events?organisation=${dunaj.id}`)).json();
  const id = list.events.find((e: { slug: string }) => e.slug === PAST).id;
  const answer = await page.request.get(`/api/v1/organiser/events/${id}/report`);
  expect(answer.status()).toBe(200);
  return { id, report: (await answer.json()).report };
}

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);
}

test('the owner reads the past match’s report: charts, attendance, a chart as a table, then the overview', async ({ page, signIn }) => {
  await signIn(demo.dunajOwner, DEMO_PASSWORD);
  const { id, report } = await pastEvent(page);
  expect(report.attendance.checkedIn.total).toBeGreaterThan(100);

  await page.goto(`/sk/organizator/podujatia/${id}`);
  await shown(page.getByRole('link', { name: 'Prehľad', exact: true })).click();
  await expect(page).toHaveURL(new RegExp(`/sk/organizator/podujatia/${id}/prehlad$`));
  await expect(shown(page.getByRole('heading', { level: 1, name: report.event.title.sk }))).toBeVisible();
  await expect(shown(page.getByRole('heading', { level: 2, name: 'Návštevnosť' }))).toBeVisible();
  // The charts are drawn: sales over time (first hour, first day, per day) and the check-ins.
  await expect(shown(page.getByTestId('report-chart').locator('canvas'))).toHaveCount(4);

  // Attendance: checked in against sold, and no-shows now that the match is over.
  // (The vs-sold table's total row; the gates' table ends with a total row of its own.)
  const total = shown(page.getByRole('row', { name: /^Spolu/ }).filter({ has: page.getByTestId('checked-in-total') }));
  await expect(total.getByTestId('checked-in-total')).toContainText(String(report.attendance.checkedIn.total));
  await expect(total).toContainText(String(report.attendance.noShows!.total));
  for (const gate of report.attendance.gates) {
    await expect(shown(page.getByRole('row', { name: `${gate.gate} ${gate.admitted}` }))).toBeVisible();
  }

  // The check-ins chart as its table: the busiest five minutes are in it.
  const checkIns = shown(page.getByRole('figure', { name: /Odbavenie v čase/ }));
  const toggle = checkIns.getByRole('button', { name: 'Zobraziť ako tabuľku' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(checkIns.locator('canvas')).toHaveCount(0);
  const table = checkIns.getByRole('table', { name: 'Odbavenie v čase' });
  await expect(table).toBeVisible();
  const busiest = Math.max(...report.attendance.buckets.map((b) => b.single));
  await expect(table.getByRole('cell', { name: String(busiest), exact: true }).first()).toBeVisible();
  await toggle.click();
  await expect(checkIns.locator('canvas')).toHaveCount(1);

  // The event's exports are offered under its report too, in the page's language.
  await expect(shown(page.getByTestId('export-links')).locator(`a[href="/api/v1/organiser/events/${id}/exports/attendees.csv?locale=sk"]`)).toBeVisible();

  // The overview: the match is among the last 90 days' events; a range before it shows none.
  await shown(page.getByRole('link', { name: 'Prehľady', exact: true })).click();
  await expect(page).toHaveURL(/\/sk\/organizator\/prehlady$/);
  await expect(shown(page.getByRole('heading', { level: 1, name: 'Prehľady' }))).toBeVisible();
  await expect(shown(page.getByRole('link', { name: report.event.title.sk }))).toBeVisible();
  await shown(page.getByLabel('Od', { exact: true })).fill('2020-01-01');
  await shown(page.getByLabel('Do (nepovinné)')).fill('2020-01-31');
  await shown(page.getByRole('button', { name: 'Zobraziť', exact: true })).click();
  await expect(page).toHaveURL(/prehlady\?from=2020-01-01&to=2020-01-31$/);
  await expect(shown(page.getByText('V tomto období sa nezačína žiadne podujatie.'))).toBeVisible();
  await shown(page.getByLabel('Od', { exact: true })).fill('2020-02-01');
  await shown(page.getByRole('button', { name: 'Zobraziť', exact: true })).click();
  await expect(shown(page.getByRole('alert').filter({ hasText: 'Koniec obdobia nesmie byť pred jeho začiatkom.' }))).toBeVisible();
});

test('the report and the overview have no serious accessibility violations and fit a 390 px phone', async ({ page, signIn }) => {
  await signIn(demo.dunajOwner, DEMO_PASSWORD);
  const { id } = await pastEvent(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of [`/sk/organizator/podujatia/${id}/prehlad`, '/sk/organizator/prehlady']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path.endsWith('prehlad')) await expect(page.getByTestId('report-chart').locator('canvas').first()).toBeVisible();
      expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px`).toBeLessThanOrEqual(width);
    }
  }
  // The charts follow the phone's width.
  const canvas = page.getByTestId('report-chart').locator('canvas').first();
  await page.goto(`/sk/organizator/podujatia/${id}/prehlad`);
  await expect(canvas).toBeVisible();
  expect((await canvas.boundingBox())!.width).toBeLessThanOrEqual(390);
});

test('fan pages never load uPlot; the report does', async ({ page, signIn }) => {
  const scripts = (collected: string[]) => async (response: import('@playwright/test').Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (/javascript|text\/css/.test(type)) collected.push(await response.text().catch(() => ''));
  };
  const fan: string[] = [];
  const onFan = scripts(fan);
  page.on('response', onFan);
  await signIn(demo.fan, DEMO_PASSWORD);
  for (const path of ['/sk', '/sk/podujatia', `/sk/podujatia/${seeded.stadiumEvent}`, '/sk/vstupenky']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  page.off('response', onFan);
  expect(fan.length).toBeGreaterThan(0);
  // uPlot's own class name, in its code and its stylesheet.
  expect(fan.filter((body) => body.includes('uplot'))).toEqual([]);

  const consoleScripts: string[] = [];
  const onConsole = scripts(consoleScripts);
  await signIn(demo.dunajOwner, DEMO_PASSWORD);
  const { id } = await pastEvent(page);
  page.on('response', onConsole);
  await page.goto(`/sk/organizator/podujatia/${id}/prehlad`);
  await expect(page.getByTestId('report-chart').locator('canvas').first()).toBeVisible();
  page.off('response', onConsole);
  expect(consoleScripts.some((body) => body.includes('uplot'))).toBe(true);
});

test('the report and the overview speak Czech and English at their translated paths', async ({ page, signIn }) => {
  await signIn(demo.dunajOwner, DEMO_PASSWORD);
  const { id } = await pastEvent(page);
  for (const [path, heading, tableToggle] of [
    [`/cs/poradatel/udalosti/${id}/prehled`, 'Přehled', 'Zobrazit jako tabulku'],
    [`/en/organiser/events/${id}/report`, 'Report', 'Show as table'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: tableToggle }).first()).toHaveAttribute('aria-pressed', 'false');
  }
  await page.goto('/cs/poradatel/prehledy');
  await expect(page.getByRole('heading', { level: 1, name: 'Přehledy' })).toBeVisible();
  await page.goto('/en/organiser/reports?from=2020-01-01&to=2020-01-31');
  await expect(page.getByText('No events start in this period.')).toBeVisible();
});
