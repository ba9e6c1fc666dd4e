// Issue 17 items 8 and 9 as a fan notices them: English dates, cart seat lines, coupon messages and the
// coupon field's width, the line-up, sign-in coming back, the events filters on a phone, sign-out as a
// secondary action, and tables that show they scroll sideways.
import type { Page } from '@playwright/test';
import { demo, DEMO_PASSWORD, expect, messages, seeded, test, uniqueEmail, xsrfHeaders, type Locale } from './fixtures';

const PHONE = { width: 390, height: 844 };
const CONCERT = seeded.standingEvent;
const STADIUM = seeded.stadiumEvent;

/** Holds `count` free seats of the stadium match, picked at random so parallel tests do not race for them. */
async function holdStadiumSeats(page: Page, count: number) {
  const detail = await (await page.request.get(`/api/v1/events/${STADIUM}?include=seats`)).json();
  const availability = await (await page.request.get(`/api/v1/events/${STADIUM}/availability`)).json();
  const taken = new Set<string>(availability.takenSeatIds);
  type Seat = { id: string; ticketTypeId: string | null };
  const free: string[] = detail.layout.sections
    .flatMap((section: { rows: { seats: Seat[] }[] }) => section.rows.flatMap((row) => row.seats.filter((seat) => seat.ticketTypeId).map((seat) => seat.id)))
    .filter((id: string) => !taken.has(id));
  const start = Math.floor(Math.random() * (free.length - count));
  await page.goto('/en');
  const response = await page.request.post(`/api/v1/events/${STADIUM}/cart/items`, { data: { seatIds: free.slice(start, start + count) }, headers: await xsrfHeaders(page) });
  expect(response.status(), await response.text()).toBe(200);
}

async function fillSignIn(page: Page, locale: Locale, email: string, password: string) {
  const a = messages[locale].auth;
  await page.getByLabel(a.email, { exact: true }).fill(email);
  await page.getByLabel(a.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: a.signInSubmit }).click();
}

test('English dates are day-month with 24-hour time; the line-up is shown for a concert, not for a match', async ({ page }) => {
  await page.goto(`/en/events/${STADIUM}`);
  const when = page.locator('main header time').first();
  await expect(when).toHaveText(/^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]+ \d{4}(,| at) 18:00$/);
  await expect(when).not.toHaveText(/AM|PM/);
  await expect(page.getByTestId('line-up')).toHaveCount(0);
  await expect(page.getByText(`${messages.en.event.performers}:`)).toHaveCount(0);

  await page.goto(`/en/events/${CONCERT}`);
  await expect(page.getByTestId('line-up')).toContainText(messages.en.event.performers);
  await expect(page.locator('main header time').first()).not.toHaveText(/AM|PM/);

  await page.goto('/en/events');
  await expect(page.locator('main li time').first()).toHaveText(/\d{1,2} [A-Z][a-z]+ \d{4}(,| at) \d\d:\d\d$/);
});

test('cart seat lines say section, row and seat in words; the Slovak countdown "končí za"', async ({ page, signUpFresh }) => {
  await signUpFresh();
  await holdStadiumSeats(page, 1);
  await page.goto(`/en/events/${STADIUM}/cart`);
  await expect(page.getByTestId('cart-item')).toContainText(/[A-Za-z]+ [A-Z]\d, row \d+, seat \d+/);
  // The seat line itself (the concession picker beside it, loaded a moment later, lists prices with a dot).
  await expect(page.getByTestId('cart-item-seat')).toContainText(/[A-Za-z]+ [A-Z]\d, row \d+, seat \d+/);
  await expect(page.getByTestId('cart-item-seat')).not.toContainText(' · ');
  await page.goto(`/sk/podujatia/${STADIUM}/kosik`);
  await expect(page.getByTestId('cart-item')).toContainText(/, rad \d+, miesto \d+/);
  await expect(page.getByTestId('cart-timer')).toContainText('Rezervácia končí za');
  await page.goto(`/sk/podujatia/${STADIUM}/pokladna`);
  await expect(page.getByTestId('checkout-timer')).toHaveText(/^Rezervácia končí za \d\d:\d\d$/);
});

test('an expired or used-up code says so, an unknown one is invalid; the cs coupon field keeps its width', async ({ page, signUpFresh }) => {
  await page.setViewportSize(PHONE);
  await signUpFresh();
  await holdStadiumSeats(page, 1);
  const cs = messages.cs;
  await page.goto(`/cs/udalosti/${STADIUM}/kosik`);
  const field = page.getByRole('textbox', { name: cs.cart.couponLabel });
  const apply = page.getByRole('button', { name: cs.cart.couponApply });
  const error = page.locator('#coupon-error');
  for (const [code, sentence] of [
    ['LETO2025', cs.errors.discountCodeExpired],
    ['VYPREDANE', cs.errors.discountCodeUsedUp],
    ['NEEXISTUJE', cs.errors.invalidDiscountCode],
  ] as const) {
    await field.fill(code);
    await apply.click();
    await expect(error).toHaveText(sentence);
  }
  const before = (await field.boundingBox())!.width;
  await field.fill('DUNAJ10');
  await apply.click();
  await expect(page.getByTestId('cart-discount')).toBeVisible();
  await expect(page.getByRole('button', { name: cs.cart.couponRemove })).toBeVisible();
  expect(Math.round((await field.boundingBox())!.width)).toBe(Math.round(before));
  expect(before).toBeGreaterThan(180);
});

