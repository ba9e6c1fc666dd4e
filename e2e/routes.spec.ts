import { expect, messages, seeded, test, type Locale } from './fixtures';

type Screen = { name: string; paths: Record<Locale, string>; heading: (l: Locale) => string | RegExp; signedIn?: boolean };

const eventTitle: Record<Locale, string> = { sk: 'FK Dunaj Bratislava – FC Košice', cs: 'FK Dunaj Bratislava – FC Košice', en: 'FK Dunaj Bratislava v FC Košice' };
const id = seeded.stadiumEvent;

// Spec §2: every screen under /sk, /cs and /en with its translated path.
const screens: Screen[] = [
  { name: 'Home', paths: { sk: '/sk', cs: '/cs', en: '/en' }, heading: (l) => messages[l].home.title },
  { name: 'About us', paths: { sk: '/sk/o-nas', cs: '/cs/o-nas', en: '/en/about' }, heading: (l) => messages[l].about.title },
  { name: 'Terms', paths: { sk: '/sk/obchodne-podmienky', cs: '/cs/obchodni-podminky', en: '/en/terms' }, heading: (l) => messages[l].terms.title },
  { name: 'Events list', paths: { sk: '/sk/podujatia', cs: '/cs/udalosti', en: '/en/events' }, heading: (l) => messages[l].events.title },
  { name: 'Event detail', paths: { sk: `/sk/podujatia/${id}`, cs: `/cs/udalosti/${id}`, en: `/en/events/${id}` }, heading: (l) => eventTitle[l] },
  { name: 'Tickets', paths: { sk: '/sk/vstupenky', cs: '/cs/vstupenky', en: '/en/tickets' }, heading: (l) => messages[l].tickets.title },
  { name: 'Sign-in', paths: { sk: '/sk/prihlasenie', cs: '/cs/prihlaseni', en: '/en/signin' }, heading: (l) => messages[l].auth.signInTitle },
  { name: 'Sign-up', paths: { sk: '/sk/registracia', cs: '/cs/registrace', en: '/en/signup' }, heading: (l) => messages[l].auth.signUpTitle },
  { name: 'Profile', paths: { sk: '/sk/profil', cs: '/cs/profil', en: '/en/profile' }, heading: (l) => messages[l].profile.title, signedIn: true },
  { name: 'Event cart', paths: { sk: `/sk/podujatia/${id}/kosik`, cs: `/cs/udalosti/${id}/kosik`, en: `/en/events/${id}/cart` }, heading: (l) => messages[l].cart.title, signedIn: true },
];

for (const screen of screens) {
  for (const locale of ['sk', 'cs', 'en'] as const) {
    test(`${screen.name} answers 200 at ${screen.paths[locale]} with its heading in ${locale}`, async ({ page, signIn }) => {
      if (screen.signedIn) await signIn();
      const response = await page.goto(screen.paths[locale]);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(screen.paths[locale]);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading(locale));
    });
  }
}

test('a path of another language under a prefix redirects to that screen in the prefix language', async ({ page }) => {
  await page.goto('/sk/events');
  expect(new URL(page.url()).pathname).toBe('/sk/podujatia');
  await page.goto('/en/podujatia');
  expect(new URL(page.url()).pathname).toBe('/en/events');
  await page.goto('/cs/about');
  expect(new URL(page.url()).pathname).toBe('/cs/o-nas');
});

test('unknown paths show the 404 page with status 404 in the page language', async ({ page }) => {
  for (const [path, locale] of [['/sk/toto-neexistuje', 'sk'], ['/en/no/such/page', 'en'], ['/cs/xyz', 'cs']] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText(messages[locale].errorPage.notFound)).toBeVisible();
    await expect(page).toHaveTitle(messages[locale].errorPage.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages[locale].global.error.title);
  }
  await page.getByRole('link', { name: messages.cs.errorPage.goHome }).click();
  await expect(page).toHaveURL(/\/cs$/);
});
