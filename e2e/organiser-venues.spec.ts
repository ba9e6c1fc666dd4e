import { expect, messages, seeded, test } from './fixtures';
import { noSeriousViolations } from './axe';

// An organiser, in Slovak, creates a venue, imports its layout from JSON (a broken file first: the line
// that failed is shown), adds a block of seats in the editor, and blocks seats of a match.

const sk = messages.sk.organiser;
const OWNER = 'klub@fkdunaj.sk';

const layout = {
  width: 600,
  height: 400,
  outline: [{ kind: 'rect', x: 200, y: 20, width: 200, height: 60, label: { sk: 'Pódium', cs: 'Pódium', en: 'Stage' } }],
  sections: [
    {
      code: 'P',
      name: { sk: 'Parter', cs: 'Přízemí', en: 'Stalls' },
      labelX: 262,
      labelY: 150,
      rows: [
        { label: '1', seats: [{ label: '1', x: 250, y: 120 }, { label: '2', x: 262, y: 120 }] },
        { label: '2', seats: [{ label: '1', x: 250, y: 132 }, { label: '2', x: 262, y: 132 }] },
      ],
    },
  ],
};

test('an organiser creates a venue, imports its layout from JSON and adds a section', async ({ page, signIn }) => {
  await signIn(OWNER);
  await page.goto('/sk/organizator/miesta-konania');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.venues.title);
  await noSeriousViolations(page, { afterToasts: true });
  await page.getByRole('link', { name: sk.venues.new }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.venues.newTitle);
  await page.getByLabel(sk.venues.form.name).fill('Hala Trnava e2e');
  await page.getByLabel(sk.venues.form.address).fill('Hlavná 1');
  await page.getByLabel(sk.venues.form.city).fill('Trnava');
  await noSeriousViolations(page, { afterToasts: true });
  await page.getByRole('button', { name: sk.venues.form.create }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hala Trnava e2e');

  // A broken file: the server's answer names the line.
  const broken = JSON.stringify(layout, null, 2).replace('"x": 262,\n', '"x": "vpravo",\n');
  await page.getByLabel(sk.venues.importText).fill(broken);
  await page.getByRole('button', { name: sk.venues.importButton }).click();
  await page.getByRole('dialog').getByRole('button', { name: sk.venues.importConfirm.yes }).click();
  await expect(page.getByRole('alert').filter({ hasText: sk.venues.importErrors })).toContainText(/Riadok \d+: sections\[0\]\.rows\[0\]\.seats\[1\]\.x/);

  await page.getByLabel(sk.venues.importText).fill(JSON.stringify(layout, null, 2));
  await page.getByRole('button', { name: sk.venues.importButton }).click();
  await page.getByRole('dialog').getByRole('button', { name: sk.venues.importConfirm.yes }).click();
  const preview = page.getByTestId('layout-preview');
  await expect(preview.locator('circle')).toHaveCount(4);
  await expect(preview).toContainText('Pódium');

  // The editor: a block of 3 × 4 seats.
  const add = page.getByRole('form', { name: sk.venues.section.addTitle });
  await add.getByLabel(sk.venues.section.code).fill('B');
  await add.getByLabel(sk.venues.section.nameSk).fill('Balkón');
  await add.getByLabel(sk.venues.section.nameCs).fill('Balkon');
  await add.getByLabel(sk.venues.section.nameEn).fill('Balcony');
  await add.getByLabel(sk.venues.section.rows, { exact: true }).fill('3');
  await add.getByLabel(sk.venues.section.seatsPerRow).fill('4');
  await add.getByLabel(sk.venues.section.originY).fill('250');
  await add.getByRole('button', { name: sk.venues.section.add }).click();
  await expect(preview.locator('circle')).toHaveCount(16);
  await noSeriousViolations(page, { afterToasts: true });
});

test('an organiser blocks and releases seats of a match', async ({ page, signIn }) => {
  await signIn(OWNER);
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const { venues } = await (await page.request.get(`/api/v1/organiser/venues?organisation=${organisations[0].id}`)).json();
  const stadium = venues.find((v: { name: string }) => v.name === 'Štadión Dunaj');
  await page.goto(`/sk/organizator/miesta-konania/${stadium.id}`);
  const venue = await (await page.request.get(`/api/v1/organiser/venues/${stadium.id}`)).json();
  const match = venue.eventList.find((e: { slug: string }) => e.slug === seeded.stadiumEvent);
  // By its id too: a copy of the match (e2e/event-duplicate.spec.ts) has the same title.
  await page.getByRole('link', { name: sk.venues.blockSeatsOf.replace('{title}', match.title.sk) }).and(page.locator(`[href*="/${match.id}/"]`)).click();
  await expect(page.getByRole('heading', { name: sk.seats.title, level: 2 })).toBeVisible();
  // After the client navigation the router keeps the venue page hidden (its own seat map, for wheelchair places).
  const map = page.getByTestId('seat-map').filter({ visible: true });
  await expect(map).toBeVisible();
  await expect(map.getByTestId('venue-outline')).toContainText('Ihrisko');
  // The far end's last row: no other journey buys there.
  const end = page.locator('details').filter({ hasText: 'D2 · ', visible: true });
  const open = () => end.evaluate((details: HTMLDetailsElement) => void (details.open = true));
  await open();
  // That row's own counts (other journeys hold and block seats elsewhere in the stadium meanwhile).
  const row = end.locator('label').filter({ has: page.getByRole('checkbox') }).last();
  await expect(row).toContainText(/blokované 0$/);
  await row.getByRole('checkbox').check();
  await expect(page.getByText(/^Vybran[éý]ch? \d+ sedad/)).toBeVisible();
  await page.getByRole('button', { name: sk.seats.block }).click();
  await open();
  await expect(row).toContainText(/voľné 0, blokované [1-9]\d*$/);
  await noSeriousViolations(page, { afterToasts: true });
  await open();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: sk.seats.release }).click();
  await open();
  await expect(row).toContainText(/blokované 0$/);
});