test('the header sign-in link comes back to the page the fan was on; sign-up carries it too', async ({ page }) => {
  await page.goto(`/en/events/${CONCERT}`);
  await page.getByRole('banner').getByRole('link', { name: messages.en.nav.signIn }).click();
  await expect(page).toHaveURL(new RegExp(`/en/signin\\?next=${encodeURIComponent(`/en/events/${CONCERT}`)}$`));
  await expect(page.getByRole('main').getByRole('link', { name: messages.en.auth.createOne })).toHaveAttribute('href', new RegExp(`/en/signup\\?next=${encodeURIComponent(`/en/events/${CONCERT}`)}$`));
  await fillSignIn(page, 'en', demo.fanEn, DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/en/events/${CONCERT}$`));
});

test('the phone tab comes back too, with the page query; a crafted return path is refused', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/sk/podujatia?category=concert');
  await page.getByRole('navigation', { name: messages.sk.nav.tabs }).getByRole('link', { name: messages.sk.tabs.signIn }).click();
  await expect(page).toHaveURL(/\/sk\/prihlasenie\?next=%2Fsk%2Fpodujatia%3Fcategory%3Dconcert$/);
  await fillSignIn(page, 'sk', demo.fan, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/sk\/podujatia\?category=concert$/);

  await page.context().clearCookies();
  await page.goto(`/en/signin?next=${encodeURIComponent('//evil.example/x')}`);
  await fillSignIn(page, 'en', demo.fanEn, DEMO_PASSWORD);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/en\/profile$/);
});

test('on a phone the events filters fold into a "Filters" button with the active count and results start on the first screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const m = messages.en.events;
  await page.goto('/en/events?category=concert');
  const toggle = page.getByRole('button', { name: new RegExp(`^${m.filters}`) });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toContainText('1');
  await expect(page.getByLabel(m.category)).toBeHidden();
  const firstCard = page.locator('main ul li').first();
  const box = (await firstCard.boundingBox())!;
  expect(box.y).toBeLessThan(PHONE.height - 120);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel(m.category)).toBeVisible();
  await expect(page.getByLabel(m.category)).toHaveValue('concert');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/en/events');
  await expect(page.getByRole('button', { name: new RegExp(`^${m.filters}`) })).toBeHidden();
  await expect(page.getByLabel(m.category)).toBeVisible();
});

test('sign-out on the profile is a secondary action', async ({ page, signIn }) => {
  await signIn(demo.fanEn);
  await page.goto('/en/profile');
  const signOut = page.getByRole('button', { name: messages.en.profile.signOut });
  await expect(signOut).toBeVisible();
  const look = await signOut.evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, color: style.color, border: style.borderTopWidth };
  });
  expect(look.background).toBe('rgb(255, 255, 255)');
  expect(look.border).toBe('1px');
  expect(look.color).not.toBe('rgb(255, 255, 255)');
});

test('a report table sits in a focusable, named scroll region that says whether it overflows', async ({ page, signIn }) => {
  await page.setViewportSize(PHONE);
  await signIn(demo.dunajOwner);
  await page.goto('/en/organiser/reports');
  const region = page.getByRole('region', { name: messages.en.report.overview.eventsLabel });
  await expect(region).toHaveAttribute('tabindex', '0');
  // The events table wraps its titles and fits a phone: no fade on either edge.
  await expect(region).toHaveAttribute('data-overflow', 'false');
  await expect(region.locator('xpath=..').locator('[data-edge="end"]')).toHaveClass(/opacity-0/);
});

test.describe('checkout on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('a long email address fits the screen at checkout, and the terms box takes a tap', async ({ page, signUpFresh }) => {
    // A real address can be long: 64 characters before the @ are allowed. Unbroken, it once pushed the
    // checkout sideways off a phone's screen, and the terms box out of reach of a tap.
    const email = await signUpFresh({ email: uniqueEmail('jana.novakova.z.bratislavy.fanusicka.fk.dunaj').replace('@example.com', '@priklad.example.com') });
    await page.goto('/sk');
    const detail = await (await page.request.get(`/api/v1/events/${CONCERT}`)).json();
    const standing = detail.ticketTypes.find((type: { kind: string }) => type.kind === 'standing');
    const held = await page.request.post(`/api/v1/events/${CONCERT}/cart/items`, { data: { ticketTypeId: standing.id, quantity: 1 }, headers: await xsrfHeaders(page) });
    expect(held.status(), await held.text()).toBe(200);

    await page.goto(`/sk/podujatia/${CONCERT}/pokladna`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.sk.checkout.title);
    await expect(page.getByText(email)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const terms = page.getByRole('checkbox', { name: messages.sk.checkout.acceptTerms.replace(/<link>|<\/link>/g, '') });
    await terms.tap();
    await expect(terms).toBeChecked();

    // The other pages that show the address fit too.
    for (const path of ['/sk/profil', '/sk/vstupenky', '/sk/objednavky']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
    }
  });
});
