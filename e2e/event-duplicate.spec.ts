// Duplicating a match in the console (issue 31 item 5, templates), in Slovak on a desktop: a club's owner
// opens a seeded match, asks for a copy at a new start (Bratislava time) and lands on the new draft, which
// has the match's title and price categories and none of its sales; its publish checklist is complete, its
// fans' page previewed (the draft still hidden from fans), and it is published after confirming.
import type { Locator } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';

const OWNER = 'klub@fkdunaj.sk';
const SOURCE = 'dunaj-bratislava-fc-kosice';
/** The screen shown now: the router keeps the previous screen's DOM hidden after a client navigation. */
const shown = (locator: Locator) => locator.filter({ visible: true });

test('an owner duplicates a match and lands on the new draft', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn(OWNER, DEMO_PASSWORD);
  const mine = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const list = await (await page.request.get(`/api/v1/organiser/events?organisation=${mine.organisations[0].id}`)).json();
  const source = list.events.find((e: { slug: string }) => e.slug === SOURCE) as { id: string; title: { sk: string } };
  expect(source).toBeTruthy();

  await page.goto(`/sk/organizator/podujatia/${source.id}`);
  await expect(shown(page.getByRole('heading', { level: 1, name: source.title.sk }))).toBeVisible();
  await shown(page.getByRole('button', { name: 'Duplikovať podujatie' })).click();

  const dialog = page.getByRole('dialog', { name: 'Duplikovať podujatie' });
  await expect(dialog).toBeVisible();
  const start = dialog.getByLabel('Začiatok nového podujatia');
  await expect(start).toBeFocused();
  // A start in the past: the server's sentence at the field, and the dialog stays.
  await start.fill('2020-04-12T18:30');
  await dialog.getByRole('button', { name: 'Vytvoriť koncept' }).click();
  await expect(dialog.getByText('Začiatok kópie musí byť v budúcnosti.')).toBeVisible();

  await start.fill('2028-04-12T18:30');
  await dialog.getByRole('button', { name: 'Vytvoriť koncept' }).click();
  await expect(page.getByText('Kópia je pripravená ako koncept. Skontrolujte ju a zverejnite.')).toBeVisible();
  // The new draft's page: another event's id than the source's.
  await page.waitForURL((url) => /\/sk\/organizator\/podujatia\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.includes(source.id));
  const draftUrl = page.url();
  const draftId = draftUrl.split('/').pop()!;
  await expect(shown(page.getByRole('heading', { level: 1, name: source.title.sk }))).toBeVisible();
  await expect(shown(page.getByTestId('event-status'))).toHaveText('Koncept');
  await expect(shown(page.getByLabel('Začiatok', { exact: true }))).toHaveValue('2028-04-12T18:30');

  // Its price categories came along, with nothing sold.
  await shown(page.getByRole('link', { name: 'Ceny a sektory' })).click();
  await expect(shown(page.getByText(/Predané 0 · v košíkoch 0 · miest [1-9]/)).first()).toBeVisible();

  // The copy has everything publishing needs: the checklist says so.
  await page.goto(draftUrl);
  const checklist = shown(page.getByTestId('publish-checklist'));
  await expect(checklist.getByText('Všetko je pripravené. Pozrite si náhľad a zverejnite.')).toBeVisible();
  // The preview: the fans' page of the draft, marked and not indexed; fans cannot open the draft yet.
  await shown(page.getByRole('link', { name: 'Náhľad stránky pre fanúšikov' })).click();
  await expect(shown(page.getByTestId('preview-banner'))).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const { event } = (await (await page.request.get(`/api/v1/organiser/events/${draftId}`)).json()) as { event: { slug: string } };
  expect((await page.request.get(`/api/v1/events/${event.slug}`)).status()).toBe(404);
  // Published only after confirming.
  await expect(shown(page.getByRole('link', { name: 'Späť na podujatie' }))).toHaveAttribute('href', new URL(draftUrl).pathname);
  await page.goto(draftUrl);
  await shown(page.getByRole('button', { name: 'Zverejniť', exact: true })).click();
  const confirm = page.getByRole('dialog', { name: 'Zverejniť podujatie?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Zverejniť' }).click();
  await expect(page.getByText('Podujatie je zverejnené a v predaji.')).toBeVisible();
  expect((await page.request.get(`/api/v1/events/${event.slug}`)).status()).toBe(200);
});
