import AxeBuilder from '@axe-core/playwright';
import { demo, expect, messages, test } from './fixtures';

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
