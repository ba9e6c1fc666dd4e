import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, expect, messages, test, verifyEmailFromMailbox } from './fixtures';

const sk = messages.sk;

test.describe('the organiser console: who gets in', () => {
  test('signed out, the console sends to sign-in and back', async ({ page }) => {
    await page.goto('/sk/organizator/podujatia');
    await expect(page).toHaveURL(/\/sk\/prihlasenie\?next=%2Fsk%2Forganizator%2Fpodujatia/);
  });

  test('a fan who belongs to no organisation is told how to get an invitation, and the profile does not offer the console', async ({ page, signIn }) => {
    await signIn(demo.fan);
    await page.goto('/sk/organizator');
    await expect(page.getByRole('heading', { level: 2, name: sk.organiser.notMember.title })).toBeVisible();
    await page.goto('/sk/profil');
    await expect(page.getByRole('heading', { level: 1, name: sk.profile.title })).toBeVisible();
    await expect(page.getByRole('link', { name: sk.organiser.profileLink.cta })).toHaveCount(0);
  });

  test('a gate scanner is sent to the scanner, not the events', async ({ page, signIn }) => {
    await signIn(demo.scanner);
    await page.goto('/sk/organizator/podujatia');
    await expect(page.getByRole('heading', { level: 2, name: sk.organiser.roleForbidden.title })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: sk.organiser.nav.scanner }).first().click();
    await expect(page).toHaveURL(/\/sk\/skener$/);
  });

  test('an owner reaches the console from the profile and sees every screen of the console in the navigation', async ({ page, signIn }) => {
    await signIn(demo.dunajOwner);
    await page.goto('/sk/profil');
    await page.getByRole('link', { name: sk.organiser.profileLink.cta }).click();
    await expect(page).toHaveURL(/\/sk\/organizator\/podujatia$/);
    const nav = page.getByRole('navigation', { name: sk.organiser.consoleNav });
    for (const name of [sk.organiser.nav.events, sk.organiser.nav.venues, sk.organiser.nav.codes, sk.organiser.nav.team, sk.organiser.nav.settings]) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await expect(page.getByText(sk.organiser.yourRole.replace('{role}', sk.organiser.roles.owner))).toBeVisible();
  });

  test('a manager does not get the team screen', async ({ page, signIn }) => {
    await signIn(demo.dunajManager);
    await page.goto('/sk/organizator/podujatia');
    const nav = page.getByRole('navigation', { name: sk.organiser.consoleNav });
    await expect(nav.getByRole('link', { name: sk.organiser.nav.events })).toBeVisible();
    await expect(nav.getByRole('link', { name: sk.organiser.nav.team })).toHaveCount(0);
    await page.goto('/sk/organizator/tim');
    await expect(page.getByRole('heading', { level: 2, name: sk.organiser.roleForbidden.title })).toBeVisible();
  });
});

test('every console screen has no serious accessibility violations and fits a phone', async ({ page, signIn }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(demo.dunajOwner);
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const orgId = organisations[0].id;
  const { events } = await (await page.request.get(`/api/v1/organiser/events?organisation=${orgId}`)).json();
  const eventId = events.find((e: { status: string }) => e.status === 'on_sale').id;
  const { venues } = await (await page.request.get(`/api/v1/organiser/venues?organisation=${orgId}`)).json();
  const venueId = venues[0].id;
  const screens = [
    '/sk/organizator/podujatia',
    '/sk/organizator/podujatia/nove',
    `/sk/organizator/podujatia/${eventId}`,
    `/sk/organizator/podujatia/${eventId}/ceny`,
    `/sk/organizator/podujatia/${eventId}/miesta`,
    `/sk/organizator/podujatia/${eventId}/obrazky`,
    `/sk/organizator/podujatia/${eventId}/dalsi-predaj`,
    '/sk/organizator/miesta-konania',
    '/sk/organizator/miesta-konania/nove',
    `/sk/organizator/miesta-konania/${venueId}`,
    '/sk/organizator/kody',
    '/sk/organizator/baliky',
    '/sk/organizator/tim',
    '/sk/organizator/nastavenia',
    '/cs/poradatel/udalosti',
    '/en/organiser/team',
    '/sk/organizator/pozvanka?token=neplatny',
  ];
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).filter({ visible: true })).toBeVisible();
    // A toast fading in or out is measured half transparent: checked once it is gone.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    const result = await new AxeBuilder({ page }).analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`), path).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});

