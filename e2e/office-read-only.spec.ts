// Issue 31's remaining office items, in Slovak, phone and desktop: staff find their way to work first on
// the profile (the console, or the scanner for gate-only staff); a manager refused the settlement is told it
// is the owner's; a played match reads "Played" with every event screen's form disabled and no cancel
// button; another organiser's event at a shared venue is listed without a link. axe on each screen.
import type { Page } from '@playwright/test';
import { noSeriousViolations } from './axe';
import { demo, expect, messages, test } from './fixtures';

const sk = messages.sk;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const PLAYED = 'dunaj-bratislava-slovan-liberec';

/** axe on a phone and on a desktop, back on the phone after. */
async function bothSizes(page: Page) {
  await page.setViewportSize(DESKTOP);
  await noSeriousViolations(page);
  await page.setViewportSize(PHONE);
  await noSeriousViolations(page);
}

async function organisationOf(page: Page): Promise<string> {
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  return organisations[0].id;
}

test('the profile of staff starts with their way to work: the console for an owner, the scanner for a gate scanner', async ({ page, signIn }) => {
  await page.setViewportSize(PHONE);
  await signIn(demo.dunajOwner);
  await page.goto('/sk/profil');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 }).first()).toHaveText(sk.organiser.profileLink.title);
  await main.getByRole('link', { name: sk.organiser.profileLink.cta }).click();
  await expect(page).toHaveURL(/\/sk\/organizator\/podujatia$/);

  await signIn(demo.scanner);
  await page.goto('/sk/profil');
  await expect(main.getByRole('heading', { level: 2 }).first()).toHaveText(sk.organiser.profileLink.title);
  await expect(main.getByRole('link', { name: sk.organiser.profileLink.cta })).toHaveCount(0);
  await bothSizes(page);
  await main.getByRole('link', { name: sk.organiser.profileLink.scannerCta }).click();
  await expect(page).toHaveURL(/\/sk\/skener$/);
});

test('a manager refused the settlement is told only the owner may use it', async ({ page, signIn }) => {
  await signIn(demo.dunajManager);
  await page.goto('/sk/organizator/vyuctovanie');
  await expect(page.getByRole('heading', { level: 2, name: sk.organiser.roleForbidden.title })).toBeVisible();
  await expect(page.getByText(sk.organiser.roleForbidden.ownerOnly)).toBeVisible();
  await expect(page.getByText(sk.organiser.roleForbidden.text)).toHaveCount(0);
  await bothSizes(page);
});

test('a played match is Played and read-only on every event screen, with no cancel button', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await signIn(demo.dunajOwner);
  const { events } = await (await page.request.get(`/api/v1/organiser/events?organisation=${await organisationOf(page)}`)).json();
  const event = events.find((e: { slug: string }) => e.slug === PLAYED) as { id: string };

  await page.goto('/sk/organizator/podujatia?show=past');
  const row = page.getByRole('main').getByRole('listitem').filter({ has: page.locator(`a[href$="/${event.id}"]`) });
  await expect(row.getByText(sk.organiser.eventStatus.played, { exact: true })).toBeVisible();
  await expect(row.getByText(sk.organiser.eventStatus.on_sale, { exact: true })).toHaveCount(0);

  for (const tab of ['', '/ceny', '/miesta', '/na-meno', '/dalsi-predaj', '/cakaren']) {
    await page.goto(`/sk/organizator/podujatia/${event.id}${tab}`);
    await expect(page.getByTestId('event-status')).toHaveText(sk.organiser.eventStatus.played);
    await expect(page.getByRole('button', { name: sk.organiser.eventActions.cancel })).toHaveCount(0);
    await expect(page.getByTestId('played-note')).toHaveText(sk.organiser.events.playedNote);
    // The screen's forms sit in one disabled fieldset: every field and button in it is disabled.
    const locked = page.getByRole('main').locator('fieldset[disabled]');
    await expect(locked).toHaveCount(1);
    await expect(locked.locator('input, select, textarea, button').first()).toBeDisabled();
  }
  await bothSizes(page);
});

test('another organiser’s event at a shared venue is listed without a link', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn(demo.dunajOwner);
  const { venues } = await (await page.request.get(`/api/v1/organiser/venues?organisation=${await organisationOf(page)}`)).json();
  const venue = venues.find((v: { name: string }) => v.name === 'Štadión Dunaj') as { id: string };
  await page.goto(`/sk/organizator/miesta-konania/${venue.id}`);
  const list = page.getByRole('region', { name: sk.organiser.venues.eventsTitle });
  const theirs = list.getByRole('listitem').filter({ hasText: 'The Lowlands' });
  await expect(theirs).toHaveCount(1);
  await expect(theirs.getByText(sk.organiser.venues.otherOrganiser)).toBeVisible();
  await expect(theirs.getByRole('link')).toHaveCount(0);
  // Each link of the list opens a console screen of the club's own (none is a 404).
  const hrefs = await list.getByRole('link').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs.slice(0, 3)) expect((await page.request.get(href)).status()).toBe(200);
  await bothSizes(page);
});
