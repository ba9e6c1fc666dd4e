// Issue 31 items 3 and 4, on a phone in Slovak and Czech: an owner invites a scanner who has no account;
// the invitee opens the mailed link, makes the account there in one step (the email fixed, no second mail)
// and lands on the scanner. An organiser who signs in lands in the console, which on a phone has its own
// bar instead of the fan tab bar, and one event tab marked, scrolled into view. A wrong signed-in account
// is told so and signs out to continue. axe on each new or changed screen, phone and desktop.
import type { Browser, Page } from '@playwright/test';
import { noSeriousViolations } from './axe';
import { DEMO_PASSWORD, demo, expect, messages, test, uniqueEmail } from './fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const cases = [
  { locale: 'sk', browserLocale: 'sk-SK', owner: demo.dunajOwner, organisation: 'FK Dunaj Bratislava', invitation: /\/sk\/organizator\/pozvanka\?token=/, scanner: /\/sk\/skener$/, console: /\/sk\/organizator\/podujatia$/, signin: '/sk/prihlasenie', events: '/sk/organizator/podujatia', prices: 'ceny' },
  { locale: 'cs', browserLocale: 'cs-CZ', owner: demo.vltavaOwner, organisation: 'HC Vltava Praha', invitation: /\/cs\/poradatel\/pozvanka\?token=/, scanner: /\/cs\/skener$/, console: /\/cs\/poradatel\/udalosti$/, signin: '/cs/prihlaseni', events: '/cs/poradatel/udalosti', prices: 'ceny' },
] as const;