test('another organisation’s event and venue are not found in the console', async ({ page, signIn }) => {
  await signIn(demo.vltavaOwner);
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  await signIn(demo.dunajOwner);
  const dunaj = (await (await page.request.get('/api/v1/organiser/organisations')).json()).organisations[0].id;
  const { events } = await (await page.request.get(`/api/v1/organiser/events?organisation=${dunaj}`)).json();
  const { venues } = await (await page.request.get(`/api/v1/organiser/venues?organisation=${dunaj}`)).json();
  await signIn(demo.vltavaOwner);
  expect(organisations.map((o: { id: string }) => o.id)).not.toContain(dunaj);
  // The console's screens stream after their shell, so the status is sent before the lookup: the page says it.
  for (const path of [`/sk/organizator/podujatia/${events[0].id}`, `/sk/organizator/podujatia/${events[0].id}/ceny`, `/sk/organizator/miesta-konania/${venues[0].id}`]) {
    await page.goto(path);
    await expect(page.getByText(sk.errorPage.notFound).first(), path).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /Dunaj|Štadión/ }), path).toHaveCount(0);
  }
  expect((await page.request.get(`/api/v1/organiser/events/${events[0].id}`)).status()).toBe(404);
  expect((await page.request.get(`/api/v1/organiser/events?organisation=${dunaj}`)).status()).toBe(404);
});

/** The owner, signed in by bearer token, invites `email` to their organisation with `role`. */
async function invite(request: APIRequestContext, owner: string, email: string, role: 'manager' | 'scanner') {
  const signin = await request.post('/api/v1/auth/signin', { data: { email: owner, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await signin.json()).token}` };
  const orgId = (await (await request.get('/api/v1/organiser/organisations', { headers })).json()).organisations[0].id;
  const sent = await request.post(`/api/v1/organiser/organisations/${orgId}/members`, { headers, data: { email, role } });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** Opens the newest invitation mailed to `email` from `organisation` and accepts it. */
async function accept(page: Page, email: string, organisation: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.locator('article.mail[data-kind="org-invitation"]').filter({ hasText: organisation }).first().getByRole('link').first().click();
  await page.getByRole('button', { name: sk.organiser.invitation.accept }).click();
  // A manager lands in the console (on its events).
  await expect(page).toHaveURL(/\/sk\/organizator\/podujatia$/);
}

test('an organiser of two organisations switches between them in the console', async ({ page, request, signUpFresh }) => {
  const email = await signUpFresh();
  await verifyEmailFromMailbox(page, email);
  await invite(request, demo.dunajOwner, email, 'manager');
  await invite(request, demo.vltavaOwner, email, 'manager');
  await accept(page, email, 'FK Dunaj Bratislava');
  await accept(page, email, 'HC Vltava Praha');

  await page.goto('/sk/organizator/podujatia');
  const switcher = page.getByLabel(sk.organiser.switcher.label);
  await expect(switcher).toBeEnabled();
  await switcher.selectOption({ label: 'FK Dunaj Bratislava' });
  await expect(page.getByRole('link', { name: /Dunaj Bratislava – FC Košice/ }).first()).toBeVisible();
  await page.getByLabel(sk.organiser.switcher.label).selectOption({ label: 'HC Vltava Praha' });
  await expect(page.getByRole('link', { name: /Vltava Praha/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Dunaj Bratislava – FC Košice/ })).toHaveCount(0);
  // The choice is remembered: the next visit shows the same organisation.
  await page.goto('/sk/organizator/podujatia');
  await expect(page.getByLabel(sk.organiser.switcher.label)).toHaveValue(/[0-9a-f-]{36}/);
  await expect(page.getByRole('link', { name: /Dunaj Bratislava – FC Košice/ })).toHaveCount(0);
});
