// The organiser's event screens in Slovak, as a club's owner uses them: a new draft, its details edited
// (Bratislava time kept, the server's refusal shown at its field), a price category selling a section,
// publishing refused without an image, and the draft on the list.
import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';

const OWNER = 'klub@fkdunaj.sk';
/** The screen shown now: the router keeps the previous screen's DOM hidden after a client navigation. */
const shown = (locator: Locator) => locator.filter({ visible: true });

test('an owner creates a draft, edits it, prices a section and sees it among drafts', async ({ page, signIn }) => {
  await signIn(OWNER, DEMO_PASSWORD);
  const title = `E2E derby ${Date.now().toString(36)}`;

  await page.goto('/sk/organizator/podujatia/nove');
  await expect(page.getByRole('heading', { level: 1, name: 'Nové podujatie' })).toBeVisible();
  await page.getByRole('group', { name: 'Slovensky' }).getByLabel('Názov').fill(title);
  await page.getByLabel('Začiatok', { exact: true }).fill('2027-03-10T18:30');
  await page.getByRole('button', { name: 'Vytvoriť koncept' }).click();
  await expect(page).toHaveURL(/\/sk\/organizator\/podujatia\/[0-9a-f-]{36}$/);
  await expect(shown(page.getByRole('heading', { level: 1, name: title }))).toBeVisible();
  await expect(shown(page.getByLabel('Začiatok', { exact: true }))).toHaveValue('2027-03-10T18:30');
  // Stored as written: the English title stays empty (the English page falls back to the club's language when read).
  await expect(shown(page.getByRole('group', { name: 'Anglicky' })).getByLabel('Názov')).toHaveValue('');

  // Doors after the start: the server's sentence at the field.
  await shown(page.getByLabel('Otvorenie brán (nepovinné)')).fill('2027-03-10T19:00');
  await shown(page.getByRole('button', { name: 'Uložiť zmeny' })).click();
  await expect(shown(page.getByText('Brány sa musia otvoriť najneskôr pri začiatku.'))).toBeVisible();
  await shown(page.getByLabel('Otvorenie brán (nepovinné)')).fill('2027-03-10T17:00');
  await shown(page.getByRole('button', { name: 'Uložiť zmeny' })).click();
  await expect(shown(page.getByText('Zmeny sú uložené.'))).toBeVisible();

  await shown(page.getByRole('link', { name: 'Ceny a sektory' })).click();
  const form = shown(page.getByRole('form', { name: 'Nová kategória' }));
  await form.getByLabel('Názov (SK)').fill('Hlavná tribúna');
  await form.getByLabel('Cena (EUR)').fill('25');
  await form.getByRole('checkbox').first().check();
  await form.getByRole('button', { name: 'Pridať kategóriu' }).click();
  const card = shown(page.getByRole('form', { name: 'Hlavná tribúna', exact: true }));
  await expect(card).toBeVisible();
  await expect(card.getByText(/Predané 0 · v košíkoch 0 · miest [1-9]/)).toBeVisible();

  // The checklist names what is missing: the image (the category just added is done).
  const checklist = shown(page.getByTestId('publish-checklist'));
  await expect(checklist.locator('[data-item="image"]')).toHaveAttribute('data-done', 'false');
  await expect(checklist.locator('[data-item="prices"]')).toHaveAttribute('data-done', 'true');
  await shown(page.getByRole('button', { name: 'Zverejniť' })).click();
  await page.getByRole('dialog', { name: 'Zverejniť podujatie?' }).getByRole('button', { name: 'Zverejniť' }).click();
  await expect(shown(page.getByText('Podujatie ešte nemožno zverejniť: niečo mu chýba.'))).toBeVisible();

  await page.goto('/sk/organizator/podujatia?show=drafts');
  await expect(shown(page.getByRole('link', { name: new RegExp(title) }))).toBeVisible();
});

test('the event screens have no serious accessibility violations and fit a phone', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(OWNER, DEMO_PASSWORD);
  const mine = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const list = await (await page.request.get(`/api/v1/organiser/events?organisation=${mine.organisations[0].id}`)).json();
  const eventId = list.events.find((e: { status: string }) => e.status === 'on_sale').id;
  for (const path of ['/sk/organizator/podujatia', '/sk/organizator/podujatia/nove', `/sk/organizator/podujatia/${eventId}`, `/sk/organizator/podujatia/${eventId}/ceny`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const result = await new AxeBuilder({ page }).analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`), path).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});
