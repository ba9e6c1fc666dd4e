// Every fan page on a phone and on desktop, signed out and signed in as the demo fan: axe finds no
// serious or critical violation (issue 17). The violations of all pages are collected and compared
// at the end, so one run names every page that fails.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demo, expect, messages, seeded, test, xsrfHeaders } from './fixtures';

const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const CONCERT = seeded.standingEvent;

/** The fan pages (sk paths; the signed-out guard sends cart, checkout and profile to sign-in, which is checked there). */
const pages: { name: string; path: string; open?: (page: Page) => Promise<void> }[] = [
  { name: 'home', path: '/sk' },
  { name: 'events list', path: '/sk/podujatia' },
  { name: 'event page (seats)', path: `/sk/podujatia/${seeded.stadiumEvent}` },
  { name: 'event page (standing)', path: `/sk/podujatia/${CONCERT}` },
  { name: 'cart', path: `/sk/podujatia/${CONCERT}/kosik` },
  { name: 'checkout', path: `/sk/podujatia/${CONCERT}/pokladna` },
  { name: 'tickets', path: '/sk/vstupenky' },
  {
    name: 'ticket detail',
    path: '/sk/vstupenky',
    open: async (page) => {
      const show = page.getByRole('button', { name: messages.sk.tickets.showCode }).first();
      if (await show.count()) await show.click();
    },
  },
  { name: 'profile', path: '/sk/profil' },
  { name: 'sign-in', path: '/sk/prihlasenie' },
  { name: 'sign-up', path: '/sk/registracia' },
  { name: 'about', path: '/sk/o-nas' },
  { name: 'terms', path: '/sk/obchodne-podmienky' },
  { name: 'privacy', path: '/sk/ochrana-osobnych-udajov' },
  { name: 'events list (en)', path: '/en/events?category=sport' },
  { name: 'event page (cs)', path: `/cs/udalosti/${CONCERT}` },
];

/** One standing ticket in the demo fan's cart, so the cart and checkout pages have something to show. */
async function fillCart(page: Page) {
  await page.goto('/sk');
  const detail = await (await page.request.get(`/api/v1/events/${CONCERT}`)).json();
  const standing = detail.ticketTypes.find((x: { kind: string }) => x.kind !== 'seat') ?? detail.ticketTypes[0];
  const cart = await (await page.request.get(`/api/v1/events/${CONCERT}/cart`, { headers: await xsrfHeaders(page) })).json();
  if (cart.count > 0) return;
  const response = await page.request.post(`/api/v1/events/${CONCERT}/cart/items`, { data: { ticketTypeId: standing.id, quantity: 1 }, headers: await xsrfHeaders(page) });
  expect(response.status(), await response.text()).toBe(200);
}

for (const [device, viewport] of Object.entries(viewports)) {
  for (const signedIn of [false, true]) {
    test(`axe: every fan page, ${device}, ${signedIn ? 'signed in' : 'signed out'}`, async ({ page, signIn }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      if (signedIn) {
        await signIn(demo.fan);
        await fillCart(page);
      }
      const found: Record<string, { id: string; impact: string | null | undefined; targets: string[] }[]> = {};
      for (const { name, path, open } of pages) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await page.waitForLoadState('networkidle').catch(() => undefined);
        if (open) await open(page);
        const result = await new AxeBuilder({ page }).analyze();
        const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        if (bad.length) found[`${name} (${page.url()})`] = bad.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
      }
      expect(found).toEqual({});
    });
  }
}