/** The owner invites `email` as a scanner from the team screen, in the owner's language. */
async function inviteScanner(browser: Browser, c: (typeof cases)[number], email: string) {
  const context = await browser.newContext({ locale: c.browserLocale, viewport: PHONE });
  const page = await context.newPage();
  const signin = await page.request.post('/api/v1/auth/signin', { data: { email: c.owner, password: DEMO_PASSWORD } });
  expect(signin.status()).toBe(200);
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const xsrf = decodeURIComponent((await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value);
  const sent = await page.request.post(`/api/v1/organiser/organisations/${organisations[0].id}/members`, {
    headers: { 'x-xsrf-token': xsrf, 'accept-language': c.locale },
    data: { email, role: 'scanner' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await context.close();
}

/** Opens the newest invitation mailed to `email` from the demo mailbox. */
async function openInvitation(page: Page, email: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.locator('article.mail[data-kind="org-invitation"]').first().getByRole('link').first().click();
}

/** The fan tab bar is not shown (hidden by the console's own bar). */
async function expectNoFanTabs(page: Page, locale: 'sk' | 'cs') {
  await expect(page.getByRole('navigation', { name: messages[locale].nav.tabs })).toBeHidden();
}

for (const c of cases) {
  const m = messages[c.locale];
  const inv = m.organiser.invitation;

  test(`${c.locale}: an invited scanner without an account makes it from the link in one step and lands on the scanner`, async ({ browser }) => {
    const email = uniqueEmail(`gate-${c.locale}`);
    await inviteScanner(browser, c, email);

    const context = await browser.newContext({ locale: c.browserLocale, viewport: PHONE });
    const page = await context.newPage();
    await openInvitation(page, email);
    await expect(page).toHaveURL(c.invitation);
    await expect(page.getByRole('heading', { name: inv.newAccount.heading })).toBeVisible();
    // The address comes from the link: shown, fixed, and counted as verified.
    const address = page.getByLabel(inv.newAccount.email, { exact: true });
    await expect(address).toHaveValue(email);
    await expect(address).toHaveAttribute('readonly', '');
    await expect(page.getByRole('link', { name: m.auth.consent.match(/<terms>(.*)<\/terms>/)![1] })).toBeVisible();
    await noSeriousViolations(page);
    // A refused field says why, in the page's language.
    await page.getByRole('button', { name: inv.newAccount.submit }).click();
    await expect(page.getByText(m.validation.firstNameRequired, { exact: true })).toBeVisible();
    await noSeriousViolations(page);

    await page.getByLabel(m.auth.firstName, { exact: true }).fill('Jana');
    await page.getByLabel(m.auth.lastName, { exact: true }).fill('Bránová');
    await page.getByLabel(m.auth.password, { exact: true }).fill('correct-horse-1');
    await page.getByLabel(m.auth.confirmPassword, { exact: true }).fill('correct-horse-1');
    await page.getByRole('button', { name: inv.newAccount.submit }).click();
    await expect(page).toHaveURL(c.scanner);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.scanner.title);

    // One flow: the invitation was the only mail, the account's email is verified, and it is a scanner of the club.
    const me = await (await page.request.get('/api/v1/auth/me')).json();
    expect(me).toMatchObject({ email, emailVerified: true, firstName: 'Jana' });
    const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
    expect(organisations).toEqual([expect.objectContaining({ name: c.organisation, role: 'scanner' })]);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.locator('article.mail')).toHaveCount(1);

    // The link again: used, said so in the language of the page.
    await openInvitation(page, email);
    await expect(page.getByRole('heading', { name: inv.used.title })).toBeVisible();
    await context.close();
  });

  test(`${c.locale}: an organiser signs in and lands in the console; on a phone the console has its own bar and one event tab marked`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(c.signin);
    await page.getByLabel(m.auth.email, { exact: true }).fill(c.owner);
    await page.getByLabel(m.auth.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: m.auth.signInSubmit }).click();
    // The console opens on its events.
    await expect(page).toHaveURL(c.console);
    const bar = page.getByRole('navigation', { name: m.organiser.nav.tabs });
    await expect(bar).toBeVisible();
    await expectNoFanTabs(page, c.locale);
    await expect(bar.getByRole('link', { name: m.organiser.nav.fanSide })).toBeVisible();
    await noSeriousViolations(page);

    // An event's prices: exactly one of its tabs is marked, and it is in view in the sideways-scrolling row.
    await bar.getByRole('link', { name: m.organiser.nav.events }).click();
    await expect(page).toHaveURL(new RegExp(`${c.events}$`));
    await expect(bar.getByRole('link', { name: m.organiser.nav.events })).toHaveAttribute('aria-current', 'page');
    const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
    const { events } = await (await page.request.get(`/api/v1/organiser/events?organisation=${organisations[0].id}`)).json();
    for (const tab of ['live', 'prices'] as const) {
      const path = tab === 'prices' ? c.prices : c.locale === 'sk' ? 'nazivo' : 'zive';
      await page.goto(`${c.events}/${events[0].id}/${path}`);
      const tabs = page.getByRole('navigation', { name: m.organiser.eventTabs.label });
      const current = tabs.locator('[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText(m.organiser.eventTabs[tab]);
      await expect(current).toBeInViewport({ ratio: 1 });
      await expectNoFanTabs(page, c.locale);
    }
    await noSeriousViolations(page);

    // The fan side is one tap away, and has its tab bar back.
    await page.getByRole('navigation', { name: m.organiser.nav.tabs }).getByRole('link', { name: m.organiser.nav.fanSide }).click();
    await expect(page.getByRole('navigation', { name: m.nav.tabs })).toBeVisible();
  });
}

test('sk: signed in as another account, the invitation says so and signs out to continue; desktop and phone pass axe', async ({ browser }) => {
  const c = cases[0];
  const inv = messages.sk.organiser.invitation;
  const email = uniqueEmail('gate-other');
  await inviteScanner(browser, c, email);
  const context = await browser.newContext({ locale: c.browserLocale, viewport: DESKTOP });
  const page = await context.newPage();
  const signin = await page.request.post('/api/v1/auth/signin', { data: { email: demo.fan, password: DEMO_PASSWORD } });
  expect(signin.status()).toBe(200);
  await openInvitation(page, email);
  await expect(page.getByText(inv.otherAccount.text.replace('{current}', demo.fan).replaceAll('{email}', email))).toBeVisible();
  await noSeriousViolations(page);
  await page.setViewportSize(PHONE);
  await noSeriousViolations(page);
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: inv.otherAccount.signOut }).click();
  // Signed out on the same link: the invited address has no account, so the page makes it.
  await expect(page.getByRole('heading', { name: inv.newAccount.heading })).toBeVisible();
  await expect(page.getByLabel(inv.newAccount.email, { exact: true })).toHaveValue(email);
  await noSeriousViolations(page);

  // A fan who signs in lands where they did: the profile.
  await page.goto('/sk/prihlasenie');
  await page.getByLabel(messages.sk.auth.email, { exact: true }).fill(demo.fan);
  await page.getByLabel(messages.sk.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: messages.sk.auth.signInSubmit }).click();
  await expect(page).toHaveURL(/\/sk\/profil$/);
  // Gate-only staff land on the scanner.
  await page.context().clearCookies();
  await page.goto('/sk/prihlasenie');
  await page.getByLabel(messages.sk.auth.email, { exact: true }).fill(demo.scanner);
  await page.getByLabel(messages.sk.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: messages.sk.auth.signInSubmit }).click();
  await expect(page).toHaveURL(/\/sk\/skener$/);
  await context.close();
});
